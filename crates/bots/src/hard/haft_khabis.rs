//! Haft Khabis' hard bot: the shedding games' rollout search ([`super::shedding`]), scored
//! by the hand's penalty points (HX-12).
//!
//! Rollout policy: play rather than draw or pass, shed the costliest card (a jack kept for
//! when nothing else fits), always declare a last card (HX-9); one pick in four uniform
//! over the actions that do not forget a declaration.

use super::rollout::{greedy, NEVER};
use super::shedding::Rollouts;
use crate::haft_khabis::cost;
use engine::games::haft_khabis::{HaftKhabis, HaftKhabisAction, HaftKhabisEvent, HaftKhabisPlay};
use engine::{Rank, Rng, Seat};

/// The same action declaring a last card, if `a` is one that could declare and does not.
fn declared_twin(a: &HaftKhabisAction) -> Option<HaftKhabisAction> {
    match *a {
        HaftKhabisAction::Play(p) if !p.last => {
            Some(HaftKhabisAction::Play(HaftKhabisPlay { last: true, ..p }))
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

impl Rollouts for HaftKhabis {
    fn hand_over(event: &HaftKhabisEvent) -> bool {
        let then = match event {
            HaftKhabisEvent::Played { then, .. }
            | HaftKhabisEvent::Drew { then, .. }
            | HaftKhabisEvent::Passed { then, .. }
            | HaftKhabisEvent::Named { then, .. } => then,
        };
        then.hand_over
    }

    fn pick(_g: &HaftKhabis, _seat: Seat, legal: &[HaftKhabisAction], rng: &mut Rng) -> usize {
        greedy(legal, rng, 4, |a| score(a, legal))
    }
}
