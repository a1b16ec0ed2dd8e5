//! The belief and sampler of both shedding games (Crazy Eights, Haft Khabis, two decks at
//! the larger tables), written once over what both games' views show
//! ([`engine::games::shedding::SheddingView`]); each game's module reads its own events into
//! the belief.
//!
//! The belief follows the discard pile (every card played since the last reshuffle is
//! public, the view shows only its top and size), the disclosure that the card the seat to
//! act just drew fits (CE-4, HX-2: it is in that hand and may be played on the top), and the
//! D-4 counters (actions this hand, passes in a row). Each game tells how its events change
//! the belief ([`Events`]).
//!
//! Hidden places: the other hands, the stock (in a random order), the discards the belief
//! did not see (the starting card of a hand it did not see dealt; all of them for a belief
//! built mid-hand), and the drawn card that fits. A last card left undeclared (D-6) is not
//! tracked, so a sampled state never penalises it.

use super::core::{err, shuffled_stock, BagPlan, BeliefError, MAX_BAG_PLACES};
use super::{Belief, Sampler};
use engine::games::shedding::{SheddingGame, SheddingHidden, SheddingView};
use engine::{Card, CardBag, CardSet, Rng, Seat};

/// How a shedding game's events change the [`SheddingBelief`] of a seat.
pub trait Events: SheddingGame {
    /// Takes one event of the hand in play (see [`Belief::observe`]).
    fn observe(b: &mut SheddingBelief, e: &Self::Event);
}

impl<G: Events> Belief<G> for SheddingBelief {
    fn new(v: &G::View) -> SheddingBelief {
        SheddingBelief::of_view(v)
    }

    fn observe(&mut self, e: &G::Event) {
        self.next_hand_if_ended();
        G::observe(self, e);
    }
}

/// What one seat of a shedding game knows of the hand in play beyond its view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheddingBelief {
    seat: Seat,
    hand_number: u16,
    ended: bool,
    /// Cards seen put on the discard pile since the last reshuffle or the deal, the top
    /// included.
    pile: CardBag,
    /// The seat that drew a card that fits and has not played or passed since (CE-4, HX-2).
    drawn_by: Option<Seat>,
    /// The top of the pile, if the belief saw it.
    top: Option<Card>,
    /// D-4: passes in a row.
    stuck: u8,
    /// D-4: actions this hand.
    actions: u16,
}

impl SheddingBelief {
    /// A belief of the seat whose view `v` is ([`Belief::new`]): at the deal the pile is its
    /// starting card alone.
    fn of_view(v: &impl SheddingView) -> SheddingBelief {
        let mut pile = CardBag::EMPTY;
        if v.discards() == 1 {
            if let Some(t) = v.top() {
                pile.insert(t);
            }
        }
        SheddingBelief {
            seat: v.seat(),
            hand_number: v.hand_number(),
            ended: false,
            pile,
            drawn_by: None,
            top: v.top(),
            stuck: 0,
            actions: 0,
        }
    }

    /// The discard pile below its top that the belief saw, for view `v`.
    pub fn seen_discards(&self, v: &impl SheddingView) -> Result<CardBag, BeliefError> {
        self.check(v)?;
        if self.fresh(v) {
            return Ok(CardBag::EMPTY);
        }
        let mut below = self.pile;
        if let Some(t) = v.top() {
            below.remove(t);
        }
        Ok(below)
    }

    /// The seat to act that drew a card that fits (known to everybody, CE-4, HX-2).
    pub fn fitting_draw(&self, v: &impl SheddingView) -> Option<Seat> {
        self.drawn_by.filter(|&s| {
            !self.fresh(v) && v.to_act().contains(s) && s != v.seat() && v.may_hold_drawn()
        })
    }

    fn fresh(&self, v: &impl SheddingView) -> bool {
        self.ended && v.hand_number() == self.hand_number.wrapping_add(1)
    }

    fn check(&self, v: &impl SheddingView) -> Result<(), BeliefError> {
        if self.seat != v.seat() {
            return err("a belief of another seat");
        }
        if !self.fresh(v) && v.hand_number() != self.hand_number {
            return err("a belief of another hand");
        }
        Ok(())
    }

