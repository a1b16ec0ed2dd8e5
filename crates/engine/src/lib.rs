//! Rules of the Iranian card games (RULES.md): pure and deterministic, no I/O.
//!
//! - [`card`]: cards and bitset hands; [`seat`]: seats and teams; [`rng`]: the seeded,
//!   portable RNG (C-4); [`hash`]: the stable state hash.
//! - [`game::Game`]: the one trait every game implements, with per-seat views (C-5).
//! - [`games`]: the games themselves.
//! - [`testkit`]: the property tests every game runs (ARCHITECTURE.md), for tests only.

pub mod card;
pub mod game;
pub mod games;
pub mod hash;
pub mod rng;
pub mod seat;
pub mod testkit;

pub use card::{Card, CardSet, Rank, Suit};
pub use game::{Deal, Game, HandScore, Outcome, RuleError, Setup, SetupError, Status};
pub use rng::Rng;
pub use seat::{Seat, SeatSet};
