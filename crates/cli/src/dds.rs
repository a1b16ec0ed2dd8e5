//! `cards dds`: the double-dummy solver's speed on full Hokm deals (issue 12).

use bots::RandomBot;
use engine::games::hokm::{Hokm, HokmAction, HokmSettings, Trump};
use engine::games::{bidel::Bidel, shelem::Shelem};
use engine::log::Step as LogStep;
use engine::{Card, CardSet, Deal, Game, Rank, Seat, Setup, Status, Suit};
use registry::Registered;
use search::{PointsSolver, Position, Solver};
use serde_json::{json, Value};
use std::time::Instant;

/// A benchmark request.
#[derive(Clone, Debug)]
pub struct DdsOptions {
    /// Deals to solve; the i-th is dealt from seed `seed + i`.
    pub deals: u64,
    pub seed: u64,
    /// 4, or 2 (HK-13: the stock drawn by a seeded random player first).
    pub players: u8,
    /// The transposition table: 2^bits slots.
    pub table_bits: u32,
    /// Also time the most tricks (several searches a deal), not only "take 7".
    pub max_tricks: bool,
    /// Instead: time the analysis of whole hands played by the rule bots
    /// ([`search::analyse_hokm`], what the page's "Analysis" asks the worker).
    pub analyse: bool,
    /// The game analysed: `hokm`, or with `analyse` also `shelem` or `bidel` (the points
    /// analysis, [`search::analyse_shelem`] and [`search::analyse_bidel`]).
    pub game: String,
    /// The points analysis' node budget (the worker's: 100 M).
    pub budget: u64,
}

/// The hakem's trump: the suit it holds most of among its first five cards (the highest
/// such suit on a tie).
fn longest_suit(hand: engine::CardSet) -> Trump {
    let best = Suit::ALL
        .into_iter()
        .max_by_key(|&s| (hand.of_suit(s).len(), s as u8))
        .unwrap_or(Suit::Spades);
    Trump::Suit(best)
}

/// The first hand of a match from `seed`, trump named and (with two players) the stock
/// drawn, as the open position of its first trick.
pub fn hokm_deal(seed: u64, players: u8) -> Result<Position, String> {
    let mut g = Hokm::new(&Setup {
        players,
        settings: HokmSettings::default(),
        deal: Deal::seeded(seed),
    })
    .map_err(|e| e.to_string())?;
    let mut random = RandomBot::new(seed);
    let mut scratch = Vec::new();
    loop {
        if let Some(p) = g.play_position() {
            return Position::from_hokm(&p).map_err(|e| e.to_string());
        }
        let Status::Acting(acting) = g.status() else {
            return Err("the hand ended before its play".into());
        };
        let seat = acting.first().ok_or("nobody to act")?;
        let action = if g.view(seat).trump.is_none() {
            HokmAction::Trump(longest_suit(g.view(seat).hand))
        } else {
            random
                .pick_in(&g, seat, &mut scratch)
                .ok_or("no legal action")?
        };
        g.apply(seat, &action).map_err(|e| e.to_string())?;
    }
}

/// The first hand of a match from `seed`, played to its end by the rule bots
/// ([`rule_bot_hand`]): the game at the start of its play and the cards played, rebuilt
/// from the log as the worker rebuilds a page's hand.
pub fn played_hand(seed: u64, players: u8) -> Result<(Hokm, Vec<engine::Card>), String> {
    let (setup, log) = rule_bot_hand::<Hokm>(seed, players)?;
    search::analysis::finished_hokm_hand(&setup, &log).map_err(|e| e.to_string())
}

/// Times in seconds (sorted here) as milliseconds: the mean over `n`, p50, p95 and max.
fn ms_summary(times: &mut [f64], n: f64) -> Value {
    let total: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    let pct = |q: f64| {
        times
            .get(((times.len() as f64 - 1.0) * q).round() as usize)
            .map_or(0.0, |t| t * 1e3)
    };
    json!({
        "ms_mean": total / n * 1e3,
        "ms_p50": pct(0.5),
        "ms_p95": pct(0.95),
        "ms_max": pct(1.0),
    })
}

