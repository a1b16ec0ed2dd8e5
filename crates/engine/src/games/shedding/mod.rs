//! The core shared by the shedding games (Haft Khabis and Crazy Eights). Each game keeps
//! its own special cards, phases and scoring in its module; what both play alike is here:
//!
//! - this file: ordered piles of up to two decks stored without allocating, the stock and
//!   discard pile with draws and reshuffles (HX-15, CE-9), runs of equal cards played
//!   together (CE-11), and small card masks;
//! - `parts`: the parts of the state both games keep alike: the table (players, decks,
//!   stock and pile), the hands with their sizes, the last-card declarations (D-6), the
//!   counters that block a hand (D-4), the draws that give cards, and the turn's status;
//! - `tally`: a finished hand's result kept without allocating;
//! - `hidden`: what one seat cannot see ([`SheddingHidden`]), a state's hidden parts
//!   rebuilt from a view ([`crate::FromView`]), and the property tests' access to them;
//! - `public`: what the shared code (here and in the bots) reads of each game's public
//!   types ([`SheddingView`], [`SheddingGame`], the follow-up records of the events);
//! - `declare`: what both games declare alike in their own types: the errors' shared
//!   variants, the view's shared fields, the phase and result of a hand, the `Game` items
//!   written alike, and the JSON forms of plays and of actions written as a word;
//! - `testing` (tests only): what both games' tests share: test positions, random
//!   matches and the property tests both run.

use crate::card::{Card, CardBag, CardSet, Rank, Suit};
use crate::game::Deal;
use crate::rng::Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

pub(crate) mod declare;
pub(crate) mod hidden;
pub(crate) mod parts;
pub(crate) mod public;
pub(crate) mod tally;
#[cfg(test)]
pub(crate) mod testing;

pub use hidden::SheddingHidden;
pub use public::{SheddingGame, SheddingView};

/// Ranks serialize as their symbol: "2" … "10", "J", "Q", "K", "A" (the views' wild ranks).
impl Serialize for Rank {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.symbol())
    }
}

impl<'de> Deserialize<'de> for Rank {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        (0..13)
            .filter_map(Rank::new)
            .find(|r| r.symbol().eq_ignore_ascii_case(&s) || (s == "T" && r.index() == 8))
            .ok_or_else(|| serde::de::Error::custom(format!("unknown rank '{s}'")))
    }
}

/// The four cards of each rank, by rank index.
pub(crate) const RANK_MASK: [CardSet; 13] = {
    let mut t = [CardSet::EMPTY; 13];
    let mut r = 0;
    while r < 13 {
        t[r] = CardSet((1u64 << r) | (1 << (r + 13)) | (1 << (r + 26)) | (1 << (r + 39)));
        r += 1;
    }
    t
};

/// The cards of each card's rank, by card index (one load instead of a division).
const RANK_OF: [CardSet; 64] = {
    let mut t = [CardSet::EMPTY; 64];
    let mut i = 0;
    while i < 52 {
        t[i] = RANK_MASK[i % 13];
        i += 1;
    }
    t
};

/// The cards of `r`'s rank.
#[inline]
pub(crate) fn rank_mask(r: Rank) -> CardSet {
    RANK_MASK[(r.index() as usize).min(12)]
}

/// The suit of each card index as a set (one load instead of a division).
const SUIT_OF: [CardSet; 64] = {
    let mut t = [CardSet::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        let s = if i / 13 < 3 { i / 13 } else { 3 };
        t[i] = CardSet(0x1FFF << (s * 13));
        i += 1;
    }
    t
};

/// The cards of `c`'s suit.
#[inline]
pub(crate) fn suit_set(c: Card) -> CardSet {
    SUIT_OF[(c.index() & 63) as usize]
}

/// The cards of `c`'s rank.
#[inline]
pub(crate) fn rank_set(c: Card) -> CardSet {
    RANK_OF[(c.index() & 63) as usize]
}

/// The most cards a pile can hold: two decks.
pub const PILE_CAP: usize = 104;

/// Cards in order (the last is the top), at most two decks, stored inline.
#[derive(Clone, Copy)]
pub struct Pile {
    cards: [Card; PILE_CAP],
    len: u8,
}

impl Pile {
    /// No card.
    pub const EMPTY: Pile = Pile {
        cards: [Card::RED_JOKER; PILE_CAP],
        len: 0,
    };

    /// The number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the pile is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards, bottom first.
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The top card.
    #[inline]
    pub fn top(&self) -> Option<Card> {
        self.len
            .checked_sub(1)
            .and_then(|i| self.cards.get(i as usize).copied())
    }

