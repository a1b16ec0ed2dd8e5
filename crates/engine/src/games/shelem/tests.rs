//! Shelem: a scenario per rule (named by its ID) and the property tests of ARCHITECTURE.md.

use super::*;
use crate::card::{parse_cards, Card, CardSet, Suit};
use crate::game::{Deal, Game, RuleError, Setup, SetupError, Status};
use crate::rng::Rng;
use crate::seat::Seat;
use crate::testkit::{self, Inspect, RandomMatch};
use proptest::prelude::*;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn set(s: &str) -> CardSet {
    cards(s).into_iter().collect()
}

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

/// The deck order that deals `hands[seat]` (12 cards each) with `dealer` dealing: packets of
/// four round the table from the seat after the dealer, then the widow, then the rest (out
/// of play with two players) in index order.
fn deck_for(dealer: u8, hands: &[&str], widow: &str, jokers: bool) -> Vec<Card> {
    let n = hands.len() as u8;
    let hs: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    for h in &hs {
        assert_eq!(h.len(), 12);
    }
    let mut d = Vec::new();
    for r in 0..3 {
        for i in 0..n {
            let s = (dealer + 1 + i) % n;
            d.extend_from_slice(&hs[s as usize][4 * r..4 * r + 4]);
        }
    }
    d.extend(cards(widow));
    let used: CardSet = d.iter().copied().collect();
    let full = if jokers {
        CardSet::DECK.or(set("RJ BJ"))
    } else {
        CardSet::DECK
    };
    d.extend(full.minus(used).iter());
    d
}

fn game(settings: ShelemSettings, dealer: u8, hands: &[&str], widow: &str) -> Shelem {
    let jokers = settings.jokers;
    Shelem::new(&Setup {
        players: hands.len() as u8,
        settings,
        deal: Deal {
            seed: 1,
            decks: vec![deck_for(dealer, hands, widow, jokers)],
            dealer: Some(Seat(dealer)),
        },
    })
    .unwrap()
}

fn act(g: &mut Shelem, seat: u8, a: ShelemAction) -> Result<ShelemEvent, ShelemError> {
    g.apply(Seat(seat), &a)
}

fn discard(g: &mut Shelem, seat: u8, list: &str) {
    for card in cards(list) {
        act(g, seat, ShelemAction::Discard(card)).unwrap();
    }
}

/// Everyone plays the lowest legal card (by index) until the hand ends.
fn play_out(g: &mut Shelem) {
    while g.phase() == ShelemPhase::Playing {
        let seat = g.turn().unwrap();
        let mut legal = Vec::new();
        g.legal_actions(seat, &mut legal);
        g.apply(seat, &legal[0]).unwrap();
    }
}

const SPADES12: &str = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS";
const HEARTS12: &str = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH";
const DIAMONDS12: &str = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD";
const CLUBS12: &str = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC";

/// Hearts to seat 0, spades 1, diamonds 2, clubs 3; the four aces in the widow; dealer 3,
/// so seat 0 bids first.
fn suits_game() -> Shelem {
    game(
        ShelemSettings::default(),
        3,
        &[HEARTS12, SPADES12, DIAMONDS12, CLUBS12],
        "AH AS AD AC",
    )
}

/// Seat 0 bids `bid`, the others pass: seat 0 is hakem.
fn seat0_wins_auction(g: &mut Shelem, bid: u16) {
    act(g, 0, ShelemAction::Bid(bid)).unwrap();
    for s in 1..g.players() {
        act(g, s, ShelemAction::Pass).unwrap();
    }
    assert_eq!(g.view(Seat(0)).hakem, Some(Seat(0)));
}

#[test]
fn rule_sh_1_four_players_in_partnerships_or_two() {
    let g = suits_game();
    assert_eq!((g.players(), g.sides()), (4, 2));
    assert_eq!(g.side_of(Seat(0)), g.side_of(Seat(2)));
    assert_eq!(g.side_of(Seat(1)), g.side_of(Seat(3)));
    assert_ne!(g.side_of(Seat(0)), g.side_of(Seat(1)));
    for players in [1, 3, 5] {
        let s = Setup {
            players,
            settings: ShelemSettings::default(),
            deal: Deal::seeded(1),
        };
        assert!(matches!(Shelem::new(&s), Err(SetupError::Players { .. })));
    }
    let two = Shelem::new(&Setup {
        players: 2,
        settings: ShelemSettings::default(),
        deal: Deal::seeded(1),
    })
    .unwrap();
    assert_ne!(two.side_of(Seat(0)), two.side_of(Seat(1)));
}

#[test]
fn rule_sh_2_twelve_cards_each_and_a_hidden_widow() {
    let g = suits_game();
    for s in 0..4 {
        let v = g.view(Seat(s));
        assert_eq!(v.hand_counts, [12, 12, 12, 12]);
        assert_eq!(v.widow, None, "nobody sees the widow during the auction");
        assert_eq!(v.phase, ShelemPhase::Bidding);
    }
    assert_eq!(g.view(Seat(0)).hand, set(HEARTS12));
    assert_eq!(g.card_places()[4], set("AH AS AD AC"));
    let jokers = ShelemSettings {
        jokers: true,
        ..ShelemSettings::default()
    };
    let g = Shelem::new(&Setup {
        players: 4,
        settings: jokers,
        deal: Deal::seeded(4),
    })
    .unwrap();
    assert_eq!(g.card_places()[4].len(), 6, "a widow of 6 with jokers");
}

