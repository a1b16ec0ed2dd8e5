//! The analysis of a finished hand (issue 12): with every hand shown, the most each side
//! could have taken from the deal with best play on both sides (double-dummy), and the
//! plays where the actual play lost against it.
//!
//! The value followed along the hand is the solver's: the most tricks a side takes if all
//! 13 were played out ([`Solver::max_tricks`]); whether it reaches 7 (HK-7, the hand's
//! winner) is reported beside it. A play "lost value" when the most tricks its side could
//! still take was higher before it than after it; the report names one card that kept the
//! value. It is for a hand that is over (its hands are public then, D-8): never for a
//! table's hand in progress.

use crate::{Position, PositionError, Solver};
use engine::games::hokm::{Hokm, Trump};
use engine::{Card, Seat};
use serde::Serialize;
use std::fmt;

/// One play that lost value against best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Slip {
    /// The trick it was played to, 1 for the first.
    pub trick: u8,
    /// The seat that played it.
    pub seat: Seat,
    /// The card played.
    pub played: Card,
    /// A card that kept the value (the lowest such card in the engine's card order).
    pub better: Card,
    /// The most tricks the seat's side could take before the play, and after it.
    pub before: u8,
    pub after: u8,
    /// The play turned the hand: before it the seat's side could still take 7 tricks
    /// (win the hand), after it no longer.
    pub decisive: bool,
}

/// The analysis of one hand ([`analyse_hokm`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandAnalysis {
    /// Seats: 4, or 2 (HK-13).
    pub players: u8,
    /// Trump or no-trump mode of the hand.
    pub trump: Trump,
    /// Per side (0: seats 0 and 2; with two players the seat), the most tricks it could
    /// have taken from the deal, double-dummy, every trick played out; the two add to 13.
    pub best_tricks: [u8; 2],
    /// Per side, whether it could have won the hand (7 tricks) against any defence.
    pub could_win: [bool; 2],
    /// Side 0's most tricks before each play and after the last (one more than the plays):
    /// the hand's value curve.
    pub values: Vec<u8>,
    /// The plays that lost value, in play order.
    pub slips: Vec<Slip>,
}

/// Why a hand could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// The game is not at the start of the play of a hand (every hand open, no card played).
    NotAtStart,
    /// The position or a play is not valid: the play's index (0-based) and why.
    Play(usize, PositionError),
    /// The position's parts are not valid.
    Position(PositionError),
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::NotAtStart => {
                write!(f, "the game is not at the start of the play of a hand")
            }
            AnalysisError::Play(i, e) => write!(f, "play {}: {e}", i + 1),
            AnalysisError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// Analyses a Hokm hand from `game` at the start of its play (trump named, 13 cards a
/// seat, no card played) and the cards then played, in order (the hand's `Played`
/// events). For a finished local hand: the game state before the first card holds every
/// hand.
pub fn analyse_hokm(
    game: &Hokm,
    plays: &[Card],
    solver: &mut Solver,
) -> Result<HandAnalysis, AnalysisError> {
    let p = game.play_position().ok_or(AnalysisError::NotAtStart)?;
    if !p.trick.is_empty() || p.tricks != [0, 0] {
        return Err(AnalysisError::NotAtStart);
    }
    let pos = Position::from_hokm(&p).map_err(AnalysisError::Position)?;
    analyse(&pos, plays, solver)
}

