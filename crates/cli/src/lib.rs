//! The `cards` command line as a library: simulation with bots and transcript replay,
//! generic over every game through the engine's [`Game`] trait. The games are the
//! registry's (`registry::GAMES`), picked by slug with `registry::with_game`.

use bots::{Bot, RandomBot};
use engine::{Card, Deal, Game, Seat, Setup, Status};
use registry::{GameFn, GameInfo, Registered};
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Instant;

/// Which bots sit in every seat of a simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    /// Uniform over the legal actions.
    Random,
    /// The game's rule-based bot.
    Rule,
}

/// A simulation request.
#[derive(Clone, Debug)]
pub struct SimOptions {
    pub game: String,
    pub hands: u64,
    pub seed: u64,
    pub players: Option<u8>,
    pub bots: BotKind,
    /// Room settings as JSON (missing fields take their defaults).
    pub settings: Option<Value>,
}

fn settings_from<G: Game>(v: Option<&Value>) -> Result<G::Settings, String> {
    registry::parse_settings::<G>(v).map_err(|e| e.to_string())
}

/// Plays `opts.hands` hands (matches carry on across them; a finished match starts a new
/// one from the next seed) and returns the one-line JSON report.
pub fn simulate(opts: &SimOptions) -> Result<Value, String> {
    struct Simulate<'a>(&'a SimOptions);
    impl GameFn for Simulate<'_> {
        type Output = Result<Value, String>;
        fn call<G: Registered>(self) -> Self::Output {
            simulate_game::<G>(self.0)
        }
    }
    registry::with_game(&opts.game, Simulate(opts)).map_err(|e| e.to_string())?
}

/// Who chooses the actions of a simulation.
trait Players<G: Game> {
    /// `seat`'s action, or `None` if it has no legal action; `scratch` is free to use.
    fn act(&mut self, g: &G, seat: Seat, scratch: &mut Vec<G::Action>) -> Option<G::Action>;
    /// Shows every player an applied action's event.
    fn observe(&mut self, event: &G::Event);
}

/// One uniform random bot plays every seat, drawing through [`Game::random_action`].
struct RandomPlayers(RandomBot);

impl<G: Game> Players<G> for RandomPlayers {
    #[inline]
    fn act(&mut self, g: &G, seat: Seat, scratch: &mut Vec<G::Action>) -> Option<G::Action> {
        self.0.pick_in(g, seat, scratch)
    }
    #[inline]
    fn observe(&mut self, _event: &G::Event) {}
}

/// The game's rule-based bot in every seat, each seeing only its view.
struct RulePlayers<G: Game>(Vec<Box<dyn Bot<G>>>);

impl<G: Game> Players<G> for RulePlayers<G> {
    fn act(&mut self, g: &G, seat: Seat, scratch: &mut Vec<G::Action>) -> Option<G::Action> {
        scratch.clear();
        g.legal_actions(seat, scratch);
        if scratch.is_empty() {
            return None;
        }
        let bot = self.0.get_mut(seat.idx())?;
        Some(bot.choose(&g.view(seat), scratch))
    }
    fn observe(&mut self, event: &G::Event) {
        for b in &mut self.0 {
            b.observe(event);
        }
    }
}

fn simulate_game<G: Registered>(opts: &SimOptions) -> Result<Value, String> {
    let players = opts.players.unwrap_or(G::DEFAULT_PLAYERS);
    GameInfo::of::<G>()
        .check_players(players)
        .map_err(|e| e.to_string())?;
    match opts.bots {
        BotKind::Random => run::<G, _>(
            opts,
            players,
            RandomPlayers(RandomBot::new(opts.seed ^ 0x5EED)),
        ),
        BotKind::Rule => {
            let bots = (0..players as u64)
                .map(|i| G::rule_bot(opts.seed.wrapping_add(i)))
                .collect();
            run::<G, _>(opts, players, RulePlayers(bots))
        }
    }
}

