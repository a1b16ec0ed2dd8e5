//! The Bidel table: the trump choice of trump mode (BD-10), passing three cards with the
//! hand's direction (BD-2), play with hearts broken shown (BD-3 … BD-6), points taken so
//! far by each player, and the hand result with moon shots (BD-7 … BD-9).

use super::shell::{use_card_choice, use_screen};
use super::{last_trick_button, trick_center, Frame, TableProps};
use crate::adapters::hokm::shown_trick;
use crate::card_order::HAND_SUIT_ORDER;
use crate::components::actions::result_actions;
use crate::components::analysis::{self, AnalysisProps};
use crate::components::card::{suit_button, suit_shape, MiniCard};
use crate::components::hand::{Hand, HiddenHand};
use crate::components::scoreboard::{player_scores, PlayerColumn};
use crate::components::seat::{Crown, SeatView, TrumpBadge};
use crate::i18n::{about, fill, Lang};
use crate::seen::{Pos, Seen};
use engine::games::bidel::{
    Bidel, BidelAction, BidelPhase, BidelSettings, BidelTrump, BidelView, HandResult, PassDirection,
};
use engine::games::hokm::Trump;
use engine::{Card, CardSet, Seat, Suit};
use yew::prelude::*;

/// How many cards each player passes (BD-2).
const PASS_COUNT: u32 = 3;

/// The trump badge's form of a Bidel trump (no trump shows as a mode).
fn badge_trump(t: Option<BidelTrump>) -> Option<Trump> {
    match t? {
        BidelTrump::Suit(s) => Some(Trump::Suit(s)),
        BidelTrump::NoTrump => None,
    }
}

/// Toggles `card` in a choice of at most [`PASS_COUNT`] cards.
#[cfg(test)]
fn toggle(chosen: CardSet, card: Card) -> CardSet {
    super::shell::toggle(chosen, card, PASS_COUNT)
}

