//! The `cards` command line as a library: simulation with bots and replay of transcripts and
//! match logs ([`replay`]), generic over every game through the engine's [`Game`] trait. The
//! games are the registry's (`registry::GAMES`), picked by slug with `registry::with_game`.

use bots::{Bot, RandomBot};
use engine::{Deal, Game, Seat, Setup, Status};
use registry::{GameFn, GameInfo, Registered};
use serde_json::{json, Value};
use std::time::Instant;

mod arena;
mod bot;
mod dds;
mod replay;
pub use arena::{arena, arena_text, duplicate_rooms, make_bot, ArenaOptions, BOT_KINDS};
pub use bot::{bot, BotOptions};
pub use dds::{
    analysis_requests, dd_table, dds_bench, hokm_deal, parse_pbn, pbn_tables, DdsOptions,
    DD_STRAINS,
};
pub use replay::{replay, to_match_log};

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
                .map(|i| G::rule_bot(opts.seed.wrapping_add(i)) as Box<dyn Bot<G>>)
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
