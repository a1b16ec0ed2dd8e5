//! The bottom player's hand, sorted by suit in alternating colours (♠ ♥ ♣ ♦), low to high.

use crate::app::use_lang;
use crate::components::card::{CardButton, CardSvg};
use engine::{Card, CardSet, Suit};
use yew::prelude::*;

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

#[derive(Properties, PartialEq)]
pub struct HandProps {
    pub hand: CardSet,
    /// Cards that may be played now.
    pub legal: CardSet,
    /// It is this player's turn to play a card (the others are then dimmed).
    pub my_turn: bool,
    pub on_play: Callback<Card>,
    /// Choosing several cards (discards, passing): these are chosen, and a click toggles a
    /// card instead of playing it. `None` when playing.
    #[prop_or_default]
    pub selected: Option<CardSet>,
    /// Cards just received, highlighted (Bidel's passing).
    #[prop_or_default]
    pub received: CardSet,
}

/// The hand as a row (desktop) or two rows (phone) of card buttons.
#[function_component(Hand)]
pub fn hand(props: &HandProps) -> Html {
    let lang = use_lang();
    let cards = sort_hand(props.hand);
    let n = cards.len();
    html! {
        <div class={classes!("hand", format!("n{n}"))} data-testid="hand" role="group"
            aria-label={lang.s().your_hand} dir="ltr">
            { for cards.into_iter().map(|c| {
                let playable = props.legal.contains(c);
                html! {
                    <CardButton key={c.index() as usize} card={c} {playable}
                        dimmed={props.my_turn && !playable} on_play={props.on_play.clone()}
                        selected={props.selected.map(|s| s.contains(c))}
                        received={props.received.contains(c)} />
                }
            }) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct HiddenHandProps {
    pub count: u8,
}

/// A hand shown face down (behind the pass-and-play cover): no card is in the page.
#[function_component(HiddenHand)]
pub fn hidden_hand(props: &HiddenHandProps) -> Html {
    html! {
        <div class={classes!("hand", "hidden-hand", format!("n{}", props.count))}
            data-testid="hand-hidden" aria-hidden="true" dir="ltr">
            { for (0..props.count).map(|_| html! {
                <span class="card-btn"><CardSvg card={None::<Card>} /></span>
            }) }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_order_alternates_colours_and_ascends() {
        let hand: CardSet = engine::card::parse_cards("AD 2S KH 10C 3D QS 2H")
            .unwrap()
            .into_iter()
            .collect();
        let v: Vec<String> = sort_hand(hand).iter().map(|c| c.to_string()).collect();
        assert_eq!(v, ["2S", "QS", "2H", "KH", "10C", "3D", "AD"]);
        let mut with_jokers = hand;
        with_jokers.insert(engine::Card::BLACK_JOKER);
        with_jokers.insert(engine::Card::RED_JOKER);
        let v: Vec<String> = sort_hand(with_jokers)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(v[..3], ["RJ", "BJ", "2S"]);
    }
}