/// The Bidel table screen.
#[function_component(BidelTable)]
pub fn bidel_table(props: &TableProps<BidelSettings>) -> Html {
    let screen = use_screen::<Bidel>(props);
    let (lang, seen, view, bottom) = (screen.lang, &screen.seen, &screen.view, screen.bottom);
    let (n, my_turn, act) = (screen.n, screen.my_turn, &screen.act);
    let s = lang.s();
    let b = lang.bidel();
    let st = screen.st();
    let config = screen.config();
    let phase = view.phase;

    // The cards chosen to pass, until confirmed; cleared when the hand or the person changes.
    let choice = use_card_choice((view.hand_number, bottom, phase));
    let passing = my_turn && phase == BidelPhase::Passing;
    let chosen_now = choice.chosen(view.hand, passing);

    // --- the middle of the table
    let center = match phase {
        BidelPhase::ChoosingTrump => {
            let hakem = view.hakem.unwrap_or(bottom);
            if my_turn {
                trump_picker(lang, act.clone())
            } else {
                html! {
                    <div class="waiting-trump">
                        <Crown />
                        <p>{ fill(b.turn_trump, &[("name", &seen.name(hakem))]) }</p>
                    </div>
                }
            }
        }
        BidelPhase::Passing if passing => {
            let to = view.pass_direction.receiver(bottom, n);
            let title = match view.pass_direction {
                PassDirection::Right => b.pass_right,
                PassDirection::Left => b.pass_left,
                PassDirection::Across => b.pass_across,
                PassDirection::None => b.pass_none,
            };
            let count = chosen_now.len();
            let onclick =
                choice.confirm(screen.act_all(), chosen_now, PASS_COUNT, BidelAction::Pass);
            html! {
                <section class="panel pass-panel" data-testid="pass-panel"
                    data-direction={direction_name(view.pass_direction)}>
                    <h2>
                        <span class={classes!("pass-arrow", direction_name(view.pass_direction))} aria-hidden="true">
                            { direction_arrow(view.pass_direction) }
                        </span>
                        { fill(title, &[("name", &seen.name(to))]) }
                    </h2>
                    <p class="help">{ b.choose_three }{ " " }
                        <span data-testid="pass-count" data-value={count.to_string()}>
                            { fill(b.chosen_n, &[("n", &lang.num(count))]) }
                        </span>
                    </p>
                    <button type="button" class="btn" data-testid="pass-confirm"
                        disabled={count != PASS_COUNT} {onclick}>
                        { b.pass_button }
                    </button>
                </section>
            }
        }
        BidelPhase::Passing => {
            let waiting: Vec<String> = view
                .to_act
                .iter()
                .map(|seat| seen.name(seat).to_string())
                .collect();
            html! {
                <div class="waiting-trump" data-testid="pass-waiting">
                    <p>{ fill(b.waiting_pass, &[("names", &waiting.join("، "))]) }</p>
                </div>
            }
        }
        _ => {
            let last = view
                .last_trick
                .map(|t| shown_trick(t.leader, t.cards.as_slice(), t.winner, n));
            trick_center(st, seen, lang, &view.trick, last)
        }
    };

    // --- whose turn, in words
    let turn = view.to_act.first();
    let status = match (phase, turn) {
        (BidelPhase::ChoosingTrump, Some(t)) => seen.turn_text(t, b.your_turn_trump, b.turn_trump),
        (BidelPhase::Passing, _) if passing => b.your_turn_pass.to_string(),
        (BidelPhase::Passing, _) => {
            let waiting: Vec<String> = view
                .to_act
                .iter()
                .map(|x| seen.name(x).to_string())
                .collect();
            fill(b.waiting_pass, &[("names", &waiting.join("، "))])
        }
        (BidelPhase::Playing, Some(t)) => seen.turn_text(t, s.your_turn_play, s.turn_play),
        (BidelPhase::MatchOver, _) => s.match_over.to_string(),
        _ => s.hand_over.to_string(),
    };

    // --- the bottom player's cards
    let playing = my_turn && phase == BidelPhase::Playing;
    let (legal, on_click, selected) = if passing {
        (
            view.hand,
            choice.toggle(chosen_now, PASS_COUNT),
            Some(chosen_now),
        )
    } else if playing {
        (st.playable(), act.reform(BidelAction::Play), None)
    } else {
        (CardSet::EMPTY, act.reform(BidelAction::Play), None)
    };
    // The received cards stay marked until this player's first card of the hand.
    let full =
        view.tricks.iter().all(|&t| t == 0) && !view.trick.iter().any(|&(seat, _)| seat == bottom);
    let received = if full { view.received } else { CardSet::EMPTY };
    let hand = if seen.hidden {
        html! { <HiddenHand count={view.hand_counts[bottom.idx()]} /> }
    } else {
        html! {
            <Hand hand={view.hand} {legal} my_turn={playing || passing} on_play={on_click}
                {selected} {received} />
        }
    };
    let received_note = (!received.is_empty() && !seen.hidden).then(|| {
        let from = view.pass_direction.giver(bottom, n);
        html! {
            <span class="received-note" data-testid="received-note">
                { fill(b.received_from, &[("name", &seen.name(from))]) }
            </span>
        }
    });

    let last_trick = last_trick_button(
        &screen.state,
        lang,
        config.settings.show_last_trick
            && view.last_trick.is_some()
            && phase == BidelPhase::Playing,
    );

    let result = screen.result(view.result.as_ref(), |r, w| {
        let on_next = w.on_next.reform(|_: MouseEvent| ());
        let on_new = w.on_new.reform(|_: MouseEvent| ());
        result_panel(lang, seen, view, r, (on_next, on_new), w.analysis)
    });

    let seat_view = |seat: Seat| {
        let pos = seen.pos(seat);
        let i = seat.idx();
        let points = view.points.get(i).copied().unwrap_or(0);
        let picks = view.pick_counts.get(i).copied().unwrap_or(0);
        html! {
            <SeatView {seat} {pos} name={seen.name(seat)}
                count={view.hand_counts[i] + picks} is_hakem={view.hakem == Some(seat)}
                is_turn={view.to_act.contains(seat)} trump={badge_trump(view.trump)}
                backs={pos != Pos::Bottom}>
                <span class={classes!("seat-points", (points > 0).then_some("has-points"))}
                    data-testid={format!("points-{}", seat.0)} data-value={points.to_string()}
                    title={b.hand_points}>
                    <svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                        { suit_shape(Suit::Hearts, 50.0, 50.0, 80.0, false) }
                    </svg>
                    { lang.num(points) }
                </span>
            </SeatView>
        }
    };
    let seats = screen.others(seat_view);

    let phase_name = match phase {
        BidelPhase::ChoosingTrump => "choosing_trump",
        BidelPhase::Passing => "passing",
        BidelPhase::Playing => "playing",
        BidelPhase::HandOver => "hand_over",
        BidelPhase::MatchOver => "match_over",
    };
    let has_panel = my_turn && matches!(phase, BidelPhase::ChoosingTrump | BidelPhase::Passing);

    screen.frame(Frame {
        phase: phase_name,
        turn,
        scoreboard: scoreboard(lang, seen, view),
        seats,
        center,
        has_panel,
        bottom_seat: seat_view(bottom),
        status,
        bar_extra: html! { <>{ for received_note }{ for last_trick }</> },
        hand,
        result,
    })
}

