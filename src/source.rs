//! Where the table's play comes from. The table keeps only what its seat may know (a view,
//! the public events, the status); a [`Source`] applies the seats' actions and answers with
//! the engine's per-seat updates ([`engine::table::updates`]), exactly as an online relay
//! sends them. [`Local`] holds the whole game and its log in the page (offline play,
//! pass-and-play, share links, saves); a remote source (next: a WebSocket to the relay)
//! sends the action away and its updates arrive later, as the table's `Receive` action.
//!

use crate::adapters::UiGame;
use engine::log::StepError;
use engine::table::Update;
use engine::{Game, Match, Seat, Setup, Step};
use std::sync::Arc;

/// Why a source did not apply an action.
#[derive(Clone, Debug, PartialEq)]
pub enum Refused<E> {
    /// The game's rule refused it (shown to a person).
    Rule(E),
    /// It was chosen on an older view than the source's (a bot's late answer after a new
    /// hand or a reload), or no step applies there (the hand or the match is over):
    /// dropped.
    Stale,
}

/// A source of play: where a table sends its actions and gets its seats' updates from.
pub trait Source<G: UiGame> {
    /// Plays `actions` of `seat` in order, all or none, chosen on the view of step `step`.
    /// Answers the updates of every step applied now, each step's updates in seat order (a
    /// remote source answers none: they arrive later).
    fn act(
        &mut self,
        seat: Seat,
        step: u32,
        actions: &[G::Action],
    ) -> Result<Vec<Update<G>>, Refused<G::Error>>;

    /// Deals the next hand (the table's "next hand" button), as [`Source::act`].
    fn next_hand(&mut self, step: u32) -> Result<Vec<Update<G>>, Refused<G::Error>>;

    /// A snapshot of `seat`, if this device may see that seat (its own; in pass-and-play
    /// every person's seat at this device).
    fn snapshot(&self, seat: Seat) -> Option<Update<G>>;

    /// An update of this table's seat arrived from afar (a remote source sends the rest of
    /// a several-card choice from here).
    fn heard(&mut self, update: &Update<G>) {
        let _ = update;
    }

    /// The relay refused this seat's last move with error `code`.
    fn refused(&mut self, code: &str) {
        let _ = code;
    }

    /// The match log, where this device holds it (local play only): the save, the score
    /// sheet and the hand replay read it.
    fn log(&self) -> Option<Arc<Vec<Step<G::Action>>>> {
        None
    }

    /// The whole game, for tests that check the table against the engine.
    #[cfg(test)]
    fn game(&self) -> Option<G> {
        None
    }
}

/// The whole match in the page ([`Match`]: the game, its log and sheet), every seat's
/// updates computed here.
pub struct Local<G: Game> {
    m: Match<G>,
}

impl<G: UiGame> Local<G> {
    /// A new match.
    pub fn new(setup: &Setup<G::Settings>) -> Result<Local<G>, engine::SetupError> {
        Ok(Local {
            m: Match::new(setup)?,
        })
    }

    /// A saved match: `steps` replayed on a new game of `setup`, every step's updates
    /// handed to `each` (the bots' memory of the hand is rebuilt from them). `None` if a
    /// step does not apply.
    pub fn restore(
        setup: &Setup<G::Settings>,
        steps: &[Step<G::Action>],
        mut each: impl FnMut(&[Update<G>]),
    ) -> Option<Local<G>> {
        let mut m = Match::new(setup).ok()?;
        m.replay(steps.iter().cloned(), |m, public| {
            each(&m.updates(Some(public)))
        })
        .ok()?;
        Some(Local { m })
    }

    /// The steps applied so far.
    pub fn steps(&self) -> u32 {
        self.m.step_count()
    }

    /// Applies one step and logs it: every seat's update.
    fn apply(&mut self, step: Step<G::Action>) -> Result<Vec<Update<G>>, Refused<G::Error>> {
        let public = self.m.step(step).map_err(|e| match e {
            StepError::Rule(e) => Refused::Rule(e),
            _ => Refused::Stale,
        })?;
        Ok(self.m.updates(Some(&public)))
    }

    fn at(&self, step: u32) -> Result<(), Refused<G::Error>> {
        if step == self.steps() {
            Ok(())
        } else {
            Err(Refused::Stale)
        }
    }
}

impl<G: UiGame> Source<G> for Local<G> {
    fn act(
        &mut self,
        seat: Seat,
        step: u32,
        actions: &[G::Action],
    ) -> Result<Vec<Update<G>>, Refused<G::Error>> {
        self.at(step)?;
        // All or none: a refused action puts the match back as it was.
        let before = self.m.clone();
        let mut out = Vec::new();
        for action in actions {
            match self.apply(Step::Act {
                seat,
                action: action.clone(),
            }) {
                Ok(ups) => out.extend(ups),
                Err(e) => {
                    self.m = before;
                    return Err(e);
                }
            }
        }
        Ok(out)
    }

    fn next_hand(&mut self, step: u32) -> Result<Vec<Update<G>>, Refused<G::Error>> {
        self.at(step)?;
        self.apply(Step::NextHand)
    }

    fn snapshot(&self, seat: Seat) -> Option<Update<G>> {
        self.m.snapshot(seat)
    }

    fn log(&self) -> Option<Arc<Vec<Step<G::Action>>>> {
        Some(self.m.steps().clone())
    }

    #[cfg(test)]
    fn game(&self) -> Option<G> {
        Some(self.m.game().clone())
    }
}
