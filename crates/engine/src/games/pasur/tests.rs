//! Pasur: a scenario per rule (named by its ID) and the property tests of ARCHITECTURE.md.

use super::state::{JACKS, KINGS, NUMERALS, QUEENS, TEN_DIAMONDS, TWO_CLUBS};
use super::*;
use crate::card::{parse_cards, Card, CardSet, Rank, Suit};
use crate::game::{random_from_list, Deal, Game, RuleError, Setup, SetupError, Status};
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
use crate::testkit::{self, Failure, Inspect, RandomMatch};
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

/// A full deck order: the given cards first (top first), then the rest in index order.
fn deck(prefix: &str) -> Vec<Card> {
    let mut d = cards(prefix);
    let used: CardSet = d.iter().copied().collect();
    assert_eq!(used.len() as usize, d.len(), "a card twice in {prefix}");
    d.extend(CardSet::DECK.minus(used).iter());
    d
}

/// A game whose dealer is the last seat, so seat 0 receives first and plays first.
fn game_with(players: u8, settings: PasurSettings, decks: Vec<Vec<Card>>) -> Pasur {
    Pasur::new(&Setup {
        players,
        settings,
        deal: Deal {
            seed: 1,
            decks,
            dealer: Some(Seat(players - 1)),
        },
    })
    .unwrap()
}

fn game(prefix: &str) -> Pasur {
    game_with(2, PasurSettings::default(), vec![deck(prefix)])
}

fn no_classic() -> PasurSettings {
    PasurSettings {
        classic_deal: false,
        ..PasurSettings::default()
    }
}

fn take(g: &mut Pasur, seat: u8, c: &str, t: &str) -> Result<PasurEvent, PasurError> {
    g.apply(Seat(seat), &PasurAction::take(card(c), set(t)))
}

fn play(g: &mut Pasur, seat: u8, c: &str) -> Result<PasurEvent, PasurError> {
    g.apply(Seat(seat), &PasurAction::play(card(c)))
}

fn legal(g: &Pasur, seat: u8) -> Vec<PasurAction> {
    let mut v = Vec::new();
    g.legal_actions(Seat(seat), &mut v);
    v
}

/// Everyone takes the first legal action (D-7's timeout choice) until the round ends.
fn play_out(g: &mut Pasur) {
    while let Some(seat) = g.turn() {
        let a = legal(g, seat.0)[0];
        g.apply(seat, &a).unwrap();
    }
}

fn event_of(e: PasurEvent) -> (CardSet, bool, bool, bool) {
    let PasurEvent::Played {
        took,
        sur,
        dealt,
        round_over,
        ..
    } = e;
    (took, sur, dealt, round_over)
}

#[test]
fn rule_pa_1_two_players_or_four_in_partnerships_and_the_target() {
    for n in [2u8, 4] {
        let g = Pasur::new(&Setup {
            players: n,
            settings: PasurSettings::default(),
            deal: Deal::seeded(5),
        })
        .unwrap();
        assert_eq!(g.sides(), 2);
        assert_eq!(g.players(), n);
        assert_eq!(g.view(Seat(0)).hand_counts, vec![4; n as usize]);
    }
    let g = game("");
    assert_eq!((g.side_of(Seat(0)), g.side_of(Seat(1))), (0, 1));
    let g = game_with(4, PasurSettings::default(), vec![deck("")]);
    let sides: Vec<usize> = (0..4).map(|s| g.side_of(Seat(s))).collect();
    assert_eq!(sides, [0, 1, 0, 1], "partners sit opposite (C-3)");
    for players in [1, 3, 5] {
        let s = Setup {
            players,
            settings: PasurSettings::default(),
            deal: Deal::seeded(1),
        };
        assert!(matches!(Pasur::new(&s), Err(SetupError::Players { .. })));
    }
    assert_eq!(PasurSettings::default().target, 62);
    for (target, ok) in [
        (62, true),
        (100, true),
        (150, true),
        (61, false),
        (200, false),
    ] {
        let s = Setup {
            players: 2,
            settings: PasurSettings {
                target,
                ..PasurSettings::default()
            },
            deal: Deal::seeded(1),
        };
        assert_eq!(Pasur::new(&s).is_ok(), ok, "target {target}");
    }
}

#[test]
fn rule_pa_2_four_cards_each_and_four_face_up_from_the_top() {
    // Dealer 1: seat 0 receives the first four cards, seat 1 the next four, then the table.
    let g = game("2C 3C 4C 5C  2D 3D 4D 5D  2H 3H 4H 5H");
    let v0 = g.view(Seat(0));
    assert_eq!(v0.hand, set("2C 3C 4C 5C"));
    assert_eq!(g.view(Seat(1)).hand, set("2D 3D 4D 5D"));
    assert_eq!(v0.table, set("2H 3H 4H 5H"));
    assert_eq!(v0.stock, 40);
    assert_eq!(g.stock()[0], card("6C"), "the rest stays in order");
    assert_eq!(
        v0.turn,
        Some(Seat(0)),
        "the player after the dealer starts (D-1)"
    );
    assert_eq!((v0.deal_number, v0.deals_per_round), (1, 6));
    // Four players, dealer 3: seats 0, 1, 2, 3, then the table.
    let g = game_with(4, PasurSettings::default(), vec![deck("")]);
    let d = deck("");
    for s in 0..4 {
        let h: CardSet = d[4 * s..4 * s + 4].iter().copied().collect();
        assert_eq!(g.view(Seat(s as u8)).hand, h);
    }
    let t: CardSet = d[16..20].iter().copied().collect();
    assert_eq!(g.table(), t);
    assert_eq!(g.view(Seat(0)).stock, 32);
    assert_eq!(g.view(Seat(2)).deals_per_round, 3);
}