    /// Puts a card on top (ignored when full, which two decks never reach).
    #[inline]
    pub fn push(&mut self, c: Card) {
        if let Some(slot) = self.cards.get_mut(self.len as usize) {
            *slot = c;
            self.len += 1;
        }
    }

    /// Takes the top card.
    #[inline]
    pub fn pop(&mut self) -> Option<Card> {
        let i = self.len.checked_sub(1)?;
        self.len = i;
        self.cards.get(i as usize).copied()
    }

    /// Empties the pile.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The cards as a multiset.
    pub fn bag(&self) -> CardBag {
        self.as_slice().iter().copied().collect()
    }
}

impl PartialEq for Pile {
    fn eq(&self, o: &Pile) -> bool {
        self.as_slice() == o.as_slice()
    }
}

impl Eq for Pile {}

impl std::hash::Hash for Pile {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// The stock and the discard pile, with the match's RNG and shuffle count: every shuffle
/// (a deal, a reshuffle of the discards) is the match's next one, taking the next explicit
/// deck order of the [`Deal`] or else the seeded RNG (C-4).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Supply {
    /// The match's RNG.
    pub rng: Rng,
    /// How many shuffles have been made (indexes `Deal::decks`).
    pub shuffles: u32,
    /// Face down; the last card is the top.
    pub stock: Pile,
    /// Face up; the last card is the top.
    pub discard: Pile,
}

impl Supply {
    /// An empty supply drawing on `rng`.
    pub fn new(rng: Rng) -> Supply {
        Supply {
            rng,
            shuffles: 0,
            stock: Pile::EMPTY,
            discard: Pile::EMPTY,
        }
    }

    /// The match's next shuffle of `cards` becomes the stock (the order's first card on
    /// top); the discard pile is left alone.
    pub fn shuffle_into_stock(&mut self, deal: &Deal, cards: CardBag) {
        let mut buf = [Card::RED_JOKER; PILE_CAP];
        let len = deal.shuffle_bag(self.shuffles, cards, &mut self.rng, &mut buf);
        self.shuffles += 1;
        // The order's first card is the top: the last of the pile.
        let len = len.min(PILE_CAP);
        self.stock.cards[..len].copy_from_slice(&buf[..len]);
        self.stock.cards[..len].reverse();
        self.stock.len = len as u8;
    }

    /// A new hand: every card of `cards` is shuffled into the stock, the discard pile is
    /// emptied.
    pub fn new_deal(&mut self, deal: &Deal, cards: CardBag) {
        self.discard.clear();
        self.shuffle_into_stock(deal, cards);
    }

    /// HX-15, CE-9: the discards except the top card are shuffled into a new stock (the
    /// match's next shuffle). Nothing happens with fewer than two discards.
    pub fn reshuffle(&mut self, deal: &Deal) -> bool {
        if self.discard.len() < 2 {
            return false;
        }
        let top = self.discard.pop();
        let cards = self.discard.bag();
        self.discard.clear();
        if let Some(t) = top {
            self.discard.push(t);
        }
        self.shuffle_into_stock(deal, cards);
        true
    }

    /// Whether a card can be drawn, reshuffling if `reshuffle` allows it.
    #[inline]
    pub fn can_draw(&self, reshuffle: bool) -> bool {
        !self.stock.is_empty() || (reshuffle && self.discard.len() >= 2)
    }

    /// Draws the top card of the stock, first reshuffling the discards into an empty stock
    /// if `reshuffle` allows it; `None` when there is nothing to draw. The second value
    /// tells whether a reshuffle happened.
    #[inline]
    pub fn draw(&mut self, deal: &Deal, reshuffle: bool) -> (Option<Card>, bool) {
        let mut shuffled = false;
        if self.stock.is_empty() && reshuffle {
            shuffled = self.reshuffle(deal);
        }
        (self.stock.pop(), shuffled)
    }
}

/// One or more cards of equal rank played together (CE-11), in play order: the last one is
/// the new top. Only the last card's position matters to the game, so a run is kept in a
/// canonical order — the cards before the last in index order — and two runs with the same
/// cards and the same last card are the same action.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardRun {
    cards: [Card; 8],
    len: u8,
}

impl CardRun {
    /// The most cards in a run: a rank of two decks.
    pub const MAX: usize = 8;

    /// One card.
    #[inline]
    pub const fn one(c: Card) -> CardRun {
        let mut cards = [Card::RED_JOKER; 8];
        cards[0] = c;
        CardRun { cards, len: 1 }
    }

