//! A room on the relay: the name to play under, the lobby (seats, who is connected, bots,
//! the rules, the link and code to share; the creator seats bots, moves people and starts),
//! then the same table as offline play, fed by the relay's frames, with the connection's
//! state always in view. A reload, a dropped network or a phone waking up comes back to
//! the same seat with the seat's token kept on this device.

mod lobby;
use crate::online::listing::{self, open_tables, Listed};
use lobby::lobby_view;

use crate::adapters::{game_name, UiGame};
use crate::components::lang_toggle::lang_toggle;
use crate::components::net::{net_badge, now_ms, Net, NetInfo, RoomInfo, TurnClock};
use crate::components::reactions::ReactionsInfo;
use crate::config::{read_online_query, Player, SeatKind, TableConfig};
use crate::context::use_lang;
use crate::i18n::Lang;
use crate::online::{
    relay_url, save_seat, saved_seat, ClientMsg, Conn, Hub, Lobby, NetEvent, OnlineLink, RelayMsg,
    SavedSeat, NAME_KEY, WATCHER,
};
use crate::pages::table::{room_words, secs_text, SettingRow, TablePage, GRACE_CHOICES};
use crate::route::Route;
use crate::web;
use engine::table::{Update, PROTOCOL_VERSION};
use engine::tally::Tally;
use gloo::timers::callback::Timeout;
use protocol::{Clock, ErrorBody, Phase, RawJson, RoomCode, RoomOptions, RELAY_VERSION};
use std::rc::Rc;
use yew::prelude::*;

/// What the room page opens: a new room of this table's settings, or a room by its code.
#[derive(Clone, Debug, PartialEq)]
pub enum RoomOpen {
    /// Create a room with the setup's query (`#/<game>/online?…`).
    Create(String),
    /// A room's code (`#/<game>/room/<code>`).
    Code(String),
    /// Watching a room by its code, without a seat (`#/<game>/watch/<code>`, issue 23).
    Watch(String),
}

#[derive(Properties, PartialEq)]
pub struct RoomProps {
    pub open: RoomOpen,
}

/// The room page's state.
#[derive(Clone, PartialEq)]
struct Room {
    net: Net,
    /// The name form is up (nothing sent yet).
    asking: bool,
    seat: Option<(RoomCode, u8)>,
    lobby: Option<Lobby>,
    /// The snapshot the table opens on, and how many tables there were (a snapshot while
    /// playing, a rematch, a resync: a new table).
    first: Option<(Rc<RawJson>, u32)>,
    /// A message of the relay for the room (not the table's moves).
    error: Option<ErrorBody>,
    /// No room has this code: the relay said so before a seat was taken (asked at once,
    /// before the name form is filled, or on joining).
    missing: bool,
    /// The relay is being asked about the code (a peek): the name form waits for its
    /// answer, so that it never shows for a wrong code or on another game's page.
    checking: bool,
    /// The match's score sheet as the relay sent it last.
    sheet: Option<Rc<Tally>>,
    /// Reconnection attempts since the last open socket.
    tries: u32,
    /// The turn timer as the relay sent it last, and when it arrived (`performance.now()`).
    clock: Option<(Clock, f64)>,
    /// The reactions on screen (id, seat, preset), the last id given, and the seats muted
    /// on this device (issue 23).
    reactions: Rc<Vec<(u32, u8, String)>>,
    reaction_no: u32,
    muted: Rc<Vec<u8>>,
    /// The game's open public tables, while the create form is up (`None` until the relay's
    /// first answer).
    tables: Option<Rc<Vec<Listed>>>,
    /// This page watches the room (issue 23): its "seat" is [`WATCHER`] once the lobby came.
    watching: bool,
}

enum RoomMsg {
    Net(Net),
    Asked,
    Welcome(RoomCode, u8),
    Lobby(Lobby),
    Snapshot(RawJson),
    Sheet(Tally),
    Clock(Clock, f64),
    Error(ErrorBody),
    ClearError,
    /// A seat's reaction arrived: shown unless the seat is muted.
    Reaction(u8, String),
    /// A reaction's time on screen is over.
    ReactionGone(u32),
    /// Mutes a seat, or unmutes it.
    Mute(u8),
    /// The relay's listing of the game's open public tables.
    Tables(Vec<Listed>),
}

