//! Haft Khabis (هفت خبیث / هفت کثیف, "Dirty Seven", the Iranian Crazy Eights): 2 to 7
//! players (two decks above five), each for themselves; match the top card's rank or suit;
//! 7s make the next player draw (stacking), 8s play again, aces skip, 10s reverse, jacks
//! are wild and name a suit, 2s give a penalty card; a last card must be declared. The
//! cards left in hand are penalty points; the game ends by one of HX-13's modes. Rules
//! HX-1 … HX-16 of RULES.md and the decisions D-1 … D-8 that apply to it.
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

pub use state::{jack_factor, penalty_points, HaftKhabis, HaftKhabisHidden};
pub use types::{
    EndMode, HaftKhabisAction, HaftKhabisAfter, HaftKhabisError, HaftKhabisEvent, HaftKhabisPhase,
    HaftKhabisPlay, HaftKhabisResult, HaftKhabisSettings, HaftKhabisView, SevenStacking, TurnMode,
    TwoRule,
};
