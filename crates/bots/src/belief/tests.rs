//! The samplers' tests, one generic driver for every game: random seeded matches in which
//! every seat keeps a belief from the events, and at every step a seat's sampler must
//! (1) admit the true hidden cards (the true state is in its support), (2) deal states
//! whose view for the seat is the seat's view and whose legal actions for it are the same,
//! (3) never contradict what the belief knows (a game's own check: voids, passed cards);
//! and on small endgames the deals must be uniform among the assignments the belief allows
//! (a chi-square test against exact enumeration).

use super::*;
use engine::testkit::{Inspect, InspectHidden};
use engine::{Game, GameView, Seat, Setup, Status};
use std::collections::HashMap;

/// What a game's test checks of a sampled state beyond the view: `Some(why)` when it
/// contradicts the belief of the view's seat (a void, a passed card).
pub(super) type Contradicts<G, B> = fn(&B, &<G as Game>::View, &G) -> Option<String>;

/// Totals of one run of [`drive`].
#[derive(Debug, Default)]
pub(super) struct Tally {
    /// Samplers built (one per acting step).
    pub samplers: usize,
    /// States dealt.
    pub samples: usize,
    /// Chi-square tests run on small endgames.
    pub chi_square: usize,
    /// Chi-square tests of one hand's marginal (the other places too many to enumerate).
    pub marginal: usize,
    /// For comparison: states of the testkit's scrambler ([`Inspect::scramble_hidden`],
    /// which keeps the view but knows no belief) checked, and how many contradicted it.
    pub scrambled: usize,
    pub scrambled_contradicting: usize,
}

/// Plays `matches` random matches from `setup(i)` for up to `hands` hands each; at every
/// step where a seat acts, builds the sampler of a random seat and checks `per_step`
/// samples (see the module). Returns the totals, so a test can assert it checked enough.
pub(super) fn drive<G, S>(
    matches: u64,
    hands: u32,
    per_step: usize,
    setup: impl Fn(u64) -> Setup<G::Settings>,
    contradicts: Contradicts<G, S::Belief>,
) -> Tally
where
    G: InspectHidden + Inspect + GameView,
    S: Sampler<G>,
{
    let mut tally = Tally::default();
    let mut legal = Vec::new();
    let mut legal2 = Vec::new();
    for m in 0..matches {
        let setup = setup(m);
        let mut rng = Rng::new(0x5A3_0000 + m);
        let mut g = G::new(&setup).expect("setup");
        let mut beliefs: Vec<S::Belief> = (0..g.players())
            .map(|s| S::Belief::new(&g.view(Seat(s))))
            .collect();
        let mut hands_done = 0;
        for _step in 0..5_000 {
            match g.status() {
                Status::MatchOver => break,
                Status::HandOver => {
                    hands_done += 1;
                    if hands_done >= hands {
                        break;
                    }
                    g.next_hand().expect("next hand");
                    continue;
                }
                Status::Acting(seats) => {
                    let seat = Seat(rng.below(g.players() as u32) as u8);
                    let view = g.view(seat);
                    let sampler = S::new(&view, &beliefs[seat.idx()]).unwrap_or_else(|e| {
                        panic!("match {m}: seat {seat}: no sampler: {e}\n{view:?}")
                    });
                    tally.samplers += 1;
                    assert!(
                        sampler.admits(&g.hidden()),
                        "match {m}: seat {seat}: the true hidden cards are not admitted:\n{:?}\n{:?}",
                        g.hidden(),
                        sampler.plan().map(|p| *p.constraints())
                    );
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    for _ in 0..per_step {
                        let s = sampler.sample(&mut rng).expect("sample");
                        tally.samples += 1;
                        assert_eq!(s.view(seat), view, "match {m}: seat {seat}: view differs");
                        legal2.clear();
                        s.legal_actions(seat, &mut legal2);
                        assert_eq!(legal, legal2, "match {m}: seat {seat}: legal differ");
                        assert!(
                            sampler.admits(&s.hidden()),
                            "match {m}: a deal not admitted"
                        );
                        if let Some(why) = contradicts(&beliefs[seat.idx()], &view, &s) {
                            panic!(
                                "match {m}: seat {seat}: a sample contradicts the belief: {why}"
                            );
                        }
                    }
                    let mut scrambled = g.clone();
                    scrambled.scramble_hidden(seat, &mut rng);
                    tally.scrambled += 1;
                    if contradicts(&beliefs[seat.idx()], &view, &scrambled).is_some() {
                        tally.scrambled_contradicting += 1;
                    }
                    if let Some(plan) = sampler.plan() {
                        if (3..=9).contains(&plan.constraints().unknown.len())
                            && tally.chi_square < 8
                            && chi_square_uniform(plan, &mut rng)
                        {
                            tally.chi_square += 1;
                        }
                        if plan.constraints().unknown.len() > 9
                            && tally.marginal < 4
                            && chi_square_marginal(plan, 0, &mut rng)
                        {
                            tally.marginal += 1;
                        }
                    }
                    let list: Vec<Seat> = seats.iter().collect();
                    let actor = list[rng.below(list.len() as u32) as usize];
                    legal.clear();
                    g.legal_actions(actor, &mut legal);
                    let a = legal[rng.below(legal.len() as u32) as usize].clone();
                    let e = g.apply(actor, &a).expect("a legal action");
                    for b in &mut beliefs {
                        b.observe(&e);
                    }
                }
            }
        }
    }
    tally
}

