//! `cards arena`: duplicate matches between two kinds of bot (issue 12).
//!
//! Every deal is played once per side of the game: in room `k` bot A plays the seats of
//! side `k` and bot B every other seat, all rooms from the same setup (the same seed, so
//! the same deck orders: the same cards to the same seats). Team games (Hokm, Shelem,
//! Pasur with 4) thus play each deal twice with the sides' seats swapped; games without
//! teams put the challenger in every seat position in turn. A deal's paired difference is
//! the mean over its rooms of A's points minus B's (the mean of the other sides), turned
//! so that a positive value always favours A (Bidel, Haft Khabis and Crazy Eights count
//! penalty points, where fewer is better).

use bots::{Bot, RandomBot};
use engine::{Deal, Game, Rng, Seat, Setup, Status};
use registry::{GameFn, GameInfo, Registered};
use serde_json::{json, Value};
use std::time::Instant;

/// The bot kinds an arena seats, for the help and errors.
pub const BOT_KINDS: &[&str] = &["easy", "hard", "random"];

/// A bot of kind `kind` for one seat of game `G`, its choices fixed by `seed`: `easy` is
/// the game's rule bot, `random` uniform over the legal actions, `hard` the game's searching bot
/// ([`bots::hard`], with its fixed budget of samples or nodes, so that results repeat).
///
/// `hard-NAME` is a named variant of the hard bot ([`bots::hard::HardGame::variant_bot`]:
/// Shelem's `hard-widow` and `hard-rulewidow`, the widow's plan searched or the rule bot's).
///
/// `hard:S,N,P` is the hard bot with a budget of its own: `S` samples, `N` nodes and `P`
/// playouts per decision ([`bots::hard::Budget`]; a part left out keeps the default).
pub fn make_bot<G: Registered>(kind: &str, seed: u64) -> Result<Box<dyn Bot<G>>, String> {
    if let Some(parts) = kind.strip_prefix("hard:") {
        let budget = parse_budget(parts)?;
        return G::search_bot(seed, budget)
            .map(|b| b as Box<dyn Bot<G>>)
            .ok_or_else(|| format!("{} has no hard bot yet", G::NAME));
    }
    if let Some(name) = kind.strip_prefix("hard-") {
        return G::variant_bot(name, seed, bots::hard::Budget::default())
            .map(|b| b as Box<dyn Bot<G>>)
            .ok_or_else(|| format!("{} has no hard bot variant '{name}'", G::NAME));
    }
    match kind {
        "easy" => Ok(G::rule_bot(seed)),
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "hard" => G::search_bot(seed, bots::hard::Budget::default())
            .map(|b| b as Box<dyn Bot<G>>)
            .ok_or_else(|| format!("{} has no hard bot yet", G::NAME)),
        _ => Err(format!(
            "unknown bot kind '{kind}' (expected one of: {})",
            BOT_KINDS.join(", ")
        )),
    }
}

/// A hard bot's budget from `S,N,P` (samples, nodes, playouts; empty parts keep the
/// default's).
fn parse_budget(parts: &str) -> Result<bots::hard::Budget, String> {
    let mut b = bots::hard::Budget::default();
    let bad =
        || format!("a hard bot's budget is 'hard:SAMPLES,NODES,PLAYOUTS', not 'hard:{parts}'");
    let mut it = parts.split(',');
    let mut next = || -> Result<Option<u64>, String> {
        match it.next().map(str::trim) {
            None | Some("") => Ok(None),
            Some(x) => x.parse().map(Some).map_err(|_| bad()),
        }
    };
    if let Some(s) = next()? {
        b.samples = u32::try_from(s).map_err(|_| bad())?;
    }
    if let Some(n) = next()? {
        b.nodes = n;
    }
    if let Some(p) = next()? {
        b.playouts = u32::try_from(p).map_err(|_| bad())?;
    }
    if next()?.is_some() || b.samples == 0 {
        return Err(bad());
    }
    Ok(b)
}

/// An arena request.
#[derive(Clone, Debug)]
pub struct ArenaOptions {
    pub game: String,
    /// The challenger's kind.
    pub a: String,
    /// The other kind.
    pub b: String,
    /// Deals; the i-th is played from seed `seed + i` in each of its rooms.
    pub deals: u64,
    pub seed: u64,
    pub players: Option<u8>,
    /// Play each room as a whole match to the target instead of one hand.
    pub matches: bool,
    /// Room settings as JSON (missing fields take their defaults).
    pub settings: Option<Value>,
}

/// Plays the arena and returns its report as JSON (see [`arena_text`] for the text form).
/// Everything but `time_ms` depends only on the options.
pub fn arena(opts: &ArenaOptions) -> Result<Value, String> {
    struct Run<'a>(&'a ArenaOptions);
    impl GameFn for Run<'_> {
        type Output = Result<Value, String>;
        fn call<G: Registered>(self) -> Self::Output {
            arena_game::<G>(self.0)
        }
    }
    registry::with_game(&opts.game, Run(opts)).map_err(|e| e.to_string())?
}