#[test]
fn rule_sh_3_card_points_total_165_or_200() {
    assert_eq!(card_points(CardSet::DECK), 100);
    assert_eq!(card_points(set("5C 10D AH KS QS")), 25);
    assert_eq!(card_points(set("RJ")), 20);
    assert_eq!(card_points(set("BJ")), 15);
    assert_eq!(65 + card_points(CardSet::DECK), 165);
    assert_eq!(65 + card_points(CardSet::DECK.or(set("RJ BJ"))), 200);
    let mut g = suits_game();
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "2H 3H 4H 5H");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Hearts))).unwrap();
    play_out(&mut g);
    let r = g.view(Seat(1)).result.unwrap();
    assert_eq!(r.taken[0] + r.taken[1], 165);
    assert_eq!(r.points_in_play, 165);
}

#[test]
fn rule_sh_4_bids_start_after_the_dealer_rise_in_fives_up_to_the_total() {
    let mut g = suits_game();
    assert_eq!(
        g.turn(),
        Some(Seat(0)),
        "the player after the dealer (3) bids first"
    );
    let v = g.view(Seat(0));
    assert_eq!(v.bid_range, Some((100, 165)));
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    assert_eq!(legal.len(), 14 + 1, "100, 105 … 165 and a pass");
    let too_low = act(&mut g, 0, ShelemAction::Bid(95)).unwrap_err();
    assert_eq!(too_low, ShelemError::BidTooLow { min: 100 });
    assert_eq!((too_low.rule(), too_low.code()), ("SH-4", "bid_too_low"));
    assert_eq!(
        act(&mut g, 0, ShelemAction::Bid(102)),
        Err(ShelemError::BidNotInSteps(102))
    );
    assert_eq!(
        act(&mut g, 0, ShelemAction::Bid(170)),
        Err(ShelemError::BidTooHigh { max: 165 })
    );
    act(&mut g, 0, ShelemAction::Bid(100)).unwrap();
    assert_eq!(
        act(&mut g, 1, ShelemAction::Bid(100)),
        Err(ShelemError::BidTooLow { min: 105 }),
        "a bid must beat the current one"
    );
    act(&mut g, 1, ShelemAction::Bid(110)).unwrap();
    act(&mut g, 2, ShelemAction::Pass).unwrap();
    act(&mut g, 3, ShelemAction::Bid(115)).unwrap();
    // Seat 2 passed for the rest of the auction: after seat 1 comes seat 3.
    act(&mut g, 0, ShelemAction::Pass).unwrap();
    act(&mut g, 1, ShelemAction::Bid(120)).unwrap();
    assert_eq!(g.turn(), Some(Seat(3)));
    assert_eq!(
        act(&mut g, 2, ShelemAction::Bid(150)),
        Err(ShelemError::NotYourTurn { seat: Seat(2) })
    );
    let e = act(&mut g, 3, ShelemAction::Pass).unwrap();
    assert_eq!(
        e,
        ShelemEvent::Passed {
            seat: Seat(3),
            hakem: Some(Seat(1)),
            redealt: false
        },
        "one bidder left: the auction ends"
    );
    let v = g.view(Seat(0));
    assert_eq!((v.hakem, v.bid), (Some(Seat(1)), Some((Seat(1), 120))));
    assert_eq!(v.bids, [Some(100), Some(120), None, Some(115)]);
    assert_eq!(v.passed, [true, false, true, true]);

    // The setting moves the minimum; bidding the total ends the auction at once.
    let settings = ShelemSettings {
        min_bid: 80,
        ..ShelemSettings::default()
    };
    let mut g = game(
        settings,
        3,
        &[HEARTS12, SPADES12, DIAMONDS12, CLUBS12],
        "AH AS AD AC",
    );
    assert_eq!(g.view(Seat(0)).bid_range, Some((80, 165)));
    act(&mut g, 0, ShelemAction::Bid(80)).unwrap();
    let e = act(&mut g, 1, ShelemAction::Bid(165)).unwrap();
    assert_eq!(
        e,
        ShelemEvent::Bid {
            seat: Seat(1),
            points: 165,
            hakem: Some(Seat(1))
        }
    );
    for bad in [75, 125, 82] {
        let s = Setup {
            players: 4,
            settings: ShelemSettings {
                min_bid: bad,
                ..ShelemSettings::default()
            },
            deal: Deal::seeded(0),
        };
        assert!(matches!(Shelem::new(&s), Err(SetupError::BadSetting(_))));
    }
}

