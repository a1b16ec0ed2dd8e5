//! The online relay's messages: what a browser (or a test client) and the relay send each
//! other over one WebSocket (`/ws`), as JSON text messages (docs/protocol.md, "The relay").
//!
//! Two versions are checked when a client opens a room ([`ClientMsg::Create`],
//! [`ClientMsg::Join`], [`ClientMsg::Resume`], [`ClientMsg::Watch`]):
//! - [`RELAY_VERSION`]: the envelope defined here (message types, lobby, errors);
//! - `frames`: the version of the game frames carried inside [`RelayMsg::Frame`] and of the
//!   moves, the engine's `engine::table::PROTOCOL_VERSION` (the registry's golden fixtures
//!   pin it). This crate does not depend on the engine (it must stay small for wasm), so
//!   the client sends the value it was built with and the relay compares it with its own.
//!
//! A client of another version is answered with the error code [`codes::VERSION`], whose
//! message asks it to reload.
//!
//! Game frames stay the registry's JSON (`{"seat", "step", "public", "view"}`; a watcher's
//! `{"step", "public", "status", "view"}`, without a seat) and are
//! carried as JSON: a [`serde_json::Value`] in the relay, a [`RawJson`] (the text as it came)
//! in the browser, which reads it into its game's typed update. The messages that carry game
//! JSON (frames, sheets, settings, moves) are generic over that type, `Value` by default; the
//! browser reads a relay message with [`RelayMsg::read`].

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use std::fmt;

/// The version of this crate's messages. Bumped whenever a message changes in a way a peer
/// of the previous version would misread. Version 2 added [`RelayMsg::Sheet`], version 3
/// [`RelayMsg::Clock`], version 4 the reactions ([`ClientMsg::React`], [`RelayMsg::Reaction`]),
/// version 5 the watchers ([`ClientMsg::Watch`], [`RoomOptions::watchers`],
/// [`Lobby::watchers`]: a lobby of version 5 names an option a client of version 4 refuses),
/// version 6 the public tables ([`RoomOptions::public`], [`RoomOptions::fill_secs`],
/// [`ClientMsg::QuickPlay`]: the lobby of a public table names options a client of version
/// 5 refuses), version 7 the replay of a finished hand ([`ClientMsg::Replay`],
/// [`RelayMsg::Replay`]).
pub const RELAY_VERSION: u32 = 7;

/// The most watchers a room takes at once; one more is refused ([`codes::ROOM_FULL`]).
pub const MAX_WATCHERS: u32 = 100;

/// The reactions and quick-chat phrases a seated person may send (issue 23): presets only, no
/// free text, so nothing needs moderating. The pages show each in their language.
pub const REACTIONS: [&str; 12] = [
    "hello",
    "good_luck",
    "well_played",
    "nice",
    "thanks",
    "sorry",
    "oops",
    "hurry",
    "thinking",
    "wow",
    "good_game",
    "bye",
];

/// A seat's budget of reactions: a burst of [`REACTION_BURST`], then one more every
/// [`REACTION_EVERY_MS`] milliseconds. Over it the sender is told ([`codes::SLOW_DOWN`]) and
/// nothing is sent.
pub const REACTION_BURST: u32 = 3;
/// See [`REACTION_BURST`]: about six a minute once the burst is spent.
pub const REACTION_EVERY_MS: u64 = 10_000;

/// A JSON value kept as its text: what the browser's messages carry where the relay's carry a
/// [`Value`] (frames, sheets, settings, moves). The page reads it into its own types with
/// [`RawJson::read`] and writes one with [`RawJson::of`], so it needs serde's code for its types
/// only once (from and to text), and none for `Value`. Equal when the texts are equal.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RawJson(Box<RawValue>);

impl RawJson {
    /// `value` written as JSON.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<RawJson> {
        serde_json::value::to_raw_value(value).map(RawJson)
    }

    /// The JSON read as a `T`.
    pub fn read<T: DeserializeOwned>(&self) -> serde_json::Result<T> {
        serde_json::from_str(self.0.get())
    }

    /// The JSON text.
    pub fn text(&self) -> &str {
        self.0.get()
    }
}

impl PartialEq for RawJson {
    fn eq(&self, other: &RawJson) -> bool {
        self.text() == other.text()
    }
}

/// `null`, as a missing setting reads.
impl Default for RawJson {
    fn default() -> RawJson {
        RawJson::of(&()).unwrap_or_else(|_| unreachable!("null is JSON"))
    }
}

/// The characters of a room code: digits and capitals without the easily confused 0, O, 1,
/// I and L.
pub const CODE_ALPHABET: &str = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// The length of a room code.
pub const CODE_LEN: usize = 6;

/// A room's public code: [`CODE_LEN`] characters of [`CODE_ALPHABET`] ("K7QM3X"). Anybody
/// who knows it may join the room; it does not give a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RoomCode(pub String);

impl RoomCode {
    /// A code as a person may type it: surrounding spaces dropped, lower case accepted.
    /// `None` unless it is [`CODE_LEN`] characters of [`CODE_ALPHABET`].
    pub fn parse(text: &str) -> Option<RoomCode> {
        let code = text.trim().to_ascii_uppercase();
        let ok = code.len() == CODE_LEN && code.chars().all(|c| CODE_ALPHABET.contains(c));
        ok.then_some(RoomCode(code))
    }

