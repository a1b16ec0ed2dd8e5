//! The zero-window alpha-beta search and its transposition table.

use crate::position::{
    beats, deciding_card, partner_entries, quick_winners, small_cards, still_wins, top_cards,
    Position, NO_TRUMP, SUIT_BITS, SUIT_MASK,
};
use engine::CardSet;

/// One slot of the transposition table: a class of positions at a trick boundary, and
/// bounds on the tricks side 0 takes from any of them.
///
/// The class (as DDS's "winning ranks"): the leader, how many cards of each suit each seat
/// holds (`lengths`), and per suit who holds each of its `depth` highest remaining cards
/// (`owners`). The cards below that depth are "small cards": the search that proved the
/// bounds never needed to know which of them beats which, so any position that agrees on
/// the rest has the same bounds. Absolute ranks are gone too: only the order of the
/// remaining cards decides the tricks.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// 4 bits per (suit, seat): suit * 16 + seat * 4.
    lengths: u64,
    /// Per suit (8 bits each, suit 0 lowest): the depth.
    depths: u32,
    /// Per suit (32 bits each): the owners of its `depth` highest cards, 2 bits each, the
    /// highest card's in the most significant place.
    owners: [u32; 4],
    /// The leader (low 2 bits) and the table's generation the slot was filled in (high 6
    /// bits; 0: never filled): a slot of an older generation is empty ([`Solver::clear`]).
    tag: u8,
    /// Side 0 takes at least `lb` and at most `ub` of the remaining tricks.
    lb: u8,
    ub: u8,
    /// The move that last decided the search there, as the suit (high bits) and its place
    /// among the suit's live cards from the highest (low 4 bits); `NO_MOVE` if none.
    mv: u8,
}

// Two slots to a 64-byte cache line.
const _: () = assert!(std::mem::size_of::<Entry>() == 32);

const NO_MOVE: u8 = 0xFF;
/// The most generations before the table is filled anew.
const GENERATIONS: u8 = 63;
/// Slots per bucket: nodes on the first 8 deals of bench-dds seed 1 (`dds_nodes`) 50.8 M
/// with 8, 27.5 M with 16, 21.6 M with 32, 19.8 M with 64, 19.3 M with 128; time least
/// with 64 (the scan stops at the first empty slot, and a deal leaves most buckets far
/// from full).
const WAYS: usize = 64;
/// The table's kinds of bucket (as `(deepest, key)`): a class fixing at most `deepest`
/// cards of every suit goes to the first kind that takes it, whose buckets are keyed by
/// the lengths, the leader and the owners of the `key` highest cards of each suit (the
/// class is narrowed to fix at least those). A lookup probes one bucket of each kind.
/// Shallow classes (the widest, matching the most positions) share the buckets of a
/// length pattern; deeper ones spread over more buckets, so that they do not push the
/// shallow ones out. Narrowing a class costs more than a crowded bucket: nodes on the
/// first 8 deals of bench-dds seed 1 (`cards` example `dds_nodes`) with classes up to 5
/// deep in the first kind 56 M (before the run floors); every class in its lengths' bucket
/// alone 62 M; three kinds keyed by the top 0, 2 and 6 cards (classes up to 4, 6 and more
/// deep) 84 M. Since small cards are skipped (2026-11-29), up to 7 deep in the first kind:
/// 27.5 M against 29.5 M for 5, 28.1 M for 6 or 8, 33.9 M for 4, and 34.6 M for 5 with
/// deeper ones keyed by the top 2 cards.
const LEVELS: [(u32, u32); 2] = [(7, 0), (u32::MAX, 1)];

/// A position at a trick boundary as the table reads it: the lengths, and per suit the
/// owners of all its remaining cards from the highest down.
struct Shape {
    lengths: u64,
    len: [u32; 4],
    owners: [u32; 4],
}

impl Shape {
    fn of(p: &Position, nibbles: &[u16]) -> Shape {
        let [h0, h1, h2, h3] = p.hands;
        let live = h0 | h1 | h2 | h3;
        let mut lengths = 0u64;
        for (seat, h) in p.hands.iter().enumerate() {
            for s in 0..4u32 {
                let l = ((h >> (s * SUIT_BITS)) & SUIT_MASK).count_ones() as u64;
                lengths |= l << (s * 16 + seat as u32 * 4);
            }
        }
        // The owner's two bits, a plane each: seat 1 is 01, seat 2 10, seat 3 11.
        let (plane0, plane1) = (h1 | h3, h2 | h3);
        let mut len = [0u32; 4];
        let mut owners = [0u32; 4];
        for s in 0..4 {
            // Four cards' places at a time, from the lowest: see [`owner_nibbles`].
            let mut x = ((live >> (s as u32 * SUIT_BITS)) & SUIT_MASK) as usize;
            let mut o0 = ((plane0 >> (s as u32 * SUIT_BITS)) & SUIT_MASK) as usize;
            let mut o1 = ((plane1 >> (s as u32 * SUIT_BITS)) & SUIT_MASK) as usize;
            let (mut code, mut at) = (0u32, 0u32);
            while x != 0 {
                let t = nibbles[(x & 15) | (o0 & 15) << 4 | (o1 & 15) << 8] as u32;
                code |= (t & 0xFF) << at;
                at += 2 * (t >> 8);
                x >>= 4;
                o0 >>= 4;
                o1 >>= 4;
            }
            len[s] = at / 2;
            owners[s] = code;
        }
        Shape {
            lengths,
            len,
            owners,
        }
    }

