//! Tests of the rollout-based hard bots (Pasur, Haft Khabis, Crazy Eights): legal and
//! repeatable choices, better than the easy bots on a fixed duplicate sample, and rollouts
//! that do not allocate per step.

use super::rollout::{play_out, play_out_uniform, RolloutBot, RolloutGame};
use super::{Budget, HardGame};
use crate::Bot;
use engine::games::crazy_eights::{CrazyEights, CrazyEightsSettings};
use engine::games::haft_khabis::{HaftKhabis, HaftKhabisSettings};
use engine::games::pasur::{Pasur, PasurSettings};
use engine::{Deal, Game, Rng, Seat, Setup, Status};
/// A small budget, so the tests run in seconds unoptimised.
const SMALL: Budget = Budget {
    samples: 8,
    nodes: 0,
    playouts: 160,
};

fn setup<G: Game>(players: u8, settings: &G::Settings, seed: u64) -> Setup<G::Settings> {
    Setup {
        players,
        settings: settings.clone(),
        deal: Deal::seeded(seed),
    }
}

/// Plays one hand from `seed`, hard bots in the seats where `hard[seat]`, easy (the rule
/// bot, the fallback of the hard one) elsewhere; every choice is checked to be legal.
/// Returns the actions and the hand's points.
fn play_hand<G: RolloutGame + HardGame>(
    players: u8,
    settings: &G::Settings,
    seed: u64,
    hard: &[bool],
    budget: Budget,
) -> (Vec<G::Action>, Vec<i32>) {
    let mut g = G::new(&setup::<G>(players, settings, seed)).expect("setup");
    let mut bots: Vec<Box<dyn Bot<G> + Send>> = (0..players)
        .map(|s| {
            let seed = seed * 31 + s as u64;
            if hard[s as usize] {
                G::hard_bot(seed, budget).expect("a hard bot")
            } else {
                G::fallback(seed)
            }
        })
        .collect();
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    while let Status::Acting(acting) = g.status() {
        let seat = acting.first().expect("a seat acts");
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let a = bots[seat.idx()].choose(&g.view(seat), &legal);
        assert!(legal.contains(&a), "seat {seat} chose {a:?}, not legal");
        let e = g.apply(seat, &a).expect("a legal action applies");
        for b in &mut bots {
            b.observe(&e);
        }
        actions.push(a);
    }
    (actions, g.hand_score().expect("a scored hand").points)
}

/// The mean over `deals` duplicate deals of the hard side's hand points less the mean of
/// the other sides' (turned so that positive favours the hard bot), with the hard bot in
/// every side in turn, at the default budget.
fn duplicate<G: RolloutGame + HardGame>(
    players: u8,
    settings: &G::Settings,
    seeds: std::ops::Range<u64>,
) -> f64 {
    let mut total = 0.0;
    let mut rooms = 0;
    for seed in seeds {
        let g = G::new(&setup::<G>(players, settings, seed)).expect("setup");
        let sides = g.sides();
        for side in 0..sides {
            let hard: Vec<bool> = (0..players).map(|s| g.side_of(Seat(s)) == side).collect();
            let (_, points) = play_hand::<G>(players, settings, seed, &hard, Budget::default());
            let mine = points[side] as f64;
            let others: f64 = points.iter().sum::<i32>() as f64 - mine;
            let d = mine - others / (sides - 1) as f64;
            total += if G::PENALTY { -d } else { d };
            rooms += 1;
        }
    }
    total / rooms as f64
}

fn legal_and_repeatable<G: RolloutGame + HardGame>(players: u8, settings: G::Settings) {
    for seed in 1..3 {
        let hard: Vec<bool> = (0..players).map(|s| s % 2 == 0).collect();
        let a = play_hand::<G>(players, &settings, seed, &hard, SMALL);
        let b = play_hand::<G>(players, &settings, seed, &hard, SMALL);
        assert_eq!(
            a.0,
            b.0,
            "{} seed {seed}: the same seed and budget chose differently",
            G::NAME
        );
        assert_eq!(a.1, b.1);
    }
}

#[test]
fn hard_bots_choose_legal_actions_and_repeat_with_the_same_seed_and_budget() {
    legal_and_repeatable::<Pasur>(2, PasurSettings::default());
    legal_and_repeatable::<Pasur>(4, PasurSettings::default());
    legal_and_repeatable::<HaftKhabis>(4, HaftKhabisSettings::default());
    legal_and_repeatable::<CrazyEights>(4, CrazyEightsSettings::default());
}

#[test]
fn hard_pasur_beats_easy_on_a_fixed_duplicate_sample() {
    let d = duplicate::<Pasur>(2, &PasurSettings::default(), 1..13);
    assert!(d > 0.0, "hard minus easy: {d}");
}

