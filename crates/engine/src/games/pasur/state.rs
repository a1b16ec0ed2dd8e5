//! Pasur's full state and its rules.

use super::types::*;
use crate::card::{Card, CardSet, Rank, Suit};
use crate::game::{random_from_list, Game, HandScore, Outcome, Scoring, Setup, SetupError, Status};
use crate::rebuild::{bad, FromView};
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
#[cfg(any(test, feature = "testkit"))]
use crate::testkit::Inspect;

/// The 40 numerals, A and 2 … 10 of every suit (PA-3: A=1 … 10).
pub(super) const NUMERALS: CardSet = {
    let mut bits = 0u64;
    let mut s = 0;
    while s < 4 {
        // Ranks 2..=10 are indexes 0..=8, the ace is 12.
        bits |= (0x1FF | 1 << 12) << (s * 13);
        s += 1;
    }
    CardSet(bits)
};

/// The cards of one rank in every suit.
const fn rank_mask(r: Rank) -> CardSet {
    let i = r.index() as u64;
    CardSet(1 << i | 1 << (i + 13) | 1 << (i + 26) | 1 << (i + 39))
}

pub(super) const JACKS: CardSet = rank_mask(Rank::JACK);
pub(super) const QUEENS: CardSet = rank_mask(Rank::QUEEN);
pub(super) const KINGS: CardSet = rank_mask(Rank::KING);
pub(super) const ACES: CardSet = rank_mask(Rank::ACE);
const CLUBS: CardSet = Suit::Clubs.mask();
/// 10♦: 3 points (PA-10).
pub(super) const TEN_DIAMONDS: Card = Card::new(Suit::Diamonds, Rank::TEN);
/// 2♣: 2 points (PA-10).
pub(super) const TWO_CLUBS: Card = Card::new(Suit::Clubs, Rank::TWO);

/// A card's Pasur value: A=1, 2 … 10, J=11, Q=12, K=13 (PA-3, D-7).
pub const fn pasur_value(c: Card) -> u8 {
    let r = c.rank().index();
    if r == 12 {
        1
    } else {
        r + 2
    }
}

/// Each card's key in the Pasur order (D-7): `value * 4 + suit`, so ascending keys run
/// A♣ A♦ A♥ A♠ 2♣ … K♠; numerals have keys 4..44 and `key / 4` is their value.
const KEY: [u8; 64] = {
    let mut t = [63u8; 64];
    let mut i = 0;
    while i < 52 {
        let rank = i % 13;
        let value = if rank == 12 { 1 } else { rank + 2 };
        t[i] = (value * 4 + i / 13) as u8;
        i += 1;
    }
    t
};

/// The card with each Pasur key (the inverse of [`KEY`]).
const CARD_OF_KEY: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 52 {
        t[KEY[i] as usize] = i as u8;
        i += 1;
    }
    t
};

#[inline]
fn card_of_key(k: u32) -> Card {
    // Every key used comes from KEY, so the index is a card.
    Card::from_index(CARD_OF_KEY[(k & 63) as usize]).unwrap_or(Card::RED_JOKER)
}

/// A set of cards as a bitset in Pasur order (bit = [`KEY`]).
#[inline]
fn in_pasur_order(set: CardSet) -> u64 {
    let mut bits = set.0;
    let mut out = 0u64;
    while bits != 0 {
        out |= 1 << KEY[(bits.trailing_zeros() & 63) as usize];
        bits &= bits - 1;
    }
    out
}

/// The sum of the Pasur values of `set`.
#[inline]
fn value_sum(set: CardSet) -> u32 {
    let mut bits = set.0;
    let mut sum = 0u32;
    while bits != 0 {
        sum += value_of(bits.trailing_zeros());
        bits &= bits - 1;
    }
    sum
}

/// Calls `f` with every set of the numerals `rest` (a bitset in Pasur order) whose values
/// sum to `remaining`, in the engine's fixed order: lexicographic over the cards listed
/// low to high (A♣ first). Stops, returning true, as soon as `f` returns true.
fn sum_subsets(
    mut rest: u64,
    remaining: u32,
    chosen: CardSet,
    f: &mut impl FnMut(CardSet) -> bool,
) -> bool {
    while rest != 0 {
        let k = rest.trailing_zeros();
        let v = k >> 2;
        if v > remaining {
            break;
        }
        rest &= rest - 1;
        let with = chosen.or(card_of_key(k).bit());
        if v == remaining {
            if f(with) {
                return true;
            }
        } else if sum_subsets(rest, remaining - v, with, f) {
            return true;
        }
    }
    false
}

/// What a table offers to capture, worked out once per position.
#[derive(Clone, Copy)]
pub(super) struct TableInfo {
    numerals: CardSet,
    jacks: CardSet,
    queens: CardSet,
    kings: CardSet,
    takes_all: bool,
}

