//! How a Pasur play is chosen at the table (PA-3, PA-4): a card of the hand and, where it
//! can take several sets of table cards, one of them. The legal actions list each capture
//! set of a card, then laying it down where that is allowed; these read them apart, mark
//! the table cards a choice would take and pick a set by one of its cards.

use super::{pasur_value, PasurAction, PasurView};
use crate::card::{Card, CardSet};

/// What playing `card` can do: its legal actions in the engine's order (each capture
/// option with its `take`, then laying it down where that is allowed, PA-3, PA-4).
pub fn choices(legal: &[PasurAction], card: Card) -> Vec<PasurAction> {
    legal.iter().copied().filter(|a| a.play == card).collect()
}

/// What playing `card` would do at `view`'s table, to look ahead off turn: each capture
/// option (PA-3), or laying it down when it captures nothing.
pub fn would(view: &PasurView, card: Card) -> Vec<PasurAction> {
    let sets = view.capture_options(card);
    if sets.is_empty() {
        vec![PasurAction::play(card)]
    } else {
        sets.into_iter()
            .map(|t| PasurAction::take(card, t))
            .collect()
    }
}

/// The table cards an action takes (none: the card is laid down).
pub fn takes(a: &PasurAction) -> CardSet {
    a.take.unwrap_or(CardSet::EMPTY)
}

/// The choice in force among `n`: the only one, or the one picked (while it exists).
pub fn chosen(n: usize, picked: Option<usize>) -> Option<usize> {
    if n == 1 {
        Some(0)
    } else {
        picked.filter(|&i| i < n)
    }
}

/// How the table cards are marked while a card of the hand is considered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The cards the chosen (or only) set takes.
    pub take: CardSet,
    /// The cards of the other sets, still to choose from.
    pub maybe: CardSet,
}

impl Marks {
    /// Whether anything on the table is marked (or the card captures nothing, `none`).
    pub fn any(&self) -> bool {
        !self.take.is_empty() || !self.maybe.is_empty()
    }
}

/// The marks of a card whose capture sets are `sets` with choice `chosen` in force.
pub fn marks(sets: &[CardSet], chosen: Option<usize>) -> Marks {
    let all = sets.iter().fold(CardSet::EMPTY, |a, &s| a.or(s));
    let take = chosen
        .and_then(|i| sets.get(i).copied())
        .unwrap_or(CardSet::EMPTY);
    Marks {
        take,
        maybe: all.minus(take),
    }
}

/// The set picked by tapping the table card `card`: the first set holding it, or, when
/// the set in force holds it already, the next set that does (so repeated taps go through
/// every set the card belongs to). `None` if no set holds it.
pub fn pick_by_table_card(sets: &[CardSet], current: Option<usize>, card: Card) -> Option<usize> {
    let with: Vec<usize> = (0..sets.len())
        .filter(|&i| sets[i].contains(card))
        .collect();
    match current.and_then(|c| with.iter().position(|&i| i == c)) {
        Some(k) => Some(with[(k + 1) % with.len()]),
        None => with.first().copied(),
    }
}

