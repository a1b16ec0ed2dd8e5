//! The table's state hook: the state of a table and everything that runs beside it.

use crate::adapters::UiGame;
use crate::components::sheet::use_match_stats;
use crate::config::TableConfig;
use crate::context::{use_prefs, AppCtx, Notice};
use crate::online::{OnlineLink, Plug};
use crate::state::{
    parse_save, save_key, TableAction, TableState, BOT_QUICK_MS, ERROR_MS, TRICK_COLLECT_MS,
};
use crate::web;
use engine::table::Public;
use gloo::timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::prelude::*;
/// How long an introduction panel (Hokm's hakem draw) stays open by itself, in ms.
pub const INTRO_MS: u32 = 6000;

/// Builds the table's state: the saved game if it is this table's, else a new match. A save
/// that cannot be read, or that does not replay, is dropped with a notice.
pub fn initial_state<G: UiGame>(config: TableConfig<G::Settings>) -> TableState<G> {
    let failed = |config| {
        let mut st = TableState::new(config);
        st.restore_failed = true;
        st
    };
    match web::storage_get(&save_key(G::ID.slug())).map(|json| parse_save::<G>(&json)) {
        Some(Some(save)) if save.config == config => {
            TableState::restore(&save).unwrap_or_else(|| failed(config))
        }
        Some(None) => failed(config),
        _ => TableState::new(config),
    }
}

