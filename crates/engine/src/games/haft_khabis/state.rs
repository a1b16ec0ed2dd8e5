//! Haft Khabis' full state and its rules.

use super::types::*;
use super::view::Facts;
use crate::card::{Card, CardBag, CardSet, Rank, Suit};
use crate::game::{Game, Outcome, Scoring, Setup, SetupError};
use crate::games::shedding::declare::shedding_game_items;
#[cfg(any(test, feature = "testkit"))]
use crate::games::shedding::hidden::inspect;
use crate::games::shedding::hidden::rebuild;
use crate::games::shedding::parts::{
    self, Counters, Dealing, Declarations, Followup, Hands, Table,
};
use crate::games::shedding::tally::{HandResult, Tally};
use crate::games::shedding::{Direction, Pile, SheddingGame, SheddingHidden};
use crate::rebuild::{bad, FromView};
use crate::seat::{Seat, SeatSet};
#[cfg(any(test, feature = "testkit"))]
use crate::testkit::Inspect;

/// HX-1: cards dealt to each player.
const HAND_SIZE: u8 = 7;
/// HX-9 / D-6: cards drawn by a player who did not declare a last card.
const LAST_CARD_PENALTY: u8 = 1;

pub(super) const TWOS: CardSet = rank_mask_const(0);
pub(super) const SEVENS: CardSet = rank_mask_const(5);
pub(super) const EIGHTS: CardSet = rank_mask_const(6);
const TENS: CardSet = rank_mask_const(8);
pub(super) const JACKS: CardSet = rank_mask_const(9);
pub(super) const ACES: CardSet = rank_mask_const(12);

const fn rank_mask_const(r: u32) -> CardSet {
    CardSet((1u64 << r) | (1 << (r + 13)) | (1 << (r + 26)) | (1 << (r + 39)))
}

/// The number of seats in a set (a table: baseline x86-64 has no popcount instruction).
#[inline]
pub(super) fn count(s: SeatSet) -> u32 {
    const POP: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut i = 0;
        while i < 256 {
            t[i] = (i as u8).count_ones() as u8;
            i += 1;
        }
        t
    };
    POP[s.0 as usize] as u32
}

/// HX-12: the penalty points of the cards left in a hand: 2–10 their face value (a 7 that
/// could not be replaced counts 7), J 10, Q 12, K 13, A 11; then the total is doubled once
/// per jack.
pub fn penalty_points(hand: CardBag) -> i32 {
    let mut sum = 0i32;
    let mut jacks = 0u32;
    for c in hand {
        let r = c.rank();
        sum += match r {
            Rank::JACK => {
                jacks += 1;
                10
            }
            Rank::QUEEN => 12,
            Rank::KING => 13,
            Rank::ACE => 11,
            r => r.value() as i32,
        };
    }
    sum << jacks.min(16)
}

/// HX-12: how many times a hand's penalty is doubled by its jacks (once a jack).
pub fn jack_factor(hand: CardBag) -> u32 {
    let jacks = hand.into_iter().filter(|c| c.rank() == Rank::JACK).count() as u32;
    1 << jacks.min(16)
}

/// HX-5: the penalty of a chain of `sevens` sevens.
fn seven_penalty(stacking: SevenStacking, sevens: u8) -> u8 {
    match stacking {
        SevenStacking::Add => sevens.saturating_mul(2),
        SevenStacking::Double if sevens >= 8 => u8::MAX,
        SevenStacking::Double => (1u8 << sevens).max(2),
    }
}

/// What a Haft Khabis result holds beyond the shared parts of its [`Tally`] (HX-12,
/// HX-13).
#[derive(Clone, Copy, Debug)]
pub(crate) struct HaftKhabisExtra {
    /// HX-12: the sevens each player set aside and replaced.
    sevens_replaced: [u8; 8],
    /// HX-12: the winner's run of jacks multiplies everyone's penalty by this.
    multiplier: u8,
    /// HX-13: players out of the game after this hand.
    eliminated: SeatSet,
}

impl HandResult for HaftKhabisResult {
    type Extra = HaftKhabisExtra;

    fn from_tally(t: &Tally<HaftKhabisResult>) -> HaftKhabisResult {
        let x = &t.extra;
        HaftKhabisResult {
            winner: t.winner,
            blocked: t.blocked,
            hands: t.hands(),
            sevens_replaced: x.sevens_replaced[..t.n as usize].to_vec(),
            multiplier: x.multiplier,
            points: t.points(),
            totals: t.totals(),
            eliminated: x.eliminated,
        }
    }
}

/// The full state of a game of Haft Khabis. Nobody may see it whole: use [`Game::view`].
#[derive(Clone, Debug, Hash)]
pub struct HaftKhabis {
    setup: Setup<HaftKhabisSettings>,
    /// 2 to 7 seats, two decks above five players (HX-1; HX-13: as dealt for the first
    /// hand).
    table: Table,
    /// HX-12: sevens set aside when the hand is scored.
    set_aside: Pile,
    dealer: Seat,
    leader: Seat,
    hand_number: u16,
    phase: HaftKhabisPhase,
    mode: TurnMode,
    /// HX-2: the card just drawn, which fits.
    drawn: Option<Card>,
    hands: Hands,
    /// HX-13: seats still in the game.
    active: SeatSet,
    /// Seats still playing this hand.
    in_hand: SeatSet,
    turn: Seat,
    reversed: bool,
    /// HX-8: the suit named with the jack on top.
    named: Option<Suit>,
    /// HX-5: the pending seven penalty and the length of the chain.
    pending: u8,
    sevens: u8,
    /// HX-10 rule 3: seats whose hands emptied during the running chain, in order.
    emptied: [Seat; 8],
    emptied_len: u8,
    /// D-6 / HX-9: a last card not declared, and the seats that declared theirs.
    declarations: Declarations,
    /// HX-12: each seat's run of jacks at the end of its plays.
    jack_run: [u8; 8],
    /// D-4: passes in a row, and actions this hand.
    counters: Counters,
    /// HX-13 finishing order: seats out, first first.
    places: [Seat; 8],
    places_len: u8,
    totals: [i32; 8],
    result: Option<Tally<HaftKhabisResult>>,
    winners: SeatSet,
}

