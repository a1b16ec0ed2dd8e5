//! A match of any game behind one object-safe trait, [`Room`]: steps come in as JSON,
//! per-seat frames go out as JSON, so a relay can keep `Box<dyn Room>` per table without
//! knowing which game it holds.
//!
//! [`Room`] is implemented once, for [`Erased<G>`] over every game; nothing here is written
//! per game. The JSON forms are the games' serde forms (docs/transcript.md) and the wire
//! forms of docs/protocol.md.
//!
//! One exit for everything a seat receives: [`frames`], built on the engine's
//! [`engine::table::updates`]. A step applied ([`Room::apply`]: an action, the next hand,
//! a turn timeout) answers with one [`SeatFrame`] per seat, and a seat joining or
//! reconnecting gets a snapshot ([`Room::snapshot`]) from the same function. A frame holds
//! the step number, the public event and that seat's own view: never another seat's raw
//! action (it may carry a hidden card), never the state hash, the seed or a deck order.
//!
//! The room keeps its [`MatchLog`] (public setup, secret deal, steps): [`Room::log`] gives
//! it for storage (it holds the deal: never send it to a seat), and
//! [`crate::room_from_log`] rebuilds the room from it, to the same state hash.

use crate::Error;
use engine::log::apply_step;
use engine::table::{updates, Move, Public};
use engine::tally::Tally;
use engine::{
    Game, GameView, HandScore, MatchLog, MatchLogOf, Outcome, RuleError, Seat, Setup, Status, Step,
    StepError,
};
use serde::Serialize;
use serde_json::{json, Value};
use std::any::Any;
use std::fmt::Debug;

/// What one seat is sent: the JSON of the engine's [`engine::SeatUpdate`],
/// `{"seat", "step", "public", "view"}` (docs/protocol.md), with the seat and step beside
/// it for the relay's routing and ordering.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatFrame {
    /// The seat this frame is for (only this seat may be sent it).
    pub seat: Seat,
    /// The steps applied when the view was taken (the room's [`Room::steps`]).
    pub step: u32,
    /// The frame as sent.
    pub frame: Value,
}

/// Builds what every seat is sent: [`updates`] of `g` after `step` steps, each in JSON. The
/// one function every frame of a room comes from (steps and snapshots alike).
pub fn frames<G: Game>(g: &G, step: u32, public: Option<&Public<G::Event>>) -> Vec<SeatFrame> {
    updates(g, step, public)
        .into_iter()
        .map(|u| SeatFrame {
            seat: u.seat,
            step: u.step,
            frame: to_json(&u),
        })
        .collect()
}

