//! The shared core of every game's sampler: deal unknown cards to hidden places (other
//! seats' hands, a stock, a widow, face-down discards) uniformly among the assignments
//! that respect each place's size and the cards each place may hold.
//!
//! A [`Constraints`] names, for up to [`MAX_PLACES`] places, how many unknown cards each
//! holds and which cards it may hold (a seat that showed a void may hold no card of that
//! suit). [`Plan::new`] groups the cards into classes of the same allowed places and counts,
//! by dynamic programming over the classes, the assignments that complete each partial one;
//! [`Plan::deal`] then draws one assignment exactly uniformly: for each class in turn how
//! many of its cards go to each place (weighted by the multinomial times the completions),
//! then which cards (a partial Fisher–Yates shuffle). The plan is built once per decision
//! and deals thousands of times without allocating; with one class (no constraint) a deal
//! is a plain shuffle.

use engine::{Card, CardSet, Rng};
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// The most hidden places a sampler deals to (seven other seats and a stock).
pub const MAX_PLACES: usize = 8;

/// Why a belief or sampler could not be built, or a view and a belief disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeliefError(pub String);

impl fmt::Display for BeliefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BeliefError {}

/// Lays `cards` into the first slots of `stock` in a random order drawn from `rng` (a
/// sampled stock); returns how many.
pub(crate) fn shuffled_stock(
    cards: impl IntoIterator<Item = Card>,
    stock: &mut [Card],
    rng: &mut Rng,
) -> u8 {
    let mut len = 0;
    for c in cards {
        stock[len] = c;
        len += 1;
    }
    rng.shuffle(&mut stock[..len]);
    len as u8
}

/// A [`BeliefError`] with `why`.
pub(crate) fn err<T>(why: impl Into<String>) -> Result<T, BeliefError> {
    Err(BeliefError(why.into()))
}

/// The unknown cards and the hidden places they go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constraints {
    /// Number of places in use.
    pub places: usize,
    /// How many unknown cards each place holds.
    pub count: [u8; MAX_PLACES],
    /// The cards each place may hold.
    pub may: [CardSet; MAX_PLACES],
    /// The cards to deal: exactly the sum of the counts.
    pub unknown: CardSet,
}

impl Constraints {
    /// No place yet, `unknown` to deal.
    pub fn new(unknown: CardSet) -> Constraints {
        Constraints {
            places: 0,
            count: [0; MAX_PLACES],
            may: [CardSet::EMPTY; MAX_PLACES],
            unknown,
        }
    }

    /// Adds a place that holds `count` of the unknown cards, any of `may`; returns its index.
    pub fn add(&mut self, count: u8, may: CardSet) -> Result<usize, BeliefError> {
        if self.places == MAX_PLACES {
            return err("too many hidden places");
        }
        let p = self.places;
        self.count[p] = count;
        self.may[p] = may.and(self.unknown);
        self.places += 1;
        Ok(p)
    }

    /// Whether `parts` (one set per place) is an assignment these constraints allow: every
    /// unknown card once, each place its count, each card where it may be.
    pub fn admits(&self, parts: &[CardSet]) -> bool {
        if parts.len() != self.places {
            return false;
        }
        let mut all = CardSet::EMPTY;
        for (p, &x) in parts.iter().enumerate() {
            if x.len() != self.count[p] as u32 || !x.minus(self.may[p]).is_empty() {
                return false;
            }
            if !all.and(x).is_empty() {
                return false;
            }
            all = all.or(x);
        }
        all == self.unknown
    }

    /// The number of assignments these constraints allow, by brute force (for tests of
    /// small endgames): calls `each` with every one.
    pub fn enumerate(&self, mut each: impl FnMut(&[CardSet])) {
        let cards: Vec<Card> = self.unknown.iter().collect();
        let mut parts = vec![CardSet::EMPTY; self.places];
        fn go(
            c: &Constraints,
            cards: &[Card],
            parts: &mut [CardSet],
            each: &mut dyn FnMut(&[CardSet]),
        ) {
            let Some((&card, rest)) = cards.split_first() else {
                each(parts);
                return;
            };
            for p in 0..c.places {
                if c.may[p].contains(card) && parts[p].len() < c.count[p] as u32 {
                    parts[p].insert(card);
                    go(c, rest, parts, each);
                    parts[p].remove(card);
                }
            }
        }
        go(self, &cards, &mut parts, &mut each);
    }
}

/// A fast hasher for the plan's memo (keys are already well mixed small integers).
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^ (x >> 33)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | b as u64;
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = i;
    }
}

type Memo = HashMap<u64, f64, BuildHasherDefault<MixHasher>>;

