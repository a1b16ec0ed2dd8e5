//! Haft Khabis (2 to 7 players, two decks above five): the shared shedding belief
//! ([`super::shedding`]) reading Haft Khabis' events.
//!
//! Not modelled (the sampler's support is then larger than the truth, never smaller): what
//! a draw says of the hand at that time (HX-2: a player draws only when unable to play), a
//! kept drawn card (setting), the HX-4 gift a seat gave (the receiver's view shows it; the
//! giver's belief does not follow it), HX-9's "an 8 and one more" declaration. Penalty
//! cards and the sevens of HX-12 are ordinary draws.

use super::shedding::{Events, SheddingBelief, SheddingSampler};
use engine::games::haft_khabis::{HaftKhabis, HaftKhabisEvent};

/// What one Haft Khabis seat knows of the hand in play beyond its view.
pub type HaftKhabisBelief = SheddingBelief;

/// Deals Haft Khabis states consistent with one seat's view and its belief.
pub type HaftKhabisSampler = SheddingSampler<HaftKhabis>;

impl Events for HaftKhabis {
    fn observe(b: &mut SheddingBelief, e: &HaftKhabisEvent) {
        let then = match *e {
            HaftKhabisEvent::Played { card, then, .. } => {
                b.played(&[card], then.reshuffled);
                then
            }
            HaftKhabisEvent::Drew {
                seat, fits, then, ..
            } => {
                b.drew(seat, fits, then.reshuffled);
                then
            }
            HaftKhabisEvent::Passed { then, .. } => {
                if then.reshuffled {
                    b.reshuffled();
                }
                b.passed();
                then
            }
            // HX-16: the dealer named a player for the two turned up.
            HaftKhabisEvent::Named { then, .. } => {
                b.other(then.reshuffled);
                then
            }
        };
        b.set_ended(then.hand_over);
    }
}
