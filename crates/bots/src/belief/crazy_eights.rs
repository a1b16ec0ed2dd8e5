//! Crazy Eights (2 to 8 players, two decks from six): the discard pile (every card played
//! since the last reshuffle is public, the view shows only its top and size), the CE-4
//! disclosure that the card the seat to act just drew fits (it is in that hand and may be
//! played on the top), and the D-4 counters (actions this hand, passes in a row).
//!
//! Hidden places: the other hands, the stock (in a random order), the discards the belief
//! did not see (the starting card of a hand it did not see dealt; all of them for a belief
//! built mid-hand), and the drawn card that fits.
//!
//! Not modelled (the sampler's support is then larger than the truth, never smaller): a
//! kept drawn card that fitted (it may have been played since), and with the setting
//! "draw only when unable to play" what a draw says of the hand at that time; a last card
//! left undeclared (D-6) is not tracked, so a sampled state never penalises it.

use super::core::{err, shedding_sampler, BagPlan, BeliefError, MAX_BAG_PLACES};
use super::Belief;
use super::Sampler;
use engine::games::crazy_eights::{
    CrazyEights, CrazyEightsAction, CrazyEightsEvent, CrazyEightsHidden, CrazyEightsView,
};
use engine::{CardBag, CardSet, GameView, Rng, Seat};

/// What one Crazy Eights seat knows of the hand in play beyond its view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrazyEightsBelief {
    seat: Seat,
    hand_number: u16,
    ended: bool,
    /// Cards seen put on the discard pile since the last reshuffle or the deal, the top
    /// included.
    pile: CardBag,
    /// The seat that drew a card that fits and has not played or passed since (CE-4).
    drawn_by: Option<Seat>,
    /// The top of the pile, if the belief saw it.
    top: Option<engine::Card>,
    stuck: u8,
    actions: u16,
}

/// Plays that are single cards: the cards of `v`'s legal actions for a seat holding one
/// of every card, i.e. the cards that fit the top for the seat to act (CE-2, CE-11).
fn fitting(v: &CrazyEightsView, seat: Seat) -> CardSet {
    let mut probe = v.clone();
    probe.seat = seat;
    probe.hand = CardBag::from_set(CardSet::DECK);
    probe.drawn = None;
    let mut legal = Vec::new();
    CrazyEights::legal_from_view(&probe, &mut legal);
    legal
        .iter()
        .filter_map(|a| match a {
            CrazyEightsAction::Play(p) if p.cards.len() == 1 => Some(p.cards.last()),
            _ => None,
        })
        .collect()
}

impl CrazyEightsBelief {
    /// The discard pile below its top that the belief saw, for view `v`.
    pub fn seen_discards(&self, v: &CrazyEightsView) -> Result<CardBag, BeliefError> {
        self.check(v)?;
        if self.fresh(v) {
            return Ok(CardBag::EMPTY);
        }
        let mut below = self.pile;
        if let Some(t) = v.top {
            below.remove(t);
        }
        Ok(below)
    }

    /// The seat to act that drew a card that fits (known to everybody, CE-4).
    pub fn fitting_draw(&self, v: &CrazyEightsView) -> Option<Seat> {
        self.drawn_by
            .filter(|&s| !self.fresh(v) && v.to_act.contains(s) && s != v.seat)
    }

    fn fresh(&self, v: &CrazyEightsView) -> bool {
        self.ended && v.hand_number == self.hand_number.wrapping_add(1)
    }

    fn check(&self, v: &CrazyEightsView) -> Result<(), BeliefError> {
        if self.seat != v.seat {
            return err("a belief of another seat");
        }
        if !self.fresh(v) && v.hand_number != self.hand_number {
            return err("a belief of another hand");
        }
        Ok(())
    }
}

impl Belief<CrazyEights> for CrazyEightsBelief {
    fn new(v: &CrazyEightsView) -> CrazyEightsBelief {
        let mut pile = CardBag::EMPTY;
        // At the deal the pile is its starting card alone.
        if v.discards == 1 {
            if let Some(t) = v.top {
                pile.insert(t);
            }
        }
        CrazyEightsBelief {
            seat: v.seat,
            hand_number: v.hand_number,
            ended: false,
            pile,
            drawn_by: None,
            top: v.top,
            stuck: 0,
            actions: 0,
        }
    }

    fn observe(&mut self, e: &CrazyEightsEvent) {
        if self.ended {
            *self = CrazyEightsBelief {
                hand_number: self.hand_number.wrapping_add(1),
                ended: false,
                pile: CardBag::EMPTY,
                drawn_by: None,
                top: None,
                stuck: 0,
                actions: 0,
                ..*self
            };
        }
        let then = match *e {
            CrazyEightsEvent::Played {
                cards, out, then, ..
            } => {
                for &c in cards.as_slice() {
                    self.pile.insert(c);
                }
                self.top = Some(cards.last());
                if then.reshuffled {
                    self.pile = CardBag::EMPTY;
                    self.pile.insert(cards.last());
                }
                self.drawn_by = None;
                self.stuck = 0;
                self.actions = self.actions.saturating_add(1);
                if out && then.dealt.is_some() {
                    // CE-12: going out in Countdown restarts the count.
                    self.actions = 0;
                }
                then
            }
            CrazyEightsEvent::Drew {
                seat,
                may_play,
                then,
                ..
            } => {
                if then.reshuffled {
                    // The top stays; the rest went into the stock.
                    self.pile = CardBag::EMPTY;
                    if let Some(t) = self.top {
                        self.pile.insert(t);
                    }
                }
                self.drawn_by = may_play.then_some(seat);
                self.stuck = 0;
                self.actions = self.actions.saturating_add(1);
                then
            }
            CrazyEightsEvent::Passed { then, .. } => {
                if self.drawn_by.take().is_none() {
                    self.stuck = self.stuck.saturating_add(1);
                } else {
                    self.stuck = 0;
                }
                self.actions = self.actions.saturating_add(1);
                then
            }
            CrazyEightsEvent::SuitNamed { .. } => return,
        };
        self.ended = then.hand_over;
    }
}

shedding_sampler!(
    CrazyEightsSampler,
    CrazyEights,
    CrazyEightsView,
    CrazyEightsBelief,
    CrazyEightsHidden,
    "Crazy Eights"
);
