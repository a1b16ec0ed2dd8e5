//! A table's configuration: who sits where, the room settings and the seed, and its form in
//! a link (`#/hokm?seed=123&seats=ybbb&target=7&…`), so that opening the same link on
//! another device sets up the same table and deal (C-4).
//!
//! Query keys: `seed` (u64), `seats` (four letters: `y` you, `p` another person on this
//! device, `b` bot), `n0`…`n3` (names of people, percent-encoded), `target` (3, 5 or 7),
//! and the switches `second_ace`, `sars`, `nars`, `ace_nars`, `redeal`, `last_trick`
//! (`1` on, `0` off). Missing keys take the defaults; bad values take the defaults and are
//! reported so the app can show a notice. Nothing here panics.

use engine::games::hokm::HokmSettings;
use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// The owner of this device.
    You,
    /// Another person sharing this device (pass-and-play).
    Person,
    /// A bot.
    Bot,
}

impl SeatKind {
    /// The letter used in links.
    pub fn letter(self) -> char {
        match self {
            SeatKind::You => 'y',
            SeatKind::Person => 'p',
            SeatKind::Bot => 'b',
        }
    }

    fn from_letter(c: char) -> Option<SeatKind> {
        match c.to_ascii_lowercase() {
            'y' => Some(SeatKind::You),
            'p' => Some(SeatKind::Person),
            'b' => Some(SeatKind::Bot),
            _ => None,
        }
    }

    /// Whether a person (not a bot) plays this seat.
    pub fn is_human(self) -> bool {
        self != SeatKind::Bot
    }
}

/// One participant: the seat they chose at setup (their index) may change once, by the
/// partner swap of HK-2; the engine's `seating` says where each participant sits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    pub kind: SeatKind,
    /// A person's label; empty for the default name.
    #[serde(default)]
    pub name: String,
}

impl Player {
    fn new(kind: SeatKind) -> Player {
        Player {
            kind,
            name: String::new(),
        }
    }
}

/// Longest name kept from a link or the setup form, in characters.
pub const MAX_NAME: usize = 16;

/// Cleans a typed or linked name: no control characters, trimmed, at most [`MAX_NAME`].
pub fn clean_name(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME)
        .collect::<String>()
        .trim()
        .to_string()
}

/// Everything needed to set up a table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableConfig {
    pub settings: HokmSettings,
    pub players: [Player; 4],
    pub seed: u64,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            settings: HokmSettings::default(),
            players: [
                Player::new(SeatKind::You),
                Player::new(SeatKind::Bot),
                Player::new(SeatKind::Bot),
                Player::new(SeatKind::Bot),
            ],
            seed: 0,
        }
    }
}

/// The result of reading a link's query.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedConfig {
    /// The configuration (the seed is 0 when `seed` is `None`).
    pub config: TableConfig,
    /// The seed from the link, if it had a valid one.
    pub seed: Option<u64>,
    /// Some value was present but not valid (the default was used).
    pub had_errors: bool,
}

impl TableConfig {
    /// Whether the players are valid: at most one "you" and at least one person.
    pub fn players_valid(players: &[Player; 4]) -> bool {
        let yous = players.iter().filter(|p| p.kind == SeatKind::You).count();
        yous <= 1 && players.iter().any(|p| p.kind.is_human())
    }

    /// The number of people (not bots) at the table.
    pub fn humans(&self) -> usize {
        self.players.iter().filter(|p| p.kind.is_human()).count()
    }

    /// The link query (without `?`), in a fixed key order.
    pub fn to_query(&self) -> String {
        let s = &self.settings;
        let b = |v: bool| if v { "1" } else { "0" };
        let seats: String = self.players.iter().map(|p| p.kind.letter()).collect();
        let mut q = format!(
            "seed={}&seats={}&target={}&second_ace={}&sars={}&nars={}&ace_nars={}&redeal={}&last_trick={}",
            self.seed,
            seats,
            s.target,
            b(s.partners_by_second_ace),
            b(s.sars),
            b(s.nars),
            b(s.ace_nars),
            b(s.redeal_weak_hand),
            b(s.show_last_trick),
        );
        for (i, p) in self.players.iter().enumerate() {
            if p.kind.is_human() && !p.name.is_empty() {
                q.push_str(&format!("&n{i}={}", percent_encode(&p.name)));
            }
        }
        q
    }