impl Reducible for Room {
    type Action = RoomMsg;
    fn reduce(self: Rc<Self>, msg: RoomMsg) -> Rc<Self> {
        let mut next = (*self).clone();
        match msg {
            RoomMsg::Net(n) => {
                next.tries = if n == Net::Connected {
                    0
                } else {
                    next.tries + u32::from(n == Net::Reconnecting)
                };
                // A peek without an answer (no connection): the form, with the status.
                next.checking &= n == Net::Connecting || n == Net::Connected;
                next.net = n;
            }
            RoomMsg::Asked => next.asking = false,
            RoomMsg::Welcome(code, seat) => {
                next.seat = Some((code, seat));
                next.error = None;
            }
            RoomMsg::Lobby(l) => {
                if next.watching {
                    next.seat = Some((l.code.clone(), WATCHER));
                }
                next.lobby = Some(l);
                next.checking = false;
            }
            RoomMsg::Snapshot(f) => {
                let n = next.first.as_ref().map_or(0, |(_, n)| n + 1);
                next.first = Some((Rc::new(f), n));
            }
            RoomMsg::Sheet(t) => next.sheet = Some(Rc::new(t)),
            RoomMsg::Clock(c, at) => next.clock = Some((c, at)),
            RoomMsg::Error(e) => {
                next.missing |= (e.error == protocol::codes::UNKNOWN_ROOM
                    || e.error == protocol::codes::WATCH_FORBIDDEN)
                    && next.seat.is_none();
                next.checking = false;
                next.error = Some(e);
            }
            // A missing room's page keeps its reason.
            RoomMsg::ClearError => next.error = next.error.filter(|_| next.missing),
            RoomMsg::Reaction(seat, r) => {
                if !next.muted.contains(&seat) {
                    next.reaction_no += 1;
                    let mut shown = (*next.reactions).clone();
                    // One bubble a seat: a new reaction replaces the seat's last.
                    shown.retain(|(_, s, _)| *s != seat);
                    shown.push((next.reaction_no, seat, r));
                    next.reactions = Rc::new(shown);
                }
            }
            RoomMsg::ReactionGone(id) => {
                let mut shown = (*next.reactions).clone();
                shown.retain(|(i, _, _)| *i != id);
                next.reactions = Rc::new(shown);
            }
            RoomMsg::Mute(seat) => {
                let mut muted = (*next.muted).clone();
                if let Some(i) = muted.iter().position(|&s| s == seat) {
                    muted.remove(i);
                } else {
                    muted.push(seat);
                    let mut shown = (*next.reactions).clone();
                    shown.retain(|(_, s, _)| *s != seat);
                    next.reactions = Rc::new(shown);
                }
                next.muted = Rc::new(muted);
            }
            RoomMsg::Tables(list) => next.tables = Some(Rc::new(list)),
        }
        Rc::new(next)
    }
}

/// The room's settings as the game's typed settings, and its seats as the table's players
/// (this device's seat is "you"; the others are people or bots by their lobby names).
fn config_of<G: UiGame>(lobby: &Lobby, seat: u8) -> Option<TableConfig<G::Settings>> {
    let settings = lobby.settings.read().ok()?;
    let players = lobby
        .seats
        .iter()
        .map(|s| match s.kind {
            _ if s.seat == seat => Player::new(SeatKind::You),
            protocol::SeatKind::Bot => Player::new(SeatKind::Bot),
            _ => Player {
                name: s.name.clone().unwrap_or_default(),
                ..Player::new(SeatKind::Person)
            },
        })
        .collect();
    Some(TableConfig {
        settings,
        players,
        seed: 0,
    })
}

/// The words of the room pages.
struct Words {
    title: &'static str,
    your_name: &'static str,
    create: &'static str,
    join: &'static str,
    code: &'static str,
    link: &'static str,
    copy: &'static str,
    seats: &'static str,
    empty: &'static str,
    add_bot: &'static str,
    remove_bot: &'static str,
    move_up: &'static str,
    start: &'static str,
    waiting: &'static str,
    you: &'static str,
    away: &'static str,
    bot_playing: &'static str,
    retry: &'static str,
    rematch: &'static str,
    rules: &'static str,
    unknown_room: &'static str,
    slow_down: &'static str,
    other_code: &'static str,
    version: &'static str,
    room_settings: &'static str,
    turn_help: &'static str,
    grace_help: &'static str,
    // Public tables and quick play (issue 23).
    public: &'static str,
    public_help: &'static str,
    /// A public table's setting: `{t}`, its fill time.
    public_fill: &'static str,
    /// The public choice's "no".
    private: &'static str,
    quick: &'static str,
    quick_help: &'static str,
    // Watching (issue 23).
    watch_link: &'static str,
    watch_forbidden: &'static str,
    watchers: &'static str,
    watchers_help: &'static str,
    allowed: &'static str,
    not_allowed: &'static str,
    /// The lobby's count of watchers: `{n}`.
    watching_n: &'static str,
}

