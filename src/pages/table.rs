//! The Hokm table: the match in progress, bots playing with a short delay, pass-and-play
//! between people on one device, and the game saved after every action.

use crate::app::{use_lang, AppCtx, Notice};
use crate::components::cover::Cover;
use crate::components::draw::DrawPanel;
use crate::components::hand::{Hand, HiddenHand};
use crate::components::lang_toggle::LangToggle;
use crate::components::result::ResultPanel;
use crate::components::scoreboard::Scoreboard;
use crate::components::seat::{Crown, Pos, SeatView};
use crate::components::share::Share;
use crate::components::trick::TrickView;
use crate::components::trump_picker::TrumpPicker;
use crate::config::{Player, SeatKind, TableConfig};
use crate::i18n::{error_message, fill, Lang};
use crate::route::Route;
use crate::state::{
    Save, TableAction, TableState, BOT_DELAY_MS, ERROR_MS, SAVE_KEY, TRICK_COLLECT_MS,
    TRICK_HOLD_MS,
};
use crate::web;
use engine::games::hokm::{HokmAction, HokmPhase, Trick};
use engine::{Card, CardSet, Game, RuleError, Seat};
use gloo::timers::callback::Timeout;
use yew::prelude::*;

/// How long the HK-2 draw panel stays open by itself, in milliseconds.
pub const INTRO_MS: u32 = 6000;

/// A participant's display name: the typed label, else "You", "Player n" or "Bot n"
/// (n = the seat chosen at setup, from 1).
pub fn player_name(lang: Lang, player: &Player, index: usize) -> String {
    let s = lang.s();
    let n = lang.num(index + 1);
    match player.kind {
        _ if !player.name.is_empty() && player.kind.is_human() => player.name.clone(),
        SeatKind::You => s.you.to_string(),
        SeatKind::Person => fill(s.player_n, &[("n", &n)]),
        SeatKind::Bot => fill(s.bot_n, &[("n", &n)]),
    }
}

/// Builds the table's state: the saved game if it is this table's, else a new match. A save
/// that cannot be read, or that does not replay, is dropped with a notice.
fn initial_state(config: TableConfig) -> TableState {
    let failed = |config| {
        let mut st = TableState::new(config);
        st.restore_failed = true;
        st
    };
    match web::storage_get(SAVE_KEY).map(|json| Save::parse(&json)) {
        Some(Some(save)) if save.config == config => {
            TableState::restore(&save).unwrap_or_else(|| failed(config))
        }
        Some(None) => failed(config),
        _ => TableState::new(config),
    }
}

#[derive(Properties, PartialEq)]
pub struct TablePageProps {
    pub config: TableConfig,
}

