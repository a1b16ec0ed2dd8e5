//! The match's score sheet: every finished hand's points per side and the running totals,
//! rebuilt from a table's action log by replaying it with the engine (no state of its own in
//! the table's reducer), and what the sheet needs to know of each game's rules: the target
//! line, and whether the lowest total wins. Pure functions; the screens are in
//! [`crate::components::sheet`].

use crate::adapters::UiGame;
use crate::config::SeatKind;
use crate::route::Route;
use crate::state::{setup_of, LogEntry, TableState};
use crate::stats::{match_key, MatchRecord};
use engine::tally::Tally;
use engine::{Game, Setup};

/// One finished hand on the sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandLine {
    /// The points each side scored this hand (Crazy Eights' Countdown: the change of each
    /// score, 0 or below).
    pub points: Vec<i32>,
    /// The match totals after this hand, one per side (the engine's [`Game::totals`]).
    pub totals: Vec<i32>,
}

/// The sheet of a match so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// The totals before the first hand (0 each, or Countdown's starting scores).
    pub start: Vec<i32>,
    /// Every finished hand, in order.
    pub lines: Vec<HandLine>,
    /// The sides that won, once the match is over.
    pub winners: Option<Vec<usize>>,
}

impl History {
    /// The number of sides.
    pub fn sides(&self) -> usize {
        self.start.len()
    }

    /// The totals after the last finished hand (the start before any).
    pub fn totals(&self) -> &[i32] {
        self.lines.last().map_or(&self.start[..], |l| &l.totals[..])
    }
}

/// What the sheet shows of a game's rules: the engine's [`engine::Scoring`] (target line,
/// lowest total wins, points that are the totals themselves).
pub type SheetRules = engine::Scoring;

/// The sheet's rules of `G` with these room settings, as the engine says
/// ([`Game::scoring`]).
pub fn sheet_rules<G: UiGame>(settings: &G::Settings) -> SheetRules {
    G::scoring(settings)
}

/// Replays `log` on a game made from `setup` and collects the score of every hand that
/// ended ([`Game::hand_score`]) with the totals after it. A log entry that does not apply
/// ends the sheet there (nothing panics).
pub fn hand_history<G: Game>(
    setup: &Setup<G::Settings>,
    log: &[LogEntry<G::Action>],
    points_are_totals: bool,
) -> History {
    Tally::of_log::<G>(setup, log)
        .map(|t| history_of(&t, points_are_totals))
        .unwrap_or_default()
}

/// The sheet of a match's [`Tally`]: the one an offline table keeps from its log, or the
/// one an online room sends every seat (`sheet`, docs/protocol.md). Where a hand's points
/// are the totals themselves (Countdown), a line shows the change of each total.
pub fn history_of(tally: &Tally, points_are_totals: bool) -> History {
    let mut lines: Vec<HandLine> = Vec::with_capacity(tally.hands.len());
    for hand in &tally.hands {
        let points = if points_are_totals {
            let before = lines.last().map_or(&tally.start, |l| &l.totals);
            hand.totals
                .iter()
                .enumerate()
                .map(|(i, t)| t - before.get(i).copied().unwrap_or(0))
                .collect()
        } else {
            hand.points.clone()
        };
        lines.push(HandLine {
            points,
            totals: hand.totals.clone(),
        });
    }
    History {
        start: tally.start.clone(),
        lines,
        winners: tally.winners.clone(),
    }
}

/// The best hand of `side` on the sheet: its highest points, or its lowest where the lowest
/// total wins. `None` before any hand ended.
pub fn best_hand(history: &History, side: usize, lower_wins: bool) -> Option<i32> {
    let points = history
        .lines
        .iter()
        .filter_map(|l| l.points.get(side).copied());
    if lower_wins {
        points.min()
    } else {
        points.max()
    }
}

/// The side of the seat played by "you" (the owner of this device), if one is yours.
pub fn your_side<G: UiGame>(st: &TableState<G>) -> Option<usize> {
    let you = st
        .config
        .players
        .iter()
        .position(|p| p.kind == SeatKind::You)?;
    Some(G::seat_side(st.seat_of(you)))
}

/// The sheet of a table so far.
pub fn table_history<G: UiGame>(st: &TableState<G>) -> History {
    let rules = sheet_rules::<G>(&st.config.settings);
    let log = st.log().unwrap_or_default();
    hand_history::<G>(&setup_of::<G>(&st.config), &log, rules.points_are_totals)
}