fn words(lang: Lang) -> &'static Words {
    const FA: Words = Words {
        title: "بازی آنلاین",
        your_name: "نام شما",
        create: "ساختن میز",
        join: "نشستن سر میز",
        code: "کد میز",
        link: "پیوند میز",
        copy: "رونوشت",
        seats: "جاها",
        empty: "خالی",
        add_bot: "ربات بنشان",
        remove_bot: "ربات را بردار",
        move_up: "جابه‌جا با جای قبلی",
        start: "شروع بازی",
        waiting: "منتظر سازندهٔ میز…",
        you: "شما",
        away: "دور از میز",
        bot_playing: "ربات به جایش بازی می‌کند",
        retry: "دوباره",
        rematch: "بازی دوباره",
        rules: "قوانین میز",
        unknown_room: "میزی با این کد پیدا نشد.",
        slow_down: "واکنش‌ها زیاد شد؛ چند ثانیه صبر کنید.",
        other_code: "کد دیگری بزنید",
        version: "نسخهٔ تازه‌ای هست: صفحه را دوباره بار کنید.",
        room_settings: "تنظیم‌های میز آنلاین",
        turn_help: "وقتی زمان نوبت تمام شود، پایین‌ترین کارت مجاز (یا نخستین گزینه) به جای بازیکن بازی می‌شود.",
        grace_help: "اگر کسی از میز دور شود، پس از این مهلت رباتی به جایش بازی می‌کند تا برگردد.",
        public: "میز عمومی",
        public_fill: "بله؛ ربات‌ها پس از {t} جاهای خالی را می‌گیرند",
        private: "نه (میز خصوصی)",
        public_help: "هر کسی آن را در صفحهٔ آنلاین این بازی می‌بیند و می‌نشیند؛ پس از این زمان ربات‌ها جاهای خالی را می‌گیرند.",
        quick: "بازی سریع",
        quick_help: "سر پرترین میز باز با همین قوانین بنشینید، یا میز تازه‌ای باز کنید.",
        watch_link: "پیوند تماشا",
        watch_forbidden: "سازندهٔ این میز تماشا را بسته است.",
        watchers: "تماشاگر",
        watchers_help: "هر کسی با پیوند تماشا میز را می‌بیند، ولی کارت‌های هیچ بازیکنی را نه؛ بازیکنان شمار تماشاگران را می‌بینند.",
        allowed: "آزاد",
        not_allowed: "بسته",
        watching_n: "{n} نفر تماشا می‌کنند",
    };
    const EN: Words = Words {
        title: "Play online",
        your_name: "Your name",
        create: "Create the table",
        join: "Take a seat",
        code: "Table code",
        link: "Table link",
        copy: "Copy",
        seats: "Seats",
        empty: "Empty",
        add_bot: "Seat a bot",
        remove_bot: "Remove the bot",
        move_up: "Swap with the seat before",
        start: "Start",
        waiting: "Waiting for the table's creator…",
        you: "You",
        away: "away",
        bot_playing: "a bot plays for them",
        retry: "Retry",
        rematch: "Rematch",
        rules: "The table's rules",
        unknown_room: "No table has this code.",
        slow_down: "Too many reactions: wait a few seconds.",
        other_code: "Type another code",
        version: "A new version is out: reload the page.",
        room_settings: "Online table settings",
        turn_help: "When a turn's time runs out, the lowest legal card (or the first choice) is played for the player.",
        grace_help: "When someone leaves the table, a bot plays for them after this long, until they return.",
        public: "Public table",
        public_fill: "Yes; bots take the empty seats after {t}",
        private: "No (private)",
        public_help: "Listed on this game's online page for anyone to join; after this time, bots take the empty seats.",
        quick: "Quick play",
        quick_help: "Sit at the fullest open table of these rules, or open one.",
        watch_link: "Watch link",
        watch_forbidden: "This table's creator does not allow watching.",
        watchers: "Watchers",
        watchers_help: "Anyone with the watch link sees the table, never a hand; the players see how many watch.",
        allowed: "Allowed",
        not_allowed: "Not allowed",
        watching_n: "{n} watching",
    };
    match lang {
        Lang::Fa => &FA,
        Lang::En => &EN,
    }
}

