//! What both shedding games' hard bots share: [`super::rollout`] over the shared sampler
//! ([`SheddingSampler`]), each hand scored by its penalty points (CE-10, Countdown's
//! scores, CE-12; HX-12) against the mean of the other players', the game's rule bot when
//! the sampler refuses the view. Each game gives its rollout policy and tells which events
//! end a hand ([`Rollouts`]).

use super::rollout::{RolloutBot, RolloutGame};
use super::{Budget, HardGame};
use crate::belief::shedding::{Events, SheddingBelief, SheddingSampler};
use crate::shedding::{Scorer, SheddingBot};
use crate::Bot;
use engine::games::shedding::SheddingView;
use engine::{Rng, Seat};

/// A shedding game's part in its hard bot (a state and its parts that may move to another
/// thread, as every hard bot's).
pub trait Rollouts:
    Events<Action: Send, Event: Send, View: Send, Settings: Send> + Scorer + Send + 'static
{
    /// Whether this event ends a hand ([`RolloutGame::ends_hand`]).
    fn hand_over(event: &Self::Event) -> bool;

    /// The rollout policy ([`RolloutGame::policy`]).
    fn pick(g: &Self, seat: Seat, legal: &[Self::Action], rng: &mut Rng) -> usize;
}

impl<G: Rollouts> RolloutGame for G {
    type Belief = SheddingBelief;
    type Sampler = SheddingSampler<G>;
    const PENALTY: bool = true;

    fn seat_of(view: &G::View) -> Seat {
        view.seat()
    }

    fn ends_hand(event: &G::Event) -> bool {
        G::hand_over(event)
    }

    fn policy(g: &G, seat: Seat, legal: &[G::Action], rng: &mut Rng) -> usize {
        G::pick(g, seat, legal, rng)
    }

    fn fallback(seed: u64) -> Box<dyn Bot<G> + Send> {
        Box::new(SheddingBot::<G>::new(seed))
    }
}

impl<G: Rollouts> HardGame for G {
    fn search_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<G> + Send>> {
        Some(Box::new(RolloutBot::<G>::new(seed, budget)))
    }
}
