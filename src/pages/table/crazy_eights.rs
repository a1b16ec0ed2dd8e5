//! The Crazy Eights table (CE-1 … CE-12, with Countdown): the stock and the discard pile,
//! the suit to follow and the direction, a pending penalty, the suit picker of a wild card,
//! the "last card" declaration (D-6), drawing and passing, each player's wild rank, the
//! totals, and the hand result with everyone's cards (D-8).

use super::shedding::{picker, suit_buttons, use_shedding, Parts, SheddingPage};
use super::shell::use_step_state;
use super::TableProps;
use crate::card_order::{HandCard, HAND_SUIT_ORDER};
use crate::components::shedding_result::{result_panel, HandOutcome};
use crate::i18n::{fill, rank_name, Lang};
use engine::games::crazy_eights::choice::{
    click, may_declare, playable_cards, plays_of, run_of, Click,
};
use engine::games::crazy_eights::{
    CrazyEights, CrazyEightsAction, CrazyEightsAfter, CrazyEightsEvent, CrazyEightsPhase,
    CrazyEightsPlay, CrazyEightsSettings, CrazyEightsView,
};
use engine::games::shedding::CardRun;
use engine::{Seat, SeatSet, Suit};
use yew::prelude::*;

/// What followed an event, if it says.
fn after_of(e: &CrazyEightsEvent) -> Option<CrazyEightsAfter> {
    match e {
        CrazyEightsEvent::Played { then, .. }
        | CrazyEightsEvent::Drew { then, .. }
        | CrazyEightsEvent::Passed { then, .. } => Some(*then),
        CrazyEightsEvent::SuitNamed { .. } => None,
    }
}

/// The Crazy Eights table screen.
#[function_component(CrazyEightsTable)]
pub fn crazy_eights_table(props: &TableProps<CrazyEightsSettings>) -> Html {
    let (screen, turn) = use_shedding::<CrazyEights>(props);
    let (lang, seen, view, bottom) = (screen.lang, &screen.seen, &screen.view, screen.bottom);
    let (s, t, phase, my_turn) = (lang.s(), lang.shedding(), view.phase, screen.my_turn);
    let (act, legal, declare) = (&screen.act, &turn.legal, &turn.declare);
    // The wild card (or the set ending with one) waiting for its suit, and the cards chosen
    // to be played together (CE-11).
    let picking = use_step_state(&screen, || None::<CardRun>);
    let chosen = use_step_state(&screen, Vec::<HandCard>::new);

    let playing = my_turn && phase == CrazyEightsPhase::Playing;
    // Plays a run: asks for the suit first when its last card names one.
    let play_run = {
        let legal = legal.clone();
        let act = act.clone();
        let picking = picking.clone();
        let chosen = chosen.clone();
        let last = **declare;
        Callback::from(move |run: CardRun| {
            let plays = plays_of(&legal, run, last);
            chosen.set(Vec::new());
            match plays.first() {
                // Not legal: the engine says why.
                None => act.emit(CrazyEightsAction::Play(CrazyEightsPlay {
                    cards: run,
                    suit: None,
                    last,
                })),
                Some(p) if p.suit.is_some() => picking.set(Some(run)),
                Some(p) => act.emit(CrazyEightsAction::Play(*p)),
            }
        })
    };
    let on_card = {
        let legal = legal.clone();
        let chosen = chosen.clone();
        let play_run = play_run.clone();
        Callback::from(move |hc: HandCard| match click(&legal, &chosen, hc) {
            Click::Play(c) => play_run.emit(CardRun::one(c)),
            Click::Chosen(v) => chosen.set(v),
        })
    };
    let chosen_run = if playing { run_of(&chosen) } else { None };
    let chosen_ok = chosen_run.is_some_and(|r| !plays_of(legal, r, **declare).is_empty());

    // --- the middle: the piles, or the suit picker
    let can_draw = legal.contains(&CrazyEightsAction::Draw);
    let can_pass = legal.contains(&CrazyEightsAction::Pass);
    let suit = |x: Suit, a: CrazyEightsAction| (x, act.reform(move |_: MouseEvent| a));
    let panel = match (*picking, phase) {
        (_, CrazyEightsPhase::DealerNamesSuit) if my_turn => {
            let suits = HAND_SUIT_ORDER
                .iter()
                .map(|&x| suit(x, CrazyEightsAction::Suit(x)));
            Some(picker(
                lang,
                "suit-picker",
                t.choose_suit,
                &[],
                suit_buttons(lang, suits),
                None,
            ))
        }
        (Some(run), _) if playing => {
            let plays = plays_of(legal, run, **declare);
            let suits = HAND_SUIT_ORDER.iter().filter_map(|&x| {
                let p = plays.iter().copied().find(|p| p.suit == Some(x))?;
                Some(suit(x, CrazyEightsAction::Play(p)))
            });
            let cancel = {
                let picking = picking.clone();
                Callback::from(move |_: MouseEvent| picking.set(None))
            };
            let (shown, suits) = (run.as_slice(), suit_buttons(lang, suits));
            Some(picker(
                lang,
                "suit-picker",
                t.choose_suit,
                shown,
                suits,
                Some(cancel),
            ))
        }
        _ => None,
    };

    // --- whose turn
    let status = match (phase, view.to_act.first()) {
        (CrazyEightsPhase::DealerNamesSuit, Some(x)) => {
            seen.turn_text(x, t.choose_suit, s.turn_play)
        }
        (CrazyEightsPhase::Playing, Some(x)) if x == bottom && view.drawn.is_some() && my_turn => {
            if can_pass {
                t.drawn_may_play
            } else {
                t.drawn_must_play
            }
            .to_string()
        }
        (CrazyEightsPhase::Playing, Some(_)) if chosen_run.is_some() => {
            if chosen_ok {
                t.together_help.to_string()
            } else {
                t.together_needs_fit.to_string()
            }
        }
        (CrazyEightsPhase::Playing, Some(x)) => seen.turn_text(x, s.your_turn_play, s.turn_play),
        (CrazyEightsPhase::MatchOver, _) => s.match_over.to_string(),
        _ => s.hand_over.to_string(),
    };

    // --- the bar: the cards chosen to be played together (CE-11)
    let bar_extra = html! {
        if let Some(run) = chosen_run {
            <button type="button" class="btn btn-small play-chosen" data-testid="play-chosen"
                data-count={run.len().to_string()} data-top={run.last().to_string()}
                disabled={!chosen_ok} onclick={play_run.reform(move |_: MouseEvent| run)}>
                { if run.len() == 1 { t.play_one.to_string() } else { fill(t.play_n, &[("n", &lang.num(run.len()))]) } }
            </button>
            <button type="button" class="btn btn-small btn-secondary" data-testid="play-cancel"
                onclick={{
                    let chosen = chosen.clone();
                    Callback::from(move |_: MouseEvent| chosen.set(Vec::new()))
                }}>
                { t.cancel }
            </button>
        }
    };

    let result = screen.result(view.result.as_ref(), |r, w| {
        result_panel(
            lang,
            seen,
            HandOutcome {
                over: phase == CrazyEightsPhase::MatchOver,
                winner: r.winner,
                blocked: r.blocked,
                hands: &r.hands,
                points: &r.points,
                totals: &r.totals,
                eliminated: SeatSet::default(),
                points_heading: t.points,
                match_winners: view.winner.as_slice(),
                notes: Html::default(),
                row_notes: Vec::new(),
                watch: false,
            },
            w.on_next,
            w.on_new,
        )
    });

    turn.table(
        &screen,
        Parts {
            panel,
            status,
            bar_extra,
            declarable: playing && view.settings.last_card && may_declare(legal),
            draw: can_draw.then(|| act.reform(|_: MouseEvent| CrazyEightsAction::Draw)),
            pass: can_pass.then(|| act.reform(|_: MouseEvent| CrazyEightsAction::Pass)),
            keeps: view.drawn.is_some(),
            playable: playable_cards(legal),
            on_card,
            selected: (playing && !chosen.is_empty()).then(|| (*chosen).clone()),
            playing,
            result,
        },
    )
}

