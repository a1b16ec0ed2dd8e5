//! What a seat knows (issue 12): for every game, a **belief** built from the events the
//! seat saw, and a **sampler** that deals full game states consistent with the seat's view
//! and belief, for bots that search.
//!
//! - A belief starts from the seat's view ([`Belief::new`]) and takes every public event
//!   in the order the [`crate::Bot`] trait gets them ([`Belief::observe`]): cards played,
//!   voids shown (a seat that did not follow suit holds none of it), cards passed and to
//!   whom, the widow taken, the discards, the disclosures the rules make. It knows, for
//!   every card the seat cannot see, which hidden places (other hands, the stock, a
//!   widow, face-down discards) may hold it, and how many cards each place holds.
//! - A sampler ([`Sampler::new`]) takes only the view and the belief, never the game, so
//!   it cannot read the true state. Each [`Sampler::sample`] deals the unknown cards
//!   uniformly among the assignments the belief allows ([`core::Plan`]) and builds the
//!   state with [`engine::FromView`], with a fresh RNG for every future shuffle: the
//!   sampled state's view for the seat is the seat's view, and its legal actions the
//!   same.
//!
//! The distribution is uniform over consistent assignments: it does not weigh how likely
//! the other seats' past choices were under each deal (a search may reweight samples).

pub mod bidel;
pub mod core;
pub mod crazy_eights;
pub mod haft_khabis;
pub mod hokm;
pub mod pasur;
pub mod shedding;
pub mod shelem;

pub use self::core::{BagPlan, BeliefError, Constraints, Plan, TrickLog, MAX_PLACES};
pub use bidel::{BidelBelief, BidelFacts, BidelSampler};
pub use crazy_eights::{CrazyEightsBelief, CrazyEightsSampler};
pub use haft_khabis::{HaftKhabisBelief, HaftKhabisSampler};
pub use hokm::{HokmBelief, HokmFacts, HokmSampler};
pub use pasur::{PasurBelief, PasurSampler};
pub use shedding::{SheddingBelief, SheddingSampler};
pub use shelem::{ShelemBelief, ShelemFacts, ShelemSampler};

use engine::{FromView, Game, Rng};

/// What a seat knows of a game beyond its view, built from the events it saw.
pub trait Belief<G: Game>: Clone {
    /// A belief of the seat whose view this is, knowing what the view shows. Built at the
    /// start of a hand it knows everything later events tell; built in the middle of a
    /// hand it knows only what the view shows, and a sampler may refuse it
    /// ([`BeliefError`]) where the history matters (the cards already played).
    fn new(view: &G::View) -> Self;
    /// Takes one public event (every action of every seat, in order).
    fn observe(&mut self, event: &G::Event);
}

/// Deals full states consistent with one seat's view and belief (see the module).
pub trait Sampler<G: FromView>: Sized {
    /// The belief it reads.
    type Belief: Belief<G>;

    /// A sampler for the seat of `view`, from its `belief`: an error if they disagree (a
    /// belief of another seat or hand, or one that missed events this hand).
    fn new(view: &G::View, belief: &Self::Belief) -> Result<Self, BeliefError>;

    /// The view it deals for.
    fn view(&self) -> &G::View;

    /// The constraints and counts behind the deals, for the one-deck games ([`Plan`]); the
    /// games of two decks deal with a [`core::BagPlan`] instead.
    fn plan(&self) -> Option<&Plan> {
        None
    }

    /// Deals the hidden cards into `out`: uniform among the assignments the belief allows,
    /// a stock in a uniformly random order.
    fn sample_hidden(&self, rng: &mut Rng, out: &mut G::Hidden);

    /// Whether the belief allows `hidden` (a deal [`Sampler::sample_hidden`] may give).
    fn admits(&self, hidden: &G::Hidden) -> bool;

    /// A full state: [`Sampler::sample_hidden`] built into a game with a fresh seed drawn
    /// from `rng` for its future shuffles.
    fn sample(&self, rng: &mut Rng) -> Result<G, BeliefError> {
        let mut hidden = G::Hidden::default();
        self.sample_hidden(rng, &mut hidden);
        G::from_view(self.view(), &hidden, rng.next_u64())
            .map_err(|e| BeliefError(format!("a sampled deal was refused: {e}")))
    }
}

#[cfg(test)]
mod tests;