/// Chi-square of the plan's deals against uniform over the assignments its constraints
/// allow (enumerated): false (not run) with fewer than 2 or more than 200 assignments.
/// Panics when a deal is not among them or the statistic is far beyond its degrees of
/// freedom (a p-value far below 1e-6, so a fixed-seed test never fails by chance alone).
pub(super) fn chi_square_uniform(plan: &Plan, rng: &mut Rng) -> bool {
    let c = plan.constraints();
    let mut index: HashMap<Vec<u64>, usize> = HashMap::new();
    c.enumerate(|parts| {
        let k = index.len();
        index.insert(parts.iter().map(|p| p.0).collect(), k);
    });
    let cells = index.len();
    if !(2..=200).contains(&cells) {
        return false;
    }
    let per_cell = 60;
    let n = cells * per_cell;
    let mut counts = vec![0usize; cells];
    let mut out = [engine::CardSet::EMPTY; MAX_PLACES];
    for _ in 0..n {
        plan.deal(rng, &mut out);
        let key: Vec<u64> = out[..c.places].iter().map(|p| p.0).collect();
        let i = *index
            .get(&key)
            .unwrap_or_else(|| panic!("a deal the constraints do not allow: {key:?} of {c:?}"));
        counts[i] += 1;
    }
    let e = per_cell as f64;
    let chi2: f64 = counts.iter().map(|&k| (k as f64 - e).powi(2) / e).sum();
    let df = (cells - 1) as f64;
    // Wilson–Hilferty: chi2/df is about normal with mean 1 - 2/(9df), sd sqrt(2/(9df)); 5.5
    // sds is a p-value of about 2e-8.
    let z = ((chi2 / df).cbrt() - (1.0 - 2.0 / (9.0 * df))) / (2.0 / (9.0 * df)).sqrt();
    assert!(
        z < 5.5,
        "chi-square {chi2:.1} with {df} degrees of freedom (z {z:.1}): {c:?}"
    );
    true
}

