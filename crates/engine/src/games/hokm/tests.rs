//! Hokm: a scenario per rule (named by its ID) and the property tests of ARCHITECTURE.md.

use super::*;
use crate::card::{parse_cards, Card, CardSet, Suit};
use crate::game::{Deal, Game, Setup, SetupError, Status};
use crate::rng::Rng;
use crate::seat::Seat;
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
    for players in [2, 3, 5] {
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

// ---- property tests (ARCHITECTURE.md) ----

fn every_action() -> Vec<HokmAction> {
    let mut v: Vec<HokmAction> = Trump::ALL.into_iter().map(HokmAction::Trump).collect();
    v.push(HokmAction::Redeal);
    v.extend(CardSet::DECK.iter().map(HokmAction::Play));
    v
}

fn random_settings(r: &mut Rng) -> HokmSettings {
    HokmSettings {
        partners_by_second_ace: r.below(2) == 1,
        sars: r.below(2) == 1,
        nars: r.below(2) == 1,
        ace_nars: r.below(2) == 1,
        redeal_weak_hand: r.below(2) == 1,
        target: [3, 5, 7][r.below(3) as usize],
        show_last_trick: r.below(2) == 1,
    }
}

/// Plays a random match from `seed`, calling `check` before every action; returns the
/// actions taken (with the seat) and the final game.
fn random_match(
    seed: u64,
    mut check: impl FnMut(&Hokm, &mut Rng),
) -> (Setup<HokmSettings>, Vec<(Seat, HokmAction)>, Hokm) {
    let mut r = Rng::new(seed ^ 0xABCD);
    let setup = Setup {
        players: 4,
        settings: random_settings(&mut r),
        deal: Deal::seeded(seed),
    };
    let mut g = Hokm::new(&setup).unwrap();
    let mut log = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..20_000 {
        check(&g, &mut r);
        match g.status() {
            Status::Acting(seats) => {
                let seat = seats.first().unwrap();
                legal.clear();
                g.legal_actions(seat, &mut legal);
                let a = legal[r.below(legal.len() as u32) as usize];
                g.apply(seat, &a).unwrap();
                log.push((seat, a));
            }
            Status::HandOver => g.next_hand().unwrap(),
            Status::MatchOver => return (setup, log, g),
        }
    }
    panic!("match from seed {seed} did not end in 20,000 steps");
}

// Each case is a whole match (about ten hands), so the cases below play thousands of hands.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn prop_legal_exactly_when_apply_accepts(seed in any::<u64>()) {
        let all = every_action();
        random_match(seed, |g, _| {
            for s in 0..4 {
                let seat = Seat(s);
                let mut legal = Vec::new();
                g.legal_actions(seat, &mut legal);
                for a in &all {
                    let mut h = g.clone();
                    let ok = h.apply(seat, a).is_ok();
                    assert_eq!(ok, legal.contains(a), "seat {s} action {a:?}");
                    if !ok {
                        assert_eq!(h.state_hash(), g.state_hash(), "a refused action changed the state");
                    }
                }
            }
        });
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn prop_every_card_accounted_for(seed in any::<u64>()) {
        random_match(seed, |g, _| {
            let places = g.card_places();
            let mut union = CardSet::EMPTY;
            let mut total = 0;
            for p in places {
                assert!(union.and(p).is_empty(), "a card in two places");
                union = union.or(p);
                total += p.len();
            }
            assert_eq!(union, CardSet::DECK);
            assert_eq!(total, 52);
        });
    }

    #[test]
    fn prop_view_unchanged_when_other_hidden_cards_are_swapped(seed in any::<u64>()) {
        random_match(seed, |g, r| {
            for s in 0..4 {
                let mut h = g.clone();
                h.scramble_hidden(Seat(s), r);
                assert_eq!(h.view(Seat(s)), g.view(Seat(s)));
            }
        });
    }

    #[test]
    fn prop_same_seed_and_moves_same_state_and_hash(seed in any::<u64>()) {
        let mut hashes = Vec::new();
        let (setup, log, end) = random_match(seed, |g, _| hashes.push(g.state_hash()));
        let mut g = Hokm::new(&setup).unwrap();
        let mut replayed = Vec::new();
        for (seat, a) in &log {
            while g.status() == Status::HandOver {
                replayed.push(g.state_hash());
                g.next_hand().unwrap();
            }
            replayed.push(g.state_hash());
            g.apply(*seat, a).unwrap();
        }
        replayed.push(g.state_hash());
        assert_eq!(g.state_hash(), end.state_hash());
        assert_eq!(replayed, hashes);
        assert_eq!(g.view(Seat(0)), end.view(Seat(0)));
    }
}
