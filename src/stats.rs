//! This device's statistics per game: matches played and won, the current and best winning
//! streaks and the best hand, kept in local storage (`cards.stats.<slug>`) as a small
//! versioned JSON object. A match is recorded once, when it ends, under a key made from its
//! table's link (a reload of a finished match finds its key and counts nothing).
//!
//! The JSON is written and read here by hand (a flat object of numbers and one list of
//! strings), so the home page, which shows the statistics, carries no JSON library. Anything
//! that is not a valid object of this version reads as no statistics: nothing panics.

use crate::web;

/// The statistics format's version.
pub const STATS_VERSION: u32 = 1;
/// How many recorded matches' keys are remembered (to refuse counting one twice).
pub const RECENT: usize = 64;

/// The local-storage key of a game's statistics.
pub fn stats_key(slug: &str) -> String {
    format!("cards.stats.{slug}")
}

/// The key of a match: a hash of its table's canonical link (`#/<game>?seed=…`: game,
/// seed, seats, rules, names), 16 hexadecimal digits (FNV-1a, 64 bits).
pub fn match_key(link: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in link.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// One game's statistics on this device.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub played: u32,
    pub won: u32,
    /// Matches won in a row, up to the last one.
    pub streak: u32,
    pub best_streak: u32,
    /// Your side's best hand score (the highest, or the lowest where the lowest wins).
    pub best_hand: Option<i32>,
    /// The keys of the last matches recorded ([`match_key`]), oldest first.
    pub recent: Vec<String>,
}

/// A finished match, as the statistics count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecord {
    /// [`match_key`] of its table.
    pub key: String,
    /// A seat of yours is on a winning side.
    pub won: bool,
    /// Your side's best hand of the match, if a hand ended.
    pub best_hand: Option<i32>,
    /// The lowest score is the best.
    pub lower_wins: bool,
}

impl Stats {
    /// Counts a finished match; `false` (and nothing changes) if it was counted already.
    pub fn record(&mut self, m: &MatchRecord) -> bool {
        if self.recent.contains(&m.key) {
            return false;
        }
        self.played = self.played.saturating_add(1);
        if m.won {
            self.won = self.won.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.best_hand = match (self.best_hand, m.best_hand) {
            (Some(a), Some(b)) if m.lower_wins => Some(a.min(b)),
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        self.recent.push(m.key.clone());
        let extra = self.recent.len().saturating_sub(RECENT);
        self.recent.drain(..extra);
        true
    }

    /// The stored JSON.
    pub fn to_json(&self) -> String {
        let recent: Vec<String> = self.recent.iter().map(|k| format!("\"{k}\"")).collect();
        let best = self
            .best_hand
            .map_or_else(|| "null".to_string(), |b| b.to_string());
        format!(
            "{{\"version\":{STATS_VERSION},\"played\":{},\"won\":{},\"streak\":{},\"best_streak\":{},\"best_hand\":{best},\"recent\":[{}]}}",
            self.played,
            self.won,
            self.streak,
            self.best_streak,
            recent.join(",")
        )
    }

    /// Reads stored JSON; `None` for anything that is not an object of this version with
    /// sensible numbers (unknown keys are ignored).
    pub fn parse(json: &str) -> Option<Stats> {
        let mut p = Parser {
            s: json.as_bytes(),
            i: 0,
        };
        let mut st = Stats::default();
        let mut version = None;
        p.byte(b'{')?;
        if !p.eat(b'}') {
            loop {
                let key = p.string()?;
                p.byte(b':')?;
                match key.as_str() {
                    "version" => version = Some(p.uint()?),
                    "played" => st.played = p.uint()?,
                    "won" => st.won = p.uint()?,
                    "streak" => st.streak = p.uint()?,
                    "best_streak" => st.best_streak = p.uint()?,
                    "best_hand" => st.best_hand = p.int_or_null()?,
                    "recent" => st.recent = p.strings()?,
                    _ => p.skip_value()?,
                }
                if p.eat(b',') {
                    continue;
                }
                p.byte(b'}')?;
                break;
            }
        }
        p.ws();
        let sane = p.i == p.s.len()
            && version == Some(STATS_VERSION)
            && st.won <= st.played
            && st.streak <= st.best_streak
            && st.best_streak <= st.won;
        sane.then_some(st)
    }

    /// This device's statistics of a game (none for a missing or corrupt value).
    pub fn load(slug: &str) -> Stats {
        web::storage_get(&stats_key(slug))
            .and_then(|j| Stats::parse(&j))
            .unwrap_or_default()
    }

    /// Counts a finished match of `slug` in this device's statistics, once; returns the
    /// statistics after it.
    pub fn record_stored(slug: &str, m: &MatchRecord) -> Stats {
        let mut st = Stats::load(slug);
        if st.record(m) {
            web::storage_set(&stats_key(slug), &st.to_json());
        }
        st
    }
}

/// A reader of the few JSON forms the statistics use.
struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.s.get(self.i).is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        let ok = self.s.get(self.i) == Some(&c);
        if ok {
            self.i += 1;
        }
        ok
    }

