//! Haft Khabis: a scenario per rule (named by its ID) and the property tests of
//! ARCHITECTURE.md, with one and two decks.

use super::*;
use crate::card::{Card, CardBag, CardSet, Suit};
use crate::game::{Deal, Game, RuleError, Setup, SetupError, Status};
use crate::games::shedding::testing::{
    self, bag, card, deck_for, legal, legal_json, setup, table, Arrange, Properties, RulesHands,
    Scenarios,
};
use crate::games::shedding::Direction;
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
use crate::table::Public;
use crate::testkit::{self, Inspect};
use proptest::prelude::*;

/// The scenarios' positions: a game of `n` players, the last seat dealing and seat 0
/// leading (deal seed 5).
impl Scenarios for HaftKhabisSettings {
    type Game = HaftKhabis;
    const SEED: u64 = 5;
}

fn defaults() -> HaftKhabisSettings {
    HaftKhabisSettings::default()
}

const H3: [&str; 3] = [
    "2C 3C 4C 5C 6C 9C QC",
    "2D 3D 4D 5D 6D 9D QD",
    "2H 3H 4H 5H 6H 9H QH",
];

fn dealt(settings: HaftKhabisSettings, start: &str) -> HaftKhabis {
    let mut s = setup(3, settings);
    s.deal.decks = vec![deck_for(1, &H3, start, "")];
    HaftKhabis::new(&s).unwrap()
}

fn act(
    g: &mut HaftKhabis,
    seat: u8,
    a: HaftKhabisAction,
) -> Result<HaftKhabisEvent, HaftKhabisError> {
    g.apply(Seat(seat), &a)
}

fn play(g: &mut HaftKhabis, seat: u8, c: &str) -> Result<HaftKhabisEvent, HaftKhabisError> {
    act(
        g,
        seat,
        HaftKhabisAction::Play(HaftKhabisPlay::card(card(c))),
    )
}

fn play_with(
    g: &mut HaftKhabis,
    seat: u8,
    c: &str,
    f: impl FnOnce(&mut HaftKhabisPlay),
) -> Result<HaftKhabisEvent, HaftKhabisError> {
    let mut p = HaftKhabisPlay::card(card(c));
    f(&mut p);
    act(g, seat, HaftKhabisAction::Play(p))
}

const DRAW: HaftKhabisAction = HaftKhabisAction::Draw { last: false };
const PASS: HaftKhabisAction = HaftKhabisAction::Pass;

fn counts(g: &HaftKhabis) -> Vec<u8> {
    g.view(Seat(0)).hand_counts
}

#[test]
fn rule_hx_1_players_decks_deal_and_the_leader() {
    for n in 2..=7u8 {
        let g = HaftKhabis::new(&setup(n, defaults())).unwrap();
        let v = g.view(Seat(0));
        let decks = if n > 5 { 2 } else { 1 };
        assert_eq!(v.decks, decks, "{n} players");
        assert_eq!(v.hand_counts, vec![7; n as usize]);
        assert_eq!(v.stock as u32 + 7 * n as u32 + 1, 52 * decks as u32);
        assert_eq!(v.discards, 1);
        assert_eq!((v.dealer, v.leader), (Seat(n - 1), Seat(0)));
        // HX-16: a 10 turned up reverses the direction after the leader's play.
        let ten = v.top.is_some_and(|c| c.rank() == crate::card::Rank::TEN);
        assert_eq!(v.direction == Direction::Clockwise, !ten);
    }
    for n in [1, 8] {
        assert!(matches!(
            HaftKhabis::new(&setup(n, defaults())),
            Err(SetupError::Players { .. })
        ));
    }
    for bad in [
        HaftKhabisSettings {
            cap: 75,
            ..defaults()
        },
        HaftKhabisSettings {
            cap: 1050,
            ..defaults()
        },
        HaftKhabisSettings {
            hands: 0,
            ..defaults()
        },
        HaftKhabisSettings {
            hands: 21,
            ..defaults()
        },
    ] {
        assert!(matches!(
            HaftKhabis::new(&setup(3, bad)),
            Err(SetupError::BadSetting(_))
        ));
    }
    // The explicit deal: seat 0 receives the first card, the next card starts the pile.
    let g = dealt(defaults(), "KC");
    assert_eq!(g.view(Seat(0)).hand, bag(H3[0]));
    assert_eq!(g.view(Seat(2)).top, Some(card("KC")));
}

