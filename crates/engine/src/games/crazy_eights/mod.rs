//! Crazy Eights (هشت‌های دیوانه): 2 to 8 players (two decks from six), each for themselves;
//! match the top card's rank or suit, eights are wild, special cards skip, reverse and make
//! the next player draw; the first out wins the hand and the others score what they hold.
//! Countdown (CE-12) is a setting. Rules CE-1 … CE-12 of RULES.md and the decisions
//! D-1 … D-8 that apply to it.
//!
//! What both shedding games play alike (the table, hands, declarations, the counters of
//! D-4, the result, the hidden cards and a state rebuilt from a view) is in
//! [`super::shedding`]; this module keeps the game's own cards, phases and scoring.

pub mod choice;
mod state;
mod types;
mod view;

#[cfg(test)]
mod tests;

pub use state::{card_points, countdown_rank, CrazyEights, CrazyEightsHidden};
pub use types::{
    CrazyEightsAction, CrazyEightsAfter, CrazyEightsError, CrazyEightsEvent, CrazyEightsPhase,
    CrazyEightsPlay, CrazyEightsResult, CrazyEightsSettings, CrazyEightsView, EightPower, WildRank,
};
