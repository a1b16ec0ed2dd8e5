//! What a turn timeout plays (D-7), shared by every game.
//!
//! D-7: a card play takes the lowest legal card by the game's ranking (Pasur A=1; ties
//! ♣ < ♦ < ♥ < ♠) with its first capture option; an auction passes; a pending penalty is
//! taken, else one card is drawn (played at once where HX-2 says so), plus HX-14's penalty
//! card; any other choice takes the first legal option in the engine's fixed order.
//!
//! [`crate::Game::timeout_action`] defaults to [`first_legal`]; the trick games override it
//! with [`lowest_card_or_first`], the shedding games with [`draw_or_lowest_card`], Shelem's
//! auction passes. The timeout is recorded as a step of its own
//! ([`crate::log::Step::Timeout`]) and applied by [`crate::Game::apply_timeout`].

use crate::card::Card;
use crate::game::Game;
use crate::seat::Seat;

/// How a game ranks cards for D-7's "lowest card".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// 2 lowest … A highest, jokers above the ace (the trick games, the shedding games).
    AceHigh,
    /// A=1 lowest, 2 … 10, J, Q, K (Pasur, PA-3).
    AceLow,
}

impl Ranking {
    /// The sort key of `c`: its rank by this ranking, then its suit (♣ < ♦ < ♥ < ♠).
    pub fn key(self, c: Card) -> (u8, u8) {
        if c.is_joker() {
            return (13, c.index());
        }
        let r = c.rank().index();
        let r = match self {
            Ranking::AceHigh => r,
            Ranking::AceLow => (r + 1) % 13,
        };
        (r, c.suit() as u8)
    }
}

/// The legal actions of `seat`, in the engine's fixed order.
pub fn legal<G: Game>(g: &G, seat: Seat) -> Vec<G::Action> {
    let mut out = Vec::new();
    g.legal_actions(seat, &mut out);
    out
}

/// The first legal action of `seat` (D-7's "first legal option"), if any.
pub fn first_legal<G: Game>(g: &G, seat: Seat) -> Option<G::Action> {
    legal(g, seat).into_iter().next()
}

/// Among `legal`, the first action that plays the lowest card by `ranking` (`card` gives
/// the card an action plays, `None` for any other action): the first of its options in
/// the engine's order (its first capture, suit, target; undeclared before declared).
/// `None` if no action plays a card.
pub fn lowest_card<A: Clone>(
    legal: &[A],
    card: impl Fn(&A) -> Option<Card>,
    ranking: Ranking,
) -> Option<A> {
    let mut best: Option<((u8, u8), &A)> = None;
    for a in legal {
        if let Some(c) = card(a) {
            let k = ranking.key(c);
            if best.is_none_or(|(b, _)| k < b) {
                best = Some((k, a));
            }
        }
    }
    best.map(|(_, a)| a.clone())
}

/// D-7 for a phase that may be a card play: the lowest card's first option if `seat` may
/// play a card, else its first legal action.
pub fn lowest_card_or_first<G: Game>(
    g: &G,
    seat: Seat,
    card: impl Fn(&G::Action) -> Option<Card>,
    ranking: Ranking,
) -> Option<G::Action> {
    let legal = legal(g, seat);
    lowest_card(&legal, card, ranking).or_else(|| legal.into_iter().next())
}

/// D-7 for the shedding games' turn: the draw if it is legal (it takes a pending penalty
/// whole, D-3), else `pass` if that is legal and `pass_first` (keeping a drawn card, taking
/// an ace's skip), else the lowest card's first option, else the first legal action.
pub fn draw_or_lowest_card<A: Clone + PartialEq>(
    legal: &[A],
    draw: &A,
    pass: &A,
    pass_first: bool,
    card: impl Fn(&A) -> Option<Card>,
) -> Option<A> {
    if legal.contains(draw) {
        return Some(draw.clone());
    }
    if pass_first && legal.contains(pass) {
        return Some(pass.clone());
    }
    lowest_card(legal, card, Ranking::AceHigh).or_else(|| legal.first().cloned())
}

/// Applies `seat`'s timeout action, then its timeout action once more if `again` says the
/// turn goes on from what the first did: a card drawn by the timeout that fits is played at
/// once (HX-2) or kept (Crazy Eights), so one timeout ends the turn.
pub fn apply_and_follow<G: Game>(
    g: &mut G,
    seat: Seat,
    events: &mut Vec<G::Event>,
    again: impl Fn(&G) -> bool,
) -> Result<(), G::Error> {
    let Some(a) = g.timeout_action(seat) else {
        return Ok(());
    };
    events.push(g.apply(seat, &a)?);
    if again(g) {
        if let Some(b) = g.timeout_action(seat) {
            events.push(g.apply(seat, &b)?);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    #[test]
    fn rule_d_7_the_lowest_card_by_rank_then_suit_keeping_the_first_option() {
        let cards = parse_cards("AC 3S 3D 2H KS").unwrap();
        // (card, option): the 3♦ has two options; the first is kept.
        let legal: Vec<(Card, u8)> = vec![
            (cards[0], 0),
            (cards[1], 0),
            (cards[2], 0),
            (cards[2], 1),
            (cards[4], 0),
        ];
        let card = |a: &(Card, u8)| Some(a.0);
        assert_eq!(
            lowest_card(&legal, card, Ranking::AceHigh),
            Some((cards[2], 0))
        );
        // Pasur: the ace is 1, the lowest.
        assert_eq!(
            lowest_card(&legal, card, Ranking::AceLow),
            Some((cards[0], 0))
        );
        let mut with_two = legal.clone();
        with_two.push((cards[3], 0));
        assert_eq!(
            lowest_card(&with_two, card, Ranking::AceHigh),
            Some((cards[3], 0))
        );
        assert_eq!(lowest_card(&legal, |_| None, Ranking::AceHigh), None);
        // Ties of rank go by suit: 3♦ before 3♠ whatever the listing order.
        let rev: Vec<(Card, u8)> = vec![(cards[1], 0), (cards[2], 0)];
        assert_eq!(
            lowest_card(&rev, card, Ranking::AceHigh),
            Some((cards[2], 0))
        );
    }

    #[test]
    fn rule_d_7_a_draw_before_a_card_a_pass_only_where_asked() {
        let c = parse_cards("5H 4S").unwrap();
        #[derive(Clone, Debug, PartialEq)]
        enum A {
            Play(Card),
            Draw,
            Pass,
        }
        let card = |a: &A| match a {
            A::Play(c) => Some(*c),
            _ => None,
        };
        let all = vec![A::Play(c[0]), A::Play(c[1]), A::Draw, A::Pass];
        assert_eq!(
            draw_or_lowest_card(&all, &A::Draw, &A::Pass, true, card),
            Some(A::Draw)
        );
        let no_draw = vec![A::Play(c[0]), A::Play(c[1]), A::Pass];
        assert_eq!(
            draw_or_lowest_card(&no_draw, &A::Draw, &A::Pass, true, card),
            Some(A::Pass)
        );
        assert_eq!(
            draw_or_lowest_card(&no_draw, &A::Draw, &A::Pass, false, card),
            Some(A::Play(c[1]))
        );
        assert_eq!(
            draw_or_lowest_card(&[A::Pass], &A::Draw, &A::Pass, false, card),
            Some(A::Pass)
        );
        assert_eq!(
            draw_or_lowest_card(&[], &A::Draw, &A::Pass, false, card),
            None
        );
    }
}
