//! A match of any game behind one object-safe trait, [`Room`]: actions come in as JSON,
//! views and events go out as JSON, so a relay can keep `Box<dyn Room>` per table without
//! knowing which game it holds.
//!
//! [`Room`] is implemented once, for [`Erased<G>`] over every [`Game`]; nothing here is
//! written per game. The JSON forms are the games' serde forms (docs/transcript.md).
//!
//! Extension points, for the work that follows:
//! - per-seat updates: [`Room::apply_json`] returns the public event today; a method that
//!   returns one update per seat (each seat's own event and view) goes next to it, with a
//!   default built from [`Room::view_json`] so that nothing else changes;
//! - the match log: [`Erased`] is the one place every applied action passes through, so it
//!   is where a `MatchLog` (setup plus steps) is recorded; `Room` then gains a
//!   `log_json(&self) -> Value` and, in the registry, a `room_from_log` next to
//!   [`crate::new_room`];
//! - timeouts: a `timeout(&mut self, seat)` step goes through [`Erased`] the same way.

use crate::Error;
use engine::{Game, HandScore, Outcome, RuleError, Seat, Status};
use serde::Serialize;
use serde_json::{json, Value};
use std::any::Any;
use std::fmt::Debug;

/// A match of some game, driven through JSON. Every method leaves the room unchanged when
/// it returns an error, and none panics on any input.
pub trait Room: Debug + Send {
    /// The game's slug ([`Game::NAME`]).
    fn slug(&self) -> &'static str;
    /// Number of seats.
    fn players(&self) -> u8;
    /// Number of scoring sides (teams, or players where everyone plays alone).
    fn sides(&self) -> usize;
    /// The side a seat scores for (`None` for a seat the room does not have).
    fn side_of(&self, seat: Seat) -> Option<usize>;
    /// Who may act now.
    fn status(&self) -> Status;
    /// The setup (players, settings, deal) as JSON: with the actions applied since, it
    /// rebuilds this room.
    fn setup_json(&self) -> Value;
    /// The legal actions of `seat` as JSON (empty if it may not act or is not a seat).
    fn legal_json(&self, seat: Seat) -> Vec<Value>;
    /// Applies `seat`'s action, given as JSON, and returns the public event as JSON.
    /// Errors: [`Error::BadSeat`], [`Error::BadAction`] (not an action of this game),
    /// [`Error::Rule`] (not allowed now); the room is then unchanged.
    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<Value, Error>;
    /// Deals the next hand once the hand is over ([`Status::HandOver`]).
    fn next_hand(&mut self) -> Result<(), Error>;
    /// What `seat` may see now, as JSON (never another seat's hidden cards).
    fn view_json(&self, seat: Seat) -> Result<Value, Error>;
    /// The score of the hand just finished.
    fn hand_score(&self) -> Option<HandScore>;
    /// Match totals so far, one per side.
    fn totals(&self) -> Vec<i32>;
    /// The result, once the match is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The game's stable hash of the full state.
    fn state_hash(&self) -> u64;
    /// The room as [`Any`], to get the typed game back:
    /// `room.as_any().downcast_ref::<Erased<Hokm>>()`.
    fn as_any(&self) -> &dyn Any;
}

/// A typed game behind [`Room`].
#[derive(Clone, Debug, PartialEq)]
pub struct Erased<G: Game> {
    game: G,
}

impl<G: Game> Erased<G> {
    /// Wraps a game.
    pub fn new(game: G) -> Erased<G> {
        Erased { game }
    }

    /// The typed game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Unwraps the typed game.
    pub fn into_inner(self) -> G {
        self.game
    }

    fn seat(&self, seat: Seat) -> Result<Seat, Error> {
        if seat.0 < self.game.players() {
            Ok(seat)
        } else {
            Err(Error::BadSeat {
                seat: seat.0,
                players: self.game.players(),
            })
        }
    }
}

/// JSON of an engine value. The engine's types serialize to JSON without fail (no maps
/// with non-string keys, no non-finite floats); should one ever fail, the caller gets an
/// object naming the error rather than a panic.
fn to_json<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or_else(|e| json!({ "error": e.to_string() }))
}

fn rule_error<E: RuleError>(e: E) -> Error {
    Error::Rule {
        rule: e.rule(),
        code: e.code(),
        message: e.to_string(),
    }
}

impl<G: Game + Send + 'static> Room for Erased<G> {
    fn slug(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> u8 {
        self.game.players()
    }

    fn sides(&self) -> usize {
        self.game.sides()
    }

    fn side_of(&self, seat: Seat) -> Option<usize> {
        let seat = self.seat(seat).ok()?;
        Some(self.game.side_of(seat))
    }

    fn status(&self) -> Status {
        self.game.status()
    }

    fn setup_json(&self) -> Value {
        to_json(self.game.setup())
    }

    fn legal_json(&self, seat: Seat) -> Vec<Value> {
        let Ok(seat) = self.seat(seat) else {
            return Vec::new();
        };
        let mut legal = Vec::new();
        self.game.legal_actions(seat, &mut legal);
        legal.iter().map(to_json).collect()
    }

    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<Value, Error> {
        let seat = self.seat(seat)?;
        let typed: G::Action =
            serde_json::from_value(action.clone()).map_err(|e| Error::BadAction {
                game: G::NAME,
                action: action.to_string(),
                why: e.to_string(),
            })?;
        let event = self.game.apply(seat, &typed).map_err(rule_error)?;
        Ok(to_json(&event))
    }

    fn next_hand(&mut self) -> Result<(), Error> {
        self.game.next_hand().map_err(rule_error)
    }

    fn view_json(&self, seat: Seat) -> Result<Value, Error> {
        let seat = self.seat(seat)?;
        Ok(to_json(&self.game.view(seat)))
    }

    fn hand_score(&self) -> Option<HandScore> {
        self.game.hand_score()
    }

    fn totals(&self) -> Vec<i32> {
        self.game.totals()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn state_hash(&self) -> u64 {
        self.game.state_hash()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
