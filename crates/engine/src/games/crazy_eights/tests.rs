//! Crazy Eights: a scenario per rule (named by its ID) and the property tests of
//! ARCHITECTURE.md, with one and two decks.

use super::*;
use crate::card::{parse_cards, Card, CardBag, CardSet, Rank, Suit};
use crate::game::{Deal, Game, RuleError, Setup, SetupError, Status};
use crate::games::shedding::testing::{
    self, bag, card, deck_for, legal, legal_json, setup, table, Arrange, Properties, RulesHands,
    Scenarios,
};
use crate::games::shedding::{CardRun, Direction};
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
use crate::testkit::{self, Inspect};

/// The scenarios' positions: a game of `n` players, the last seat dealing (deal seed 7).
impl Scenarios for CrazyEightsSettings {
    type Game = CrazyEights;
    const SEED: u64 = 7;
}

fn dealt(n: u8, settings: CrazyEightsSettings, hands: &[&str], start: &str) -> CrazyEights {
    let decks = if n >= 6 { 2 } else { 1 };
    let mut s = setup(n, settings);
    s.deal.decks = vec![deck_for(decks, hands, start, "")];
    CrazyEights::new(&s).unwrap()
}

fn play(g: &mut CrazyEights, seat: u8, c: &str) -> Result<CrazyEightsEvent, CrazyEightsError> {
    g.apply(
        Seat(seat),
        &CrazyEightsAction::Play(CrazyEightsPlay::card(card(c))),
    )
}

fn play_as(
    g: &mut CrazyEights,
    seat: u8,
    cards: &str,
    suit: Option<Suit>,
    last: bool,
) -> Result<CrazyEightsEvent, CrazyEightsError> {
    let run = CardRun::new(&parse_cards(cards).unwrap()).unwrap();
    g.apply(
        Seat(seat),
        &CrazyEightsAction::Play(CrazyEightsPlay {
            cards: run,
            suit,
            last,
        }),
    )
}

fn defaults() -> CrazyEightsSettings {
    CrazyEightsSettings::default()
}

const FILL4: [&str; 4] = [
    "2C 3C 4C 5C 6C",
    "2D 3D 4D 5D 6D",
    "9H 10H 3H 4H 5H",
    "9S 10S 3S 4S 5S",
];

#[test]
fn rule_ce_1_deal_sizes_decks_and_player_counts() {
    let g = CrazyEights::new(&setup(2, defaults())).unwrap();
    let v = g.view(Seat(0));
    assert_eq!(
        (v.hand_counts.clone(), v.decks, v.stock),
        (vec![7, 7], 1, 37)
    );
    let g = CrazyEights::new(&setup(5, defaults())).unwrap();
    assert_eq!(g.view(Seat(0)).hand_counts, vec![5; 5]);
    assert_eq!(g.view(Seat(0)).stock, 52 - 25 - 1);
    let g = CrazyEights::new(&setup(6, defaults())).unwrap();
    let v = g.view(Seat(0));
    assert_eq!((v.decks, v.stock as u32), (2, 104 - 30 - 1));
    let eight = CrazyEightsSettings {
        eight_cards_each: true,
        ..defaults()
    };
    let g = CrazyEights::new(&setup(8, eight)).unwrap();
    assert_eq!(g.view(Seat(3)).hand_counts, vec![8; 8]);
    assert!(matches!(
        CrazyEights::new(&setup(9, defaults())),
        Err(SetupError::Players { .. })
    ));
    assert!(matches!(
        CrazyEights::new(&setup(1, defaults())),
        Err(SetupError::Players { .. })
    ));
    let bad = CrazyEightsSettings {
        target: 150,
        ..defaults()
    };
    assert!(matches!(
        CrazyEights::new(&setup(3, bad)),
        Err(SetupError::BadSetting(_))
    ));
    // C-2 / D-1: the player after the dealer plays first, clockwise.
    let g = dealt(4, defaults(), &FILL4, "7C");
    assert_eq!(g.turn(), Some(Seat(0)));
    assert_eq!(g.view(Seat(0)).direction, Direction::Clockwise);
    // A two-deck order is checked as a multiset.
    let mut s = setup(6, defaults());
    s.deal.decks = vec![crate::card::standard_deck().to_vec()];
    assert!(matches!(
        CrazyEights::new(&s),
        Err(SetupError::BadDeck(m)) if m.contains("exactly twice each")
    ));
}