impl HaftKhabis {
    #[inline]
    fn settings(&self) -> &HaftKhabisSettings {
        &self.setup.settings
    }

    /// `p` receives `c`: its declaration no longer stands.
    #[inline]
    fn add(&mut self, p: Seat, c: Card) {
        self.hands.add(p, c);
        self.declarations.withdraw(p);
    }

    /// What giving cards changes (HX-15: the stock refilled from the discards).
    #[inline]
    fn dealing(&mut self) -> Dealing<'_> {
        Dealing {
            reshuffle: true,
            deal: &self.setup.deal,
            table: &mut self.table,
            hands: &mut self.hands,
            declarations: &mut self.declarations,
        }
    }

    /// The next seat of `set` after `p` in the direction of play.
    fn next_of(&self, p: Seat, set: SeatSet) -> Seat {
        let n = self.table.n;
        let mut s = p;
        for _ in 0..n {
            s = if self.reversed { s.prev(n) } else { s.next(n) };
            if set.contains(s) {
                return s;
            }
        }
        p
    }

    /// The next seat still in the hand after `p` in the direction of play.
    #[inline]
    fn next(&self, p: Seat) -> Seat {
        self.next_of(p, self.in_hand)
    }

    /// The next active seat after `p` in seat order (C-2), ignoring reversals.
    fn next_active(&self, p: Seat) -> Seat {
        let n = self.table.n;
        let mut s = p;
        for _ in 0..n {
            s = s.next(n);
            if self.active.contains(s) {
                return s;
            }
        }
        p
    }

    /// The nearest active seat before `p` in seat order.
    fn prev_active(&self, p: Seat) -> Seat {
        let n = self.table.n;
        let mut s = p;
        for _ in 0..n {
            s = s.prev(n);
            if self.active.contains(s) {
                return s;
            }
        }
        p
    }

    /// How many shuffles the match has made (deals and reshuffles), for tests.
    #[cfg(test)]
    pub(super) fn shuffles(&self) -> u32 {
        self.table.supply.shuffles
    }

    /// The public facts of the turn that legality reads (shared with the views, C-5).
    #[inline]
    fn facts(&self) -> Facts<'_> {
        Facts {
            settings: &self.setup.settings,
            phase: self.phase,
            turn: self.turn,
            mode: self.mode,
            pending: self.pending,
            top: self.table.top(),
            named: self.named,
            drawn: self.drawn,
            in_hand: self.in_hand,
            stock: self.table.supply.stock.len(),
            discards: self.table.supply.discard.len(),
        }
    }

    /// HX-7: with two players left in the hand a skip is another turn, so the ace works
    /// like the 8.
    #[inline]
    fn is_extra_card(&self, c: Card) -> bool {
        self.facts().is_extra_card(c)
    }

    /// The distinct cards `p` may play now.
    pub fn playable(&self, p: Seat) -> CardSet {
        if self.phase != HaftKhabisPhase::Playing || p != self.turn {
            return CardSet::EMPTY;
        }
        self.facts().playable(self.hands.of(p))
    }

    /// HX-9 / D-6: whether `left` (what an action leaves in hand) must be declared.
    #[inline]
    fn must_declare(&self, left: CardBag, len: u32) -> bool {
        self.facts().must_declare(left, len)
    }

    /// Checks a play by the seat to act; returns what it leaves in hand.
    fn check_play(&self, p: Seat, play: &HaftKhabisPlay) -> Result<CardBag, HaftKhabisError> {
        let c = play.card;
        let hand = self.hands.of(p);
        if self.mode == TurnMode::Drawn && self.drawn != Some(c) {
            return Err(HaftKhabisError::OnlyTheDrawnCard);
        }
        if !hand.contains(c) {
            return Err(HaftKhabisError::NotInHand(c));
        }
        if !self.playable(p).contains(c) {
            return Err(match self.mode {
                TurnMode::AceAnswer => HaftKhabisError::MustAnswerAce,
                _ if self.pending > 0 => HaftKhabisError::MustAnswerSeven,
                _ => HaftKhabisError::DoesNotMatch(c),
            });
        }
        let mut left = hand;
        left.remove(c);
        let mut size = self.hands.size(p) as u32 - 1;
        let emptied = size == 0;
        if (JACKS.contains(c) && !emptied) != play.suit.is_some() {
            return Err(HaftKhabisError::SuitNaming);
        }
        let two = TWOS.contains(c) && !emptied && self.settings().two != TwoRule::NoEffect;
        match play.target {
            None if two => return Err(HaftKhabisError::Target),
            Some(_) if !two => return Err(HaftKhabisError::Target),
            Some(t) if t == p || !self.in_hand.contains(t) => return Err(HaftKhabisError::Target),
            _ => {}
        }
        let gives = two && self.settings().two == TwoRule::GiveCard && size >= 2;
        match play.give {
            None if gives => return Err(HaftKhabisError::Target),
            Some(_) if !gives => return Err(HaftKhabisError::Target),
            Some(g) if !left.remove(g) => return Err(HaftKhabisError::NotInHand(g)),
            _ => {}
        }
        if play.give.is_some() {
            size -= 1;
        }
        if play.last && !self.must_declare(left, size) {
            return Err(HaftKhabisError::NothingToDeclare);
        }
        Ok(left)
    }

    /// Gives `seat` up to `k` cards from the stock (HX-15: reshuffling when it runs out).
    #[inline]
    fn give(&mut self, seat: Seat, k: u8, after: &mut HaftKhabisAfter) -> u8 {
        self.dealing().give(seat, k, after)
    }

    /// D-6 bookkeeping after an action of `p` that leaves `left` in hand.
    fn declare(&mut self, p: Seat, flag: bool, left: CardBag) {
        let due = !flag && self.must_declare(left, self.hands.size(p) as u32);
        self.declarations.mark(p, flag, due);
    }

    /// D-6 after a draw: only a draw that leaves one card is declared (what it brings is
    /// not known when drawing).
    fn declare_draw(&mut self, p: Seat, flag: bool) {
        if flag {
            self.declarations.declare(p);
        } else if self.hands.size(p) == 1 {
            self.declarations.undeclared = Some(p);
        }
    }

    /// `p`'s turn ends (D-6: an undeclared last card costs a card) and `q` is to act.
    fn pass_turn(&mut self, p: Seat, q: Seat, mode: TurnMode, after: &mut HaftKhabisAfter) {
        if self.declarations.undeclared == Some(p) {
            self.dealing()
                .last_card_penalty(p, LAST_CARD_PENALTY, after);
        }
        self.turn = q;
        self.mode = mode;
        self.drawn = None;
    }

    fn play(&mut self, p: Seat, play: &HaftKhabisPlay) -> Result<HaftKhabisEvent, HaftKhabisError> {
        let left = self.check_play(p, play)?;
        let c = play.card;
        let i = p.idx() & 7;
        let mut after = HaftKhabisAfter::default();
        self.hands.take(p, c);
        if let (Some(g), Some(t)) = (play.give, play.target) {
            self.hands.take(p, g);
            self.add(t, g);
            after.penalty_card = Some(t);
        }
        self.table.supply.discard.push(c);
        self.jack_run[i] = if JACKS.contains(c) {
            self.jack_run[i] + 1
        } else {
            0
        };
        self.named = play.suit;
        self.drawn = None;
        self.counters.stuck = 0;
        self.declare(p, play.last, left);
        if let (None, Some(t)) = (play.give, play.target) {
            // HX-4: the named player draws a penalty card.
            self.give(t, 1, &mut after);
            after.penalty_card = Some(t);
        }
        let emptied = self.hands.sizes[i] == 0;
        let event = |after| HaftKhabisEvent::Played {
            seat: p,
            card: c,
            suit: play.suit,
            target: play.target,
            gave: play.give.is_some(),
            declared: play.last,
            emptied,
            then: after,
        };
        if emptied {
            if self.is_extra_card(c) && self.settings().no_finish_on_eight {
                // HX-10 rule 2: the extra card is owed; it is drawn.
                self.mode = TurnMode::Extra;
            } else if SEVENS.contains(c) && self.settings().shrapnel {
                // HX-10 rule 3: the chain runs on.
                self.sevens += 1;
                self.pending = seven_penalty(self.settings().seven_stacking, self.sevens);
                self.emptied[self.emptied_len as usize & 7] = p;
                self.emptied_len += 1;
                let q = self.next(p);
                self.pass_turn(p, q, TurnMode::Normal, &mut after);
            } else {
                // Any other last card has no effect (HX-10).
                self.pending = 0;
                self.sevens = 0;
                self.named = None;
                self.finish(p, &mut after);
                return Ok(event(after));
            }
            self.count_action(&mut after);
            return Ok(event(after));
        }
        if self.is_extra_card(c) {
            // HX-6 (HX-7 with two players): play again.
            self.mode = TurnMode::Extra;
        } else if SEVENS.contains(c) {
            self.sevens += 1;
            self.pending = seven_penalty(self.settings().seven_stacking, self.sevens);
            let q = self.next(p);
            self.pass_turn(p, q, TurnMode::Normal, &mut after);
        } else if ACES.contains(c) {
            // HX-7: the next player is skipped, or may answer with an ace (rule 4).
            let victim = self.next(p);
            if self.settings().ace_answer {
                self.pass_turn(p, victim, TurnMode::AceAnswer, &mut after);
            } else {
                let q = self.next(victim);
                self.pass_turn(p, q, TurnMode::Normal, &mut after);
            }
        } else {
            if TENS.contains(c) {
                // HX-3.
                self.reversed = !self.reversed;
            }
            let q = self.next(p);
            self.pass_turn(p, q, TurnMode::Normal, &mut after);
        }
        self.count_action(&mut after);
        Ok(event(after))
    }

    fn draw(&mut self, p: Seat, last: bool) -> Result<HaftKhabisEvent, HaftKhabisError> {
        let playable = self.playable(p);
        if !self.facts().may_draw(playable) {
            return Err(match self.mode {
                TurnMode::AceAnswer => HaftKhabisError::MustAnswerAce,
                TurnMode::Drawn => HaftKhabisError::OnlyTheDrawnCard,
                _ => HaftKhabisError::MustPlay,
            });
        }
        let k = self.facts().draw_count();
        if last && self.hands.size(p) as u32 + k != 1 {
            return Err(HaftKhabisError::NothingToDeclare);
        }
        self.counters.stuck = 0;
        let mut after = HaftKhabisAfter::default();
        if self.pending > 0 {
            // HX-5 / D-3: the whole penalty; the chain ends, the seven is now ordinary.
            let count = self.give(p, self.pending, &mut after);
            self.declare_draw(p, last);
            self.pending = 0;
            self.sevens = 0;
            let event = |after| HaftKhabisEvent::Drew {
                seat: p,
                count,
                penalty: true,
                fits: false,
                declared: last,
                then: after,
            };
            // HX-10 rule 3: the earliest player whose hand is still empty wins.
            let order = self.emptied;
            let len = self.emptied_len as usize;
            self.emptied_len = 0;
            let mut finished = false;
            for &s in &order[..len.min(8)] {
                if self.hands.size(s) == 0 && self.in_hand.contains(s) {
                    finished = true;
                    self.finish(s, &mut after);
                    if self.phase != HaftKhabisPhase::Playing {
                        return Ok(event(after));
                    }
                }
            }
            let _ = finished;
            let q = self.next(p);
            self.pass_turn(p, q, TurnMode::Normal, &mut after);
            self.count_action(&mut after);
            return Ok(event(after));
        }
        let (c, shuffled) = self.table.supply.draw(&self.setup.deal, true);
        after.reshuffled = shuffled;
        let mut fits = false;
        if let Some(c) = c {
            self.add(p, c);
            self.declare_draw(p, last);
            // HX-2: a drawn card that fits is played at once (or kept, setting).
            fits = self.facts().matching(c.bit()) == c.bit();
            if fits {
                self.mode = TurnMode::Drawn;
                self.drawn = Some(c);
            }
        }
        if !fits {
            let q = self.next(p);
            self.pass_turn(p, q, TurnMode::Normal, &mut after);
        }
        self.count_action(&mut after);
        Ok(HaftKhabisEvent::Drew {
            seat: p,
            count: c.is_some() as u8,
            penalty: false,
            fits,
            declared: last,
            then: after,
        })
    }

    fn pass(&mut self, p: Seat) -> Result<HaftKhabisEvent, HaftKhabisError> {
        let playable = self.playable(p);
        let size = self.hands.size(p);
        if !self.facts().may_pass(size as u32, playable) {
            return Err(HaftKhabisError::MayNotPass);
        }
        let mut after = HaftKhabisAfter::default();
        match self.mode {
            TurnMode::Extra if size == 0 => {
                // HX-10 rule 2 with nothing left to draw: the 8 ends the hand after all.
                self.finish(p, &mut after);
                return Ok(HaftKhabisEvent::Passed {
                    seat: p,
                    then: after,
                });
            }
            TurnMode::AceAnswer | TurnMode::Drawn => self.counters.stuck = 0,
            TurnMode::Extra if self.settings().forgo_eight => self.counters.stuck = 0,
            _ => {
                // D-4: every player passing in a row blocks the hand.
                self.counters.stuck += 1;
                if self.counters.stuck as u32 >= count(self.in_hand) {
                    self.block(&mut after);
                    return Ok(HaftKhabisEvent::Passed {
                        seat: p,
                        then: after,
                    });
                }
            }
        }
        let q = self.next(p);
        self.pass_turn(p, q, TurnMode::Normal, &mut after);
        self.count_action(&mut after);
        Ok(HaftKhabisEvent::Passed {
            seat: p,
            then: after,
        })
    }

    fn name(
        &mut self,
        p: Seat,
        target: Seat,
        give: Option<Card>,
    ) -> Result<HaftKhabisEvent, HaftKhabisError> {
        let gives = self.settings().two == TwoRule::GiveCard;
        if target == p || !self.in_hand.contains(target) || gives != give.is_some() {
            return Err(HaftKhabisError::Target);
        }
        let mut after = HaftKhabisAfter::default();
        match give {
            Some(g) => {
                if !self.hands.of(p).contains(g) {
                    return Err(HaftKhabisError::NotInHand(g));
                }
                self.hands.take(p, g);
                self.add(target, g);
            }
            None => {
                self.give(target, 1, &mut after);
            }
        }
        after.penalty_card = Some(target);
        self.phase = HaftKhabisPhase::Playing;
        self.turn = self.leader;
        self.mode = TurnMode::Normal;
        self.count_action(&mut after);
        Ok(HaftKhabisEvent::Named {
            seat: p,
            target,
            gave: give.is_some(),
            then: after,
        })
    }

    /// D-4: a hand that reaches the action limit is blocked.
    fn count_action(&mut self, after: &mut HaftKhabisAfter) {
        if self.counters.count()
            && matches!(
                self.phase,
                HaftKhabisPhase::Playing | HaftKhabisPhase::DealerNames
            )
        {
            self.block(after);
        }
    }

    fn block(&mut self, after: &mut HaftKhabisAfter) {
        self.finish_hand(None, true, after);
        after.blocked();
    }

    /// `p` is out: it wins the hand, or in finishing order takes the next place (HX-11,
    /// HX-13).
    fn finish(&mut self, p: Seat, after: &mut HaftKhabisAfter) {
        after.finished = Some(p);
        if self.settings().end != EndMode::FinishingOrder {
            after.hand_over = true;
            self.finish_hand(Some(p), false, after);
            return;
        }
        let q = self.next(p);
        self.places[self.places_len as usize & 7] = p;
        self.places_len += 1;
        self.in_hand = SeatSet(self.in_hand.0 & !(1 << p.0));
        if self.declarations.undeclared == Some(p) {
            self.declarations.undeclared = None;
        }
        if count(self.in_hand) <= 1 {
            after.hand_over = true;
            self.finish_hand(Some(p), false, after);
        } else if self.turn == p {
            self.turn = q;
            self.mode = TurnMode::Normal;
            self.drawn = None;
        }
    }

    /// HX-12: replaces each seven left in a loser's hand by two cards from the stock
    /// (repeating for drawn sevens; HX-15 reshuffles, which `after` reports; with no card
    /// left a seven stays).
    fn replace_sevens(&mut self, s: Seat, after: &mut HaftKhabisAfter) -> u8 {
        let mut replaced = 0;
        while let Some(seven) = self.hands.of(s).distinct().and(SEVENS).first() {
            if !self.table.supply.can_draw(true) {
                break;
            }
            self.hands.take(s, seven);
            self.set_aside.push(seven);
            self.give(s, 2, after);
            replaced += 1;
        }
        replaced
    }

    /// HX-12 / HX-13: scores the hand and decides whether the game is over.
    #[inline(never)]
    /// `after` learns of a reshuffle by HX-12's scoring draws (HX-15), so that the event
    /// that ends the hand tells the table the stock was rebuilt.
    fn finish_hand(
        &mut self,
        mut winner: Option<Seat>,
        blocked: bool,
        after: &mut HaftKhabisAfter,
    ) {
        let mut points = [0i32; 8];
        let mut replaced = [0u8; 8];
        let mut eliminated = SeatSet::default();
        let mut multiplier = 1u8;
        self.phase = HaftKhabisPhase::HandOver;
        if self.settings().end == EndMode::FinishingOrder {
            // The hand's winner is the first out (none if the hand was blocked first).
            winner = (self.places_len > 0).then_some(self.places[0]);
            // The rest in order: the last player left, or after a block by their cards'
            // penalty points, ties in turn order from the seat after the dealer.
            let mut rest: Vec<(i32, u8, Seat)> = Vec::new();
            let n = self.table.n;
            let first = self.next_active(self.dealer);
            for k in 0..n {
                let s = first.after(k, n);
                if self.in_hand.contains(s) {
                    rest.push((penalty_points(self.hands.of(s)), k, s));
                }
            }
            rest.sort();
            for (_, _, s) in rest {
                self.places[self.places_len as usize & 7] = s;
                self.places_len += 1;
            }
            self.in_hand = SeatSet::default();
            for (k, s) in self.places[..self.places_len as usize].iter().enumerate() {
                points[s.idx()] = k as i32 + 1;
            }
            self.totals = points;
            self.winners = SeatSet::only(self.places[0]);
            self.phase = HaftKhabisPhase::MatchOver;
        } else {
            multiplier = winner.map_or(1, |w| self.jack_run[w.idx()].saturating_add(1));
            let n = self.table.n;
            let first = winner.unwrap_or_else(|| self.next_active(self.dealer));
            for k in 0..n {
                let s = first.after(k, n);
                if !self.active.contains(s) || Some(s) == winner {
                    continue;
                }
                replaced[s.idx()] = self.replace_sevens(s, after);
                points[s.idx()] = penalty_points(self.hands.of(s)) * multiplier as i32;
                self.totals[s.idx()] += points[s.idx()];
            }
            eliminated = self.end_of_hand(&points);
        }
        let extra = HaftKhabisExtra {
            sevens_replaced: replaced,
            multiplier,
            eliminated,
        };
        let (n, hands) = (self.table.n, &self.hands);
        let tally = Tally::new(n, winner, blocked, hands, points, self.totals, extra);
        self.result = Some(tally);
    }

    /// HX-13 (points modes): who is out, and whether the game is over (D-5 on ties).
    fn end_of_hand(&mut self, points: &[i32; 8]) -> SeatSet {
        let s = self.settings().clone();
        let cap = s.cap as i32;
        let before = self.active;
        let lowest_of = |set: SeatSet, totals: &[i32; 8]| -> SeatSet {
            let best = set.iter().map(|x| totals[x.idx()]).min().unwrap_or(0);
            SeatSet(
                set.iter()
                    .filter(|x| totals[x.idx()] == best)
                    .fold(0, |m, x| m | 1 << x.0),
            )
        };
        let mut out = SeatSet::default();
        match s.end {
            EndMode::Cap => {
                for x in before.iter() {
                    if self.totals[x.idx()] >= cap {
                        out.0 |= 1 << x.0;
                    }
                }
                self.active = SeatSet(before.0 & !out.0);
                match count(self.active) {
                    0 => {
                        // D-5: everyone left reached the cap in one hand: the lowest wins,
                        // equal totals share the win.
                        self.winners = lowest_of(before, &self.totals);
                        self.phase = HaftKhabisPhase::MatchOver;
                    }
                    1 => {
                        self.winners = self.active;
                        self.phase = HaftKhabisPhase::MatchOver;
                    }
                    _ => {}
                }
            }
            EndMode::CapEnds | EndMode::Hands => {
                let done = if s.end == EndMode::CapEnds {
                    before.iter().any(|x| self.totals[x.idx()] >= cap)
                } else {
                    self.hand_number >= s.hands as u16
                };
                let low = lowest_of(before, &self.totals);
                if done && count(low) == 1 {
                    self.winners = low;
                    self.phase = HaftKhabisPhase::MatchOver;
                }
            }
            EndMode::Elimination => {
                let worst = before
                    .iter()
                    .map(|x| self.totals[x.idx()])
                    .max()
                    .unwrap_or(0);
                let tied: Vec<Seat> = before
                    .iter()
                    .filter(|x| self.totals[x.idx()] == worst)
                    .collect();
                let most = tied.iter().map(|x| points[x.idx()]).max().unwrap_or(0);
                let last: Vec<Seat> = tied
                    .into_iter()
                    .filter(|x| points[x.idx()] == most)
                    .collect();
                if let [x] = last[..] {
                    out = SeatSet::only(x);
                    self.active = SeatSet(before.0 & !out.0);
                    if count(self.active) == 1 {
                        self.winners = self.active;
                        self.phase = HaftKhabisPhase::MatchOver;
                    }
                }
            }
            EndMode::FinishingOrder => {}
        }
        out
    }

    /// Deals a hand from the leader (HX-1, HX-11) and turns up the starting card (HX-16).
    fn start_hand(&mut self) {
        self.hand_number += 1;
        self.table.supply.new_deal(&self.setup.deal, self.table.all);
        self.set_aside.clear();
        self.hands = Hands::EMPTY;
        self.in_hand = self.active;
        self.reversed = false;
        self.named = None;
        self.pending = 0;
        self.sevens = 0;
        self.emptied_len = 0;
        self.declarations = Declarations::default();
        self.jack_run = [0; 8];
        self.counters = Counters::default();
        self.result = None;
        self.mode = TurnMode::Normal;
        self.drawn = None;
        self.phase = HaftKhabisPhase::Playing;
        let mut counts = [0u8; 8];
        for s in self.active.iter() {
            counts[s.idx() & 7] = HAND_SIZE;
        }
        let supply = &mut self.table.supply;
        let n = self.table.n;
        self.hands.deal(&mut supply.stock, self.leader, n, &counts);
        if let Some(c) = supply.stock.pop() {
            supply.discard.push(c);
        }
        self.turn = self.leader;
        // HX-16: a special card turned up is no play; the leader still plays first.
        let top = self.table.top();
        if TENS.contains(top) {
            self.reversed = true;
        } else if ACES.contains(top) && count(self.in_hand) > 2 {
            if self.settings().ace_answer {
                self.mode = TurnMode::AceAnswer;
            } else {
                self.turn = self.next(self.leader);
            }
        } else if SEVENS.contains(top) {
            self.sevens = 1;
            self.pending = seven_penalty(self.settings().seven_stacking, 1);
        } else if TWOS.contains(top) && self.settings().two != TwoRule::NoEffect {
            self.phase = HaftKhabisPhase::DealerNames;
            self.turn = self.dealer;
        }
    }

    /// The phase of the hand.
    pub fn phase(&self) -> HaftKhabisPhase {
        self.phase
    }

    /// What the seat to act is doing.
    pub fn mode(&self) -> TurnMode {
        self.mode
    }

    /// The seat to act, if any.
    pub fn turn(&self) -> Option<Seat> {
        self.phase.acting().then_some(self.turn)
    }

    #[cfg(test)]
    pub(super) fn set_actions(&mut self, k: u16) {
        self.counters.actions = k;
    }

    /// Test positions: the hand ends blocked (D-4).
    #[cfg(test)]
    pub(super) fn force_block(&mut self) {
        let mut after = HaftKhabisAfter::default();
        self.block(&mut after);
    }
}

