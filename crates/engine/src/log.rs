//! One match log for everybody: the CLI's transcripts, the web's saves and a relay's record
//! are all a [`MatchLog`]: the public setup, the secret deal and the [`Step`]s taken, and
//! [`replay`] rebuilds the game from them (C-4: the same setup and steps always give the
//! same game).
//!
//! The setup comes in two parts that never mix: a [`PublicSetup`] (player count, room
//! settings) anybody may be sent, and the [`SecretDeal`] (seed, deck orders, first dealer)
//! only the dealer knows, since it fixes every future deal. [`Setup`] is the pair of them.
//!
//! A step is a seat's action, the next hand, or a turn timeout of a seat (D-7): a timeout
//! is recorded as such and replayed through [`Game::apply_timeout`], so a game with a turn
//! timer replays from its log like any other.
//!
//! JSON (docs/transcript.md):
//!
//! ```json
//! {"version": 1, "game": "hokm",
//!  "public": {"players": 4, "settings": {"target": 7}},
//!  "deal": {"seed": 3, "dealer": 1},
//!  "steps": [{"act": {"seat": 0, "action": {"trump": "S"}}}, {"timeout": {"seat": 1}},
//!            "next_hand"]}
//! ```

use crate::game::{Deal, Game, Setup, SetupError, Status};
use crate::seat::Seat;
use crate::table::Public;
use serde::{Deserialize, Serialize};
use std::fmt::{self, Display};

/// The secret part of a setup: seed, explicit deck orders and first dealer. Whoever knows
/// it knows every future deal, so it is never sent to a seat.
pub type SecretDeal = Deal;

/// The version of the match log's rules and format. Bumped when a log of an earlier version
/// would replay differently; [`MatchLog::version`] records the one a log was written with.
pub const MATCH_LOG_VERSION: u32 = 1;

/// The public part of a setup: what every seat (and any spectator) may know.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PublicSetup<S> {
    /// Number of seats.
    pub players: u8,
    /// The room settings.
    pub settings: S,
}

impl<S: Clone> Setup<S> {
    /// The public part of this setup (no seed, no deck order, no dealer).
    pub fn public(&self) -> PublicSetup<S> {
        PublicSetup {
            players: self.players,
            settings: self.settings.clone(),
        }
    }

    /// The secret part of this setup.
    pub fn secret(&self) -> &SecretDeal {
        &self.deal
    }
}

impl<S> Setup<S> {
    /// A setup from its public and secret parts.
    pub fn from_parts(public: PublicSetup<S>, deal: SecretDeal) -> Setup<S> {
        Setup {
            players: public.players,
            settings: public.settings,
            deal,
        }
    }

    /// Splits this setup into its public and secret parts.
    pub fn into_parts(self) -> (PublicSetup<S>, SecretDeal) {
        (
            PublicSetup {
                players: self.players,
                settings: self.settings,
            },
            self.deal,
        )
    }
}

/// One step of a match: what the log records and [`replay`] applies in order.
///
/// JSON: `{"act": {"seat": 0, "action": A}}`, `"next_hand"`, `{"timeout": {"seat": 2}}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step<A> {
    /// A seat's action.
    Act { seat: Seat, action: A },
    /// The next hand is dealt ([`Game::next_hand`]); only when the hand is over.
    NextHand,
    /// The seat's turn timer ran out (D-7): the game plays its timeout action
    /// ([`Game::apply_timeout`]).
    Timeout { seat: Seat },
}

/// Where the last hand of `steps` starts: the index after its last next hand (0 in the
/// first hand).
pub fn hand_start<A>(steps: &[Step<A>]) -> usize {
    steps
        .iter()
        .rposition(|s| matches!(s, Step::NextHand))
        .map_or(0, |i| i + 1)
}

/// A whole match: the setup's two parts kept apart, and every step taken.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchLog<S, A> {
    /// The rules and format version the log was written with ([`MATCH_LOG_VERSION`]).
    pub version: u32,
    /// The game's command-line name ([`Game::NAME`]).
    pub game: String,
    /// What everybody may know.
    pub public: PublicSetup<S>,
    /// What only the dealer knows.
    pub deal: SecretDeal,
    /// The steps, in order.
    #[serde(default = "Vec::new")]
    pub steps: Vec<Step<A>>,
}