#[test]
fn rule_sh_4_all_pass_redeals_and_passes_the_deal_on() {
    let mut g = suits_game();
    for s in 0..3 {
        act(&mut g, s, ShelemAction::Pass).unwrap();
    }
    let before = g.view(Seat(0)).hand;
    let e = act(&mut g, 3, ShelemAction::Pass).unwrap();
    assert_eq!(
        e,
        ShelemEvent::Passed {
            seat: Seat(3),
            hakem: None,
            redealt: true
        }
    );
    let v = g.view(Seat(0));
    assert_eq!(v.dealer, Seat(0), "D-1: the deal passes to the next seat");
    assert_eq!(v.turn, Some(Seat(1)));
    assert_eq!(v.phase, ShelemPhase::Bidding);
    assert_eq!((v.bid, v.passed), (None, [false; 4]));
    assert_eq!(v.hand_counts, [12; 4]);
    assert_ne!(v.hand, before, "a fresh seeded shuffle");
    assert_eq!(v.hand_number, 1);
    // The last player may still bid after three passes, and wins at once.
    let mut g = suits_game();
    for s in 0..3 {
        act(&mut g, s, ShelemAction::Pass).unwrap();
    }
    let e = act(&mut g, 3, ShelemAction::Bid(100)).unwrap();
    assert_eq!(
        e,
        ShelemEvent::Bid {
            seat: Seat(3),
            points: 100,
            hakem: Some(Seat(3))
        }
    );
}

#[test]
fn rule_sh_5_hakem_takes_the_widow_and_the_discards_count_as_a_trick() {
    let mut g = suits_game();
    seat0_wins_auction(&mut g, 100);
    let v = g.view(Seat(0));
    assert_eq!(v.phase, ShelemPhase::Discarding);
    assert_eq!(v.hand, set(HEARTS12).or(set("AH AS AD AC")));
    assert_eq!(
        v.widow,
        Some(set("AH AS AD AC")),
        "the hakem sees the widow"
    );
    assert_eq!(g.view(Seat(1)).widow, None, "nobody else does");
    assert_eq!(g.view(Seat(1)).hand_counts, [16, 12, 12, 12]);
    assert_eq!(
        act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Hearts))),
        Err(ShelemError::WrongPhase)
    );
    assert_eq!(
        act(&mut g, 0, ShelemAction::Discard(c("2S"))),
        Err(ShelemError::NotInHand(c("2S")))
    );
    // Discard the four aces (40 points), name spades (which seat 0 lacks): seat 1 wins
    // every trick, and the hakem's side keeps only the discards: 5 + 40.
    discard(&mut g, 0, "AH AS AD");
    assert_eq!(g.view(Seat(0)).discards, Some(set("AH AS AD")));
    assert_eq!(g.view(Seat(2)).discards, None, "only the hakem sees them");
    assert_eq!(g.view(Seat(2)).discard_count, 3);
    discard(&mut g, 0, "AC");
    assert_eq!(g.phase(), ShelemPhase::NamingTrump);
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    // Mid-hand the views count tricks only: the discards are not shown (D-8).
    while g.view(Seat(0)).tricks[1] < 3 {
        let seat = g.turn().unwrap();
        let card = g.legal_cards(seat).first().unwrap();
        act(&mut g, seat.0, ShelemAction::Play(card)).unwrap();
    }
    assert_eq!(g.view(Seat(2)).points[0], 0);
    play_out(&mut g);
    let r = g.view(Seat(2)).result.unwrap();
    assert_eq!(r.tricks, [0, 12]);
    assert_eq!(r.taken, [45, 120]);
    assert_eq!(r.discards, set("AH AS AD AC"), "shown at the end");
    assert_eq!(g.view(Seat(2)).points, [0, 120]);
}

#[test]
fn rule_sh_6_hakem_names_trump_or_an_enabled_mode_and_leads() {
    let mut g = suits_game();
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "2H 3H 4H 5H");
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    assert_eq!(legal.len(), 4, "four suits, no mode: {legal:?}");
    let e = act(&mut g, 0, ShelemAction::Trump(Trump::Nars)).unwrap_err();
    assert_eq!(e, ShelemError::ModeNotAllowed(Trump::Nars));
    assert_eq!(e.rule(), "SH-6");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Clubs))).unwrap();
    assert_eq!(g.turn(), Some(Seat(0)), "the hakem leads");
    let settings = ShelemSettings {
        sars: true,
        nars: true,
        ace_nars: true,
        ..ShelemSettings::default()
    };
    let mut g = game(
        settings,
        3,
        &[HEARTS12, SPADES12, DIAMONDS12, CLUBS12],
        "AH AS AD AC",
    );
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "2H 3H 4H 5H");
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    assert_eq!(legal.len(), 7);
    act(&mut g, 0, ShelemAction::Trump(Trump::Nars)).unwrap();
    // Nars: the two is high. Seat 0 leads 6H; nobody else holds hearts.
    act(&mut g, 0, ShelemAction::Play(c("6H"))).unwrap();
    assert_eq!(
        act(
            &mut g,
            1,
            ShelemAction::JokerLead {
                joker: c("2S"),
                suit: Suit::Hearts
            }
        ),
        Err(ShelemError::NoSuitToName)
    );
}

