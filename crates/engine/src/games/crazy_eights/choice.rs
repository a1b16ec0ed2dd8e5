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
}
