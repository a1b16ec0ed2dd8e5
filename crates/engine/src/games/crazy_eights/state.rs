//! Crazy Eights' full state and its rules.

use super::types::*;
use super::view::Facts;
use crate::card::{Card, CardBag, CardSet, Rank, Suit};
use crate::game::{random_from_list, Game, Outcome, Scoring, Setup, SetupError, Status};
use crate::games::shedding::declare::shedding_game_items;
#[cfg(any(test, feature = "testkit"))]
use crate::games::shedding::hidden::inspect;
use crate::games::shedding::hidden::rebuild;
use crate::games::shedding::parts::{
    self, Counters, Dealing, Declarations, Followup, Hands, Table,
};
use crate::games::shedding::tally::{HandResult, Tally};
use crate::games::shedding::{rank_mask, CardRun, Direction, SheddingGame, SheddingHidden, SUITS};
use crate::rebuild::FromView;
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
#[cfg(any(test, feature = "testkit"))]
use crate::testkit::Inspect;

/// Q♠ (CE-11: draws five).
pub(super) const QUEEN_SPADES: Card = Card::new(Suit::Spades, Rank::QUEEN);
/// CE-8 / D-6: cards drawn by a player who did not declare a last card.
const LAST_CARD_PENALTY: u8 = 2;
/// CE-11: cards drawn by the player after a Q♠.
const QUEEN_OF_SPADES_DRAW: u8 = 5;
/// CE-12: the Countdown score everyone starts from.
const COUNTDOWN_START: u8 = 8;

/// CE-11: how several equal cards played together take effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Multi {
    /// One card at a time.
    Off,
    /// Every card's effect counts (two aces cancel, two queens skip two, two 2s draw 4).
    AddUp,
    /// CE-12's preset: only the last card takes effect.
    LastOnly,
}

/// The rules in force, worked out once from the settings.
#[derive(Clone, Copy, Debug, Hash)]
pub(super) struct Rules {
    /// The cards that skip, reverse, make the next player draw two, or five (CE-5, CE-11;
    /// outside Countdown without the wild rank, which loses its special effect).
    pub(super) skip_cards: CardSet,
    pub(super) reverse_cards: CardSet,
    pub(super) two_cards: CardSet,
    pub(super) five_cards: CardSet,
    /// Every card with an effect (outside Countdown, where a wild card may have one too).
    pub(super) special_cards: CardSet,
    /// CE-5 / CE-11: the rank that skips the next player.
    pub(super) skip: Option<Rank>,
    /// CE-5 / CE-11: the rank that reverses the direction.
    pub(super) reverse: Option<Rank>,
    /// CE-5: twos make the next player draw.
    pub(super) two: bool,
    /// CE-11: Q♠ makes the next player draw five.
    pub(super) queen_of_spades: bool,
    pub(super) multi: Multi,
    /// CE-11: the wild rank (outside Countdown).
    pub(super) wild: Rank,
    pub(super) countdown: bool,
    pub(super) power: EightPower,
    /// CE-9 (always in Countdown).
    pub(super) reshuffle: bool,
    /// CE-8.
    pub(super) last_card: bool,
    pub(super) draw_only_when_unable: bool,
    pub(super) play_drawn_card: bool,
}

impl Rules {
    pub(super) fn new(s: &CrazyEightsSettings) -> Rules {
        let preset = s.countdown && s.countdown_preset;
        let (skip_rank, reverse_rank) = if s.jack_skips_four_reverses {
            (Rank::JACK, Rank::new(2).unwrap_or(Rank::TWO))
        } else {
            (Rank::QUEEN, Rank::ACE)
        };
        let wild = s.wild_rank.rank();
        let mut skip = if preset {
            Some(Rank::JACK)
        } else {
            s.queen_skips.then_some(skip_rank)
        };
        let mut reverse = if preset {
            None
        } else {
            s.ace_reverses.then_some(reverse_rank)
        };
        if !s.countdown {
            // CE-11: a special rank made wild loses its special effect (Countdown: both).
            if skip == Some(wild) {
                skip = None;
            }
            if reverse == Some(wild) {
                reverse = None;
            }
        }
        let of = |r: Option<Rank>| r.map_or(CardSet::EMPTY, rank_mask);
        let queen_of_spades = preset || s.queen_of_spades_draws_five;
        let plain = if s.countdown {
            CardSet::DECK
        } else {
            CardSet::DECK.minus(rank_mask(wild))
        };
        let five_cards = if queen_of_spades {
            QUEEN_SPADES.bit().and(plain)
        } else {
            CardSet::EMPTY
        };
        let two = preset || s.two_draws;
        let two_cards = if two {
            rank_mask(Rank::TWO).and(plain)
        } else {
            CardSet::EMPTY
        };
        let skip_cards = of(skip).and(plain).minus(five_cards).minus(two_cards);
        let reverse_cards = of(reverse).and(plain);
        Rules {
            skip_cards,
            reverse_cards,
            two_cards,
            five_cards,
            special_cards: skip_cards.or(reverse_cards).or(two_cards).or(five_cards),
            skip,
            reverse,
            two: preset || s.two_draws,
            queen_of_spades: preset || s.queen_of_spades_draws_five,
            multi: if preset {
                Multi::LastOnly
            } else if s.equal_cards {
                Multi::AddUp
            } else {
                Multi::Off
            },
            wild,
            countdown: s.countdown,
            power: s.eight_power,
            reshuffle: s.reshuffle || s.countdown,
            last_card: s.last_card,
            draw_only_when_unable: s.draw_only_when_unable,
            play_drawn_card: s.play_drawn_card,
        }
    }
}

/// CE-12: the wild rank of a Countdown score: the rank equal to it, the ace at 1.
pub fn countdown_rank(score: u8) -> Rank {
    if score <= 1 {
        Rank::ACE
    } else {
        Rank::new(score.min(10) - 2).unwrap_or(Rank::EIGHT)
    }
}

