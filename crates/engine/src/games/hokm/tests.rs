//! Hokm: a scenario per rule (named by its ID) and the property tests of ARCHITECTURE.md.

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

/// A full deck: the given cards first, then the rest in index order.
fn deck_starting(prefix: &str) -> Vec<Card> {
    let mut d = cards(prefix);
    let used: CardSet = d.iter().copied().collect();
    d.extend(CardSet::DECK.minus(used).iter());
    d
}

/// The deck order that deals `hands[seat]` to each seat when `hakem` receives first (HK-3):
/// five each, then four and four.
fn deck_for(hakem: u8, hands: [&str; 4]) -> Vec<Card> {
    let hs: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    for h in &hs {
        assert_eq!(h.len(), 13);
    }
    let mut d = Vec::new();
    for (from, n) in [(0, 5), (5, 4), (9, 4)] {
        for i in 0..4 {
            let s = (hakem + i) % 4;
            d.extend_from_slice(&hs[s as usize][from..from + n]);
        }
    }
    d
}

fn setup(settings: HokmSettings, decks: Vec<Vec<Card>>, dealer: u8) -> Setup<HokmSettings> {
    Setup {
        players: 4,
        settings,
        deal: Deal {
            seed: 1,
            decks,
            dealer: Some(Seat(dealer)),
        },
    }
}

/// Seat 0 is hakem (dealer 3, first card of the draw an ace to seat 0), hands as given.
fn game_with(settings: HokmSettings, hands: [&str; 4]) -> Hokm {
    Hokm::new(&setup(
        settings,
        vec![deck_starting("AS"), deck_for(0, hands)],
        3,
    ))
    .unwrap()
}

fn play(g: &mut Hokm, seat: u8, card: &str) -> Result<HokmEvent, HokmError> {
    g.apply(Seat(seat), &HokmAction::Play(card.parse().unwrap()))
}

/// Everyone plays the lowest legal card until the hand ends.
fn play_out(g: &mut Hokm) {
    while let Some(seat) = g.turn() {
        let c = g.legal_cards(seat).first().unwrap();
        g.apply(seat, &HokmAction::Play(c)).unwrap();
    }
}

const SPADES: &str = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS";
const HEARTS: &str = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH";
const CLUBS: &str = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC";
const DIAMONDS: &str = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD";

#[test]
fn rule_hk_1_four_players_in_opposite_partnerships() {
    let g = game_with(HokmSettings::default(), [SPADES, HEARTS, CLUBS, DIAMONDS]);
    assert_eq!(g.players(), 4);
    assert_eq!(g.sides(), 2);
    assert_eq!(g.side_of(Seat(0)), g.side_of(Seat(2)));
    assert_eq!(g.side_of(Seat(1)), g.side_of(Seat(3)));
    assert_ne!(g.side_of(Seat(0)), g.side_of(Seat(1)));
    // Two players are the HK-13 form (its own tests below); no other count is played.
    for players in [0, 1, 3, 5, 6] {
        let s = Setup {
            players,
            settings: HokmSettings::default(),
            deal: Deal::seeded(1),
        };
        assert!(matches!(Hokm::new(&s), Err(SetupError::Players { .. })));
    }
}

#[test]
fn rule_hk_2_first_ace_dealt_face_up_makes_the_hakem() {
    // Dealer 0: the face-up deal starts at seat 1; the third card, an ace, goes to seat 3.
    let g = Hokm::new(&setup(
        HokmSettings::default(),
        vec![deck_starting("2C 3C AH AS")],
        0,
    ))
    .unwrap();
    let v = g.view(Seat(1));
    assert_eq!(v.hakem, Seat(3));
    assert_eq!(
        v.hakem_draw,
        vec![
            (Seat(1), "2C".parse().unwrap()),
            (Seat(2), "3C".parse().unwrap()),
            (Seat(3), "AH".parse().unwrap()),
        ]
    );
    assert_eq!(v.seat_swap, None);
    assert_eq!(v.seating, [0, 1, 2, 3]);
}

#[test]
fn rule_hk_2_partners_by_the_second_ace_swap_seats() {
    let settings = HokmSettings {
        partners_by_second_ace: true,
        ..HokmSettings::default()
    };
    // Seat 1 gets the first ace; seat 1 again gets an ace (ignored); seat 2 the next one:
    // seat 2 becomes the partner and swaps with seat 3, who sat opposite the hakem.
    let g = Hokm::new(&setup(
        settings.clone(),
        vec![deck_starting("AS 2C 3C 4C AD AH")],
        0,
    ))
    .unwrap();
    let v = g.view(Seat(0));
    assert_eq!(v.hakem, Seat(1));
    assert_eq!(v.hakem_draw.len(), 6);
    assert_eq!(v.seat_swap, Some((Seat(2), Seat(3))));
    assert_eq!(v.seating, [0, 1, 3, 2]);
    // The second ace already opposite the hakem: nobody moves.
    let g = Hokm::new(&setup(settings, vec![deck_starting("AS 2C AH")], 0)).unwrap();
    assert_eq!(g.view(Seat(0)).seat_swap, None);
    assert_eq!(g.view(Seat(0)).seating, [0, 1, 2, 3]);
}

#[test]
fn rule_hk_3_dealer_before_hakem_five_cards_then_the_rest() {
    let mut g = game_with(HokmSettings::default(), [SPADES, HEARTS, CLUBS, DIAMONDS]);
    let v = g.view(Seat(0));
    assert_eq!(v.hakem, Seat(0));
    assert_eq!(v.dealer, Seat(3), "the player before the hakem deals");
    assert_eq!(v.phase, HokmPhase::ChoosingTrump);
    assert_eq!(v.hand_counts, [5, 5, 5, 5]);
    assert_eq!(v.hand, cards("2S 3S 4S 5S 6S").into_iter().collect());
    g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Spades)))
        .unwrap();
    let v = g.view(Seat(1));
    assert_eq!(v.hand_counts, [13, 13, 13, 13]);
    assert_eq!(v.hand, cards(HEARTS).into_iter().collect());
}

#[test]
fn rule_hk_4_trump_suits_always_no_trump_modes_only_when_enabled() {
    let strong = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S";
    let mut g = game_with(HokmSettings::default(), [strong, HEARTS, CLUBS, DIAMONDS]);
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    assert_eq!(
        legal.len(),
        4,
        "four suits, no modes, hand not weak: {legal:?}"
    );
    assert_eq!(
        g.apply(Seat(0), &HokmAction::Trump(Trump::Nars)),
        Err(HokmError::ModeNotAllowed(Trump::Nars))
    );
    assert_eq!(
        g.apply(Seat(1), &HokmAction::Trump(Trump::Suit(Suit::Hearts))),
        Err(HokmError::NotYourTurn { seat: Seat(1) })
    );
    let all = HokmSettings {
        sars: true,
        nars: true,
        ace_nars: true,
        ..HokmSettings::default()
    };
    let g = game_with(all, [strong, HEARTS, CLUBS, DIAMONDS]);
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    for t in [Trump::Sars, Trump::Nars, Trump::AceNars] {
        assert!(legal.contains(&HokmAction::Trump(t)));
    }
}