fn direction_name(d: PassDirection) -> &'static str {
    match d {
        PassDirection::Right => "right",
        PassDirection::Left => "left",
        PassDirection::Across => "across",
        PassDirection::None => "none",
    }
}

fn direction_arrow(d: PassDirection) -> &'static str {
    match d {
        PassDirection::Right => "→",
        PassDirection::Left => "←",
        PassDirection::Across => "↑",
        PassDirection::None => "•",
    }
}

/// The hakem's choice in trump mode (BD-10): a suit or no trump.
fn trump_picker(lang: Lang, act: Callback<BidelAction>) -> Html {
    let s = lang.s();
    let b = lang.bidel();
    let suit_button = |suit: Suit| {
        let t = BidelTrump::Suit(suit);
        let onclick = act.reform(move |_: MouseEvent| BidelAction::Trump(t));
        suit_button(
            lang,
            suit,
            format!("trump-{}", t.name()),
            Some(t.name()),
            onclick,
        )
    };
    let none = {
        let onclick = act.reform(|_: MouseEvent| BidelAction::Trump(BidelTrump::NoTrump));
        html! {
            <button type="button" class="trump-btn mode" data-trump={BidelTrump::NoTrump.name()}
                data-testid={format!("trump-{}", BidelTrump::NoTrump.name())} {onclick}>
                <span class="trump-btn-name">{ b.no_trump }</span>
            </button>
        }
    };
    html! {
        <section class="panel trump-picker" data-testid="trump-picker" aria-labelledby="trump-picker-title">
            <h2 id="trump-picker-title">{ b.choose_trump }</h2>
            <p class="help">{ s.choose_trump_help }</p>
            <div class="trump-suits">{ for HAND_SUIT_ORDER.iter().map(|&x| suit_button(x)) }</div>
            <div class="trump-modes">{ none }</div>
        </section>
    }
}

/// The top bar: every player's points this hand and total, the target, the passing
/// direction, hearts broken, and the trump in trump mode.
fn scoreboard(lang: Lang, seen: &Seen, view: &BidelView) -> Html {
    let s = lang.s();
    let b = lang.bidel();
    let dir = match view.pass_direction {
        PassDirection::Right => b.dir_right,
        PassDirection::Left => b.dir_left,
        PassDirection::Across => b.dir_across,
        PassDirection::None => b.dir_none,
    };
    let points: Vec<i32> = view.points.iter().map(|&p| p as i32).collect();
    let columns = [
        PlayerColumn {
            heading: b.hand_points,
            class: "tricks",
            testid: "hand-points",
            values: &points,
        },
        PlayerColumn {
            heading: b.total,
            class: "pts",
            testid: "total",
            values: &view.totals,
        },
    ];
    let info = html! {
        <div class="table-info">
            <span class="target" data-testid="target" data-value={view.settings.target.to_string()}>
                { fill(b.game_to, &[("n", &lang.num(view.settings.target))]) }
            </span>
            <span class="pass-dir" data-testid="pass-direction"
                data-value={direction_name(view.pass_direction)}>
                <span aria-hidden="true">{ direction_arrow(view.pass_direction) }{ " " }</span>{ dir }
            </span>
            <span class={classes!("hearts", view.hearts_broken.then_some("broken"))}
                data-testid="hearts-broken" data-value={view.hearts_broken.to_string()}>
                <svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                    { suit_shape(Suit::Hearts, 50.0, 50.0, 80.0, false) }
                </svg>
                { if view.hearts_broken { b.hearts_broken } else { b.hearts_not_broken } }
            </span>
            if view.settings.trump_mode && view.trump.is_some() {
                <span class="info-trump">
                    <span class="info-label">{ s.trump }{ ": " }</span>
                    if view.trump == Some(BidelTrump::NoTrump) {
                        <span class="trump-badge mode" data-testid="trump" data-trump="none">
                            <span class="trump-name">{ b.no_trump }</span>
                        </span>
                    } else {
                        <TrumpBadge trump={badge_trump(view.trump)} testid={AttrValue::from("trump")} />
                    }
                </span>
            }
        </div>
    };
    player_scores(
        lang,
        seen,
        "bidel-scoreboard",
        view.hand_number,
        &columns,
        info,
    )
}

