//! What an online table shows of its room: the connection's state (connected, connecting
//! again, or offline, and which other people are away) in a corner of the felt, the turn
//! timer beside the status, and the reactions (`crate::components::reactions`). The room page
//! provides it all in one context ([`RoomInfo`]); the table's frame draws it through
//! `crate::components::room_parts` (`crate::pages::table::RoomParts`), and nothing at an
//! offline table.

use crate::cls;
use crate::i18n::Lang;
use std::rc::Rc;
use yew::prelude::*;

/// The state of the connection to the relay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Net {
    Connecting,
    Connected,
    Reconnecting,
    Offline,
}

/// What the badge shows.
#[derive(Clone, Debug, PartialEq)]
pub struct NetInfo {
    pub net: Net,
    /// The names of the other people who are away.
    pub away: Vec<String>,
}

/// What a table played online knows of its room beyond the game: the relay's settings of
/// the room (shown read-only in the table's settings), the match's score sheet as the
/// relay sends it (the page holds no match log online), the connection, the turn timer and
/// the reactions. The room page provides it as a context; an offline table has none.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomInfo {
    /// The connection's state and who is away.
    pub net: NetInfo,
    /// The turn timer, while one runs.
    pub clock: Option<TurnClock>,
    /// The room's own settings as rows of the settings panel (the online page's
    /// `room_rows`: the offline pages carry none of their code).
    pub settings: Rc<Vec<super::settings::SettingRow>>,
    /// The relay's sheet of the match, once received.
    pub sheet: Option<Rc<engine::tally::Tally>>,
    /// The reactions (issue 23): the bubbles on screen and how to send one.
    pub reactions: ReactionsInfo,
    /// How many watch the room (issue 23).
    pub watchers: u32,
}

/// The seat number a page watching a room uses for itself (issue 23): no seat has it.
pub const WATCHER: u8 = u8::MAX;

/// What the room tells the table about reactions (in its [`RoomInfo`]; drawn by `crate::components::reactions`).
#[derive(Clone, Debug, PartialEq)]
pub struct ReactionsInfo {
    /// The bubbles on screen: an id, the seat, the preset.
    pub shown: Rc<Vec<(u32, u8, String)>>,
    /// The seats this device has muted.
    pub muted: Rc<Vec<u8>>,
    /// This device's seat.
    pub me: u8,
    /// The names by seat.
    pub names: Rc<Vec<String>>,
    /// The seats of the other people at the table (bots never react: nothing to mute).
    pub people: Rc<Vec<u8>>,
    /// Sends a preset.
    pub send: Callback<String>,
    /// Mutes a seat, or unmutes it.
    pub mute: Callback<u8>,
}

impl Net {
    /// The state's name in `data-net` (without `str::to_lowercase`, whose Unicode tables
    /// would weigh on every page).
    pub fn code(self) -> &'static str {
        match self {
            Net::Connecting => "connecting",
            Net::Connected => "connected",
            Net::Reconnecting => "reconnecting",
            Net::Offline => "offline",
        }
    }
}

/// The badge's words: connected, connecting, reconnecting, offline, away.
fn words(lang: Lang) -> [&'static str; 5] {
    match lang {
        Lang::Fa => [
            "وصل",
            "در حال وصل شدن…",
            "وصل شدن دوباره…",
            "قطع",
            "دور از میز",
        ],
        Lang::En => [
            "Connected",
            "Connecting…",
            "Reconnecting…",
            "Offline",
            "away",
        ],
    }
}

/// The badge of `info` in `lang`.
pub fn net_badge(lang: Lang, info: &NetInfo) -> Html {
    let w = words(lang);
    let (class, text) = match info.net {
        Net::Connected => ("net-ok", w[0]),
        Net::Connecting => ("net-wait", w[1]),
        Net::Reconnecting => ("net-wait", w[2]),
        Net::Offline => ("net-off", w[3]),
    };
    html! {
        <div class={cls!("net-badge", class)} data-testid="net"
            data-net={info.net.code()} role="status" aria-live="polite">
            <span class="net-dot" aria-hidden="true"></span>
            <span>{ text }</span>
            { for info.away.iter().map(|n| html! {
                <span class="net-away" data-testid="away">{ format!(" · {n}: {}", w[4]) }</span>
            }) }
        </div>
    }
}

/// D-7's turn timer of an online table, as the relay last sent it: who must act and when
/// their time runs out, on this page's own monotonic clock (`performance.now()` when the
/// relay's `clock` message arrived, plus the time it said was left: no clock is shared
/// with the relay). The room page provides it as a context ([`ClockInfo`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TurnClock {
    /// The seats whose time runs (people who must act).
    pub seats: Vec<u8>,
    /// The display names by seat (this device's seat is "you").
    pub names: Vec<String>,
    /// This device's seat.
    pub me: u8,
    /// When the time runs out, in `performance.now()` milliseconds.
    pub deadline: f64,
}

/// Milliseconds on this page's monotonic clock.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The timer's words: "N s left" when this seat must act (beside the status, which says
/// it is this seat's turn), else "N s" after the names of those who must.
fn clock_text(lang: Lang, clock: &TurnClock, secs: u32) -> String {
    let n = lang.num(secs);
    if clock.seats.contains(&clock.me) {
        match lang {
            Lang::Fa => format!("{n} ثانیه مانده"),
            Lang::En => format!("{n} s left"),
        }
    } else {
        let sep = match lang {
            Lang::Fa => "، ",
            Lang::En => ", ",
        };
        let names = clock
            .seats
            .iter()
            .map(|&s| clock.names.get(usize::from(s)).cloned().unwrap_or_default())
            .collect::<Vec<_>>()
            .join(sep);
        match lang {
            Lang::Fa => format!("{names}: {n} ثانیه"),
            Lang::En => format!("{names}: {n} s"),
        }
    }
}

/// The turn timer's countdown (a person must act): "12 s left", highlighted, when this seat
/// must act, else the names of those who must; red in the last five seconds.
pub fn turn_clock(lang: Lang, clock: &TurnClock) -> Html {
    let left = (clock.deadline - now_ms()).max(0.0);
    let secs = (left / 1000.0).ceil() as u32;
    let mine = clock.seats.contains(&clock.me);
    let seats = clock
        .seats
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    html! {
        <p class={cls!("turn-clock", mine.then_some("mine"), (secs <= 5).then_some("urgent"))}
            data-testid="turn-clock" data-secs={secs.to_string()} data-seats={seats}
            data-mine={mine.to_string()} role="timer" aria-live="off">
            { icon!(r#"<circle cx="12" cy="13" r="8" /><path d="M12 13 V9 M10 3 H14" />"#) }
            <span>{ clock_text(lang, clock, secs) }</span>
        </p>
    }
}
