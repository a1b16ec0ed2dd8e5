//! Pasur (پاسور, Chahar Barg چهاربرگ): two players, or four in two partnerships; cards
//! are captured from a face-up table by sums of 11, jacks sweep, queens and kings pair,
//! clearing the table scores a sur; clubs, 10♦, 2♣, jacks and aces score at the end of
//! each round of the whole deck. Rules PA-1 … PA-11 of RULES.md and the decisions
//! D-1 … D-8 that apply to it.

pub mod choice;
mod state;
mod types;
mod view;

#[cfg(test)]
mod tests;

pub use state::{capture_options_into, legal_actions_into, pasur_value, Pasur, PasurHidden};
pub use types::{
    LastPlay, PasurAction, PasurError, PasurEvent, PasurPhase, PasurSettings, PasurView,
    RoundResult, ScoreLine, SideTally,
};
