//! Bidel: a scenario per rule (named by its ID) and the property tests of ARCHITECTURE.md.

use super::state::{QUEEN_SPADES, TWO_CLUBS, TWO_DIAMONDS};
use super::*;
use crate::card::{parse_cards, Card, CardSet, Suit};
use crate::game::{Deal, Game, RuleError, Setup, SetupError, Status};
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
use crate::testkit::{self, Inspect, RandomMatch};
use proptest::prelude::*;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn set(s: &str) -> CardSet {
    cards(s).into_iter().collect()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// The deck order that deals `hands[seat]` to each seat when the dealer is the last seat
/// (one card at a time, seat 0 first).
fn deck_for(hands: &[CardSet]) -> Vec<Card> {
    let n = hands.len();
    let per: Vec<Vec<Card>> = hands.iter().map(|h| h.iter().collect()).collect();
    let len = per[0].len();
    let mut d = Vec::new();
    for k in 0..len {
        for h in &per {
            d.push(h[k]);
        }
    }
    assert_eq!(d.len(), n * len);
    d
}

fn setup_with(settings: BidelSettings, n: u8, decks: Vec<Vec<Card>>) -> Setup<BidelSettings> {
    Setup {
        players: n,
        settings,
        deal: Deal {
            seed: 1,
            decks,
            dealer: Some(Seat(n - 1)),
        },
    }
}

/// Seat `s` receives, in the first hand's pass to the right, the last three cards (in
/// index order) of `final_hands[s]`; returns the game after everyone has passed, holding
/// exactly `final_hands`.
fn game_after_pass(settings: BidelSettings, final_hands: &[&str]) -> Bidel {
    let n = final_hands.len();
    let fin: Vec<CardSet> = final_hands.iter().map(|h| set(h)).collect();
    let last3 = |h: CardSet| -> CardSet { h.iter().skip(h.len() as usize - 3).collect() };
    let pre: Vec<CardSet> = (0..n)
        .map(|s| fin[s].minus(last3(fin[s])).or(last3(fin[(s + 1) % n])))
        .collect();
    let mut g = Bidel::new(&setup_with(settings, n as u8, vec![deck_for(&pre)])).unwrap();
    assert_eq!(g.view(Seat(0)).pass_direction, PassDirection::Right);
    for s in 0..n {
        for c in last3(fin[(s + 1) % n]) {
            g.apply(Seat(s as u8), &BidelAction::Pass(c)).unwrap();
        }
    }
    for (s, hand) in fin.iter().enumerate() {
        assert_eq!(g.view(Seat(s as u8)).hand, *hand, "seat {s}");
    }
    g
}

fn play(g: &mut Bidel, seat: u8, c: &str) -> Result<BidelEvent, BidelError> {
    g.apply(Seat(seat), &BidelAction::Play(card(c)))
}

/// Everyone plays the first legal card until the hand ends.
fn play_out(g: &mut Bidel) {
    while let Some(seat) = g.turn() {
        let c = g.legal_cards(seat).first().unwrap();
        g.apply(seat, &BidelAction::Play(c)).unwrap();
    }
}

/// Every seat passes its first three cards.
fn pass_first_three(g: &mut Bidel) {
    while let Status::Acting(seats) = g.status() {
        if g.phase() != BidelPhase::Passing {
            break;
        }
        let s = seats.first().unwrap();
        let c = g.view(s).hand.first().unwrap();
        g.apply(s, &BidelAction::Pass(c)).unwrap();
    }
}

const CLUBS: &str = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC";
const DIAMONDS: &str = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD";
const HEARTS: &str = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH";
const SPADES: &str = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS";

#[test]
fn rule_bd_1_four_players_thirteen_each_three_players_seventeen_without_two_of_diamonds() {
    let g = Bidel::new(&Setup {
        players: 4,
        settings: BidelSettings::default(),
        deal: Deal::seeded(3),
    })
    .unwrap();
    assert_eq!(g.view(Seat(0)).hand_counts, vec![13; 4]);
    assert_eq!((g.sides(), g.side_of(Seat(2))), (4, 2), "everyone alone");
    let g = Bidel::new(&Setup {
        players: 3,
        settings: BidelSettings::default(),
        deal: Deal::seeded(3),
    })
    .unwrap();
    let v = g.view(Seat(1));
    assert_eq!(v.hand_counts, vec![17; 3]);
    assert_eq!(g.sides(), 3);
    let all = g
        .card_places()
        .into_iter()
        .fold(CardSet::EMPTY, CardSet::or);
    assert_eq!(all, CardSet::DECK);
    assert!(!(0..3).any(|s| g.view(Seat(s)).hand.contains(TWO_DIAMONDS)));
    for players in [2, 5] {
        let s = Setup {
            players,
            settings: BidelSettings::default(),
            deal: Deal::seeded(1),
        };
        assert!(matches!(Bidel::new(&s), Err(SetupError::Players { .. })));
    }
}

#[test]
fn rule_bd_1_three_player_deal_from_an_explicit_deck() {
    // Dealer 2: seat 0 receives first, one card at a time.
    let deck: Vec<Card> = CardSet::DECK.minus(TWO_DIAMONDS.bit()).iter().collect();
    let g = Bidel::new(&setup_with(BidelSettings::default(), 3, vec![deck.clone()])).unwrap();
    let h0: CardSet = deck.iter().step_by(3).copied().collect();
    assert_eq!(g.view(Seat(0)).hand, h0);
    assert_eq!(h0.len(), 17);
    // A 52-card deck is refused with three players, a 51-card one with four.
    let full: Vec<Card> = CardSet::DECK.iter().collect();
    for (n, d) in [(3, full), (4, deck)] {
        assert!(matches!(
            Bidel::new(&setup_with(BidelSettings::default(), n, vec![d])),
            Err(SetupError::BadDeck(_))
        ));
    }
}

#[test]
fn rule_bd_2_passing_is_simultaneous_and_hidden_until_everyone_has_chosen() {
    let hands = [CLUBS, DIAMONDS, HEARTS, SPADES].map(set);
    let mut g = Bidel::new(&setup_with(
        BidelSettings::default(),
        4,
        vec![deck_for(&hands)],
    ))
    .unwrap();
    assert_eq!(g.phase(), BidelPhase::Passing);
    assert_eq!(g.status(), Status::Acting(SeatSet(0b1111)));
    // Seat 2 picks first: only its own cards, three at most.
    assert_eq!(
        g.apply(Seat(2), &BidelAction::Pass(card("2C"))),
        Err(BidelError::NotInHand(card("2C")))
    );
    assert_eq!(
        g.apply(Seat(2), &BidelAction::Play(card("2H"))),
        Err(BidelError::WrongPhase)
    );
    for c in ["AH", "KH", "QH"] {
        g.apply(Seat(2), &BidelAction::Pass(card(c))).unwrap();
    }
    assert_eq!(g.status(), Status::Acting(SeatSet(0b1011)));
    assert_eq!(
        g.apply(Seat(2), &BidelAction::Pass(card("2H"))),
        Err(BidelError::NotYourTurn { seat: Seat(2) })
    );
    let v2 = g.view(Seat(2));
    assert_eq!(v2.picked, set("QH KH AH"));
    assert_eq!(v2.hand_counts, vec![13, 13, 10, 13]);
    assert_eq!(v2.pick_counts, vec![0, 0, 3, 0]);
    // Nobody else sees which cards seat 2 picked.
    for s in [0, 1, 3] {
        let json = serde_json::to_string(&g.view(Seat(s))).unwrap();
        for c in ["QH", "KH", "AH"] {
            assert!(!json.contains(&format!("\"{c}\"")), "{c} leaked to {s}");
        }
    }
    for (s, cs) in [(0, ["AC", "KC", "QC"]), (1, ["AD", "KD", "QD"])] {
        for c in cs {
            g.apply(Seat(s), &BidelAction::Pass(card(c))).unwrap();
        }
    }
    // Still nothing moved: seat 3 has not chosen.
    assert_eq!(g.view(Seat(3)).hand, hands[3]);
    assert_eq!(g.view(Seat(1)).received, CardSet::EMPTY);
    g.apply(Seat(3), &BidelAction::Pass(card("AS"))).unwrap();
    g.apply(Seat(3), &BidelAction::Pass(card("KS"))).unwrap();
    let e = g.apply(Seat(3), &BidelAction::Pass(card("QS"))).unwrap();
    assert_eq!(
        e,
        BidelEvent::PassPicked {
            seat: Seat(3),
            picked: 3,
            exchanged: true
        }
    );
    // Hand 1 passes right: seat i gives to seat i+1 (D-9).
    let v1 = g.view(Seat(1));
    assert_eq!(v1.received, set("QC KC AC"));
    assert_eq!(v1.passed, set("QD KD AD"));
    assert!(v1.hand.contains(card("AC")) && !v1.hand.contains(card("AD")));
    assert_eq!(g.view(Seat(0)).received, set("QS KS AS"));
    assert_eq!(g.phase(), BidelPhase::Playing);
}

#[test]
fn rule_bd_2_pass_directions_cycle() {
    use PassDirection::*;
    let four: Vec<_> = (1..=9).map(|h| PassDirection::of_hand(h, 4)).collect();
    assert_eq!(
        four,
        [Right, Left, Across, None, Right, Left, Across, None, Right]
    );
    let three: Vec<_> = (1..=7).map(|h| PassDirection::of_hand(h, 3)).collect();
    assert_eq!(three, [Right, Left, None, Right, Left, None, Right]);
    assert_eq!(Left.offset(4), 3);
    assert_eq!(Left.offset(3), 2);
    assert_eq!(Across.offset(4), 2);
    // Through a real match: the fourth hand starts in play, the third passes across.
    let mut g = Bidel::new(&Setup {
        players: 4,
        settings: BidelSettings::default(),
        deal: Deal::seeded(5),
    })
    .unwrap();
    for hand in 1..=4u16 {
        let v = g.view(Seat(0));
        assert_eq!(v.hand_number, hand);
        assert_eq!(v.pass_direction, PassDirection::of_hand(hand, 4));
        if hand == 4 {
            assert_eq!(g.phase(), BidelPhase::Playing);
        }
        if hand == 3 {
            let before = g.view(Seat(1)).hand;
            let given = before.iter().take(3).collect::<CardSet>();
            pass_first_three(&mut g);
            assert_eq!(g.view(Seat(3)).received, given, "across: 1 gives to 3");
        }
        pass_first_three(&mut g);
        play_out(&mut g);
        g.next_hand().unwrap();
    }
}

#[test]
fn rule_bd_3_the_holder_of_two_of_clubs_leads_it() {
    let mut g = game_after_pass(BidelSettings::default(), &[DIAMONDS, CLUBS, HEARTS, SPADES]);
    assert_eq!(g.turn(), Some(Seat(1)), "seat 1 holds 2C");
    assert_eq!(g.legal_cards(Seat(1)), TWO_CLUBS.bit());
    assert_eq!(play(&mut g, 1, "3C"), Err(BidelError::MustLeadTwoOfClubs));
    assert_eq!(
        play(&mut g, 0, "2D"),
        Err(BidelError::NotYourTurn { seat: Seat(0) })
    );
    play(&mut g, 1, "2C").unwrap();
    // With three players 2C is still in play and leads too.
    let mut g = Bidel::new(&Setup {
        players: 3,
        settings: BidelSettings::default(),
        deal: Deal::seeded(8),
    })
    .unwrap();
    pass_first_three(&mut g);
    let t = g.turn().unwrap();
    assert!(g.view(t).hand.contains(TWO_CLUBS));
    assert_eq!(g.legal_cards(t), TWO_CLUBS.bit());
}

#[test]
fn rule_bd_4_no_points_on_the_first_trick_unless_nothing_else() {
    // Seat 0 leads 2C; seat 1 has no club: hearts and QS refused, a diamond is fine.
    let mut g = game_after_pass(
        BidelSettings::default(),
        &[
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D 10D 2H 3H QS 2S",
            "JD 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 3S",
            "4S 5S 6S 7S 8S 9S 10S JS KS AS QD KD AD",
        ],
    );
    play(&mut g, 0, "2C").unwrap();
    assert_eq!(
        play(&mut g, 1, "QS"),
        Err(BidelError::NoPointsOnFirstTrick(QUEEN_SPADES))
    );
    assert_eq!(
        play(&mut g, 1, "2H"),
        Err(BidelError::NoPointsOnFirstTrick(card("2H")))
    );
    assert_eq!(
        BidelError::NoPointsOnFirstTrick(QUEEN_SPADES).rule(),
        "BD-4"
    );
    assert!(!g.legal_cards(Seat(1)).contains(QUEEN_SPADES));
    play(&mut g, 1, "2S").unwrap();
    play(&mut g, 2, "JD").unwrap();
    // Seat 3 has no club either: KS and AS carry no points in the ordinary game.
    play(&mut g, 3, "KS").unwrap();
    // The exception: a hand of nothing but hearts and QS may play them.
    let mut g = game_after_pass(
        BidelSettings::default(),
        &[
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH QS",
            "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
            "AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
        ],
    );
    play(&mut g, 0, "2C").unwrap();
    assert_eq!(
        g.legal_cards(Seat(1)).len(),
        13,
        "only point cards: all allowed"
    );
    play(&mut g, 1, "QS").unwrap();
}

#[test]
fn rule_bd_5_hearts_not_led_until_broken_unless_only_hearts() {
    // Seat 2 wins the first trick with KC and then holds only hearts: it may lead one.
    let mut g = game_after_pass(
        BidelSettings::default(),
        &[
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2H AC",
            "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
            "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH KC",
            "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        ],
    );
    for (s, c) in [(0, "2C"), (1, "2D"), (2, "KC"), (3, "2S")] {
        play(&mut g, s, c).unwrap();
    }
    assert_eq!(g.turn(), Some(Seat(2)));
    assert!(!g.view(Seat(2)).hearts_broken);
    assert_eq!(
        g.legal_cards(Seat(2)).len(),
        12,
        "only hearts: may lead one"
    );
    play(&mut g, 2, "3H").unwrap();
    assert!(g.view(Seat(0)).hearts_broken);
    // Seat 1 wins the first trick with KC and holds diamonds and 2H: no heart lead.
    let mut g = game_after_pass(
        BidelSettings::default(),
        &[
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 3H AC",
            "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD 2H KC",
            "4H 5H 6H 7H 8H 9H 10H JH QH KH AH KD AD",
            "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        ],
    );
    for (s, c) in [(0, "2C"), (1, "KC"), (2, "AD"), (3, "2S")] {
        play(&mut g, s, c).unwrap();
    }
    assert_eq!(g.turn(), Some(Seat(1)));
    assert_eq!(play(&mut g, 1, "2H"), Err(BidelError::HeartsNotBroken));
    assert_eq!(BidelError::HeartsNotBroken.rule(), "BD-5");
    assert!(!g.legal_cards(Seat(1)).contains(card("2H")));
    // Seat 1 leads a diamond; seat 2 follows; seat 3 (no diamond) may throw... spades only.
    for (s, c) in [(1, "2D"), (2, "KD"), (3, "3S"), (0, "3H")] {
        play(&mut g, s, c).unwrap();
    }
    // Seat 0 threw 3H on a diamond trick: hearts are broken; seat 2 (KD) leads, and may
    // now lead a heart.
    assert!(g.view(Seat(3)).hearts_broken);
    assert_eq!(g.turn(), Some(Seat(2)));
    play(&mut g, 2, "4H").unwrap();
}

#[test]
fn rule_bd_6_follow_suit_highest_of_the_led_suit_takes_the_trick() {
    let mut g = game_after_pass(
        BidelSettings::default(),
        &[
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D",
            "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD AC",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S",
            "AH 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        ],
    );
    play(&mut g, 0, "2C").unwrap();
    assert_eq!(
        play(&mut g, 1, "3D"),
        Err(BidelError::MustFollowSuit { led: Suit::Clubs })
    );
    assert_eq!(
        BidelError::MustFollowSuit { led: Suit::Clubs }.code(),
        "must_follow_suit"
    );
    for (s, c) in [(1, "AC"), (2, "2S"), (3, "AS")] {
        play(&mut g, s, c).unwrap();
    }
    assert_eq!(g.turn(), Some(Seat(1)), "AC beats the off-suit AS");
    assert_eq!(g.view(Seat(0)).tricks, vec![0, 1, 0, 0]);
}

#[test]
fn rule_bd_7_points_hearts_one_queen_thirteen() {
    let mut g = game_after_pass(BidelSettings::default(), &[CLUBS, DIAMONDS, HEARTS, SPADES]);
    play_out(&mut g);
    // Seat 0 leads clubs every trick and takes them all... with every heart and QS
    // thrown on them: a moon.
    let r = g.view(Seat(0)).result.unwrap();
    assert_eq!(r.taken, vec![26, 0, 0, 0]);
    assert_eq!(r.moon, Some(Seat(0)));
    assert_eq!(r.points, vec![0, 26, 26, 26]);
    assert_eq!(r.winners, vec![0]);
    assert_eq!(g.totals(), vec![0, 26, 26, 26]);
    assert_eq!(g.hand_score().unwrap().points, vec![0, 26, 26, 26]);
    assert_eq!(r.queen_of_spades, Seat(0));
}

#[test]
fn rule_bd_7_ordinary_hand_counts_points_taken() {
    let mut seen_plain = false;
    for seed in 0..50 {
        let mut g = Bidel::new(&Setup {
            players: 4,
            settings: BidelSettings::default(),
            deal: Deal::seeded(seed),
        })
        .unwrap();
        pass_first_three(&mut g);
        play_out(&mut g);
        let r = g.view(Seat(0)).result.unwrap();
        assert_eq!(r.taken.iter().map(|&p| p as u32).sum::<u32>(), 26);
        if r.moon.is_none() {
            seen_plain = true;
            assert_eq!(
                r.points,
                r.taken.iter().map(|&p| p as i32).collect::<Vec<_>>()
            );
            let low = *r.points.iter().min().unwrap();
            let winners: Vec<usize> = (0..4).filter(|&s| r.points[s] == low).collect();
            assert_eq!(r.winners, winners);
        }
    }
    assert!(seen_plain);
}

#[test]
fn rule_bd_8_target_lowest_wins_and_a_tie_for_the_win_plays_on() {
    // Seat 0 shoots the moon: the others reach 26 each.
    let mut g = game_after_pass(BidelSettings::default(), &[CLUBS, DIAMONDS, HEARTS, SPADES]);
    g.set_totals([80, 0, 90, 5]);
    play_out(&mut g);
    // Totals 80, 26, 116, 31: seat 2 passed 100, seat 1 lowest alone wins.
    assert_eq!(g.status(), Status::MatchOver);
    let o = g.outcome().unwrap();
    assert_eq!(o.totals, vec![80, 26, 116, 31]);
    assert_eq!(o.winners, vec![1]);
    assert_eq!(g.view(Seat(0)).winner, Some(Seat(1)));
    assert_eq!(g.next_hand(), Err(BidelError::HandNotOver));
    // A tie for the lowest: another hand.
    let mut g = game_after_pass(BidelSettings::default(), &[CLUBS, DIAMONDS, HEARTS, SPADES]);
    g.set_totals([90, 10, 10, 80]);
    play_out(&mut g);
    assert_eq!(g.totals(), vec![90, 36, 36, 106]);
    assert_eq!(g.status(), Status::HandOver, "36 and 36 tie for the win");
    g.next_hand().unwrap();
    // Below the target: play on.
    let mut g = game_after_pass(BidelSettings::default(), &[CLUBS, DIAMONDS, HEARTS, SPADES]);
    play_out(&mut g);
    assert_eq!(g.status(), Status::HandOver);
    // Target 200 and bad targets.
    let s200 = BidelSettings {
        target: 200,
        ..BidelSettings::default()
    };
    let mut g = game_after_pass(s200, &[CLUBS, DIAMONDS, HEARTS, SPADES]);
    g.set_totals([150, 0, 90, 5]);
    play_out(&mut g);
    assert_eq!(g.status(), Status::HandOver, "116 is below 200");
    let bad = Setup {
        players: 4,
        settings: BidelSettings {
            target: 150,
            ..BidelSettings::default()
        },
        deal: Deal::seeded(0),
    };
    assert!(matches!(Bidel::new(&bad), Err(SetupError::BadSetting(_))));
}

#[test]
fn rule_bd_9_forty_point_mode() {
    let forty = BidelSettings {
        forty_point_mode: true,
        ..BidelSettings::default()
    };
    // K♠ and A♠ are refused on the first trick like Q♠.
    let mut g = game_after_pass(
        forty.clone(),
        &[
            CLUBS,
            "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KS AS",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
            "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KD AD",
        ],
    );
    play(&mut g, 0, "2C").unwrap();
    assert_eq!(
        play(&mut g, 1, "KS"),
        Err(BidelError::NoPointsOnFirstTrick(card("KS")))
    );
    play(&mut g, 1, "2D").unwrap();
    // A hand carries 40 points; a moon gives the others 40.
    let mut g = game_after_pass(forty, &[CLUBS, DIAMONDS, HEARTS, SPADES]);
    play_out(&mut g);
    let r = g.view(Seat(0)).result.unwrap();
    assert_eq!(r.taken, vec![40, 0, 0, 0]);
    assert_eq!(r.points, vec![0, 40, 40, 40]);
    // Without a moon the points still add up to 40.
    for seed in 0..20 {
        let mut g = Bidel::new(&Setup {
            players: 4,
            settings: BidelSettings {
                forty_point_mode: true,
                ..BidelSettings::default()
            },
            deal: Deal::seeded(seed),
        })
        .unwrap();
        pass_first_three(&mut g);
        play_out(&mut g);
        let r = g.view(Seat(0)).result.unwrap();
        assert_eq!(r.taken.iter().map(|&p| p as u32).sum::<u32>(), 40);
    }
}

#[test]
fn rule_bd_10_trump_mode_hakem_after_the_queen_taker_names_trump() {
    let settings = BidelSettings {
        trump_mode: true,
        ..BidelSettings::default()
    };
    // Hand 1: no hakem yet. Seat 0 takes everything, Q♠ included.
    let mut g = game_after_pass(settings, &[CLUBS, DIAMONDS, HEARTS, SPADES]);
    assert_eq!(g.view(Seat(0)).hakem, None);
    play_out(&mut g);
    assert_eq!(g.view(Seat(0)).result.unwrap().queen_of_spades, Seat(0));
    g.next_hand().unwrap();
    // Hand 2: seat 1 (the next seat, "to the right", D-9) names trump before passing.
    assert_eq!(g.phase(), BidelPhase::ChoosingTrump);
    assert_eq!(g.status(), Status::Acting(SeatSet::only(Seat(1))));
    assert_eq!(g.view(Seat(3)).hakem, Some(Seat(1)));
    let mut legal = Vec::new();
    g.legal_actions(Seat(1), &mut legal);
    assert_eq!(legal.len(), 5);
    assert_eq!(
        g.apply(Seat(0), &BidelAction::Trump(BidelTrump::NoTrump)),
        Err(BidelError::NotYourTurn { seat: Seat(0) })
    );
    assert_eq!(
        g.apply(
            Seat(1),
            &BidelAction::Pass(g.view(Seat(1)).hand.first().unwrap())
        ),
        Err(BidelError::WrongPhase)
    );
    let e = g
        .apply(
            Seat(1),
            &BidelAction::Trump(BidelTrump::Suit(Suit::Diamonds)),
        )
        .unwrap();
    assert_eq!(
        e,
        BidelEvent::TrumpChosen {
            hakem: Seat(1),
            trump: BidelTrump::Suit(Suit::Diamonds)
        }
    );
    assert_eq!(g.phase(), BidelPhase::Passing);
    assert_eq!(
        g.view(Seat(2)).trump,
        Some(BidelTrump::Suit(Suit::Diamonds))
    );
}

#[test]
fn rule_bd_10_trumps_win_tricks_and_bd_4_still_applies() {
    let settings = BidelSettings {
        trump_mode: true,
        ..BidelSettings::default()
    };
    let suits = [CLUBS, DIAMONDS, HEARTS, SPADES].map(set);
    // Hand 2 is dealt by seat 0 (D-1), so seat 1 receives first.
    let mut second = Vec::new();
    for k in 0..13 {
        for s in [1usize, 2, 3, 0] {
            second.push(suits[s].iter().nth(k).unwrap());
        }
    }
    let mut g = Bidel::new(&setup_with(settings, 4, vec![deck_for(&suits), second])).unwrap();
    pass_first_three(&mut g);
    play_out(&mut g);
    let hakem = g.view(Seat(0)).result.unwrap().queen_of_spades.next(4);
    g.next_hand().unwrap();
    assert_eq!(g.turn(), Some(hakem));
    g.apply(hakem, &BidelAction::Trump(BidelTrump::Suit(Suit::Spades)))
        .unwrap();
    // Hand 2 passes left: each seat passes its three lowest cards to seat i-1.
    pass_first_three(&mut g);
    assert_eq!(g.view(Seat(0)).received, set("2D 3D 4D"));
    // Seat 3 received 2C 3C 4C and leads 2C (BD-3).
    assert_eq!(g.turn(), Some(Seat(3)));
    play(&mut g, 3, "2C").unwrap();
    play(&mut g, 0, "5C").unwrap();
    // Seat 1 has no club: no heart on the first trick (BD-4), even in trump mode.
    assert_eq!(
        play(&mut g, 1, "2H"),
        Err(BidelError::NoPointsOnFirstTrick(card("2H")))
    );
    play(&mut g, 1, "5D").unwrap();
    play(&mut g, 2, "2S").unwrap();
    assert_eq!(g.turn(), Some(Seat(2)), "the trump 2S beats 5C");
}

#[test]
fn explicit_decks_and_dealer_are_checked() {
    let short = setup_with(BidelSettings::default(), 4, vec![cards("AS 2C")]);
    assert!(matches!(Bidel::new(&short), Err(SetupError::BadDeck(_))));
    let mut bad = setup_with(BidelSettings::default(), 4, vec![]);
    bad.deal.dealer = Some(Seat(4));
    assert!(matches!(Bidel::new(&bad), Err(SetupError::BadDealer(4))));
}

#[test]
fn actions_have_the_documented_json_forms() {
    let cases = [
        (BidelAction::Pass(card("QS")), r#"{"pass":"QS"}"#),
        (
            BidelAction::Trump(BidelTrump::Suit(Suit::Hearts)),
            r#"{"trump":"H"}"#,
        ),
        (
            BidelAction::Trump(BidelTrump::NoTrump),
            r#"{"trump":"none"}"#,
        ),
        (BidelAction::Play(card("10D")), r#"{"play":"10D"}"#),
    ];
    for (a, json) in cases {
        assert_eq!(serde_json::to_string(&a).unwrap(), json);
        assert_eq!(serde_json::from_str::<BidelAction>(json).unwrap(), a);
    }
    assert!(serde_json::from_str::<BidelAction>(r#"{"pass":"1X"}"#).is_err());
    assert!(serde_json::from_str::<BidelAction>(r#"{"trump":"sars"}"#).is_err());
    let s: BidelSettings = serde_json::from_str(r#"{"target":200}"#).unwrap();
    assert_eq!(s.target, 200);
    assert!(!s.forty_point_mode && !s.trump_mode);
    let t = Trick {
        leader: Seat(1),
        cards: serde_json::from_str(r#"["2C","3C","4C"]"#).unwrap(),
        winner: Seat(3),
        points: 0,
    };
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(
        json,
        r#"{"leader":1,"cards":["2C","3C","4C"],"winner":3,"points":0}"#
    );
    assert_eq!(serde_json::from_str::<Trick>(&json).unwrap(), t);
}

// ---- property tests (ARCHITECTURE.md, run by crate::testkit) ----

fn random_setup(seed: u64, r: &mut Rng) -> Setup<BidelSettings> {
    Setup {
        players: 3 + r.below(2) as u8,
        settings: BidelSettings {
            target: [100, 200][r.below(2) as usize],
            forty_point_mode: r.below(2) == 1,
            trump_mode: r.below(2) == 1,
            show_last_trick: r.below(2) == 1,
        },
        deal: Deal::seeded(seed),
    }
}

/// `hands` random hands from `seed` (three or four players, random settings); while
/// several seats may act (the BD-2 passing) a random one of them acts.
fn random_game(seed: u64, hands: u32) -> RandomMatch<Bidel> {
    let mut r = Rng::new(seed ^ 0xB1DE1);
    let setup = random_setup(seed, &mut r);
    RandomMatch::new(setup, r).hands(hands)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn prop_legal_exactly_when_apply_accepts(seed in any::<u64>()) {
        testkit::legal_exactly_when_apply_accepts(random_game(seed, 2))?;
    }

    #[test]
    fn prop_random_action_draws_as_the_listed_pick(seed in any::<u64>()) {
        // Bidel overrides Game::random_action (random playouts).
        testkit::random_action_draws_as_the_listed_pick(random_game(seed, 4))?;
    }

    #[test]
    fn prop_every_card_accounted_for(seed in any::<u64>()) {
        testkit::every_card_accounted_for(random_game(seed, 20))?;
    }

    #[test]
    fn prop_view_unchanged_when_other_hidden_cards_are_swapped(seed in any::<u64>()) {
        testkit::view_unchanged_when_other_hidden_cards_are_swapped(random_game(seed, 3))?;
    }

    #[test]
    fn prop_same_seed_and_moves_same_state_and_hash(seed in any::<u64>()) {
        testkit::same_seed_and_moves_same_state_and_hash(random_game(seed, 20))?;
    }
}

// The table runs on what one seat sees (C-5, D-8): legality from a view, and updates that
// name no hidden card. Bidel has no
// disclosures.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn prop_legal_from_view_is_legal_actions(seed in any::<u64>()) {
        testkit::legal_from_view_is_legal_actions(random_game(seed, 4))?;
    }

    #[test]
    fn prop_events_do_not_depend_on_hidden_cards(seed in any::<u64>()) {
        testkit::events_do_not_depend_on_hidden_cards(random_game(seed, 4), testkit::nothing_disclosed)?;
    }

    #[test]
    fn prop_updates_name_only_known_cards(seed in any::<u64>()) {
        testkit::updates_name_only_known_cards(random_game(seed, 4), testkit::no_other_public_cards)?;
    }
}

// FromView (issue 12): a state rebuilt from a seat's view and the true hidden cards is the
// same game for every seat.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(30))]

    #[test]
    fn prop_rebuilt_from_view_is_the_same_game(seed in any::<u64>()) {
        testkit::rebuilt_from_view_is_the_same_game(random_game(seed, 2), 4)?;
    }
}

// A finished hand's record (issue 23, D-8): it replays the hand, hides the stock left.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    #[test]
    fn prop_d_8_hand_records_replay_the_hand(seed in any::<u64>()) {
        testkit::hand_records_replay_the_hand(random_game(seed, 2))?;
    }
}

#[test]
fn from_view_refuses_hidden_cards_that_contradict_the_view() {
    use crate::rebuild::FromView;
    use crate::testkit::InspectHidden;
    let g = Bidel::new(&Setup {
        players: 4,
        settings: BidelSettings::default(),
        deal: Deal::seeded(5),
    })
    .unwrap();
    let v = g.view(Seat(1));
    let h = g.hidden();
    assert!(Bidel::from_view(&v, &h, 1).is_ok());
    let mut moved = h.clone();
    let c = moved.hands[2].first().unwrap();
    moved.hands[2].remove(c);
    moved.hands[3].insert(c);
    assert!(Bidel::from_view(&v, &moved, 1).is_err());
    let mut twice = h.clone();
    twice.hands[2].insert(h.hands[1].first().unwrap());
    assert!(Bidel::from_view(&v, &twice, 1).is_err());
    let mut mine = h;
    mine.hands[1] = mine.hands[0];
    assert!(Bidel::from_view(&v, &mine, 1).is_err());
}

#[test]
fn passing_partners_follow_bd_2_and_d_9() {
    // D-9: right is the next seat, left the previous, across i+2.
    assert_eq!(PassDirection::Right.receiver(Seat(0), 4), Seat(1));
    assert_eq!(PassDirection::Left.receiver(Seat(0), 4), Seat(3));
    assert_eq!(PassDirection::Across.receiver(Seat(1), 4), Seat(3));
    assert_eq!(PassDirection::Left.receiver(Seat(2), 3), Seat(1));
    for n in [3u8, 4] {
        for d in [
            PassDirection::Right,
            PassDirection::Left,
            PassDirection::Across,
        ] {
            if d == PassDirection::Across && n == 3 {
                continue;
            }
            for s in 0..n {
                assert_eq!(d.giver(d.receiver(Seat(s), n), n), Seat(s), "{d:?} {n}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// C-5, D-8, issue 23: a watcher sees only public cards: the watchers' view is seat 0's
    /// without its hand and the cards it picked, passed and received (BD-2), names only cards
    /// every seat sees, and does not depend on any seat's hidden cards; what a watcher is
    /// sent names only public cards.
    #[test]
    fn prop_rule_c_5_d_8_watchers_see_only_public_cards(seed in any::<u64>()) {
        testkit::watch_view_names_only_public_cards(
            random_game(seed, 4),
            &["hand", "picked", "passed", "received"],
        )?;
        testkit::watch_updates_name_only_public_cards(random_game(seed, 4), testkit::no_other_public_cards)?;
    }
}

/// BD-2, C-5 (issue 23): a watcher sees how many cards each seat has picked to pass, never
/// which, nor which were passed or received; nor any hand, while the hand is played.
#[test]
fn rule_bd_2_c_5_a_watcher_sees_no_passed_card() {
    for players in [4, 3] {
        let setup = Setup {
            players,
            settings: BidelSettings::default(),
            deal: Deal::seeded(23),
        };
        let mut g = Bidel::new(&setup).unwrap();
        let (mut picking, mut passed) = (false, false);
        testkit::walk(&mut g, 3_000, |g| {
            let w = g.watch_view();
            let seat0 = g.view(Seat(0));
            assert!(w.hand.is_empty() && w.picked.is_empty());
            assert!(w.passed.is_empty() && w.received.is_empty());
            assert_eq!(
                (w.pick_counts.clone(), w.hand_counts.clone(), w.to_act),
                (seat0.pick_counts, seat0.hand_counts, seat0.to_act)
            );
            if matches!(g.status(), Status::Acting(_)) {
                let named = testkit::cards_named(&w);
                for s in 0..players {
                    let v = g.view(Seat(s));
                    let own = v.hand.or(v.picked).or(v.passed).or(v.received);
                    // A card of the seat's own may be public otherwise (played, shown face up).
                    let mut others = CardSet(u64::MAX);
                    for t in (0..players).filter(|&t| t != s) {
                        others = others.and(testkit::cards_named(&g.view(Seat(t))));
                    }
                    let seen = named.and(own).minus(others);
                    assert!(seen.is_empty(), "seat {s}'s {seen:?} in {w:?}");
                    passed |= !v.passed.is_empty();
                }
            }
            picking |= w.pick_counts.iter().any(|&k| k > 0);
        });
        assert!(picking && passed, "{players}p");
    }
}
