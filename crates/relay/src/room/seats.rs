//! The room's seats: who sits where (a person, with or without a connection, a bot, nobody),
//! taking a seat (join, resume, attach) and leaving it (detach), the creator's lobby moves,
//! the seats' stand-in bots, the lobby as it is sent, and sending to a seat.

use super::{err, Actor, Conn, Out};
use crate::secret;
use engine::Seat;
use protocol::{
    codes, ErrorBody, Lobby, Phase, RelayMsg, SeatInfo, SeatKind, SeatToken, RELAY_VERSION,
};
use tokio::time::Instant;

/// A person in a seat.
#[derive(Debug)]
pub(super) struct Person {
    /// Their seat's token.
    pub(super) token: SeatToken,
    /// Their name.
    pub(super) name: String,
    /// Their connection, if they have one.
    pub(super) conn: Option<Conn>,
    /// Since when the person has had no connection.
    pub(super) away_since: Instant,
    /// Joined a bot's seat in a match: the bot plays to the end of the hand.
    pub(super) waits_for_hand: bool,
    /// Has seen the hand's result.
    pub(super) ready: bool,
    /// Their budget of reactions (protocol::REACTION_BURST).
    pub(super) reactions: crate::limits::Budget,
}

impl Person {
    /// A person just seated (with `token`), not connected yet.
    pub(super) fn new(token: SeatToken, name: String, waits_for_hand: bool) -> Person {
        Person {
            token,
            name,
            conn: None,
            away_since: Instant::now(),
            waits_for_hand,
            ready: false,
            reactions: crate::limits::Budget::new(
                protocol::REACTION_BURST,
                1000.0 / protocol::REACTION_EVERY_MS as f64,
            ),
        }
    }
}

/// Who sits in a seat.
#[derive(Debug)]
pub(super) enum Occupant {
    /// Nobody (a match that starts puts a bot there).
    Empty,
    /// A bot.
    Bot,
    /// A person.
    Person(Person),
}

