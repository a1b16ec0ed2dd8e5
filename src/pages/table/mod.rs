//! The tables. What every game's table shares is here: the [`use_table`] hook (the state,
//! saving after every action, bots acting after a short delay, a finished trick held in
//! view, messages fading), names, the pass-and-play cover, the trick in the middle, the
//! read-only room settings, and the [`frame`] every table is drawn in. Each game's module
//! draws what is its own (the auction, the widow, passing, the trump choice, results).

pub mod bidel;
pub mod crazy_eights;
pub mod haft_khabis;
pub mod hokm;
pub mod pasur;
pub mod shedding;
pub mod shelem;

use crate::adapters::{ShownTrick, UiGame, UiSettings};
use crate::components::cover::Cover;
use crate::components::lang_toggle::LangToggle;
use crate::components::net::{NetBadge, RoomInfo, TurnClockBadge};
use crate::components::one_tab::OneTab;
use crate::components::share::Share;
use crate::components::sheet::{sheet_context, use_match_stats, ScoresButton, SheetCtx};
use crate::components::trick::TrickView;
use crate::config::{SeatKind, TableConfig};
use crate::context::{use_lang, use_prefs, AppCtx, Notice};
use crate::i18n::{about, fill, Lang};
use crate::online::{OnlineLink, Plug};
use crate::prefs::{Prefs, Speed};
use crate::route::Route;
use crate::seen::{Pos, Seen};
use crate::state::{
    parse_save, save_key, TableAction, TableState, BOT_QUICK_MS, ERROR_MS, TRICK_COLLECT_MS,
};
use crate::web;
use engine::table::Public;
use engine::{Card, Seat};
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
                hub.listen(Callback::from(move |frame: serde_json::Value| {
                    if let Some(u) = (plug.read)(frame) {
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
        let mine = state.cover_for().is_none() && state.acting().contains(bottom);
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

/// The cards in the middle: the last trick under review, else a completed trick held for a
/// moment (then gathered to its winner), else the trick in progress.
pub fn trick_center<G: UiGame>(
    st: &TableState<G>,
    seen: &Seen,
    lang: Lang,
    current: &[(Seat, Card)],
    last: Option<ShownTrick>,
) -> Html {
    let s = lang.s();
    let place = |t: &[(Seat, Card)]| -> Vec<(Seat, Pos, Card)> {
        t.iter()
            .map(|&(seat, c)| (seat, seen.pos(seat), c))
            .collect()
    };
    if let (true, Some(t)) = (st.show_last, last) {
        let caption = about(
            lang,
            &seen.name(t.winner),
            s.last_trick_won_by,
            s.last_trick_won_by_you,
            &[],
        );
        html! {
            <TrickView cards={place(&t.cards)} winner={Some(t.winner)}
                caption={AttrValue::from(caption)} review=true />
        }
    } else if let Some(h) = &st.held {
        let t = &h.trick;
        let caption = about(
            lang,
            &seen.name(t.winner),
            s.trick_won_by,
            s.trick_won_by_you,
            &[],
        );
        html! {
            <TrickView cards={place(&t.cards)} winner={Some(t.winner)}
                caption={AttrValue::from(caption)}
                collect_to={h.collecting.then_some(seen.pos(t.winner))} />
        }
    } else {
        html! { <TrickView cards={place(current)} /> }
    }
}

/// The message of the last illegal click, with a close button.
pub fn error_toast<G: UiGame>(st: &UseReducerHandle<TableState<G>>, lang: Lang) -> Option<Html> {
    let e = st.error.as_ref()?;
    let d = st.dispatcher();
    let id = e.id;
    let onclick = Callback::from(move |_: MouseEvent| d.dispatch(TableAction::DismissError(id)));
    Some(html! {
        <div class="toast" role="alert" data-testid="error" data-code={engine::RuleError::code(&e.error)}>
            <span>{ G::error_message(lang, &e.error) }</span>
            <button type="button" class="btn-icon" aria-label={lang.s().close} {onclick}>{ "×" }</button>
        </div>
    })
}

/// The pass-and-play cover, when two or more people share the device.
pub fn cover<G: UiGame>(st: &UseReducerHandle<TableState<G>>, seen: &Seen) -> Option<Html> {
    let p = seen.cover?;
    let d = st.dispatcher();
    let player = st.config.players.get(p)?;
    Some(html! {
        <Cover name={AttrValue::from(seen.by_player.get(p).cloned().unwrap_or_default())}
            owner={player.kind == SeatKind::You && player.name.is_empty()}
            on_reveal={Callback::from(move |_| d.dispatch(TableAction::Reveal(p)))} />
    })
}

/// The button that reviews the last trick (HK-11), when the setting is on.
pub fn last_trick_button<G: UiGame>(
    st: &UseReducerHandle<TableState<G>>,
    lang: Lang,
    available: bool,
) -> Option<Html> {
    if !available || st.held.is_some() {
        return None;
    }
    let s = lang.s();
    let d = st.dispatcher();
    let onclick = Callback::from(move |_: MouseEvent| d.dispatch(TableAction::ToggleLastTrick));
    Some(html! {
        <button type="button" class="btn btn-small btn-secondary" data-testid="last-trick"
            aria-pressed={st.show_last.to_string()} {onclick}>
            { if st.show_last { s.hide_last_trick } else { s.last_trick } }
        </button>
    })
}

/// A new match of the same table with a fresh seed.
pub fn new_match_callback<G: UiGame>(config: &TableConfig<G::Settings>) -> Callback<()> {
    let config = config.clone();
    Callback::from(move |_| {
        let c = TableConfig {
            seed: web::random_seed(),
            ..config.clone()
        };
        web::go(&Route::Table(G::ID, c.to_query()).hash());
    })
}

/// One room setting as the table lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingRow {
    pub testid: String,
    pub label: &'static str,
    pub value: String,
    /// The raw value (0/1 for switches).
    pub raw: i64,
}

/// The settings of a table of `players`, as rows of label and value.
pub fn setting_rows<S: UiSettings>(lang: Lang, settings: &S, players: u8) -> Vec<SettingRow> {
    let s = lang.s();
    let mut rows = vec![SettingRow {
        testid: "opt-players".into(),
        label: s.opt_players,
        value: lang.num(players),
        raw: players as i64,
    }];
    rows.extend(S::options().iter().filter(|o| o.applies(players)).map(|o| {
        let raw = settings.get(o.key);
        let value = if o.is_flag() {
            (if raw != 0 { s.on } else { s.off }).to_string()
        } else {
            S::value_label(o.key, raw, lang)
                .map(str::to_string)
                .unwrap_or_else(|| lang.num(raw))
        };
        SettingRow {
            testid: o.testid(),
            label: o.label(lang),
            value,
            raw,
        }
    }));
    rows
}

/// The grace periods the online create form offers (seconds before a bot plays for a
/// person who is away; the relay allows 0 to `RoomOptions::MAX_GRACE_SECS`).
pub const GRACE_CHOICES: [u32; 6] = [0, 15, 30, 60, 120, 300];

/// The words of a room's own settings: the grace period's and the turn timer's labels,
/// "at once", "off", and the units.
struct RoomWords {
    grace: &'static str,
    turn: &'static str,
    at_once: &'static str,
    off: &'static str,
    secs: &'static str,
    mins: &'static str,
}

fn room_words(lang: Lang) -> RoomWords {
    match lang {
        Lang::Fa => RoomWords {
            grace: "مهلت پیش از آنکه ربات به جای غایب بازی کند",
            turn: "زمان هر نوبت",
            at_once: "بی‌درنگ",
            off: "خاموش",
            secs: "ثانیه",
            mins: "دقیقه",
        },
        Lang::En => RoomWords {
            grace: "Wait before a bot plays for someone away",
            turn: "Turn timer",
            at_once: "at once",
            off: "Off",
            secs: "s",
            mins: "min",
        },
    }
}

/// A number of seconds as a setting shows it: "30 s", "2 min" (`zero` for 0).
pub fn secs_text(lang: Lang, secs: u32, zero: &'static str) -> String {
    let w = room_words(lang);
    match secs {
        0 => zero.to_string(),
        s if s % 60 == 0 => format!("{} {}", lang.num(s / 60), w.mins),
        s => format!("{} {}", lang.num(s), w.secs),
    }
}

/// A room's own settings (the relay's, beside the game's): the grace period before a bot
/// plays for a person away, and the turn timer (D-7), as rows of the settings panel.
pub fn room_rows(lang: Lang, grace_secs: u32, turn_secs: u32) -> Vec<SettingRow> {
    let w = room_words(lang);
    vec![
        SettingRow {
            testid: "room-grace".into(),
            label: w.grace,
            value: secs_text(lang, grace_secs, w.at_once),
            raw: grace_secs.into(),
        },
        SettingRow {
            testid: "room-turn".into(),
            label: w.turn,
            value: secs_text(lang, turn_secs, w.off),
            raw: turn_secs.into(),
        },
    ]
}

/// The labels of a room's settings and their zero values: `(grace, turn, at once, off)`.
pub fn room_labels(lang: Lang) -> (&'static str, &'static str, &'static str, &'static str) {
    let w = room_words(lang);
    (w.grace, w.turn, w.at_once, w.off)
}

#[derive(Properties, PartialEq)]
pub struct TableSettingsProps {
    pub rows: Vec<SettingRow>,
    /// The rule page's hash.
    pub rules: AttrValue,
}

/// The room settings, read-only, behind a button in the top bar, with a link to the rules.
#[function_component(TableSettings)]
pub fn table_settings(props: &TableSettingsProps) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let open = use_state(|| false);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    // Online: the room's own settings after the game's.
    let room = use_context::<RoomInfo>()
        .map(|r| room_rows(lang, r.options.grace_secs, r.options.turn_secs))
        .unwrap_or_default();
    html! {
        <div class="table-settings">
            <button type="button" class="btn-ghost btn-icon-text" data-testid="settings-button"
                aria-expanded={open.to_string()} aria-label={s.table_settings} title={s.table_settings}
                onclick={toggle.clone()}>
                <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M5 4 H19 V20 H5 Z M8 8 H16 M8 12 H16 M8 16 H13" />
                </svg>
            </button>
            if *open {
                <div class="panel share-pop settings-panel" data-testid="settings-panel" role="dialog"
                    aria-label={s.table_settings}>
                    <h2>{ s.table_settings }</h2>
                    <dl>
                        { for props.rows.iter().chain(&room).map(|r| html! {
                            <div class="setting-row" data-testid={format!("setting-{}", r.testid)}
                                data-value={r.raw.to_string()}>
                                <dt>{ r.label }</dt>
                                <dd>{ r.value.clone() }</dd>
                            </div>
                        }) }
                    </dl>
                    <DevicePrefs />
                    <div class="popover-actions">
                        <a class="btn btn-small btn-secondary" data-testid="rules-link"
                            href={props.rules.clone()}>{ s.rules }</a>
                        <button type="button" class="btn btn-small" onclick={toggle}>{ s.close }</button>
                    </div>
                </div>
            }
        </div>
    }
}

/// The preferences of this device, under the room's rules: sound (and vibration) on or off,
/// and the bots' speed. Remembered in local storage.
#[function_component(DevicePrefs)]
fn device_prefs() -> Html {
    let lang = use_lang();
    let s = lang.s();
    let ctx = use_context::<AppCtx>();
    let prefs = ctx.as_ref().map_or_else(Prefs::load, |c| c.prefs);
    let set = ctx.map(|c| c.set_prefs).unwrap_or_default();
    let on_sound = {
        let set = set.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                set.emit(Prefs {
                    sound: input.checked(),
                    ..prefs
                });
            }
        })
    };
    let on_speed = Callback::from(move |e: Event| {
        if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
            if let Some(speed) = Speed::from_code(&select.value()) {
                set.emit(Prefs { speed, ..prefs });
            }
        }
    });
    let speed_label = |sp: Speed| match sp {
        Speed::Slow => s.speed_slow,
        Speed::Normal => s.speed_normal,
        Speed::Fast => s.speed_fast,
        // Never listed (not in `Speed::ALL`): only the tests set it.
        Speed::Instant => s.speed_fast,
    };
    html! {
        <section class="device-prefs" data-testid="device-prefs">
            <h3>{ s.on_this_device }</h3>
            <label class="pref-row">
                <span>{ s.sound }</span>
                <input type="checkbox" role="switch" data-testid="pref-sound" checked={prefs.sound}
                    onchange={on_sound} />
            </label>
            <label class="pref-row">
                <span>{ s.bot_speed }</span>
                <select data-testid="pref-speed" onchange={on_speed}>
                    { for Speed::ALL.into_iter().map(|sp| html! {
                        <option value={sp.code()} selected={sp == prefs.speed}>{ speed_label(sp) }</option>
                    }) }
                </select>
            </label>
        </section>
    }
}