/// A room of game `G` on the relay.
#[function_component(RoomPage)]
pub fn room_page<G: TablePage>(props: &RoomProps) -> Html {
    let lang = use_lang();
    let w = words(lang);
    let watching = matches!(props.open, RoomOpen::Watch(_));
    let code = match &props.open {
        RoomOpen::Code(c) | RoomOpen::Watch(c) => RoomCode::parse(c),
        RoomOpen::Create(_) => None,
    };
    let saved = code.as_ref().filter(|_| !watching).and_then(saved_seat);
    let asking = saved.is_none() && !watching;
    let checking = code.is_some() && asking;
    let room = use_reducer(move || Room {
        net: Net::Connecting,
        asking,
        seat: None,
        lobby: None,
        first: None,
        error: None,
        missing: false,
        checking,
        sheet: None,
        tries: 0,
        clock: None,
        reactions: Rc::default(),
        reaction_no: 0,
        muted: Rc::default(),
        tables: None,
        watching,
    });
    let hub = use_memo((), |_| Hub::default());
    // Whether the snapshot a table would open on reads as this game's: the table opens
    // only on one that does (else the page asks for a reload, as for another version).
    let readable = use_memo(room.first.as_ref().map(|(_, n)| *n), {
        let first = room.first.clone();
        move |_| first.is_some_and(|(f, _)| f.read::<Update<G>>().is_ok())
    });
    let name = use_state(|| web::storage_get(NAME_KEY).unwrap_or_default());
    // The creator's choice of the room's own settings (the grace period, the turn timer).
    let options = use_state(RoomOptions::default);
    // The first message of every connection: create, join (once) or resume (after).
    let opening = use_mut_ref(|| None::<ClientMsg>);
    let conn = use_mut_ref(|| None::<Rc<Conn>>);
    // The game's open public tables, read again every few seconds while the create form is
    // up.
    {
        let d = room.dispatcher();
        let players = match &props.open {
            RoomOpen::Create(query) if room.asking => Some(read_online_query(query).0),
            _ => None,
        };
        use_effect_with(players, move |&players| {
            let timer = players.map(|p| {
                let players = p.unwrap_or(G::PLAYER_COUNTS[0]);
                listing::poll(Some(G::ID), Some(players), move |list| {
                    d.dispatch(RoomMsg::Tables(list))
                })
            });
            move || drop(timer)
        });
    }

    // Connects (again) and sends the opening message once the socket is open.
    let connect = {
        let room = room.clone();
        let hub = hub.clone();
        let opening = opening.clone();
        let conn = conn.clone();
        Callback::from(move |_: ()| {
            let room = room.clone();
            let hub = hub.clone();
            let opening = opening.clone();
            let conn = conn.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let url = relay_url().await;
                let on_event = {
                    let room = room.clone();
                    let hub = hub.clone();
                    let opening = opening.clone();
                    Callback::from(move |e: NetEvent| on_net::<G>(e, &room, &hub, &opening))
                };
                match Conn::open(&url, on_event) {
                    Ok(c) => {
                        let c = Rc::new(c);
                        hub.set_conn(Some(c.clone()));
                        *conn.borrow_mut() = Some(c);
                    }
                    Err(_) => room.dispatch(RoomMsg::Net(Net::Offline)),
                }
            });
        })
    };

    // Leaving the page (or a new room's page taking its place) closes the socket: the
    // connection's handlers hold the hub, which holds the connection.
    {
        let hub = hub.clone();
        let conn = conn.clone();
        use_effect_with((), move |_| {
            move || {
                hub.set_conn(None);
                conn.borrow_mut().take();
            }
        });
    }
    // Open at once with a seat kept on this device; else after the name form, which a
    // code of no room does not wait for: the relay is asked about the code at once (a
    // peek), so a wrong one is said before a name is typed, and a room of another game
    // opens that game's page.
    {
        let connect = connect.clone();
        let opening = opening.clone();
        use_effect_with((), move |_| {
            let first = match (code, saved) {
                (Some(code), Some(s)) => resume(code, s),
                (Some(code), None) if watching => ClientMsg::Watch {
                    version: RELAY_VERSION,
                    frames: PROTOCOL_VERSION,
                    code,
                },
                (Some(code), None) => ClientMsg::Peek {
                    version: RELAY_VERSION,
                    frames: PROTOCOL_VERSION,
                    code,
                },
                _ => return,
            };
            *opening.borrow_mut() = Some(first);
            connect.emit(());
        });
    }
    // Reconnect after a drop, waiting longer each time (at most 8 s).
    {
        let connect = connect.clone();
        let tries = room.tries;
        let lost = room.net == Net::Reconnecting;
        use_effect_with((lost, tries), move |&(lost, tries)| {
            let timer = lost.then(|| {
                let ms = (500u32 << tries.min(4)).min(8000);
                Timeout::new(ms, move || connect.emit(()))
            });
            move || drop(timer)
        });
    }
    // The hand replay asks the relay for the finished hand (issue 23), for as long as the
    // page is open.
    {
        let hub = hub.clone();
        use_effect_with((), move |_| {
            let guard = crate::extra::set_relay(Rc::new(move || hub.send(&ClientMsg::Replay)));
            move || drop(guard)
        });
    }
    // A ping every 25 s keeps an idle connection open through proxies that close quiet
    // sockets (the relay answers `pong`).
    {
        let hub = hub.clone();
        let connected = room.net == Net::Connected;
        use_effect_with(connected, move |&connected| {
            let timer = connected.then(|| {
                gloo::timers::callback::Interval::new(25_000, move || hub.send(&ClientMsg::Ping))
            });
            move || drop(timer)
        });
    }
    // A room error fades.
    {
        let d = room.dispatcher();
        let shown = room.error.is_some();
        use_effect_with(shown, move |&shown| {
            let timer = shown.then(|| Timeout::new(6000, move || d.dispatch(RoomMsg::ClearError)));
            move || drop(timer)
        });
    }

    // Each bubble goes after its time on screen.
    {
        let d = room.dispatcher();
        let newest = room.reactions.last().map(|(id, _, _)| *id);
        use_effect_with(newest, move |&newest| {
            // Never cancelled: a newer bubble does not keep an older one on screen.
            if let Some(id) = newest {
                Timeout::new(crate::components::reactions::SHOWN_MS, move || {
                    d.dispatch(RoomMsg::ReactionGone(id))
                })
                .forget();
            }
        });
    }

    let info = net_info(
        room.net,
        room.lobby.as_ref(),
        room.seat.as_ref().map(|s| s.1),
    );
    let status = net_badge(lang, &info);
    // The room's error as a toast; nothing when none, which still keeps its slot among its
    // siblings (Yew pairs an unkeyed list's children from its end).
    let error = room.error.as_ref().map_or_else(Html::default, |e| {
        let text = match e.error.as_str() {
            "unknown_room" => w.unknown_room.to_string(),
            "slow_down" => w.slow_down.to_string(),
            "version" => w.version.to_string(),
            _ => e.message.clone(),
        };
        html! { <div class="toast room-error" role="alert" data-testid="room-error" data-code={e.error.clone()}>{ text }</div> }
    });

    // No room has this code: nothing to fill in; the home page takes another one. (No game
    // is named: a code typed on the home page opens some game's page, not the code's.)
    if room.missing {
        let why = match &room.error {
            Some(e) if e.error == protocol::codes::WATCH_FORBIDDEN => w.watch_forbidden,
            _ => w.unknown_room,
        };
        return html! {
            <main class="page room-page" data-testid="room-missing">
                <header class="topbar">{ lang_toggle(lang) }</header>
                <div class="panel room-form" role="alert">
                    <h1>{ w.title }</h1>
                    <p class="form-error" data-testid="room-missing-text">{ why }</p>
                    <a class="btn" href={Route::Home.href()} data-testid="room-missing-home">{ w.other_code }</a>
                </div>
            </main>
        };
    }

    // The name form, once the relay has said the code is a room of this game.
    if room.asking && !room.checking {
        let creating = matches!(props.open, RoomOpen::Create(_));
        let on_input = {
            let name = name.clone();
            Callback::from(move |e: InputEvent| {
                if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                    name.set(i.value());
                }
            })
        };
        // The form's send: create, join, or (`true`) quick play; one callback for both
        // buttons, so its code is in the page once.
        let go = {
            let name = name.clone();
            let options = options.clone();
            let open = props.open.clone();
            let room = room.clone();
            let opening = opening.clone();
            let connect = connect.clone();
            Callback::from(move |quick: bool| {
                let n = name.trim().chars().take(24).collect::<String>();
                if n.is_empty() {
                    return;
                }
                web::storage_set(NAME_KEY, &n);
                let msg = match &open {
                    RoomOpen::Create(query) if quick => quick_play::<G>(query, n),
                    RoomOpen::Create(query) => create::<G>(query, n, *options),
                    RoomOpen::Code(c) | RoomOpen::Watch(c) => match RoomCode::parse(c) {
                        Some(code) => ClientMsg::Join {
                            version: RELAY_VERSION,
                            frames: PROTOCOL_VERSION,
                            code,
                            name: n,
                        },
                        None => return,
                    },
                };
                *opening.borrow_mut() = Some(msg);
                room.dispatch(RoomMsg::Asked);
                connect.emit(());
            })
        };
        let on_quick = go.reform(|_: MouseEvent| true);
        let onsubmit = Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            go.emit(false);
        });
        return html! {
            <main class="page room-page" data-testid="room-name">
                <header class="topbar"><a class="btn-ghost" href={Route::Home.href()}>{ game_name(G::ID, lang) }</a>{ lang_toggle(lang) }</header>
                <form class="panel room-form" {onsubmit}>
                    <h1>{ w.title }{ " · " }{ game_name(G::ID, lang) }</h1>
                    <label>{ w.your_name }
                        <input type="text" data-testid="room-name-input" maxlength="24" value={(*name).clone()}
                            oninput={on_input} autofocus=true />
                    </label>
                    if creating { { options_form(lang, &options) } }
                    <button type="submit" class="btn" data-testid="room-go">{ if creating { w.create } else { w.join } }</button>
                    if creating {
                        <p class="room-quick">
                            <button type="button" class="btn btn-secondary" data-testid="room-quick"
                                onclick={on_quick}>{ w.quick }</button>
                            <span class="help">{ w.quick_help }</span>
                        </p>
                    }
                </form>
                if creating { { open_tables::<false>(lang, room.tables.as_deref().map(Vec::as_slice)) } }
                { error }
            </main>
        };
    }

    let (Some((code, seat)), Some(lobby)) = (room.seat.clone(), room.lobby.clone()) else {
        return html! {
            <main class="page room-page loading" data-testid="room-connecting">
                { status }
                { error }
                if room.net == Net::Offline {
                    <button type="button" class="btn" onclick={connect.reform(|_| ())}>{ w.retry }</button>
                }
            </main>
        };
    };

    match (&room.first, lobby.phase) {
        (Some(_), Phase::Playing | Phase::Finished) if !*readable => html! {
            <main class="page">
                <div class="toast room-error" role="alert" data-testid="room-error" data-code="version">{ w.version }</div>
            </main>
        },
        (Some((first, n)), Phase::Playing | Phase::Finished) => {
            let Some(config) = config_of::<G>(&lobby, seat) else {
                return html! { <main class="page">{ status }</main> };
            };
            let link = OnlineLink {
                seat,
                first: first.clone(),
                hub: hub.clone(),
                plug: Rc::new(crate::online::Plug::<G>::new()),
            };
            let rematch = (lobby.phase == Phase::Finished && lobby.creator == seat).then(|| {
                let hub = hub.clone();
                html! {
                    <button type="button" class="btn room-rematch" data-testid="rematch"
                        onclick={Callback::from(move |_: MouseEvent| hub.send(&ClientMsg::Rematch))}>{ w.rematch }</button>
                }
            });

            let clock = room.clock.as_ref().map(|(c, at)| TurnClock {
                seats: c.seats.clone(),
                names: lobby
                    .seats
                    .iter()
                    .map(|s| s.name.clone().unwrap_or_default())
                    .collect(),
                me: seat,
                deadline: at + f64::from(c.left_ms),
            });
            let reactions = ReactionsInfo {
                shown: room.reactions.clone(),
                muted: room.muted.clone(),
                me: seat,
                names: Rc::new(
                    lobby
                        .seats
                        .iter()
                        .map(|s| s.name.clone().unwrap_or_default())
                        .collect(),
                ),
                people: Rc::new(
                    lobby
                        .seats
                        .iter()
                        .filter(|s| s.kind == protocol::SeatKind::Person && s.seat != seat)
                        .map(|s| s.seat)
                        .collect(),
                ),
                send: {
                    let hub = hub.clone();
                    Callback::from(move |reaction: String| hub.send(&ClientMsg::React { reaction }))
                },
                mute: {
                    let d = room.dispatcher();
                    Callback::from(move |s: u8| d.dispatch(RoomMsg::Mute(s)))
                },
            };
            let room_info = RoomInfo {
                net: info,
                clock,
                settings: Rc::new(room_rows(lang, &lobby.options)),
                sheet: room.sheet.clone(),
                reactions,
                watchers: lobby.watchers,
            };
            html! {
                <div class={crate::cls!("room-table", (seat == WATCHER).then_some("room-watch"))} data-testid="room-table" data-code={code.to_string()} data-seat={seat.to_string()}>
                    <ContextProvider<RoomInfo> context={room_info}>
                        { G::table(config, format!("{code}-{}-{n}", lobby.match_no), Some(link)) }
                    </ContextProvider<RoomInfo>>
                    if let Some(rematch) = rematch { <div class="room-bar">{ rematch }</div> }
                    { error }
                </div>
            }
        }
        _ => html! {
            <>
                { lobby_view::<G>(lang, &lobby, seat, &hub, &code, status) }
                { error }
            </>
        },
    }
}