/// Test positions: the hands given are those of the seats still in the game; no effect
/// pending.
#[cfg(test)]
impl crate::games::shedding::testing::Arrange for HaftKhabis {
    fn arrange(&mut self, hands: &[&str], top: &str, stock: &str, turn: u8) {
        self.table.arrange(&mut self.hands, hands, top, stock);
        self.set_aside.clear();
        self.turn = Seat(turn);
        self.phase = HaftKhabisPhase::Playing;
        self.mode = TurnMode::Normal;
        self.reversed = false;
        self.pending = 0;
        self.sevens = 0;
        self.named = None;
        self.drawn = None;
        self.declarations = Declarations::default();
        self.emptied_len = 0;
        self.counters = Counters::default();
        self.jack_run = [0; 8];
    }

    fn table_and_totals(&mut self) -> (&mut Table, &mut [i32; 8]) {
        (&mut self.table, &mut self.totals)
    }
}

/// What one seat of Haft Khabis cannot see, for [`FromView`] (see [`SheddingHidden`]):
/// every seat's hand, the stock in order, the card the seat to act just drew when it fits
/// (HX-2), the discard pile below its top card and the counters of D-4 and D-6. The sevens
/// set aside when a hand is scored (HX-12) are the cards left over.
pub type HaftKhabisHidden = SheddingHidden;

