//! Crazy Eights (2 to 8 players, two decks from six): the shared shedding belief
//! ([`super::shedding`]) reading Crazy Eights' events.
//!
//! Not modelled (the sampler's support is then larger than the truth, never smaller): a
//! kept drawn card that fitted (it may have been played since), and with the setting
//! "draw only when unable to play" what a draw says of the hand at that time; nor a
//! reshuffle by the penalty draws that end a pass (D-6).

use super::shedding::{Events, SheddingBelief, SheddingSampler};
use engine::games::crazy_eights::{CrazyEights, CrazyEightsEvent};

/// What one Crazy Eights seat knows of the hand in play beyond its view.
pub type CrazyEightsBelief = SheddingBelief;

/// Deals Crazy Eights states consistent with one seat's view and its belief.
pub type CrazyEightsSampler = SheddingSampler<CrazyEights>;

impl Events for CrazyEights {
    fn observe(b: &mut SheddingBelief, e: &CrazyEightsEvent) {
        let then = match *e {
            CrazyEightsEvent::Played {
                cards, out, then, ..
            } => {
                b.played(cards.as_slice(), then.reshuffled);
                if out && then.dealt.is_some() {
                    // CE-12: going out in Countdown restarts the count.
                    b.restart_count();
                }
                then
            }
            CrazyEightsEvent::Drew {
                seat,
                may_play,
                then,
                ..
            } => {
                b.drew(seat, may_play, then.reshuffled);
                then
            }
            CrazyEightsEvent::Passed { then, .. } => {
                // CE-4: keeping a drawn card that fits is no pass in a row (D-4).
                if b.passed() {
                    b.unstuck();
                }
                then
            }
            CrazyEightsEvent::SuitNamed { .. } => return,
        };
        b.set_ended(then.hand_over);
    }
}