/// The opening message that comes back to a kept seat.
fn resume(code: RoomCode, seat: SavedSeat) -> ClientMsg {
    ClientMsg::Resume {
        version: RELAY_VERSION,
        frames: PROTOCOL_VERSION,
        code,
        token: seat.token,
    }
}

/// A room's own settings (the relay's, beside the game's): the grace period before a bot
/// plays for a person away, the turn timer (D-7), and whether the table is public and when
/// bots fill it (issue 23), as rows of the settings panel (the lobby's, the table's).
fn room_rows(lang: Lang, options: &RoomOptions) -> Vec<SettingRow> {
    let (r, w) = (room_words(lang), words(lang));
    let RoomOptions {
        grace_secs,
        turn_secs,
        public,
        fill_secs,
        watchers,
        ..
    } = *options;
    let fill_secs = if public { fill_secs } else { 0 };
    vec![
        SettingRow {
            testid: "room-grace".into(),
            label: r.grace,
            value: secs_text(lang, grace_secs, r.at_once),
            raw: grace_secs.into(),
        },
        SettingRow {
            testid: "room-turn".into(),
            label: r.turn,
            value: secs_text(lang, turn_secs, r.off),
            raw: turn_secs.into(),
        },
        SettingRow {
            testid: "room-public".into(),
            label: w.public,
            value: match fill_secs {
                0 => w.private.into(),
                t => crate::i18n::fill(w.public_fill, &[("t", &secs_text(lang, t, ""))]),
            },
            raw: fill_secs.into(),
        },
        SettingRow {
            testid: "room-watchers".into(),
            label: w.watchers,
            value: allowed(w, watchers).into(),
            raw: watchers.into(),
        },
    ]
}

