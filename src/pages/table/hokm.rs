//! The Hokm table: the hakem draw (HK-2), the trump choice (HK-4, HK-5), the two-player
//! discards and stock turns (HK-13), play, and the hand and match results, around the
//! shared frame.

use super::shell::{use_card_choice, use_screen};
use super::{last_trick_button, phase_slug, trick_center, Frame, TableProps};
use crate::adapters::hokm::shown_trick;
use crate::components::draw::{draw_panel, DrawPanelProps};
use crate::components::hand::{hand, hidden_hand, HandProps};
use crate::components::result::{result_panel, ResultPanelProps};
use crate::components::scoreboard::{scoreboard, ScoreboardProps};
use crate::components::seat::{seat_view, waiting, SeatViewProps};
use crate::components::stock::stock;
use crate::components::trump_picker::{trump_picker, TrumpPickerProps};
use crate::i18n::{fill, Lang};
use crate::seen::{Pos, Seen};
use crate::state::TableAction;
use engine::games::hokm::{Hokm, HokmAction, HokmPhase, HokmSettings, HokmView, Trump};
use engine::Game;
use engine::{CardSet, Seat};
use yew::prelude::*;

/// The Hokm table screen.
#[function_component(HokmTable)]
pub fn hokm_table(props: &TableProps<HokmSettings>) -> Html {
    let screen = use_screen::<Hokm>(props);
    let (lang, seen, view, bottom) = (screen.lang, &screen.seen, &screen.view, screen.bottom);
    let (n, my_turn, act) = (screen.n, screen.my_turn, &screen.act);
    let s = lang.s();
    let h = lang.hokm();
    let st = screen.st();
    let config = screen.config();
    let teams = seen.teams(lang);
    let phase = view.phase;
    let turn = view.turn;
    let my_side = Hokm::seat_side(bottom);

    // The cards chosen to discard (HK-13), until confirmed.
    let choice = use_card_choice((view.hand_number, bottom, phase));
    let to_discard = view.to_discard.get(bottom.idx()).copied().unwrap_or(0) as u32;
    let discarding = my_turn && phase == HokmPhase::Discarding && to_discard > 0;
    let chosen_now = choice.chosen(view.hand, discarding);

    // --- the middle of the table
    let center = if st.intro_open {
        let d = screen.state.dispatcher();
        let draw_names: Vec<AttrValue> = seen.by_player.iter().map(|p| p.clone().into()).collect();
        html! {
            { draw_panel(lang, &DrawPanelProps {
                draw: view.hakem_draw.clone(),
                names: draw_names,
                hakem: view.hakem,
                swap: view.seat_swap,
                second_ace: config.settings.partners_by_second_ace,
                on_close: Callback::from(move |_| d.dispatch(TableAction::CloseIntro)),
            }) }
        }
    } else if phase == HokmPhase::ChoosingTrump {
        if my_turn {
            let legal = &st.legal;
            let choices: Vec<Trump> = legal.iter().filter_map(HokmAction::trump).collect();
            let on_redeal = legal
                .contains(&HokmAction::Redeal)
                .then(|| act.reform(|_| HokmAction::Redeal));
            trump_picker(
                lang,
                &TrumpPickerProps {
                    choices,
                    on_choose: act.reform(HokmAction::Trump),
                    on_redeal,
                    help: Default::default(),
                },
            )
        } else {
            waiting(
                lang,
                None,
                true,
                fill(s.turn_trump, &[("name", &seen.name(view.hakem))]),
            )
        }
    } else if phase == HokmPhase::Discarding {
        if discarding {
            let onclick = choice.confirm(
                screen.act_all(),
                chosen_now,
                to_discard,
                HokmAction::Discard,
            );
            let k = lang.num(to_discard);
            html! {
                <section class="panel pass-panel" data-testid="discard-panel"
                    data-count={to_discard.to_string()}>
                    <h2>{ fill(lang.hokm_two().discard_title, &[("n", &k)]) }</h2>
                    <p class="help">{ lang.hokm_two().discard_help }{ " " }
                        <span data-testid="discard-count" data-value={chosen_now.len().to_string()}>
                            { fill(lang.hokm_two().discard_chosen, &[("n", &lang.num(chosen_now.len())), ("k", &k)]) }
                        </span>
                    </p>
                    <button type="button" class="btn" data-testid="discard-confirm"
                        disabled={chosen_now.len() != to_discard} {onclick}>
                        { fill(h.discard_button, &[("n", &k)]) }
                    </button>
                </section>
            }
        } else {
            waiting(
                lang,
                Some("waiting"),
                false,
                status_waiting_discard(seen, view, lang),
            )
        }
    } else if phase == HokmPhase::Drawing {
        let waiting = turn.map(|t| fill(h.turn_draw, &[("name", &seen.name(t))]));
        stock(
            lang,
            view.stock,
            view.drawn.filter(|_| my_turn),
            waiting,
            act.clone(),
        )
    } else {
        let last = view
            .last_trick
            .map(|t| shown_trick(t.leader, &t.cards, t.winner, n));
        trick_center(st, seen, lang, &view.trick, last)
    };

    // --- whose turn, in words
    let status = match (phase, turn) {
        (HokmPhase::ChoosingTrump, Some(t)) => seen.turn_text(t, s.your_turn_trump, s.turn_trump),
        (HokmPhase::Playing, Some(t)) => seen.turn_text(t, s.your_turn_play, s.turn_play),
        (HokmPhase::Discarding, _) if discarding => lang.hokm_two().your_turn_discard.to_string(),
        (HokmPhase::Discarding, _) => status_waiting_discard(seen, view, lang),
        (HokmPhase::Drawing, Some(t)) => seen.turn_text(t, h.your_turn_draw, h.turn_draw),
        (HokmPhase::MatchOver, _) => s.match_over.to_string(),
        _ => s.hand_over.to_string(),
    };

    // --- the bottom player's cards
    let playing = my_turn && phase == HokmPhase::Playing;
    let legal: CardSet = if playing {
        st.playable()
    } else {
        CardSet::EMPTY
    };
    let hand = if seen.hidden {
        hidden_hand(view.hand_counts[bottom.idx()])
    } else if discarding {
        let on_play = choice.toggle(chosen_now, to_discard);
        hand(
            lang,
            &HandProps {
                hand: view.hand,
                legal: view.hand,
                my_turn: true,
                on_play,
                selected: Some(chosen_now),
                received: Default::default(),
            },
        )
    } else {
        hand(
            lang,
            &HandProps {
                hand: view.hand,
                legal,
                my_turn: playing,
                on_play: act.reform(HokmAction::Play),
                selected: Default::default(),
                received: Default::default(),
            },
        )
    };

    let last_trick = last_trick_button(
        &screen.state,
        lang,
        config.settings.show_last_trick && view.last_trick.is_some() && phase == HokmPhase::Playing,
    );

    let result = screen.result(view.result.as_ref(), |r, w| {
        html! {
            { result_panel(lang, &ResultPanelProps {
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
        html! {
            { seat_view(lang, &SeatViewProps {
                seat,
                pos,
                name: seen.name(seat),
                count: view.hand_counts[seat.idx()],
                is_hakem: view.hakem == seat,
                is_turn: turn == Some(seat),
                trump: view.trump,
                backs: pos != Pos::Bottom,
                children: Default::default(),
            }) }
        }
    };
    let seats = screen.others(plate);

    let has_panel = st.intro_open
        || (my_turn
            && matches!(
                phase,
                HokmPhase::ChoosingTrump | HokmPhase::Discarding | HokmPhase::Drawing
            ));
    let scoreboard = html! {
        { scoreboard(lang, &ScoreboardProps {
            teams: teams.clone(),
            score: view.score,
            tricks: view.tricks,
            target: config.settings.target,
            my_side,
            trump: view.trump,
            hakem: seen.name(view.hakem),
            hand_number: view.hand_number,
        }) }
    };

    screen.frame(Frame {
        phase: phase_slug(&phase),
        turn,
        scoreboard,
        seats,
        center,
        has_panel,
        bottom_seat: plate(bottom),
        status,
        bar_extra: html! { { for last_trick } },
        hand,
        result,
    })
}

/// "Waiting for … to discard", naming the seats still discarding (HK-13).
fn status_waiting_discard(seen: &Seen, view: &HokmView, lang: Lang) -> String {
    let names = seen.names_of(
        (0..seen.n)
            .map(Seat)
            .filter(|s| view.to_discard.get(s.idx()).copied().unwrap_or(0) > 0),
    );
    fill(lang.hokm().waiting_discard, &[("names", &names)])
}

impl super::TablePage for Hokm {
    type Screen = HokmTable;
}
