//! Shelem (شلم): an auction for the right to be hakem (حاکم), the widow taken and
//! discarded, trump (or a no-trump mode) named, twelve tricks, card points. Four players in
//! two partnerships, or two players (SH-10). Rules SH-1 … SH-10 of RULES.md, with HK-4's
//! modes and HK-6's play, and the decisions D-1 … D-8 that apply.

mod state;
mod types;
mod view;

#[cfg(test)]
mod tests;

/// The hakem's choice of trump or no-trump mode, shared with Hokm (HK-4).
pub use crate::games::hokm::Trump;
pub use state::{card_points, Shelem, ShelemHidden};
pub use types::{
    HandResult, ShelemAction, ShelemError, ShelemEvent, ShelemPhase, ShelemSettings, ShelemView,
    Trick,
};
pub use view::PlateBid;