/// Up to eight seats of `v` into an array and its length.
fn seats8(v: &[Seat]) -> Result<([Seat; 8], u8), SetupError> {
    if v.len() > 8 {
        return Err(bad("more than eight seats in a list"));
    }
    let mut a = [Seat(0); 8];
    a[..v.len()].copy_from_slice(v);
    Ok((a, v.len() as u8))
}

impl FromView for HaftKhabis {
    type Hidden = HaftKhabisHidden;

    fn from_view(
        v: &HaftKhabisView,
        h: &HaftKhabisHidden,
        seed: u64,
    ) -> Result<HaftKhabis, SetupError> {
        let n = v.players;
        let ni = n as usize;
        let shaped = (2..=7).contains(&n) && v.jack_runs.len() == ni;
        let scored = v.result.is_some();
        let rebuilt = rebuild(v, h, seed, Self::TITLE, shaped, v.leader, Some(scored))?;
        // HX-12: what is left over was set aside when the hand was scored.
        let mut set_aside = Pile::EMPTY;
        for c in rebuilt.left_over {
            set_aside.push(c);
        }
        let result = match &v.result {
            None => None,
            Some(r) => {
                if r.sevens_replaced.len() != ni {
                    return Err(bad("a hand result of a wrong number of seats"));
                }
                let mut extra = HaftKhabisExtra {
                    sevens_replaced: [0; 8],
                    multiplier: r.multiplier,
                    eliminated: r.eliminated,
                };
                extra.sevens_replaced[..ni].copy_from_slice(&r.sevens_replaced);
                Some(Tally::rebuilt(
                    n, r.winner, r.blocked, &r.hands, &r.points, &r.totals, extra,
                )?)
            }
        };
        let (emptied, emptied_len) = seats8(&v.emptied)?;
        let (places, places_len) = seats8(&v.places)?;
        let mut jack_run = [0u8; 8];
        jack_run[..ni].copy_from_slice(&v.jack_runs);
        let mut totals = [0i32; 8];
        totals[..ni].copy_from_slice(&v.totals);
        let winners = v
            .winners
            .iter()
            .fold(SeatSet::default(), |w, s| SeatSet(w.0 | 1 << (s.0 & 7)));
        Ok(HaftKhabis {
            setup: Setup {
                players: n,
                settings: v.settings.clone(),
                deal: crate::game::Deal::seeded(seed),
            },
            table: rebuilt.table,
            set_aside,
            dealer: v.dealer,
            leader: v.leader,
            hand_number: v.hand_number,
            phase: v.phase,
            mode: v.mode,
            drawn: h.drawn,
            hands: rebuilt.hands,
            active: v.active,
            in_hand: v.in_hand,
            turn: rebuilt.turn,
            reversed: v.direction == Direction::Counterclockwise,
            named: v.named_suit,
            pending: v.pending_draw,
            sevens: v.sevens,
            emptied,
            emptied_len,
            declarations: Declarations {
                undeclared: h.undeclared,
                declared: v.declared,
            },
            jack_run,
            counters: Counters {
                stuck: h.stuck,
                actions: h.actions,
            },
            places,
            places_len,
            totals,
            result,
            winners,
        })
    }
}

