//! The relay's limits on what one client may send: a per-connection message budget (a
//! token bucket, and a leaky bucket of the messages it dropped that closes a flood) and a
//! per-address room-creation quota.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Dropped messages a connection may have piled up (beyond those drained at its budget's
/// rate) before it is closed as a flood.
pub const FLOOD_DROPS: f64 = 200.0;

/// What a connection's budget makes of a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Within the budget: served.
    Take,
    /// Over the budget: dropped; `answer`: the client is told so (`flood`).
    Drop {
        /// The first drop of a run, or every 100th of it.
        answer: bool,
    },
    /// One drop too many: the socket is closed (1008), after a last `flood` error.
    Close,
}

/// A connection's message budget: a token bucket (`burst` messages at once, refilled at
/// `per_sec`), and a second, leaky bucket of the messages it dropped, drained at the same
/// rate. A connection whose drops pile up past [`FLOOD_DROPS`] is a flood and is closed:
/// one sending as fast as it can after its burst and 200 more, one pacing itself well
/// above the budget soon after (at 900 a second, after 0.3 s), while one
/// within the budget never drops anything, and one up to twice the budget's rate loses
/// what is over it but is never closed (its drops drain as fast as they come). Counting
/// drops over time rather than in a row is what closes a paced flood: each refilled token
/// would end a run of drops.
#[derive(Debug)]
pub struct Budget {
    tokens: f64,
    burst: f64,
    per_sec: f64,
    at: Instant,
    /// Drops not yet drained.
    dropped: f64,
    /// Drops since the last message taken.
    in_a_row: u32,
}

impl Budget {
    /// A full bucket, no drops.
    pub fn new(burst: u32, per_sec: f64) -> Budget {
        Budget {
            tokens: burst as f64,
            burst: burst as f64,
            per_sec,
            at: Instant::now(),
            dropped: 0.0,
            in_a_row: 0,
        }
    }

    /// Spends one message, or drops it (the budget is spent), or closes the connection
    /// (it has dropped too many).
    pub fn take(&mut self, now: Instant) -> Verdict {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.per_sec).min(self.burst);
        self.dropped = (self.dropped - dt * self.per_sec).max(0.0);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.in_a_row = 0;
            return Verdict::Take;
        }
        self.dropped += 1.0;
        if self.dropped > FLOOD_DROPS {
            return Verdict::Close;
        }
        self.in_a_row = self.in_a_row.saturating_add(1);
        Verdict::Drop {
            answer: self.in_a_row == 1 || self.in_a_row.is_multiple_of(100),
        }
    }
}

/// Rooms created per address in a sliding window.
#[derive(Debug)]
pub struct Quota {
    per_window: u32,
    window: Duration,
    seen: HashMap<IpAddr, Vec<Instant>>,
}

impl Quota {
    /// At most `per_window` rooms per address in any `window`.
    pub fn new(per_window: u32, window: Duration) -> Quota {
        Quota {
            per_window,
            window,
            seen: HashMap::new(),
        }
    }

    /// Counts a room created by `ip`; false (and not counted) if over the quota.
    pub fn take(&mut self, ip: IpAddr, now: Instant) -> bool {
        let window = self.window;
        if self.seen.len() > 10_000 {
            self.seen.retain(|_, v| {
                v.retain(|t| now.saturating_duration_since(*t) < window);
                !v.is_empty()
            });
        }
        let times = self.seen.entry(ip).or_default();
        times.retain(|t| now.saturating_duration_since(*t) < window);
        if times.len() as u32 >= self.per_window {
            return false;
        }
        times.push(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The verdicts of `n` messages sent at `per_sec` (all at once for `None`) to the
    /// default budget (20 a second, 60 at once), and when each was sent; up to the close.
    fn send(per_sec: Option<f64>, n: usize) -> Vec<(Duration, Verdict)> {
        let t0 = Instant::now();
        let mut b = Budget::new(60, 20.0);
        let mut out = Vec::new();
        for i in 0..n {
            let at = per_sec.map_or(Duration::ZERO, |r| Duration::from_secs_f64(i as f64 / r));
            let v = b.take(t0 + at);
            out.push((at, v));
            if v == Verdict::Close {
                break;
            }
        }
        out
    }

    #[test]
    fn a_budget_refills_and_a_quota_slides() {
        let t0 = Instant::now();
        let mut b = Budget::new(3, 2.0);
        assert!((0..3).all(|_| b.take(t0) == Verdict::Take));
        assert_eq!(b.take(t0), Verdict::Drop { answer: true });
        assert_eq!(b.take(t0), Verdict::Drop { answer: false });
        assert_eq!(b.take(t0 + Duration::from_millis(600)), Verdict::Take);
        assert_eq!(
            b.take(t0 + Duration::from_millis(600)),
            Verdict::Drop { answer: true }
        );
        let mut q = Quota::new(2, Duration::from_secs(60));
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.1".parse().unwrap();
        assert!(q.take(ip, t0) && q.take(ip, t0));
        assert!(!q.take(ip, t0 + Duration::from_secs(59)));
        assert!(q.take(other, t0));
        assert!(q.take(ip, t0 + Duration::from_secs(61)));
    }

    #[test]
    fn a_flood_is_closed_at_any_pace_and_a_fast_player_never_is() {
        // As fast as it can: the burst, 200 drops, closed.
        let all = send(None, 10_000);
        assert_eq!(all.len(), 261);
        assert_eq!(all.iter().filter(|v| v.1 == Verdict::Take).count(), 60);
        assert_eq!(all[60].1, Verdict::Drop { answer: true });
        assert_eq!(all[159].1, Verdict::Drop { answer: true });
        assert_eq!(all.last().unwrap().1, Verdict::Close);
        // At 900 a second: closed after 0.3 s (the burst lasts 0.07 s).
        let paced = send(Some(900.0), 10_000);
        let (at, last) = *paced.last().unwrap();
        assert_eq!(last, Verdict::Close);
        assert!(at < Duration::from_millis(400), "{at:?}");
        // At 60 a second: closed, later.
        let (at, last) = *send(Some(60.0), 10_000).last().unwrap();
        assert_eq!(last, Verdict::Close);
        assert!(
            at > Duration::from_secs(5) && at < Duration::from_secs(20),
            "{at:?}"
        );
        // At twice the budget's rate for ten minutes: drops, but is never closed.
        let twice = send(Some(40.0), 24_000);
        assert_eq!(twice.len(), 24_000);
        assert!(twice.iter().all(|v| v.1 != Verdict::Close));
        // At the budget, after a burst of 60: never a drop.
        let mut b = Budget::new(60, 20.0);
        let t0 = Instant::now();
        assert!((0..60).all(|_| b.take(t0) == Verdict::Take));
        assert!((1..=1200).all(|i| b.take(t0 + Duration::from_millis(50 * i)) == Verdict::Take));
    }
}