impl SheddingPage for CrazyEights {
    fn phase_name(view: &CrazyEightsView) -> &'static str {
        match view.phase {
            CrazyEightsPhase::DealerNamesSuit => "naming_suit",
            CrazyEightsPhase::Playing => "playing",
            CrazyEightsPhase::HandOver => "hand_over",
            CrazyEightsPhase::MatchOver => "match_over",
        }
    }

    /// The wild rank (CE-11), or in Countdown that everyone has their own (CE-12).
    fn under_piles(lang: Lang, view: &CrazyEightsView, bottom: Seat) -> Html {
        let t = lang.shedding();
        let note = match view.wild_ranks.get(bottom.idx()) {
            _ if view.settings.countdown => t.wild_each.to_string(),
            Some(&w) => fill(t.wild_is, &[("rank", &rank_name(lang, w))]),
            None => String::new(),
        };
        html! { <p class="wild-note" data-testid="wild-note">{ note }</p> }
    }

    fn penalty_of(e: &CrazyEightsEvent) -> Option<(Seat, u8)> {
        after_of(e).and_then(|a| a.last_card_penalty)
    }

    /// Everyone's wild rank on their plate only in Countdown (CE-12), where they differ;
    /// otherwise the middle names the one wild rank.
    fn marks(lang: Lang, view: &CrazyEightsView, seat: Seat) -> Html {
        let w = view
            .wild_ranks
            .get(seat.idx())
            .filter(|_| view.settings.countdown);
        w.map(|&w| {
            html! {
                <span class="seat-points wild-rank" data-testid={format!("wild-rank-{}", seat.0)}
                    data-value={w.symbol()} title={lang.shedding().wild_rank}>
                    { "★" }{ rank_name(lang, w) }
                </span>
            }
        })
        .unwrap_or_default()
    }

    /// Every player's total (Countdown: the score), the target.
    fn top_bar(lang: Lang, view: &CrazyEightsView) -> (&'static str, Html) {
        let t = lang.shedding();
        let target = view.settings.target;
        let info = html! {
            if !view.settings.countdown {
                <div class="table-info">
                    <span class="target" data-testid="target" data-value={target.to_string()}>
                        { fill(t.game_to, &[("n", &lang.num(target))]) }
                    </span>
                </div>
            }
        };
        let heading = if view.settings.countdown {
            t.countdown
        } else {
            t.total
        };
        (heading, info)
    }
}

impl super::TablePage for CrazyEights {
    type Screen = CrazyEightsTable;
}
