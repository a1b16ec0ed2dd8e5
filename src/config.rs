//! A table's configuration: who sits where, the room settings and the seed, and its form in
//! a link (`#/hokm?seed=123&seats=ybbb&target=7&…`), so that opening the same link on
//! another device sets up the same table and deal (C-4).
//!
//! Query keys: `seed` (u64), `seats` (one letter per seat, as many as players: `y` you,
//! `p` another person on this device, `b` bot), `bots` (one letter per bot seat, in seat
//! order: `h` hard, `e` easy; written only when some bot is easy, so a link without it, old
//! links included, seats hard bots wherever the game has one), `n0`, `n1`, … (names of people,
//! percent-encoded), and each room setting of the game by its [`crate::adapters::Opt::key`]
//! (a number; switches `1` on, `0` off). Missing keys take the defaults; bad values take
//! the defaults and are reported so the app can show a notice. Nothing here panics.

use crate::adapters::UiSettings;
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

/// How strong a bot is: the rule bot (easy) or the search (hard, where the game has one;
/// elsewhere a hard seat is played by the rule bot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    #[default]
    Hard,
    Easy,
}

impl Level {
    fn letter(self) -> char {
        match self {
            Level::Hard => 'h',
            Level::Easy => 'e',
        }
    }

    fn from_letter(c: char) -> Option<Level> {
        match c.to_ascii_lowercase() {
            'h' => Some(Level::Hard),
            'e' => Some(Level::Easy),
            _ => None,
        }
    }

    fn is_hard(&self) -> bool {
        *self == Level::Hard
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
    /// A bot's strength (kept for people too, unused; saves before it read as hard).
    #[serde(default, skip_serializing_if = "Level::is_hard")]
    pub level: Level,
}

impl Player {
    /// A participant of `kind` with the default name and level.
    pub fn new(kind: SeatKind) -> Player {
        Player {
            kind,
            name: String::new(),
            level: Level::Hard,
        }
    }

    /// Whether a hard bot plays this seat.
    pub fn hard_bot(&self) -> bool {
        self.kind == SeatKind::Bot && self.level == Level::Hard
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
pub struct TableConfig<S> {
    pub settings: S,
    /// One entry per seat chosen at setup (the player count).
    pub players: Vec<Player>,
    pub seed: u64,
}

/// The result of reading a link's query.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedConfig<S> {
    /// The configuration (the seed is 0 when `seed` is `None`).
    pub config: TableConfig<S>,
    /// The seed from the link, if it had a valid one.
    pub seed: Option<u64>,
    /// Some value was present but not valid (the default was used).
    pub had_errors: bool,
}

/// Whether `players` may sit at a table of a game played by `counts` players: a count the
/// game allows, at most one "you" and at least one person.
pub fn players_valid(players: &[Player], counts: &[u8]) -> bool {
    let yous = players.iter().filter(|p| p.kind == SeatKind::You).count();
    counts.contains(&(players.len() as u8))
        && yous <= 1
        && players.iter().any(|p| p.kind.is_human())
}

/// The default seats of a table of `n`: you, then bots.
pub fn default_players(n: u8) -> Vec<Player> {
    (0..n)
        .map(|i| Player::new(if i == 0 { SeatKind::You } else { SeatKind::Bot }))
        .collect()
}

impl<S: UiSettings> TableConfig<S> {
    /// The default table of a game played by `counts` players (the first count).
    pub fn new(counts: &[u8]) -> TableConfig<S> {
        TableConfig {
            settings: S::default(),
            players: default_players(counts.first().copied().unwrap_or(4)),
            seed: 0,
        }
    }

    /// The number of seats.
    pub fn player_count(&self) -> u8 {
        self.players.len() as u8
    }

    /// The number of people (not bots) at the table.
    pub fn humans(&self) -> usize {
        self.players.iter().filter(|p| p.kind.is_human()).count()
    }

    /// The link query (without `?`), in a fixed key order: seed, seats, then the settings
    /// that apply to this many players, then the names of people.
    pub fn to_query(&self) -> String {
        let seats: String = self.players.iter().map(|p| p.kind.letter()).collect();
        let mut q = format!("seed={}&seats={}", self.seed, seats);
        let bots = self.players.iter().filter(|p| p.kind == SeatKind::Bot);
        if bots.clone().any(|p| p.level == Level::Easy) {
            let levels: String = bots.map(|p| p.level.letter()).collect();
            q.push_str(&format!("&bots={levels}"));
        }
        for o in S::options()
            .iter()
            .filter(|o| o.applies(self.player_count()))
        {
            q.push_str(&format!("&{}={}", o.key, self.settings.get(o.key)));
        }
        for (i, p) in self.players.iter().enumerate() {
            if p.kind.is_human() && !p.name.is_empty() {
                q.push_str(&format!("&n{i}={}", percent_encode(&p.name)));
            }
        }
        q
    }