#[test]
fn rule_pa_2_a_single_table_jack_is_replaced_and_goes_back_into_the_stock() {
    let g = game("2C 3C 4C 5C  2D 3D 4D 5D  2H JS 4H 5H  9C");
    let v = g.view(Seat(0));
    assert_eq!(
        v.table,
        set("2H 9C 4H 5H"),
        "the next stock card replaces the jack"
    );
    assert_eq!(v.replaced_jacks, set("JS"));
    assert_eq!(v.redeals, 0);
    assert_eq!(v.stock, 40);
    let stock = g.stock();
    assert!(stock.contains(&card("JS")));
    assert_ne!(stock[0], card("JS"), "never straight back on top");
    // The rest of the stock keeps its order around the jack.
    let without: Vec<Card> = stock.iter().copied().filter(|&c| c != card("JS")).collect();
    assert_eq!(
        without,
        deck("2C 3C 4C 5C 2D 3D 4D 5D 2H JS 4H 5H 9C")[13..]
    );
    // Checked again after each replacement: a jack replacing a jack is replaced too.
    let g = game("2C 3C 4C 5C  2D 3D 4D 5D  2H JS 4H 5H  JD 9C");
    let v = g.view(Seat(0));
    assert_eq!(v.table, set("2H 9C 4H 5H"));
    assert_eq!(v.replaced_jacks, set("JS JD"));
    let all = g
        .card_places()
        .into_iter()
        .fold(CardSet::EMPTY, CardSet::or);
    assert_eq!(all, CardSet::DECK);
    // With the setting off the jack stays.
    let g = game_with(
        2,
        no_classic(),
        vec![deck("2C 3C 4C 5C  2D 3D 4D 5D  2H JS 4H 5H  9C")],
    );
    assert_eq!(g.table(), set("2H JS 4H 5H"));
}

#[test]
fn rule_pa_2_redeals_on_two_jacks_three_queens_or_three_kings() {
    let decks = vec![
        deck("2C 3C 4C 5C  2D 3D 4D 5D  JH JS 4H 5H"),
        deck("2C 3C 4C 5C  2D 3D 4D 5D  QH QS QC 5H"),
        deck("2C 3C 4C 5C  2D 3D 4D 5D  KH KS 4H KC"),
        // A replacement that brings a third king deals again too.
        deck("2C 3C 4C 5C  2D 3D 4D 5D  KH KS JH 5H  KC"),
        deck("6C 7C 8C 9C  6D 7D 8D 9D  QH QS KH KS"),
    ];
    let g = Pasur::new(&Setup {
        players: 2,
        settings: PasurSettings::default(),
        deal: Deal {
            seed: 3,
            decks,
            dealer: Some(Seat(1)),
        },
    })
    .unwrap();
    let v = g.view(Seat(0));
    assert_eq!(v.redeals, 4);
    assert_eq!(
        v.table,
        set("QH QS KH KS"),
        "two queens and two kings are dealt"
    );
    assert!(
        v.replaced_jacks.is_empty(),
        "that jack went back with the redeal"
    );
    // D-1: each redeal passes the deal on: 1 → 0 → 1 → 0 → 1; seat 0 receives first.
    assert_eq!(v.dealer, Seat(1));
    assert_eq!(v.hand, set("6C 7C 8C 9C"));
    assert_eq!(v.turn, Some(Seat(0)));
    assert_eq!(g.view(Seat(1)).hand, set("6D 7D 8D 9D"));
    // An odd number of redeals leaves the deal with seat 0, so seat 1 receives first.
    let g = Pasur::new(&Setup {
        players: 2,
        settings: PasurSettings::default(),
        deal: Deal {
            seed: 3,
            decks: vec![deck("2C 3C 4C 5C  2D 3D 4D 5D  JH JS 4H 5H"), deck("")],
            dealer: Some(Seat(1)),
        },
    })
    .unwrap();
    assert_eq!(g.view(Seat(0)).dealer, Seat(0));
    assert_eq!(g.view(Seat(1)).hand, set("2C 3C 4C 5C"));
    assert_eq!(g.turn(), Some(Seat(1)));
    // Off: no redeal.
    let g = game_with(
        2,
        no_classic(),
        vec![deck("2C 3C 4C 5C  2D 3D 4D 5D  JH JS 4H 5H")],
    );
    assert_eq!(g.view(Seat(0)).redeals, 0);
    assert_eq!(g.table(), set("JH JS 4H 5H"));
}

#[test]
fn rule_pa_3_a_numeral_takes_a_set_summing_to_eleven_and_the_player_chooses() {
    let mut g = game("7C 9H 2D KS  5S 6S 8S 10S  4D 3C AS 6H");
    // 7C: AS+3C or 4D; listed low cards first.
    assert_eq!(g.capture_options(card("7C")), vec![set("AS 3C"), set("4D")]);
    assert_eq!(
        g.view(Seat(0)).capture_options(card("7C")),
        vec![set("AS 3C"), set("4D")]
    );
    assert_eq!(g.capture_options(card("9H")), vec![]);
    assert_eq!(g.capture_options(card("KS")), vec![]);
    let l = legal(&g, 0);
    assert!(l.contains(&PasurAction::take(card("7C"), set("AS 3C"))));
    assert!(l.contains(&PasurAction::take(card("7C"), set("4D"))));
    assert!(!l.contains(&PasurAction::play(card("7C"))));
    // 2D takes 3C+6H (2+3+6) or AS+… no: 9 = 3+6 only (A+... 8 not there).
    assert_eq!(g.capture_options(card("2D")), vec![set("3C 6H")]);
    let e = play(&mut g, 0, "7C").unwrap_err();
    assert_eq!(
        e,
        PasurError::ChooseCapture {
            card: card("7C"),
            options: 2
        }
    );
    assert_eq!((e.rule(), e.code()), ("PA-3", "choose_capture"));
    let e = take(&mut g, 0, "7C", "3C").unwrap_err();
    assert_eq!(e, PasurError::MustSumToEleven { card: card("7C") });
    assert_eq!(e.code(), "must_sum_to_eleven");
    let e = take(&mut g, 0, "7C", "4C").unwrap_err();
    assert_eq!((e.rule(), e.code()), ("PA-3", "not_on_table"));
    assert_eq!(
        take(&mut g, 0, "8C", "3C").unwrap_err(),
        PasurError::NotInHand(card("8C"))
    );
    assert_eq!(
        take(&mut g, 1, "5S", "6H").unwrap_err().code(),
        "not_your_turn"
    );
    let (took, sur, _, _) = event_of(take(&mut g, 0, "7C", "AS 3C").unwrap());
    assert_eq!((took, sur), (set("AS 3C"), false));
    assert_eq!(g.table(), set("4D 6H"));
    let v = g.view(Seat(1));
    assert_eq!(v.sides[0].cards, 3);
    assert_eq!((v.sides[0].clubs, v.sides[0].aces), (2, 1));
    assert_eq!(v.last_capture, Some(Seat(0)));
    // Seat 1: 5S takes 6H (unambiguous, computed by the engine); no sur: 4D stays.
    let (took, sur, _, _) = event_of(play(&mut g, 1, "5S").unwrap());
    assert_eq!((took, sur), (set("6H"), false));
    // A card that captures nothing is laid down: 9H.
    let (took, ..) = event_of(play(&mut g, 0, "9H").unwrap());
    assert!(took.is_empty());
    assert_eq!(g.table(), set("4D 9H"));
}