/// One trick of hearts 2, K, A, 3 (seats 0..3) under `mode`; returns the winner.
fn heart_trick_winner(mode: Trump) -> Seat {
    let settings = HokmSettings {
        sars: true,
        nars: true,
        ace_nars: true,
        ..HokmSettings::default()
    };
    let mut g = game_with(
        settings,
        [
            "2H 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
            "KH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
            "AH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
            "3H 4H 5H 6H 7H 8H 9H 10H JH QH AS AC AD",
        ],
    );
    g.apply(Seat(0), &HokmAction::Trump(mode)).unwrap();
    for (s, c) in [(0, "2H"), (1, "KH"), (2, "AH")] {
        play(&mut g, s, c).unwrap();
    }
    match play(&mut g, 3, "3H").unwrap() {
        HokmEvent::Played { trick: Some(t), .. } => t.winner,
        e => panic!("trick not completed: {e:?}"),
    }
}

#[test]
fn rule_hk_4_no_trump_rankings() {
    assert_eq!(heart_trick_winner(Trump::Sars), Seat(2), "Sars: ace high");
    assert_eq!(heart_trick_winner(Trump::Nars), Seat(0), "Nars: two high");
    assert_eq!(
        heart_trick_winner(Trump::AceNars),
        Seat(2),
        "Ace-Nars: ace high"
    );
    // Ace-Nars: 2 > 3 > … > K below the ace.
    assert!(Trump::AceNars.strength(0) > Trump::AceNars.strength(1));
    assert!(Trump::AceNars.strength(1) > Trump::AceNars.strength(11));
    assert!(Trump::AceNars.strength(12) > Trump::AceNars.strength(0));
}

#[test]
fn rule_hk_5_weak_hand_redeal_by_the_same_dealer() {
    // The hakem's first five are 2S..6S: nothing above 10.
    let weak = [SPADES, HEARTS, CLUBS, DIAMONDS];
    let mut g = game_with(HokmSettings::default(), weak);
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    assert!(legal.contains(&HokmAction::Redeal));
    let before = g.view(Seat(0));
    assert_eq!(
        g.apply(Seat(0), &HokmAction::Redeal),
        Ok(HokmEvent::Redealt { hakem: Seat(0) })
    );
    let after = g.view(Seat(0));
    assert_eq!(after.dealer, before.dealer);
    assert_eq!(after.hakem, Seat(0));
    assert_eq!(after.phase, HokmPhase::ChoosingTrump);
    assert_eq!(after.hand_counts, [5, 5, 5, 5]);
    // The third shuffle came from the seeded RNG: a new hand (with overwhelming probability).
    assert_ne!(after.hand, before.hand);

    // Setting off: no redeal even with a weak hand.
    let off = HokmSettings {
        redeal_weak_hand: false,
        ..HokmSettings::default()
    };
    let mut g = game_with(off, weak);
    assert_eq!(
        g.apply(Seat(0), &HokmAction::Redeal),
        Err(HokmError::RedealNotAllowed)
    );
    // A jack among the first five: not weak.
    let mut g = game_with(
        HokmSettings::default(),
        [
            "JS 3S 4S 5S 6S 7S 8S 9S 10S 2S QS KS AS",
            HEARTS,
            CLUBS,
            DIAMONDS,
        ],
    );
    assert_eq!(
        g.apply(Seat(0), &HokmAction::Redeal),
        Err(HokmError::RedealNotAllowed)
    );
}

#[test]
fn rule_hk_6_hakem_leads_follow_suit_trump_wins_winner_leads() {
    let mut g = game_with(
        HokmSettings::default(),
        [
            "2H 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
            "KH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
            "AH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
            "3H 4H 5H 6H 7H 8H 9H 10H JH QH AC AD AS",
        ],
    );
    g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Clubs)))
        .unwrap();
    assert_eq!(g.turn(), Some(Seat(0)), "the hakem leads");
    assert_eq!(
        play(&mut g, 1, "KH"),
        Err(HokmError::NotYourTurn { seat: Seat(1) })
    );
    play(&mut g, 0, "2H").unwrap();
    // Seat 1 holds KH: must follow hearts.
    assert_eq!(
        play(&mut g, 1, "2C"),
        Err(HokmError::MustFollowSuit { led: Suit::Hearts })
    );
    assert_eq!(
        play(&mut g, 1, "QH"),
        Err(HokmError::NotInHand("QH".parse().unwrap()))
    );
    play(&mut g, 1, "KH").unwrap();
    play(&mut g, 2, "AH").unwrap();
    // Seat 3 follows with a heart; seat 2's ace wins.
    let e = play(&mut g, 3, "3H").unwrap();
    let HokmEvent::Played { trick: Some(t), .. } = e else {
        panic!("{e:?}")
    };
    assert_eq!(t.winner, Seat(2));
    assert_eq!(g.turn(), Some(Seat(2)), "the winner leads");
    // Seat 2 leads a diamond, seat 3 follows with the ace; seat 0 has no diamond and
    // throws a spade; seat 1 has none either and trumps with the lowest club, which wins.
    play(&mut g, 2, "2D").unwrap();
    play(&mut g, 3, "AD").unwrap();
    play(&mut g, 0, "2S").unwrap();
    let e = play(&mut g, 1, "2C").unwrap();
    let HokmEvent::Played { trick: Some(t), .. } = e else {
        panic!("{e:?}")
    };
    assert_eq!(t.winner, Seat(1), "a trump beats the led suit's ace");
    assert_eq!(g.view(Seat(0)).tricks, [1, 1]);
}

#[test]
fn rule_hk_7_and_hk_8_hand_ends_at_seven_tricks_kot_scores_two() {
    // The hakem holds every spade and names spades: side 0 takes seven tricks in a row.
    let mut g = game_with(HokmSettings::default(), [SPADES, HEARTS, CLUBS, DIAMONDS]);
    g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Spades)))
        .unwrap();
    play_out(&mut g);
    let v = g.view(Seat(1));
    assert_eq!(v.tricks, [7, 0], "the hand stops at seven tricks");
    assert_eq!(v.hand_counts, [6, 6, 6, 6]);
    let r = v.result.unwrap();
    assert!(r.kot && !r.hakem_kot);
    assert_eq!(r.points, 2);
    assert_eq!(v.score, [2, 0]);
    assert_eq!(g.status(), Status::HandOver);
    assert_eq!(g.hand_score().unwrap().points, vec![2, 0]);
}

#[test]
fn rule_hk_8_hakem_kot_scores_three() {
    // Seat 1 holds every spade; the hakem (seat 0, no spade) names spades anyway.
    let mut g = game_with(HokmSettings::default(), [HEARTS, SPADES, CLUBS, DIAMONDS]);
    g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Spades)))
        .unwrap();
    play_out(&mut g);
    let r = g.view(Seat(0)).result.unwrap();
    assert_eq!(r.tricks, [0, 7]);
    assert!(r.kot && r.hakem_kot);
    assert_eq!(r.points, 3);
}

#[test]
fn rule_hk_8_a_hand_with_tricks_on_both_sides_scores_one() {
    let mut seen = [false, false];
    for seed in 0..200 {
        let mut g = Hokm::new(&Setup {
            players: 4,
            settings: HokmSettings::default(),
            deal: Deal::seeded(seed),
        })
        .unwrap();
        let h = g.turn().unwrap();
        g.apply(h, &HokmAction::Trump(Trump::Suit(Suit::Hearts)))
            .unwrap();
        play_out(&mut g);
        let r = g.view(Seat(0)).result.unwrap();
        let loser = 1 - r.winner;
        assert_eq!(r.tricks[r.winner], 7);
        if r.tricks[loser] > 0 {
            assert_eq!(r.points, 1);
            assert!(!r.kot);
            seen[0] = true;
        } else {
            assert!(r.kot);
            assert_eq!(r.points, if r.hakem.side() == loser { 3 } else { 2 });
            seen[1] = true;
        }
    }
    assert!(seen[0], "no ordinary hand in 200 seeds");
}

