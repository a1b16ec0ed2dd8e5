//! A stable 64-bit hash of a game's full state (FNV-1a over fixed-width little-endian
//! integers). `usize`/`isize` (lengths, enum discriminants) are widened to 64 bits, so the
//! value is the same on 32-bit wasm and 64-bit native builds; the relay and replays compare it.

use std::hash::{Hash, Hasher};

/// FNV-1a, 64-bit, with platform-independent integer widths.
#[derive(Clone, Debug)]
pub struct StableHasher(u64);

impl Default for StableHasher {
    fn default() -> Self {
        StableHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for StableHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write(&[i]);
    }
    fn write_u16(&mut self, i: u16) {
        self.write(&i.to_le_bytes());
    }
    fn write_u32(&mut self, i: u32) {
        self.write(&i.to_le_bytes());
    }
    fn write_u64(&mut self, i: u64) {
        self.write(&i.to_le_bytes());
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_isize(&mut self, i: isize) {
        self.write_u64(i as i64 as u64);
    }
}

/// The stable hash of any `Hash` value.
pub fn stable_hash<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut h = StableHasher::default();
    value.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_values() {
        assert_eq!(stable_hash(&0u8), 0xaf63_bd4c_8601_b7df);
        assert_eq!(stable_hash(&vec![1u8, 2]), stable_hash(&vec![1u8, 2]));
        assert_ne!(stable_hash(&vec![1u8, 2]), stable_hash(&vec![2u8, 1]));
        assert_eq!(stable_hash(&3usize), stable_hash(&3u64));
    }

    /// Cards hash in runs (`Card::hash_slice`, one write per 64 cards): the same value as one
    /// `write_u8` a card, for runs shorter and longer than one write, so no state hash moved.
    #[test]
    fn a_run_of_cards_hashes_as_one_card_after_another() {
        let deck = crate::card::standard_deck();
        for len in [0, 1, 52, 63, 64, 65, 104, 130] {
            let cards: Vec<crate::card::Card> = deck.iter().cycle().take(len).copied().collect();
            let mut one_by_one = StableHasher::default();
            one_by_one.write_usize(len);
            for c in &cards {
                c.hash(&mut one_by_one);
            }
            assert_eq!(stable_hash(&cards), one_by_one.finish(), "{len} cards");
        }
        // A value pinned before runs were written at once: the ace of spades, the two of hearts.
        let two: Vec<crate::card::Card> = ["AS", "2H"].iter().map(|c| c.parse().unwrap()).collect();
        assert_eq!(stable_hash(&two), 0x9bb6_21d3_2818_fcf2);
    }
}
