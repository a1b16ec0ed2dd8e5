//! Pasur's hard bot: [`super::rollout`] over sampled deals, scored by the round's points
//! (PA-10: surs, clubs majority, 10♦, 2♣, jacks and aces) against the other side's.
//!
//! Rollout policy: mostly greedy on what a play takes (a sur first, then the point cards
//! and the clubs, then the number of cards), laying down the least valuable card when
//! nothing is taken; one play in four uniform, so the rollouts do not all play alike.

use super::rollout::{greedy, RolloutBot, RolloutGame};
use super::{Budget, HardGame};
use crate::belief::{PasurBelief, PasurSampler};
use crate::{Bot, PasurBot};
use engine::games::pasur::{Pasur, PasurAction, PasurEvent, PasurView};
use engine::{Card, CardSet, Game, Rank, Rng, Seat, Suit};

const TEN_DIAMONDS: Card = Card::new(Suit::Diamonds, Rank::TEN);
const TWO_CLUBS: Card = Card::new(Suit::Clubs, Rank::TWO);

/// A card's worth to the side that takes it, in the policy's units (a sur is 50).
#[inline]
fn worth(c: Card) -> i32 {
    let mut w = 2;
    if c.rank() == Rank::JACK || c.rank() == Rank::ACE {
        w += 10;
    }
    if c == TEN_DIAMONDS {
        w += 30;
    }
    if c == TWO_CLUBS {
        w += 20;
    }
    if c.suit() == Suit::Clubs {
        w += 5;
    }
    w
}

#[inline]
fn worth_of(cards: CardSet) -> i32 {
    let mut w = 0;
    for c in cards {
        w += worth(c);
    }
    w
}

/// The policy's score of one legal action at `table`.
#[inline]
fn score(g: &Pasur, a: &PasurAction, table: CardSet) -> i32 {
    let take = a.take.unwrap_or(CardSet::EMPTY);
    if take.is_empty() {
        // A card laid down may be taken by the next player.
        return -worth(a.play) - 3 * (a.play.rank() == Rank::JACK) as i32;
    }
    let mut s = 20 + worth_of(take) + worth(a.play);
    if take == table {
        let settings = &g.setup().settings;
        let by_jack = a.play.rank() == Rank::JACK;
        let numerals = take
            .iter()
            .any(|c| c.rank() < Rank::JACK || c.rank() == Rank::ACE);
        if !by_jack || (settings.jack_sur && numerals) {
            s += 50;
        }
    }
    s
}

impl RolloutGame for Pasur {
    type Belief = PasurBelief;
    type Sampler = PasurSampler;
    const PENALTY: bool = false;

    fn seat_of(view: &PasurView) -> Seat {
        view.seat
    }

    fn ends_hand(event: &PasurEvent) -> bool {
        matches!(
            event,
            PasurEvent::Played {
                round_over: true,
                ..
            }
        )
    }

    fn belief_from(view: &PasurView, history: &[PasurEvent]) -> PasurBelief {
        PasurBelief::with_history(view, history)
    }

    fn policy(g: &Pasur, _seat: Seat, legal: &[PasurAction], rng: &mut Rng) -> usize {
        let table = g.table();
        greedy(legal, rng, 4, |a| score(g, a, table))
    }

    fn fallback(seed: u64) -> Box<dyn Bot<Pasur> + Send> {
        Box::new(PasurBot::new(seed))
    }
}

impl HardGame for Pasur {
    fn hard_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self> + Send>> {
        Some(Box::new(RolloutBot::<Pasur>::new(seed, budget)))
    }
}