/// The number of sets of table numerals summing to each total 0 ..= 10.
#[derive(Clone, Copy)]
enum Ways {
    /// 5-bit lanes, lane t for the total t (at most 5 numerals on the table).
    Small(u64),
    /// 11-bit lanes (at most 11 numerals).
    Packed(u128),
    Wide([u32; 11]),
}

impl Ways {
    const NONE: Ways = Ways::Small(1);

    #[inline]
    fn get(&self, t: u32) -> u32 {
        match self {
            Ways::Small(w) => ((w >> (5 * t.min(10))) & 0x1F) as u32,
            Ways::Packed(w) => ((w >> (11 * t.min(10))) & 0x7FF) as u32,
            Ways::Wide(w) => w[t.min(10) as usize],
        }
    }
}

/// A card's kind for capturing (PA-3).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A=1 … 10.
    Numeral(u32),
    Jack,
    /// A queen or a king: takes exactly one card of its rank.
    Face(CardSet),
}

#[inline]
fn kind(c: Card) -> Kind {
    // The Pasur value from the key table: one load instead of a division.
    match KEY[(c.index() & 63) as usize] >> 2 {
        11 => Kind::Jack,
        12 => Kind::Face(QUEENS),
        13 => Kind::Face(KINGS),
        v => Kind::Numeral(v as u32),
    }
}

/// The Pasur value of each card (A=1 … K=13), by index.
#[inline]
fn value_of(index: u32) -> u32 {
    (KEY[(index & 63) as usize] >> 2) as u32
}

impl TableInfo {
    #[inline]
    pub(super) fn new(table: CardSet, takes_all: bool) -> TableInfo {
        let numerals = table.and(NUMERALS);
        TableInfo {
            numerals,
            jacks: table.and(JACKS),
            queens: table.and(QUEENS),
            kings: table.and(KINGS),
            takes_all,
        }
    }

    /// Calls `f` with each capture option of `card` in the engine's fixed order (PA-3):
    /// a numeral's sets summing to 11 (see [`sum_subsets`]); a jack's numerals, then its
    /// jacks (or both together with `jack_takes_all`); a queen's or king's single card of
    /// its rank, in suit order. Stops as soon as `f` returns true.
    #[inline]
    fn for_each_option(&self, card: Card, mut f: impl FnMut(CardSet) -> bool) {
        match kind(card) {
            Kind::Numeral(v) => {
                sum_subsets(
                    in_pasur_order(self.numerals),
                    11 - v,
                    CardSet::EMPTY,
                    &mut f,
                );
            }
            Kind::Jack => {
                if self.takes_all {
                    let all = self.numerals.or(self.jacks);
                    if !all.is_empty() {
                        f(all);
                    }
                } else {
                    if !self.numerals.is_empty() && f(self.numerals) {
                        return;
                    }
                    if !self.jacks.is_empty() {
                        f(self.jacks);
                    }
                }
            }
            Kind::Face(rank) => {
                let same = if rank == QUEENS {
                    self.queens
                } else {
                    self.kings
                };
                for c in same {
                    if f(c.bit()) {
                        return;
                    }
                }
            }
        }
    }

    /// The number of capture options of `card`, given the subset counts of the table's
    /// numerals (from [`TableInfo::subset_counts`]).
    #[inline]
    fn count_options(&self, card: Card, ways: &Ways) -> u32 {
        match kind(card) {
            Kind::Numeral(v) => ways.get(11 - v),
            Kind::Jack => {
                let n = !self.numerals.is_empty() as u32;
                let j = !self.jacks.is_empty() as u32;
                if self.takes_all {
                    n | j
                } else {
                    n + j
                }
            }
            Kind::Face(rank) => {
                if rank == QUEENS {
                    self.queens.len()
                } else {
                    self.kings.len()
                }
            }
        }
    }

    /// How many sets of table numerals sum to each `t` in 0 ..= 10: the generating
    /// function of the subsets, truncated at 10, with one lane per sum. With at most `k`
    /// cards no lane passes 2^k - 1 (the empty set is the only one summing to 0), so
    /// 5-bit lanes in a u64 take five cards and 11-bit lanes in a u128 eleven.
    #[inline]
    fn subset_counts(&self) -> Ways {
        let mut rest = self.numerals.0;
        let n = self.numerals.len();
        if n <= 5 {
            const LANES: u64 = (1 << 55) - 1;
            let mut w: u64 = 1;
            while rest != 0 {
                let v = value_of(rest.trailing_zeros());
                rest &= rest - 1;
                w += (w << (5 * v)) & LANES;
            }
            return Ways::Small(w);
        }
        if n <= 11 {
            const LANES: u128 = (1 << 121) - 1;
            let mut w: u128 = 1;
            while rest != 0 {
                let v = value_of(rest.trailing_zeros());
                rest &= rest - 1;
                w += (w << (11 * v)) & LANES;
            }
            return Ways::Packed(w);
        }
        let mut w = [0u32; 11];
        w[0] = 1;
        while rest != 0 {
            let v = value_of(rest.trailing_zeros()) as usize;
            rest &= rest - 1;
            for t in (v..=10).rev() {
                w[t] += w[t - v];
            }
        }
        Ways::Wide(w)
    }