/// The match log of a game `G`.
pub type MatchLogOf<G> = MatchLog<<G as Game>::Settings, <G as Game>::Action>;

impl<S: Clone, A> MatchLog<S, A> {
    /// A log of the current version for game `game` (its [`Game::NAME`]).
    pub fn new(game: &str, setup: Setup<S>, steps: Vec<Step<A>>) -> MatchLog<S, A> {
        let (public, deal) = setup.into_parts();
        MatchLog {
            version: MATCH_LOG_VERSION,
            game: game.to_string(),
            public,
            deal,
            steps,
        }
    }

    /// The full setup (both parts).
    pub fn setup(&self) -> Setup<S> {
        Setup::from_parts(self.public.clone(), self.deal.clone())
    }
}

impl<S, A> MatchLog<S, A> {
    /// Replays this log as a game of `G`: refuses a log of another game or of a later
    /// version, then [`replay`].
    pub fn replay<G>(&self) -> Result<G, ReplayError<G::Error>>
    where
        G: Game<Settings = S, Action = A>,
        S: Clone,
    {
        if self.game != G::NAME {
            return Err(ReplayError::Game(self.game.clone()));
        }
        if self.version > MATCH_LOG_VERSION {
            return Err(ReplayError::Version(self.version));
        }
        replay::<G>(&self.setup(), &self.steps)
    }
}

/// Why one step does not apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError<E> {
    /// The game refused the action (or the deal of the next hand): its rule error.
    Rule(E),
    /// The seat is not at the table.
    NoSuchSeat { seat: Seat, players: u8 },
    /// The match is over: no step applies any more.
    MatchOver,
    /// The hand is over: only `next_hand` applies.
    HandOver,
    /// `next_hand` while the hand is still being played.
    HandNotOver,
    /// A timeout of a seat that may not act now.
    NotActing { seat: Seat },
    /// A timeout of a seat that may act but has no timeout action (never for a valid game).
    NoTimeoutAction { seat: Seat },
}

impl<E: Display> Display for StepError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Rule(e) => write!(f, "{e}"),
            StepError::NoSuchSeat { seat, players } => {
                write!(f, "seat {seat} is not at the table of {players}")
            }
            StepError::MatchOver => write!(f, "the match is over; no more steps"),
            StepError::HandOver => {
                write!(f, "the hand is over; the next hand must be dealt first")
            }
            StepError::HandNotOver => write!(f, "next hand while the hand is still played"),
            StepError::NotActing { seat } => {
                write!(f, "timeout of seat {seat}, which may not act now")
            }
            StepError::NoTimeoutAction { seat } => {
                write!(f, "seat {seat} has no action a timeout could play")
            }
        }
    }
}

/// Why a replay failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError<E> {
    /// The log is of another game (its name).
    Game(String),
    /// The log was written by a later version of the rules than this engine's.
    Version(u32),
    /// The game could not be set up.
    Setup(SetupError),
    /// Step number `step` (1-based: the first step is 1) does not apply; `index` in the
    /// steps is `step - 1`. Every step before it applied.
    Step { step: usize, error: StepError<E> },
}

impl<E> ReplayError<E> {
    /// The 0-based index of the failing step, if a step failed.
    pub fn step_index(&self) -> Option<usize> {
        match self {
            ReplayError::Step { step, .. } => Some(step.saturating_sub(1)),
            _ => None,
        }
    }
}

impl<E: Display> Display for ReplayError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Game(g) => write!(f, "a log of another game ('{g}')"),
            ReplayError::Version(v) => write!(
                f,
                "log version {v} is newer than this engine's ({MATCH_LOG_VERSION})"
            ),
            ReplayError::Setup(e) => write!(f, "setup: {e}"),
            ReplayError::Step { step, error } => write!(f, "step {step}: {error}"),
        }
    }
}