fn run<G: Registered, P: Players<G>>(
    opts: &SimOptions,
    players: u8,
    mut seats: P,
) -> Result<Value, String> {
    let settings = settings_from::<G>(opts.settings.as_ref())?;
    let new_match = |m: u64| {
        G::new(&Setup {
            players,
            settings: settings.clone(),
            deal: Deal::seeded(opts.seed.wrapping_add(m)),
        })
        .map_err(|e| e.to_string())
    };
    let mut g = new_match(0)?;
    let sides = g.sides();
    let mut hands_won = vec![0u64; sides];
    let mut hand_points = vec![0i64; sides];
    let mut matches_won = vec![0u64; sides];
    let mut matches = 0u64;
    let mut hands = 0u64;
    let mut actions = 0u64;
    let mut scratch: Vec<G::Action> = Vec::with_capacity(64);
    let start = Instant::now();
    while hands < opts.hands {
        match g.status() {
            Status::Acting(acting) => {
                let seat = acting.first().ok_or("no seat to act")?;
                let Some(action) = seats.act(&g, seat, &mut scratch) else {
                    return Err(format!("seat {seat} must act but has no legal action"));
                };
                let event = g.apply(seat, &action).map_err(|e| e.to_string())?;
                actions += 1;
                seats.observe(&event);
            }
            status @ (Status::HandOver | Status::MatchOver) => {
                hands += 1;
                if let Some(score) = g.hand_score() {
                    for w in score.winners {
                        hands_won[w] += 1;
                    }
                    for (t, p) in hand_points.iter_mut().zip(score.points) {
                        *t += p as i64;
                    }
                }
                if status == Status::HandOver {
                    g.next_hand().map_err(|e| e.to_string())?;
                } else {
                    if let Some(o) = g.outcome() {
                        for w in o.winners {
                            matches_won[w] += 1;
                        }
                    }
                    matches += 1;
                    g = new_match(matches)?;
                }
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    Ok(json!({
        "game": G::NAME,
        "players": players,
        "bots": match opts.bots { BotKind::Random => "random", BotKind::Rule => "rule" },
        "seed": opts.seed,
        "hands": hands,
        "matches_finished": matches,
        "seconds": seconds,
        "hands_per_sec": if seconds > 0.0 { (hands as f64 / seconds).round() } else { 0.0 },
        "actions": actions,
        "hands_won": hands_won,
        "hand_points": hand_points,
        "matches_won": matches_won,
    }))
}

/// A transcript (docs/transcript.md).
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

/// Replays a transcript and returns the JSON report; errors name the step.
pub fn replay(text: &str) -> Result<Value, String> {
    let raw: Value = serde_json::from_str(text).map_err(|e| format!("malformed JSON: {e}"))?;
    let t: Transcript = serde_json::from_value(raw).map_err(|e| format!("transcript: {e}"))?;
    struct Replay<'a>(&'a Transcript);
    impl GameFn for Replay<'_> {
        type Output = Result<Value, String>;
        fn call<G: Registered>(self) -> Self::Output {
            replay_game::<G>(self.0)
        }
    }
    registry::with_game(&t.game, Replay(&t)).map_err(|e| e.to_string())?
}

fn replay_game<G: Registered>(t: &Transcript) -> Result<Value, String> {
    let mut decks = Vec::new();
    if let Some(d) = &t.deck {
        decks.push(parse_deck(d, "deck")?);
    }
    for (i, d) in t.decks.iter().flatten().enumerate() {
        decks.push(parse_deck(d, &format!("decks[{i}]"))?);
    }
    let setup = Setup {
        players: t.players.unwrap_or(G::DEFAULT_PLAYERS),
        settings: settings_from::<G>(t.settings.as_ref())?,
        deal: Deal {
            seed: t.seed.unwrap_or(0),
            decks,
            dealer: t.dealer.map(Seat),
        },
    };
    let mut g = G::new(&setup).map_err(|e| format!("setup: {e}"))?;
    let mut steps = Vec::new();
    let mut hands = Vec::new();
    let mut legal = Vec::new();
    for (i, raw) in t.actions.iter().enumerate() {
        let n = i + 1;
        if g.status() == Status::HandOver {
            hands.push(json!({ "hand": hands.len() + 1, "score": g.hand_score() }));
            g.next_hand().map_err(|e| format!("step {n}: {e}"))?;
        }
        let Status::Acting(seats) = g.status() else {
            return Err(format!("step {n}: the match is over; no more actions"));
        };
        let (seat, action_json) = match raw {
            Value::Object(o) if o.contains_key("action") => {
                let seat = o
                    .get("seat")
                    .map(|s| {
                        s.as_u64()
                            .filter(|&s| s < g.players() as u64)
                            .map(|s| Seat(s as u8))
                            .ok_or_else(|| format!("step {n}: seat must be 0..{}", g.players() - 1))
                    })
                    .transpose()?;
                (seat, &o["action"])
            }
            other => (None, other),
        };
        let seat = match seat {
            Some(s) => s,
            None if seats.0.count_ones() == 1 => seats.first().unwrap_or(Seat(0)),
            None => {
                return Err(format!(
                    "step {n}: several seats may act ({seats:?}); name the seat"
                ))
            }
        };
        let action: G::Action = serde_json::from_value(action_json.clone())
            .map_err(|e| format!("step {n}: bad action {action_json}: {e}"))?;
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let to_act: Vec<u8> = seats.iter().map(|s| s.0).collect();
        let legal_json = serde_json::to_value(&legal).map_err(|e| e.to_string())?;
        let event = g
            .apply(seat, &action)
            .map_err(|e| format!("step {n}: seat {seat} cannot take {action_json}: {e}"))?;
        steps.push(json!({
            "step": n,
            "to_act": to_act,
            "legal": legal_json,
            "seat": seat.0,
            "action": action,
            "event": event,
        }));
    }
    if matches!(g.status(), Status::HandOver | Status::MatchOver) {
        hands.push(json!({ "hand": hands.len() + 1, "score": g.hand_score() }));
    }
    let status = match g.status() {
        Status::Acting(s) => json!({ "acting": s.iter().map(|s| s.0).collect::<Vec<_>>() }),
        Status::HandOver => json!("hand_over"),
        Status::MatchOver => json!("match_over"),
    };
    let mut next_legal = Vec::new();
    if let Status::Acting(s) = g.status() {
        for seat in s.iter() {
            g.legal_actions(seat, &mut next_legal);
        }
    }
    Ok(json!({
        "game": G::NAME,
        "players": g.players(),
        "steps": steps,
        "hands": hands,
        "status": status,
        "next_legal": next_legal,
        "totals": g.totals(),
        "outcome": g.outcome(),
        "state_hash": format!("{:016x}", g.state_hash()),
    }))
}