    /// Whether this code is well formed (see [`RoomCode::parse`]).
    pub fn is_valid(&self) -> bool {
        RoomCode::parse(&self.0).is_some_and(|c| c.0 == self.0)
    }

    /// The code as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The secret that owns a seat: given once, when the seat is taken ([`RelayMsg::Welcome`]),
/// and shown back to [`ClientMsg::Resume`] the seat after a reload or a dropped network.
/// Keep it like a password (the browser's local storage); never show it to other players.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatToken(pub String);

impl SeatToken {
    /// The token as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for SeatToken {
    /// Never prints the secret (logs, panics).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(…)")
    }
}

/// The relay's own room settings (the game's settings are the game's JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RoomOptions {
    /// Seconds a person may be away before a bot plays their seat (they take it back when
    /// they return): 0 to [`RoomOptions::MAX_GRACE_SECS`].
    pub grace_secs: u32,
    /// D-7's turn timer in seconds: 0 (off), 15, 30 or 60. When it runs out the relay plays
    /// the engine's timeout step for the seat (HX-14's penalty where the rules have it).
    pub turn_secs: u32,
    /// Whether anybody with the room's code may watch it ([`ClientMsg::Watch`]): the public
    /// table only, never a hand. On by default (missing: on): a room is reached only by its
    /// code, which the players share themselves, and the players see how many watch
    /// ([`Lobby::watchers`]); the creator turns it off for a table nobody watches. Version 5
    /// added it; it is written only when off, so the options of a room that allows
    /// watching read as they did before.
    #[serde(skip_serializing_if = "is_true")]
    pub watchers: bool,
    /// Whether the room is a public table (issue 23): listed by the relay's `GET /tables`
    /// while it waits in its lobby with a free seat, and joined by [`ClientMsg::QuickPlay`].
    /// Off by default: a room is public only if its creator says so, and a private room is
    /// never listed. Version 6 added it; it is written only when on, so the options of a
    /// private room read as they did before.
    #[serde(skip_serializing_if = "is_false")]
    pub public: bool,
    /// A public table's fill time: this many seconds after the room was created, bots take
    /// its empty seats and the match starts (unless it started sooner: its creator started
    /// it, or its last seat was taken by a person). [`RoomOptions::MIN_FILL_SECS`] to
    /// [`RoomOptions::MAX_FILL_SECS`], [`RoomOptions::DEFAULT_FILL_SECS`] by default;
    /// checked in every room, used only in a public one. Version 6 added it; it is written
    /// only when it is not the default.
    #[serde(skip_serializing_if = "is_default_fill")]
    pub fill_secs: u32,
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_default_fill(secs: &u32) -> bool {
    *secs == RoomOptions::DEFAULT_FILL_SECS
}

impl RoomOptions {
    /// The longest grace period.
    pub const MAX_GRACE_SECS: u32 = 600;
    /// The turn timer's allowed values (D-7), 0 for off.
    pub const TURN_SECS: [u32; 4] = [0, 15, 30, 60];
    /// A public table's shortest fill time ([`RoomOptions::fill_secs`]).
    pub const MIN_FILL_SECS: u32 = 5;
    /// A public table's longest fill time.
    pub const MAX_FILL_SECS: u32 = 300;
    /// A public table's fill time unless its creator chooses another.
    pub const DEFAULT_FILL_SECS: u32 = 30;

    /// Why these options are refused, if they are.
    pub fn check(&self) -> Result<(), String> {
        if self.grace_secs > Self::MAX_GRACE_SECS {
            return Err(format!(
                "grace_secs {} is over {}",
                self.grace_secs,
                Self::MAX_GRACE_SECS
            ));
        }
        if !Self::TURN_SECS.contains(&self.turn_secs) {
            return Err(format!(
                "turn_secs {} is not one of 0 (off), 15, 30, 60 (D-7)",
                self.turn_secs
            ));
        }
        if !(Self::MIN_FILL_SECS..=Self::MAX_FILL_SECS).contains(&self.fill_secs) {
            return Err(format!(
                "fill_secs {} is not {} to {}",
                self.fill_secs,
                Self::MIN_FILL_SECS,
                Self::MAX_FILL_SECS
            ));
        }
        Ok(())
    }
}

impl Default for RoomOptions {
    fn default() -> Self {
        RoomOptions {
            grace_secs: 30,
            turn_secs: 0,
            watchers: true,
            public: false,
            fill_secs: Self::DEFAULT_FILL_SECS,
        }
    }
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person (with a seat token).
    Person,
    /// One of the relay's rule bots.
    Bot,
    /// Nobody yet (only in the lobby: starting fills empty seats with bots).
    Empty,
}

/// Where a room is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Seats are being filled; the creator starts the match.
    Lobby,
    /// A match is being played.
    Playing,
    /// The match is over; the creator may ask for a rematch.
    Finished,
}

/// One seat as everybody in the room sees it (no token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The seat number (0-based, the engine's seat).
    pub seat: u8,
    /// Who sits there.
    pub kind: SeatKind,
    /// The person's name (a bot's is "Bot"); `None` for an empty seat.
    pub name: Option<String>,
    /// Whether the person has a live connection (always true for a bot).
    pub connected: bool,
    /// Whether a bot is playing the seat now: a bot seat, or a person who has been away
    /// longer than the grace period (or who joined a bot's seat mid-hand and takes it at
    /// the next hand).
    pub bot_playing: bool,
}

