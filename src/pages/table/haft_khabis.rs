//! The Haft Khabis (Haft Kasif) table (HX-1 … HX-16): the same shedding table as Crazy
//! Eights (stock, discard pile, suit, direction, pending sevens), with the choices a card
//! brings — the suit after a jack, the player named with a 2 and the card given to them —
//! asked one after the other, the 8's extra play, the ace's answer, the "last card"
//! declaration (D-6), and the end-of-game modes of HX-13 in the result.

use super::crazy_eights::suit_button;
use super::{frame, new_match_callback, use_table, Frame, Seen};
use crate::app::use_lang;
use crate::components::card::{suit_shape, CardSvg, MiniCard};
use crate::components::hand::{BagHand, HandCard, HiddenHand, HAND_SUIT_ORDER};
use crate::components::result::result_actions;
use crate::components::seat::{Pos, SeatView};
use crate::config::TableConfig;
use crate::i18n::{card_label, fill, suit_name, Lang};
use crate::state::TableAction;
use engine::games::haft_khabis::{
    EndMode, HaftKhabis, HaftKhabisAction, HaftKhabisPhase, HaftKhabisResult, HaftKhabisSettings,
    HaftKhabisView, HxPlay, TurnMode,
};
use engine::games::shedding::Direction;
use engine::{Card, CardSet, Game, Seat, Suit};
use yew::prelude::*;

/// A choice in progress: the card played (none when the dealer names a player, HX-16), and
/// what was chosen so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Partial {
    pub card: Option<Card>,
    pub suit: Option<Suit>,
    pub target: Option<Seat>,
}

/// The next step of a choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Nothing fits (the engine will say why).
    Nothing,
    /// One action is left: do it.
    Act(HaftKhabisAction),
    Suit(Vec<Suit>),
    Target(Vec<Seat>),
    Give(Vec<Card>),
}

