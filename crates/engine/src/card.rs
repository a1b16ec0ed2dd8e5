//! Cards and sets of cards.
//!
//! A [`Card`] is one byte: `suit * 13 + rank` for the 52 French-suited cards (rank 0 is
//! the two, rank 12 the ace), then the red joker (52) and the black joker (53). A
//! [`CardSet`] is a 64-bit bitset of cards, so hands are `Copy` and set operations cost a
//! single instruction.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The four suits, in the engine's fixed order (also the D-7 tie-break order):
/// clubs (خاج) < diamonds (خشت) < hearts (دل) < spades (پیک).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♣ خاج / گشنیز
    Clubs = 0,
    /// ♦ خشت
    Diamonds = 1,
    /// ♥ دل
    Hearts = 2,
    /// ♠ پیک
    Spades = 3,
}

impl Suit {
    /// All suits in the engine's order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with this index (0..4), if any.
    pub fn from_index(i: u8) -> Option<Suit> {
        Suit::ALL.get(i as usize).copied()
    }

    /// The suit's letter in the transcript notation: C, D, H or S.
    pub fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    /// Parses C, D, H or S (either case).
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The set of the 13 cards of this suit.
    pub const fn mask(self) -> CardSet {
        CardSet(0x1FFF << (self as u32 * 13))
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Suit::Clubs => "C",
            Suit::Diamonds => "D",
            Suit::Hearts => "H",
            Suit::Spades => "S",
        })
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let mut chars = s.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(serde::de::Error::custom(format!(
                "unknown suit '{s}' (expected C, D, H or S)"
            ))),
        }
    }
}

/// Ranks 2..A as 0..12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(0);
    pub const SEVEN: Rank = Rank(5);
    pub const EIGHT: Rank = Rank(6);
    pub const TEN: Rank = Rank(8);
    pub const JACK: Rank = Rank(9);
    pub const QUEEN: Rank = Rank(10);
    pub const KING: Rank = Rank(11);
    pub const ACE: Rank = Rank(12);

    /// The rank with index 0 (two) ..= 12 (ace).
    pub fn new(index: u8) -> Option<Rank> {
        (index < 13).then_some(Rank(index))
    }

    /// 0 for the two … 12 for the ace.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The face value 2..=10 for numerals, 11 jack, 12 queen, 13 king, 14 ace.
    pub const fn value(self) -> u8 {
        self.0 + 2
    }

    /// The rank in transcript notation: 2..10, J, Q, K, A.
    pub fn symbol(self) -> &'static str {
        [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ][self.0 as usize]
    }

    fn parse(s: &str) -> Option<Rank> {
        let i = match s.to_ascii_uppercase().as_str() {
            "2" => 0,
            "3" => 1,
            "4" => 2,
            "5" => 3,
            "6" => 4,
            "7" => 5,
            "8" => 6,
            "9" => 7,
            "10" | "T" => 8,
            "J" => 9,
            "Q" => 10,
            "K" => 11,
            "A" => 12,
            _ => return None,
        };
        Some(Rank(i))
    }
}

/// One card. See the module documentation for the encoding.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Card(u8);

/// A card hashes as its byte (`write_u8`), as a derived `Hash` would. A run of cards (a pile,
/// a hand in order, a deck order) goes to the hasher in one `write` of their bytes, not one
/// call a card: the same bytes in the same order, so a byte-stream hash such as the stable
/// state hash ([`crate::hash`]) gives exactly the value it gave card by card, with a fraction
/// of the calls.
impl std::hash::Hash for Card {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u8(self.0);
    }
    fn hash_slice<H: std::hash::Hasher>(cards: &[Card], state: &mut H) {
        let mut bytes = [0u8; 64];
        for run in cards.chunks(bytes.len()) {
            for (b, c) in bytes.iter_mut().zip(run) {
                *b = c.0;
            }
            state.write(&bytes[..run.len()]);
        }
    }
}

/// Why a card could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError(pub String);

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown card '{}' (write cards like AS, 10H, 2C, QD, RJ, BJ)",
            self.0
        )
    }
}

impl std::error::Error for ParseCardError {}

impl Card {
    /// The red joker (Shelem's optional jokers).
    pub const RED_JOKER: Card = Card(52);
    /// The black joker.
    pub const BLACK_JOKER: Card = Card(53);

