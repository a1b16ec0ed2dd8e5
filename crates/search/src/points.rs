//! The analysis of a finished Shelem or Bidel hand (issue 12): the card-point games'
//! counterpart of [`crate::HandAnalysis`]. With every hand shown, the best result each side
//! could have reached from the deal with best play on all sides (double-dummy), and the
//! plays where the actual play lost against it.
//!
//! - Shelem (SH-3, SH-5): two sides; a side's value is the most points it can take against
//!   any defence: 5 a trick, the card points of its tricks, and for the hakem's side the
//!   discards (5 plus their card points). The two sides' best add up to the points in play.
//! - Bidel (BD-7, BD-9): one side a seat; a seat's value is the fewest points it can be held
//!   to when every other seat plays against it (the paranoid view: what the seat can be
//!   sure of, whatever the others do). Fewer is better.
//!
//! Only for a hand that is over (D-8: its hands are public then).

use engine::games::hokm::Trump;
use engine::{Card, CardSet, Seat};
use serde::{Deserialize, Serialize};

/// One play that lost value against best play, for the side of the seat that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsSlip {
    /// The trick it was played to, 1 for the first.
    pub trick: u8,
    /// The seat that played it.
    pub seat: Seat,
    /// The card played.
    pub played: Card,
    /// A card that kept the value (the lowest such card in the engine's card order).
    pub better: Card,
    /// The seat's side's value (see [`PointsAnalysis::best`]) before the play and after it.
    pub before: u16,
    pub after: u16,
    /// The play turned the hand: Shelem, before it the play's side could still reach (for
    /// the hakem's side) or still set (for the other side) the bid, after it no longer.
    /// Bidel: always false.
    pub decisive: bool,
}

/// A Shelem hand's contract (SH-4, SH-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contract {
    pub hakem: Seat,
    pub bid: u16,
    /// The hakem's side could have reached the bid against any defence.
    pub could_make: bool,
    /// The hakem's side reached the bid in the play analysed.
    pub made: bool,
}

/// The analysis of one Shelem or Bidel hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsAnalysis {
    /// Seats: Shelem 4 or 2 (SH-10); Bidel 4 or 3 (BD-1).
    pub players: u8,
    /// The hand's trump: Shelem's named trump or mode (SH-6); Bidel's trump suit in trump
    /// mode (BD-10, as `Trump::Suit`), else `None`.
    pub trump: Option<Trump>,
    /// Fewer points is better (Bidel, BD-7); else more (Shelem).
    pub fewer_is_better: bool,
    /// Per side, its best value from the deal, double-dummy. Shelem: two sides (side 0:
    /// seats 0 and 2, or seat 0 with two players), the most points each could take;
    /// they add up to the points in play. Bidel: one side a seat (side i: seat i), the
    /// fewest points it could be held to against all the others.
    pub best: Vec<u16>,
    /// Per side, the points it took in the play analysed (Shelem: the discards included
    /// for the hakem's side; Bidel: the hearts and Q♠ — and BD-9's cards — it took, before
    /// any shooting of the moon).
    pub taken: Vec<u16>,
    /// Shelem's contract; `None` for Bidel.
    pub contract: Option<Contract>,
    /// The plays that lost value, in play order.
    pub slips: Vec<PointsSlip>,
    /// The plays analysed (one value per play would make a curve; the page shows `plays`
    /// as the analysis's progress total).
    pub plays: u16,
    /// Each seat's cards at the start of the analysed play, by seat (`players` of them).
    pub hands: Vec<CardSet>,
}
