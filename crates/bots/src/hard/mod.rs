//! The **hard** bots (issue 12): search over what a seat may know. A hard bot sees exactly
//! what an easy one does (its seat's view, its legal actions, the public events), builds
//! the seat's [`crate::belief::Belief`] from the events of the hand, deals full states
//! consistent with it ([`crate::belief::Sampler`]) and searches them. Its budget is fixed
//! (samples, nodes, playouts), never a clock, so the same seed and budget give the same
//! choices on every machine.
//!
//! Each game plugs in by implementing [`HardGame`]; a game whose hard bot is not built
//! answers `None`, and nothing offers "hard" for it.

use crate::Bot;

pub mod bidel;
pub mod hokm;
pub mod pimc;
pub mod shelem;
use engine::Game;

/// How much a hard bot may search per decision. Fixed counts, so results repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Deals sampled per decision (PIMC) or determinizations (ISMCTS).
    pub samples: u32,
    /// Search nodes per sampled deal (solver) or in all (tree search).
    pub nodes: u64,
    /// Random or policy playouts per decision, for the rollout-based searches.
    pub playouts: u32,
}

impl Budget {
    /// The default in the browser's Web Worker: a move in well under a second.
    ///
    /// Hokm's bot solves `samples` deals of up to `nodes` solver nodes each per card; the
    /// rollout bots (Shelem, Bidel) play `playouts` rollouts a decision in all, spread over
    /// its legal cards. Measured in docs/bots.md (natively; the browser's time is a guess
    /// from it).
    pub const BROWSER: Budget = Budget {
        samples: 16,
        nodes: 40_000,
        playouts: 2_000,
    };
}

impl Default for Budget {
    fn default() -> Self {
        Budget::BROWSER
    }
}

/// A game that has (or may have) a hard bot.
pub trait HardGame: Game + Sized {
    /// The hard bot for one seat, its choices fixed by `seed` and `budget`; `None` while
    /// this game has none.
    fn hard_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>>;
}

macro_rules! not_built {
    ($($ty:path),*) => {
        $(impl HardGame for $ty {
            fn hard_bot(_seed: u64, _budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
                None
            }
        })*
    };
}

impl HardGame for engine::games::hokm::Hokm {
    fn hard_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        Some(Box::new(hokm::HokmHard::new(seed, budget)))
    }
}

impl HardGame for engine::games::shelem::Shelem {
    fn hard_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        Some(Box::new(shelem::ShelemHard::new(seed, budget)))
    }
}

impl HardGame for engine::games::bidel::Bidel {
    fn hard_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        Some(Box::new(bidel::BidelHard::new(seed, budget)))
    }
}

not_built!(
    engine::games::pasur::Pasur,
    engine::games::haft_khabis::HaftKhabis,
    engine::games::crazy_eights::CrazyEights
);
