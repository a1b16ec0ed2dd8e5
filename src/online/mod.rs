//! Online play: a WebSocket to the relay (crates/relay), the room's messages
//! (crates/protocol), and the remote source of play a table runs on ([`remote::Remote`]).
//!
//! The relay is found at this site's own origin (`/ws`) unless the site was built with
//! `CARDS_RELAY=wss://…` set, or a `relay.json` next to the page says
//! `{"relay": "wss://…"}` (a static host pointing at a relay elsewhere).

pub mod listing;
pub mod remote;

use crate::adapters::UiGame;
use crate::config::TableConfig;
use crate::state::TableState;
use crate::web;
use engine::table::Update;
use protocol::{RawJson, RoomCode, SeatToken};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::Callback;

/// A message to the relay as the page writes it: its game JSON (settings, moves) as text.
pub type ClientMsg = protocol::ClientMsg<RawJson>;

/// A message of the relay as the page reads it ([`protocol::RelayMsg::read`]): its frames,
/// sheets and settings as text, read into the page's own types where they are used (so the
/// page carries serde's reading of them once, from text, and nothing of `serde_json::Value`).
pub type RelayMsg = protocol::RelayMsg<RawJson>;

/// A room's lobby as the page reads it.
pub type Lobby = protocol::Lobby<RawJson>;

pub use crate::components::net::WATCHER;

/// The local-storage key of the name this device plays under online.
pub const NAME_KEY: &str = "cards.name";

/// The local-storage key of this device's seat in room `code`.
pub fn seat_key(code: &RoomCode) -> String {
    format!("cards.room.{}", code.as_str())
}

/// This device's seat in a room, kept to come back to it after a reload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedSeat {
    pub token: SeatToken,
    pub seat: u8,
}

/// The seat this device holds in `code`, if any.
pub fn saved_seat(code: &RoomCode) -> Option<SavedSeat> {
    serde_json::from_str(&web::storage_get(&seat_key(code))?).ok()
}

/// Remembers this device's seat in `code`.
pub fn save_seat(code: &RoomCode, seat: &SavedSeat) {
    if let Ok(json) = serde_json::to_string(seat) {
        web::storage_set(&seat_key(code), &json);
    }
}

/// The relay's WebSocket address when the site was built with one.
const BUILT_RELAY: Option<&str> = option_env!("CARDS_RELAY");

/// The relay's WebSocket address at this page's origin: `ws://host/ws` (`wss` under https).
fn origin_relay() -> String {
    let location = web_sys::window().map(|w| w.location());
    let host = location
        .as_ref()
        .and_then(|l| l.host().ok())
        .unwrap_or_default();
    let secure = location
        .and_then(|l| l.protocol().ok())
        .is_some_and(|p| p == "https:");
    format!("{}://{host}/ws", if secure { "wss" } else { "ws" })
}

thread_local! {
    /// The relay's address once `relay.json` answered (with an address, or that it is not
    /// there): a page asks once, not at every connection and every read of the open tables.
    static RELAY: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Where the relay is: the build's address, else `relay.json` next to the page, else this
/// origin.
pub async fn relay_url() -> String {
    if let Some(url) = BUILT_RELAY.filter(|u| !u.is_empty()) {
        return url.to_string();
    }
    if let Some(url) = RELAY.with_borrow(Clone::clone) {
        return url;
    }
    match relay_json().await {
        // No answer (offline): asked again next time.
        Err(0) => origin_relay(),
        found => {
            let url = found.ok().flatten().unwrap_or_else(origin_relay);
            RELAY.set(Some(url.clone()));
            url
        }
    }
}

/// `relay.json`'s `relay` (`None` when the file is not there, or names no relay); the HTTP
/// status when it could not be read (0: no answer, or not JSON: asked again next time).
async fn relay_json() -> Result<Option<String>, u16> {
    let json = match get_json("relay.json").await {
        Ok(json) => json,
        Err(0) => return Err(0),
        Err(_) => return Ok(None),
    };
    let relay = js_sys::Reflect::get(&json, &"relay".into())
        .ok()
        .and_then(|r| r.as_string());
    Ok(relay.filter(|r| r.starts_with("ws://") || r.starts_with("wss://")))
}

/// The body of a `GET` of `url` read by the browser's JSON parser, when it answers with a
/// success and JSON (serde's reading of these small answers would weigh more in the page
/// than the code that uses them, issue 25); else the answer's HTTP status (0: no answer, or
/// not JSON).
pub async fn get_json(url: &str) -> Result<wasm_bindgen::JsValue, u16> {
    let window = web_sys::window().ok_or(0u16)?;
    let response = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str(url))
        .await
        .ok()
        .and_then(|r| r.dyn_into::<web_sys::Response>().ok())
        .ok_or(0u16)?;
    if !response.ok() {
        return Err(response.status());
    }
    let json = response.json().map_err(|_| 0u16)?;
    wasm_bindgen_futures::JsFuture::from(json)
        .await
        .map_err(|_| 0)
}

