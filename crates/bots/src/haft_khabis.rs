//! A rule-based Haft Khabis player. It scores every legal action and takes the best (ties
//! broken by its seeded RNG): it keeps its jacks (wild) for when nothing else fits, sheds
//! the cards that cost most (HX-12), leaves a suit it holds many of, answers a pending 7
//! and passes an ace's skip on, punishes the next player with a 7 (or an ace's skip) when
//! that player holds few cards, names with a 2 the player holding fewest cards (and gives
//! away a costly card), names the suit it holds most of with a jack, and always declares
//! its last card (HX-9, D-6).

use crate::shedding::{suit_count, Scorer, SheddingBot};
use engine::games::haft_khabis::{
    HaftKhabis, HaftKhabisAction, HaftKhabisPlay, HaftKhabisView, TurnMode,
};
use engine::games::shedding::SheddingView;
use engine::{Card, Rank, Seat};

/// The rule-based Haft Khabis bot.
pub type HaftKhabisBot = SheddingBot<HaftKhabis>;

/// HX-12: what a card costs left in hand (a jack's doubling counted as 20, a seven as the
/// two cards that replace it).
pub(crate) fn cost(c: Card) -> i32 {
    match c.rank() {
        Rank::JACK => 20,
        Rank::SEVEN => 16,
        Rank::QUEEN => 12,
        Rank::KING => 13,
        Rank::ACE => 11,
        r => r.value() as i32,
    }
}

/// How much the bot likes an action (higher is better).
impl Scorer for HaftKhabis {
    fn score(v: &HaftKhabisView, a: &HaftKhabisAction) -> i32 {
        let next = v.next_seat();
        let next_count = v.hand_counts.get(next.idx()).copied().unwrap_or(9) as i32;
        let threatened = next_count <= 2;
        let count_of = |s: Seat| v.hand_counts.get(s.idx()).copied().unwrap_or(9) as i32;
        // Someone may go out soon: time to get rid of costly cards, jacks included.
        let danger = v.in_hand.iter().any(|s| s != v.seat && count_of(s) <= 2);
        match *a {
            HaftKhabisAction::Draw { last } => {
                let base = if v.pending_draw > 0 { -60 } else { -100 };
                base + 5 * last as i32
            }
            HaftKhabisAction::Pass => match v.mode {
                TurnMode::AceAnswer => -50,
                _ => -90,
            },
            HaftKhabisAction::Name { target, give } => {
                -5 * count_of(target) + give.map_or(0, giving)
            }
            HaftKhabisAction::Play(HaftKhabisPlay {
                card,
                suit,
                target,
                give,
                last,
            }) => {
                let mut left = v.hand;
                left.remove(card);
                if let Some(g) = give {
                    left.remove(g);
                }
                if left.is_empty() {
                    return 1000;
                }
                let r = card.rank();
                let mut s = cost(card);
                if r == Rank::JACK {
                    // Keep jacks for need, unless one card is left (then name its suit) or
                    // someone is about to go out (a jack left in hand doubles the penalty).
                    s -= if left.len() <= 1 {
                        0
                    } else if danger {
                        15
                    } else {
                        70
                    };
                }
                let follow = suit.unwrap_or(card.suit());
                // The jacks are wild (HX-8).
                s += 4 * suit_count(left, follow, Rank::JACK);
                s += 2 * left.iter().filter(|c| c.rank() == r).count() as i32;
                match r {
                    Rank::SEVEN => {
                        // Answer a chain; punish a player about to go out; otherwise keep
                        // sevens to answer with, until someone may go out (HX-12: a seven
                        // left in hand is replaced by two cards).
                        s += if v.pending_draw > 0 {
                            80
                        } else if threatened {
                            40
                        } else if danger {
                            4
                        } else {
                            -20
                        }
                    }
                    Rank::ACE => {
                        s += if v.mode == TurnMode::AceAnswer {
                            80
                        } else if threatened {
                            25
                        } else {
                            0
                        }
                    }
                    Rank::EIGHT => s += 8,
                    _ => {}
                }
                if let Some(t) = target {
                    s += 20 - 5 * count_of(t);
                }
                if let Some(g) = give {
                    s += giving(g);
                }
                if last {
                    // HX-9 / D-6: always declare.
                    s += 5;
                }
                s
            }
        }
    }
}