/// The parts of a table screen, drawn by [`frame`].
pub struct Frame {
    /// `data-phase` of the page, for tests and styles.
    pub phase: &'static str,
    /// Who may act (`data-turn`; the first when several choose at once).
    pub turn: Option<Seat>,
    /// The middle of the top bar: scores and the state of the hand.
    pub scoreboard: Html,
    /// The other seats around the felt, in any order.
    pub seats: Html,
    /// The middle of the felt.
    pub center: Html,
    /// A panel (a choice) takes the whole middle row on narrow screens.
    pub has_panel: bool,
    /// The bottom seat's plate.
    pub bottom_seat: Html,
    /// Whose turn it is, in words.
    pub status: String,
    /// Buttons beside the status.
    pub bar_extra: Html,
    /// The bottom player's cards (or their backs under the cover).
    pub hand: Html,
    /// A result panel over the table.
    pub result: Html,
}

/// Draws a table: top bar (home, scoreboard, settings, share, language), the felt with the
/// seats and the middle, the bottom player's bar and hand, then overlays.
pub fn frame<G: UiGame>(
    st: &UseReducerHandle<TableState<G>>,
    seen: &Seen,
    lang: Lang,
    parts: Frame,
) -> Html {
    let s = lang.s();
    let config = &st.config;
    let here = Route::Table(G::ID, config.to_query()).hash();
    let share_url = web::url_of(&here);
    let sheet = sheet_context(st, seen, lang, &here);
    let rules = Route::Rules(G::ID, Some(here)).hash();
    let rows = setting_rows(lang, &config.settings, config.player_count());
    let error = error_toast(st, lang);
    let cover = cover(st, seen);
    // A hard bot about to act is thinking in its worker (style.css marks its plate).
    let thinking = st.bot_to_act().filter(|&b| st.bots.borrow().is_hard(b));
    // The hint and the hand replay: only where the page plays locally.
    let local = crate::local::plug::<G>();
    // A tap anywhere on the felt gathers a finished trick at once instead of waiting.
    let held = st.held.as_ref().filter(|h| !h.collecting).map(|h| h.id);
    let skip = {
        let d = st.dispatcher();
        Callback::from(move |_: MouseEvent| {
            if let Some(id) = held {
                d.dispatch(TableAction::HoldStep {
                    id,
                    skip_animation: false,
                });
            }
        })
    };
    html! {
        <ContextProvider<SheetCtx> context={sheet}>
        <main class={classes!("page", "table-page", format!("players-{}", seen.n))} data-testid="table"
            data-game={G::ID.slug()} data-phase={parts.phase}
            data-turn={parts.turn.map(|t| t.0.to_string()).unwrap_or_default()}
            data-bottom={seen.bottom.0.to_string()} data-busy={seen.busy.to_string()}
            data-step={st.step.to_string()}
            data-thinking={thinking.map(|t| t.0.to_string())}>
            <header class="topbar table-topbar">
                <a class="btn-ghost home-link" href={Route::Home.href()} data-testid="home-link" aria-label={s.home}>
                    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <path d="M3 11 L12 3 L21 11 M5 9.5 V21 H10 V15 H14 V21 H19 V9.5" />
                    </svg>
                </a>
                { parts.scoreboard }
                <div class="topbar-actions">
                    <ScoresButton />
                    <TableSettings {rows} rules={AttrValue::from(rules)} />
                    <Share url={AttrValue::from(share_url)} />
                    <LangToggle />
                </div>
            </header>
            // The result lies over the felt and the hand only: the top bar (home, scores,
            // settings, language) stays in reach.
            <div class="table-body">
                <div class={classes!("felt", parts.has_panel.then_some("has-panel"), held.map(|_| "skippable"))}
                    dir="ltr" role="region" aria-label={s.table_label} onclick={skip}
                    title={held.map(|_| s.tap_to_skip)}>
                    { parts.seats }
                    <div class="center" dir={lang.dir()}>{ parts.center }</div>
                    <NetBadge />
                    if thinking.is_some() {
                        <span class="thinking-note" data-testid="thinking" role="status">{ s.thinking }</span>
                    }
                </div>
                <section class="me">
                    <div class="me-bar">
                        { parts.bottom_seat }
                        <p class={classes!("status", seen.my_turn.then_some("mine"))} data-testid="status"
                            aria-live="polite">{ parts.status }</p>
                        <TurnClockBadge />
                        { parts.bar_extra }
                        { for local.as_ref().map(|p| (p.hint)(st, seen.my_turn)) }
                    </div>
                    { for error }
                    { parts.hand }
                </section>
                { match &local {
                    Some(p) => (p.result)(st, seen, parts.result),
                    None => parts.result,
                } }
            </div>
            { for cover }
        </main>
        </ContextProvider<SheetCtx>>
    }
}

