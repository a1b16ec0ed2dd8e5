//! Samples per second of every game's sampler (issue 12), natively:
//!
//! ```text
//! cargo run --release -p bots --example sample_rate
//! ```
//!
//! For each game, random seeded matches are played; at every decision of seat 0 its
//! sampler is built from its view and belief, and dealt `PER_DECISION` times. It prints
//! the rate of full states ([`Sampler::sample`]: the hidden cards dealt and the engine
//! state built) and of the hidden cards alone ([`Sampler::sample_hidden`]), and the cost of
//! building a sampler (once per decision).

use bots::belief::*;
use engine::games::bidel::{Bidel, BidelSettings};
use engine::games::crazy_eights::{CrazyEights, CrazyEightsSettings};
use engine::games::haft_khabis::{HaftKhabis, HaftKhabisSettings};
use engine::games::hokm::{Hokm, HokmSettings};
use engine::games::pasur::{Pasur, PasurSettings};
use engine::games::shelem::{Shelem, ShelemSettings};
use engine::{Deal, FromView, Rng, Seat, Setup, Status};
use std::hint::black_box;
use std::time::{Duration, Instant};

const PER_DECISION: usize = 200;

fn rate<G: FromView, S: Sampler<G>>(name: &str, players: u8, settings: G::Settings) {
    let mut rng = Rng::new(42);
    let (mut built, mut full, mut hidden) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let (mut samplers, mut samples) = (0usize, 0usize);
    let mut legal = Vec::new();
    let mut out = G::Hidden::default();
    for m in 0..40u64 {
        let setup = Setup {
            players,
            settings: settings.clone(),
            deal: Deal::seeded(m),
        };
        let Ok(mut g) = G::new(&setup) else { return };
        let mut belief = S::Belief::new(&g.view(Seat(0)));
        let mut hands = 0;
        for _ in 0..3000 {
            match g.status() {
                Status::MatchOver => break,
                Status::HandOver => {
                    hands += 1;
                    if hands == 2 || g.next_hand().is_err() {
                        break;
                    }
                }
                Status::Acting(seats) => {
                    if seats.contains(Seat(0)) {
                        let view = g.view(Seat(0));
                        let t = Instant::now();
                        let s = S::new(&view, &belief).expect("sampler");
                        built += t.elapsed();
                        samplers += 1;
                        let t = Instant::now();
                        for _ in 0..PER_DECISION {
                            black_box(s.sample(&mut rng).expect("sample"));
                        }
                        full += t.elapsed();
                        let t = Instant::now();
                        for _ in 0..PER_DECISION {
                            s.sample_hidden(&mut rng, &mut out);
                            black_box(&out);
                        }
                        hidden += t.elapsed();
                        samples += PER_DECISION;
                    }
                    let list: Vec<Seat> = seats.iter().collect();
                    let seat = list[rng.below(list.len() as u32) as usize];
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    let a = legal[rng.below(legal.len() as u32) as usize].clone();
                    let e = g.apply(seat, &a).expect("legal");
                    belief.observe(&e);
                }
            }
        }
    }
    let per_sec = |d: Duration| samples as f64 / d.as_secs_f64();
    println!(
        "{name:<10} {players}p  {:>10.0} states/s  {:>10.0} hidden deals/s  {:>7.1} µs per sampler built  ({samplers} decisions, {samples} samples)",
        per_sec(full),
        per_sec(hidden),
        built.as_secs_f64() * 1e6 / samplers as f64,
    );
}

fn main() {
    rate::<Hokm, HokmSampler>("hokm", 4, HokmSettings::default());
    rate::<Hokm, HokmSampler>("hokm", 2, HokmSettings::default());
    rate::<Shelem, ShelemSampler>("shelem", 4, ShelemSettings::default());
    rate::<Shelem, ShelemSampler>("shelem", 2, ShelemSettings::default());
    rate::<Bidel, BidelSampler>("bidel", 4, BidelSettings::default());
    rate::<Bidel, BidelSampler>("bidel", 3, BidelSettings::default());
    rate::<Pasur, PasurSampler>("pasur", 2, PasurSettings::default());
    rate::<Pasur, PasurSampler>("pasur", 4, PasurSettings::default());
    let ce = CrazyEightsSettings {
        play_drawn_card: true,
        ..CrazyEightsSettings::default()
    };
    rate::<CrazyEights, CrazyEightsSampler>("crazy8", 4, ce.clone());
    rate::<CrazyEights, CrazyEightsSampler>("crazy8", 8, ce);
    rate::<HaftKhabis, HaftKhabisSampler>("haft", 4, HaftKhabisSettings::default());
    rate::<HaftKhabis, HaftKhabisSampler>("haft", 7, HaftKhabisSettings::default());
}