    /// The card of this suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 13 + rank.0)
    }

    /// The card with this index (0..54), if any.
    pub fn from_index(i: u8) -> Option<Card> {
        (i < 54).then_some(Card(i))
    }

    /// Index 0..54 (see the module documentation).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Whether this is one of the two jokers.
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The suit; jokers are reported as spades and must be checked with [`Card::is_joker`].
    /// Read from a table by index (one load instead of a division by 13).
    #[inline]
    pub const fn suit(self) -> Suit {
        SUIT_OF_INDEX[(self.0 & 63) as usize]
    }

    /// The rank (meaningless for jokers).
    pub const fn rank(self) -> Rank {
        Rank(self.0 % 13)
    }

    /// The one-card set.
    pub const fn bit(self) -> CardSet {
        CardSet(1 << self.0)
    }
}

/// The suit of each card index (0..64: the jokers' and the unused indices are spades, as
/// `index / 13` gives them).
const SUIT_OF_INDEX: [Suit; 64] = {
    let mut t = [Suit::Spades; 64];
    let mut i = 0;
    while i < 39 {
        t[i] = match i / 13 {
            0 => Suit::Clubs,
            1 => Suit::Diamonds,
            _ => Suit::Hearts,
        };
        i += 1;
    }
    t
};

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Card::RED_JOKER => f.write_str("RJ"),
            Card::BLACK_JOKER => f.write_str("BJ"),
            c => write!(f, "{}{}", c.rank().symbol(), c.suit().letter()),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let t = s.trim();
        match t.to_ascii_uppercase().as_str() {
            "RJ" => return Ok(Card::RED_JOKER),
            "BJ" => return Ok(Card::BLACK_JOKER),
            _ => {}
        }
        let err = || ParseCardError(s.to_string());
        let last = t.chars().last().ok_or_else(err)?;
        let suit = Suit::from_letter(last).ok_or_else(err)?;
        let rank = Rank::parse(&t[..t.len() - last.len_utf8()]).ok_or_else(err)?;
        Ok(Card::new(suit, rank))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// A [`CardSet`] counted once ([`CardSet::counted`]).
#[derive(Clone, Copy, Debug)]
pub struct CountedSet {
    bits: u64,
    prefix: u64,
}

impl CountedSet {
    /// The number of cards.
    #[inline]
    pub fn len(self) -> u32 {
        (self.prefix >> 56) as u32
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// [`CardSet::nth`]: the `n`-th card in index order (0-based), if there are that many.
    #[inline]
    pub fn nth(self, n: u32) -> Option<Card> {
        let k = n as u64;
        (k < self.prefix >> 56).then(|| Card(select(self.bits, self.prefix, k)))
    }
}

/// Per-byte running counts of `bits`: byte `i` holds the set bits in bytes `0..=i`, so the
/// top byte is the count (at most 64).
#[inline]
fn byte_prefix(bits: u64) -> u64 {
    let x = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let bytes = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    bytes.wrapping_mul(ONES)
}

/// The position of the `k`-th set bit of `bits` (`k` below the count; `prefix` is
/// [`byte_prefix`]`(bits)`).
#[inline]
fn select(bits: u64, prefix: u64, k: u64) -> u8 {
    // The bytes whose prefix is at most k come before the k-th bit's byte (k < 64, so no
    // byte borrows from the next).
    let at_most = (((k * ONES) | HIGHS) - prefix) & HIGHS;
    let byte = ((at_most >> 7).wrapping_mul(ONES) >> 56) & 7;
    let before = ((prefix << 8) >> (8 * byte)) & 0xFF;
    let in_byte = (bits >> (8 * byte)) & 0xFF;
    let r = (k - before) & 7;
    8 * byte as u8 + SELECT_IN_BYTE[in_byte as usize][r as usize]
}

/// `SELECT_IN_BYTE[b][r]`: the position of the `r`-th set bit of the byte `b` (for
/// [`select`]).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                t[b][r] = i as u8;
                r += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// A set of cards as a 64-bit bitset (bit i = card with index i).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// The 52 French-suited cards.
    pub const DECK: CardSet = CardSet((1 << 52) - 1);

    /// Whether the set holds this card.
    pub const fn contains(self, c: Card) -> bool {
        self.0 & (1 << c.0) != 0
    }