    /// Reads a link query (with or without a leading `?`). Unknown keys are ignored.
    pub fn from_query(query: &str) -> ParsedConfig {
        let mut c = TableConfig::default();
        let mut seed = None;
        let mut bad = false;
        let mut names: [String; 4] = Default::default();
        for pair in query.trim_start_matches('?').split('&') {
            if pair.is_empty() {
                continue;
            }
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let flag = |v: &str, bad: &mut bool, default: bool| match v {
                "1" | "true" | "on" => true,
                "0" | "false" | "off" => false,
                _ => {
                    *bad = true;
                    default
                }
            };
            let st = &mut c.settings;
            match k {
                "seed" => match v.parse::<u64>() {
                    Ok(s) => seed = Some(s),
                    Err(_) => bad = true,
                },
                "seats" => {
                    let kinds: Vec<Option<SeatKind>> =
                        v.chars().map(SeatKind::from_letter).collect();
                    let players: Option<Vec<Player>> = if kinds.len() == 4 {
                        kinds.into_iter().map(|k| k.map(Player::new)).collect()
                    } else {
                        None
                    };
                    match players.and_then(|p| <[Player; 4]>::try_from(p).ok()) {
                        Some(p) if TableConfig::players_valid(&p) => c.players = p,
                        _ => bad = true,
                    }
                }
                "target" => match v.parse::<u8>() {
                    Ok(t @ (3 | 5 | 7)) => st.target = t,
                    _ => bad = true,
                },
                "second_ace" => {
                    st.partners_by_second_ace = flag(v, &mut bad, st.partners_by_second_ace)
                }
                "sars" => st.sars = flag(v, &mut bad, st.sars),
                "nars" => st.nars = flag(v, &mut bad, st.nars),
                "ace_nars" => st.ace_nars = flag(v, &mut bad, st.ace_nars),
                "redeal" => st.redeal_weak_hand = flag(v, &mut bad, st.redeal_weak_hand),
                "last_trick" => st.show_last_trick = flag(v, &mut bad, st.show_last_trick),
                "n0" | "n1" | "n2" | "n3" => {
                    let i = (k.as_bytes()[1] - b'0') as usize;
                    match percent_decode(v) {
                        Some(name) => names[i] = clean_name(&name),
                        None => bad = true,
                    }
                }
                _ => {}
            }
        }
        for (p, name) in c.players.iter_mut().zip(names) {
            if p.kind.is_human() {
                p.name = name;
            }
        }
        c.seed = seed.unwrap_or(0);
        ParsedConfig {
            config: c,
            seed,
            had_errors: bad,
        }
    }
}

/// Percent-encodes everything but unreserved ASCII (RFC 3986), as UTF-8.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes and `+` (a space); `None` for a bad escape or bad UTF-8.
pub fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = s.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_round_trips() {
        let mut c = TableConfig {
            seed: 12345678901234,
            ..TableConfig::default()
        };
        c.settings.target = 5;
        c.settings.sars = true;
        c.settings.partners_by_second_ace = true;
        c.settings.redeal_weak_hand = false;
        c.players[2] = Player {
            kind: SeatKind::Person,
            name: "سارا & Ali".into(),
        };
        let q = c.to_query();
        let p = TableConfig::from_query(&q);
        assert!(!p.had_errors, "{q}");
        assert_eq!(p.seed, Some(12345678901234));
        assert_eq!(p.config, c);
    }

    #[test]
    fn bad_values_take_defaults_and_are_reported() {
        let p = TableConfig::from_query("?seed=abc&seats=yyyy&target=4&sars=maybe&n1=%ZZ");
        assert!(p.had_errors);
        assert_eq!(p.seed, None);
        assert_eq!(p.config.players, TableConfig::default().players);
        assert_eq!(p.config.settings, HokmSettings::default());

        let p = TableConfig::from_query("seats=bbbb");
        assert!(p.had_errors, "a table of bots only is refused");
        let p = TableConfig::from_query("seats=yb");
        assert!(p.had_errors);
        let p = TableConfig::from_query("");
        assert!(!p.had_errors);
        assert_eq!(p.seed, None);
        let p = TableConfig::from_query("seats=ypbp&n1=%E2%82%AC%20x&n3=Sara&n2=ignored");
        assert!(!p.had_errors);
        assert_eq!(p.config.players[1].name, "€ x");
        assert_eq!(p.config.players[3].name, "Sara");
        assert_eq!(p.config.players[2].name, "", "bots have no custom names");
        // Garbage never panics.
        for q in [
            "&&&",
            "=",
            "n0",
            "n9=x",
            "seed=-1",
            "seats=ÿÿÿÿ",
            "%",
            "n0=%E2%82",
        ] {
            let _ = TableConfig::from_query(q);
        }
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("  Sara\n "), "Sara");
        assert_eq!(clean_name(&"x".repeat(40)).len(), MAX_NAME);
    }
}
