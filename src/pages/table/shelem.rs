//! The Shelem table: the auction (SH-4), the widow and the discards (SH-5), trump or a mode
//! and the no-trump joker lead (SH-6), play (HK-6) with the running points of both sides
//! (SH-3), and the score sheet (SH-7 … SH-10), around the shared frame. Four players, or two
//! (SH-10: seats at the bottom and the top only).

use super::shell::{use_card_choice, use_screen};
use super::{trick_center, Frame, TableProps};
use crate::adapters::hokm::shown_trick;
use crate::components::auction::{auction, bid_choices, plate_bid, AuctionProps};
use crate::components::discard::{discard_panel, own_discards, DiscardPanelProps};
use crate::components::hand::{hand, hidden_hand, HandProps};
use crate::components::joker_lead::{joker_suit_picker, JokerSuitPickerProps};
use crate::components::seat::{seat_view, waiting, SeatViewProps};
use crate::components::shelem_board::{shelem_board, ShelemBoardProps};
use crate::components::shelem_result::{shelem_result, ShelemResultProps};
use crate::components::trump_picker::{trump_picker, TrumpPickerProps};
use crate::i18n::fill;
use crate::seen::Pos;
use crate::state::Heard;
use engine::games::shelem::{
    PlateBid, Shelem, ShelemAction, ShelemEvent, ShelemPhase, ShelemSettings, ShelemView, Trump,
};
use engine::table::Public;
use engine::Game;
use engine::{Card, CardSet, Seat, Suit};
use yew::prelude::*;

/// The table's `data-phase`.
pub fn phase_name(phase: ShelemPhase) -> &'static str {
    match phase {
        ShelemPhase::Bidding => "bidding",
        ShelemPhase::Discarding => "discarding",
        ShelemPhase::NamingTrump => "choosing_trump",
        ShelemPhase::Playing => "playing",
        ShelemPhase::HandOver => "hand_over",
        ShelemPhase::MatchOver => "match_over",
    }
}

/// Whether the auction has just started again because everybody passed (SH-4): the last
/// event of the hand is the pass that redealt.
pub fn just_redealt(view: &ShelemView, events: &[Heard<ShelemEvent>]) -> bool {
    view.phase == ShelemPhase::Bidding
        && matches!(
            events.last(),
            Some((_, Public::Event(ShelemEvent::Passed { redealt: true, .. })))
        )
}

