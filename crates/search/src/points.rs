//! The analysis of a finished Shelem or Bidel hand (issue 12): the card-point games'
//! counterpart of [`crate::HandAnalysis`]. With every hand shown, the best result each side
//! could have reached from the deal with best play on all sides (double-dummy), and the
//! plays where the actual play lost against it.
//!
//! - Shelem (SH-3, SH-5): two sides; a side's value is the most points it can take against
//!   any defence: 5 a trick, the card points of its tricks, and for the hakem's side the
//!   discards (5 plus their card points). The two sides' best add up to the points in play.
//! - Bidel (BD-7, BD-9): one side a seat; a seat's value is the fewest points it can be held
//!   to when every other seat plays against it (the paranoid view: what the seat can be
//!   sure of, whatever the others do). Fewer is better.
//!
//! Only for a hand that is over (D-8: its hands are public then).
//!
//! Bidel's shooting the moon (BD-7) is left out of the values: a seat's value counts the
//! points it takes, as if the moon did not exist (docs/rule-decisions.md). Taking every
//! point is then the worst result, though the rules score it 0: the paranoid value is
//! what a seat can be sure to keep its points down to, not its hand score.
//!
//! Shelem's jokers (SH-3, SH-6) are analysed like any other card: the points solver plays
//! them by SH-6 in every mode (see [`crate::PointsSolver`]), a joker led in a no-trump mode
//! with the suit it named in the play analysed, and their points (red 20, black 15) count
//! wherever they end, the hakem's discards included.

use crate::analysis::AnalysisError;
use crate::points_solver::{OutOfBudget, PointsPosition, PointsRules, PointsSolver};
use engine::games::bidel::{Bidel, BidelAction, BidelEvent, BidelPhase, BidelSettings};
use engine::games::hokm::Trump;
use engine::games::shelem::{
    card_points, Shelem, ShelemAction, ShelemEvent, ShelemPhase, ShelemSettings,
};
use engine::log::{apply_step, Step as LogStep};
use engine::{Card, CardSet, Game, Rank, Seat, Setup, Suit};
use serde::{Deserialize, Serialize};

/// One play that lost value against best play, for the side of the seat that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsSlip {
    /// The trick it was played to, 1 for the first.
    pub trick: u8,
    /// The seat that played it.
    pub seat: Seat,
    /// The card played.
    pub played: Card,
    /// A card that kept the value (the lowest such card in the engine's card order).
    pub better: Card,
    /// The seat's side's value (see [`PointsAnalysis::best`]) before the play and after it.
    pub before: u16,
    pub after: u16,
    /// The play turned the hand: Shelem, before it the play's side could still reach (for
    /// the hakem's side) or still set (for the other side) the bid, after it no longer.
    /// Bidel: always false.
    pub decisive: bool,
}

/// A Shelem hand's contract (SH-4, SH-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contract {
    pub hakem: Seat,
    pub bid: u16,
    /// The hakem's side could have reached the bid against any defence.
    pub could_make: bool,
    /// The hakem's side reached the bid in the play analysed.
    pub made: bool,
}

/// The analysis of one Shelem or Bidel hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsAnalysis {
    /// Seats: Shelem 4 or 2 (SH-10); Bidel 4 or 3 (BD-1).
    pub players: u8,
    /// The hand's trump: Shelem's named trump or mode (SH-6); Bidel's trump suit in trump
    /// mode (BD-10, as `Trump::Suit`), else `None`.
    pub trump: Option<Trump>,
    /// Fewer points is better (Bidel, BD-7); else more (Shelem).
    pub fewer_is_better: bool,
    /// Per side, its best value from the deal, double-dummy. Shelem: two sides (side 0:
    /// seats 0 and 2, or seat 0 with two players), the most points each could take;
    /// they add up to the points in play. Bidel: one side a seat (side i: seat i), the
    /// fewest points it could be held to against all the others (points taken: shooting
    /// the moon, BD-7, is left out, docs/rule-decisions.md); the seats' values need not
    /// add up to anything.
    pub best: Vec<u16>,
    /// Per side, the points it took in the play analysed (Shelem: the discards included
    /// for the hakem's side; Bidel: the hearts and Q♠ — and BD-9's cards — it took, before
    /// any shooting of the moon).
    pub taken: Vec<u16>,
    /// Shelem's contract; `None` for Bidel.
    pub contract: Option<Contract>,
    /// The plays that lost value, in play order.
    pub slips: Vec<PointsSlip>,
    /// The plays analysed (the page shows `plays` as the analysis's progress total).
    pub plays: u16,
    /// The first trick analysed: 1 when the whole hand was searched; later when the
    /// solver's node budget reached back only that far (`best` and the slips are then from
    /// that trick on, the points taken before it included in `best`).
    pub from_trick: u8,
    /// Each seat's cards at the start of the analysed play, by seat (`players` of them).
    pub hands: Vec<CardSet>,
}

impl PointsAnalysis {
    /// How much of the hand this covers: (plays analysed, plays of the whole hand).
    pub fn covered(&self) -> (usize, usize) {
        let before = usize::from(self.from_trick.saturating_sub(1)) * usize::from(self.players);
        let plays = usize::from(self.plays);
        (plays, plays + before)
    }
}

impl From<OutOfBudget> for AnalysisError {
    fn from(_: OutOfBudget) -> AnalysisError {
        AnalysisError::Budget
    }
}

/// The last hand of a table, rebuilt from its setup and log with the engine's own rules:
/// the game at the start of its play, the cards played in order, and the game at its end.
/// A hand not over is [`AnalysisError::NotOver`]. Hokm's analysis uses it too.
pub(crate) fn last_hand<G: Game + Clone, P>(
    setup: &Setup<G::Settings>,
    log: &[LogStep<G::Action>],
    playing: impl Fn(&G) -> bool,
    over: impl Fn(&G) -> bool,
    played: impl Fn(&G::Event) -> Option<P>,
) -> Result<(G, Vec<P>, G), AnalysisError> {
    let mut game = G::new(setup).map_err(|e| AnalysisError::Log(0, e.to_string()))?;
    let from = engine::log::hand_start(log);
    let mut events = Vec::new();
    let mut start = None;
    let mut plays = Vec::new();
    for (i, entry) in log.iter().enumerate() {
        if i >= from && start.is_none() && playing(&game) {
            start = Some(game.clone());
        }
        events.clear();
        apply_step(&mut game, entry, &mut events)
            .map_err(|e| AnalysisError::Log(i, format!("{e:?}")))?;
        if i >= from {
            plays.extend(events.iter().filter_map(&played));
        }
    }
    if !over(&game) {
        return Err(AnalysisError::NotOver);
    }
    let start = start.ok_or(AnalysisError::NotAtStart)?;
    Ok((start, plays, game))
}

