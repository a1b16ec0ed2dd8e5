//! The hard bots' Web Worker, apart from its glue to the browser (`main.rs`): JSON in
//! ([`bots::seats::ToWorker`]), JSON out ([`bots::seats::Answer`]). A table starts with
//! `seats` (the game and the seats it plays, with their seeds), then sends only those
//! seats' updates, and asks `choose` for a seat and a step.

use bots::hard::{Budget, HardGame};
use bots::seats::{
    AnalyseHand, AnalysisAnswer, Answer, HandAnalysis, PointsAnalysis, SeatBots, ToWorker,
};
use engine::games::{hokm, GameKind};
use engine::table::GameView;
use engine::Seat;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The most seats a table has.
const MAX_SEATS: usize = 8;

/// One table's hard bots, behind the game's types.
trait Table {
    fn handle(&mut self, json: &str) -> Result<Option<String>, String>;
}

struct Hard<G: GameView>(SeatBots<G>);

impl<G> Hard<G>
where
    G: GameView + HardGame + 'static,
{
    fn start(seats: &[(Seat, u64)]) -> Result<Box<dyn Table>, String>
    where
        G::Event: DeserializeOwned,
        G::View: DeserializeOwned,
        G::Action: Serialize,
    {
        let mut bots: Vec<Option<Box<dyn bots::Bot<G>>>> = Vec::new();
        for &(seat, seed) in seats {
            if seat.idx() >= MAX_SEATS {
                return Err(format!("no seat {}", seat.0));
            }
            if bots.len() <= seat.idx() {
                bots.resize_with(seat.idx() + 1, || None);
            }
            let bot = G::hard_bot(seed, Budget::BROWSER).ok_or("this game has no hard bot")?;
            bots[seat.idx()] = Some(bot);
        }
        Ok(Box::new(Hard(SeatBots::new(bots))))
    }
}

impl<G> Table for Hard<G>
where
    G: GameView + HardGame,
    G::Event: DeserializeOwned,
    G::View: DeserializeOwned,
    G::Action: Serialize,
{
    fn handle(&mut self, json: &str) -> Result<Option<String>, String> {
        let msg: ToWorker<G::Event, G::View> =
            serde_json::from_str(json).map_err(|e| format!("bad message: {e}"))?;
        match msg {
            ToWorker::Seats { .. } => Err("a table starts only once".into()),
            ToWorker::Updates { updates } => {
                self.0.receive(&updates);
                Ok(None)
            }
            ToWorker::Choose { seat, step } => {
                let action = self.0.choose(seat, step);
                let answer = Answer { seat, step, action };
                serde_json::to_string(&answer)
                    .map(Some)
                    .map_err(|e| e.to_string())
            }
        }
    }
}

/// The start of every message: its kind, and the game when it starts a table.
#[derive(Deserialize)]
struct Head {
    t: String,
    #[serde(default)]
    game: String,
    #[serde(default)]
    seats: Vec<(Seat, u64)>,
}

/// The solver's table for a hand analysis: 2^20 slots of 40 bytes (40 MiB), allocated at
/// the first analysis and kept (docs/bots.md, "Hand analysis": smaller tables were slower).
pub const ANALYSIS_TABLE_BITS: u32 = 20;

/// The points solver's table and node budget for a Shelem or Bidel hand analysis (defined
/// beside the analysis, so that `cards dds --analyse` measures what the worker runs).
pub use search::{POINTS_BUDGET, POINTS_TABLE_BITS};

/// The worker's state: the table it plays, once started, and the solvers of the hand
/// analyses, once one was asked.
#[derive(Default)]
pub struct Worker {
    table: Option<Box<dyn Table>>,
    solver: Option<search::Solver>,
    points: Option<search::PointsSolver>,
    /// The node budget of a Shelem or Bidel analysis ([`POINTS_BUDGET`]; the tests' is
    /// smaller, for a debug build).
    points_budget: Option<u64>,
}

impl Worker {
    /// Handles one message; answers a `choose` with an [`Answer`] as JSON. A message that
    /// cannot be read, or comes before `seats`, is an error (the state is unchanged).
    pub fn handle(&mut self, json: &str) -> Result<Option<String>, String> {
        self.handle_with(json, &mut |_| {})
    }

