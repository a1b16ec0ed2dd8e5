//! Bidel (3 and 4 players): the cards played, the voids shown, what the lead rules imply
//! (BD-5: a heart led before hearts are broken means a hand of hearts only; BD-4: a point
//! card discarded to the first trick means a hand of point cards only), the cards the seat
//! passed (the receiver holds them until it plays them) and who took Q♠.
//!
//! Hidden places: while passing, each other seat's hand and the cards it picked to pass;
//! later, each other seat's hand, less the cards the seat passed it.

use super::core::{err, BeliefError, Constraints, Plan, TrickLog, MAX_PLACES};
use super::{Belief, Sampler};
use engine::games::bidel::{Bidel, BidelEvent, BidelHidden, BidelPhase, BidelView};
use engine::{Card, CardSet, Rank, Rng, Seat, Suit};

const TWO_DIAMONDS: Card = Card::new(Suit::Diamonds, Rank::TWO);
const QUEEN_SPADES: Card = Card::new(Suit::Spades, Rank::QUEEN);

/// The cards in play: 2♦ is out with three players (BD-1).
fn in_play(n: u8) -> CardSet {
    if n == 3 {
        CardSet::DECK.minus(TWO_DIAMONDS.bit())
    } else {
        CardSet::DECK
    }
}

/// The point cards of BD-4: hearts, Q♠, and K♠ A♠ in the forty-point mode.
fn point_cards(v: &BidelView) -> CardSet {
    let mut p = Suit::Hearts.mask().or(QUEEN_SPADES.bit());
    if v.settings.forty_point_mode {
        p.insert(Card::new(Suit::Spades, Rank::KING));
        p.insert(Card::new(Suit::Spades, Rank::ACE));
    }
    p
}

/// What one Bidel seat knows of the hand in play beyond its view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BidelBelief {
    seat: Seat,
    hand_number: u16,
    ended: bool,
    complete: bool,
    log: TrickLog,
    first_trick: bool,
    hearts_broken: bool,
    points: CardSet,
    queen_taker: Option<Seat>,
}

/// What a [`BidelBelief`] knows of the hand a view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidelFacts {
    /// The cards played and the cards each seat cannot hold.
    pub log: TrickLog,
    /// Who took Q♠ this hand.
    pub queen_taker: Option<Seat>,
}

impl BidelBelief {
    /// For the rule bot's tests: a belief of the seat of `v` that saw `played` played this
    /// hand (and the trick in progress), no void.
    #[cfg(test)]
    pub(crate) fn seen(v: &BidelView, played: CardSet) -> BidelBelief {
        let mut b = <BidelBelief as Belief<Bidel>>::new(v);
        b.complete = true;
        b.log.played = b.log.played.or(played);
        b
    }

    /// The belief of `seat` about the same hand: what this belief holds is public (the
    /// cards played, the voids and BD-4/BD-5 inferences from the plays, who took Q♠), so it
    /// is what `seat` knows too. The cards this seat passed and received are in its view,
    /// not here, and do not travel.
    pub fn for_seat(&self, seat: Seat) -> BidelBelief {
        BidelBelief {
            seat,
            ..self.clone()
        }
    }

    /// A belief of `seat` at the start of the hand this belief is about (nothing played,
    /// no void shown): to replay the hand's plays from its start.
    pub fn at_hand_start(&self, seat: Seat) -> BidelBelief {
        let hand_number = if self.ended {
            self.hand_number.wrapping_add(1)
        } else {
            self.hand_number
        };
        self.hand_start(seat, hand_number)
    }

    /// `seat`'s belief at the start of hand `hand_number`: nothing played, no void shown.
    fn hand_start(&self, seat: Seat, hand_number: u16) -> BidelBelief {
        BidelBelief {
            seat,
            hand_number,
            ended: false,
            complete: true,
            log: TrickLog::default(),
            first_trick: true,
            hearts_broken: false,
            queen_taker: None,
            ..*self
        }
    }

    /// What the belief knows of the hand `v` shows (see [`super::HokmBelief::facts`]).
    pub fn facts(&self, v: &BidelView) -> Result<BidelFacts, BeliefError> {
        if self.seat != v.seat {
            return err("a belief of another seat");
        }
        let fresh = self.ended && v.hand_number == self.hand_number.wrapping_add(1);
        if !fresh && v.hand_number != self.hand_number {
            return err("a belief of another hand");
        }
        let f = if fresh {
            BidelFacts {
                log: TrickLog::default(),
                queen_taker: None,
            }
        } else if !self.complete {
            return err("the belief missed the start of this hand");
        } else {
            BidelFacts {
                log: self.log,
                queen_taker: self.queen_taker,
            }
        };
        let trick: CardSet = v.trick.iter().map(|&(_, c)| c).collect();
        if !trick.minus(f.log.played).is_empty() {
            return err("the belief missed a card of the trick in play");
        }
        Ok(f)
    }
}

impl Belief<Bidel> for BidelBelief {
    fn new(v: &BidelView) -> BidelBelief {
        let done: u8 = v.tricks.iter().sum();
        BidelBelief {
            seat: v.seat,
            hand_number: v.hand_number,
            ended: false,
            complete: done == 0,
            log: TrickLog::with_trick(v.trick.iter().copied()),
            first_trick: done == 0,
            hearts_broken: v.hearts_broken,
            points: point_cards(v),
            queen_taker: None,
        }
    }