/// "Allowed" or "Not allowed" (watching a room).
fn allowed(w: &Words, yes: bool) -> &'static str {
    if yes {
        w.allowed
    } else {
        w.not_allowed
    }
}

/// The create form's choices for a public table: private (0), or public with the time after
/// which bots take its empty seats (`RoomOptions::fill_secs`).
const FILL_CHOICES: [u32; 5] = [0, 15, 30, 60, 120];

/// The create form's room settings: the grace period before a bot plays for someone away,
/// the turn timer (D-7), each with what it does, and whether the table is public (with the
/// time after which bots take its empty seats).
fn options_form(lang: Lang, options: &UseStateHandle<RoomOptions>) -> Html {
    let w = words(lang);
    let r = room_words(lang);
    let select = |id: &'static str,
                  label: &'static str,
                  help: &'static str,
                  values: &[u32],
                  value: u32,
                  text: &dyn Fn(u32) -> String,
                  set: fn(&mut RoomOptions, u32)| {
        let options = options.clone();
        let onchange = Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            if let Ok(v) = v.parse::<u32>() {
                let mut o = *options;
                set(&mut o, v);
                if o.check().is_ok() {
                    options.set(o);
                }
            }
        });
        let help_id = format!("{id}-help");
        html! {
            <label class="option target room-option" for={id}>
                <span class="option-text">
                    <span class="option-label">{ label }</span>
                    <span class="option-help" id={help_id.clone()}>{ help }</span>
                </span>
                <select id={id} data-testid={id} {onchange} aria-describedby={help_id}>
                    { for values.iter().map(|&v| html! {
                        <option value={v.to_string()} selected={v == value}>{ text(v) }</option>
                    }) }
                </select>
            </label>
        }
    };
    html! {
        <fieldset class="room-options" data-testid="room-options">
            <legend>{ w.room_settings }</legend>
            { select("room-turn", r.turn, w.turn_help, &RoomOptions::TURN_SECS, options.turn_secs,
                &|v| secs_text(lang, v, r.off), |o, v| o.turn_secs = v) }
            { select("room-grace", r.grace, w.grace_help, &GRACE_CHOICES, options.grace_secs,
                &|v| secs_text(lang, v, r.at_once), |o, v| o.grace_secs = v) }
            // Public or not, and when bots fill it, in one choice ("no": a private table).
            { select("room-public", w.public, w.public_help, &FILL_CHOICES,
                if options.public { options.fill_secs } else { 0 }, &|v| secs_text(lang, v, w.private),
                |o, v| {
                    o.public = v > 0;
                    if v > 0 {
                        o.fill_secs = v;
                    }
                }) }
            { select("room-watchers", w.watchers, w.watchers_help, &[1, 0], options.watchers.into(),
                &|v| allowed(w, v > 0).into(), |o, v| o.watchers = v > 0) }
        </fieldset>
    }
}

