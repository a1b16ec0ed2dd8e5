//! Hokm (4 and 2 players): the cards played this hand and the voids each seat showed.
//!
//! Hidden places: the other seats' hands (a shown void excludes that suit), and with two
//! players (HK-13) the other player's face-down discards and the stock (its top card known
//! to the seat drawing it); with four players while the hakem chooses trump, the 32 cards
//! still to deal (HK-3).

use super::core::{err, BeliefError, Constraints, Plan, MAX_PLACES};
use super::{Belief, Sampler};
use engine::games::hokm::{Hokm, HokmEvent, HokmHidden, HokmPhase, HokmView};
use engine::{CardSet, Rng, Seat, Suit};

/// The cards of the suits in `mask` (bit `i`: `Suit::ALL[i]`).
pub(crate) fn suits(mask: u8) -> CardSet {
    Suit::ALL
        .iter()
        .enumerate()
        .filter(|(i, _)| mask >> i & 1 == 1)
        .fold(CardSet::EMPTY, |s, (_, &suit)| s.or(suit.mask()))
}

/// What one Hokm seat knows of the hand in play beyond its view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HokmBelief {
    seat: Seat,
    /// The hand the facts are about (the view's `hand_number`).
    hand_number: u16,
    /// The hand ended (its last trick seen): the next event starts the next hand.
    ended: bool,
    /// Every card of this hand was seen played (built at its start).
    complete: bool,
    /// Cards played this hand, the current trick's included.
    played: CardSet,
    /// Per seat, the suits (bit per `Suit::ALL` index) it showed it lacks (HK-6).
    voids: [u8; 4],
    /// The led suit of the trick in progress.
    led: Option<Suit>,
    trick_len: u8,
}

/// What a [`HokmBelief`] knows of the hand a view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HokmFacts {
    /// The cards played this hand (the trick in progress included).
    pub played: CardSet,
    voids: [u8; 4],
}

impl HokmFacts {
    /// What the view alone shows: the cards of the trick in progress, no void.
    pub fn of_view(v: &HokmView) -> HokmFacts {
        HokmFacts {
            played: v.trick.iter().map(|&(_, c)| c).collect(),
            voids: [0; 4],
        }
    }

    /// Whether `seat` showed it lacks `suit` this hand.
    pub fn void(&self, seat: Seat, suit: Suit) -> bool {
        self.voids
            .get(seat.idx())
            .is_some_and(|v| v >> suit as u8 & 1 == 1)
    }

    /// The suits `seat` showed it lacks this hand (all their cards).
    pub fn voids(&self, seat: Seat) -> CardSet {
        suits(self.voids.get(seat.idx()).copied().unwrap_or(0))
    }
}

impl HokmBelief {
    /// What the belief knows of the hand `v` shows: an error if it is a belief of another
    /// seat or hand, or missed the start of this hand or a card of the trick in play.
    pub fn facts(&self, v: &HokmView) -> Result<HokmFacts, BeliefError> {
        if self.seat != v.seat {
            return err("a belief of another seat");
        }
        // A belief whose hand ended and that saw nothing since knows nothing of the new one.
        let fresh = self.ended && v.hand_number == self.hand_number.wrapping_add(1);
        if !fresh && v.hand_number != self.hand_number {
            return err("a belief of another hand");
        }
        let f = if fresh {
            HokmFacts {
                played: CardSet::EMPTY,
                voids: [0; 4],
            }
        } else if !self.complete {
            return err("the belief missed the start of this hand");
        } else {
            HokmFacts {
                played: self.played,
                voids: self.voids,
            }
        };
        let trick: CardSet = v.trick.iter().map(|&(_, c)| c).collect();
        if !trick.minus(f.played).is_empty() {
            return err("the belief missed a card of the trick in play");
        }
        Ok(f)
    }

    /// The same public facts (cards played, voids shown) as another seat's belief: what
    /// `seat` knows of the hand beyond its own cards, for the rule bots that play a sampled
    /// deal out (every fact a belief holds is public).
    pub fn for_seat(&self, seat: Seat) -> HokmBelief {
        HokmBelief {
            seat,
            ..self.clone()
        }
    }

    /// A belief of `seat` at the start of the hand this belief is about (nothing played,
    /// no void shown): to replay the hand's plays from its start.
    pub fn at_hand_start(&self, seat: Seat) -> HokmBelief {
        let mut b = HokmBelief {
            seat,
            ..self.clone()
        };
        if !b.ended {
            b.hand_number = b.hand_number.wrapping_sub(1);
        }
        b.reset();
        b
    }

    fn reset(&mut self) {
        self.hand_number = self.hand_number.wrapping_add(1);
        self.ended = false;
        self.complete = true;
        self.played = CardSet::EMPTY;
        self.voids = [0; 4];
        self.led = None;
        self.trick_len = 0;
    }
}

impl Belief<Hokm> for HokmBelief {
    fn new(v: &HokmView) -> HokmBelief {
        let played: CardSet = v.trick.iter().map(|&(_, c)| c).collect();
        // The trick in progress shows the voids of those who did not follow.
        let mut voids = [0u8; 4];
        if let Some(&(_, lead)) = v.trick.first() {
            for &(s, c) in &v.trick[1..] {
                if c.suit() != lead.suit() {
                    if let Some(x) = voids.get_mut(s.idx()) {
                        *x |= 1 << lead.suit() as u8;
                    }
                }
            }
        }
        HokmBelief {
            seat: v.seat,
            hand_number: v.hand_number,
            ended: false,
            complete: v.tricks == [0, 0],
            played,
            voids,
            led: v.trick.first().map(|&(_, c)| c.suit()),
            trick_len: v.trick.len() as u8,
        }
    }

