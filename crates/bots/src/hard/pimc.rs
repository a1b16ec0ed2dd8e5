//! Shared plumbing of the perfect-information Monte Carlo (PIMC) bots of the trick-taking
//! games: a tally of the candidates' values over sampled deals, and the choice among them
//! (the rule bot's choice breaks ties, so that where the samples see no difference the bot
//! plays like a good rule player, not like the first card in suit order); and
//! [`RolloutHard`], PIMC with the rule bots playing each sampled deal out (Shelem, Bidel).

use super::Budget;
use crate::belief::{Belief, Sampler};
use crate::Bot;
use engine::{FromView, Rng, Seat, Status};

/// The most candidates a decision has (a hand of at most 17 cards; Bidel with 3 players).
pub const MAX_CANDIDATES: usize = 20;

/// The values of up to [`MAX_CANDIDATES`] candidates summed over the samples that
/// evaluated every candidate.
#[derive(Clone, Debug)]
pub struct Tally {
    pub sums: [f64; MAX_CANDIDATES],
    pub len: usize,
    /// Samples counted.
    pub samples: u32,
}

impl Tally {
    /// A tally of `len` candidates (at most [`MAX_CANDIDATES`]).
    pub fn new(len: usize) -> Tally {
        Tally {
            sums: [0.0; MAX_CANDIDATES],
            len: len.min(MAX_CANDIDATES),
            samples: 0,
        }
    }

    /// Adds one sample's values (one per candidate).
    pub fn add(&mut self, values: &[f64]) {
        for (s, v) in self.sums[..self.len].iter_mut().zip(values) {
            *s += v;
        }
        self.samples += 1;
    }

    /// The index of the best candidate: the highest sum, within `eps` per sample of it
    /// the candidate `preferred` (the rule bot's choice) if it is among them, else the
    /// first of them. `None` if nothing was counted.
    pub fn best(&self, preferred: Option<usize>, eps: f64) -> Option<usize> {
        if self.samples == 0 || self.len == 0 {
            return None;
        }
        let top = self.sums[..self.len]
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let slack = eps * self.samples as f64;
        if let Some(p) = preferred.filter(|&p| p < self.len) {
            if self.sums[p] >= top - slack {
                return Some(p);
            }
        }
        self.sums[..self.len].iter().position(|&s| s >= top)
    }
}

/// A game whose hard bot is [`RolloutHard`]: PIMC where each sampled deal is played out
/// to the end of the hand by the rule bots, once per candidate action.
pub trait RolloutGame: FromView + Sized {
    /// What a seat knows ([`crate::belief`]).
    type Belief: Belief<Self>;
    /// Deals states consistent with a view and its belief.
    type Sampler: Sampler<Self, Belief = Self::Belief>;
    /// The rule bot: the fallback, the tie-break and the rollout policy.
    type Rule: Bot<Self>;
    /// A rule bot whose tie-breaks are fixed by `seed`.
    fn rule(seed: u64) -> Self::Rule;
    /// Whether the decision of `view` is searched (the play of the cards); the others
    /// (auctions, passes, discards) are the rule bot's.
    fn searched(view: &Self::View) -> bool;
    /// What the finished hand of `g` is worth to `seat` (higher is better).
    fn hand_value(g: &Self, seat: Seat) -> Option<f64>;
    /// The seat of a view.
    fn seat(view: &Self::View) -> Seat;

    /// The rule bot that plays `seat` in a rollout from the position whose public facts
    /// `belief` (the deciding seat's belief, matching its view) holds. It may know only
    /// what `seat` knows there: the public facts, never the deciding seat's private ones
    /// unless `seat` is the deciding seat. The default is a fresh bot, which knows only
    /// what its views show.
    fn rollout_bot(seed: u64, belief: &Self::Belief, seat: Seat) -> Self::Rule {
        let _ = (belief, seat);
        Self::rule(seed)
    }