/// CE-10: what a card left in hand costs: 50 for a wild card, 10 for a picture, the pip
/// value otherwise (A = 1).
pub fn card_points(c: Card, wild: Rank) -> i32 {
    let r = c.rank();
    if r == wild {
        50
    } else if r == Rank::ACE {
        1
    } else if r >= Rank::JACK {
        10
    } else {
        r.value() as i32
    }
}

/// [`card_points`] by wild rank index and card index (0 for the jokers' and unused
/// indices), so scoring a hand reads a table instead of branching on every card's rank.
const CARD_POINTS: [[u8; 64]; 13] = {
    let mut t = [[0u8; 64]; 13];
    let mut w = 0;
    while w < 13 {
        let mut i = 0;
        while i < 52 {
            let r = i % 13;
            t[w][i] = if r == w {
                50
            } else if r == 12 {
                1
            } else if r >= 9 {
                10
            } else {
                r as u8 + 2
            };
            i += 1;
        }
        w += 1;
    }
    t
};

/// CE-10: the points of the cards left in `hand` with `wild` the wild rank (the sum of
/// [`card_points`], copies counted).
pub(super) fn hand_points(hand: CardBag, wild: Rank) -> i32 {
    let table = &CARD_POINTS[wild.index() as usize % 13];
    let mut sum = 0;
    for mut bits in [hand.distinct().0, hand.doubles().0] {
        while bits != 0 {
            sum += table[bits.trailing_zeros() as usize & 63] as i32;
            bits &= bits - 1;
        }
    }
    sum
}

/// The state keeps a finished hand's result as a [`Tally`] (nothing beyond its shared
/// parts).
impl HandResult for CrazyEightsResult {
    type Extra = ();

    fn from_tally(t: &Tally<CrazyEightsResult>) -> CrazyEightsResult {
        CrazyEightsResult {
            winner: t.winner,
            blocked: t.blocked,
            hands: t.hands(),
            points: t.points(),
            totals: t.totals(),
        }
    }
}

/// The full state of a Crazy Eights match (or a Countdown game). Nobody may see it whole:
/// use [`Game::view`].
#[derive(Clone, Debug, Hash)]
pub struct CrazyEights {
    setup: Setup<CrazyEightsSettings>,
    rules: Rules,
    /// 2 to 8 players, two decks from six players (CE-1).
    table: Table,
    dealer: Seat,
    hand_number: u16,
    phase: CrazyEightsPhase,
    hands: Hands,
    turn: Seat,
    reversed: bool,
    /// CE-2: the suit named by the wild card on top.
    named: Option<Suit>,
    /// The top card was played as a wild card.
    top_wild: bool,
    /// CE-5: cards the player to act must draw unless answering with a two.
    pending: u8,
    /// CE-4: the card just drawn by the player to act, which fits and may be played.
    drawn: Option<Card>,
    /// D-6 / CE-8: a last card not declared, and the seats that declared theirs.
    declarations: Declarations,
    /// D-4: passes in a row, and actions in this hand (Countdown: since someone last went
    /// out).
    counters: Counters,
    /// CE-12: Countdown scores.
    scores: [u8; 8],
    /// Each seat's wild rank (CE-11; Countdown: from its score, CE-12), and its cards.
    wild: [Rank; 8],
    wild_masks: [CardSet; 8],
    totals: [i32; 8],
    result: Option<Tally<CrazyEightsResult>>,
    winner: Option<Seat>,
}

impl CrazyEights {
    /// The wild rank of seat `p` (CE-11; Countdown: the rank of its score, CE-12).
    #[inline]
    pub fn wild_of(&self, p: Seat) -> Rank {
        self.wild[p.idx() & 7]
    }

    /// Sets every seat's wild rank from the rules and the Countdown scores.
    fn update_wild(&mut self) {
        for ((w, m), &s) in self
            .wild
            .iter_mut()
            .zip(self.wild_masks.iter_mut())
            .zip(&self.scores)
        {
            *w = if self.rules.countdown {
                countdown_rank(s)
            } else {
                self.rules.wild
            };
            *m = rank_mask(*w);
        }
    }

    /// The seat after `p` in the direction of play.
    #[inline]
    fn step(&self, p: Seat) -> Seat {
        let n = self.table.n;
        if self.reversed {
            Seat(if p.0 == 0 { n - 1 } else { p.0 - 1 })
        } else {
            Seat(if p.0 + 1 >= n { 0 } else { p.0 + 1 })
        }
    }