/// The hint button of a local table ([`crate::local::LocalPlug::hint`]).
pub fn hint<G: UiGame>(st: &UseReducerHandle<TableState<G>>, my_turn: bool) -> Html {
    html! { <HintButton<G> st={st.clone()} {my_turn} /> }
}

#[derive(Properties)]
pub struct HintProps<G: UiGame> {
    pub st: UseReducerHandle<TableState<G>>,
    /// The bottom seat may act and nothing covers it.
    pub my_turn: bool,
}

impl<G: UiGame> PartialEq for HintProps<G> {
    fn eq(&self, other: &Self) -> bool {
        self.st.epoch == other.st.epoch && self.my_turn == other.my_turn
    }
}

/// The hint on the player's turn, where the game has a hard bot: the hard bot's choice for
/// the player's own seat, from that seat's updates only (the worker keeps a bot for it).
/// It names the choice, and lights up the card in the hand.
#[function_component(HintButton)]
pub fn hint_button<G: UiGame>(props: &HintProps<G>) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let st = &props.st;
    let step = st.step;
    let seat = st.seat;
    // The newest hint asked or shown: its step, and the choice once known.
    let hint = use_state(|| None::<(u32, Option<G::Action>)>);
    let offered = props.my_turn && st.bots.borrow().hints(seat);
    if !offered {
        return Html::default();
    }
    let onclick = {
        let (hint, bots) = (hint.clone(), st.bots.clone());
        Callback::from(move |_: MouseEvent| {
            hint.set(Some((step, None)));
            let later = {
                let hint = hint.clone();
                Box::new(move |a| hint.set(Some((step, Some(a)))))
            };
            let now = bots.borrow_mut().ask(seat, step, later);
            if let Some(a) = now {
                hint.set(Some((step, Some(a))));
            }
        })
    };
    let here = hint.as_ref().filter(|(at, _)| *at == step);
    let (text, card) = match here {
        Some((_, Some(a))) => match G::hint(lang, a) {
            Some((what, card)) => (fill(s.hint_is, &[("what", &what)]), card),
            None => (s.hint_unnamed.to_string(), None),
        },
        _ => (String::new(), None),
    };
    let waiting = matches!(here, Some((_, None)));
    html! {
        <div class="hint" data-testid="hint">
            <button type="button" class={classes!("btn-ghost", "hint-btn", waiting.then_some("waiting"))}
                data-testid="hint-button" title={s.hint_title} aria-busy={waiting.to_string()}
                disabled={waiting} {onclick}>{ s.hint }</button>
            if !text.is_empty() {
                <span class="hint-text" data-testid="hint-text" data-card={card.map(|c| c.to_string())}
                    aria-live="polite">{ text }</span>
            }
            // The suggested card, lit up in the hand.
            if let Some(c) = card {
                <style>{ format!(".hand [data-card=\"{c}\"] {{ outline: 3px solid #f2c14e; outline-offset: 2px; border-radius: 8px; }}") }</style>
            }
        </div>
    }
}

