//! Determinized Monte Carlo with rollouts (PIMC over rollouts), shared by the hard bots of
//! the games without a solver (Pasur, Haft Khabis, Crazy Eights).
//!
//! At each decision with more than one legal action the bot deals `samples` full states
//! consistent with its seat's view and belief ([`Sampler`]); in each, it plays every legal
//! action and then the hand to its end with a cheap **rollout policy** that reads the
//! sampled state directly (its legal actions listed into a reused buffer: no view, no
//! allocation per step), and scores the end of the hand as the arena does: the seat's
//! side's hand points against the mean of the other sides' (turned for penalty games).
//! Within one sampled state every action meets the same rollout random numbers (common
//! random numbers), so the comparison is between actions, not between lucky and unlucky
//! futures. The action with the best mean is played if it beats the rule bot's choice by
//! more than [`Z`] standard errors of their paired differences; else the rule bot's choice
//! (see `RolloutBot::pick`).
//!
//! The belief is built from the events of the hand: a bot keeps the events since the hand
//! began, so a belief built at its first decision (after other seats acted) still knows
//! them where the game needs it ([`RolloutGame::belief_from`]). A bot whose sampler refuses
//! the view (a belief that missed what it needs) plays its game's rule bot's choice.

use super::Budget;
use crate::belief::{Belief, Sampler};
use crate::Bot;
use engine::{FromView, Game, Rng, Seat, Status};

/// Sampled states per sample of the [`Budget`]: a rollout game's sampled state is cheap
/// beside the trick games' solves, and these bots were tuned and measured (docs/bots.md)
/// at 32 states and 2,000 playouts per decision, twice `Budget::BROWSER`'s 16 samples.
pub const SAMPLES_PER_BUDGET: usize = 2;

/// The most steps a rollout plays before it scores the hand as it stands (a draw, 0): no
/// game here comes near it (D-4 caps a shedding hand at 1,000 actions).
pub const MAX_ROLLOUT_STEPS: u32 = 4_000;

/// A game the rollout search plays.
pub trait RolloutGame: FromView + 'static {
    /// The seat's belief.
    type Belief: Belief<Self> + Send;
    /// Its sampler.
    type Sampler: Sampler<Self, Belief = Self::Belief>;
    /// Whether fewer hand points are better (penalty points).
    const PENALTY: bool;

    /// The seat whose view this is.
    fn seat_of(view: &Self::View) -> Seat;

    /// Whether this event ends a hand (the bot's event history starts again after it).
    fn ends_hand(event: &Self::Event) -> bool;

    /// The belief of the seat of `view`, which saw `history` (the events of this hand so
    /// far, when the bot saw the hand begin) before this view. By default a belief built
    /// from the view alone.
    fn belief_from(view: &Self::View, history: &[Self::Event]) -> Self::Belief {
        let _ = history;
        Self::Belief::new(view)
    }

    /// The rollout policy: the index in `legal` (not empty) of the action `seat` plays in
    /// state `g`. Must not allocate.
    fn policy(g: &Self, seat: Seat, legal: &[Self::Action], rng: &mut Rng) -> usize;

    /// The game's rule bot, played when the sampler refuses the view.
    fn fallback(seed: u64) -> Box<dyn Bot<Self> + Send>;
}

/// The value of a finished hand (or match) for the side of `seat`: its hand points less
/// the mean of the other sides' (turned for penalty points); 0 if the game has no score.
pub fn hand_value<G: RolloutGame>(g: &G, seat: Seat) -> f64 {
    let Some(score) = g.hand_score() else {
        return 0.0;
    };
    let mine_side = g.side_of(seat);
    let sides = score.points.len();
    if sides < 2 {
        return 0.0;
    }
    let mut mine = 0.0;
    let mut others = 0.0;
    for (s, &p) in score.points.iter().enumerate() {
        if s == mine_side {
            mine = p as f64;
        } else {
            others += p as f64;
        }
    }
    let d = mine - others / (sides - 1) as f64;
    if G::PENALTY {
        -d
    } else {
        d
    }
}

/// Plays `g` to the end of its hand (at most [`MAX_ROLLOUT_STEPS`] steps), each step's
/// action from `pick` (given the state, the seat to act, the RNG and the reused `legal`
/// buffer); returns the number of steps. Nothing here allocates once `legal` has grown.
pub fn play_out_with<G: Game>(
    g: &mut G,
    rng: &mut Rng,
    legal: &mut Vec<G::Action>,
    mut pick: impl FnMut(&G, Seat, &mut Rng, &mut Vec<G::Action>) -> Option<G::Action>,
) -> u32 {
    steps_to_end(g, rng, legal, |g, seat, rng, legal| {
        pick(g, seat, rng, legal).is_some_and(|action| g.apply(seat, &action).is_ok())
    })
}

