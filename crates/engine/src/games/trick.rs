//! Pieces shared by the trick-taking games (Hokm, Shelem, Bidel): the cards of a trick in
//! play order, stored without allocating.

use crate::card::{Card, CardSet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Deref;

/// The cards of a trick in play order (two, three or four), stored without allocating.
/// Derefs to a slice of its cards; JSON: a list of cards.
///
/// Hashes and compares as the four slots and then the length, as the `#[derive]` of its
/// fields would: slots from `len` on hold whatever was there before (the filler red joker
/// until a card is written). Hokm hashes only the slots of a completed trick, as it did
/// before this type was shared ([`TrickCards::slots`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TrickCards {
    cards: [Card; 4],
    len: u8,
}

impl TrickCards {
    /// No card yet.
    pub const EMPTY: TrickCards = TrickCards {
        cards: [Card::RED_JOKER; 4],
        len: 0,
    };

    /// The first `len` cards of `slots` (at most 4), the others kept as they are.
    #[inline]
    pub fn from_slots(slots: [Card; 4], len: u8) -> TrickCards {
        TrickCards {
            cards: slots,
            len: len.min(4),
        }
    }

    /// The cards, leader's first.
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The led card, if any.
    #[inline]
    pub fn lead(&self) -> Option<Card> {
        (self.len != 0).then_some(self.cards[0])
    }

    /// All four slots, leader's first; slots from `len` on hold whatever was there before.
    #[inline]
    pub fn slots(&self) -> &[Card; 4] {
        &self.cards
    }

    /// Number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card was played yet.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a card (ignored beyond four, which the rules never reach).
    #[inline]
    pub fn push(&mut self, c: Card) {
        let len = self.len as usize;
        if len < 4 {
            self.cards[len] = c;
            self.len = len as u8 + 1;
        }
    }

    /// Empties the trick (the slots keep their cards, see the type's hash).
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The cards as a set.
    pub fn set(&self) -> CardSet {
        self.as_slice()
            .iter()
            .fold(CardSet::EMPTY, |s, &c| s.or(c.bit()))
    }
}

impl Deref for TrickCards {
    type Target = [Card];
    #[inline]
    fn deref(&self) -> &[Card] {
        self.as_slice()
    }
}

impl fmt::Debug for TrickCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for TrickCards {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for TrickCards {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<Card>::deserialize(d)?;
        if v.len() > 4 {
            return Err(serde::de::Error::custom("a trick holds at most 4 cards"));
        }
        let mut t = TrickCards::EMPTY;
        for c in v {
            t.push(c);
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trick_is_a_list_of_at_most_four_cards_in_json() {
        let mut t = TrickCards::EMPTY;
        for c in ["QH", "2H", "AH"] {
            t.push(c.parse().unwrap());
        }
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, r#"["QH","2H","AH"]"#);
        let back: TrickCards = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t);
        assert_eq!(back.lead(), Some("QH".parse().unwrap()));
        assert!(serde_json::from_str::<TrickCards>(r#"["2C","3C","4C","5C","6C"]"#).is_err());
    }
}