    /// The candidates among `legal` that the search plays out, as indices into `legal`
    /// written into `out` (returns how many); `rule` is the rule bot's choice. The default
    /// is every legal action (the first [`MAX_CANDIDATES`]).
    fn candidates(
        view: &Self::View,
        belief: &Self::Belief,
        legal: &[Self::Action],
        rule: &Self::Action,
        out: &mut [usize; MAX_CANDIDATES],
    ) -> usize {
        let _ = (view, belief, rule);
        all_candidates(legal, out)
    }

    /// The rollouts the decision of `view` plays in all, from the budget's `playouts`. The
    /// default is all of them.
    fn playouts(view: &Self::View, budget: &Budget) -> u32 {
        let _ = view;
        budget.playouts
    }

    /// Keeps in `log` the events of the hand in progress that [`RolloutGame::likelihood`]
    /// reads (called with every event, in order). The default keeps none.
    fn log_event(log: &mut Vec<Self::Event>, event: &Self::Event) {
        let _ = (log, event);
    }

    /// The weight of the sampled deal `hidden` of `view`: how likely the events of `log`
    /// (the hand so far) are in it, `belief` being the seat's. The default weighs every
    /// deal the same (1).
    fn likelihood(
        view: &Self::View,
        belief: &Self::Belief,
        log: &[Self::Event],
        hidden: &Self::Hidden,
        scratch: &mut Vec<Self::Action>,
    ) -> f64 {
        let _ = (view, belief, log, hidden, scratch);
        1.0
    }
}

/// Every legal action a candidate (the first [`MAX_CANDIDATES`]): their indices into
/// `legal` written into `out`, their number returned.
pub fn all_candidates<A>(legal: &[A], out: &mut [usize; MAX_CANDIDATES]) -> usize {
    let n = legal.len().min(MAX_CANDIDATES);
    for (i, o) in out.iter_mut().enumerate().take(n) {
        *o = i;
    }
    n
}

/// PIMC with rule-bot rollouts: for each of `budget.playouts / candidates` deals (so a
/// decision plays `budget.playouts` rollouts at most, whatever its number of legal
/// actions), every legal action is applied and the hand played out by rule bots in every
/// seat ([`RolloutGame::rollout_bot`]); each deal counts with its weight
/// ([`RolloutGame::likelihood`]), and the action with the best weighted mean hand value
/// wins, the rule bot's action on ties. It reads only its view, its legal
/// actions and the events; a belief that missed the start of the hand (a bot seated in
/// the middle of one) cannot sample, and the rule bot plays.
pub struct RolloutHard<G: RolloutGame> {
    rng: Rng,
    budget: Budget,
    belief: Option<G::Belief>,
    rule: G::Rule,
    /// A scratch list of legal actions for the rollouts.
    scratch: Vec<G::Action>,
    /// The events of the hand that [`RolloutGame::log_event`] keeps.
    log: Vec<G::Event>,
}

impl<G: RolloutGame> RolloutHard<G> {
    /// A bot whose choices are fixed by `seed` and `budget`.
    pub fn new(seed: u64, budget: Budget) -> RolloutHard<G> {
        RolloutHard {
            rng: Rng::new(seed),
            budget,
            belief: None,
            rule: G::rule(seed ^ 0x726F_6C6C),
            scratch: Vec::new(),
            log: Vec::new(),
        }
    }

    /// A sampler for `view`, rebuilding the belief from the view when it is not this
    /// hand's (it then samples only if the view is the hand's start).
    fn sampler(&mut self, view: &G::View) -> Option<G::Sampler> {
        if let Some(b) = &self.belief {
            if let Ok(s) = G::Sampler::new(view, b) {
                return Some(s);
            }
        }
        let b = G::Belief::new(view);
        let s = G::Sampler::new(view, &b).ok();
        self.belief = Some(b);
        s
    }

