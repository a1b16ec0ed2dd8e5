//! What a player sets for this device rather than for a table: sounds (with vibration on a
//! phone) and how fast the bots play. Kept in local storage and shared through
//! [`crate::context::AppCtx`], so every table of every game follows them.

use crate::web;

/// The local-storage key of the sound switch ("on" / "off").
pub const SOUND_KEY: &str = "cards.sound";
/// The local-storage key of the bots' speed ("slow" / "normal" / "fast"; "instant" for tests).
pub const SPEED_KEY: &str = "cards.speed";

/// The local-storage key of a smaller node budget for the Shelem and Bidel hand analysis (a
/// number): set by the browser tests only, whose subject is the panel (its parts as the search
/// widens, its rows), not how far back the search reaches; not offered to players.
pub const ANALYSIS_BUDGET_KEY: &str = "cards.analysis-budget";

/// The analysis budget stored under [`ANALYSIS_BUDGET_KEY`], if any (a positive number).
pub fn analysis_budget() -> Option<u64> {
    parse_budget(&web::storage_get(ANALYSIS_BUDGET_KEY)?)
}

fn parse_budget(text: &str) -> Option<u64> {
    text.trim().parse().ok().filter(|&n| n > 0)
}

/// How fast the bots play and a finished trick stays in view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    /// No think time and no held trick: what the browser tests switch on (local storage
    /// `cards.speed` = `instant`), so they play at the speed of the code. Not offered to
    /// players: a trick gathered at once cannot be seen.
    Instant,
}

impl Speed {
    /// The speeds a player chooses from.
    pub const ALL: [Speed; 3] = [Speed::Slow, Speed::Normal, Speed::Fast];

    /// The stored and `data-` form.
    pub fn code(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    pub fn from_code(code: &str) -> Option<Speed> {
        Speed::ALL
            .into_iter()
            .chain([Speed::Instant])
            .find(|s| s.code() == code.trim())
    }

    /// How long a bot "thinks" before each action, in milliseconds.
    pub fn bot_ms(self) -> u32 {
        match self {
            Speed::Slow => 1300,
            Speed::Normal => crate::state::BOT_DELAY_MS,
            Speed::Fast => 250,
            Speed::Instant => 0,
        }
    }

    /// How long a completed trick stays in view before it is gathered (HK-11), in ms.
    pub fn hold_ms(self) -> u32 {
        match self {
            Speed::Slow => 2000,
            Speed::Normal => crate::state::TRICK_HOLD_MS,
            Speed::Fast => 600,
            Speed::Instant => 0,
        }
    }

    /// Whether a gathered trick is animated to its winner (not at instant speed).
    pub fn animates(self) -> bool {
        self != Speed::Instant
    }
}

/// The device's preferences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    /// Sounds (card played, trick won, your turn) and the "your turn" vibration.
    pub sound: bool,
    pub speed: Speed,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            sound: true,
            speed: Speed::Normal,
        }
    }
}

impl Prefs {
    /// The stored preferences (defaults for anything missing or unreadable).
    pub fn load() -> Prefs {
        let d = Prefs::default();
        Prefs {
            sound: web::storage_get(SOUND_KEY).map_or(d.sound, |v| v != "off"),
            speed: web::storage_get(SPEED_KEY)
                .and_then(|v| Speed::from_code(&v))
                .unwrap_or(d.speed),
        }
    }

    /// Remembers these preferences on this device.
    pub fn store(self) {
        web::storage_set(SOUND_KEY, if self.sound { "on" } else { "off" });
        web::storage_set(SPEED_KEY, self.speed.code());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_analysis_budget_is_a_positive_number() {
        assert_eq!(parse_budget("10000000"), Some(10_000_000));
        assert_eq!(parse_budget(" 5 "), Some(5));
        assert_eq!(parse_budget("0"), None);
        assert_eq!(parse_budget("-3"), None);
        assert_eq!(parse_budget("lots"), None);
    }

    #[test]
    fn speeds_round_trip_and_order_their_delays() {
        for s in Speed::ALL {
            assert_eq!(Speed::from_code(s.code()), Some(s));
        }
        assert_eq!(Speed::from_code("warp"), None);
        assert_eq!(Speed::from_code("instant"), Some(Speed::Instant));
        assert!(!Speed::ALL.contains(&Speed::Instant));
        assert_eq!((Speed::Instant.bot_ms(), Speed::Instant.hold_ms()), (0, 0));
        assert!(!Speed::Instant.animates() && Speed::Fast.animates());
        assert!(Speed::Slow.bot_ms() > Speed::Normal.bot_ms());
        assert!(Speed::Normal.bot_ms() > Speed::Fast.bot_ms());
        assert!(Speed::Slow.hold_ms() > Speed::Normal.hold_ms());
        assert!(Speed::Normal.hold_ms() > Speed::Fast.hold_ms());
    }
}