#[test]
fn rule_pa_3_the_jack_choice_numerals_or_jacks_never_a_queen_or_king() {
    let table = "3C JD QH 8S";
    let prefix = format!("JS 2C 2D 2H  5S 6S 7S 9S  {table}");
    let mut g = game_with(2, no_classic(), vec![deck(&prefix)]);
    assert_eq!(
        g.capture_options(card("JS")),
        vec![set("3C 8S"), set("JD")],
        "numerals first, then jacks"
    );
    assert_eq!(
        play(&mut g, 0, "JS").unwrap_err(),
        PasurError::ChooseCapture {
            card: card("JS"),
            options: 2
        }
    );
    let e = take(&mut g, 0, "JS", "3C 8S JD").unwrap_err();
    assert_eq!((e.rule(), e.code()), ("PA-3", "jack_takes_all"));
    assert_eq!(
        take(&mut g, 0, "JS", "3C").unwrap_err().code(),
        "jack_takes_all",
        "all the numerals, not some"
    );
    assert_eq!(
        take(&mut g, 0, "JS", "QH").unwrap_err().code(),
        "jack_takes_all"
    );
    let mut h = g.clone();
    take(&mut h, 0, "JS", "JD").unwrap();
    assert_eq!(h.table(), set("3C QH 8S"));
    take(&mut g, 0, "JS", "3C 8S").unwrap();
    assert_eq!(g.table(), set("JD QH"));
    // Setting: the jack takes numerals and jacks together, one option.
    let settings = PasurSettings {
        classic_deal: false,
        jack_takes_all: true,
        ..PasurSettings::default()
    };
    let mut g = game_with(2, settings, vec![deck(&prefix)]);
    assert_eq!(g.capture_options(card("JS")), vec![set("3C 8S JD")]);
    assert_eq!(
        take(&mut g, 0, "JS", "JD").unwrap_err().code(),
        "jack_takes_all"
    );
    let (took, ..) = event_of(play(&mut g, 0, "JS").unwrap());
    assert_eq!(took, set("3C 8S JD"));
    assert_eq!(g.table(), set("QH"));
    // A jack with only queens and kings (or nothing) on the table is laid down.
    let mut g = game_with(
        2,
        no_classic(),
        vec![deck("JS 2C 2D 2H  5S 6S 7S 9S  QH KH QS KD")],
    );
    assert_eq!(g.capture_options(card("JS")), vec![]);
    let (took, ..) = event_of(play(&mut g, 0, "JS").unwrap());
    assert!(took.is_empty());
    assert!(g.table().contains(card("JS")));
}

#[test]
fn rule_pa_3_a_king_takes_one_king_a_queen_one_queen() {
    let mut g = game_with(
        2,
        no_classic(),
        vec![deck("KS QS 2C 2D  5S 6S 7S 9S  KC KH QD 8H")],
    );
    assert_eq!(
        g.capture_options(card("KS")),
        vec![set("KC"), set("KH")],
        "either king, in suit order"
    );
    assert_eq!(g.capture_options(card("QS")), vec![set("QD")]);
    assert_eq!(
        take(&mut g, 0, "KS", "KC KH").unwrap_err().code(),
        "takes_one_of_its_rank"
    );
    assert_eq!(
        take(&mut g, 0, "KS", "QD").unwrap_err().code(),
        "takes_one_of_its_rank"
    );
    assert_eq!(take(&mut g, 0, "QS", "8H").unwrap_err().rule(), "PA-3");
    take(&mut g, 0, "KS", "KC").unwrap();
    assert_eq!(g.table(), set("KH QD 8H"));
    // 5S: nothing sums to 6 → laid down.
    play(&mut g, 1, "5S").unwrap();
    let (took, ..) = event_of(play(&mut g, 0, "QS").unwrap());
    assert_eq!(took, set("QD"));
}

#[test]
fn rule_pa_4_a_card_that_can_capture_must_unless_the_room_says_otherwise() {
    let prefix = "7C 9H 2D 3S  5S 6S 8S 10S  4D KC AS 6H";
    let mut g = game(prefix);
    let e = take(&mut g, 0, "7C", "").unwrap_err();
    assert_eq!(e, PasurError::MustCapture { card: card("7C") });
    assert_eq!((e.rule(), e.code()), ("PA-4", "must_capture"));
    // A card that captures nothing may be laid down with an empty take too.
    assert!(take(&mut g.clone(), 0, "9H", "").is_ok());
    // The player may still choose a card that captures nothing.
    assert!(legal(&g, 0).contains(&PasurAction::play(card("9H"))));
    let settings = PasurSettings {
        forced_capture: false,
        ..PasurSettings::default()
    };
    let mut g = game_with(2, settings, vec![deck(prefix)]);
    let l = legal(&g, 0);
    let i = l
        .iter()
        .position(|a| *a == PasurAction::take(card("7C"), set("4D")))
        .unwrap();
    assert_eq!(
        l[i + 1],
        PasurAction::take(card("7C"), CardSet::EMPTY),
        "laying down follows the capture options"
    );
    take(&mut g, 0, "7C", "").unwrap();
    assert!(g.table().contains(card("7C")));
    assert_eq!(
        serde_json::to_string(&l[i + 1]).unwrap(),
        r#"{"play":"7C","take":[]}"#
    );
}

#[test]
fn rule_pa_5_later_deals_four_each_none_to_the_table_until_the_deck_is_used() {
    for (players, deals) in [(2u8, 6u8), (4, 3)] {
        let mut g = game_with(players, PasurSettings::default(), vec![deck("")]);
        let mut seen_deals = 1;
        let mut plays = 0;
        while let Some(seat) = g.turn() {
            let table_before = g.table();
            let a = legal(&g, seat.0)[0];
            let (took, _, dealt, _) = event_of(g.apply(seat, &a).unwrap());
            plays += 1;
            if dealt {
                seen_deals += 1;
                let v = g.view(seat);
                assert_eq!(v.hand_counts, vec![4; players as usize]);
                assert_eq!(v.deal_number, seen_deals);
                assert_eq!(v.turn, Some(Seat(0)), "each deal starts after the dealer");
                // Nothing was added to the table but the card played.
                assert_eq!(
                    g.table(),
                    table_before.minus(took).or(if took.is_empty() {
                        a.play.bit()
                    } else {
                        CardSet::EMPTY
                    })
                );
            }
        }
        assert_eq!(seen_deals, deals);
        assert_eq!(plays, 48);
        assert_eq!(g.view(Seat(0)).stock, 0);
    }
}