    /// The run of `cards` in play order (1 to 8 cards; the cards before the last are put in
    /// index order), or `None` for an empty or too long list.
    pub fn new(cards: &[Card]) -> Option<CardRun> {
        let (&last, rest) = cards.split_last()?;
        if cards.len() > Self::MAX {
            return None;
        }
        let mut r = CardRun {
            cards: [Card::RED_JOKER; 8],
            len: cards.len() as u8,
        };
        r.cards[..rest.len()].copy_from_slice(rest);
        r.cards[..rest.len()].sort();
        r.cards[rest.len()] = last;
        Some(r)
    }

    /// The cards in play order.
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Never true: a run holds at least one card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The last card played, the new top.
    #[inline]
    pub fn last(&self) -> Card {
        self.cards[(self.len as usize).clamp(1, 8) - 1]
    }

    /// The cards as a multiset.
    pub fn bag(&self) -> CardBag {
        self.as_slice().iter().copied().collect()
    }
}

impl fmt::Debug for CardRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 1 {
            write!(f, "{}", self.cards[0])
        } else {
            f.debug_list().entries(self.as_slice()).finish()
        }
    }
}

/// A single card as `"7H"`, several as `["5H","5D"]`.
impl Serialize for CardRun {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.len == 1 {
            self.cards[0].serialize(s)
        } else {
            s.collect_seq(self.as_slice())
        }
    }
}

impl<'de> Deserialize<'de> for CardRun {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum OneOrMany {
            One(Card),
            Many(Vec<Card>),
        }
        let cards = match OneOrMany::deserialize(d)? {
            OneOrMany::One(c) => vec![c],
            OneOrMany::Many(v) => v,
        };
        CardRun::new(&cards)
            .ok_or_else(|| serde::de::Error::custom("play one card, or a list of 1 to 8 cards"))
    }
}

/// The turn order's direction (C-2): `forward` is seat i to i+1, which the table draws
/// clockwise for the shedding games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Seat i to seat i+1 (clockwise at the table, C-2).
    Clockwise,
    /// Seat i to seat i-1, after a reversal.
    Counterclockwise,
}

impl Direction {
    /// The direction of play, reversed or not.
    #[inline]
    pub(crate) fn of(reversed: bool) -> Direction {
        if reversed {
            Direction::Counterclockwise
        } else {
            Direction::Clockwise
        }
    }
}

/// The suits in the engine's order, for listing suit choices (D-7's fixed order).
pub(crate) const SUITS: [Suit; 4] = Suit::ALL;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    #[test]
    fn runs_are_canonical_and_serialize_as_a_card_or_a_list() {
        let c = parse_cards("5S 5C 5H").unwrap();
        let r = CardRun::new(&c).unwrap();
        assert_eq!(r.as_slice(), &parse_cards("5C 5S 5H").unwrap()[..]);
        assert_eq!(r.last().to_string(), "5H");
        assert_eq!(serde_json::to_string(&r).unwrap(), r#"["5C","5S","5H"]"#);
        let back: CardRun = serde_json::from_str(r#"["5S","5C","5H"]"#).unwrap();
        assert_eq!(back, r);
        let one: CardRun = serde_json::from_str(r#""7H""#).unwrap();
        assert_eq!(one, CardRun::one("7H".parse().unwrap()));
        assert_eq!(serde_json::to_string(&one).unwrap(), r#""7H""#);
        let listed_one: CardRun = serde_json::from_str(r#"["7H"]"#).unwrap();
        assert_eq!(listed_one, one);
        assert!(serde_json::from_str::<CardRun>("[]").is_err());
        assert!(CardRun::new(&[]).is_none());
    }

    #[test]
    fn reshuffles_keep_the_top_discard() {
        let mut s = Supply::new(Rng::new(1));
        let deal = Deal::seeded(1);
        s.new_deal(&deal, CardBag::decks(1));
        assert_eq!(s.stock.len(), 52);
        for _ in 0..52 {
            let (c, _) = s.draw(&deal, true);
            s.discard.push(c.unwrap());
        }
        let top = s.discard.top().unwrap();
        let (c, shuffled) = s.draw(&deal, true);
        assert!(shuffled && c.is_some());
        assert_eq!(s.discard.as_slice(), &[top]);
        assert_eq!(s.stock.len(), 50);
        assert_eq!(s.shuffles, 2);
        assert!(!s.can_draw(false) || !s.stock.is_empty());
    }
}