/// The room as everybody in it sees it: sent on joining and on every change of seats,
/// presence or phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lobby<J = Value> {
    /// The room's code.
    pub code: RoomCode,
    /// The game's slug (`hokm`).
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// The game's settings as the room plays them (every setting, defaults filled in).
    pub settings: J,
    /// The relay's settings of the room.
    pub options: RoomOptions,
    /// Every seat, in seat order.
    pub seats: Vec<SeatInfo>,
    /// The creator's seat (who may change seats, start and ask for a rematch).
    pub creator: u8,
    /// Where the room is.
    pub phase: Phase,
    /// The match number: 1 for the first match, +1 for each rematch (0 in the lobby).
    pub match_no: u32,
    /// How many people watch the room now ([`ClientMsg::Watch`]); every change is sent as a
    /// new lobby. Version 5 added it (missing: 0).
    #[serde(default)]
    pub watchers: u32,
}

/// A message from a client to the relay. JSON: `{"type": "join", "code": "K7QM3X", …}`.
///
/// Unknown fields are refused in every message with fields (`Move` with a `seat` is a bad
/// message); the messages without fields (`start`, `ready`, `rematch`, `ping`) ignore any.
///
/// The first message of a connection opens a room ([`ClientMsg::Create`],
/// [`ClientMsg::Join`], [`ClientMsg::Resume`] or [`ClientMsg::QuickPlay`]) or watches one
/// ([`ClientMsg::Watch`]),
/// after any number of [`ClientMsg::Peek`]s; the others need a seat. A watching connection
/// sends only [`ClientMsg::Ping`]: anything else is refused ([`codes::WATCHER`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg<J = Value> {
    /// Makes a room and sits its creator in seat 0.
    Create {
        /// [`RELAY_VERSION`] of the client.
        version: u32,
        /// The engine's frame version the client was built with.
        frames: u32,
        /// The game's slug.
        game: String,
        /// Number of seats (one of the game's player counts).
        players: u8,
        /// The game's settings as JSON (`null` or missing: the defaults; a missing setting
        /// keeps its default).
        #[serde(default)]
        settings: J,
        /// The relay's room settings (missing: [`RoomOptions::default`]).
        #[serde(default)]
        options: RoomOptions,
        /// The creator's name.
        name: String,
    },
    /// Takes a seat in a room by its code: an empty seat in the lobby, or, in a match, a
    /// bot's seat (the person plays from the next hand; the bot plays until then).
    Join {
        /// [`RELAY_VERSION`] of the client.
        version: u32,
        /// The engine's frame version the client was built with.
        frames: u32,
        /// The room's code.
        code: RoomCode,
        /// The person's name.
        name: String,
    },
    /// Asks whether a room of this code is open, before taking a seat: the relay answers
    /// with its lobby ([`RelayMsg::Lobby`]: its game, seats and phase, no token) or
    /// `unknown_room`; the connection stays without a seat (a join may follow on it).
    Peek {
        /// [`RELAY_VERSION`] of the client.
        version: u32,
        /// The engine's frame version the client was built with.
        frames: u32,
        /// The room's code.
        code: RoomCode,
    },
    /// Quick play (issue 23): takes a seat at the fullest compatible public table that waits
    /// in its lobby (the same game and player count, and the same settings if they are
    /// given; of two as full, the one that has waited longest), or, if none has a free
    /// seat, creates a public table ([`RoomOptions::default`] but public, these settings or
    /// the defaults) and sits the person in its seat 0 as its creator. Answered as
    /// [`ClientMsg::Join`] or [`ClientMsg::Create`] is: [`RelayMsg::Welcome`], then the
    /// lobby; refused as they are (`bad_room`, `quota`, …). Version 6 added it.
    QuickPlay {
        /// [`RELAY_VERSION`] of the client.
        version: u32,
        /// The engine's frame version the client was built with.
        frames: u32,
        /// The game's slug.
        game: String,
        /// Number of seats (one of the game's player counts).
        players: u8,
        /// The game's settings as JSON (missing or `null`: any table of the game and player
        /// count; a new table gets the defaults). A table is compatible when its settings,
        /// every one filled in, are these filled in.
        #[serde(default)]
        settings: J,
        /// The person's name.
        name: String,
    },
    /// Comes back to one's seat after a reload or a dropped network: the relay answers
    /// with [`RelayMsg::Welcome`], the lobby and, in a match, a snapshot frame.
    Resume {
        /// [`RELAY_VERSION`] of the client.
        version: u32,
        /// The engine's frame version the client was built with.
        frames: u32,
        /// The room's code.
        code: RoomCode,
        /// The seat's token.
        token: SeatToken,
    },
    /// Watches a room by its code (issue 23), without a seat and without a token: the relay
    /// answers with the lobby ([`RelayMsg::Lobby`]) and, in a match, the score sheet, a
    /// watcher's snapshot frame and the turn timer; then every step's watcher frame, every
    /// lobby change and every reaction, as the seats get them. A watcher frame is
    /// `{"step", "public", "status", "view"}`: the seats' step, event and status, and the
    /// public view of the table (the engine's `watch_view`: no hand). After a reload the
    /// page simply watches again. Refused: `unknown_room`, [`codes::WATCH_FORBIDDEN`] (the
    /// room's [`RoomOptions::watchers`] is off), [`codes::ROOM_FULL`] ([`MAX_WATCHERS`]).
    /// Version 5 added it.
    Watch {
        /// [`RELAY_VERSION`] of the client.
        version: u32,
        /// The engine's frame version the client was built with.
        frames: u32,
        /// The room's code.
        code: RoomCode,
    },
    /// A game move: the engine's `Move`, `{"step", "action"}` (docs/protocol.md): `step`
    /// is the step of the newest frame the client has seen; a move at another step is
    /// refused as `stale_step` and not applied.
    Move {
        /// The step of the newest frame seen.
        step: u32,
        /// One of the seat's legal actions (the game's action JSON).
        action: J,
    },
    /// The creator puts a bot in an empty seat, or empties a bot's seat (lobby only).
    SetSeat {
        /// The seat.
        seat: u8,
        /// [`SeatKind::Bot`] or [`SeatKind::Empty`].
        kind: SeatKind,
    },
    /// The creator moves the occupant of seat `from` to seat `to` (swapping with whoever
    /// sits there; lobby only).
    SwapSeats {
        /// One seat.
        from: u8,
        /// The other seat.
        to: u8,
    },
    /// The creator starts the match (empty seats get bots).
    Start,
    /// The hand is over and this person has seen its result: the next hand is dealt once
    /// every connected person is ready, or after the relay's hand pause.
    Ready,
    /// The creator asks for a rematch once the match is over: same seats, same rules, a new
    /// deal.
    Rematch,
    /// Keeps the connection alive; answered with [`RelayMsg::Pong`].
    Ping,
    /// The last hand, once it is over (issue 23): answered with [`RelayMsg::Replay`] (to
    /// this connection only), or `hand_in_play` ([`codes::HAND_IN_PLAY`]) while a hand is
    /// played, `wrong_phase` before the first hand. A seat or a watcher may ask. Version 7
    /// added it.
    Replay,
    /// A reaction of this seat to the table: one of [`REACTIONS`], sent to every seat as
    /// [`RelayMsg::Reaction`] (within the seat's budget, [`REACTION_BURST`]). Version 4 added it.
    React {
        /// The preset's id.
        reaction: String,
    },
}