#[test]
fn rule_pa_6_the_last_table_cards_go_to_the_last_capturer_or_the_dealer() {
    let mut g = game("");
    play_out(&mut g);
    let r = g.view(Seat(0)).result.unwrap();
    let last = g.view(Seat(0)).last_capture.unwrap();
    assert_eq!(r.last_cards_to, last.side());
    assert!(g.table().is_empty());
    assert_eq!(r.sides[0].cards + r.sides[1].cards, 52);
    // Nobody captures (forced capture off, every card laid down): the dealer's side.
    for dealer in [0u8, 1] {
        let settings = PasurSettings {
            forced_capture: false,
            classic_deal: false,
            ..PasurSettings::default()
        };
        let mut g = Pasur::new(&Setup {
            players: 2,
            settings,
            deal: Deal {
                seed: 9,
                decks: vec![],
                dealer: Some(Seat(dealer)),
            },
        })
        .unwrap();
        while let Some(seat) = g.turn() {
            let c = g.view(seat).hand.first().unwrap();
            g.apply(seat, &PasurAction::take(c, CardSet::EMPTY))
                .unwrap();
        }
        let r = g.view(Seat(0)).result.unwrap();
        assert_eq!(r.last_cards, CardSet::DECK);
        assert_eq!(r.last_cards_to, dealer as usize);
        assert_eq!(r.sides[dealer as usize].total, 20);
    }
}

#[test]
fn rule_pa_7_a_sur_clears_the_table_with_a_numeral_king_or_queen() {
    // 4S takes AC AD 2C 3D (4+1+1+2+3 = 11), the whole table: a sur.
    let mut g = game("4S 2H 3H 5H  5S 6S 8S 10S  AC AD 2C 3D");
    assert_eq!(g.capture_options(card("4S")), vec![set("AC AD 2C 3D")]);
    let (took, sur, ..) = event_of(play(&mut g, 0, "4S").unwrap());
    assert_eq!((took.len(), sur), (4, true));
    let v = g.view(Seat(1));
    assert!(v.table.is_empty());
    assert_eq!((v.sides[0].surs, v.sides[1].surs), (1, 0));
    assert_eq!(v.sides[0].points, 5 + 2 + 2, "a sur, two aces and 2C");
    assert!(v.last_play.unwrap().sur);
    // A numeral that leaves a card behind: no sur.
    let mut g = game("7C 2H 3H 5H  5S 6S 8S 10S  4D 9C 8H 6H");
    let (_, sur, ..) = event_of(take(&mut g, 0, "7C", "4D").unwrap());
    assert!(!sur);
    // A king (or queen) taking the last card of its rank: a sur.
    for face in ["K", "Q"] {
        let prefix = format!("JS 2H 3H 5H  {face}S 6S 8S 10S  {face}C 3C 4C 5C");
        let mut g = game(&prefix);
        take(&mut g, 0, "JS", "3C 4C 5C").unwrap();
        assert_eq!(g.table(), set(&format!("{face}C")));
        let (took, sur, ..) = event_of(play(&mut g, 1, &format!("{face}S")).unwrap());
        assert_eq!((took, sur), (set(&format!("{face}C")), true), "{face}");
        assert_eq!(g.view(Seat(0)).sides[1].surs, 1);
        assert_eq!(g.view(Seat(0)).sides[1].points, 5, "the sur alone");
    }
}

#[test]
fn rule_pa_7_a_jack_clearing_is_no_sur_and_a_jack_laid_on_an_empty_table_defends() {
    let prefix = "JS JH 2C 2D  JD 6S 7S 9S  3C 8S 4D 5H";
    for jack_sur in [false, true] {
        let settings = PasurSettings {
            jack_sur,
            ..PasurSettings::default()
        };
        let mut g = game_with(2, settings, vec![deck(prefix)]);
        // Seat 0's jack sweeps the numerals and empties the table: a sur only with the
        // room's "a jack's clearing is a sur".
        let (took, sur, ..) = event_of(play(&mut g, 0, "JS").unwrap());
        assert_eq!((took, sur), (set("3C 8S 4D 5H"), jack_sur));
        assert!(g.table().is_empty());
        // Seat 1 lays a jack on the empty table: no numeral, queen or king can take it.
        let (took, ..) = event_of(play(&mut g, 1, "JD").unwrap());
        assert!(took.is_empty());
        for c in ["2C", "2D"] {
            assert!(g.capture_options(card(c)).is_empty(), "{c}");
        }
        // Seat 0's other jack takes it: the table is empty, but jacks alone are never a sur.
        let (took, sur, ..) = event_of(play(&mut g, 0, "JH").unwrap());
        assert_eq!((took, sur), (set("JD"), false));
        assert!(g.table().is_empty());
        assert_eq!(g.view(Seat(0)).sides[0].surs, jack_sur as u8);
    }
}

/// Plays a round from `seed` with uniformly random legal actions until only the last
/// card of the round is left to play; returns the game then.
fn before_the_last_card(settings: PasurSettings, seed: u64) -> Pasur {
    let mut g = Pasur::new(&Setup {
        players: 2,
        settings,
        deal: Deal::seeded(seed),
    })
    .unwrap();
    let mut r = Rng::new(seed);
    let mut scratch = Vec::new();
    loop {
        let seat = g.turn().unwrap();
        let v = g.view(seat);
        if v.stock == 0 && v.hand_counts.iter().sum::<u8>() == 1 {
            return g;
        }
        let a = g.random_action(seat, &mut r, &mut scratch).unwrap();
        g.apply(seat, &a).unwrap();
    }
}

#[test]
fn rule_pa_8_a_sur_counts_on_the_last_card_unless_the_room_says_otherwise() {
    // Find a round whose last card clears the table with a numeral, king or queen.
    let seed = (0..5000)
        .find(|&s| {
            let g = before_the_last_card(PasurSettings::default(), s);
            let seat = g.turn().unwrap();
            let a = legal(&g, seat.0)[0];
            a.play.rank() != Rank::JACK && a.take == Some(g.table())
        })
        .expect("some round ends on a sur");
    for no_sur_on_last_card in [false, true] {
        let settings = PasurSettings {
            no_sur_on_last_card,
            ..PasurSettings::default()
        };
        let mut g = before_the_last_card(settings, seed);
        let seat = g.turn().unwrap();
        let surs_before = g.view(seat).sides[seat.side()].surs;
        let a = legal(&g, seat.0)[0];
        let (_, sur, dealt, round_over) = event_of(g.apply(seat, &a).unwrap());
        assert!(round_over && !dealt);
        assert_eq!(sur, !no_sur_on_last_card);
        let r = g.view(seat).result.unwrap();
        assert_eq!(r.sides[seat.side()].surs, surs_before + sur as u8);
        assert!(r.last_cards.is_empty());
        assert_eq!(r.last_cards_to, seat.side());
    }
}