/// A uniformly random playout to the end of the hand (at most [`MAX_ROLLOUT_STEPS`]
/// steps): each step [`Game::random_step`], the action [`Game::random_action`] draws,
/// applied without its event; returns the number of steps. The same playout as
/// [`play_out_with`] picking with `random_action`.
pub fn play_out_uniform<G: Game>(g: &mut G, rng: &mut Rng, legal: &mut Vec<G::Action>) -> u32 {
    steps_to_end(g, rng, legal, |g, seat, rng, legal| {
        g.random_step(seat, rng, legal)
    })
}

/// Plays `step` (whether it played an action for the seat to act) until the hand ends,
/// a step plays nothing or [`MAX_ROLLOUT_STEPS`]; returns the number of steps played.
#[inline(always)]
fn steps_to_end<G: Game>(
    g: &mut G,
    rng: &mut Rng,
    legal: &mut Vec<G::Action>,
    mut step: impl FnMut(&mut G, Seat, &mut Rng, &mut Vec<G::Action>) -> bool,
) -> u32 {
    let mut steps = 0;
    while steps < MAX_ROLLOUT_STEPS {
        let Status::Acting(acting) = g.status() else {
            break;
        };
        let Some(seat) = acting.first() else {
            break;
        };
        if !step(g, seat, rng, legal) {
            break;
        }
        steps += 1;
    }
    steps
}

/// A playout with the game's rollout policy ([`RolloutGame::policy`]) to the end of the
/// hand.
pub fn play_out<G: RolloutGame>(g: &mut G, rng: &mut Rng, legal: &mut Vec<G::Action>) -> u32 {
    play_out_with(g, rng, legal, |g, seat, rng, legal| {
        legal.clear();
        g.legal_actions(seat, legal);
        if legal.is_empty() {
            return None;
        }
        let i = G::policy(g, seat, legal, rng);
        legal.get(i).cloned()
    })
}

/// The hard bot of a [`RolloutGame`] (see the module).
pub struct RolloutBot<G: RolloutGame> {
    rng: Rng,
    budget: Budget,
    belief: Option<G::Belief>,
    /// Events since the hand began (or since the bot was made).
    history: Vec<G::Event>,
    fallback: Box<dyn Bot<G> + Send>,
    /// The rollouts' reused buffer of legal actions.
    legal: Vec<G::Action>,
    values: Vec<f64>,
    /// Decisions with a choice where the sampler refused the view (the rule bot chose).
    refused: u32,
}

impl<G: RolloutGame> RolloutBot<G> {
    /// A bot whose choices are fixed by `seed` and `budget` (it deals
    /// [`SAMPLES_PER_BUDGET`] states per sample of the budget).
    pub fn new(seed: u64, budget: Budget) -> RolloutBot<G> {
        let mut rng = Rng::new(seed);
        let fallback = G::fallback(rng.next_u64());
        RolloutBot {
            rng,
            budget,
            belief: None,
            history: Vec::new(),
            fallback,
            legal: Vec::with_capacity(64),
            values: Vec::new(),
            refused: 0,
        }
    }

    /// How many decisions with a choice fell back to the rule bot because the sampler
    /// refused the view.
    pub fn refused(&self) -> u32 {
        self.refused
    }

    /// A sampler for `view`: from the belief kept since the hand began, else from one built
    /// now with the history; `None` if the view is refused either way.
    fn sampler(&mut self, view: &G::View) -> Option<G::Sampler> {
        if let Some(b) = &self.belief {
            if let Ok(s) = G::Sampler::new(view, b) {
                return Some(s);
            }
        }
        let b = G::belief_from(view, &self.history);
        let s = G::Sampler::new(view, &b).ok();
        self.belief = Some(b);
        s
    }

