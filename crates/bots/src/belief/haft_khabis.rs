//! Haft Khabis (2 to 7 players, two decks above five): the discard pile (every card played
//! since the last reshuffle is public, the view shows only its top and size), the HX-2
//! disclosure that the card the seat to act just drew fits (it is in that hand and may be
//! played on the top), and the D-4 counters (actions this hand, passes in a row).
//!
//! Hidden places: the other hands, the stock (in a random order), the discards the belief
//! did not see (the starting card of a hand it did not see dealt; all of them for a belief
//! built mid-hand), and the drawn card that fits.
//!
//! Not modelled (the sampler's support is then larger than the truth, never smaller): what
//! a draw says of the hand at that time (HX-2: a player draws only when unable to play), a
//! kept drawn card (setting), the HX-4 gift a seat gave (the receiver's view shows it; the
//! giver's belief does not follow it), HX-9's "an 8 and one more" declaration; a last card
//! left undeclared (D-6) is not tracked, so a sampled state never penalises it. Penalty
//! cards and the sevens of HX-12 are ordinary draws.

use super::core::{err, shedding_sampler, BagPlan, BeliefError, MAX_BAG_PLACES};
use super::Belief;
use super::Sampler;
use engine::games::haft_khabis::{
    HaftKhabis, HaftKhabisAction, HaftKhabisEvent, HaftKhabisHidden, HaftKhabisView, TurnMode,
};
use engine::{CardBag, CardSet, GameView, Rng, Seat};

/// What one Haft Khabis seat knows of the hand in play beyond its view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HaftKhabisBelief {
    seat: Seat,
    hand_number: u16,
    ended: bool,
    /// Cards seen put on the discard pile since the last reshuffle or the deal, the top
    /// included.
    pile: CardBag,
    /// The seat that drew a card that fits and has not played or passed since (HX-2).
    drawn_by: Option<Seat>,
    /// The top of the pile, if the belief saw it.
    top: Option<engine::Card>,
    stuck: u8,
    actions: u16,
}

/// The cards of `v`'s legal plays for a seat holding one of every card, in a normal turn:
/// the cards a draw fits (HX-2).
fn fitting(v: &HaftKhabisView, seat: Seat) -> CardSet {
    let mut probe = v.clone();
    probe.seat = seat;
    probe.hand = CardBag::from_set(CardSet::DECK);
    probe.drawn = None;
    probe.mode = TurnMode::Normal;
    let mut legal = Vec::new();
    HaftKhabis::legal_from_view(&probe, &mut legal);
    legal
        .iter()
        .filter_map(|a| match a {
            HaftKhabisAction::Play(p) => Some(p.card),
            _ => None,
        })
        .collect()
}

impl HaftKhabisBelief {
    /// The discard pile below its top that the belief saw, for view `v`.
    pub fn seen_discards(&self, v: &HaftKhabisView) -> Result<CardBag, BeliefError> {
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

    /// The seat to act that drew a card that fits (known to everybody, HX-2).
    pub fn fitting_draw(&self, v: &HaftKhabisView) -> Option<Seat> {
        self.drawn_by.filter(|&s| {
            !self.fresh(v) && v.to_act.contains(s) && s != v.seat && v.mode == TurnMode::Drawn
        })
    }

    fn fresh(&self, v: &HaftKhabisView) -> bool {
        self.ended && v.hand_number == self.hand_number.wrapping_add(1)
    }

    fn check(&self, v: &HaftKhabisView) -> Result<(), BeliefError> {
        if self.seat != v.seat {
            return err("a belief of another seat");
        }
        if !self.fresh(v) && v.hand_number != self.hand_number {
            return err("a belief of another hand");
        }
        Ok(())
    }
}

impl Belief<HaftKhabis> for HaftKhabisBelief {
    fn new(v: &HaftKhabisView) -> HaftKhabisBelief {
        let mut pile = CardBag::EMPTY;
        // At the deal the pile is its starting card alone.
        if v.discards == 1 {
            if let Some(t) = v.top {
                pile.insert(t);
            }
        }
        HaftKhabisBelief {
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

    fn observe(&mut self, e: &HaftKhabisEvent) {
        if self.ended {
            *self = HaftKhabisBelief {
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
            HaftKhabisEvent::Played { card, then, .. } => {
                self.pile.insert(card);
                self.top = Some(card);
                if then.reshuffled {
                    self.pile = CardBag::EMPTY;
                    self.pile.insert(card);
                }
                self.drawn_by = None;
                self.stuck = 0;
                self.actions = self.actions.saturating_add(1);
                then
            }
            HaftKhabisEvent::Drew {
                seat, fits, then, ..
            } => {
                if then.reshuffled {
                    // The top stays; the rest went into the stock.
                    self.pile = CardBag::EMPTY;
                    if let Some(t) = self.top {
                        self.pile.insert(t);
                    }
                }
                self.drawn_by = fits.then_some(seat);
                self.stuck = 0;
                self.actions = self.actions.saturating_add(1);
                then
            }
            HaftKhabisEvent::Passed { then, .. } | HaftKhabisEvent::Named { then, .. } => {
                if then.reshuffled {
                    self.pile = CardBag::EMPTY;
                    if let Some(t) = self.top {
                        self.pile.insert(t);
                    }
                }
                if matches!(e, HaftKhabisEvent::Passed { .. }) && self.drawn_by.take().is_none() {
                    self.stuck = self.stuck.saturating_add(1);
                }
                self.actions = self.actions.saturating_add(1);
                then
            }
        };
        self.ended = then.hand_over;
    }
}

shedding_sampler!(
    HaftKhabisSampler,
    HaftKhabis,
    HaftKhabisView,
    HaftKhabisBelief,
    HaftKhabisHidden,
    "Haft Khabis"
);