    /// Whether `card` has at least one capture option.
    #[inline]
    fn can_capture(&self, card: Card) -> bool {
        match kind(card) {
            Kind::Numeral(v) => {
                // Subset sums as a bitmask: bit t set when some set sums to t.
                let mut reach = 1u32;
                let mut rest = self.numerals.0;
                while rest != 0 {
                    let w = value_of(rest.trailing_zeros());
                    rest &= rest - 1;
                    reach |= (reach << w) & 0x7FF;
                }
                reach & (1 << (11 - v)) != 0
            }
            Kind::Jack => !self.numerals.or(self.jacks).is_empty(),
            Kind::Face(rank) => {
                let same = if rank == QUEENS {
                    self.queens
                } else {
                    self.kings
                };
                !same.is_empty()
            }
        }
    }

    /// Checks that `take` (not empty, all on the table) is a capture option of `card`.
    fn check_capture(&self, card: Card, take: CardSet) -> Result<(), PasurError> {
        let ok = match kind(card) {
            Kind::Numeral(v) => take.minus(NUMERALS).is_empty() && value_sum(take) + v == 11,
            Kind::Jack => {
                if self.takes_all {
                    take == self.numerals.or(self.jacks)
                } else {
                    take == self.numerals || take == self.jacks
                }
            }
            Kind::Face(rank) => take.len() == 1 && take.minus(rank).is_empty(),
        };
        if ok {
            return Ok(());
        }
        Err(match kind(card) {
            Kind::Numeral(_) => PasurError::MustSumToEleven { card },
            Kind::Jack => PasurError::JackTakesAll { card },
            Kind::Face(_) => PasurError::TakesOneOfItsRank { card },
        })
    }
}

/// Appends what `card` would capture from `table` (PA-3) to `out`, one set per option
/// in the engine's fixed order; nothing if it captures nothing.
pub fn capture_options_into(card: Card, table: CardSet, takes_all: bool, out: &mut Vec<CardSet>) {
    TableInfo::new(table, takes_all).for_each_option(card, |s| {
        out.push(s);
        false
    });
}

/// Appends the legal actions of a seat holding `hand` at `table` to `out`, in the
/// engine's fixed order (D-7): cards from the lowest in Pasur order (A=1 … K, ties
/// ♣ ♦ ♥ ♠), each with its capture options in order, then its laying-down where allowed.
pub fn legal_actions_into(
    hand: CardSet,
    table: CardSet,
    settings: &PasurSettings,
    out: &mut Vec<PasurAction>,
) {
    let info = TableInfo::new(table, settings.jack_takes_all);
    let mut keys = in_pasur_order(hand);
    while keys != 0 {
        let card = card_of_key(keys.trailing_zeros());
        keys &= keys - 1;
        let before = out.len();
        info.for_each_option(card, |s| {
            out.push(PasurAction::take(card, s));
            false
        });
        if out.len() == before {
            out.push(PasurAction::play(card));
        } else if !settings.forced_capture {
            out.push(PasurAction::take(card, CardSet::EMPTY));
        }
    }
}

/// The full state of a Pasur match. Nobody may see it whole: use [`Game::view`].
#[derive(Clone, Debug, Hash)]
pub struct Pasur {
    setup: Setup<PasurSettings>,
    rng: Rng,
    /// How many decks have been shuffled (indexes `setup.deal.decks`).
    shuffles: u32,
    /// Number of players, 2 or 4.
    n: u8,
    /// This round's deck order; `deck[next..]` is the stock, top first.
    deck: [Card; 52],
    next: u8,
    dealer: Seat,
    turn: Seat,
    phase: PasurPhase,
    round_number: u16,
    deal_number: u8,
    redeals: u8,
    replaced_jacks: CardSet,
    hands: [CardSet; 4],
    table: CardSet,
    /// Captured cards per side.
    piles: [CardSet; 2],
    /// سور: surs per side this round (PA-7).
    surs: [u8; 2],
    last_capture: Option<Seat>,
    last_play: Option<LastPlay>,
    totals: [i32; 2],
    result: Option<RoundResult>,
    winner: Option<usize>,
}

/// Two or more jacks, three or more queens or three or more kings on the table (PA-2).
#[inline]
fn needs_redeal(table: CardSet) -> bool {
    table.and(JACKS).len() >= 2 || table.and(QUEENS).len() >= 3 || table.and(KINGS).len() >= 3
}