/// One class: cards allowed in the same places.
#[derive(Clone, Copy, Debug)]
struct Class {
    /// The places (bits) its cards may go to.
    mask: u8,
    cards: CardSet,
}

/// A ready-to-deal uniform sampler of [`Constraints`] (see the module).
#[derive(Clone, Debug)]
pub struct Plan {
    c: Constraints,
    classes: Vec<Class>,
    /// Completions of classes k.. given the remaining capacities (packed 7 bits a place),
    /// keyed `k << 56 | packed`.
    memo: Memo,
    fact: [f64; 105],
}

/// Remaining capacities, 7 bits a place.
fn pack(r: &[u8; MAX_PLACES]) -> u64 {
    r.iter()
        .enumerate()
        .fold(0, |acc, (p, &x)| acc | (x as u64) << (7 * p))
}

impl Plan {
    /// Groups the cards and counts the assignments; an error if none is possible (a belief
    /// that contradicts the view).
    pub fn new(c: Constraints) -> Result<Plan, BeliefError> {
        let total: u32 = c.count[..c.places].iter().map(|&k| k as u32).sum();
        if total != c.unknown.len() {
            return err(format!(
                "{} unknown cards for {total} hidden places' slots",
                c.unknown.len()
            ));
        }
        if c.count[..c.places].iter().any(|&k| k > 104) {
            return err("a place holds too many cards");
        }
        let mut classes: Vec<Class> = Vec::new();
        for card in c.unknown {
            let mask = (0..c.places).fold(0u8, |m, p| m | ((c.may[p].contains(card) as u8) << p));
            if mask == 0 {
                return err(format!("{card} may be nowhere"));
            }
            match classes.iter_mut().find(|k| k.mask == mask) {
                Some(k) => k.cards.insert(card),
                None => classes.push(Class {
                    mask,
                    cards: card.bit(),
                }),
            }
        }
        // Wide classes last: the last class's split is forced by the remaining capacities.
        classes.sort_by_key(|k| (k.mask.count_ones(), k.mask));
        let mut fact = [1.0f64; 105];
        for i in 1..105 {
            fact[i] = fact[i - 1] * i as f64;
        }
        let mut plan = Plan {
            c,
            classes,
            memo: Memo::default(),
            fact,
        };
        let r = plan.c.count;
        if plan.completions(0, &r) <= 0.0 {
            return err("no assignment of the unknown cards fits the belief");
        }
        Ok(plan)
    }

    /// The constraints this plan deals.
    pub fn constraints(&self) -> &Constraints {
        &self.c
    }

    /// The number of assignments the constraints allow (as a float: it may be huge).
    pub fn count(&self) -> f64 {
        self.known(0, &self.c.count)
    }

    /// Calls `f(x, weight)` for every split `x` of class `k`'s cards over its places that
    /// fits in `r`, with weight the multinomial (the completions are the caller's).
    fn splits(&self, k: usize, r: &[u8; MAX_PLACES], f: &mut dyn FnMut(&[u8; MAX_PLACES], f64)) {
        let class = self.classes[k];
        let m = class.cards.len() as u8;
        let mut places = [0usize; MAX_PLACES];
        let mut len = 0;
        for p in 0..self.c.places {
            if class.mask >> p & 1 == 1 {
                places[len] = p;
                len += 1;
            }
        }
        let places = &places[..len];
        let mut x = [0u8; MAX_PLACES];
        fn rec(
            plan: &Plan,
            places: &[usize],
            i: usize,
            left: u8,
            r: &[u8; MAX_PLACES],
            x: &mut [u8; MAX_PLACES],
            f: &mut dyn FnMut(&[u8; MAX_PLACES], f64),
        ) {
            let p = places[i];
            if i + 1 == places.len() {
                if left <= r[p] {
                    x[p] = left;
                    let m: usize = places.iter().map(|&q| x[q] as usize).sum();
                    let mut w = plan.fact[m];
                    for &q in places {
                        w /= plan.fact[x[q] as usize];
                    }
                    f(x, w);
                    x[p] = 0;
                }
                return;
            }
            for take in 0..=left.min(r[p]) {
                x[p] = take;
                rec(plan, places, i + 1, left - take, r, x, f);
            }
            x[p] = 0;
        }
        rec(self, places, 0, m, r, &mut x, f);
    }

    /// The number of ways to deal classes `k..` into capacities `r` (memoised).
    fn completions(&mut self, k: usize, r: &[u8; MAX_PLACES]) -> f64 {
        if k == self.classes.len() {
            return if r.iter().all(|&x| x == 0) { 1.0 } else { 0.0 };
        }
        let key = (k as u64) << 56 | pack(r);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut options: Vec<([u8; MAX_PLACES], f64)> = Vec::new();
        self.splits(k, r, &mut |x, w| options.push((*x, w)));
        let mut total = 0.0;
        for (x, w) in options {
            let mut rest = *r;
            for p in 0..MAX_PLACES {
                rest[p] -= x[p];
            }
            total += w * self.completions(k + 1, &rest);
        }
        self.memo.insert(key, total);
        total
    }

