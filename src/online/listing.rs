//! The open public tables (issue 23; docs/relay.md, "Public tables"): on a game's online page
//! (that game, the setup's seats) under the create form, and on the home page (every game).
//! Read from the relay's `GET /tables` every few seconds while shown, and drawn as markup
//! text: nothing in the list listens, each row is a plain link to the room's page (where the
//! name is asked, then the lobby). No player's name is listed.

use crate::adapters::{game_name, GameId};
use crate::components::settings::secs_text;
use crate::i18n::{fill, Lang};
use crate::route::Route;
use gloo::timers::callback::Interval;
use protocol::RoomCode;
use wasm_bindgen::{JsCast, JsValue};
use yew::Html;

/// How often the list is read again while shown.
const EVERY_MS: u32 = 5_000;

/// A listed table, as the page reads it (the listing's other fields are left unread).
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    pub code: String,
    pub game: GameId,
    pub players: u8,
    pub seats_free: u8,
    pub waited_secs: u32,
    /// Its turn timer (`RoomOptions::turn_secs`; 0: none).
    pub turn_secs: u32,
    /// Its match's target, for the games whose settings have one.
    pub target: Option<u32>,
}

impl Listed {
    /// One entry of the listing's `tables` of `game` (`None`: of every game, each entry's
    /// own), `None` when a field is missing or not what it should be (a code that is not a
    /// well-formed room code, a game this site lacks).
    fn of(entry: &JsValue, game: Option<GameId>) -> Option<Listed> {
        let get = |from: &JsValue, key: &str| js_sys::Reflect::get(from, &key.into()).ok();
        let num = |from: &JsValue, key: &str| get(from, key)?.as_f64().map(|n| n as u32);
        let options = get(entry, "options")?;
        let settings = get(entry, "settings")?;
        Some(Listed {
            // Only a well-formed code: it goes into the list's markup as it is.
            code: get(entry, "code")?
                .as_string()
                .filter(|c| RoomCode::parse(c).is_some_and(|p| p.as_str() == c))?,
            game: match game {
                Some(g) => g,
                None => GameId::from_slug(&get(entry, "game")?.as_string()?)?,
            },
            players: num(entry, "players")? as u8,
            seats_free: num(entry, "seats_free")? as u8,
            waited_secs: num(entry, "waited_secs")?,
            turn_secs: num(&options, "turn_secs").unwrap_or(0),
            target: num(&settings, "target"),
        })
    }
}

/// The listing's address beside the relay's WebSocket one (`ws://host/ws` →
/// `http://host/tables`), for one game and player count or every one.
fn listing_url(ws: &str, game: Option<GameId>, players: Option<u8>) -> Option<String> {
    let http = if let Some(rest) = ws.strip_prefix("wss://") {
        format!("https://{rest}")
    } else {
        format!("http://{}", ws.strip_prefix("ws://")?)
    };
    let base = http
        .strip_suffix("/ws")
        .unwrap_or(&http)
        .trim_end_matches('/');
    let mut url = format!("{base}/tables");
    if let Some(g) = game {
        url += &format!("?game={}", g.slug());
    }
    if let Some(p) = players {
        url += &format!("{}players={p}", if game.is_some() { '&' } else { '?' });
    }
    Some(url)
}

/// Reads the listing once: the tables, or the HTTP status of a failed answer (0: none, or
/// not a listing).
async fn read(game: Option<GameId>, players: Option<u8>) -> Result<Vec<Listed>, u16> {
    let url = listing_url(&super::relay_url().await, game, players).ok_or(0u16)?;
    let listing = super::get_json(&url).await?;
    let tables: js_sys::Array = js_sys::Reflect::get(&listing, &"tables".into())
        .ok()
        .and_then(|t| t.dyn_into().ok())
        .ok_or(0u16)?;
    Ok(tables.iter().filter_map(|t| Listed::of(&t, game)).collect())
}

/// Reads the listing (of `game` with `players` seats, or all) now and every few seconds while
/// the returned timer lives, giving each answer to `on_list`. A 404 ends the reading: no relay
/// answers there (a site served without one lists no table, and asks once).
pub fn poll(
    game: Option<GameId>,
    players: Option<u8>,
    on_list: impl Fn(Vec<Listed>) + Clone + 'static,
) -> Interval {
    let gone = std::rc::Rc::new(std::cell::Cell::new(false));
    let fetch = move || {
        if gone.get() {
            return;
        }
        let (on_list, gone) = (on_list.clone(), gone.clone());
        wasm_bindgen_futures::spawn_local(async move {
            match read(game, players).await {
                Ok(list) => on_list(list),
                Err(404) => gone.set(true),
                Err(_) => {}
            }
        });
    };
    fetch();
    Interval::new(EVERY_MS, fetch)
}