    /// The public facts of `p`'s turn that legality reads (shared with the views, C-5).
    #[inline]
    fn facts(&self, p: Seat) -> Facts<'_> {
        let i = p.idx() & 7;
        Facts {
            rules: &self.rules,
            phase: self.phase,
            turn: self.turn,
            seat: p,
            hand: self.hands.cards[i],
            size: self.hands.sizes[i] as u32,
            score: self.scores[i],
            wild: self.wild[i],
            pending: self.pending,
            named: self.named,
            top: self.table.top(),
            top_wild: self.top_wild,
            drawn: self.drawn,
            can_draw: self.table.supply.can_draw(self.rules.reshuffle),
        }
    }

    /// The distinct cards of `hand` that `p` may play on the current top (CE-2, CE-5,
    /// CE-11, CE-12).
    #[inline]
    fn matching(&self, p: Seat, hand: CardSet) -> CardSet {
        self.facts(p).matching(hand)
    }

    /// The distinct single cards `p` may play now (empty unless `p` is to play).
    pub fn playable(&self, p: Seat) -> CardSet {
        self.facts(p).playable()
    }

    /// CE-2 / CE-11: whether `p` playing `c` as the last card on the current top names a
    /// suit (the hand not emptied, or Countdown, where play goes on).
    #[inline]
    fn names_suit(&self, p: Seat, c: Card, emptied: bool) -> bool {
        self.facts(p).names_suit(c, emptied)
    }

    /// CE-8 / D-6: whether a play of `k` cards by `p` leaves a last card to declare.
    #[inline]
    fn must_declare(&self, p: Seat, k: u32) -> bool {
        self.facts(p).must_declare(k)
    }

    /// Whether `p` may pass now (CE-4 after drawing; D-4 unable to play or draw).
    #[inline]
    fn may_pass(&self, p: Seat, playable: CardSet) -> bool {
        self.facts(p).may_pass(playable)
    }

    /// Checks a play by the seat to act; the error names the broken rule.
    #[inline]
    fn check_play(&self, p: Seat, play: &CrazyEightsPlay) -> Result<(), CrazyEightsError> {
        let run = play.cards;
        if run.len() == 1 && self.drawn.is_none() {
            // One card: the common case, checked without building the run's multiset.
            let c = run.last();
            let hand = self.hands.of(p);
            if !hand.contains(c) {
                return Err(CrazyEightsError::NotInHand(c));
            }
            if !self.matching(p, hand.distinct()).contains(c) {
                return Err(if self.pending > 0 {
                    CrazyEightsError::MustAnswerTwo
                } else {
                    CrazyEightsError::DoesNotMatch(c)
                });
            }
            if self.names_suit(p, c, self.hands.size(p) == 1) != play.suit.is_some() {
                return Err(CrazyEightsError::SuitNaming);
            }
            if play.last && !self.must_declare(p, 1) {
                return Err(CrazyEightsError::NothingToDeclare);
            }
            return Ok(());
        }
        let cards = run.as_slice();
        let last = run.last();
        if let Some(d) = self.drawn {
            if cards != [d] {
                return Err(CrazyEightsError::OnlyTheDrawnCard);
            }
        }
        if cards.len() > 1
            && (self.rules.multi == Multi::Off || cards.iter().any(|c| c.rank() != last.rank()))
        {
            return Err(CrazyEightsError::NotEqualCards);
        }
        let hand = self.hands.of(p);
        let mut left = hand;
        for &c in cards {
            if !left.remove(c) {
                return Err(CrazyEightsError::NotInHand(c));
            }
        }
        let matching = self.matching(p, hand.distinct());
        if !cards.iter().any(|&c| matching.contains(c)) {
            return Err(if self.pending > 0 {
                CrazyEightsError::MustAnswerTwo
            } else {
                CrazyEightsError::DoesNotMatch(last)
            });
        }
        let emptied = left.is_empty();
        if self.names_suit(p, last, emptied) != play.suit.is_some() {
            return Err(CrazyEightsError::SuitNaming);
        }
        if play.last && !self.must_declare(p, cards.len() as u32) {
            return Err(CrazyEightsError::NothingToDeclare);
        }
        Ok(())
    }

    /// What giving cards changes (the stock refilled from the discards as CE-9 allows).
    #[inline]
    fn dealing(&mut self) -> Dealing<'_> {
        Dealing {
            reshuffle: self.rules.reshuffle,
            deal: &self.setup.deal,
            table: &mut self.table,
            hands: &mut self.hands,
            declarations: &mut self.declarations,
        }
    }

    /// Gives `seat` up to `count` cards from the stock (reshuffling as CE-9 allows);
    /// returns how many it got.
    #[inline]
    fn give(&mut self, seat: Seat, count: u8, after: &mut CrazyEightsAfter) -> u8 {
        self.dealing().give(seat, count, after)
    }

    /// [`Game::random_action`] in the phase of play, for the seat to act, one card played
    /// at a time (the caller checked): draws without listing the actions, the same action
    /// and the same draw as the listed pick.
    #[inline(always)]
    fn pick(&self, seat: Seat, rng: &mut Rng) -> Option<CrazyEightsAction> {
        // `playable` without its checks, made by the caller.
        let playable = match self.drawn {
            Some(c) => c.bit(),
            None => self.matching(seat, self.hands.of(seat).distinct()),
        };
        // The list holds, card by card in index order, one play per suit named (four for
        // a wild card that names one) times one or two declarations, then draw, then pass.
        let facts = self.facts(seat);
        let heavy = facts.naming_cards(playable);
        let m = 1 + facts.must_declare(1) as u32;
        let draw = facts.may_draw(playable) as u32;
        let pass = facts.may_pass(playable) as u32;
        let heavies = facts.count_wild(heavy);
        // Counted once for the total and the pick (no popcount instruction on baseline
        // x86-64).
        let counted = playable.counted();
        let plays = m * (counted.len() + 3 * heavies);
        let total = plays + draw + pass;
        if total == 0 {
            return None;
        }
        let k = rng.below(total);
        if k >= plays {
            return Some(if k - plays < draw {
                CrazyEightsAction::Draw
            } else {
                CrazyEightsAction::Pass
            });
        }
        let (q, last) = if m == 2 {
            (k >> 1, k & 1 == 1)
        } else {
            (k, false)
        };
        let mut heavies_before = 0;
        for h in heavy {
            let start = playable.and(CardSet(h.bit().0 - 1)).len() + 3 * heavies_before;
            if q < start {
                break;
            }
            if q < start + 4 {
                return Some(CrazyEightsAction::Play(CrazyEightsPlay {
                    cards: CardRun::one(h),
                    suit: Some(SUITS[(q - start) as usize & 3]),
                    last,
                }));
            }
            heavies_before += 1;
        }
        let c = counted.nth(q - 3 * heavies_before)?;
        Some(CrazyEightsAction::Play(CrazyEightsPlay {
            cards: CardRun::one(c),
            suit: None,
            last,
        }))
    }

    /// D-6: `p`'s turn ends; if it did not declare its last card, it draws the penalty.
    #[inline]
    fn end_turn(&mut self, p: Seat, after: &mut CrazyEightsAfter) {
        if self.declarations.undeclared == Some(p) {
            self.dealing()
                .last_card_penalty(p, LAST_CARD_PENALTY, after);
        }
    }

    /// The effects of `effective` (the cards that take effect) played by `p`, and the turn
    /// passing on (CE-5, CE-11; CE-6 for a starting card, with `p` the dealer).
    fn resolve(&mut self, p: Seat, effective: &[Card], after: &mut CrazyEightsAfter) {
        let mut skips = 0u8;
        let mut reverses = 0u8;
        let mut draw = 0u8;
        let mut forced = 0u8;
        let r = &self.rules;
        for &c in effective {
            skips += r.skip_cards.contains(c) as u8;
            reverses += r.reverse_cards.contains(c) as u8;
            draw += 2 * r.two_cards.contains(c) as u8;
            forced += QUEEN_OF_SPADES_DRAW * r.five_cards.contains(c) as u8;
        }
        // CE-5: a reversal has no effect with two players.
        if reverses & 1 == 1 && self.table.n > 2 {
            self.reversed = !self.reversed;
        }
        self.pending = self.pending.saturating_add(draw);
        let mut next = self.step(p);
        if forced > 0 {
            // CE-11: the next player draws five; that is its turn.
            let got = self.give(next, forced, after);
            after.forced_draw = Some((next, got));
            next = self.step(next);
        }
        for _ in 0..skips {
            next = self.step(next);
        }
        self.turn = next;
    }

    /// One card played (the common case), checked and applied without building the run's
    /// multiset; the same rules as [`CrazyEights::play`].
    #[inline]
    fn play_one(
        &mut self,
        p: Seat,
        play: &CrazyEightsPlay,
    ) -> Result<CrazyEightsEvent, CrazyEightsError> {
        let c = play.cards.last();
        let hand = self.hands.of(p);
        if self.drawn.is_some_and(|d| d != c) {
            return Err(CrazyEightsError::OnlyTheDrawnCard);
        }
        if !hand.contains(c) {
            return Err(CrazyEightsError::NotInHand(c));
        }
        if !self.matching(p, hand.distinct()).contains(c) {
            return Err(if self.pending > 0 {
                CrazyEightsError::MustAnswerTwo
            } else {
                CrazyEightsError::DoesNotMatch(c)
            });
        }
        if self.names_suit(p, c, self.hands.size(p) == 1) != play.suit.is_some() {
            return Err(CrazyEightsError::SuitNaming);
        }
        let due = self.must_declare(p, 1);
        if play.last && !due {
            return Err(CrazyEightsError::NothingToDeclare);
        }
        Ok(self.play_one_unchecked(p, play, due))
    }

    /// [`CrazyEights::play_one`] after its checks (`due`: the play leaves a last card to
    /// declare): the play applied. Inlined into the checked path and into
    /// [`Game::random_step`], whose drawn plays are legal by construction.
    #[inline(always)]
    fn play_one_unchecked(
        &mut self,
        p: Seat,
        play: &CrazyEightsPlay,
        due: bool,
    ) -> CrazyEightsEvent {
        let c = play.cards.last();
        let i = p.idx() & 7;
        let size = self.hands.sizes[i];
        self.hands.cards[i].remove(c);
        self.hands.sizes[i] = size - 1;
        self.table.supply.discard.push(c);
        self.top_wild = self.wild_masks[i].contains(c);
        self.named = play.suit;
        self.drawn = None;
        self.counters.stuck = 0;
        self.declarations.mark(p, play.last, due);
        if size == 1 {
            return self.went_out(p, play, CrazyEightsAfter::default());
        }
        if self.declarations.undeclared != Some(p) && !self.rules.special_cards.contains(c) {
            // The common case: no penalty, no effect. `CrazyEightsAfter` is built here whole rather
            // than filled in through a reference, so it stays out of memory (a struct
            // written a byte at a time and then copied whole stalls the copy).
            self.turn = self.step(p);
            let blocked = self.tick();
            return CrazyEightsEvent::Played {
                seat: p,
                cards: play.cards,
                suit: play.suit,
                declared: play.last,
                out: false,
                then: CrazyEightsAfter {
                    hand_over: blocked,
                    blocked,
                    ..CrazyEightsAfter::default()
                },
            };
        }
        let mut after = CrazyEightsAfter::default();
        self.end_turn(p, &mut after);
        if self.rules.special_cards.contains(c) {
            self.resolve(p, &[c], &mut after);
        } else {
            self.turn = self.step(p);
        }
        self.count_action(&mut after);
        CrazyEightsEvent::Played {
            seat: p,
            cards: play.cards,
            suit: play.suit,
            declared: play.last,
            out: false,
            then: after,
        }
    }

    /// `p` played its last card: the hand is over (CE-7), or in Countdown the score goes
    /// down and new cards are dealt, and the play takes effect (CE-12).
    #[cold]
    #[inline(never)]
    fn went_out(
        &mut self,
        p: Seat,
        play: &CrazyEightsPlay,
        mut after: CrazyEightsAfter,
    ) -> CrazyEightsEvent {
        let i = p.idx() & 7;
        let event = |after| CrazyEightsEvent::Played {
            seat: p,
            cards: play.cards,
            suit: play.suit,
            declared: play.last,
            out: true,
            then: after,
        };
        if !self.rules.countdown {
            // CE-7: the last card has no effect; the hand is over.
            self.declarations.undeclared = None;
            self.finish_hand(Some(p), false);
            after.hand_over = true;
            return event(after);
        }
        // CE-12: the score goes down; at 0 the game is won, else new cards at once.
        self.scores[i] -= 1;
        self.update_wild();
        self.counters.actions = 0;
        if self.scores[i] == 0 {
            self.declarations.undeclared = None;
            self.finish_hand(Some(p), false);
            after.hand_over = true;
            return event(after);
        }
        let got = self.give(p, self.scores[i], &mut after);
        after.dealt = Some(got);
        if play.last {
            self.declarations.declared.0 |= 1 << p.0;
        }
        self.end_turn(p, &mut after);
        match self.rules.multi {
            Multi::AddUp => self.resolve(p, play.cards.as_slice(), &mut after),
            _ => self.resolve(p, &[play.cards.last()], &mut after),
        }
        self.count_action(&mut after);
        event(after)
    }

    /// Cards played (one, or several of equal rank, CE-11).
    fn play(
        &mut self,
        p: Seat,
        play: &CrazyEightsPlay,
    ) -> Result<CrazyEightsEvent, CrazyEightsError> {
        if play.cards.len() == 1 {
            return self.play_one(p, play);
        }
        self.check_play(p, play)?;
        let run = play.cards;
        let last = run.last();
        let i = p.idx() & 7;
        let due = self.must_declare(p, run.len() as u32);
        for &c in run.as_slice() {
            self.hands.take(p, c);
            self.table.supply.discard.push(c);
        }
        self.top_wild = self.wild_masks[i].contains(last);
        self.named = play.suit;
        self.drawn = None;
        self.counters.stuck = 0;
        self.declarations.mark(p, play.last, due);
        let mut after = CrazyEightsAfter::default();
        if self.hands.cards[i].is_empty() {
            return Ok(self.went_out(p, play, after));
        }
        self.end_turn(p, &mut after);
        match self.rules.multi {
            Multi::AddUp => self.resolve(p, run.as_slice(), &mut after),
            _ => self.resolve(p, &[last], &mut after),
        }
        self.count_action(&mut after);
        Ok(CrazyEightsEvent::Played {
            seat: p,
            cards: run,
            suit: play.suit,
            declared: play.last,
            out: false,
            then: after,
        })
    }

    fn draw(&mut self, p: Seat) -> Result<CrazyEightsEvent, CrazyEightsError> {
        // CE-4: the playable cards matter only to "draw only when unable to play".
        let allowed = self.drawn.is_none()
            && (self.pending > 0
                || (self.table.supply.can_draw(self.rules.reshuffle)
                    && (!self.rules.draw_only_when_unable
                        || self.matching(p, self.hands.of(p).distinct()).is_empty())));
        if !allowed {
            return Err(CrazyEightsError::MayNotDraw);
        }
        Ok(self.draw_unchecked(p))
    }

    /// [`CrazyEights::draw`] after its check: the draw applied. Inlined into the checked
    /// path and into [`Game::random_step`], whose drawn draws are legal by construction.
    #[inline(always)]
    fn draw_unchecked(&mut self, p: Seat) -> CrazyEightsEvent {
        self.counters.stuck = 0;
        let mut after = CrazyEightsAfter::default();
        if self.pending > 0 {
            // CE-5 / D-3: the whole penalty; drawn cards are not played this turn.
            let count = self.give(p, self.pending, &mut after);
            self.pending = 0;
            self.end_turn(p, &mut after);
            self.turn = self.step(p);
            self.count_action(&mut after);
            return CrazyEightsEvent::Drew {
                seat: p,
                count,
                penalty: true,
                may_play: false,
                then: after,
            };
        }
        let (c, shuffled) = self
            .table
            .supply
            .draw(&self.setup.deal, self.rules.reshuffle);
        let mut may_play = false;
        if let Some(c) = c {
            self.hands.add(p, c);
            self.declarations.withdraw(p);
            if self.rules.play_drawn_card && self.matching(p, c.bit()) == c.bit() {
                self.drawn = Some(c);
                may_play = true;
            }
        }
        if may_play || self.declarations.undeclared != Some(p) {
            // No penalty due: `CrazyEightsAfter` is built whole, as in `play_one`.
            if !may_play {
                self.turn = self.step(p);
            }
            let blocked = self.tick();
            return CrazyEightsEvent::Drew {
                seat: p,
                count: c.is_some() as u8,
                penalty: false,
                may_play,
                then: CrazyEightsAfter {
                    reshuffled: shuffled,
                    hand_over: blocked,
                    blocked,
                    ..CrazyEightsAfter::default()
                },
            };
        }
        after.reshuffled = shuffled;
        self.end_turn(p, &mut after);
        self.turn = self.step(p);
        self.count_action(&mut after);
        CrazyEightsEvent::Drew {
            seat: p,
            count: c.is_some() as u8,
            penalty: false,
            may_play,
            then: after,
        }
    }

    fn pass(&mut self, p: Seat) -> Result<CrazyEightsEvent, CrazyEightsError> {
        let playable = self.matching(p, self.hands.of(p).distinct());
        if !self.may_pass(p, playable) {
            return Err(CrazyEightsError::MayNotPass);
        }
        Ok(self.pass_unchecked(p))
    }

    /// [`CrazyEights::pass`] after its check: the pass applied. Inlined into the checked
    /// path and into [`Game::random_step`], whose drawn passes are legal by construction.
    #[inline(always)]
    fn pass_unchecked(&mut self, p: Seat) -> CrazyEightsEvent {
        let mut after = CrazyEightsAfter::default();
        if self.drawn.take().is_some() {
            self.counters.stuck = 0;
        } else {
            // D-4: every player passing in a row blocks the hand.
            self.counters.stuck += 1;
            if self.counters.stuck >= self.table.n {
                self.block(&mut after);
                return CrazyEightsEvent::Passed {
                    seat: p,
                    then: after,
                };
            }
        }
        self.end_turn(p, &mut after);
        self.turn = self.step(p);
        self.count_action(&mut after);
        CrazyEightsEvent::Passed {
            seat: p,
            then: after,
        }
    }

    /// D-4: a hand that reaches the action limit is blocked.
    #[inline]
    fn count_action(&mut self, after: &mut CrazyEightsAfter) {
        if self.tick() {
            after.blocked();
        }
    }

    /// D-4: counts an action; whether the hand reached the action limit and is now blocked.
    #[inline]
    fn tick(&mut self) -> bool {
        if self.counters.count() && self.phase == CrazyEightsPhase::Playing {
            self.finish_hand(None, true);
            return true;
        }
        false
    }

    #[cold]
    fn block(&mut self, after: &mut CrazyEightsAfter) {
        self.finish_hand(None, true);
        after.blocked();
    }

    /// CE-10 / CE-12: scores the hand; the match ends when a total reached the target with
    /// one lowest total (D-5), or when a Countdown score reached 0.
    #[inline(never)]
    fn finish_hand(&mut self, winner: Option<Seat>, blocked: bool) {
        let n = self.table.n as usize;
        let mut points = [0i32; 8];
        if self.rules.countdown {
            for (pt, &s) in points.iter_mut().zip(&self.scores).take(n) {
                *pt = s as i32;
            }
            self.totals = points;
            self.winner = winner;
            self.phase = if winner.is_some() {
                CrazyEightsPhase::MatchOver
            } else {
                CrazyEightsPhase::HandOver
            };
        } else {
            for (s, pt) in points.iter_mut().enumerate().take(n) {
                if Some(Seat(s as u8)) != winner {
                    *pt = hand_points(self.hands.cards[s], self.rules.wild);
                }
                self.totals[s] += *pt;
            }
            let totals = &self.totals[..n];
            let best = totals.iter().copied().min().unwrap_or(0);
            let lowest = totals.iter().filter(|&&t| t == best).count();
            let target = self.setup.settings.target as i32;
            if totals.iter().any(|&t| t >= target) && lowest == 1 {
                let w = totals.iter().position(|&t| t == best).unwrap_or(0);
                self.winner = Some(Seat(w as u8));
                self.phase = CrazyEightsPhase::MatchOver;
            } else {
                self.phase = CrazyEightsPhase::HandOver;
            }
        }
        self.result = Some(Tally::new(
            self.table.n,
            winner,
            blocked,
            &self.hands,
            points,
            self.totals,
            (),
        ));
    }

    /// Deals a hand (CE-1; Countdown: as many cards as each score, CE-12) and turns up the
    /// starting card (CE-3, CE-6).
    fn start_hand(&mut self) {
        self.hand_number += 1;
        self.table.supply.new_deal(&self.setup.deal, self.table.all);
        let n = self.table.n;
        let base = if self.setup.settings.eight_cards_each {
            8
        } else if n == 2 {
            7
        } else {
            5
        };
        let mut counts = [0u8; 8];
        for (s, c) in counts.iter_mut().enumerate().take(n as usize) {
            *c = if self.rules.countdown {
                self.scores[s]
            } else {
                base
            };
        }
        self.hands = Hands::EMPTY;
        let supply = &mut self.table.supply;
        self.hands
            .deal(&mut supply.stock, self.dealer.next(n), n, &counts);
        if let Some(c) = supply.stock.pop() {
            supply.discard.push(c);
        }
        self.reversed = false;
        self.pending = 0;
        self.named = None;
        self.drawn = None;
        self.declarations = Declarations::default();
        self.counters = Counters::default();
        self.result = None;
        self.phase = CrazyEightsPhase::Playing;
        // CE-6: the starting card acts as if the dealer had played it; CE-3: a starting
        // wild card lets the dealer name the suit.
        let top = self.table.top();
        self.top_wild = top.rank() == self.wild_of(self.dealer);
        if self.top_wild && self.rules.power != EightPower::NoSuit {
            self.phase = CrazyEightsPhase::DealerNamesSuit;
            self.turn = self.dealer;
        } else {
            let mut after = CrazyEightsAfter::default();
            self.resolve(self.dealer, &[top], &mut after);
        }
    }

    fn name_suit(&mut self, p: Seat, suit: Suit) -> CrazyEightsEvent {
        self.named = Some(suit);
        self.phase = CrazyEightsPhase::Playing;
        let top = self.table.top();
        let mut after = CrazyEightsAfter::default();
        self.resolve(p, &[top], &mut after);
        CrazyEightsEvent::SuitNamed { seat: p, suit }
    }

    /// The phase of the hand.
    pub fn phase(&self) -> CrazyEightsPhase {
        self.phase
    }

    /// The seat to act, if any.
    pub fn turn(&self) -> Option<Seat> {
        self.phase.acting().then_some(self.turn)
    }

    #[cfg(test)]
    pub(super) fn set_scores(&mut self, scores: [u8; 8]) {
        self.scores = scores;
        self.update_wild();
    }
}

