//! Seats (positions at the table) and sets of seats.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A position at the table, 0..n-1. Play passes from seat i to seat i+1 (rule C-2). The
/// default is seat 0.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat `k` places after this one at a table of `n`.
    pub const fn after(self, k: u8, n: u8) -> Seat {
        Seat((self.0 + k) % n)
    }

    /// The next seat in turn order (C-2) at a table of `n`.
    pub const fn next(self, n: u8) -> Seat {
        self.after(1, n)
    }

    /// The previous seat in turn order at a table of `n`.
    pub const fn prev(self, n: u8) -> Seat {
        self.after(n - 1, n)
    }

    /// In four-seat team games the partners sit opposite (C-3): side 0 is seats {0,2},
    /// side 1 is seats {1,3}.
    pub const fn side(self) -> usize {
        (self.0 & 1) as usize
    }

    /// The index as `usize`.
    pub const fn idx(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seat({})", self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of seats (at most 8), e.g. everyone who may act now in a simultaneous choice.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(pub u8);

impl SeatSet {
    /// The set holding only `s`.
    pub const fn only(s: Seat) -> SeatSet {
        SeatSet(1 << s.0)
    }

    /// Whether `s` is in the set.
    pub const fn contains(self, s: Seat) -> bool {
        self.0 & (1 << s.0) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat in the set.
    pub fn first(self) -> Option<Seat> {
        (self.0 != 0).then(|| Seat(self.0.trailing_zeros() as u8))
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}