/// What a connection reports.
#[derive(Clone, Debug, PartialEq)]
pub enum NetEvent {
    /// The socket is open.
    Open,
    /// A message of the relay.
    Msg(RelayMsg),
    /// The socket closed (or never opened).
    Closed,
}

/// How long a connection may take to open before it is given up (and, with a seat, tried
/// again with the room page's back-off): a browser may otherwise wait on a dead network or
/// a half-open relay for half a minute or more.
pub const CONNECT_TIMEOUT_MS: u32 = 5_000;

/// One WebSocket to the relay.
pub struct Conn {
    ws: web_sys::WebSocket,
    _on_open: Closure<dyn FnMut()>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_close: Closure<dyn FnMut()>,
    /// Gives the socket up if it is not open after [`CONNECT_TIMEOUT_MS`].
    _connect_timeout: gloo::timers::callback::Timeout,
}

impl PartialEq for Conn {
    fn eq(&self, other: &Conn) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Conn {
    /// Opens a socket to `url`; everything it hears goes to `on_event`. A socket that is
    /// not open after [`CONNECT_TIMEOUT_MS`] is closed and reported [`NetEvent::Closed`].
    pub fn open(url: &str, on_event: Callback<NetEvent>) -> Result<Conn, String> {
        let ws = web_sys::WebSocket::new(url).map_err(|e| format!("{e:?}"))?;
        let open = on_event.clone();
        let on_open = Closure::<dyn FnMut()>::new(move || open.emit(NetEvent::Open));
        let message = on_event.clone();
        let on_message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let Some(text) = e.data().as_string() else {
                    return;
                };
                // A message this client cannot read is dropped (a newer relay answers
                // version errors in a form every client reads).
                if let Ok(msg) = RelayMsg::read(&text) {
                    message.emit(NetEvent::Msg(msg));
                }
            });
        let closed = on_event.clone();
        let on_close = Closure::<dyn FnMut()>::new(move || closed.emit(NetEvent::Closed));
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        let pending = ws.clone();
        let connect_timeout = gloo::timers::callback::Timeout::new(CONNECT_TIMEOUT_MS, move || {
            if pending.ready_state() == web_sys::WebSocket::CONNECTING {
                // Reported once, here: the browser's own close event may come late.
                pending.set_onopen(None);
                pending.set_onmessage(None);
                pending.set_onclose(None);
                let _ = pending.close();
                on_event.emit(NetEvent::Closed);
            }
        });
        Ok(Conn {
            ws,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
            _connect_timeout: connect_timeout,
        })
    }

    /// Sends a message (dropped when the socket is not open: the room resyncs on resume).
    pub fn send(&self, msg: &ClientMsg) {
        if self.ws.ready_state() == web_sys::WebSocket::OPEN {
            if let Ok(text) = serde_json::to_string(msg) {
                let _ = self.ws.send_with_str(&text);
            }
        }
    }

    /// Whether the socket is open.
    pub fn is_open(&self) -> bool {
        self.ws.ready_state() == web_sys::WebSocket::OPEN
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        let _ = self.ws.close();
    }
}