/// Seat 0: RJ and spades; seat 1: BJ and hearts; seat 2: KS and diamonds; seat 3: clubs.
fn joker_game(settings: ShelemSettings) -> Shelem {
    let mut g = game(
        ShelemSettings {
            jokers: true,
            ..settings
        },
        3,
        &[
            "RJ 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
            "BJ 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
            "KS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
            CLUBS12,
        ],
        "AS KH AH KD AD AC",
    );
    seat0_wins_auction(&mut g, 100);
    assert_eq!(g.view(Seat(0)).hand_counts[0], 18);
    discard(&mut g, 0, "KH AH KD AD AC 2S");
    g
}

#[test]
fn rule_sh_6_jokers_are_the_highest_trumps_and_a_joker_lead_calls_for_trumps() {
    let mut g = joker_game(ShelemSettings::default());
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    assert_eq!(
        act(
            &mut g,
            0,
            ShelemAction::JokerLead {
                joker: c("RJ"),
                suit: Suit::Hearts
            }
        ),
        Err(ShelemError::NoSuitToName),
        "with a trump suit the joker names nothing"
    );
    act(&mut g, 0, ShelemAction::Play(c("RJ"))).unwrap();
    assert_eq!(g.view(Seat(1)).led, Some(Suit::Spades));
    // Seat 1's only "trump" is the black joker: it must be played.
    assert_eq!(g.legal_cards(Seat(1)), set("BJ"));
    let e = act(&mut g, 1, ShelemAction::Play(c("2H"))).unwrap_err();
    assert_eq!(e, ShelemError::MustFollowSuit { led: Suit::Spades });
    act(&mut g, 1, ShelemAction::Play(c("BJ"))).unwrap();
    assert_eq!(g.legal_cards(Seat(2)), set("KS"));
    act(&mut g, 2, ShelemAction::Play(c("KS"))).unwrap();
    let e = act(&mut g, 3, ShelemAction::Play(c("2C"))).unwrap();
    let ShelemEvent::Played { trick: Some(t), .. } = e else {
        panic!("{e:?}")
    };
    assert_eq!(t.winner, Seat(0), "red over black over the other trumps");
    assert_eq!(g.view(Seat(3)).points, [5 + 20 + 15, 0]);
}

#[test]
fn rule_sh_6_jokers_in_no_trump_modes_play_any_time_win_and_name_the_suit_led() {
    let settings = ShelemSettings {
        sars: true,
        ..ShelemSettings::default()
    };
    let mut g = joker_game(settings);
    act(&mut g, 0, ShelemAction::Trump(Trump::Sars)).unwrap();
    let e = act(&mut g, 0, ShelemAction::Play(c("RJ"))).unwrap_err();
    assert_eq!(e, ShelemError::JokerLeadNeedsSuit);
    assert_eq!(e.rule(), "SH-6");
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    assert!(legal.contains(&ShelemAction::JokerLead {
        joker: c("RJ"),
        suit: Suit::Diamonds
    }));
    assert!(!legal.contains(&ShelemAction::Play(c("RJ"))));
    let e = act(
        &mut g,
        0,
        ShelemAction::JokerLead {
            joker: c("RJ"),
            suit: Suit::Hearts,
        },
    )
    .unwrap();
    assert!(matches!(
        e,
        ShelemEvent::Played {
            suit: Some(Suit::Hearts),
            ..
        }
    ));
    // Seat 1 must follow hearts, but may play its joker at any time.
    assert_eq!(
        g.legal_cards(Seat(1)),
        set(HEARTS12).minus(set("KH")).or(set("BJ"))
    );
    assert_eq!(
        act(&mut g, 1, ShelemAction::Play(c("BJ"))),
        Ok(ShelemEvent::Played {
            seat: Seat(1),
            card: c("BJ"),
            suit: None,
            trick: None,
            hand_over: false
        })
    );
    act(&mut g, 2, ShelemAction::Play(c("2D"))).unwrap();
    let e = act(&mut g, 3, ShelemAction::Play(c("2C"))).unwrap();
    let ShelemEvent::Played { trick: Some(t), .. } = e else {
        panic!("{e:?}")
    };
    assert_eq!(t.winner, Seat(0), "red over black");
    assert_eq!(t.led, Suit::Hearts);
}

#[test]
fn rule_sh_6_a_joker_wins_any_no_trump_trick_it_is_played_to() {
    let settings = ShelemSettings {
        sars: true,
        ..ShelemSettings::default()
    };
    let mut g = joker_game(settings);
    act(&mut g, 0, ShelemAction::Trump(Trump::Sars)).unwrap();
    act(&mut g, 0, ShelemAction::Play(c("3S"))).unwrap();
    act(&mut g, 1, ShelemAction::Play(c("BJ"))).unwrap();
    act(&mut g, 2, ShelemAction::Play(c("KS"))).unwrap();
    let e = act(&mut g, 3, ShelemAction::Play(c("2C"))).unwrap();
    let ShelemEvent::Played { trick: Some(t), .. } = e else {
        panic!("{e:?}")
    };
    assert_eq!(t.winner, Seat(1));
}