/// Whether fewer points are better in this game (penalty points).
fn lower_is_better(game: &str) -> bool {
    matches!(game, "bidel" | "haft_khabis" | "crazy_eights")
}

/// The rooms of one deal: the same first state in each, and per room which seats bot A
/// plays (those of side `k` in room `k`).
pub fn duplicate_rooms<G: Game>(setup: &Setup<G::Settings>) -> Result<Vec<(G, Vec<bool>)>, String> {
    let g = G::new(setup).map_err(|e| e.to_string())?;
    let rooms = g.sides();
    (0..rooms)
        .map(|k| {
            let room = G::new(setup).map_err(|e| e.to_string())?;
            let a_seats = (0..room.players())
                .map(|s| room.side_of(Seat(s)) == k)
                .collect();
            Ok((room, a_seats))
        })
        .collect()
}

/// A bot's seed: the arena seed, deal, room and seat mixed.
fn bot_seed(seed: u64, deal: u64, room: usize, seat: u8) -> u64 {
    let mut r = Rng::new(seed ^ deal.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    (0..=room * 8 + seat as usize)
        .map(|_| r.next_u64())
        .last()
        .unwrap_or(0)
}

/// What one room gave.
struct RoomResult {
    /// Points of A's side and the mean of the other sides' (hand or match totals).
    a_points: f64,
    b_points: f64,
    /// Hands in the room won by A's side, by another side, and played.
    hands: [u64; 3],
    /// The match won by A's side, by another side (matches mode).
    matches: [u64; 2],
}

/// Move times in nanoseconds, per bot (0 = A, 1 = B).
type Times = [Vec<u64>; 2];

fn play_room<G: Registered>(
    mut g: G,
    a_seats: &[bool],
    room: usize,
    deal: u64,
    opts: &ArenaOptions,
    times: &mut Times,
) -> Result<RoomResult, String> {
    let a_side = room;
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..g.players())
        .map(|s| {
            let kind = if a_seats[s as usize] {
                &opts.a
            } else {
                &opts.b
            };
            make_bot::<G>(kind, bot_seed(opts.seed, deal, room, s))
        })
        .collect::<Result<_, _>>()?;
    let sides = g.sides();
    let mut hands = [0u64; 3];
    let mut legal = Vec::new();
    let mut actions = 0u64;
    loop {
        match g.status() {
            Status::Acting(acting) => {
                let seat = acting.first().ok_or("no seat to act")?;
                legal.clear();
                g.legal_actions(seat, &mut legal);
                if legal.is_empty() {
                    return Err(format!("seat {seat} must act but has no legal action"));
                }
                let view = g.view(seat);
                let t = Instant::now();
                let action = bots[seat.idx()].choose(&view, &legal);
                times[!a_seats[seat.idx()] as usize].push(t.elapsed().as_nanos() as u64);
                let event = g.apply(seat, &action).map_err(|e| e.to_string())?;
                for b in &mut bots {
                    b.observe(&event);
                }
                actions += 1;
                if actions > 10_000_000 {
                    return Err("a room took more than 10,000,000 actions".into());
                }
            }
            status @ (Status::HandOver | Status::MatchOver) => {
                let score = g.hand_score().ok_or("a finished hand without a score")?;
                hands[2] += 1;
                hands[0] += score.winners.contains(&a_side) as u64;
                hands[1] += score.winners.iter().any(|&w| w != a_side) as u64;
                if !opts.matches {
                    let (a, b) = split(&score.points, a_side, sides);
                    return Ok(RoomResult {
                        a_points: a,
                        b_points: b,
                        hands,
                        matches: [0, 0],
                    });
                }
                if status == Status::MatchOver {
                    let o = g.outcome().ok_or("a finished match without an outcome")?;
                    let (a, b) = split(&o.totals, a_side, sides);
                    return Ok(RoomResult {
                        a_points: a,
                        b_points: b,
                        hands,
                        matches: [
                            o.winners.contains(&a_side) as u64,
                            o.winners.iter().any(|&w| w != a_side) as u64,
                        ],
                    });
                }
                g.next_hand().map_err(|e| e.to_string())?;
            }
        }
    }
}

/// Side `a`'s points, and the mean of the other sides'.
fn split(points: &[i32], a: usize, sides: usize) -> (f64, f64) {
    let mine = points.get(a).copied().unwrap_or(0) as f64;
    let others: f64 = points
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != a)
        .map(|(_, &p)| p as f64)
        .sum();
    (mine, others / (sides.max(2) - 1) as f64)
}

/// p50, p95 and max of move times, in milliseconds.
fn time_summary(ns: &mut [u64]) -> Value {
    ns.sort_unstable();
    let at = |q: f64| {
        ns.get(((ns.len() as f64 - 1.0) * q).round() as usize)
            .map_or(0.0, |&t| t as f64 / 1e6)
    };
    json!({ "moves": ns.len(), "p50": at(0.5), "p95": at(0.95), "max": at(1.0) })
}

