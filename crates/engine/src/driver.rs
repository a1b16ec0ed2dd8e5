//! The one match driver: a game, its log and its score sheet, moved on one step at a time.
//!
//! Everything that plays a match holds a [`Match`]: the page's local table, the registry's
//! rooms (so the relay's), the command line's replay and the worker's tests. A step goes in
//! ([`Match::step`]); the public event comes out, and every seat's update is one call away
//! ([`Match::updates`], the engine's [`crate::table::updates`]). The step is in the log and
//! the sheet has its line, so nothing else keeps either.
//!
//! A caller that must store a step before it takes effect (the relay: store, then
//! acknowledge) takes the two halves apart: [`Match::prepare`] applies the step to a copy and
//! leaves the match alone, the caller stores [`Prepared::step`] with [`Prepared::number`]
//! and [`Prepared::state_hash`], and [`Match::commit`] makes it the match. A store that
//! refuses means the prepared step is dropped: nothing is undone, because nothing was done.

use crate::game::{Game, Setup, SetupError};
use crate::log::{apply_public, MatchLog, MatchLogOf, ReplayError, Step, StepError};
use crate::seat::Seat;
use crate::table::{updates, watch_update, Public, Update, Watch};
use crate::tally::Tally;
use std::sync::Arc;

/// A match in play: the game after every step so far, the steps, and the score sheet.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    game: G,
    /// The log's version (a match restored from an older log keeps the version it had).
    version: u32,
    /// The steps, shared with readers that keep them (a page's save, its score sheet):
    /// a clone costs a counter, and the next step copies them only while one is held.
    steps: Arc<Vec<Step<G::Action>>>,
    tally: Tally,
}

/// A step applied to a copy of a match, not yet its own: [`Match::commit`] makes it so.
#[derive(Clone, Debug)]
pub struct Prepared<G: Game> {
    game: G,
    tally: Tally,
    step: Step<G::Action>,
    public: Public<G::Event>,
    /// The match's step count it was prepared on.
    on: u32,
    /// The state hash of the game it was prepared on.
    before: u64,
}

/// Why [`Match::commit`] did not take a prepared step: the match took another step since it
/// was prepared, or it was prepared on another match (the prepared state would overwrite
/// what this match is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The step count the step was prepared on.
    pub prepared_on: u32,
    /// The match's step count now.
    pub now: u32,
}

impl<G: Game> Prepared<G> {
    /// The step, as the log records it (what a store appends).
    pub fn step(&self) -> &Step<G::Action> {
        &self.step
    }

    /// What everybody learns of it.
    pub fn public(&self) -> &Public<G::Event> {
        &self.public
    }

    /// The step's number in the match (1 for the first step): the log's length once it is
    /// committed.
    pub fn number(&self) -> u32 {
        self.on + 1
    }