/// The true hidden cards (the samplers' tests, a finished hand's record).
impl crate::record::Reveal for HaftKhabis {
    fn hidden(&self) -> HaftKhabisHidden {
        let (declarations, counters) = (&self.declarations, &self.counters);
        SheddingHidden::of(&self.table, &self.hands, self.drawn, declarations, counters)
    }

    fn shuffles(&self) -> u32 {
        self.table.supply.shuffles
    }

    fn stock(h: &mut Self::Hidden) -> &mut [Card] {
        h.stock_mut()
    }
}

/// For the property tests of [`crate::testkit`] (two decks from six players: the
/// places are [`CardBag`]s).
#[cfg(any(test, feature = "testkit"))]
impl Inspect for HaftKhabis {
    type Cards = CardBag;

    /// Every card of the game (one or two decks).
    fn all_cards(&self) -> CardBag {
        self.table.all
    }

    /// Every card's place, for the card-accounting property test: each hand, the stock,
    /// the discard pile, the sevens set aside (HX-12).
    fn card_places(&self) -> Vec<CardBag> {
        let mut v = inspect::card_places(&self.table, &self.hands);
        v.push(self.set_aside.bag());
        v
    }

    /// Shuffles the hidden cards a seat other than `viewer` may not see — the other hands
    /// and the stock — keeping every count, for the property test that a view shows no
    /// hidden card. Nothing is hidden once the hand is over.
    fn scramble_hidden(&mut self, viewer: Seat, rng: &mut crate::rng::Rng) {
        let Some(turn) = self.turn() else {
            return;
        };
        let drawn = &mut self.drawn;
        inspect::scramble(&mut self.table, &mut self.hands, drawn, turn, viewer, rng);
    }