/// How good it is to give `g` away with a 2 (HX-4): a costly card, but not a wild jack.
fn giving(g: Card) -> i32 {
    if g.rank() == Rank::JACK {
        -10
    } else {
        cost(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shedding::testing::{self, bag, card, duel};
    use crate::Bot;
    use engine::games::haft_khabis::{HaftKhabisPhase, HaftKhabisSettings, TwoRule};
    use engine::games::shedding::Direction;
    use engine::{SeatSet, Suit};

    fn view(hand: &str, top: &str, counts: [u8; 4]) -> HaftKhabisView {
        HaftKhabisView {
            seat: Seat(0),
            players: 4,
            decks: 1,
            settings: HaftKhabisSettings::default(),
            phase: HaftKhabisPhase::Playing,
            to_act: SeatSet::only(Seat(0)),
            mode: TurnMode::Normal,
            dealer: Seat(3),
            leader: Seat(0),
            hand_number: 1,
            hand: bag(hand),
            top: Some(card(top)),
            named_suit: None,
            direction: Direction::Clockwise,
            pending_draw: 0,
            sevens: 0,
            drawn: None,
            hand_counts: counts.to_vec(),
            stock: 20,
            discards: 5,
            declared: SeatSet::default(),
            active: SeatSet(0b1111),
            in_hand: SeatSet(0b1111),
            emptied: vec![],
            jack_runs: vec![0; 4],
            totals: vec![0; 4],
            places: vec![],
            result: None,
            winners: vec![],
        }
    }

    fn play(c: &str) -> HaftKhabisAction {
        HaftKhabisAction::Play(HaftKhabisPlay::card(card(c)))
    }

    fn with(c: &str, f: impl FnOnce(&mut HaftKhabisPlay)) -> HaftKhabisAction {
        let mut p = HaftKhabisPlay::card(card(c));
        f(&mut p);
        HaftKhabisAction::Play(p)
    }

    fn choose(v: &HaftKhabisView, legal: &[HaftKhabisAction]) -> HaftKhabisAction {
        HaftKhabisBot::new(1).choose(v, legal)
    }

    #[test]
    fn keeps_its_jacks_for_need_and_names_the_suit_it_holds_most_of() {
        let v = view("JH 9S 4C 5C", "9D", [4, 5, 5, 5]);
        let mut legal = vec![play("9S")];
        legal.extend(Suit::ALL.map(|s| with("JH", |p| p.suit = Some(s))));
        assert_eq!(choose(&v, &legal), play("9S"));
        let legal: Vec<_> = Suit::ALL.map(|s| with("JH", |p| p.suit = Some(s))).to_vec();
        assert_eq!(
            choose(&v, &legal),
            with("JH", |p| p.suit = Some(Suit::Clubs))
        );
    }

    #[test]
    fn punishes_the_next_player_holding_few_cards_with_a_seven() {
        let legal = vec![play("7S"), play("KS")];
        let v = view("7S KS 4C 5C", "9S", [4, 1, 5, 5]);
        assert_eq!(choose(&v, &legal), play("7S"));
        let v = view("7S KS 4C 5C", "9S", [4, 6, 5, 5]);
        assert_eq!(
            choose(&v, &legal),
            play("KS"),
            "otherwise the costly king goes"
        );
        // A pending 7 is answered rather than drawn; a skip is passed on.
        let mut v = view("7H KS 4C", "7S", [3, 5, 5, 5]);
        v.pending_draw = 2;
        let draw = HaftKhabisAction::Draw { last: false };
        assert_eq!(choose(&v, &[play("7H"), draw]), play("7H"));
        let mut v = view("AH KS 4C", "AS", [3, 5, 5, 5]);
        v.mode = TurnMode::AceAnswer;
        assert_eq!(
            choose(&v, &[play("AH"), HaftKhabisAction::Pass]),
            play("AH")
        );
    }

    #[test]
    fn a_two_names_the_player_with_fewest_cards_and_gives_a_costly_card() {
        let v = view("2S KD 4C 5C", "9S", [4, 6, 2, 5]);
        let legal: Vec<_> = [1, 2, 3]
            .map(|t| with("2S", |p| p.target = Some(Seat(t))))
            .to_vec();
        assert_eq!(choose(&v, &legal), with("2S", |p| p.target = Some(Seat(2))));
        let mut v = v;
        v.settings.two = TwoRule::GiveCard;
        let mut legal = Vec::new();
        for g in ["KD", "4C", "5C"] {
            legal.push(with("2S", |p| {
                p.target = Some(Seat(2));
                p.give = Some(card(g));
            }));
        }
        assert_eq!(
            choose(&v, &legal),
            with("2S", |p| {
                p.target = Some(Seat(2));
                p.give = Some(card("KD"));
            })
        );
    }

    #[test]
    fn always_declares_its_last_card() {
        let v = view("9S 4C", "9D", [2, 5, 5, 5]);
        let declared = with("9S", |p| p.last = true);
        assert_eq!(choose(&v, &[play("9S"), declared]), declared);
        let v = view("", "8D", [0, 5, 5, 5]);
        let legal = [
            HaftKhabisAction::Draw { last: false },
            HaftKhabisAction::Draw { last: true },
        ];
        assert_eq!(choose(&v, &legal), legal[1]);
    }

    #[test]
    fn same_seed_same_choices() {
        testing::same_seed_same_choices::<HaftKhabis>();
    }

    #[test]
    fn rule_bot_clearly_beats_random_play() {
        let settings = HaftKhabisSettings {
            end: engine::games::haft_khabis::EndMode::Hands,
            hands: 20,
            ..HaftKhabisSettings::default()
        };
        let (won, pts) = duel::<HaftKhabis>(400, 21, settings);
        eprintln!("hands won {won:?}, penalty points {pts:?} (0 and 2 are bots)");
        assert!(won[0] + won[2] > 2 * (won[1] + won[3]), "{won:?}");
        assert!((pts[0] + pts[2]) * 3 < (pts[1] + pts[3]) * 2, "{pts:?}");
        // Finishing order (HX-13): the bots take first place far more often.
        let order = HaftKhabisSettings {
            end: engine::games::haft_khabis::EndMode::FinishingOrder,
            ..HaftKhabisSettings::default()
        };
        let (won, _) = duel::<HaftKhabis>(200, 22, order);
        eprintln!("finishing order, first places {won:?}");
        assert!(won[0] + won[2] > 2 * (won[1] + won[3]), "{won:?}");
    }
}
