//! How a Crazy Eights play is chosen at the table: the plays of the cards picked (one card,
//! or several of a rank together, CE-11), the suit a wild card names (CE-2) still open, and
//! the "last card" declaration (CE-8, D-6) preferred where both forms are legal.

use super::{CrazyEightsAction, CrazyEightsPlay};
use crate::card::{Card, CardSet};
use crate::games::shedding::CardRun;

/// The plays of the cards `run` (one card, or several of a rank in play order, CE-11)
/// among the legal actions, with the declaration `last` preferred when both are legal.
pub fn plays_of(legal: &[CrazyEightsAction], run: CardRun, last: bool) -> Vec<CrazyEightsPlay> {
    let all: Vec<CrazyEightsPlay> = legal
        .iter()
        .filter_map(|a| match a {
            CrazyEightsAction::Play(p) if p.cards == run => Some(*p),
            _ => None,
        })
        .collect();
    let wanted: Vec<CrazyEightsPlay> = all.iter().copied().filter(|p| p.last == last).collect();
    if wanted.is_empty() {
        all
    } else {
        wanted
    }
}

/// The cards that may be played now, alone or with others of their rank (CE-11).
pub fn playable_cards(legal: &[CrazyEightsAction]) -> CardSet {
    let mut set = CardSet::EMPTY;
    for a in legal {
        if let CrazyEightsAction::Play(p) = a {
            for &c in p.cards.as_slice() {
                set.insert(c);
            }
        }
    }
    set
}

/// Whether `card` may be played together with other cards of its rank now (CE-11).
pub fn has_partners(legal: &[CrazyEightsAction], card: Card) -> bool {
    legal.iter().any(
        |a| matches!(a, CrazyEightsAction::Play(p) if p.cards.len() > 1 && p.cards.as_slice().contains(&card)),
    )
}

/// Whether the declaration goes with some play now.
pub fn may_declare(legal: &[CrazyEightsAction]) -> bool {
    legal
        .iter()
        .any(|a| matches!(a, CrazyEightsAction::Play(p) if p.last))
}

/// The chosen cards as a run, in the order chosen (the last ends on top). Each card comes
/// with a tag of the caller's (which copy of it, with two decks), ignored here.
pub fn run_of<T: Copy>(chosen: &[(Card, T)]) -> Option<CardRun> {
    let cards: Vec<Card> = chosen.iter().map(|&(c, _)| c).collect();
    CardRun::new(&cards)
}

/// What a click on a card of the hand does (CE-11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click<T> {
    /// Play this card alone (as without the setting; the engine explains a refusal).
    Play(Card),
    /// The cards chosen to be played together, in the order chosen (empty: none).
    Chosen(Vec<(Card, T)>),
}

/// A click on `card` with `chosen` already chosen: a chosen card is taken back, a card of
/// the chosen rank is added (it will end on top), and a card that may be played with
/// others of its rank starts a new choice; any other card is played alone at once
/// (CE-11). A card is tagged by the caller (two copies of a card are two choices).
pub fn click<T: Copy + PartialEq>(
    legal: &[CrazyEightsAction],
    chosen: &[(Card, T)],
    card: (Card, T),
) -> Click<T> {
    if chosen.contains(&card) {
        return Click::Chosen(chosen.iter().copied().filter(|&x| x != card).collect());
    }
    match chosen.first() {
        Some(&(first, _)) if first.rank() == card.0.rank() && chosen.len() < CardRun::MAX => {
            let mut v = chosen.to_vec();
            v.push(card);
            Click::Chosen(v)
        }
        _ if has_partners(legal, card.0) => Click::Chosen(vec![card]),
        _ => Click::Play(card.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn a_card_click_finds_its_plays() {
        let eight = c("8S");
        let mut legal = vec![CrazyEightsAction::Draw];
        for suit in Suit::ALL {
            legal.push(CrazyEightsAction::Play(CrazyEightsPlay {
                suit: Some(suit),
                ..CrazyEightsPlay::card(eight)
            }));
        }
        legal.push(CrazyEightsAction::Play(CrazyEightsPlay::card(c("5H"))));
        legal.push(CrazyEightsAction::Play(CrazyEightsPlay {
            last: true,
            ..CrazyEightsPlay::card(c("5H"))
        }));
        let one = |s: &str| CardRun::one(c(s));
        assert_eq!(
            plays_of(&legal, one("8S"), false).len(),
            4,
            "a wild card asks for the suit"
        );
        assert_eq!(
            plays_of(&legal, one("5H"), true),
            vec![CrazyEightsPlay {
                last: true,
                ..CrazyEightsPlay::card(c("5H"))
            }]
        );
        assert_eq!(
            plays_of(&legal, one("5H"), false),
            vec![CrazyEightsPlay::card(c("5H"))]
        );
        // The declaration is dropped when it does not belong to the play.
        assert_eq!(plays_of(&legal, one("8S"), true).len(), 4);
        assert!(plays_of(&legal, one("2C"), false).is_empty());
        assert_eq!(playable_cards(&legal).len(), 2);
        assert!(may_declare(&legal));
    }

    #[test]
    fn equal_cards_are_chosen_in_order_and_played_together() {
        // 5H fits; 5C fits only with the 5H (CE-11: one of the set must fit); 9D fits alone.
        let run = |v: &[&str]| CardRun::new(&v.iter().map(|s| c(s)).collect::<Vec<_>>()).unwrap();
        let legal = vec![
            CrazyEightsAction::Play(CrazyEightsPlay::card(c("5H"))),
            CrazyEightsAction::Play(CrazyEightsPlay::card(c("9D"))),
            CrazyEightsAction::Play(CrazyEightsPlay {
                cards: run(&["5C", "5H"]),
                suit: None,
                last: false,
            }),
            CrazyEightsAction::Play(CrazyEightsPlay {
                cards: run(&["5H", "5C"]),
                suit: None,
                last: false,
            }),
            CrazyEightsAction::Draw,
        ];
        assert_eq!(
            playable_cards(&legal).len(),
            3,
            "5C may be played with the 5H"
        );
        assert!(has_partners(&legal, c("5C")) && !has_partners(&legal, c("9D")));
        // A card without partners is played at once.
        assert_eq!(click(&legal, &[], (c("9D"), 0)), Click::Play(c("9D")));
        // A card with partners starts a choice; the next of its rank is added after it.
        let first = click(&legal, &[], (c("5C"), 0));
        assert_eq!(first, Click::Chosen(vec![(c("5C"), 0)]));
        let Click::Chosen(v) = first else {
            unreachable!()
        };
        assert!(
            plays_of(&legal, run_of(&v).unwrap(), false).is_empty(),
            "5C alone does not fit"
        );
        let Click::Chosen(v) = click(&legal, &v, (c("5H"), 0)) else {
            panic!("added")
        };
        assert_eq!(
            run_of(&v),
            Some(run(&["5C", "5H"])),
            "the last chosen ends on top"
        );
        assert_eq!(plays_of(&legal, run_of(&v).unwrap(), false).len(), 1);
        // A second click takes a card back; another rank starts over (or plays at once).
        assert_eq!(
            click(&legal, &v, (c("5C"), 0)),
            Click::Chosen(vec![(c("5H"), 0)])
        );
        assert_eq!(click(&legal, &v, (c("9D"), 0)), Click::Play(c("9D")));
        // Two copies of a card (two decks) are two choices.
        let twice = click(&legal, &[(c("5H"), 0)], (c("5H"), 1));
        assert_eq!(twice, Click::Chosen(vec![(c("5H"), 0), (c("5H"), 1)]));
    }
}