#[test]
fn rule_sh_7_a_made_bid_scores_the_points_taken_a_failed_one_loses_the_bid() {
    // Failed: see SH-5's scenario: the hakem's side keeps 45 of a 100 bid.
    let mut g = suits_game();
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "AH AS AD AC");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    play_out(&mut g);
    let r = g.view(Seat(0)).result.unwrap();
    assert!(!r.made && !r.shelem);
    assert_eq!(
        r.points,
        [-100, 120],
        "the other side always scores its points"
    );
    assert_eq!(g.totals(), vec![-100, 120]);
    assert_eq!(g.hand_score().unwrap().winners, vec![1]);

    // Made: seat 3 holds 3C..AC; the hakem keeps 2C and names hearts. Lowest-card play
    // gives side 1 two tricks (2C 2S 2D 3C and 4C AD 3S 3D): 10 + 10 points.
    let mut g = game(
        ShelemSettings::default(),
        3,
        &[
            HEARTS12,
            SPADES12,
            DIAMONDS12,
            "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        ],
        "AH AS AD 2C",
    );
    seat0_wins_auction(&mut g, 140);
    discard(&mut g, 0, "2H 3H 4H 5H");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Hearts))).unwrap();
    play_out(&mut g);
    let r = g.view(Seat(0)).result.unwrap();
    assert_eq!(r.tricks, [10, 2]);
    assert_eq!(r.taken, [145, 20]);
    assert!(r.made && !r.shelem);
    assert_eq!(r.points, [145, 20]);
    assert_eq!(g.hand_score().unwrap().winners, vec![0]);
}

#[test]
fn rule_sh_8_shelem_all_tricks_scores_twice_the_total() {
    for jokers in [false, true] {
        let settings = ShelemSettings {
            jokers,
            ..ShelemSettings::default()
        };
        let (hand0, widow) = if jokers {
            ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "2S RJ BJ 2C 3C 4C")
        } else {
            ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "2S 2C 3C 4C")
        };
        let mut g = game(
            settings,
            3,
            &[
                hand0,
                HEARTS12,
                DIAMONDS12,
                "5C 6C 7C 8C 9C 10C JC QC KC AC AH AD",
            ],
            widow,
        );
        seat0_wins_auction(&mut g, 100);
        discard(&mut g, 0, "2C 3C 4C 2S");
        if jokers {
            discard(&mut g, 0, "3S 4S");
        }
        act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
        play_out(&mut g);
        let r = g.view(Seat(1)).result.unwrap();
        assert_eq!(r.tricks, [12, 0]);
        assert!(r.shelem && r.made);
        let total = if jokers { 200 } else { 165 };
        assert_eq!(r.taken, [total, 0]);
        assert_eq!(r.points, [2 * total as i32, 0]);
    }
}

#[test]
fn rule_sh_9_the_game_ends_at_the_target_and_the_higher_score_wins() {
    for target in [1000, 1165, 1200] {
        let settings = ShelemSettings {
            target,
            ..ShelemSettings::default()
        };
        let mut g = Shelem::new(&Setup {
            players: 4,
            settings,
            deal: Deal::seeded(target as u64),
        })
        .unwrap();
        let mut legal = Vec::new();
        let mut hands = 0;
        loop {
            match g.status() {
                Status::Acting(s) => {
                    let seat = s.first().unwrap();
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    // The first to bid takes the minimum; everyone else passes.
                    let a = if g.phase() == ShelemPhase::Bidding && g.view(seat).bid.is_some() {
                        ShelemAction::Pass
                    } else {
                        legal[0]
                    };
                    g.apply(seat, &a).unwrap();
                }
                Status::HandOver => {
                    hands += 1;
                    g.next_hand().unwrap();
                }
                Status::MatchOver => break,
            }
        }
        let o = g.outcome().unwrap();
        let w = o.winners[0];
        assert!(o.totals[w] >= target);
        assert!(o.totals[w] > o.totals[1 - w]);
        assert!(hands > 3);
        assert_eq!(g.next_hand(), Err(ShelemError::HandNotOver));
    }
    // Both sides over the target: the higher wins; equal: another hand (D-5).
    let mut g = suits_game();
    g.score = [1100, 1060];
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "AH AS AD AC");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    play_out(&mut g);
    assert_eq!(g.totals(), vec![1000, 1180]);
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
    let mut g = suits_game();
    g.score = [1265, 1145];
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "AH AS AD AC");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    play_out(&mut g);
    assert_eq!(g.totals(), vec![1165, 1265]);
    assert_eq!(g.view(Seat(0)).winner, Some(1));
    let mut g = suits_game();
    g.score = [1245, 1145];
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "AH AS AD AC");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    play_out(&mut g);
    assert_eq!(g.totals(), vec![1145, 1265]);
    assert_eq!(g.status(), Status::MatchOver);
    let mut g = suits_game();
    g.score = [1285, 1165];
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "AH AS AD AC");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    play_out(&mut g);
    assert_eq!(g.totals(), vec![1185, 1285]);
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
    let mut g = suits_game();
    g.score = [1320, 1200];
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "AH AS AD AC");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    play_out(&mut g);
    assert_eq!(g.totals(), vec![1220, 1320]);
    let mut g = suits_game();
    g.score = [1320, 1100];
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "AH AS AD AC");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    play_out(&mut g);
    assert_eq!(g.totals(), vec![1220, 1220], "equal over the target");
    assert_eq!(g.status(), Status::HandOver, "D-5: another hand");
    assert_eq!(
        Shelem::new(&Setup {
            players: 4,
            settings: ShelemSettings {
                target: 1100,
                ..ShelemSettings::default()
            },
            deal: Deal::seeded(0),
        })
        .unwrap_err(),
        SetupError::BadSetting("target must be 1000, 1165 or 1200 (SH-9), not 1100".into())
    );
}