/// The room's link between its connection and the table on it: the socket to send on,
/// and the frames for the table (kept until the table listens).
#[derive(Default)]
pub struct Hub {
    conn: RefCell<Option<Rc<Conn>>>,
    frames: RefCell<Vec<RawJson>>,
    sink: RefCell<Option<Callback<RawJson>>>,
    errors: RefCell<Option<Callback<protocol::ErrorBody>>>,
}

impl Hub {
    /// Puts the (re)opened connection in place.
    pub fn set_conn(&self, conn: Option<Rc<Conn>>) {
        *self.conn.borrow_mut() = conn;
    }

    /// Sends on the current connection, if any.
    pub fn send(&self, msg: &ClientMsg) {
        if let Some(c) = self.conn.borrow().as_ref() {
            c.send(msg);
        }
    }

    /// A frame for the table: handed over at once, or kept until it listens.
    pub fn frame(&self, frame: RawJson) {
        let sink = self.sink.borrow().clone();
        match sink {
            Some(sink) => sink.emit(frame),
            None => self.frames.borrow_mut().push(frame),
        }
    }

    /// The table listens: the frames kept so far, then every new one.
    pub fn listen(&self, sink: Callback<RawJson>) {
        let kept: Vec<RawJson> = self.frames.borrow_mut().drain(..).collect();
        for f in kept {
            sink.emit(f);
        }
        *self.sink.borrow_mut() = Some(sink);
    }

    /// The table stops listening.
    pub fn unlisten(&self) {
        *self.sink.borrow_mut() = None;
    }

    /// Where the relay's refusals of the table's moves go.
    pub fn on_error(&self, sink: Option<Callback<protocol::ErrorBody>>) {
        *self.errors.borrow_mut() = sink;
    }

    /// A refusal of a move, for the table.
    pub fn error(&self, e: protocol::ErrorBody) {
        let sink = self.errors.borrow().clone();
        if let Some(sink) = sink {
            sink.emit(e);
        }
    }
}

/// A table played online: its seat, the snapshot it opens on, the room's hub, and the
/// game's [`Plug`] (as `dyn Any`, so that the table's code names no online type of its
/// game: only the online pages, which make the plug, carry the code that reads frames).
#[derive(Clone)]
pub struct OnlineLink {
    pub seat: u8,
    pub first: Rc<RawJson>,
    pub hub: Rc<Hub>,
    pub plug: Rc<dyn std::any::Any>,
}

/// Opens a table of game `G` on a link's first frame (`None` if it is not this game's).
pub type OpenTable<G> =
    fn(&TableConfig<<G as engine::Game>::Settings>, &OnlineLink) -> Option<TableState<G>>;

/// What a table of game `G` needs to run on the relay, made by the online page of `G`.
pub struct Plug<G: UiGame> {
    /// The table's state on the link's first frame.
    pub open: OpenTable<G>,
    /// A frame read as this game's update.
    pub read: fn(&RawJson) -> Option<Update<G>>,
}

impl<G: UiGame> Plug<G> {
    /// The plug of game `G`.
    pub fn new() -> Plug<G> {
        Plug {
            open: open_table::<G>,
            read: |frame| frame.read().ok(),
        }
    }
}

impl<G: UiGame> Default for Plug<G> {
    fn default() -> Plug<G> {
        Plug::new()
    }
}

/// The table of a room on the relay, opening on the link's first frame.
fn open_table<G: UiGame>(
    config: &TableConfig<G::Settings>,
    link: &OnlineLink,
) -> Option<TableState<G>> {
    let first: Update<G> = link.first.read().ok()?;
    let watch = link.seat == WATCHER;
    let source = remote::Remote::<G>::new(link.hub.clone(), first.step, watch);
    let mut st = TableState::remote(config.clone(), Rc::new(RefCell::new(source)), first);
    if watch {
        st.watch = true;
        st.legal = Rc::default();
    }
    Some(st)
}

impl PartialEq for OnlineLink {
    fn eq(&self, other: &OnlineLink) -> bool {
        self.seat == other.seat
            && Rc::ptr_eq(&self.first, &other.first)
            && Rc::ptr_eq(&self.hub, &other.hub)
    }
}