    /// Whether `e` (a filled slot of the same lengths) describes this position.
    #[inline]
    fn matches(&self, e: &Entry) -> bool {
        (0..4).all(|s| {
            let d = (e.depths >> (s * 8)) & 0xFF;
            let low = 2 * (self.len[s] - d);
            // `d` is at most the length: the lengths agree. A shift by 32 is out of range.
            d == 0 || (self.owners[s] as u64 >> low) as u32 == e.owners[s]
        })
    }
}

/// For four places of a suit's cards (bits `i` of the index: whether the card of place `i`
/// is live, bits `4 + i` and `8 + i`: its owner's two bits), the owners of the live ones,
/// 2 bits each, the lowest place's in the least significant bits, and (from bit 8) how
/// many are live: [`Shape::of`] reads a suit four places at a time instead of card by
/// card. Made at run time (8 KiB; not in the binary).
fn owner_nibbles() -> Vec<u16> {
    (0..4096u16)
        .map(|i| {
            let (mut code, mut n) = (0u16, 0u16);
            for b in 0..4 {
                if i >> b & 1 == 1 {
                    let owner = (i >> (4 + b) & 1) | (i >> (8 + b) & 1) << 1;
                    code |= owner << (2 * n);
                    n += 1;
                }
            }
            code | n << 8
        })
        .collect()
}

/// The best play for the seat to act ([`Solver::best`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best {
    /// The most tricks the side of the seat to act takes this hand (those won so far
    /// included) if all 13 were played out, with best play on both sides.
    pub tricks: u8,
    /// Every card that keeps that value.
    pub cards: CardSet,
}

/// A double-dummy solver: the transposition table (allocated once, by [`Solver::new`]) and
/// counters. Reuse one solver for many positions: entries stay valid across positions of
/// the same trump and table size (PIMC's samples share a lot), and the table is cleared
/// by itself when those change.
pub struct Solver {
    table: Vec<Entry>,
    /// [`owner_nibbles`], for [`Shape::of`].
    nibbles: Vec<u16>,
    /// The generation of the table's live slots (1 to [`GENERATIONS`]).
    generation: u8,
    shift: u32,
    /// The (trump, players) the table's entries are for.
    table_for: (u8, u8, u8),
    /// The search ends when this many tricks are left (0: every trick is played out).
    stop: u8,
    /// The side the current search counts tricks for.
    side: u8,
    nodes: u64,
    /// Per number of cards left in the hands, the lead that last decided a trick's start
    /// there (tried early at the next lead of that depth: the "killer" move); cleared at
    /// the start of each search, so that a search's nodes depend only on its position and
    /// the table.
    killers: [u8; 64],
    /// The node count at which the current search gives up ([`Solver::can_take_within`]).
    limit: u64,
    /// The current search gave up: its answers are void and nothing more is stored.
    aborted: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(Solver::DEFAULT_TABLE_BITS)
    }
}

impl Solver {
    /// The default table: 2^20 slots of 32 bytes (32 MiB); a browser worker may want
    /// fewer ([`Solver::new`]).
    pub const DEFAULT_TABLE_BITS: u32 = 20;

    /// A solver with a transposition table of `2^bits` slots (`bits` clamped to 10..=26).
    pub fn new(bits: u32) -> Solver {
        let bits = bits.clamp(10, 26);
        Solver {
            table: vec![Entry::default(); 1 << bits],
            nibbles: owner_nibbles(),
            generation: 1,
            shift: 64 - bits,
            table_for: (u8::MAX, 0, 0),
            stop: 0,
            side: 0,
            nodes: 0,
            killers: [NO_MOVE; 64],
            limit: u64::MAX,
            aborted: false,
        }
    }

    /// Search nodes visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets every stored position: a new generation of slots (the table is written
    /// anew only once in [`GENERATIONS`] clears; clearing 32 MiB before each question of
    /// a deal took a few per cent of the time).
    pub fn clear(&mut self) {
        self.generation += 1;
        if self.generation > GENERATIONS {
            self.table.fill(Entry::default());
            self.generation = 1;
        }
    }

    fn prepare(&mut self, pos: &Position) {
        let want = (pos.trump, pos.n, self.stop);
        if self.table_for != want {
            self.clear();
            self.table_for = want;
        }
    }

    /// Can `side` (0 = seats {0,2}, 1 = seats {1,3}; with two players the seat) take at
    /// least `k` tricks this hand, those won so far included, against any defence? With
    /// `k = 7` this is "can this side still win the hand?" (HK-7): a side reaching 7 of 13
    /// tricks does not depend on whether the rest is played.
    pub fn can_take(&mut self, pos: &Position, side: usize, k: u8) -> bool {
        self.prepare(pos);
        let side = (side & 1) as u8;
        let need = k as i32 - pos.tricks[side as usize] as i32;
        self.side = side;
        let mut p = *pos;
        self.killers = [NO_MOVE; 64];
        self.search(&mut p, need).0
    }