    /// [`Worker::handle`], where a long job (a hand analysis) also tells `progress` how far
    /// it is, as JSON messages ([`AnalysisAnswer::progress`]) to post at once.
    pub fn handle_with(
        &mut self,
        json: &str,
        progress: &mut dyn FnMut(String),
    ) -> Result<Option<String>, String> {
        let head: Head = serde_json::from_str(json).map_err(|e| format!("bad message: {e}"))?;
        if head.t == AnalyseHand::<(), ()>::T {
            return self.analyse(json, progress).map(Some);
        }
        if head.t == "seats" {
            let kind = GameKind::from_slug(&head.game)
                .ok_or_else(|| format!("unknown game {:?}", head.game))?;
            let table = engine::with_game_kind!(kind, |G| Hard::<G>::start(&head.seats))?;
            self.table = Some(table);
            return Ok(None);
        }
        self.table
            .as_mut()
            .ok_or_else(|| "no table yet".to_string())?
            .handle(json)
    }
}

impl Worker {
    /// A hand analysis ([`AnalyseHand`]): its answer, or an error if the message cannot be
    /// read at all (a hand that cannot be analysed is an [`AnalysisAnswer`] with its error).
    fn analyse(&mut self, json: &str, progress: &mut dyn FnMut(String)) -> Result<String, String> {
        #[derive(Deserialize)]
        struct Id {
            id: u32,
            game: String,
        }
        let Id { id, game } =
            serde_json::from_str(json).map_err(|e| format!("bad message: {e}"))?;
        let result = match game.as_str() {
            "hokm" => {
                serde_json::from_str::<AnalyseHand<hokm::HokmSettings, hokm::HokmAction>>(json)
                    .map_err(|e| format!("bad message: {e}"))
                    .and_then(|m| {
                        let (start, plays) = search::analysis::finished_hokm_hand(&m.setup, &m.log)
                            .map_err(|e| e.to_string())?;
                        let solver = self
                            .solver
                            .get_or_insert_with(|| search::Solver::new(ANALYSIS_TABLE_BITS));
                        let mut tell = |done: usize, total: usize| {
                            let p = AnalysisAnswer::<HandAnalysis>::progress(
                                id,
                                done as u32,
                                total as u32,
                            );
                            if let Ok(text) = serde_json::to_string(&p) {
                                progress(text);
                            }
                        };
                        search::analyse_hokm_with(&start, &plays, solver, &mut tell)
                            .map_err(|e| e.to_string())
                    })
            }
            "shelem" => return self.points(json, id, progress, search::analyse_shelem),
            "bidel" => return self.points(json, id, progress, search::analyse_bidel),
            other => Err(format!("no analysis of {other:?}")),
        };
        let answer = AnalysisAnswer::result(id, result);
        serde_json::to_string(&answer).map_err(|e| e.to_string())
    }

    /// A Shelem or Bidel hand analysis (card points) by `analyse`, within the message's
    /// budget, else [`POINTS_BUDGET`] nodes.
    fn points<S: DeserializeOwned, A: DeserializeOwned>(
        &mut self,
        json: &str,
        id: u32,
        progress: &mut dyn FnMut(String),
        analyse: PointsAnalyser<S, A>,
    ) -> Result<String, String> {
        let result = serde_json::from_str::<AnalyseHand<S, A>>(json)
            .map_err(|e| format!("bad message: {e}"))
            .and_then(|m| {
                let solver = self
                    .points
                    .get_or_insert_with(|| search::PointsSolver::new(POINTS_TABLE_BITS));
                solver.set_budget(m.budget.or(self.points_budget).unwrap_or(POINTS_BUDGET));
                // Each part of the hand analysed before the whole: shown while the search
                // reaches further back.
                let mut tell = |a: &PointsAnalysis| {
                    if a.from_trick == 1 {
                        return;
                    }
                    let (done, total) = a.covered();
                    let p = AnalysisAnswer::partial(id, a.clone(), done as u32, total as u32);
                    if let Ok(text) = serde_json::to_string(&p) {
                        progress(text);
                    }
                };
                analyse(&m.setup, &m.log, solver, &mut tell).map_err(|e| e.to_string())
            });
        let answer = AnalysisAnswer::result(id, result);
        serde_json::to_string(&answer).map_err(|e| e.to_string())
    }
}