    /// The actions that name no card: draws (declared or not), pass, each seat named
    /// without a gift. Not the plays and gifts: a play is a card with a suit, a seat, a
    /// gift and a declaration, too many to list, so the legality test adds those of the
    /// position at hand (see tests.rs).
    fn all_actions(&self) -> Vec<HaftKhabisAction> {
        let mut v = vec![
            HaftKhabisAction::Draw { last: false },
            HaftKhabisAction::Draw { last: true },
            HaftKhabisAction::Pass,
        ];
        v.extend((0..8).map(|s| HaftKhabisAction::Name {
            target: Seat(s),
            give: None,
        }));
        v
    }
}

impl Game for HaftKhabis {
    shedding_game_items! {
        settings: HaftKhabisSettings,
        action: HaftKhabisAction,
        view: HaftKhabisView,
        event: HaftKhabisEvent,
        error: HaftKhabisError,
        phase: HaftKhabisPhase,
    }

    const NAME: &'static str = "haft_khabis";
    const KIND: crate::games::GameKind = crate::games::GameKind::HaftKhabis;

    /// HX-13: the lowest total wins; the two cap modes end at the cap (a line on the
    /// chart), the number of hands, elimination and finishing order have none.
    fn scoring(settings: &HaftKhabisSettings) -> Scoring {
        let capped = matches!(settings.end, EndMode::Cap | EndMode::CapEnds);
        Scoring {
            target: (capped && settings.cap > 0).then_some(settings.cap as i32),
            lower_wins: true,
            points_are_totals: false,
        }
    }

