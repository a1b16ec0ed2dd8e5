//! The order a hand's cards are shown in (the table, the results, the replay).

use engine::{Card, CardBag, CardSet, Suit};

/// Suit order in the hand: alternating black and red.
pub const HAND_SUIT_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

/// The cards in display order.
pub fn sort_hand(hand: CardSet) -> Vec<Card> {
    let jokers = [Card::RED_JOKER, Card::BLACK_JOKER]
        .into_iter()
        .filter(|&j| hand.contains(j));
    jokers
        .chain(HAND_SUIT_ORDER.iter().flat_map(|&s| hand.of_suit(s).iter()))
        .collect()
}

/// One card of a hand that may hold two identical cards (two decks): the card and which
/// copy it is (0, or 1 for the second).
pub type HandCard = (Card, u8);

/// The cards of a two-deck hand in display order, identical cards side by side, each with
/// its copy index.
pub fn sort_bag(hand: CardBag) -> Vec<HandCard> {
    let mut out = Vec::with_capacity(hand.len() as usize);
    for c in sort_hand(hand.distinct()) {
        out.push((c, 0));
        if hand.count(c) > 1 {
            out.push((c, 1));
        }
    }
    out
}