/// Test positions: everything but the cards as at the start of a hand without effects.
#[cfg(test)]
impl crate::games::shedding::testing::Arrange for CrazyEights {
    fn arrange(&mut self, hands: &[&str], top: &str, stock: &str, turn: u8) {
        let top = self.table.arrange(&mut self.hands, hands, top, stock);
        self.turn = Seat(turn);
        self.phase = CrazyEightsPhase::Playing;
        self.reversed = false;
        self.pending = 0;
        self.named = None;
        self.top_wild = top.rank() == self.wild_of(self.dealer);
        self.drawn = None;
        self.declarations = Declarations::default();
        self.counters = Counters::default();
    }

    fn table_and_totals(&mut self) -> (&mut Table, &mut [i32; 8]) {
        (&mut self.table, &mut self.totals)
    }
}

/// What one seat of Crazy Eights cannot see, for [`FromView`] (see [`SheddingHidden`]):
/// every seat's hand, the stock in order, the card just drawn by the seat to act when it
/// fits and may be played (CE-4), the discard pile below its top card, and the counters of
/// D-4 and D-6.
pub type CrazyEightsHidden = SheddingHidden;

impl FromView for CrazyEights {
    type Hidden = CrazyEightsHidden;

    fn from_view(
        v: &CrazyEightsView,
        h: &CrazyEightsHidden,
        seed: u64,
    ) -> Result<CrazyEights, SetupError> {
        let n = v.players;
        let ni = n as usize;
        let shaped = (2..=8).contains(&n);
        let rebuilt = rebuild(v, h, seed, Self::TITLE, shaped, v.dealer, None)?;
        let mut arr8 = [0i32; 8];
        arr8[..ni].copy_from_slice(&v.totals);
        let mut scores = [COUNTDOWN_START; 8];
        if !v.countdown.is_empty() {
            if v.countdown.len() != ni {
                return Err(crate::rebuild::bad(
                    "a countdown of a wrong number of seats",
                ));
            }
            scores[..ni].copy_from_slice(&v.countdown);
        }
        let rules = Rules::new(&v.settings);
        let totals = if rules.countdown { [0; 8] } else { arr8 };
        let result = match &v.result {
            None => None,
            Some(r) => Some(Tally::rebuilt(
                n,
                r.winner,
                r.blocked,
                &r.hands,
                &r.points,
                &r.totals,
                (),
            )?),
        };
        let mut g = CrazyEights {
            setup: Setup {
                players: n,
                settings: v.settings.clone(),
                deal: crate::game::Deal::seeded(seed),
            },
            rules,
            table: rebuilt.table,
            dealer: v.dealer,
            hand_number: v.hand_number,
            phase: v.phase,
            hands: rebuilt.hands,
            turn: rebuilt.turn,
            reversed: v.direction == Direction::Counterclockwise,
            named: v.named_suit,
            top_wild: v.top_wild,
            pending: v.pending_draw,
            drawn: h.drawn,
            declarations: Declarations {
                undeclared: h.undeclared,
                declared: v.declared,
            },
            counters: Counters {
                stuck: h.stuck,
                actions: h.actions,
            },
            scores,
            wild: [Rank::EIGHT; 8],
            wild_masks: [CardSet::EMPTY; 8],
            totals,
            result,
            winner: v.winner,
        };
        g.update_wild();
        Ok(g)
    }
}