/// A finished match as this device's statistics count it: keyed by its table's link, won
/// when your side is among the winners, with your side's best hand. `None` while the match
/// goes on, or at a table without a seat of yours.
pub fn match_record<G: UiGame>(st: &TableState<G>, history: &History) -> Option<MatchRecord> {
    let winners = history.winners.as_ref()?;
    let side = your_side(st)?;
    let rules = sheet_rules::<G>(&st.config.settings);
    Some(MatchRecord {
        key: match_key(&Route::Table(G::ID, st.config.to_query()).hash()),
        won: winners.contains(&side),
        best_hand: best_hand(history, side, rules.lower_wins),
        lower_wins: rules.lower_wins,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapters::{GameId, UiSettings};
    use crate::config::TableConfig;
    use crate::state::setup_of;
    use engine::games::bidel::Bidel;
    use engine::games::crazy_eights::CrazyEights;
    use engine::games::haft_khabis::HaftKhabis;
    use engine::games::hokm::Hokm;
    use engine::games::pasur::Pasur;
    use engine::games::shelem::Shelem;
    use engine::tally::HandTally;
    use engine::Game;
    use engine::Seat;
    use engine::Status;

    /// Plays a match with the rule bots in every seat (the next hand dealt at once),
    /// logging every action as the table does; stops at the match's end or after `max`
    /// actions. Returns the log and the game.
    fn play<G: UiGame>(
        config: &TableConfig<G::Settings>,
        max: usize,
    ) -> (Vec<LogEntry<G::Action>>, G) {
        let mut game = G::new(&setup_of::<G>(config)).expect("a valid table");
        let mut bots: Vec<_> = (0..game.players())
            .map(|s| G::bot(config.seed.wrapping_add(s as u64)))
            .collect();
        let mut log = Vec::new();
        let mut legal = Vec::new();
        for _ in 0..max {
            match game.status() {
                Status::MatchOver => break,
                Status::HandOver => {
                    game.next_hand().expect("the next hand");
                    log.push(LogEntry::NextHand);
                }
                Status::Acting(set) => {
                    let seat: Seat = set.first().expect("someone acts");
                    legal.clear();
                    game.legal_actions(seat, &mut legal);
                    let view = game.view(seat);
                    let action = bots[seat.idx()].choose(&view, &legal);
                    let ev = game.apply(seat, &action).expect("a legal action");
                    for b in bots.iter_mut() {
                        b.observe(&ev);
                    }
                    log.push(LogEntry::Act { seat, action });
                }
            }
        }
        (log, game)
    }

    /// The sheet of a whole match: one line per hand, the last totals the engine's, every
    /// line's totals the previous ones plus its points (or, where the points are the
    /// totals, the change).
    fn sheet_matches_engine<G: UiGame>(config: TableConfig<G::Settings>, max: usize) -> History {
        let (log, game) = play::<G>(&config, max);
        assert_eq!(game.status(), Status::MatchOver, "{} ended", G::NAME);
        let rules = sheet_rules::<G>(&config.settings);
        let h = hand_history::<G>(&setup_of::<G>(&config), &log, rules.points_are_totals);
        let hands = log.iter().filter(|e| **e == LogEntry::NextHand).count() + 1;
        assert_eq!(h.lines.len(), hands, "{}: one line per hand", G::NAME);
        assert_eq!(
            h.totals(),
            game.totals(),
            "{}: the engine's totals",
            G::NAME
        );
        assert_eq!(h.sides(), game.sides());
        let mut before = h.start.clone();
        for l in &h.lines {
            assert_eq!(l.points.len(), game.sides());
            assert_eq!(l.totals.len(), game.sides());
            if !matches!(G::ID, GameId::HaftKhabis) || config.settings.get("end") != 4 {
                let sum: Vec<i32> = before.iter().zip(&l.points).map(|(b, p)| b + p).collect();
                assert_eq!(sum, l.totals, "{}: totals add up", G::NAME);
            }
            before = l.totals.clone();
        }
        // Part of the log gives the lines of the hands finished by then.
        let half = hand_history::<G>(
            &setup_of::<G>(&config),
            &log[..log.len() / 2],
            rules.points_are_totals,
        );
        assert!(half.lines.len() <= h.lines.len());
        assert_eq!(half.lines[..], h.lines[..half.lines.len()]);
        h
    }

    fn config<G: UiGame>(seed: u64, settings: &[(&str, i64)]) -> TableConfig<G::Settings> {
        let mut c: TableConfig<G::Settings> = TableConfig {
            seed,
            ..TableConfig::new(G::PLAYER_COUNTS)
        };
        for &(k, v) in settings {
            c.settings.set(k, v);
        }
        c
    }

    #[test]
    fn the_sheet_of_every_game_adds_up_to_the_engine_totals() {
        let h = sheet_matches_engine::<Hokm>(config::<Hokm>(3, &[("target", 3)]), 5000);
        assert!(h.lines.len() >= 2);
        let mut two = config::<Hokm>(4, &[("target", 3)]);
        two.players.truncate(2);
        sheet_matches_engine::<Hokm>(two, 8000);
        sheet_matches_engine::<Shelem>(config::<Shelem>(5, &[]), 40_000);
        sheet_matches_engine::<Pasur>(config::<Pasur>(6, &[]), 40_000);
        sheet_matches_engine::<Bidel>(config::<Bidel>(7, &[("target", 100)]), 40_000);
        sheet_matches_engine::<HaftKhabis>(config::<HaftKhabis>(8, &[]), 40_000);
        let one = sheet_matches_engine::<HaftKhabis>(
            config::<HaftKhabis>(7, &[("end", 2), ("hands", 1)]),
            40_000,
        );
        assert_eq!(one.lines.len(), 1);
        sheet_matches_engine::<HaftKhabis>(config::<HaftKhabis>(9, &[("end", 4)]), 40_000);
        sheet_matches_engine::<CrazyEights>(config::<CrazyEights>(10, &[]), 40_000);
        let count = sheet_matches_engine::<CrazyEights>(
            config::<CrazyEights>(11, &[("countdown", 1)]),
            40_000,
        );
        assert!(count.start.iter().all(|&s| s == 8), "Countdown starts at 8");
        assert!(count.lines.iter().all(|l| l.points.iter().all(|&p| p <= 0)));
    }

    #[test]
    fn a_bad_log_ends_the_sheet_without_panicking() {
        let c = config::<Hokm>(3, &[("target", 3)]);
        let (mut log, _) = play::<Hokm>(&c, 5000);
        let good = hand_history::<Hokm>(&setup_of::<Hokm>(&c), &log, false);
        // Garbage in the middle: the sheet stops there.
        log.insert(1, LogEntry::NextHand);
        let bad = hand_history::<Hokm>(&setup_of::<Hokm>(&c), &log, false);
        assert!(bad.lines.is_empty());
        assert_eq!(bad.start, vec![0, 0]);
        assert!(!good.lines.is_empty());
        // An empty log: no line, the totals are the start.
        let none = hand_history::<Hokm>(&setup_of::<Hokm>(&c), &[], false);
        assert_eq!(none.totals(), &[0, 0]);
    }

    /// A table rebuilt from a config and a log, as a reload does.
    fn table<G: UiGame>(
        config: &TableConfig<G::Settings>,
        log: &[LogEntry<G::Action>],
    ) -> TableState<G> {
        let save = crate::state::Save {
            version: crate::state::SAVE_VERSION,
            game: G::ID.slug().to_string(),
            setup: setup_of::<G>(config),
            config: config.clone(),
            log: log.to_vec(),
        };
        TableState::<G>::restore(&save).expect("the log replays")
    }

    #[test]
    fn a_finished_match_is_recorded_for_your_side() {
        for seed in 0..6 {
            let c = config::<Hokm>(seed, &[("target", 3)]);
            let (log, game) = play::<Hokm>(&c, 5000);
            let st = table::<Hokm>(&c, &log);
            let h = table_history(&st);
            let m = match_record(&st, &h).expect("over, with a seat of yours");
            let outcome = game.outcome().unwrap();
            assert_eq!(m.won, outcome.winners.contains(&0), "you sit in seat 0");
            assert_eq!(m.best_hand, h.lines.last().map(|l| l.points[0]));
            assert_eq!(m.key, match_key(&format!("#/hokm?{}", c.to_query())));
            assert!(!m.lower_wins);
            // Before the end, nothing to record.
            let mid = table::<Hokm>(&c, &log[..log.len() / 2]);
            assert_eq!(match_record(&mid, &table_history(&mid)), None);
        }
        // Bidel: you alone, the lowest wins and the best hand is your lowest.
        let c = config::<Bidel>(3, &[("target", 100)]);
        let (log, game) = play::<Bidel>(&c, 40_000);
        let st = table::<Bidel>(&c, &log);
        let h = table_history(&st);
        let m = match_record(&st, &h).unwrap();
        assert_eq!(m.won, game.outcome().unwrap().winners.contains(&0));
        assert_eq!(m.best_hand, h.lines.iter().map(|l| l.points[0]).min());
        assert!(m.lower_wins);
        // A table of people only (no seat of yours) records nothing.
        let mut c = config::<Hokm>(1, &[("target", 3)]);
        c.players[0].kind = SeatKind::Person;
        let (log, _) = play::<Hokm>(&c, 5000);
        let st = table::<Hokm>(&c, &log);
        assert_eq!(your_side(&st), None);
        assert_eq!(match_record(&st, &table_history(&st)), None);
    }

    /// Saved tables for the screenshots of the sheet (tests/e2e/shots-sheet.mjs): a whole
    /// match of bots per game, as a save cut in the middle of the match and a save of the
    /// finished match, one JSON line per table written to `$SHEET_SAVES`.
    /// `SHEET_SAVES=/tmp/saves.jsonl cargo test -p cards-web --lib -- --ignored sheet_saves`
    #[test]
    #[ignore]
    fn sheet_saves_for_screenshots() {
        fn line<G: UiGame>(config: TableConfig<G::Settings>) -> String {
            let (log, _) = play::<G>(&config, 100_000);
            let hands: Vec<usize> = log
                .iter()
                .enumerate()
                .filter(|(_, e)| **e == LogEntry::NextHand)
                .map(|(i, _)| i)
                .collect();
            let cut = hands.get(hands.len() / 2).map_or(log.len() / 2, |&i| i + 9);
            let mid = table::<G>(&config, &log[..cut]).save().unwrap();
            let end = table::<G>(&config, &log).save().unwrap();
            serde_json::json!({
                "slug": G::ID.slug(),
                "query": config.to_query(),
                "mid": mid,
                "end": end,
            })
            .to_string()
        }
        let mut out = vec![
            line::<Hokm>(config::<Hokm>(21, &[])),
            line::<Bidel>(config::<Bidel>(22, &[])),
            line::<Shelem>(config::<Shelem>(23, &[])),
            line::<HaftKhabis>(config::<HaftKhabis>(24, &[("cap", 150)])),
            line::<Pasur>(config::<Pasur>(25, &[])),
        ];
        let mut eight = config::<CrazyEights>(26, &[]);
        eight.players = crate::config::default_players(8);
        out.push(line::<CrazyEights>(eight));
        let path = std::env::var("SHEET_SAVES").unwrap_or_else(|_| "/tmp/sheet-saves.jsonl".into());
        std::fs::write(path, out.join("\n") + "\n").expect("written");
    }

    #[test]
    fn an_online_rooms_sheet_reads_as_the_tables() {
        // What a room sends (the engine's tally as JSON) reads back into the same sheet as
        // the table's own log gives.
        let c = config::<Hokm>(3, &[("target", 3)]);
        let (log, _) = play::<Hokm>(&c, 5000);
        let setup = setup_of::<Hokm>(&c);
        let wire = serde_json::to_string(&Tally::of_log::<Hokm>(&setup, &log).unwrap()).unwrap();
        let tally: Tally = serde_json::from_str(&wire).unwrap();
        let h = history_of(&tally, false);
        assert_eq!(h, hand_history::<Hokm>(&setup, &log, false));
        assert!(h.lines.len() >= 2 && h.winners.is_some());
        // Countdown: the points shown are the change of each score.
        let mut countdown = Tally::default();
        countdown.start = vec![8, 8];
        countdown.hands = vec![
            HandTally {
                points: vec![1, 0],
                totals: vec![7, 8],
            },
            HandTally {
                points: vec![0, 3],
                totals: vec![7, 5],
            },
        ];
        let h = history_of(&countdown, true);
        let points: Vec<Vec<i32>> = h.lines.iter().map(|l| l.points.clone()).collect();
        assert_eq!(points, vec![vec![-1, 0], vec![0, -3]]);
        assert_eq!(h.totals(), &[7, 5]);
        assert_eq!(history_of(&countdown, false).lines[1].points, vec![0, 3]);
    }

    #[test]
    fn best_hands_and_rules() {
        let h = History {
            winners: None,
            start: vec![0, 0],
            lines: vec![
                HandLine {
                    points: vec![3, 0],
                    totals: vec![3, 0],
                },
                HandLine {
                    points: vec![1, 7],
                    totals: vec![4, 7],
                },
            ],
        };
        assert_eq!(best_hand(&h, 0, false), Some(3));
        assert_eq!(best_hand(&h, 0, true), Some(1));
        assert_eq!(best_hand(&h, 1, false), Some(7));
        assert_eq!(best_hand(&h, 5, false), None);
        assert_eq!(best_hand(&History::default(), 0, false), None);

        let r = sheet_rules::<Hokm>(&config::<Hokm>(0, &[("target", 5)]).settings);
        assert_eq!(r.target, Some(5));
        assert!(!r.lower_wins);
        let r = sheet_rules::<Bidel>(&config::<Bidel>(0, &[]).settings);
        assert!(r.lower_wins && r.target.is_some());
        let r = sheet_rules::<HaftKhabis>(&config::<HaftKhabis>(0, &[("cap", 150)]).settings);
        assert_eq!(r.target, Some(150));
        let r = sheet_rules::<HaftKhabis>(&config::<HaftKhabis>(0, &[("end", 2)]).settings);
        assert_eq!(r.target, None);
        let r = sheet_rules::<CrazyEights>(&config::<CrazyEights>(0, &[("countdown", 1)]).settings);
        assert!(r.points_are_totals && r.lower_wins && r.target.is_none());
    }
}
