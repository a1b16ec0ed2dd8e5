//! `cards replay`: transcripts in their first form (converted to the engine's match log as
//! they are read) and match logs, replayed through the engine with every step reported.

use crate::settings_from;
use engine::log::MATCH_LOG_VERSION;
use engine::{
    Card, Deal, Game, Match, Public, PublicSetup, Seat, SeatSet, Setup, Status, Step, StepError,
};
use registry::{GameFn, Registered};
use serde::Deserialize;
use serde_json::{json, Value};

/// Replays `input` as the registry's game of that name: the report and the match log.
fn by_game(input: &Input) -> Result<(Value, Value), String> {
    struct Replay<'a>(&'a Input);
    impl GameFn for Replay<'_> {
        type Output = Result<(Value, Value), String>;
        fn call<G: Registered>(self) -> Self::Output {
            replay_game::<G>(self.0)
        }
    }
    registry::with_game(input.game(), Replay(input)).map_err(|e| e.to_string())?
}

/// A transcript in its first form (docs/transcript.md): the setup's fields at the top
/// level and the actions only, the next hand dealt when an action follows a finished hand.
/// Read by converting it to a [`MatchLog`] as it replays.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Transcript {
    game: String,
    #[serde(default)]
    players: Option<u8>,
    #[serde(default)]
    settings: Option<Value>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    deck: Option<Value>,
    #[serde(default)]
    decks: Option<Vec<Value>>,
    #[serde(default)]
    dealer: Option<u8>,
    #[serde(default)]
    actions: Vec<Value>,
}

/// A match log (the engine's [`MatchLog`]) as read from JSON: the steps are parsed one by
/// one, so a bad one is named.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LogFile {
    version: u32,
    game: String,
    public: Value,
    deal: Value,
    #[serde(default)]
    steps: Vec<Value>,
}

/// A replay's input, either form.
enum Input {
    Transcript(Transcript),
    Log(LogFile),
}

impl Input {
    fn parse(text: &str) -> Result<Input, String> {
        let raw: Value = serde_json::from_str(text).map_err(|e| format!("malformed JSON: {e}"))?;
        let is_log = raw
            .as_object()
            .is_some_and(|o| o.contains_key("steps") || o.contains_key("public"));
        if is_log {
            let log: LogFile =
                serde_json::from_value(raw).map_err(|e| format!("match log: {e}"))?;
            Ok(Input::Log(log))
        } else {
            let t: Transcript =
                serde_json::from_value(raw).map_err(|e| format!("transcript: {e}"))?;
            Ok(Input::Transcript(t))
        }
    }

    fn game(&self) -> &str {
        match self {
            Input::Transcript(t) => &t.game,
            Input::Log(l) => &l.game,
        }
    }
}

fn parse_deck(v: &Value, what: &str) -> Result<Vec<Card>, String> {
    let items = v
        .as_array()
        .ok_or_else(|| format!("{what}: expected a list of cards"))?;
    items
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let s = c
                .as_str()
                .ok_or_else(|| format!("{what}, card {}: expected a string like \"AS\"", i + 1))?;
            s.parse::<Card>()
                .map_err(|e| format!("{what}, card {}: {e}", i + 1))
        })
        .collect()
}

/// Replays a transcript or a match log and returns the JSON report; errors name the step.
pub fn replay(text: &str) -> Result<Value, String> {
    let input = Input::parse(text)?;
    by_game(&input).map(|(report, _)| report)
}

/// Reads a transcript (either form) and returns it as a match log (JSON of the engine's
/// [`MatchLog`]): the first form's setup split into its public and secret parts, and its
/// actions as steps, with the next hand made explicit. Errors as [`replay`].
pub fn to_match_log(text: &str) -> Result<Value, String> {
    let input = Input::parse(text)?;
    by_game(&input).map(|(_, log)| log)
}

/// What a replay prints, gathered step by step.
struct Report<G: Game> {
    steps: Vec<Value>,
    hands: Vec<Value>,
    legal: Vec<G::Action>,
}

impl<G: Registered> Report<G> {
    /// Records the score of the hand just finished.
    fn hand_done(&mut self, g: &G) {
        self.hands
            .push(json!({ "hand": self.hands.len() + 1, "score": g.hand_score() }));
    }

    /// Applies one step (number `n` in the input) to the match and reports it. `raw` is
    /// the action as written, for the error message.
    fn step(
        &mut self,
        m: &mut Match<G>,
        n: usize,
        step: Step<G::Action>,
        raw: &Value,
    ) -> Result<(), String> {
        let g = m.game();
        let before = match g.status() {
            Status::Acting(s) => s,
            _ => SeatSet::default(),
        };
        if step == Step::NextHand && g.status() == Status::HandOver {
            self.hand_done(g);
        }
        let mut legal_json = Value::Null;
        let mut timeout_action = None;
        if let Step::Act { seat, .. } | Step::Timeout { seat } = &step {
            self.legal.clear();
            g.legal_actions(*seat, &mut self.legal);
            legal_json = serde_json::to_value(&self.legal).map_err(|e| e.to_string())?;
            if let Step::Timeout { seat } = &step {
                timeout_action = g.timeout_action(*seat);
            }
        }
        let report = match &step {
            Step::Act { seat, action } => json!({
                "step": n,
                "to_act": before.iter().map(|s| s.0).collect::<Vec<u8>>(),
                "legal": legal_json,
                "seat": seat.0,
                "action": action,
            }),
            Step::Timeout { seat } => json!({
                "step": n,
                "to_act": before.iter().map(|s| s.0).collect::<Vec<u8>>(),
                "legal": legal_json,
                "seat": seat.0,
                "timeout": true,
                "action": timeout_action,
            }),
            Step::NextHand => json!({ "step": n, "next_hand": true }),
        };
        let public = m.step(step.clone()).map_err(|e| match (&step, e) {
            (Step::Act { seat, .. }, StepError::Rule(e)) => {
                format!("step {n}: seat {seat} cannot take {raw}: {e}")
            }
            (_, e) => format!("step {n}: {e}"),
        })?;
        let mut report = report;
        match public {
            Public::Event(e) => report["event"] = json!(e),
            Public::Timeout { events, .. } => report["events"] = json!(events),
            Public::NextHand => {}
        }
        self.steps.push(report);
        Ok(())
    }
}

