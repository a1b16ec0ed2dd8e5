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
use bots::seats::SeatBots;
use bots::Bot;
use engine::table::{updates, Move, Public, Update};
use engine::{
    Game, GameView, HandScore, Match, MatchLogOf, Outcome, Prepared, RuleError, Seat, Setup,
    Status, Step, StepError,
};
use serde::Serialize;
use serde_json::{json, Value};
use std::any::Any;
use std::fmt::{self, Debug};

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
    frames_of::<G>(&updates(g, step, public))
}

/// The frames of typed updates, in JSON.
fn frames_of<G: Game>(updates: &[Update<G>]) -> Vec<SeatFrame> {
    updates
        .iter()
        .map(|u| SeatFrame {
            seat: u.seat,
            step: u.step,
            frame: to_json(u),
        })
        .collect()
}

/// A step applied to a copy of a room, not yet the room's own ([`Room::prepare`]): what a
/// store records of it, and the typed result [`Room::commit`] takes. It holds the state
/// hash: never send it to a seat.
pub struct PreparedStep {
    /// The step's number once committed (the room's steps then).
    pub number: u32,
    /// The step as the log records it (`{"act": {"seat", "action"}}`, `"next_hand"`,
    /// `{"timeout": {"seat"}}`).
    pub step: Value,
    /// The stable hash of the state the step leaves.
    pub state_hash: u64,
    /// The engine's [`Prepared`] of the room's game.
    typed: Box<dyn Any + Send>,
}

impl Debug for PreparedStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PreparedStep")
            .field("number", &self.number)
            .finish_non_exhaustive()
    }
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
    /// [`Room::apply`]'s first half, for a caller that stores a step before it takes effect:
    /// the step checked and applied to a copy, the room unchanged. The same errors.
    fn prepare(&self, step: &Step<Value>, at: Option<u32>) -> Result<PreparedStep, Error>;
    /// [`Room::apply`]'s second half: a step [`Room::prepare`]d on this room becomes its
    /// own, and every seat's frame comes back. Refused ([`Error::StaleStep`]) if the room
    /// took another step since, or the step was prepared on another room.
    fn commit(&mut self, prepared: PreparedStep) -> Result<Vec<SeatFrame>, Error>;
    /// Seats the game's rule bot, seeded with `seed`, at `seat` (it sees only that seat's
    /// frames from now on, starting with its snapshot), or takes the seat's bot away with
    /// `None`. No effect for a seat the room does not have.
    fn set_bot(&mut self, seat: Seat, seed: Option<u64>);
    /// Whether a bot plays `seat` ([`Room::set_bot`]).
    fn has_bot(&self, seat: Seat) -> bool;
    /// The action the bot of `seat` picks now, as JSON: `None` if no bot plays the seat or
    /// it may not act.
    fn bot_action(&mut self, seat: Seat) -> Option<Value>;
    /// What every seat is sent on joining or reconnecting: each seat's view now, no public
    /// event, from the same function as [`Room::apply`]'s frames.
    fn snapshots(&self) -> Vec<SeatFrame>;
    /// What a watcher is sent (issue 23): the engine's [`engine::WatchUpdate`] in JSON,
    /// `{"step", "public", "status", "view"}`, with the watchers' view
    /// ([`Game::watch_view`]: no hand). With `event`, the public event of the newest step
    /// (as that step's seat frames carry it; none for a room rebuilt from its log that has
    /// taken no step since), else a snapshot (`"public": null`).
    fn watch_frame(&self, event: bool) -> Value;
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
    /// The last hand, once it is over, as the rules reveal it (`engine::HandRecord`: every
    /// hand as dealt, the steps, never the seed or the order of the stock left): the same
    /// for every seat and watcher. Refused with [`Error::NotNow`] `hand_in_play` while a
    /// hand is being played.
    fn hand_record(&self) -> Result<Value, Error>;
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

/// A typed game behind [`Room`]: its match ([`engine::Match`]: game, log, sheet) and the
/// rule bots of the seats a bot plays.
pub struct Erased<G: GameView> {
    m: Match<G>,
    bots: SeatBots<G, dyn Bot<G> + Send>,
    /// The public event of the newest step this room applied (for the watchers' frame).
    last: Option<Public<G::Event>>,
}

impl<G: GameView> Debug for Erased<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Erased")
            .field("game", &G::NAME)
            .field("steps", &self.m.step_count())
            .finish_non_exhaustive()
    }
}

impl<G: GameView> Erased<G> {
    /// A new match from `setup`, no step taken.
    pub fn new(setup: Setup<G::Settings>) -> Result<Erased<G>, Error> {
        Ok(Erased::of(Match::new(&setup)?))
    }

    /// The match a log records, replayed; the room keeps the log and goes on from it.
    pub fn from_log(log: MatchLogOf<G>) -> Result<Erased<G>, Error> {
        let m = Match::from_log(log).map_err(|e| Error::BadLog(e.to_string()))?;
        Ok(Erased::of(m))
    }

    fn of(m: Match<G>) -> Erased<G> {
        Erased {
            m,
            bots: SeatBots::new(Vec::new()),
            last: None,
        }
    }

    /// The typed game.
    pub fn game(&self) -> &G {
        self.m.game()
    }