/// The hand result: points taken and scored by each player, a moon shot, the totals, and
/// at the end of the game its winner (the lowest score, BD-8).
fn result_panel(
    lang: Lang,
    seen: &Seen,
    view: &BidelView,
    r: &HandResult,
    (on_next, on_new): (Callback<MouseEvent>, Callback<MouseEvent>),
    analysis: Option<analysis::Request>,
) -> Html {
    let s = lang.s();
    let b = lang.bidel();
    let over = view.winner.is_some();
    let title = if over { s.match_over } else { s.hand_over };
    let qs: Card = Card::new(Suit::Spades, engine::Rank::QUEEN);
    html! {
        <div class="overlay result-overlay">
            <section class={classes!("panel", "result-panel", over.then_some("match-over"))}
                data-testid="hand-result" data-moon={r.moon.map(|m| m.0.to_string()).unwrap_or_default()}
                role="dialog" aria-modal="false" aria-labelledby="result-title">
                <h2 id="result-title">{ title }</h2>
                if let Some(w) = view.winner {
                    <p class="match-winner" data-testid="match-result" data-winner={w.0.to_string()}>
                        { about(lang, &seen.name(w), b.match_won_by, b.match_won_you, &[]) }
                    </p>
                }
                if let Some(m) = r.moon {
                    <p class="kot" data-testid="moon">{ about(lang, &seen.name(m), b.moon_shot, b.moon_shot_you, &[]) }</p>
                }
                <p class="points">
                    <MiniCard card={qs} />
                    { fill(b.queen_taken_by, &[("name", &seen.name(r.queen_of_spades))]) }
                </p>
                <table class="result-table">
                    <thead>
                        <tr>
                            <th scope="col">{ b.player }</th>
                            <th scope="col">{ b.taken }</th>
                            <th scope="col">{ b.scored }</th>
                            <th scope="col">{ b.total }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for (0..seen.n).map(|i| {
                            let seat = Seat(i);
                            let i = i as usize;
                            let won = r.winners.contains(&i);
                            html! {
                                <tr class={classes!(won.then_some("won"))} data-testid={format!("result-row-{i}")}
                                    data-taken={r.taken.get(i).copied().unwrap_or(0).to_string()}
                                    data-points={r.points.get(i).copied().unwrap_or(0).to_string()}
                                    data-total={r.totals.get(i).copied().unwrap_or(0).to_string()}>
                                    <th scope="row">{ seen.name(seat) }</th>
                                    <td>{ lang.num(r.taken.get(i).copied().unwrap_or(0)) }</td>
                                    <td>{ lang.num(r.points.get(i).copied().unwrap_or(0)) }</td>
                                    <td>{ lang.num(r.totals.get(i).copied().unwrap_or(0)) }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
                <p class="help">{ b.lowest_wins }{ " · " }{ fill(b.game_to, &[("n", &lang.num(view.settings.target))]) }</p>
                if let Some(request) = analysis {
                    <div class="analysis-row">
                        { analysis::offered(AnalysisProps { request, names: seen.names.clone(), sides: seen.names.clone() }) }
                    </div>
                }
                { result_actions(lang, over, on_next.clone(), on_new.clone()) }
            </section>
        </div>
    }
}

impl super::TablePage for Bidel {
    type Screen = BidelTable;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_holds_at_most_three_cards() {
        let cards: Vec<Card> = ["2C", "3C", "4C", "5C"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        let mut chosen = CardSet::EMPTY;
        for &c in &cards {
            chosen = toggle(chosen, c);
        }
        assert_eq!(chosen.len(), 3, "the fourth is refused");
        assert!(!chosen.contains(cards[3]));
        chosen = toggle(chosen, cards[0]);
        assert_eq!(chosen.len(), 2, "a second click takes a card back");
    }
}