    /// The completions already counted by [`Plan::new`] (every state a deal can reach).
    fn known(&self, k: usize, r: &[u8; MAX_PLACES]) -> f64 {
        if k == self.classes.len() {
            return if r.iter().all(|&x| x == 0) { 1.0 } else { 0.0 };
        }
        self.memo
            .get(&((k as u64) << 56 | pack(r)))
            .copied()
            .unwrap_or(0.0)
    }

    /// Deals one assignment, uniform among those the constraints allow, into `out` (one
    /// set per place; the places beyond [`Constraints::places`] are left empty).
    pub fn deal(&self, rng: &mut Rng, out: &mut [CardSet; MAX_PLACES]) {
        *out = [CardSet::EMPTY; MAX_PLACES];
        let mut r = self.c.count;
        let mut buf = [Card::RED_JOKER; 64];
        for k in 0..self.classes.len() {
            let class = self.classes[k];
            // How many of the class go to each place.
            let x = if k + 1 == self.classes.len() {
                // The last class fills what is left.
                r
            } else if class.mask.count_ones() == 1 {
                let mut x = [0u8; MAX_PLACES];
                x[class.mask.trailing_zeros() as usize] = class.cards.len() as u8;
                x
            } else {
                let total = self.known(k, &r);
                let mut target = rng.next_u64() as f64 / 18_446_744_073_709_551_616.0 * total;
                let mut chosen = None;
                let mut last = None;
                self.splits(k, &r, &mut |x, w| {
                    if chosen.is_some() {
                        return;
                    }
                    let mut rest = r;
                    for p in 0..MAX_PLACES {
                        rest[p] -= x[p];
                    }
                    let weight = w * self.known(k + 1, &rest);
                    if weight > 0.0 {
                        last = Some(*x);
                        if target < weight {
                            chosen = Some(*x);
                        }
                        target -= weight;
                    }
                });
                // Rounding may run past the end: take the last split with weight.
                chosen.or(last).unwrap_or([0; MAX_PLACES])
            };
            // Which cards: a shuffle of the class, cut by the counts.
            let n = class.cards.len() as usize;
            for (slot, c) in buf.iter_mut().zip(class.cards) {
                *slot = c;
            }
            rng.shuffle(&mut buf[..n]);
            let mut at = 0;
            for p in 0..self.c.places {
                let take = x[p] as usize;
                for &c in &buf[at..at + take] {
                    out[p].insert(c);
                }
                at += take;
                r[p] -= x[p];
            }
        }
    }
}

/// What the tricks of one hand show, for the trick-taking games: the cards played and the
/// cards each seat cannot hold (a void shown by not following suit, or what a game's lead
/// rules imply).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrickLog {
    /// Cards played this hand, the trick in progress included.
    pub played: CardSet,
    /// Per seat, cards it cannot hold.
    pub excluded: [CardSet; 4],
    /// The led suit of the trick in progress.
    led: Option<engine::Suit>,
    /// Cards in the trick in progress.
    len: u8,
}

impl TrickLog {
    /// A log that starts with the trick in progress (its seats and cards, in order): the
    /// voids of those who did not follow the led card's suit included (for games whose
    /// led suit is the led card's).
    pub fn with_trick(trick: impl Iterator<Item = (engine::Seat, Card)>) -> TrickLog {
        let mut t = TrickLog::default();
        for (s, c) in trick {
            t.play(s, c, false);
        }
        t
    }

    /// `seat` played `card`; `complete`: it completed the trick. Returns the led suit the
    /// card answered (`None` for a lead). A card of another suit shows a void.
    pub fn play(&mut self, seat: engine::Seat, card: Card, complete: bool) -> Option<engine::Suit> {
        let led = if self.len == 0 {
            self.led = Some(card.suit());
            None
        } else {
            self.led
        };
        if let Some(l) = led {
            if l != card.suit() {
                self.exclude(seat, l.mask());
            }
        }
        self.played.insert(card);
        self.len = self.len.saturating_add(1);
        if complete {
            self.len = 0;
            self.led = None;
        }
        led
    }

    /// `seat` cannot hold `cards`.
    pub fn exclude(&mut self, seat: engine::Seat, cards: CardSet) {
        if let Some(x) = self.excluded.get_mut(seat.idx()) {
            *x = x.or(cards);
        }
    }
}