    fn observe(&mut self, e: &HokmEvent) {
        if self.ended {
            self.reset();
        }
        match *e {
            HokmEvent::Redealt { .. } => {
                self.hand_number = self.hand_number.wrapping_sub(1);
                self.reset();
            }
            HokmEvent::Played {
                seat,
                card,
                trick,
                hand_over,
            } => {
                match self.led {
                    Some(led) if self.trick_len > 0 && card.suit() != led => {
                        if let Some(v) = self.voids.get_mut(seat.idx()) {
                            *v |= 1 << led as u8;
                        }
                    }
                    _ if self.trick_len == 0 => self.led = Some(card.suit()),
                    _ => {}
                }
                self.played.insert(card);
                self.trick_len = self.trick_len.saturating_add(1);
                if trick.is_some() {
                    self.trick_len = 0;
                    self.led = None;
                }
                self.ended = hand_over;
            }
            HokmEvent::TrumpChosen { .. }
            | HokmEvent::Discarded { .. }
            | HokmEvent::Drew { .. } => {}
        }
    }
}

/// Deals Hokm states consistent with one seat's view and [`HokmBelief`].
#[derive(Clone, Debug)]
pub struct HokmSampler {
    view: HokmView,
    plan: Plan,
    /// The place of each seat's hand (`usize::MAX`: the viewer's or no seat).
    hand_place: [usize; 4],
    discard_place: Option<usize>,
    stock_place: Option<usize>,
}

impl Sampler<Hokm> for HokmSampler {
    type Belief = HokmBelief;

    fn new(v: &HokmView, b: &HokmBelief) -> Result<HokmSampler, BeliefError> {
        let f = b.facts(v)?;
        let (played, voids) = (f.played, f.voids);
        let n = v.players as usize;
        if !(n == 2 || n == 4)
            || v.seat.idx() >= n
            || v.hand_counts.len() != n
            || v.discard_counts.len() != n
        {
            return err("not a Hokm view");
        }
        let mut known = v.hand.or(v.discards).or(played);
        if let Some(d) = v.drawn {
            known.insert(d);
        }
        let mut c = Constraints::new(CardSet::DECK.minus(known));
        let mut hand_place = [usize::MAX; 4];
        for s in 0..n {
            if s != v.seat.idx() {
                let may = CardSet::DECK.minus(suits(voids[s]));
                hand_place[s] = c.add(v.hand_counts[s], may)?;
            }
        }
        let mut discard_place = None;
        let mut stock_len = 0u8;
        if n == 2 {
            let other = 1 - v.seat.idx();
            discard_place = Some(c.add(v.discard_counts[other], CardSet::DECK)?);
            stock_len = v.stock.saturating_sub(v.drawn.is_some() as u8);
        } else if v.phase == HokmPhase::ChoosingTrump {
            stock_len = 52 - 20;
        }
        let stock_place = if stock_len > 0 {
            Some(c.add(stock_len, CardSet::DECK)?)
        } else {
            None
        };
        Ok(HokmSampler {
            view: v.clone(),
            plan: Plan::new(c)?,
            hand_place,
            discard_place,
            stock_place,
        })
    }

    fn view(&self) -> &HokmView {
        &self.view
    }

    fn plan(&self) -> Option<&Plan> {
        Some(&self.plan)
    }

    fn sample_hidden(&self, rng: &mut Rng, out: &mut HokmHidden) {
        let mut parts = [CardSet::EMPTY; MAX_PLACES];
        self.plan.deal(rng, &mut parts);
        let me = self.view.seat.idx();
        for (s, &p) in self.hand_place.iter().enumerate() {
            out.hands[s] = parts.get(p).copied().unwrap_or_default();
        }
        out.hands[me] = self.view.hand;
        out.discards = [CardSet::EMPTY; 2];
        if let Some(p) = self.discard_place {
            out.discards[me] = self.view.discards;
            out.discards[1 - me] = parts[p];
        }
        let mut len = 0;
        if let Some(d) = self.view.drawn {
            out.stock[0] = d;
            len = 1;
        }
        if let Some(p) = self.stock_place {
            let start = len;
            for c in parts[p] {
                out.stock[len] = c;
                len += 1;
            }
            rng.shuffle(&mut out.stock[start..len]);
        }
        out.stock_len = len as u8;
    }

    fn admits(&self, h: &HokmHidden) -> bool {
        let v = &self.view;
        let me = v.seat.idx();
        let stock = h.stock();
        if h.hands[me] != v.hand || (v.players == 2 && h.discards[me] != v.discards) {
            return false;
        }
        let skip = v.drawn.is_some() as usize;
        if v.drawn.is_some() && stock.first().copied() != v.drawn {
            return false;
        }
        let rest: CardSet = stock.iter().skip(skip).copied().collect();
        let c = self.plan.constraints();
        let mut parts = [CardSet::EMPTY; MAX_PLACES];
        for (s, &p) in self.hand_place.iter().enumerate() {
            if p < MAX_PLACES {
                parts[p] = h.hands[s];
            }
        }
        if let Some(p) = self.discard_place {
            parts[p] = h.discards[1 - me];
        }
        if let Some(p) = self.stock_place {
            parts[p] = rest;
        }
        rest.len() as usize + skip == stock.len() && c.admits(&parts[..c.places])
    }
}
