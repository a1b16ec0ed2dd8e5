//! Pasur (2 and 4 players): the cards each side captured this round (the view shows only
//! their tallies). Every card not in the seat's hand, on the table or captured is in
//! another hand or the stock, with nothing to tell where: Pasur shows no void (any card
//! may be played at any time, PA-3).
//!
//! The jacks replaced on the first table (PA-2) go back into the stock below its top card;
//! the sampler deals them like any other unknown card (a superset of the true support).

use super::core::{err, shuffled_stock, BeliefError, Constraints, Plan, MAX_PLACES};
use super::{Belief, Sampler};
use engine::games::pasur::{Pasur, PasurEvent, PasurHidden, PasurView};
use engine::{CardSet, Rng, Seat};

/// What one Pasur seat knows of the round in play beyond its view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PasurBelief {
    seat: Seat,
    round_number: u16,
    ended: bool,
    complete: bool,
    /// The table as the events left it (for the last cards at the round's end, PA-9).
    table: CardSet,
    last_capture: Option<Seat>,
    piles: [CardSet; 2],
}

impl PasurBelief {
    /// The cards each side captured this round, as the belief knows them for view `v`.
    pub fn piles(&self, v: &PasurView) -> Result<[CardSet; 2], BeliefError> {
        if self.seat != v.seat {
            return err("a belief of another seat");
        }
        if self.ended && v.round_number == self.round_number.wrapping_add(1) {
            return Ok([CardSet::EMPTY; 2]);
        }
        if v.round_number != self.round_number {
            return err("a belief of another round");
        }
        if !self.complete {
            return err("the belief missed the start of this round");
        }
        Ok(self.piles)
    }
}

impl PasurBelief {
    /// The belief of the seat of `v` that saw `history`, the plays of this round before
    /// `v` (from its first play), but not the view at the round's start: the captures in
    /// the history give each side's pile. Complete when the piles agree with the view's
    /// tallies (the history covers the round), else as [`Belief::new`] built mid-round.
    pub fn with_history(v: &PasurView, history: &[PasurEvent]) -> PasurBelief {
        let mut b = PasurBelief::new(v);
        let mut piles = [CardSet::EMPTY; 2];
        let mut last_capture = None;
        for e in history {
            let PasurEvent::Played {
                seat, card, took, ..
            } = *e;
            if !took.is_empty() {
                let side = seat.side();
                piles[side] = piles[side].or(took).or(card.bit());
                last_capture = Some(seat);
            }
        }
        let agree = (0..2).all(|s| {
            piles[s].len() == v.sides[s].cards as u32
                && piles[s].and(engine::Suit::Clubs.mask()).len() == v.sides[s].clubs as u32
        });
        if agree && last_capture == v.last_capture {
            b.piles = piles;
            b.complete = true;
        }
        b
    }
}

impl Belief<Pasur> for PasurBelief {
    fn new(v: &PasurView) -> PasurBelief {
        PasurBelief {
            seat: v.seat,
            round_number: v.round_number,
            ended: false,
            complete: v.sides[0].cards == 0 && v.sides[1].cards == 0,
            table: v.table,
            last_capture: v.last_capture,
            piles: [CardSet::EMPTY; 2],
        }
    }

    fn observe(&mut self, e: &PasurEvent) {
        let PasurEvent::Played {
            seat,
            card,
            took,
            round_over,
            ..
        } = *e;
        if self.ended {
            // A new round: its table is in the view (the sampler reads it there).
            *self = PasurBelief {
                round_number: self.round_number.wrapping_add(1),
                ended: false,
                complete: true,
                table: CardSet::EMPTY,
                last_capture: None,
                piles: [CardSet::EMPTY; 2],
                ..*self
            };
        }
        if took.is_empty() {
            self.table.insert(card);
        } else {
            self.table = self.table.minus(took);
            let side = seat.side();
            self.piles[side] = self.piles[side].or(took).or(card.bit());
            self.last_capture = Some(seat);
        }
        if round_over {
            // PA-9: the last cards go to the last side that captured.
            if let Some(s) = self.last_capture {
                self.piles[s.side()] = self.piles[s.side()].or(self.table);
            }
            self.ended = true;
        }
    }
}

/// Deals Pasur states consistent with one seat's view and [`PasurBelief`].
#[derive(Clone, Debug)]
pub struct PasurSampler {
    view: PasurView,
    plan: Plan,
    piles: [CardSet; 2],
    hand_place: [usize; 4],
    stock_place: usize,
}

impl Sampler<Pasur> for PasurSampler {
    type Belief = PasurBelief;

    fn new(v: &PasurView, b: &PasurBelief) -> Result<PasurSampler, BeliefError> {
        let piles = b.piles(v)?;
        let n = v.players as usize;
        if !(n == 2 || n == 4) || v.seat.idx() >= n || v.hand_counts.len() != n {
            return err("not a Pasur view");
        }
        let known = v.hand.or(v.table).or(piles[0]).or(piles[1]);
        let mut c = Constraints::new(CardSet::DECK.minus(known));
        let mut hand_place = [usize::MAX; 4];
        for s in (0..n).filter(|&s| s != v.seat.idx()) {
            hand_place[s] = c.add(v.hand_counts[s], CardSet::DECK)?;
        }
        let stock_place = c.add(v.stock, CardSet::DECK)?;
        Ok(PasurSampler {
            view: v.clone(),
            plan: Plan::new(c)?,
            piles,
            hand_place,
            stock_place,
        })
    }

    fn view(&self) -> &PasurView {
        &self.view
    }

    fn plan(&self) -> Option<&Plan> {
        Some(&self.plan)
    }

    fn sample_hidden(&self, rng: &mut Rng, out: &mut PasurHidden) {
        let mut parts = [CardSet::EMPTY; MAX_PLACES];
        self.plan.deal(rng, &mut parts);
        for s in 0..4 {
            out.hands[s] = parts.get(self.hand_place[s]).copied().unwrap_or_default();
        }
        out.hands[self.view.seat.idx()] = self.view.hand;
        out.stock_len = shuffled_stock(parts[self.stock_place], &mut out.stock, rng);
        out.piles = self.piles;
    }

    fn admits(&self, h: &PasurHidden) -> bool {
        if h.hands[self.view.seat.idx()] != self.view.hand || h.piles != self.piles {
            return false;
        }
        let stock: CardSet = h.stock().iter().copied().collect();
        let c = self.plan.constraints();
        let mut parts = [CardSet::EMPTY; MAX_PLACES];
        for s in 0..4 {
            if let Some(p) = parts.get_mut(self.hand_place[s]) {
                *p = h.hands[s];
            }
        }
        parts[self.stock_place] = stock;
        stock.len() as usize == h.stock().len() && c.admits(&parts[..c.places])
    }
}