/// Times the analysis of `opts.deals` hands played by the rule bots (a fresh table each):
/// one JSON object with the times and the slips found.
pub fn analyse_bench(opts: &DdsOptions) -> Result<Value, String> {
    let hands: Vec<_> = (0..opts.deals)
        .map(|i| played_hand(opts.seed.wrapping_add(i), opts.players))
        .collect::<Result<_, _>>()?;
    let mut solver = Solver::new(opts.table_bits);
    let mut times = Vec::with_capacity(hands.len());
    let (mut slips, mut decisive, mut plays) = (0usize, 0usize, 0usize);
    for (start, cards) in &hands {
        solver.clear();
        let t = Instant::now();
        let a = search::analyse_hokm(start, cards, &mut solver).map_err(|e| e.to_string())?;
        times.push(t.elapsed().as_secs_f64());
        slips += a.slips.len();
        decisive += a.slips.iter().filter(|s| s.decisive).count();
        plays += cards.len();
    }
    let n = hands.len().max(1) as f64;
    Ok(json!({
        "game": "hokm",
        "players": opts.players,
        "hands": hands.len(),
        "seed": opts.seed,
        "table_bits": opts.table_bits,
        "analyse": ms_summary(&mut times, n),
        "plays_per_hand": plays as f64 / n,
        "slips_per_hand": slips as f64 / n,
        "decisive_per_hand": decisive as f64 / n,
    }))
}

/// A table's setup and its match log.
type Table<G> = (
    Setup<<G as Game>::Settings>,
    Vec<LogStep<<G as Game>::Action>>,
);

/// The first hand of the match from `seed` (default settings), played to its end by the
/// rule bots: the setup and the match log, as the page sends them to the worker.
pub fn rule_bot_hand<G: Registered>(seed: u64, players: u8) -> Result<Table<G>, String> {
    let setup = Setup {
        players,
        settings: G::Settings::default(),
        deal: Deal::seeded(seed),
    };
    let mut g = G::new(&setup).map_err(|e| e.to_string())?;
    let mut bots: Vec<_> = (0..u64::from(players))
        .map(|s| G::rule_bot(seed.wrapping_mul(31).wrapping_add(s)))
        .collect();
    let (mut legal, mut log) = (Vec::new(), Vec::new());
    while let Status::Acting(acting) = g.status() {
        let seat = acting.first().ok_or("nobody to act")?;
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let action = bots[seat.idx()].choose(&g.view(seat), &legal);
        let event = g.apply(seat, &action).map_err(|e| e.to_string())?;
        for b in bots.iter_mut() {
            b.observe(&event);
        }
        log.push(LogStep::Act { seat, action });
    }
    Ok((setup, log))
}

/// Times the points analysis (Shelem or Bidel) of `opts.deals` hands played by the rule
/// bots, with the worker's table and `opts.budget` nodes, as the page asks it: per hand the
/// time to the last answer, the nodes, and the first trick analysed (1: the whole hand).
pub fn analyse_points_bench(opts: &DdsOptions) -> Result<Value, String> {
    fn run<G: Registered>(
        opts: &DdsOptions,
        analyse: impl Fn(
            &Setup<G::Settings>,
            &[LogStep<G::Action>],
            &mut PointsSolver,
        ) -> Result<search::PointsAnalysis, search::AnalysisError>,
    ) -> Result<Value, String> {
        let mut solver = PointsSolver::new(opts.table_bits);
        let (mut times, mut from, mut nodes) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..opts.deals {
            let (setup, log) = rule_bot_hand::<G>(opts.seed.wrapping_add(i), opts.players)?;
            // The budget counts from here, as the worker sets it for each analysis.
            solver.set_budget(opts.budget);
            let n0 = solver.nodes();
            let t = Instant::now();
            let a = analyse(&setup, &log, &mut solver).map_err(|e| format!("{e:?}"))?;
            times.push(t.elapsed().as_secs_f64());
            from.push(a.from_trick);
            nodes.push(((solver.nodes() - n0) as f64 / 1e5).round() / 10.0);
        }
        let n = times.len().max(1) as f64;
        Ok(json!({
            "game": G::NAME,
            "players": opts.players,
            "hands": times.len(),
            "seed": opts.seed,
            "table_bits": opts.table_bits,
            "budget": opts.budget,
            "whole": from.iter().filter(|&&f| f == 1).count(),
            "analyse": ms_summary(&mut times.clone(), n),
            "seconds": times.iter().map(|t| (t * 100.0).round() / 100.0).collect::<Vec<_>>(),
            "from_trick": from,
            "m_nodes": nodes,
        }))
    }
    match opts.game.as_str() {
        "shelem" => run::<Shelem>(opts, |s, l, solver| {
            search::analyse_shelem(s, l, solver, &mut |_| {})
        }),
        "bidel" => run::<Bidel>(opts, |s, l, solver| {
            search::analyse_bidel(s, l, solver, &mut |_| {})
        }),
        g => Err(format!(
            "the hand analysis is for hokm, shelem or bidel, not '{g}'"
        )),
    }
}