/// A message from the relay to a client. JSON: `{"type": "frame", "frame": {…}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RelayMsg<J = Value> {
    /// The connection holds a seat: its code, seat and token (keep the token to resume).
    Welcome {
        /// [`RELAY_VERSION`] of the relay.
        version: u32,
        /// The engine's frame version of the relay.
        frames: u32,
        /// The room's code.
        code: RoomCode,
        /// The seat's secret token.
        token: SeatToken,
        /// The seat.
        seat: u8,
    },
    /// The room's seats, presence and phase (on joining and on every change).
    Lobby {
        /// The room.
        lobby: Lobby<J>,
    },
    /// A game frame for this seat: the registry's `{"seat", "step", "public", "view"}`
    /// (docs/protocol.md); for a watching connection the watchers' frame, `{"step",
    /// "public", "status", "view"}` (no seat, no hand). A snapshot (on resume, on watching,
    /// at a match start or after a resync) has `"public": null`.
    Frame {
        /// The frame JSON.
        frame: J,
    },
    /// The match's score sheet, the same for every seat (hands' results are public, D-8):
    /// the registry's `{"start": [totals], "hands": [{"points", "totals"}], "winners"}`
    /// (`engine::tally::Tally`). Sent before every snapshot (so a reload keeps the sheet)
    /// and after every hand that ends. Version 2 added it.
    Sheet {
        /// The sheet JSON.
        sheet: J,
    },
    /// D-7's turn timer as it runs, in a room with one (`turn_secs` > 0): sent after every
    /// step's frame and after every snapshot. The time is relative to when the relay sent
    /// the message (a client counts down from when it received it: no clock is shared), and
    /// it names only who must act, which every frame's `status` already shows. Version 3
    /// added it.
    Clock(Clock),
    /// A request was refused; nothing changed.
    Error(ErrorBody),
    /// Answers [`ClientMsg::Ping`].
    Pong,
    /// A seat's reaction ([`ClientMsg::React`]): the seat and the preset, nothing else.
    /// Version 4 added it.
    Reaction {
        /// The seat that sent it.
        seat: u8,
        /// One of [`REACTIONS`].
        reaction: String,
    },
    /// The last hand, over, as the rules reveal it ([`ClientMsg::Replay`]): the engine's
    /// hand record, `{"view", "hidden", "steps", "anchors"?}` (docs/relay.md: every hand as
    /// dealt and every step, never the seed nor the order of the stock left), the same for
    /// every seat and watcher. Version 7 added it.
    Replay {
        /// The record JSON.
        replay: J,
    },
}

