//! The Haft Khabis (Haft Kasif) table (HX-1 … HX-16): the same shedding table as Crazy
//! Eights (stock, discard pile, suit, direction, pending sevens), with the choices a card
//! brings — the suit after a jack, the player named with a 2 and the card given to them —
//! asked one after the other, the 8's extra play, the ace's answer, the "last card"
//! declaration (D-6), and the end-of-game modes of HX-13 in the result.

use super::shedding::{picker, suit_buttons, use_shedding, Parts, SheddingPage};
use super::shell::use_step_state;
use super::TableProps;
use crate::card_order::{sort_hand, HandCard, HAND_SUIT_ORDER};
use crate::components::card::mini_card;
use crate::components::shedding_result::{result_panel, HandOutcome};
use crate::i18n::{card_label, fill, Lang};
use engine::games::haft_khabis::choice::{self, Next, Partial};
use engine::games::haft_khabis::{
    jack_factor, EndMode, HaftKhabis, HaftKhabisAction, HaftKhabisAfter, HaftKhabisEvent,
    HaftKhabisPhase, HaftKhabisPlay, HaftKhabisSettings, HaftKhabisView, TurnMode,
};
use engine::Seat;
use yew::prelude::*;

/// The Haft Khabis table screen.
#[function_component(HaftKhabisTable)]
pub fn haft_khabis_table(props: &TableProps<HaftKhabisSettings>) -> Html {
    let (screen, turn) = use_shedding::<HaftKhabis>(props);
    let (lang, seen, view, bottom) = (screen.lang, &screen.seen, &screen.view, screen.bottom);
    let (act, legal, declare) = (&screen.act, &turn.legal, &turn.declare);
    let (my_turn, phase, s, t) = (screen.my_turn, view.phase, lang.s(), lang.shedding());
    // A choice of several parts made so far (a suit, a player, a card to give).
    let partial = use_step_state(&screen, || None::<Partial>);
    let playing = my_turn && phase == HaftKhabisPhase::Playing;
    let last = **declare;
    // Moves a choice on: acts when one action is left, else keeps the choice open.
    let advance = {
        let legal = legal.clone();
        let act = act.clone();
        let partial = partial.clone();
        Callback::from(move |p: Partial| match choice::next(&legal, p, last) {
            Next::Act(a) => {
                partial.set(None);
                act.emit(a)
            }
            Next::Nothing => {
                partial.set(None);
                if let Some(c) = p.card {
                    act.emit(HaftKhabisAction::Play(HaftKhabisPlay {
                        last,
                        ..HaftKhabisPlay::card(c)
                    }))
                }
            }
            _ => partial.set(Some(p)),
        })
    };
    // The open choice: the one in progress, or the dealer's naming (HX-16).
    let open = match (*partial, phase) {
        (_, HaftKhabisPhase::DealerNames) if my_turn => Some(partial.unwrap_or_default()),
        (Some(p), _) if playing => Some(p),
        _ => None,
    };
    let choice = open.and_then(|p| {
        let cancel = p.card.is_some().then(|| {
            let partial = partial.clone();
            Callback::from(move |_: MouseEvent| partial.set(None))
        });
        let shown = p.card.as_slice();
        let (kind, title, shown, body) = match choice::next(legal, p, last) {
            Next::Suit(suits) => {
                let suits = HAND_SUIT_ORDER.iter().filter(|x| suits.contains(x)).map(|&x| {
                    (x, advance.reform(move |_: MouseEvent| Partial { suit: Some(x), ..p }))
                });
                ("suit-picker", t.choose_suit, shown, suit_buttons(lang, suits))
            }
            Next::Target(targets) => ("target-picker", t.choose_target, shown, html! {
                <div class="target-buttons">
                    { for targets.iter().map(|&x| html! {
                        <button type="button" class="btn" data-testid={format!("target-{}", x.0)}
                            onclick={advance.reform(move |_: MouseEvent| Partial { target: Some(x), ..p })}>
                            { seen.name(x) }{ " (" }{ lang.num(view.hand_counts.get(x.idx()).copied().unwrap_or(0)) }{ ")" }
                        </button>
                    }) }
                </div>
            }),
            Next::Give(gives) => ("give-picker", t.choose_give, &[][..], html! {
                // In the hand's order, left to right as the hand is drawn.
                <div class="give-cards" dir="ltr">
                    { for sort_hand(gives.iter().copied().collect()).into_iter().map(|g| {
                        let onclick = advance.reform(move |_: MouseEvent| Partial { give: Some(g), ..p });
                        html! {
                            <button type="button" class="give-card" data-testid={format!("give-{g}")}
                                aria-label={card_label(lang, g)} {onclick}>
                                { mini_card(lang, g, false) }
                            </button>
                        }
                    }) }
                </div>
            }),
            _ => return None,
        };
        Some((title, picker(lang, kind, title, shown, body, cancel)))
    });
    // What the open choice asks, also the status line's words meanwhile.
    let (choosing, panel) = choice.unzip();

    let can_pass = legal.contains(&HaftKhabisAction::Pass);

    let status = match (phase, view.to_act.first()) {
        _ if choosing.is_some() => choosing.unwrap_or_default().to_string(),
        (HaftKhabisPhase::DealerNames, Some(x)) => seen.turn_text(x, t.choose_target, s.turn_play),
        (HaftKhabisPhase::Playing, Some(x)) if x == bottom && my_turn => match view.mode {
            TurnMode::Extra => t.extra_play.to_string(),
            TurnMode::AceAnswer => t.ace_answer.to_string(),
            TurnMode::Drawn if can_pass => t.drawn_may_play.to_string(),
            TurnMode::Drawn => t.drawn_must_play.to_string(),
            TurnMode::Normal => s.your_turn_play.to_string(),
        },
        (HaftKhabisPhase::Playing, _) if !view.active.contains(bottom) => t.watching.to_string(),
        (HaftKhabisPhase::Playing, Some(x)) => seen.turn_text(x, s.your_turn_play, s.turn_play),
        (HaftKhabisPhase::MatchOver, _) => s.match_over.to_string(),
        _ => s.hand_over.to_string(),
    };

    let result = screen.result(view.result.as_ref(), |r, w| {
            let finishing = view.settings.end == EndMode::FinishingOrder;
            let over = phase == HaftKhabisPhase::MatchOver;
            // HX-13: the player is out (this hand or before) while the others play on.
            let out = !over && !view.active.contains(bottom);
            let out_why = match view.settings.end {
                _ if !r.eliminated.contains(bottom) => None,
                EndMode::Elimination => Some(t.you_out_highest.to_string()),
                _ => Some(fill(
                    t.you_out_cap,
                    &[
                        (
                            "n",
                            &lang.num(r.totals.get(bottom.idx()).copied().unwrap_or(0)),
                        ),
                        ("cap", &lang.num(view.settings.cap)),
                    ],
                )),
            };
            let notes = html! {
                <>
                    if out {
                        <p class="you-out" data-testid="you-out" role="status">
                            if let Some(why) = out_why { { why }{ " " } }
                            { t.you_out_watch }
                        </p>
                    }
                    if r.multiplier > 1 {
                        <p class="points" data-testid="multiplier" data-value={r.multiplier.to_string()}>
                            { fill(t.jacks_multiply, &[("m", &lang.num(r.multiplier))]) }
                        </p>
                    }
                    <p class="help" data-testid="result-end-mode">{ end_text(lang, &view.settings) }</p>
                </>
            };
            // HX-12: each jack left in a hand doubles it; say so under those points.
            let row_notes = if finishing {
                Vec::new()
            } else {
                r.hands
                    .iter()
                    .map(|&h| {
                        let m = jack_factor(h);
                        (m > 1).then(|| fill(t.jacks_double, &[("m", &lang.num(m))]))
                    })
                    .collect()
            };
            result_panel(
                lang,
                seen,
                HandOutcome {
                    over,
                    winner: r.winner,
                    blocked: r.blocked,
                    hands: &r.hands,
                    points: &r.points,
                    totals: &r.totals,
                    eliminated: r.eliminated,
                    points_heading: if finishing { t.place } else { t.points },
                    match_winners: &view.winners,
                    notes,
                    row_notes,
                    watch: out,
                },
                w.on_next,
                w.on_new,
            )
        });

    let on_card = advance.reform(|(c, _): HandCard| Partial {
        card: Some(c),
        ..Partial::default()
    });
    turn.table(
        &screen,
        Parts {
            panel,
            status,
            declarable: playing && choice::may_declare(legal),
            draw: choice::draw(legal, last).map(|a| act.reform(move |_: MouseEvent| a)),
            pass: can_pass.then(|| act.reform(|_: MouseEvent| HaftKhabisAction::Pass)),
            keeps: view.mode == TurnMode::Drawn,
            playable: choice::playable_cards(legal),
            on_card,
            playing,
            result,
            ..Parts::default()
        },
    )
}

