//! The bottom player's hand, sorted by suit in alternating colours (♠ ♥ ♣ ♦), low to high.

use crate::card_order::{sort_bag, sort_hand, HandCard};
use crate::cls;
use crate::components::card::{card_button, card_svg, CardButtonProps};
use crate::i18n::Lang;
use engine::{Card, CardBag, CardSet};
use yew::prelude::*;

pub struct HandProps {
    pub hand: CardSet,
    /// Cards that may be played now.
    pub legal: CardSet,
    /// It is this player's turn to play a card (the others are then dimmed).
    pub my_turn: bool,
    pub on_play: Callback<Card>,
    /// Choosing several cards (discards, passing): these are chosen, and a click toggles a
    /// card instead of playing it. `None` when playing.
    pub selected: Option<CardSet>,
    /// Cards just received, highlighted (Bidel's passing).
    pub received: CardSet,
}

/// The hand as a row (desktop) or two rows (phone) of card buttons.
pub fn hand(lang: Lang, props: &HandProps) -> Html {
    let cards = sort_hand(props.hand);
    let n = cards.len();
    html! {
        <div class={cls!("hand", format!("n{n}"))} data-testid="hand" role="group"
            aria-label={lang.s().your_hand} dir="ltr">
            { for cards.into_iter().map(|c| {
                let playable = props.legal.contains(c);
                html! {
                    { card_button(lang, &CardButtonProps {
                        card: c,
                        playable,
                        dimmed: props.my_turn && !playable,
                        selected: props.selected.map(|s| s.contains(c)),
                        received: props.received.contains(c),
                        copy: Default::default(),
                        badge: Default::default(),
                        on_play: props.on_play.clone(),
                    }) }
                }
            }) }
        </div>
    }
}

/// Hands above this many cards get the class `many`: more overlap, and on a phone rows
/// that overlap too, so that every card keeps a tappable strip about 40 px wide.
pub const MANY_CARDS: usize = 18;

pub struct BagHandProps {
    /// The cards, a card possibly twice (two decks).
    pub hand: CardBag,
    /// Cards that may be played now (either copy).
    pub legal: CardSet,
    /// It is this player's turn to play a card (the others are then dimmed).
    pub my_turn: bool,
    /// A card was clicked: which card and which copy.
    pub on_play: Callback<HandCard>,
    /// Choosing several cards: the ones chosen, in the order chosen (each shows its place
    /// in the order); `None` when playing one card at a click.
    pub selected: Option<Vec<HandCard>>,
}

/// A hand of the shedding games, where two decks may put two identical cards in it: both
/// are shown, each its own button (`data-copy` 0 and 1) with its own key, and choosing one
/// chooses only that copy.
pub fn bag_hand(lang: Lang, props: &BagHandProps) -> Html {
    let cards = sort_bag(props.hand);
    let n = cards.len();
    html! {
        <div class={cls!("hand", format!("n{n}"), (n > MANY_CARDS).then_some("many"))}
            data-testid="hand" role="group" aria-label={lang.s().your_hand} dir="ltr">
            { for cards.into_iter().map(|(c, copy)| {
                let playable = props.legal.contains(c);
                let place = props.selected.as_ref().map(|s| s.iter().position(|&x| x == (c, copy)));
                let badge = match (&props.selected, place) {
                    (Some(s), Some(Some(i))) if s.len() > 1 => Some(AttrValue::from(lang.num(i + 1))),
                    _ => None,
                };
                html! {
                    { card_button(lang, &CardButtonProps {
                        card: c,
                        playable,
                        dimmed: props.my_turn && !playable && place.flatten().is_none(),
                        selected: place.map(|p| p.is_some()),
                        received: Default::default(),
                        copy: Some(copy),
                        badge,
                        on_play: props.on_play.reform(move |c: Card| (c, copy)),
                    }) }
                }
            }) }
        </div>
    }
}

/// A hand of `count` cards shown face down (behind the pass-and-play cover): no card is in
/// the page. A plain function, not a component: it keeps no state (a component type of its
/// own costs every page about 2 KB of Yew's code).
pub fn hidden_hand(count: u8) -> Html {
    html! {
        <div class={cls!("hand", "hidden-hand", format!("n{count}"))}
            data-testid="hand-hidden" aria-hidden="true" dir="ltr">
            { for (0..count).map(|_| html! {
                <span class="card-btn">{ card_svg(None) }</span>
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

    #[test]
    fn two_identical_cards_are_two_copies_side_by_side() {
        let bag: CardBag = engine::card::parse_cards("5H 2S 5H KD 2S 9C")
            .unwrap()
            .into_iter()
            .collect();
        let v: Vec<String> = sort_bag(bag)
            .iter()
            .map(|(c, k)| format!("{c}/{k}"))
            .collect();
        assert_eq!(v, ["2S/0", "2S/1", "5H/0", "5H/1", "9C/0", "KD/0"]);
        // Keys (card index × 2 + copy) are unique.
        let mut keys: Vec<usize> = sort_bag(bag)
            .iter()
            .map(|&(c, k)| c.index() as usize * 2 + k as usize)
            .collect();
        keys.dedup();
        assert_eq!(keys.len(), 6);
    }
}
