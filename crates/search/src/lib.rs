//! Perfect-information ("double-dummy") solvers for the trick-taking games, as bridge's
//! DDS does it: every hand open, "can this side still take k tricks?" answered by a
//! zero-window alpha-beta search with quick-trick cutoffs, a transposition table at trick
//! boundaries keyed by the remaining cards with equivalent (touching) cards merged, and
//! ordered moves; "the most tricks this side can take" by iterating that search.
//!
//! - [`Position`]: a compact open position (a bitset per seat, ranks re-indexed so that a
//!   higher bit is a stronger card of its suit under the hand's trump mode), built from
//!   the engine's [`engine::games::hokm::PlayPosition`] or from parts (a sampled deal).
//! - [`Solver`]: the search and its transposition table, allocated once; a solve does not
//!   allocate.
//!
//! The rules the search knows are those every game of the family shares (RULES.md HK-6:
//! follow suit, the highest trump or else the highest card of the led suit wins, the
//! winner leads); a game plugs in by building a [`Position`] (its trump, its ranking) and
//! asking for tricks. Hokm's hand ends as soon as a side has 7 tricks (HK-7); reaching 7
//! of 13 does not depend on whether the rest is played, so "can this side still win the
//! hand?" is [`Solver::can_take`] with `k = 7`. Kot (HK-8: seven tricks before the other
//! side takes one) needs a horizon, the next tricks only: [`Solver::can_kot`], built on
//! [`Solver::can_take_next`].
//!
//! No I/O, no randomness, no panics on bad input (a [`PositionError`] instead); builds for
//! wasm32.

pub mod analysis;
pub mod points;
mod points_solver;
mod position;
mod solver;

pub use analysis::{
    analyse, analyse_hokm, analyse_hokm_with, analyse_with, AnalysisError, HandAnalysis, Slip,
};
pub use points::{
    analyse_bidel, analyse_shelem, Contract, PointsAnalysis, PointsSlip, POINTS_BUDGET,
    POINTS_TABLE_BITS,
};
pub use points_solver::{OutOfBudget, PointsPosition, PointsRules, PointsSolver};
pub use position::{Position, PositionError};
pub use solver::{Best, Solver};