/// The table cards in the order they are drawn: by Pasur value (A=1 … 10, J, Q, K), then
/// suit, so the sums to eleven are easy to see.
pub fn table_order(table: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = table.iter().collect();
    // Keys are unique (one deck), so an unstable sort gives the same order with less code.
    v.sort_unstable_by_key(|&c| (pasur_value(c), c.suit() as u8));
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pasur::{Pasur, PasurSettings};
    use crate::Game;

    fn set(cards: &str) -> CardSet {
        crate::card::parse_cards(cards)
            .unwrap()
            .into_iter()
            .collect()
    }

    fn card(c: &str) -> Card {
        c.parse().unwrap()
    }

    fn game(seed: u64, players: u8, settings: PasurSettings) -> Pasur {
        Pasur::new(&crate::Setup {
            players,
            settings,
            deal: crate::Deal::seeded(seed),
        })
        .unwrap()
    }

    #[test]
    fn marks_show_the_chosen_set_and_the_others_to_choose_from() {
        // 7♣ on 4♦ 4♠ 3♥ 1… : two sets (4♦, 4♠).
        let sets = [set("4D"), set("4S")];
        assert_eq!(chosen(2, None), None);
        let m = marks(&sets, None);
        assert_eq!(m.take, CardSet::EMPTY);
        assert_eq!(m.maybe, set("4D 4S"));
        let m = marks(&sets, Some(1));
        assert_eq!(m.take, set("4S"));
        assert_eq!(m.maybe, set("4D"));
        // One set: it is in force at once.
        assert_eq!(chosen(1, None), Some(0));
        let m = marks(&[set("8H 3C")], chosen(1, None));
        assert_eq!(m.take, set("8H 3C"));
        assert!(m.maybe.is_empty());
        // Nothing to take: nothing is marked.
        assert!(!marks(&[CardSet::EMPTY], Some(0)).any());
        assert!(!marks(&[], None).any());
        // A choice that no longer exists is dropped.
        assert_eq!(chosen(2, Some(5)), None);
    }

    #[test]
    fn tapping_a_table_card_picks_a_set_holding_it_and_cycles_through_them() {
        // 2♣ 4♦ 5♥ 3♠ for a 5 (sum 6): {2♣ 4♦}, {5♥ ... } no: use explicit sets.
        let sets = [set("2C 4D"), set("2C 3S AH"), set("6H")];
        assert_eq!(pick_by_table_card(&sets, None, card("6H")), Some(2));
        assert_eq!(pick_by_table_card(&sets, None, card("2C")), Some(0));
        assert_eq!(pick_by_table_card(&sets, Some(0), card("2C")), Some(1));
        assert_eq!(
            pick_by_table_card(&sets, Some(1), card("2C")),
            Some(0),
            "back to the first"
        );
        assert_eq!(pick_by_table_card(&sets, Some(2), card("3S")), Some(1));
        assert_eq!(pick_by_table_card(&sets, Some(1), card("AH")), Some(1));
        assert_eq!(pick_by_table_card(&sets, Some(0), card("KS")), None);
    }

    #[test]
    fn choices_come_from_the_legal_actions_and_name_each_set() {
        for forced in [true, false] {
            let settings = PasurSettings {
                forced_capture: forced,
                ..PasurSettings::default()
            };
            let mut g = game(3, 2, settings);
            for _ in 0..48 {
                let Some(t) = g.turn() else { break };
                let v = g.view(t);
                let legal = v.legal_actions();
                for c in v.hand.iter() {
                    let ch = choices(&legal, c);
                    let options = v.capture_options(c);
                    let sets: Vec<CardSet> = ch.iter().map(takes).collect();
                    if options.is_empty() {
                        assert_eq!(sets, vec![CardSet::EMPTY], "{c}: laid down");
                    } else {
                        assert_eq!(sets[..options.len()], options[..], "{c}");
                        assert_eq!(sets.len(), options.len() + usize::from(!forced));
                    }
                    for a in &ch {
                        g.clone().apply(t, a).expect("every choice is legal");
                    }
                }
                g.apply(t, &legal[legal.len() - 1]).unwrap();
            }
        }
    }

    #[test]
    fn table_cards_are_drawn_by_pasur_value() {
        let v: Vec<String> = table_order(set("KS 10D AH JC 2C QH 5S"))
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(v, ["AH", "2C", "5S", "10D", "JC", "QH", "KS"]);
    }

    #[test]
    fn what_a_card_would_do_is_legal_on_its_turn() {
        let mut looked = 0;
        for seed in 0..20 {
            let g = game(seed, 2, PasurSettings::default());
            let seat = g.turn().unwrap();
            let view = g.view(seat);
            let legal = view.legal_actions();
            for c in view.hand.iter() {
                let w = would(&view, c);
                assert!(!w.is_empty());
                assert!(w.iter().all(|a| legal.contains(a)), "seed {seed}: {c}");
                looked += usize::from(w[0].take.is_some());
            }
        }
        assert!(looked > 0, "some card captured");
    }
}
