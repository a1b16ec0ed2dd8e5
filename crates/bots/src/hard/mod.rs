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
mod shedding;
pub mod shelem;

/// How much a hard bot may search per decision. Fixed counts, so results repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Deals sampled per decision (PIMC) or determinizations (ISMCTS).
    pub samples: u32,
    /// Search nodes per sampled deal (solver) or in all (tree search); no hard bot reads it
    /// since Hokm's searches by rollouts (kept for `hard:S,N,P` and a solver search).
    pub nodes: u64,
    /// Random or policy playouts per decision, for the rollout-based searches.
    pub playouts: u32,
}

impl Budget {
    /// The default in the browser's Web Worker: a move in well under a second.
    ///
    /// The rollout bots (Hokm, Shelem, Bidel) play `playouts` rollouts a decision in all,
    /// spread over its candidate actions; `samples` scales the rollout search of Pasur,
    /// Haft Khabis and Crazy Eights (`rollout::SAMPLES_PER_BUDGET`). Measured in docs/bots.md (natively; the browser's time is a guess
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
    /// Whether [`HardGame::hard_bot`] answers `Some`: a constant, so that a page can offer
    /// "hard" without carrying the search (the bot itself runs in a Web Worker). A test
    /// checks the two agree for every game.
    const HAS_HARD: bool = true;

    /// The game's searching bot for one seat, its choices fixed by `seed` and `budget`,
    /// offered to players or not (the arena measures it); `None` while this game has none.
    fn search_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>>;

    /// The hard bot offered to players: the searching bot once the arena shows it no weaker
    /// than the rule bot and a move fits the browser's time (docs/bots.md).
    fn hard_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        Self::search_bot(seed, budget)
    }

    /// A named variant of the searching bot, to measure a change against the bot without
    /// it in one arena (`cards arena --a hard --b hard-NAME`); `None` if the game has no
    /// variant of that name.
    fn variant_bot(name: &str, seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        let _ = (name, seed, budget);
        None
    }
}

impl HardGame for engine::games::hokm::Hokm {
    fn search_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        Some(Box::new(hokm::HokmHard::new(seed, budget)))
    }

    /// Double-dummy card play from some trick on, at both player counts (`ddC`,
    /// `ddC-D-nN-mM-qQ`: [`hokm::DdPlay::parse`]); `rollouts`: rule-bot rollouts
    /// throughout.
    fn variant_bot(name: &str, seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        let dd = match name {
            "rollouts" => [hokm::DdPlay::OFF; 2],
            _ => [hokm::DdPlay::parse(name)?; 2],
        };
        Some(Box::new(hokm::HokmHard::with_dd(seed, budget, dd)))
    }
}

impl HardGame for engine::games::shelem::Shelem {
    fn search_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        Some(Box::new(shelem::ShelemHard::new(seed, budget)))
    }

    /// `widow`: the hakem's discards and trump by simulation; `rulewidow`: the rule bot's
    /// (the hard bot before the widow's search). The plain hard bot is one of the two, as
    /// `shelem::SEARCH_WIDOW` says (docs/bots.md).
    fn variant_bot(name: &str, seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        let widow = match name {
            "widow" => true,
            "rulewidow" => false,
            _ => return None,
        };
        Some(Box::new(shelem::ShelemHard::with_widow_search(
            seed, budget, widow,
        )))
    }
}

impl HardGame for engine::games::bidel::Bidel {
    fn search_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        Some(Box::new(bidel::BidelHard::new(seed, budget)))
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod offered {
    use super::*;
    use engine::games::{bidel::Bidel, crazy_eights::CrazyEights, haft_khabis::HaftKhabis};
    use engine::games::{hokm::Hokm, pasur::Pasur, shelem::Shelem};

    /// Players are offered a hard bot where the arena shows it no weaker than the rule bot
    /// and quick: every game now (Hokm's since its rollout search beat the rule bot on the
    /// hold-out deals, docs/bots.md).
    #[test]
    fn hard_is_offered_where_the_search_is_worth_waiting_for() {
        let b = Budget::BROWSER;
        assert!(Hokm::search_bot(1, b).is_some());
        assert!(Hokm::hard_bot(1, b).is_some());
        assert!(Shelem::hard_bot(1, b).is_some());
        assert!(Bidel::hard_bot(1, b).is_some());
        assert!(Pasur::hard_bot(1, b).is_some());
        assert!(HaftKhabis::hard_bot(1, b).is_some());
        assert!(CrazyEights::hard_bot(1, b).is_some());
    }
}

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