    /// Adds a card.
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.0;
    }

    /// Removes a card.
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c.0);
    }

    /// The number of cards.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Cards in both sets.
    pub const fn and(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }

    /// Cards in either set.
    pub const fn or(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }

    /// Cards of `self` not in `o`.
    pub const fn minus(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }

    /// The cards of one suit.
    pub const fn of_suit(self, s: Suit) -> CardSet {
        self.and(s.mask())
    }

    /// The lowest-index card, if any.
    pub fn first(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(self.0.trailing_zeros() as u8))
    }

    /// The highest-index card, if any.
    pub fn last(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(63 - self.0.leading_zeros() as u8))
    }

    /// The `n`-th card in index order (0-based), if there are that many.
    ///
    /// Broadword (per-byte counts and their prefix sums, then a byte table), without a
    /// popcount instruction (which baseline x86-64 lacks) and without a loop whose length
    /// the branch predictor would have to guess: random bots pick their card with it.
    #[inline]
    pub fn nth(self, n: u32) -> Option<Card> {
        let prefix = byte_prefix(self.0);
        let k = n as u64;
        (k < prefix >> 56).then(|| Card(select(self.0, prefix, k)))
    }

    /// The set with its per-byte counts: counted once, then its size and its `n`-th card
    /// without counting again (random picks).
    #[inline]
    pub fn counted(self) -> CountedSet {
        CountedSet {
            bits: self.0,
            prefix: byte_prefix(self.0),
        }
    }

    /// A card of the set drawn as [`crate::game::random_from_list`] draws from the list
    /// of its cards in index order: the `rng.below(len)`-th. Counted and selected
    /// broadword, without a popcount instruction (which baseline x86-64 lacks) and without
    /// a loop whose length the branch predictor would have to guess.
    #[inline]
    pub fn random(self, rng: &mut crate::rng::Rng) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let prefix = byte_prefix(self.0);
        let k = rng.below((prefix >> 56) as u32) as u64;
        Some(Card(select(self.0, prefix, k)))
    }

    /// Iterates in index order (suit by suit, low rank first).
    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(it: I) -> Self {
        let mut s = CardSet::EMPTY;
        for c in it {
            s.insert(c);
        }
        s
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;
    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

/// Iterator over a [`CardSet`].
#[derive(Clone, Debug)]
pub struct CardIter(u64);

impl Iterator for CardIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardIter {}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Card>::deserialize(d)?.into_iter().collect())
    }
}

/// A multiset of cards for games played with two decks (Haft Khabis above five players,
/// Crazy Eights from six): each card is held at most twice. It is two [`CardSet`]s, the
/// cards held at least once and the cards held twice, so a one-deck hand costs what a
/// `CardSet` costs (`twice` stays empty) and the set operations stay single instructions.
///
/// It serializes as a list of cards in index order, a card held twice listed twice.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardBag {
    once: CardSet,
    twice: CardSet,
}

impl CardBag {
    /// The empty bag.
    pub const EMPTY: CardBag = CardBag {
        once: CardSet::EMPTY,
        twice: CardSet::EMPTY,
    };

    /// `decks` (1 or 2) full 52-card decks.
    pub const fn decks(decks: u8) -> CardBag {
        CardBag {
            once: CardSet::DECK,
            twice: if decks >= 2 {
                CardSet::DECK
            } else {
                CardSet::EMPTY
            },
        }
    }

    /// The bag holding each card of `set` once.
    pub const fn from_set(set: CardSet) -> CardBag {
        CardBag {
            once: set,
            twice: CardSet::EMPTY,
        }
    }

    /// The distinct cards held (at least once).
    #[inline]
    pub const fn distinct(self) -> CardSet {
        self.once
    }

    /// The cards held twice.
    #[inline]
    pub const fn doubles(self) -> CardSet {
        self.twice
    }

    /// Whether the bag holds at least one copy of `c`.
    #[inline]
    pub const fn contains(self, c: Card) -> bool {
        self.once.contains(c)
    }

    /// How many copies of `c` the bag holds (0, 1 or 2).
    #[inline]
    pub const fn count(self, c: Card) -> u8 {
        self.once.contains(c) as u8 + self.twice.contains(c) as u8
    }