/// The list's words.
struct Words {
    open_tables: &'static str,
    /// `{n}` seats free of `{of}`.
    seats_free: &'static str,
    /// `{t}`: how long a table has waited.
    waited: &'static str,
    /// `{t}`: a table's turn timer.
    with_timer: &'static str,
    /// `{n}`: a match's target.
    to_target: &'static str,
    sit_down: &'static str,
}

fn words(lang: Lang) -> &'static Words {
    const FA: Words = Words {
        open_tables: "میزهای باز",
        seats_free: "{n} جای خالی از {of}",
        waited: "{t} در انتظار",
        with_timer: "زمان نوبت {t}",
        to_target: "تا {n} امتیاز",
        sit_down: "نشستن",
    };
    const EN: Words = Words {
        open_tables: "Open tables",
        seats_free: "{n} of {of} seats free",
        waited: "waiting {t}",
        with_timer: "turn timer {t}",
        to_target: "to {n} points",
        sit_down: "Sit down",
    };
    match lang {
        Lang::Fa => &FA,
        Lang::En => &EN,
    }
}

/// The list (`list`: `None` before the relay's first answer, or with no relay), as markup
/// text. `EVERY_GAME`: the home page's list, whose rows name their game (a constant, so that
/// a game's page carries none of its code). Always drawn, hidden while there is no table to
/// show (the create form's Quick play says it opens one): a node added under a form later
/// would make Yew build the form again (it pairs an unkeyed list's children from the end),
/// and a name being typed would be lost.
pub fn open_tables<const EVERY_GAME: bool>(lang: Lang, list: Option<&[Listed]>) -> Html {
    let w = words(lang);
    let rows = list.unwrap_or_default();
    let mut out = format!(
        r#"<section class="panel room-open" data-testid="open-tables"{}><h2>{}</h2><ul class="room-open-list">"#,
        if rows.is_empty() { " hidden" } else { "" },
        w.open_tables
    );
    for t in rows {
        out += &row::<EVERY_GAME>(lang, t);
    }
    out += "</ul></section>";
    Html::from_html_unchecked(out.into())
}

/// One listed table: (its game,) its seats, its wait, its timer and target, and the link to
/// sit down (its code is a well-formed room code: [`Listed::of`] keeps no other).
fn row<const EVERY_GAME: bool>(lang: Lang, t: &Listed) -> String {
    let w = words(lang);
    let mut what = fill(
        w.seats_free,
        &[("n", &lang.num(t.seats_free)), ("of", &lang.num(t.players))],
    );
    if EVERY_GAME {
        what = format!("<b>{}</b> · {what}", game_name(t.game, lang));
    }
    // A table just made has waited a second (0 would read as nothing).
    let mut more = fill(
        w.waited,
        &[("t", &secs_text(lang, t.waited_secs.max(1), ""))],
    );
    if t.turn_secs > 0 {
        more += " · ";
        more += &fill(w.with_timer, &[("t", &secs_text(lang, t.turn_secs, ""))]);
    }
    if let Some(n) = t.target {
        more += " · ";
        more += &fill(w.to_target, &[("n", &lang.num(n))]);
    }
    format!(
        r#"<li class="room-open-table" data-testid="open-table" data-code="{code}" data-game="{game}" data-free="{free}"><span class="room-open-what"><span>{what}</span><span class="help">{more}</span></span><a class="btn btn-small" data-testid="open-table-join" href="{href}">{sit}</a></li>"#,
        code = t.code,
        game = t.game.slug(),
        free = t.seats_free,
        href = Route::Room(t.game, t.code.clone()).href(),
        sit = w.sit_down,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_listing_is_beside_the_relays_socket() {
        assert_eq!(
            listing_url("ws://127.0.0.1:8080/ws", Some(GameId::Hokm), Some(4)).as_deref(),
            Some("http://127.0.0.1:8080/tables?game=hokm&players=4")
        );
        assert_eq!(
            listing_url("wss://cards.example/relay/ws", Some(GameId::Pasur), Some(2)).as_deref(),
            Some("https://cards.example/relay/tables?game=pasur&players=2")
        );
        assert_eq!(
            listing_url("wss://cards.example/ws", None, None).as_deref(),
            Some("https://cards.example/tables")
        );
        assert_eq!(listing_url("http://x/ws", None, None), None);
    }
}
