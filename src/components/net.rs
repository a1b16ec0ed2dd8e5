//! The connection's state at an online table: connected, connecting again, or offline, and
//! which other people are away. The room page provides it ([`NetInfo`] as a context); the
//! table's frame draws it in a corner of the felt, and nothing at an offline table.

use crate::context::use_lang;
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
/// the room (shown read-only in the table's settings) and the match's score sheet as the
/// relay sends it (the page holds no match log online). The room page provides it as a
/// context; an offline table has none.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomInfo {
    pub options: protocol::RoomOptions,
    /// The relay's sheet of the match, once received.
    pub sheet: Option<Rc<engine::tally::Tally>>,
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
        <div class={classes!("net-badge", class)} data-testid="net"
            data-net={info.net.code()} role="status" aria-live="polite">
            <span class="net-dot" aria-hidden="true"></span>
            <span>{ text }</span>
            { for info.away.iter().map(|n| html! {
                <span class="net-away" data-testid="away">{ format!(" · {n}: {}", w[4]) }</span>
            }) }
        </div>
    }
}

/// The badge of the room around this table, if it is played online.
#[function_component(NetBadge)]
pub fn net_badge_here() -> Html {
    let lang = use_lang();
    match use_context::<NetInfo>() {
        Some(info) => html! { <div class="felt-net">{ net_badge(lang, &info) }</div> },
        None => Html::default(),
    }
}
