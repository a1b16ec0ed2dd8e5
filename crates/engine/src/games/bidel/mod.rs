//! Bidel (بی‌دل, Hearts): three or four players, each for themselves; three cards are
//! passed before each hand (right, left, across, none), hearts and Q♠ cost points, the
//! lowest total wins once someone reaches the target. Rules BD-1 … BD-10 of RULES.md and
//! the decisions D-1 … D-9 that apply to it.

mod state;
mod types;
mod view;

#[cfg(test)]
mod tests;

pub use state::{Bidel, BidelHidden};
pub use types::{
    BidelAction, BidelError, BidelEvent, BidelPhase, BidelSettings, BidelTrump, BidelView,
    HandResult, PassDirection, Trick, TrickCards, PASS_COUNT,
};
