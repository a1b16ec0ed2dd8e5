//! Every game by its slug, for the programs that pick a game at run time: the `cards`
//! command line now, the relay next.
//!
//! - [`GAMES`]: one [`GameInfo`] per game (slug, name, player counts, default players,
//!   settings defaults as JSON). The list and [`with_game`] are written by one macro from
//!   one list of types, so they cannot disagree.
//! - [`with_game`]: calls a generic function ([`GameFn`]) with the game type of a slug, for
//!   callers that want the typed game (simulation with bots, transcript replay).
//! - [`new_room`]: a match of any game behind the object-safe [`Room`] trait, driven with
//!   JSON steps and answering with one JSON frame per seat ([`room`], docs/protocol.md);
//!   [`room_from_log`] rebuilds one from its match log.
//! - [`PROTOCOL_VERSION`]: the version of that wire form (the engine's, shared with the
//!   browser); the golden fixtures in `tests/golden/` pin it.
//!
//! This crate is native-side glue: it adds `serde_json` (and the bots) on top of the engine,
//! which stays free of both. The web app does not depend on it, so its pages carry only
//! their own game.

pub mod error;
pub mod room;

pub use engine::table::PROTOCOL_VERSION;
pub use error::Error;
pub use room::{frames, Erased, Room, SeatFrame};

use bots::{BidelBot, Bot, CrazyEightsBot, HaftKhabisBot, HokmBot, PasurBot, ShelemBot};
use engine::games::bidel::Bidel;
use engine::games::crazy_eights::CrazyEights;
use engine::games::haft_khabis::HaftKhabis;
use engine::games::hokm::Hokm;
use engine::games::pasur::Pasur;
use engine::games::shelem::Shelem;
use engine::games::GameKind;
use engine::{Deal, Game, GameView, MatchLogOf, Setup};
use serde_json::{json, Map, Value};

/// A game the registry lists: the engine's [`Game`] plus what a program needs to offer it.
pub trait Registered:
    GameView<Settings: Send, Action: Send + Sync, Event: Send, View: Send>
    + bots::hard::HardGame
    + engine::Reveal
    + Send
    + 'static
{
    /// The game's display name ("Haft Khabis").
    const TITLE: &'static str;
    /// The player counts the engine accepts, ascending.
    const PLAYERS: &'static [u8];
    /// The player count used when none is given.
    const DEFAULT_PLAYERS: u8;
    /// The game's rule-based bot for one seat (`Send`, so a relay's room task may own it).
    fn rule_bot(seed: u64) -> Box<dyn Bot<Self> + Send>;
}

/// A function generic over the game, called by [`with_game`] with the game of a slug (a
/// closure cannot be generic, so callers write a small struct with this trait).
pub trait GameFn {
    /// What the call returns.
    type Output;
    /// Runs with the game type `G`.
    fn call<G: Registered>(self) -> Self::Output;
}

/// One game of the registry.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The command-line and transcript name, [`Game::NAME`] (`haft_khabis`).
    pub slug: &'static str,
    /// The web app's slug (`haft-khabis`); [`find`] accepts it too.
    pub web_slug: &'static str,
    /// The display name (`Haft Khabis`).
    pub name: &'static str,
    /// The player counts the game accepts, ascending.
    pub players: &'static [u8],
    /// The player count used when none is given.
    pub default_players: u8,
    settings_defaults: fn() -> Value,
    settings_check: fn(Option<&Value>) -> Result<(), Error>,
    new_room: NewRoomFn,
    from_log: fn(&Value) -> Result<Box<dyn Room>, Error>,
}

/// Makes a room of one game: players, settings JSON, deal.
type NewRoomFn = fn(u8, Option<&Value>, Deal) -> Result<Box<dyn Room>, Error>;

impl GameInfo {
    /// The entry of game `G`.
    pub const fn of<G: Registered>() -> GameInfo {
        GameInfo {
            slug: G::NAME,
            web_slug: G::KIND.slug(),
            name: G::TITLE,
            players: G::PLAYERS,
            default_players: G::DEFAULT_PLAYERS,
            settings_defaults: settings_defaults::<G>,
            settings_check: check_settings_of::<G>,
            new_room: new_room_of::<G>,
            from_log: room_from_log_of::<G>,
        }
    }

    /// `Settings::default()` as a JSON object: every setting name with its default.
    pub fn settings_defaults(&self) -> Value {
        (self.settings_defaults)()
    }

    /// Checks room settings given as JSON (see [`parse_settings`]) without making a room.
    pub fn check_settings(&self, json: Option<&Value>) -> Result<(), Error> {
        (self.settings_check)(json)
    }

