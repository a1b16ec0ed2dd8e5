//! The Bidel table: the trump choice of trump mode (BD-10), passing three cards with the
//! hand's direction (BD-2), play with hearts broken shown (BD-3 … BD-6), points taken so
//! far by each player, and the hand result with moon shots (BD-7 … BD-9).

use super::shell::{use_card_choice, use_screen};
use super::{last_trick_button, phase_slug, trick_center, Frame, TableProps};
use crate::adapters::hokm::shown_trick;
use crate::cls;
use crate::components::bidel_board::{
    badge_trump, direction_arrow, direction_name, result_panel, scoreboard,
};
use crate::components::card::suit_shape;
use crate::components::hand::{hand, hidden_hand, HandProps};
use crate::components::seat::{seat_view, waiting, SeatViewProps};
use crate::components::trump_picker::bidel_trump_picker;
use crate::i18n::fill;
use crate::seen::Pos;
use engine::games::bidel::{
    Bidel, BidelAction, BidelPhase, BidelSettings, PassDirection, PASS_COUNT,
};
use engine::{CardSet, Seat, Suit};
use yew::prelude::*;

/// How many cards each player passes (BD-2).
const PASS: u32 = PASS_COUNT as u32;

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
                bidel_trump_picker(lang, act.clone())
            } else {
                waiting(
                    lang,
                    None,
                    true,
                    fill(b.turn_trump, &[("name", &seen.name(hakem))]),
                )
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
            let onclick = choice.confirm(screen.act_all(), chosen_now, PASS, BidelAction::Pass);
            html! {
                <section class="panel pass-panel" data-testid="pass-panel"
                    data-direction={direction_name(view.pass_direction)}>
                    <h2>
                        <span class={cls!("pass-arrow", direction_name(view.pass_direction))} aria-hidden="true">
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
                        disabled={count != PASS} {onclick}>
                        { b.pass_button }
                    </button>
                </section>
            }
        }
        BidelPhase::Passing => {
            let names = seen.names_of(view.to_act.iter());
            waiting(
                lang,
                Some("pass-waiting"),
                false,
                fill(b.waiting_pass, &[("names", &names)]),
            )
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
        (BidelPhase::Passing, _) => fill(
            b.waiting_pass,
            &[("names", &seen.names_of(view.to_act.iter()))],
        ),
        (BidelPhase::Playing, Some(t)) => seen.turn_text(t, s.your_turn_play, s.turn_play),
        (BidelPhase::MatchOver, _) => s.match_over.to_string(),
        _ => s.hand_over.to_string(),
    };

    // --- the bottom player's cards
    let playing = my_turn && phase == BidelPhase::Playing;
    let (legal, on_click, selected) = if passing {
        (view.hand, choice.toggle(chosen_now, PASS), Some(chosen_now))
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
        hidden_hand(view.hand_counts[bottom.idx()])
    } else {
        html! {
            { hand(lang, &HandProps {
                hand: view.hand,
                legal,
                my_turn: playing || passing,
                on_play: on_click,
                selected,
                received,
            }) }
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

    let plate = |seat: Seat| {
        let pos = seen.pos(seat);
        let i = seat.idx();
        let points = view.points.get(i).copied().unwrap_or(0);
        let picks = view.pick_counts.get(i).copied().unwrap_or(0);
        html! {
                    { seat_view(lang, &SeatViewProps {
                        seat,
                        pos,
                        name: seen.name(seat),
                        count: view.hand_counts[i] + picks,
                        is_hakem: view.hakem == Some(seat),
                        is_turn: view.to_act.contains(seat),
                        trump: badge_trump(view.trump),
                        backs: pos != Pos::Bottom,
                        children: html! {<>
                        <span class={cls!("seat-points", (points > 0).then_some("has-points"))}
                            data-testid={format!("points-{}", seat.0)} data-value={points.to_string()}
                            title={b.hand_points}>
                            <svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                                { suit_shape(Suit::Hearts, 50.0, 50.0, 80.0, false) }
                            </svg>
                            { lang.num(points) }
                        </span>
        </>} }) }
                }
    };
    let seats = screen.others(plate);

    let has_panel = my_turn && matches!(phase, BidelPhase::ChoosingTrump | BidelPhase::Passing);

    screen.frame(Frame {
        phase: phase_slug(&phase),
        turn,
        scoreboard: scoreboard(lang, seen, view),
        seats,
        center,
        has_panel,
        bottom_seat: plate(bottom),
        status,
        bar_extra: html! { <>{ for received_note }{ for last_trick }</> },
        hand,
        result,
    })
}

impl super::TablePage for Bidel {
    type Screen = BidelTable;
}