#[test]
fn rule_ce_2_match_rank_or_suit_eights_are_wild_and_name_a_suit() {
    let mut g = table(
        3,
        defaults(),
        &["9H 9C 2S 8D KC", "3H 4H 5H 6H 7H", "3S 4S 5S 6S 7S"],
        "9S",
        "",
        0,
    );
    let l = legal_json(&g, 0);
    assert_eq!(
        l,
        [
            r#"{"play":"9C"}"#,
            r#"{"play":"8D","suit":"C"}"#,
            r#"{"play":"8D","suit":"D"}"#,
            r#"{"play":"8D","suit":"H"}"#,
            r#"{"play":"8D","suit":"S"}"#,
            r#"{"play":"9H"}"#,
            r#"{"play":"2S"}"#,
            r#""draw""#,
        ]
    );
    let e = play(&mut g, 0, "KC").unwrap_err();
    assert_eq!((e.rule(), e.code()), ("CE-2", "does_not_match"));
    let e = play(&mut g, 0, "8D").unwrap_err();
    assert_eq!(e.code(), "suit_naming", "an 8 names a suit");
    let e = play_as(&mut g, 0, "9C", Some(Suit::Hearts), false).unwrap_err();
    assert_eq!(e.code(), "suit_naming");
    assert_eq!(play(&mut g, 1, "3H").unwrap_err().code(), "not_your_turn");
    play_as(&mut g, 0, "8D", Some(Suit::Hearts), false).unwrap();
    let v = g.view(Seat(1));
    assert_eq!((v.named_suit, v.top_wild), (Some(Suit::Hearts), true));
    // On an 8: the named suit or another 8 — not the 8's own suit.
    let l = legal_json(&g, 1);
    assert_eq!(l.len(), 6, "{l:?}");
    play(&mut g, 1, "3H").unwrap();
    // Rank matches too: 3S on 3H.
    assert!(legal_json(&g, 2).contains(&r#"{"play":"3S"}"#.to_string()));
}

#[test]
fn rule_ce_3_a_starting_eight_lets_the_dealer_name_the_suit() {
    let mut g = dealt(4, defaults(), &FILL4, "8H");
    assert_eq!(g.phase(), CrazyEightsPhase::DealerNamesSuit);
    assert_eq!(g.turn(), Some(Seat(3)), "the dealer");
    assert_eq!(
        legal_json(&g, 3),
        [
            r#"{"suit":"C"}"#,
            r#"{"suit":"D"}"#,
            r#"{"suit":"H"}"#,
            r#"{"suit":"S"}"#
        ]
    );
    let e = g
        .apply(
            Seat(3),
            &CrazyEightsAction::Play(CrazyEightsPlay::card(card("3S"))),
        )
        .unwrap_err();
    assert_eq!(e.code(), "wrong_phase");
    let ev = g
        .apply(Seat(3), &CrazyEightsAction::Suit(Suit::Clubs))
        .unwrap();
    assert_eq!(
        ev,
        CrazyEightsEvent::SuitNamed {
            seat: Seat(3),
            suit: Suit::Clubs
        }
    );
    assert_eq!(g.turn(), Some(Seat(0)));
    assert_eq!(g.view(Seat(0)).named_suit, Some(Suit::Clubs));
    assert_eq!(play(&mut g, 1, "2D").unwrap_err().code(), "not_your_turn");
    assert!(legal_json(&g, 0).contains(&r#"{"play":"2C"}"#.to_string()));
    assert_eq!(legal(&g, 0).len(), 6, "five clubs and a draw");
}

#[test]
fn rule_ce_4_a_player_may_always_draw_and_the_turn_passes() {
    let hands = ["9H 9C 2S 8D KC", "3H 4H 5H 6H 7H", "3S 4S 5S 6S 7S"];
    let mut g = table(3, defaults(), &hands, "9S", "QS 10S", 0);
    assert!(legal(&g, 0).contains(&CrazyEightsAction::Draw));
    let e = g.apply(Seat(0), &CrazyEightsAction::Draw).unwrap();
    assert!(matches!(
        e,
        CrazyEightsEvent::Drew {
            count: 1,
            penalty: false,
            may_play: false,
            ..
        }
    ));
    assert_eq!(g.view(Seat(0)).hand_counts, vec![6, 5, 5]);
    assert!(g.view(Seat(0)).hand.contains(card("QS")));
    assert_eq!(g.turn(), Some(Seat(1)));
    // Only when unable to play.
    let only = CrazyEightsSettings {
        draw_only_when_unable: true,
        ..defaults()
    };
    let mut g = table(3, only.clone(), &hands, "9S", "QS 10S", 0);
    assert!(!legal(&g, 0).contains(&CrazyEightsAction::Draw));
    assert_eq!(
        g.apply(Seat(0), &CrazyEightsAction::Draw)
            .unwrap_err()
            .code(),
        "may_not_draw"
    );
    let mut g = table(
        3,
        only,
        &["3D 4D 5D 6D 7D", "3H 4H 5H 6H 7H", "3S 4S 5S 6S 7S"],
        "9C",
        "QS",
        0,
    );
    assert_eq!(legal_json(&g, 0), [r#""draw""#]);
    g.apply(Seat(0), &CrazyEightsAction::Draw).unwrap();
    // A drawn card that fits may be played at once (setting), or kept.
    let drawn = CrazyEightsSettings {
        play_drawn_card: true,
        ..defaults()
    };
    let mut g = table(3, drawn.clone(), &hands, "9S", "QS 10S", 0);
    let e = g.apply(Seat(0), &CrazyEightsAction::Draw).unwrap();
    assert!(matches!(e, CrazyEightsEvent::Drew { may_play: true, .. }));
    assert_eq!(g.turn(), Some(Seat(0)));
    assert_eq!(g.view(Seat(0)).drawn, Some(card("QS")));
    assert_eq!(g.view(Seat(1)).drawn, None, "only the drawer sees it");
    assert_eq!(legal_json(&g, 0), [r#"{"play":"QS"}"#, r#""pass""#]);
    assert_eq!(
        play(&mut g, 0, "9C").unwrap_err().code(),
        "only_the_drawn_card"
    );
    g.apply(Seat(0), &CrazyEightsAction::Pass).unwrap();
    assert_eq!(g.turn(), Some(Seat(1)));
    // A drawn card that does not fit: the turn passes.
    let mut g = table(3, drawn, &hands, "9S", "3D", 0);
    g.apply(Seat(0), &CrazyEightsAction::Draw).unwrap();
    assert_eq!(g.turn(), Some(Seat(1)));
    assert_eq!(g.view(Seat(0)).drawn, None);
}

#[test]
fn rule_ce_5_queen_skips_ace_reverses_two_draws_stacking() {
    let hands = [
        "QH AH 2H 2C 9D",
        "3H 4H 2S 6H 7H",
        "3S 4S 5S 6S 7S",
        "3D 4D 5D 6D 7D",
    ];
    // Q skips the next player.
    let mut g = table(4, defaults(), &hands, "9H", "", 0);
    play(&mut g, 0, "QH").unwrap();
    assert_eq!(g.turn(), Some(Seat(2)));
    // A reverses.
    let mut g = table(4, defaults(), &hands, "9H", "", 0);
    play(&mut g, 0, "AH").unwrap();
    assert_eq!(g.turn(), Some(Seat(3)));
    assert_eq!(g.view(Seat(0)).direction, Direction::Counterclockwise);
    // 2: the next draws two unless answering with a 2; stacking +2; an 8 cannot answer.
    let mut g = table(4, defaults(), &hands, "9H", "", 0);
    play(&mut g, 0, "2H").unwrap();
    assert_eq!(g.view(Seat(1)).pending_draw, 2);
    assert_eq!(legal_json(&g, 1), [r#"{"play":"2S"}"#, r#""draw""#]);
    assert_eq!(play(&mut g, 1, "3H").unwrap_err().code(), "must_answer_two");
    play(&mut g, 1, "2S").unwrap();
    assert_eq!(g.view(Seat(2)).pending_draw, 4);
    let e = g.apply(Seat(2), &CrazyEightsAction::Draw).unwrap();
    assert!(matches!(
        e,
        CrazyEightsEvent::Drew {
            count: 4,
            penalty: true,
            ..
        }
    ));
    assert_eq!(g.view(Seat(2)).hand_counts[2], 9);
    // The turn ended; the 2 on top is now ordinary.
    assert_eq!(g.turn(), Some(Seat(3)));
    assert_eq!(g.view(Seat(3)).pending_draw, 0);
    play(&mut g, 3, "3D").unwrap_err();
    assert!(legal(&g, 3).contains(&CrazyEightsAction::Draw));
    // An 8 cannot answer a 2.
    let mut g = table(
        4,
        defaults(),
        &["2H 3C 4C 5C 6C", "8S 3D 4D 5D 6D", "", ""],
        "9H",
        "",
        0,
    );
    play(&mut g, 0, "2H").unwrap();
    assert_eq!(legal_json(&g, 1), [r#""draw""#]);
    // Two players: a queen gives another turn, an ace does nothing.
    let mut g = table(
        2,
        defaults(),
        &["QH AH 3C 4C 5C 6C 7C", "3H 4H 5H 6H 7H 8C 9C"],
        "9H",
        "",
        0,
    );
    play(&mut g, 0, "QH").unwrap();
    assert_eq!(g.turn(), Some(Seat(0)));
    play(&mut g, 0, "AH").unwrap();
    assert_eq!(g.turn(), Some(Seat(1)));
    assert_eq!(g.view(Seat(0)).direction, Direction::Clockwise);
    // Each special card is a setting.
    let off = CrazyEightsSettings {
        queen_skips: false,
        ace_reverses: false,
        two_draws: false,
        ..defaults()
    };
    let mut g = table(4, off, &hands, "9H", "", 0);
    play(&mut g, 0, "QH").unwrap();
    assert_eq!(g.turn(), Some(Seat(1)));
    play(&mut g, 1, "4H").unwrap();
    assert_eq!(g.turn(), Some(Seat(2)));
}

#[test]
fn rule_ce_6_a_special_starting_card_acts_as_played_by_the_dealer() {
    // Dealer seat 3. A reverses: seat 2 (the dealer's other side) starts.
    let g = dealt(4, defaults(), &FILL4, "AC");
    assert_eq!(g.turn(), Some(Seat(2)));
    assert_eq!(g.view(Seat(0)).direction, Direction::Counterclockwise);
    // Q skips seat 0.
    let g = dealt(4, defaults(), &FILL4, "QC");
    assert_eq!(g.turn(), Some(Seat(1)));
    // 2: seat 0 answers or draws two.
    let g = dealt(4, defaults(), &FILL4, "2H");
    assert_eq!(g.turn(), Some(Seat(0)));
    assert_eq!(g.view(Seat(0)).pending_draw, 2);
    assert_eq!(legal_json(&g, 0), [r#"{"play":"2C"}"#, r#""draw""#]);
    // An ordinary card: seat 0 plays on it.
    let g = dealt(4, defaults(), &FILL4, "7C");
    assert_eq!((g.turn(), g.view(Seat(0)).pending_draw), (Some(Seat(0)), 0));
}

#[test]
fn rule_ce_7_a_special_last_card_has_no_effect_except_in_countdown() {
    let mut g = table(
        4,
        defaults(),
        &["2S", "3H 4H", "3C 4C", "3D 4D"],
        "10S",
        "",
        0,
    );
    let e = play(&mut g, 0, "2S").unwrap();
    assert!(matches!(
        e,
        CrazyEightsEvent::Played {
            out: true,
            then: CrazyEightsAfter {
                hand_over: true,
                ..
            },
            ..
        }
    ));
    assert_eq!(g.status(), Status::HandOver);
    assert_eq!(
        g.view(Seat(1)).hand_counts,
        vec![0, 2, 2, 2],
        "nobody drew for the 2"
    );
    // A wild last card names no suit.
    let mut g = table(
        4,
        defaults(),
        &["8S", "3H 4H", "3C 4C", "3D 4D"],
        "10S",
        "",
        0,
    );
    assert_eq!(legal_json(&g, 0), [r#"{"play":"8S"}"#, r#""draw""#]);
    play(&mut g, 0, "8S").unwrap();
    assert_eq!(g.status(), Status::HandOver);
    // Countdown: play goes on, and the last card takes effect.
    let cd = CrazyEightsSettings {
        countdown: true,
        ..defaults()
    };
    let mut g = table(4, cd, &["2S", "3H 4H", "3C 4C", "3D 4D"], "10S", "", 0);
    play(&mut g, 0, "2S").unwrap();
    assert_eq!(g.status(), Status::Acting(SeatSet::only(Seat(1))));
    assert_eq!(g.view(Seat(1)).pending_draw, 2);
    assert_eq!(g.view(Seat(0)).hand_counts[0], 7, "dealt 7 new cards");
}

#[test]
fn rule_ce_8_last_card_must_be_declared_or_two_are_drawn() {
    let hands = ["9S 3C", "3H 4H 5H", "3S 4S 5S", "3D 4D 5D"];
    let mut g = table(4, defaults(), &hands, "10S", "", 0);
    assert_eq!(
        legal_json(&g, 0),
        [
            r#"{"play":"9S"}"#,
            r#"{"play":"9S","last":true}"#,
            r#""draw""#
        ]
    );
    let e = play_as(&mut g, 0, "9S", None, true).unwrap();
    assert!(matches!(
        e,
        CrazyEightsEvent::Played {
            declared: true,
            then: CrazyEightsAfter {
                last_card_penalty: None,
                ..
            },
            ..
        }
    ));
    assert_eq!(g.view(Seat(1)).declared, SeatSet::only(Seat(0)));
    assert_eq!(g.view(Seat(1)).hand_counts[0], 1);
    // Forgetting: two cards when the turn passes (D-6).
    let mut g = table(4, defaults(), &hands, "10S", "", 0);
    let e = play(&mut g, 0, "9S").unwrap();
    assert!(matches!(
        e,
        CrazyEightsEvent::Played {
            then: CrazyEightsAfter {
                last_card_penalty: Some((Seat(0), 2)),
                ..
            },
            ..
        }
    ));
    assert_eq!(g.view(Seat(1)).hand_counts[0], 3);
    assert_eq!(g.view(Seat(1)).declared, SeatSet::default());
    // The flag is refused on a play that does not leave one card.
    let mut g = table(4, defaults(), &["9S 3C 4C", "3H", "3S", "3D"], "10S", "", 0);
    assert_eq!(
        play_as(&mut g, 0, "9S", None, true).unwrap_err().code(),
        "nothing_to_declare"
    );
    // Setting: no declaration needed.
    let off = CrazyEightsSettings {
        last_card: false,
        ..defaults()
    };
    let mut g = table(4, off, &hands, "10S", "", 0);
    assert_eq!(legal_json(&g, 0), [r#"{"play":"9S"}"#, r#""draw""#]);
    play(&mut g, 0, "9S").unwrap();
    assert_eq!(g.view(Seat(1)).hand_counts[0], 1);
}

#[test]
fn rule_ce_9_empty_stock_reshuffles_keeping_the_top_or_blocks() {
    let hands = ["3C 4C", "3H 4H", "3D 4D"];
    let mut g = table(3, defaults(), &hands, "10S", "", 0);
    g.empty_stock();
    let before = g.view(Seat(0));
    assert_eq!(before.stock, 0);
    let e = g.apply(Seat(0), &CrazyEightsAction::Draw).unwrap();
    assert!(matches!(
        e,
        CrazyEightsEvent::Drew {
            then: CrazyEightsAfter {
                reshuffled: true,
                ..
            },
            ..
        }
    ));
    let v = g.view(Seat(0));
    assert_eq!((v.top, v.discards), (Some(card("10S")), 1));
    assert_eq!(v.stock as usize, before.discards as usize - 2);
    // Setting: no reshuffle. Unable to play or draw: pass; everyone passing blocks the
    // hand, which is scored.
    let off = CrazyEightsSettings {
        reshuffle: false,
        ..defaults()
    };
    let mut g = table(3, off, &["3C 4C", "3H 4H", "3D 4D"], "10S", "", 0);
    g.empty_stock();
    assert_eq!(legal_json(&g, 0), [r#""pass""#]);
    g.apply(Seat(0), &CrazyEightsAction::Pass).unwrap();
    g.apply(Seat(1), &CrazyEightsAction::Pass).unwrap();
    let e = g.apply(Seat(2), &CrazyEightsAction::Pass).unwrap();
    assert!(matches!(
        e,
        CrazyEightsEvent::Passed {
            then: CrazyEightsAfter { blocked: true, .. },
            ..
        }
    ));
    let r = g.view(Seat(0)).result.unwrap();
    assert!(r.blocked && r.winner.is_none());
    assert_eq!(r.points, vec![7, 7, 7]);
    assert_eq!(g.hand_score().unwrap().winners, Vec::<usize>::new());
    // Countdown always reshuffles.
    let cd = CrazyEightsSettings {
        reshuffle: false,
        countdown: true,
        ..defaults()
    };
    let mut g = table(3, cd, &hands, "10S", "", 0);
    g.empty_stock();
    assert_eq!(legal_json(&g, 0), [r#""draw""#]);
}

#[test]
fn rule_ce_10_hand_points_are_the_sum_of_card_points() {
    // The table-driven sum against the rule's card by card, for every wild rank, one- and
    // two-deck hands (copies counted), empty and full ones.
    let mut r = Rng::new(10);
    for w in (0..13).filter_map(Rank::new) {
        let mut bags = vec![CardBag::EMPTY, CardBag::decks(1), CardBag::decks(2)];
        for _ in 0..200 {
            let k = 1 + r.below(30) as usize;
            let mut cards: Vec<Card> = CardBag::decks(2).iter().collect();
            r.shuffle(&mut cards);
            bags.push(cards[..k].iter().copied().collect());
        }
        for b in bags {
            let by_card: i32 = b.iter().map(|c| card_points(c, w)).sum();
            assert_eq!(
                super::state::hand_points(b, w),
                by_card,
                "{b:?}, wild {w:?}"
            );
        }
    }
}

#[test]
fn rule_ce_10_scoring_and_the_target() {
    assert_eq!(card_points(card("8H"), Rank::EIGHT), 50);
    assert_eq!(card_points(card("KH"), Rank::EIGHT), 10);
    assert_eq!(card_points(card("JH"), Rank::EIGHT), 10);
    assert_eq!(card_points(card("AH"), Rank::EIGHT), 1);
    assert_eq!(card_points(card("10H"), Rank::EIGHT), 10);
    assert_eq!(card_points(card("7H"), Rank::EIGHT), 7);
    assert_eq!(
        card_points(card("JH"), Rank::JACK),
        50,
        "the wild rank costs 50"
    );
    let mut g = table(3, defaults(), &["9S", "8H KH AH", "7D 2C"], "10S", "", 0);
    play(&mut g, 0, "9S").unwrap();
    let s = g.hand_score().unwrap();
    assert_eq!((s.points.clone(), s.winners), (vec![0, 61, 9], vec![0]));
    assert_eq!(g.totals(), vec![0, 61, 9]);
    assert_eq!(g.status(), Status::HandOver);
    let v = g.view(Seat(0));
    assert_eq!(
        v.result.unwrap().hands[1],
        bag("8H KH AH"),
        "hands shown at the end"
    );
    // The target: the lowest total wins; a tie for the lowest plays on (D-5).
    let mut g = table(3, defaults(), &["9S", "8H KH AH", "7D 2C"], "10S", "", 0);
    g.set_totals([0, 50, 0, 0, 0, 0, 0, 0]);
    play(&mut g, 0, "9S").unwrap();
    assert_eq!(g.status(), Status::MatchOver);
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
    let mut g = table(3, defaults(), &["9S", "8H KH AH", "7D 2C"], "10S", "", 0);
    g.set_totals([9, 50, 0, 0, 0, 0, 0, 0]);
    play(&mut g, 0, "9S").unwrap();
    assert_eq!(g.totals(), vec![9, 111, 9]);
    assert_eq!(
        g.status(),
        Status::HandOver,
        "tied for the lowest: another hand"
    );
    g.next_hand().unwrap();
    assert_eq!(g.view(Seat(0)).dealer, Seat(0), "D-1: the deal passes on");
    assert_eq!(g.next_hand().unwrap_err().code(), "hand_not_over");
}

#[test]
fn rule_ce_11_equal_cards_together_add_up() {
    let eq = CrazyEightsSettings {
        equal_cards: true,
        ..defaults()
    };
    let hands = [
        "QH QC AH AC 9D",
        "3H 4H 2S 6H 7H",
        "3S 4S 5S 6S 7S",
        "3D 4D 5D 6D 7D",
    ];
    // Two queens skip two.
    let mut g = table(4, eq.clone(), &hands, "9H", "", 0);
    assert!(legal_json(&g, 0).contains(&r#"{"play":["QC","QH"]}"#.to_string()));
    assert!(legal_json(&g, 0).contains(&r#"{"play":["QH","QC"]}"#.to_string()));
    play_as(&mut g, 0, "QH QC", None, false).unwrap();
    assert_eq!(g.turn(), Some(Seat(3)));
    assert_eq!(
        g.view(Seat(0)).top,
        Some(card("QC")),
        "the last is the new top"
    );
    // Two aces cancel.
    let mut g = table(4, eq.clone(), &hands, "9H", "", 0);
    play_as(&mut g, 0, "AC AH", None, false).unwrap();
    assert_eq!(
        (g.turn(), g.view(Seat(0)).direction),
        (Some(Seat(1)), Direction::Clockwise)
    );
    // Two 2s draw four; one of the cards must be legal.
    let mut g = table(
        4,
        eq.clone(),
        &["2H 2C 5C 6C 7C", "3S 4S", "", ""],
        "9H",
        "",
        0,
    );
    assert_eq!(
        play_as(&mut g, 0, "2C", None, false).unwrap_err().code(),
        "does_not_match"
    );
    play_as(&mut g, 0, "2H 2C", None, false).unwrap();
    assert_eq!(g.view(Seat(1)).pending_draw, 4);
    // Not equal ranks, or the setting off.
    let mut g = table(4, eq, &hands, "9H", "", 0);
    assert_eq!(
        play_as(&mut g, 0, "QH AH", None, false).unwrap_err().code(),
        "not_equal_cards"
    );
    let mut g = table(4, defaults(), &hands, "9H", "", 0);
    assert_eq!(
        play_as(&mut g, 0, "QH QC", None, false).unwrap_err().code(),
        "not_equal_cards"
    );
}

#[test]
fn rule_ce_11_queen_of_spades_draws_five_wild_rank_and_the_eights_power() {
    let qs = CrazyEightsSettings {
        queen_of_spades_draws_five: true,
        ..defaults()
    };
    let hands = [
        "QS 3C 4C 5C 6C",
        "3H 4H 2S 6H 7H",
        "3D 4D 5D 6D 7D",
        "9C 10C JC KC AC",
    ];
    let mut g = table(4, qs, &hands, "9S", "", 0);
    let e = play(&mut g, 0, "QS").unwrap();
    assert!(matches!(
        e,
        CrazyEightsEvent::Played {
            then: CrazyEightsAfter {
                forced_draw: Some((Seat(1), 5)),
                ..
            },
            ..
        }
    ));
    assert_eq!(
        g.turn(),
        Some(Seat(2)),
        "drawing was seat 1's turn; no skip"
    );
    assert_eq!(g.view(Seat(0)).hand_counts[1], 10);
    // The wild rank J; with the jack as the skip card it loses its skip (a special rank
    // made wild).
    let wj = CrazyEightsSettings {
        wild_rank: WildRank::Jack,
        jack_skips_four_reverses: true,
        ..defaults()
    };
    let mut g = table(
        4,
        wj.clone(),
        &["JD 8D 4S 3C 5C", "3H 4H", "", ""],
        "9S",
        "",
        0,
    );
    let l = legal_json(&g, 0);
    assert!(
        l.contains(&r#"{"play":"JD","suit":"H"}"#.to_string()),
        "{l:?}"
    );
    assert!(!l.iter().any(|a| a.contains("8D")), "8 is not wild: {l:?}");
    play_as(&mut g, 0, "JD", Some(Suit::Hearts), false).unwrap();
    assert_eq!(g.turn(), Some(Seat(1)), "the wild jack does not skip");
    // The four reverses.
    let mut g = table(4, wj, &["JD 8D 4S 3C 5C", "3H 4H", "", ""], "9S", "", 0);
    play(&mut g, 0, "4S").unwrap();
    assert_eq!(g.turn(), Some(Seat(3)));
    // The eight's power: playable only on its own suit or an 8.
    let own = CrazyEightsSettings {
        eight_power: EightPower::OwnSuit,
        ..defaults()
    };
    let g = table(3, own, &["8D 8S 3C", "3H", "3S"], "9S", "", 0);
    let l = legal_json(&g, 0);
    assert!(
        l.iter().any(|a| a.contains("8S")) && !l.iter().any(|a| a.contains("8D")),
        "{l:?}"
    );
    // Names no suit.
    let none = CrazyEightsSettings {
        eight_power: EightPower::NoSuit,
        ..defaults()
    };
    let mut g = table(3, none, &["8D 8S 3C", "3H 4D", "3S"], "9S", "", 0);
    assert!(legal_json(&g, 0).contains(&r#"{"play":"8D"}"#.to_string()));
    play(&mut g, 0, "8D").unwrap();
    assert_eq!(g.view(Seat(1)).named_suit, None);
    assert!(legal_json(&g, 1).contains(&r#"{"play":"4D"}"#.to_string()));
    // Names a suit only when played on its own suit or on an 8.
    let on_match = CrazyEightsSettings {
        eight_power: EightPower::SuitOnMatch,
        ..defaults()
    };
    let g = table(3, on_match, &["8D 8S 3C", "3H 4D", "3S"], "9S", "", 0);
    let l = legal_json(&g, 0);
    assert!(l.contains(&r#"{"play":"8D"}"#.to_string()), "{l:?}");
    assert!(
        l.contains(&r#"{"play":"8S","suit":"C"}"#.to_string()),
        "{l:?}"
    );
}

#[test]
fn rule_ce_12_countdown_wild_ranks_going_out_and_winning() {
    let cd = CrazyEightsSettings {
        countdown: true,
        ..defaults()
    };
    let g = CrazyEights::new(&setup(3, cd.clone())).unwrap();
    let v = g.view(Seat(0));
    assert_eq!(
        (v.hand_counts.clone(), v.countdown.clone()),
        (vec![8, 8, 8], vec![8, 8, 8])
    );
    assert_eq!(v.wild_ranks, vec![Rank::EIGHT; 3]);
    assert_eq!(countdown_rank(1), Rank::ACE);
    assert_eq!(countdown_rank(2), Rank::TWO);
    assert_eq!(countdown_rank(7), Rank::SEVEN);
    // Seat 0 on 6: its wild card is the 6; seat 1 on 7.
    let mut g = table(
        3,
        cd.clone(),
        &["6S 9C", "7D 6D 3C", "3H 4H 5H"],
        "9S",
        "",
        0,
    );
    g.set_scores([6, 7, 8, 8, 8, 8, 8, 8]);
    assert_eq!(
        g.view(Seat(2)).wild_ranks,
        vec![Rank::new(4).unwrap(), Rank::SEVEN, Rank::EIGHT]
    );
    play_as(&mut g, 0, "6S", Some(Suit::Hearts), true).unwrap();
    // After a wild card only the named suit or one's own wild card: not the same rank.
    let l = legal_json(&g, 1);
    assert!(
        l.contains(&r#"{"play":"7D","suit":"H"}"#.to_string()),
        "{l:?}"
    );
    assert!(!l.iter().any(|a| a.contains("6D")), "{l:?}");
    // Going out lowers the score by one and deals that many new cards at once.
    let mut g = table(3, cd.clone(), &["9S", "3H 4H", "3C 4C"], "10S", "", 0);
    g.set_scores([5, 8, 8, 8, 8, 8, 8, 8]);
    let e = play(&mut g, 0, "9S").unwrap();
    assert!(matches!(
        e,
        CrazyEightsEvent::Played {
            out: true,
            then: CrazyEightsAfter {
                dealt: Some(4),
                hand_over: false,
                ..
            },
            ..
        }
    ));
    let v = g.view(Seat(0));
    assert_eq!(
        (v.countdown[0], v.hand_counts[0], v.wild_ranks[0]),
        (4, 4, Rank::new(2).unwrap())
    );
    assert_eq!(g.turn(), Some(Seat(1)));
    // Going out on 2 deals one card: a last card to declare (D-6).
    let mut g = table(3, cd.clone(), &["9S", "3H 4H", "3C 4C"], "10S", "", 0);
    g.set_scores([2, 8, 8, 8, 8, 8, 8, 8]);
    assert!(legal_json(&g, 0).contains(&r#"{"play":"9S","last":true}"#.to_string()));
    // Reaching 0 wins.
    let mut g = table(3, cd.clone(), &["9S", "3H 4H", "3C 4C"], "10S", "", 0);
    g.set_scores([1, 3, 8, 8, 8, 8, 8, 8]);
    play(&mut g, 0, "9S").unwrap();
    assert_eq!(g.status(), Status::MatchOver);
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
    assert_eq!(g.hand_score().unwrap().points, vec![0, 3, 8]);
}

#[test]
fn rule_ce_12_wild_twos_and_the_preset() {
    let cd = CrazyEightsSettings {
        countdown: true,
        ..defaults()
    };
    // Seat 0 on 2: its 2 is wild and a penalty card; seat 1 answers only with 2 of the
    // named suit; seat 2, also on 2, answers with any 2 and names a suit.
    let mut g = table(
        3,
        cd.clone(),
        &["2D 9C", "2C 2H 3C", "2S 4H 5H"],
        "9D",
        "",
        0,
    );
    g.set_scores([2, 5, 2, 8, 8, 8, 8, 8]);
    play_as(&mut g, 0, "2D", Some(Suit::Clubs), true).unwrap();
    assert_eq!(g.view(Seat(1)).pending_draw, 2);
    let l = legal_json(&g, 1);
    assert_eq!(l, [r#"{"play":"2C"}"#, r#""draw""#]);
    play(&mut g, 1, "2C").unwrap();
    let l = legal_json(&g, 2);
    assert!(
        l.contains(&r#"{"play":"2S","suit":"H"}"#.to_string()),
        "{l:?}"
    );
    // The preset: J skips, no reverse, Q♠ draws five, equal cards with only the last
    // taking effect.
    let preset = CrazyEightsSettings {
        countdown: true,
        countdown_preset: true,
        ..defaults()
    };
    let mut g = table(
        4,
        preset.clone(),
        &["JS JH AS 5C 6C", "3S", "3D", "3H"],
        "9S",
        "",
        0,
    );
    play(&mut g, 0, "JS").unwrap();
    assert_eq!(g.turn(), Some(Seat(2)), "the jack skips");
    let mut g = table(
        4,
        preset.clone(),
        &["JS JH AS 5C 6C", "3S", "3D", "3H"],
        "9S",
        "",
        0,
    );
    play(&mut g, 0, "AS").unwrap();
    assert_eq!(g.turn(), Some(Seat(1)), "no reverse");
    let mut g = table(
        4,
        preset.clone(),
        &["JS JH AS 5C 6C", "3S", "3D", "3H"],
        "9S",
        "",
        0,
    );
    play_as(&mut g, 0, "JS JH", None, false).unwrap();
    assert_eq!(g.turn(), Some(Seat(2)), "only the last jack takes effect");
    let bad = CrazyEightsSettings {
        countdown_preset: true,
        ..defaults()
    };
    assert!(CrazyEights::new(&setup(3, bad)).is_err());
}

#[test]
fn rule_d_3_answering_a_two_is_optional() {
    let mut g = table(
        4,
        defaults(),
        &["2H 3C 4C 5C 6C", "2S 3D 4D 5D 6D", "", ""],
        "9H",
        "",
        0,
    );
    play(&mut g, 0, "2H").unwrap();
    // Seat 1 holds a 2 but may take the penalty; the cards drawn are not played this turn.
    assert!(legal(&g, 1).contains(&CrazyEightsAction::Draw));
    g.apply(Seat(1), &CrazyEightsAction::Draw).unwrap();
    assert_eq!(g.turn(), Some(Seat(2)));
    assert_eq!(g.view(Seat(2)).pending_draw, 0);
}

#[test]
fn rule_d_4_a_hand_that_reaches_the_action_limit_is_blocked() {
    // Both players keep four cards or more: they play while they can and draw otherwise,
    // the discards going back into the stock, for ever.
    let mut g = table(
        2,
        defaults(),
        &["3C 4C 5C 6C 7C", "3D 4D 5D 6D 7D"],
        "10S",
        "",
        0,
    );
    let mut n = 0;
    while g.status() != Status::HandOver {
        let seat = g.turn().unwrap();
        let l = legal(&g, seat.0);
        let a = l
            .iter()
            .find(|a| {
                matches!(a, CrazyEightsAction::Play(p) if !p.last)
                    && g.view(seat).hand_counts[seat.idx()] > 4
            })
            .or(l.iter().find(|a| **a == CrazyEightsAction::Draw))
            .unwrap_or(&l[0]);
        g.apply(seat, a).unwrap();
        n += 1;
        assert!(n <= 1000);
    }
    assert_eq!(n, 1000);
    let r = g.view(Seat(0)).result.unwrap();
    assert!(r.blocked);
    assert_eq!(r.winner, None);
}

#[test]
fn actions_and_settings_have_the_documented_json_forms() {
    let cases = [
        (
            CrazyEightsAction::Play(CrazyEightsPlay::card(card("7H"))),
            r#"{"play":"7H"}"#,
        ),
        (
            CrazyEightsAction::Play(CrazyEightsPlay {
                cards: CardRun::one(card("8S")),
                suit: Some(Suit::Hearts),
                last: false,
            }),
            r#"{"play":"8S","suit":"H"}"#,
        ),
        (
            CrazyEightsAction::Play(CrazyEightsPlay {
                cards: CardRun::new(&[card("5D"), card("5H")]).unwrap(),
                suit: None,
                last: true,
            }),
            r#"{"play":["5D","5H"],"last":true}"#,
        ),
        (CrazyEightsAction::Draw, r#""draw""#),
        (CrazyEightsAction::Pass, r#""pass""#),
        (CrazyEightsAction::Suit(Suit::Diamonds), r#"{"suit":"D"}"#),
    ];
    let refused = [r#""take""#, r#"{"play":"7H","x":1}"#, r#"{"last":true}"#];
    testing::json_forms(cases, &refused);
    let s: CrazyEightsSettings =
        serde_json::from_str(r#"{"countdown":true,"wild_rank":"J","eight_power":"no_suit"}"#)
            .unwrap();
    assert!(s.countdown && s.wild_rank == WildRank::Jack && s.eight_power == EightPower::NoSuit);
    assert!(s.queen_skips && s.last_card);
    assert!(serde_json::from_str::<CrazyEightsSettings>(r#"{"countdwn":true}"#).is_err());
}

// ---- property tests (ARCHITECTURE.md, run by crate::testkit) ----

fn random_settings(r: &mut Rng) -> CrazyEightsSettings {
    let mut b = || r.below(2) == 1;
    let mut s = CrazyEightsSettings {
        eight_cards_each: b(),
        draw_only_when_unable: b(),
        play_drawn_card: b(),
        queen_skips: b(),
        ace_reverses: b(),
        two_draws: b(),
        last_card: b(),
        reshuffle: b(),
        target: 100,
        equal_cards: b(),
        queen_of_spades_draws_five: b(),
        jack_skips_four_reverses: b(),
        countdown: b(),
        ..CrazyEightsSettings::default()
    };
    s.countdown_preset = s.countdown && b();
    s.wild_rank = [
        WildRank::Eight,
        WildRank::Jack,
        WildRank::Ace,
        WildRank::Seven,
    ][r.below(4) as usize];
    s.eight_power = [
        EightPower::Wild,
        EightPower::OwnSuit,
        EightPower::NoSuit,
        EightPower::SuitOnMatch,
    ][r.below(4) as usize];
    s.target = [100, 200, 500][r.below(3) as usize];
    s
}

/// Crazy Eights in the property tests both shedding games run
/// ([`testing::shedding_properties`]).
impl Properties for CrazyEights {
    const MOST: u8 = 8;
    const SALT: u64 = 0xC8A2_1E15;
    const STEPS: u32 = 200_000;
    const RULES_HANDS: RulesHands = RulesHands {
        legal: 2,
        pick: 3,
        step: Some(3),
        cards: 6,
        views: 2,
        replay: 6,
    };
    /// CE-4 (setting "a drawn card that fits may be played at once").
    const DRAW_RULE: &'static str = "CE-4";
    const SHOWS_DRAWN: bool = true;

    fn random_settings(r: &mut Rng) -> CrazyEightsSettings {
        random_settings(r)
    }

    /// Besides the legal actions: plays of random cards (a pair one time in four) with
    /// random suits and flags, and each play with another suit named or the flag flipped.
    fn candidate_actions(g: &CrazyEights, r: &mut Rng) -> Vec<CrazyEightsAction> {
        let play = |r: &mut Rng| {
            let c = Card::from_index(r.below(52) as u8).unwrap();
            let suit = [None, Some(Suit::Clubs), Some(Suit::Spades)][r.below(3) as usize];
            let cards = if r.below(4) == 0 {
                let c2 = Card::new(Suit::from_index(r.below(4) as u8).unwrap(), c.rank());
                CardRun::new(&[c2, c]).unwrap()
            } else {
                CardRun::one(c)
            };
            CrazyEightsAction::Play(CrazyEightsPlay {
                cards,
                suit,
                last: r.below(2) == 1,
            })
        };
        testing::candidates(g, r, 12, play, |a, v| {
            if let CrazyEightsAction::Play(p) = a {
                let with =
                    |last, suit| CrazyEightsAction::Play(CrazyEightsPlay { last, suit, ..p });
                v.extend(testing::varied(p.last, p.suit, with));
            }
        })
    }

    fn drew(e: &CrazyEightsEvent) -> Option<(bool, bool)> {
        match *e {
            CrazyEightsEvent::Drew {
                penalty, may_play, ..
            } => Some((penalty, may_play)),
            _ => None,
        }
    }

    fn played(e: &CrazyEightsEvent) -> Option<CardSet> {
        match e {
            CrazyEightsEvent::Played { cards, .. } => Some(
                cards
                    .as_slice()
                    .iter()
                    .fold(CardSet::EMPTY, |u, c| u.or(c.bit())),
            ),
            _ => None,
        }
    }
}

testing::shedding_properties!(CrazyEights, rules: 120, views: 150, rebuilt: 16);

#[test]
fn random_games_with_every_player_count_end_and_two_decks_are_used() {
    for n in 2..=8u8 {
        for seed in 0..20 {
            let mut g = CrazyEights::new(&Setup {
                players: n,
                settings: CrazyEightsSettings::default(),
                deal: Deal::seeded(seed),
            })
            .unwrap();
            assert_eq!(g.all_cards().len(), if n >= 6 { 104 } else { 52 });
            let mut r = Rng::new(seed);
            let mut scratch = Vec::new();
            let mut steps = 0;
            while let Status::Acting(s) = g.status() {
                let seat = s.first().unwrap();
                let a = g.random_action(seat, &mut r, &mut scratch).unwrap();
                g.apply(seat, &a).unwrap();
                steps += 1;
                assert!(steps <= 1001);
            }
        }
    }
}

#[test]
fn rule_d_6_the_declaration_is_part_of_the_play_and_the_penalty_comes_as_the_turn_ends() {
    // Two players: a queen leaves one card undeclared; the turn ends (the queen then gives
    // another one): two penalty cards first.
    let mut g = table(2, defaults(), &["QH 9H", "3C 4C"], "5H", "", 0);
    let e = play(&mut g, 0, "QH").unwrap();
    assert!(matches!(
        e,
        CrazyEightsEvent::Played {
            then: CrazyEightsAfter {
                last_card_penalty: Some((Seat(0), 2)),
                ..
            },
            ..
        }
    ));
    assert_eq!(
        (g.turn(), g.view(Seat(0)).hand_counts[0]),
        (Some(Seat(0)), 3)
    );
    // Declared: no penalty, and the last card goes out.
    let mut g = table(2, defaults(), &["QH 9H", "3C 4C"], "5H", "", 0);
    play_as(&mut g, 0, "QH", None, true).unwrap();
    assert_eq!(g.view(Seat(1)).declared, SeatSet::only(Seat(0)));
    play(&mut g, 0, "9H").unwrap();
    assert_eq!(g.status(), Status::HandOver);
    // Receiving cards ends the declared state.
    let mut g = table(3, defaults(), &["9H 3S", "3C 4C", "2H 4D 5D"], "5H", "", 0);
    play_as(&mut g, 0, "9H", None, true).unwrap();
    g.apply(Seat(1), &CrazyEightsAction::Draw).unwrap();
    assert_eq!(g.view(Seat(2)).declared, SeatSet::only(Seat(0)));
    play(&mut g, 2, "2H").unwrap();
    g.apply(Seat(0), &CrazyEightsAction::Draw).unwrap();
    assert_eq!(g.view(Seat(2)).declared, SeatSet::default());
    assert_eq!(g.view(Seat(2)).hand_counts[0], 3);
}

/// CE-2 / CE-11: the random pick counts the playable wild cards (four plays each, one per
/// suit named) by one multiplication; it must count as `CardSet::len` for every wild rank
/// and every subset of that rank's cards.
#[test]
fn wild_cards_are_counted_as_the_set_length() {
    use super::state::Rules;
    use super::view::Facts;
    let rules = Rules::new(&CrazyEightsSettings::default());
    for r in (0..13).filter_map(Rank::new) {
        let cards: Vec<Card> = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades]
            .iter()
            .map(|&s| Card::new(s, r))
            .collect();
        for subset in 0..16u32 {
            let set: CardSet = cards
                .iter()
                .enumerate()
                .filter(|(i, _)| subset & 1 << i != 0)
                .map(|(_, &c)| c)
                .collect();
            let facts = Facts {
                rules: &rules,
                phase: CrazyEightsPhase::Playing,
                turn: Seat(0),
                seat: Seat(0),
                hand: CardBag::from_set(set),
                size: set.len(),
                score: 8,
                wild: r,
                pending: 0,
                named: None,
                top: Card::new(Suit::Clubs, Rank::TWO),
                top_wild: false,
                drawn: None,
                can_draw: true,
            };
            assert_eq!(
                facts.count_wild(set),
                set.len(),
                "rank {r:?}, cards {set:?}"
            );
        }
    }
}

/// CE-4, C-5 (issue 23): a watcher never sees a hand, nor the drawn card (CE-4: the card a player just drew and may play at once),
/// only how many cards each seat holds and the top card.
#[test]
fn rule_ce_4_c_5_a_watcher_sees_no_hand_and_no_drawn_card() {
    for players in [2, 4] {
        let setup = Setup {
            players,
            settings: CrazyEightsSettings {
                play_drawn_card: true,
                draw_only_when_unable: true,
                ..CrazyEightsSettings::default()
            },
            deal: Deal::seeded(23),
        };
        let mut g = CrazyEights::new(&setup).unwrap();
        let mut drawn = false;
        testkit::walk(&mut g, 3_000, |g| {
            let w = g.watch_view();
            let seat0 = g.view(Seat(0));
            assert!(w.hand.is_empty() && w.drawn.is_none());
            assert_eq!(
                (w.top, w.hand_counts.clone(), w.stock, w.to_act),
                (seat0.top, seat0.hand_counts, seat0.stock, seat0.to_act)
            );
            if matches!(g.status(), Status::Acting(_)) {
                let named = testkit::cards_named(&w);
                for s in 0..players {
                    let v = g.view(Seat(s));
                    drawn |= v.drawn.is_some();
                    let own = testkit::cards_named(&v.hand).or(testkit::cards_named(&v.drawn));
                    // A card of the seat's own may be public otherwise (played, shown face up).
                    let mut others = CardSet(u64::MAX);
                    for t in (0..players).filter(|&t| t != s) {
                        others = others.and(testkit::cards_named(&g.view(Seat(t))));
                    }
                    let seen = named.and(own).minus(others);
                    assert!(seen.is_empty(), "seat {s}'s {seen:?} in {w:?}");
                }
            }
        });
        assert!(drawn, "{players}p: no drawn card was seen");
    }
}
