//! Crazy Eights' hard bot: the shedding games' rollout search ([`super::shedding`]),
//! scored by the hand's points (CE-10; Countdown's scores, CE-12).
//!
//! Rollout policy: play rather than draw or pass, shed the most points (several equal
//! cards at once), keep wild cards for when nothing else fits, always declare a last card
//! (D-6); one pick in four uniform over the actions that do not forget a declaration.

use super::rollout::{greedy, NEVER};
use super::shedding::Rollouts;
use engine::games::crazy_eights::{
    card_points, CrazyEights, CrazyEightsAction, CrazyEightsEvent, CrazyEightsPlay,
};
use engine::{Rank, Rng, Seat};

/// The same play declaring a last card, if `a` is a play that does not declare.
fn declared_twin(a: &CrazyEightsAction) -> Option<CrazyEightsAction> {
    match *a {
        CrazyEightsAction::Play(p) if !p.last => {
            Some(CrazyEightsAction::Play(CrazyEightsPlay { last: true, ..p }))
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

impl Rollouts for CrazyEights {
    fn hand_over(event: &CrazyEightsEvent) -> bool {
        match event {
            CrazyEightsEvent::Played { then, .. }
            | CrazyEightsEvent::Drew { then, .. }
            | CrazyEightsEvent::Passed { then, .. } => then.hand_over,
            CrazyEightsEvent::SuitNamed { .. } => false,
        }
    }

    fn pick(g: &CrazyEights, seat: Seat, legal: &[CrazyEightsAction], rng: &mut Rng) -> usize {
        let wild = g.wild_of(seat);
        greedy(legal, rng, 4, |a| score(a, legal, wild))
    }
}