/// Chi-square of the cards the plan deals to `place` against their exact distribution:
/// each set `H` the place may hold weighs the number of assignments of the other cards to
/// the other places (a plan of its own, counted). False (not run) unless the place holds
/// one or two cards and has 2 to 300 possible sets.
pub(super) fn chi_square_marginal(plan: &Plan, place: usize, rng: &mut Rng) -> bool {
    use engine::CardSet;
    let c = plan.constraints();
    if place >= c.places || !(1..=2).contains(&c.count[place]) {
        return false;
    }
    let k = c.count[place];
    let pool: Vec<engine::Card> = c.may[place].and(c.unknown).iter().collect();
    let mut sets: Vec<CardSet> = Vec::new();
    for (i, &a) in pool.iter().enumerate() {
        if k == 1 {
            sets.push(a.bit());
        } else {
            for &b in &pool[i + 1..] {
                sets.push(a.bit().or(b.bit()));
            }
        }
    }
    if !(2..=300).contains(&sets.len()) {
        return false;
    }
    let weights: Vec<f64> = sets
        .iter()
        .map(|&h| {
            let mut rest = Constraints::new(c.unknown.minus(h));
            for p in (0..c.places).filter(|&p| p != place) {
                rest.add(c.count[p], c.may[p]).unwrap();
            }
            Plan::new(rest).map_or(0.0, |p| p.count())
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let index: HashMap<u64, usize> = sets.iter().enumerate().map(|(i, s)| (s.0, i)).collect();
    let n = 40 * sets.len();
    let mut counts = vec![0usize; sets.len()];
    let mut out = [CardSet::EMPTY; MAX_PLACES];
    for _ in 0..n {
        plan.deal(rng, &mut out);
        counts[index[&out[place].0]] += 1;
    }
    let mut chi2 = 0.0;
    let mut cells = 0;
    for (i, &w) in weights.iter().enumerate() {
        let e = w / total * n as f64;
        if e > 0.0 {
            chi2 += (counts[i] as f64 - e).powi(2) / e;
            cells += 1;
        } else {
            assert_eq!(counts[i], 0, "a set of weight 0 was dealt: {:?}", sets[i]);
        }
    }
    if cells < 2 {
        return false;
    }
    let df = (cells - 1) as f64;
    let z = ((chi2 / df).cbrt() - (1.0 - 2.0 / (9.0 * df))) / (2.0 / (9.0 * df)).sqrt();
    assert!(
        z < 5.5,
        "marginal chi-square {chi2:.1}, {df} df, place {place}: {c:?}"
    );
    true
}

#[test]
fn a_plan_with_voids_deals_uniformly_and_only_allowed_assignments() {
    use engine::{CardSet, Suit};
    // Eight cards, two suits; place 0 void in spades, place 1 void in hearts, place 2 free.
    let hearts: CardSet = Suit::Hearts.mask().and(CardSet(0xF << 26));
    let spades: CardSet = Suit::Spades.mask().and(CardSet(0xF << 39));
    let unknown = hearts.or(spades);
    assert_eq!(unknown.len(), 8);
    let mut c = Constraints::new(unknown);
    c.add(3, unknown.minus(Suit::Spades.mask())).unwrap();
    c.add(2, unknown.minus(Suit::Hearts.mask())).unwrap();
    c.add(3, unknown).unwrap();
    let plan = Plan::new(c).unwrap();
    let mut rng = Rng::new(7);
    assert!(chi_square_uniform(&plan, &mut rng));
    // Impossible constraints are an error, not a panic.
    let mut bad = Constraints::new(unknown);
    bad.add(5, unknown.minus(Suit::Spades.mask())).unwrap();
    bad.add(3, unknown).unwrap();
    assert!(Plan::new(bad).is_err());
    let mut short = Constraints::new(unknown);
    short.add(3, unknown).unwrap();
    assert!(Plan::new(short).is_err());
}

mod bidel;
mod hokm;
mod pasur;
mod shedding;
mod shelem;

/// The two-deck dealer against exact enumeration: every assignment of the physical cards
/// (copies labelled) that puts a fitting card in the restricted place is equally likely,
/// so each outcome (bags per place) has the share of those assignments that give it.
#[test]
fn a_bag_plan_deals_physical_cards_uniformly_with_the_fitting_card_first() {
    use engine::{Card, CardBag, CardSet};
    let c = |s: &str| s.parse::<Card>().unwrap();
    let cards = [c("AS"), c("AS"), c("2H"), c("3C"), c("3C")];
    let unknown: CardBag = cards.iter().copied().collect();
    let may: CardSet = [c("2H"), c("3C")].into_iter().collect();
    let mut plan = BagPlan::new(unknown);
    plan.add(1).unwrap();
    plan.add(3).unwrap();
    plan.add_fitting(may).unwrap();
    plan.check().unwrap();
    // Exact: every order of the labelled copies, the last slot being the restricted place.
    let mut exact: HashMap<Vec<String>, f64> = HashMap::new();
    let mut total = 0.0;
    let mut idx = [0usize, 1, 2, 3, 4];
    fn permute(k: usize, idx: &mut [usize; 5], f: &mut dyn FnMut(&[usize; 5])) {
        if k == idx.len() {
            f(idx);
            return;
        }
        for i in k..idx.len() {
            idx.swap(k, i);
            permute(k + 1, idx, f);
            idx.swap(k, i);
        }
    }
    let key = |bags: &[CardBag]| bags.iter().map(|b| format!("{b:?}")).collect::<Vec<_>>();
    permute(0, &mut idx, &mut |p| {
        if !may.contains(cards[p[4]]) {
            return;
        }
        let a: CardBag = [cards[p[0]]].into_iter().collect();
        let b: CardBag = p[1..4].iter().map(|&i| cards[i]).collect();
        let d: CardBag = [cards[p[4]]].into_iter().collect();
        *exact.entry(key(&[a, b, d])).or_default() += 1.0;
        total += 1.0;
    });
    let mut rng = Rng::new(11);
    let n = 30_000;
    let mut seen: HashMap<Vec<String>, f64> = HashMap::new();
    let mut out = [CardBag::EMPTY; core::MAX_BAG_PLACES];
    for _ in 0..n {
        plan.deal(&mut rng, &mut out);
        assert!(plan.admits(&out[..3]));
        *seen.entry(key(&out[..3])).or_default() += 1.0;
    }
    assert!(
        seen.keys().all(|k| exact.contains_key(k)),
        "{seen:?} vs {exact:?}"
    );
    let chi2: f64 = exact
        .iter()
        .map(|(k, &w)| {
            let e = w / total * n as f64;
            (seen.get(k).copied().unwrap_or(0.0) - e).powi(2) / e
        })
        .sum();
    let df = (exact.len() - 1) as f64;
    let z = ((chi2 / df).cbrt() - (1.0 - 2.0 / (9.0 * df))) / (2.0 / (9.0 * df)).sqrt();
    assert!(
        exact.len() > 3 && z < 5.5,
        "chi-square {chi2:.1}, {df} df: {seen:?}"
    );
}