    /// Adds one copy of `c` (a third copy is not representable and is ignored).
    #[inline]
    pub fn insert(&mut self, c: Card) {
        let bit = c.bit().0;
        self.twice.0 |= self.once.0 & bit;
        self.once.0 |= bit;
    }

    /// Removes one copy of `c`; returns whether there was one.
    #[inline]
    pub fn remove(&mut self, c: Card) -> bool {
        let bit = c.bit().0;
        let had = self.once.0 & bit != 0;
        let in_twice = self.twice.0 & bit;
        self.twice.0 ^= in_twice;
        self.once.0 ^= (bit ^ in_twice) & self.once.0;
        had
    }

    /// The number of cards, copies counted.
    #[inline]
    pub const fn len(self) -> u32 {
        self.once.len() + self.twice.len()
    }

    /// Whether the bag is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.once.is_empty()
    }

    /// Every card of both bags, copies added (at most two of a card are kept).
    pub fn union(self, o: CardBag) -> CardBag {
        let mut b = self;
        for c in o {
            b.insert(c);
        }
        b
    }

    /// Whether every card of `o` is in `self` at least as many times.
    pub const fn includes(self, o: CardBag) -> bool {
        o.once.minus(self.once).is_empty() && o.twice.minus(self.twice).is_empty()
    }

    /// Iterates in index order, a card held twice given twice in a row.
    pub fn iter(self) -> BagIter {
        BagIter {
            once: self.once.0,
            twice: self.twice.0,
        }
    }
}

impl From<CardSet> for CardBag {
    fn from(set: CardSet) -> CardBag {
        CardBag::from_set(set)
    }
}

impl FromIterator<Card> for CardBag {
    fn from_iter<I: IntoIterator<Item = Card>>(it: I) -> Self {
        let mut b = CardBag::EMPTY;
        for c in it {
            b.insert(c);
        }
        b
    }
}

impl IntoIterator for CardBag {
    type Item = Card;
    type IntoIter = BagIter;
    fn into_iter(self) -> BagIter {
        self.iter()
    }
}

/// Iterator over a [`CardBag`].
#[derive(Clone, Debug)]
pub struct BagIter {
    once: u64,
    twice: u64,
}

impl Iterator for BagIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.once == 0 {
            return None;
        }
        let i = self.once.trailing_zeros();
        let bit = 1u64 << i;
        if self.twice & bit != 0 {
            self.twice &= !bit;
        } else {
            self.once &= !bit;
        }
        Some(Card(i as u8))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.once.count_ones() + self.twice.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BagIter {}

impl fmt::Debug for CardBag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for CardBag {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardBag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<Card>::deserialize(d)?;
        let b: CardBag = v.iter().copied().collect();
        if b.len() as usize != v.len() {
            return Err(serde::de::Error::custom(
                "a card may be held at most twice (two decks)",
            ));
        }
        Ok(b)
    }
}

/// Serde for a fixed array of card slots whose unused slots hold [`Card::RED_JOKER`] (a
/// stock of `stock_len` cards): written as a list without its trailing red jokers, read back
/// padded with them, so the array is the same either way.
pub(crate) mod card_array {
    use super::Card;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer, const N: usize>(
        a: &[Card; N],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let used = a
            .iter()
            .rposition(|&c| c != Card::RED_JOKER)
            .map_or(0, |i| i + 1);
        s.collect_seq(&a[..used])
    }

    pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(
        d: D,
    ) -> Result<[Card; N], D::Error> {
        let v = Vec::<Card>::deserialize(d)?;
        if v.len() > N {
            return Err(serde::de::Error::invalid_length(
                v.len(),
                &"at most the slots",
            ));
        }
        let mut a = [Card::RED_JOKER; N];
        a[..v.len()].copy_from_slice(&v);
        Ok(a)
    }
}

/// The 52 French-suited cards in index order.
const STANDARD_DECK: [Card; 52] = {
    let mut deck = [Card(0); 52];
    let mut i = 0;
    while i < 52 {
        deck[i] = Card(i as u8);
        i += 1;
    }
    deck
};

/// The 52-card deck in index order.
pub fn standard_deck() -> [Card; 52] {
    STANDARD_DECK
}

