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
use engine::games::hokm::{Hokm, HokmAction, HokmEvent, HokmPhase, HokmSettings, Trump};
use engine::log::Step as LogStep;
use engine::{Card, Seat, Setup};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One play that lost value against best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Per side, the tricks it took in the play analysed (a Hokm hand stops at 7, HK-7).
    pub taken: [u8; 2],
    /// Each seat's cards at the start of the analysed play, by seat (`players` of them).
    pub hands: Vec<engine::CardSet>,
}

/// Why a hand could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// A table's log does not apply to its setup (its entry, 0-based, and why).
    Log(usize, String),
    /// The table's last hand is not over: its hands are not public yet (D-8).
    NotOver,
    /// The game is not at the start of the play of a hand (every hand open, no card played).
    NotAtStart,
    /// The position or a play is not valid: the play's index (0-based) and why.
    Play(usize, PositionError),
    /// The position's parts are not valid.
    Position(PositionError),
    /// The search needed more nodes than its budget
    /// ([`crate::PointsSolver::set_budget`]): the hand is not analysed.
    Budget,
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::NotAtStart => {
                write!(f, "the game is not at the start of the play of a hand")
            }
            AnalysisError::Play(i, e) => write!(f, "play {}: {e}", i + 1),
            AnalysisError::Log(i, e) => write!(f, "log entry {}: {e}", i + 1),
            AnalysisError::NotOver => write!(f, "the hand is not over"),
            AnalysisError::Position(e) => write!(f, "{e}"),
            AnalysisError::Budget => write!(f, "the search needed more than its node budget"),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// The last hand of a Hokm table, rebuilt from its setup and log (the engine's own rules
/// check every entry): the game at the start of its play (every hand, trump named, no card
/// played) and the cards played in order. Only for a hand that
/// is over (D-8: then its hands are public); a hand in progress is [`AnalysisError::NotOver`].
pub fn finished_hokm_hand(
    setup: &Setup<HokmSettings>,
    log: &[LogStep<HokmAction>],
) -> Result<(Hokm, Vec<Card>), AnalysisError> {
    let (start, plays, _) = crate::points::last_hand::<Hokm, _>(
        setup,
        log,
        |g| g.phase() == HokmPhase::Playing,
        |g| matches!(g.phase(), HokmPhase::HandOver | HokmPhase::MatchOver),
        |e| match e {
            HokmEvent::Played { card, .. } => Some(*card),
            _ => None,
        },
    )?;
    Ok((start, plays))
}

/// Analyses a Hokm hand from `game` at the start of its play (trump named, 13 cards a
/// seat, no card played) and the cards then played, in order (the hand's `Played`
/// events). For a finished local hand: the game state before the first card holds every
/// hand.
pub fn analyse_hokm(
    game: &Hokm,
    plays: &[Card],
    solver: &mut Solver,
) -> Result<HandAnalysis, AnalysisError> {
    analyse_hokm_with(game, plays, solver, &mut |_, _| {})
}

