//! The browser app of the card-games site (Yew, built to WebAssembly by tools/build-web.sh).
//!
//! The site is split into pages, one WebAssembly module each, so a player downloads only
//! what the screen in front of them needs: `index.html` (binary `cards-web`, the home
//! page) and one page per game, `<slug>.html` (binaries in `src/bin/`, e.g. `hokm`),
//! holding that game's setup form, table and rule page. A link to another page's route
//! opens that page (see [`route::Route::href`]).
//!
//! - [`app`]: the root component, language context and hash router ([`route`]).
//! - [`pages`]: home, Hokm setup and the Hokm table; [`components`]: SVG cards and the
//!   parts of the table.
//! - [`prefs`]: sounds and the bots' speed, set for this device.
//! - [`replay`]: a finished hand stepped through again, action by action.
//! - [`sheet`]: the match's score sheet, replayed from the log; [`stats`]: this device's
//!   statistics per game.
//! - [`state`]: the table's state transitions (a Yew `Reducible`); [`config`]: a table's
//!   settings and seats, and their form in a link; [`i18n`]: every string, Persian and
//!   English; [`web`]: browser calls (storage, location, clipboard).

pub mod adapters;
pub mod app;
pub mod card_order;
pub mod class;
pub mod components;
pub mod config;
pub mod context;
pub mod driver;
pub mod extra;
pub mod i18n;
pub mod local;
pub mod online;
pub mod pages;
pub mod prefs;
pub mod replay;
pub mod route;
pub mod rule_pages;
pub mod seen;
pub mod sheet;
pub mod source;
pub mod state;
pub mod stats;
pub mod web;

// The check that these modules form no cycle reads src/ as text, so its file lives outside src/.
// A unit test, not an integration test in tests/: an integration test makes `cargo test` link
// every page's binary natively as well (13 links, about 40 s of CPU in each fresh `./test`).
#[cfg(test)]
#[path = "../tests/module_graph.rs"]
mod module_graph;

// Every character of the UI is in the subset fonts (static/fonts/glyphs.txt); it reads src/ as
// text, like the check above, so its file (and its own literals) lives outside src/.
#[cfg(test)]
#[path = "../tests/fonts_cover.rs"]
mod fonts_cover;

use app::{App, Home, Play, PlayOnline, Site};

/// Starts a page of the site in the browser: `S` decides which screens it has.
pub fn start<S: Site>() {
    yew::Renderer::<App<S>>::new().render();
}

/// Starts the home page (`index.html`): the list of games, no game code.
pub fn start_home() {
    start::<Home>();
}

/// Starts the rule pages' page (`rules.html`): every game's rules, no game code.
pub fn start_rules() {
    start::<app::Rules>();
}

/// Starts the page of one game (`<slug>.html`): its setup form and table.
pub fn start_game<G: pages::table::TablePage>() {
    local::offer(local::LocalPlug::<G> {
        open: pages::table::initial_state::<G>,
        save: local::save::<G>,
        history: sheet::table_history::<G>,
        result: components::replay::replay_host::<G>,
        hint: pages::table::hint::<G>,
        analysis: components::analysis::table_request::<G>,
        cover: pages::table::cover::<G>,
        share: components::share::share,
    });
    start::<Play<G>>();
}

/// Starts the second module of a game's page ([`extra`]): its hand replay, loaded when the
/// player first opens it.
pub fn start_extra<G: adapters::UiGame>() {
    extra::start::<G>(|r, lang, close| match r.ask.screen {
        extra::Screen::Replay => components::replay::viewer(r, lang, close),
        // The game has no analysis: its result offers none.
        extra::Screen::Analysis => yew::Html::default(),
    });
}

/// [`start_extra`] for a game with a hand analysis, read as `A`.
pub fn start_extra_analysed<G: adapters::UiGame, A: components::analysis::Report>() {
    extra::start::<G>(|r, lang, close| match r.ask.screen {
        extra::Screen::Replay => components::replay::viewer(r, lang, close),
        extra::Screen::Analysis => components::analysis::panel::<G, A>(r, lang, close),
    });
}

/// [`start_game`] for a game with a hand analysis (Hokm, Shelem, Bidel): its result offers it.
pub fn start_game_analysed<G: pages::table::TablePage>() {
    components::analysis::offer();
    start_game::<G>();
}

/// Starts the online page of one game (`<slug>-online.html`): its rooms on the relay.
pub fn start_online<G: pages::table::TablePage>() {
    use components::room_parts::RoomPart;
    use yew::html;
    pages::table::offer_room_parts(pages::table::RoomParts {
        felt: |seen| {
            let places = (0..seen.n)
                .map(|s| seen.pos(engine::Seat(s)).name())
                .collect::<Vec<_>>();
            html! { <RoomPart places={Some(places)} /> }
        },
        bar: || html! { <RoomPart places={None::<Vec<_>>} /> },
    });
    start::<PlayOnline<G>>();
}