    /// The online page's link that creates a room of these settings and this many seats:
    /// `players=N&settings=JSON` (the settings as the relay reads them, percent-encoded), read
    /// by [`read_online_query`]. The setup page writes it, so that the online page sends the
    /// settings as they are instead of reading a table's link (issue 25: that reading and the
    /// settings' writing weigh about 2 KB in every online page).
    pub fn online_query(&self) -> String {
        let settings = serde_json::to_string(&self.settings).unwrap_or_default();
        format!(
            "players={}&settings={}",
            self.player_count(),
            percent_encode(&settings)
        )
    }

    /// Reads a link query (with or without a leading `?`) of a game played by `counts`
    /// players. Unknown keys are ignored; bad values take the defaults and are reported.
    pub fn from_query(query: &str, counts: &[u8]) -> ParsedConfig<S> {
        let mut c = TableConfig::<S>::new(counts);
        let mut seed = None;
        let mut bad = false;
        let mut names: Vec<(usize, String)> = Vec::new();
        let mut levels: Option<&str> = None;
        for pair in query.trim_start_matches('?').split('&') {
            if pair.is_empty() {
                continue;
            }
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            if k == "seed" {
                match v.parse::<u64>() {
                    Ok(s) => seed = Some(s),
                    Err(_) => bad = true,
                }
            } else if k == "seats" {
                let players: Option<Vec<Player>> = v
                    .chars()
                    .map(|ch| SeatKind::from_letter(ch).map(Player::new))
                    .collect();
                match players {
                    Some(p) if players_valid(&p, counts) => c.players = p,
                    _ => bad = true,
                }
            } else if k == "bots" {
                levels = Some(v);
            } else if let Some(i) = k.strip_prefix('n').and_then(|i| i.parse::<usize>().ok()) {
                match percent_decode(v) {
                    Some(name) => names.push((i, clean_name(&name))),
                    None => bad = true,
                }
            } else if let Some(o) = S::options().iter().find(|o| o.key == k) {
                let value = match v {
                    "true" | "on" if o.is_flag() => Some(1),
                    "false" | "off" if o.is_flag() => Some(0),
                    _ => v.parse::<i64>().ok(),
                };
                match value {
                    Some(x) if o.accepts(x) => c.settings.set(o.key, x),
                    _ => bad = true,
                }
            }
        }
        // A setting that does not apply to this many players keeps its default.
        let defaults = S::default();
        let n = c.player_count();
        for o in S::options().iter().filter(|o| !o.applies(n)) {
            c.settings.set(o.key, defaults.get(o.key));
        }
        if let Some(v) = levels {
            let levels: Option<Vec<Level>> = v.chars().map(Level::from_letter).collect();
            let count = c.players.iter().filter(|p| p.kind == SeatKind::Bot).count();
            match levels {
                Some(l) if l.len() == count => {
                    let bots = c.players.iter_mut().filter(|p| p.kind == SeatKind::Bot);
                    bots.zip(l).for_each(|(p, l)| p.level = l);
                }
                _ => bad = true,
            }
        }
        for (i, name) in names {
            if let Some(p) = c.players.get_mut(i).filter(|p| p.kind.is_human()) {
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

/// The seats and the settings' JSON text of an online page's create link
/// ([`TableConfig::online_query`]); `None` for a part missing or unreadable.
pub fn read_online_query(query: &str) -> (Option<u8>, Option<String>) {
    let (mut players, mut settings) = (None, None);
    for pair in query.trim_start_matches('?').split('&') {
        match pair.split_once('=') {
            Some(("players", v)) => players = v.parse().ok(),
            Some(("settings", v)) => settings = percent_decode(v),
            _ => {}
        }
    }
    (players, settings)
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
    use engine::games::bidel::BidelSettings;
    use engine::games::hokm::HokmSettings;

    type Hokm = TableConfig<HokmSettings>;
    const HOKM: &[u8] = &[4, 2];

    #[test]
    fn the_online_link_carries_the_seats_and_the_settings_as_the_relay_reads_them() {
        let mut c = TableConfig::<BidelSettings>::new(&[4, 3]);
        c.players = default_players(3);
        c.settings.target = 50;
        let q = c.online_query();
        assert!(!q.contains('{') && !q.contains('"'), "percent-encoded: {q}");
        let (players, settings) = read_online_query(&q);
        assert_eq!(players, Some(3));
        let settings = settings.expect("settings");
        assert_eq!(
            serde_json::from_str::<BidelSettings>(&settings).expect("the settings' JSON"),
            c.settings
        );
        // A link without them (an older one) names neither; the room page then takes the
        // game's first player count and its default settings.
        assert_eq!(
            read_online_query("seed=1&seats=ybbb&target=7"),
            (None, None)
        );
        assert_eq!(read_online_query("players=x&settings=%ZZ"), (None, None));
    }

    #[test]
    fn query_round_trips() {
        let mut c = Hokm {
            seed: 12345678901234,
            ..Hokm::new(HOKM)
        };
        c.settings.target = 5;
        c.settings.sars = true;
        c.settings.partners_by_second_ace = true;
        c.settings.redeal_weak_hand = false;
        c.players[2] = Player {
            name: "سارا & Ali".into(),
            ..Player::new(SeatKind::Person)
        };
        c.players[3].level = Level::Easy;
        let q = c.to_query();
        assert!(q.contains("&bots=he"), "{q}");
        let p = Hokm::from_query(&q, HOKM);
        assert!(!p.had_errors, "{q}");
        assert_eq!(p.seed, Some(12345678901234));
        assert_eq!(p.config, c);

        let mut b = TableConfig::<BidelSettings>::new(&[4, 3]);
        b.players.pop();
        b.settings.target = 200;
        b.settings.trump_mode = true;
        let p = TableConfig::<BidelSettings>::from_query(&b.to_query(), &[4, 3]);
        assert!(!p.had_errors);
        assert_eq!(p.config, b);
    }

    #[test]
    fn bad_values_take_defaults_and_are_reported() {
        let p = Hokm::from_query("?seed=abc&seats=yyyy&target=4&sars=maybe&n1=%ZZ", HOKM);
        assert!(p.had_errors);
        assert_eq!(p.seed, None);
        assert_eq!(p.config.players, Hokm::new(HOKM).players);
        assert_eq!(p.config.settings, HokmSettings::default());

        let p = Hokm::from_query("seats=bbbb", HOKM);
        assert!(p.had_errors, "a table of bots only is refused");
        let p = Hokm::from_query("seats=ybb", HOKM);
        assert!(p.had_errors, "Hokm is not played by three");
        let p = Hokm::from_query("seats=yb&second_ace=1", HOKM);
        assert!(!p.had_errors, "two-player Hokm (HK-13)");
        assert_eq!(p.config.player_count(), 2);
        assert!(
            !p.config.settings.partners_by_second_ace,
            "partners by the second ace needs four players"
        );
        let p = Hokm::from_query("", HOKM);
        assert!(!p.had_errors);
        assert_eq!(p.seed, None);
        let p = Hokm::from_query("seats=ypbp&n1=%E2%82%AC%20x&n3=Sara&n2=ignored", HOKM);
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
            "n99999999999999999999=x",
            "seed=-1",
            "seats=ÿÿÿÿ",
            "%",
            "n0=%E2%82",
            "target=99999999999999999999",
        ] {
            let _ = Hokm::from_query(q, HOKM);
        }
    }

    #[test]
    fn bot_levels_are_hard_unless_the_link_says_easy() {
        // An old link (no `bots`) seats hard bots (each game plays them with its rule bot
        // until it has a hard one).
        let p = Hokm::from_query("seed=3&seats=ybbb", HOKM);
        assert!(!p.had_errors);
        assert!(p.config.players[1..].iter().all(Player::hard_bot));
        assert!(
            !p.config.to_query().contains("bots="),
            "all hard: nothing written"
        );
        // Keys in any order; one letter per bot seat.
        let p = Hokm::from_query("bots=ehe&seats=bybb", HOKM);
        assert!(!p.had_errors);
        let levels: Vec<Level> = p.config.players.iter().map(|p| p.level).collect();
        assert_eq!(levels[0], Level::Easy);
        assert_eq!(&levels[2..], &[Level::Hard, Level::Easy]);
        assert!(!p.config.players[1].hard_bot(), "a person is no bot");
        assert_eq!(
            Hokm::from_query(&p.config.to_query(), HOKM).config,
            p.config
        );
        for bad in [
            "seats=ybbb&bots=hh",
            "seats=ybbb&bots=hhx",
            "seats=ybbb&bots=",
        ] {
            let p = Hokm::from_query(bad, HOKM);
            assert!(p.had_errors, "{bad}");
            assert!(p.config.players[1..].iter().all(Player::hard_bot), "{bad}");
        }
        // A save from before levels reads as hard, and a hard seat is not written.
        let old = r#"{"kind":"bot","name":""}"#;
        let p: Player = serde_json::from_str(old).unwrap();
        assert!(p.hard_bot());
        assert_eq!(serde_json::to_string(&p).unwrap(), old);
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("  Sara\n "), "Sara");
        assert_eq!(clean_name(&"x".repeat(40)).len(), MAX_NAME);
    }
}