    /// Before an event: once the hand ended, the belief starts on the next one.
    fn next_hand_if_ended(&mut self) {
        if self.ended {
            *self = SheddingBelief {
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
    }

    /// `cards` were played, the last on top; `reshuffled`: the play's consequences
    /// reshuffled the discards but that top into the stock.
    pub(super) fn played(&mut self, cards: &[Card], reshuffled: bool) {
        for &c in cards {
            self.pile.insert(c);
        }
        if let Some(&last) = cards.last() {
            self.top = Some(last);
        }
        if reshuffled {
            self.reshuffled();
        }
        self.drawn_by = None;
        self.stuck = 0;
        self.actions = self.actions.saturating_add(1);
    }

    /// `seat` drew a card that `fits` (CE-4, HX-2) or not, or a penalty; `reshuffled`: the
    /// discards but the top went into the stock first.
    pub(super) fn drew(&mut self, seat: Seat, fits: bool, reshuffled: bool) {
        if reshuffled {
            self.reshuffled();
        }
        self.drawn_by = fits.then_some(seat);
        self.stuck = 0;
        self.actions = self.actions.saturating_add(1);
    }

    /// A pass: whether it kept a card drawn that fits (else it is one more pass in a row,
    /// D-4).
    pub(super) fn passed(&mut self) -> bool {
        let kept = self.drawn_by.take().is_some();
        if !kept {
            self.stuck = self.stuck.saturating_add(1);
        }
        self.actions = self.actions.saturating_add(1);
        kept
    }

    /// Another action (HX-16's naming of a player); `reshuffled`: its draws reshuffled the
    /// discards but the top into the stock.
    pub(super) fn other(&mut self, reshuffled: bool) {
        if reshuffled {
            self.reshuffled();
        }
        self.actions = self.actions.saturating_add(1);
    }

    /// The discards but the top went into the stock.
    pub(super) fn reshuffled(&mut self) {
        self.pile = CardBag::EMPTY;
        if let Some(t) = self.top {
            self.pile.insert(t);
        }
    }

    /// Whether the hand is over after the event, as its follow-up says.
    pub(super) fn set_ended(&mut self, hand_over: bool) {
        self.ended = hand_over;
    }

    /// CE-12: going out in Countdown restarts the count of actions.
    pub(super) fn restart_count(&mut self) {
        self.actions = 0;
    }

    /// D-4: no pass in a row any more.
    pub(super) fn unstuck(&mut self) {
        self.stuck = 0;
    }
}

/// Deals states of a shedding game `G` consistent with one seat's view and its belief: the
/// view and belief give the unknown cards and where they may lie (the other hands, the
/// stock, the discards below the top the belief did not see, a drawn card that must fit);
/// a deal spreads them over those places ([`BagPlan`]).
#[derive(Clone, Debug)]
pub struct SheddingSampler<G: SheddingGame> {
    view: G::View,
    plan: BagPlan,
    seen: CardBag,
    hand_place: [usize; 8],
    stock_place: usize,
    discard_place: usize,
    drawn: Option<(Seat, usize)>,
    stuck: u8,
    actions: u16,
}

impl<G: Events> Sampler<G> for SheddingSampler<G> {
    type Belief = SheddingBelief;

    fn new(v: &G::View, b: &SheddingBelief) -> Result<SheddingSampler<G>, BeliefError> {
        let seen = b.seen_discards(v)?;
        let n = v.players() as usize;
        if !(2..=8).contains(&n) || v.seat().idx() >= n || v.hand_counts().len() != n {
            return err(format!("not a {} view", G::TITLE));
        }
        let all = CardBag::decks(v.decks());
        let hand = v.hand();
        if !all.includes(hand.union(seen)) {
            return err("the seat's hand and the discards it saw are not cards of the game");
        }
        let mut unknown = all;
        for c in hand.union(seen) {
            unknown.remove(c);
        }
        if let Some(t) = v.top() {
            unknown.remove(t);
        }
        let mut plan = BagPlan::new(unknown);
        let drawn_by = b.fitting_draw(v);
        let mut hand_place = [usize::MAX; 8];
        for s in (0..n).filter(|&s| s != v.seat().idx()) {
            let k = v.hand_counts()[s].saturating_sub((drawn_by == Some(Seat(s as u8))) as u8);
            hand_place[s] = plan.add(k)?;
        }
        let stock_place = plan.add(v.stock())?;
        let below = (v.discards() as u32).saturating_sub(v.top().is_some() as u32);
        let hidden_discards = below.checked_sub(seen.len());
        let Some(hidden_discards) = hidden_discards else {
            return err("the belief saw more discards than the pile holds");
        };
        let discard_place = plan.add(hidden_discards as u8)?;
        let drawn = match drawn_by {
            Some(s) => {
                let fits = G::fitting(v, s, CardBag::from_set(CardSet::DECK));
                Some((s, plan.add_fitting(fits)?))
            }
            None => None,
        };
        plan.check()?;
        debug_assert!(plan.places() <= MAX_BAG_PLACES);
        Ok(SheddingSampler {
            view: v.clone(),
            plan,
            seen,
            hand_place,
            stock_place,
            discard_place,
            drawn,
            stuck: b.stuck,
            actions: b.actions,
        })
    }

    fn view(&self) -> &G::View {
        &self.view
    }

    fn sample_hidden(&self, rng: &mut Rng, out: &mut SheddingHidden) {
        let mut parts = [CardBag::EMPTY; MAX_BAG_PLACES];
        self.plan.deal(rng, &mut parts);
        let v = &self.view;
        for s in 0..8 {
            out.hands[s] = parts.get(self.hand_place[s]).copied().unwrap_or_default();
        }
        out.hands[v.seat().idx()] = v.hand();
        out.drawn = v.drawn();
        if let Some((s, p)) = self.drawn {
            let c = parts[p].iter().next();
            if let Some(c) = c {
                out.hands[s.idx()].insert(c);
            }
            out.drawn = c;
        }
        out.stock_len = shuffled_stock(parts[self.stock_place], &mut out.stock, rng);
        out.discards = self.seen.union(parts[self.discard_place]);
        out.undeclared = None;
        out.stuck = self.stuck;
        out.actions = self.actions;
    }

    fn admits(&self, h: &SheddingHidden) -> bool {
        let v = &self.view;
        if h.hands[v.seat().idx()] != v.hand() || !h.discards.includes(self.seen) {
            return false;
        }
        let mut parts = [CardBag::EMPTY; MAX_BAG_PLACES];
        for s in 0..8 {
            if let Some(p) = parts.get_mut(self.hand_place[s]) {
                *p = h.hands[s];
            }
        }
        if let Some((s, p)) = self.drawn {
            let Some(d) = h.drawn else { return false };
            if !parts[self.hand_place[s.idx()]].remove(d) {
                return false;
            }
            parts[p].insert(d);
        }
        parts[self.stock_place] = h.stock().iter().copied().collect();
        let mut rest = h.discards;
        for c in self.seen {
            rest.remove(c);
        }
        parts[self.discard_place] = rest;
        self.plan.admits(&parts[..self.plan.places()])
    }
}