fn arena_game<G: Registered>(opts: &ArenaOptions) -> Result<Value, String> {
    let players = opts.players.unwrap_or(G::DEFAULT_PLAYERS);
    GameInfo::of::<G>()
        .check_players(players)
        .map_err(|e| e.to_string())?;
    for kind in [&opts.a, &opts.b] {
        make_bot::<G>(kind, 0)?;
    }
    if opts.deals == 0 {
        return Err("--deals must be at least 1".into());
    }
    let settings =
        registry::parse_settings::<G>(opts.settings.as_ref()).map_err(|e| e.to_string())?;
    let sign = if lower_is_better(G::NAME) { -1.0 } else { 1.0 };
    let mut diffs = Vec::with_capacity(opts.deals as usize);
    let mut hands = [0u64; 3];
    let mut matches = [0u64; 2];
    let mut rooms_played = 0u64;
    let mut times: Times = [Vec::new(), Vec::new()];
    let (mut a_total, mut b_total) = (0.0, 0.0);
    for deal in 0..opts.deals {
        let setup = Setup {
            players,
            settings: settings.clone(),
            deal: Deal::seeded(opts.seed.wrapping_add(deal)),
        };
        let rooms = duplicate_rooms::<G>(&setup)?;
        let mut d = 0.0;
        let n = rooms.len() as f64;
        for (k, (g, a_seats)) in rooms.into_iter().enumerate() {
            let r = play_room(g, &a_seats, k, deal, opts, &mut times)?;
            d += sign * (r.a_points - r.b_points) / n;
            a_total += r.a_points;
            b_total += r.b_points;
            for (total, h) in hands.iter_mut().zip(r.hands) {
                *total += h;
            }
            matches[0] += r.matches[0];
            matches[1] += r.matches[1];
            rooms_played += 1;
        }
        diffs.push(d);
    }
    let n = diffs.len() as f64;
    let mean = diffs.iter().sum::<f64>() / n;
    let sd = if diffs.len() > 1 {
        (diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
    } else {
        0.0
    };
    let half = 1.96 * sd / n.sqrt();
    let rate = |k: u64, of: u64| if of > 0 { k as f64 / of as f64 } else { 0.0 };
    let round = |x: f64| (x * 1e4).round() / 1e4;
    let [ta, tb] = &mut times;
    let mut report = json!({
        "game": G::NAME,
        "players": players,
        "a": opts.a,
        "b": opts.b,
        "deals": opts.deals,
        "seed": opts.seed,
        "rooms": rooms_played,
        "unit": if opts.matches { "match points" } else { "hand points" },
        "better": if sign > 0.0 { "higher" } else { "lower" },
        "mean_diff": round(mean),
        "ci95": [round(mean - half), round(mean + half)],
        "sd": round(sd),
        "points_per_room": { "a": round(a_total / rooms_played as f64), "b": round(b_total / rooms_played as f64) },
        "hands": {
            "played": hands[2],
            "a_won": round(rate(hands[0], hands[2])),
            "b_won": round(rate(hands[1], hands[2])),
        },
        "time_ms": { "a": time_summary(ta), "b": time_summary(tb) },
    });
    if opts.matches {
        report["matches"] = json!({
            "played": rooms_played,
            "a_won": round(rate(matches[0], rooms_played)),
            "b_won": round(rate(matches[1], rooms_played)),
        });
    }
    Ok(report)
}

/// The arena report as a few lines of text.
pub fn arena_text(r: &Value) -> String {
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    let mut out = format!(
        "{} ({} players), {} vs {}: {} deals from seed {}, {} rooms (duplicate)\n",
        r["game"].as_str().unwrap_or(""),
        r["players"],
        r["a"].as_str().unwrap_or(""),
        r["b"].as_str().unwrap_or(""),
        r["deals"],
        r["seed"],
        r["rooms"],
    );
    out.push_str(&format!(
        "mean paired difference (A - B, {}, {} is better; positive favours A): {:+.3}, 95% CI [{:+.3}, {:+.3}]\n",
        r["unit"].as_str().unwrap_or(""),
        r["better"].as_str().unwrap_or(""),
        f(&r["mean_diff"]),
        f(&r["ci95"][0]),
        f(&r["ci95"][1]),
    ));
    out.push_str(&format!(
        "hands won: A {:.1}%, B {:.1}% of {}\n",
        100.0 * f(&r["hands"]["a_won"]),
        100.0 * f(&r["hands"]["b_won"]),
        r["hands"]["played"],
    ));
    if r.get("matches").is_some() {
        out.push_str(&format!(
            "matches won: A {:.1}%, B {:.1}% of {}\n",
            100.0 * f(&r["matches"]["a_won"]),
            100.0 * f(&r["matches"]["b_won"]),
            r["matches"]["played"],
        ));
    }
    for side in ["a", "b"] {
        let t = &r["time_ms"][side];
        out.push_str(&format!(
            "time per move, {} ({}): p50 {:.4} ms, p95 {:.4} ms, max {:.4} ms over {} moves\n",
            side.to_uppercase(),
            r[side].as_str().unwrap_or(""),
            f(&t["p50"]),
            f(&t["p95"]),
            f(&t["max"]),
            t["moves"],
        ));
    }
    out
}