#[test]
fn rule_hk_9_match_to_the_target_and_six_plus_kot_wins() {
    for target in [3u8, 5, 7] {
        let settings = HokmSettings {
            target,
            ..HokmSettings::default()
        };
        let mut g = Hokm::new(&Setup {
            players: 4,
            settings,
            deal: Deal::seeded(target as u64),
        })
        .unwrap();
        let mut hands = 0;
        loop {
            match g.status() {
                Status::Acting(s) => {
                    let seat = s.first().unwrap();
                    let mut legal = Vec::new();
                    g.legal_actions(seat, &mut legal);
                    let a = legal
                        .iter()
                        .find(|a| !matches!(a, HokmAction::Redeal))
                        .copied()
                        .unwrap();
                    g.apply(seat, &a).unwrap();
                }
                Status::HandOver => {
                    hands += 1;
                    assert!(g.totals().iter().all(|&t| t < target as i32));
                    g.next_hand().unwrap();
                }
                Status::MatchOver => break,
            }
        }
        let o = g.outcome().unwrap();
        assert!(o.totals[o.winners[0]] >= target as i32);
        assert!(o.totals[1 - o.winners[0]] < target as i32);
        assert!(hands < 7 * 2);
        assert_eq!(g.next_hand(), Err(HokmError::HandNotOver));
    }
    let bad = Setup {
        players: 4,
        settings: HokmSettings {
            target: 4,
            ..HokmSettings::default()
        },
        deal: Deal::seeded(0),
    };
    assert!(matches!(Hokm::new(&bad), Err(SetupError::BadSetting(_))));
}

#[test]
fn rule_hk_9_a_side_on_six_that_makes_a_kot_wins() {
    let mut g = game_with(HokmSettings::default(), [SPADES, HEARTS, CLUBS, DIAMONDS]);
    g.score = [6, 5];
    g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Spades)))
        .unwrap();
    play_out(&mut g);
    assert_eq!(g.status(), Status::MatchOver);
    assert_eq!(g.outcome().unwrap().totals, vec![8, 5]);
    assert_eq!(g.view(Seat(2)).winner, Some(0));
}

#[test]
fn rule_hk_10_hakem_stays_on_a_win_else_passes_and_deals() {
    let mut g = game_with(HokmSettings::default(), [SPADES, HEARTS, CLUBS, DIAMONDS]);
    g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Spades)))
        .unwrap();
    play_out(&mut g);
    g.next_hand().unwrap();
    let v = g.view(Seat(0));
    assert_eq!((v.hakem, v.dealer, v.hand_number), (Seat(0), Seat(3), 2));

    let mut g = game_with(HokmSettings::default(), [HEARTS, SPADES, CLUBS, DIAMONDS]);
    g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Spades)))
        .unwrap();
    play_out(&mut g);
    g.next_hand().unwrap();
    let v = g.view(Seat(0));
    assert_eq!(
        v.hakem,
        Seat(1),
        "the next player in turn order becomes hakem"
    );
    assert_eq!(v.dealer, Seat(0), "the old hakem deals");
    assert_eq!(v.turn, Some(Seat(1)));
    assert_eq!(v.tricks, [0, 0]);
    assert_eq!(v.score, [0, 3]);
}

#[test]
fn rule_hk_11_last_trick_visible_until_the_next_card() {
    for show in [false, true] {
        let settings = HokmSettings {
            show_last_trick: show,
            ..HokmSettings::default()
        };
        let mut g = game_with(settings, [SPADES, HEARTS, CLUBS, DIAMONDS]);
        g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Spades)))
            .unwrap();
        for s in 0..4 {
            let c = g.legal_cards(Seat(s)).first().unwrap();
            g.apply(Seat(s), &HokmAction::Play(c)).unwrap();
        }
        let v = g.view(Seat(2));
        assert_eq!(v.settings.show_last_trick, show);
        assert!(v.trick.is_empty());
        let t = v.last_trick.unwrap();
        assert_eq!(t.winner, Seat(0));
        assert_eq!(t.cards[0], "2S".parse().unwrap());
        play(&mut g, 0, "3S").unwrap();
        assert_eq!(
            g.view(Seat(2)).last_trick,
            None,
            "set aside at the next card"
        );
    }
}

#[test]
fn rule_hk_12_tricks_trump_and_hakem_visible_to_everyone() {
    let mut g = game_with(HokmSettings::default(), [SPADES, HEARTS, CLUBS, DIAMONDS]);
    g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Diamonds)))
        .unwrap();
    for s in 0..4 {
        let c = g.legal_cards(Seat(s)).first().unwrap();
        g.apply(Seat(s), &HokmAction::Play(c)).unwrap();
    }
    for s in 0..4 {
        let v = g.view(Seat(s));
        assert_eq!(v.trump, Some(Trump::Suit(Suit::Diamonds)));
        assert_eq!(v.hakem, Seat(0));
        assert_eq!(v.tricks, [0, 1], "seat 3's diamond trumped the spade");
    }
}

#[test]
fn rule_c5_d8_views_hold_only_the_own_hand_until_the_hand_ends() {
    let mut g = game_with(HokmSettings::default(), [SPADES, HEARTS, CLUBS, DIAMONDS]);
    g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Spades)))
        .unwrap();
    let mut v = g.view(Seat(1));
    v.hakem_draw.clear(); // the public face-up draw for the hakem (HK-2) showed AS
    let json = serde_json::to_string(&v).unwrap();
    for c in cards(SPADES) {
        assert!(!json.contains(&format!("\"{c}\"")), "{c} leaked: {json}");
    }
    play_out(&mut g);
    let r = g.view(Seat(1)).result.unwrap();
    assert_eq!(r.remaining[0].len(), 6, "all hands are shown at the end");
}

#[test]
fn explicit_decks_are_checked() {
    let short = setup(HokmSettings::default(), vec![cards("AS 2C")], 0);
    assert!(matches!(Hokm::new(&short), Err(SetupError::BadDeck(_))));
    let mut dup = deck_starting("");
    dup[1] = dup[0];
    assert!(matches!(
        Hokm::new(&setup(HokmSettings::default(), vec![dup], 0)),
        Err(SetupError::BadDeck(_))
    ));
    assert!(matches!(
        Hokm::new(&setup(HokmSettings::default(), vec![], 9)),
        Err(SetupError::BadDealer(9))
    ));
}