/// A game with a table screen.
pub trait TablePage: UiGame {
    /// The game's table screen for a canonical link (`key` renews it when the link changes);
    /// with `online`, the table of a room on the relay.
    fn table(config: TableConfig<Self::Settings>, key: String, online: Option<OnlineLink>) -> Html;
}

/// A game's table screen: a canonical link's settings and seats.
#[derive(Properties, PartialEq)]
pub struct TableProps<S: PartialEq> {
    pub config: TableConfig<S>,
    /// Played online: the room's link (the table then runs on the relay's frames).
    #[prop_or_default]
    pub online: Option<OnlineLink>,
}

#[derive(Properties, PartialEq)]
pub struct TableRouteProps {
    pub query: AttrValue,
}

/// What the router decided to show for a table link.
#[derive(Clone, PartialEq)]
enum TableLink<S> {
    /// The link is canonical: show this table.
    Show(TableConfig<S>, String),
    /// The link must be rewritten (seed added, bad values replaced) first.
    Rewrite(String, bool),
}

fn table_link<G: UiGame>(query: &str) -> TableLink<G::Settings> {
    let parsed = TableConfig::<G::Settings>::from_query(query, G::PLAYER_COUNTS);
    let mut config = parsed.config;
    if parsed.seed.is_none() {
        config.seed = web::random_seed();
    }
    let canonical = config.to_query();
    if canonical == query && !parsed.had_errors {
        TableLink::Show(config, canonical)
    } else {
        TableLink::Rewrite(canonical, parsed.had_errors)
    }
}

/// A table link: made canonical first (a seed added, bad values replaced, with a notice),
/// then the game's table. Memoized on the link, so a missing seed is drawn once.
#[function_component(TableRoute)]
pub fn table_route<G: TablePage>(props: &TableRouteProps) -> Html {
    let ctx = use_context::<AppCtx>();
    let link = use_memo(props.query.clone(), |q| table_link::<G>(q));
    {
        let rewrite = match &*link {
            TableLink::Rewrite(q, bad) => Some((q.clone(), *bad)),
            TableLink::Show(..) => None,
        };
        use_effect_with(rewrite, move |rewrite| {
            if let Some((q, bad)) = rewrite {
                if *bad {
                    if let Some(ctx) = ctx {
                        ctx.notify.emit(Notice::BadLink);
                    }
                }
                web::replace(&Route::Table(G::ID, q.clone()).hash());
            }
        });
    }
    match &*link {
        TableLink::Show(config, key) => html! {
            <OneTab slug={G::ID.slug()}>{ G::table(config.clone(), key.clone(), None) }</OneTab>
        },
        TableLink::Rewrite(..) => html! { <main class="page loading"><LangToggle /></main> },
    }
}
