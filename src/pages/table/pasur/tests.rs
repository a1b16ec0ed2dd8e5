//! The Pasur table's choices, marks and keys.

use super::*;

/// A set of cards from text: `"4D AS"`.
pub(crate) fn set(cards: &str) -> CardSet {
    engine::card::parse_cards(cards)
        .unwrap()
        .into_iter()
        .collect()
}

pub(crate) fn card(c: &str) -> Card {
    c.parse().unwrap()
}

#[test]
fn arrows_step_through_a_row() {
    assert_eq!(arrow_step("ArrowRight"), Some(1));
    assert_eq!(arrow_step("ArrowDown"), Some(1));
    assert_eq!(arrow_step("ArrowLeft"), Some(-1));
    assert_eq!(arrow_step("ArrowUp"), Some(-1));
    assert_eq!(arrow_step("Enter"), None);
    assert_eq!(
        hand_card(card("10D")),
        "[data-testid=hand] button[data-card=\"10D\"]"
    );
}

#[test]
fn table_cards_are_written_by_pasur_value() {
    assert_eq!(cards_attr(set("4D AS")), "AS 4D");
}