    /// Checks a player count against [`GameInfo::players`].
    pub fn check_players(&self, players: u8) -> Result<(), Error> {
        if self.players.contains(&players) {
            Ok(())
        } else {
            Err(Error::Players {
                game: self.slug,
                players,
                allowed: self.players,
            })
        }
    }

    /// The player counts in words: "2 or 4", "2 to 7".
    pub fn players_text(&self) -> String {
        players_text(self.players)
    }

    /// A new match of this game behind [`Room`]: `players` (`None`: the default), settings
    /// as JSON (`None` or `null`: the defaults; missing fields take their defaults), and
    /// the deal (seed, optional deck orders and dealer).
    pub fn new_room(
        &self,
        players: Option<u8>,
        settings: Option<&Value>,
        deal: Deal,
    ) -> Result<Box<dyn Room>, Error> {
        (self.new_room)(players.unwrap_or(self.default_players), settings, deal)
    }

    /// This entry as JSON: slug, web slug, name, players, default players, settings.
    pub fn to_json(&self) -> Value {
        json!({
            "slug": self.slug,
            "web_slug": self.web_slug,
            "name": self.name,
            "players": self.players,
            "default_players": self.default_players,
            "settings": self.settings_defaults(),
        })
    }
}

/// "2 or 4", "3 or 4", "2 to 7": a run of three or more counts is written as a range.
pub fn players_text(players: &[u8]) -> String {
    match players {
        [] => "no".to_string(),
        [one] => one.to_string(),
        [first, .., last] if players.len() > 2 && (last - first) as usize + 1 == players.len() => {
            format!("{first} to {last}")
        }
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(u8::to_string).collect();
            format!("{} or {last}", init.join(", "))
        }
    }
}

macro_rules! registry {
    ($($game:ty),+ $(,)?) => {
        /// Every game, in the order the command line lists them.
        pub static GAMES: &[GameInfo] = &[$(GameInfo::of::<$game>()),+];
    };
}

/// Calls `f` with the game type named by `slug` (its engine name or its web slug; the
/// workspace's one list of games, [`GameKind`]).
pub fn with_game<F: GameFn>(slug: &str, f: F) -> Result<F::Output, Error> {
    let kind = GameKind::find(slug).ok_or_else(|| Error::UnknownGame(slug.to_string()))?;
    Ok(engine::with_game_kind!(kind, |G| f.call::<G>()))
}

registry!(Hokm, Bidel, Shelem, Pasur, HaftKhabis, CrazyEights);

/// The entry of the game named by `slug` (its [`GameInfo::slug`] or web slug).
pub fn find(slug: &str) -> Result<&'static GameInfo, Error> {
    GAMES
        .iter()
        .find(|g| g.slug == slug || g.web_slug == slug)
        .ok_or_else(|| Error::UnknownGame(slug.to_string()))
}

/// The slugs of every game, comma separated (for messages).
pub fn slugs() -> String {
    GAMES.iter().map(|g| g.slug).collect::<Vec<_>>().join(", ")
}

/// Every entry as a JSON list ([`GameInfo::to_json`]).
pub fn games_json() -> Value {
    Value::Array(GAMES.iter().map(GameInfo::to_json).collect())
}

/// A new match of the game named by `slug` behind [`Room`]; see [`GameInfo::new_room`].
pub fn new_room(
    slug: &str,
    players: Option<u8>,
    settings: Option<&Value>,
    deal: Deal,
) -> Result<Box<dyn Room>, Error> {
    find(slug)?.new_room(players, settings, deal)
}

/// A room rebuilt from its match log ([`Room::log`]): the game named by the log's `game`,
/// every step replayed, the log kept; it has the state hash of the room that wrote it.
/// Errors: [`Error::UnknownGame`], or [`Error::BadLog`] for a log that does not parse, is
/// of a later version, or does not replay (naming the step).
pub fn room_from_log(log: &Value) -> Result<Box<dyn Room>, Error> {
    let game = log
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| Error::BadLog("no \"game\" name".to_string()))?;
    (find(game)?.from_log)(log)
}

fn room_from_log_of<G: Registered>(json: &Value) -> Result<Box<dyn Room>, Error> {
    let log: MatchLogOf<G> =
        serde_json::from_value(json.clone()).map_err(|e| Error::BadLog(e.to_string()))?;
    GameInfo::of::<G>().check_players(log.public.players)?;
    Ok(Box::new(Erased::<G>::from_log(log)?))
}

