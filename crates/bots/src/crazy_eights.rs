//! A rule-based Crazy Eights player (also Countdown, CE-12). It scores every legal action
//! and takes the best (ties broken by its seeded RNG): it keeps its wild cards for when
//! nothing else fits (or to go out), sheds high cards and several equal cards at once,
//! leaves a suit it holds many of, punishes the next player with a 2, a skip or Q♠ when
//! that player holds few cards, answers a pending 2 rather than drawing, names the suit
//! it holds most of, and always declares its last card (D-6).

use crate::shedding::{suit_count, Scorer, SheddingBot};
use engine::games::crazy_eights::{
    card_points, CrazyEights, CrazyEightsAction, CrazyEightsPlay, CrazyEightsView,
};
use engine::games::shedding::SheddingView;
use engine::{Card, Rank, Suit};

const QUEEN_SPADES: Card = Card::new(Suit::Spades, Rank::QUEEN);

/// The rule-based Crazy Eights bot.
pub type CrazyEightsBot = SheddingBot<CrazyEights>;

/// The rank that skips in this room (CE-5, CE-11, CE-12's preset), if any.
fn skip_rank(v: &CrazyEightsView) -> Option<Rank> {
    let s = &v.settings;
    if s.countdown && s.countdown_preset {
        Some(Rank::JACK)
    } else if s.queen_skips {
        Some(if s.jack_skips_four_reverses {
            Rank::JACK
        } else {
            Rank::QUEEN
        })
    } else {
        None
    }
}