impl Actor {
    pub(super) fn lobby(&self, now: Instant) -> Lobby {
        let creator = self
            .seats
            .iter()
            .position(|o| matches!(o, Occupant::Person(p) if p.token == self.creator))
            .unwrap_or(0) as u8;
        Lobby {
            code: self.code.clone(),
            game: self.info.slug.to_string(),
            players: self.players,
            settings: self.settings.clone(),
            options: self.options,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    let seat = i as u8;
                    let bot_playing = self.phase != Phase::Lobby && self.bot_plays(Seat(seat), now);
                    match o {
                        Occupant::Empty => SeatInfo {
                            seat,
                            kind: SeatKind::Empty,
                            name: None,
                            connected: false,
                            bot_playing: false,
                        },
                        Occupant::Bot => SeatInfo {
                            seat,
                            kind: SeatKind::Bot,
                            name: Some("Bot".into()),
                            connected: true,
                            bot_playing: true,
                        },
                        Occupant::Person(p) => SeatInfo {
                            seat,
                            kind: SeatKind::Person,
                            name: Some(p.name.clone()),
                            connected: p.conn.is_some(),
                            bot_playing,
                        },
                    }
                })
                .collect(),
            creator,
            phase: self.phase,
            match_no: self.match_no,
            watchers: self.watcher_count(),
        }
    }

    /// Whether a bot plays `seat` at `now`.
    pub(super) fn bot_plays(&self, seat: Seat, now: Instant) -> bool {
        match &self.seats[seat.idx()] {
            Occupant::Empty | Occupant::Bot => true,
            Occupant::Person(p) => {
                p.waits_for_hand || (p.conn.is_none() && now >= p.away_since + self.grace())
            }
        }
    }

    pub(super) fn seat_of_conn(&self, conn_id: u64) -> Option<Seat> {
        self.seats
            .iter()
            .position(
                |o| matches!(o, Occupant::Person(Person { conn: Some(c), .. }) if c.id == conn_id),
            )
            .map(|i| Seat(i as u8))
    }

    /// Sends a message to a seat's connection; a connection that cannot take it (its
    /// queue is full: a client that does not read) is dropped, and resyncs with a snapshot
    /// when it resumes.
    pub(super) fn send(&mut self, seat: Seat, msg: &RelayMsg) {
        if let Ok(text) = serde_json::to_string(msg) {
            self.send_text(seat, text);
        }
    }

    /// [`Actor::send`] of a message's text.
    pub(super) fn send_text(&mut self, seat: Seat, text: String) {
        let Occupant::Person(p) = &mut self.seats[seat.idx()] else {
            return;
        };
        if let Some(c) = &p.conn {
            if !c.send_text(text) {
                c.kick.cancel();
                p.conn = None;
                p.away_since = Instant::now();
            }
        }
    }

    pub(super) fn broadcast_lobby(&mut self) {
        let msg = RelayMsg::Lobby {
            lobby: self.lobby(Instant::now()),
        };
        for s in 0..self.players {
            self.send(Seat(s), &msg);
        }
        self.send_watchers(&msg);
    }

    /// A seat's snapshot, after the match's score sheet (a reload keeps the sheet).
    pub(super) fn send_snapshot(&mut self, seat: Seat) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let sheet = RelayMsg::Sheet {
            sheet: game.sheet(),
        };
        let frame = game.snapshot(seat).ok();
        let clock = self.clock(Instant::now());
        if let Some(f) = frame {
            self.send(seat, &sheet);
            self.send(seat, &RelayMsg::Frame { frame: f.frame });
            if let Some(clock) = clock {
                self.send(seat, &clock);
            }
        }
    }

    /// Seats `conn` in `seat` and tells it where it sits, the lobby and its snapshot.
    fn attach(&mut self, seat: Seat, conn: Conn) {
        let Occupant::Person(p) = &mut self.seats[seat.idx()] else {
            return;
        };
        if let Some(old) = p.conn.replace(conn) {
            let _ = old
                .tx
                .try_send(Out::Close(4000, "the seat was taken by a newer connection"));
            old.kick.cancel();
        }
        p.ready = false;
        let token = p.token.clone();
        if !p.waits_for_hand {
            // The person is back: their stand-in bot leaves.
            self.drop_bot(seat);
        }
        self.welcome(seat, token);
        self.broadcast_lobby();
        self.send_snapshot(seat);
    }

    /// Seats a person who joins by the room's code (`lobby_only`: by quick play, only in
    /// the lobby). A public table whose last empty seat a person takes starts at once.
    pub(super) async fn join(
        &mut self,
        name: String,
        conn: Conn,
        lobby_only: bool,
    ) -> Result<u8, ErrorBody> {
        if lobby_only && self.phase != Phase::Lobby {
            return Err(err(codes::WRONG_PHASE, "the table's match has started"));
        }
        let (kind, waits) = match self.phase {
            Phase::Lobby => (SeatKind::Empty, false),
            Phase::Playing => (SeatKind::Bot, true),
            Phase::Finished => (SeatKind::Bot, false),
        };
        let i = self
            .seats
            .iter()
            .position(|o| match kind {
                SeatKind::Empty => matches!(o, Occupant::Empty),
                _ => matches!(o, Occupant::Bot),
            })
            .ok_or_else(|| err(codes::ROOM_FULL, "every seat is taken by a person"))?;
        let before = std::mem::replace(
            &mut self.seats[i],
            Occupant::Person(Person::new(secret::token(), name, waits)),
        );
        if let Err(e) = self.save(None).await {
            self.seats[i] = before;
            return Err(e);
        }
        if !waits {
            self.drop_bot(Seat(i as u8));
        }
        self.attach(Seat(i as u8), conn);
        let full = !self.seats.iter().any(|o| matches!(o, Occupant::Empty));
        if self.options.public && self.phase == Phase::Lobby && full {
            // Nobody more can come: the table plays (docs/rule-decisions.md).
            tracing::debug!("public table full: starting");
            if let Err(e) = self.start_match().await {
                tracing::warn!(code = e.error, "the full public table did not start");
            }
        }
        Ok(i as u8)
    }

    pub(super) fn resume(&mut self, token: &SeatToken, conn: Conn) -> Result<u8, ErrorBody> {
        let i = self
            .seats
            .iter()
            .position(|o| matches!(o, Occupant::Person(p) if p.token == *token))
            .ok_or_else(|| err(codes::BAD_TOKEN, "this token holds no seat of this room"))?;
        self.attach(Seat(i as u8), conn);
        Ok(i as u8)
    }

    /// Connection `conn_id` closed: its person is away from `now`, or its watcher leaves.
    pub(super) fn detach(&mut self, conn_id: u64, now: Instant) {
        if let Some(seat) = self.seat_of_conn(conn_id) {
            if let Occupant::Person(p) = &mut self.seats[seat.idx()] {
                p.conn = None;
                p.away_since = now;
            }
            self.broadcast_lobby();
        } else {
            self.unwatch(conn_id);
        }
    }

    pub(super) fn is_creator(&self, seat: Seat) -> bool {
        matches!(&self.seats[seat.idx()], Occupant::Person(p) if p.token == self.creator)
    }

    pub(super) fn creator_away(&self) -> bool {
        !self.seats.iter().any(
            |o| matches!(o, Occupant::Person(p) if p.token == self.creator && p.conn.is_some()),
        )
    }

    pub(super) fn need_creator(&self, seat: Seat, phase: Phase) -> Result<(), ErrorBody> {
        if self.phase != phase {
            return Err(err(
                codes::WRONG_PHASE,
                format!("the room is in its {:?} phase", self.phase).to_lowercase(),
            ));
        }
        if !self.is_creator(seat) {
            return Err(err(
                codes::NOT_CREATOR,
                "only the room's creator may do this",
            ));
        }
        Ok(())
    }

    /// A rule bot, seeded from the OS, in every bot seat of the match that has none.
    pub(super) fn make_seat_bots(&mut self) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        for (s, o) in self.seats.iter().enumerate() {
            let seat = Seat(s as u8);
            if matches!(o, Occupant::Bot) && !game.has_bot(seat) {
                game.set_bot(seat, Some(secret::seed()));
            }
        }
    }

    /// The stand-in bot of `seat` leaves (its person plays).
    pub(super) fn drop_bot(&mut self, seat: Seat) {
        if let Some(game) = self.game.as_mut() {
            game.set_bot(seat, None);
        }
    }

    pub(super) fn close_sockets(&mut self, code: u16, reason: &'static str) {
        for o in &self.seats {
            if let Occupant::Person(Person { conn: Some(c), .. }) = o {
                let _ = c.tx.try_send(Out::Close(code, reason));
                c.kick.cancel();
            }
        }
        self.close_watchers(code, reason);
    }

    /// Makes seat `target` (not a person's) a bot's or empty (the creator, in the lobby).
    pub(super) async fn set_seat(&mut self, target: u8, kind: SeatKind) -> Result<(), ErrorBody> {
        let t = target as usize;
        if t >= self.seats.len() {
            return Err(err(codes::BAD_SEAT, format!("no seat {target}")));
        }
        if matches!(self.seats[t], Occupant::Person(_)) {
            return Err(err(codes::BAD_ROOM, "a person sits there"));
        }
        self.seats[t] = match kind {
            SeatKind::Bot => Occupant::Bot,
            SeatKind::Empty => Occupant::Empty,
            SeatKind::Person => {
                return Err(err(codes::BAD_ROOM, "a person takes a seat by joining"))
            }
        };
        self.save(None).await?;
        self.broadcast_lobby();
        Ok(())
    }

    /// Swaps seats `from` and `to` (the creator, in the lobby); the people moved learn their
    /// new seats.
    pub(super) async fn swap_seats(&mut self, from: u8, to: u8) -> Result<(), ErrorBody> {
        let (a, b) = (from as usize, to as usize);
        if a >= self.seats.len() || b >= self.seats.len() {
            return Err(err(codes::BAD_SEAT, format!("no seat {from} or {to}")));
        }
        self.seats.swap(a, b);
        if let Err(e) = self.save(None).await {
            self.seats.swap(a, b);
            return Err(e);
        }
        // The people moved learn their new seats.
        for s in [a, b] {
            if let Occupant::Person(p) = &self.seats[s] {
                let token = p.token.clone();
                self.welcome(Seat(s as u8), token);
            }
        }
        self.broadcast_lobby();
        Ok(())
    }
}

impl Actor {
    /// Tells the person in `seat` (holding `token`) who they are here.
    fn welcome(&mut self, seat: Seat, token: SeatToken) {
        let msg = RelayMsg::Welcome {
            version: RELAY_VERSION,
            frames: registry::PROTOCOL_VERSION,
            code: self.code.clone(),
            token,
            seat: seat.0,
        };
        self.send(seat, &msg);
    }
}
