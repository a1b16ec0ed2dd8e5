//! The relay's limits on what one client may send: a per-connection message budget (a
//! token bucket) and a per-address room-creation quota.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// A token bucket: `burst` messages at once, refilled at `per_sec`.
#[derive(Debug)]
pub struct Budget {
    tokens: f64,
    burst: f64,
    per_sec: f64,
    at: Instant,
}

impl Budget {
    /// A full bucket.
    pub fn new(burst: u32, per_sec: f64) -> Budget {
        Budget {
            tokens: burst as f64,
            burst: burst as f64,
            per_sec,
            at: Instant::now(),
        }
    }

    /// Spends one message; false if the budget is spent (the message is dropped).
    pub fn take(&mut self, now: Instant) -> bool {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.per_sec).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
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

    #[test]
    fn a_budget_refills_and_a_quota_slides() {
        let t0 = Instant::now();
        let mut b = Budget::new(3, 2.0);
        assert!((0..3).all(|_| b.take(t0)));
        assert!(!b.take(t0));
        assert!(b.take(t0 + Duration::from_millis(600)));
        assert!(!b.take(t0 + Duration::from_millis(600)));
        let mut q = Quota::new(2, Duration::from_secs(60));
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.1".parse().unwrap();
        assert!(q.take(ip, t0) && q.take(ip, t0));
        assert!(!q.take(ip, t0 + Duration::from_secs(59)));
        assert!(q.take(other, t0));
        assert!(q.take(ip, t0 + Duration::from_secs(61)));
    }
}