    /// Can `side` take at least `k` of the next `within` tricks (the current one
    /// included), against any defence? `false` if fewer than `within` tricks are left.
    pub fn can_take_next(&mut self, pos: &Position, side: usize, k: u8, within: u8) -> bool {
        let left = pos.tricks_left();
        if within > left {
            return false;
        }
        self.stop = left - within;
        let side = side & 1;
        // `can_take` counts the tricks won so far.
        let r = self.can_take(pos, side, pos.tricks[side].saturating_add(k));
        self.stop = 0;
        r
    }

    /// Kot (کُت, HK-8): can `side` win the hand while the other side takes no trick, that
    /// is take every trick until it has 7?
    pub fn can_kot(&mut self, pos: &Position, side: usize) -> bool {
        let side = side & 1;
        if pos.tricks[side ^ 1] > 0 {
            return false;
        }
        let k = 7u8.saturating_sub(pos.tricks[side]);
        k == 0 || self.can_take_next(pos, side, k, k)
    }

    /// [`Solver::can_take`] within a budget of `nodes` search nodes: `None` if the search
    /// needed more. The node count of a search depends only on the position and on what
    /// the table held before, so a bot with a fixed budget repeats its choices. Nothing
    /// learnt by an abandoned search is kept.
    pub fn can_take_within(
        &mut self,
        pos: &Position,
        side: usize,
        k: u8,
        nodes: u64,
    ) -> Option<bool> {
        self.limit = self.nodes.saturating_add(nodes);
        self.aborted = false;
        let r = self.can_take(pos, side, k);
        self.limit = u64::MAX;
        (!std::mem::take(&mut self.aborted)).then_some(r)
    }

    /// Any of the solver's questions (`ask`, for example [`Solver::can_kot`]) within a
    /// budget of `nodes` search nodes in all: `None` if it needed more. As with
    /// [`Solver::can_take_within`], the answer depends only on the position and on what
    /// the table held, so a fixed budget repeats, and nothing an abandoned search learnt
    /// is kept.
    pub fn within<T>(&mut self, nodes: u64, ask: impl FnOnce(&mut Solver) -> T) -> Option<T> {
        self.limit = self.nodes.saturating_add(nodes);
        self.aborted = false;
        let r = ask(self);
        self.limit = u64::MAX;
        (!std::mem::take(&mut self.aborted)).then_some(r)
    }