/// How the game ends, in words (HX-13).
fn end_text(lang: Lang, settings: &HaftKhabisSettings) -> String {
    let t = lang.shedding();
    match settings.end {
        EndMode::Cap | EndMode::CapEnds => fill(t.cap_n, &[("n", &lang.num(settings.cap))]),
        EndMode::Hands => {
            let words = if settings.hands == 1 {
                t.hands_one
            } else {
                t.hands_n
            };
            fill(words, &[("n", &lang.num(settings.hands))])
        }
        EndMode::Elimination => t.elimination.to_string(),
        EndMode::FinishingOrder => t.finishing_order.to_string(),
    }
}

impl SheddingPage for HaftKhabis {
    fn phase_name(view: &HaftKhabisView) -> &'static str {
        match view.phase {
            HaftKhabisPhase::DealerNames => "naming_player",
            HaftKhabisPhase::Playing => "playing",
            HaftKhabisPhase::HandOver => "hand_over",
            HaftKhabisPhase::MatchOver => "match_over",
        }
    }

    /// D-6, HX-9.
    fn penalty_of(e: &HaftKhabisEvent) -> Option<(Seat, u8)> {
        after_of(e).last_card_penalty
    }

    /// Out of the match (HX-13).
    fn marks(lang: Lang, view: &HaftKhabisView, seat: Seat) -> Html {
        html! {
            if !view.active.contains(seat) {
                <span class="declared" data-testid={format!("eliminated-{}", seat.0)}>
                    { lang.shedding().eliminated }
                </span>
            }
        }
    }

    fn top_bar(lang: Lang, view: &HaftKhabisView) -> (&'static str, Html) {
        let info = html! {
            <div class="table-info">
                <span class="game-title" data-testid="game-name">{ lang.site().game_haft_khabis }</span>
                <span class="target" data-testid="end-mode">{ end_text(lang, &view.settings) }</span>
            </div>
        };
        (lang.shedding().total, info)
    }
}

/// What followed an event.
fn after_of(e: &HaftKhabisEvent) -> HaftKhabisAfter {
    match e {
        HaftKhabisEvent::Played { then, .. }
        | HaftKhabisEvent::Drew { then, .. }
        | HaftKhabisEvent::Passed { then, .. }
        | HaftKhabisEvent::Named { then, .. } => *then,
    }
}

impl super::TablePage for HaftKhabis {
    type Screen = HaftKhabisTable;
}
