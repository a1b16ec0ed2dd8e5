//! The zero-window alpha-beta search and its transposition table.

use crate::position::{beats, Position, NO_TRUMP, SUIT_BITS, SUIT_MASK};
use engine::CardSet;

/// One slot of the transposition table: a position at a trick boundary (its key: the
/// leader, and per suit who holds each remaining card from the highest down, which merges
/// every position that differs only in the absolute ranks of equivalent cards) and bounds
/// on the tricks side 0 takes from there.
#[derive(Clone, Copy, Default)]
struct Entry {
    key_hi: u64,
    key_lo: u64,
    /// Side 0 takes at least `lb` and at most `ub` of the remaining tricks.
    lb: u8,
    ub: u8,
    /// Tricks left there (the replacement keeps the deeper positions).
    rem: u8,
    /// The move that last decided the search there, as the suit (high bits) and its place
    /// among the suit's live cards from the highest (low 4 bits); `NO_MOVE` if none.
    mv: u8,
}

const NO_MOVE: u8 = 0xFF;
/// Slots per bucket: a key may sit in any of them.
const WAYS: usize = 4;

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
    shift: u32,
    /// The (trump, players) the table's entries are for.
    table_for: (u8, u8),
    /// The side the current search counts tricks for.
    side: u8,
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(Solver::DEFAULT_TABLE_BITS)
    }
}

impl Solver {
    /// The default table: 2^20 slots of 24 bytes (24 MiB).
    pub const DEFAULT_TABLE_BITS: u32 = 20;

    /// A solver with a transposition table of `2^bits` slots (`bits` clamped to 10..=26).
    pub fn new(bits: u32) -> Solver {
        let bits = bits.clamp(10, 26);
        Solver {
            table: vec![Entry::default(); 1 << bits],
            shift: 64 - bits,
            table_for: (u8::MAX, 0),
            side: 0,
            nodes: 0,
        }
    }

    /// Search nodes visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    fn prepare(&mut self, pos: &Position) {
        let want = (pos.trump, pos.n);
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
        self.search(&mut p, need)
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
    /// included)? `p` is restored before returning.
    fn search(&mut self, p: &mut Position, need: i32) -> bool {
        self.nodes += 1;
        let boundary = p.trick_len == 0;
        let mut key = (0, 0);
        let mut rem = 0;
        let mut hint = NO_MOVE;
        if boundary {
            rem = p.hands[p.leader as usize].count_ones() as i32;
            if need <= 0 {
                return true;
            }
            if need > rem {
                return false;
            }
            let q = quick_tricks(p);
            if p.leader & 1 == self.side {
                if q >= need {
                    return true;
                }
            } else if rem - q < need {
                return false;
            }
            key = table_key(p);
            if let Some(e) = self.probe(key) {
                hint = e.mv;
                let (lb, ub) = if self.side == 0 {
                    (e.lb as i32, e.ub as i32)
                } else {
                    (rem - e.ub as i32, rem - e.lb as i32)
                };
                if lb >= need {
                    return true;
                }
                if ub < need {
                    return false;
                }
            }
        }
        let seat = (p.leader + p.trick_len) % p.n;
        let ours = seat & 1 == self.side;
        let mut moves = Moves::default();
        moves.generate(p);
        moves.order(p, seat);
        if hint != NO_MOVE {
            moves.promote(p, hint);
        }
        // A seat of the searching side needs one good card; the other side one refutation.
        let mut result = !ours;
        let mut decided = NO_MOVE;
        for i in 0..moves.len {
            let saved = *p;
            p.play_bit(moves.rep[i]);
            let won = p.trick_len == 0 && p.leader & 1 == self.side;
            let r = self.search(p, need - won as i32);
            *p = saved;
            if r == ours {
                result = r;
                decided = relative_move(p, moves.rep[i]);
                break;
            }
        }
        if boundary {
            self.store(key, rem, need, result, decided);
        }
        result
    }

    /// The first slot of `key`'s bucket.
    #[inline]
    fn slot(&self, key: (u64, u64)) -> usize {
        let h = (key.0 ^ key.1.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> self.shift) as usize & !(WAYS - 1)
    }

    #[inline]
    fn probe(&self, key: (u64, u64)) -> Option<Entry> {
        let i = self.slot(key);
        self.table[i..i + WAYS]
            .iter()
            .find(|e| (e.key_hi, e.key_lo) == key)
            .copied()
    }