    fn new(setup: &Setup<HaftKhabisSettings>) -> Result<HaftKhabis, SetupError> {
        let n = parts::players(setup, Self::NAME, 7)?;
        let s = &setup.settings;
        if !(50..=1000).contains(&s.cap) || !s.cap.is_multiple_of(50) {
            return Err(SetupError::BadSetting(format!(
                "cap must be 50 to 1000 in steps of 50 (HX-13), not {}",
                s.cap
            )));
        }
        if !(1..=20).contains(&s.hands) {
            return Err(SetupError::BadSetting(format!(
                "hands must be 1 to 20 (HX-13), not {}",
                s.hands
            )));
        }
        // HX-1: two decks above five players.
        let decks = if n > 5 { 2 } else { 1 };
        let what = [
            "Haft Khabis needs the 52 cards",
            "Haft Khabis with 6 or 7 players needs the 104 cards of two decks",
        ];
        let (table, dealer) = Table::new(setup, decks, what)?;
        let active = SeatSet((1u16 << n).wrapping_sub(1) as u8);
        let mut g = HaftKhabis {
            setup: setup.clone(),
            table,
            set_aside: Pile::EMPTY,
            dealer,
            leader: dealer.next(n),
            hand_number: 0,
            phase: HaftKhabisPhase::Playing,
            mode: TurnMode::Normal,
            drawn: None,
            hands: Hands::EMPTY,
            active,
            in_hand: active,
            turn: dealer,
            reversed: false,
            named: None,
            pending: 0,
            sevens: 0,
            emptied: [Seat(0); 8],
            emptied_len: 0,
            declarations: Declarations::default(),
            jack_run: [0; 8],
            counters: Counters::default(),
            places: [Seat(0); 8],
            places_len: 0,
            totals: [0; 8],
            result: None,
            winners: SeatSet::default(),
        };
        g.start_hand();
        Ok(g)
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<HaftKhabisAction>) {
        if seat != self.turn {
            return;
        }
        let (hand, size) = (self.hands.of(seat), self.hands.size(seat) as u32);
        self.facts().legal_actions(seat, hand, size, out);
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &HaftKhabisAction,
    ) -> Result<HaftKhabisEvent, HaftKhabisError> {
        HaftKhabisError::check_turn(self.turn(), seat)?;
        match (*action, self.phase) {
            (HaftKhabisAction::Play(p), HaftKhabisPhase::Playing) => self.play(seat, &p),
            (HaftKhabisAction::Draw { last }, HaftKhabisPhase::Playing) => self.draw(seat, last),
            (HaftKhabisAction::Pass, HaftKhabisPhase::Playing) => self.pass(seat),
            (HaftKhabisAction::Name { target, give }, HaftKhabisPhase::DealerNames) => {
                self.name(seat, target, give)
            }
            _ => Err(HaftKhabisError::WrongPhase),
        }
    }