/// The opening message of a new room with the setup's query (game settings and player
/// count; the seats' kinds and the seed are the relay's business) and the room's settings.
fn create<G: UiGame>(query: &str, name: String, options: RoomOptions) -> ClientMsg {
    let (players, settings) = link_setup::<G>(query);
    ClientMsg::Create {
        version: RELAY_VERSION,
        frames: PROTOCOL_VERSION,
        game: engine_slug::<G>(),
        players,
        settings,
        options,
        name,
    }
}

/// Quick play with the setup's query: a seat at the fullest open public table of these
/// settings and player count, or a new public table (the relay chooses).
fn quick_play<G: UiGame>(query: &str, name: String) -> ClientMsg {
    let (players, settings) = link_setup::<G>(query);
    ClientMsg::QuickPlay {
        version: RELAY_VERSION,
        frames: PROTOCOL_VERSION,
        game: engine_slug::<G>(),
        players,
        settings,
        name,
    }
}

/// The seats and the settings of the setup page's link (as the relay reads them); a part
/// missing takes the game's first player count and its default settings (`{}`), and the
/// relay refuses what it cannot read.
fn link_setup<G: UiGame>(query: &str) -> (u8, RawJson) {
    let (players, settings) = read_online_query(query);
    let read = |text: &str| serde_json::from_str::<RawJson>(text).ok();
    let settings = settings.as_deref().and_then(read).or_else(|| read("{}"));
    (
        players.unwrap_or(G::PLAYER_COUNTS[0]),
        settings.unwrap_or_default(),
    )
}

/// The registry's name of game `G` (the engine's [`engine::Game::NAME`]).
fn engine_slug<G: UiGame>() -> String {
    G::NAME.to_string()
}