/// The seat of a first-form action: named, else the only seat that may act.
fn transcript_seat(
    o: Option<&Value>,
    players: u8,
    acting: SeatSet,
    n: usize,
) -> Result<Seat, String> {
    match o {
        Some(s) => s
            .as_u64()
            .filter(|&s| s < players as u64)
            .map(|s| Seat(s as u8))
            .ok_or_else(|| format!("step {n}: seat must be 0..{}", players - 1)),
        None if acting.0.count_ones() == 1 => Ok(acting.first().unwrap_or(Seat(0))),
        None => Err(format!(
            "step {n}: several seats may act ({acting:?}); name the seat"
        )),
    }
}

fn replay_game<G: Registered>(input: &Input) -> Result<(Value, Value), String> {
    let setup = match input {
        Input::Transcript(t) => {
            let mut decks = Vec::new();
            if let Some(d) = &t.deck {
                decks.push(parse_deck(d, "deck")?);
            }
            for (i, d) in t.decks.iter().flatten().enumerate() {
                decks.push(parse_deck(d, &format!("decks[{i}]"))?);
            }
            Setup {
                players: t.players.unwrap_or(G::DEFAULT_PLAYERS),
                settings: settings_from::<G>(t.settings.as_ref())?,
                deal: Deal {
                    seed: t.seed.unwrap_or(0),
                    decks,
                    dealer: t.dealer.map(Seat),
                },
            }
        }
        Input::Log(l) => {
            if l.version > MATCH_LOG_VERSION {
                return Err(format!(
                    "match log version {} is newer than this program's ({MATCH_LOG_VERSION})",
                    l.version
                ));
            }
            let public: PublicSetup<G::Settings> = serde_json::from_value(l.public.clone())
                .map_err(|e| format!("public setup: {e}"))?;
            let deal: Deal =
                serde_json::from_value(l.deal.clone()).map_err(|e| format!("deal: {e}"))?;
            Setup::from_parts(public, deal)
        }
    };
    let mut m = Match::<G>::new(&setup).map_err(|e| format!("setup: {e}"))?;
    let mut r = Report::<G> {
        steps: Vec::new(),
        hands: Vec::new(),
        legal: Vec::new(),
    };
    match input {
        Input::Transcript(t) => {
            for (i, raw) in t.actions.iter().enumerate() {
                let n = i + 1;
                if m.game().status() == Status::HandOver {
                    // The first form deals the next hand when an action follows; the match
                    // log says so with a step of its own.
                    r.hand_done(m.game());
                    m.step(Step::NextHand)
                        .map_err(|e| format!("step {n}: {e}"))?;
                }
                let Status::Acting(acting) = m.game().status() else {
                    return Err(format!("step {n}: the match is over; no more actions"));
                };
                let (seat, action_json) = match raw {
                    Value::Object(o) if o.contains_key("action") => (o.get("seat"), &o["action"]),
                    other => (None, other),
                };
                let seat = transcript_seat(seat, m.game().players(), acting, n)?;
                let action: G::Action = serde_json::from_value(action_json.clone())
                    .map_err(|e| format!("step {n}: bad action {action_json}: {e}"))?;
                r.step(&mut m, n, Step::Act { seat, action }, action_json)?;
            }
        }
        Input::Log(l) => {
            for (i, raw) in l.steps.iter().enumerate() {
                let n = i + 1;
                let step: Step<G::Action> = serde_json::from_value(raw.clone())
                    .map_err(|e| format!("step {n}: bad step {raw}: {e}"))?;
                let action_json = match raw.get("act").and_then(|a| a.get("action")) {
                    Some(a) => a,
                    None => raw,
                };
                r.step(&mut m, n, step, action_json)?;
            }
        }
    }
    let g = m.game();
    if matches!(g.status(), Status::HandOver | Status::MatchOver) {
        r.hand_done(g);
    }
    let status = json!(g.status());
    let mut next_legal = Vec::new();
    if let Status::Acting(s) = g.status() {
        for seat in s.iter() {
            g.legal_actions(seat, &mut next_legal);
        }
    }
    let report = json!({
        "game": G::NAME,
        "players": g.players(),
        "steps": r.steps,
        "hands": r.hands,
        "status": status,
        "next_legal": next_legal,
        "totals": g.totals(),
        "outcome": g.outcome(),
        "state_hash": format!("{:016x}", g.state_hash()),
    });
    let log = serde_json::to_value(m.log()).map_err(|e| e.to_string())?;
    Ok((report, log))
}
