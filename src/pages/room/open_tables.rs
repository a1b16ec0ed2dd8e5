//! A game's open public tables (issue 23), on its online page under the create form: each
//! with its free seats, how long it has waited and its turn timer, and a link that takes a
//! seat (the room's page: the name, then the lobby). Read from the relay's `GET /tables`
//! (docs/relay.md, "Public tables"), which lists what the store holds, every few seconds while
//! the form is on screen. No player's name is listed.

use super::words;
use crate::adapters::UiGame;
use crate::i18n::{fill, Lang};
use crate::pages::table::secs_text;
use crate::route::Route;
use gloo::timers::callback::Interval;
use protocol::RoomCode;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// How often the list is read again while shown.
const EVERY_MS: u32 = 5_000;

/// A listed table, as the page reads it (the listing's other fields are left unread).
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    pub code: String,
    pub players: u8,
    pub seats_free: u8,
    pub waited_secs: u32,
    /// Its turn timer (`RoomOptions::turn_secs`; 0: none).
    pub turn_secs: u32,
}

impl Listed {
    /// One entry of the listing's `tables`, `None` when a field is missing or not a number
    /// or a string as it should be.
    fn of(entry: &JsValue) -> Option<Listed> {
        let get = |from: &JsValue, key: &str| js_sys::Reflect::get(from, &key.into()).ok();
        let num = |key: &str| get(entry, key)?.as_f64().map(|n| n as u32);
        Some(Listed {
            // Only a well-formed code: it goes into the list's markup as it is.
            code: get(entry, "code")?
                .as_string()
                .filter(|c| RoomCode::parse(c).is_some_and(|p| p.as_str() == c))?,
            players: num("players")? as u8,
            seats_free: num("seats_free")? as u8,
            waited_secs: num("waited_secs")?,
            turn_secs: get(&get(entry, "options")?, "turn_secs")
                .and_then(|v| v.as_f64())
                .unwrap_or(0.0) as u32,
        })
    }
}

/// The listing's address beside the relay's WebSocket one (`ws://host/ws` →
/// `http://host/tables`), for game `slug` and `players` seats.
fn listing_url(ws: &str, slug: &str, players: u8) -> Option<String> {
    let http = if let Some(rest) = ws.strip_prefix("wss://") {
        format!("https://{rest}")
    } else {
        format!("http://{}", ws.strip_prefix("ws://")?)
    };
    let base = http
        .strip_suffix("/ws")
        .unwrap_or(&http)
        .trim_end_matches('/');
    Some(format!("{base}/tables?game={slug}&players={players}"))
}

/// Reads the listing once (`None` when the relay cannot be reached or answers otherwise).
async fn read(slug: &str, players: u8) -> Option<Vec<Listed>> {
    let url = listing_url(&crate::online::relay_url().await, slug, players)?;
    let listing = crate::online::get_json(&url).await?;
    let tables: js_sys::Array = js_sys::Reflect::get(&listing, &"tables".into())
        .ok()?
        .dyn_into()
        .ok()?;
    Some(tables.iter().filter_map(|t| Listed::of(&t)).collect())
}

/// Reads the listing of game `G` with `players` seats now and every few seconds while the
/// returned timer lives, giving each answer to `on_list`.
pub fn poll<G: UiGame>(players: u8, on_list: impl Fn(Vec<Listed>) + Clone + 'static) -> Interval {
    let fetch = move || {
        let on_list = on_list.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if let Some(list) = read(G::NAME, players).await {
                on_list(list);
            }
        });
    };
    fetch();
    Interval::new(EVERY_MS, fetch)
}

/// The list of open tables of game `G` (`list`: `None` before the relay's first answer), as
/// markup text (nothing in it listens: a table's link is a plain link). Always drawn on the
/// create page, hidden until the first answer: a node added under the form later would make
/// Yew build the form again (it pairs an unkeyed list's children from the end), and a name
/// being typed would be lost.
pub fn open_tables<G: UiGame>(lang: Lang, list: Option<&[Listed]>) -> Html {
    let w = words(lang);
    let mut out = format!(
        r#"<section class="panel room-open" data-testid="open-tables"{}><h2>{}</h2>"#,
        if list.is_none() { " hidden" } else { "" },
        w.open_tables
    );
    if list.is_some_and(|l| l.is_empty()) {
        out += &format!(
            r#"<p class="help" data-testid="open-tables-none">{}</p>"#,
            w.no_open_table
        );
    }
    out += r#"<ul class="room-open-list">"#;
    for t in list.unwrap_or_default() {
        out += &row::<G>(lang, t);
    }
    out += "</ul></section>";
    Html::from_html_unchecked(out.into())
}

/// One listed table: its seats, its wait, its timer, and the link to sit down (its code is a
/// well-formed room code: [`Listed::of`] keeps no other).
fn row<G: UiGame>(lang: Lang, t: &Listed) -> String {
    let w = words(lang);
    let seats = fill(
        w.seats_free,
        &[("n", &lang.num(t.seats_free)), ("of", &lang.num(t.players))],
    );
    let mut waited = fill(w.waited, &[("t", &secs_text(lang, t.waited_secs, ""))]);
    if t.turn_secs > 0 {
        waited += " · ";
        waited += &fill(w.with_timer, &[("t", &secs_text(lang, t.turn_secs, ""))]);
    }
    format!(
        r#"<li class="room-open-table" data-testid="open-table" data-code="{code}" data-free="{free}"><span class="room-open-what"><span>{seats}</span><span class="help">{waited}</span></span><a class="btn btn-small" data-testid="open-table-join" href="{href}">{sit}</a></li>"#,
        code = t.code,
        free = t.seats_free,
        href = Route::Room(G::ID, t.code.clone()).href(),
        sit = w.sit_down,
    )
}

#[cfg(test)]
mod tests {
    use super::listing_url;

    #[test]
    fn the_listing_is_beside_the_relays_socket() {
        assert_eq!(
            listing_url("ws://127.0.0.1:8080/ws", "hokm", 4).as_deref(),
            Some("http://127.0.0.1:8080/tables?game=hokm&players=4")
        );
        assert_eq!(
            listing_url("wss://cards.example/relay/ws", "pasur", 2).as_deref(),
            Some("https://cards.example/relay/tables?game=pasur&players=2")
        );
        assert_eq!(listing_url("http://x/ws", "hokm", 4), None);
    }
}