    fn next_hand(&mut self) -> Result<(), HaftKhabisError> {
        if self.phase != HaftKhabisPhase::HandOver {
            return Err(HaftKhabisError::HandNotOver);
        }
        let r = self.result.as_ref().ok_or(HaftKhabisError::HandNotOver)?;
        // HX-11: the winner leads (the next active seat if out); after a blocked hand the
        // seat after its dealer (D-4); the dealer is the nearest active seat before.
        self.leader = match r.winner {
            Some(w) if self.active.contains(w) => w,
            Some(w) => self.next_active(w),
            None => self.next_active(self.dealer),
        };
        self.dealer = self.prev_active(self.leader);
        self.start_hand();
        Ok(())
    }

    fn timeout_action(&self, seat: Seat) -> Option<HaftKhabisAction> {
        // D-7: a pending penalty is taken, else a card drawn where drawing is allowed; an
        // ace's skip is taken (pass); else the lowest card (a drawn card that fits, HX-2);
        // naming a player: the first option.
        let legal = crate::timeout::legal(self, seat);
        crate::timeout::draw_or_lowest_card(
            &legal,
            &HaftKhabisAction::Draw { last: false },
            &HaftKhabisAction::Pass,
            self.mode == TurnMode::AceAnswer,
            |a| match a {
                HaftKhabisAction::Play(p) => Some(p.card),
                _ => None,
            },
        )
    }

    fn apply_timeout(
        &mut self,
        seat: Seat,
        events: &mut Vec<HaftKhabisEvent>,
    ) -> Result<(), HaftKhabisError> {
        // HX-2: a card the timeout drew that fits is played at once.
        crate::timeout::apply_and_follow(self, seat, events, |g| {
            g.phase == HaftKhabisPhase::Playing && g.turn == seat && g.mode == TurnMode::Drawn
        })?;
        // HX-14: a player still in the hand draws one penalty card (room setting).
        if self.settings().timeout_penalty
            && self.phase == HaftKhabisPhase::Playing
            && self.in_hand.contains(seat)
        {
            let mut then = HaftKhabisAfter::default();
            let count = self.give(seat, 1, &mut then);
            events.push(HaftKhabisEvent::Drew {
                seat,
                count,
                penalty: true,
                fits: false,
                declared: false,
                then,
            });
        }
        Ok(())
    }

    /// Seat 0's view without what seat 0 alone sees (see [`Game::watch_view`]).
    fn watch_view(&self) -> HaftKhabisView {
        HaftKhabisView {
            hand: CardBag::default(),
            drawn: None,
            ..self.view(Seat(0))
        }
    }

    fn view(&self, seat: Seat) -> HaftKhabisView {
        let n = self.table.n as usize;
        let (table, supply) = (&self.table, &self.table.supply);
        HaftKhabisView {
            seat,
            players: table.n,
            decks: table.decks,
            settings: self.settings().clone(),
            phase: self.phase,
            to_act: self.turn().map_or(SeatSet::default(), SeatSet::only),
            mode: self.mode,
            dealer: self.dealer,
            leader: self.leader,
            hand_number: self.hand_number,
            hand: self.hands.of(seat),
            top: supply.discard.top(),
            named_suit: self.named,
            direction: Direction::of(self.reversed),
            pending_draw: self.pending,
            sevens: self.sevens,
            drawn: self.drawn.filter(|_| seat == self.turn),
            hand_counts: self.hands.counts(table.n),
            stock: supply.stock.len() as u8,
            discards: supply.discard.len() as u8,
            declared: self.declarations.declared,
            active: self.active,
            in_hand: self.in_hand,
            emptied: self.emptied[..self.emptied_len as usize & 7].to_vec(),
            jack_runs: self.jack_run[..n].to_vec(),
            totals: self.totals[..n].to_vec(),
            places: self.places[..self.places_len as usize & 7].to_vec(),
            result: self.result.map(|t| t.result()),
            winners: self.winners.iter().collect(),
        }
    }

    fn totals(&self) -> Vec<i32> {
        self.totals[..self.table.n as usize].to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == HaftKhabisPhase::MatchOver).then(|| Outcome {
            totals: self.totals(),
            winners: self.winners.iter().map(|s| s.idx()).collect(),
        })
    }
}
