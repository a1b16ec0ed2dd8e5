//! The room settings a table lists (read-only, behind a button in the top bar) and the
//! device's own preferences.

use super::net::RoomInfo;
use crate::adapters::UiSettings;
use crate::components::sheet::escape;
use crate::context::AppCtx;
use crate::i18n::Lang;
use crate::prefs::{Prefs, Speed};
use yew::prelude::*;
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
pub struct RoomWords {
    pub grace: &'static str,
    pub turn: &'static str,
    pub at_once: &'static str,
    pub off: &'static str,
    pub secs: &'static str,
    pub mins: &'static str,
}

pub fn room_words(lang: Lang) -> RoomWords {
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

/// Settings as a list of label and value (`<dl>` with `attrs`, each row with its test id
/// and raw value). Markup text: it is only shown, and text is less of the page's code than
/// elements built one by one (issue 25).
pub fn setting_list<'a>(attrs: &str, rows: impl Iterator<Item = &'a SettingRow>) -> Html {
    let mut out = format!("<dl{attrs}>");
    for r in rows {
        out += &format!(
            r#"<div class="setting-row" data-testid="setting-{}" data-value="{}"><dt>{}</dt><dd>{}</dd></div>"#,
            r.testid,
            r.raw,
            r.label,
            escape(&r.value)
        );
    }
    Html::from_html_unchecked((out + "</dl>").into())
}

/// The room settings, read-only, behind a button in the top bar, with a link to the rules
/// (`rules`, the rule page's hash) and this device's preferences; the panel shows while `open`,
/// and `toggle` opens or closes it. Online, `room` holds the room's own settings after the
/// game's `rows`.
pub fn table_settings(
    lang: Lang,
    ctx: Option<&AppCtx>,
    open: bool,
    toggle: Callback<MouseEvent>,
    rows: &[SettingRow],
    rules: &str,
    room: Option<&RoomInfo>,
) -> Html {
    let s = lang.s();
    let room = room.map(|r| r.settings.as_slice()).unwrap_or_default();
    html! {
        <div class="table-settings">
            <button type="button" class="btn-ghost btn-icon-text" data-testid="settings-button"
                aria-expanded={open.to_string()} aria-label={s.table_settings} title={s.table_settings}
                onclick={toggle.clone()}>
                { icon!(r#"<path d="M5 4 H19 V20 H5 Z M8 8 H16 M8 12 H16 M8 16 H13" />"#) }
            </button>
            if open {
                <div class="panel share-pop settings-panel" data-testid="settings-panel" role="dialog"
                    aria-label={s.table_settings}>
                    <h2>{ s.table_settings }</h2>
                    { setting_list("", rows.iter().chain(room)) }
                    { device_prefs(lang, ctx) }
                    <div class="popover-actions">
                        <a class="btn btn-small btn-secondary" data-testid="rules-link"
                            href={rules.to_string()}>{ s.rules }</a>
                        <button type="button" class="btn btn-small" onclick={toggle}>{ lang.site().close }</button>
                    </div>
                </div>
            }
        </div>
    }
}

/// The preferences of this device, under the room's rules: sound (and vibration) on or off,
/// and the bots' speed. Remembered in local storage.
fn device_prefs(lang: Lang, ctx: Option<&AppCtx>) -> Html {
    let s = lang.s();
    let prefs = ctx.map_or_else(Prefs::load, |c| c.prefs);
    let set = ctx.map(|c| c.set_prefs.clone()).unwrap_or_default();
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