    fn search(&mut self, view: &G::View, legal: &[G::Action], rule: &G::Action) -> Option<usize> {
        let sampler = self.sampler(view)?;
        let belief = self.belief.as_ref()?;
        let mut cands = [0usize; MAX_CANDIDATES];
        let n = G::candidates(view, belief, legal, rule, &mut cands);
        if n == 0 {
            return None;
        }
        if n == 1 {
            return Some(cands[0]);
        }
        let deals = (G::playouts(view, &self.budget) / n as u32).max(1);
        let seat = G::seat(view);
        let mut tally = Tally::new(n);
        let mut values = [0.0; MAX_CANDIDATES];
        let mut hidden = G::Hidden::default();
        for _ in 0..deals {
            sampler.sample_hidden(&mut self.rng, &mut hidden);
            let w = G::likelihood(view, belief, &self.log, &hidden, &mut self.scratch);
            let deal = G::from_view(view, &hidden, self.rng.next_u64()).ok()?;
            let seed = self.rng.next_u64();
            for (v, &i) in values.iter_mut().zip(&cands[..n]) {
                let a = legal.get(i)?;
                let mut g = deal.clone();
                play_out::<G>(&mut g, belief, seat, a, seed, &mut self.scratch)?;
                *v = w * G::hand_value(&g, seat)?;
            }
            tally.add(&values[..n]);
        }
        let preferred = cands[..n].iter().position(|&i| legal.get(i) == Some(rule));
        tally
            .best(preferred, 0.0)
            .and_then(|k| cands.get(k).copied())
    }
}

/// Plays `first` for `seat` in `g`, then the hand to its end with rule bots in every seat
/// ([`RolloutGame::rollout_bot`], from `belief`, seeded from `seed`); `None` if an action
/// is refused.
fn play_out<G: RolloutGame>(
    g: &mut G,
    belief: &G::Belief,
    seat: Seat,
    first: &G::Action,
    seed: u64,
    legal: &mut Vec<G::Action>,
) -> Option<()> {
    let mut bots: Vec<G::Rule> = (0..g.players())
        .map(|s| G::rollout_bot(seed.wrapping_add(s as u64), belief, Seat(s)))
        .collect();
    let e = g.apply(seat, first).ok()?;
    for b in &mut bots {
        b.observe(&e);
    }
    play_to_end(g, &mut bots, legal)
}

/// Plays `g` to the end of its hand with `bots[s]` in seat `s`, every bot seeing every
/// event; `None` if a seat has no bot or an action is refused.
pub(super) fn play_to_end<G: engine::Game, B: Bot<G>>(
    g: &mut G,
    bots: &mut [B],
    legal: &mut Vec<G::Action>,
) -> Option<()> {
    while let Status::Acting(acting) = g.status() {
        let seat = acting.first()?;
        legal.clear();
        g.legal_actions(seat, legal);
        let a = bots.get_mut(seat.idx())?.choose(&g.view(seat), legal);
        let e = g.apply(seat, &a).ok()?;
        for b in bots.iter_mut() {
            b.observe(&e);
        }
    }
    Some(())
}

impl<G: RolloutGame> Bot<G> for RolloutHard<G> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        let rule = self.rule.choose(view, legal);
        if legal.len() < 2 || !G::searched(view) {
            // The belief starts with the hand (the first decision of a seat is before
            // any card is played: an auction, a pass).
            if self.belief.is_none() {
                self.belief = Some(G::Belief::new(view));
            }
            return rule;
        }
        match self.search(view, legal, &rule) {
            Some(i) => legal[i].clone(),
            None => rule,
        }
    }

    fn observe(&mut self, event: &G::Event) {
        G::log_event(&mut self.log, event);
        self.rule.observe(event);
        if let Some(b) = &mut self.belief {
            b.observe(event);
        }
    }
}

/// Test helpers for the hard bots: one hand played by bots (every action checked to be
/// legal) and duplicate hands between two kinds of bot.
#[cfg(test)]
pub(crate) mod testing {
    use crate::Bot;
    use engine::{Deal, Game, Setup, Status};

    /// A bot maker: a bot for a seed.
    pub(crate) type Maker<G> = fn(u64) -> Box<dyn Bot<G> + Send>;

