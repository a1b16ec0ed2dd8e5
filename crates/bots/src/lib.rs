//! Bots for empty seats. A bot sees exactly what a person in its seat would: the seat's
//! view, its legal actions, and the public events of the game ([`Bot::observe`]). It never
//! touches the full state, so a bot cannot cheat, here or on the relay.

pub mod belief;
mod bidel;
mod crazy_eights;
#[cfg(test)]
mod duel;
mod haft_khabis;
pub mod hard;
mod hokm;
mod pasur;
pub mod seats;
mod shedding;
mod shelem;

pub use bidel::BidelBot;
pub use crazy_eights::CrazyEightsBot;
pub use haft_khabis::HaftKhabisBot;
pub use hokm::HokmBot;
pub use pasur::PasurBot;
pub use shelem::ShelemBot;

use engine::{Game, Rng, Seat};

/// A player for one seat of game `G`.
pub trait Bot<G: Game> {
    /// Picks one of `legal` (never empty) for the seat whose `view` this is.
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;
    /// Sees a public event of the game (every action of every seat, in order).
    fn observe(&mut self, _event: &G::Event) {}
}

/// The index of the action of `legal` (not empty) with the highest `score`, ties broken
/// uniformly with `rng` (drawn from only at a tie). No allocation.
pub(crate) fn highest<A>(legal: &[A], rng: &mut Rng, mut score: impl FnMut(&A) -> i32) -> usize {
    let mut best = 0;
    let mut best_score = i32::MIN;
    let mut ties = 0u32;
    for (i, a) in legal.iter().enumerate() {
        let s = score(a);
        if s > best_score {
            best = i;
            best_score = s;
            ties = 1;
        } else if s == best_score {
            ties += 1;
            if rng.below(ties) == 0 {
                best = i;
            }
        }
    }
    best
}

/// Uniform over the legal actions, from its own seeded RNG (C-4).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
        }
    }

    /// Picks uniformly from `legal` (which must not be empty).
    pub fn pick<A: Clone>(&mut self, legal: &[A]) -> A {
        legal[self.rng.below(legal.len() as u32) as usize].clone()
    }

    /// Picks uniformly among `seat`'s legal actions in `game` (the same pick as
    /// [`RandomBot::pick`] over `legal_actions`), through [`Game::random_action`], which
    /// may skip listing them; `None` if the seat may not act.
    pub fn pick_in<G: Game>(
        &mut self,
        game: &G,
        seat: Seat,
        scratch: &mut Vec<G::Action>,
    ) -> Option<G::Action> {
        game.random_action(seat, &mut self.rng, scratch)
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, _view: &G::View, legal: &[G::Action]) -> G::Action {
        self.pick(legal)
    }
}
