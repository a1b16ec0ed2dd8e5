//! Haft Khabis' hard bot: [`super::rollout`] over sampled deals, scored by the hand's
//! penalty points (HX-12) against the mean of the other players'.
//!
//! Rollout policy: play rather than draw or pass, shed the costliest card (a jack kept for
//! when nothing else fits), always declare a last card (HX-9); one pick in four uniform
//! over the actions that do not forget a declaration.

use super::rollout::{greedy, RolloutBot, RolloutGame, NEVER};
use super::{Budget, HardGame};
use crate::belief::{HaftKhabisBelief, HaftKhabisSampler};
use crate::haft_khabis::cost;
use crate::{Bot, HaftKhabisBot};
use engine::games::haft_khabis::{HaftKhabis, HaftKhabisAction, HaftKhabisEvent, HaftKhabisView};
use engine::{Rank, Rng, Seat};

/// The same action declaring a last card, if `a` is one that could declare and does not.
fn declared_twin(a: &HaftKhabisAction) -> Option<HaftKhabisAction> {
    match *a {
        HaftKhabisAction::Play(p) if !p.last => {
            let mut d = p;
            d.last = true;
            Some(HaftKhabisAction::Play(d))
        }
        HaftKhabisAction::Draw { last: false } => Some(HaftKhabisAction::Draw { last: true }),
        _ => None,
    }
}

/// The policy's score of `a` among `legal`.
fn score(a: &HaftKhabisAction, legal: &[HaftKhabisAction]) -> i32 {
    if let Some(d) = declared_twin(a) {
        if legal.contains(&d) {
            return NEVER;
        }
    }
    match a {
        HaftKhabisAction::Play(p) => {
            if p.card.rank() == Rank::JACK {
                5
            } else {
                20 + cost(p.card)
            }
        }
        HaftKhabisAction::Draw { .. } => -50,
        HaftKhabisAction::Pass => -40,
        HaftKhabisAction::Name { .. } => 0,
    }
}

impl RolloutGame for HaftKhabis {
    type Belief = HaftKhabisBelief;
    type Sampler = HaftKhabisSampler;
    const PENALTY: bool = true;

    fn seat_of(view: &HaftKhabisView) -> Seat {
        view.seat
    }

    fn ends_hand(event: &HaftKhabisEvent) -> bool {
        let then = match event {
            HaftKhabisEvent::Played { then, .. }
            | HaftKhabisEvent::Drew { then, .. }
            | HaftKhabisEvent::Passed { then, .. }
            | HaftKhabisEvent::Named { then, .. } => then,
        };
        then.hand_over
    }

    fn policy(_g: &HaftKhabis, _seat: Seat, legal: &[HaftKhabisAction], rng: &mut Rng) -> usize {
        greedy(legal, rng, 4, |a| score(a, legal))
    }

    fn fallback(seed: u64) -> Box<dyn Bot<HaftKhabis> + Send> {
        Box::new(HaftKhabisBot::new(seed))
    }
}

impl HardGame for HaftKhabis {
    fn hard_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        Some(Box::new(RolloutBot::<HaftKhabis>::new(seed, budget)))
    }
}