impl<J: DeserializeOwned> RelayMsg<J> {
    /// Reads a relay message: its `type` and fields in one pass, then the message its type
    /// names. A [`RawJson`] cannot be read through serde's derived reading of an internally
    /// tagged enum (which buffers every field as generic content first), and that reading is
    /// also larger code than the page needs; this one reads the frame's text straight from
    /// the message.
    pub fn read(text: &str) -> serde_json::Result<RelayMsg<J>> {
        // Every message's fields in one struct, read in one pass: one reading in the page
        // instead of one per message (a message's fields are each read as the message's
        // own, and a field a message needs and does not have refuses it).
        #[derive(Deserialize)]
        struct Any<J> {
            #[serde(rename = "type")]
            kind: String,
            version: Option<u32>,
            frames: Option<u32>,
            code: Option<RoomCode>,
            token: Option<SeatToken>,
            seat: Option<u8>,
            lobby: Option<Lobby<J>>,
            frame: Option<J>,
            sheet: Option<J>,
            reaction: Option<String>,
            replay: Option<J>,
            step: Option<u32>,
            seats: Option<Vec<u8>>,
            left_ms: Option<u32>,
            turn_ms: Option<u32>,
            error: Option<String>,
            message: Option<String>,
            rule: Option<String>,
        }
        fn need<T>(v: Option<T>, name: &'static str) -> serde_json::Result<T> {
            v.ok_or_else(|| serde::de::Error::missing_field(name))
        }
        let m: Any<J> = serde_json::from_str(text)?;
        Ok(match m.kind.as_str() {
            "welcome" => RelayMsg::Welcome {
                version: need(m.version, "version")?,
                frames: need(m.frames, "frames")?,
                code: need(m.code, "code")?,
                token: need(m.token, "token")?,
                seat: need(m.seat, "seat")?,
            },
            "lobby" => RelayMsg::Lobby {
                lobby: need(m.lobby, "lobby")?,
            },
            "frame" => RelayMsg::Frame {
                frame: need(m.frame, "frame")?,
            },
            "sheet" => RelayMsg::Sheet {
                sheet: need(m.sheet, "sheet")?,
            },
            "clock" => RelayMsg::Clock(Clock {
                step: need(m.step, "step")?,
                seats: need(m.seats, "seats")?,
                left_ms: need(m.left_ms, "left_ms")?,
                turn_ms: need(m.turn_ms, "turn_ms")?,
            }),
            "error" => RelayMsg::Error(ErrorBody {
                error: need(m.error, "error")?,
                message: need(m.message, "message")?,
                rule: m.rule,
            }),
            "pong" => RelayMsg::Pong,
            "reaction" => RelayMsg::Reaction {
                seat: need(m.seat, "seat")?,
                reaction: need(m.reaction, "reaction")?,
            },
            "replay" => RelayMsg::Replay {
                replay: need(m.replay, "replay")?,
            },
            other => {
                return Err(serde::de::Error::unknown_variant(
                    other,
                    &[
                        "welcome", "lobby", "frame", "sheet", "clock", "error", "pong", "reaction",
                        "replay",
                    ],
                ))
            }
        })
    }
}

/// The turn timer at one step: `{"step": 12, "seats": [1], "left_ms": 14800, "turn_ms":
/// 15000}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The step of the frame it belongs to (the timer restarts with every step).
    pub step: u32,
    /// The seats whose timer runs: the people who must act at this step (none when the
    /// hand is over, or only bots act).
    pub seats: Vec<u8>,
    /// Milliseconds left before the relay plays the timeout step of those seats, counted
    /// from when the message was sent.
    pub left_ms: u32,
    /// The whole turn, in milliseconds (`turn_secs` of the room).
    pub turn_ms: u32,
}

/// Why a request was refused: `{"error": code, "message": text, "rule": "HK-6"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// A stable code: one of [`codes`], or a game rule's or the registry's code
    /// (`must_follow_suit`, `stale_step`, `bad_action`, …).
    pub error: String,
    /// What is wrong, in English.
    pub message: String,
    /// The RULES.md ID a rule error enforces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

impl ErrorBody {
    /// An error without a rule ID.
    pub fn new(error: &str, message: impl Into<String>) -> ErrorBody {
        ErrorBody {
            error: error.to_string(),
            message: message.into(),
            rule: None,
        }
    }
}

impl<J> From<ErrorBody> for RelayMsg<J> {
    fn from(e: ErrorBody) -> RelayMsg<J> {
        RelayMsg::Error(e)
    }
}