/// The worker's `analyse` messages (one JSON a line, ids from 1) for `opts.deals` hands of
/// `opts.game` played by the rule bots, as [`analyse_points_bench`] analyses them: what
/// `tests/e2e/bench-analysis.mjs` sends the worker in Chromium.
pub fn analysis_requests(opts: &DdsOptions) -> Result<String, String> {
    fn lines<G: Registered>(opts: &DdsOptions) -> Result<String, String>
    where
        G::Settings: serde::Serialize,
        G::Action: serde::Serialize,
    {
        let mut out = String::new();
        for i in 0..opts.deals {
            let (setup, log) = rule_bot_hand::<G>(opts.seed.wrapping_add(i), opts.players)?;
            let m = bots::seats::AnalyseHand::new(i as u32 + 1, G::KIND.slug(), setup, log);
            out += &serde_json::to_string(&m).map_err(|e| e.to_string())?;
            out.push('\n');
        }
        Ok(out)
    }
    match opts.game.as_str() {
        "hokm" => lines::<Hokm>(opts),
        "shelem" => lines::<Shelem>(opts),
        "bidel" => lines::<Bidel>(opts),
        g => Err(format!(
            "the hand analysis is for hokm, shelem or bidel, not '{g}'"
        )),
    }
}

/// Solves `opts.deals` full deals twice: "can the hakem's side take 7?" (one zero-window
/// search, a fresh table per deal) and the most tricks the hakem's side takes (iterated
/// searches); returns the times per deal as one JSON object.
pub fn dds_bench(opts: &DdsOptions) -> Result<Value, String> {
    if opts.analyse && opts.game != "hokm" {
        return analyse_points_bench(opts);
    }
    if opts.game != "hokm" {
        return Err(format!(
            "only hokm deals are solved; shelem and bidel with --analyse, not '{}'",
            opts.game
        ));
    }
    if opts.players != 2 && opts.players != 4 {
        return Err(format!(
            "hokm is solved for 2 or 4 players, not {}",
            opts.players
        ));
    }
    if opts.analyse {
        return analyse_bench(opts);
    }
    let deals: Vec<Position> = (0..opts.deals)
        .map(|i| hokm_deal(opts.seed.wrapping_add(i), opts.players))
        .collect::<Result<_, _>>()?;
    let mut solver = Solver::new(opts.table_bits);
    let mut wins = 0u64;
    let mut times7 = Vec::with_capacity(deals.len());
    let nodes0 = solver.nodes();
    for p in &deals {
        let side = p.to_play().side();
        solver.clear();
        let t = Instant::now();
        wins += solver.can_take(p, side, 7) as u64;
        times7.push(t.elapsed().as_secs_f64());
    }
    let nodes7 = solver.nodes() - nodes0;
    let mut timesmax = Vec::with_capacity(deals.len());
    let mut total_tricks = 0u64;
    for p in deals.iter().filter(|_| opts.max_tricks) {
        let side = p.to_play().side();
        solver.clear();
        let t = Instant::now();
        total_tricks += solver.max_tricks(p, side) as u64;
        timesmax.push(t.elapsed().as_secs_f64());
    }
    let n = deals.len().max(1) as f64;
    let summary = |times: &mut Vec<f64>| {
        let total: f64 = times.iter().sum();
        let mut s = ms_summary(times, n);
        s["deals_per_sec"] = json!(if total > 0.0 {
            (n / total * 10.0).round() / 10.0
        } else {
            0.0
        });
        s
    };
    let mut report = json!({
        "game": "hokm",
        "players": opts.players,
        "deals": deals.len(),
        "seed": opts.seed,
        "table_bits": opts.table_bits,
        "take7": summary(&mut times7),
        "take7_nodes_per_deal": (nodes7 as f64 / n).round(),
        "hakem_side_wins": wins,
    });
    if opts.max_tricks {
        report["max_tricks"] = summary(&mut timesmax);
        report["hakem_side_mean_tricks"] = json!(total_tricks as f64 / n);
    }
    Ok(report)
}