fn dedup<T: PartialEq>(v: impl Iterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for x in v {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// The plays (or namings) `p` can still become among the legal actions, preferring the
/// declaration `last`, and the next question to ask.
pub fn step(legal: &[HaftKhabisAction], p: Partial, last: bool) -> Step {
    let cands: Vec<HxPlay> = legal
        .iter()
        .filter_map(|a| match *a {
            HaftKhabisAction::Play(x) if Some(x.card) == p.card => Some(x),
            HaftKhabisAction::Name { target, give } if p.card.is_none() => Some(HxPlay {
                target: Some(target),
                give,
                ..HxPlay::card(Card::RED_JOKER)
            }),
            _ => None,
        })
        .filter(|x| p.suit.is_none() || x.suit == p.suit)
        .filter(|x| p.target.is_none() || x.target == p.target)
        .collect();
    let wanted: Vec<HxPlay> = cands.iter().copied().filter(|x| x.last == last).collect();
    let cands = if wanted.is_empty() { cands } else { wanted };
    let action = |x: HxPlay| match p.card {
        Some(_) => HaftKhabisAction::Play(x),
        None => HaftKhabisAction::Name {
            target: x.target.unwrap_or(Seat(0)),
            give: x.give,
        },
    };
    match cands.len() {
        0 => Step::Nothing,
        1 => Step::Act(action(cands[0])),
        _ => {
            let suits = dedup(cands.iter().filter_map(|x| x.suit));
            let targets = dedup(cands.iter().filter_map(|x| x.target));
            let gives = dedup(cands.iter().filter_map(|x| x.give));
            if suits.len() > 1 {
                Step::Suit(suits)
            } else if targets.len() > 1 {
                Step::Target(targets)
            } else if gives.len() > 1 {
                Step::Give(gives)
            } else {
                Step::Act(action(cands[0]))
            }
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct HaftKhabisTableProps {
    pub config: TableConfig<HaftKhabisSettings>,
}

/// The Haft Khabis table screen.
#[function_component(HaftKhabisTable)]
pub fn haft_khabis_table(props: &HaftKhabisTableProps) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let t = lang.shedding();
    let state = use_table::<HaftKhabis>(props.config.clone());
    let dispatcher = state.dispatcher();
    let st = &*state;
    let config = &st.config;
    let seen = Seen::of(st, lang);
    let bottom = seen.bottom;
    let view = st.game.view(bottom);
    let n = seen.n;
    let phase = view.phase;
    let my_turn = seen.my_turn;

    let partial = use_state(|| None::<Partial>);
    let declare = use_state(|| false);
    {
        let partial = partial.clone();
        let declare = declare.clone();
        use_effect_with((st.log.len(), bottom), move |_| {
            partial.set(None);
            declare.set(false);
        });
    }
    let mut legal = Vec::new();
    if my_turn {
        st.game.legal_actions(bottom, &mut legal);
    }
    let act = {
        let d = dispatcher.clone();
        Callback::from(move |action: HaftKhabisAction| {
            d.dispatch(TableAction::Act {
                seat: bottom,
                action,
                by_bot: false,
            })
        })
    };
    let playing = my_turn && phase == HaftKhabisPhase::Playing;
    let last = *declare;
    // Moves a choice on: acts when one action is left, else keeps the choice open.
    let advance = {
        let legal = legal.clone();
        let act = act.clone();
        let partial = partial.clone();
        Callback::from(move |p: Partial| match step(&legal, p, last) {
            Step::Act(a) => {
                partial.set(None);
                act.emit(a)
            }
            Step::Nothing => {
                partial.set(None);
                if let Some(c) = p.card {
                    act.emit(HaftKhabisAction::Play(HxPlay {
                        last,
                        ..HxPlay::card(c)
                    }))
                }
            }
            _ => partial.set(Some(p)),
        })
    };
    let on_card = advance.reform(|(c, _): HandCard| Partial {
        card: Some(c),
        ..Partial::default()
    });

    // The open choice: the one in progress, or the dealer's naming (HX-16).
    let open = match (*partial, phase) {
        (_, HaftKhabisPhase::DealerNames) if my_turn => Some(partial.unwrap_or_default()),
        (Some(p), _) if playing => Some(p),
        _ => None,
    };
    let picker = open.map(|p| {
        let cancel = (p.card.is_some()).then(|| {
            let partial = partial.clone();
            html! {
                <button type="button" class="btn btn-small btn-secondary" data-testid="suit-cancel"
                    onclick={Callback::from(move |_: MouseEvent| partial.set(None))}>{ t.cancel }</button>
            }
        });
        let card = p.card.map(|c| html! { <p class="help"><MiniCard card={c} /></p> });
        match step(&legal, p, last) {
            Step::Suit(suits) => html! {
                <section class="panel trump-picker suit-picker" data-testid="suit-picker">
                    <h2>{ t.choose_suit }</h2>
                    { for card }
                    <div class="trump-suits">
                        { for HAND_SUIT_ORDER.iter().filter(|x| suits.contains(x)).map(|&x| {
                            suit_button(lang, x, advance.reform(move |_: MouseEvent| Partial { suit: Some(x), ..p }))
                        }) }
                    </div>
                    { for cancel }
                </section>
            },
            Step::Target(targets) => html! {
                <section class="panel trump-picker target-picker" data-testid="target-picker">
                    <h2>{ t.choose_target }</h2>
                    { for card }
                    <div class="target-buttons">
                        { for targets.iter().map(|&x| html! {
                            <button type="button" class="btn" data-testid={format!("target-{}", x.0)}
                                onclick={advance.reform(move |_: MouseEvent| Partial { target: Some(x), ..p })}>
                                { seen.name(x) }{ " (" }{ lang.num(view.hand_counts.get(x.idx()).copied().unwrap_or(0)) }{ ")" }
                            </button>
                        }) }
                    </div>
                    { for cancel }
                </section>
            },
            Step::Give(gives) => html! {
                <section class="panel trump-picker give-picker" data-testid="give-picker">
                    <h2>{ t.choose_give }</h2>
                    <div class="give-cards">
                        { for gives.iter().map(|&g| {
                            let legal = legal.clone();
                            let act = act.clone();
                            let partial = partial.clone();
                            let onclick = Callback::from(move |_: MouseEvent| {
                                let found = legal.iter().copied().find(|a| match *a {
                                    HaftKhabisAction::Play(x) => Some(x.card) == p.card && x.give == Some(g)
                                        && (p.suit.is_none() || x.suit == p.suit) && x.target == p.target && x.last == last,
                                    HaftKhabisAction::Name { target, give } => p.card.is_none()
                                        && Some(target) == p.target && give == Some(g),
                                    _ => false,
                                }).or_else(|| legal.iter().copied().find(|a| matches!(*a,
                                    HaftKhabisAction::Play(x) if Some(x.card) == p.card && x.give == Some(g) && x.target == p.target)));
                                partial.set(None);
                                if let Some(a) = found {
                                    act.emit(a);
                                }
                            });
                            html! {
                                <button type="button" class="give-card" data-testid={format!("give-{g}")}
                                    aria-label={card_label(lang, g)} {onclick}>
                                    <MiniCard card={g} />
                                </button>
                            }
                        }) }
                    </div>
                    { for cancel }
                </section>
            },
            _ => Html::default(),
        }
    });
    let has_panel = picker.is_some();

    let can_draw = legal
        .iter()
        .any(|a| matches!(a, HaftKhabisAction::Draw { .. }));
    let draw_action = legal
        .iter()
        .copied()
        .find(|a| *a == HaftKhabisAction::Draw { last })
        .unwrap_or(HaftKhabisAction::Draw { last: false });
    let can_pass = legal.contains(&HaftKhabisAction::Pass);
    let draw_click = act.reform(move |_: MouseEvent| draw_action);
    let suit_now = view.named_suit.or(view.top.map(|c| c.suit()));
    let (dir_arrow, dir_text, dir_name) = match view.direction {
        Direction::Clockwise => ("↻", t.clockwise, "clockwise"),
        Direction::Counterclockwise => ("↺", t.counterclockwise, "counterclockwise"),
    };
    let center = if let Some(p) = picker {
        p
    } else {
        html! {
            <div class="shed-center">
                <div class="shed-piles">
                    <button type="button" class={classes!("stock", can_draw.then_some("can-draw"))}
                        data-testid="stock" data-count={view.stock.to_string()}
                        aria-label={format!("{} — {}", t.draw, fill(t.stock_n, &[("n", &lang.num(view.stock))]))}
                        disabled={!can_draw} onclick={draw_click.clone()}>
                        <CardSvg card={None::<Card>} />
                        <span class="pile-count">{ lang.num(view.stock) }</span>
                    </button>
                    <div class="discard-pile" data-testid="discard-top"
                        data-card={view.top.map(|c| c.to_string()).unwrap_or_default()}
                        role="img" aria-label={view.top.map(|c| format!("{}: {}", t.discard, card_label(lang, c))).unwrap_or_default()}>
                        if let Some(c) = view.top {
                            <CardSvg card={Some(c)} />
                        }
                    </div>
                </div>
                <div class="shed-info">
                    if let Some(x) = suit_now {
                        <span class={classes!("suit-badge", view.named_suit.is_some().then_some("named"))}
                            data-testid="current-suit" data-suit={x.letter().to_string()} title={t.current_suit}>
                            <svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                                { suit_shape(x, 50.0, 50.0, 80.0, false) }
                            </svg>
                            { t.current_suit }{ ": " }{ suit_name(lang, x) }
                        </span>
                    }
                    <span class="direction" data-testid="direction" data-value={dir_name}>
                        <span class="dir-arrow" aria-hidden="true">{ dir_arrow }</span>{ " " }{ dir_text }
                    </span>
                    if view.pending_draw > 0 {
                        <span class="pending" data-testid="pending" data-value={view.pending_draw.to_string()}>
                            { fill(t.pending_n, &[("n", &lang.num(view.pending_draw))]) }
                        </span>
                    }
                </div>
            </div>
        }
    };

    let turn = view.to_act.first();
    let status = match (phase, turn) {
        (HaftKhabisPhase::DealerNames, Some(x)) => seen.turn_text(x, t.choose_target, s.turn_play),
        (HaftKhabisPhase::Playing, Some(x)) if x == bottom && my_turn => match view.mode {
            TurnMode::Extra => t.extra_play.to_string(),
            TurnMode::AceAnswer => t.ace_answer.to_string(),
            TurnMode::Drawn => t.drawn_may_play.to_string(),
            TurnMode::Normal => s.your_turn_play.to_string(),
        },
        (HaftKhabisPhase::Playing, Some(x)) => seen.turn_text(x, s.your_turn_play, s.turn_play),
        (HaftKhabisPhase::MatchOver, _) => s.match_over.to_string(),
        _ => s.hand_over.to_string(),
    };

    let declarable = playing
        && legal.iter().any(|a| {
            matches!(a, HaftKhabisAction::Play(x) if x.last)
                || *a == HaftKhabisAction::Draw { last: true }
        });
    let bar_extra = html! {
        <>
            if declarable {
                <button type="button" class={classes!("btn", "btn-small", "last-card", last.then_some("on"))}
                    data-testid="last-card" aria-pressed={last.to_string()} title={t.last_card_help}
                    onclick={{
                        let declare = declare.clone();
                        Callback::from(move |_: MouseEvent| declare.set(!*declare))
                    }}>
                    { t.last_card }
                </button>
            }
            if can_draw {
                <button type="button" class="btn btn-small" data-testid="draw" onclick={draw_click}>
                    { t.draw }
                </button>
            }
            if can_pass {
                <button type="button" class="btn btn-small btn-secondary" data-testid="pass"
                    onclick={act.reform(|_: MouseEvent| HaftKhabisAction::Pass)}>
                    { t.pass }
                </button>
            }
        </>
    };

    let mut legal_cards = CardSet::EMPTY;
    for a in &legal {
        if let HaftKhabisAction::Play(x) = a {
            legal_cards.insert(x.card);
        }
    }
    let hand = if seen.cover.is_some() {
        html! { <HiddenHand count={view.hand_counts.get(bottom.idx()).copied().unwrap_or(0)} /> }
    } else {
        html! { <BagHand hand={view.hand} legal={legal_cards} my_turn={playing} on_play={on_card} /> }
    };

    let result = match (&view.result, phase) {
        (Some(r), HaftKhabisPhase::HandOver | HaftKhabisPhase::MatchOver) => {
            let d = dispatcher.clone();
            let on_next = Callback::from(move |_: MouseEvent| d.dispatch(TableAction::NextHand));
            let on_new = new_match_callback::<HaftKhabis>(config).reform(|_: MouseEvent| ());
            result_panel(lang, &seen, &view, r, on_next, on_new)
        }
        _ => Html::default(),
    };

    let seat_view = |seat: Seat| {
        let pos = seen.pos(seat);
        let i = seat.idx();
        html! {
            <SeatView {seat} {pos} name={seen.name(seat)}
                count={view.hand_counts.get(i).copied().unwrap_or(0)} is_hakem=false
                is_turn={view.to_act.contains(seat)} trump={None} backs={pos != Pos::Bottom}>
                if view.declared.contains(seat) {
                    <span class="declared" data-testid={format!("declared-{}", seat.0)}>{ t.last_card }</span>
                }
                if !view.active.contains(seat) {
                    <span class="declared" data-testid={format!("eliminated-{}", seat.0)}>{ t.eliminated }</span>
                }
            </SeatView>
        }
    };
    let seats: Html = (0..n)
        .map(Seat)
        .filter(|&x| x != bottom)
        .map(seat_view)
        .collect();
    let phase_name = match phase {
        HaftKhabisPhase::DealerNames => "naming_player",
        HaftKhabisPhase::Playing => "playing",
        HaftKhabisPhase::HandOver => "hand_over",
        HaftKhabisPhase::MatchOver => "match_over",
    };
    frame(
        &state,
        &seen,
        lang,
        Frame {
            phase: phase_name,
            turn,
            scoreboard: scoreboard(lang, &seen, &view),
            seats,
            center,
            has_panel,
            bottom_seat: seat_view(bottom),
            status,
            bar_extra,
            hand,
            result,
        },
    )
}

/// How the game ends, in words (HX-13).
fn end_text(lang: Lang, settings: &HaftKhabisSettings) -> String {
    let t = lang.shedding();
    match settings.end {
        EndMode::Cap | EndMode::CapEnds => fill(t.cap_n, &[("n", &lang.num(settings.cap))]),
        EndMode::Hands => fill(t.hands_n, &[("n", &lang.num(settings.hands))]),
        EndMode::Elimination => t.elimination.to_string(),
        EndMode::FinishingOrder => t.finishing_order.to_string(),
    }
}

fn scoreboard(lang: Lang, seen: &Seen, view: &HaftKhabisView) -> Html {
    let s = lang.s();
    let t = lang.shedding();
    let order: Vec<Seat> = (0..seen.n).map(|k| seen.bottom.after(k, seen.n)).collect();
    html! {
        <div class="scoreboard shed-scoreboard">
            <table class="score-table" data-testid="score">
                <thead>
                    <tr>
                        <th scope="col" class="hand-no">{ fill(s.hand_n, &[("n", &lang.num(view.hand_number))]) }</th>
                        <th scope="col">{ t.total }</th>
                    </tr>
                </thead>
                <tbody>
                    { for order.iter().map(|&seat| {
                        let total = view.totals.get(seat.idx()).copied().unwrap_or(0);
                        html! {
                            <tr class={classes!("team", (seat == seen.bottom).then_some("mine"))} data-seat={seat.0.to_string()}>
                                <th scope="row" class="team-name">{ seen.name(seat) }</th>
                                <td class="pts" data-testid={format!("total-{}", seat.0)}
                                    data-value={total.to_string()}>{ lang.num(total) }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            <div class="table-info">
                <span class="game-title" data-testid="game-name">{ s.game_haft_khabis }</span>
                <span class="target" data-testid="end-mode">{ end_text(lang, &view.settings) }</span>
            </div>
        </div>
    }
}

fn result_panel(
    lang: Lang,
    seen: &Seen,
    view: &HaftKhabisView,
    r: &HaftKhabisResult,
    on_next: Callback<MouseEvent>,
    on_new: Callback<MouseEvent>,
) -> Html {
    let s = lang.s();
    let t = lang.shedding();
    let over = view.phase == HaftKhabisPhase::MatchOver;
    let title = if over { s.match_over } else { s.hand_over };
    let finishing = view.settings.end == EndMode::FinishingOrder;
    html! {
        <div class="overlay result-overlay">
            <section class={classes!("panel", "result-panel", over.then_some("match-over"))}
                data-testid="hand-result" data-blocked={r.blocked.to_string()}
                data-winner={r.winner.map(|w| w.0.to_string()).unwrap_or_default()}
                role="dialog" aria-modal="false" aria-labelledby="result-title">
                <h2 id="result-title">{ title }</h2>
                if over {
                    <p class="match-winner" data-testid="match-result">
                        { fill(t.match_won_by, &[("name", &view.winners.iter().map(|&w| seen.name(w).to_string()).collect::<Vec<_>>().join("، "))]) }
                    </p>
                }
                if let Some(w) = r.winner {
                    <p class="points">{ fill(t.went_out, &[("name", &seen.name(w))]) }</p>
                }
                if r.blocked {
                    <p class="points">{ t.blocked }</p>
                }
                if r.multiplier > 1 {
                    <p class="points" data-testid="multiplier">{ "×" }{ lang.num(r.multiplier) }</p>
                }
                <p class="help">{ end_text(lang, &view.settings) }</p>
                <table class="result-table">
                    <thead>
                        <tr>
                            <th scope="col">{ t.player }</th>
                            <th scope="col">{ t.cards_left }</th>
                            <th scope="col">{ if finishing { t.place } else { t.points } }</th>
                            <th scope="col">{ t.total }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for (0..seen.n).map(|i| {
                            let seat = Seat(i);
                            let i = i as usize;
                            let cards: Vec<Card> = r.hands.get(i).map(|h| h.iter().collect()).unwrap_or_default();
                            let out = r.eliminated.contains(seat);
                            html! {
                                <tr class={classes!((r.winner == Some(seat)).then_some("won"), out.then_some("eliminated"))}
                                    data-testid={format!("result-row-{i}")} data-cards={cards.len().to_string()}
                                    data-points={r.points.get(i).copied().unwrap_or(0).to_string()}
                                    data-total={r.totals.get(i).copied().unwrap_or(0).to_string()}
                                    data-eliminated={out.to_string()}>
                                    <th scope="row">{ seen.name(seat) }
                                        if out { <span class="declared">{ " · " }{ t.eliminated }</span> }
                                    </th>
                                    <td class="result-cards">{ for cards.iter().map(|&c| html! { <MiniCard card={c} /> }) }</td>
                                    <td>{ lang.num(r.points.get(i).copied().unwrap_or(0)) }</td>
                                    <td>{ lang.num(r.totals.get(i).copied().unwrap_or(0)) }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
                { result_actions(lang, over, on_next, on_new) }
            </section>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn a_two_asks_for_the_player_then_the_card() {
        let two = c("2C");
        let mut legal = vec![];
        for t in [Seat(1), Seat(2)] {
            for g in [c("5H"), c("9S")] {
                legal.push(HaftKhabisAction::Play(HxPlay {
                    target: Some(t),
                    give: Some(g),
                    ..HxPlay::card(two)
                }));
            }
        }
        let p = Partial {
            card: Some(two),
            ..Partial::default()
        };
        assert_eq!(step(&legal, p, false), Step::Target(vec![Seat(1), Seat(2)]));
        let p2 = Partial {
            target: Some(Seat(2)),
            ..p
        };
        assert_eq!(step(&legal, p2, false), Step::Give(vec![c("5H"), c("9S")]));
        assert_eq!(
            step(
                &legal,
                Partial {
                    card: Some(c("3D")),
                    ..p
                },
                false
            ),
            Step::Nothing
        );
        // The dealer's naming (HX-16): no card.
        let names = vec![
            HaftKhabisAction::Name {
                target: Seat(1),
                give: None,
            },
            HaftKhabisAction::Name {
                target: Seat(3),
                give: None,
            },
        ];
        assert_eq!(
            step(&names, Partial::default(), false),
            Step::Target(vec![Seat(1), Seat(3)])
        );
        assert_eq!(
            step(
                &names,
                Partial {
                    target: Some(Seat(3)),
                    ..Partial::default()
                },
                false
            ),
            Step::Act(HaftKhabisAction::Name {
                target: Seat(3),
                give: None
            })
        );
    }
}
