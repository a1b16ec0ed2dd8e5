//! What only a table played in the page has: the game and its log here (a new match or the
//! saved one), its bots and the hint, saving after every action, the score sheet and the
//! hand replay rebuilt from the log. A game's offline page registers it ([`offer`], from
//! `start_game`, which names the parts); its online page does not, so that the online page
//! (whose table runs on the relay's frames) links none of this code: no rule bot, no worker
//! driver, no replay. The table's code reaches these parts only through the plug.

use crate::adapters::UiGame;
use crate::seen::Seen;
use crate::sheet::History;
use crate::state::{progress_key, save_key, TableState};
use crate::{config::TableConfig, route::Route, web};
use engine::Status;
use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The local table's parts of game `G`, as plain functions.
pub struct LocalPlug<G: UiGame> {
    /// The table's state: the saved game if it is this table's, else a new match.
    pub open: fn(TableConfig<G::Settings>) -> TableState<G>,
    /// Saves the table (after every action).
    pub save: fn(&TableState<G>),
    /// The match's score sheet, replayed from the log.
    pub history: fn(&TableState<G>) -> History,
    /// The result panel with the hand replay behind its button.
    pub result: fn(&TableState<G>, &Seen, Html) -> Html,
    /// The hint button on the player's turn.
    pub hint: fn(&UseReducerHandle<TableState<G>>, bool) -> Html,
    /// The hand analysis' request for the table's last hand (its setup and log).
    pub analysis: fn(&TableState<G>) -> Option<crate::components::analysis::Request>,
    /// The pass-and-play cover, when two or more people share the device.
    pub cover: fn(&UseReducerHandle<TableState<G>>, &Seen, crate::i18n::Lang) -> Option<Html>,
    /// The share control of the top bar.
    pub share: crate::components::share::ShareFn,
}

thread_local! {
    /// The page's local plug, where it plays locally ([`offer`]).
    static OFFERED: RefCell<Option<Rc<dyn Any>>> = const { RefCell::new(None) };
}

/// Lets tables of `G` be played in this page (a game's offline page calls it first).
pub fn offer<G: UiGame>(plug: LocalPlug<G>) {
    OFFERED.with(|o| *o.borrow_mut() = Some(Rc::new(plug)));
}

/// The local plug of `G`, where this page plays it locally.
pub fn plug<G: UiGame>() -> Option<Rc<LocalPlug<G>>> {
    OFFERED.with(|o| o.borrow().clone()?.downcast::<LocalPlug<G>>().ok())
}

/// The match's score sheet: replayed from the log at a local table, empty online (the
/// room's sheet comes from the relay).
pub fn history<G: UiGame>(st: &TableState<G>) -> History {
    plug::<G>().map_or_else(History::default, |p| (p.history)(st))
}

/// The hand analysis' request for the table's last hand: at a local table only (the hands
/// of a finished hand are in its log, D-8); online there is none.
pub fn analysis<G: UiGame>(st: &TableState<G>) -> Option<crate::components::analysis::Request> {
    plug::<G>().and_then(|p| (p.analysis)(st))
}

/// Saves the table, and the home page's "continue" link while the match is not over.
pub fn save<G: UiGame>(st: &TableState<G>) {
    if let Some(json) = st.save().and_then(|s| serde_json::to_string(&s).ok()) {
        web::storage_set(&save_key(G::ID.slug()), &json);
    }
    let progress = progress_key(G::ID.slug());
    if st.status != Status::MatchOver {
        web::storage_set(&progress, &Route::Table(G::ID, st.config.to_query()).href());
    } else {
        web::storage_remove(&progress);
    }
}
