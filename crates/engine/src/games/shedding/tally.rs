//! A finished hand's result, kept in the state without allocating.

use super::parts::Hands;
use crate::card::CardBag;
use crate::game::{HandScore, SetupError};
use crate::rebuild::bad;
use crate::seat::Seat;
use std::fmt;
use std::hash::{Hash, Hasher};

/// A game's result of a finished hand ([`crate::games::crazy_eights::CrazyEightsResult`],
/// [`crate::games::haft_khabis::HaftKhabisResult`]), built from a [`Tally`].
pub(crate) trait HandResult: Sized + Hash + fmt::Debug {
    /// What the game's result holds beyond the tally's shared parts.
    type Extra: Copy;

    /// The result the tally keeps.
    fn from_tally(t: &Tally<Self>) -> Self;
}

/// A finished hand's result, kept without allocating: the result `R` is built from it on
/// request ([`Tally::result`]), and it hashes and prints as that result.
pub(crate) struct Tally<R: HandResult> {
    /// The number of players.
    pub n: u8,
    /// The player who went out first; none in a blocked hand (D-4).
    pub winner: Option<Seat>,
    /// D-4: the hand was blocked.
    pub blocked: bool,
    /// Every hand at the end (D-8).
    pub hands: [CardBag; 8],
    /// The points each player scored this hand.
    pub points: [i32; 8],
    /// The totals after this hand.
    pub totals: [i32; 8],
    /// What the game's result adds.
    pub extra: R::Extra,
}

impl<R: HandResult> Clone for Tally<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: HandResult> Copy for Tally<R> {}

impl<R: HandResult> Tally<R> {
    /// The tally of a hand of `n` players ending with `hands`.
    pub fn new(
        n: u8,
        winner: Option<Seat>,
        blocked: bool,
        hands: &Hands,
        points: [i32; 8],
        totals: [i32; 8],
        extra: R::Extra,
    ) -> Tally<R> {
        Tally {
            n,
            winner,
            blocked,
            hands: hands.cards,
            points,
            totals,
            extra,
        }
    }

    /// The game's result.
    pub fn result(&self) -> R {
        R::from_tally(self)
    }

    /// Every player's hand at the end.
    pub fn hands(&self) -> Vec<CardBag> {
        self.hands[..self.n as usize].to_vec()
    }

    /// Every player's points this hand.
    pub fn points(&self) -> Vec<i32> {
        self.points[..self.n as usize].to_vec()
    }

    /// Every player's total after this hand.
    pub fn totals(&self) -> Vec<i32> {
        self.totals[..self.n as usize].to_vec()
    }

    /// The hand's points and its winner, for the score sheet.
    pub fn hand_score(&self) -> HandScore {
        HandScore {
            points: self.points(),
            winners: self.winner.map(|w| w.idx()).into_iter().collect(),
        }
    }

    /// For [`crate::FromView`]: the tally of a view's result of `n` players (an error if
    /// its lists are not one entry per player).
    pub fn rebuilt(
        n: u8,
        winner: Option<Seat>,
        blocked: bool,
        hands: &[CardBag],
        points: &[i32],
        totals: &[i32],
        extra: R::Extra,
    ) -> Result<Tally<R>, SetupError> {
        let ni = n as usize;
        if hands.len() != ni || points.len() != ni || totals.len() != ni {
            return Err(bad("a hand result of a wrong number of seats"));
        }
        let mut t = Tally {
            n,
            winner,
            blocked,
            hands: [CardBag::EMPTY; 8],
            points: [0; 8],
            totals: [0; 8],
            extra,
        };
        t.hands[..ni].copy_from_slice(hands);
        t.points[..ni].copy_from_slice(points);
        t.totals[..ni].copy_from_slice(totals);
        Ok(t)
    }
}

impl<R: HandResult> Hash for Tally<R> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.result().hash(state);
    }
}

impl<R: HandResult> fmt::Debug for Tally<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.result().fmt(f)
    }
}