#[test]
fn rule_sh_10_two_players_points_in_play_vary_and_bids_run_from_70() {
    // The min_bid setting does not apply to two players.
    let settings = ShelemSettings {
        min_bid: 120,
        ..ShelemSettings::default()
    };
    let mut g = game(settings, 1, &[SPADES12, HEARTS12], "AS 2C 3C 4C");
    assert_eq!(g.players(), 2);
    let v = g.view(Seat(0));
    assert_eq!(v.hand, set(SPADES12));
    assert_eq!(v.hand_counts, [12, 12, 0, 0]);
    assert_eq!(v.bid_range, Some((70, 165)));
    let places = g.card_places();
    assert_eq!(places[6].len(), 24, "24 cards out of play");
    assert_eq!(places[4], set("AS 2C 3C 4C"));
    assert_eq!(
        act(&mut g, 0, ShelemAction::Bid(65)),
        Err(ShelemError::BidTooLow { min: 70 })
    );
    act(&mut g, 0, ShelemAction::Bid(70)).unwrap();
    let e = act(&mut g, 1, ShelemAction::Pass).unwrap();
    assert!(matches!(
        e,
        ShelemEvent::Passed {
            hakem: Some(Seat(0)),
            ..
        }
    ));
    assert_eq!(g.view(Seat(1)).hand_counts, [16, 12, 0, 0]);
    discard(&mut g, 0, "2C 3C 4C 2S");
    act(&mut g, 0, ShelemAction::Trump(Trump::Suit(Suit::Spades))).unwrap();
    play_out(&mut g);
    let r = g.view(Seat(1)).result.unwrap();
    // 65 + 5S 10S AS (25) + 5H 10H (15).
    assert_eq!(r.points_in_play, 105);
    assert_eq!(r.taken, [105, 0]);
    assert!(r.shelem);
    assert_eq!(r.points, [210, 0], "twice the points in play");

    // Two players with jokers: widow of 6, bids up to 200.
    let jokers = ShelemSettings {
        jokers: true,
        ..ShelemSettings::default()
    };
    let g = Shelem::new(&Setup {
        players: 2,
        settings: jokers,
        deal: Deal::seeded(3),
    })
    .unwrap();
    let p = g.card_places();
    assert_eq!((p[4].len(), p[6].len()), (6, 24));
    let turn = g.turn().unwrap();
    assert_eq!(g.view(turn).bid_range, Some((70, 200)));
}

#[test]
fn rule_c5_d8_views_hide_other_hands_the_widow_and_discards() {
    let mut g = suits_game();
    let json = serde_json::to_string(&g.view(Seat(1))).unwrap();
    for card in cards(HEARTS12).into_iter().chain(cards("AH AS AD AC")) {
        assert!(
            !json.contains(&format!("\"{card}\"")),
            "{card} leaked: {json}"
        );
    }
    seat0_wins_auction(&mut g, 100);
    discard(&mut g, 0, "AH AS AD AC");
    let json = serde_json::to_string(&g.view(Seat(2))).unwrap();
    for card in cards("AH AS AD AC") {
        assert!(
            !json.contains(&format!("\"{card}\"")),
            "{card} leaked: {json}"
        );
    }
}

#[test]
fn explicit_decks_and_dealers_are_checked() {
    let s = |decks, dealer| Setup {
        players: 4,
        settings: ShelemSettings::default(),
        deal: Deal {
            seed: 0,
            decks,
            dealer: Some(Seat(dealer)),
        },
    };
    assert!(matches!(
        Shelem::new(&s(vec![cards("AS 2C")], 0)),
        Err(SetupError::BadDeck(_))
    ));
    let with_jokers = deck_for(
        3,
        &[HEARTS12, SPADES12, DIAMONDS12, CLUBS12],
        "AH AS AD AC",
        true,
    );
    assert!(
        matches!(
            Shelem::new(&s(vec![with_jokers], 0)),
            Err(SetupError::BadDeck(_))
        ),
        "jokers are off"
    );
    assert!(matches!(
        Shelem::new(&s(vec![], 4)),
        Err(SetupError::BadDealer(4))
    ));
}

