//! Why the registry or a [`crate::Room`] refused a request.

use engine::SetupError;
use std::fmt::{self, Display};

/// A refused request: an unknown game, a bad setup, or an action that was not applied
/// (the room is unchanged after every error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No game has this slug.
    UnknownGame(String),
    /// The game is not played by this many players.
    Players {
        /// The game's slug.
        game: &'static str,
        /// The count asked for.
        players: u8,
        /// The counts it is played by.
        allowed: &'static [u8],
    },
    /// The settings JSON is not an object, names an unknown setting, or has a value of
    /// the wrong type.
    Settings {
        /// The game's slug.
        game: &'static str,
        /// What is wrong.
        why: String,
    },
    /// The game refused the setup (a setting out of range, a bad deck order or dealer).
    Setup(SetupError),
    /// The seat is not one of the room's seats.
    BadSeat {
        /// The seat asked for.
        seat: u8,
        /// The room's player count.
        players: u8,
    },
    /// The action JSON is not an action of this game at all.
    BadAction {
        /// The game's slug.
        game: &'static str,
        /// The action as given (JSON text).
        action: String,
        /// Why it does not parse.
        why: String,
    },
    /// An action of the game that the rules do not allow now (or a new hand asked for
    /// before the hand is over): the game's typed rule error.
    Rule {
        /// The rule ID of RULES.md (e.g. "HK-6"), or "" for a turn or phase error.
        rule: &'static str,
        /// The game's stable machine name for the error (e.g. "must_follow_suit").
        code: &'static str,
        /// The game's message.
        message: String,
    },
    /// A step that does not apply now, whatever the action: the match is over, the hand is
    /// over (only the next hand applies), the next hand while the hand is played, a
    /// timeout of a seat that may not act.
    NotNow {
        /// "match_over", "hand_over", "hand_not_over", "not_acting" or "no_timeout_action".
        code: &'static str,
        /// What is wrong.
        message: String,
    },
    /// A seat's message is not JSON, or not a move (`{"step": n, "action": A}`).
    BadMessage(String),
    /// A move stamped with another step than the room's current one: the seat acted on an
    /// old view (or one from the future) and must resend from its newest frame.
    StaleStep {
        /// The step the move was stamped with.
        got: u32,
        /// The room's current step (the steps applied so far).
        now: u32,
    },
    /// A match log that is not JSON of a log, is of another game or a later version, or
    /// does not replay.
    BadLog(String),
}

impl Error {
    /// A stable machine name, for a relay's error replies: the game's own code for a
    /// [`Error::Rule`], else the variant's name in snake case.
    pub fn code(&self) -> &'static str {
        match self {
            Error::UnknownGame(_) => "unknown_game",
            Error::Players { .. } => "bad_players",
            Error::Settings { .. } => "bad_settings",
            Error::Setup(_) => "bad_setup",
            Error::BadSeat { .. } => "bad_seat",
            Error::BadAction { .. } => "bad_action",
            Error::Rule { code, .. } => code,
            Error::NotNow { code, .. } => code,
            Error::BadMessage(_) => "bad_message",
            Error::StaleStep { .. } => "stale_step",
            Error::BadLog(_) => "bad_log",
        }
    }

    /// The error as a seat is sent it: `{"error": code, "message": text}`, plus `"rule"`
    /// (the rule ID of RULES.md) for a rule error that names one.
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = serde_json::json!({ "error": self.code(), "message": self.to_string() });
        if let Error::Rule { rule, .. } = self {
            if !rule.is_empty() {
                v["rule"] = serde_json::json!(rule);
            }
        }
        v
    }
}

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownGame(slug) => {
                write!(f, "unknown game '{slug}' (known: {})", crate::slugs())
            }
            Error::Players {
                game,
                players,
                allowed,
            } => write!(
                f,
                "{game} is not played by {players} players (it is played by {})",
                crate::players_text(allowed)
            ),
            Error::Settings { why, .. } => write!(f, "settings: {why}"),
            Error::Setup(e) => write!(f, "{e}"),
            Error::BadSeat { seat, players } => write!(
                f,
                "seat {seat} is not a seat of this {players}-player game (seats 0..{})",
                players.saturating_sub(1)
            ),
            Error::BadAction { game, action, why } => {
                write!(f, "bad action {action}: not a {game} action ({why})")
            }
            Error::Rule { message, .. } | Error::NotNow { message, .. } => write!(f, "{message}"),
            Error::BadMessage(why) => write!(f, "bad message: {why}"),
            Error::StaleStep { got, now } => write!(
                f,
                "stale move: it was made at step {got}, the room is at step {now}"
            ),
            Error::BadLog(why) => write!(f, "bad match log: {why}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<SetupError> for Error {
    fn from(e: SetupError) -> Error {
        Error::Setup(e)
    }
}