    /// The typed match (game, log, sheet).
    pub fn typed(&self) -> &Match<G> {
        &self.m
    }

    fn seat(&self, seat: Seat) -> Result<Seat, Error> {
        let players = self.m.game().players();
        if seat.0 < players {
            Ok(seat)
        } else {
            Err(Error::BadSeat {
                seat: seat.0,
                players,
            })
        }
    }

    /// The typed step of a JSON one: the seat checked, the action parsed, and the room at
    /// step `at` if one is given.
    fn typed_step(&self, step: &Step<Value>, at: Option<u32>) -> Result<Step<G::Action>, Error> {
        let typed = match step {
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
        };
        let now = self.m.step_count();
        match at.filter(|&got| got != now) {
            Some(got) => Err(Error::StaleStep { got, now }),
            None => Ok(typed),
        }
    }

    /// What every seat is sent after the step just taken; the bots see their own seat's.
    fn sent(&mut self, public: &Public<G::Event>) -> Vec<SeatFrame> {
        let ups = self.m.updates(Some(public));
        self.bots.receive(&ups);
        self.last = Some(public.clone());
        frames_of::<G>(&ups)
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
    G: crate::Registered,
{
    fn slug(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> u8 {
        self.m.game().players()
    }

    fn sides(&self) -> usize {
        self.m.game().sides()
    }

    fn side_of(&self, seat: Seat) -> Option<usize> {
        let seat = self.seat(seat).ok()?;
        Some(self.m.game().side_of(seat))
    }

    fn status(&self) -> Status {
        self.m.game().status()
    }

    fn steps(&self) -> u32 {
        self.m.step_count()
    }

    fn public_setup(&self) -> Value {
        to_json(&self.m.game().setup().public())
    }

    fn log(&self) -> Value {
        to_json(&self.m.log())
    }

    fn last_step(&self) -> Option<Value> {
        self.m.steps().last().map(to_json)
    }

    fn legal_json(&self, seat: Seat) -> Vec<Value> {
        let Ok(seat) = self.seat(seat) else {
            return Vec::new();
        };
        let mut legal = Vec::new();
        G::legal_from_view(&self.m.game().view(seat), &mut legal);
        legal.iter().map(to_json).collect()
    }

    fn apply(&mut self, step: &Step<Value>, at: Option<u32>) -> Result<Vec<SeatFrame>, Error> {
        let typed = self.typed_step(step, at)?;
        let public = self.m.step(typed).map_err(step_error)?;
        Ok(self.sent(&public))
    }

    fn prepare(&self, step: &Step<Value>, at: Option<u32>) -> Result<PreparedStep, Error> {
        let typed = self.typed_step(step, at)?;
        let p: Prepared<G> = self.m.prepare(typed).map_err(step_error)?;
        Ok(PreparedStep {
            number: p.number(),
            step: to_json(p.step()),
            state_hash: p.state_hash(),
            typed: Box::new(p),
        })
    }

    fn commit(&mut self, prepared: PreparedStep) -> Result<Vec<SeatFrame>, Error> {
        let now = self.m.step_count();
        let stale = Error::StaleStep {
            got: prepared.number.saturating_sub(1),
            now,
        };
        let Ok(p) = prepared.typed.downcast::<Prepared<G>>() else {
            return Err(stale);
        };
        let public = self.m.commit(*p).map_err(|_| stale)?;
        Ok(self.sent(&public))
    }

    fn set_bot(&mut self, seat: Seat, seed: Option<u64>) {
        let Ok(seat) = self.seat(seat) else {
            return;
        };
        let now = self.m.snapshot(seat);
        self.bots.set(seat, seed.map(G::rule_bot), now.as_ref());
    }

    fn has_bot(&self, seat: Seat) -> bool {
        self.bots.plays(seat)
    }

    fn bot_action(&mut self, seat: Seat) -> Option<Value> {
        let action = self.bots.choose(seat, self.m.step_count())?;
        Some(to_json(&action))
    }

    fn snapshots(&self) -> Vec<SeatFrame> {
        frames_of::<G>(&self.m.updates(None))
    }

    fn watch_frame(&self, event: bool) -> Value {
        let public = self.last.as_ref().filter(|_| event);
        to_json(&self.m.watch_update(public))
    }

    fn hand_score(&self) -> Option<HandScore> {
        self.m.game().hand_score()
    }

    fn totals(&self) -> Vec<i32> {
        self.m.game().totals()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.m.game().outcome()
    }

    fn sheet(&self) -> Value {
        to_json(self.m.tally())
    }

    fn hand_record(&self) -> Result<Value, Error> {
        match engine::HandRecord::<G>::of(self.m.game().setup(), self.m.steps()) {
            Ok(r) => Ok(to_json(&r)),
            Err(engine::RecordError::InPlay) => Err(Error::NotNow {
                code: "hand_in_play",
                message: "the hand is being played: its replay comes once it is over".into(),
            }),
            // Named without the step's content (an action may name a card).
            Err(engine::RecordError::Unrecordable(why)) => Err(Error::BadLog(why)),
            Err(_) => Err(Error::BadLog("the match's log does not replay".into())),
        }
    }

    fn state_hash(&self) -> u64 {
        self.m.game().state_hash()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