/// A match of some game, driven through JSON. Every method leaves the room unchanged when
/// it returns an error, and none panics on any input.
///
/// What a seat is sent comes only from [`Room::apply`] and [`Room::snapshot`] (and the
/// seat's own [`Room::legal_json`] and errors); the other getters are for the relay's own
/// bookkeeping.
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
    /// The steps applied so far: the step number of the newest frames.
    fn steps(&self) -> u32;
    /// The public setup, `{"players", "settings"}`: anybody may be sent it.
    fn public_setup(&self) -> Value;
    /// The match log (public setup, secret deal, steps) as JSON, for storage:
    /// [`crate::room_from_log`] rebuilds the room from it. It holds the deal: never send it
    /// to a seat during the match.
    fn log(&self) -> Value;
    /// The newest step of the log as JSON (the log's own form, `{"act": {"seat", "action"}}`,
    /// `"next_hand"`, `{"timeout": {"seat"}}`), for a store that appends one step at a time;
    /// `None` before any step.
    fn last_step(&self) -> Option<Value>;
    /// The legal actions of `seat` as JSON, listed from its view alone (empty if it may not
    /// act or is not a seat).
    fn legal_json(&self, seat: Seat) -> Vec<Value>;
    /// Applies one step (an action given as JSON for a seat, the next hand, a turn timeout
    /// of a seat), records it in the log and returns what every seat is sent ([`frames`]).
    /// With `at`, the step is refused unless the room is at that step ([`Error::StaleStep`]).
    /// Errors: [`Error::BadSeat`], [`Error::StaleStep`], [`Error::BadAction`] (not an
    /// action of this game), [`Error::Rule`] (not allowed now), [`Error::NotNow`]; the room
    /// is then unchanged.
    fn apply(&mut self, step: &Step<Value>, at: Option<u32>) -> Result<Vec<SeatFrame>, Error>;
    /// What every seat is sent on joining or reconnecting: each seat's view now, no public
    /// event, from the same function as [`Room::apply`]'s frames.
    fn snapshots(&self) -> Vec<SeatFrame>;
    /// The score of the hand just finished.
    fn hand_score(&self) -> Option<HandScore>;
    /// Match totals so far, one per side.
    fn totals(&self) -> Vec<i32>;
    /// The result, once the match is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The match's score sheet so far, the same for every seat (public, D-8):
    /// `{"start": [totals], "hands": [{"points", "totals"}], "winners": [sides] | null}`
    /// (`engine::tally::Tally`).
    fn sheet(&self) -> Value;
    /// The game's stable hash of the full state (for checking a replayed log; never sent).
    fn state_hash(&self) -> u64;
    /// The room as [`Any`], to get the typed game back:
    /// `room.as_any().downcast_ref::<Erased<Hokm>>()`.
    fn as_any(&self) -> &dyn Any;

    /// The snapshot of one seat ([`Room::snapshots`]).
    fn snapshot(&self, seat: Seat) -> Result<SeatFrame, Error> {
        self.snapshots()
            .into_iter()
            .find(|f| f.seat == seat)
            .ok_or(Error::BadSeat {
                seat: seat.0,
                players: self.players(),
            })
    }

    /// `seat`'s action, given as JSON ([`Room::apply`] without a step check).
    fn act(&mut self, seat: Seat, action: &Value) -> Result<Vec<SeatFrame>, Error> {
        let step = Step::Act {
            seat,
            action: action.clone(),
        };
        self.apply(&step, None)
    }

    /// Deals the next hand once the hand is over ([`Status::HandOver`]).
    fn next_hand(&mut self) -> Result<Vec<SeatFrame>, Error> {
        self.apply(&Step::NextHand, None)
    }

    /// `seat`'s turn timer ran out (D-7): the game plays its timeout action.
    fn timeout(&mut self, seat: Seat) -> Result<Vec<SeatFrame>, Error> {
        self.apply(&Step::Timeout { seat }, None)
    }

    /// A message a seat sent, as received: a [`Move`], `{"step": n, "action": A}`, applied
    /// for `seat` if the room is at step `n`. Not JSON or not a move: [`Error::BadMessage`].
    fn receive(&mut self, seat: Seat, text: &str) -> Result<Vec<SeatFrame>, Error> {
        let m: Move<Value> =
            serde_json::from_str(text).map_err(|e| Error::BadMessage(e.to_string()))?;
        let step = Step::Act {
            seat,
            action: m.action,
        };
        self.apply(&step, Some(m.step))
    }
}

/// A typed game behind [`Room`], with its match log.
#[derive(Clone, Debug, PartialEq)]
pub struct Erased<G: Game> {
    game: G,
    log: MatchLogOf<G>,
    /// The match's score sheet, kept step by step (public: [`Room::sheet`]).
    tally: Tally,
}

impl<G: Game> Erased<G> {
    /// A new match from `setup`, no step taken.
    pub fn new(setup: Setup<G::Settings>) -> Result<Erased<G>, Error> {
        let game = G::new(&setup)?;
        Ok(Erased {
            tally: Tally::new(&game),
            game,
            log: MatchLog::new(G::NAME, setup, Vec::new()),
        })
    }