/// [`analyse_hokm`] from any open position (for example an ending) and the plays from it.
pub fn analyse(
    start: &Position,
    plays: &[Card],
    solver: &mut Solver,
) -> Result<HandAnalysis, AnalysisError> {
    // Check every play first: a bad list is refused before any search.
    let mut line = Vec::with_capacity(plays.len() + 1);
    let mut pos = *start;
    line.push(pos);
    for (i, &c) in plays.iter().enumerate() {
        pos.play(c).map_err(|e| AnalysisError::Play(i, e))?;
        line.push(pos);
    }
    let total = start.tricks_left() + start.tricks[0] + start.tricks[1];
    let first = solver.max_tricks(start, 0);
    let mut values = Vec::with_capacity(line.len());
    values.push(first);
    let mut slips = Vec::new();
    for (i, &c) in plays.iter().enumerate() {
        let (before_pos, after_pos) = (&line[i], &line[i + 1]);
        let v = values[i];
        let seat = before_pos.to_play();
        // Side 0's value can only fall on side 0's play and rise on side 1's.
        let mut w = v;
        if seat.side() == 0 {
            while w > after_pos.tricks[0] && !solver.can_take(after_pos, 0, w) {
                w -= 1;
            }
        } else {
            while w < total && solver.can_take(after_pos, 0, w + 1) {
                w += 1;
            }
        }
        values.push(w);
        if w == v {
            continue;
        }
        let keeps = |solver: &mut Solver, child: &Position| {
            if seat.side() == 0 {
                solver.can_take(child, 0, v)
            } else {
                !solver.can_take(child, 0, v + 1)
            }
        };
        let mut better = None;
        for alt in before_pos.legal(seat) {
            let mut child = *before_pos;
            if child.play(alt).is_ok() && keeps(solver, &child) {
                better = Some(alt);
                break;
            }
        }
        let mine = |x: u8| if seat.side() == 0 { x } else { total - x };
        let done = before_pos.tricks[0] + before_pos.tricks[1];
        slips.push(Slip {
            trick: done + 1,
            seat,
            played: c,
            // The solver found v before the play, so some card keeps it.
            better: better.unwrap_or(c),
            before: mine(v),
            after: mine(w),
            decisive: mine(v) >= 7 && mine(w) < 7,
        });
    }
    Ok(HandAnalysis {
        players: start.players(),
        trump: start.mode,
        best_tricks: [first, total - first],
        could_win: [first >= 7, total - first >= 7],
        values,
        slips,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::card::parse_cards;
    use engine::games::hokm::{HokmAction, HokmPhase, HokmSettings};
    use engine::{CardSet, Deal, Game, Rng, Setup, Status, Suit};

    fn set(s: &str) -> CardSet {
        parse_cards(s).unwrap().into_iter().collect()
    }

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(s).unwrap()
    }

    /// Two tricks, spades trump, seat 0 to lead: seat 0 takes both tricks if it leads its
    /// ace of trumps (drawing seat 1's only trump); leading the heart lets seat 1 ruff it.
    fn ending() -> Position {
        Position::new(
            4,
            [set("AS 2H"), set("3S 4D"), set("5D 6D"), set("7D 8D")],
            Trump::Suit(Suit::Spades),
            Seat(0),
            &[],
            [6, 5],
        )
        .unwrap()
    }

    #[test]
    fn best_play_keeps_the_value_and_no_slip_is_reported() {
        let mut s = Solver::new(12);
        let a = analyse(&ending(), &cards("AS 3S 5D 7D 2H 4D 6D 8D"), &mut s).unwrap();
        assert_eq!(a.best_tricks, [8, 5]);
        assert_eq!(a.could_win, [true, false]);
        assert!(a.slips.is_empty(), "{:?}", a.slips);
        assert_eq!(a.values, vec![8; 9]);
    }

    #[test]
    fn a_lost_trick_is_reported_with_a_card_that_kept_it() {
        let mut s = Solver::new(12);
        // Seat 0 leads 2H: seat 1 ruffs with 3S, and side 0 takes one trick of the two.
        let a = analyse(&ending(), &cards("2H 3S 5D 7D"), &mut s).unwrap();
        assert_eq!(a.best_tricks, [8, 5]);
        assert_eq!(a.values, vec![8, 7, 7, 7, 7]);
        assert_eq!(
            a.slips,
            vec![Slip {
                trick: 12,
                seat: Seat(0),
                played: Card::new(Suit::Hearts, engine::Rank::TWO),
                better: Card::new(Suit::Spades, engine::Rank::ACE),
                before: 8,
                after: 7,
                decisive: false,
            }]
        );
    }

    #[test]
    fn a_slip_of_the_other_side_and_a_decisive_one() {
        // Side 1 (seats 1, 3) on 6 tricks needs one of the two: seat 1 leads; its ace of
        // diamonds wins at once, its 2 of clubs loses both tricks to side 0's clubs.
        let start = Position::new(
            4,
            [set("KC QC"), set("AD 2C"), set("JC TC"), set("3H 4H")],
            Trump::Sars,
            Seat(1),
            &[],
            [5, 6],
        )
        .unwrap();
        let mut s = Solver::new(12);
        let a = analyse(&start, &cards("2C JC 3H KC"), &mut s).unwrap();
        assert_eq!(a.best_tricks, [6, 7]);
        assert_eq!(a.could_win, [false, true]);
        assert_eq!(a.slips.len(), 1);
        let slip = a.slips[0];
        assert_eq!((slip.seat, slip.before, slip.after), (Seat(1), 7, 6));
        assert_eq!(slip.better, Card::new(Suit::Diamonds, engine::Rank::ACE));
        assert!(slip.decisive);
        assert_eq!(a.values, vec![6, 7, 7, 7, 7]);
    }

    #[test]
    fn bad_plays_and_states_are_refused() {
        let mut s = Solver::new(12);
        // Seat 1 holds a spade and must follow.
        let e = analyse(&ending(), &cards("AS 4D"), &mut s).unwrap_err();
        assert!(matches!(
            e,
            AnalysisError::Play(1, PositionError::Illegal(_))
        ));
        let g = Hokm::new(&Setup {
            players: 4,
            settings: HokmSettings::default(),
            deal: Deal::seeded(3),
        })
        .unwrap();
        assert_eq!(
            analyse_hokm(&g, &[], &mut s).unwrap_err(),
            AnalysisError::NotAtStart
        );
    }

    /// Whole hands of seeded games played by random legal cards: every value on the curve
    /// is the solver's own most tricks of that position, every slip's better card keeps
    /// the value, and a play that kept it is no slip.
    #[test]
    fn the_curve_of_played_hands_is_the_solvers_value() {
        for (seed, players) in [(11u64, 2u8), (12, 2), (13, 4)] {
            let mut g = Hokm::new(&Setup {
                players,
                settings: HokmSettings::default(),
                deal: Deal::seeded(seed),
            })
            .unwrap();
            let mut rng = Rng::new(seed);
            let mut legal = Vec::new();
            let mut start = None;
            let mut plays = Vec::new();
            while let Status::Acting(acting) = g.status() {
                let seat = acting.first().unwrap();
                if g.phase() == HokmPhase::Playing && start.is_none() {
                    start = Some(g.clone());
                }
                legal.clear();
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                if let HokmAction::Play(c) = a {
                    plays.push(c);
                }
                g.apply(seat, &a).unwrap();
            }
            let start = start.unwrap();
            // Four players: analyse the last 3 tricks' worth only (a full 4-player hand
            // is a long solve in a debug build); the 2-player hand whole.
            let mut s = Solver::new(16);
            let (from, skip) = if players == 4 {
                let mut p = Position::from_hokm(&start.play_position().unwrap()).unwrap();
                let skip = plays.len().saturating_sub(12);
                for &c in &plays[..skip] {
                    p.play(c).unwrap();
                }
                (p, skip)
            } else {
                let a = analyse_hokm(&start, &plays, &mut s).unwrap();
                assert_eq!(a.best_tricks[0] + a.best_tricks[1], 13);
                (
                    Position::from_hokm(&start.play_position().unwrap()).unwrap(),
                    0,
                )
            };
            let a = analyse(&from, &plays[skip..], &mut s).unwrap();
            let mut p = from;
            for (i, &c) in plays[skip..].iter().enumerate() {
                assert_eq!(a.values[i], s.max_tricks(&p, 0), "seed {seed} play {i}");
                p.play(c).unwrap();
            }
            assert_eq!(*a.values.last().unwrap(), s.max_tricks(&p, 0));
            let slips = a.values.windows(2).filter(|w| w[0] != w[1]).count();
            assert_eq!(slips, a.slips.len());
            for slip in &a.slips {
                assert!(slip.after < slip.before);
                assert_ne!(slip.better, slip.played);
            }
        }
    }
}
