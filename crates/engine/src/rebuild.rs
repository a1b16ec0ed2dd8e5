//! A game state built from one seat's view and a guess at what that seat cannot see.
//!
//! A bot that searches (issue 12) deals many full states consistent with what its seat
//! knows and plays them out. It never holds the true state, so it needs a way to build a
//! state from parts: the seat's [`Game::View`] (everything public and the seat's own
//! cards) and a [`FromView::Hidden`] value naming where every card the view does not show
//! is (the other hands, a stock in order, a widow, face-down discards).
//!
//! The rebuilt state has a fresh seeded RNG ([`crate::Rng`], C-4) and no explicit deck
//! orders: every future shuffle (the next hands, a reshuffled stock) comes from that seed.
//! Its view for the seat equals the view it was built from, and so do the seat's legal
//! actions; the views of the other seats are those of a true state with the same hidden
//! cards. Each game's tests check this at every step of random matches (the testkit's
//! `rebuilt_from_view_is_the_same_game`).

use crate::game::{Game, SetupError};

/// A game that can be rebuilt from one seat's view and the places of the cards hidden from
/// it.
pub trait FromView: Game {
    /// Where the cards hidden from the seat are: each game documents its parts.
    type Hidden: Clone + Default + std::fmt::Debug;

    /// The state whose view for `view.seat` is `view`, with the hidden cards where `hidden`
    /// puts them, and a fresh RNG seeded with `seed` for every future shuffle. A `hidden`
    /// that contradicts the view (a card twice or missing, a count that differs from the
    /// view's, the seat's own hand not the view's) is refused with
    /// [`SetupError::BadDeck`].
    fn from_view(view: &Self::View, hidden: &Self::Hidden, seed: u64) -> Result<Self, SetupError>;
}

/// A [`SetupError::BadDeck`] with `why`, for the checks of [`FromView::from_view`].
pub(crate) fn bad(why: impl Into<String>) -> SetupError {
    SetupError::BadDeck(why.into())
}