/// `G::Settings::default()` as JSON (an object with every setting name).
pub fn settings_defaults<G: Game>() -> Value {
    serde_json::to_value(G::Settings::default()).unwrap_or_else(|_| Value::Object(Map::new()))
}

/// Room settings from JSON: `None` or `null` give the defaults; an object may leave out
/// any setting (it keeps its default) but may not name one the game does not have. Range
/// checks (e.g. Hokm's target 3, 5 or 7) are the game's own, at [`Game::new`].
pub fn parse_settings<G: Game>(json: Option<&Value>) -> Result<G::Settings, Error> {
    let bad = |why: String| Error::Settings { game: G::NAME, why };
    match json {
        None | Some(Value::Null) => Ok(G::Settings::default()),
        Some(Value::Object(given)) => {
            if let Value::Object(known) = settings_defaults::<G>() {
                if let Some(k) = given.keys().find(|k| !known.contains_key(*k)) {
                    let names: Vec<&str> = known.keys().map(String::as_str).collect();
                    return Err(bad(format!(
                        "unknown setting '{k}' (settings of {}: {})",
                        G::NAME,
                        names.join(", ")
                    )));
                }
            }
            serde_json::from_value(Value::Object(given.clone())).map_err(|e| bad(e.to_string()))
        }
        Some(other) => Err(bad(format!(
            "expected a JSON object such as {{\"target\":5}}, got {other}"
        ))),
    }
}

fn check_settings_of<G: Game>(json: Option<&Value>) -> Result<(), Error> {
    parse_settings::<G>(json).map(|_| ())
}

fn new_room_of<G: Registered>(
    players: u8,
    settings: Option<&Value>,
    deal: Deal,
) -> Result<Box<dyn Room>, Error> {
    GameInfo::of::<G>().check_players(players)?;
    let setup = Setup {
        players,
        settings: parse_settings::<G>(settings)?,
        deal,
    };
    Ok(Box::new(Erased::<G>::new(setup)?))
}

impl Registered for Hokm {
    const TITLE: &'static str = "Hokm";
    const PLAYERS: &'static [u8] = &[2, 4];
    const DEFAULT_PLAYERS: u8 = 4;
    fn rule_bot(seed: u64) -> Box<dyn Bot<Self> + Send> {
        Box::new(HokmBot::new(seed))
    }
}

impl Registered for Bidel {
    const TITLE: &'static str = "Bidel";
    const PLAYERS: &'static [u8] = &[3, 4];
    const DEFAULT_PLAYERS: u8 = 4;
    fn rule_bot(seed: u64) -> Box<dyn Bot<Self> + Send> {
        Box::new(BidelBot::new(seed))
    }
}

impl Registered for Shelem {
    const TITLE: &'static str = "Shelem";
    const PLAYERS: &'static [u8] = &[2, 4];
    const DEFAULT_PLAYERS: u8 = 4;
    fn rule_bot(seed: u64) -> Box<dyn Bot<Self> + Send> {
        Box::new(ShelemBot::new(seed))
    }
}

impl Registered for Pasur {
    const TITLE: &'static str = "Pasur";
    const PLAYERS: &'static [u8] = &[2, 4];
    const DEFAULT_PLAYERS: u8 = 2;
    fn rule_bot(seed: u64) -> Box<dyn Bot<Self> + Send> {
        Box::new(PasurBot::new(seed))
    }
}

impl Registered for HaftKhabis {
    const TITLE: &'static str = "Haft Khabis";
    const PLAYERS: &'static [u8] = &[2, 3, 4, 5, 6, 7];
    const DEFAULT_PLAYERS: u8 = 4;
    fn rule_bot(seed: u64) -> Box<dyn Bot<Self> + Send> {
        Box::new(HaftKhabisBot::new(seed))
    }
}

impl Registered for CrazyEights {
    const TITLE: &'static str = "Crazy Eights";
    const PLAYERS: &'static [u8] = &[2, 3, 4, 5, 6, 7, 8];
    const DEFAULT_PLAYERS: u8 = 4;
    fn rule_bot(seed: u64) -> Box<dyn Bot<Self> + Send> {
        Box::new(CrazyEightsBot::new(seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_counts_in_words() {
        assert_eq!(players_text(&[2, 4]), "2 or 4");
        assert_eq!(players_text(&[3, 4]), "3 or 4");
        assert_eq!(players_text(&[2, 3, 4, 5, 6, 7]), "2 to 7");
        assert_eq!(players_text(&[2, 3, 5]), "2, 3 or 5");
        assert_eq!(players_text(&[4]), "4");
    }
}