#[test]
fn rule_pa_9_of_three_kings_on_the_table_two_stay_to_the_end_and_no_sur_is_possible() {
    let mut g = game_with(
        2,
        no_classic(),
        vec![deck("KS 2C 3C 4C  5S 6S 8S 10S  KC KD KH 5C")],
    );
    assert_eq!(
        g.capture_options(card("KS")),
        vec![set("KC"), set("KD"), set("KH")]
    );
    take(&mut g, 0, "KS", "KD").unwrap();
    let stay = set("KC KH");
    while let Some(seat) = g.turn() {
        assert_eq!(g.table().and(stay), stay, "the two kings stay");
        let a = legal(&g, seat.0)[0];
        assert!(a.take.is_none_or(|t| t.and(stay).is_empty()));
        let (_, sur, ..) = event_of(g.apply(seat, &a).unwrap());
        assert!(!sur, "the table is never empty");
    }
    let r = g.view(Seat(0)).result.unwrap();
    assert_eq!(
        r.last_cards.and(stay),
        stay,
        "they go with the last cards (PA-6)"
    );
    assert_eq!(r.sides[0].surs + r.sides[1].surs, 0);
    // Three queens the same.
    let mut g = game_with(
        2,
        no_classic(),
        vec![deck("QS 2C 3C 4C  5S 6S 8S 10S  QC QD QH 5C")],
    );
    take(&mut g, 0, "QS", "QC").unwrap();
    // The fourth queen is gone: nothing else can take them (the engine never offers it).
    assert!(["2C", "3C", "4C", "JS", "KS", "AS", "10D"].iter().all(|c| g
        .capture_options(card(c))
        .iter()
        .all(|t| t.and(set("QD QH")).is_empty())));
}

/// The score line of `pile` counted from the cards themselves (PA-10).
fn expected_line(pile: CardSet, surs: u8) -> (i32, i32, i32, i32, i32, i32) {
    let clubs = pile.of_suit(Suit::Clubs).len();
    let clubs_points = if clubs >= 7 { 7 } else { 0 };
    let ten = if pile.contains(TEN_DIAMONDS) { 3 } else { 0 };
    let two = if pile.contains(TWO_CLUBS) { 2 } else { 0 };
    let jacks = pile.and(JACKS).len() as i32;
    let aces = pile.iter().filter(|c| c.rank() == Rank::ACE).count() as i32;
    let total = clubs_points + ten + two + jacks + aces + 5 * surs as i32;
    (clubs_points, ten, two, jacks, aces, total)
}

#[test]
fn rule_pa_10_round_scoring_clubs_surs_ten_of_diamonds_two_of_clubs_jacks_aces() {
    for seed in 0..40 {
        for players in [2u8, 4] {
            let mut g = Pasur::new(&Setup {
                players,
                settings: PasurSettings::default(),
                deal: Deal::seeded(seed),
            })
            .unwrap();
            play_out(&mut g);
            let places = g.card_places();
            let piles = [places[5], places[6]];
            assert_eq!(piles[0].or(piles[1]), CardSet::DECK);
            let r = g.view(Seat(0)).result.unwrap();
            let mut surs = 0;
            for (s, &pile) in piles.iter().enumerate() {
                let l = r.sides[s];
                let e = expected_line(pile, l.surs);
                assert_eq!(
                    (
                        l.clubs_points,
                        l.ten_of_diamonds,
                        l.two_of_clubs,
                        l.jacks,
                        l.aces,
                        l.total
                    ),
                    e
                );
                assert_eq!(l.sur_points, 5 * l.surs as i32);
                assert_eq!(l.cards as u32, pile.len());
                assert_eq!(l.clubs as u32, pile.of_suit(Suit::Clubs).len());
                surs += l.surs as i32;
            }
            assert_eq!(r.sides[0].clubs_points + r.sides[1].clubs_points, 7);
            assert_eq!(
                r.sides[0].total + r.sides[1].total,
                20 + 5 * surs,
                "without surs a round totals 20"
            );
            let hs = g.hand_score().unwrap();
            assert_eq!(hs.points, vec![r.sides[0].total, r.sides[1].total]);
            assert_eq!(g.totals(), hs.points);
        }
    }
}

#[test]
fn rule_pa_11_rounds_go_on_to_the_target_the_higher_total_wins_a_tie_plays_on() {
    let round = |totals: Option<[i32; 2]>| {
        let mut g = Pasur::new(&Setup {
            players: 2,
            settings: PasurSettings::default(),
            deal: Deal::seeded(11),
        })
        .unwrap();
        if let Some(t) = totals {
            g.set_totals(t);
        }
        play_out(&mut g);
        g
    };
    let p = round(None).hand_score().unwrap().points;
    assert_eq!(round(None).status(), Status::HandOver, "nobody at 62 yet");
    // Both reach 62 with equal totals: another round.
    let mut g = round(Some([62 - p[0] + 5, 62 - p[1] + 5]));
    assert_eq!(g.totals(), vec![67, 67]);
    assert_eq!(g.status(), Status::HandOver);
    assert!(g.outcome().is_none());
    g.next_hand().unwrap();
    assert_eq!(g.view(Seat(0)).round_number, 2);
    // Both reach it, side 1 higher: side 1 wins.
    let g = round(Some([62 - p[0], 62 - p[1] + 3]));
    assert_eq!(g.status(), Status::MatchOver);
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
    assert_eq!(g.view(Seat(0)).winner, Some(1));
    // Only side 0 reaches it.
    let g = round(Some([62 - p[0], 0]));
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
    let mut g = g;
    assert_eq!(g.next_hand(), Err(PasurError::HandNotOver));
    assert_eq!(
        g.apply(Seat(0), &PasurAction::play(card("2C")))
            .unwrap_err()
            .code(),
        "not_your_turn"
    );
}