#[test]
fn actions_have_the_documented_json_forms() {
    let cases = [
        (
            HokmAction::Trump(Trump::Suit(Suit::Hearts)),
            r#"{"trump":"H"}"#,
        ),
        (HokmAction::Trump(Trump::AceNars), r#"{"trump":"ace_nars"}"#),
        (HokmAction::Redeal, r#""redeal""#),
        (
            HokmAction::Play("10D".parse().unwrap()),
            r#"{"play":"10D"}"#,
        ),
    ];
    for (a, json) in cases {
        assert_eq!(serde_json::to_string(&a).unwrap(), json);
        assert_eq!(serde_json::from_str::<HokmAction>(json).unwrap(), a);
    }
    assert!(serde_json::from_str::<HokmAction>(r#"{"play":"1X"}"#).is_err());
}

// ---- HK-13: the 2-player form ----

fn set(s: &str) -> CardSet {
    cards(s).into_iter().collect()
}

/// A 2-player game with seat 0 as hakem (dealer 1: the face-up deal starts at seat 0 and
/// its first card is an ace). The hand's deck: `hakem5` to the hakem, `other5` to seat 1,
/// then the stock, top card first: `stock`, then the rest of the deck in card order.
fn game2(settings: HokmSettings, hakem5: &str, other5: &str, stock: &str) -> Hokm {
    Hokm::new(&Setup {
        players: 2,
        settings,
        deal: Deal {
            seed: 1,
            decks: vec![
                deck_starting("AS"),
                deck_starting(&format!("{hakem5} {other5} {stock}")),
            ],
            dealer: Some(Seat(1)),
        },
    })
    .unwrap()
}

fn act(g: &mut Hokm, seat: u8, a: HokmAction) -> Result<HokmEvent, HokmError> {
    g.apply(Seat(seat), &a)
}

fn discard(g: &mut Hokm, seat: u8, card: &str) -> Result<HokmEvent, HokmError> {
    act(g, seat, HokmAction::Discard(card.parse().unwrap()))
}

fn legal(g: &Hokm, seat: u8) -> Vec<HokmAction> {
    let mut v = Vec::new();
    g.legal_actions(Seat(seat), &mut v);
    v
}

/// Fifteen turns at the stock (30 cards) whose tops, on the hakem's eight turns (0, 2, …,
/// 14), are the eight spades not in `KOT_HAKEM`; the other cards are not spades, and the
/// rest of the deck holds no spade either.
const KOT_STOCK: &str = "9S 2C 7H 3C 8S 4C 8H 5C 7S 6C 9H 7C 6S 8C 10H 9C 5S 10C JH JC \
                         4S QC QH KC 3S AC KH 2D 2S 3D";
const KOT_HAKEM: &str = "AS KS QS JS 10S";
const KOT_OTHER: &str = "2H 3H 4H 5H 6H";

/// The hakem names spades and discards three of them; both players discard.
fn kot_game_after_discards() -> Hokm {
    let mut g = game2(HokmSettings::default(), KOT_HAKEM, KOT_OTHER, KOT_STOCK);
    act(&mut g, 0, HokmAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    for c in ["JS", "QS", "KS"] {
        discard(&mut g, 0, c).unwrap();
    }
    for c in ["2H", "3H"] {
        discard(&mut g, 1, c).unwrap();
    }
    g
}

#[test]
fn rule_hk_13_two_players_each_their_own_side() {
    let g = game2(HokmSettings::default(), KOT_HAKEM, KOT_OTHER, KOT_STOCK);
    assert_eq!(g.players(), 2);
    assert_eq!(g.sides(), 2);
    assert_eq!((g.side_of(Seat(0)), g.side_of(Seat(1))), (0, 1));
    let v = g.view(Seat(1));
    assert_eq!(v.players, 2);
    assert_eq!(v.seating, [0, 1]);
    assert_eq!(v.hand_counts, [5, 5]);
    assert_eq!(v.discard_counts, [0, 0]);
    assert_eq!(v.to_discard, [0, 0]);
    // HK-2's partners by the second ace make no sense with two: refused.
    let s = Setup {
        players: 2,
        settings: HokmSettings {
            partners_by_second_ace: true,
            ..HokmSettings::default()
        },
        deal: Deal::seeded(1),
    };
    match Hokm::new(&s) {
        Err(SetupError::BadSetting(why)) => assert!(why.contains("partners_by_second_ace")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn rule_hk_13_first_hakem_by_the_first_ace_dealt_face_up() {
    // Dealer 0: the face-up deal goes to seats 1, 0, 1, …; the third card, an ace, makes
    // seat 1 hakem, and the player before the hakem (seat 0) deals (HK-2, HK-3).
    let g = Hokm::new(&Setup {
        players: 2,
        settings: HokmSettings::default(),
        deal: Deal {
            seed: 1,
            decks: vec![deck_starting("2C 3C AH")],
            dealer: Some(Seat(0)),
        },
    })
    .unwrap();
    let v = g.view(Seat(0));
    assert_eq!((v.hakem, v.dealer), (Seat(1), Seat(0)));
    assert_eq!(
        v.hakem_draw,
        vec![
            (Seat(1), "2C".parse().unwrap()),
            (Seat(0), "3C".parse().unwrap()),
            (Seat(1), "AH".parse().unwrap()),
        ]
    );
    assert_eq!(g.status(), Status::Acting(SeatSet::only(Seat(1))));
}

#[test]
fn rule_hk_13_five_cards_each_then_the_hakem_names_trump() {
    let mut g = game2(HokmSettings::default(), KOT_HAKEM, KOT_OTHER, KOT_STOCK);
    let v = g.view(Seat(0));
    assert_eq!(v.phase, HokmPhase::ChoosingTrump);
    assert_eq!(v.hand, set(KOT_HAKEM), "the hakem receives the first five");
    assert_eq!(g.view(Seat(1)).hand, set(KOT_OTHER));
    assert_eq!(v.stock, 42);
    assert_eq!(v.drawn, None);
    assert_eq!(g.status(), Status::Acting(SeatSet::only(Seat(0))));
    assert!(legal(&g, 1).is_empty());
    assert_eq!(
        legal(&g, 0).len(),
        4,
        "four suits; no mode allowed, no weak hand"
    );
    let e = act(&mut g, 0, HokmAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    assert_eq!(
        e,
        HokmEvent::TrumpChosen {
            hakem: Seat(0),
            trump: Trump::Suit(Suit::Spades)
        }
    );
    let v = g.view(Seat(1));
    assert_eq!(v.phase, HokmPhase::Discarding);
    assert_eq!(v.hand_counts, [5, 5], "nothing more is dealt");
    assert_eq!(v.stock, 42);
    assert_eq!(v.to_discard, [3, 2]);
    assert_eq!(v.turn, None, "both discard at once");
    assert_eq!(g.status(), Status::Acting(SeatSet(0b11)));
}

#[test]
fn rule_hk_13_hakem_discards_three_and_the_other_two_at_once() {
    let mut g = game2(HokmSettings::default(), KOT_HAKEM, KOT_OTHER, KOT_STOCK);
    // Not before trump.
    assert_eq!(discard(&mut g, 0, "JS"), Err(HokmError::WrongPhase));
    act(&mut g, 0, HokmAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    // D-7: the discards are offered in card order.
    let l: Vec<HokmAction> = set(KOT_OTHER).iter().map(HokmAction::Discard).collect();
    assert_eq!(legal(&g, 1), l);
    assert_eq!(legal(&g, 0).len(), 5);
    // Wrong cards: not in the hand, or the other player's.
    assert_eq!(
        discard(&mut g, 0, "2C"),
        Err(HokmError::NotInHand("2C".parse().unwrap()))
    );
    assert_eq!(
        discard(&mut g, 0, "2H"),
        Err(HokmError::NotInHand("2H".parse().unwrap()))
    );
    // Neither a card nor the stock before the discards are done.
    assert_eq!(
        act(&mut g, 0, HokmAction::Play("AS".parse().unwrap())),
        Err(HokmError::StockNotDrawn)
    );
    assert_eq!(act(&mut g, 0, HokmAction::Keep), Err(HokmError::WrongPhase));
    // Interleaved, in any order.
    assert_eq!(
        discard(&mut g, 1, "2H"),
        Ok(HokmEvent::Discarded {
            seat: Seat(1),
            left: 1
        })
    );
    assert_eq!(
        discard(&mut g, 0, "JS"),
        Ok(HokmEvent::Discarded {
            seat: Seat(0),
            left: 2
        })
    );
    assert_eq!(
        discard(&mut g, 1, "3H"),
        Ok(HokmEvent::Discarded {
            seat: Seat(1),
            left: 0
        })
    );
    // Wrong count: the other player has discarded its two.
    let done = HokmError::DiscardsDone {
        seat: Seat(1),
        count: 2,
    };
    assert_eq!(discard(&mut g, 1, "4H"), Err(done.clone()));
    assert_eq!((done.rule(), done.code()), ("HK-13", "discards_done"));
    assert!(legal(&g, 1).is_empty());
    assert_eq!(g.status(), Status::Acting(SeatSet::only(Seat(0))));
    // The views: own discards shown, the other's only counted.
    let v0 = g.view(Seat(0));
    assert_eq!(v0.discards, set("JS"));
    assert_eq!(v0.discard_counts, [1, 2]);
    assert_eq!(v0.to_discard, [2, 0]);
    assert_eq!(g.view(Seat(1)).discards, set("2H 3H"));
    let json = serde_json::to_string(&g.view(Seat(1))).unwrap();
    assert!(!json.contains("\"JS\""), "{json}");
    discard(&mut g, 0, "QS").unwrap();
    assert_eq!(
        discard(&mut g, 0, "KS"),
        Ok(HokmEvent::Discarded {
            seat: Seat(0),
            left: 0
        })
    );
    // Wrong count: the hakem's three are done; the stock is next, hakem first.
    assert_eq!(
        discard(&mut g, 0, "AS"),
        Err(HokmError::WrongPhase),
        "the discarding phase is over"
    );
    let v = g.view(Seat(0));
    assert_eq!(v.phase, HokmPhase::Drawing);
    assert_eq!(v.hand, set("AS 10S"));
    assert_eq!(v.hand_counts, [2, 3]);
    assert_eq!(v.discard_counts, [3, 2]);
    assert_eq!(v.stock, 42);
    assert_eq!(v.turn, Some(Seat(0)));
    assert_eq!(
        HokmError::StockNotDrawn.code(),
        "stock_not_drawn",
        "a stable code"
    );
    assert_eq!(HokmError::StockNotDrawn.rule(), "HK-13");
}

#[test]
fn rule_hk_13_keep_or_take_next_only_the_drawer_sees_the_cards() {
    let mut g = kot_game_after_discards();
    // The hakem draws first and sees the top card; the other player does not.
    let v0 = g.view(Seat(0));
    assert_eq!(v0.drawn, Some("9S".parse().unwrap()));
    let v1 = g.view(Seat(1));
    assert_eq!(v1.drawn, None);
    let mut v1_public = v1.clone();
    v1_public.hakem_draw.clear(); // the HK-2 face-up deal showed the ace of spades
    let json = serde_json::to_string(&v1_public).unwrap();
    for c in ["9S", "2C"] {
        assert!(!json.contains(&format!("\"{c}\"")), "{c} leaked: {json}");
    }
    // D-7: keep first, then take the next.
    assert_eq!(legal(&g, 0), vec![HokmAction::Keep, HokmAction::TakeNext]);
    assert!(legal(&g, 1).is_empty());
    assert_eq!(
        act(&mut g, 1, HokmAction::Keep),
        Err(HokmError::NotYourTurn { seat: Seat(1) })
    );
    assert_eq!(
        act(&mut g, 0, HokmAction::Discard("AS".parse().unwrap())),
        Err(HokmError::WrongPhase)
    );
    assert_eq!(
        act(&mut g, 0, HokmAction::Play("AS".parse().unwrap())),
        Err(HokmError::StockNotDrawn)
    );
    // Keep: the top card joins the hand, the next one is seen and discarded.
    let e = act(&mut g, 0, HokmAction::Keep).unwrap();
    assert_eq!(
        e,
        HokmEvent::Drew {
            seat: Seat(0),
            stock: 40
        }
    );
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(
        json, r#"{"drew":{"seat":0,"stock":40}}"#,
        "no card, no choice"
    );
    let v0 = g.view(Seat(0));
    assert_eq!(v0.hand, set("AS 10S 9S"));
    assert_eq!(v0.discards, set("JS QS KS 2C"));
    assert_eq!(v0.drawn, None, "the other player's turn");
    // The other player sees only the counts: one card kept, one discarded.
    let v1 = g.view(Seat(1));
    assert_eq!(v1.hand_counts, [3, 3]);
    assert_eq!(v1.discard_counts, [4, 2]);
    assert_eq!(v1.stock, 40);
    assert_eq!(v1.drawn, Some("7H".parse().unwrap()));
    // Take the next: the top card is discarded, the next one kept.
    act(&mut g, 1, HokmAction::TakeNext).unwrap();
    let v1 = g.view(Seat(1));
    assert_eq!(v1.hand, set("4H 5H 6H 3C"));
    assert_eq!(v1.discards, set("2H 3H 7H"));
    assert_eq!(v1.discard_counts, [4, 3]);
    assert_eq!(v1.stock, 38);
    // Taking the next or keeping looks the same to the opponent.
    let a = g.view(Seat(0));
    let mut h = kot_game_after_discards();
    act(&mut h, 0, HokmAction::Keep).unwrap();
    act(&mut h, 1, HokmAction::Keep).unwrap();
    assert_eq!(h.view(Seat(0)), a);
}

#[test]
fn rule_hk_13_twenty_one_turns_then_thirteen_cards_each_and_the_hakem_leads() {
    let mut g = kot_game_after_discards();
    for turn in 0..21u8 {
        let seat = turn % 2;
        assert_eq!(
            g.turn(),
            Some(Seat(seat)),
            "turn {turn}: alternate, hakem first"
        );
        assert_eq!(g.phase(), HokmPhase::Drawing);
        let e = act(&mut g, seat, HokmAction::Keep).unwrap();
        assert_eq!(
            e,
            HokmEvent::Drew {
                seat: Seat(seat),
                stock: 40 - 2 * turn
            }
        );
    }
    let v = g.view(Seat(1));
    assert_eq!(v.phase, HokmPhase::Playing);
    assert_eq!(v.stock, 0);
    assert_eq!(v.hand_counts, [13, 13]);
    assert_eq!(
        v.discard_counts,
        [3 + 11, 2 + 10],
        "all discards out of play"
    );
    assert_eq!(
        v.turn,
        Some(Seat(0)),
        "the hakem leads the first trick (HK-6)"
    );
    assert_eq!(v.leader, Seat(0));
    assert_eq!(
        g.view(Seat(0)).hand.of_suit(Suit::Spades).len(),
        10,
        "the hakem kept the eight spades on top of its turns"
    );
    assert_eq!(act(&mut g, 0, HokmAction::Keep), Err(HokmError::WrongPhase));
}

#[test]
fn rule_hk_13_deck_accounting_hands_discards_and_stock_make_52_at_every_step() {
    for seed in 0..40 {
        let setup = Setup {
            players: 2,
            settings: HokmSettings::default(),
            deal: Deal::seeded(seed),
        };
        // One hand of random play.
        let hand = RandomMatch::<Hokm>::new(setup, Rng::new(seed)).hands(1);
        hand.play(|g, _| {
            // The public counts (any seat's view) and the state's places agree.
            let v = g.view(Seat(0));
            let hands: u8 = v.hand_counts.iter().sum();
            let discards: u8 = v.discard_counts.iter().sum();
            let places = g.card_places();
            let won = places[5].len() as u8;
            let trick = v.trick.len() as u8;
            assert_eq!(hands + discards + v.stock + trick + won, 52, "{v:?}");
            if matches!(v.phase, HokmPhase::ChoosingTrump | HokmPhase::Discarding) {
                assert_eq!(v.stock, 42);
            }
            if v.phase == HokmPhase::Drawing {
                assert_eq!(hands + discards + v.stock, 52);
                assert_eq!(hands, 5 + (42 - v.stock) / 2);
            }
            let mut union = CardSet::EMPTY;
            for p in &places {
                assert!(union.and(*p).is_empty(), "a card in two places");
                union = union.or(*p);
            }
            assert_eq!(union, CardSet::DECK);
            Ok(())
        })
        .unwrap();
    }
}

#[test]
fn rule_hk_13_tricks_of_two_seven_win_and_a_kot_scores_two() {
    let mut g = kot_game_after_discards();
    for _ in 0..21 {
        let seat = g.turn().unwrap();
        g.apply(seat, &HokmAction::Keep).unwrap();
    }
    assert!(g.view(Seat(1)).hand.of_suit(Suit::Spades).is_empty());
    for k in 0..7 {
        // The hakem leads its lowest spade; the other player, void, throws its lowest.
        let spade = g
            .legal_cards(Seat(0))
            .of_suit(Suit::Spades)
            .first()
            .unwrap();
        let e = g.apply(Seat(0), &HokmAction::Play(spade)).unwrap();
        assert!(matches!(e, HokmEvent::Played { trick: None, .. }));
        assert_eq!(g.turn(), Some(Seat(1)));
        let c = g.legal_cards(Seat(1)).first().unwrap();
        let e = g.apply(Seat(1), &HokmAction::Play(c)).unwrap();
        let HokmEvent::Played {
            trick: Some(t),
            hand_over,
            ..
        } = e
        else {
            panic!("{e:?}")
        };
        assert_eq!(t.cards.len(), 2, "a trick of two");
        assert_eq!(t.cards.as_slice(), &[spade, c][..]);
        assert_eq!(t.winner, Seat(0));
        assert_eq!(hand_over, k == 6, "the first to seven tricks wins (HK-7)");
    }
    let v = g.view(Seat(1));
    assert_eq!(v.tricks, [7, 0]);
    assert_eq!(g.status(), Status::HandOver);
    let r = v.result.unwrap();
    assert!(r.kot && !r.hakem_kot);
    assert_eq!(r.points, 2);
    assert_eq!(r.remaining.len(), 2);
    assert_eq!(r.remaining[0].len() + r.remaining[1].len(), 12);
    assert_eq!(v.score, [2, 0]);
    // HK-10: the hakem's side won: the hakem stays and the other player deals again.
    g.next_hand().unwrap();
    let v = g.view(Seat(0));
    assert_eq!((v.hakem, v.dealer, v.hand_number), (Seat(0), Seat(1), 2));
    assert_eq!(v.hand_counts, [5, 5]);
    assert_eq!(v.stock, 42);
    assert_eq!(v.discard_counts, [0, 0]);
}

#[test]
fn rule_hk_13_hk_8_and_hk_10_a_losing_hakem_passes_to_the_winner_who_was_dealt_by_him() {
    let mut seen = [false; 3];
    for seed in 0..300 {
        let mut g = Hokm::new(&Setup {
            players: 2,
            settings: HokmSettings::default(),
            deal: Deal::seeded(seed),
        })
        .unwrap();
        let hakem = g.view(Seat(0)).hakem;
        assert_eq!(g.view(Seat(0)).dealer, hakem.next(2), "HK-3");
        while let Status::Acting(seats) = g.status() {
            let seat = seats.first().unwrap();
            let a = legal(&g, seat.0)[0];
            g.apply(seat, &a).unwrap();
        }
        let r = g.view(Seat(0)).result.unwrap();
        assert_eq!(r.tricks[r.winner], 7);
        let loser_tricks = r.tricks[1 - r.winner];
        assert!(loser_tricks < 7);
        assert_eq!(r.kot, loser_tricks == 0);
        assert_eq!(r.hakem_kot, r.kot && hakem.idx() != r.winner);
        assert_eq!(r.points, [1, 2, 3][r.kot as usize + r.hakem_kot as usize]);
        seen[r.kot as usize + r.hakem_kot as usize] = true;
        if g.status() == Status::MatchOver {
            continue;
        }
        g.next_hand().unwrap();
        let v = g.view(Seat(0));
        if r.winner == hakem.idx() {
            assert_eq!((v.hakem, v.dealer), (hakem, hakem.next(2)));
        } else {
            assert_eq!(
                (v.hakem, v.dealer),
                (hakem.next(2), hakem),
                "the winner becomes hakem, the old hakem deals"
            );
        }
    }
    assert!(seen[0] && seen[1], "ordinary hands and kots: {seen:?}");
}

#[test]
fn rule_hk_13_hk_5_weak_hand_redeal_and_no_trump_modes_with_two_players() {
    let settings = HokmSettings {
        sars: true,
        nars: true,
        ace_nars: true,
        ..HokmSettings::default()
    };
    // The hakem's five hold nothing above 10.
    let mut g = game2(settings, "2S 3S 4S 5S 6S", KOT_OTHER, "");
    let l = legal(&g, 0);
    assert_eq!(l.len(), 4 + 3 + 1, "suits, modes, redeal: {l:?}");
    assert_eq!(l[7], HokmAction::Redeal);
    assert_eq!(
        act(&mut g, 0, HokmAction::Redeal),
        Ok(HokmEvent::Redealt { hakem: Seat(0) })
    );
    let v = g.view(Seat(0));
    assert_eq!((v.hakem, v.dealer), (Seat(0), Seat(1)), "the same dealer");
    assert_eq!(v.hand_counts, [5, 5]);
    assert_eq!(v.stock, 42);
    assert_ne!(v.hand, set("2S 3S 4S 5S 6S"));
    // Nars: a trick of two goes to the lower card of the led suit.
    let mut g = game2(
        HokmSettings {
            nars: true,
            ..HokmSettings::default()
        },
        KOT_HAKEM,
        KOT_OTHER,
        KOT_STOCK,
    );
    act(&mut g, 0, HokmAction::Trump(Trump::Nars)).unwrap();
    for c in ["JS", "QS", "KS"] {
        discard(&mut g, 0, c).unwrap();
    }
    for c in ["2H", "3H"] {
        discard(&mut g, 1, c).unwrap();
    }
    for _ in 0..21 {
        let seat = g.turn().unwrap();
        g.apply(seat, &HokmAction::Keep).unwrap();
    }
    // The last six turns drew the diamonds: the hakem kept 6D, 10D and AD, seat 1 4D, 8D
    // and QD. The hakem leads AD, seat 1 must follow: in Nars 4D beats the ace.
    assert!(g.view(Seat(0)).hand.contains("AD".parse().unwrap()));
    play(&mut g, 0, "AD").unwrap();
    let Ok(HokmEvent::Played { trick: Some(t), .. }) = play(&mut g, 1, "4D") else {
        panic!()
    };
    assert_eq!(t.winner, Seat(1));
}

#[test]
fn rule_hk_13_explicit_deck_orders_fix_the_whole_hand_stock_included() {
    let run = |g: &mut Hokm| -> Vec<CardSet> {
        act(g, 0, HokmAction::Trump(Trump::Suit(Suit::Hearts))).unwrap();
        for s in [0, 0, 0, 1, 1] {
            let c = g.view(Seat(s)).hand.first().unwrap();
            g.apply(Seat(s), &HokmAction::Discard(c)).unwrap();
        }
        for k in 0..21 {
            let seat = g.turn().unwrap();
            let a = if k % 3 == 0 {
                HokmAction::TakeNext
            } else {
                HokmAction::Keep
            };
            g.apply(seat, &a).unwrap();
        }
        vec![g.view(Seat(0)).hand, g.view(Seat(1)).hand]
    };
    let mut a = game2(HokmSettings::default(), KOT_HAKEM, KOT_OTHER, KOT_STOCK);
    let hands = run(&mut a);
    // Another seed, the same deck orders: the same hands.
    let mut b = Hokm::new(&Setup {
        players: 2,
        settings: HokmSettings::default(),
        deal: Deal {
            seed: 99,
            ..a.setup().deal.clone()
        },
    })
    .unwrap();
    assert_eq!(run(&mut b), hands);
    // The stock is consumed two cards a turn from the top: the hakem's 11 turns kept the
    // top card but on turns 0, 6, 12 and 18 (taken the next).
    let deck = &a.setup().deal.decks[1];
    let mut expect = set("AS KS QS JS 10S").minus(set("10S JS QS"));
    for t in (0..21).step_by(2) {
        let (top, next) = (deck[10 + 2 * t], deck[11 + 2 * t]);
        expect.insert(if t % 3 == 0 { next } else { top });
    }
    assert_eq!(hands[0], expect);
}

#[test]
fn rule_hk_13_actions_and_events_have_the_documented_json_forms() {
    let cases = [
        (
            HokmAction::Discard("QS".parse().unwrap()),
            r#"{"discard":"QS"}"#,
        ),
        (HokmAction::Keep, r#""keep""#),
        (HokmAction::TakeNext, r#""take_next""#),
    ];
    for (a, json) in cases {
        assert_eq!(serde_json::to_string(&a).unwrap(), json);
        assert_eq!(serde_json::from_str::<HokmAction>(json).unwrap(), a);
    }
    let e = HokmEvent::Discarded {
        seat: Seat(1),
        left: 1,
    };
    assert_eq!(
        serde_json::to_string(&e).unwrap(),
        r#"{"discarded":{"seat":1,"left":1}}"#
    );
    // A trick of two is a list of two cards, and reads back.
    let t = Trick {
        leader: Seat(1),
        cards: TrickCards::from_slots(
            [
                "AS".parse().unwrap(),
                "2S".parse().unwrap(),
                Card::RED_JOKER,
                Card::RED_JOKER,
            ],
            2,
        ),
        winner: Seat(1),
    };
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(json, r#"{"leader":1,"cards":["AS","2S"],"winner":1}"#);
    assert_eq!(serde_json::from_str::<Trick>(&json).unwrap(), t);
    assert!(
        serde_json::from_str::<Trick>(r#"{"leader":1,"cards":["AS","RJ"],"winner":1}"#).is_err()
    );
    assert!(serde_json::from_str::<Trick>(
        r#"{"leader":1,"cards":["AS","2S","3S","4S","5S"],"winner":1}"#
    )
    .is_err());
}

// ---- property tests (ARCHITECTURE.md, run by crate::testkit) ----

fn random_settings(r: &mut Rng, players: u8) -> HokmSettings {
    // Drawn whatever the table, so that 4-player matches keep their seeds' settings.
    let second_ace = r.below(2) == 1;
    HokmSettings {
        partners_by_second_ace: second_ace && players == 4,
        sars: r.below(2) == 1,
        nars: r.below(2) == 1,
        ace_nars: r.below(2) == 1,
        redeal_weak_hand: r.below(2) == 1,
        target: [3, 5, 7][r.below(3) as usize],
        show_last_trick: r.below(2) == 1,
    }
}

/// A whole random match of `players` from `seed`, with random settings. While several
/// seats may act (the HK-13 discards) a random one of them acts.
fn random_match(players: u8, seed: u64) -> RandomMatch<Hokm> {
    let mut r = Rng::new(seed ^ 0xABCD);
    let setup = Setup {
        players,
        settings: random_settings(&mut r, players),
        deal: Deal::seeded(seed),
    };
    RandomMatch::new(setup, r).steps(20_000)
}

// Each case is a whole match (about ten hands), so the cases below play thousands of hands.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn prop_legal_exactly_when_apply_accepts(seed in any::<u64>()) {
        testkit::legal_exactly_when_apply_accepts(random_match(4, seed))?;
    }

    #[test]
    fn prop_hk_13_legal_exactly_when_apply_accepts(seed in any::<u64>()) {
        testkit::legal_exactly_when_apply_accepts(random_match(2, seed))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn prop_every_card_accounted_for(seed in any::<u64>()) {
        testkit::every_card_accounted_for(random_match(4, seed))?;
    }

    #[test]
    fn prop_hk_13_every_card_accounted_for(seed in any::<u64>()) {
        testkit::every_card_accounted_for(random_match(2, seed))?;
    }

    #[test]
    fn prop_view_unchanged_when_other_hidden_cards_are_swapped(seed in any::<u64>()) {
        testkit::view_unchanged_when_other_hidden_cards_are_swapped(random_match(4, seed))?;
    }

    #[test]
    fn prop_hk_13_view_unchanged_when_other_hidden_cards_are_swapped(seed in any::<u64>()) {
        testkit::view_unchanged_when_other_hidden_cards_are_swapped(random_match(2, seed))?;
    }

    #[test]
    fn prop_same_seed_and_moves_same_state_and_hash(seed in any::<u64>()) {
        testkit::same_seed_and_moves_same_state_and_hash(random_match(4, seed))?;
    }

    #[test]
    fn prop_hk_13_same_seed_and_moves_same_state_and_hash(seed in any::<u64>()) {
        testkit::same_seed_and_moves_same_state_and_hash(random_match(2, seed))?;
    }
}

// The table runs on what one seat sees (C-5, D-8): legality from a view, and updates that
// name no hidden card. Hokm has no disclosures: its events depend on nothing hidden.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn prop_legal_from_view_is_legal_actions(seed in any::<u64>()) {
        for players in [4, 2] {
            testkit::legal_from_view_is_legal_actions(random_match(players, seed))?;
        }
    }

    #[test]
    fn prop_events_do_not_depend_on_hidden_cards(seed in any::<u64>()) {
        for players in [4, 2] {
            testkit::events_do_not_depend_on_hidden_cards(
                random_match(players, seed),
                testkit::nothing_disclosed,
            )?;
        }
    }

    #[test]
    fn prop_updates_name_only_known_cards(seed in any::<u64>()) {
        for players in [4, 2] {
            testkit::updates_name_only_known_cards(random_match(players, seed), testkit::no_other_public_cards)?;
        }
    }
}

/// HK-13 changed the state's shape (a table size, the 2-player discards, tricks with a
/// length): the 4-player game must play and hash exactly as before. The values were taken
/// from the engine before HK-13 (commit 8bb3578): the final state's hash and a hash of
/// every step's hash, for random matches.
#[test]
fn four_player_state_hashes_are_those_from_before_hk_13() {
    let pinned: [(u64, u64); 6] = [
        (0x02e9_7ee8_6c48_65f3, 0x9d73_e4cf_4a51_b87b),
        (0xf8b3_9677_b9e9_629e, 0x6701_08fe_7faf_e4a3),
        (0xcd37_edb9_81de_f09c, 0x09b6_d4b4_46eb_46b8),
        (0xe62f_f174_465c_ea5e, 0xe491_7e6b_6163_03fa),
        (0x969a_ce25_1857_a763, 0x0361_ffb8_947e_6807),
        (0xc11d_c784_ce1b_3586, 0x51ed_a99d_222e_9214),
    ];
    for (seed, &(end, steps)) in pinned.iter().enumerate() {
        let mut all = Vec::new();
        let g = random_match(4, seed as u64)
            .play(|g, _| {
                all.push(g.state_hash());
                Ok(())
            })
            .unwrap()
            .end;
        assert_eq!(g.state_hash(), end, "seed {seed}");
        assert_eq!(crate::hash::stable_hash(&all), steps, "seed {seed}");
    }
}

// FromView (issue 12): a state rebuilt from a seat's view and the true hidden cards is the
// same game for every seat.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn prop_rebuilt_from_view_is_the_same_game(seed in any::<u64>()) {
        for players in [4, 2] {
            testkit::rebuilt_from_view_is_the_same_game(random_match(players, seed).hands(2), 4)?;
        }
    }
}

// A finished hand's record (issue 23, D-8): it replays the hand, hides the stock left.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    #[test]
    fn prop_d_8_hand_records_replay_the_hand(seed in any::<u64>()) {
        for players in [4, 2] {
            testkit::hand_records_replay_the_hand(random_match(players, seed).hands(2))?;
        }
    }
}

#[test]
fn from_view_refuses_hidden_cards_that_contradict_the_view() {
    use crate::rebuild::FromView;
    use crate::testkit::InspectHidden;
    let g = Hokm::new(&Setup {
        players: 4,
        settings: HokmSettings::default(),
        deal: Deal::seeded(5),
    })
    .unwrap();
    let v = g.view(Seat(1));
    let h = g.hidden();
    assert!(Hokm::from_view(&v, &h, 1).is_ok());
    let mut moved = h.clone();
    let c = moved.hands[2].first().unwrap();
    moved.hands[2].remove(c);
    moved.hands[3].insert(c);
    assert!(Hokm::from_view(&v, &moved, 1).is_err());
    let mut twice = h.clone();
    twice.hands[2].insert(h.hands[1].first().unwrap());
    assert!(Hokm::from_view(&v, &twice, 1).is_err());
    let mut short = h.clone();
    short.stock_len -= 1;
    assert!(Hokm::from_view(&v, &short, 1).is_err());
    // A view whose per-seat lists are cut short is refused, not a panic.
    let mut cut = v;
    cut.seating = PerSeat::new([0, 1, 2, 3], 2);
    assert!(Hokm::from_view(&cut, &h, 1).is_err());
}

/// `play_position` shows the hands, trick, trump and tricks of the play phase (HK-6), and
/// nothing before trump is named.
#[test]
fn play_position_is_the_open_state_of_the_play() {
    let hands = [
        "2H 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
        "KH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
        "AH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
        "3H 4H 5H 6H 7H 8H 9H 10H JH QH AC AD AS",
    ];
    let mut g = game_with(HokmSettings::default(), hands);
    assert_eq!(g.play_position(), None, "trump not named yet");
    g.apply(Seat(0), &HokmAction::Trump(Trump::Suit(Suit::Clubs)))
        .unwrap();
    for (seat, card) in [(0, "2H"), (1, "KH"), (2, "AH"), (3, "3H"), (2, "2D")] {
        play(&mut g, seat, card).unwrap();
    }
    let p = g.play_position().unwrap();
    assert_eq!(p.players, 4);
    assert_eq!(p.trump, Trump::Suit(Suit::Clubs));
    assert_eq!(p.hakem, Seat(0));
    assert_eq!(
        p.leader,
        Seat(2),
        "the first trick's winner leads the second"
    );
    assert_eq!(p.trick.as_slice(), &cards("2D")[..]);
    assert_eq!(p.tricks, [1, 0]);
    for (s, h) in hands.iter().enumerate() {
        let left: CardSet = cards(h)
            .into_iter()
            .filter(|c| !cards("2H KH AH 3H 2D").contains(c))
            .collect();
        assert_eq!(p.hands[s], left, "seat {s}");
    }
    play_out(&mut g);
    assert_eq!(g.play_position(), None, "the hand is over");
}

#[test]
fn rule_hk_4_an_action_says_the_trump_it_names() {
    let hearts = Trump::Suit(Suit::Hearts);
    assert_eq!(HokmAction::Trump(hearts).trump(), Some(hearts));
    assert_eq!(HokmAction::Redeal.trump(), None);
    let shelem = crate::games::shelem::ShelemAction::Trump(Trump::Sars);
    assert_eq!(shelem.trump(), Some(Trump::Sars));
    assert_eq!(crate::games::shelem::ShelemAction::Pass.trump(), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// C-5, D-8, issue 23: a watcher sees only public cards: the watchers' view is seat 0's
    /// without its hand, drawn card and discards (HK-13), names only cards every seat sees,
    /// and does not depend on any seat's hidden cards; what a watcher is sent names only
    /// public cards.
    #[test]
    fn prop_rule_c_5_d_8_watchers_see_only_public_cards(seed in any::<u64>()) {
        for players in [4, 2] {
            testkit::watch_view_names_only_public_cards(
                random_match(players, seed),
                &["hand", "drawn", "discards"],
            )?;
            testkit::watch_updates_name_only_public_cards(
                random_match(players, seed),
                testkit::no_other_public_cards,
            )?;
        }
    }
}

/// HK-3, HK-13, C-5 (issue 23): a watcher sees no hand: not the hakem's first five while
/// trump is named, not the card a drawer looks at (HK-13), not the discards face down; it
/// sees the counts, the tricks and whose turn it is, as every seat does.
#[test]
fn rule_hk_3_hk_13_c_5_a_watcher_sees_no_hand_no_drawn_card_no_discard() {
    for players in [4, 2] {
        let setup = Setup {
            players,
            settings: HokmSettings::default(),
            deal: Deal::seeded(23),
        };
        let mut g = Hokm::new(&setup).unwrap();
        let (mut choosing, mut drawing, mut discarded, mut tricks) = (false, false, false, false);
        testkit::walk(&mut g, 3_000, |g| {
            let w = g.watch_view();
            let seat0 = g.view(Seat(0));
            assert!(w.hand.is_empty() && w.drawn.is_none() && w.discards.is_empty());
            assert_eq!(w.seat, Seat(0));
            assert_eq!(
                (w.hand_counts, w.turn, w.trick.clone(), w.tricks, w.score),
                (
                    seat0.hand_counts,
                    seat0.turn,
                    seat0.trick,
                    seat0.tricks,
                    seat0.score
                )
            );
            assert_eq!(w.discard_counts, seat0.discard_counts);
            let named = testkit::cards_named(&w);
            if matches!(g.status(), Status::Acting(_)) {
                for s in 0..players {
                    let v = g.view(Seat(s));
                    let own = v
                        .hand
                        .or(v.discards)
                        .or(v.drawn.map_or(CardSet::EMPTY, |c| c.bit()));
                    // A card of the seat's own may be public otherwise (played, shown face up).
                    let mut others = CardSet(u64::MAX);
                    for t in (0..players).filter(|&t| t != s) {
                        others = others.and(testkit::cards_named(&g.view(Seat(t))));
                    }
                    let seen = named.and(own).minus(others);
                    assert!(seen.is_empty(), "seat {s}'s {seen:?} in {w:?}");
                }
            }
            choosing |= w.phase == HokmPhase::ChoosingTrump;
            drawing |= w.phase == HokmPhase::Drawing && g.view(w.turn.unwrap()).drawn.is_some();
            discarded |=
                !g.view(Seat(0)).discards.is_empty() || !g.view(Seat(1)).discards.is_empty();
            tricks |= !w.trick.is_empty();
        });
        assert!(choosing && tricks, "{players}p");
        assert_eq!(
            (drawing, discarded),
            (players == 2, players == 2),
            "{players}p"
        );
    }
}