#[test]
fn rule_hx_2_match_rank_or_suit_else_draw_and_play_a_fitting_card_at_once() {
    let hands = ["9S 9C KD", "3H 4H", "3C 4C"];
    let mut g = table(3, defaults(), &hands, "5S", "", 0);
    assert_eq!(legal_json(&g, 0), [r#"{"play":"9S"}"#]);
    assert_eq!(play(&mut g, 0, "KD").unwrap_err().code(), "does_not_match");
    assert_eq!(act(&mut g, 0, DRAW).unwrap_err().code(), "must_play");
    // Unable to play: draw; a card that fits is played at once.
    let mut g = table(
        3,
        defaults(),
        &["KD 2C", "3H 4H", "3C 4C"],
        "5S",
        "6S 7D",
        0,
    );
    assert_eq!(legal_json(&g, 0), [r#""draw""#]);
    let e = act(&mut g, 0, DRAW).unwrap();
    assert!(matches!(
        e,
        HaftKhabisEvent::Drew {
            fits: true,
            count: 1,
            ..
        }
    ));
    assert_eq!(g.mode(), TurnMode::Drawn);
    assert_eq!(g.view(Seat(0)).drawn, Some(card("6S")));
    assert_eq!(g.view(Seat(1)).drawn, None);
    assert_eq!(legal_json(&g, 0), [r#"{"play":"6S"}"#]);
    assert_eq!(
        play(&mut g, 0, "KD").unwrap_err().code(),
        "only_the_drawn_card"
    );
    play(&mut g, 0, "6S").unwrap();
    assert_eq!(g.turn(), Some(Seat(1)));
    // A card that does not fit is kept and the turn passes.
    let mut g = table(3, defaults(), &["KD 2C", "3H 4H", "3C 4C"], "5S", "7D", 0);
    let e = act(&mut g, 0, DRAW).unwrap();
    assert!(matches!(e, HaftKhabisEvent::Drew { fits: false, .. }));
    assert_eq!(g.turn(), Some(Seat(1)));
    // Setting: a drawn card that fits may be kept.
    let keep = HaftKhabisSettings {
        keep_drawn_card: true,
        ..defaults()
    };
    let mut g = table(3, keep, &["KD 2C", "3H 4H", "3C 4C"], "5S", "6S", 0);
    act(&mut g, 0, DRAW).unwrap();
    assert_eq!(legal_json(&g, 0), [r#"{"play":"6S"}"#, r#""pass""#]);
    act(&mut g, 0, PASS).unwrap();
    assert_eq!((g.turn(), counts(&g)[0]), (Some(Seat(1)), 3));
}

#[test]
fn rule_hx_3_ten_reverses() {
    let mut g = table(
        4,
        defaults(),
        &["10S 3C", "3H 4H", "3D 4D", "9S 4S"],
        "5S",
        "",
        0,
    );
    play(&mut g, 0, "10S").unwrap();
    assert_eq!(g.turn(), Some(Seat(3)));
    assert_eq!(g.view(Seat(0)).direction, Direction::Counterclockwise);
    play(&mut g, 3, "9S").unwrap();
    assert_eq!(g.turn(), Some(Seat(2)));
}

#[test]
fn rule_hx_4_two_names_a_player_who_draws_or_receives_a_card() {
    let hands = ["2S 3C 9D", "3H 4H", "3D 4D"];
    let mut g = table(3, defaults(), &hands, "5S", "KH", 0);
    let l = legal_json(&g, 0);
    assert_eq!(
        l,
        [r#"{"play":"2S","target":1}"#, r#"{"play":"2S","target":2}"#]
    );
    assert_eq!(play(&mut g, 0, "2S").unwrap_err().code(), "target");
    assert_eq!(
        play_with(&mut g, 0, "2S", |p| p.target = Some(Seat(0)))
            .unwrap_err()
            .rule(),
        "HX-4"
    );
    let e = play_with(&mut g, 0, "2S", |p| p.target = Some(Seat(2))).unwrap();
    assert!(matches!(
        e,
        HaftKhabisEvent::Played {
            then: HaftKhabisAfter {
                penalty_card: Some(Seat(2)),
                ..
            },
            ..
        }
    ));
    assert_eq!(counts(&g), vec![2, 2, 3]);
    assert!(g.view(Seat(2)).hand.contains(card("KH")));
    assert_eq!(g.turn(), Some(Seat(1)));
    // Setting: give one of your own cards (only the two see it).
    let give = HaftKhabisSettings {
        two: TwoRule::GiveCard,
        ..defaults()
    };
    let mut g = table(
        3,
        give.clone(),
        &["2S 3C 9D QD", "3H 4H", "3D 4D"],
        "5S",
        "",
        0,
    );
    let l = legal_json(&g, 0);
    assert_eq!(l.len(), 6, "{l:?}");
    assert!(l.contains(&r#"{"play":"2S","target":1,"give":"QD"}"#.to_string()));
    assert_eq!(
        play_with(&mut g, 0, "2S", |p| p.target = Some(Seat(1)))
            .unwrap_err()
            .code(),
        "target"
    );
    let e = play_with(&mut g, 0, "2S", |p| {
        p.target = Some(Seat(1));
        p.give = Some(card("QD"));
    })
    .unwrap();
    assert!(matches!(e, HaftKhabisEvent::Played { gave: true, .. }));
    assert_eq!(g.view(Seat(1)).hand, bag("3H 4H QD"));
    assert_eq!(g.view(Seat(0)).hand, bag("3C 9D"));
    // Never the last card: with one card left the named player draws from the stock, and
    // that card is the one to declare (HX-9).
    let mut g = table(3, give, &["2S 3C", "3H 4H", "3D 4D"], "5S", "KH", 0);
    assert_eq!(
        legal_json(&g, 0),
        [
            r#"{"play":"2S","target":1}"#,
            r#"{"play":"2S","target":1,"last":true}"#,
            r#"{"play":"2S","target":2}"#,
            r#"{"play":"2S","target":2,"last":true}"#,
        ]
    );
    play_with(&mut g, 0, "2S", |p| {
        p.target = Some(Seat(1));
        p.last = true;
    })
    .unwrap();
    assert!(g.view(Seat(1)).hand.contains(card("KH")));
    // Setting: the two has no effect.
    let none = HaftKhabisSettings {
        two: TwoRule::NoEffect,
        ..defaults()
    };
    let g = table(3, none, &hands, "5S", "", 0);
    assert_eq!(legal_json(&g, 0), [r#"{"play":"2S"}"#]);
}

#[test]
fn rule_hx_5_sevens_stack_by_two_or_double_and_drawing_ends_the_chain() {
    let hands = ["7S 3C 4C", "7H 3H 4H", "7D JD 4D", "3S 5S 6S"];
    for (stacking, after_three) in [(SevenStacking::Add, 6), (SevenStacking::Double, 8)] {
        let s = HaftKhabisSettings {
            seven_stacking: stacking,
            ..defaults()
        };
        let mut g = table(4, s, &hands, "9S", "", 0);
        play(&mut g, 0, "7S").unwrap();
        assert_eq!(g.view(Seat(1)).pending_draw, 2);
        play(&mut g, 1, "7H").unwrap();
        assert_eq!(g.view(Seat(2)).pending_draw, 4);
        // HX-8: a jack may not be played on a pending seven.
        assert_eq!(legal_json(&g, 2), [r#"{"play":"7D"}"#, r#""draw""#]);
        assert_eq!(
            play_with(&mut g, 2, "JD", |p| p.suit = Some(Suit::Clubs))
                .unwrap_err()
                .code(),
            "must_answer_seven"
        );
        play(&mut g, 2, "7D").unwrap();
        let v = g.view(Seat(3));
        assert_eq!((v.pending_draw, v.sevens), (after_three, 3));
        let e = act(&mut g, 3, DRAW).unwrap();
        assert!(matches!(e, HaftKhabisEvent::Drew { penalty: true, .. }));
        assert_eq!(counts(&g)[3], 3 + after_three);
        // The seven is now an ordinary card.
        let v = g.view(Seat(0));
        assert_eq!((g.turn(), v.pending_draw, v.sevens), (Some(Seat(0)), 0, 0));
    }
}

#[test]
fn rule_hx_6_an_eight_asks_for_another_card() {
    let mut g = table(
        3,
        defaults(),
        &["8S 8C 9C 3H", "3D 4D", "3S 4S"],
        "5S",
        "KH",
        0,
    );
    play(&mut g, 0, "8S").unwrap();
    assert_eq!((g.turn(), g.mode()), (Some(Seat(0)), TurnMode::Extra));
    play(&mut g, 0, "8C").unwrap();
    assert_eq!((g.turn(), g.mode()), (Some(Seat(0)), TurnMode::Extra));
    play(&mut g, 0, "9C").unwrap();
    assert_eq!(g.turn(), Some(Seat(1)));
    // Unable to play after an 8: draw as in HX-2.
    let mut g = table(
        3,
        defaults(),
        &["8S 3H 4H", "3D 4D", "3S 4S"],
        "5S",
        "KH",
        0,
    );
    play(&mut g, 0, "8S").unwrap();
    assert_eq!(legal_json(&g, 0), [r#""draw""#]);
    act(&mut g, 0, DRAW).unwrap();
    assert_eq!(g.turn(), Some(Seat(1)));
    // Setting: the extra card may be forgone.
    let forgo = HaftKhabisSettings {
        forgo_eight: true,
        ..defaults()
    };
    let mut g = table(3, forgo, &["8S 9S 4H", "3D 4D", "3S 4S"], "5S", "", 0);
    play(&mut g, 0, "8S").unwrap();
    assert!(legal(&g, 0).contains(&PASS));
    act(&mut g, 0, PASS).unwrap();
    assert_eq!((g.turn(), counts(&g)[0]), (Some(Seat(1)), 2));
}

#[test]
fn rule_hx_7_aces_skip_and_chain_and_work_like_eights_with_two_players() {
    let hands = ["AS 3C 4C", "AH 3H 4H", "3D 4D 5D", "3S 5S 6S"];
    let mut g = table(4, defaults(), &hands, "9S", "", 0);
    play(&mut g, 0, "AS").unwrap();
    // Subsidiary rule 4: the skipped player may answer with an ace.
    assert_eq!((g.turn(), g.mode()), (Some(Seat(1)), TurnMode::AceAnswer));
    assert_eq!(legal_json(&g, 1), [r#"{"play":"AH"}"#, r#""pass""#]);
    assert_eq!(play(&mut g, 1, "3H").unwrap_err().code(), "must_answer_ace");
    play(&mut g, 1, "AH").unwrap();
    assert_eq!((g.turn(), g.mode()), (Some(Seat(2)), TurnMode::AceAnswer));
    assert_eq!(legal_json(&g, 2), [r#""pass""#]);
    act(&mut g, 2, PASS).unwrap();
    assert_eq!((g.turn(), g.mode()), (Some(Seat(3)), TurnMode::Normal));
    // Without rule 4 the next player is skipped at once.
    let off = HaftKhabisSettings {
        ace_answer: false,
        ..defaults()
    };
    let mut g = table(4, off, &hands, "9S", "", 0);
    play(&mut g, 0, "AS").unwrap();
    assert_eq!((g.turn(), g.mode()), (Some(Seat(2)), TurnMode::Normal));
    // Two players: the ace gives another turn, like an 8.
    let mut g = table(2, defaults(), &["AS 3S 4C", "AH 3H"], "9S", "", 0);
    play(&mut g, 0, "AS").unwrap();
    assert_eq!((g.turn(), g.mode()), (Some(Seat(0)), TurnMode::Extra));
    // …so an ace and one more must be declared (HX-9).
    let g = table(2, defaults(), &["AS 3S 4C", "AH 3H"], "9S", "", 0);
    assert!(legal_json(&g, 0).contains(&r#"{"play":"3S","last":true}"#.to_string()));
}

#[test]
fn rule_hx_8_jacks_are_wild_and_name_the_suit() {
    let mut g = table(
        3,
        defaults(),
        &["JD 3C 4C", "3H 4H JS", "3D 4D 5D"],
        "9S",
        "",
        0,
    );
    let l = legal_json(&g, 0);
    assert_eq!(l.len(), 4, "a jack on anything, four suits: {l:?}");
    assert_eq!(play(&mut g, 0, "JD").unwrap_err().code(), "suit_naming");
    assert_eq!(
        play_with(&mut g, 0, "3C", |p| p.suit = Some(Suit::Clubs))
            .unwrap_err()
            .code(),
        "does_not_match"
    );
    play_with(&mut g, 0, "JD", |p| p.suit = Some(Suit::Hearts)).unwrap();
    assert_eq!(g.view(Seat(1)).named_suit, Some(Suit::Hearts));
    // The named suit or another jack; the jack's own suit does not count.
    let l = legal_json(&g, 1);
    assert_eq!(l.len(), 6, "{l:?}");
    play(&mut g, 1, "3H").unwrap();
    assert_eq!(g.view(Seat(2)).named_suit, None);
    assert_eq!(play(&mut g, 2, "4D").unwrap_err().code(), "does_not_match");
}

#[test]
fn rule_hx_9_a_last_card_must_be_declared_or_costs_one_card() {
    let mut g = table(
        3,
        defaults(),
        &["9S 3C", "3H 4H 5H", "3D 4D 5D"],
        "5S",
        "KH",
        0,
    );
    assert_eq!(
        legal_json(&g, 0),
        [r#"{"play":"9S"}"#, r#"{"play":"9S","last":true}"#]
    );
    play(&mut g, 0, "9S").unwrap();
    // D-6: the penalty is drawn as the turn passes.
    assert_eq!(counts(&g), vec![2, 3, 3]);
    assert!(g.view(Seat(0)).hand.contains(card("KH")));
    let mut g = table(
        3,
        defaults(),
        &["9S 3C", "3H 4H 5H", "3D 4D 5D"],
        "5S",
        "KH",
        0,
    );
    play_with(&mut g, 0, "9S", |p| p.last = true).unwrap();
    assert_eq!(counts(&g), vec![1, 3, 3]);
    assert_eq!(g.view(Seat(2)).declared, SeatSet::only(Seat(0)));
    // The seed's later note: an 8 and one more must be declared too.
    let g = table(3, defaults(), &["9S 8C 3H", "5H 4H", "3D 4D"], "5S", "", 0);
    assert!(legal_json(&g, 0).contains(&r#"{"play":"9S","last":true}"#.to_string()));
    let mut g = table(3, defaults(), &["9S 8C 3H", "5H 4H", "3D 4D"], "5S", "", 0);
    assert_eq!(
        play_with(&mut g, 0, "3H", |p| p.last = true)
            .unwrap_err()
            .code(),
        "does_not_match"
    );
    let mut g = table(
        3,
        defaults(),
        &["9S 8C 3H 4D", "5H 4H", "3D 5D"],
        "5S",
        "",
        0,
    );
    assert_eq!(
        play_with(&mut g, 0, "9S", |p| p.last = true)
            .unwrap_err()
            .code(),
        "nothing_to_declare"
    );
    // Undeclared but out before the next player: no penalty (8 then its extra card).
    let mut g = table(3, defaults(), &["8S 9S", "3H 4H", "3D 4D"], "5S", "", 0);
    play(&mut g, 0, "8S").unwrap();
    play(&mut g, 0, "9S").unwrap();
    assert_eq!(g.status(), Status::HandOver);
    assert_eq!(g.hand_score().unwrap().winners, vec![0]);
}

#[test]
fn rule_hx_10_rule_2_a_hand_cannot_end_on_an_eight() {
    let mut g = table(3, defaults(), &["8S", "3H 4H", "3D 4D"], "5S", "9S KH", 0);
    play(&mut g, 0, "8S").unwrap();
    assert_eq!(
        (g.turn(), g.mode(), counts(&g)[0]),
        (Some(Seat(0)), TurnMode::Extra, 0)
    );
    // The owed card is drawn (a draw that leaves one card is declared, D-6) and played
    // if it fits: the hand ends.
    assert_eq!(
        legal_json(&g, 0),
        [r#""draw""#, r#"{"draw":true,"last":true}"#]
    );
    act(&mut g, 0, HaftKhabisAction::Draw { last: true }).unwrap();
    assert_eq!(legal_json(&g, 0), [r#"{"play":"9S"}"#]);
    play(&mut g, 0, "9S").unwrap();
    assert_eq!(g.status(), Status::HandOver);
    // A drawn card that does not fit is kept and play goes on.
    let mut g = table(3, defaults(), &["8S", "3H 4H", "3D 4D"], "5S", "KH", 0);
    play(&mut g, 0, "8S").unwrap();
    act(&mut g, 0, HaftKhabisAction::Draw { last: true }).unwrap();
    assert_eq!((g.turn(), counts(&g)[0]), (Some(Seat(1)), 1));
    // With the rule off the 8 ends the hand.
    let off = HaftKhabisSettings {
        no_finish_on_eight: false,
        ..defaults()
    };
    let mut g = table(3, off, &["8S", "3H 4H", "3D 4D"], "5S", "", 0);
    play(&mut g, 0, "8S").unwrap();
    assert_eq!(g.status(), Status::HandOver);
    // Any other special card finishing a hand has no effect.
    let mut g = table(3, defaults(), &["2S", "3H 4H", "3D 4D"], "5S", "", 0);
    assert_eq!(legal_json(&g, 0), [r#"{"play":"2S"}"#]);
    play(&mut g, 0, "2S").unwrap();
    assert_eq!(g.status(), Status::HandOver);
}

#[test]
fn rule_hx_10_rule_3_shrapnel_a_hand_ending_on_a_seven_goes_on_while_the_chain_runs() {
    // Seat 0 goes out on a 7; seats 1 and 2 add sevens; seat 3 draws the whole penalty:
    // seat 0 wins.
    let hands = ["7S", "7H 4H", "7D 4D", "3S 5C"];
    let mut g = table(4, defaults(), &hands, "9S", "", 0);
    let e = play(&mut g, 0, "7S").unwrap();
    assert!(matches!(
        e,
        HaftKhabisEvent::Played {
            emptied: true,
            then: HaftKhabisAfter {
                hand_over: false,
                ..
            },
            ..
        }
    ));
    assert_eq!(g.view(Seat(1)).emptied, vec![Seat(0)]);
    play(&mut g, 1, "7H").unwrap();
    play(&mut g, 2, "7D").unwrap();
    let e = act(&mut g, 3, DRAW).unwrap();
    assert!(matches!(
        e,
        HaftKhabisEvent::Drew {
            count: 6,
            then: HaftKhabisAfter {
                finished: Some(Seat(0)),
                hand_over: true,
                ..
            },
            ..
        }
    ));
    assert_eq!(g.hand_score().unwrap().winners, vec![0]);
    // The chain comes round: the player who went out draws and the hand goes on.
    let hands = ["7S", "7H 4H", "7D 4D"];
    let mut g = table(3, defaults(), &hands, "9S", "", 0);
    play(&mut g, 0, "7S").unwrap();
    play_with(&mut g, 1, "7H", |p| p.last = true).unwrap();
    play_with(&mut g, 2, "7D", |p| p.last = true).unwrap();
    assert_eq!(g.turn(), Some(Seat(0)));
    assert_eq!(legal_json(&g, 0), [r#""draw""#]);
    let e = act(&mut g, 0, DRAW).unwrap();
    assert!(matches!(
        e,
        HaftKhabisEvent::Drew {
            count: 6,
            then: HaftKhabisAfter {
                hand_over: false,
                ..
            },
            ..
        }
    ));
    assert_eq!(counts(&g), vec![6, 1, 1]);
    assert_eq!(g.turn(), Some(Seat(1)));
    // Two players go out in one chain: the earliest whose hand is still empty wins.
    let hands = ["7S", "7H", "4D 5D", "3S 5C"];
    let mut g = table(4, defaults(), &hands, "9S", "", 0);
    play(&mut g, 0, "7S").unwrap();
    play(&mut g, 1, "7H").unwrap();
    act(&mut g, 2, DRAW).unwrap();
    assert_eq!(g.hand_score().unwrap().winners, vec![0]);
    // With the rule off a seven finishing the hand has no effect.
    let off = HaftKhabisSettings {
        shrapnel: false,
        ..defaults()
    };
    let mut g = table(3, off, &["7S", "7H 4H", "7D 4D"], "9S", "", 0);
    play(&mut g, 0, "7S").unwrap();
    assert_eq!(g.status(), Status::HandOver);
    assert_eq!(g.hand_score().unwrap().winners, vec![0]);
}

#[test]
fn rule_hx_11_the_first_out_wins_and_leads_the_next_hand() {
    let mut g = table(
        4,
        defaults(),
        &["9S", "3H 4H", "3D 4D", "3C 4C"],
        "5S",
        "",
        2,
    );
    play(&mut g, 2, "3D").unwrap_err();
    let mut g = table(
        4,
        defaults(),
        &["3H 4H", "3D 4D", "9S", "3C 4C"],
        "5S",
        "",
        2,
    );
    play(&mut g, 2, "9S").unwrap();
    assert_eq!(g.status(), Status::HandOver);
    g.next_hand().unwrap();
    let v = g.view(Seat(0));
    assert_eq!(
        (v.leader, v.dealer, g.turn()),
        (Seat(2), Seat(1), Some(Seat(2)))
    );
    assert_eq!(v.hand_number, 2);
    assert_eq!(v.direction, Direction::Clockwise, "D-2");
}

#[test]
fn rule_hx_12_penalty_points_sevens_replaced_and_jacks_double() {
    assert_eq!(
        penalty_points(bag("2C 10D QH KS AC")),
        2 + 10 + 12 + 13 + 11
    );
    assert_eq!(penalty_points(bag("JC")), 20, "a lone jack");
    assert_eq!(penalty_points(bag("JC 5D")), 30);
    assert_eq!(penalty_points(bag("JC JD 5D")), 100);
    assert_eq!(
        [
            jack_factor(bag("5D")),
            jack_factor(bag("JC 5D")),
            jack_factor(bag("JC JD 5D"))
        ],
        [1, 2, 4],
        "each jack doubles"
    );
    assert_eq!(
        penalty_points(bag("7C")),
        7,
        "a seven that could not be replaced"
    );
    // A seven in a loser's hand is set aside and replaced by two cards from the stock
    // (a drawn seven again); losers draw in turn order from the winner.
    let mut g = table(
        3,
        defaults(),
        &["9S", "7H 4H", "7D 4D"],
        "5S",
        "7C 2C KC 3C 5C",
        0,
    );
    play(&mut g, 0, "9S").unwrap();
    let r = g.view(Seat(0)).result.unwrap();
    assert_eq!(r.hands[1], bag("4H 2C KC 3C"));
    assert_eq!(r.sevens_replaced, vec![0, 2, 1]);
    // Seat 2 draws 5C and the next card, 4C.
    assert_eq!(r.points, vec![0, 4 + 2 + 13 + 3, 4 + 5 + 4]);
    assert_eq!(r.hands[2].len(), 3);
    assert_eq!(g.totals(), r.points);
    // The winner's last plays were two jacks: everyone's penalty times three (sobl).
    let mut g = table(
        3,
        defaults(),
        &["JS JH", "3H 4H", "KD QD"],
        "5S",
        "5D 6D",
        0,
    );
    play_with(&mut g, 0, "JS", |p| {
        p.suit = Some(Suit::Clubs);
        p.last = true;
    })
    .unwrap();
    act(&mut g, 1, DRAW).unwrap();
    act(&mut g, 2, DRAW).unwrap();
    play(&mut g, 0, "JH").unwrap();
    let r = g.view(Seat(0)).result.unwrap();
    assert_eq!(r.multiplier, 3);
    assert_eq!(r.points, vec![0, (3 + 4 + 5) * 3, (13 + 12 + 6) * 3]);
}

/// Seat `seat` goes out at once; every other seat still in the game holds 7 points
/// (3 and 4 of a suit).
fn finish_hand_by(g: &mut HaftKhabis, seat: u8) {
    let n = g.players() as usize;
    let active = g.view(Seat(0)).active;
    let losers = [
        "3H 4H", "3D 4D", "3C 4C", "3S 4S", "5H 2H", "5D 2D", "5C 2C",
    ];
    let mut hands: Vec<&str> = (0..n)
        .map(|s| {
            if active.contains(Seat(s as u8)) {
                losers[s]
            } else {
                ""
            }
        })
        .collect();
    hands[seat as usize] = "9S";
    let hs: Vec<&str> = hands.to_vec();
    g.arrange(&hs, "5S", "", seat);
    play(g, seat, "9S").unwrap();
}

#[test]
fn rule_hx_13_cap_eliminates_and_the_others_play_on() {
    let mut g = HaftKhabis::new(&setup(3, defaults())).unwrap();
    g.set_totals([0, 95, 40, 0, 0, 0, 0, 0]);
    finish_hand_by(&mut g, 0);
    // Seat 1 reached 100 (95 + 7): out; seats 0 and 2 play on.
    let v = g.view(Seat(0));
    assert_eq!(v.totals, vec![0, 102, 47]);
    assert_eq!(
        v.result.as_ref().unwrap().eliminated,
        SeatSet::only(Seat(1))
    );
    assert_eq!(v.active, SeatSet(0b101));
    assert_eq!(g.status(), Status::HandOver);
    g.next_hand().unwrap();
    let v = g.view(Seat(2));
    assert_eq!(v.hand_counts, vec![7, 0, 7]);
    assert_eq!(v.in_hand, SeatSet(0b101));
    finish_hand_by(&mut g, 2);
    // Seat 2 won the hand; seat 0 now at 7 (still below the cap): play on.
    assert_eq!(g.status(), Status::HandOver);
    g.set_totals([99, 102, 47, 0, 0, 0, 0, 0]);
    g.next_hand().unwrap();
    finish_hand_by(&mut g, 2);
    assert_eq!(g.status(), Status::MatchOver);
    assert_eq!(g.outcome().unwrap().winners, vec![2]);
}

#[test]
fn rule_hx_13_cap_everyone_out_in_one_hand_lowest_wins_equal_shares_d_5() {
    let mut g = HaftKhabis::new(&setup(3, defaults())).unwrap();
    g.set_totals([95, 95, 90, 0, 0, 0, 0, 0]);
    finish_hand_by(&mut g, 2);
    // Seats 0 and 1 both reach 102; seat 2 is below: seat 2 wins.
    assert_eq!(g.outcome().unwrap().winners, vec![2]);
    // Everyone left reaches the cap in a blocked hand (D-4): the lowest total wins, and
    // equal totals share the win (D-5).
    let mut g = HaftKhabis::new(&setup(2, defaults())).unwrap();
    g.arrange(&["3C 4C", "3D 4D"], "9S", "", 0);
    g.set_totals([93, 93, 0, 0, 0, 0, 0, 0]);
    g.force_block();
    assert_eq!(g.totals(), vec![100, 100]);
    assert_eq!(g.outcome().unwrap().winners, vec![0, 1]);
    let mut g = HaftKhabis::new(&setup(2, defaults())).unwrap();
    g.arrange(&["3C 4C", "3D 5D"], "9S", "", 0);
    g.set_totals([93, 93, 0, 0, 0, 0, 0, 0]);
    g.force_block();
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

#[test]
fn rule_hx_13_cap_ends_hands_elimination_and_finishing_order() {
    // The game ends as soon as anyone reaches the cap; the lowest total wins.
    let s = HaftKhabisSettings {
        end: EndMode::CapEnds,
        ..defaults()
    };
    let mut g = HaftKhabis::new(&setup(3, s)).unwrap();
    g.set_totals([0, 95, 40, 0, 0, 0, 0, 0]);
    finish_hand_by(&mut g, 0);
    assert_eq!(g.status(), Status::MatchOver);
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
    // A number of hands; a tie for the lowest plays another hand (D-5).
    let s = HaftKhabisSettings {
        end: EndMode::Hands,
        hands: 2,
        ..defaults()
    };
    let mut g = HaftKhabis::new(&setup(3, s)).unwrap();
    finish_hand_by(&mut g, 0);
    assert_eq!(g.status(), Status::HandOver);
    g.next_hand().unwrap();
    g.set_totals([7, 7, 7, 0, 0, 0, 0, 0]);
    finish_hand_by(&mut g, 1);
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
    let s = HaftKhabisSettings {
        end: EndMode::Hands,
        hands: 1,
        ..defaults()
    };
    let mut g = HaftKhabis::new(&setup(3, s)).unwrap();
    g.set_totals([7, 0, 9, 0, 0, 0, 0, 0]);
    finish_hand_by(&mut g, 1);
    assert_eq!(g.totals(), vec![14, 0, 16]);
    assert_eq!(g.status(), Status::MatchOver);
    // Elimination: the highest total is out after each hand, ties broken by the hand.
    let s = HaftKhabisSettings {
        end: EndMode::Elimination,
        ..defaults()
    };
    let mut g = HaftKhabis::new(&setup(3, s)).unwrap();
    g.set_totals([0, 20, 13, 0, 0, 0, 0, 0]);
    g.arrange(&["9S", "3H 4H", "3D 4D KC"], "5S", "", 0);
    play(&mut g, 0, "9S").unwrap();
    // Seat 1: 20 + 7 = 27; seat 2: 13 + 20 = 33: seat 2 is out.
    assert_eq!(
        g.view(Seat(0)).result.unwrap().eliminated,
        SeatSet::only(Seat(2))
    );
    let mut g = HaftKhabis::new(&setup(
        3,
        HaftKhabisSettings {
            end: EndMode::Elimination,
            ..defaults()
        },
    ))
    .unwrap();
    g.set_totals([0, 26, 13, 0, 0, 0, 0, 0]);
    g.arrange(&["9S", "3H 4H", "3D 4D KC"], "5S", "", 0);
    play(&mut g, 0, "9S").unwrap();
    // Both 33: seat 2's hand cost more (20 against 7): seat 2 is out.
    assert_eq!(
        g.view(Seat(0)).result.unwrap().eliminated,
        SeatSet::only(Seat(2))
    );
    g.next_hand().unwrap();
    assert_eq!(g.view(Seat(0)).in_hand, SeatSet(0b011));
    finish_hand_by(&mut g, 1);
    // Seat 0 now 7, seat 1 still 33: seat 1 has the highest total and is out.
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
    // Finishing order: no points; the rest play on until the last is known.
    let s = HaftKhabisSettings {
        end: EndMode::FinishingOrder,
        ..defaults()
    };
    let mut g = table(3, s, &["9S", "3S 4H", "3D 4D"], "5S", "", 0);
    let e = play(&mut g, 0, "9S").unwrap();
    assert!(matches!(
        e,
        HaftKhabisEvent::Played {
            then: HaftKhabisAfter {
                finished: Some(Seat(0)),
                hand_over: false,
                ..
            },
            ..
        }
    ));
    assert_eq!(g.turn(), Some(Seat(1)));
    assert_eq!(g.view(Seat(1)).in_hand, SeatSet(0b110));
    play_with(&mut g, 1, "3S", |p| p.last = true).unwrap();
    play(&mut g, 2, "3D").unwrap();
    play(&mut g, 1, "4H").unwrap_err();
    assert_eq!(g.turn(), Some(Seat(1)));
}

#[test]
fn rule_hx_13_finishing_order_places_everyone() {
    let s = HaftKhabisSettings {
        end: EndMode::FinishingOrder,
        ..defaults()
    };
    let mut g = table(3, s, &["9S", "9H", "3D 4D"], "5S", "", 0);
    play(&mut g, 0, "9S").unwrap();
    play(&mut g, 1, "9H").unwrap();
    assert_eq!(g.status(), Status::MatchOver);
    let v = g.view(Seat(2));
    assert_eq!(v.places, vec![Seat(0), Seat(1), Seat(2)]);
    assert_eq!(v.totals, vec![1, 2, 3]);
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
    assert_eq!(g.hand_score().unwrap().winners, vec![0]);
}

#[test]
fn rule_hx_15_empty_stock_reshuffles_keeping_the_top_and_penalties_draw_what_there_is() {
    let mut g = table(3, defaults(), &["KD 2C", "3H 4H", "3C 4C"], "5S", "", 0);
    g.empty_stock();
    let before = g.view(Seat(0));
    let e = act(&mut g, 0, DRAW).unwrap();
    assert!(
        matches!(
            e,
            HaftKhabisEvent::Drew {
                then: HaftKhabisAfter {
                    reshuffled: true,
                    ..
                },
                ..
            }
        ) || matches!(e, HaftKhabisEvent::Drew { fits: true, .. })
    );
    let v = g.view(Seat(1));
    assert_eq!(v.top, Some(card("5S")));
    assert_eq!(v.discards, 1);
    assert_eq!(v.stock as usize + 1, before.discards as usize - 1);
    // A penalty larger than the cards available draws what there is: two players hold
    // all but the top card and one card of stock.
    let (h0, h1) = big_hands("7S", "7H");
    let double = HaftKhabisSettings {
        seven_stacking: SevenStacking::Double,
        ..defaults()
    };
    let mut g = table(2, double, &[&h0, &h1], "9S", "", 0);
    assert_eq!(g.view(Seat(0)).stock, 1);
    play(&mut g, 0, "7S").unwrap();
    play(&mut g, 1, "7H").unwrap();
    assert_eq!(g.view(Seat(0)).pending_draw, 4);
    let e = act(&mut g, 0, DRAW).unwrap();
    assert!(
        matches!(
            e,
            HaftKhabisEvent::Drew {
                count: 3,
                penalty: true,
                ..
            }
        ),
        "{e:?}"
    );
}

/// Two hands of 25 cards holding every card but 9S (the top) and KS (the stock), the
/// first with `a`, the second with `b`.
fn big_hands(a: &str, b: &str) -> (String, String) {
    let mut rest = CardBag::decks(1);
    for c in ["9S", "KS", a, b] {
        rest.remove(card(c));
    }
    let cards: Vec<String> = rest.iter().map(|c| c.to_string()).collect();
    (
        format!("{a} {}", cards[..24].join(" ")),
        format!("{b} {}", cards[24..].join(" ")),
    )
}

#[test]
fn rule_hx_16_a_special_card_turned_up_is_no_play() {
    // 10: the leader plays first, then the direction is reversed.
    let g = dealt(defaults(), "10C");
    assert_eq!(g.turn(), Some(Seat(0)));
    assert_eq!(g.view(Seat(0)).direction, Direction::Counterclockwise);
    let mut g = dealt(defaults(), "10C");
    play(&mut g, 0, "9C").unwrap();
    assert_eq!(g.turn(), Some(Seat(2)));
    // Ace: the leader is skipped (and may answer with an ace, rule 4).
    let g = dealt(defaults(), "AC");
    assert_eq!((g.turn(), g.mode()), (Some(Seat(0)), TurnMode::AceAnswer));
    let g = dealt(
        HaftKhabisSettings {
            ace_answer: false,
            ..defaults()
        },
        "AC",
    );
    assert_eq!(g.turn(), Some(Seat(1)));
    // 7: the leader answers or draws.
    let g = dealt(defaults(), "7S");
    assert_eq!((g.turn(), g.view(Seat(0)).pending_draw), (Some(Seat(0)), 2));
    assert_eq!(legal_json(&g, 0), [r#""draw""#]);
    // 2: the dealer names a player, who draws a penalty card; then the leader plays.
    let mut g = dealt(defaults(), "2S");
    assert_eq!(
        (g.phase(), g.turn()),
        (HaftKhabisPhase::DealerNames, Some(Seat(2)))
    );
    assert_eq!(legal_json(&g, 2), [r#"{"name":0}"#, r#"{"name":1}"#]);
    act(
        &mut g,
        2,
        HaftKhabisAction::Name {
            target: Seat(1),
            give: None,
        },
    )
    .unwrap();
    assert_eq!(counts(&g), vec![7, 8, 7]);
    assert_eq!(g.turn(), Some(Seat(0)));
    let g = dealt(
        HaftKhabisSettings {
            two: TwoRule::GiveCard,
            ..defaults()
        },
        "2S",
    );
    assert_eq!(legal(&g, 2).len(), 14, "two targets times seven cards");
    // 8: no effect; jack: any card.
    let g = dealt(defaults(), "8S");
    assert_eq!((g.turn(), g.mode()), (Some(Seat(0)), TurnMode::Normal));
    let g = dealt(defaults(), "JS");
    assert_eq!(
        legal(&g, 0).len(),
        7 + 1,
        "any card (the two names one of two players)"
    );
}

#[test]
fn rule_d_3_answering_a_seven_is_optional() {
    let mut g = table(3, defaults(), &["7S 3C", "7H 3H", "3D 4D"], "9S", "", 0);
    play(&mut g, 0, "7S").unwrap();
    assert_eq!(
        legal_json(&g, 1),
        [
            r#"{"play":"7H"}"#,
            r#"{"play":"7H","last":true}"#,
            r#""draw""#
        ]
    );
    act(&mut g, 1, DRAW).unwrap();
    assert_eq!(counts(&g)[1], 4);
    assert_eq!(g.turn(), Some(Seat(2)));
    // Once taken, the next 7 played on it starts a new chain.
    assert_eq!(g.view(Seat(2)).pending_draw, 0);
}

#[test]
fn rule_d_4_unable_to_play_or_draw_passes_and_the_action_limit_blocks() {
    // Every card but the top is in a hand; seat 1 holds every heart, nine and jack.
    let mut rest = CardBag::decks(1);
    rest.remove(card("9H"));
    let (h1, h0): (Vec<Card>, Vec<Card>) = rest
        .iter()
        .partition(|c| c.suit() == Suit::Hearts || c.rank().index() == 7 || c.rank().index() == 9);
    let s0: Vec<String> = h0.iter().map(|c| c.to_string()).collect();
    let s1: Vec<String> = h1.iter().map(|c| c.to_string()).collect();
    let (s0, s1) = (s0.join(" "), s1.join(" "));
    let mut g = table(2, defaults(), &[&s0, &s1], "9H", "", 0);
    assert_eq!(g.view(Seat(0)).stock, 0);
    // Seat 0 can neither play nor draw: it passes.
    assert_eq!(legal_json(&g, 0), [r#""pass""#]);
    assert_eq!(act(&mut g, 0, DRAW).unwrap_err().code(), "must_play");
    act(&mut g, 0, PASS).unwrap();
    assert_eq!(g.turn(), Some(Seat(1)));
    assert_eq!(act(&mut g, 1, PASS).unwrap_err().code(), "may_not_pass");
    // The action limit (a hand of Haft Khabis forces plays, so a long cycle is rare): the
    // 1,000th action of a hand blocks it, and every player is scored.
    let mut g = table(2, defaults(), &["3C 4C 5C", "3D 4D 9D"], "9S", "", 0);
    g.set_actions(998);
    act(&mut g, 0, DRAW).unwrap();
    assert_eq!(g.status(), Status::Acting(SeatSet::only(Seat(1))));
    let e = play(&mut g, 1, "9D").unwrap();
    assert!(matches!(
        e,
        HaftKhabisEvent::Played {
            then: HaftKhabisAfter {
                blocked: true,
                hand_over: true,
                ..
            },
            ..
        }
    ));
    let r = g.view(Seat(0)).result.unwrap();
    assert!(r.blocked && r.winner.is_none());
    assert!(r.points.iter().all(|&p| p > 0), "everyone is scored: {r:?}");
    assert_eq!(g.hand_score().unwrap().winners, Vec::<usize>::new());
    // After a blocked hand the seat after its dealer leads.
    g.next_hand().unwrap();
    assert_eq!(g.view(Seat(0)).leader, Seat(0));
}

#[test]
fn actions_and_settings_have_the_documented_json_forms() {
    let p = |s: &str| HaftKhabisPlay::card(card(s));
    let cases = [
        (HaftKhabisAction::Play(p("7H")), r#"{"play":"7H"}"#),
        (
            HaftKhabisAction::Play(HaftKhabisPlay {
                suit: Some(Suit::Hearts),
                ..p("JS")
            }),
            r#"{"play":"JS","suit":"H"}"#,
        ),
        (
            HaftKhabisAction::Play(HaftKhabisPlay {
                target: Some(Seat(3)),
                ..p("2C")
            }),
            r#"{"play":"2C","target":3}"#,
        ),
        (
            HaftKhabisAction::Play(HaftKhabisPlay {
                target: Some(Seat(3)),
                give: Some(card("5H")),
                ..p("2C")
            }),
            r#"{"play":"2C","target":3,"give":"5H"}"#,
        ),
        (
            HaftKhabisAction::Play(HaftKhabisPlay {
                last: true,
                ..p("9C")
            }),
            r#"{"play":"9C","last":true}"#,
        ),
        (HaftKhabisAction::Draw { last: false }, r#""draw""#),
        (
            HaftKhabisAction::Draw { last: true },
            r#"{"draw":true,"last":true}"#,
        ),
        (HaftKhabisAction::Pass, r#""pass""#),
        (
            HaftKhabisAction::Name {
                target: Seat(2),
                give: None,
            },
            r#"{"name":2}"#,
        ),
        (
            HaftKhabisAction::Name {
                target: Seat(2),
                give: Some(card("QS")),
            },
            r#"{"name":2,"give":"QS"}"#,
        ),
    ];
    let refused = [
        r#"{"draw":false}"#,
        r#"{"play":"7H","name":1}"#,
        r#""take""#,
    ];
    testing::json_forms(cases, &refused);
    let s: HaftKhabisSettings = serde_json::from_str(
        r#"{"two":"give_card","seven_stacking":"double","end":"finishing_order"}"#,
    )
    .unwrap();
    assert_eq!(
        (s.two, s.seven_stacking, s.end),
        (
            TwoRule::GiveCard,
            SevenStacking::Double,
            EndMode::FinishingOrder
        )
    );
    assert!(s.ace_answer && s.shrapnel && s.no_finish_on_eight && s.timeout_penalty);
    assert!(!s.keep_drawn_card && !s.forgo_eight);
    assert_eq!((s.cap, s.hands), (100, 5));
    assert!(serde_json::from_str::<HaftKhabisSettings>(r#"{"shrapnell":true}"#).is_err());
}

// ---- property tests (ARCHITECTURE.md, run by crate::testkit) ----

fn random_settings(r: &mut Rng) -> HaftKhabisSettings {
    let mut b = || r.below(2) == 1;
    let mut s = HaftKhabisSettings {
        keep_drawn_card: b(),
        ace_answer: b(),
        no_finish_on_eight: b(),
        forgo_eight: b(),
        shrapnel: b(),
        timeout_penalty: b(),
        ..HaftKhabisSettings::default()
    };
    s.two = [TwoRule::PenaltyCard, TwoRule::GiveCard, TwoRule::NoEffect][r.below(3) as usize];
    s.seven_stacking = [SevenStacking::Add, SevenStacking::Double][r.below(2) as usize];
    s.end = [
        EndMode::Cap,
        EndMode::CapEnds,
        EndMode::Hands,
        EndMode::Elimination,
        EndMode::FinishingOrder,
    ][r.below(5) as usize];
    s.cap = 50 * (1 + r.below(4) as u16);
    s.hands = 1 + r.below(4) as u8;
    s
}

/// Haft Khabis in the property tests both shedding games run
/// ([`testing::shedding_properties`]; Haft Khabis has no random step of its own).
impl Properties for HaftKhabis {
    const MOST: u8 = 7;
    const SALT: u64 = 0x7_7AF7;
    const STEPS: u32 = 400_000;
    const RULES_HANDS: RulesHands = RulesHands {
        legal: 2,
        pick: 2,
        step: None,
        cards: 5,
        views: 2,
        replay: 5,
    };
    /// HX-2: whether a card drawn from the stock fits.
    const DRAW_RULE: &'static str = "HX-2";
    const SHOWS_DRAWN: bool = false;

    fn random_settings(r: &mut Rng) -> HaftKhabisSettings {
        random_settings(r)
    }

    /// Besides the legal actions: random plays, and variations of each play (another suit,
    /// the flag flipped, another seat named) and naming (another seat, no gift).
    fn candidate_actions(g: &HaftKhabis, r: &mut Rng) -> Vec<HaftKhabisAction> {
        let play = |r: &mut Rng| {
            let c = Card::from_index(r.below(52) as u8).unwrap();
            HaftKhabisAction::Play(HaftKhabisPlay {
                card: c,
                suit: [None, Some(Suit::Clubs)][r.below(2) as usize],
                target: [None, Some(Seat(r.below(8) as u8))][r.below(2) as usize],
                give: [None, Some(card("5H"))][r.below(2) as usize],
                last: r.below(2) == 1,
            })
        };
        testing::candidates(g, r, 10, play, |a, v| match a {
            HaftKhabisAction::Play(p) => {
                let with = |last, suit| HaftKhabisAction::Play(HaftKhabisPlay { last, suit, ..p });
                v.extend(testing::varied(p.last, p.suit, with));
                v.push(HaftKhabisAction::Play(HaftKhabisPlay {
                    target: p.target.map(|t| Seat((t.0 + 1) % 8)),
                    give: None,
                    ..p
                }));
            }
            HaftKhabisAction::Name { target, give } => {
                v.push(HaftKhabisAction::Name {
                    target: Seat((target.0 + 1) % 8),
                    give,
                });
                v.push(HaftKhabisAction::Name { target, give: None });
            }
            _ => {}
        })
    }

    fn drew(e: &HaftKhabisEvent) -> Option<(bool, bool)> {
        match *e {
            HaftKhabisEvent::Drew { penalty, fits, .. } => Some((penalty, fits)),
            _ => None,
        }
    }

    fn played(e: &HaftKhabisEvent) -> Option<CardSet> {
        match e {
            HaftKhabisEvent::Played { card, .. } => Some(card.bit()),
            _ => None,
        }
    }
}

testing::shedding_properties!(HaftKhabis, rules: 100, views: 150, rebuilt: 16);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// HX-15: an action's event says `reshuffled` exactly when the discards were shuffled
    /// into a new stock, HX-12's scoring draws at the end of a hand included.
    #[test]
    fn prop_hx_15_every_reshuffle_is_in_the_event(seed in any::<u64>()) {
        HaftKhabis::random_match(seed, 5).play_steps(|_, _| Ok(()), |d, _| {
            let (Some(_), Public::Event(e)) = (d.acted, &d.public) else {
                return Ok(());
            };
            let then = match e {
                HaftKhabisEvent::Played { then, .. }
                | HaftKhabisEvent::Drew { then, .. }
                | HaftKhabisEvent::Passed { then, .. }
                | HaftKhabisEvent::Named { then, .. } => then,
            };
            let shuffled = d.after.shuffles() > d.before.shuffles();
            if then.reshuffled != shuffled {
                return Err(format!("reshuffled: {}, but the stock was {}rebuilt: {e:?}",
                    then.reshuffled, if shuffled { "" } else { "not " }));
            }
            Ok(())
        })?;
    }
}

/// HX-12 / HX-15: the scoring draws of a hand's end can reshuffle the pile (about 4% of
/// random hands); the event that ends such a hand says so.
#[test]
fn hx_12_a_reshuffle_by_the_scoring_draws_is_in_the_event() {
    let mut found = 0;
    for seed in 0..400 {
        HaftKhabis::random_match(seed, 3)
            .play_steps(
                |_, _| Ok(()),
                |d, _| {
                    if let Public::Event(e) = &d.public {
                        let ended = !matches!(d.after.status(), Status::Acting(_));
                        let hx_then = match e {
                            HaftKhabisEvent::Played { then, .. }
                            | HaftKhabisEvent::Drew { then, .. }
                            | HaftKhabisEvent::Passed { then, .. }
                            | HaftKhabisEvent::Named { then, .. } => then,
                        };
                        if ended && d.after.shuffles() > d.before.shuffles() {
                            assert!(hx_then.reshuffled, "{e:?}");
                            found += 1;
                        }
                    }
                    Ok(())
                },
            )
            .unwrap();
    }
    assert!(
        found > 0,
        "no hand ended with a reshuffle: the test proves nothing"
    );
}

#[test]
fn random_matches_with_every_player_count_and_end_mode_end() {
    for n in 2..=7u8 {
        for (k, end) in [
            EndMode::Cap,
            EndMode::CapEnds,
            EndMode::Hands,
            EndMode::Elimination,
            EndMode::FinishingOrder,
        ]
        .into_iter()
        .enumerate()
        {
            let s = Setup {
                players: n,
                settings: HaftKhabisSettings {
                    end,
                    ..HaftKhabisSettings::default()
                },
                deal: Deal::seeded(n as u64 * 10 + k as u64),
            };
            let mut g = HaftKhabis::new(&s).unwrap();
            assert_eq!(g.all_cards().len(), if n > 5 { 104 } else { 52 });
            let mut r = Rng::new(3);
            let mut scratch = Vec::new();
            let mut hands = 0;
            loop {
                match g.status() {
                    Status::Acting(a) => {
                        let seat = a.first().unwrap();
                        let act = g.random_action(seat, &mut r, &mut scratch).unwrap();
                        g.apply(seat, &act).unwrap();
                    }
                    Status::HandOver => {
                        hands += 1;
                        assert!(hands < 500, "{n} players, {end:?}");
                        g.next_hand().unwrap();
                    }
                    Status::MatchOver => break,
                }
            }
            let o = g.outcome().unwrap();
            assert!(!o.winners.is_empty());
        }
    }
}

#[test]
fn rule_d_6_the_declaration_is_part_of_the_action_and_the_penalty_comes_as_the_turn_ends() {
    // An 8 then its extra card leaving one card, undeclared: one penalty card as the turn
    // passes, before seat 1 acts.
    let mut g = table(
        3,
        defaults(),
        &["8S 9S 4C", "3H 4H", "3D 4D"],
        "5S",
        "KD",
        0,
    );
    play(&mut g, 0, "8S").unwrap();
    let e = play(&mut g, 0, "9S").unwrap();
    assert!(matches!(
        e,
        HaftKhabisEvent::Played {
            then: HaftKhabisAfter {
                last_card_penalty: Some((Seat(0), 1)),
                ..
            },
            ..
        }
    ));
    assert_eq!((counts(&g)[0], g.turn()), (2, Some(Seat(1))));
    // "An 8 and one more" undeclared, then declared on the extra card in the same turn:
    // declared before the next player acts, so no penalty.
    let mut g = table(
        3,
        defaults(),
        &["8S 8C 4H", "3H 5H", "3D 4D"],
        "5S",
        "2D",
        0,
    );
    assert!(legal_json(&g, 0).contains(&r#"{"play":"8S","last":true}"#.to_string()));
    play(&mut g, 0, "8S").unwrap();
    play_with(&mut g, 0, "8C", |p| p.last = true).unwrap();
    assert_eq!(legal_json(&g, 0), [r#""draw""#]);
    let e = act(&mut g, 0, DRAW).unwrap();
    assert!(matches!(
        e,
        HaftKhabisEvent::Drew {
            then: HaftKhabisAfter {
                last_card_penalty: None,
                ..
            },
            ..
        }
    ));
    assert_eq!(counts(&g)[0], 2);
    // The flag on an action that leaves nothing to declare is refused.
    let mut g = table(3, defaults(), &["9S 3H 4H", "5H 6H", "3D 4D"], "5S", "", 0);
    assert_eq!(
        play_with(&mut g, 0, "9S", |p| p.last = true)
            .unwrap_err()
            .code(),
        "nothing_to_declare"
    );
    assert_eq!(
        act(&mut g, 0, HaftKhabisAction::Draw { last: true })
            .unwrap_err()
            .code(),
        "must_play"
    );
}

#[test]
fn rule_hx_14_the_timeout_penalty_is_a_setting_on_by_default() {
    // The turn timer belongs to the online table; the room carries the setting.
    assert!(defaults().timeout_penalty);
    let s: HaftKhabisSettings = serde_json::from_str(r#"{"timeout_penalty":false}"#).unwrap();
    let g = HaftKhabis::new(&setup(3, s)).unwrap();
    assert!(!g.view(Seat(1)).settings.timeout_penalty);
}

/// HX-2, C-5 (issue 23): a watcher never sees a hand, nor the drawn card (HX-2: the card a player just drew and must play at once),
/// only how many cards each seat holds and the top card.
#[test]
fn rule_hx_2_c_5_a_watcher_sees_no_hand_and_no_drawn_card() {
    for players in [2, 4] {
        let setup = Setup {
            players,
            settings: HaftKhabisSettings::default(),
            deal: Deal::seeded(23),
        };
        let mut g = HaftKhabis::new(&setup).unwrap();
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