/// The Shelem table screen.
#[function_component(ShelemTable)]
pub fn shelem_table(props: &TableProps<ShelemSettings>) -> Html {
    let screen = use_screen::<Shelem>(props);
    let (lang, seen, view, bottom) = (screen.lang, &screen.seen, &screen.view, screen.bottom);
    let (n, my_turn, act) = (screen.n, screen.my_turn, &screen.act);
    let s = lang.s();
    let sh = lang.shelem();
    let st = screen.st();
    let config = screen.config();
    let teams = seen.teams(lang);
    let phase = view.phase;
    let turn = view.turn;
    let my_side = Shelem::seat_side(bottom);
    let am_hakem = view.hakem == Some(bottom);
    let hakem_name = view.hakem.map(|h| seen.name(h)).unwrap_or_default();

    // --- the discards being chosen (SH-5)
    let choice = use_card_choice((view.hand_number, bottom, phase));
    // A joker clicked to lead in a no-trump mode, waiting for its suit (SH-6).
    let joker = use_state(|| None::<Card>);
    let need = view.widow.map_or(0, |w| w.len() as u8);
    let choosing_discards = my_turn && am_hakem && phase == ShelemPhase::Discarding;
    let selected = choice.chosen(view.hand, choosing_discards);
    let toggle_discard = choice.toggle(selected, u32::MAX);
    let confirm_discards = {
        let act_all = screen.act_all();
        let choice = choice.clone();
        Callback::from(move |_| {
            act_all.emit(selected.iter().map(ShelemAction::Discard).collect());
            choice.clear();
        })
    };
    let clear_discards = {
        let choice = choice.clone();
        Callback::from(move |_| choice.clear())
    };

    // --- the joker lead (SH-6)
    let pending_joker = (*joker).filter(|&j| {
        my_turn && view.needs_joker_suit(j) && view.hand.contains(j) && st.held.is_none()
    });
    let play = {
        let act = act.clone();
        let joker = joker.clone();
        let v = view.clone();
        Callback::from(move |c: Card| {
            if my_turn && v.needs_joker_suit(c) {
                joker.set(Some(c));
            } else {
                act.emit(ShelemAction::Play(c));
            }
        })
    };

    // --- the middle of the table
    let waiting = |text: String| waiting(lang, Some("waiting"), true, text);
    let center = match phase {
        ShelemPhase::Bidding => {
            let high = view.bid.map(|(seat, b)| (seen.name(seat), b));
            let choices = if my_turn {
                bid_choices(view.bid_range)
            } else {
                Vec::new()
            };
            // The other seats that have bid or passed, from the player round the table.
            let bids = (1..seen.n)
                .map(|k| bottom.after(k, seen.n))
                .filter_map(|x| match view.plate_bid(x)? {
                    PlateBid::Bid(b) => Some((seen.name(x), Some(b))),
                    PlateBid::Passed => Some((seen.name(x), None)),
                })
                .collect::<Vec<_>>();
            let waiting = turn
                .filter(|_| !my_turn)
                .map(|t| AttrValue::from(seen.turn_text(t, sh.your_turn_bid, sh.turn_bid)));
            html! {
                { auction(lang, &AuctionProps {
                    high,
                    choices,
                    total: view.shelem_bid(),
                    bids,
                    my_turn,
                    waiting,
                    redealt: just_redealt(view, &st.events),
                    on_bid: act.reform(ShelemAction::Bid),
                    on_pass: act.reform(|_| ShelemAction::Pass),
                }) }
            }
        }
        ShelemPhase::Discarding if choosing_discards => html! {
            { discard_panel(lang, &DiscardPanelProps {
                need,
                chosen: selected.len() as u8,
                on_confirm: confirm_discards,
                on_clear: clear_discards,
            }) }
        },
        ShelemPhase::Discarding => {
            let count = lang.num(view.settings.widow_len());
            waiting(fill(
                sh.turn_discard,
                &[("name", &hakem_name), ("n", &count)],
            ))
        }
        ShelemPhase::NamingTrump if my_turn => {
            let choices: Vec<Trump> = st.legal.iter().filter_map(ShelemAction::trump).collect();
            html! {
                { trump_picker(lang, &TrumpPickerProps {
                    choices,
                    on_choose: act.reform(ShelemAction::Trump),
                    on_redeal: Default::default(),
                    help: Some(AttrValue::from(sh.trump_help)),
                }) }
            }
        }
        ShelemPhase::NamingTrump => waiting(fill(s.turn_trump, &[("name", &hakem_name)])),
        _ => match pending_joker {
            Some(j) => {
                let act = act.clone();
                let jk = joker.clone();
                let on_choose = Callback::from(move |suit: Suit| {
                    jk.set(None);
                    act.emit(ShelemAction::JokerLead { joker: j, suit });
                });
                let jk = joker.clone();
                html! {
                    { joker_suit_picker(lang, &JokerSuitPickerProps {
                        joker: j,
                        on_choose,
                        on_cancel: Callback::from(move |_| jk.set(None)),
                    }) }
                }
            }
            None => {
                let last = view
                    .last_trick
                    .map(|t| shown_trick(t.leader, t.cards.as_slice(), t.winner, n));
                trick_center(st, seen, lang, &view.trick, last)
            }
        },
    };

    // --- whose turn, in words
    let status = match (phase, turn) {
        (ShelemPhase::Bidding, Some(t)) => seen.turn_text(t, sh.your_turn_bid, sh.turn_bid),
        (ShelemPhase::Discarding, Some(t)) => {
            let k = lang.num(view.settings.widow_len());
            seen.turn_text(
                t,
                &fill(sh.your_turn_discard, &[("n", &lang.num(need))]),
                &fill(sh.turn_discard, &[("n", &k)]),
            )
        }
        (ShelemPhase::NamingTrump, Some(t)) => seen.turn_text(t, s.your_turn_trump, s.turn_trump),
        (ShelemPhase::Playing, Some(t)) => seen.turn_text(t, s.your_turn_play, s.turn_play),
        (ShelemPhase::MatchOver, _) => s.match_over.to_string(),
        _ => s.hand_over.to_string(),
    };

    // --- the bottom player's cards
    let hand = if seen.hidden {
        hidden_hand(view.hand_counts[bottom.idx()])
    } else if choosing_discards {
        let widow = view.widow.unwrap_or_default().and(view.hand);
        html! {
            { hand(lang, &HandProps {
                hand: view.hand,
                legal: view.hand,
                my_turn: false,
                on_play: toggle_discard,
                selected: Some(selected),
                received: widow,
            }) }
        }
    } else {
        let playing = my_turn && phase == ShelemPhase::Playing;
        let legal = if playing {
            st.playable()
        } else {
            CardSet::EMPTY
        };
        hand(
            lang,
            &HandProps {
                hand: view.hand,
                legal,
                my_turn: playing,
                on_play: play,
                selected: Default::default(),
                received: Default::default(),
            },
        )
    };

    // The hakem keeps an eye on their own discards during play (they count at the end).
    let my_discards = match view.discards {
        Some(d) if !d.is_empty() && phase == ShelemPhase::Playing && !seen.hidden => {
            own_discards(lang, d)
        }
        _ => Html::default(),
    };

    let result = screen.result(view.result.as_ref(), |r, w| {
        html! {
            { shelem_result(lang, &ShelemResultProps {
                result: r.clone(),
                teams: teams.clone(),
                names: seen.names.clone(),
                score: view.score,
                target: config.settings.target,
                match_winner: view.winner,
                on_next: w.on_next,
                on_new_match: w.on_new,
                analysis: w.analysis,
            }) }
        }
    });

    let plate = |seat: Seat| {
        let pos = seen.pos(seat);
        let mark = view.plate_bid(seat).map(|b| plate_bid(lang, b));
        html! {
                    { seat_view(lang, &SeatViewProps {
                        seat,
                        pos,
                        name: seen.name(seat),
                        count: view.hand_counts[seat.idx()],
                        is_hakem: view.hakem == Some(seat),
                        is_turn: turn == Some(seat),
                        trump: view.trump,
                        backs: pos != Pos::Bottom,
                        children: html! {<>
                        { for mark }
        </>} }) }
                }
    };
    let seats = screen.others(plate);

    let has_panel = my_turn
        && match phase {
            ShelemPhase::Bidding | ShelemPhase::Discarding | ShelemPhase::NamingTrump => true,
            ShelemPhase::Playing => pending_joker.is_some(),
            _ => false,
        };
    // The points taken: in trick during the hand (D-8), the discards included once scored.
    let taken = view.result.as_ref().map_or(view.points, |r| r.taken);
    let contract = match (view.hakem, view.bid) {
        (Some(h), Some((_, b))) => Some((h.0, seen.name(h), b)),
        _ => None,
    };
    let scoreboard = html! {
        { shelem_board(lang, &ShelemBoardProps {
            teams: teams.clone(),
            score: view.score,
            taken,
            tricks: view.tricks,
            target: config.settings.target,
            my_side,
            trump: view.trump,
            contract,
            hand_number: view.hand_number,
        }) }
    };

    screen.frame(Frame {
        phase: phase_name(phase).into(),
        turn,
        scoreboard,
        seats,
        center,
        has_panel,
        bottom_seat: plate(bottom),
        status,
        bar_extra: my_discards,
        hand,
        result,
    })
}

impl super::TablePage for Shelem {
    type Screen = ShelemTable;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::TableConfig;
    use crate::state::TableAction;
    use crate::state::TableState;
    use std::rc::Rc;
    use yew::Reducible;

    #[test]
    fn everybody_passing_is_told_as_a_redeal() {
        let config = TableConfig {
            seed: 3,
            ..TableConfig::<ShelemSettings>::new(&[4, 2])
        };
        let mut st = Rc::new(TableState::<Shelem>::new(config));
        assert!(!just_redealt(&st.game().view(Seat(0)), &st.events));
        for _ in 0..4 {
            let seat = st.to_act().unwrap();
            st = st.reduce(TableAction::Act {
                seat,
                action: ShelemAction::Pass,
            });
        }
        let v = st.game().view(Seat(0));
        assert_eq!(v.phase, ShelemPhase::Bidding);
        assert!(just_redealt(&v, &st.events));
        let seat = st.to_act().unwrap();
        st = st.reduce(TableAction::Act {
            seat,
            action: ShelemAction::Pass,
        });
        assert!(!just_redealt(&st.game().view(Seat(0)), &st.events));
    }
}