    /// Records that `self.side` can (`result`) or cannot take `need` of the `rem` tricks
    /// left from the position of `key`, and the move that decided it. A new key takes the
    /// bucket's slot with the fewest tricks left (the cheapest to search again).
    fn store(&mut self, key: (u64, u64), rem: i32, need: i32, result: bool, mv: u8) {
        let i = self.slot(key);
        let bucket = &mut self.table[i..i + WAYS];
        let at = match bucket.iter().position(|e| (e.key_hi, e.key_lo) == key) {
            Some(k) => k,
            None => {
                let mut k = 0;
                for (j, e) in bucket.iter().enumerate() {
                    if e.rem < bucket[k].rem {
                        k = j;
                    }
                }
                bucket[k] = Entry {
                    key_hi: key.0,
                    key_lo: key.1,
                    lb: 0,
                    ub: rem as u8,
                    rem: rem as u8,
                    mv: NO_MOVE,
                };
                k
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
/// position of the same table key.
fn relative_move(p: &Position, b: u8) -> u8 {
    let suit = b as u32 / SUIT_BITS;
    let mut live = p.hands.iter().fold(0, |a, h| a | h);
    for &t in &p.trick[..p.trick_len as usize] {
        live |= 1 << t;
    }
    let above = (live >> (suit * SUIT_BITS)) & SUIT_MASK & !((2u64 << (b as u32 % SUIT_BITS)) - 1);
    (suit as u8) << 4 | above.count_ones() as u8
}

/// Tricks the leader's side is sure to take at once at a trick boundary: the leader's top
/// cards of each suit (held above every other seat's), a side suit's counted only as far
/// as every opponent who holds a trump still follows it. Cashing them in any order keeps
/// the lead, so the count is a lower bound.
fn quick_tricks(p: &Position) -> i32 {
    let l = p.leader as usize;
    let mine = p.hands[l];
    let others = p.hands.iter().fold(0, |a, h| a | h) & !mine;
    let trump_mask = if p.trump == NO_TRUMP {
        0
    } else {
        SUIT_MASK << (p.trump as u32 * SUIT_BITS)
    };
    // The opponents who could ruff.
    let mut ruffers = [0u64; 2];
    let mut k = 0;
    for step in (1..p.n).step_by(2) {
        let o = p.hands[(l + step as usize) % p.n as usize];
        if o & trump_mask != 0 {
            ruffers[k] = o;
            k += 1;
        }
    }
    let mut q = 0;
    for s in 0..4u32 {
        let m = (mine >> (s * SUIT_BITS)) & SUIT_MASK;
        if m == 0 {
            continue;
        }
        let o = (others >> (s * SUIT_BITS)) & SUIT_MASK;
        let top = if o == 0 {
            m.count_ones()
        } else {
            (m >> (64 - o.leading_zeros())).count_ones()
        };
        if s as u8 == p.trump {
            q += top;
        } else {
            let mut limit = top;
            for r in &ruffers[..k] {
                limit = limit.min(((r >> (s * SUIT_BITS)) & SUIT_MASK).count_ones());
            }
            q += limit;
        }
    }
    q as i32
}

/// The transposition key of a position at a trick boundary: per suit, the number of cards
/// left (4 bits) and who holds each from the highest down (2 bits each), then the leader.
/// Absolute ranks are gone: only the order of the remaining cards decides the tricks.
fn table_key(p: &Position) -> (u64, u64) {
    let [h0, h1, h2, h3] = p.hands;
    let live = h0 | h1 | h2 | h3;
    let mut words = [0u64; 4];
    for (s, w) in words.iter_mut().enumerate() {
        let shift = s as u32 * SUIT_BITS;
        let mut x = (live >> shift) & SUIT_MASK;
        let mut code = x.count_ones() as u64;
        while x != 0 {
            let b = 63 - x.leading_zeros();
            x ^= 1 << b;
            let at = b + shift;
            let owner = ((h1 >> at) & 1) + (((h2 >> at) & 1) * 2) + (((h3 >> at) & 1) * 3);
            code = code << 2 | owner;
        }
        *w = code;
    }
    // Each suit's code fits in 30 bits: two per word, the leader beside them.
    (
        words[0] << 30 | words[1],
        (words[2] << 30 | words[3]) << 2 | p.leader as u64,
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

    /// Moves the move of relative code `mv` ([`relative_move`]) to the front, if present.
    fn promote(&mut self, p: &Position, mv: u8) {
        let suit = (mv >> 4) as u32;
        let live = p.hands.iter().fold(0, |a, h| a | h);
        let mut l = (live >> (suit * SUIT_BITS)) & SUIT_MASK;
        // Skip the `mv & 15` highest live cards of the suit.
        for _ in 0..(mv & 15) {
            if l == 0 {
                return;
            }
            l ^= 1 << (63 - l.leading_zeros());
        }
        if l == 0 {
            return;
        }
        let bit = 1u64 << (63 - l.leading_zeros() + suit * SUIT_BITS);
        if let Some(i) = (0..self.len).find(|&i| self.run[i] & bit != 0) {
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
        for i in 0..n {
            let c = self.rep[i];
            let top = 63 - self.run[i].leading_zeros() as u8;
            let suit = c >> 4;
            let strength = (c & 15) as i8;
            let is_trump = suit == trump;
            let above = (SUIT_MASK << (suit as u32 * SUIT_BITS)) & !((2u64 << top) - 1);
            let higher_elsewhere = others & above != 0;
            let score = if p.trick_len == 0 {
                if !higher_elsewhere {
                    60 + 5 * is_trump as i8
                } else {
                    30 - strength - 8 * is_trump as i8
                }
            } else {
                let w = p.trick_winner();
                let wcard = p.trick[w as usize];
                let wseat = (p.leader + w) % p.n;
                let last = p.trick_len + 1 == p.n;
                if wseat & 1 == seat & 1 {
                    40 - strength - 20 * (is_trump && (wcard >> 4) != trump) as i8
                } else if beats(c, wcard, trump) {
                    if last {
                        90 - strength
                    } else if !higher_elsewhere {
                        85
                    } else {
                        70 - strength
                    }
                } else {
                    30 - strength - 15 * is_trump as i8
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