/// A side's tally of a captured pile (PA-10).
fn tally(pile: CardSet, surs: u8) -> SideTally {
    let clubs = pile.and(CLUBS).len() as u8;
    let jacks = pile.and(JACKS).len() as u8;
    let aces = pile.and(ACES).len() as u8;
    let ten_of_diamonds = pile.contains(TEN_DIAMONDS);
    let two_of_clubs = pile.contains(TWO_CLUBS);
    let points = if clubs >= 7 { 7 } else { 0 }
        + 5 * surs as i32
        + 3 * ten_of_diamonds as i32
        + 2 * two_of_clubs as i32
        + jacks as i32
        + aces as i32;
    SideTally {
        cards: pile.len() as u8,
        clubs,
        surs,
        jacks,
        aces,
        ten_of_diamonds,
        two_of_clubs,
        points,
    }
}

/// A side's line of the score sheet (PA-10).
fn score_line(pile: CardSet, surs: u8) -> ScoreLine {
    let t = tally(pile, surs);
    ScoreLine {
        cards: t.cards,
        clubs: t.clubs,
        clubs_points: if t.clubs >= 7 { 7 } else { 0 },
        ten_of_diamonds: 3 * t.ten_of_diamonds as i32,
        two_of_clubs: 2 * t.two_of_clubs as i32,
        jacks: t.jacks as i32,
        aces: t.aces as i32,
        surs,
        sur_points: 5 * surs as i32,
        total: t.points,
    }
}

/// `seat` moved on by `k < n` places at a table of `n`, without a division.
#[inline]
fn seat_after(seat: Seat, k: u8, n: u8) -> Seat {
    let x = seat.0 + k;
    Seat(if x >= n { x - n } else { x })
}

impl Pasur {
    /// PA-2, PA-5: four cards from the top of the stock to each seat, starting with the
    /// seat after the dealer and going round in turn order.
    fn deal_hands(&mut self) {
        let first = self.dealer.next(self.n);
        for j in 0..self.n {
            let at = self.next as usize;
            let mut h = CardSet::EMPTY;
            for &c in self.deck.iter().skip(at).take(4) {
                h = h.or(c.bit());
            }
            self.hands[seat_after(first, j, self.n).idx() & 3] = h;
            self.next += 4;
        }
    }

    /// PA-2: replaces the single table jack with the top stock card; the jack goes back
    /// into the stock at a seeded-random position below the new top card.
    fn replace_jack(&mut self, jack: Card) {
        let at = self.next as usize;
        let top = self.deck[at];
        self.table.remove(jack);
        self.table.insert(top);
        self.replaced_jacks.insert(jack);
        // The stock after `top` is deck[at + 1 ..]: k cards. The jack goes into gap g of
        // 1 ..= k (gap 0 would be on top, where it would come straight back).
        let k = 52 - at - 1;
        let g = 1 + self.rng.below(k as u32) as usize;
        self.deck.copy_within(at + 1..at + 1 + g, at);
        self.deck[at + g] = jack;
    }