    fn byte(&mut self, c: u8) -> Option<()> {
        self.eat(c).then_some(())
    }

    /// A string without escapes (keys and match keys are plain ASCII).
    fn string(&mut self) -> Option<String> {
        self.byte(b'"')?;
        let start = self.i;
        while *self.s.get(self.i)? != b'"' {
            if self.s[self.i] == b'\\' || self.i - start > 64 {
                return None;
            }
            self.i += 1;
        }
        let out = std::str::from_utf8(&self.s[start..self.i])
            .ok()?
            .to_string();
        self.i += 1;
        Some(out)
    }

    fn int(&mut self) -> Option<i64> {
        self.ws();
        let start = self.i;
        if self.s.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).ok()?;
        text.parse().ok()
    }

    fn uint(&mut self) -> Option<u32> {
        u32::try_from(self.int()?).ok()
    }

    fn int_or_null(&mut self) -> Option<Option<i32>> {
        self.ws();
        if self.s[self.i..].starts_with(b"null") {
            self.i += 4;
            return Some(None);
        }
        i32::try_from(self.int()?).ok().map(Some)
    }

    fn strings(&mut self) -> Option<Vec<String>> {
        self.byte(b'[')?;
        let mut out = Vec::new();
        if self.eat(b']') {
            return Some(out);
        }
        loop {
            out.push(self.string()?);
            if out.len() > RECENT * 4 {
                return None;
            }
            if !self.eat(b',') {
                self.byte(b']')?;
                return Some(out);
            }
        }
    }

    /// A value of a key this version does not know: a number, a string, null, true or false.
    fn skip_value(&mut self) -> Option<()> {
        self.ws();
        match self.s.get(self.i)? {
            b'"' => self.string().map(drop),
            b'-' | b'0'..=b'9' => self.int().map(drop),
            _ => {
                for word in [&b"null"[..], b"true", b"false"] {
                    if self.s[self.i..].starts_with(word) {
                        self.i += word.len();
                        return Some(());
                    }
                }
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(key: &str, won: bool, best: Option<i32>) -> MatchRecord {
        MatchRecord {
            key: key.into(),
            won,
            best_hand: best,
            lower_wins: false,
        }
    }

    #[test]
    fn a_match_counts_once_and_streaks_follow_wins() {
        let mut s = Stats::default();
        assert!(s.record(&m("a", true, Some(2))));
        assert!(!s.record(&m("a", true, Some(9))), "the same match again");
        assert_eq!((s.played, s.won, s.streak, s.best_streak), (1, 1, 1, 1));
        assert_eq!(s.best_hand, Some(2));
        assert!(s.record(&m("b", true, Some(3))));
        assert!(s.record(&m("c", false, None)));
        assert_eq!((s.played, s.won, s.streak, s.best_streak), (3, 2, 0, 2));
        assert_eq!(s.best_hand, Some(3));
        assert!(s.record(&m("d", true, Some(1))));
        assert_eq!((s.played, s.won, s.streak, s.best_streak), (4, 3, 1, 2));
        assert_eq!(s.best_hand, Some(3));
        // Where the lowest wins, the best hand is the lowest.
        let low = MatchRecord {
            lower_wins: true,
            ..m("e", false, Some(-4))
        };
        assert!(s.record(&low));
        assert_eq!(s.best_hand, Some(-4));
        let mut l = Stats::default();
        for (k, b) in [("x", 26), ("y", 5), ("z", 12)] {
            l.record(&MatchRecord {
                lower_wins: true,
                ..m(k, false, Some(b))
            });
        }
        assert_eq!(l.best_hand, Some(5));
    }

    #[test]
    fn only_the_last_keys_are_kept() {
        let mut s = Stats::default();
        for i in 0..(RECENT + 10) {
            assert!(s.record(&m(&format!("k{i}"), false, None)));
        }
        assert_eq!(s.recent.len(), RECENT);
        assert_eq!(s.recent[0], "k10");
        assert!(!s.record(&m(&format!("k{}", RECENT + 9), true, None)));
        assert_eq!(s.played as usize, RECENT + 10);
    }

    #[test]
    fn json_round_trips_and_bad_values_are_ignored() {
        let mut s = Stats::default();
        assert_eq!(Stats::parse(&s.to_json()), Some(s.clone()));
        s.record(&m(&match_key("#/hokm?seed=1&seats=ybbb"), true, Some(-3)));
        s.record(&m("b", false, None));
        let json = s.to_json();
        assert_eq!(Stats::parse(&json), Some(s.clone()));
        assert!(json.starts_with("{\"version\":1,"), "{json}");
        // Spaces and unknown keys are fine.
        let spaced = " { \"version\" : 1 , \"played\":2, \"won\":1, \"streak\":1, \"best_streak\":1, \"later\": \"x\", \"best_hand\": null, \"recent\": [ \"a\" , \"b\" ] } ";
        let p = Stats::parse(spaced).expect("parses");
        assert_eq!((p.played, p.won, p.best_hand), (2, 1, None));
        assert_eq!(p.recent, ["a", "b"]);
        for bad in [
            "",
            "{",
            "}",
            "null",
            "[]",
            "{}",
            "not json",
            "{\"version\":2,\"played\":1}",
            "{\"version\":1,\"played\":-1}",
            "{\"version\":1,\"played\":1,\"won\":2}",
            "{\"version\":1,\"played\":99999999999999999999}",
            "{\"version\":1,\"recent\":[1]}",
            "{\"version\":1,\"recent\":[\"a\\\"b\"]}",
            "{\"version\":1,\"best_hand\":\"x\"}",
            "{\"version\":1,\"x\":{}}",
            "{\"version\":1} trailing",
            "{\"version\":1,}",
            "{\"version\":1,\"best_hand\":nul",
            "{\"version\":1,\"recent\":[\"abc",
            "{\"version\":1,\"won\":1,\"played\":1,\"streak\":2,\"best_streak\":1}",
        ] {
            assert_eq!(Stats::parse(bad), None, "{bad}");
        }
        assert_eq!(
            Stats::parse("{\"version\":1}"),
            Some(Stats::default()),
            "missing counts are 0"
        );
    }

    #[test]
    fn match_keys_differ_by_link_and_game() {
        let a = match_key("#/hokm?seed=1&seats=ybbb");
        assert_eq!(a.len(), 16);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(a, match_key("#/hokm?seed=1&seats=ybbb"));
        assert_ne!(a, match_key("#/hokm?seed=2&seats=ybbb"));
        assert_ne!(a, match_key("#/bidel?seed=1&seats=ybbb"));
    }
}
