//! What only the relay knows, drawn from the OS's random source (`getrandom`): the deal's
//! seed (it fixes every deal of a match, so it never leaves the relay), seat tokens, and
//! room codes (public, but not guessable in bulk).

use protocol::{RoomCode, SeatToken, CODE_ALPHABET, CODE_LEN};

/// Random bytes from the OS. The OS's source does not fail on the systems the relay runs
/// on; if it ever did, the relay stops rather than deal from a weak seed.
fn fill(buf: &mut [u8]) {
    if let Err(e) = getrandom::fill(buf) {
        tracing::error!("the OS random source failed: {e}");
        std::process::abort();
    }
}

/// A match's seed (the engine's `Deal::seeded`).
pub fn seed() -> u64 {
    let mut b = [0u8; 8];
    fill(&mut b);
    u64::from_le_bytes(b)
}

/// A seat token: 128 random bits in hex.
pub fn token() -> SeatToken {
    let mut b = [0u8; 16];
    fill(&mut b);
    SeatToken(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// A room code: [`CODE_LEN`] characters drawn uniformly from [`CODE_ALPHABET`] (bytes at or
/// above the largest multiple of the alphabet's size are drawn again).
pub fn room_code() -> RoomCode {
    let alphabet = CODE_ALPHABET.as_bytes();
    let n = alphabet.len();
    let limit = 256 - 256 % n;
    let mut code = String::with_capacity(CODE_LEN);
    while code.len() < CODE_LEN {
        let mut b = [0u8; 16];
        fill(&mut b);
        for &x in b.iter().filter(|&&x| (x as usize) < limit) {
            if code.len() < CODE_LEN {
                code.push(alphabet[x as usize % n] as char);
            }
        }
    }
    RoomCode(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_tokens_are_well_formed_and_differ() {
        let codes: std::collections::HashSet<String> = (0..200).map(|_| room_code().0).collect();
        assert!(codes.len() > 195, "codes repeat: {}", codes.len());
        assert!(codes.iter().all(|c| RoomCode(c.clone()).is_valid()));
        let (a, b) = (token(), token());
        assert_eq!(a.as_str().len(), 32);
        assert_ne!(a, b);
        assert_ne!(seed(), seed());
    }
}