/// [`analyse_hokm`] telling `progress` how far it is: `(plays analysed, plays)`, from
/// `(0, plays)` to `(plays, plays)` (the plays are analysed from the last one back). A caller that shows the progress (the Web
/// Worker) passes it on.
pub fn analyse_hokm_with(
    game: &Hokm,
    plays: &[Card],
    solver: &mut Solver,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<HandAnalysis, AnalysisError> {
    let p = game.play_position().ok_or(AnalysisError::NotAtStart)?;
    if !p.trick.is_empty() || p.tricks != [0, 0] {
        return Err(AnalysisError::NotAtStart);
    }
    let pos = Position::from_hokm(&p).map_err(AnalysisError::Position)?;
    analyse_with(&pos, plays, solver, progress)
}

/// [`analyse_hokm`] from any open position (for example an ending) and the plays from it.
pub fn analyse(
    start: &Position,
    plays: &[Card],
    solver: &mut Solver,
) -> Result<HandAnalysis, AnalysisError> {
    analyse_with(start, plays, solver, &mut |_, _| {})
}

/// [`analyse`] telling `progress` how far it is (see [`analyse_hokm_with`]).
pub fn analyse_with(
    start: &Position,
    plays: &[Card],
    solver: &mut Solver,
    progress: &mut dyn FnMut(usize, usize),
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
    // The value curve is found backwards, from the last position (few tricks left, a small
    // search) to the deal: each position's search then finds the table filled by the
    // later ones, and needs one or two zero-window searches next to the value after it
    // (side 0's value can only fall on side 0's play and rise on side 1's), where a cold
    // search of the deal would need several.
    let n = plays.len();
    progress(0, n);
    let mut values = vec![0u8; line.len()];
    values[n] = solver.max_tricks(&line[n], 0);
    for i in (0..n).rev() {
        let pos = &line[i];
        let after = values[i + 1];
        let mut v = after;
        if pos.to_play().side() == 0 {
            while v < total - pos.tricks[1] && solver.can_take(pos, 0, v + 1) {
                v += 1;
            }
        } else {
            while v > pos.tricks[0] && !solver.can_take(pos, 0, v) {
                v -= 1;
            }
        }
        values[i] = v;
        progress(n - i, n);
    }
    let first = values[0];
    let mut slips = Vec::new();
    for (i, &c) in plays.iter().enumerate() {
        let before_pos = &line[i];
        let (v, w) = (values[i], values[i + 1]);
        let seat = before_pos.to_play();
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
        taken: pos.tricks,
        hands: (0..start.players()).map(|s| start.hand(Seat(s))).collect(),
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

#[cfg(test)]
mod log_tests {
    use super::*;
    use engine::games::hokm::HokmSettings;
    use engine::{Deal, Game, Rng, Status};

    /// A seeded 2-player table's log: its first hand played by random legal actions, cut
    /// after `cut` actions if given.
    fn table_log(seed: u64, cut: Option<usize>) -> (Setup<HokmSettings>, Vec<LogStep<HokmAction>>) {
        let setup = Setup {
            players: 2,
            settings: HokmSettings::default(),
            deal: Deal::seeded(seed),
        };
        let mut g = Hokm::new(&setup).unwrap();
        let mut rng = Rng::new(seed);
        let mut legal = Vec::new();
        let mut log = Vec::new();
        while let Status::Acting(acting) = g.status() {
            if cut.is_some_and(|c| log.len() >= c) {
                break;
            }
            let seat = acting.first().unwrap();
            let action = g.random_action(seat, &mut rng, &mut legal).unwrap();
            g.apply(seat, &action).unwrap();
            log.push(LogStep::Act { seat, action });
        }
        (setup, log)
    }

    /// D-8: a finished hand is rebuilt from the table's log, its plays are the cards played;
    /// a hand in progress or a log that does not apply is refused.
    #[test]
    fn a_finished_hand_is_rebuilt_from_its_log_and_one_in_progress_is_refused() {
        let (setup, log) = table_log(21, None);
        let (start, plays) = finished_hokm_hand(&setup, &log).unwrap();
        assert_eq!(start.phase(), HokmPhase::Playing);
        let played = log
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    LogStep::Act {
                        action: HokmAction::Play(_),
                        ..
                    }
                )
            })
            .count();
        assert_eq!(plays.len(), played);
        let mut s = Solver::new(16);
        let a = analyse_hokm(&start, &plays, &mut s).unwrap();
        assert_eq!(a.best_tricks[0] + a.best_tricks[1], 13);
        assert!(
            a.taken.contains(&7),
            "the hand ends at 7 tricks (HK-7): {:?}",
            a.taken
        );
        assert_eq!(a.hands.len(), 2);
        assert!(a.hands.iter().all(|h| h.len() == 13));

        let mut short = log.clone();
        short.pop();
        assert_eq!(
            finished_hokm_hand(&setup, &short).unwrap_err(),
            AnalysisError::NotOver
        );
        let mut bad = log.clone();
        bad.insert(3, LogStep::NextHand);
        assert!(matches!(
            finished_hokm_hand(&setup, &bad),
            Err(AnalysisError::Log(3, _))
        ));
    }
}
