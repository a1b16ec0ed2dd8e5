//! Hokm (حکم): four players in two partnerships, a hakem (حاکم) who names trump, seven
//! tricks win a hand, seven hand points win the match; or the 2-player form of HK-13, with
//! discards and a stock drawn card by card before the tricks. Rules HK-1 … HK-13 of
//! RULES.md and the decisions D-1 … D-9 that apply to it.

mod state;
mod types;
mod view;

#[cfg(test)]
mod tests;

pub use state::{Hokm, HokmHidden};
pub use types::{
    HandResult, HokmAction, HokmError, HokmEvent, HokmPhase, HokmSettings, HokmView, PerSeat,
    PlayPosition, Trick, TrickCards, Trump,
};