    /// Starts a round: shuffles and deals (PA-2), dealing again while the table needs it.
    fn start_round(&mut self) {
        self.round_number += 1;
        self.redeals = 0;
        self.replaced_jacks = CardSet::EMPTY;
        'deal: loop {
            self.setup
                .deal
                .deck_order(self.shuffles, CardSet::DECK, &mut self.rng, &mut self.deck);
            self.shuffles += 1;
            self.next = 0;
            self.deal_hands();
            let at = self.next as usize;
            self.table = self.deck[at..at + 4]
                .iter()
                .fold(CardSet::EMPTY, |s, c| s.or(c.bit()));
            self.next += 4;
            if !self.setup.settings.classic_deal {
                break;
            }
            loop {
                if needs_redeal(self.table) {
                    // D-1: a redeal passes the deal on.
                    self.redeals = self.redeals.saturating_add(1);
                    self.replaced_jacks = CardSet::EMPTY;
                    self.dealer = self.dealer.next(self.n);
                    continue 'deal;
                }
                match self.table.and(JACKS).first() {
                    Some(j) => self.replace_jack(j),
                    None => break 'deal,
                }
            }
        }
        self.deal_number = 1;
        self.piles = [CardSet::EMPTY; 2];
        self.surs = [0; 2];
        self.last_capture = None;
        self.last_play = None;
        self.result = None;
        self.phase = PasurPhase::Playing;
        self.turn = self.dealer.next(self.n);
    }

    /// PA-5: deals in a round: 6 with two players, 3 with four.
    fn deals_per_round(&self) -> u8 {
        48 / (4 * self.n)
    }

    fn table_info(&self) -> TableInfo {
        TableInfo::new(self.table, self.setup.settings.jack_takes_all)
    }

    /// The capture options of `card` at the current table (PA-3), in the engine's fixed
    /// order; empty if it captures nothing. For a screen's "playing this card captures …".
    pub fn capture_options(&self, card: Card) -> Vec<CardSet> {
        let mut out = Vec::new();
        capture_options_into(
            card,
            self.table,
            self.setup.settings.jack_takes_all,
            &mut out,
        );
        out
    }

    /// What the action captures, or the rule it breaks (PA-3, PA-4); `card` is in hand.
    fn resolve(&self, card: Card, take: Option<CardSet>) -> Result<CardSet, PasurError> {
        match take {
            Some(t) if !t.is_empty() => {
                if let Some(c) = t.minus(self.table).first() {
                    return Err(PasurError::NotOnTable(c));
                }
                self.table_info().check_capture(card, t)?;
                Ok(t)
            }
            Some(_) => {
                if self.setup.settings.forced_capture && self.table_info().can_capture(card) {
                    Err(PasurError::MustCapture { card })
                } else {
                    Ok(CardSet::EMPTY)
                }
            }
            None => {
                let info = self.table_info();
                if !info.can_capture(card) {
                    return Ok(CardSet::EMPTY);
                }
                let mut first = CardSet::EMPTY;
                let mut options = 0u32;
                info.for_each_option(card, |s| {
                    if options == 0 {
                        first = s;
                    }
                    options += 1;
                    false
                });
                if options > 1 {
                    Err(PasurError::ChooseCapture { card, options })
                } else {
                    Ok(first)
                }
            }
        }
    }

    /// Plays `card` from `seat`'s hand capturing `take` (checked), then deals or ends the
    /// round when every hand is empty.
    fn execute(&mut self, seat: Seat, card: Card, take: CardSet) -> PasurEvent {
        let i = seat.idx() & 3;
        self.hands[i].remove(card);
        let side = seat.side();
        let hands_empty = self.hands.iter().all(|h| h.is_empty());
        let mut sur = false;
        if take.is_empty() {
            self.table.insert(card);
        } else {
            self.table = self.table.minus(take);
            self.piles[side] = self.piles[side].or(take).or(card.bit());
            self.last_capture = Some(seat);
            if self.table.is_empty() {
                // PA-7: a jack's clearing is no sur, unless the room counts one that took
                // numerals; PA-8: the room may refuse a sur on the round's last card.
                let s = &self.setup.settings;
                let by_jack = card.rank() == Rank::JACK;
                let eligible = !by_jack || (s.jack_sur && !take.and(NUMERALS).is_empty());
                let last_card = hands_empty && self.next as usize >= 52;
                sur = eligible && !(s.no_sur_on_last_card && last_card);
                if sur {
                    self.surs[side] += 1;
                }
            }
        }
        self.last_play = Some(LastPlay {
            seat,
            card,
            took: take,
            sur,
        });
        self.turn = seat_after(seat, 1, self.n);
        let mut dealt = false;
        let mut round_over = false;
        if hands_empty {
            if (self.next as usize) < 52 {
                self.deal_hands();
                self.deal_number += 1;
                dealt = true;
            } else {
                self.finish_round();
                round_over = true;
            }
        }
        PasurEvent::Played {
            seat,
            card,
            took: take,
            sur,
            dealt,
            round_over,
        }
    }

    /// PA-6, PA-10, PA-11: the last table cards go to the last capturer's side (the
    /// dealer's if nobody captured); the round is scored; the match ends when a side has
    /// reached the target with more points than the other.
    #[inline(never)]
    fn finish_round(&mut self) {
        let last_cards = self.table;
        let to = self.last_capture.unwrap_or(self.dealer).side();
        self.piles[to] = self.piles[to].or(last_cards);
        self.table = CardSet::EMPTY;
        let sides = [
            score_line(self.piles[0], self.surs[0]),
            score_line(self.piles[1], self.surs[1]),
        ];
        self.totals[0] += sides[0].total;
        self.totals[1] += sides[1].total;
        self.result = Some(RoundResult {
            sides,
            last_cards,
            last_cards_to: to,
            totals: self.totals,
        });
        let [a, b] = self.totals;
        let target = self.setup.settings.target as i32;
        if a.max(b) >= target && a != b {
            self.winner = Some(if a > b { 0 } else { 1 });
            self.phase = PasurPhase::MatchOver;
        } else {
            self.phase = PasurPhase::HandOver;
        }
    }

    /// The seat to play, if any.
    pub fn turn(&self) -> Option<Seat> {
        (self.phase == PasurPhase::Playing).then_some(self.turn)
    }

    /// The phase of the match.
    pub fn phase(&self) -> PasurPhase {
        self.phase
    }

    /// The cards on the table.
    pub fn table(&self) -> CardSet {
        self.table
    }

    /// The stock in order, top first (hidden from every seat; for tests and tools).
    pub fn stock(&self) -> &[Card] {
        &self.deck[self.next as usize..]
    }

    /// Puts `hand` in the hand of the seat to play and `table` on the table, taking the
    /// cards from wherever they were (the others go to the stock, in index order).
    #[cfg(test)]
    pub(super) fn set_position(&mut self, hand: CardSet, table: CardSet) {
        let i = self.turn.idx();
        self.hands = [CardSet::EMPTY; 4];
        self.hands[i] = hand;
        self.table = table;
        self.piles = [CardSet::EMPTY; 2];
        let rest: Vec<Card> = CardSet::DECK.minus(hand).minus(table).iter().collect();
        self.next = (52 - rest.len()) as u8;
        self.deck[self.next as usize..].copy_from_slice(&rest);
    }

    #[cfg(test)]
    pub(super) fn set_totals(&mut self, totals: [i32; 2]) {
        self.totals = totals;
    }
}