    /// Plays the hand of `g` to its end with `bots` (one per seat, every one seeing every
    /// event); panics on an action that is not legal. Returns the actions in order.
    pub(crate) fn play_hand<G: Game>(
        g: &mut G,
        bots: &mut [Box<dyn Bot<G> + Send>],
    ) -> Vec<G::Action> {
        let mut legal = Vec::new();
        let mut log = Vec::new();
        while let Status::Acting(acting) = g.status() {
            let seat = acting.first().unwrap();
            legal.clear();
            g.legal_actions(seat, &mut legal);
            let a = bots[seat.idx()].choose(&g.view(seat), &legal);
            assert!(legal.contains(&a), "seat {seat} chose {a:?}, not legal");
            let e = g.apply(seat, &a).unwrap();
            for b in bots.iter_mut() {
                b.observe(&e);
            }
            log.push(a);
        }
        log
    }

    /// Hard bots (from `hard`) in every seat play the hand of deal 9 at each of `counts`
    /// players, only legal actions (checked by [`play_hand`]) to a scored end, and the same
    /// seeds and budget give the same hand, action for action.
    pub(crate) fn plays_and_repeats<G: Game>(
        counts: &[u8],
        settings: &G::Settings,
        hard: Maker<G>,
    ) {
        for &players in counts {
            let run = |bot_seed: u64| {
                let mut g = G::new(&Setup {
                    players,
                    settings: settings.clone(),
                    deal: Deal::seeded(9),
                })
                .unwrap();
                let mut bots: Vec<_> = (0..players as u64).map(|s| hard(bot_seed + s)).collect();
                let log = play_hand(&mut g, &mut bots);
                assert!(g.hand_score().is_some(), "{players} players: a scored hand");
                log
            };
            assert_eq!(run(1), run(1), "{players} players");
        }
    }

    /// Duplicate hands: each deal of `seeds` is played once per side, bot A (from `a`) in
    /// the seats of side k of room k and B in the others; returns the sum over the rooms
    /// of A's hand points minus the mean of the other sides' (`sign` -1 for penalty
    /// points, so that a positive sum favours A).
    pub(crate) fn duplicate<G: Game>(
        players: u8,
        settings: G::Settings,
        seeds: std::ops::Range<u64>,
        a: Maker<G>,
        b: Maker<G>,
        sign: f64,
    ) -> f64 {
        let mut total = 0.0;
        for seed in seeds {
            let setup = Setup {
                players,
                settings: settings.clone(),
                deal: Deal::seeded(seed),
            };
            let sides = G::new(&setup).unwrap().sides();
            for k in 0..sides {
                let mut g = G::new(&setup).unwrap();
                let mut bots: Vec<_> = (0..players)
                    .map(|s| {
                        let bot_seed = seed * 16 + s as u64;
                        if g.side_of(engine::Seat(s)) == k {
                            a(bot_seed)
                        } else {
                            b(bot_seed)
                        }
                    })
                    .collect();
                play_hand(&mut g, &mut bots);
                let p = g.hand_score().unwrap().points;
                let others: f64 = p
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != k)
                    .map(|(_, &x)| x as f64)
                    .sum();
                total += sign * (p[k] as f64 - others / (sides - 1) as f64);
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_sum_wins_and_the_preferred_breaks_ties() {
        let mut t = Tally::new(3);
        t.add(&[1.0, 2.0, 2.0]);
        t.add(&[0.0, 1.0, 1.0]);
        assert_eq!(t.best(None, 0.0), Some(1));
        assert_eq!(t.best(Some(2), 0.0), Some(2));
        assert_eq!(t.best(Some(0), 0.0), Some(1));
        // Within the slack (0.5 a sample, 1.0 in all) the preferred card is kept.
        assert_eq!(t.best(Some(0), 1.0), Some(0));
        assert_eq!(Tally::new(2).best(Some(0), 0.0), None);
    }
}