    /// The most tricks `side` takes this hand (those won so far included) with best play on
    /// both sides, if every trick were played out: a few zero-window searches.
    pub fn max_tricks(&mut self, pos: &Position, side: usize) -> u8 {
        let side = side & 1;
        let mut lo = pos.tricks[side];
        let mut hi = lo + pos.tricks_left();
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if self.can_take(pos, side, mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// [`Solver::max_tricks`] starting from a `guess` of the answer (for example the answer
    /// of a similar question): zero-window searches step from the guess one trick at a
    /// time, so a guess off by `d` costs `d + 2` searches at most (a close guess saves the
    /// searches far from the answer that a bisection makes; those near it cost the most).
    pub fn max_tricks_from(&mut self, pos: &Position, side: usize, guess: u8) -> u8 {
        let side = side & 1;
        let mut lo = pos.tricks[side];
        let mut hi = lo + pos.tricks_left();
        let mut g = guess;
        // `lo` is always reachable and `hi` a bound; each search tests one value in between.
        while lo < hi {
            let t = g.clamp(lo + 1, hi);
            if self.can_take(pos, side, t) {
                lo = t;
                g = t + 1;
            } else {
                hi = t - 1;
                g = hi;
            }
        }
        lo
    }

    /// The value for the side of the seat to act ([`Solver::max_tricks`]) and every card of
    /// that seat that keeps it. `None` when no card is left to play.
    pub fn best(&mut self, pos: &Position) -> Option<Best> {
        let seat = pos.to_play();
        let side = seat.side();
        if pos.playable() == 0 {
            return None;
        }
        let value = self.max_tricks(pos, side);
        let mut cards = CardSet::EMPTY;
        let mut moves = Moves::default();
        moves.generate(pos);
        for i in 0..moves.len {
            let mut child = *pos;
            child.play_bit(moves.rep[i]);
            if self.can_take(&child, side, value) {
                cards = cards.or(pos.cards(moves.run[i]));
            }
        }
        Some(Best {
            tricks: value,
            cards,
        })
    }

    /// Can side `self.side` take at least `need` more tricks from `p` (the current trick
    /// included)? Also returns the cards whose ranks the answer rests on: in each suit,
    /// every live card from the highest down to the lowest card of the set matters (see
    /// [`Entry`]). `p` is restored before returning.
    fn search(&mut self, p: &mut Position, need: i32) -> (bool, u64) {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
        }
        if self.aborted {
            return (false, 0);
        }
        let boundary = p.trick_len == 0;
        let mut shape = None;
        let mut rem = 0;
        let mut hint = NO_MOVE;
        if boundary {
            rem = p.hands[p.leader as usize].count_ones() as i32 - self.stop as i32;
            if need <= 0 {
                return (true, 0);
            }
            if need > rem {
                return (false, 0);
            }
            let ours_lead = p.leader & 1 == self.side;
            // The leader's side's tricks that decide the node.
            let goal = if ours_lead { need } else { rem - need + 1 };
            let (mut q, mut qrel) = quick_tricks(p, goal);
            // Not yet decided by the leader's own winners: try crossing to the partner.
            if q < goal {
                let (e, erel) = entry_tricks(p, goal);
                if e > q {
                    (q, qrel) = (e, erel);
                }
            }
            // The leader cashes them at once: within any horizon, as far as it goes.
            let q = q.min(rem);
            if p.leader & 1 == self.side {
                if q >= need {
                    return (true, qrel);
                }
            } else if rem - q < need {
                return (false, qrel);
            }
            // Trumps above all of the other side's win a trick each, whenever played (so
            // not necessarily before a horizon).
            for side in [self.side, self.side ^ 1]
                .into_iter()
                .filter(|_| self.stop == 0)
            {
                let goal = if side == self.side {
                    need
                } else {
                    rem - need + 1
                };
                let (t, trel) = sure_trump_tricks(p, side, goal);
                if side == self.side && t >= need {
                    return (true, trel);
                }
                if side != self.side && rem - t < need {
                    return (false, trel);
                }
            }
            let sh = Shape::of(p, &self.nibbles);
            let tag = self.generation << 2 | p.leader;
            let slots = LEVELS.map(|(_, key)| self.slot(&sh, p.leader, key));
            for &i in &slots {
                for k in i..i + WAYS {
                    let e = &self.table[k];
                    // A bucket's filled slots come first (see `store`).
                    if e.tag >> 2 != self.generation {
                        break;
                    }
                    if e.lengths != sh.lengths || e.tag != tag || !sh.matches(e) {
                        continue;
                    }
                    if hint == NO_MOVE {
                        hint = e.mv;
                    }
                    let (lb, ub) = if self.side == 0 {
                        (e.lb as i32, e.ub as i32)
                    } else {
                        (rem - e.ub as i32, rem - e.lb as i32)
                    };
                    if lb >= need || ub < need {
                        let depths = e.depths;
                        // The class answered: it moves first in its bucket.
                        self.table[i..=k].rotate_right(1);
                        return (lb >= need, top_cards(&p.hands, depths));
                    }
                }
            }
            shape = Some(sh);
        }
        let seat = (p.leader + p.trick_len) % p.n;
        let ours = seat & 1 == self.side;
        // Second hand (as DDS's quick tricks there): the trick is this side's whatever
        // the others play, and that decides the node.
        if p.trick_len == 1 && p.n == 4 {
            let left = p.hands[seat as usize].count_ones() as i32 - self.stop as i32;
            if (ours && need <= 1) || (!ours && need > left - 1) {
                if let Some(r) = second_hand_wins(p, seat) {
                    return (ours, r);
                }
            }
        }
        let mut moves = Moves::default();
        moves.generate(p);
        moves.order(p, seat);
        let depth = p.hands.iter().map(|h| h.count_ones()).sum::<u32>() as usize;
        if hint != NO_MOVE {
            moves.promote(p, hint);
        }
        // A lead: first the card that last decided a lead at this depth (whoever led: the
        // "killer" move), if this seat holds it; then the table's move.
        let killer = if boundary {
            self.killers[depth]
        } else {
            NO_MOVE
        };
        if killer != NO_MOVE {
            moves.promote_bit(killer);
        }
        // A seat of the searching side needs one good card; the other side one refutation.
        let mut result = !ours;
        let mut rel = 0u64;
        let mut decided = NO_MOVE;
        // Cards of this seat whose play is known to fail as a move already tried did (as
        // DDS's "small" moves): a failed card below every rank its proof fixed in its suit
        // stands for every other card of the seat below those ranks; the child of any of
        // them is in the class of that proof.
        let mut covered = 0u64;
        let mut tried = 0u32;
        for i in 0..moves.len {
            if moves.run[i] & !covered == 0 {
                continue;
            }
            tried |= 1 << i;
            let saved = *p;
            let b = moves.rep[i];
            p.play_bit(b);
            let mut trick_rel = 0;
            let mut won = false;
            if p.trick_len == 0 {
                won = p.leader & 1 == self.side;
                trick_rel = deciding_card(saved.trick, saved.n, b, saved.trump);
            }
            let (r, child_rel) = self.search(p, need - won as i32);
            *p = saved;
            if self.aborted {
                return (false, 0);
            }
            if r == ours {
                result = r;
                rel = child_rel | trick_rel;
                decided = relative_move(p, b);
                if boundary {
                    self.killers[depth] = b;
                }
                break;
            }
            rel |= child_rel | trick_rel;
            covered |= small_cards(b, child_rel | trick_rel);
        }
        if result != ours {
            rel |= run_floors(&moves.rep[..moves.len], &moves.run[..moves.len], tried, rel);
        }
        if let Some(sh) = shape {
            self.store(p, &sh, rem, need, result, decided, rel);
        }
        (result, rel)
    }

    /// The first slot of the bucket of positions with these lengths, leader and owners of
    /// the `key` highest cards of each suit (see [`LEVELS`]).
    #[inline]
    fn slot(&self, sh: &Shape, leader: u8, key: u32) -> usize {
        let mut h = sh.lengths ^ leader as u64 ^ (key as u64) << 3;
        for s in 0..4 {
            let d = sh.len[s].min(key);
            let top = (sh.owners[s] as u64) >> (2 * (sh.len[s] - d));
            h = (h ^ top << (s * 8)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        (h >> self.shift) as usize & !(WAYS - 1)
    }

    /// Records that `self.side` can (`result`) or cannot take `need` of the `rem` tricks
    /// left from `p` (shape `sh`), resting on the ranks of `rel`, and the move that
    /// decided it. A new class goes first in its bucket and the bucket's last (the oldest
    /// class, or an empty slot) goes: every class of a bucket has the same lengths, so the
    /// same number of tricks left, and the newest classes are the likeliest to be met again.
    /// So a bucket's filled slots always come first (a class that answers a lookup also
    /// moves to the front), and a scan stops at the first empty one.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        p: &Position,
        sh: &Shape,
        rem: i32,
        need: i32,
        result: bool,
        mv: u8,
        rel: u64,
    ) {
        let live = p.hands.iter().fold(0, |a, h| a | h);
        // Per suit, how many of its highest cards the answer rests on.
        let mut need_depth = [0u32; 4];
        for (s, d) in need_depth.iter_mut().enumerate() {
            let shift = s as u32 * SUIT_BITS;
            let r = (rel >> shift) & SUIT_MASK;
            if r != 0 {
                let l = (live >> shift) & SUIT_MASK;
                *d = (l >> r.trailing_zeros()).count_ones();
            }
        }
        let deepest = need_depth.iter().copied().max().unwrap_or(0);
        let key = LEVELS
            .iter()
            .find(|&&(most, _)| deepest <= most)
            .map_or(0, |&(_, key)| key);
        let mut depths = 0u32;
        let mut owners = [0u32; 4];
        for (s, own) in owners.iter_mut().enumerate() {
            // Deeper is always sound (a narrower class); the bucket's key needs it.
            let d = need_depth[s].max(sh.len[s].min(key));
            depths |= d << (s * 8);
            *own = if d == 0 {
                0
            } else {
                (sh.owners[s] as u64 >> (2 * (sh.len[s] - d))) as u32
            };
        }
        let i = self.slot(sh, p.leader, key);
        let generation = self.generation;
        let tag = generation << 2 | p.leader;
        let bucket = &mut self.table[i..i + WAYS];
        let same = |e: &Entry| {
            e.depths == depths && e.lengths == sh.lengths && e.tag == tag && e.owners == owners
        };
        let at = match bucket
            .iter()
            .take_while(|e| e.tag >> 2 == generation)
            .position(same)
        {
            Some(k) => k,
            None => {
                bucket.rotate_right(1);
                bucket[0] = Entry {
                    lengths: sh.lengths,
                    depths,
                    owners,
                    tag,
                    lb: 0,
                    ub: rem as u8,
                    mv: NO_MOVE,
                };
                0
            }
        };
        let e = &mut bucket[at];
        if mv != NO_MOVE {
            e.mv = mv;
        }
        // In side 0's tricks: side 1 taking at least `need` is side 0 taking at most
        // rem - need, and so on.
        match (self.side == 0, result) {
            (true, true) => e.lb = e.lb.max(need as u8),
            (true, false) => e.ub = e.ub.min((need - 1) as u8),
            (false, true) => e.ub = e.ub.min((rem - need) as u8),
            (false, false) => e.lb = e.lb.max((rem - need + 1) as u8),
        }
    }
}

/// Bit `b`, a card of the position `p` (whose live cards include it), as its suit and its
/// place among the suit's live cards counted from the highest: the same move in every
/// position of the same class.
/// Which of the move runs `runs` holds the move of relative code `mv` ([`relative_move`]),
/// with these hands: the `mv & 15`-th highest live card (0 the highest) of suit `mv >> 4`.
/// The points solver's move lists use it too.
pub(crate) fn relative_index(hands: &[u64; 4], mv: u8, runs: &[u64]) -> Option<usize> {
    let suit = (mv >> 4) as u32;
    let live = hands.iter().fold(0, |a, h| a | h);
    let mut l = (live >> (suit * SUIT_BITS)) & SUIT_MASK;
    // Skip the `mv & 15` highest live cards of the suit.
    for _ in 0..(mv & 15) {
        if l == 0 {
            return None;
        }
        l ^= 1 << (63 - l.leading_zeros());
    }
    if l == 0 {
        return None;
    }
    let bit = 1u64 << (63 - l.leading_zeros() + suit * SUIT_BITS);
    runs.iter().position(|r| r & bit != 0)
}

fn relative_move(p: &Position, b: u8) -> u8 {
    let suit = b as u32 / SUIT_BITS;
    let mut live = p.hands.iter().fold(0, |a, h| a | h);
    for &t in &p.trick[..p.trick_len as usize] {
        live |= 1 << t;
    }
    let above = (live >> (suit * SUIT_BITS)) & SUIT_MASK & !((2u64 << (b as u32 % SUIT_BITS)) - 1);
    (suit as u8) << 4 | above.count_ones() as u8
}

/// The ranks that keep the runs `runs` (played as `reps`) that were tried (`tried`, a bit per move; each
/// through its lowest card, every move having failed) runs in every position of the class
/// that `rel` describes (per suit, the owners of its live cards down to the lowest card of
/// `rel` in it). A run whose highest card lies among those fixed cards but whose lowest
/// lies below them could, in another position of the class, have another seat's card just
/// below its fixed part, and that part could then do better than the lowest card did
/// here. So such a run fixes its suit one card further, down to its highest card below the
/// fixed ones: the fixed part and that card are then one run in the whole class, and that
/// card's play stands for the lowest card's (what lies below it is small cards, any of
/// which gives a child of the same class). A run wholly among the fixed cards is the same
/// run in the whole class, and one wholly below them small cards. (A run that was not
/// tried lay below every rank the proof of a tried card of its suit fixed: small cards of
/// that proof's class, whatever the rest fixes.)
/// The points solver's runs (one point class each) keep runs the same way.
pub(crate) fn run_floors(reps: &[u8], runs: &[u64], tried: u32, rel: u64) -> u64 {
    let mut more = 0;
    for (i, (&rep, &run)) in reps.iter().zip(runs).enumerate() {
        if run.count_ones() < 2 || tried >> i & 1 == 0 {
            continue;
        }
        let shift = rep as u32 / SUIT_BITS * SUIT_BITS;
        let fixed = (rel >> shift) & SUIT_MASK;
        if fixed == 0 {
            continue;
        }
        let lowest = fixed.trailing_zeros() + shift;
        let under = run & ((1u64 << lowest) - 1);
        if run >> lowest != 0 && under != 0 {
            more |= 1 << (63 - under.leading_zeros());
        }
    }
    more
}

/// Tricks the leader's side is sure to take at once at a trick boundary: the leader's top
/// cards of each suit (held above every other seat's), a side suit's counted only as far
/// as every opponent who holds a trump still follows it. Cashing them in any order keeps
/// the lead, so the count is a lower bound. Also returns the ranks the count rests on: if
/// it reaches `goal` (the tricks that decide the node), those of `goal` of them only, the
/// suits that no other seat holds first (no rank matters there), and in a suit counted
/// for `k` tricks the leader's `k`-th highest card.
fn quick_tricks(p: &Position, goal: i32) -> (i32, u64) {
    quick_tricks_of(&p.hands, p.n, p.leader, p.trump, goal)
}

/// [`quick_tricks`] of `hands` with `leader` on lead.
fn quick_tricks_of(hands: &[u64; 4], n: u8, leader: u8, trump: u8, goal: i32) -> (i32, u64) {
    let l = leader;
    let winners = quick_winners(hands, n, l, trump, |s| s & 1 != l & 1);
    let q: i32 = winners.iter().map(|w| w.1 as i32).sum();
    // The `k`-th highest of a suit's top cards.
    let kth = |s: usize, tops: u64, k: u32| {
        let mut x = tops;
        for _ in 1..k {
            x ^= 1 << (63 - x.leading_zeros());
        }
        1u64 << (63 - x.leading_zeros() + s as u32 * SUIT_BITS)
    };
    let mut rel = 0;
    if q < goal {
        for (s, &(tops, counted, contested)) in winners.iter().enumerate() {
            if counted > 0 && contested {
                rel |= kth(s, tops, counted);
            }
        }
        return (q, rel);
    }
    let mut left = goal
        - winners
            .iter()
            .filter(|w| !w.2)
            .map(|w| w.1 as i32)
            .sum::<i32>();
    for (s, &(tops, counted, contested)) in winners.iter().enumerate() {
        if left <= 0 {
            break;
        }
        if counted > 0 && contested {
            let k = (counted as i32).min(left);
            rel |= kth(s, tops, k as u32);
            left -= k;
        }
    }
    (q, rel)
}

/// Tricks the leader's side (four players) is sure to take at once by crossing to the
/// partner (as DDS's quick tricks through an entry): the leader leads its lowest card of a
/// suit in which the partner holds a card above every opponent's and above that card (no
/// opponent can ruff: each follows or holds no trump), the partner wins the trick and
/// cashes its own quick tricks. For the cashing, each opponent is left with its highest
/// cards of the suit (whichever it plays, no better for the partner) and the partner
/// without the lowest of its winners. The most over the suits, with the ranks the count
/// rests on (the partner's winner fixes its suit down to it; those of the cashing).
fn entry_tricks(p: &Position, goal: i32) -> (i32, u64) {
    if p.n != 4 {
        return (0, 0);
    }
    let mut best = (0, 0);
    partner_entries(&p.hands, p.leader, p.trump, |h, winner, partner| {
        let (q, rel) = quick_tricks_of(h, 4, partner, p.trump, goal - 1);
        if 1 + q > best.0 {
            best = (1 + q, rel | winner);
        }
        best.0 < goal
    });
    best
}

/// Tricks `side` is sure to take with its trumps: each trump of one seat that is higher
/// than every trump of the other side wins the trick it is played to (only a higher trump
/// could beat it), and a seat plays one card a trick; so the most such trumps in one seat
/// of the side. Also returns, when the other side holds trumps (their ranks matter then;
/// otherwise the suit alone decides), the lowest of them, or the `goal`-th highest if the
/// count reaches `goal` (the tricks that decide the node).
fn sure_trump_tricks(p: &Position, side: u8, goal: i32) -> (i32, u64) {
    if p.trump == NO_TRUMP {
        return (0, 0);
    }
    let shift = p.trump as u32 * SUIT_BITS;
    let trumps = |seat: u8| (p.hands[seat as usize] >> shift) & SUIT_MASK;
    let mut theirs = 0;
    let mut seat = side ^ 1;
    while seat < p.n {
        theirs |= trumps(seat);
        seat += 2;
    }
    let above = if theirs == 0 {
        SUIT_MASK
    } else {
        !((1u64 << (64 - theirs.leading_zeros())) - 1)
    };
    let mut best = (0, 0);
    let mut seat = side;
    while seat < p.n {
        let sure = trumps(seat) & above;
        let count = sure.count_ones() as i32;
        if count > best.0 {
            let rel = if theirs == 0 {
                0
            } else {
                // The `goal`-th highest is enough when there are as many.
                let mut x = sure;
                for _ in 1..goal.clamp(1, count) {
                    x ^= 1 << (63 - x.leading_zeros());
                }
                1u64 << (63 - x.leading_zeros() + shift)
            };
            best = (count, rel);
        }
        seat += 2;
    }
    best
}

/// Whether the side of `seat`, second to play to a trick of four players, takes the trick
/// whatever the others play, and the ranks that rest on: it holds a card of the led suit
/// above the led card and every card of that suit of the third hand (which cannot ruff
/// it), or one of its two seats can ruff and the third hand cannot (no rank needed).
fn second_hand_wins(p: &Position, seat: u8) -> Option<u64> {
    let led = p.trick[0];
    let shift = (led as u32 / SUIT_BITS) * SUIT_BITS;
    let suit_of = |h: u64| (h >> shift) & SUIT_MASK;
    let (partner, third) = ((seat + 2) % 4, (seat + 1) % 4);
    let (hm, hp, ht) = (
        p.hands[seat as usize],
        p.hands[partner as usize],
        p.hands[third as usize],
    );
    let trump_mask = if p.trump == NO_TRUMP {
        0
    } else {
        SUIT_MASK << (p.trump as u32 * SUIT_BITS)
    };
    let side_suit = led >> 4 != p.trump;
    let ruffs = |h: u64| side_suit && suit_of(h) == 0 && h & trump_mask != 0;
    if ruffs(ht) {
        return None;
    }
    if ruffs(hm) || ruffs(hp) {
        return Some(0);
    }
    let ours = suit_of(hm | hp);
    if ours == 0 {
        return None;
    }
    let top = 63 - ours.leading_zeros();
    let theirs = suit_of(ht) | 1 << (led as u32 - shift);
    (top > 63 - theirs.leading_zeros()).then(|| 1u64 << (top + shift))
}

/// Whether card `c`, winning the current trick when `seat` plays it, still wins it
/// whatever the opponents who play after `seat` hold: none can follow with a higher card,
/// or ruff (or over-ruff) it.
fn safe(p: &Position, seat: u8, c: u8) -> bool {
    let later = (1..p.n - p.trick_len).map(|k| (seat + k) % p.n);
    let led = p.trick[0] >> 4;
    still_wins(
        &p.hands,
        led,
        p.trump,
        c,
        later.filter(|o| o & 1 != seat & 1),
    )
}

/// The moves of a node: one card per run of equivalent cards (cards of one hand and suit
/// with no other seat's live card between them), on the stack.
#[derive(Default)]
struct Moves {
    /// The representative (lowest card) of each run.
    rep: [u8; 13],
    /// Each run's cards.
    run: [u64; 13],
    score: [i8; 13],
    len: usize,
}

impl Moves {
    fn generate(&mut self, p: &Position) {
        let play = p.playable();
        let mut live = p.hands.iter().fold(0, |a, h| a | h);
        for &b in &p.trick[..p.trick_len as usize] {
            live |= 1 << b;
        }
        self.len = 0;
        for s in 0..4u32 {
            let shift = s * SUIT_BITS;
            let mut x = (play >> shift) & SUIT_MASK;
            if x == 0 {
                continue;
            }
            let l = (live >> shift) & SUIT_MASK;
            // From the highest card down; a run ends where the next live card below is
            // another seat's (or there is none).
            let mut run = 0u64;
            while x != 0 {
                let b = 63 - x.leading_zeros();
                x ^= 1 << b;
                run |= 1 << (b + shift);
                let below = l & ((1 << b) - 1);
                let next_mine = below != 0 && (x >> (63 - below.leading_zeros())) & 1 == 1;
                if !next_mine {
                    self.rep[self.len] = (b + shift) as u8;
                    self.run[self.len] = run;
                    self.len += 1;
                    run = 0;
                }
            }
        }
    }

    /// Moves the run holding bit `b` to the front, if present.
    fn promote_bit(&mut self, b: u8) {
        if let Some(i) = self.run[..self.len].iter().position(|r| r >> b & 1 != 0) {
            self.rep[..=i].rotate_right(1);
            self.run[..=i].rotate_right(1);
            self.score[..=i].rotate_right(1);
        }
    }

    /// Moves the move of relative code `mv` ([`relative_move`]) to the front, if present.
    fn promote(&mut self, p: &Position, mv: u8) {
        if let Some(i) = relative_index(&p.hands, mv, &self.run[..self.len]) {
            self.rep[..=i].rotate_right(1);
            self.run[..=i].rotate_right(1);
            self.score[..=i].rotate_right(1);
        }
    }

    /// Sorts the moves, most promising first: cash sure winners, win the trick cheaply when
    /// an opponent is winning it, play low when partner wins it or nothing wins.
    fn order(&mut self, p: &Position, seat: u8) {
        let n = self.len;
        if n < 2 {
            return;
        }
        let others = p
            .hands
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != seat as usize)
            .fold(0, |a, (_, h)| a | h);
        let trump = p.trump;
        let w = p.trick_winner();
        let wcard = p.trick[w as usize];
        let wseat = (p.leader + w) % p.n;
        let last = p.trick_len + 1 == p.n;
        for i in 0..n {
            let c = self.rep[i];
            let top = 63 - self.run[i].leading_zeros() as u8;
            let suit = c >> 4;
            let strength = (c & 15) as i8;
            let is_trump = suit == trump;
            let above = (SUIT_MASK << (suit as u32 * SUIT_BITS)) & !((2u64 << top) - 1);
            let higher_elsewhere = others & above != 0;
            let score = if p.trick_len == 0 {
                let suit_mask = SUIT_MASK << (suit as u32 * SUIT_BITS);
                let partner = if p.n == 4 {
                    p.hands[((seat + 2) % 4) as usize]
                } else {
                    0
                };
                // An opponent void in the suit who holds a trump would ruff it.
                let trump_mask = if trump == NO_TRUMP {
                    0
                } else {
                    SUIT_MASK << (trump as u32 * SUIT_BITS)
                };
                let mut ruffed = false;
                let mut o = (seat + 1) % p.n;
                for _ in 0..p.n / 2 {
                    let h = p.hands[o as usize];
                    ruffed |= !is_trump && h & suit_mask == 0 && h & trump_mask != 0;
                    o = (o + 2) % p.n;
                }
                let top_live = others & suit_mask;
                let partner_top =
                    top_live != 0 && partner & (1u64 << (63 - top_live.leading_zeros())) != 0;
                let partner_ruffs =
                    p.n == 4 && !is_trump && partner & suit_mask == 0 && partner & trump_mask != 0;
                if ruffed {
                    10 - strength
                } else if partner_ruffs {
                    66 - strength
                } else if !higher_elsewhere {
                    60 - 5 * is_trump as i8
                } else if partner_top {
                    62 - strength
                } else {
                    let own = p.hands[seat as usize] & suit_mask;
                    let mut sc = 30 - strength - 8 * is_trump as i8 + own.count_ones() as i8;
                    // As DDS's lead weights: the right-hand opponent, last to play, holding
                    // the suit's top card is bad; the left-hand one holding it with the
                    // partner second is good (the partner wins the next round); a suit the
                    // opponents hold few cards of gives a smaller tree.
                    if p.n == 4 {
                        let lho = p.hands[((seat + 1) % 4) as usize];
                        let rho = p.hands[((seat + 3) % 4) as usize];
                        let top = 1u64 << (63 - top_live.leading_zeros());
                        if rho & top != 0 {
                            sc -= 8;
                        }
                        let second = top_live & !top;
                        if lho & top != 0
                            && second != 0
                            && partner & (1u64 << (63 - second.leading_zeros())) != 0
                        {
                            sc += 12;
                        }
                        sc -= (((lho | rho) & suit_mask).count_ones() / 2) as i8;
                    }
                    sc
                }
            } else {
                let ours_winning = wseat & 1 == seat & 1;
                if ours_winning && (last || safe(p, seat, wcard)) {
                    40 - strength - 20 * (is_trump && (wcard >> 4) != trump) as i8
                } else if beats(c, wcard, trump) {
                    if last {
                        90 - strength
                    } else if safe(p, seat, c) {
                        85 - strength / 2
                    } else if ours_winning {
                        20 - strength
                    } else {
                        60 - strength
                    }
                } else {
                    let own = p.hands[seat as usize] >> (suit as u32 * SUIT_BITS) & SUIT_MASK;
                    30 - strength - 15 * is_trump as i8 - own.count_ones() as i8
                }
            };
            self.score[i] = score;
        }
        // Insertion sort, highest score first (a stable order for equal scores).
        for i in 1..n {
            let (r, ru, sc) = (self.rep[i], self.run[i], self.score[i]);
            let mut j = i;
            while j > 0 && self.score[j - 1] < sc {
                self.rep[j] = self.rep[j - 1];
                self.run[j] = self.run[j - 1];
                self.score[j] = self.score[j - 1];
                j -= 1;
            }
            self.rep[j] = r;
            self.run[j] = ru;
            self.score[j] = sc;
        }
    }
}