/// The most places a [`BagPlan`] deals to (seven other hands, the stock, unseen discards
/// and a drawn card).
pub const MAX_BAG_PLACES: usize = 12;

/// A dealer for the games of up to two decks (Crazy Eights, Haft Khabis): the unknown
/// cards (a [`engine::CardBag`], each copy a physical card) dealt to places by count, every
/// physical card equally likely in every slot, but for at most one place of one card that
/// may only hold some cards (CE-4's drawn card that fits): that card is drawn first,
/// uniformly among the unknown copies it may be. Deals without allocating.
#[derive(Clone, Debug)]
pub struct BagPlan {
    cards: [Card; 104],
    len: u8,
    places: usize,
    count: [u8; MAX_BAG_PLACES],
    /// The one-card place and the cards it may hold.
    fit: Option<(usize, CardSet)>,
    unknown: engine::CardBag,
}

impl BagPlan {
    /// `unknown` to deal; no place yet.
    pub fn new(unknown: engine::CardBag) -> BagPlan {
        let mut cards = [Card::RED_JOKER; 104];
        let mut len = 0;
        for c in unknown {
            if len < 104 {
                cards[len] = c;
                len += 1;
            }
        }
        BagPlan {
            cards,
            len: len as u8,
            places: 0,
            count: [0; MAX_BAG_PLACES],
            fit: None,
            unknown,
        }
    }

    /// Adds a place of `count` cards; returns its index.
    pub fn add(&mut self, count: u8) -> Result<usize, BeliefError> {
        if self.places == MAX_BAG_PLACES {
            return err("too many hidden places");
        }
        self.count[self.places] = count;
        self.places += 1;
        Ok(self.places - 1)
    }

    /// Adds a place of one card that may only be one of `may`.
    pub fn add_fitting(&mut self, may: CardSet) -> Result<usize, BeliefError> {
        if self.fit.is_some() {
            return err("two restricted places");
        }
        let p = self.add(1)?;
        self.fit = Some((p, may));
        Ok(p)
    }

    /// Checks that the counts add up and a restricted place can be filled.
    pub fn check(&self) -> Result<(), BeliefError> {
        let total: u32 = self.count[..self.places].iter().map(|&k| k as u32).sum();
        if total != self.len as u32 {
            return err(format!("{} unknown cards for {total} slots", self.len));
        }
        if let Some((_, may)) = self.fit {
            if self.unknown.distinct().and(may).is_empty() {
                return err("no unknown card fits the drawn card's place");
            }
        }
        Ok(())
    }

    /// The unknown cards.
    pub fn unknown(&self) -> engine::CardBag {
        self.unknown
    }

    /// The number of places.
    pub fn places(&self) -> usize {
        self.places
    }

    /// How many cards place `p` holds.
    pub fn count(&self, p: usize) -> u8 {
        self.count.get(p).copied().unwrap_or(0)
    }

    /// Whether `parts` (one bag per place) is a deal this plan may give.
    pub fn admits(&self, parts: &[engine::CardBag]) -> bool {
        if parts.len() != self.places {
            return false;
        }
        let mut all = engine::CardBag::EMPTY;
        for (p, x) in parts.iter().enumerate() {
            if x.len() != self.count[p] as u32 {
                return false;
            }
            all = all.union(*x);
        }
        let fits = match self.fit {
            Some((p, may)) => parts[p].distinct().minus(may).is_empty(),
            None => true,
        };
        fits && all == self.unknown
    }

    /// Deals one assignment into `out` (one bag per place).
    pub fn deal(&self, rng: &mut Rng, out: &mut [engine::CardBag; MAX_BAG_PLACES]) {
        *out = [engine::CardBag::EMPTY; MAX_BAG_PLACES];
        let mut buf = self.cards;
        let mut n = self.len as usize;
        if let Some((p, may)) = self.fit {
            let k = buf[..n].iter().filter(|c| may.contains(**c)).count();
            if k > 0 {
                let mut pick = rng.below(k as u32) as usize;
                if let Some(i) = (0..n).find(|&i| {
                    let hit = may.contains(buf[i]);
                    if hit && pick == 0 {
                        return true;
                    }
                    pick -= hit as usize;
                    false
                }) {
                    out[p].insert(buf[i]);
                    buf.swap(i, n - 1);
                    n -= 1;
                }
            }
        }
        rng.shuffle(&mut buf[..n]);
        let mut at = 0;
        for p in 0..self.places {
            if self.fit.is_some_and(|(q, _)| q == p) {
                continue;
            }
            for &c in &buf[at..(at + self.count[p] as usize).min(n)] {
                out[p].insert(c);
            }
            at += self.count[p] as usize;
        }
    }
}