/// For the property tests of [`crate::testkit`].
/// What one seat of Pasur cannot see, for [`FromView`]: every seat's hand, the stock in
/// order (top first), and the cards each side has captured this round (public, but the
/// view shows only their tallies: a seat that saw the plays knows them).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PasurHidden {
    /// Every seat's hand (the last two empty with two players).
    pub hands: [CardSet; 4],
    /// The stock, top first: the first `stock_len` slots.
    #[serde(with = "crate::card::card_array")]
    pub stock: [Card; 52],
    /// How many cards the stock holds.
    pub stock_len: u8,
    /// The cards each side captured this round.
    pub piles: [CardSet; 2],
}

impl Default for PasurHidden {
    fn default() -> Self {
        PasurHidden {
            hands: [CardSet::EMPTY; 4],
            stock: [Card::RED_JOKER; 52],
            stock_len: 0,
            piles: [CardSet::EMPTY; 2],
        }
    }
}

impl PasurHidden {
    /// The stock, top first.
    pub fn stock(&self) -> &[Card] {
        &self.stock[..(self.stock_len as usize).min(52)]
    }
}

impl FromView for Pasur {
    type Hidden = PasurHidden;

    fn from_view(v: &PasurView, h: &PasurHidden, seed: u64) -> Result<Pasur, SetupError> {
        let n = v.players;
        if (n != 2 && n != 4) || v.seat.0 >= n || v.hand_counts.len() != n as usize {
            return Err(bad(format!("a Pasur view of seat {} of {n}", v.seat)));
        }
        let ni = n as usize;
        if h.hands[v.seat.idx()] != v.hand || h.hands[ni..].iter().any(|x| !x.is_empty()) {
            return Err(bad(
                "the seat's hand is not its view's, or a seat not at the table",
            ));
        }
        if (0..ni).any(|s| h.hands[s].len() as u8 != v.hand_counts[s]) || h.stock_len != v.stock {
            return Err(bad("a hidden place holds a wrong number of cards"));
        }
        let stock = h.stock();
        let stock_set: CardSet = stock.iter().copied().collect();
        let mut seen = CardSet::EMPTY;
        let mut total = 0;
        let places = h.hands.iter().copied().chain([stock_set, v.table]);
        for x in places.chain(h.piles) {
            seen = seen.or(x);
            total += x.len();
        }
        if total != seen.len() || seen != CardSet::DECK || stock_set.len() as usize != stock.len() {
            return Err(bad("a card in two places, or missing"));
        }
        for s in 0..2 {
            if tally(h.piles[s], v.sides[s].surs) != v.sides[s] {
                return Err(bad(format!(
                    "side {s}'s captured cards do not match its tally"
                )));
            }
        }
        let mut deck = [Card::RED_JOKER; 52];
        let next = 52 - stock.len();
        // The dealt part of the deck order is never read again: any order of the rest.
        for (slot, c) in deck.iter_mut().zip(CardSet::DECK.minus(stock_set)) {
            *slot = c;
        }
        deck[next..].copy_from_slice(stock);
        Ok(Pasur {
            setup: Setup {
                players: n,
                settings: v.settings.clone(),
                deal: crate::game::Deal::seeded(seed),
            },
            rng: Rng::new(seed),
            shuffles: 0,
            n,
            deck,
            next: next as u8,
            dealer: v.dealer,
            turn: v.turn.unwrap_or(v.dealer),
            phase: v.phase,
            round_number: v.round_number,
            deal_number: v.deal_number,
            redeals: v.redeals,
            replaced_jacks: v.replaced_jacks,
            hands: h.hands,
            table: v.table,
            piles: h.piles,
            surs: [v.sides[0].surs, v.sides[1].surs],
            last_capture: v.last_capture,
            last_play: v.last_play,
            totals: v.totals,
            result: v.result,
            winner: v.winner,
        })
    }
}

