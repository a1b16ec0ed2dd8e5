//! Crazy Eights' hard bot: [`super::rollout`] over sampled deals, scored by the hand's
//! points (CE-10; Countdown's scores, CE-12) against the mean of the other players'.
//!
//! Rollout policy: play rather than draw or pass, shed the most points (several equal
//! cards at once), keep wild cards for when nothing else fits, always declare a last card
//! (D-6); one pick in four uniform over the actions that do not forget a declaration.

use super::rollout::{greedy, RolloutBot, RolloutGame, NEVER};
use super::{Budget, HardGame};
use crate::belief::{CrazyEightsBelief, CrazyEightsSampler};
use crate::{Bot, CrazyEightsBot};
use engine::games::crazy_eights::{
    card_points, CrazyEights, CrazyEightsAction, CrazyEightsEvent, CrazyEightsView,
};
use engine::{Rank, Rng, Seat};

/// The same play declaring a last card, if `a` is a play that does not declare.
fn declared_twin(a: &CrazyEightsAction) -> Option<CrazyEightsAction> {
    match *a {
        CrazyEightsAction::Play(p) if !p.last => {
            let mut d = p;
            d.last = true;
            Some(CrazyEightsAction::Play(d))
        }
        _ => None,
    }
}

/// The policy's score of `a` among `legal` for a seat whose wild rank is `wild`.
fn score(a: &CrazyEightsAction, legal: &[CrazyEightsAction], wild: Rank) -> i32 {
    if let Some(d) = declared_twin(a) {
        if legal.contains(&d) {
            return NEVER;
        }
    }
    match a {
        CrazyEightsAction::Play(p) => {
            if p.cards.last().rank() == wild {
                5
            } else {
                let mut pts = 20;
                for &c in p.cards.as_slice() {
                    pts += card_points(c, wild);
                }
                pts
            }
        }
        CrazyEightsAction::Draw => -50,
        CrazyEightsAction::Pass => -40,
        CrazyEightsAction::Suit(_) => 0,
    }
}

impl RolloutGame for CrazyEights {
    type Belief = CrazyEightsBelief;
    type Sampler = CrazyEightsSampler;
    const PENALTY: bool = true;

    fn seat_of(view: &CrazyEightsView) -> Seat {
        view.seat
    }

    fn ends_hand(event: &CrazyEightsEvent) -> bool {
        match event {
            CrazyEightsEvent::Played { then, .. }
            | CrazyEightsEvent::Drew { then, .. }
            | CrazyEightsEvent::Passed { then, .. } => then.hand_over,
            CrazyEightsEvent::SuitNamed { .. } => false,
        }
    }

    fn policy(g: &CrazyEights, seat: Seat, legal: &[CrazyEightsAction], rng: &mut Rng) -> usize {
        let wild = g.wild_of(seat);
        greedy(legal, rng, 4, |a| score(a, legal, wild))
    }

    fn fallback(seed: u64) -> Box<dyn Bot<CrazyEights> + Send> {
        Box::new(CrazyEightsBot::new(seed))
    }
}

impl HardGame for CrazyEights {
    fn hard_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        Some(Box::new(RolloutBot::<CrazyEights>::new(seed, budget)))
    }
}