/// The strains of a double-dummy table in DDS's order: spades, hearts, diamonds, clubs, no
/// trump (Sars: no trump, the usual ranking).
pub const DD_STRAINS: [Trump; 5] = [
    Trump::Suit(Suit::Spades),
    Trump::Suit(Suit::Hearts),
    Trump::Suit(Suit::Diamonds),
    Trump::Suit(Suit::Clubs),
    Trump::Sars,
];

/// The four hands (seats 0..4 = North, East, South, West) of a bridge deal in PBN's deal
/// notation: `N:` (or `E:`, `S:`, `W:`, the first hand's seat) then four hands clockwise
/// separated by spaces, each its spades, hearts, diamonds and clubs separated by dots, ranks
/// `AKQJT98765432` (`10` also read). Every hand must hold 13 cards, each card once.
pub fn parse_pbn(line: &str) -> Result<[CardSet; 4], String> {
    let line = line.trim();
    let line = line
        .strip_prefix("[Deal \"")
        .and_then(|l| l.strip_suffix("\"]"))
        .unwrap_or(line);
    let (first, rest) = line
        .split_once(':')
        .ok_or_else(|| format!("a PBN deal starts with N:, E:, S: or W: ({line})"))?;
    let first = match first.trim().to_ascii_uppercase().as_str() {
        "N" => 0,
        "E" => 1,
        "S" => 2,
        "W" => 3,
        other => return Err(format!("no seat {other:?} in a PBN deal")),
    };
    let hands_text: Vec<&str> = rest.split_whitespace().collect();
    if hands_text.len() != 4 {
        return Err(format!("a PBN deal has 4 hands, not {}", hands_text.len()));
    }
    let mut hands = [CardSet::EMPTY; 4];
    let mut seen = CardSet::EMPTY;
    for (k, text) in hands_text.iter().enumerate() {
        let seat = (first + k) % 4;
        let suits: Vec<&str> = text.split('.').collect();
        if suits.len() != 4 {
            return Err(format!("a PBN hand has 4 suits: {text}"));
        }
        for (suit, ranks) in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
            .into_iter()
            .zip(suits)
        {
            let ranks = ranks.replace("10", "T");
            for ch in ranks.chars() {
                let i = "23456789TJQKA"
                    .find(ch.to_ascii_uppercase())
                    .ok_or_else(|| format!("no rank {ch:?} in {text}"))?;
                let card = Card::new(suit, Rank::new(i as u8).ok_or("bad rank")?);
                if seen.contains(card) {
                    return Err(format!("{card} is dealt twice"));
                }
                seen.insert(card);
                hands[seat].insert(card);
            }
        }
    }
    if let Some(s) = hands.iter().position(|h| h.len() != 13) {
        return Err(format!(
            "hand {} holds {} cards, not 13",
            ["N", "E", "S", "W"][s],
            hands[s].len()
        ));
    }
    Ok(hands)
}