#[test]
fn actions_have_the_documented_json_forms() {
    let cases = [
        (ShelemAction::Bid(105), r#"{"bid":105}"#),
        (ShelemAction::Pass, r#""pass""#),
        (ShelemAction::Discard(c("2C")), r#"{"discard":"2C"}"#),
        (
            ShelemAction::Trump(Trump::Suit(Suit::Hearts)),
            r#"{"trump":"H"}"#,
        ),
        (ShelemAction::Trump(Trump::Sars), r#"{"trump":"sars"}"#),
        (ShelemAction::Play(c("QH")), r#"{"play":"QH"}"#),
        (
            ShelemAction::JokerLead {
                joker: c("RJ"),
                suit: Suit::Hearts,
            },
            r#"{"joker_lead":{"joker":"RJ","suit":"H"}}"#,
        ),
    ];
    for (a, json) in cases {
        assert_eq!(serde_json::to_string(&a).unwrap(), json);
        assert_eq!(serde_json::from_str::<ShelemAction>(json).unwrap(), a);
    }
    assert!(serde_json::from_str::<ShelemAction>(r#"{"bid":-5}"#).is_err());
    assert!(serde_json::from_str::<ShelemAction>(r#"{"play":"1X"}"#).is_err());
    let s: ShelemSettings = serde_json::from_str(r#"{"jokers":true}"#).unwrap();
    assert_eq!((s.jokers, s.min_bid, s.target), (true, 100, 1165));
}

// ---- property tests (ARCHITECTURE.md, run by crate::testkit) ----

fn random_setup(seed: u64, r: &mut Rng) -> Setup<ShelemSettings> {
    Setup {
        players: [2, 4][r.below(2) as usize],
        settings: ShelemSettings {
            jokers: r.below(2) == 1,
            min_bid: 80 + 5 * r.below(9) as u16,
            target: [1000, 1165, 1200][r.below(3) as usize],
            sars: r.below(2) == 1,
            nars: r.below(2) == 1,
            ace_nars: r.below(2) == 1,
        },
        deal: Deal::seeded(seed),
    }
}

/// Random play, but a bidder passes more often than a uniform pick would (a third of the
/// time, and uniformly otherwise), so auctions stay short.
fn short_auctions(g: &Shelem, _: Seat, legal: &[ShelemAction], r: &mut Rng) -> ShelemAction {
    if g.phase() == ShelemPhase::Bidding && r.below(3) == 0 {
        ShelemAction::Pass
    } else {
        legal[r.below(legal.len() as u32) as usize]
    }
}

/// Random play with a conservative auction: the first bidder takes the minimum, the rest
/// pass (random bids lose more than random play takes, and the scores would drift below
/// zero for ever).
fn modest_bids(g: &Shelem, seat: Seat, legal: &[ShelemAction], r: &mut Rng) -> ShelemAction {
    if g.phase() != ShelemPhase::Bidding {
        legal[r.below(legal.len() as u32) as usize]
    } else if g.view(seat).bid.is_some() {
        ShelemAction::Pass
    } else {
        legal[0]
    }
}

/// `hands` random hands from `seed`, with random settings and short auctions.
fn random_match(seed: u64, hands: u32) -> RandomMatch<Shelem> {
    let mut r = Rng::new(seed ^ 0xABCD);
    let setup = random_setup(seed, &mut r);
    RandomMatch::new(setup, r)
        .hands(hands)
        .choose(short_auctions)
}

/// Random play with modest bids ends every match (random bids need not: a failed bid costs
/// more than random play takes).
#[test]
fn random_matches_end() {
    for seed in 0..30 {
        let mut r = Rng::new(seed ^ 0xABCD);
        let mut setup = random_setup(seed, &mut r);
        setup.settings.min_bid = 80;
        let m = RandomMatch::new(setup, r).choose(modest_bids);
        let g = m.play(|_, _| Ok(())).unwrap().end;
        let o = g.outcome().unwrap();
        assert!(o.totals[o.winners[0]] >= g.setup().settings.target);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn prop_legal_exactly_when_apply_accepts(seed in any::<u64>()) {
        testkit::legal_exactly_when_apply_accepts(random_match(seed, 2))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn prop_every_card_accounted_for(seed in any::<u64>()) {
        testkit::every_card_accounted_for(random_match(seed, 4))?;
    }

    #[test]
    fn prop_view_unchanged_when_other_hidden_cards_are_swapped(seed in any::<u64>()) {
        testkit::view_unchanged_when_other_hidden_cards_are_swapped(random_match(seed, 3))?;
    }

    #[test]
    fn prop_same_seed_and_moves_same_state_and_hash(seed in any::<u64>()) {
        testkit::same_seed_and_moves_same_state_and_hash(random_match(seed, 4))?;
    }

    #[test]
    fn prop_points_taken_add_up_to_the_points_in_play(seed in any::<u64>()) {
        random_match(seed, 4).play(|g, _| {
            let Some(r) = g.view(Seat(0)).result else {
                return Ok(());
            };
            let hs = r.hakem.side();
            if r.taken[0] + r.taken[1] != r.points_in_play {
                return Err(format!("the sides took {:?}, not the {} in play", r.taken, r.points_in_play));
            }
            if r.points[1 - hs] != r.taken[1 - hs] as i32 {
                return Err(format!("the defenders scored {}, not the {} they took", r.points[1 - hs], r.taken[1 - hs]));
            }
            Ok(())
        })?;
    }
}

// The table runs on what one seat sees (C-5, D-8): legality from a view, and updates that
// name no hidden card. Shelem has no
// disclosures.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn prop_legal_from_view_is_legal_actions(seed in any::<u64>()) {
        testkit::legal_from_view_is_legal_actions(random_match(seed, 4))?;
    }

    #[test]
    fn prop_events_do_not_depend_on_hidden_cards(seed in any::<u64>()) {
        testkit::events_do_not_depend_on_hidden_cards(random_match(seed, 4), testkit::nothing_disclosed)?;
    }

    #[test]
    fn prop_updates_name_only_known_cards(seed in any::<u64>()) {
        testkit::updates_name_only_known_cards(random_match(seed, 4), testkit::no_other_public_cards)?;
    }
}

// FromView (issue 12): a state rebuilt from a seat's view and the true hidden cards is the
// same game for every seat.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(30))]

    #[test]
    fn prop_rebuilt_from_view_is_the_same_game(seed in any::<u64>()) {
        testkit::rebuilt_from_view_is_the_same_game(random_match(seed, 2), 4)?;
    }
}

// A finished hand's record (issue 23, D-8): it replays the hand, hides the stock left.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    #[test]
    fn prop_d_8_hand_records_replay_the_hand(seed in any::<u64>()) {
        testkit::hand_records_replay_the_hand(random_match(seed, 2))?;
    }
}

#[test]
fn from_view_refuses_hidden_cards_that_contradict_the_view() {
    use crate::rebuild::FromView;
    use crate::testkit::InspectHidden;
    let g = Shelem::new(&Setup {
        players: 4,
        settings: ShelemSettings::default(),
        deal: Deal::seeded(5),
    })
    .unwrap();
    let v = g.view(Seat(1));
    let h = g.hidden();
    assert!(Shelem::from_view(&v, &h, 1).is_ok());
    let mut moved = h.clone();
    let c = moved.hands[2].first().unwrap();
    moved.hands[2].remove(c);
    moved.widow.insert(c);
    assert!(Shelem::from_view(&v, &moved, 1).is_err());
    let mut lost = h.clone();
    lost.widow = CardSet::EMPTY;
    assert!(Shelem::from_view(&v, &lost, 1).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// C-5, D-8, issue 23: a watcher sees only public cards: the watchers' view is seat 0's
    /// without its hand, the widow and discards (SH-5) and its bid range, names only cards
    /// every seat sees, and does not depend on any seat's hidden cards; what a watcher is
    /// sent names only public cards.
    #[test]
    fn prop_rule_c_5_d_8_watchers_see_only_public_cards(seed in any::<u64>()) {
        testkit::watch_view_names_only_public_cards(
            random_match(seed, 2),
            &["hand", "widow", "discards", "bid_range"],
        )?;
        testkit::watch_updates_name_only_public_cards(random_match(seed, 2), testkit::no_other_public_cards)?;
    }
}

/// SH-5, C-5 (issue 23): a watcher never sees the widow nor the hakem's discards, only how
/// many were discarded; nor any hand, while the hand is played.
#[test]
fn rule_sh_5_c_5_a_watcher_sees_neither_the_widow_nor_the_discards() {
    for players in [4, 2] {
        let setup = Setup {
            players,
            settings: ShelemSettings::default(),
            deal: Deal::seeded(23),
        };
        let mut g = Shelem::new(&setup).unwrap();
        let (mut widow, mut discarded) = (false, false);
        testkit::walk(&mut g, 3_000, |g| {
            let w = g.watch_view();
            let seat0 = g.view(Seat(0));
            assert!(w.hand.is_empty() && w.widow.is_none() && w.discards.is_none());
            assert!(w.bid_range.is_none());
            assert_eq!(
                (w.bid, w.hakem, w.discard_count, w.hand_counts, w.points),
                (
                    seat0.bid,
                    seat0.hakem,
                    seat0.discard_count,
                    seat0.hand_counts,
                    seat0.points
                )
            );
            if matches!(g.status(), Status::Acting(_)) {
                let named = testkit::cards_named(&w);
                for s in 0..players {
                    let v = g.view(Seat(s));
                    let own = v
                        .hand
                        .or(v.widow.unwrap_or_default())
                        .or(v.discards.unwrap_or_default());
                    widow |= v.widow.is_some_and(|c| !c.is_empty());
                    // A card of the seat's own may be public otherwise (played, shown face up).
                    let mut others = CardSet(u64::MAX);
                    for t in (0..players).filter(|&t| t != s) {
                        others = others.and(testkit::cards_named(&g.view(Seat(t))));
                    }
                    let seen = named.and(own).minus(others);
                    assert!(seen.is_empty(), "seat {s}'s {seen:?} in {w:?}");
                }
            }
            discarded |= w.discard_count > 0;
        });
        assert!(widow && discarded, "{players}p");
    }
}