/// What the connection hears.
fn on_net<G: UiGame>(
    e: NetEvent,
    room: &UseReducerHandle<Room>,
    hub: &Hub,
    opening: &Rc<std::cell::RefCell<Option<ClientMsg>>>,
) {
    match e {
        NetEvent::Open => {
            room.dispatch(RoomMsg::Net(Net::Connected));
            if let Some(msg) = opening.borrow().clone() {
                hub.send(&msg);
            }
        }
        NetEvent::Closed => {
            hub.set_conn(None);
            // Without a seat yet there is nothing to come back to: offline, with a retry (a
            // watcher watches again).
            let has_seat = matches!(
                opening.borrow().as_ref(),
                Some(ClientMsg::Resume { .. } | ClientMsg::Watch { .. })
            );
            room.dispatch(RoomMsg::Net(if has_seat {
                Net::Reconnecting
            } else {
                Net::Offline
            }));
        }
        NetEvent::Msg(RelayMsg::Welcome {
            code, token, seat, ..
        }) => {
            save_seat(
                &code,
                &SavedSeat {
                    token: token.clone(),
                    seat,
                },
            );
            // From now on every connection comes back to this seat.
            *opening.borrow_mut() = Some(resume(code.clone(), SavedSeat { token, seat }));
            let here = Route::Room(G::ID, code.to_string()).hash();
            if web::current_hash() != here {
                web::replace(&here);
            }
            room.dispatch(RoomMsg::Welcome(code, seat));
        }
        NetEvent::Msg(RelayMsg::Lobby { lobby }) => {
            // A code typed on the home page opens some game's online page: the room's own
            // game has its own page, which comes back to the seat just taken.
            if lobby.game != G::NAME {
                let other = crate::adapters::GameId::ALL
                    .into_iter()
                    .find(|g| g.slug().replace('-', "_") == lobby.game);
                if let Some(g) = other {
                    hub.set_conn(None);
                    let code = lobby.code.to_string();
                    let watching =
                        matches!(opening.borrow().as_ref(), Some(ClientMsg::Watch { .. }));
                    let route = if watching {
                        Route::Watch(g, code)
                    } else {
                        Route::Room(g, code)
                    };
                    web::open_page(&route.href());
                    return;
                }
            }
            room.dispatch(RoomMsg::Lobby(lobby))
        }
        NetEvent::Msg(RelayMsg::Frame { frame }) => {
            // A snapshot (a match starting, a resume, a resync, a rematch) opens a new
            // table on it; the steps after it go to the table.
            if is_snapshot(&frame) {
                hub.unlisten();
                room.dispatch(RoomMsg::Snapshot(frame));
            } else {
                hub.frame(frame);
            }
        }
        NetEvent::Msg(RelayMsg::Error(e)) => {
            if e.error == "bad_token" || e.error == "unknown_room" {
                if let Some(ClientMsg::Resume { code, .. }) = opening.borrow().as_ref() {
                    web::storage_remove(&crate::online::seat_key(code));
                }
            }
            // A room that cannot be watched is not asked again when the socket closes.
            if e.error == "unknown_room" || e.error == protocol::codes::WATCH_FORBIDDEN {
                opening
                    .borrow_mut()
                    .take_if(|m| matches!(m, ClientMsg::Watch { .. }));
            }
            if e.error == protocol::codes::HAND_IN_PLAY {
                crate::extra::relay_refused();
            }
            hub.error(e.clone());
            // A stale step answers only a table move, which the table's source sends again:
            // nothing to tell the player. (The handle here holds the room as it was when the
            // socket opened, so its state must not decide this.)
            if e.error != "stale_step" {
                room.dispatch(RoomMsg::Error(e));
            }
        }
        NetEvent::Msg(RelayMsg::Sheet { sheet }) => {
            // The match's score sheet (it comes before a snapshot, and after each hand).
            if let Ok(tally) = sheet.read::<Tally>() {
                room.dispatch(RoomMsg::Sheet(tally));
            }
        }
        NetEvent::Msg(RelayMsg::Clock(clock)) => {
            // The turn timer of the newest step: counted down from now, on this page's
            // own clock.
            room.dispatch(RoomMsg::Clock(clock, now_ms()));
        }
        NetEvent::Msg(RelayMsg::Pong) => {}
        NetEvent::Msg(RelayMsg::Reaction { seat, reaction }) => {
            room.dispatch(RoomMsg::Reaction(seat, reaction));
        }
        NetEvent::Msg(RelayMsg::Replay { replay }) => crate::extra::relay_record(replay.text()),
    }
}

/// Whether a frame is a snapshot (`"public": null` or none) rather than a step.
fn is_snapshot(frame: &RawJson) -> bool {
    #[derive(serde::Deserialize)]
    struct Public {
        #[serde(default)]
        public: Option<serde::de::IgnoredAny>,
    }
    !frame.read::<Public>().is_ok_and(|f| f.public.is_some())
}

/// The connection's state, and who is away, for the badge.
fn net_info(net: Net, lobby: Option<&Lobby>, me: Option<u8>) -> NetInfo {
    let away = lobby
        .map(|l| {
            l.seats
                .iter()
                .filter(|s| {
                    s.kind == protocol::SeatKind::Person && !s.connected && Some(s.seat) != me
                })
                .map(|s| s.name.clone().unwrap_or_default())
                .collect()
        })
        .unwrap_or_default();
    NetInfo { net, away }
}