/// Parses a whitespace- or comma-separated list of cards, e.g. `"AS 10H 2C"`.
pub fn parse_cards(s: &str) -> Result<Vec<Card>, ParseCardError> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_its_name() {
        for i in 0..54 {
            let c = Card::from_index(i).unwrap();
            let back: Card = c.to_string().parse().unwrap();
            assert_eq!(c, back);
        }
        assert_eq!("10h".parse::<Card>().unwrap().to_string(), "10H");
        assert!("1H".parse::<Card>().is_err());
        assert!("AX".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
        assert!("ب".parse::<Card>().is_err());
    }

    #[test]
    fn sets_count_and_iterate_in_order() {
        let s: CardSet = parse_cards("AS 2C 10H").unwrap().into_iter().collect();
        assert_eq!(s.len(), 3);
        let v: Vec<String> = s.iter().map(|c| c.to_string()).collect();
        assert_eq!(v, ["2C", "10H", "AS"]);
        assert_eq!(s.nth(1).unwrap().to_string(), "10H");
        assert_eq!(s.nth(3), None);
        assert_eq!(CardSet::DECK.of_suit(Suit::Hearts).len(), 13);
        assert_eq!(serde_json::to_string(&s).unwrap(), r#"["2C","10H","AS"]"#);
    }

    #[test]
    fn the_suit_table_is_the_index_divided_by_13() {
        for i in 0..54u8 {
            let by_division = match i / 13 {
                0 => Suit::Clubs,
                1 => Suit::Diamonds,
                2 => Suit::Hearts,
                _ => Suit::Spades,
            };
            assert_eq!(Card(i).suit(), by_division, "card index {i}");
        }
    }

    #[test]
    fn nth_is_the_nth_card_of_the_iteration() {
        let mut rng = crate::rng::Rng::new(5);
        let mut sets = vec![CardSet::EMPTY, CardSet::DECK, CardSet((1 << 54) - 1)];
        for _ in 0..2_000 {
            // Sparse and dense sets, jokers included.
            let a = rng.next_u64() & ((1 << 54) - 1);
            sets.push(CardSet(a & rng.next_u64() & rng.next_u64()));
            sets.push(CardSet(a));
        }
        for s in sets {
            let listed: Vec<Card> = s.iter().collect();
            let counted = s.counted();
            assert_eq!(counted.len(), s.len(), "{s:?} counted");
            assert_eq!(counted.is_empty(), s.is_empty(), "{s:?} counted");
            for n in 0..=listed.len() as u32 + 1 {
                assert_eq!(s.nth(n), listed.get(n as usize).copied(), "{s:?} nth({n})");
                assert_eq!(counted.nth(n), s.nth(n), "{s:?} counted nth({n})");
            }
        }
    }

    #[test]
    fn bags_hold_up_to_two_copies() {
        let mut b = CardBag::EMPTY;
        let (ah, two) = (
            Card::new(Suit::Hearts, Rank::ACE),
            Card::new(Suit::Clubs, Rank::TWO),
        );
        b.insert(ah);
        b.insert(two);
        b.insert(ah);
        assert_eq!((b.len(), b.count(ah), b.count(two)), (3, 2, 1));
        assert_eq!(b.distinct().len(), 2);
        assert_eq!(b.doubles(), ah.bit());
        assert_eq!(serde_json::to_string(&b).unwrap(), r#"["2C","AH","AH"]"#);
        let back: CardBag = serde_json::from_str(r#"["AH","2C","AH"]"#).unwrap();
        assert_eq!(back, b);
        assert!(serde_json::from_str::<CardBag>(r#"["AH","AH","AH"]"#).is_err());
        assert!(b.remove(ah));
        assert_eq!((b.len(), b.count(ah)), (2, 1));
        assert!(b.remove(ah));
        assert!(!b.remove(ah));
        assert!(!b.contains(ah));
        assert_eq!(b, CardBag::from_set(two.bit()));
        b.insert(two);
        b.insert(two);
        assert_eq!(b.count(two), 2, "a third copy is ignored");
        let two_decks = CardBag::decks(2);
        assert_eq!(two_decks.len(), 104);
        assert_eq!(two_decks.iter().count(), 104);
        assert!(two_decks.includes(CardBag::decks(1)));
        assert!(!CardBag::decks(1).includes(two_decks));
        assert_eq!(CardBag::decks(1).union(CardBag::decks(1)), two_decks);
    }
}
