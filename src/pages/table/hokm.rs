//! The Hokm table: the hakem draw (HK-2), the trump choice (HK-4, HK-5), play, and the
//! hand and match results, around the shared frame.

use super::{frame, last_trick_button, new_match_callback, trick_center, use_table, Frame, Seen};
use crate::app::use_lang;
use crate::components::draw::DrawPanel;
use crate::components::hand::{Hand, HiddenHand};
use crate::components::result::ResultPanel;
use crate::components::scoreboard::Scoreboard;
use crate::components::seat::{Crown, Pos, SeatView};
use crate::components::trump_picker::TrumpPicker;
use crate::config::TableConfig;
use crate::games::hokm::shown_trick;
use crate::i18n::fill;
use crate::state::TableAction;
use engine::games::hokm::{Hokm, HokmAction, HokmPhase, HokmSettings, Trump};
use engine::{CardSet, Game, Seat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HokmTableProps {
    pub config: TableConfig<HokmSettings>,
}

/// The Hokm table screen.
#[function_component(HokmTable)]
pub fn hokm_table(props: &HokmTableProps) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let state = use_table::<Hokm>(props.config.clone());
    let dispatcher = state.dispatcher();
    let st = &*state;
    let config = &st.config;
    let seen = Seen::of(st, lang);
    let bottom = seen.bottom;
    let view = st.game.view(bottom);
    let n = seen.n;
    let teams: [AttrValue; 2] = std::array::from_fn(|side| {
        if n == 4 {
            fill(
                s.team_of,
                &[
                    ("a", &seen.name(Seat(side as u8))),
                    ("b", &seen.name(Seat(side as u8 + 2))),
                ],
            )
            .into()
        } else {
            seen.name(Seat(side as u8))
        }
    });
    let phase = view.phase;
    let turn = view.turn;
    let my_turn = seen.my_turn;
    let my_side = st.game.side_of(bottom);

    let act = {
        let d = dispatcher.clone();
        Callback::from(move |action: HokmAction| {
            d.dispatch(TableAction::Act {
                seat: bottom,
                action,
                by_bot: false,
            })
        })
    };

    // --- the middle of the table
    let center = if st.intro_open {
        let d = dispatcher.clone();
        let draw_names: Vec<AttrValue> = seen.by_player.iter().map(|p| p.clone().into()).collect();
        html! {
            <DrawPanel draw={view.hakem_draw.clone()} names={draw_names} hakem={view.hakem}
                swap={view.seat_swap} second_ace={config.settings.partners_by_second_ace}
                on_close={Callback::from(move |_| d.dispatch(TableAction::CloseIntro))} />
        }
    } else if phase == HokmPhase::ChoosingTrump {
        if my_turn {
            let mut legal = Vec::new();
            st.game.legal_actions(bottom, &mut legal);
            let choices: Vec<Trump> = legal
                .iter()
                .filter_map(|a| match a {
                    HokmAction::Trump(t) => Some(*t),
                    _ => None,
                })
                .collect();
            let on_redeal = legal
                .contains(&HokmAction::Redeal)
                .then(|| act.reform(|_| HokmAction::Redeal));
            html! { <TrumpPicker {choices} on_choose={act.reform(HokmAction::Trump)} {on_redeal} /> }
        } else {
            html! {
                <div class="waiting-trump">
                    <Crown />
                    <p>{ fill(s.turn_trump, &[("name", &seen.name(view.hakem))]) }</p>
                </div>
            }
        }
    } else {
        let last = view
            .last_trick
            .map(|t| shown_trick(t.leader, &t.cards, t.winner, n));
        trick_center(st, &seen, lang, &view.trick, last)
    };

    // --- whose turn, in words
    let status = match (phase, turn) {
        (HokmPhase::ChoosingTrump, Some(t)) => seen.turn_text(t, s.your_turn_trump, s.turn_trump),
        (HokmPhase::Playing, Some(t)) => seen.turn_text(t, s.your_turn_play, s.turn_play),
        (HokmPhase::MatchOver, _) => s.match_over.to_string(),
        _ => s.hand_over.to_string(),
    };

    // --- the bottom player's cards
    let playing = my_turn && phase == HokmPhase::Playing;
    let legal: CardSet = if playing {
        st.game.legal_cards(bottom)
    } else {
        CardSet::EMPTY
    };
    let hand = if seen.cover.is_some() {
        html! { <HiddenHand count={view.hand_counts[bottom.idx()]} /> }
    } else {
        html! { <Hand hand={view.hand} {legal} my_turn={playing} on_play={act.reform(HokmAction::Play)} /> }
    };

    let last_trick = last_trick_button(
        &state,
        lang,
        config.settings.show_last_trick && view.last_trick.is_some() && phase == HokmPhase::Playing,
    );

    let result = match (&view.result, phase, &st.held) {
        (Some(r), HokmPhase::HandOver | HokmPhase::MatchOver, None) => {
            let d = dispatcher.clone();
            let on_next = Callback::from(move |_| d.dispatch(TableAction::NextHand));
            html! {
                <ResultPanel result={r.clone()} teams={teams.clone()} names={seen.names.clone()}
                    score={view.score} target={config.settings.target} match_winner={view.winner}
                    {on_next} on_new_match={new_match_callback::<Hokm>(config)} />
            }
        }
        _ => Html::default(),
    };

    let seat_view = |seat: Seat| {
        let pos = seen.pos(seat);
        html! {
            <SeatView {seat} {pos} name={seen.name(seat)}
                count={view.hand_counts[seat.idx()]} is_hakem={view.hakem == seat}
                is_turn={turn == Some(seat)} trump={view.trump} backs={pos != Pos::Bottom} />
        }
    };
    let seats: Html = (0..n)
        .map(Seat)
        .filter(|&x| x != bottom)
        .map(seat_view)
        .collect();

    let has_panel = st.intro_open || (phase == HokmPhase::ChoosingTrump && my_turn);
    let phase_name = match phase {
        HokmPhase::ChoosingTrump => "choosing_trump",
        HokmPhase::Playing => "playing",
        HokmPhase::HandOver => "hand_over",
        HokmPhase::MatchOver => "match_over",
    };
    let scoreboard = html! {
        <Scoreboard teams={teams.clone()} score={view.score} tricks={view.tricks}
            target={config.settings.target} {my_side} trump={view.trump}
            hakem={seen.name(view.hakem)} hand_number={view.hand_number} />
    };

    frame(
        &state,
        &seen,
        lang,
        Frame {
            phase: phase_name,
            turn,
            scoreboard,
            seats,
            center,
            has_panel,
            bottom_seat: seat_view(bottom),
            status,
            bar_extra: html! { { for last_trick } },
            hand,
            result,
        },
    )
}