/// The table's state, with everything that runs beside it: the restore notice, saving after
/// every action, bots acting after a delay (the device's [`Speed`]), a completed trick held
/// then gathered, sounds, messages fading and the introduction panel closing by itself.
#[hook]
pub fn use_table<G: UiGame>(
    config: TableConfig<G::Settings>,
    online: Option<OnlineLink>,
) -> UseReducerHandle<TableState<G>> {
    let ctx = use_context::<AppCtx>();
    let prefs = use_prefs();
    // Online: the game's plug, made by its online page (an offline page has none).
    let plug = online
        .as_ref()
        .and_then(|l| l.plug.clone().downcast::<Plug<G>>().ok());
    let link = online.clone();
    let opening = plug.clone();
    // Offline: the page's local plug (an online page has none, and links none of it).
    let local = crate::local::plug::<G>();
    let opener = local.clone();
    let state = use_reducer(move || {
        let online = link.zip(opening).and_then(|(l, p)| (p.open)(&config, &l));
        // The room page opens a table only on a snapshot that reads as this game's
        // (`pages::room`), and only an offline page opens one without a link.
        online
            .or_else(|| opener.map(|p| (p.open)(config)))
            .expect("a table opens on a room's snapshot, or on a page that plays locally")
    });
    // Online: the relay's frames for this seat, and its refusals of this seat's moves.
    {
        let d = state.dispatcher();
        let source = state.source.clone();
        use_effect_with(online, move |online| {
            let hub = online.as_ref().map(|l| l.hub.clone());
            if let (Some(hub), Some(plug)) = (&hub, plug) {
                hub.listen(Callback::from(move |frame: protocol::RawJson| {
                    if let Some(u) = (plug.read)(&frame) {
                        d.dispatch(TableAction::Receive(vec![u]));
                    }
                }));
                hub.on_error(Some(Callback::from(move |e: protocol::ErrorBody| {
                    source.borrow_mut().refused(&e.error)
                })));
            }
            move || {
                if let Some(hub) = hub {
                    hub.unlisten();
                    hub.on_error(None);
                }
            }
        });
    }
    let dispatcher = state.dispatcher();
    // A finished match counts in this device's statistics, once.
    use_match_stats(&state);

    // A save that did not replay: tell the player once.
    {
        let failed = state.restore_failed;
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
        use_effect_with(state.step, move |_| {
            // Online, the relay keeps the match (and there is no local plug).
            if let Some(p) = local.filter(|_| st.own.is_none()) {
                (p.save)(&st);
            }
        });
    }

    // Bots act after a short delay.
    {
        let st = state.clone();
        let bot = state.bot_to_act();
        // In a simultaneous choice (Bidel's passing) bots pick quickly: nobody waits on
        // them card by card.
        let delay = if state.acting().iter().count() > 1 {
            BOT_QUICK_MS.min(prefs.speed.bot_ms())
        } else {
            prefs.speed.bot_ms()
        };
        use_effect_with((state.epoch, bot), move |&(_, bot)| {
            // The choice is asked now (a hard bot thinks in its worker meanwhile) and played
            // once both the answer is in and the delay is over. The driver answers for the
            // step it was asked on; the table drops an answer that comes after it moved on.
            let alive = Rc::new(Cell::new(true));
            let timer = bot.map(|seat| {
                let step = st.step;
                let answer: Rc<RefCell<Option<G::Action>>> = Rc::default();
                let waited = Rc::new(Cell::new(false));
                let play = {
                    let (st, alive) = (st.clone(), alive.clone());
                    move |action| {
                        if alive.get() {
                            st.dispatch(TableAction::Bot { seat, step, action });
                        }
                    }
                };
                let later = {
                    let (answer, waited, play) = (answer.clone(), waited.clone(), play.clone());
                    Box::new(move |action| {
                        if waited.get() {
                            play(action);
                        } else {
                            *answer.borrow_mut() = Some(action);
                        }
                    })
                };
                // A hard bot starts thinking now; a rule bot chooses when the delay is over
                // (as it always has: its choices do not depend on the page's re-renders).
                let hard = st.bots.borrow().is_hard(seat);
                if hard {
                    let now = st.bots.borrow_mut().ask(seat, step, later);
                    if now.is_some() {
                        *answer.borrow_mut() = now;
                    }
                }
                let bots = st.bots.clone();
                Timeout::new(delay, move || {
                    waited.set(true);
                    let action = if hard {
                        answer.borrow_mut().take()
                    } else {
                        bots.borrow_mut().ask(seat, step, Box::new(|_| {}))
                    };
                    if let Some(action) = action {
                        play(action);
                    }
                })
            });
            move || {
                alive.set(false);
                drop(timer)
            }
        });
    }

    // A hard bot at the table: its worker starts loading at once.
    {
        let bots = state.bots.clone();
        use_effect_with((), move |_| {
            let wanted = bots.borrow().wants_worker();
            if wanted {
                bots.borrow_mut().start_worker();
            }
        });
    }

    // A completed trick stays a moment, is gathered to its winner, then goes (HK-11). A tap
    // on the felt gathers it at once (see `frame`).
    {
        let d = dispatcher.clone();
        let held = state.held.as_ref().map(|h| (h.id, h.collecting));
        let hold_ms = prefs.speed.hold_ms();
        let animates = prefs.speed.animates();
        use_effect_with(held, move |&held| {
            let timer = held.map(|(id, collecting)| {
                let reduced = !animates || web::prefers_reduced_motion();
                let ms = if collecting {
                    TRICK_COLLECT_MS
                } else {
                    hold_ms
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

    // Sounds: a card played (any action), a trick won, and the bottom player's turn, which
    // also vibrates a phone. None for the state a page opens with.
    {
        let sound = prefs.sound;
        let seen = use_mut_ref(|| None::<(u32, Option<u64>, bool)>);
        let len = state.step;
        let acted = matches!(
            state.events.last(),
            Some((at, Public::Event(_) | Public::Timeout { .. })) if *at == len
        );
        let trick = state.held.as_ref().filter(|h| !h.collecting).map(|h| h.id);
        let bottom = state.seat_of(state.viewer());
        let mine = state.cover_for().is_none() && state.acting().contains(bottom) && !state.watch;
        use_effect_with((len, trick, mine), move |&(len, trick, mine)| {
            let before = seen.borrow_mut().replace((len, trick, mine));
            if let (true, Some((len0, trick0, mine0))) = (sound, before) {
                if len > len0 && acted {
                    web::sound("card");
                }
                if trick.is_some() && trick != trick0 {
                    web::sound("trick");
                }
                if mine && !mine0 {
                    web::sound("turn");
                    web::vibrate(40);
                }
            }
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

    // The introduction panel closes by itself.
    {
        let d = dispatcher;
        use_effect_with(state.intro_open, move |&open| {
            let timer =
                open.then(|| Timeout::new(INTRO_MS, move || d.dispatch(TableAction::CloseIntro)));
            move || drop(timer)
        });
    }

    state
}
