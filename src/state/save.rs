//! The saved game: its format, its local-storage keys, and the engine setup of a table.

use crate::adapters::UiGame;
use crate::config::{players_valid, TableConfig};
use engine::{Deal, Game, MatchLog, MatchLogOf, Setup, Step};
use serde::{Deserialize, Serialize};

/// The saved game format's version.
pub const SAVE_VERSION: u32 = 2;
/// Where the first version kept its one (Hokm) save; dropped on start.
pub const OLD_SAVE_KEY: &str = "cards.save.v1";

/// The local-storage key of a game's saved table (one per game).
pub fn save_key(slug: &str) -> String {
    format!("cards.save.v{SAVE_VERSION}.{slug}")
}

/// The local-storage key saying a game of `slug` is in progress (not finished): the
/// hash of its table. The home page reads these instead of the saves, so it needs no game
/// code to offer "continue".
pub fn progress_key(slug: &str) -> String {
    format!("cards.progress.{slug}")
}

/// One entry of the action log: the engine's match-log [`Step`] (a seat's action, the next
/// hand, a turn timeout). Its JSON is the one saves always had, so older saves still read.
pub type LogEntry<A> = Step<A>;

/// A saved game: rebuilt by replaying `log` on a game made from `setup` (the engine's
/// [`engine::log::replay`]; [`match_log`] gives it as one [`MatchLog`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Save<S, A> {
    pub version: u32,
    /// The game's slug.
    pub game: String,
    pub setup: Setup<S>,
    pub config: TableConfig<S>,
    pub log: Vec<LogEntry<A>>,
}

/// The save of a game `G`.
pub type SaveOf<G> = Save<<G as Game>::Settings, <G as Game>::Action>;

/// A saved game of `G` as the engine's match log (for a bug report or a relay): the same
/// setup, split into its public and secret parts, and the same steps.
pub fn match_log<G: Game>(save: &SaveOf<G>) -> MatchLogOf<G> {
    MatchLog::new(G::NAME, save.setup.clone(), save.log.clone())
}

/// Reads a saved game of `G`; `None` for anything that is not a valid save of this version.
pub fn parse_save<G: UiGame>(json: &str) -> Option<SaveOf<G>> {
    let save: SaveOf<G> = serde_json::from_str(json).ok()?;
    (save.version == SAVE_VERSION
        && save.game == G::ID.slug()
        && save.setup == setup_of::<G>(&save.config)
        && players_valid(&save.config.players, G::PLAYER_COUNTS))
    .then_some(save)
}

/// The engine setup of a table.
pub fn setup_of<G: UiGame>(config: &TableConfig<G::Settings>) -> Setup<G::Settings> {
    Setup {
        players: config.player_count(),
        settings: config.settings.clone(),
        deal: Deal::seeded(config.seed),
    }
}