/// The true hidden cards (the samplers' tests, a finished hand's record).
impl crate::record::Reveal for Pasur {
    fn hidden(&self) -> PasurHidden {
        let mut h = PasurHidden {
            hands: self.hands,
            piles: self.piles,
            ..PasurHidden::default()
        };
        let stock = self.stock();
        h.stock[..stock.len()].copy_from_slice(stock);
        h.stock_len = stock.len() as u8;
        h
    }

    fn shuffles(&self) -> u32 {
        self.shuffles
    }

    fn stock(h: &mut Self::Hidden) -> &mut [Card] {
        &mut h.stock[..(h.stock_len as usize).min(52)]
    }
}

#[cfg(any(test, feature = "testkit"))]
impl Inspect for Pasur {
    type Cards = CardSet;

    /// The 52 cards.
    fn all_cards(&self) -> CardSet {
        CardSet::DECK
    }

    /// Each hand (the last two empty with two players), the table, each side's captured
    /// pile, and the stock.
    fn card_places(&self) -> Vec<CardSet> {
        let mut v = Vec::new();
        v.extend_from_slice(&self.hands);
        v.push(self.table);
        v.extend_from_slice(&self.piles);
        v.push(self.stock().iter().copied().collect());
        v
    }

    /// Swaps hidden cards between the seats other than `viewer` and the stock, keeping
    /// every count: for the property test that a view shows no hidden card.
    fn scramble_hidden(&mut self, viewer: Seat, rng: &mut Rng) {
        let others: Vec<usize> = (0..self.n as usize)
            .filter(|&s| s != viewer.idx())
            .collect();
        let mut pool: Vec<Card> = others
            .iter()
            .flat_map(|&s| self.hands[s].iter())
            .chain(self.stock().iter().copied())
            .collect();
        rng.shuffle(&mut pool);
        let mut it = pool.into_iter();
        for &s in &others {
            let h = self.hands[s].len() as usize;
            self.hands[s] = it.by_ref().take(h).collect();
        }
        for (slot, c) in self.deck[self.next as usize..].iter_mut().zip(it) {
            *slot = c;
        }
    }

    /// Every card played without a take and laid down with an empty take. Not the
    /// captures: a take is any set of table cards, too many to list, so Pasur's legality
    /// test adds the takes of the table at hand (see its `tests.rs`).
    fn all_actions(&self) -> Vec<PasurAction> {
        CardSet::DECK
            .iter()
            .flat_map(|c| [PasurAction::play(c), PasurAction::take(c, CardSet::EMPTY)])
            .collect()
    }
}

impl Game for Pasur {
    type Settings = PasurSettings;
    type Action = PasurAction;
    type View = PasurView;
    type Event = PasurEvent;
    type Error = PasurError;

    const NAME: &'static str = "pasur";
    const KIND: crate::games::GameKind = crate::games::GameKind::Pasur;
    const PARTNERSHIPS: bool = true;

    /// PA-1: the first side to `target` points wins.
    fn scoring(settings: &PasurSettings) -> Scoring {
        Scoring {
            target: (settings.target > 0).then_some(settings.target as i32),
            ..Scoring::default()
        }
    }

    fn new(setup: &Setup<PasurSettings>) -> Result<Pasur, SetupError> {
        let n = setup.players;
        if n != 2 && n != 4 {
            return Err(SetupError::Players {
                game: "pasur",
                players: n,
            });
        }
        if ![62, 100, 150].contains(&setup.settings.target) {
            return Err(SetupError::BadSetting(format!(
                "target must be 62, 100 or 150 (PA-1), not {}",
                setup.settings.target
            )));
        }
        let (rng, dealer) = setup
            .deal
            .start(n, CardSet::DECK, "Pasur needs the 52 cards")?;
        let mut g = Pasur {
            setup: setup.clone(),
            rng,
            shuffles: 0,
            n,
            deck: crate::card::standard_deck(),
            next: 0,
            dealer,
            turn: dealer,
            phase: PasurPhase::Playing,
            round_number: 0,
            deal_number: 0,
            redeals: 0,
            replaced_jacks: CardSet::EMPTY,
            hands: [CardSet::EMPTY; 4],
            table: CardSet::EMPTY,
            piles: [CardSet::EMPTY; 2],
            surs: [0; 2],
            last_capture: None,
            last_play: None,
            totals: [0; 2],
            result: None,
            winner: None,
        };
        g.start_round();
        Ok(g)
    }

    fn setup(&self) -> &Setup<PasurSettings> {
        &self.setup
    }

    fn players(&self) -> u8 {
        self.n
    }

