//! Building a position refuses bad parts with a clear error instead of panicking.

use engine::card::parse_cards;
use engine::games::hokm::Trump;
use engine::{Card, CardSet, Seat, Suit};
use search::{Position, PositionError, Solver};

fn set(s: &str) -> CardSet {
    parse_cards(s).unwrap().into_iter().collect()
}

fn hands() -> [CardSet; 4] {
    [set("AS KS"), set("QS JS"), set("AH KH"), set("2C 3C")]
}

#[test]
fn bad_parts_are_refused() {
    let spades = Trump::Suit(Suit::Spades);
    let new =
        |n, h, leader, trick: &[Card]| Position::new(n, h, spades, Seat(leader), trick, [0, 0]);
    assert_eq!(
        new(3, hands(), 0, &[]).unwrap_err(),
        PositionError::Players(3)
    );
    assert_eq!(new(4, hands(), 4, &[]).unwrap_err(), PositionError::Seat(4));
    let mut h = hands();
    h[1] = set("AS JS");
    assert_eq!(
        new(4, h, 0, &[]).unwrap_err(),
        PositionError::Duplicate("AS".parse().unwrap())
    );
    let mut h = hands();
    h[3] = set("2C");
    assert_eq!(new(4, h, 0, &[]).unwrap_err(), PositionError::Counts);
    // Seat 0 led the ace of spades, still holding two cards: it should hold one.
    let trick = parse_cards("AD").unwrap();
    assert_eq!(
        new(4, hands(), 0, &trick).unwrap_err(),
        PositionError::Counts
    );
    let mut h = hands();
    h[0] = set("KS");
    assert!(new(4, h, 0, &trick).is_ok());
    let mut j = hands();
    j[0].insert(Card::RED_JOKER);
    assert_eq!(new(4, j, 0, &[]).unwrap_err(), PositionError::Joker);
    assert_eq!(new(2, hands(), 0, &[]).unwrap_err(), PositionError::Seat(2));
    assert_eq!(
        Position::new(4, hands(), spades, Seat(0), &[], [6, 6]).unwrap_err(),
        PositionError::Tricks
    );
    // Two players with 26 cards each: more than 13 tricks.
    let deck: Vec<Card> = CardSet::DECK.iter().collect();
    let halves = [
        deck[..26].iter().copied().collect(),
        deck[26..].iter().copied().collect(),
        CardSet::EMPTY,
        CardSet::EMPTY,
    ];
    assert_eq!(new(2, halves, 0, &[]).unwrap_err(), PositionError::Tricks);
    let four = parse_cards("2D 3D 4D 5D").unwrap();
    assert_eq!(
        new(4, hands(), 0, &four).unwrap_err(),
        PositionError::TrickTooLong(4)
    );
}

#[test]
fn playing_checks_the_turn_and_suit() {
    let mut p = Position::new(4, hands(), Trump::Suit(Suit::Hearts), Seat(0), &[], [0, 0]).unwrap();
    assert_eq!(p.legal(Seat(1)), CardSet::EMPTY, "not seat 1's turn");
    p.play("KS".parse().unwrap()).unwrap();
    assert_eq!(p.to_play(), Seat(1));
    assert_eq!(p.legal(Seat(1)), set("QS JS"), "must follow spades");
    assert_eq!(
        p.play("2C".parse().unwrap()),
        Err(PositionError::Illegal("2C".parse().unwrap()))
    );
    p.play("QS".parse().unwrap()).unwrap();
    // Seat 2 has no spade and ruffs with a heart (trump); seat 3 discards a club.
    p.play("KH".parse().unwrap()).unwrap();
    p.play("2C".parse().unwrap()).unwrap();
    assert_eq!(p.tricks(), [1, 0]);
    assert_eq!(p.to_play(), Seat(2), "the trick's winner leads");
    // Seat 2 draws the last trump and its side takes both tricks; its best lead keeps
    // that value.
    let best = Solver::default().best(&p).unwrap();
    assert_eq!(best.tricks, 2);
    assert_eq!(best.cards, set("AH"));
}
