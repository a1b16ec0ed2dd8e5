//! The room's lobby: the code and link to share, the seats, the rules, and the creator's
//! start.

use super::{room_rows, words};
use crate::adapters::{game_name, UiGame};
use crate::cls;
use crate::components::lang_toggle::lang_toggle;
use crate::components::settings::setting_list;
use crate::config::{Player, SeatKind};
use crate::i18n::Lang;
use crate::online::Hub;
use crate::online::{ClientMsg, Lobby};
use crate::pages::table::setting_rows;
use crate::route::Route;
use crate::seen::player_name;
use crate::web;
use protocol::{Phase, RoomCode, SeatInfo};
use std::rc::Rc;
use yew::prelude::*;

/// A seat kind's name in `data-kind` and class names.
fn kind_code(kind: protocol::SeatKind) -> &'static str {
    match kind {
        protocol::SeatKind::Person => "person",
        protocol::SeatKind::Bot => "bot",
        protocol::SeatKind::Empty => "empty",
    }
}

/// One seat of the lobby; a bot is named as the table will name it ("Bot 3").
fn seat_row(lang: Lang, s: &SeatInfo, me: u8, creator: bool, hub: &Rc<Hub>, lobby: &Lobby) -> Html {
    let w = words(lang);
    let name = match s.kind {
        _ if s.seat == me => format!("{} ({})", s.name.clone().unwrap_or_default(), w.you),
        protocol::SeatKind::Bot => player_name(lang, &Player::new(SeatKind::Bot), s.seat.into()),
        protocol::SeatKind::Empty => w.empty.to_string(),
        protocol::SeatKind::Person => s.name.clone().unwrap_or_default(),
    };
    let send = |msg: ClientMsg| {
        let hub = hub.clone();
        Callback::from(move |_: MouseEvent| hub.send(&msg))
    };
    let lobby_phase = lobby.phase == Phase::Lobby;
    html! {
        <li class={cls!("room-seat", format!("seat-{}", kind_code(s.kind)))} data-testid="room-seat"
            data-seat={s.seat.to_string()} data-kind={kind_code(s.kind)}
            data-connected={s.connected.to_string()}>
            <span class={cls!("net-dot", (!s.connected).then_some("off"))} aria-hidden="true"></span>
            <span class="room-seat-name">{ name }</span>
            if s.kind == protocol::SeatKind::Person && !s.connected { <span class="room-away">{ w.away }</span> }
            if s.bot_playing && s.kind == protocol::SeatKind::Person { <span class="room-away">{ w.bot_playing }</span> }
            if creator && lobby_phase {
                <span class="room-seat-actions">
                    if s.kind == protocol::SeatKind::Empty {
                        <button type="button" class="btn btn-small btn-secondary" data-testid="add-bot"
                            onclick={send(ClientMsg::SetSeat { seat: s.seat, kind: protocol::SeatKind::Bot })}>{ w.add_bot }</button>
                    }
                    if s.kind == protocol::SeatKind::Bot {
                        <button type="button" class="btn btn-small btn-secondary" data-testid="remove-bot"
                            onclick={send(ClientMsg::SetSeat { seat: s.seat, kind: protocol::SeatKind::Empty })}>{ w.remove_bot }</button>
                    }
                    if s.seat > 0 {
                        <button type="button" class="btn btn-small btn-ghost" data-testid="swap-up" aria-label={w.move_up}
                            title={w.move_up}
                            onclick={send(ClientMsg::SwapSeats { from: s.seat, to: s.seat - 1 })}>{ "↑" }</button>
                    }
                </span>
            }
        </li>
    }
}

/// The lobby: the code and link to share, the seats, the rules, and the creator's start,
/// under a top bar that stays in view with the connection's state (`status`): in the
/// page's flow, so that it covers no button on a phone.
pub(super) fn lobby_view<G: UiGame>(
    lang: Lang,
    lobby: &Lobby,
    me: u8,
    hub: &Rc<Hub>,
    code: &RoomCode,
    status: Html,
) -> Html {
    let w = words(lang);
    let creator = lobby.creator == me;
    let link = |route: Route, label: &'static str, testid: &'static str| {
        let link = web::url_of(&route.hash());
        let copy = {
            let link = link.clone();
            Callback::from(move |_: MouseEvent| web::copy_text(&link))
        };
        html! {
            <p class="room-link">
                <input type="text" readonly=true value={link} data-testid={testid} aria-label={label} />
                <button type="button" class="btn btn-small btn-secondary" data-testid={format!("{testid}-copy")}
                    onclick={copy}>{ w.copy }</button>
            </p>
        }
    };
    let rows = lobby
        .settings
        .read::<G::Settings>()
        .map(|s| setting_rows(lang, &s, lobby.players))
        .unwrap_or_default();
    let room = room_rows(lang, &lobby.options);
    let start = {
        let hub = hub.clone();
        Callback::from(move |_: MouseEvent| hub.send(&ClientMsg::Start))
    };
    html! {
        <main class="page room-page" data-testid="lobby" data-code={code.to_string()}>
            <header class="topbar room-topbar">
                <a class="btn-ghost" href={Route::Home.href()}>{ game_name(G::ID, lang) }</a>
                <span class="room-status">{ status }</span>
                { lang_toggle(lang) }
            </header>
            <section class="panel room-lobby">
                <h1>{ w.title }{ " · " }{ game_name(G::ID, lang) }</h1>
                <p class="room-code">{ w.code }{ ": " }<bdi dir="ltr" data-testid="room-code">{ code.to_string() }</bdi></p>
                <p class="room-link-label">{ w.link }</p>
                { link(Route::Room(G::ID, code.to_string()), w.link, "room-link") }
                // Issue 23: the link to watch the table, where its creator allows it, and how
                // many watch.
                if lobby.options.watchers {
                    <p class="room-link-label">{ w.watch_link }</p>
                    { link(Route::Watch(G::ID, code.to_string()), w.watch_link, "room-watch-link") }
                }
                if lobby.watchers > 0 {
                    <p class="room-watchers" data-testid="room-watcher-count" data-count={lobby.watchers.to_string()}>
                        { crate::i18n::fill(w.watching_n, &[("n", &lang.num(lobby.watchers))]) }
                    </p>
                }
                <h2>{ w.seats }</h2>
                <ol class="room-seats">
                    { for lobby.seats.iter().map(|s| seat_row(lang, s, me, creator, hub, lobby)) }
                </ol>
                <h2>{ w.room_settings }</h2>
                { setting_list(r#" class="room-settings" data-testid="room-settings""#, room.iter()) }
                <details class="room-rules">
                    <summary>{ w.rules }</summary>
                    { setting_list("", rows.iter()) }
                </details>
                if creator {
                    <button type="button" class="btn" data-testid="room-start" onclick={start}>{ w.start }</button>
                } else {
                    <p class="help">{ w.waiting }</p>
                }
            </section>
        </main>
    }
}