/// A play of the hand: the card, and the suit a joker led in a no-trump mode named (SH-6).
type Play = (Card, Option<Suit>);

/// The positions of the play: the start and the position after each play.
fn line_of(start: PointsPosition, plays: &[Play]) -> Result<Vec<PointsPosition>, AnalysisError> {
    let mut line = Vec::with_capacity(plays.len() + 1);
    let mut pos = start;
    line.push(pos);
    for (i, &(c, named)) in plays.iter().enumerate() {
        pos.play_named(c, named)
            .map_err(|e| AnalysisError::Play(i, e))?;
        line.push(pos);
    }
    Ok(line)
}

/// The solver's value of every position of `line`, found from the last back (each search
/// then finds the table filled by the later ones, and starts next to the value after it:
/// a maximising seat's play can only lower the value, another's only raise it).
/// `progress(k)` after the k-th position.
fn curve(
    solver: &mut PointsSolver,
    line: &[PointsPosition],
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<u16>, AnalysisError> {
    let n = line.len() - 1;
    let mut values = vec![0u16; line.len()];
    values[n] = solver.value(&line[n])?;
    for i in (0..n).rev() {
        let p = &line[i];
        let after = values[i + 1];
        let g = p.step();
        let top = p.taken() + p.remaining();
        values[i] = if p.maximising() {
            if after + g <= top && solver.can_take(p, after + g)? {
                solver.value_between(p, after + g, top, g)?
            } else {
                after
            }
        } else if after <= p.taken() || solver.can_take(p, after)? {
            after
        } else {
            solver.value_between(p, p.taken(), after - g, g)?
        };
        progress(n - i);
    }
    Ok(values)
}

/// The lowest card (engine order) of the seat to play at `p` after which the counted
/// seats' value stays at `v` or better for the mover: at least `v` for a maximising
/// mover, at most `v` for another. A joker led in a no-trump mode keeps it if it does
/// naming some suit (SH-6).
fn keeping_card(
    solver: &mut PointsSolver,
    p: &PointsPosition,
    v: u16,
) -> Result<Option<Card>, AnalysisError> {
    let maxing = p.maximising();
    let g = p.step();
    for alt in p.legal() {
        let every_suit = Suit::ALL.map(Some);
        let names: &[Option<Suit>] = if p.names_suit(alt) {
            &every_suit
        } else {
            &[None]
        };
        for &named in names {
            let mut child = *p;
            if child.play_named(alt, named).is_err() {
                continue;
            }
            let keeps = if maxing {
                solver.can_take(&child, v)?
            } else {
                !solver.can_take(&child, v + g)?
            };
            if keeps {
                return Ok(Some(alt));
            }
        }
    }
    Ok(None)
}

/// The Bidel points of a card (BD-7, BD-9).
fn bidel_points(c: Card, forty: bool) -> u8 {
    match (c.suit(), c.rank()) {
        (Suit::Hearts, _) => 1,
        (Suit::Spades, Rank::QUEEN) => 13,
        (Suit::Spades, Rank::KING | Rank::ACE) if forty => 7,
        _ => 0,
    }
}

/// The last tricks a hand analysis searches first ([`widest`]), and how many more each
/// further attempt adds.
const FIRST_TRICKS: usize = 3;
const MORE_TRICKS: usize = 1;

/// The widest analysis of a hand that fits the solver's node budget: the last
/// [`FIRST_TRICKS`] tricks first, then [`MORE_TRICKS`] more at a time back to the whole
/// hand, each attempt with what is left of the budget, stopping at the first attempt that
/// does not fit (or the whole hand). A four-player hand searched from its first trick can
/// take a minute; its last tricks take moments, so a player gets the analysis of as much of
/// the hand as the budget allows ([`PointsAnalysis::from_trick`]) rather than none.
/// `found(analysis)` after each attempt that fits, so that a caller can show the later
/// tricks' analysis while the search reaches further back (its [`PointsAnalysis::covered`]
/// tells how far). Only a hand whose last [`FIRST_TRICKS`] do not fit is
/// [`AnalysisError::Budget`].
fn widest(
    solver: &mut PointsSolver,
    found: &mut dyn FnMut(&PointsAnalysis),
    mut attempt: impl FnMut(&mut PointsSolver, usize) -> Result<PointsAnalysis, AnalysisError>,
) -> Result<PointsAnalysis, AnalysisError> {
    let mut widest = None;
    let mut last = FIRST_TRICKS;
    loop {
        match attempt(solver, last) {
            Ok(a) => {
                found(&a);
                let whole = a.from_trick == 1;
                widest = Some(a);
                if whole {
                    break;
                }
                last += MORE_TRICKS;
            }
            Err(AnalysisError::Budget) => break,
            Err(e) => return Err(e),
        }
    }
    widest.ok_or(AnalysisError::Budget)
}

/// The points solver's table for a Shelem or Bidel hand analysis, as the worker allocates
/// it: 2^22 slots of 24 bytes (96 MiB), allocated at the first such analysis and kept (a
/// hard four-player Shelem hand needed 42% fewer nodes than with 2^20 slots, 4% fewer than
/// with 2^24: docs/bots.md, "Shelem and Bidel hand analysis").
pub const POINTS_TABLE_BITS: u32 = 22;

/// The most nodes a Shelem or Bidel hand analysis may search in the worker: about 25 s
/// natively, 30 s in Chromium. The analysis covers as many of the hand's last tricks as
/// fit, and the page shows each part as it is found (the last tricks' within a second), so
/// a player reads the later tricks while the search reaches back (docs/bots.md, "Every
/// hand analysed").
pub const POINTS_BUDGET: u64 = 100_000_000;

/// Analyses the last hand of a Shelem table (SH-3, SH-5, SH-7) from its setup and log:
/// rebuilt with the engine (a hand not over is refused: [`AnalysisError::NotOver`]), each
/// side's best, the contract, and the plays that lost value for the side of the seat that
/// played them, from the deal or, where the solver's node budget
/// ([`PointsSolver::set_budget`]) does not reach back that far, from a later trick
/// (`widest`). `found(analysis)` after each part searched, the whole hand's last. Jokers
/// (SH-6) are played and counted as the engine does, in every mode.
pub fn analyse_shelem(
    setup: &Setup<ShelemSettings>,
    log: &[LogStep<ShelemAction>],
    solver: &mut PointsSolver,
    found: &mut dyn FnMut(&PointsAnalysis),
) -> Result<PointsAnalysis, AnalysisError> {
    // One hand's rules throughout: the later attempts find the table filled by the earlier.
    solver.clear();
    widest(solver, found, |solver, last| {
        shelem_from(setup, log, solver, &mut |_, _| {}, last)
    })
}

/// [`analyse_shelem`] of the `last` tricks only (`usize::MAX`: the whole hand): `best` is
/// then the value at the start of the first trick searched. The caller clears the solver's
/// table if it was used with other rules.
pub(crate) fn shelem_from(
    setup: &Setup<ShelemSettings>,
    log: &[LogStep<ShelemAction>],
    solver: &mut PointsSolver,
    progress: &mut dyn FnMut(usize, usize),
    last: usize,
) -> Result<PointsAnalysis, AnalysisError> {
    let (start, plays, end) = last_shelem_hand(setup, log)?;
    let n = start.players();
    let view = start.view(Seat(0));
    let result = end.view(Seat(0)).result.ok_or(AnalysisError::NotOver)?;
    let trump = view.trump.ok_or(AnalysisError::NotAtStart)?;
    let mut hands = [CardSet::EMPTY; 4];
    for (s, h) in hands.iter_mut().enumerate().take(n as usize) {
        *h = start.view(Seat(s as u8)).hand;
    }
    let pos = shelem_start(n, trump, hands, view.leader).map_err(AnalysisError::Position)?;
    let line = line_of(pos, &plays)?;
    let skip = plays.len().saturating_sub(last.saturating_mul(n as usize));
    let total = plays.len() - skip;
    progress(0, total);
    let mut values = vec![0; skip];
    values.extend(curve(solver, &line[skip..], &mut |k| progress(k, total))?);
    // Side 0's trick points; the discards go to the hakem's side.
    let in_tricks = pos.remaining();
    let hs = result.hakem.side();
    let disc = 5 + card_points(result.discards);
    let mine = |side: usize, v: u16| {
        let own = if side == 0 { v } else { in_tricks - v };
        own + if side == hs { disc } else { 0 }
    };
    let in_play = in_tricks + disc;
    let bid = result.bid;
    let mut slips = Vec::new();
    for (i, &(c, _)) in plays.iter().enumerate().skip(skip) {
        let p = &line[i];
        let seat = p.to_play();
        let side = seat.side();
        let (before, after) = (mine(side, values[i]), mine(side, values[i + 1]));
        if after >= before {
            continue;
        }
        let better = keeping_card(solver, p, values[i])?.unwrap_or(c);
        let decisive = if side == hs {
            before >= bid && after < bid
        } else {
            in_play - before < bid && in_play - after >= bid
        };
        slips.push(PointsSlip {
            trick: (i / n as usize) as u8 + 1,
            seat,
            played: c,
            better,
            before,
            after,
            decisive,
        });
    }
    let best = vec![mine(0, values[skip]), mine(1, values[skip])];
    Ok(PointsAnalysis {
        players: n,
        trump: Some(trump),
        fewer_is_better: false,
        contract: Some(Contract {
            hakem: result.hakem,
            bid,
            could_make: best[hs] >= bid,
            made: result.made,
        }),
        best,
        taken: result.taken.to_vec(),
        slips,
        plays: total as u16,
        from_trick: (skip / n as usize) as u8 + 1,
        hands: hands[..n as usize].to_vec(),
    })
}

/// [`last_hand`] of a Shelem table: its plays with the suit each joker led in a no-trump
/// mode named (SH-6).
pub(crate) fn last_shelem_hand(
    setup: &Setup<ShelemSettings>,
    log: &[LogStep<ShelemAction>],
) -> Result<(Shelem, Vec<Play>, Shelem), AnalysisError> {
    last_hand::<Shelem, _>(
        setup,
        log,
        |g| g.phase() == ShelemPhase::Playing,
        |g| matches!(g.phase(), ShelemPhase::HandOver | ShelemPhase::MatchOver),
        |e| match e {
            ShelemEvent::Played { card, suit, .. } => Some((*card, *suit)),
            _ => None,
        },
    )
}

/// The start of play of a Shelem hand of `players` seats (SH-3, SH-6): 5 points a
/// trick, the card points, the side of seat 0 counted (and wanting them high).
pub(crate) fn shelem_start(
    players: u8,
    mode: Trump,
    hands: [CardSet; 4],
    leader: Seat,
) -> Result<PointsPosition, crate::PositionError> {
    let rules = PointsRules {
        players,
        mode,
        trick_points: 5,
        bidel_restrictions: false,
    };
    let side0 = if players == 4 { 0b0101 } else { 0b01 };
    PointsPosition::new(
        rules,
        hands,
        leader,
        &[],
        &|c| card_points(c.bit()) as u8,
        side0,
        side0,
        0,
        true,
        false,
    )
}

/// Analyses the last hand of a Bidel table (BD-3 … BD-10) from its setup and log:
/// rebuilt with the engine (a hand not over is refused: [`AnalysisError::NotOver`]), each
/// seat's paranoid best (the fewest points it can be held to when all the others play
/// against it, the moon left out), and each seat's plays after which that value got
/// worse, from the deal or, where the solver's node budget ([`PointsSolver::set_budget`])
/// does not reach back that far, from a later trick (`widest`). `found(analysis)` after
/// each part searched, the whole hand's last.
pub fn analyse_bidel(
    setup: &Setup<BidelSettings>,
    log: &[LogStep<BidelAction>],
    solver: &mut PointsSolver,
    found: &mut dyn FnMut(&PointsAnalysis),
) -> Result<PointsAnalysis, AnalysisError> {
    // One hand's rules throughout: each seat's searches find the table filled by the
    // earlier attempts' (the seat groups are part of a class, so the seats' entries never
    // mix).
    solver.clear();
    widest(solver, found, |solver, last| {
        bidel_from(setup, log, solver, &mut |_, _| {}, last)
    })
}

/// [`analyse_bidel`] of the `last` tricks only (see [`shelem_from`]).
pub(crate) fn bidel_from(
    setup: &Setup<BidelSettings>,
    log: &[LogStep<BidelAction>],
    solver: &mut PointsSolver,
    progress: &mut dyn FnMut(usize, usize),
    last: usize,
) -> Result<PointsAnalysis, AnalysisError> {
    let (start, plays, end) = last_hand::<Bidel, _>(
        setup,
        log,
        |g| g.phase() == BidelPhase::Playing,
        |g| matches!(g.phase(), BidelPhase::HandOver | BidelPhase::MatchOver),
        |e| match e {
            BidelEvent::Played { card, .. } => Some((*card, None)),
            _ => None,
        },
    )?;
    let n = start.players();
    let view = start.view(Seat(0));
    let result = end.view(Seat(0)).result.ok_or(AnalysisError::NotOver)?;
    let forty = setup.settings.forty_point_mode;
    let trump = view.trump.and_then(|t| t.suit()).map(Trump::Suit);
    let mut hands = [CardSet::EMPTY; 4];
    for (s, h) in hands.iter_mut().enumerate().take(n as usize) {
        *h = start.view(Seat(s as u8)).hand;
    }
    let rules = PointsRules {
        players: n,
        mode: trump.unwrap_or(Trump::Sars),
        trick_points: 0,
        bidel_restrictions: true,
    };
    let all = (1u8 << n) - 1;
    let skip = plays.len().saturating_sub(last.saturating_mul(n as usize));
    let total = plays.len() - skip;
    progress(0, total);
    let mut curves = Vec::with_capacity(n as usize);
    let mut lines = Vec::with_capacity(n as usize);
    for i in 0..n {
        let pos = PointsPosition::new(
            rules,
            hands,
            view.leader,
            &[],
            &|c| bidel_points(c, forty),
            1 << i,
            all & !(1 << i),
            0,
            true,
            view.hearts_broken,
        )
        .map_err(AnalysisError::Position)?;
        let line = line_of(pos, &plays)?;
        let base = i as usize * total;
        let mut values = vec![0; skip];
        values.extend(curve(solver, &line[skip..], &mut |k| {
            progress((base + k) / n as usize, total)
        })?);
        curves.push(values);
        lines.push(line);
    }
    let mut slips = Vec::new();
    for (i, &(c, _)) in plays.iter().enumerate().skip(skip) {
        let seat = lines[0][i].to_play();
        let s = seat.idx();
        let (before, after) = (curves[s][i], curves[s][i + 1]);
        if after <= before {
            continue;
        }
        let better = keeping_card(solver, &lines[s][i], before)?.unwrap_or(c);
        slips.push(PointsSlip {
            trick: (i / n as usize) as u8 + 1,
            seat,
            played: c,
            better,
            before,
            after,
            decisive: false,
        });
    }
    progress(total, total);
    Ok(PointsAnalysis {
        players: n,
        trump,
        fewer_is_better: true,
        best: curves.iter().map(|v| v[skip]).collect(),
        taken: result.taken.iter().map(|&t| t as u16).collect(),
        contract: None,
        slips,
        plays: total as u16,
        from_trick: (skip / n as usize) as u8 + 1,
        hands: hands[..n as usize].to_vec(),
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use engine::{Deal, Rng, Status};

    /// A seeded table's log: `hands` hands played by random legal actions, the last cut
    /// after `cut` of its actions if given.
    pub(crate) fn table_log<G: Game>(
        setup: &Setup<G::Settings>,
        seed: u64,
        hands: u32,
        cut: Option<usize>,
    ) -> Vec<LogStep<G::Action>> {
        let mut g = G::new(setup).unwrap();
        let mut rng = Rng::new(seed);
        let mut legal = Vec::new();
        let mut log = Vec::new();
        let mut events = Vec::new();
        let mut hand = 1;
        let mut in_hand = 0;
        loop {
            let step = match g.status() {
                Status::Acting(acting) => {
                    if hand == hands && cut.is_some_and(|c| in_hand >= c) {
                        break;
                    }
                    let seat = acting.first().unwrap();
                    let action = g.random_action(seat, &mut rng, &mut legal).unwrap();
                    in_hand += 1;
                    LogStep::Act { seat, action }
                }
                Status::HandOver if hand < hands => {
                    hand += 1;
                    in_hand = 0;
                    LogStep::NextHand
                }
                _ => break,
            };
            apply_step(&mut g, &step, &mut events).unwrap();
            log.push(step);
        }
        log
    }

    pub(crate) fn shelem_setup(seed: u64, players: u8) -> Setup<ShelemSettings> {
        Setup {
            players,
            settings: ShelemSettings {
                sars: true,
                nars: true,
                ace_nars: true,
                ..ShelemSettings::default()
            },
            deal: Deal::seeded(seed),
        }
    }

    pub(crate) fn bidel_setup(seed: u64, players: u8) -> Setup<BidelSettings> {
        Setup {
            players,
            settings: BidelSettings {
                trump_mode: seed.is_multiple_of(2),
                forty_point_mode: seed.is_multiple_of(3),
                ..BidelSettings::default()
            },
            deal: Deal::seeded(seed),
        }
    }

    /// Checks what holds for any analysis: the slips' direction, the better card, the
    /// plays and hands.
    fn consistent(a: &PointsAnalysis, log_plays: usize) {
        assert_eq!(a.plays as usize, log_plays);
        assert_eq!(a.hands.len(), a.players as usize);
        for s in &a.slips {
            if a.fewer_is_better {
                assert!(s.after > s.before, "{s:?}");
                assert!(!s.decisive);
            } else {
                assert!(s.after < s.before, "{s:?}");
            }
            assert_ne!(s.better, s.played, "{s:?}");
            assert!(a.hands[s.seat.idx()].contains(s.played));
            assert!(a.hands[s.seat.idx()].contains(s.better));
        }
        assert!(a.slips.windows(2).all(|w| w[0].trick <= w[1].trick));
    }

    /// SH-3, SH-5, SH-7, SH-10: whole random hands (some the second hand of the table,
    /// after a NextHand): the side bests add up to the points in play, the contract
    /// agrees with them, and a side without slips took at least its best.
    #[test]
    fn shelem_hands_of_random_play() {
        // Two players: whole hands; four: the last three tricks (a whole four-player hand
        // is a long search in a debug build).
        for (seed, players, hands) in [(1u64, 2u8, 1u32), (2, 2, 2), (3, 4, 1), (4, 4, 2)] {
            let setup = shelem_setup(seed, players);
            let log = table_log::<Shelem>(&setup, seed, hands, None);
            let plays = log
                .iter()
                .rev()
                .take_while(|e| !matches!(e, LogStep::NextHand))
                .filter(|e| {
                    matches!(
                        e,
                        LogStep::Act {
                            action: ShelemAction::Play(_),
                            ..
                        }
                    )
                })
                .count();
            let last = if players == 4 { 3 } else { usize::MAX };
            let plays = if players == 4 { 12 } else { plays };
            let mut s = PointsSolver::new(16);
            let mut calls = Vec::new();
            let a =
                shelem_from(&setup, &log, &mut s, &mut |d, t| calls.push((d, t)), last).unwrap();
            assert_eq!(a.from_trick, if players == 4 { 10 } else { 1 });
            // SH-3 / SH-10: 165 with four players; with two, whatever the deal holds (the
            // engine's own count: every point is taken by one side).
            let in_play: u16 = a.taken.iter().sum();
            if players == 4 {
                assert_eq!(in_play, 165);
            }
            assert_eq!(a.best.iter().sum::<u16>(), in_play, "seed {seed}");
            let c = a.contract.unwrap();
            assert_eq!(c.could_make, a.best[c.hakem.side()] >= c.bid);
            assert!(!a.fewer_is_better);
            assert_eq!(calls.first(), Some(&(0, plays)));
            assert_eq!(calls.last(), Some(&(plays, plays)));
            consistent(&a, plays);
            // A side that made no slip kept its best: it took at least its best (the
            // other side's slips can only give it more).
            for side in 0..2 {
                if a.slips.iter().all(|x| x.seat.side() != side) {
                    assert!(
                        a.taken[side] >= a.best[side],
                        "seed {seed} side {side}: {a:?}"
                    );
                }
            }
        }
    }

    pub(crate) fn shelem_setup_jokers(
        seed: u64,
        players: u8,
        jokers: bool,
    ) -> Setup<ShelemSettings> {
        let mut s = shelem_setup(seed, players);
        s.settings.jokers = jokers;
        s
    }

    /// SH-3, SH-6, SH-10: hands with jokers on, played at random, 4 and 2 players, in trump
    /// and no-trump modes, each with a joker in a player's hand: at every play the solver's
    /// legal cards and the reference rules' (points_solver::reference) are the engine's;
    /// the solver's and the reference's points after the hand are the engine's (every
    /// trick's winner and its jokers' points); the analysis (2 players: the whole hand;
    /// 4: its last three tricks) is consistent and its sides' bests add up to the points in
    /// play, 200 with four players.
    #[test]
    fn shelem_hands_with_jokers() {
        use crate::points_solver::reference;
        let mut seen = [[0u32; 2]; 2];
        for seed in 100..400u64 {
            let players = if seed % 2 == 0 { 4 } else { 2 };
            let setup = shelem_setup_jokers(seed, players, true);
            let log = table_log::<Shelem>(&setup, seed, 1, None);
            let (start, plays, end) = last_shelem_hand(&setup, &log).unwrap();
            let view = start.view(Seat(0));
            let mode = view.trump.unwrap();
            let nt = mode.suit().is_none() as usize;
            let mut hands = [CardSet::EMPTY; 4];
            for (s, h) in hands.iter_mut().enumerate().take(players as usize) {
                *h = start.view(Seat(s as u8)).hand;
            }
            let held = hands.iter().any(|h| h.iter().any(|c| c.is_joker()));
            let p4 = (players == 4) as usize;
            if !held || seen[p4][nt] >= 2 {
                continue;
            }
            seen[p4][nt] += 1;
            let side0 = if players == 4 { 0b0101 } else { 0b01 };
            let mut pos = shelem_start(players, mode, hands, view.leader).unwrap();
            let mut e = reference::Ending {
                n: players,
                hands,
                mode,
                leader: view.leader,
                trick: Vec::new(),
                led: None,
                count: side0,
                taken: 0,
            };
            let mut g = start.clone();
            for &(c, named) in &plays {
                let seat = g.turn().unwrap();
                let engine = g.legal_cards(seat);
                assert_eq!(pos.legal(), engine, "SH-6 seed {seed}");
                let refs: CardSet = e.legal().iter().map(|&(c, _)| c).collect();
                assert_eq!(refs, engine, "SH-6 seed {seed}");
                assert_eq!(pos.names_suit(c), named.is_some(), "seed {seed}");
                let action = match named {
                    Some(suit) => ShelemAction::JokerLead { joker: c, suit },
                    None => ShelemAction::Play(c),
                };
                g.apply(seat, &action).unwrap();
                pos.play_named(c, named).unwrap();
                e.play(c, named);
            }
            let result = end.view(Seat(0)).result.unwrap();
            let disc = 5 + card_points(result.discards);
            let hakem0 = (result.hakem.side() == 0) as u16;
            assert_eq!(pos.taken() + hakem0 * disc, result.taken[0], "seed {seed}");
            assert_eq!(e.taken + hakem0 * disc, result.taken[0], "seed {seed}");
            // The analysis.
            let last = if players == 4 { 3 } else { usize::MAX };
            let mut s = PointsSolver::new(16);
            let a = shelem_from(&setup, &log, &mut s, &mut |_, _| {}, last).unwrap();
            let n_plays = if players == 4 { 12 } else { plays.len() };
            consistent(&a, n_plays);
            let in_play: u16 = a.taken.iter().sum();
            if players == 4 {
                assert_eq!(in_play, 200, "SH-3 seed {seed}");
            }
            assert_eq!(a.best.iter().sum::<u16>(), in_play, "seed {seed}");
            for side in 0..2 {
                if a.slips.iter().all(|x| x.seat.side() != side) {
                    assert!(a.taken[side] >= a.best[side], "seed {seed}: {a:?}");
                }
            }
        }
        assert_eq!(
            seen,
            [[2, 2], [2, 2]],
            "hands of each kind with a joker held"
        );
    }

    /// BD-3 … BD-10: random hands, 4 and 3 players, with and without trump and the
    /// 40-point mode, their last four tricks (a whole hand is a long search in a debug
    /// build); a seat without slips took at most its paranoid best (BD-7 points, the moon
    /// left out), and the points add up.
    #[test]
    fn bidel_hands_of_random_play() {
        for (seed, players, hands) in [(1u64, 3u8, 1u32), (2, 4, 2), (3, 4, 1), (4, 3, 2)] {
            let setup = bidel_setup(seed, players);
            let log = table_log::<Bidel>(&setup, seed, hands, None);
            let plays = 4 * players as usize;
            let mut s = PointsSolver::new(16);
            let mut calls = Vec::new();
            let a = bidel_from(&setup, &log, &mut s, &mut |d, t| calls.push((d, t)), 4).unwrap();
            assert_eq!(a.from_trick, if players == 4 { 10 } else { 14 });
            assert_eq!(calls.first(), Some(&(0, plays)));
            assert_eq!(calls.last(), Some(&(plays, plays)));
            assert!(calls.windows(2).all(|w| w[0].0 <= w[1].0));
            assert!(a.fewer_is_better);
            assert_eq!(a.best.len(), players as usize);
            assert_eq!(a.contract, None);
            consistent(&a, plays);
            let total: u16 = a.taken.iter().sum();
            assert_eq!(
                total,
                if setup.settings.forty_point_mode {
                    40
                } else {
                    26
                }
            );
            for seat in 0..players as usize {
                if a.slips.iter().all(|x| x.seat.idx() != seat) {
                    assert!(
                        a.taken[seat] <= a.best[seat],
                        "seed {seed} seat {seat}: {a:?}"
                    );
                }
            }
        }
    }

    /// D-8: a hand in progress is refused, and so is a log that does not apply; neither
    /// panics.
    #[test]
    fn hands_in_progress_and_bad_logs_are_refused() {
        let mut s = PointsSolver::new(10);
        let setup = shelem_setup(7, 4);
        let log = table_log::<Shelem>(&setup, 7, 1, Some(20));
        let e = analyse_shelem(&setup, &log, &mut s, &mut |_| {}).unwrap_err();
        assert_eq!(e, AnalysisError::NotOver);
        let full = table_log::<Shelem>(&setup, 7, 1, None);
        let mut bad = full.clone();
        bad.insert(2, LogStep::NextHand);
        assert!(matches!(
            analyse_shelem(&setup, &bad, &mut s, &mut |_| {}),
            Err(AnalysisError::Log(2, _))
        ));
        assert_eq!(
            analyse_shelem(&setup, &[], &mut s, &mut |_| {}).unwrap_err(),
            AnalysisError::NotOver
        );

        let setup = bidel_setup(7, 4);
        let log = table_log::<Bidel>(&setup, 7, 1, Some(30));
        let e = analyse_bidel(&setup, &log, &mut s, &mut |_| {}).unwrap_err();
        assert_eq!(e, AnalysisError::NotOver);
        let mut bad = table_log::<Bidel>(&setup, 7, 1, None);
        bad.swap(10, 11);
        bad.push(LogStep::Timeout { seat: Seat(9) });
        assert!(matches!(
            analyse_bidel(&setup, &bad, &mut s, &mut |_| {}),
            Err(AnalysisError::Log(_, _))
        ));
        // A budget too small for the hand: refused, not a wrong answer.
        let full = table_log::<Bidel>(&setup, 7, 1, None);
        s.set_budget(100);
        assert_eq!(
            analyse_bidel(&setup, &full, &mut s, &mut |_| {}).unwrap_err(),
            AnalysisError::Budget
        );
    }

    /// A budget that reaches back only part of a four-player hand: the analysis covers the
    /// last tricks it could search (at least FIRST_TRICKS, at a trick's start), the same as
    /// the direct search of those tricks; its progress says how far it got. Enough budget
    /// (a two-player Shelem hand) covers the whole hand.
    #[test]
    fn the_analysis_covers_as_much_of_the_hand_as_the_budget_allows() {
        let setup = shelem_setup(11, 4);
        let log = table_log::<Shelem>(&setup, 11, 1, None);
        let mut s = PointsSolver::new(16);
        s.set_budget(2_000_000);
        let mut calls = Vec::new();
        let a = analyse_shelem(&setup, &log, &mut s, &mut |a| calls.push(a.covered())).unwrap();
        assert!(
            (2..=10).contains(&a.from_trick),
            "from trick {}",
            a.from_trick
        );
        assert_eq!(usize::from(a.plays), (13 - usize::from(a.from_trick)) * 4);
        assert_eq!(calls.last(), Some(&(usize::from(a.plays), 48)));
        assert!(calls.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 == 48));
        let last = 13 - usize::from(a.from_trick);
        let mut fresh = PointsSolver::new(16);
        let direct = shelem_from(&setup, &log, &mut fresh, &mut |_, _| {}, last).unwrap();
        assert_eq!(a, direct);
        assert_eq!(a.best.iter().sum::<u16>(), 165, "SH-3");

        let setup = shelem_setup(12, 2);
        let log = table_log::<Shelem>(&setup, 12, 1, None);
        s.set_budget(u64::MAX);
        let a = analyse_shelem(&setup, &log, &mut s, &mut |_| {}).unwrap();
        assert_eq!((a.from_trick, a.plays), (1, 24));
    }
}

/// The figures of docs/bots.md ("Shelem and Bidel hand analysis (points)"):
/// `HANDS=10 BUDGET=40000000 cargo test --release -p search points_speed -- --ignored --nocapture`
/// (`TABLE_BITS=n`: a table of 2^n slots, 20 by default; the worker's is 22).
#[cfg(test)]
mod speed {
    use super::tests::{bidel_setup, shelem_setup_jokers, table_log};
    use super::*;
    use engine::Rng;
    use std::time::Instant;

    fn quantiles(mut t: Vec<f64>) -> String {
        if t.is_empty() {
            return "n 0".to_string();
        }
        t.sort_by(|a, b| a.total_cmp(b));
        let q = |f: f64| t[((t.len() - 1) as f64 * f).round() as usize];
        format!(
            "n {} p50 {:.3}s p95 {:.3}s max {:.3}s",
            t.len(),
            q(0.5),
            q(0.95),
            t[t.len() - 1]
        )
    }

    fn deal(rng: &mut Rng, each: usize) -> [CardSet; 4] {
        let mut deck: Vec<Card> = CardSet::DECK.iter().collect();
        rng.shuffle(&mut deck);
        let mut hands = [CardSet::EMPTY; 4];
        for (s, h) in hands.iter_mut().enumerate() {
            *h = deck[s * each..(s + 1) * each].iter().copied().collect();
        }
        hands
    }

    /// A node count in millions.
    struct Mn(u64);

    fn list(v: &[Mn]) -> String {
        let parts: Vec<String> = v
            .iter()
            .map(|m| format!("{:.1}M", m.0 as f64 / 1e6))
            .collect();
        parts.join(" ")
    }

    fn env(name: &str, default: u64) -> u64 {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    }

    /// Nodes of one value search on random four-player deals of `TRICKS` tricks, with
    /// each of the solver's parts off and on (A/B on the same positions):
    /// `DEALS=6 TRICKS=9 cargo test --release -p search points_ab -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn points_ab() {
        let deals = env("DEALS", 6);
        let tricks = env("TRICKS", 9) as usize;
        let mut rng = Rng::new(7);
        let mut s = PointsSolver::new(20);
        let configs = [(false, true), (true, true), (false, false), (true, false)];
        let min_depth = std::env::var("MIN_DEPTH").ok().and_then(|v| v.parse().ok());
        let variant = env("VARIANT", crate::points_solver::VARIANT as u64) as u8;
        s.set_tuning(min_depth, variant);
        for bidel in [false, true] {
            let mut total = [0u64; 4];
            for _ in 0..deals {
                let p = four_players(&mut rng, bidel, tricks, false);
                let mut values = Vec::new();
                for (i, &(bounds, exact)) in configs.iter().enumerate() {
                    s.set_quick_bounds(bounds);
                    s.set_exact_classes(exact);
                    s.set_budget(u64::MAX);
                    let n0 = s.nodes();
                    values.push(s.value(&p).unwrap());
                    total[i] += s.nodes() - n0;
                }
                assert!(values.windows(2).all(|w| w[0] == w[1]), "{values:?}");
            }
            println!(
                "{} {deals} deals of {tricks} tricks, nodes (bounds, exact classes): {}",
                if bidel { "Bidel" } else { "Shelem" },
                configs
                    .iter()
                    .zip(total)
                    .map(|(c, t)| format!("{c:?} {:.2}M ({t})", t as f64 / 1e6))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        s.set_quick_bounds(true);
        s.set_exact_classes(false);
        s.set_tuning(None, crate::points_solver::VARIANT);
    }

    /// A four-player deal of `each` cards a seat: Shelem (a random trump) or Bidel (no
    /// trump; seat 0 counted against the others). `first`: the hand's first trick (in
    /// Bidel, BD-3 … BD-5 and the 2♣ leads); else seat 0 leads, without restrictions.
    fn four_players(rng: &mut Rng, bidel: bool, each: usize, first: bool) -> PointsPosition {
        let restrictions = bidel && first;
        let hands = deal(rng, each);
        let leader = if restrictions {
            (0..4)
                .find(|&i| hands[i].contains(Card::new(Suit::Clubs, Rank::TWO)))
                .unwrap_or(0)
        } else {
            0
        };
        let rules = PointsRules {
            players: 4,
            mode: if bidel {
                Trump::Sars
            } else {
                Trump::Suit(Suit::ALL[rng.below(4) as usize])
            },
            trick_points: if bidel { 0 } else { 5 },
            bidel_restrictions: restrictions,
        };
        let pts = |c: Card| {
            if bidel {
                bidel_points(c, false)
            } else {
                card_points(c.bit()) as u8
            }
        };
        let (count, max) = if bidel { (1, 0b1110) } else { (0b0101, 0b0101) };
        PointsPosition::new(
            rules,
            hands,
            Seat(leader as u8),
            &[],
            &pts,
            count,
            max,
            0,
            first,
            false,
        )
        .unwrap()
    }

    /// The trump or mode named in the last hand of a Shelem table (for the measures).
    fn shelem_mode(setup: &Setup<ShelemSettings>, log: &[LogStep<ShelemAction>]) -> Option<Trump> {
        let (start, _, _) = last_hand::<Shelem, Card>(
            setup,
            log,
            |g| g.phase() == ShelemPhase::Playing,
            |g| matches!(g.phase(), ShelemPhase::HandOver | ShelemPhase::MatchOver),
            |_| None,
        )
        .ok()?;
        start.view(Seat(0)).trump
    }

    #[test]
    #[ignore]
    fn points_speed() {
        let hands_n = env("HANDS", 10);
        let deals = env("DEALS", 3);
        let budget = env("BUDGET", 40_000_000);
        let full_budget = env("FULL_BUDGET", 100_000_000);
        let mut rng = Rng::new(2026);
        let mut s = PointsSolver::new(env("TABLE_BITS", 20) as u32);
        let only_shelem = env("ONLY_SHELEM", 0) == 1;
        for bidel in [false, true] {
            if bidel && only_shelem {
                continue;
            }
            let mut times = Vec::new();
            let mut nodes = 0;
            let mut refused = 0;
            let mut per_run = Vec::new();
            for _ in 0..deals {
                let p = four_players(&mut rng, bidel, if bidel { 13 } else { 12 }, true);
                s.clear();
                s.set_budget(full_budget);
                let n0 = s.nodes();
                let t = Instant::now();
                let v = s.value(&p);
                if v.is_err() {
                    refused += 1;
                }
                times.push(t.elapsed().as_secs_f64());
                nodes += s.nodes() - n0;
                per_run.push(format!(
                    "{:?}:{:.1}M",
                    v.ok(),
                    (s.nodes() - n0) as f64 / 1e6
                ));
            }
            let secs: f64 = times.iter().sum();
            println!(
                "{} 4p full deal value: {} ({:.2} M nodes/s, over {full_budget} nodes: {refused}; value:nodes {per_run:?})",
                if bidel { "Bidel (one seat)" } else { "Shelem" },
                quantiles(times),
                nodes as f64 / secs / 1e6
            );
        }
        // The whole four-player hand searched directly (no shorter attempts first), within
        // WHOLE_BUDGET nodes: its node count, or "over".
        let whole_budget = env("WHOLE_BUDGET", 0);
        // JOKERS=1: the Shelem hands below with jokers on (SH-3, SH-6; other deals: the
        // deck has 54 cards), marked "J" where a player holds a joker.
        let jokers = env("JOKERS", 0) == 1;
        let skip = env("SKIP", 0);
        if let Ok(d) = std::env::var("MIN_DEPTH") {
            s.set_tuning(d.parse().ok(), crate::points_solver::VARIANT);
        }
        // ONLY_BIDEL=1 leaves the Shelem analyses out; BIDEL_PLAYERS=4 (or 3) one Bidel size.
        let only_bidel = env("ONLY_BIDEL", 0) == 1;
        if whole_budget > 0 {
            for bidel in [false, true] {
                if (bidel && only_shelem) || (!bidel && only_bidel) {
                    continue;
                }
                let mut runs = Vec::new();
                let mut times = Vec::new();
                for seed in skip..hands_n {
                    s.clear();
                    s.set_budget(whole_budget);
                    let n0 = s.nodes();
                    let t = Instant::now();
                    let (r, mode) = if bidel {
                        let setup = bidel_setup(2000 + seed, 4);
                        let log = table_log::<Bidel>(&setup, 2000 + seed, 2, None);
                        let r = bidel_from(&setup, &log, &mut s, &mut |_, _| {}, usize::MAX);
                        (r, String::new())
                    } else {
                        let setup = shelem_setup_jokers(1000 + seed, 4, jokers);
                        let log = table_log::<Shelem>(&setup, 1000 + seed, 1, None);
                        let r = shelem_from(&setup, &log, &mut s, &mut |_, _| {}, usize::MAX);
                        (r, format!(" {:?}", shelem_mode(&setup, &log)))
                    };
                    times.push(t.elapsed().as_secs_f64());
                    let used = s.nodes() - n0;
                    runs.push(match r {
                        Ok(a) => format!(
                            "{:.1}M best {:?}{mode}{}",
                            used as f64 / 1e6,
                            a.best,
                            if a.hands.iter().any(|h| h.iter().any(|c| c.is_joker())) {
                                " J"
                            } else {
                                ""
                            }
                        ),
                        Err(e) => format!("over ({e:?}){mode}"),
                    });
                }
                println!(
                    "{} 4p whole-hand analysis (direct, budget {whole_budget}): {} {runs:?}",
                    if bidel { "Bidel" } else { "Shelem" },
                    quantiles(times)
                );
            }
        }
        for players in [2u8, 4] {
            if only_bidel {
                break;
            }
            let mut times = Vec::new();
            let (mut refused, mut from, mut nodes) = (0, Vec::new(), Vec::new());
            let n = if players == 2 { 50 } else { hands_n };
            for seed in 0..n {
                let setup = shelem_setup_jokers(1000 + seed, players, jokers);
                let log = table_log::<Shelem>(&setup, 1000 + seed, 1, None);
                s.set_budget(budget);
                let n0 = s.nodes();
                let t = Instant::now();
                match analyse_shelem(&setup, &log, &mut s, &mut |_| {}) {
                    Ok(a) => from.push(a.from_trick),
                    Err(_) => refused += 1,
                }
                times.push(t.elapsed().as_secs_f64());
                nodes.push(Mn(s.nodes() - n0));
            }
            println!(
                "Shelem {players}p hand analysis: {} (refused {refused}, from trick {from:?}, whole {} of {n}, budget {budget}; nodes {})",
                quantiles(times),
                from.iter().filter(|&&f| f == 1).count(),
                list(&nodes)
            );
        }
        let bidel_players = env("BIDEL_PLAYERS", 0) as u8;
        for players in [4u8, 3] {
            if only_shelem {
                break;
            }
            if bidel_players != 0 && players != bidel_players {
                continue;
            }
            let mut times = Vec::new();
            let (mut refused, mut from, mut nodes) = (0, Vec::new(), Vec::new());
            for seed in 0..hands_n {
                let setup = bidel_setup(2000 + seed, players);
                let log = table_log::<Bidel>(&setup, 2000 + seed, 2, None);
                s.set_budget(budget);
                let n0 = s.nodes();
                let t = Instant::now();
                match analyse_bidel(&setup, &log, &mut s, &mut |_| {}) {
                    Ok(a) => from.push(a.from_trick),
                    Err(_) => refused += 1,
                }
                times.push(t.elapsed().as_secs_f64());
                nodes.push(Mn(s.nodes() - n0));
            }
            println!(
                "Bidel {players}p hand analysis: {} (refused {refused}, from trick {from:?}, whole {} of {hands_n}, budget {budget}; nodes {})",
                quantiles(times),
                from.iter().filter(|&&f| f == 1).count(),
                list(&nodes)
            );
        }
    }
}