    fn observe(&mut self, e: &BidelEvent) {
        if self.ended {
            *self = self.hand_start(self.seat, self.hand_number.wrapping_add(1));
        }
        let BidelEvent::Played {
            seat,
            card,
            trick,
            hand_over,
        } = *e
        else {
            return;
        };
        let hearts = Suit::Hearts.mask();
        match self.log.play(seat, card, trick.is_some()) {
            // BD-5: a heart led before hearts are broken: the hand held nothing else.
            None if !self.hearts_broken && !self.first_trick && hearts.contains(card) => {
                self.log.exclude(seat, CardSet::DECK.minus(hearts));
            }
            // BD-4: a point card on the first trick, not following: only point cards left.
            Some(led) if led != card.suit() && self.first_trick && self.points.contains(card) => {
                self.log.exclude(seat, CardSet::DECK.minus(self.points));
            }
            _ => {}
        }
        self.hearts_broken |= hearts.contains(card);
        if let Some(t) = trick {
            if t.cards.contains(&QUEEN_SPADES) {
                self.queen_taker = Some(t.winner);
            }
            self.first_trick = false;
        }
        self.ended = hand_over;
    }
}

/// Deals Bidel states consistent with one seat's view and [`BidelBelief`].
#[derive(Clone, Debug)]
pub struct BidelSampler {
    view: BidelView,
    plan: Plan,
    queen_taker: Option<Seat>,
    /// Per seat, the place of its hand and of its picked cards (`usize::MAX`: none).
    hand_place: [usize; 4],
    pick_place: [usize; 4],
    /// The seat the viewer passed to, and the passed cards it still holds.
    receiver: usize,
    known: CardSet,
}

impl BidelSampler {
    /// The seat that passes to `seat` (itself when nobody passes).
    fn giver(v: &BidelView) -> usize {
        let off = v.pass_direction.offset(v.players);
        v.seat.after(v.players - off % v.players, v.players).idx()
    }
}

impl Sampler<Bidel> for BidelSampler {
    type Belief = BidelBelief;

    fn new(v: &BidelView, b: &BidelBelief) -> Result<BidelSampler, BeliefError> {
        let f = b.facts(v)?;
        let n = v.players;
        let ni = n as usize;
        if !(n == 3 || n == 4)
            || v.seat.0 >= n
            || v.hand_counts.len() != ni
            || v.pick_counts.len() != ni
        {
            return err("not a Bidel view");
        }
        let me = v.seat.idx();
        let receiver = v.seat.after(v.pass_direction.offset(n), n).idx();
        // The cards the seat passed are with the receiver until played (BD-2).
        let known = if receiver != me {
            v.passed.minus(f.log.played)
        } else {
            CardSet::EMPTY
        };
        let mine = v.hand.or(v.picked).or(v.passed.and(f.log.played));
        let mut c = Constraints::new(in_play(n).minus(mine).minus(f.log.played).minus(known));
        let mut hand_place = [usize::MAX; 4];
        let mut pick_place = [usize::MAX; 4];
        for s in (0..ni).filter(|&s| s != me) {
            let fixed = if s == receiver { known.len() as u8 } else { 0 };
            let count = v.hand_counts[s].checked_sub(fixed);
            let Some(count) = count else {
                return err("the receiver holds fewer cards than were passed to it");
            };
            hand_place[s] = c.add(count, CardSet::DECK.minus(f.log.excluded[s]))?;
            if v.pick_counts[s] > 0 {
                pick_place[s] = c.add(v.pick_counts[s], CardSet::DECK)?;
            }
        }
        if v.phase == BidelPhase::Passing && !known.is_empty() {
            return err("passed cards before the exchange");
        }
        Ok(BidelSampler {
            view: v.clone(),
            plan: Plan::new(c)?,
            queen_taker: f.queen_taker,
            hand_place,
            pick_place,
            receiver,
            known,
        })
    }

    fn view(&self) -> &BidelView {
        &self.view
    }

    fn plan(&self) -> Option<&Plan> {
        Some(&self.plan)
    }

    fn sample_hidden(&self, rng: &mut Rng, out: &mut BidelHidden) {
        let mut parts = [CardSet::EMPTY; MAX_PLACES];
        self.plan.deal(rng, &mut parts);
        let v = &self.view;
        let me = v.seat.idx();
        *out = BidelHidden::default();
        for s in 0..4 {
            out.hands[s] = parts.get(self.hand_place[s]).copied().unwrap_or_default();
            out.picked[s] = parts.get(self.pick_place[s]).copied().unwrap_or_default();
        }
        out.hands[me] = v.hand;
        out.picked[me] = v.picked;
        out.passed[me] = v.passed;
        if self.receiver != me {
            out.hands[self.receiver] = out.hands[self.receiver].or(self.known);
            out.passed[Self::giver(v)] = v.received;
        }
        out.queen_taker = self.queen_taker;
    }

    fn admits(&self, h: &BidelHidden) -> bool {
        let v = &self.view;
        let me = v.seat.idx();
        if h.hands[me] != v.hand
            || h.picked[me] != v.picked
            || h.passed[me] != v.passed
            || h.queen_taker != self.queen_taker
            || !h.hands[self.receiver].and(self.known).eq(&self.known)
        {
            return false;
        }
        let c = self.plan.constraints();
        let mut parts = [CardSet::EMPTY; MAX_PLACES];
        for s in 0..4 {
            if let Some(p) = parts.get_mut(self.hand_place[s]) {
                *p = h.hands[s].minus(self.known);
            }
            if let Some(p) = parts.get_mut(self.pick_place[s]) {
                *p = h.picked[s];
            }
        }
        c.admits(&parts[..c.places])
    }
}
