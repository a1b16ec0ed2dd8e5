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
use engine::Game;

pub mod bidel;
mod crazy_eights;
mod haft_khabis;
pub mod hokm;
mod pasur;
pub mod pimc;
pub mod rollout;
pub mod shelem;

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
    pub const BROWSER: Budget = Budget {
        samples: 32,
        nodes: 200_000,
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
    /// Whether [`HardGame::hard_bot`] answers `Some`: a constant, so that a page can offer
    /// "hard" without carrying the search (the bot itself runs in a Web Worker). A game that
    /// implements `hard_bot` keeps the default; one without a hard bot sets it off (a test checks the
    /// two agree for every game).
    const HAS_HARD: bool = true;
    /// The hard bot for one seat, its choices fixed by `seed` and `budget`; `None` while
    /// this game has none.
    fn hard_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>>;
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

#[cfg(test)]
mod tests;

#[cfg(test)]
mod has_hard {
    use super::*;
    use engine::games::{bidel, crazy_eights, haft_khabis, hokm, pasur, shelem};

    fn agrees<G: HardGame>() {
        assert_eq!(
            G::HAS_HARD,
            G::hard_bot(1, Budget::BROWSER).is_some(),
            "{}: HAS_HARD must say whether hard_bot answers",
            std::any::type_name::<G>()
        );
    }

    #[test]
    fn has_hard_says_whether_a_game_has_a_hard_bot() {
        agrees::<hokm::Hokm>();
        agrees::<shelem::Shelem>();
        agrees::<bidel::Bidel>();
        agrees::<pasur::Pasur>();
        agrees::<haft_khabis::HaftKhabis>();
        agrees::<crazy_eights::CrazyEights>();
    }
}
