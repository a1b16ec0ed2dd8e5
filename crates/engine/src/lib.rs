//! Rules of the Iranian card games (RULES.md): pure and deterministic, no I/O.
//!
//! - [`card`]: cards and bitset hands; [`seat`]: seats and teams; [`rng`]: the seeded,
//!   portable RNG (C-4); [`hash`]: the stable state hash.
//! - [`game::Game`]: the one trait every game implements, with per-seat views (C-5).
//! - [`games`]: the games themselves.
//! - [`driver::Match`]: the one match driver (game, log, sheet; a step prepared, then
//!   committed).
//! - [`log`]: the match log (public setup, secret deal, steps) and its replay;
//!   [`timeout`]: what a turn timeout plays (D-7).
//! - [`rebuild`]: a state built from one seat's view and a guess at its hidden cards, for
//!   bots that sample what they cannot see; [`record`]: a finished hand as the rules reveal
//!   it (a replay sent by a relay).
//! - [`table`]: what one seat's table runs on: legality from its view
//!   ([`table::GameView`]) and the per-seat updates after a step ([`table::updates`]).
//! - `testkit`: the property tests every game runs (ARCHITECTURE.md), for tests only: built
//!   with `cfg(test)` or the `testkit` feature, never shipped in the library.

pub mod card;
pub mod driver;
pub mod game;
pub mod games;
pub mod hash;
pub mod log;
pub mod rebuild;
pub mod record;
pub mod rng;
pub mod seat;
pub mod table;
pub mod tally;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod timeout;

pub use card::{Card, CardBag, CardSet, Rank, Suit};
pub use driver::{Match, Prepared};
pub use game::{Deal, Game, HandScore, Outcome, RuleError, Scoring, Setup, SetupError, Status};
pub use log::{
    replay, MatchLog, MatchLogOf, PublicSetup, ReplayError, Replayer, SecretDeal, Step, StepError,
};
pub use rebuild::FromView;
pub use record::{Anchor, HandRecord, RecordError, Reveal};
pub use rng::Rng;
pub use seat::{Seat, SeatSet};
pub use table::{GameView, Move, Public, SeatUpdate, Update, Watch, WatchUpdate, PROTOCOL_VERSION};
