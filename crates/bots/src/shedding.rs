//! What both shedding games' rule bots share ([`crate::CrazyEightsBot`],
//! [`crate::HaftKhabisBot`]): a bot that scores every legal action by its game's rules of
//! thumb ([`Scorer`]) and takes the best, ties broken by its seeded RNG; and the count of a
//! suit in hand that both games' scores read.

use crate::Bot;
use engine::{CardBag, Game, Rank, Rng, Suit};
use std::marker::PhantomData;

/// How much a shedding game's rule bot likes an action (higher is better).
pub trait Scorer: Game {
    /// The score of `a` for the seat whose view `v` is.
    fn score(v: &Self::View, a: &Self::Action) -> i32;
}

/// The rule-based bot of a shedding game `G`: the best-scored action ([`Scorer`]).
#[derive(Clone, Debug)]
pub struct SheddingBot<G> {
    rng: Rng,
    game: PhantomData<fn() -> G>,
}

impl<G> SheddingBot<G> {
    /// A bot whose tie-breaks are fixed by `seed`.
    pub fn new(seed: u64) -> SheddingBot<G> {
        SheddingBot {
            rng: Rng::new(seed),
            game: PhantomData,
        }
    }
}

impl<G: Scorer> Bot<G> for SheddingBot<G> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        legal[crate::highest(legal, &mut self.rng, |a| G::score(view, a))].clone()
    }
}

/// The cards of `hand` in suit `s`, the wild ones (of rank `wild`) left out.
pub(crate) fn suit_count(hand: CardBag, s: Suit, wild: Rank) -> i32 {
    hand.iter()
        .filter(|c| c.suit() == s && c.rank() != wild)
        .count() as i32
}

/// What the rule bots' tests share: cards from text and duels against random play.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Scorer, SheddingBot};
    use crate::duel::Duel;

    use engine::card::parse_cards;
    use engine::{Card, CardBag};

    /// The cards written `s` ("QS 10H QS").
    pub(crate) fn bag(s: &str) -> CardBag {
        parse_cards(s).unwrap().into_iter().collect()
    }

    /// The card written `s` ("QS").
    pub(crate) fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// The same seed gives the same choices: two duels of 20 hands from seed 3, default
    /// settings, end alike.
    pub(crate) fn same_seed_same_choices<G: Scorer>() {
        let a = duel::<G>(20, 3, G::Settings::default());
        let b = duel::<G>(20, 3, G::Settings::default());
        assert_eq!(a, b);
    }

    /// Plays `hands` hands of four players, seats 0 and 2 rule bots and 1 and 3 random;
    /// returns the hands won and the points scored per seat.
    pub(crate) fn duel<G: Scorer>(
        hands: u32,
        seed: u64,
        settings: G::Settings,
    ) -> (Vec<u32>, Vec<i64>) {
        let mut bots: Vec<SheddingBot<G>> = (0..4).map(|i| SheddingBot::new(seed + i)).collect();
        let mut won = vec![0u32; 4];
        let mut pts = vec![0i64; 4];
        Duel::<G>::new(4, settings, seed).against_random(hands, &mut bots, |g| {
            let score = g.hand_score().unwrap();
            for w in score.winners {
                won[w] += 1;
            }
            for (t, p) in pts.iter_mut().zip(score.points) {
                *t += p as i64;
            }
        });
        (won, pts)
    }
}