    fn status(&self) -> Status {
        match self.phase {
            PasurPhase::Playing => Status::Acting(SeatSet::only(self.turn)),
            PasurPhase::HandOver => Status::HandOver,
            PasurPhase::MatchOver => Status::MatchOver,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<PasurAction>) {
        if self.phase == PasurPhase::Playing && seat == self.turn {
            legal_actions_into(
                self.hands[seat.idx() & 3],
                self.table,
                &self.setup.settings,
                out,
            );
        }
    }

    /// Draws the `rng.below(len)`-th legal action without listing them: the options of
    /// each card are counted (subset sums counted by a small knapsack), and only the
    /// chosen card's options are walked. The same action and the same draw as the default
    /// (checked by a property test).
    #[inline]
    fn random_action(
        &self,
        seat: Seat,
        rng: &mut Rng,
        scratch: &mut Vec<PasurAction>,
    ) -> Option<PasurAction> {
        if self.phase != PasurPhase::Playing || seat != self.turn {
            return random_from_list(self, seat, rng, scratch);
        }
        let hand = self.hands[seat.idx() & 3];
        let info = self.table_info();
        let ways = if hand.and(NUMERALS).is_empty() {
            Ways::NONE
        } else {
            info.subset_counts()
        };
        let lay_down_too = !self.setup.settings.forced_capture as u32;
        // The hand (at most four cards) in Pasur order, with each card's options.
        let mut cards = [(Card::RED_JOKER, 0u32, 0u32); 4];
        let mut len = 0;
        let mut total = 0u32;
        let mut keys = in_pasur_order(hand);
        while keys != 0 && len < 4 {
            let card = card_of_key(keys.trailing_zeros());
            keys &= keys - 1;
            let options = info.count_options(card, &ways);
            let actions = if options == 0 {
                1
            } else {
                options + lay_down_too
            };
            cards[len] = (card, options, actions);
            len += 1;
            total += actions;
        }
        if total == 0 {
            return None;
        }
        let mut k = rng.below(total);
        for &(card, options, actions) in &cards[..len] {
            if k >= actions {
                k -= actions;
                continue;
            }
            if options == 0 {
                return Some(PasurAction::play(card));
            }
            if k >= options {
                return Some(PasurAction::take(card, CardSet::EMPTY));
            }
            let mut found = CardSet::EMPTY;
            let mut i = 0;
            info.for_each_option(card, |s| {
                found = s;
                i += 1;
                i > k
            });
            return Some(PasurAction::take(card, found));
        }
        None
    }

    fn apply(&mut self, seat: Seat, action: &PasurAction) -> Result<PasurEvent, PasurError> {
        if self.phase != PasurPhase::Playing || seat != self.turn {
            return Err(PasurError::NotYourTurn { seat });
        }
        let card = action.play;
        if !self.hands[seat.idx() & 3].contains(card) {
            return Err(PasurError::NotInHand(card));
        }
        let take = self.resolve(card, action.take)?;
        Ok(self.execute(seat, card, take))
    }

    fn next_hand(&mut self) -> Result<(), PasurError> {
        if self.phase != PasurPhase::HandOver {
            return Err(PasurError::HandNotOver);
        }
        // D-1: the deal passes to the next seat.
        self.dealer = self.dealer.next(self.n);
        self.start_round();
        Ok(())
    }

    fn timeout_action(&self, seat: Seat) -> Option<PasurAction> {
        // D-7: the lowest card in Pasur order (A=1) with its first capture option.
        crate::timeout::lowest_card_or_first(
            self,
            seat,
            |a| Some(a.play),
            crate::timeout::Ranking::AceLow,
        )
    }

    /// Seat 0's view without what seat 0 alone sees (see [`Game::watch_view`]).
    fn watch_view(&self) -> PasurView {
        PasurView {
            hand: CardSet::EMPTY,
            ..self.view(Seat(0))
        }
    }

    fn view(&self, seat: Seat) -> PasurView {
        let n = self.n as usize;
        PasurView {
            seat,
            players: self.n,
            settings: self.setup.settings.clone(),
            phase: self.phase,
            turn: self.turn(),
            dealer: self.dealer,
            round_number: self.round_number,
            deal_number: self.deal_number,
            deals_per_round: self.deals_per_round(),
            redeals: self.redeals,
            replaced_jacks: self.replaced_jacks,
            hand: self.hands[seat.idx() & 3],
            hand_counts: self.hands[..n].iter().map(|h| h.len() as u8).collect(),
            stock: 52 - self.next,
            table: self.table,
            sides: [
                tally(self.piles[0], self.surs[0]),
                tally(self.piles[1], self.surs[1]),
            ],
            last_capture: self.last_capture,
            last_play: self.last_play,
            totals: self.totals,
            result: self.result,
            winner: self.winner,
        }
    }

    fn hand_score(&self) -> Option<HandScore> {
        let r = self.result.as_ref()?;
        Some(HandScore {
            points: vec![r.sides[0].total, r.sides[1].total],
            winners: r.winners(),
        })
    }

    fn totals(&self) -> Vec<i32> {
        self.totals.to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|w| Outcome {
            totals: self.totals(),
            winners: vec![w],
        })
    }
}