/// The true hidden cards (the samplers' tests, a finished hand's record).
impl crate::record::Reveal for CrazyEights {
    fn hidden(&self) -> CrazyEightsHidden {
        let (table, hands) = (&self.table, &self.hands);
        SheddingHidden::of(table, hands, self.drawn, &self.declarations, &self.counters)
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
impl Inspect for CrazyEights {
    type Cards = CardBag;

    /// Every card's place, for the card-accounting property test: each hand, the stock,
    /// the discard pile.
    fn card_places(&self) -> Vec<CardBag> {
        inspect::card_places(&self.table, &self.hands)
    }

    /// Every card of the game (one or two decks).
    fn all_cards(&self) -> CardBag {
        self.table.all
    }

    /// Shuffles the hidden cards a seat other than `viewer` may not see — the other hands
    /// and the stock — keeping every count: for the property test that a view shows no
    /// hidden card. Nothing is hidden once the hand is over.
    fn scramble_hidden(&mut self, viewer: Seat, rng: &mut Rng) {
        if let Some(turn) = self.turn() {
            let (table, hands) = (&mut self.table, &mut self.hands);
            inspect::scramble(table, hands, &mut self.drawn, turn, viewer, rng);
        }
    }

    /// The actions that name no card: draw, pass, each suit named. Not the plays: a play
    /// is a card or several of a rank, a suit named or not, declared or not, too many to
    /// list, so the legality test adds the plays of the position at hand (see tests.rs).
    fn all_actions(&self) -> Vec<CrazyEightsAction> {
        let mut v = vec![CrazyEightsAction::Draw, CrazyEightsAction::Pass];
        v.extend(SUITS.iter().map(|&s| CrazyEightsAction::Suit(s)));
        v
    }
}

impl Game for CrazyEights {
    shedding_game_items! {
        settings: CrazyEightsSettings,
        action: CrazyEightsAction,
        view: CrazyEightsView,
        event: CrazyEightsEvent,
        error: CrazyEightsError,
        phase: CrazyEightsPhase,
    }

    const NAME: &'static str = "crazy_eights";
    const KIND: crate::games::GameKind = crate::games::GameKind::CrazyEights;

    /// CE-10: penalty points up to `target`, the lowest total wins. CE-12 Countdown: the
    /// scores count down to 0 and are the totals themselves; no target line.
    fn scoring(settings: &CrazyEightsSettings) -> Scoring {
        Scoring {
            target: (!settings.countdown && settings.target > 0).then_some(settings.target as i32),
            lower_wins: true,
            points_are_totals: settings.countdown,
        }
    }

    fn new(setup: &Setup<CrazyEightsSettings>) -> Result<CrazyEights, SetupError> {
        let n = parts::players(setup, Self::NAME, 8)?;
        let s = &setup.settings;
        if ![100, 200, 500].contains(&s.target) {
            return Err(SetupError::BadSetting(format!(
                "target must be 100, 200 or 500 (CE-10), not {}",
                s.target
            )));
        }
        if s.countdown_preset && !s.countdown {
            return Err(SetupError::BadSetting(
                "countdown_preset needs countdown (CE-12)".to_string(),
            ));
        }
        // CE-1: two decks from six players.
        let decks = if n >= 6 { 2 } else { 1 };
        let each = if s.countdown || s.eight_cards_each {
            8
        } else if n == 2 {
            7
        } else {
            5
        };
        // CE-1: the deal must leave a starting card and a stock.
        if n as u32 * each + 2 > 52 * decks as u32 {
            return Err(SetupError::BadSetting(format!(
                "{n} players with {each} cards each leave no stock (CE-1)"
            )));
        }
        let (table, dealer) = Table::new(
            setup,
            decks,
            [
                "Crazy Eights needs the 52 cards",
                "Crazy Eights with 6 or more players needs the 104 cards of two decks",
            ],
        )?;
        let mut g = CrazyEights {
            setup: setup.clone(),
            rules: Rules::new(s),
            table,
            dealer,
            hand_number: 0,
            phase: CrazyEightsPhase::Playing,
            hands: Hands::EMPTY,
            turn: dealer,
            reversed: false,
            named: None,
            top_wild: false,
            pending: 0,
            drawn: None,
            declarations: Declarations::default(),
            counters: Counters::default(),
            scores: [COUNTDOWN_START; 8],
            wild: [Rank::EIGHT; 8],
            wild_masks: [CardSet::EMPTY; 8],
            totals: [0; 8],
            result: None,
            winner: None,
        };
        g.update_wild();
        g.start_hand();
        Ok(g)
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<CrazyEightsAction>) {
        if seat != self.turn {
            return;
        }
        self.facts(seat).legal_actions(out);
    }

    /// Draws without listing the actions when one card is played at a time: the same
    /// action and the same draw as the default (checked by a property test).
    #[inline]
    fn random_action(
        &self,
        seat: Seat,
        rng: &mut Rng,
        scratch: &mut Vec<CrazyEightsAction>,
    ) -> Option<CrazyEightsAction> {
        if self.phase != CrazyEightsPhase::Playing
            || seat != self.turn
            || self.rules.multi != Multi::Off
        {
            return random_from_list(self, seat, rng, scratch);
        }
        self.pick(seat, rng)
    }

    /// Applies the action [`Game::random_action`] draws without checking it again (legal
    /// by construction) and without building its event: the same state and the same draws
    /// as `random_action` then `apply` (checked by a property test).
    #[inline]
    fn random_step(
        &mut self,
        seat: Seat,
        rng: &mut Rng,
        scratch: &mut Vec<CrazyEightsAction>,
    ) -> bool {
        if self.phase != CrazyEightsPhase::Playing
            || seat != self.turn
            || self.rules.multi != Multi::Off
        {
            return match random_from_list(self, seat, rng, scratch) {
                Some(a) => self.apply(seat, &a).is_ok(),
                None => false,
            };
        }
        match self.pick(seat, rng) {
            Some(CrazyEightsAction::Play(p)) => {
                let due = self.must_declare(seat, 1);
                self.play_one_unchecked(seat, &p, due);
                true
            }
            Some(CrazyEightsAction::Draw) => {
                self.draw_unchecked(seat);
                true
            }
            Some(CrazyEightsAction::Pass) => {
                self.pass_unchecked(seat);
                true
            }
            Some(a) => self.apply(seat, &a).is_ok(),
            None => false,
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &CrazyEightsAction,
    ) -> Result<CrazyEightsEvent, CrazyEightsError> {
        CrazyEightsError::check_turn(self.turn(), seat)?;
        // Matched by reference: copying the action (a run of up to eight cards) into a
        // tuple with the phase cost more than the rest of the dispatch.
        match action {
            CrazyEightsAction::Play(p) if self.phase == CrazyEightsPhase::Playing => {
                self.play(seat, p)
            }
            CrazyEightsAction::Draw if self.phase == CrazyEightsPhase::Playing => self.draw(seat),
            CrazyEightsAction::Pass if self.phase == CrazyEightsPhase::Playing => self.pass(seat),
            &CrazyEightsAction::Suit(s) if self.phase == CrazyEightsPhase::DealerNamesSuit => {
                Ok(self.name_suit(seat, s))
            }
            _ => Err(CrazyEightsError::WrongPhase),
        }
    }

    fn next_hand(&mut self) -> Result<(), CrazyEightsError> {
        if self.phase != CrazyEightsPhase::HandOver {
            return Err(CrazyEightsError::HandNotOver);
        }
        // D-1: the deal passes to the next seat.
        self.dealer = self.dealer.next(self.table.n);
        self.start_hand();
        Ok(())
    }

    fn timeout_action(&self, seat: Seat) -> Option<CrazyEightsAction> {
        // D-7: a pending penalty is taken, else a card drawn where drawing is allowed; a
        // drawn card that fits is kept (pass); else the lowest single card; the dealer's
        // suit: the first option.
        let legal = crate::timeout::legal(self, seat);
        crate::timeout::draw_or_lowest_card(
            &legal,
            &CrazyEightsAction::Draw,
            &CrazyEightsAction::Pass,
            true,
            |a| match a {
                CrazyEightsAction::Play(p) if p.cards.len() == 1 => Some(p.cards.last()),
                _ => None,
            },
        )
    }

    fn apply_timeout(
        &mut self,
        seat: Seat,
        events: &mut Vec<CrazyEightsEvent>,
    ) -> Result<(), CrazyEightsError> {
        // CE-4 (`play_drawn_card`): a card the timeout drew that fits is kept; the turn ends.
        crate::timeout::apply_and_follow(self, seat, events, |g| {
            g.drawn.is_some() && g.status() == Status::Acting(SeatSet::only(seat))
        })
    }

    /// Seat 0's view without what seat 0 alone sees (see [`Game::watch_view`]).
    fn watch_view(&self) -> CrazyEightsView {
        CrazyEightsView {
            hand: CardBag::default(),
            drawn: None,
            ..self.view(Seat(0))
        }
    }

    fn view(&self, seat: Seat) -> CrazyEightsView {
        let n = self.table.n as usize;
        let supply = &self.table.supply;
        CrazyEightsView {
            seat,
            players: self.table.n,
            decks: self.table.decks,
            settings: self.setup.settings.clone(),
            phase: self.phase,
            to_act: self.turn().map_or(SeatSet::default(), SeatSet::only),
            dealer: self.dealer,
            hand_number: self.hand_number,
            hand: self.hands.of(seat),
            top: supply.discard.top(),
            named_suit: self.named,
            top_wild: self.top_wild,
            direction: Direction::of(self.reversed),
            pending_draw: self.pending,
            drawn: self.drawn.filter(|_| seat == self.turn),
            hand_counts: self.hands.counts(self.table.n),
            stock: supply.stock.len() as u8,
            discards: supply.discard.len() as u8,
            declared: self.declarations.declared,
            wild_ranks: (0..self.table.n).map(|s| self.wild_of(Seat(s))).collect(),
            countdown: if self.rules.countdown {
                self.scores[..n].to_vec()
            } else {
                Vec::new()
            },
            totals: self.totals(),
            result: self.result.map(|t| t.result()),
            winner: self.winner,
        }
    }

    /// CE-10 totals; in Countdown (CE-12) the scores, 8 down to 0.
    fn totals(&self) -> Vec<i32> {
        let n = self.table.n as usize;
        if self.rules.countdown {
            self.scores[..n].iter().map(|&s| s as i32).collect()
        } else {
            self.totals[..n].to_vec()
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|w| Outcome {
            totals: self.totals(),
            winners: vec![w.idx()],
        })
    }
}
