//! The match: a seated person's messages, a new match (start, rematch), and a step applied
//! (checked and prepared by the registry's room, stored, then committed and sent).

use super::{err, registry_error, Actor, Occupant};
use crate::secret;
use engine::{Deal, Seat, Status, Step};
use protocol::{codes, ClientMsg, ErrorBody, Phase, RelayMsg};
use registry::SeatFrame;
use serde_json::Value;
use tokio::time::Instant;

/// An error as the text sent.
fn error_text(e: ErrorBody) -> String {
    serde_json::to_string(&RelayMsg::<Value>::Error(e)).unwrap_or_default()
}

impl Actor {
    /// A message from the person in `seat` (the caller sends them the error, if any).
    pub(super) async fn on_msg(&mut self, seat: Seat, msg: ClientMsg) -> Result<(), ErrorBody> {
        match msg {
            ClientMsg::Create { .. }
            | ClientMsg::Join { .. }
            | ClientMsg::Resume { .. }
            | ClientMsg::Watch { .. }
            | ClientMsg::QuickPlay { .. }
            | ClientMsg::Peek { .. } => Err(err(
                codes::ALREADY_SEATED,
                "this connection already holds a seat",
            )),
            ClientMsg::Ping => {
                self.send(seat, &RelayMsg::Pong);
                Ok(())
            }
            ClientMsg::Move { step, action } => {
                if matches!(&self.seats[seat.idx()], Occupant::Person(p) if p.waits_for_hand) {
                    return Err(err(
                        codes::WRONG_PHASE,
                        "a bot plays this seat to the end of the hand; you play from the next",
                    ));
                }
                self.apply(Step::Act { seat, action }, Some(step)).await
            }
            ClientMsg::Ready => {
                let over = self.game.as_ref().map(|g| g.status()) == Some(Status::HandOver);
                if self.phase != Phase::Playing || !over {
                    return Err(err(codes::WRONG_PHASE, "the hand is not over"));
                }
                if let Occupant::Person(p) = &mut self.seats[seat.idx()] {
                    p.ready = true;
                }
                Ok(())
            }
            ClientMsg::SetSeat { seat: target, kind } => {
                self.need_creator(seat, Phase::Lobby)?;
                self.set_seat(target, kind).await
            }
            ClientMsg::SwapSeats { from, to } => {
                self.need_creator(seat, Phase::Lobby)?;
                self.swap_seats(from, to).await
            }
            ClientMsg::Start => {
                self.need_creator(seat, Phase::Lobby)?;
                self.start_match().await
            }
            ClientMsg::React { reaction } => self.react(seat, reaction),
            ClientMsg::Replay => {
                let text = self.replay_text();
                self.send_text(seat, text);
                Ok(())
            }
            ClientMsg::Rematch => {
                if self.phase != Phase::Finished {
                    return Err(err(codes::WRONG_PHASE, "the match is not over"));
                }
                if !self.is_creator(seat) && !self.creator_away() {
                    return Err(err(
                        codes::NOT_CREATOR,
                        "only the room's creator may do this",
                    ));
                }
                self.start_match().await
            }
        }
    }

    /// The answer to a replay request (issue 23), as the text sent: the last hand's record
    /// once it is over ([`RelayMsg::Replay`], made once per hand and kept), else the error
    /// (`wrong_phase` before a match, `hand_in_play` while a hand is played).
    pub(super) fn replay_text(&mut self) -> String {
        let Some(game) = self.game.as_ref() else {
            return error_text(err(codes::WRONG_PHASE, "no hand has been played yet"));
        };
        let at = (self.match_no, game.steps());
        if let Some((m, s, text)) = &self.replay {
            if (*m, *s) == at {
                return text.clone();
            }
        }
        match game.hand_record() {
            Ok(replay) => {
                let text = serde_json::to_string(&RelayMsg::Replay { replay }).unwrap_or_default();
                self.replay = Some((at.0, at.1, text.clone()));
                text
            }
            Err(e) => {
                // A record that does not replay is a defect, logged without its content.
                if e.code() != codes::HAND_IN_PLAY {
                    tracing::warn!(code = e.code(), "no replay of a finished hand");
                }
                let e = registry_error(&e);
                self.shared.metrics.error(&e.error);
                error_text(e)
            }
        }
    }

    /// A reaction of `seat` (issue 23): a preset, within the seat's budget, sent to every seat
    /// with nothing but the seat and the preset. In any phase (a "hello" in the lobby).
    fn react(&mut self, seat: Seat, reaction: String) -> Result<(), ErrorBody> {
        if !protocol::REACTIONS.contains(&reaction.as_str()) {
            return Err(err(codes::BAD_REACTION, "not one of the preset reactions"));
        }
        let Occupant::Person(p) = &mut self.seats[seat.idx()] else {
            return Ok(());
        };
        if p.reactions.take(std::time::Instant::now()) != crate::limits::Verdict::Take {
            return Err(err(
                codes::SLOW_DOWN,
                "too many reactions: wait a few seconds",
            ));
        }
        let msg = RelayMsg::Reaction {
            seat: seat.0,
            reaction,
        };
        for s in 0..self.players {
            self.send(Seat(s), &msg);
        }
        self.send_watchers(&msg);
        Ok(())
    }