/// `search::analyse_shelem` or `search::analyse_bidel`.
type PointsAnalyser<S, A> = fn(
    &engine::Setup<S>,
    &[engine::log::Step<A>],
    &mut search::PointsSolver,
    &mut dyn FnMut(&PointsAnalysis),
) -> Result<PointsAnalysis, search::AnalysisError>;

#[cfg(test)]
mod tests {
    use super::*;
    use engine::games::hokm::Hokm;
    use engine::games::shelem::{Shelem, ShelemSettings};
    use engine::games::{bidel, crazy_eights, haft_khabis, pasur, shelem};
    use engine::table::{updates, Public};
    use engine::{Deal, Game, Rng, Setup, Status};

    #[test]
    fn bad_messages_are_errors_and_change_nothing() {
        let mut w = Worker::default();
        assert!(w.handle("{").is_err());
        assert!(
            w.handle(r#"{"t":"choose","seat":1,"step":0}"#).is_err(),
            "no table yet"
        );
        assert!(w
            .handle(r#"{"t":"seats","game":"chess","seats":[]}"#)
            .is_err());
        assert!(w
            .handle(r#"{"t":"seats","game":"hokm","seats":[[9,1]]}"#)
            .is_err());
        assert!(w.table.is_none());
    }

    /// A seeded Hokm table's first hand played by random legal actions: the `analyse`
    /// message for it, cut after `cut` log entries if given.
    fn analyse_message(players: u8, seed: u64, cut: Option<usize>) -> String {
        random_hand_message::<Hokm>("hokm", 7, players, seed, cut)
    }

    /// The worker analyses a finished Hokm hand (2 and 4 players) sent as the table's setup
    /// and log, telling its progress as it goes; the sides' best tricks add to 13 (every
    /// trick played out) and each slip lost its side a trick.
    #[test]
    fn the_worker_analyses_a_finished_hokm_hand_with_progress() {
        for (players, seed) in [(2u8, 4u64), (4, 4)] {
            let mut w = Worker::default();
            let mut told = Vec::new();
            let answer = w
                .handle_with(&analyse_message(players, seed, None), &mut |p| told.push(p))
                .unwrap()
                .unwrap();
            let answer: AnalysisAnswer = serde_json::from_str(&answer).unwrap();
            assert_eq!((answer.id, &answer.error), (7, &None));
            let analysis = answer.analysis.expect("an analysis");
            assert_eq!(analysis.players, players);
            assert_eq!(analysis.best_tricks[0] + analysis.best_tricks[1], 13);
            assert_eq!(analysis.could_win, analysis.best_tricks.map(|t| t >= 7));
            assert!(analysis.taken.contains(&7), "HK-7: {:?}", analysis.taken);
            assert_eq!(analysis.hands.len(), players as usize);
            assert!(analysis.slips.iter().all(|s| s.after < s.before));
            let progress: Vec<AnalysisAnswer> = told
                .iter()
                .map(|p| serde_json::from_str(p).unwrap())
                .collect();
            let plays = analysis.values.len() as u32 - 1;
            assert_eq!(
                progress.len() as u32,
                plays + 1,
                "one report a play and one first"
            );
            assert_eq!(
                progress.last(),
                Some(&AnalysisAnswer::progress(7, plays, plays))
            );
            assert_eq!(
                progress.first(),
                Some(&AnalysisAnswer::progress(7, 0, plays))
            );
            assert!(progress.iter().all(|p| !p.is_final() && p.t == "analysis"));
        }
    }

    /// A seeded table of `G`'s first hand played by random legal actions, as an `analyse`
    /// message `id` for `game`, cut after `cut` log entries if given.
    fn random_hand_message<G: Game>(
        game: &str,
        id: u32,
        players: u8,
        seed: u64,
        cut: Option<usize>,
    ) -> String
    where
        G::Settings: Default + Serialize,
        G::Action: Serialize,
    {
        random_hand_message_with::<G>(game, id, players, seed, cut, G::Settings::default())
    }

    /// [`random_hand_message`] with these settings.
    fn random_hand_message_with<G: Game>(
        game: &str,
        id: u32,
        players: u8,
        seed: u64,
        cut: Option<usize>,
        settings: G::Settings,
    ) -> String
    where
        G::Settings: Serialize,
        G::Action: Serialize,
    {
        let setup = Setup {
            players,
            settings,
            deal: Deal::seeded(seed),
        };
        let mut g = G::new(&setup).unwrap();
        let mut rng = Rng::new(seed);
        let (mut legal, mut log) = (Vec::new(), Vec::new());
        while let Status::Acting(acting) = g.status() {
            if cut.is_some_and(|c| log.len() >= c) {
                break;
            }
            let seat = acting.first().unwrap();
            let action = g.random_action(seat, &mut rng, &mut legal).unwrap();
            g.apply(seat, &action).unwrap();
            log.push(engine::log::Step::Act { seat, action });
        }
        serde_json::to_string(&AnalyseHand::new(id, game, setup, log)).unwrap()
    }

    /// The worker analyses a finished Shelem hand (4 and 2 players, SH-3/SH-5: the sides'
    /// best add to the points in play) and a finished Bidel hand (4 and 3 players, BD-7:
    /// a row per seat, fewer is better), telling its progress; a Shelem or Bidel hand in
    /// progress is refused (D-8).
    #[test]
    fn the_worker_analyses_finished_shelem_and_bidel_hands() {
        let cases = [
            (
                random_hand_message::<shelem::Shelem>("shelem", 9, 4, 3, None),
                4u8,
                false,
            ),
            (
                random_hand_message::<shelem::Shelem>("shelem", 9, 2, 5, None),
                2,
                false,
            ),
            (
                random_hand_message::<bidel::Bidel>("bidel", 9, 4, 3, None),
                4,
                true,
            ),
            (
                random_hand_message::<bidel::Bidel>("bidel", 9, 3, 6, None),
                3,
                true,
            ),
        ];
        for (message, players, bidel) in cases {
            let mut w = Worker {
                points_budget: Some(1_000_000),
                ..Worker::default()
            };
            let mut told = Vec::new();
            let answer = w
                .handle_with(&message, &mut |p| told.push(p))
                .unwrap()
                .unwrap();
            let answer: AnalysisAnswer<PointsAnalysis> = serde_json::from_str(&answer).unwrap();
            assert_eq!(
                (answer.id, &answer.error),
                (9, &None),
                "{players} players, bidel {bidel}"
            );
            assert!(answer.is_final() && !answer.more);
            let an = answer.analysis.expect("an analysis");
            assert_eq!((an.players, an.fewer_is_better), (players, bidel));
            assert_eq!(an.hands.len(), players as usize);
            // The analysis covers the last tricks the budget reached (a trick's start).
            let tricks = if players == 3 {
                17
            } else if bidel {
                13
            } else {
                12
            };
            assert!(an.from_trick >= 1 && usize::from(an.from_trick) <= tricks - 2);
            assert_eq!(
                usize::from(an.plays),
                (tricks + 1 - usize::from(an.from_trick)) * players as usize
            );
            if bidel {
                assert_eq!(an.best.len(), players as usize);
                assert_eq!(an.taken.iter().sum::<u16>(), 26, "BD-7");
                assert!(an.contract.is_none());
                assert!(an.slips.iter().all(|s| s.after > s.before));
            } else {
                assert_eq!(an.best.len(), 2);
                assert!(an.contract.is_some());
                assert_eq!(an.best[0] + an.best[1], an.taken[0] + an.taken[1], "SH-3");
                assert!(an.slips.iter().all(|s| s.after < s.before));
            }
            let progress: Vec<AnalysisAnswer<PointsAnalysis>> = told
                .iter()
                .map(|p| serde_json::from_str(p).unwrap())
                .collect();
            // Each part searched before the whole hand is told as a partial analysis, of
            // more plays each time; the answer is the widest (the last told, unless it is the
            // whole hand, which only the answer carries).
            let all = (tricks * players as usize) as u32;
            assert!(!progress.is_empty(), "{players} players, bidel {bidel}");
            assert!(progress.windows(2).all(|w| w[0].done < w[1].done));
            for p in &progress {
                let part = p.analysis.as_ref().expect("a partial analysis");
                assert!(p.more && !p.is_final() && p.total == all && p.id == 9);
                assert!(part.from_trick > 1);
                assert_eq!(p.done, u32::from(part.plays));
            }
            let last = progress.last().and_then(|p| p.analysis.as_ref());
            if an.from_trick > 1 {
                assert_eq!(last, Some(&an));
            } else {
                assert!(last.is_some_and(|l| l.plays < an.plays));
            }
        }
        for message in [
            random_hand_message::<shelem::Shelem>("shelem", 9, 4, 3, Some(12)),
            random_hand_message::<bidel::Bidel>("bidel", 9, 4, 3, Some(20)),
        ] {
            let answer = Worker::default().handle(&message).unwrap().unwrap();
            let failed: AnalysisAnswer<PointsAnalysis> = serde_json::from_str(&answer).unwrap();
            assert!(failed.analysis.is_none(), "{failed:?}");
            assert!(failed.error.is_some_and(|e| e.contains("not over")));
        }
    }

    /// SH-3, SH-6: a finished Shelem hand with jokers on (4 and 2 players, a joker in a
    /// player's hand, the no-trump modes allowed) is analysed like any other: no error,
    /// and the sides' best add to the points in play, 200 with four players.
    #[test]
    fn the_worker_analyses_shelem_hands_with_jokers() {
        let settings = ShelemSettings {
            jokers: true,
            sars: true,
            nars: true,
            ace_nars: true,
            ..ShelemSettings::default()
        };
        let mut analysed = [0; 2];
        // One worker for every hand: its points table is allocated once.
        let mut w = Worker {
            points_budget: Some(1_000_000),
            ..Worker::default()
        };
        for seed in 1..60 {
            let players = if seed % 2 == 0 { 4 } else { 2 };
            let message = random_hand_message_with::<shelem::Shelem>(
                "shelem",
                9,
                players,
                seed,
                None,
                settings.clone(),
            );
            let answer = w.handle(&message).unwrap().unwrap();
            let answer: AnalysisAnswer<PointsAnalysis> = serde_json::from_str(&answer).unwrap();
            assert_eq!(answer.error, None, "seed {seed}");
            let an = answer.analysis.expect("an analysis");
            let held = an.hands.iter().any(|h| h.iter().any(|c| c.is_joker()));
            if !held {
                continue;
            }
            analysed[(players == 4) as usize] += 1;
            let in_play: u16 = an.taken.iter().sum();
            if players == 4 {
                assert_eq!(in_play, 200, "SH-3 seed {seed}");
            }
            assert_eq!(an.best[0] + an.best[1], in_play, "SH-3 seed {seed}");
            if analysed[0] >= 2 && analysed[1] >= 2 {
                return;
            }
        }
        panic!("too few hands with a joker held: {analysed:?}");
    }

    /// A request's own budget (what the browser tests send) replaces the worker's: with
    /// fewer nodes the analysis of the same 4-player Shelem hand starts at a later trick.
    #[test]
    fn a_requests_budget_replaces_the_workers() {
        let message = random_hand_message::<shelem::Shelem>("shelem", 9, 4, 4, None);
        let from = |budget: Option<u64>| {
            let mut ask: serde_json::Value = serde_json::from_str(&message).unwrap();
            if let Some(b) = budget {
                ask["budget"] = b.into();
            }
            let mut w = Worker {
                points_budget: Some(1_000_000),
                ..Worker::default()
            };
            let answer = w.handle(&ask.to_string()).unwrap().unwrap();
            let answer: AnalysisAnswer<PointsAnalysis> = serde_json::from_str(&answer).unwrap();
            answer.analysis.expect("an analysis").from_trick
        };
        let (own, smaller) = (from(None), from(Some(5_000)));
        assert!(
            smaller > own,
            "from trick {smaller} with 5,000 nodes, {own} with 1 M"
        );
    }

    /// D-8: a hand in progress is not analysed (its hands are not public yet), nor a game
    /// without an analysis; a message that cannot be read is an error.
    #[test]
    fn a_hand_in_progress_or_another_game_is_not_analysed() {
        let mut w = Worker::default();
        let answer = w.handle(&analyse_message(4, 4, Some(20))).unwrap().unwrap();
        let failed: AnalysisAnswer = serde_json::from_str(&answer).unwrap();
        assert!(failed.analysis.is_none() && failed.id == 7, "{failed:?}");
        assert!(failed.error.is_some_and(|e| e.contains("not over")));
        let other = r#"{"t":"analyse","id":3,"game":"pasur","setup":null,"log":[]}"#;
        let answer = w.handle(other).unwrap().unwrap();
        let failed: AnalysisAnswer = serde_json::from_str(&answer).unwrap();
        assert!(failed.is_final() && failed.analysis.is_none() && failed.id == 3);
        assert!(w.handle(r#"{"t":"analyse","id":"x"}"#).is_err());
        assert!(w.table.is_none(), "an analysis starts no table");
    }

    /// A game's worker starts a table exactly when the game has a hard bot.
    #[test]
    fn a_table_starts_where_the_game_has_a_hard_bot() {
        for (game, has) in [
            ("hokm", <Hokm as HardGame>::HAS_HARD),
            ("shelem", <shelem::Shelem as HardGame>::HAS_HARD),
            ("bidel", <bidel::Bidel as HardGame>::HAS_HARD),
            ("pasur", <pasur::Pasur as HardGame>::HAS_HARD),
            (
                "haft-khabis",
                <haft_khabis::HaftKhabis as HardGame>::HAS_HARD,
            ),
            (
                "crazy-eights",
                <crazy_eights::CrazyEights as HardGame>::HAS_HARD,
            ),
        ] {
            let mut w = Worker::default();
            let started = w.handle(&format!(
                r#"{{"t":"seats","game":"{game}","seats":[[1,5]]}}"#
            ));
            assert_eq!(started.is_ok(), has, "{game}: {started:?}");
        }
    }

    /// Fed one seat's updates, Shelem's worker answers a legal action for that seat at the
    /// step asked (its auction, then its cards), and nothing for an older step.
    #[test]
    fn the_shelem_worker_answers_legal_actions_for_the_step_asked() {
        let setup = Setup {
            settings: ShelemSettings::default(),
            players: 4,
            deal: Deal::seeded(3),
        };
        let mut game = Shelem::new(&setup).unwrap();
        let mut w = Worker::default();
        w.handle(r#"{"t":"seats","game":"shelem","seats":[[1,5]]}"#)
            .unwrap();
        // Seat 1's updates only, as the page sends them.
        let send = |w: &mut Worker, ups: Vec<engine::table::Update<Shelem>>| {
            let mine: Vec<_> = ups.into_iter().filter(|u| u.seat == Seat(1)).collect();
            let msg = serde_json::json!({"t":"updates","updates":mine});
            w.handle(&msg.to_string()).unwrap();
        };
        send(&mut w, updates(&game, 0, None));
        let mut rng = Rng::new(9);
        let mut legal = Vec::new();
        for step in 0..20u32 {
            let Status::Acting(acting) = game.status() else {
                break;
            };
            let seat = acting.iter().next().unwrap();
            legal.clear();
            game.legal_actions(seat, &mut legal);
            let action = if seat == Seat(1) {
                let ask = format!(r#"{{"t":"choose","seat":1,"step":{step}}}"#);
                let answer: Answer<engine::games::shelem::ShelemAction> =
                    serde_json::from_str(&w.handle(&ask).unwrap().unwrap()).unwrap();
                assert_eq!((answer.seat, answer.step), (Seat(1), step));
                let a = answer.action.expect("the bot's seat acts");
                assert!(legal.contains(&a), "{a:?} is legal");
                if step > 0 {
                    let old = format!(r#"{{"t":"choose","seat":1,"step":{}}}"#, step - 1);
                    let stale: Answer<engine::games::shelem::ShelemAction> =
                        serde_json::from_str(&w.handle(&old).unwrap().unwrap()).unwrap();
                    assert_eq!(stale.action, None, "no answer for an older step");
                }
                a
            } else {
                legal[rng.below(legal.len() as u32) as usize]
            };
            let event = game.apply(seat, &action).unwrap();
            send(
                &mut w,
                updates(&game, step + 1, Some(&Public::Event(event))),
            );
        }
    }
}