#[test]
fn hard_haft_khabis_beats_easy_on_a_fixed_duplicate_sample() {
    let d = duplicate::<HaftKhabis>(4, &HaftKhabisSettings::default(), 1..13);
    assert!(d > 0.0, "hard minus easy: {d}");
}

#[test]
fn hard_crazy_eights_beats_easy_on_a_fixed_duplicate_sample() {
    let d = duplicate::<CrazyEights>(4, &CrazyEightsSettings::default(), 1..13);
    assert!(d > 0.0, "hard minus easy: {d}");
}

/// Allocations in `n` playouts from a dealt position (the state cloned outside the count),
/// and the actions they played.
fn playout_allocs<G: Game>(
    players: u8,
    settings: G::Settings,
    n: u64,
    mut one: impl FnMut(&mut G, &mut Rng, &mut Vec<G::Action>) -> u32,
) -> (u64, u64) {
    let root = G::new(&setup::<G>(players, &settings, 5)).expect("setup");
    let mut rng = Rng::new(9);
    let mut legal = Vec::with_capacity(256);
    let (mut count, mut steps) = (0, 0);
    for _ in 0..n {
        let mut g = root.clone();
        // Counts this thread's allocations (allocation-counter's global allocator).
        count += allocation_counter::measure(|| {
            steps += one(&mut g, &mut rng, &mut legal) as u64;
        })
        .count_total;
    }
    (count, steps)
}

/// A rollout allocates nothing per step: only the hand's end may (a score sheet), at most
/// twice a playout, however many actions it plays.
#[test]
fn rollouts_do_not_allocate_per_step() {
    fn check<G: RolloutGame>(players: u8, settings: G::Settings) {
        for (kind, (count, steps)) in [
            (
                "policy",
                playout_allocs::<G>(players, settings.clone(), 200, |g, r, l| play_out(g, r, l)),
            ),
            (
                "uniform",
                playout_allocs::<G>(players, settings, 200, |g, r, l| play_out_uniform(g, r, l)),
            ),
        ] {
            assert!(
                steps >= 200 * 20,
                "{} {kind}: only {steps} actions",
                G::NAME
            );
            assert!(
                count <= 2 * 200,
                "{} {kind}: {count} allocations in 200 playouts of {steps} actions",
                G::NAME
            );
        }
    }
    check::<Pasur>(2, PasurSettings::default());
    check::<Pasur>(4, PasurSettings::default());
    check::<HaftKhabis>(4, HaftKhabisSettings::default());
    check::<CrazyEights>(4, CrazyEightsSettings::default());
}

/// Through four hands (of one match or more; the belief carried from one to the next), the
/// hard bot's sampler accepts every view it decides on: it never falls back for want of a
/// belief, and it decides from the first hand (its first decision comes after other seats
/// played).
fn never_refused<G: RolloutGame + HardGame>(players: u8, settings: G::Settings, seed: u64) {
    let mut g = G::new(&setup::<G>(players, &settings, seed)).expect("setup");
    let mut hard = RolloutBot::<G>::new(seed, SMALL);
    let mut easy: Vec<_> = (1..players).map(|s| G::fallback(seed + s as u64)).collect();
    let mut legal = Vec::new();
    let (mut hands, mut decisions) = (0, 0);
    while hands < 4 {
        match g.status() {
            Status::Acting(acting) => {
                let seat = acting.first().expect("a seat acts");
                legal.clear();
                g.legal_actions(seat, &mut legal);
                let view = g.view(seat);
                let a = if seat == Seat(0) {
                    decisions += (legal.len() > 1) as u32;
                    hard.choose(&view, &legal)
                } else {
                    easy[seat.idx() - 1].choose(&view, &legal)
                };
                let e = g.apply(seat, &a).expect("a legal action");
                hard.observe(&e);
                for b in &mut easy {
                    b.observe(&e);
                }
            }
            Status::HandOver => {
                hands += 1;
                g.next_hand().expect("next hand");
            }
            Status::MatchOver => {
                // A new match at the same table: the bots carry on.
                hands += 1;
                g = G::new(&setup::<G>(players, &settings, seed + 100 * hands)).expect("setup");
            }
        }
    }
    assert!(
        hands >= 2 && decisions > 5,
        "{} {hands} hands, {decisions} decisions",
        G::NAME
    );
    assert_eq!(
        hard.refused(),
        0,
        "{}: refused views in {decisions} decisions",
        G::NAME
    );
}

#[test]
fn the_belief_follows_the_hands_of_a_match() {
    never_refused::<Pasur>(2, PasurSettings::default(), 3);
    never_refused::<Pasur>(4, PasurSettings::default(), 4);
    never_refused::<HaftKhabis>(4, HaftKhabisSettings::default(), 5);
    never_refused::<CrazyEights>(4, CrazyEightsSettings::default(), 6);
}