    /// Deals a new match with a seed from the OS (never sent), the same seats and rules.
    pub(super) async fn start_match(&mut self) -> Result<(), ErrorBody> {
        let deal = Deal::seeded(secret::seed());
        let room = self
            .info
            .new_room(Some(self.players), Some(&self.settings), deal)
            .map_err(|e| registry_error(&e))?;
        let head = room.log();
        let before = (
            self.phase,
            self.match_no,
            self.seats
                .iter()
                .map(|o| matches!(o, Occupant::Empty))
                .collect::<Vec<_>>(),
        );
        for o in &mut self.seats {
            if matches!(o, Occupant::Empty) {
                *o = Occupant::Bot;
            }
        }
        self.phase = Phase::Playing;
        self.match_no += 1;
        if let Err(e) = self.save(Some(head)).await {
            self.phase = before.0;
            self.match_no = before.1;
            for (o, was_empty) in self.seats.iter_mut().zip(before.2) {
                if was_empty {
                    *o = Occupant::Empty;
                }
            }
            return Err(e);
        }
        self.game = Some(room);
        self.finished_at = None;
        self.step_at = Instant::now();
        self.retry_at = None;
        for o in &mut self.seats {
            if let Occupant::Person(p) = o {
                p.waits_for_hand = false;
                p.ready = false;
            }
        }
        self.make_seat_bots();
        tracing::info!(match_no = self.match_no, "match started");
        self.broadcast_lobby();
        for s in 0..self.players {
            self.send_snapshot(Seat(s));
        }
        self.send_watch_snapshots();
        Ok(())
    }

    /// Applies a step: checked and prepared by the registry's room (with the step number
    /// `at`), stored, and only then made the room's own, sent to every seat (each its own
    /// frame) and shown to the bots. A step the store refuses never took effect.
    pub(super) async fn apply(
        &mut self,
        step: Step<Value>,
        at: Option<u32>,
    ) -> Result<(), ErrorBody> {
        let Some(game) = self.game.as_mut().filter(|_| self.phase == Phase::Playing) else {
            return Err(err(codes::WRONG_PHASE, "no match is being played"));
        };
        let prepared = game.prepare(&step, at).map_err(|e| registry_error(&e))?;
        if let Err(e) = self
            .shared
            .store
            .append_step(
                &self.code,
                self.match_no,
                prepared.number,
                &prepared.step,
                prepared.state_hash,
            )
            .await
        {
            if e.conflict {
                // Another writer stored this step first, or another instance owns the
                // room: what the store holds wins. The room leaves and is loaded again.
                tracing::warn!("{e}: reloading");
                self.inbox.moved.cancel();
            }
            return Err(err(codes::STORE, e.to_string()));
        }
        let Some(game) = self.game.as_mut() else {
            return Err(err(codes::WRONG_PHASE, "no match is being played"));
        };
        // The room took no other step while this one was stored (the actor alone moves it).
        let prepared_no = prepared.number;
        let frames = game.commit(prepared).map_err(|e| registry_error(&e))?;
        self.step_at = Instant::now();
        self.retry_at = None;
        if !matches!(step, Step::NextHand) {
            self.shared.metrics.moves.inc();
        }
        // The step's number and kind, never its action (it may name a card).
        match &step {
            Step::Act { seat, .. } => tracing::trace!(step = prepared_no, seat = seat.0, "move"),
            Step::Timeout { seat } => tracing::debug!(step = prepared_no, seat = seat.0, "timeout"),
            Step::NextHand => tracing::debug!(step = prepared_no, "next hand"),
        }
        self.after_step(&step, frames).await;
        Ok(())
    }

    async fn after_step(&mut self, step: &Step<Value>, frames: Vec<SeatFrame>) {
        let mut lobby_changed = false;
        if matches!(step, Step::NextHand) {
            let mut seated = Vec::new();
            for (i, o) in self.seats.iter_mut().enumerate() {
                if let Occupant::Person(p) = o {
                    p.ready = false;
                    if p.waits_for_hand {
                        p.waits_for_hand = false;
                        seated.push(Seat(i as u8));
                        lobby_changed = true;
                    }
                }
            }
            for seat in seated {
                self.drop_bot(seat);
            }
        }
        if lobby_changed {
            // People who take their seats at this hand learn it before its frame.
            self.broadcast_lobby();
            lobby_changed = false;
        }
        for f in frames {
            self.send(f.seat, &RelayMsg::Frame { frame: f.frame });
        }
        if let Some(game) = self.game.as_ref().filter(|_| !self.watchers.is_empty()) {
            let frame = game.watch_frame(true);
            self.send_watchers(&RelayMsg::Frame { frame });
        }
        // The turn timer restarts with every step: everybody learns whose runs now.
        if let Some(clock) = self.clock(Instant::now()) {
            for s in 0..self.players {
                self.send(Seat(s), &clock);
            }
            self.send_watchers(&clock);
        }
        // A hand that has just ended: everybody's sheet gets its line.
        let ended = !matches!(step, Step::NextHand)
            && self
                .game
                .as_ref()
                .is_some_and(|g| matches!(g.status(), Status::HandOver | Status::MatchOver));
        if let Some(sheet) = self.game.as_ref().filter(|_| ended).map(|g| g.sheet()) {
            let msg = RelayMsg::Sheet { sheet };
            for s in 0..self.players {
                self.send(Seat(s), &msg);
            }
            self.send_watchers(&msg);
        }
        if self.game.as_ref().map(|g| g.status()) == Some(Status::MatchOver) {
            self.phase = Phase::Finished;
            self.finished_at = Some(Instant::now());
            tracing::info!(match_no = self.match_no, "match over");
            // The stored meta follows, for whoever reads the store; a load does not depend
            // on it (`Actor::from_store` reads the end of the match from the stored log),
            // so a crash or a failure before this write leaves nothing stuck.
            if let Err(e) = self.save(None).await {
                tracing::error!("the finished match's meta was not stored: {}", e.message);
            }
            lobby_changed = true;
        }
        if lobby_changed {
            self.broadcast_lobby();
        }
    }
}