    /// The match a log records, replayed; the room keeps the log and goes on from it.
    pub fn from_log(log: MatchLogOf<G>) -> Result<Erased<G>, Error> {
        let game = log
            .replay::<G>()
            .map_err(|e| Error::BadLog(e.to_string()))?;
        // The sheet of the steps replayed (the replay above checked that they apply).
        let tally = Tally::of_log::<G>(&log.setup(), &log.steps).unwrap_or_default();
        Ok(Erased { game, log, tally })
    }

    /// The typed game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The typed match log.
    pub fn match_log(&self) -> &MatchLogOf<G> {
        &self.log
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

    fn steps_done(&self) -> u32 {
        u32::try_from(self.log.steps.len()).unwrap_or(u32::MAX)
    }

    /// The typed step of a JSON one: the seat checked, the action parsed.
    fn typed(&self, step: &Step<Value>) -> Result<Step<G::Action>, Error> {
        Ok(match step {
            Step::Act { seat, action } => Step::Act {
                seat: self.seat(*seat)?,
                action: serde_json::from_value(action.clone()).map_err(|e| Error::BadAction {
                    game: G::NAME,
                    action: action.to_string(),
                    why: e.to_string(),
                })?,
            },
            Step::NextHand => Step::NextHand,
            Step::Timeout { seat } => Step::Timeout {
                seat: self.seat(*seat)?,
            },
        })
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

fn step_error<E: RuleError>(e: StepError<E>) -> Error {
    let code = match &e {
        StepError::Rule(_) | StepError::NoSuchSeat { .. } => "",
        StepError::MatchOver => "match_over",
        StepError::HandOver => "hand_over",
        StepError::HandNotOver => "hand_not_over",
        StepError::NotActing { .. } => "not_acting",
        StepError::NoTimeoutAction { .. } => "no_timeout_action",
    };
    match e {
        StepError::Rule(e) => rule_error(e),
        StepError::NoSuchSeat { seat, players } => Error::BadSeat {
            seat: seat.0,
            players,
        },
        other => Error::NotNow {
            code,
            message: other.to_string(),
        },
    }
}

impl<G> Room for Erased<G>
where
    G: GameView<Settings: Send, Action: Send> + Send + 'static,
{
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

    fn steps(&self) -> u32 {
        self.steps_done()
    }

    fn public_setup(&self) -> Value {
        to_json(&self.log.public)
    }

    fn log(&self) -> Value {
        to_json(&self.log)
    }

    fn last_step(&self) -> Option<Value> {
        self.log.steps.last().map(to_json)
    }

    fn legal_json(&self, seat: Seat) -> Vec<Value> {
        let Ok(seat) = self.seat(seat) else {
            return Vec::new();
        };
        let mut legal = Vec::new();
        G::legal_from_view(&self.game.view(seat), &mut legal);
        legal.iter().map(to_json).collect()
    }

    fn apply(&mut self, step: &Step<Value>, at: Option<u32>) -> Result<Vec<SeatFrame>, Error> {
        let now = self.steps_done();
        let typed = self.typed(step)?;
        if let Some(got) = at.filter(|&got| got != now) {
            return Err(Error::StaleStep { got, now });
        }
        let mut events = Vec::new();
        apply_step(&mut self.game, &typed, &mut events).map_err(step_error)?;
        let public = match &typed {
            Step::Act { .. } => events.pop().map(Public::Event),
            Step::NextHand => Some(Public::NextHand),
            Step::Timeout { seat } => Some(Public::Timeout {
                seat: *seat,
                events,
            }),
        };
        self.log.steps.push(typed);
        self.tally.after(&self.game);
        Ok(frames(&self.game, self.steps_done(), public.as_ref()))
    }

    fn snapshots(&self) -> Vec<SeatFrame> {
        frames(&self.game, self.steps_done(), None)
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

    fn sheet(&self) -> Value {
        to_json(&self.tally)
    }

    fn state_hash(&self) -> u64 {
        self.game.state_hash()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