/// The table screen.
#[function_component(TablePage)]
pub fn table_page(props: &TablePageProps) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let ctx = use_context::<AppCtx>();
    let state = {
        let config = props.config.clone();
        use_reducer(move || initial_state(config))
    };
    let dispatcher = state.dispatcher();

    // A save that did not replay: tell the player once.
    {
        let failed = state.restore_failed;
        let ctx = ctx.clone();
        use_effect_with((), move |_| {
            if failed {
                if let Some(ctx) = ctx {
                    ctx.notify.emit(Notice::RestoreFailed);
                }
            }
        });
    }

    // Save after every action (and once at the start, replacing an older game).
    {
        let st = state.clone();
        use_effect_with(state.log.len(), move |_| {
            if let Ok(json) = serde_json::to_string(&st.save()) {
                web::storage_set(SAVE_KEY, &json);
            }
        });
    }

    // Bots act after a short delay.
    {
        let st = state.clone();
        let bot = state.bot_to_act();
        use_effect_with((state.epoch, bot), move |&(_, bot)| {
            let timer = bot.map(|seat| {
                Timeout::new(BOT_DELAY_MS, move || {
                    let view = st.game.view(seat);
                    let mut legal = Vec::new();
                    st.game.legal_actions(seat, &mut legal);
                    let action = st.bots.borrow_mut().choose(seat, &view, &legal);
                    if let Some(action) = action {
                        st.dispatch(TableAction::Act {
                            seat,
                            action,
                            by_bot: true,
                        });
                    }
                })
            });
            move || drop(timer)
        });
    }

    // A completed trick stays a moment, is gathered to its winner, then goes (HK-11).
    {
        let d = dispatcher.clone();
        let held = state.held.map(|h| (h.id, h.collecting));
        use_effect_with(held, move |&held| {
            let timer = held.map(|(id, collecting)| {
                let reduced = web::prefers_reduced_motion();
                let ms = if collecting {
                    TRICK_COLLECT_MS
                } else {
                    TRICK_HOLD_MS
                };
                Timeout::new(ms, move || {
                    d.dispatch(TableAction::HoldStep {
                        id,
                        skip_animation: reduced,
                    })
                })
            });
            move || drop(timer)
        });
    }

    // Error messages fade after a moment.
    {
        let d = dispatcher.clone();
        let id = state.error.as_ref().map(|e| e.id);
        use_effect_with(id, move |&id| {
            let timer = id.map(|id| {
                Timeout::new(ERROR_MS, move || d.dispatch(TableAction::DismissError(id)))
            });
            move || drop(timer)
        });
    }

    // The draw panel closes by itself.
    {
        let d = dispatcher.clone();
        use_effect_with(state.intro_open, move |&open| {
            let timer =
                open.then(|| Timeout::new(INTRO_MS, move || d.dispatch(TableAction::CloseIntro)));
            move || drop(timer)
        });
    }

    let st = &*state;
    let config = &st.config;
    let viewer = st.viewer();
    let bottom = st.seat_of(viewer);
    let view = st.game.view(bottom);
    let cover = st.cover_for();
    let seating = view.seating;
    let player_names: [String; 4] =
        std::array::from_fn(|i| player_name(lang, &config.players[i], i));
    let names: [AttrValue; 4] =
        std::array::from_fn(|seat| player_names[seating[seat] as usize].clone().into());
    let draw_names: [AttrValue; 4] = std::array::from_fn(|i| player_names[i].clone().into());
    let teams: [AttrValue; 2] = std::array::from_fn(|side| {
        fill(s.team_of, &[("a", &names[side]), ("b", &names[side + 2])]).into()
    });
    let phase = view.phase;
    let turn = view.turn;
    let my_turn = cover.is_none() && turn == Some(bottom);

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
    let on_play = act.reform(HokmAction::Play);

    // --- the middle of the table
    let pos_of = |seat: Seat| Pos::of(seat, bottom);
    let trick_cards = |t: &Trick| -> Vec<(Seat, Pos, Card)> {
        (0..4u8)
            .map(|i| {
                let seat = t.leader.after(i, 4);
                (seat, pos_of(seat), t.cards[i as usize])
            })
            .collect()
    };
    let center = if st.intro_open {
        let d = dispatcher.clone();
        html! {
            <DrawPanel draw={view.hakem_draw.clone()} names={draw_names} hakem={view.hakem}
                swap={view.seat_swap} second_ace={config.settings.partners_by_second_ace}
                on_close={Callback::from(move |_| d.dispatch(TableAction::CloseIntro))} />
        }
    } else if phase == HokmPhase::ChoosingTrump {
        if my_turn {
            let mut legal = Vec::new();
            st.game.legal_actions(bottom, &mut legal);
            html! { <TrumpPicker {legal} on_choose={act.clone()} /> }
        } else {
            html! {
                <div class="waiting-trump">
                    <Crown />
                    <p>{ fill(s.turn_trump, &[("name", &names[view.hakem.idx()])]) }</p>
                </div>
            }
        }
    } else if let (true, Some(t)) = (st.show_last, view.last_trick) {
        let cards = trick_cards(&t);
        let caption = fill(s.last_trick_won_by, &[("name", &names[t.winner.idx()])]);
        html! { <TrickView {cards} winner={Some(t.winner)} caption={AttrValue::from(caption)} review=true /> }
    } else if let Some(h) = st.held {
        let t = h.trick;
        let cards = trick_cards(&t);
        let caption = fill(s.trick_won_by, &[("name", &names[t.winner.idx()])]);
        html! {
            <TrickView {cards} winner={Some(t.winner)} caption={AttrValue::from(caption)}
                collect_to={h.collecting.then_some(pos_of(t.winner))} />
        }
    } else {
        let cards = view
            .trick
            .iter()
            .map(|&(seat, card)| (seat, pos_of(seat), card))
            .collect::<Vec<_>>();
        html! { <TrickView {cards} /> }
    };

    // --- whose turn, in words
    let status = match (phase, turn) {
        (HokmPhase::ChoosingTrump, Some(t)) if t == bottom => s.your_turn_trump.to_string(),
        (HokmPhase::ChoosingTrump, Some(t)) => fill(s.turn_trump, &[("name", &names[t.idx()])]),
        (HokmPhase::Playing, Some(t)) if t == bottom => s.your_turn_play.to_string(),
        (HokmPhase::Playing, Some(t)) => fill(s.turn_play, &[("name", &names[t.idx()])]),
        (HokmPhase::MatchOver, _) => s.match_over.to_string(),
        _ => s.hand_over.to_string(),
    };

    // --- the bottom player's cards
    let legal: CardSet = if my_turn && phase == HokmPhase::Playing {
        st.game.legal_cards(bottom)
    } else {
        CardSet::EMPTY
    };
    let hand = if cover.is_some() {
        html! { <HiddenHand count={view.hand_counts[bottom.idx()]} /> }
    } else {
        html! {
            <Hand hand={view.hand} {legal} my_turn={my_turn && phase == HokmPhase::Playing}
                on_play={on_play.clone()} />
        }
    };

    let error = st.error.as_ref().map(|e| {
        let d = dispatcher.clone();
        let id = e.id;
        let onclick = Callback::from(move |_: MouseEvent| d.dispatch(TableAction::DismissError(id)));
        html! {
            <div class="toast" role="alert" data-testid="error" data-code={e.error.code()}>
                <span>{ error_message(lang, &e.error) }</span>
                <button type="button" class="btn-icon" aria-label={s.close} {onclick}>{ "×" }</button>
            </div>
        }
    });

    let last_trick_button = (config.settings.show_last_trick
        && view.last_trick.is_some()
        && st.held.is_none()
        && phase == HokmPhase::Playing)
        .then(|| {
            let d = dispatcher.clone();
            let onclick =
                Callback::from(move |_: MouseEvent| d.dispatch(TableAction::ToggleLastTrick));
            html! {
                <button type="button" class="btn btn-small btn-secondary" data-testid="last-trick"
                    aria-pressed={st.show_last.to_string()} {onclick}>
                    { if st.show_last { s.hide_last_trick } else { s.last_trick } }
                </button>
            }
        });

    let result = match (&view.result, phase, st.held) {
        (Some(r), HokmPhase::HandOver | HokmPhase::MatchOver, None) => {
            let d = dispatcher.clone();
            let on_next = Callback::from(move |_| d.dispatch(TableAction::NextHand));
            let next_config = config.clone();
            let on_new_match = Callback::from(move |_| {
                let c = TableConfig {
                    seed: web::random_seed(),
                    ..next_config.clone()
                };
                web::go(&Route::HokmTable(c.to_query()).hash());
            });
            html! {
                <ResultPanel result={r.clone()} teams={teams.clone()} names={names.clone()}
                    score={view.score} target={config.settings.target} match_winner={view.winner}
                    {on_next} {on_new_match} />
            }
        }
        _ => Html::default(),
    };

    let cover_html = cover.map(|p| {
        let d = dispatcher.clone();
        html! {
            <Cover name={AttrValue::from(player_names[p].clone())}
                owner={config.players[p].kind == SeatKind::You && config.players[p].name.is_empty()}
                on_reveal={Callback::from(move |_| d.dispatch(TableAction::Reveal(p)))} />
        }
    });

    let seat_view = |pos: Pos| {
        let seat = pos.seat(bottom);
        html! {
            <SeatView {seat} {pos} name={names[seat.idx()].clone()}
                count={view.hand_counts[seat.idx()]} is_hakem={view.hakem == seat}
                is_turn={turn == Some(seat)} trump={view.trump} backs={pos != Pos::Bottom} />
        }
    };

    // A panel (draw, trump choice) takes the whole middle row on narrow screens.
    let has_panel = st.intro_open || (phase == HokmPhase::ChoosingTrump && my_turn);
    let busy = st.held.is_some() || st.bot_to_act().is_some();
    let share_url = web::url_of(&Route::HokmTable(config.to_query()).hash());
    let phase_name = match phase {
        HokmPhase::ChoosingTrump => "choosing_trump",
        HokmPhase::Playing => "playing",
        HokmPhase::HandOver => "hand_over",
        HokmPhase::MatchOver => "match_over",
    };

    html! {
        <main class="page table-page" data-testid="table" data-phase={phase_name}
            data-turn={turn.map(|t| t.0.to_string()).unwrap_or_default()}
            data-bottom={bottom.0.to_string()} data-busy={busy.to_string()}>
            <header class="topbar table-topbar">
                <a class="btn-ghost home-link" href="#/" data-testid="home-link" aria-label={s.home}>
                    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <path d="M3 11 L12 3 L21 11 M5 9.5 V21 H10 V15 H14 V21 H19 V9.5" />
                    </svg>
                </a>
                <Scoreboard teams={teams.clone()} score={view.score} tricks={view.tricks}
                    target={config.settings.target} my_side={bottom.side()} trump={view.trump}
                    hakem={names[view.hakem.idx()].clone()} hand_number={view.hand_number} />
                <div class="topbar-actions">
                    <Share url={AttrValue::from(share_url)} />
                    <LangToggle />
                </div>
            </header>
            <div class={classes!("felt", has_panel.then_some("has-panel"))} dir="ltr" role="region"
                aria-label={s.table_label}>
                { seat_view(Pos::Top) }
                { seat_view(Pos::Left) }
                <div class="center" dir={lang.dir()}>{ center }</div>
                { seat_view(Pos::Right) }
            </div>
            <section class="me">
                <div class="me-bar">
                    { seat_view(Pos::Bottom) }
                    <p class={classes!("status", my_turn.then_some("mine"))} data-testid="status"
                        aria-live="polite">{ status }</p>
                    { for last_trick_button }
                </div>
                { for error }
                { hand }
            </section>
            { result }
            { for cover_html }
        </main>
    }
}
