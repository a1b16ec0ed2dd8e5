//! What the room does on its own and when: a bot's move after its think time, a turn
//! timer's timeout step, the next hand after the pause, a refused step's retry, and the
//! room's cleanup when it has been idle or finished long enough; the turn timer as sent.

use super::{Actor, Occupant};
use crate::secret;
use engine::{Seat, Status, Step};
use protocol::{Clock, Phase, RelayMsg};
use serde_json::Value;
use std::time::Duration;
use tokio::time::Instant;

/// Something the room does on its own when its time comes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Auto {
    /// A bot's move in the seat (a bot's seat, or a person's it stands in for).
    Bot(Seat),
    /// The seat's turn timer ran out: its timeout step.
    Timeout(Seat),
    /// The next hand is dealt.
    NextHand,
    /// A public table's fill time: bots take its empty seats and its match starts.
    Fill,
    /// The room is cleaned up (idle, or finished, long enough).
    Close,
}

impl Actor {
    fn second(&self) -> Duration {
        Duration::from_millis(self.shared.cfg.second_ms)
    }

    pub(super) fn grace(&self) -> Duration {
        self.second() * self.options.grace_secs
    }

    /// D-7's turn timer at `now`, in a room with one: the people who must act (a bot's
    /// seat, or a person's taken by a bot until the next hand, has no timer) and the time
    /// they have left. Whose turn it is is public (every frame's `status`); nothing else
    /// is said.
    pub(super) fn clock(&self, now: Instant) -> Option<RelayMsg> {
        if self.options.turn_secs == 0 {
            return None;
        }
        let game = self.game.as_ref()?;
        let turn = self.second() * self.options.turn_secs;
        let seats = match game.status() {
            Status::Acting(acting) if self.phase == Phase::Playing => acting
                .iter()
                .filter(
                    |s| matches!(&self.seats[s.idx()], Occupant::Person(p) if !p.waits_for_hand),
                )
                .map(|s| s.0)
                .collect(),
            _ => Vec::new(),
        };
        let left = (self.step_at + turn).saturating_duration_since(now);
        let ms = |d: Duration| u32::try_from(d.as_millis()).unwrap_or(u32::MAX);
        Some(RelayMsg::Clock(Clock {
            step: game.steps(),
            seats,
            left_ms: ms(left),
            turn_ms: ms(turn),
        }))
    }

    /// Whether nobody would play the room: every person in it has been away longer than
    /// the grace period (a public table at its fill time is then closed, not started).
    pub(super) fn abandoned(&self, now: Instant) -> bool {
        self.seats.iter().all(|o| match o {
            Occupant::Person(p) => p.conn.is_none() && now >= p.away_since + self.grace(),
            _ => true,
        })
    }

    /// The next thing the room does on its own, and when.
    pub(super) fn next_auto(&self) -> Option<(Instant, Auto)> {
        let cfg = &self.shared.cfg;
        let mut best: Option<(Instant, Auto)> = None;
        let mut consider = |t: Instant, a: Auto| {
            if best.is_none_or(|(b, _)| t < b) {
                best = Some((t, a));
            }
        };
        consider(
            self.last_activity + Duration::from_secs(cfg.idle_secs),
            Auto::Close,
        );
        if let Some(t) = self.finished_at {
            consider(t + Duration::from_secs(cfg.finished_secs), Auto::Close);
        }
        if let Some(t) = self.fill_at.filter(|_| self.phase == Phase::Lobby) {
            // After a refused start, none before its retry.
            consider(self.retry_at.map_or(t, |r| t.max(r)), Auto::Fill);
        }
        let Some(game) = self.game.as_ref().filter(|_| self.phase == Phase::Playing) else {
            return best;
        };
        let think = Duration::from_millis(cfg.bot_think_ms);
        // After a refused automatic step, none before its retry.
        let mut consider = |t: Instant, a: Auto| consider(self.retry_at.map_or(t, |r| t.max(r)), a);
        match game.status() {
            Status::Acting(acting) => {
                for seat in acting.iter() {
                    match &self.seats[seat.idx()] {
                        Occupant::Person(p) if !p.waits_for_hand => {
                            if self.options.turn_secs > 0 {
                                let turn = self.second() * self.options.turn_secs;
                                consider(self.step_at + turn, Auto::Timeout(seat));
                            }
                            if p.conn.is_none() {
                                let due = (self.step_at + think).max(p.away_since + self.grace());
                                consider(due, Auto::Bot(seat));
                            }
                        }
                        _ => consider(self.step_at + think, Auto::Bot(seat)),
                    }
                }
            }
            Status::HandOver => {
                let all_ready = self.seats.iter().all(|o| match o {
                    Occupant::Person(p) => p.ready || p.conn.is_none(),
                    _ => true,
                });
                let pause = Duration::from_millis(cfg.hand_pause_ms);
                consider(
                    if all_ready {
                        self.step_at
                    } else {
                        self.step_at + pause
                    },
                    Auto::NextHand,
                );
            }
            Status::MatchOver => {}
        }
        best
    }

    pub(super) async fn run_auto(&mut self, auto: Auto) {
        let now = Instant::now();
        let step = match auto {
            Auto::Close => return,
            Auto::Fill => {
                if self.phase != Phase::Lobby {
                    return;
                }
                tracing::debug!("public table's fill time: bots take the empty seats");
                match self.start_match().await {
                    Ok(()) => self.retry_at = None,
                    Err(e) => {
                        tracing::warn!(code = e.error, "the public table did not start");
                        self.retry_at = Some(Instant::now() + Duration::from_secs(1));
                    }
                }
                return;
            }
            Auto::NextHand => Step::NextHand,
            Auto::Timeout(seat) => Step::Timeout { seat },
            Auto::Bot(seat) => {
                if !self.bot_plays(seat, now) {
                    return;
                }
                match self.bot_action(seat) {
                    Some(action) => Step::Act { seat, action },
                    // A bot that cannot pick plays the seat's timeout action.
                    None => Step::Timeout { seat },
                }
            }
        };
        let at = self.game.as_ref().map(|g| g.steps());
        if let Err(e) = self.apply(step, at).await {
            // A refused step's message may name a card: only a store's failure is told.
            if e.error == protocol::codes::STORE {
                tracing::warn!(?auto, "refused: {}", e.message);
            } else {
                tracing::warn!(?auto, code = e.error, "refused");
            }
            // Do not spin on a step the room refuses (or a store that fails): try again in
            // a second.
            self.retry_at = Some(Instant::now() + Duration::from_secs(1));
        }
    }

    /// The action a bot picks for `seat` from the seat's snapshot (made if the seat had
    /// none: a person away, or joined mid-hand).
    fn bot_action(&mut self, seat: Seat) -> Option<Value> {
        let game = self.game.as_mut()?;
        if !game.has_bot(seat) {
            game.set_bot(seat, Some(secret::seed()));
            // A bot stands in for a person from now on: everybody sees it.
            self.broadcast_lobby();
        }
        self.game.as_mut()?.bot_action(seat)
    }
}