#[test]
fn rule_d_1_the_deal_passes_on_and_the_player_after_the_dealer_starts_every_deal() {
    let mut g = game_with(4, PasurSettings::default(), vec![deck("")]);
    for round in 1..=3u16 {
        let v = g.view(Seat(0));
        assert_eq!(v.round_number, round);
        let dealer = v.dealer;
        assert_eq!(g.turn(), Some(dealer.next(4)));
        play_out(&mut g);
        assert_eq!(g.status(), Status::HandOver);
        g.next_hand().unwrap();
        assert_eq!(g.view(Seat(0)).dealer, dealer.next(4));
    }
}

#[test]
fn rule_d_7_the_first_legal_action_is_the_lowest_card_with_its_first_capture() {
    let g = game("KS 10D AS 2C  5S 6S 8S 9S  4D 3C 7H 6H");
    let l = legal(&g, 0);
    // AS (A=1) needs 10: 4D+6H, 3C+7H; then 2C, 10D, KS.
    assert_eq!(l[0], PasurAction::take(card("AS"), set("3C 7H")));
    let order: Vec<String> = l.iter().map(|a| a.play.to_string()).collect();
    assert_eq!(order, ["AS", "AS", "2C", "10D", "KS"]);
    assert_eq!(l[2], PasurAction::take(card("2C"), set("3C 6H")));
    assert_eq!(l[4], PasurAction::play(card("KS")));
    assert_eq!(g.view(Seat(0)).legal_actions(), l);
    assert!(g.view(Seat(1)).legal_actions().is_empty());
}