/// How much the bot likes an action (higher is better).
impl Scorer for CrazyEights {
    fn score(v: &CrazyEightsView, a: &CrazyEightsAction) -> i32 {
        let wild = v
            .wild_ranks
            .get(v.seat.idx())
            .copied()
            .unwrap_or(Rank::EIGHT);
        let next = v.next_seat();
        let next_count = v.hand_counts.get(next.idx()).copied().unwrap_or(9) as i32;
        let threatened = next_count <= 2;
        match *a {
            CrazyEightsAction::Suit(s) => suit_count(v.hand, s, wild) * 10,
            CrazyEightsAction::Draw => {
                if v.pending_draw > 0 {
                    -60
                } else {
                    -100
                }
            }
            CrazyEightsAction::Pass => -90,
            CrazyEightsAction::Play(CrazyEightsPlay { cards, suit, last }) => {
                let mut left = v.hand;
                for &c in cards.as_slice() {
                    left.remove(c);
                }
                if left.is_empty() && v.settings.countdown {
                    // Going out in Countdown: always good.
                    return 2000;
                }
                if left.is_empty() {
                    return 1000;
                }
                let top = cards.last();
                let mut s = 20 * cards.len() as i32;
                let wilds = cards.as_slice().iter().filter(|c| c.rank() == wild).count() as i32;
                // Keep wild cards for need (nothing else fits, or going out).
                s -= 45 * wilds;
                // Shed costly cards first (CE-10).
                s += cards
                    .as_slice()
                    .iter()
                    .filter(|c| c.rank() != wild)
                    .map(|&c| card_points(c, wild))
                    .sum::<i32>();
                // Leave a suit (and rank) the bot holds many of.
                let follow = suit.unwrap_or(top.suit());
                s += 4 * suit_count(left, follow, wild);
                s += 2 * left.iter().filter(|c| c.rank() == top.rank()).count() as i32;
                let set = &v.settings;
                let countdown_preset = set.countdown && set.countdown_preset;
                if (set.two_draws || countdown_preset) && top.rank() == Rank::TWO {
                    s += if v.pending_draw > 0 {
                        70
                    } else if threatened {
                        40
                    } else {
                        6
                    };
                }
                if (set.queen_of_spades_draws_five || countdown_preset)
                    && cards.as_slice().contains(&QUEEN_SPADES)
                {
                    s += if next_count <= 3 { 50 } else { 25 };
                } else if Some(top.rank()) == skip_rank(v) && threatened {
                    s += 25;
                }
                if last {
                    // D-6: always declare.
                    s += 5;
                }
                s
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shedding::testing::{self, bag, card, duel};
    use crate::Bot;
    use engine::card::parse_cards;
    use engine::games::crazy_eights::{CrazyEightsPhase, CrazyEightsSettings};
    use engine::games::shedding::{CardRun, Direction};
    use engine::{Seat, SeatSet};

    fn view(hand: &str, top: &str, counts: [u8; 4]) -> CrazyEightsView {
        CrazyEightsView {
            seat: Seat(0),
            players: 4,
            decks: 1,
            settings: CrazyEightsSettings::default(),
            phase: CrazyEightsPhase::Playing,
            to_act: SeatSet::only(Seat(0)),
            dealer: Seat(3),
            hand_number: 1,
            hand: bag(hand),
            top: Some(card(top)),
            named_suit: None,
            top_wild: false,
            direction: Direction::Clockwise,
            pending_draw: 0,
            drawn: None,
            hand_counts: counts.to_vec(),
            stock: 20,
            discards: 5,
            declared: SeatSet::default(),
            wild_ranks: vec![Rank::EIGHT; 4],
            countdown: vec![],
            totals: vec![0; 4],
            result: None,
            winner: None,
        }
    }

    fn play(c: &str) -> CrazyEightsAction {
        CrazyEightsAction::Play(CrazyEightsPlay::card(card(c)))
    }

    fn play_suit(c: &str, s: Suit) -> CrazyEightsAction {
        CrazyEightsAction::Play(CrazyEightsPlay {
            suit: Some(s),
            ..CrazyEightsPlay::card(card(c))
        })
    }

    fn choose(v: &CrazyEightsView, legal: &[CrazyEightsAction]) -> CrazyEightsAction {
        CrazyEightsBot::new(1).choose(v, legal)
    }

    #[test]
    fn keeps_its_wild_eights_for_need() {
        let v = view("8H 9S 4C 5C", "9D", [4, 5, 5, 5]);
        let mut legal = vec![play("9S")];
        legal.extend(Suit::ALL.map(|s| play_suit("8H", s)));
        legal.push(CrazyEightsAction::Draw);
        assert_eq!(choose(&v, &legal), play("9S"));
        // Nothing else fits: the eight, naming the suit held most (clubs).
        let mut legal: Vec<_> = Suit::ALL.map(|s| play_suit("8H", s)).to_vec();
        legal.push(CrazyEightsAction::Draw);
        assert_eq!(choose(&v, &legal), play_suit("8H", Suit::Clubs));
    }

    #[test]
    fn names_the_suit_it_holds_most_of() {
        let v = view("2D 3D 9D KS", "8C", [4, 5, 5, 5]);
        let legal: Vec<_> = Suit::ALL.map(CrazyEightsAction::Suit).to_vec();
        assert_eq!(choose(&v, &legal), CrazyEightsAction::Suit(Suit::Diamonds));
    }

    #[test]
    fn punishes_the_next_player_holding_few_cards_with_a_two() {
        // Seat 1 holds one card: the 2 (draw two) over the high king.
        let v = view("2S KS 4C 5C", "9S", [4, 1, 5, 5]);
        let legal = vec![play("2S"), play("KS"), CrazyEightsAction::Draw];
        assert_eq!(choose(&v, &legal), play("2S"));
        // With seat 1 on five cards it sheds the king first.
        let v = view("2S KS 4C 5C", "9S", [4, 5, 5, 5]);
        assert_eq!(choose(&v, &legal), play("KS"));
        // A pending 2 is answered rather than drawn.
        let mut v = view("2S KS 4C", "2H", [3, 5, 5, 5]);
        v.pending_draw = 2;
        assert_eq!(
            choose(&v, &[play("2S"), CrazyEightsAction::Draw]),
            play("2S")
        );
    }

    #[test]
    fn always_declares_its_last_card_and_goes_out_when_it_can() {
        let v = view("9S 4C", "9D", [2, 5, 5, 5]);
        let declared = CrazyEightsAction::Play(CrazyEightsPlay {
            last: true,
            ..CrazyEightsPlay::card(card("9S"))
        });
        assert_eq!(
            choose(&v, &[play("9S"), declared, CrazyEightsAction::Draw]),
            declared
        );
        let v = view("8S", "9D", [1, 5, 5, 5]);
        assert_eq!(
            choose(&v, &[play("8S"), CrazyEightsAction::Draw]),
            play("8S")
        );
    }

    #[test]
    fn sheds_equal_cards_together() {
        let mut v = view("5S 5C 5H KD", "5D", [4, 5, 5, 5]);
        v.settings.equal_cards = true;
        let run = |s: &str| {
            CrazyEightsAction::Play(CrazyEightsPlay {
                cards: CardRun::new(&parse_cards(s).unwrap()).unwrap(),
                suit: None,
                last: false,
            })
        };
        let legal = vec![play("5S"), run("5S 5C"), run("5C 5H 5S"), play("KD")];
        assert_eq!(choose(&v, &legal), run("5C 5H 5S"));
    }

    #[test]
    fn same_seed_same_choices() {
        testing::same_seed_same_choices::<CrazyEights>();
    }

    #[test]
    fn rule_bot_clearly_beats_random_play() {
        let (won, pts) = duel::<CrazyEights>(300, 11, CrazyEightsSettings::default());
        eprintln!("hands won {won:?}, points {pts:?} (0 and 2 are bots)");
        assert!(won[0] + won[2] > 2 * (won[1] + won[3]), "{won:?}");
        assert!((pts[0] + pts[2]) * 2 < pts[1] + pts[3], "{pts:?}");
        let countdown = CrazyEightsSettings {
            countdown: true,
            countdown_preset: true,
            ..CrazyEightsSettings::default()
        };
        let (won, _) = duel::<CrazyEights>(60, 12, countdown);
        eprintln!("Countdown games won {won:?}");
        assert!(won[0] + won[2] > 2 * (won[1] + won[3]), "{won:?}");
    }
}