    /// Every rollout's value, action by action (`rollouts` each, in `self.values`, the
    /// `t`-th rollout of every action from the same sampled state and random numbers);
    /// returns `rollouts`, 0 if no state could be sampled.
    fn evaluate(&mut self, sampler: &G::Sampler, seat: Seat, legal: &[G::Action]) -> usize {
        let k = legal.len();
        let per_action = (self.budget.playouts as usize / k).max(1);
        let samples = (self.budget.samples as usize * SAMPLES_PER_BUDGET).clamp(1, per_action);
        let per_sample = per_action.div_ceil(samples);
        let m = samples * per_sample;
        self.values.clear();
        self.values.resize(k * m, 0.0);
        let mut done = 0usize;
        for _ in 0..samples {
            let Ok(base) = sampler.sample(&mut self.rng) else {
                continue;
            };
            let seed = self.rng.next_u64();
            for (i, a) in legal.iter().enumerate() {
                let mut after = base.clone();
                let legal_here = after.apply(seat, a).is_ok();
                for j in 0..per_sample {
                    let v = if legal_here {
                        let mut g = after.clone();
                        let mut r = Rng::new(seed ^ (j as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                        play_out(&mut g, &mut r, &mut self.legal);
                        hand_value(&g, seat)
                    } else {
                        f64::NEG_INFINITY
                    };
                    self.values[i * m + done * per_sample + j] = v;
                }
            }
            done += 1;
        }
        let rollouts = done * per_sample;
        if rollouts < m {
            // Some samples were refused: keep each action's first `rollouts` values.
            for i in 1..k {
                self.values
                    .copy_within(i * m..i * m + rollouts, i * rollouts);
            }
            self.values.truncate(k * rollouts);
        }
        rollouts
    }

    /// The action to play: the best mean of the rollouts, unless the rule bot's choice
    /// `rule` is not clearly worse. The paired differences of the two actions' rollouts
    /// (the same sampled states and random numbers) must have a mean above [`Z`] standard
    /// errors: noise alone never moves the bot off a sound rule.
    fn pick(&self, rollouts: usize, rule: usize) -> usize {
        let k = self.values.len() / rollouts.max(1);
        let of = |i: usize| &self.values[i * rollouts..(i + 1) * rollouts];
        let mean = |i: usize| of(i).iter().sum::<f64>() / rollouts as f64;
        let mut best = 0;
        let mut best_mean = f64::NEG_INFINITY;
        for i in 0..k {
            let m = mean(i);
            if m > best_mean {
                best = i;
                best_mean = m;
            }
        }
        if best == rule || rule >= k {
            return best;
        }
        let (a, b) = (of(best), of(rule));
        if b.iter().any(|v| !v.is_finite()) {
            return best;
        }
        let n = rollouts as f64;
        let d_mean = a.iter().zip(b).map(|(x, y)| x - y).sum::<f64>() / n;
        let var = a
            .iter()
            .zip(b)
            .map(|(x, y)| (x - y - d_mean) * (x - y - d_mean))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        if d_mean > Z * (var / n).sqrt() {
            best
        } else {
            rule
        }
    }
}

/// Standard errors by which a searched action must beat the rule bot's choice.
pub const Z: f64 = 1.0;

impl<G: RolloutGame> Bot<G> for RolloutBot<G> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        let fallback = self.fallback.choose(view, legal);
        if legal.len() <= 1 {
            return fallback;
        }
        let Some(sampler) = self.sampler(view) else {
            self.refused += 1;
            return fallback;
        };
        let seat = G::seat_of(view);
        let rollouts = self.evaluate(&sampler, seat, legal);
        if rollouts == 0 {
            return fallback;
        }
        let rule = legal
            .iter()
            .position(|a| *a == fallback)
            .unwrap_or(usize::MAX);
        legal[self.pick(rollouts, rule)].clone()
    }

    fn observe(&mut self, event: &G::Event) {
        self.fallback.observe(event);
        if let Some(b) = &mut self.belief {
            b.observe(event);
        }
        if G::ends_hand(event) {
            self.history.clear();
        } else {
            self.history.push(event.clone());
        }
    }
}

/// A score a rollout policy gives an action it never plays at random (forgetting a
/// last-card declaration).
pub const NEVER: i32 = -1_000;

/// A rollout policy's pick: one time in `explore` uniform over `legal` (not empty) unless
/// that pick scores [`NEVER`] or less, else the action of the highest `score`, ties broken
/// uniformly. No allocation.
pub fn greedy<A>(
    legal: &[A],
    rng: &mut Rng,
    explore: u32,
    mut score: impl FnMut(&A) -> i32,
) -> usize {
    if explore > 0 && rng.below(explore) == 0 {
        let k = rng.below(legal.len() as u32) as usize;
        if score(&legal[k]) > NEVER {
            return k;
        }
    }
    crate::highest(legal, rng, score)
}
