//! Rollouts per second (issue 12): random playouts from a dealt position to the end of
//! the hand, for every game, and the hard bots' rollout policies beside them, natively:
//!
//! ```text
//! cargo run --release -p bots --example rollout_rate [-- PLAYOUTS [FILTER]]
//! ```
//!
//! With `FILTER`, only the configurations whose name and kind contain it run (for example
//! `closest` for Crazy Eights with the settings closest to OpenSpiel's game, or
//! `"OpenSpiel) uniform"` for its uniform playouts only).
//!
//! For each configuration, `POSITIONS` freshly dealt matches (seeds 1, 2, …) are each
//! played out `PLAYOUTS / POSITIONS` times from their dealt position: the state cloned,
//! then every action to the hand's end. The uniform playout
//! ([`bots::hard::rollout::play_out_uniform`]) plays each step with
//! [`engine::Game::random_step`]: the action [`engine::Game::random_action`] draws (what
//! `cards simulate` draws), applied without its event; the policy playout is the hard
//! bot's ([`bots::hard::rollout::play_out`]). Prints playouts per second by wall
//! clock and per CPU-second of this thread (from `/proc/thread-self/schedstat`, steadier
//! on a shared machine), the mean actions per playout and the nanoseconds per action.

use bots::hard::rollout::{play_out, play_out_uniform, RolloutGame};
use engine::games::bidel::{Bidel, BidelSettings};
use engine::games::crazy_eights::{CrazyEights, CrazyEightsSettings};
use engine::games::haft_khabis::{HaftKhabis, HaftKhabisSettings};
use engine::games::hokm::{Hokm, HokmSettings};
use engine::games::pasur::{Pasur, PasurSettings};
use engine::games::shelem::{Shelem, ShelemSettings};
use engine::{Deal, Game, Rng, Setup};
use std::hint::black_box;
use std::time::Instant;

const POSITIONS: u64 = 20;

/// This thread's CPU time in nanoseconds (0 where the kernel does not say).
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Times `playouts` playouts of `one` over the dealt positions of `name`.
fn run<G: Game>(
    name: &str,
    kind: &str,
    players: u8,
    settings: &G::Settings,
    playouts: u64,
    mut one: impl FnMut(&mut G, &mut Rng, &mut Vec<G::Action>) -> u32,
) {
    if let Some(f) = std::env::args().nth(2) {
        if !format!("{name} {kind}").contains(f.as_str()) {
            return;
        }
    }
    let roots: Vec<G> = (1..=POSITIONS)
        .filter_map(|seed| {
            G::new(&Setup {
                players,
                settings: settings.clone(),
                deal: Deal::seeded(seed),
            })
            .ok()
        })
        .collect();
    if roots.is_empty() {
        println!("{name}: no position");
        return;
    }
    let per = (playouts / roots.len() as u64).max(1);
    let mut rng = Rng::new(7);
    let mut legal = Vec::with_capacity(64);
    let mut steps = 0u64;
    let (t, c) = (Instant::now(), cpu_ns());
    for root in &roots {
        for _ in 0..per {
            let mut g = root.clone();
            steps += one(&mut g, &mut rng, &mut legal) as u64;
            black_box(&g);
        }
    }
    let wall = t.elapsed().as_secs_f64();
    let cpu = (cpu_ns() - c) as f64 / 1e9;
    let n = per * roots.len() as u64;
    println!(
        "{name:<34} {kind:<7} {:>10.0}/s wall {:>10.0}/s cpu  {:>6.1} actions  {:>6.1} ns/action (cpu)",
        n as f64 / wall,
        if cpu > 0.0 { n as f64 / cpu } else { f64::NAN },
        steps as f64 / n as f64,
        if cpu > 0.0 { cpu * 1e9 / steps.max(1) as f64 } else { f64::NAN },
    );
}

fn uniform<G: Game>(name: &str, players: u8, settings: G::Settings, playouts: u64) {
    run::<G>(name, "uniform", players, &settings, playouts, |g, r, l| {
        play_out_uniform(g, r, l)
    });
}

fn both<G: RolloutGame>(name: &str, players: u8, settings: G::Settings, playouts: u64) {
    uniform::<G>(name, players, settings.clone(), playouts);
    run::<G>(name, "policy", players, &settings, playouts, |g, r, l| {
        play_out(g, r, l)
    });
}

fn main() {
    let playouts: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200_000);
    let closest = CrazyEightsSettings {
        queen_skips: false,
        ace_reverses: false,
        two_draws: false,
        last_card: false,
        reshuffle: false,
        play_drawn_card: true,
        ..CrazyEightsSettings::default()
    };
    uniform::<Hokm>("hokm 4", 4, HokmSettings::default(), playouts);
    uniform::<Shelem>("shelem 4", 4, ShelemSettings::default(), playouts);
    uniform::<Bidel>("bidel 4", 4, BidelSettings::default(), playouts);
    both::<Pasur>("pasur 2", 2, PasurSettings::default(), playouts);
    both::<Pasur>("pasur 4", 4, PasurSettings::default(), playouts);
    both::<HaftKhabis>("haft_khabis 4", 4, HaftKhabisSettings::default(), playouts);
    both::<CrazyEights>(
        "crazy_eights 4",
        4,
        CrazyEightsSettings::default(),
        playouts,
    );
    both::<CrazyEights>(
        "crazy_eights 5 (closest to OpenSpiel)",
        5,
        closest,
        playouts,
    );
}