impl<E: Display + fmt::Debug> std::error::Error for ReplayError<E> {}

/// Applies one step to `g`, appending the events it caused to `events` (one for an action,
/// none for the next hand, one or more for a timeout). On error `g` is unchanged.
pub fn apply_step<G: Game>(
    g: &mut G,
    step: &Step<G::Action>,
    events: &mut Vec<G::Event>,
) -> Result<(), StepError<G::Error>> {
    match apply_public(g, step)? {
        Public::Event(e) => events.push(e),
        Public::NextHand => {}
        Public::Timeout { events: played, .. } => events.extend(played),
    }
    Ok(())
}

/// Applies one step to `g` and answers what everybody learns of it: the action's event, the
/// next hand, or the events of what a timeout played. On error `g` is unchanged.
pub fn apply_public<G: Game>(
    g: &mut G,
    step: &Step<G::Action>,
) -> Result<Public<G::Event>, StepError<G::Error>> {
    let status = g.status();
    if status == Status::MatchOver {
        return Err(StepError::MatchOver);
    }
    let players = g.players();
    match step {
        Step::NextHand => {
            if status != Status::HandOver {
                return Err(StepError::HandNotOver);
            }
            g.next_hand().map_err(StepError::Rule)?;
            Ok(Public::NextHand)
        }
        Step::Act { seat, .. } | Step::Timeout { seat } if seat.0 >= players => {
            Err(StepError::NoSuchSeat {
                seat: *seat,
                players,
            })
        }
        _ if status == Status::HandOver => Err(StepError::HandOver),
        Step::Act { seat, action } => g
            .apply(*seat, action)
            .map(Public::Event)
            .map_err(StepError::Rule),
        Step::Timeout { seat } => {
            let acting = matches!(status, Status::Acting(s) if s.contains(*seat));
            if !acting {
                return Err(StepError::NotActing { seat: *seat });
            }
            if g.timeout_action(*seat).is_none() {
                return Err(StepError::NoTimeoutAction { seat: *seat });
            }
            // A timeout may apply several actions (HX-2's drawn card, HX-14's penalty):
            // all or none.
            let before = g.clone();
            let mut events = Vec::new();
            match g.apply_timeout(*seat, &mut events) {
                Ok(()) => Ok(Public::Timeout {
                    seat: *seat,
                    events,
                }),
                Err(e) => {
                    *g = before;
                    Err(StepError::Rule(e))
                }
            }
        }
    }
}

/// A replay in progress: the game after the steps applied so far. [`replay`] runs one to
/// the end; a caller that shows every step (the CLI) or feeds events to bots (the web)
/// drives it step by step.
#[derive(Clone, Debug)]
pub struct Replayer<G: Game> {
    game: G,
    done: usize,
}

impl<G: Game> Replayer<G> {
    /// A new match from `setup`, no step applied.
    pub fn new(setup: &Setup<G::Settings>) -> Result<Replayer<G>, ReplayError<G::Error>> {
        let game = G::new(setup).map_err(ReplayError::Setup)?;
        Ok(Replayer { game, done: 0 })
    }

    /// The game after the steps applied so far.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The game, ending the replay.
    pub fn into_game(self) -> G {
        self.game
    }

    /// How many steps applied.
    pub fn steps_done(&self) -> usize {
        self.done
    }

    /// Applies the next step, appending its events to `events`; an error names the step
    /// (1-based) and leaves the game as it was.
    pub fn step(
        &mut self,
        step: &Step<G::Action>,
        events: &mut Vec<G::Event>,
    ) -> Result<(), ReplayError<G::Error>> {
        apply_step(&mut self.game, step, events).map_err(|error| ReplayError::Step {
            step: self.done + 1,
            error,
        })?;
        self.done += 1;
        Ok(())
    }
}

