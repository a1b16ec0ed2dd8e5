//! How a Haft Khabis action is chosen a part at a time, as a person does at the table: the
//! card, then the suit a jack names (HX-8), the player a two gives to and the card it gives
//! (HX-11), or the dealer's naming of a player (HX-16); and the "last card" declaration
//! (D-6) where both forms are legal. The table asks [`next`] after each part.

use super::{HaftKhabisAction, HaftKhabisPlay};
use crate::card::{Card, CardSet, Suit};
use crate::seat::Seat;

/// A choice in progress: the card played (none when the dealer names a player, HX-16), and
/// what was chosen so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Partial {
    pub card: Option<Card>,
    pub suit: Option<Suit>,
    pub target: Option<Seat>,
    /// The card a two gives (HX-11).
    pub give: Option<Card>,
}

/// The next question of a choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// Nothing fits (the engine will say why).
    Nothing,
    /// One action is left: do it.
    Act(HaftKhabisAction),
    Suit(Vec<Suit>),
    Target(Vec<Seat>),
    Give(Vec<Card>),
}

fn dedup<T: PartialEq>(v: impl Iterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for x in v {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// The plays (or namings) `p` can still become among the legal actions, preferring the
/// declaration `last`, and the next question to ask.
pub fn next(legal: &[HaftKhabisAction], p: Partial, last: bool) -> Next {
    let cands: Vec<HaftKhabisPlay> = legal
        .iter()
        .filter_map(|a| match *a {
            HaftKhabisAction::Play(x) if Some(x.card) == p.card => Some(x),
            HaftKhabisAction::Name { target, give } if p.card.is_none() => Some(HaftKhabisPlay {
                target: Some(target),
                give,
                ..HaftKhabisPlay::card(Card::RED_JOKER)
            }),
            _ => None,
        })
        .filter(|x| p.suit.is_none() || x.suit == p.suit)
        .filter(|x| p.target.is_none() || x.target == p.target)
        .filter(|x| p.give.is_none() || x.give == p.give)
        .collect();
    let wanted: Vec<HaftKhabisPlay> = cands.iter().copied().filter(|x| x.last == last).collect();
    let cands = if wanted.is_empty() { cands } else { wanted };
    let action = |x: HaftKhabisPlay| match p.card {
        Some(_) => HaftKhabisAction::Play(x),
        None => HaftKhabisAction::Name {
            target: x.target.unwrap_or(Seat(0)),
            give: x.give,
        },
    };
    match cands.len() {
        0 => Next::Nothing,
        1 => Next::Act(action(cands[0])),
        _ => {
            let suits = dedup(cands.iter().filter_map(|x| x.suit));
            let targets = dedup(cands.iter().filter_map(|x| x.target));
            let gives = dedup(cands.iter().filter_map(|x| x.give));
            if suits.len() > 1 {
                Next::Suit(suits)
            } else if targets.len() > 1 {
                Next::Target(targets)
            } else if gives.len() > 1 {
                Next::Give(gives)
            } else {
                Next::Act(action(cands[0]))
            }
        }
    }
}

/// The cards that may be played now.
pub fn playable_cards(legal: &[HaftKhabisAction]) -> CardSet {
    let mut set = CardSet::EMPTY;
    for a in legal {
        if let HaftKhabisAction::Play(x) = a {
            set.insert(x.card);
        }
    }
    set
}

/// Whether the "last card" declaration goes with some play or draw now (D-6, HX-9).
pub fn may_declare(legal: &[HaftKhabisAction]) -> bool {
    legal.iter().any(|a| {
        matches!(a, HaftKhabisAction::Play(x) if x.last)
            || *a == HaftKhabisAction::Draw { last: true }
    })
}

/// The draw to make, if drawing is legal now: with the declaration `last` where that is
/// legal, else without it.
pub fn draw(legal: &[HaftKhabisAction], last: bool) -> Option<HaftKhabisAction> {
    let wanted = HaftKhabisAction::Draw { last };
    let plain = HaftKhabisAction::Draw { last: false };
    if legal.contains(&wanted) {
        Some(wanted)
    } else if legal
        .iter()
        .any(|a| matches!(a, HaftKhabisAction::Draw { .. }))
    {
        Some(plain)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn a_two_asks_for_the_player_then_the_card() {
        let two = c("2C");
        let mut legal = vec![];
        for t in [Seat(1), Seat(2)] {
            for g in [c("5H"), c("9S")] {
                legal.push(HaftKhabisAction::Play(HaftKhabisPlay {
                    target: Some(t),
                    give: Some(g),
                    ..HaftKhabisPlay::card(two)
                }));
            }
        }
        let p = Partial {
            card: Some(two),
            ..Partial::default()
        };
        assert_eq!(next(&legal, p, false), Next::Target(vec![Seat(1), Seat(2)]));
        let p2 = Partial {
            target: Some(Seat(2)),
            ..p
        };
        assert_eq!(next(&legal, p2, false), Next::Give(vec![c("5H"), c("9S")]));
        let p3 = Partial {
            give: Some(c("9S")),
            ..p2
        };
        assert_eq!(
            next(&legal, p3, false),
            Next::Act(legal[3]),
            "the whole play"
        );
        assert_eq!(
            next(
                &legal,
                Partial {
                    card: Some(c("3D")),
                    ..p
                },
                false
            ),
            Next::Nothing
        );
        // The dealer's naming (HX-16): no card.
        let names = vec![
            HaftKhabisAction::Name {
                target: Seat(1),
                give: None,
            },
            HaftKhabisAction::Name {
                target: Seat(3),
                give: None,
            },
        ];
        assert_eq!(
            next(&names, Partial::default(), false),
            Next::Target(vec![Seat(1), Seat(3)])
        );
        assert_eq!(
            next(
                &names,
                Partial {
                    target: Some(Seat(3)),
                    ..Partial::default()
                },
                false
            ),
            Next::Act(HaftKhabisAction::Name {
                target: Seat(3),
                give: None
            })
        );
    }

    #[test]
    fn the_cards_to_play_the_draw_and_the_declaration() {
        let mut legal = vec![
            HaftKhabisAction::Play(HaftKhabisPlay::card(c("5H"))),
            HaftKhabisAction::Play(HaftKhabisPlay {
                suit: Some(Suit::Spades),
                ..HaftKhabisPlay::card(c("JC"))
            }),
            HaftKhabisAction::Draw { last: false },
        ];
        assert_eq!(playable_cards(&legal).len(), 2);
        assert!(!may_declare(&legal), "no play or draw declares");
        assert_eq!(
            draw(&legal, true),
            Some(HaftKhabisAction::Draw { last: false })
        );
        legal.push(HaftKhabisAction::Draw { last: true });
        assert!(may_declare(&legal), "a draw may declare (HX-9)");
        assert_eq!(
            draw(&legal, true),
            Some(HaftKhabisAction::Draw { last: true })
        );
        assert_eq!(
            draw(&legal, false),
            Some(HaftKhabisAction::Draw { last: false })
        );
        assert_eq!(draw(&legal[..2], false), None, "no draw is legal");
        let declared = [HaftKhabisAction::Play(HaftKhabisPlay {
            last: true,
            ..HaftKhabisPlay::card(c("5H"))
        })];
        assert!(may_declare(&declared));
    }
}