/// The relay's own error codes (the registry's and the games' codes come as they are:
/// `stale_step`, `bad_action`, `bad_seat`, `hand_over`, rule codes, …).
pub mod codes {
    /// The client's [`crate::RELAY_VERSION`] or frame version is not the relay's: reload.
    pub const VERSION: &str = "version";
    /// Not JSON, or not a message of this protocol.
    pub const BAD_MESSAGE: &str = "bad_message";
    /// A message over the relay's size limit.
    pub const TOO_LARGE: &str = "too_large";
    /// Too many messages: the connection's budget is spent (the message was dropped).
    pub const FLOOD: &str = "flood";
    /// Too many rooms created from this address lately.
    pub const QUOTA: &str = "quota";
    /// The relay holds its maximum number of rooms.
    pub const FULL: &str = "relay_full";
    /// No open room has this code.
    pub const UNKNOWN_ROOM: &str = "unknown_room";
    /// The token is not one of this room's seats.
    pub const BAD_TOKEN: &str = "bad_token";
    /// The room has no seat to give.
    pub const ROOM_FULL: &str = "room_full";
    /// No such seat at this table (the registry's code for a move's seat, too).
    pub const BAD_SEAT: &str = "bad_seat";
    /// The connection has not opened a room yet (or already has one).
    pub const NO_ROOM: &str = "no_room";
    /// The connection already holds a seat.
    pub const ALREADY_SEATED: &str = "already_seated";
    /// Only the room's creator may do this.
    pub const NOT_CREATOR: &str = "not_creator";
    /// Not in this phase of the room (a move in the lobby, a start in a match, …).
    pub const WRONG_PHASE: &str = "wrong_phase";
    /// A bad game, player count, settings, options or name for a room.
    pub const BAD_ROOM: &str = "bad_room";
    /// The room is busy (its queue is full); try again.
    pub const BUSY: &str = "busy";
    /// The relay could not store the step; nothing changed.
    pub const STORE: &str = "store";
    /// The relay is shutting down.
    pub const SHUTTING_DOWN: &str = "shutting_down";
    /// Not one of the preset reactions ([`crate::REACTIONS`]).
    pub const BAD_REACTION: &str = "bad_reaction";
    /// The seat's reactions are over its budget ([`crate::REACTION_BURST`]); nothing was sent.
    pub const SLOW_DOWN: &str = "slow_down";
    /// The room's creator does not allow watching ([`crate::RoomOptions::watchers`]).
    pub const WATCH_FORBIDDEN: &str = "watch_forbidden";
    /// A watching connection sent what only a seat sends (a move, a reaction, ready, start,
    /// …) or tried to open a room: a watcher only watches. Nothing changed.
    pub const WATCHER: &str = "watcher";
    /// A replay asked for while the hand is being played ([`crate::ClientMsg::Replay`]).
    pub const HAND_IN_PLAY: &str = "hand_in_play";
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn messages_have_their_json_form() {
        let m: ClientMsg = serde_json::from_value(json!({
            "type": "join", "version": 1, "frames": 1, "code": "K7QM3X", "name": "Sara"
        }))
        .unwrap();
        assert_eq!(
            m,
            ClientMsg::Join {
                version: 1,
                frames: 1,
                code: RoomCode("K7QM3X".into()),
                name: "Sara".into()
            }
        );
        let m: ClientMsg =
            serde_json::from_str(r#"{"type":"move","step":3,"action":{"play":"AS"}}"#).unwrap();
        assert_eq!(
            m,
            ClientMsg::Move {
                step: 3,
                action: json!({"play": "AS"})
            }
        );
        let e: RelayMsg = RelayMsg::Error(ErrorBody {
            error: "must_follow_suit".into(),
            message: "…".into(),
            rule: Some("HK-6".into()),
        });
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"type": "error", "error": "must_follow_suit", "message": "…", "rule": "HK-6"})
        );
        let e: RelayMsg = RelayMsg::from(ErrorBody::new(codes::FLOOD, "slow down"));
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"type": "error", "error": "flood", "message": "slow down"})
        );
        assert_eq!(
            serde_json::to_value(RelayMsg::<Value>::Pong).unwrap(),
            json!({"type": "pong"})
        );
        // A reaction: the seat and the preset, nothing else (issue 23).
        assert_eq!(
            serde_json::to_value(RelayMsg::<Value>::Reaction {
                seat: 2,
                reaction: "thanks".into()
            })
            .unwrap(),
            json!({"type": "reaction", "seat": 2, "reaction": "thanks"})
        );
        assert_eq!(
            serde_json::from_value::<ClientMsg>(json!({"type": "react", "reaction": "sorry"}))
                .unwrap(),
            ClientMsg::React {
                reaction: "sorry".into()
            }
        );
        let sheet = json!({"start": [0, 0], "hands": [{"points": [1, 0], "totals": [1, 0]}], "winners": null});
        assert_eq!(
            serde_json::to_value(RelayMsg::Sheet {
                sheet: sheet.clone()
            })
            .unwrap(),
            json!({"type": "sheet", "sheet": sheet})
        );
        let clock: RelayMsg = RelayMsg::Clock(Clock {
            step: 7,
            seats: vec![1],
            left_ms: 14_000,
            turn_ms: 15_000,
        });
        assert_eq!(
            serde_json::to_value(&clock).unwrap(),
            json!({"type": "clock", "step": 7, "seats": [1], "left_ms": 14000, "turn_ms": 15000})
        );
        let create: ClientMsg = serde_json::from_value(json!({
            "type": "create", "version": 1, "frames": 1, "game": "hokm", "players": 4, "name": "A"
        }))
        .unwrap();
        let ClientMsg::Create {
            settings, options, ..
        } = create
        else {
            panic!("not a create");
        };
        assert_eq!((settings, options), (Value::Null, RoomOptions::default()));
    }

    #[test]
    fn relay_messages_read_as_they_are_written() {
        // One of each message; the match below fails to compile when a message is added
        // and not listed here.
        let lobby = Lobby {
            code: RoomCode("K7QM3X".into()),
            game: "hokm".into(),
            players: 4,
            settings: json!({"target": 7, "kot": true}),
            options: RoomOptions::default(),
            seats: vec![SeatInfo {
                seat: 0,
                kind: SeatKind::Person,
                name: Some("Sara \"S\"".into()),
                connected: true,
                bot_playing: false,
            }],
            creator: 0,
            phase: Phase::Playing,
            match_no: 1,
            watchers: 2,
        };
        let all: Vec<RelayMsg> = vec![
            RelayMsg::Welcome {
                version: RELAY_VERSION,
                frames: 4,
                code: RoomCode("K7QM3X".into()),
                token: SeatToken("t0k3n".into()),
                seat: 2,
            },
            RelayMsg::Lobby { lobby },
            RelayMsg::Frame {
                frame: json!({"seat": 1, "step": 3, "public": null, "view": {"hand": ["AS", "10H"]}}),
            },
            RelayMsg::Sheet {
                sheet: json!({"start": [0, 0], "hands": [], "winners": null}),
            },
            RelayMsg::Clock(Clock {
                step: 7,
                seats: vec![1],
                left_ms: 14_000,
                turn_ms: 15_000,
            }),
            RelayMsg::Error(ErrorBody {
                error: "must_follow_suit".into(),
                message: "…".into(),
                rule: Some("HK-6".into()),
            }),
            RelayMsg::Pong,
            RelayMsg::Reaction {
                seat: 3,
                reaction: "well_played".into(),
            },
            RelayMsg::Replay {
                replay: json!({"view": {"hand": ["AS"]}, "hidden": {}, "steps": []}),
            },
        ];
        let mut kinds = std::collections::BTreeSet::new();
        for m in &all {
            kinds.insert(match m {
                RelayMsg::Welcome { .. } => 0,
                RelayMsg::Lobby { .. } => 1,
                RelayMsg::Frame { .. } => 2,
                RelayMsg::Sheet { .. } => 3,
                RelayMsg::Clock(_) => 4,
                RelayMsg::Error(_) => 5,
                RelayMsg::Pong => 6,
                RelayMsg::Reaction { .. } => 7,
                RelayMsg::Replay { .. } => 8,
            });
            let text = serde_json::to_string(m).unwrap();
            // As the relay's own reading reads it, and as the page reads it.
            assert_eq!(&serde_json::from_str::<RelayMsg>(&text).unwrap(), m);
            assert_eq!(&RelayMsg::<Value>::read(&text).unwrap(), m, "{text}");
            let raw = RelayMsg::<RawJson>::read(&text).unwrap();
            let back: RelayMsg = match raw {
                RelayMsg::Welcome {
                    version,
                    frames,
                    code,
                    token,
                    seat,
                } => RelayMsg::Welcome {
                    version,
                    frames,
                    code,
                    token,
                    seat,
                },
                RelayMsg::Lobby { lobby } => RelayMsg::Lobby {
                    lobby: Lobby {
                        settings: lobby.settings.read().unwrap(),
                        code: lobby.code,
                        game: lobby.game,
                        players: lobby.players,
                        options: lobby.options,
                        seats: lobby.seats,
                        creator: lobby.creator,
                        phase: lobby.phase,
                        match_no: lobby.match_no,
                        watchers: lobby.watchers,
                    },
                },
                RelayMsg::Frame { frame } => RelayMsg::Frame {
                    frame: frame.read().unwrap(),
                },
                RelayMsg::Sheet { sheet } => RelayMsg::Sheet {
                    sheet: sheet.read().unwrap(),
                },
                RelayMsg::Clock(c) => RelayMsg::Clock(c),
                RelayMsg::Error(e) => RelayMsg::Error(e),
                RelayMsg::Pong => RelayMsg::Pong,
                RelayMsg::Reaction { seat, reaction } => RelayMsg::Reaction { seat, reaction },
                RelayMsg::Replay { replay } => RelayMsg::Replay {
                    replay: replay.read().unwrap(),
                },
            };
            assert_eq!(&back, m, "{text}");
        }
        assert_eq!(kinds.len(), all.len());
        // Not a message: refused, whatever the reading.
        for bad in [
            r#"{"type": "frames", "frame": {}}"#,
            r#"{"frame": {}}"#,
            r#"{"type": "frame"}"#,
            r#"{"type": "welcome", "version": 3}"#,
            "[1, 2]",
            "",
        ] {
            assert!(RelayMsg::<RawJson>::read(bad).is_err(), "{bad}");
            assert!(serde_json::from_str::<RelayMsg>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn client_messages_with_raw_json_are_written_as_with_values() {
        // The page writes its moves and settings as text; the relay reads them as values.
        let action = json!({"play": "AS"});
        let page = ClientMsg::Move {
            step: 3,
            action: RawJson::of(&action).unwrap(),
        };
        let text = serde_json::to_string(&page).unwrap();
        assert_eq!(
            serde_json::from_str::<ClientMsg>(&text).unwrap(),
            ClientMsg::Move { step: 3, action }
        );
        let create: ClientMsg<RawJson> = ClientMsg::Create {
            version: RELAY_VERSION,
            frames: 4,
            game: "hokm".into(),
            players: 4,
            settings: RawJson::default(),
            options: RoomOptions::default(),
            name: "A".into(),
        };
        let read = serde_json::from_str::<ClientMsg>(&serde_json::to_string(&create).unwrap());
        let Ok(ClientMsg::Create { settings, .. }) = read else {
            panic!("not a create: {read:?}");
        };
        assert_eq!(settings, Value::Null);
    }

    #[test]
    fn unknown_fields_and_types_are_refused() {
        for bad in [
            json!({"type": "move", "step": 1, "action": "pass", "seat": 2}),
            json!({"type": "teleport"}),
            json!({"step": 1, "action": "pass"}),
            json!({"type": "move", "step": -1, "action": "pass"}),
        ] {
            assert!(
                serde_json::from_value::<ClientMsg>(bad.clone()).is_err(),
                "{bad}"
            );
        }
    }

    /// Issue 23: watching a room, the room's option and the count of watchers in the lobby.
    #[test]
    fn watching_has_its_json_form() {
        let m: ClientMsg = serde_json::from_value(json!({
            "type": "watch", "version": 5, "frames": 2, "code": "K7QM3X"
        }))
        .unwrap();
        assert_eq!(
            m,
            ClientMsg::Watch {
                version: 5,
                frames: 2,
                code: RoomCode("K7QM3X".into())
            }
        );
        // No token, no name, no seat: anything more is refused.
        for bad in [
            json!({"type": "watch", "version": 5, "frames": 2, "code": "K7QM3X", "token": "t"}),
            json!({"type": "watch", "version": 5, "frames": 2, "code": "K7QM3X", "seat": 1}),
            json!({"type": "watch", "version": 5, "frames": 2}),
        ] {
            assert!(
                serde_json::from_value::<ClientMsg>(bad.clone()).is_err(),
                "{bad}"
            );
        }
        // Watching is allowed unless the creator says otherwise; options without the field
        // (a page of version 4's form) keep it allowed.
        assert!(RoomOptions::default().watchers);
        let o: RoomOptions =
            serde_json::from_value(json!({"grace_secs": 10, "turn_secs": 15})).unwrap();
        assert!(o.watchers && o.check().is_ok());
        assert_eq!(
            serde_json::to_value(o).unwrap(),
            json!({"grace_secs": 10, "turn_secs": 15})
        );
        let o: RoomOptions = serde_json::from_value(json!({"watchers": false})).unwrap();
        assert_eq!(
            o,
            RoomOptions {
                watchers: false,
                ..RoomOptions::default()
            }
        );
        assert_eq!(
            serde_json::to_value(o).unwrap(),
            json!({"grace_secs": 30, "turn_secs": 0, "watchers": false})
        );
        // A lobby without the count reads as nobody watching.
        let lobby: Lobby = serde_json::from_value(json!({
            "code": "K7QM3X", "game": "hokm", "players": 4, "settings": null,
            "options": {"grace_secs": 30, "turn_secs": 0}, "seats": [], "creator": 0,
            "phase": "lobby", "match_no": 0
        }))
        .unwrap();
        assert_eq!(lobby.watchers, 0);
        assert_ne!(codes::WATCH_FORBIDDEN, codes::WATCHER);
    }

    #[test]
    fn room_codes_avoid_confusable_characters() {
        for c in ['0', 'O', '1', 'I', 'L'] {
            assert!(!CODE_ALPHABET.contains(c));
        }
        assert_eq!(CODE_ALPHABET.len(), 31);
        assert_eq!(RoomCode::parse(" k7qm3x "), Some(RoomCode("K7QM3X".into())));
        assert_eq!(RoomCode::parse("K7QM3"), None);
        assert_eq!(RoomCode::parse("K7QM3O"), None);
        assert!(!RoomCode("k7qm3x".into()).is_valid());
        assert_eq!(format!("{:?}", SeatToken("secret".into())), "SeatToken(…)");
    }

    #[test]
    fn options_follow_d_7() {
        assert!(RoomOptions::default().check().is_ok());
        for turn_secs in [15, 30, 60] {
            let o = RoomOptions {
                turn_secs,
                ..RoomOptions::default()
            };
            assert!(o.check().is_ok());
        }
        let o = RoomOptions {
            turn_secs: 5,
            ..RoomOptions::default()
        };
        assert!(o.check().is_err());
        let o = RoomOptions {
            grace_secs: 10_000,
            ..RoomOptions::default()
        };
        assert!(o.check().is_err());
    }

    /// Issue 23: public tables, their fill time and quick play.
    #[test]
    fn public_tables_have_their_json_form() {
        // A private room's options are written as before version 6.
        assert_eq!(
            serde_json::to_value(RoomOptions::default()).unwrap(),
            json!({"grace_secs": 30, "turn_secs": 0})
        );
        let o = RoomOptions {
            public: true,
            ..RoomOptions::default()
        };
        assert_eq!(
            serde_json::to_value(o).unwrap(),
            json!({"grace_secs": 30, "turn_secs": 0, "public": true})
        );
        let o: RoomOptions =
            serde_json::from_value(json!({"public": true, "fill_secs": 10})).unwrap();
        assert!(o.public && o.fill_secs == 10 && o.check().is_ok());
        assert_eq!(
            serde_json::to_value(o).unwrap(),
            json!({"grace_secs": 30, "turn_secs": 0, "public": true, "fill_secs": 10})
        );
        for fill_secs in [0, 4, 301, u32::MAX] {
            let o = RoomOptions {
                public: true,
                fill_secs,
                ..RoomOptions::default()
            };
            assert!(o.check().is_err(), "{fill_secs}");
        }
        for fill_secs in [5, 30, 300] {
            let o = RoomOptions {
                fill_secs,
                ..RoomOptions::default()
            };
            assert!(o.check().is_ok(), "{fill_secs}");
        }
        let m: ClientMsg = serde_json::from_value(json!({
            "type": "quick_play", "version": 6, "frames": 2, "game": "hokm", "players": 4,
            "name": "Sara"
        }))
        .unwrap();
        assert_eq!(
            m,
            ClientMsg::QuickPlay {
                version: 6,
                frames: 2,
                game: "hokm".into(),
                players: 4,
                settings: Value::Null,
                name: "Sara".into()
            }
        );
        // No options, no code, no token.
        for bad in [
            json!({"type": "quick_play", "version": 6, "frames": 2, "game": "hokm", "players": 4, "name": "S", "code": "K7QM3X"}),
            json!({"type": "quick_play", "version": 6, "frames": 2, "game": "hokm", "players": 4, "name": "S", "options": {}}),
            json!({"type": "quick_play", "version": 6, "frames": 2, "game": "hokm", "name": "S"}),
        ] {
            assert!(
                serde_json::from_value::<ClientMsg>(bad.clone()).is_err(),
                "{bad}"
            );
        }
    }
}