/// Rebuilds a game from its setup and steps; an error names the first step that does not
/// apply (1-based) and why. Never panics, whatever the input.
pub fn replay<G: Game>(
    setup: &Setup<G::Settings>,
    steps: &[Step<G::Action>],
) -> Result<G, ReplayError<G::Error>> {
    let mut r = Replayer::<G>::new(setup)?;
    let mut events = Vec::new();
    for s in steps {
        events.clear();
        r.step(s, &mut events)?;
    }
    Ok(r.into_game())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bidel::Bidel;
    use crate::games::crazy_eights::CrazyEights;
    use crate::games::haft_khabis::HaftKhabis;
    use crate::games::hokm::{Hokm, HokmAction};
    use crate::games::pasur::Pasur;
    use crate::games::shelem::Shelem;
    use crate::rng::Rng;
    use crate::timeout;
    use serde_json::json;

    fn setup<G: Game>(players: u8, seed: u64) -> Setup<G::Settings> {
        Setup {
            players,
            settings: G::Settings::default(),
            deal: Deal::seeded(seed),
        }
    }

    /// `n` steps of every seat taking its first legal action, the next hand dealt when due.
    fn first_legal_steps<G: Game>(setup: &Setup<G::Settings>, n: usize) -> Vec<Step<G::Action>> {
        let mut g = G::new(setup).unwrap();
        let mut steps = Vec::new();
        let mut events = Vec::new();
        while steps.len() < n {
            let step = match g.status() {
                Status::Acting(s) => {
                    let seat = s.first().unwrap();
                    let action = timeout::first_legal(&g, seat).unwrap();
                    Step::Act { seat, action }
                }
                Status::HandOver => Step::NextHand,
                Status::MatchOver => break,
            };
            apply_step(&mut g, &step, &mut events).unwrap();
            steps.push(step);
        }
        steps
    }

    #[test]
    fn steps_and_logs_have_a_clean_json_form_and_round_trip() {
        let steps: Vec<Step<HokmAction>> = vec![
            Step::Act {
                seat: Seat(0),
                action: HokmAction::Redeal,
            },
            Step::NextHand,
            Step::Timeout { seat: Seat(2) },
        ];
        assert_eq!(
            serde_json::to_value(&steps).unwrap(),
            json!([{"act": {"seat": 0, "action": "redeal"}}, "next_hand", {"timeout": {"seat": 2}}])
        );
        let mut s = setup::<Hokm>(4, 9);
        s.deal.dealer = Some(Seat(1));
        s.settings.target = 3;
        let log = MatchLog::new(Hokm::NAME, s.clone(), first_legal_steps::<Hokm>(&s, 150));
        assert!(log.steps.contains(&Step::NextHand));
        let v = serde_json::to_value(&log).unwrap();
        assert_eq!(v["version"], json!(MATCH_LOG_VERSION));
        assert_eq!(v["game"], json!("hokm"));
        assert_eq!(v["public"]["players"], json!(4));
        assert_eq!(v["public"]["settings"]["target"], json!(3));
        assert_eq!(v["deal"], json!({"seed": 9, "dealer": 1}));
        let back: MatchLogOf<Hokm> = serde_json::from_value(v).unwrap();
        assert_eq!(back, log);
        assert_eq!(back.setup(), s);
        let g: Hokm = back.replay().unwrap();
        assert_eq!(
            g.state_hash(),
            replay::<Hokm>(&s, &log.steps).unwrap().state_hash()
        );
    }

    #[test]
    fn the_public_setup_never_holds_the_deal() {
        let mut s = setup::<Hokm>(4, 77);
        s.deal.decks = vec![crate::card::standard_deck().to_vec()];
        s.deal.dealer = Some(Seat(2));
        let public = serde_json::to_value(s.public()).unwrap();
        assert_eq!(public.as_object().unwrap().len(), 2, "{public}");
        assert!(public.get("players").is_some() && public.get("settings").is_some());
        assert_eq!(s.secret(), &s.deal);
        // The setup's JSON is unchanged: the two parts side by side, as before.
        let (p, d) = s.clone().into_parts();
        let again = Setup::from_parts(p, d);
        assert_eq!(again, s);
        let v = serde_json::to_value(&again).unwrap();
        assert_eq!(v["players"], json!(4));
        assert_eq!(v["deal"]["seed"], json!(77));
        let old = r#"{"players":2,"settings":{},"deal":{"seed":5}}"#;
        let parsed: Setup<<Hokm as Game>::Settings> = serde_json::from_str(old).unwrap();
        assert_eq!(parsed.public().players, 2);
        assert_eq!(parsed.secret().seed, 5);
    }

    #[test]
    fn replay_names_the_failing_step_and_why() {
        let s = setup::<Hokm>(4, 4);
        let good = first_legal_steps::<Hokm>(&s, 120);
        let hand_end = good.iter().position(|x| *x == Step::NextHand).unwrap();
        for k in [0, 1, 7, 40] {
            let mut steps = good[..k].to_vec();
            let g = replay::<Hokm>(&s, &steps).unwrap();
            let Status::Acting(acting) = g.status() else {
                panic!()
            };
            let other = Seat((acting.first().unwrap().0 + 1) % 4);
            steps.push(Step::Act {
                seat: other,
                action: HokmAction::Redeal,
            });
            let err = replay::<Hokm>(&s, &steps).unwrap_err();
            assert!(
                matches!(&err, ReplayError::Step { step, error: StepError::Rule(_) } if *step == k + 1),
                "{err:?}"
            );
            assert_eq!(err.step_index(), Some(k));
            assert!(
                err.to_string().starts_with(&format!("step {}: ", k + 1)),
                "{err}"
            );
        }
        let at = |k: usize, step: Step<HokmAction>| {
            let mut steps = good[..k].to_vec();
            steps.push(step);
            replay::<Hokm>(&s, &steps).unwrap_err()
        };
        let not_over = at(3, Step::NextHand);
        assert_eq!(
            not_over,
            ReplayError::Step {
                step: 4,
                error: StepError::HandNotOver
            }
        );
        let play = Step::Act {
            seat: Seat(0),
            action: HokmAction::Redeal,
        };
        let err = at(hand_end, play.clone());
        assert_eq!(
            err,
            ReplayError::Step {
                step: hand_end + 1,
                error: StepError::HandOver
            }
        );
        assert!(err
            .to_string()
            .contains("the next hand must be dealt first"));
        let err = at(hand_end, Step::Timeout { seat: Seat(0) });
        assert!(matches!(
            err,
            ReplayError::Step {
                error: StepError::HandOver,
                ..
            }
        ));
        let err = at(5, Step::Timeout { seat: Seat(4) });
        assert_eq!(
            err,
            ReplayError::Step {
                step: 6,
                error: StepError::NoSuchSeat {
                    seat: Seat(4),
                    players: 4
                }
            }
        );
        let g = replay::<Hokm>(&s, &good[..5]).unwrap();
        let Status::Acting(acting) = g.status() else {
            panic!()
        };
        let idle = Seat((acting.first().unwrap().0 + 1) % 4);
        assert_eq!(
            at(5, Step::Timeout { seat: idle }),
            ReplayError::Step {
                step: 6,
                error: StepError::NotActing { seat: idle }
            }
        );
        // A finished match takes no more steps.
        let mut short = setup::<Hokm>(4, 4);
        short.settings.target = 3;
        let whole = first_legal_steps::<Hokm>(&short, 10_000);
        let g = replay::<Hokm>(&short, &whole).unwrap();
        assert_eq!(g.status(), Status::MatchOver);
        let mut more = whole.clone();
        more.push(Step::NextHand);
        assert_eq!(
            replay::<Hokm>(&short, &more).unwrap_err(),
            ReplayError::Step {
                step: whole.len() + 1,
                error: StepError::MatchOver
            }
        );
        // Setup errors, other games and later versions.
        let bad = setup::<Hokm>(5, 0);
        assert!(matches!(
            replay::<Hokm>(&bad, &[]),
            Err(ReplayError::Setup(_))
        ));
        let mut log = MatchLog::new("bidel", s.clone(), good.clone());
        assert_eq!(
            log.replay::<Hokm>().unwrap_err(),
            ReplayError::Game("bidel".into())
        );
        log.game = "hokm".into();
        log.version = MATCH_LOG_VERSION + 1;
        assert!(log
            .replay::<Hokm>()
            .unwrap_err()
            .to_string()
            .contains("newer"));
    }

    /// Random steps, many of them wrong (another seat's actions, seats off the table, the
    /// next hand at any time, timeouts of anybody): nothing panics, a refused step changes
    /// nothing, and the steps that applied replay to the same game, also from their JSON.
    fn random_steps_never_panic<G: Game>(players: u8, seed: u64, n: usize) {
        let s = setup::<G>(players, seed);
        let mut g = G::new(&s).unwrap();
        let mut rng = Rng::new(seed ^ 0xABCD);
        let mut applied = Vec::new();
        let mut events = Vec::new();
        let mut legal = Vec::new();
        for _ in 0..n {
            let seat = Seat(rng.below(players as u32 + 1) as u8);
            let step = match rng.below(10) {
                0 => Step::NextHand,
                1 | 2 => Step::Timeout { seat },
                _ => {
                    // Mostly a seat that may act, with one of its legal actions.
                    let actor = match g.status() {
                        Status::Acting(a) if rng.below(4) > 0 => a.first().unwrap_or(seat),
                        _ => seat,
                    };
                    let from = Seat(rng.below(players as u32) as u8);
                    legal.clear();
                    g.legal_actions(if rng.below(5) > 0 { actor } else { from }, &mut legal);
                    match legal.len() {
                        0 => Step::NextHand,
                        len => Step::Act {
                            seat: actor,
                            action: legal[rng.below(len as u32) as usize].clone(),
                        },
                    }
                }
            };
            let before = g.state_hash();
            events.clear();
            match apply_step(&mut g, &step, &mut events) {
                Ok(()) => applied.push(step),
                Err(_) => {
                    assert_eq!(g.state_hash(), before, "a refused step changed the game");
                    assert!(events.is_empty());
                }
            }
            if g.status() == Status::MatchOver {
                break;
            }
        }
        assert!(applied.iter().any(|s| matches!(s, Step::Timeout { .. })));
        let log = MatchLog::new(G::NAME, s.clone(), applied);
        let text = serde_json::to_string(&log).unwrap();
        let back: MatchLogOf<G> = serde_json::from_str(&text).unwrap();
        let r: G = back.replay().unwrap();
        assert_eq!(r.state_hash(), g.state_hash(), "{}", G::NAME);
    }

    #[test]
    fn random_steps_never_panic_and_replay_in_every_game() {
        for seed in 0..6 {
            random_steps_never_panic::<Hokm>(4, seed, 600);
            random_steps_never_panic::<Hokm>(2, seed, 600);
            random_steps_never_panic::<Bidel>(4, seed, 600);
            random_steps_never_panic::<Shelem>(4, seed, 600);
            random_steps_never_panic::<Pasur>(2, seed, 600);
            random_steps_never_panic::<HaftKhabis>(4, seed, 600);
            random_steps_never_panic::<CrazyEights>(4, seed, 600);
        }
    }

    #[test]
    fn a_log_of_garbage_json_is_an_error_not_a_panic() {
        for text in [
            "",
            "{}",
            "[]",
            r#"{"version":1,"game":"hokm","public":{"players":4,"settings":{}},"deal":{"seed":0},"steps":[{"act":{"seat":0}}]}"#,
            r#"{"version":1,"game":"hokm","public":{"players":4,"settings":{}},"deal":{"seed":0},"steps":["nope"]}"#,
            r#"{"version":1,"game":"hokm","public":{"players":300,"settings":{}},"deal":{"seed":0}}"#,
        ] {
            let _ = serde_json::from_str::<MatchLogOf<Hokm>>(text).map(|l| l.replay::<Hokm>());
        }
        let log: MatchLogOf<Hokm> = serde_json::from_str(
            r#"{"version":1,"game":"hokm","public":{"players":4,"settings":{}},"deal":{"seed":0,"decks":[["AS"]]}}"#,
        )
        .unwrap();
        assert!(matches!(log.replay::<Hokm>(), Err(ReplayError::Setup(_))));
    }
}