#[test]
fn actions_events_and_settings_have_the_documented_json_forms() {
    let cases = [
        (
            PasurAction::take(card("7C"), set("4D")),
            r#"{"play":"7C","take":["4D"]}"#,
        ),
        (
            PasurAction::take(card("8S"), set("2D AS")),
            r#"{"play":"8S","take":["2D","AS"]}"#,
        ),
        (PasurAction::play(card("JS")), r#"{"play":"JS"}"#),
        (
            PasurAction::take(card("7C"), CardSet::EMPTY),
            r#"{"play":"7C","take":[]}"#,
        ),
    ];
    for (a, json) in cases {
        assert_eq!(serde_json::to_string(&a).unwrap(), json);
        assert_eq!(serde_json::from_str::<PasurAction>(json).unwrap(), a);
    }
    assert!(serde_json::from_str::<PasurAction>(r#"{"play":"1X"}"#).is_err());
    assert!(serde_json::from_str::<PasurAction>(r#"{"play":"7C","takes":[]}"#).is_err());
    let s: PasurSettings = serde_json::from_str(r#"{"target":100}"#).unwrap();
    assert_eq!(s.target, 100);
    assert!(s.classic_deal && s.forced_capture);
    assert!(!s.jack_takes_all && !s.jack_sur && !s.no_sur_on_last_card);
    assert_eq!(
        serde_json::to_string(&PasurSettings::default()).unwrap(),
        r#"{"target":62,"classic_deal":true,"jack_takes_all":false,"forced_capture":true,"jack_sur":false,"no_sur_on_last_card":false}"#
    );
    let e = PasurEvent::Played {
        seat: Seat(1),
        card: card("7C"),
        took: set("4D"),
        sur: true,
        dealt: false,
        round_over: false,
    };
    assert_eq!(
        serde_json::to_string(&e).unwrap(),
        r#"{"played":{"seat":1,"card":"7C","took":["4D"],"sur":true,"dealt":false,"round_over":false}}"#
    );
}

#[test]
fn the_view_shows_counts_and_point_cards_per_side_but_no_hidden_card() {
    let mut g = game("7C 9H 2D KS  5S 6S 8S 10S  4D 3C AC 6H");
    take(&mut g, 0, "7C", "3C AC").unwrap();
    let v = g.view(Seat(1));
    assert_eq!(v.hand, set("5S 6S 8S 10S"));
    assert_eq!(v.hand_counts, vec![3, 4]);
    assert_eq!(v.stock, 40);
    assert_eq!(v.table, set("4D 6H"));
    let s0 = v.sides[0];
    assert_eq!(
        (s0.cards, s0.clubs, s0.aces, s0.jacks, s0.surs),
        (3, 3, 1, 0, 0)
    );
    assert!(!s0.ten_of_diamonds && !s0.two_of_clubs);
    assert_eq!(s0.points, 1);
    assert_eq!(v.sides[1], SideTally::default());
    assert_eq!(
        v.last_play,
        Some(LastPlay {
            seat: Seat(0),
            card: card("7C"),
            took: set("3C AC"),
            sur: false
        })
    );
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["sides"][0]["clubs"], 3);
    assert!(json.get("piles").is_none());
    let text = json.to_string();
    for hidden in ["\"9H\"", "\"2D\"", "\"KS\""] {
        assert!(!text.contains(hidden), "seat 0's {hidden} in seat 1's view");
    }
    let back: PasurView = serde_json::from_value(json).unwrap();
    assert_eq!(back, v);
}

#[test]
fn explicit_decks_and_dealer_are_checked() {
    let short = Setup {
        players: 2,
        settings: PasurSettings::default(),
        deal: Deal {
            seed: 1,
            decks: vec![cards("AS 2C")],
            dealer: None,
        },
    };
    assert!(matches!(Pasur::new(&short), Err(SetupError::BadDeck(_))));
    let mut bad = short.clone();
    bad.deal.decks.clear();
    bad.deal.dealer = Some(Seat(2));
    assert!(matches!(Pasur::new(&bad), Err(SetupError::BadDealer(2))));
}

#[test]
fn card_masks_and_values() {
    assert_eq!(NUMERALS.len(), 40);
    assert_eq!(JACKS.len() + QUEENS.len() + KINGS.len(), 12);
    assert_eq!(pasur_value(card("AS")), 1);
    assert_eq!(pasur_value(card("10H")), 10);
    assert_eq!(pasur_value(card("KC")), 13);
}

// ---- property tests (ARCHITECTURE.md, run by crate::testkit) ----

fn random_setup(seed: u64, r: &mut Rng) -> Setup<PasurSettings> {
    Setup {
        players: [2, 4][r.below(2) as usize],
        settings: PasurSettings {
            target: [62, 100, 150][r.below(3) as usize],
            classic_deal: r.below(4) != 0,
            jack_takes_all: r.below(2) == 1,
            forced_capture: r.below(4) != 0,
            jack_sur: r.below(2) == 1,
            no_sur_on_last_card: r.below(2) == 1,
        },
        deal: Deal::seeded(seed),
    }
}

/// `hands` random rounds from `seed` (`u32::MAX`: to the end of the match), two or four
/// players, random settings.
fn random_match(seed: u64, hands: u32) -> RandomMatch<Pasur> {
    let mut r = Rng::new(seed ^ 0xFA5);
    let setup = random_setup(seed, &mut r);
    RandomMatch::new(setup, r).hands(hands)
}

/// Candidate actions for `seat`: [`Inspect::all_actions`] (every card alone and with an
/// empty take), and each card of the hand and two random ones with every subset of the
/// table (or 200 random ones on a large table) and a take of two clubs.
fn candidates(g: &Pasur, seat: Seat, r: &mut Rng) -> Vec<PasurAction> {
    let hand = g.view(seat).hand;
    let mut cards: Vec<Card> = hand.iter().collect();
    for _ in 0..2 {
        cards.push(Card::from_index(r.below(52) as u8).unwrap());
    }
    let table: Vec<Card> = g.table().iter().collect();
    let mut takes: Vec<CardSet> = Vec::new();
    if table.len() <= 9 {
        for m in 1u32..(1 << table.len()) {
            takes.push(
                (0..table.len())
                    .filter(|i| m & (1 << i) != 0)
                    .map(|i| table[i])
                    .collect(),
            );
        }
    } else {
        for _ in 0..200 {
            takes.push(table.iter().copied().filter(|_| r.below(3) == 0).collect());
        }
    }
    takes.push(set("2C 9C"));
    let mut out = g.all_actions();
    for c in cards {
        for &t in &takes {
            out.push(PasurAction::take(c, t));
        }
    }
    out
}

/// [`testkit::legal_exactly_when_apply_accepts`] for Pasur, which that check cannot take
/// as it is: `apply` also accepts two shorthands it does not list (a card without a take
/// when it has one capture, an empty take for a card that captures nothing), and the
/// takes are any sets of table cards, too many for [`Inspect::all_actions`]. At every
/// step, for every seat and one seat too many: a seat lists actions exactly when it may
/// act; each listed action is accepted and gives its own outcome; of the candidates,
/// anything accepted gives a listed outcome (a capture must be listed itself), and
/// anything refused is not listed, leaves the state unchanged and has an error code.
fn legal_exactly_when_apply_accepts(m: RandomMatch<Pasur>) -> Result<(), Failure> {
    m.play(|g, r| {
        let acting = match g.status() {
            Status::Acting(seats) => seats,
            _ => SeatSet::default(),
        };
        let hash = g.state_hash();
        for s in 0..=g.players() {
            let seat = Seat(s);
            let legal = legal(g, s);
            if acting.contains(seat) == legal.is_empty() {
                return Err(format!(
                    "seat {s} (acting: {acting:?}) lists the legal actions {legal:?}"
                ));
            }
            let mut outcomes = Vec::new();
            for a in &legal {
                let mut h = g.clone();
                h.apply(seat, a)
                    .map_err(|e| format!("seat {s}: listed {a:?} refused: {e:?}"))?;
                outcomes.push(h.state_hash());
            }
            let mut distinct = outcomes.clone();
            distinct.sort();
            distinct.dedup();
            if distinct.len() != outcomes.len() {
                return Err(format!(
                    "seat {s}: the same outcome listed twice in {legal:?}"
                ));
            }
            // Only the seat to play draws candidates from the match's RNG (as before the
            // testkit, so that a seed plays the same match); the others try all_actions.
            let tried = if acting.contains(seat) {
                candidates(g, seat, r)
            } else {
                g.all_actions()
            };
            for a in tried {
                let mut h = g.clone();
                match h.apply(seat, &a) {
                    Ok(_) if !outcomes.contains(&h.state_hash()) => {
                        return Err(format!(
                            "seat {s}: apply accepted {a:?}, whose outcome none of its legal \
                             actions {legal:?} has"
                        ))
                    }
                    Ok(_) if a.take.is_some_and(|t| !t.is_empty()) && !legal.contains(&a) => {
                        return Err(format!(
                            "seat {s}: apply accepted the capture {a:?}, which is not among \
                             its legal actions {legal:?}"
                        ))
                    }
                    Err(e) if legal.contains(&a) => {
                        return Err(format!(
                            "seat {s}: {a:?} is listed as legal but apply refused it: {e:?}"
                        ))
                    }
                    Err(e) if h.state_hash() != hash => {
                        return Err(format!(
                            "seat {s}: apply refused {a:?} ({e:?}) but changed the state"
                        ))
                    }
                    Err(e) if e.code().is_empty() => {
                        return Err(format!("seat {s}: {a:?} refused without a code: {e:?}"))
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    })
    .map(drop)
}

/// The view's counts (hands, stock, table, both sides' piles) add up to the deck.
fn view_counts_add_up(g: &Pasur) -> Result<(), String> {
    let v = g.view(Seat(0));
    let held: u32 = v.hand_counts.iter().map(|&c| c as u32).sum();
    let piles = (v.sides[0].cards + v.sides[1].cards) as u32;
    let total = held + v.stock as u32 + v.table.len() + piles;
    if total != 52 {
        return Err(format!(
            "seat 0's view counts {total} cards: hands {:?}, stock {}, table {}, piles {piles}",
            v.hand_counts,
            v.stock,
            v.table.len()
        ));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn prop_legal_exactly_when_apply_accepts(seed in any::<u64>()) {
        legal_exactly_when_apply_accepts(random_match(seed, 2))?;
    }

    #[test]
    fn prop_random_action_draws_as_the_listed_pick(seed in any::<u64>()) {
        // Pasur overrides Game::random_action (random playouts).
        testkit::random_action_draws_as_the_listed_pick(random_match(seed, 3))?;
    }

    #[test]
    fn prop_every_card_accounted_for(seed in any::<u64>()) {
        testkit::every_card_accounted_for(random_match(seed, 10))?;
        random_match(seed, 10).play(|g, _| view_counts_add_up(g))?;
    }

    #[test]
    fn prop_view_unchanged_when_other_hidden_cards_are_swapped(seed in any::<u64>()) {
        testkit::view_unchanged_when_other_hidden_cards_are_swapped(random_match(seed, 2))?;
    }

    #[test]
    fn prop_same_seed_and_moves_same_state_and_hash(seed in any::<u64>()) {
        testkit::same_seed_and_moves_same_state_and_hash(random_match(seed, 10))?;
    }
}

// The table runs on what one seat sees (C-5, D-8): legality from a view, and updates that
// name no hidden card. Pasur has no
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

#[test]
fn random_matches_end() {
    for seed in 0..20 {
        let g = random_match(seed, u32::MAX)
            .play(|_, _| Ok(()))
            .unwrap()
            .end;
        assert_eq!(g.status(), Status::MatchOver, "seed {seed}");
    }
}

#[test]
fn random_action_counts_captures_right_on_tables_of_every_size() {
    // The counts behind random_action use 5-bit lanes up to 5 table numerals, 11-bit
    // lanes up to 11, and plain counters beyond: each must pick what the list picks.
    let mut r = Rng::new(77);
    let mut scratch = Vec::new();
    for forced_capture in [true, false] {
        let settings = PasurSettings {
            forced_capture,
            classic_deal: false,
            ..PasurSettings::default()
        };
        let mut g = game_with(2, settings, vec![deck("")]);
        for size in 0..=30usize {
            for _ in 0..20 {
                let mut cards: Vec<Card> = CardSet::DECK.iter().collect();
                r.shuffle(&mut cards);
                let hand: CardSet = cards[..4].iter().copied().collect();
                // Mostly low numerals, so that many sets sum to 11.
                let table: CardSet = cards[4..]
                    .iter()
                    .copied()
                    .filter(|c| pasur_value(*c) <= 6 || r.below(4) == 0)
                    .take(size)
                    .collect();
                g.set_position(hand, table);
                let l = legal(&g, g.turn().unwrap().0);
                for c in hand {
                    let n = g.capture_options(c).len();
                    let listed = l.iter().filter(|a| a.play == c).count();
                    let lay = if n == 0 || !forced_capture { 1 } else { 0 };
                    assert_eq!(listed, n + lay, "{c} on {table:?}");
                }
                for _ in 0..10 {
                    let seat = g.turn().unwrap();
                    let (mut a, mut b) = (r.clone(), r.clone());
                    let fast = g.random_action(seat, &mut a, &mut scratch);
                    let slow = random_from_list(&g, seat, &mut b, &mut scratch);
                    assert_eq!(fast, slow, "table {table:?}");
                    assert_eq!(a, b);
                    r.below(1000);
                }
            }
        }
    }
    // The largest count a table can give: all 40 numerals, an ace needing 10.
    let mut g = game_with(2, no_classic(), vec![deck("")]);
    let hand = set("JS QS KS KC");
    let table = NUMERALS.minus(set("AS"));
    g.set_position(hand.or(set("AS")).minus(set("KC")), table);
    let n = g.capture_options(card("AS")).len();
    assert_eq!(n, 1059, "sets of the 39 numerals summing to 10");
    let l = legal(&g, g.turn().unwrap().0);
    assert_eq!(l.iter().filter(|a| a.play == card("AS")).count(), n);
    for seed in 0..50 {
        let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
        let seat = g.turn().unwrap();
        assert_eq!(
            g.random_action(seat, &mut a, &mut scratch),
            random_from_list(&g, seat, &mut b, &mut scratch)
        );
    }
}

// FromView (issue 12): a state rebuilt from a seat's view and the true hidden cards is the
// same game for every seat.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    #[test]
    fn prop_rebuilt_from_view_is_the_same_game(seed in any::<u64>()) {
        testkit::rebuilt_from_view_is_the_same_game(random_match(seed, 1), 4)?;
    }
}

// A finished hand's record (issue 23, D-8): it replays the hand, hides the stock left.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(10))]

    #[test]
    fn prop_d_8_hand_records_replay_the_hand(seed in any::<u64>()) {
        testkit::hand_records_replay_the_hand(random_match(seed, 1))?;
    }
}

#[test]
fn from_view_refuses_hidden_cards_that_contradict_the_view() {
    use crate::rebuild::FromView;
    use crate::testkit::InspectHidden;
    let g = Pasur::new(&Setup {
        players: 2,
        settings: PasurSettings::default(),
        deal: Deal::seeded(5),
    })
    .unwrap();
    let v = g.view(Seat(0));
    let h = g.hidden();
    assert!(Pasur::from_view(&v, &h, 1).is_ok());
    let mut swapped = h.clone();
    let c = swapped.hands[1].first().unwrap();
    swapped.hands[1].remove(c);
    swapped.hands[1].insert(swapped.stock[0]);
    assert!(Pasur::from_view(&v, &swapped, 1).is_err());
    let mut captured = h;
    captured.piles[0].insert(captured.stock[0]);
    assert!(Pasur::from_view(&v, &captured, 1).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// C-5, D-8, issue 23: a watcher sees only public cards: the watchers' view is seat 0's
    /// without its hand, names only cards every seat sees (the table, the play just made),
    /// and does not depend on any seat's hidden cards; what a watcher is sent names only
    /// public cards.
    #[test]
    fn prop_rule_c_5_d_8_watchers_see_only_public_cards(seed in any::<u64>()) {
        testkit::watch_view_names_only_public_cards(random_match(seed, 2), &["hand"])?;
        testkit::watch_updates_name_only_public_cards(random_match(seed, 2), testkit::no_other_public_cards)?;
    }
}

/// PA-3, D-8, C-5 (issue 23): a watcher sees the table cards, the play just made and the
/// piles' tallies, never a hand.
#[test]
fn rule_pa_3_d_8_c_5_a_watcher_sees_the_table_and_no_hand() {
    for players in [2, 4] {
        let setup = Setup {
            players,
            settings: PasurSettings::default(),
            deal: Deal::seeded(23),
        };
        let mut g = Pasur::new(&setup).unwrap();
        let mut captured = false;
        testkit::walk(&mut g, 3_000, |g| {
            let w = g.watch_view();
            let seat0 = g.view(Seat(0));
            assert!(w.hand.is_empty());
            assert_eq!(
                (w.table, w.last_play, w.sides, w.hand_counts.clone()),
                (seat0.table, seat0.last_play, seat0.sides, seat0.hand_counts)
            );
            if matches!(g.status(), Status::Acting(_)) {
                let named = testkit::cards_named(&w);
                for s in 0..players {
                    let own = g.view(Seat(s)).hand;
                    // A card of the seat's own may be public otherwise (played, shown face up).
                    let mut others = CardSet(u64::MAX);
                    for t in (0..players).filter(|&t| t != s) {
                        others = others.and(testkit::cards_named(&g.view(Seat(t))));
                    }
                    let seen = named.and(own).minus(others);
                    assert!(seen.is_empty(), "seat {s}'s {seen:?} in {w:?}");
                }
            }
            captured |= w.last_play.is_some_and(|p| !p.took.is_empty());
        });
        assert!(captured, "{players}p");
    }
}
