//! Hokm's legality from one seat's view (C-5): see [`crate::table::GameView`].

use super::state::Hokm;
use super::types::{HokmAction, HokmPhase, HokmSettings, HokmView, Trump};
use crate::card::{CardSet, Rank, Suit};
use crate::table::GameView;

/// HK-4: whether the room allows trump or mode `t`.
pub(super) fn mode_allowed(s: &HokmSettings, t: Trump) -> bool {
    match t {
        Trump::Suit(_) => true,
        Trump::Sars => s.sars,
        Trump::Nars => s.nars,
        Trump::AceNars => s.ace_nars,
    }
}

/// HK-5: no card above 10 among the hakem's first five.
pub(super) fn is_weak(first_five: CardSet) -> bool {
    first_five.iter().all(|c| c.rank() <= Rank::TEN)
}

/// HK-6: the cards of `hand` that may be played to a trick led with `led` (none: leading).
#[inline]
pub(super) fn follow(hand: CardSet, led: Option<Suit>) -> CardSet {
    match led {
        Some(s) if !hand.of_suit(s).is_empty() => hand.of_suit(s),
        _ => hand,
    }
}

/// The hakem's choices before play, in the engine's order: every trump or mode the room
/// allows (HK-4), then a redeal when the first five are weak (HK-5).
pub(super) fn trump_actions(s: &HokmSettings, first_five: CardSet, out: &mut Vec<HokmAction>) {
    for t in Trump::ALL {
        if mode_allowed(s, t) {
            out.push(HokmAction::Trump(t));
        }
    }
    if s.redeal_weak_hand && is_weak(first_five) {
        out.push(HokmAction::Redeal);
    }
}

impl GameView for Hokm {
    /// The view's hand, the led suit (the first card of the trick), the phase and turn,
    /// and HK-13's discards owed are all the view needs.
    fn legal_from_view(v: &HokmView, out: &mut Vec<HokmAction>) {
        let my_turn = v.turn == Some(v.seat);
        match v.phase {
            HokmPhase::Playing if my_turn => {
                let led = v.trick.first().map(|&(_, c)| c.suit());
                for c in follow(v.hand, led) {
                    out.push(HokmAction::Play(c));
                }
            }
            HokmPhase::ChoosingTrump if my_turn => trump_actions(&v.settings, v.hand, out),
            HokmPhase::Discarding if v.to_discard.get(v.seat.idx()).is_some_and(|&k| k > 0) => {
                for c in v.hand {
                    out.push(HokmAction::Discard(c));
                }
            }
            HokmPhase::Drawing if my_turn => {
                out.push(HokmAction::Keep);
                out.push(HokmAction::TakeNext);
            }
            _ => {}
        }
    }
}
