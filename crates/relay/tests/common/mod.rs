//! Helpers of the relay's tests: a relay on 127.0.0.1 port 0, real WebSocket clients
//! (tokio-tungstenite), and legal actions read from a seat's own frame; a throwaway
//! PostgreSQL cluster ([`pg`]) and nginx ([`nginx`]).
#![allow(dead_code)]

pub mod brain;
pub mod nginx;
pub mod pg;

pub use brain::{rule_brain, Brain};
use engine::{Card, CardSet, Rng, Update};
use futures_util::{SinkExt, StreamExt};
use protocol::{
    ClientMsg, ErrorBody, Lobby, Phase, RelayMsg, RoomCode, RoomOptions, SeatToken, RELAY_VERSION,
};
use registry::{GameFn, Registered};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A port of 127.0.0.1 free a moment ago, for a throwaway server to listen on.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A new empty folder of this test process for a throwaway server of `kind` (`pg`, `nginx`):
/// `cards-KIND-PID-N` in the system's temporary folder, N counted over every kind.
pub fn scratch_dir(kind: &str) -> std::path::PathBuf {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("cards-{kind}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The longest any single wait of a test may take.
pub const WAIT: Duration = Duration::from_secs(20);

/// A relay in this process on a free port, in memory, bots without think time, no pause
/// between hands; `extra` flags are added (later flags win).
pub async fn relay(extra: &[&str]) -> relay::Relay {
    relay::start(config(extra)).await.expect("the relay starts")
}

/// The flags of [`relay`].
pub fn config(extra: &[&str]) -> relay::Config {
    let mut flags: Vec<(&str, Option<&str>)> = vec![
        ("--listen", Some("127.0.0.1:0")),
        ("--database", Some("memory")),
        ("--bot-think-ms", Some("0")),
        ("--hand-pause-ms", Some("0")),
        ("--admin", None),
        ("--msgs-per-sec", Some("100000")),
        ("--msg-burst", Some("100000")),
    ];
    let mut i = 0;
    while i < extra.len() {
        let value = extra.get(i + 1).filter(|v| !v.starts_with("--")).copied();
        flags.retain(|(f, _)| *f != extra[i]);
        flags.push((extra[i], value));
        i += if value.is_some() { 2 } else { 1 };
    }
    let mut args = vec!["relay"];
    for (f, v) in flags {
        args.push(f);
        args.extend(v);
    }
    <relay::Config as clap::Parser>::parse_from(args)
}

/// The room's match, step, state hash and log, through the test-only admin route.
pub async fn inspect(addr: SocketAddr, code: &RoomCode) -> Value {
    let mut s = TcpStream::connect(addr).await.unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let req = format!("GET /admin/rooms/{code} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut body = String::new();
    tokio::time::timeout(WAIT, s.read_to_string(&mut body))
        .await
        .unwrap()
        .unwrap();
    let json = body.split("\r\n\r\n").nth(1).unwrap_or("");
    serde_json::from_str(json).unwrap_or_else(|e| panic!("admin answer {body}: {e}"))
}

/// [`inspect`] once the room is served at `addr` (after a restart or a failover it is
/// loaded when its lease expires): waits at most [`WAIT`].
pub async fn inspect_wait(addr: SocketAddr, code: &RoomCode) -> Value {
    let t0 = std::time::Instant::now();
    loop {
        let (status, body) = http_get(addr, &format!("/admin/rooms/{code}")).await;
        if status.contains(" 200 ") {
            return serde_json::from_str(&body).unwrap();
        }
        assert!(
            t0.elapsed() < WAIT,
            "room {code} is not served at {addr}: {status}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The relay's process, killed when dropped (a failing test leaves no process behind).
pub struct Proc(pub std::process::Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the relay binary on `db` (a SQLite file or a PostgreSQL URL) on a free port,
/// bots without think time, with `extra` flags; returns it and its address.
pub async fn spawn_relay(db: &str, extra: &[&str]) -> (Proc, SocketAddr) {
    spawn_relay_with(db, extra, &[], std::process::Stdio::inherit()).await
}

/// [`spawn_relay`] with these environment variables, its stderr (its log) to `stderr`.
pub async fn spawn_relay_with(
    db: &str,
    extra: &[&str],
    env: &[(&str, &str)],
    stderr: std::process::Stdio,
) -> (Proc, SocketAddr) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_relay"))
        .args(["--listen", "127.0.0.1:0", "--database", db])
        .args([
            "--admin",
            "--bot-think-ms",
            "5",
            "--hand-pause-ms",
            "0",
            "--msgs-per-sec",
            "100000",
            "--msg-burst",
            "100000",
        ])
        .args(extra)
        .envs(env.iter().copied())
        .stdout(std::process::Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the relay binary starts");
    let stdout = child.stdout.take().unwrap();
    let child = Proc(child);
    let line = tokio::time::timeout(
        WAIT,
        tokio::task::spawn_blocking(move || {
            let mut line = String::new();
            BufReader::new(stdout).read_line(&mut line).unwrap();
            line
        }),
    )
    .await
    .expect("the relay says where it listens")
    .unwrap();
    let addr = line
        .trim()
        .rsplit("http://")
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (child, addr)
}

/// Receives until every client's newest frame is at the room's stored step and the room
/// has stopped moving (it waits for a person); the room's step and state hash.
pub async fn settle(
    addr: SocketAddr,
    code: &RoomCode,
    clients: &mut [&mut Client],
) -> (Value, Value) {
    loop {
        let s = inspect(addr, code).await;
        let step = s["step"].as_u64().unwrap();
        for c in clients.iter_mut() {
            while c.frames.last().and_then(|f| f["step"].as_u64()) < Some(step) {
                c.recv().await.expect("open");
            }
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
        let again = inspect(addr, code).await;
        if again["step"] == s["step"] {
            return (s["step"].clone(), s["hash"].clone());
        }
    }
}

/// A plain HTTP GET; the status line and body.
pub async fn http_get(addr: SocketAddr, path: &str) -> (String, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut text = String::new();
    tokio::time::timeout(WAIT, s.read_to_string(&mut text))
        .await
        .unwrap()
        .unwrap();
    let status = text.lines().next().unwrap_or("").to_string();
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

/// A client of the relay: one WebSocket, and what it has been sent.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub code: Option<RoomCode>,
    pub token: Option<SeatToken>,
    pub seat: Option<u8>,
    pub lobby: Option<Lobby>,
    /// Every game frame received, in order.
    pub frames: Vec<Value>,
    /// Every score sheet received, in order.
    pub sheets: Vec<Value>,
    /// Every turn-timer message received, in order.
    pub clocks: Vec<protocol::Clock>,
    /// Every error received, in order.
    pub errors: Vec<ErrorBody>,
    /// Every reaction received, as the relay wrote it (its text), in order.
    pub reactions: Vec<String>,
    /// Every replay received, as the relay wrote it (its text), in order.
    pub replays: Vec<String>,
    /// Set when the relay closed the socket: the close code.
    pub closed: Option<u16>,
    /// What the test calls this client (in panics).
    pub label: String,
}

impl Client {
    /// Opens a socket to the relay.
    pub async fn connect(addr: SocketAddr) -> Client {
        Client::connect_with(addr, &[]).await
    }

    /// Opens a socket to the relay with these extra headers in its upgrade request.
    pub async fn connect_with(addr: SocketAddr, headers: &[(&str, &str)]) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        use tokio_tungstenite::tungstenite::http::{HeaderName, HeaderValue};
        let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
        for (name, value) in headers {
            req.headers_mut().append(
                HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(value).unwrap(),
            );
        }
        let (ws, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(req))
            .await
            .expect("connect in time")
            .expect("connect");
        Client {
            ws,
            code: None,
            token: None,
            seat: None,
            lobby: None,
            frames: Vec::new(),
            sheets: Vec::new(),
            clocks: Vec::new(),
            errors: Vec::new(),
            reactions: Vec::new(),
            replays: Vec::new(),
            closed: None,
            label: String::new(),
        }
    }

    pub async fn send(&mut self, msg: &ClientMsg) {
        let text = serde_json::to_string(msg).unwrap();
        self.send_text(text).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws.send(Message::Binary(bytes.into())).await.unwrap();
    }

    /// The next message (recording frames, errors, the lobby and the seat); `None` once
    /// the socket is closed.
    pub async fn recv(&mut self) -> Option<RelayMsg> {
        loop {
            let next = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .unwrap_or_else(|_| {
                    panic!(
                        "{} seat {:?}: no message in {WAIT:?}; errors {:?}; last frame {}",
                        self.label,
                        self.seat,
                        self.errors,
                        self.frames.last().unwrap_or(&Value::Null)
                    )
                });
            let text = match next {
                None | Some(Err(_)) => return None,
                Some(Ok(Message::Close(frame))) => {
                    self.closed = Some(frame.map_or(1005, |f| f.code.into()));
                    return None;
                }
                Some(Ok(Message::Text(t))) => t,
                Some(Ok(_)) => continue,
            };
            let msg: RelayMsg = serde_json::from_str(text.as_str())
                .unwrap_or_else(|e| panic!("not a relay message: {text}: {e}"));
            match &msg {
                RelayMsg::Welcome {
                    code, token, seat, ..
                } => {
                    self.code = Some(code.clone());
                    self.token = Some(token.clone());
                    self.seat = Some(*seat);
                }
                RelayMsg::Lobby { lobby } => self.lobby = Some(lobby.clone()),
                RelayMsg::Frame { frame } => self.frames.push(frame.clone()),
                RelayMsg::Error(e) => self.errors.push(e.clone()),
                RelayMsg::Sheet { sheet } => self.sheets.push(sheet.clone()),
                RelayMsg::Clock(c) => self.clocks.push(c.clone()),
                RelayMsg::Pong => {}
                RelayMsg::Reaction { .. } => self.reactions.push(text.to_string()),
                RelayMsg::Replay { .. } => self.replays.push(text.to_string()),
            }
            return Some(msg);
        }
    }

    /// Receives until `pred` holds for a message; panics if the socket closes first.
    pub async fn until(&mut self, mut pred: impl FnMut(&RelayMsg) -> bool) -> RelayMsg {
        loop {
            let m = self.recv().await.expect("the socket closed");
            if pred(&m) {
                return m;
            }
        }
    }

    /// The next error (skipping other messages).
    pub async fn error(&mut self) -> ErrorBody {
        match self.until(|m| matches!(m, RelayMsg::Error(_))).await {
            RelayMsg::Error(e) => e,
            _ => unreachable!(),
        }
    }

    /// Makes a room and waits for its welcome.
    pub async fn create(
        addr: SocketAddr,
        game: &str,
        players: u8,
        settings: Value,
        options: RoomOptions,
    ) -> Client {
        let mut c = Client::connect(addr).await;
        c.send(&create_msg(game, players, settings, options, "Creator"))
            .await;
        c.welcome().await;
        c
    }

    /// Two people at a new room, started: its creator, then "B" (seat 1) once the creator
    /// has seen B arrive; the creator has sent `start` (the other seats get bots).
    pub async fn start_two(
        addr: SocketAddr,
        game: &str,
        players: u8,
        settings: Value,
        options: RoomOptions,
    ) -> (Client, Client) {
        let mut a = Client::create(addr, game, players, settings, options).await;
        let code = a.code.clone().unwrap();
        let b = Client::join(addr, &code, "B").await;
        a.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.seats[1].connected))
            .await;
        a.send(&ClientMsg::Start).await;
        (a, b)
    }

    /// Joins a room and waits for the welcome.
    pub async fn join(addr: SocketAddr, code: &RoomCode, name: &str) -> Client {
        let mut c = Client::connect(addr).await;
        c.send(&join_msg(code, name)).await;
        c.welcome().await;
        c
    }

    /// Resumes a seat by its token and waits for the welcome.
    pub async fn resume(addr: SocketAddr, code: &RoomCode, token: &SeatToken) -> Client {
        let mut c = Client::connect(addr).await;
        c.send(&resume_msg(code, token)).await;
        c.welcome().await;
        c
    }

    /// Watches a room (issue 23) and waits for its lobby, the first answer; panics on an
    /// error.
    pub async fn watch(addr: SocketAddr, code: &RoomCode) -> Client {
        let mut c = Client::connect(addr).await;
        c.label = format!("watcher of {code}");
        c.send(&watch_msg(code)).await;
        let m = c
            .until(|m| matches!(m, RelayMsg::Lobby { .. } | RelayMsg::Error(_)))
            .await;
        if let RelayMsg::Error(e) = m {
            panic!("{}: refused: {e:?}", c.label);
        }
        c
    }

    /// Receives until the match is over for this client: a lobby of the finished room, and a
    /// frame of the match's end (a watcher that arrives at a finished room gets the lobby
    /// first, then the snapshot; one that watched the end gets the frame first).
    pub async fn until_match_over(&mut self) {
        while !(self
            .lobby
            .as_ref()
            .is_some_and(|l| l.phase == Phase::Finished)
            && self
                .frames
                .last()
                .is_some_and(|f| f["status"] == json!("match_over")))
        {
            self.recv().await.expect("open until the match is over");
        }
    }

    /// Waits for the welcome; panics on an error.
    pub async fn welcome(&mut self) {
        let m = self
            .until(|m| matches!(m, RelayMsg::Welcome { .. } | RelayMsg::Error(_)))
            .await;
        if let RelayMsg::Error(e) = m {
            panic!("{}: refused: {e:?}", self.label);
        }
    }

    /// Waits for a lobby in phase `phase`.
    pub async fn phase(&mut self, phase: Phase) {
        if self.lobby.as_ref().is_some_and(|l| l.phase == phase) {
            return;
        }
        self.until(|m| matches!(m, RelayMsg::Lobby { lobby } if lobby.phase == phase))
            .await;
    }

    /// The client's socket itself, for a test that drives it by hand (a flood).
    pub fn into_socket(self) -> WebSocketStream<MaybeTlsStream<TcpStream>> {
        self.ws
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

pub fn create_msg(
    game: &str,
    players: u8,
    settings: Value,
    options: RoomOptions,
    name: &str,
) -> ClientMsg {
    ClientMsg::Create {
        version: RELAY_VERSION,
        frames: registry::PROTOCOL_VERSION,
        game: game.into(),
        players,
        settings,
        options,
        name: name.into(),
    }
}

pub fn join_msg(code: &RoomCode, name: &str) -> ClientMsg {
    ClientMsg::Join {
        version: RELAY_VERSION,
        frames: registry::PROTOCOL_VERSION,
        code: code.clone(),
        name: name.into(),
    }
}

pub fn resume_msg(code: &RoomCode, token: &SeatToken) -> ClientMsg {
    ClientMsg::Resume {
        version: RELAY_VERSION,
        frames: registry::PROTOCOL_VERSION,
        code: code.clone(),
        token: token.clone(),
    }
}

pub fn watch_msg(code: &RoomCode) -> ClientMsg {
    ClientMsg::Watch {
        version: RELAY_VERSION,
        frames: registry::PROTOCOL_VERSION,
        code: code.clone(),
    }
}

struct LegalOf<'a>(&'a Value);

impl GameFn for LegalOf<'_> {
    type Output = Vec<Value>;
    fn call<G: Registered>(self) -> Vec<Value> {
        let u: Update<G> = serde_json::from_value(self.0.clone()).expect("a frame of the game");
        let mut legal = Vec::new();
        G::legal_from_view(&u.view, &mut legal);
        legal
            .iter()
            .map(|a| serde_json::to_value(a).unwrap())
            .collect()
    }
}

/// The legal actions of a seat from its own frame alone (as the browser lists them).
pub fn legal(game: &str, frame: &Value) -> Vec<Value> {
    registry::with_game(game, LegalOf(frame)).unwrap()
}

/// A person's pick: mostly a play (an object) over a draw or a pass (a word), so the
/// shedding games' hands end.
pub fn pick(rng: &mut Rng, legal: &[Value]) -> Value {
    let plays: Vec<&Value> = legal.iter().filter(|a| a.is_object()).collect();
    if !plays.is_empty() && rng.below(8) > 0 {
        plays[rng.below(plays.len() as u32) as usize].clone()
    } else {
        legal[rng.below(legal.len() as u32) as usize].clone()
    }
}

/// Plays a seat as a person would until the match is over (or `max_moves` moves are
/// made): acts on every newest frame with legal actions, with the game's rule bot as its
/// brain (fed only the frames it is sent) and now and then a random legal action. The
/// relay deals the next hand itself (the tests run it without a pause between hands).
/// Returns the number of moves made.
pub async fn play(c: &mut Client, game: &str, seed: u64, max_moves: usize) -> usize {
    play_until(c, game, seed, |_, moves| moves >= max_moves).await
}

/// [`play`] until the match is over or `stop` holds (checked after every message, with
/// the moves made so far).
pub async fn play_until(
    c: &mut Client,
    game: &str,
    seed: u64,
    mut stop: impl FnMut(&Client, usize) -> bool,
) -> usize {
    let mut rng = Rng::new(seed);
    let mut brain = rule_brain(game, seed);
    let mut moves = 0;
    let mut acted_at: Option<u64> = None;
    let mut seen = 0;
    loop {
        for f in &c.frames[seen..] {
            brain.observe(f);
        }
        seen = c.frames.len();
        if c.lobby.as_ref().is_some_and(|l| l.phase == Phase::Finished) || stop(c, moves) {
            eprintln!(
                "{} play_until returns at {:?} moves {moves}",
                c.label,
                c.frames.last().map(|f| f["step"].clone())
            );
            return moves;
        }
        // Act on the newest frame, once per step.
        if let Some(f) = c.frames.last() {
            let step = f["step"].as_u64().unwrap();
            if acted_at != Some(step) {
                let l = legal(game, f);
                if !l.is_empty() {
                    let action = if rng.below(10) == 0 {
                        pick(&mut rng, &l)
                    } else {
                        brain.choose(f).unwrap()
                    };
                    acted_at = Some(step);
                    let msg = ClientMsg::Move {
                        step: step as u32,
                        action,
                    };
                    c.send(&msg).await;
                    moves += 1;
                }
            }
        }
        if c.recv().await.is_none() {
            eprintln!(
                "{} play_until closed at {:?}",
                c.label,
                c.frames.last().map(|f| f["step"].clone())
            );
            return moves;
        }
    }
}

/// Every card a JSON value names (a string that is a card's own name).
pub fn cards_named(v: &Value, into: &mut CardSet) {
    match v {
        Value::String(s) => {
            if let Ok(c) = s.parse::<Card>() {
                if c.to_string() == *s {
                    *into = into.or(c.bit());
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| cards_named(x, into)),
        Value::Object(o) => o.values().for_each(|x| cards_named(x, into)),
        _ => {}
    }
}

pub fn named(v: &Value) -> CardSet {
    let mut set = CardSet::EMPTY;
    cards_named(v, &mut set);
    set
}

/// The cards of the face-up plays by `actor` in a frame's public part.
pub fn played_face_up(public: &Value, actor: Option<u8>, into: &mut CardSet) {
    match public {
        Value::Object(o) => {
            if let Some(p) = o.get("played") {
                if actor.is_some_and(|a| p["seat"] == json!(a)) {
                    cards_named(&p["card"], into);
                    cards_named(&p["cards"], into);
                }
            }
            o.values().for_each(|x| played_face_up(x, actor, into));
        }
        Value::Array(a) => a.iter().for_each(|x| played_face_up(x, actor, into)),
        _ => {}
    }
}

const SECRET_KEYS: [&str; 4] = ["seed", "deal", "state_hash", "hash"];

/// A field of the secret deal or the state hash (`decks` as deck orders, a list).
pub fn secret_key(v: &Value) -> Option<String> {
    match v {
        Value::Object(o) => o.iter().find_map(|(k, x)| {
            if SECRET_KEYS.contains(&k.as_str()) || (k == "decks" && x.is_array()) {
                Some(k.clone())
            } else {
                secret_key(x)
            }
        }),
        Value::Array(a) => a.iter().find_map(secret_key),
        _ => None,
    }
}

/// Whether a frame's public part names `seat` as the seat that acted or timed out.
pub fn acted_by(frame: &Value, seat: u8) -> bool {
    let public = &frame["public"];
    if public["timeout"]["seat"] == json!(seat) {
        return true;
    }
    // The acting seat is `seat` in most events, `hakem` in those only the hakem makes
    // (Hokm's trump named, a hand thrown in).
    public["event"]
        .as_object()
        .and_then(|o| o.values().next())
        .and_then(|e| e.get("seat").or_else(|| e.get("hakem")))
        .is_some_and(|s| *s == json!(seat))
}

/// A person's seat as the crash tests keep it: its room, token and game, and the last
/// frame it was sent before the relay was killed.
pub struct Kept {
    pub code: RoomCode,
    pub token: SeatToken,
    pub game: &'static str,
    pub last: Value,
}

/// Every kept seat of room `code` resumes through `addr` and is sent the same view at the
/// same step it was sent last; then the room's people play on together to at least six
/// steps past `step` (or to the match's end).
pub async fn resume_and_play_on(addr: SocketAddr, seats: &[Kept], code: &RoomCode, step: u64) {
    let mut clients = Vec::new();
    for seat in seats.iter().filter(|s| s.code == *code) {
        let mut c = Client::resume(addr, &seat.code, &seat.token).await;
        let f = c.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
        let RelayMsg::Frame { frame } = f else {
            unreachable!()
        };
        assert_eq!(frame["step"], seat.last["step"], "{}", seat.game);
        assert_eq!(frame["view"], seat.last["view"], "{}", seat.game);
        clients.push((c, seat.game));
    }
    let target = step + 6;
    let on = |c: &Client, _| {
        c.frames
            .last()
            .is_some_and(|f| f["step"].as_u64() >= Some(target))
    };
    futures_util::future::join_all(
        clients
            .iter_mut()
            .enumerate()
            .map(|(i, (c, game))| play_until(c, game, 500 + i as u64, on)),
    )
    .await;
    for (c, game) in &clients {
        assert!(
            c.frames.last().unwrap()["step"].as_u64() >= Some(target)
                || c.lobby.as_ref().unwrap().phase == Phase::Finished,
            "{game}"
        );
    }
}