/// The double-dummy table of a deal (`hands` of North, East, South, West, any equal number
/// of cards each), as DDS's `calc_dd_table`: per strain ([`DD_STRAINS`]) and per declarer
/// (North, East, South, West) the most tricks the declarer's side takes, the declarer's
/// left-hand opponent leading to the first trick. One max-tricks search per strain and
/// leader (declarers North and East share nothing but the table); the solver's table is
/// kept across the questions of one strain.
pub fn dd_table(solver: &mut Solver, hands: [CardSet; 4]) -> Result<[[u8; 4]; 5], String> {
    let mut table = [[0u8; 4]; 5];
    // Each answer's searches start from the answer of the same side with the other leader
    // (usually within a trick of it), else from the tricks left less the other side's
    // answer, else (a strain's first) from a guess by the high cards and the trumps: the
    // last strain's answer was a worse start (29.5 M nodes instead of 32.3 M on deals 1-8
    // of bench-dds seed 1).
    for (strain, &mode) in DD_STRAINS.iter().enumerate() {
        let mut last = [None::<u8>; 2];
        for declarer in [0u8, 2, 1, 3] {
            let side = (declarer & 1) as usize;
            let leader = Seat((declarer + 1) % 4);
            let p =
                Position::new(4, hands, mode, leader, &[], [0, 0]).map_err(|e| e.to_string())?;
            // The first answer of a side: the other side's complement (with another
            // leader, so usually within a trick of it); the strain's first, a guess.
            let left = p.tricks_left();
            let guess = last[side]
                .or(last[side ^ 1].map(|t| left.saturating_sub(t)))
                .unwrap_or_else(|| first_guess(&hands, mode, side, left));
            let t = solver.max_tricks_from(&p, side, guess);
            table[strain][declarer as usize] = t;
            last[side] = Some(t);
        }
    }
    Ok(table)
}

/// A guess of the tricks of `side` (0: North-South) with `left` tricks to play, from the
/// usual counts of bridge players: half the tricks, one more for each 3 high-card points
/// (ace 4, king 3, queen 2, jack 1) above the other side's share, and one for each 4 trumps
/// more than the other side holds. Only where the searches start: the answer is exact
/// whatever it guesses.
fn first_guess(hands: &[CardSet; 4], mode: Trump, side: usize, left: u8) -> u8 {
    let mut score = 0i32;
    for (seat, h) in hands.iter().enumerate() {
        let sign = if seat % 2 == side { 1 } else { -1 };
        let hcp: i32 = h
            .iter()
            .map(|c| c.rank().index().saturating_sub(8) as i32)
            .sum();
        let trumps = mode.suit().map_or(0, |s| h.of_suit(s).len() as i32);
        // Both in twelfths of a trick: 3 points (6 of difference) and 4 trumps a trick.
        score += sign * (2 * hcp + 3 * trumps);
    }
    let g = (6 * left as i32 + score + 6).div_euclid(12);
    g.clamp(0, left as i32) as u8
}

/// CPU time of the calling thread in seconds (Linux: `/proc/thread-self/schedstat`), or
/// `None` where that is not readable.
fn thread_cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// `cards dds --pbn`: one line per deal of `text` (PBN deals, one a line; blank lines and
/// lines starting with `#` or `%` skipped): the 20 numbers of [`dd_table`] in its order
/// (strains S, H, D, C, NT; declarers N, E, S, W in each), then the milliseconds of CPU time
/// the deal took (of the solving thread; wall time where the CPU time is unreadable). The
/// solver's table is cleared before each deal.
pub fn pbn_tables(text: &str, table_bits: u32) -> Result<String, String> {
    let mut solver = Solver::new(table_bits);
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') || l.starts_with('%') {
            continue;
        }
        let hands = parse_pbn(l).map_err(|e| format!("line {}: {e}", i + 1))?;
        solver.clear();
        let (c0, t0) = (thread_cpu_seconds(), Instant::now());
        let table = dd_table(&mut solver, hands)?;
        let secs = match (c0, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => t0.elapsed().as_secs_f64(),
        };
        for row in table {
            for t in row {
                out.push_str(&format!("{t} "));
            }
        }
        out.push_str(&format!("{:.3}\n", secs * 1e3));
    }
    Ok(out)
}