    /// The game as the step leaves it.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The stable hash of the state the step leaves (what a store records beside it).
    pub fn state_hash(&self) -> u64 {
        self.game.state_hash()
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl<G: Game> Match<G> {
    /// A new match of `setup`, no step taken.
    pub fn new(setup: &Setup<G::Settings>) -> Result<Match<G>, SetupError> {
        let game = G::new(setup)?;
        Ok(Match {
            tally: Tally::new(&game),
            game,
            version: crate::log::MATCH_LOG_VERSION,
            steps: Arc::default(),
        })
    }

    /// The match a log records: a log of another game, of a later version or with a step
    /// that does not apply is refused, naming why (as [`MatchLog::replay`]).
    pub fn from_log(log: MatchLogOf<G>) -> Result<Match<G>, ReplayError<G::Error>> {
        let MatchLog {
            version,
            game,
            public,
            deal,
            steps,
        } = log;
        if game != G::NAME {
            return Err(ReplayError::Game(game));
        }
        if version > crate::log::MATCH_LOG_VERSION {
            return Err(ReplayError::Version(version));
        }
        let setup = Setup::from_parts(public, deal);
        let mut m = Match::new(&setup).map_err(ReplayError::Setup)?;
        m.version = version;
        m.replay(steps, |_, _| {})?;
        Ok(m)
    }

    /// Applies `steps` in order, handing each step's public event and the match after it to
    /// `each` (a page's bots rebuild their memory of the hand from them). Stops at the first
    /// step that does not apply, naming it (1-based, counted from the match's first step);
    /// the steps before it stay applied.
    pub fn replay(
        &mut self,
        steps: impl IntoIterator<Item = Step<G::Action>>,
        mut each: impl FnMut(&Self, &Public<G::Event>),
    ) -> Result<(), ReplayError<G::Error>> {
        for s in steps {
            let number = self.steps.len() + 1;
            let public = self.step(s).map_err(|error| ReplayError::Step {
                step: number,
                error,
            })?;
            each(self, &public);
        }
        Ok(())
    }

    /// Applies one step in place: it is logged, the sheet takes it in, and its public event
    /// comes back. A refused step changes nothing.
    pub fn step(&mut self, step: Step<G::Action>) -> Result<Public<G::Event>, StepError<G::Error>> {
        let public = apply_public(&mut self.game, &step)?;
        self.tally.after(&self.game);
        Arc::make_mut(&mut self.steps).push(step);
        Ok(public)
    }

    /// Applies one step to a copy of the match: the match is unchanged until
    /// [`Match::commit`] takes the result.
    pub fn prepare(&self, step: Step<G::Action>) -> Result<Prepared<G>, StepError<G::Error>> {
        let mut game = self.game.clone();
        let public = apply_public(&mut game, &step)?;
        let mut tally = self.tally.clone();
        tally.after(&game);
        Ok(Prepared {
            public,
            game,
            tally,
            step,
            on: self.step_count(),
            before: self.game.state_hash(),
        })
    }

    /// Makes a prepared step the match's own, as [`Match::step`] would have; refused if the
    /// match took another step since it was prepared, or is not the match it was prepared on
    /// (checked by step count and state hash).
    pub fn commit(&mut self, p: Prepared<G>) -> Result<Public<G::Event>, Moved> {
        let now = self.step_count();
        if p.on != now || p.before != self.game.state_hash() {
            return Err(Moved {
                prepared_on: p.on,
                now,
            });
        }
        self.game = p.game;
        self.tally = p.tally;
        Arc::make_mut(&mut self.steps).push(p.step);
        Ok(p.public)
    }

    /// Every seat's update at the match's current step, in seat order: `public` is the
    /// event of the step just taken, or `None` for a snapshot.
    pub fn updates(&self, public: Option<&Public<G::Event>>) -> Vec<Update<G>> {
        updates(&self.game, self.step_count(), public)
    }

    /// One seat's snapshot (its view now, no event); `None` for a seat the match lacks.
    pub fn snapshot(&self, seat: Seat) -> Option<Update<G>> {
        (seat.0 < self.game.players()).then(|| Update::<G> {
            seat,
            step: self.step_count(),
            public: None,
            status: self.game.status(),
            view: self.game.view(seat),
        })
    }

    /// What a watcher is sent at the match's current step ([`crate::table::watch_update`]):
    /// `public` is the event of the step just taken, or `None` for a snapshot.
    pub fn watch_update(&self, public: Option<&Public<G::Event>>) -> Watch<G> {
        watch_update(&self.game, self.step_count(), public)
    }

    /// The game after every step so far.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The steps so far.
    pub fn steps(&self) -> &Arc<Vec<Step<G::Action>>> {
        &self.steps
    }

    /// How many steps were taken: the number of the newest updates.
    pub fn step_count(&self) -> u32 {
        count(self.steps.len())
    }

    /// The score sheet so far.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The match's log (setup, deal, steps): it holds the deal, so it is never sent to a
    /// seat while the match is played.
    pub fn log(&self) -> MatchLogOf<G> {
        let mut log = MatchLog::new(G::NAME, self.game.setup().clone(), self.steps.to_vec());
        log.version = self.version;
        log
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Deal, Status};
    use crate::games::hokm::Hokm;
    use crate::games::shelem::Shelem;
    use crate::timeout;

    fn setup<G: Game>(seed: u64) -> Setup<G::Settings> {
        Setup {
            players: 4,
            settings: G::Settings::default(),
            deal: Deal::seeded(seed),
        }
    }

    /// The step every seat's first legal action (or the next hand) makes now.
    fn first_legal<G: Game>(g: &G) -> Option<Step<G::Action>> {
        match g.status() {
            Status::Acting(s) => {
                let seat = s.first()?;
                Some(Step::Act {
                    seat,
                    action: timeout::first_legal(g, seat)?,
                })
            }
            Status::HandOver => Some(Step::NextHand),
            Status::MatchOver => None,
        }
    }

    /// A match stepped in place, one prepared and committed step by step, and the log
    /// replayed all agree: the same game, log, sheet and public events.
    #[test]
    fn step_and_prepare_then_commit_are_the_same_and_the_log_replays() {
        let mut a = Match::<Shelem>::new(&setup::<Shelem>(5)).unwrap();
        let mut b = a.clone();
        for _ in 0..400 {
            let Some(step) = first_legal(a.game()) else {
                break;
            };
            let p = b.prepare(step.clone()).unwrap();
            assert_eq!(p.number(), b.step_count() + 1);
            assert_eq!(
                b.steps().len() as u32,
                p.number() - 1,
                "prepare changes nothing"
            );
            let hash = p.state_hash();
            let public_b = b.commit(p).unwrap();
            let public_a = a.step(step).unwrap();
            assert_eq!(public_a, public_b);
            assert_eq!(a.game().state_hash(), hash);
            assert_eq!(b.game().state_hash(), hash);
            assert_eq!(a.updates(Some(&public_a)), b.updates(Some(&public_b)));
        }
        assert_eq!(a.log(), b.log());
        assert_eq!(a.tally(), b.tally());
        assert!(!a.tally().hands.is_empty());
        let again = Match::<Shelem>::from_log(a.log()).unwrap();
        assert_eq!(again.game().state_hash(), a.game().state_hash());
        assert_eq!(again.tally(), a.tally());
        assert_eq!(again.log(), a.log());
        assert_eq!(
            Tally::of_log::<Shelem>(&a.game().setup().clone(), a.steps()),
            Some(a.tally().clone())
        );
    }

    /// A prepared step is refused once the match has moved on, and a refused step (in place
    /// or prepared) changes nothing.
    #[test]
    fn a_stale_prepared_step_and_a_refused_step_change_nothing() {
        let mut m = Match::<Hokm>::new(&setup::<Hokm>(3)).unwrap();
        let step = first_legal(m.game()).unwrap();
        let p = m.prepare(step.clone()).unwrap();
        m.step(step).unwrap();
        let (hash, log) = (m.game().state_hash(), m.log());
        assert_eq!(
            m.commit(p).unwrap_err(),
            Moved {
                prepared_on: 0,
                now: 1
            }
        );
        assert_eq!((m.game().state_hash(), m.log()), (hash, log.clone()));
        // A step prepared on another match at the same step count is refused too.
        let mut fresh = Match::<Hokm>::new(&setup::<Hokm>(4)).unwrap();
        let elsewhere = Match::<Hokm>::new(&setup::<Hokm>(3)).unwrap();
        let foreign = elsewhere
            .prepare(first_legal(elsewhere.game()).unwrap())
            .unwrap();
        assert_eq!(
            fresh.commit(foreign).unwrap_err(),
            Moved {
                prepared_on: 0,
                now: 0
            }
        );
        assert_eq!(fresh.step_count(), 0);
        assert!(m.step(Step::NextHand).is_err());
        assert!(m.prepare(Step::NextHand).is_err());
        assert_eq!((m.game().state_hash(), m.log()), (hash, log));
        assert!(m.snapshot(Seat(4)).is_none());
        let snap = m.snapshot(Seat(2)).unwrap();
        assert_eq!((snap.step, snap.public), (1, None));
        assert_eq!(snap.view, m.game().view(Seat(2)));
    }

    /// A log of another game or a later version is refused; one whose step does not apply
    /// names that step.
    #[test]
    fn a_bad_log_is_refused_with_its_reason() {
        let mut m = Match::<Hokm>::new(&setup::<Hokm>(8)).unwrap();
        for _ in 0..6 {
            let step = first_legal(m.game()).unwrap();
            m.step(step).unwrap();
        }
        let mut log = m.log();
        log.game = "bidel".into();
        assert_eq!(
            Match::<Hokm>::from_log(log).unwrap_err(),
            ReplayError::Game("bidel".into())
        );
        let mut log = m.log();
        log.version += 1;
        assert!(matches!(
            Match::<Hokm>::from_log(log),
            Err(ReplayError::Version(_))
        ));
        let mut log = m.log();
        log.steps.insert(2, Step::NextHand);
        assert_eq!(
            Match::<Hokm>::from_log(log).unwrap_err().step_index(),
            Some(2)
        );
    }
}
