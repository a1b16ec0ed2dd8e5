//! The home page: joining an online table by its code, the open public tables of every game
//! (issue 23), the games of the site and a way back into each game in progress.

use crate::adapters::{game_name, GameId};
use crate::cls;
use crate::components::card::suit_shape;
use crate::components::lang_toggle::lang_toggle;
use crate::components::sheet::stats_line;
use crate::context::use_lang;
use crate::i18n::fill;
use crate::online::listing::{self, open_tables, Listed};
use crate::route::Route;
use crate::state::{progress_key, save_key};
use crate::stats::Stats;
use crate::web;
use engine::Suit;
use std::rc::Rc;
use yew::prelude::*;

struct GameEntry {
    id: &'static str,
    name: fn(&crate::i18n::SiteStrings) -> &'static str,
    blurb: fn(&crate::i18n::home::HomeStrings) -> &'static str,
    pips: &'static [Suit],
    /// The game, once it has a table.
    game: Option<GameId>,
}

const GAMES: [GameEntry; 6] = [
    GameEntry {
        id: "hokm",
        name: |s| s.game_hokm,
        blurb: |s| s.game_hokm_blurb,
        pips: &[Suit::Spades, Suit::Hearts],
        game: Some(GameId::Hokm),
    },
    GameEntry {
        id: "shelem",
        name: |s| s.game_shelem,
        blurb: |s| s.game_shelem_blurb,
        pips: &[Suit::Clubs, Suit::Diamonds],
        game: Some(GameId::Shelem),
    },
    GameEntry {
        id: "pasur",
        name: |s| s.game_pasur,
        blurb: |s| s.game_pasur_blurb,
        pips: &[Suit::Clubs],
        game: Some(GameId::Pasur),
    },
    GameEntry {
        id: "bidel",
        name: |s| s.game_bidel,
        blurb: |s| s.game_bidel_blurb,
        pips: &[Suit::Hearts],
        game: Some(GameId::Bidel),
    },
    GameEntry {
        id: "haft-khabis",
        name: |s| s.game_haft_khabis,
        blurb: |s| s.game_haft_khabis_blurb,
        pips: &[Suit::Spades],
        game: Some(GameId::HaftKhabis),
    },
    GameEntry {
        id: "crazy-eights",
        name: |s| s.game_crazy_eights,
        blurb: |s| s.game_crazy_eights_blurb,
        pips: &[Suit::Diamonds],
        game: Some(GameId::CrazyEights),
    },
];

/// The games in progress (not finished), with the link of each one's table. Read from the
/// markers the tables leave ([`progress_key`]): the home page holds no game's code.
fn in_progress() -> Vec<(GameId, String)> {
    GameId::ALL
        .into_iter()
        .filter(|g| web::storage_get(&save_key(g.slug())).is_some())
        .filter_map(|g| {
            let href = web::storage_get(&progress_key(g.slug()))?;
            // Only a link to this game's own page is followed.
            href.starts_with(&format!("{}.html#/", g.slug()))
                .then_some((g, href))
        })
        .collect()
}

/// The list of games.
#[function_component(HomePage)]
pub fn home_page() -> Html {
    let lang = use_lang();
    let s = lang.site();
    // Games in progress (not finished) can be continued.
    let saved = use_memo((), |_| in_progress());
    // This device's statistics of each game (a quiet line once a match was played).
    let stats = use_memo((), |_| GameId::ALL.map(|g| Stats::load(g.slug())));
    // Every game's open public tables, read again every few seconds (none shown without a
    // relay, or while there is none).
    let tables = use_state(|| None::<Rc<Vec<Listed>>>);
    {
        let tables = tables.clone();
        use_effect_with((), move |_| {
            let timer = listing::poll(None, None, move |list| tables.set(Some(Rc::new(list))));
            move || drop(timer)
        });
    }
    html! {
        <main class="page home-page">
            <header class="topbar">
                <h1 class="site-title">{ s.app_title }</h1>
                { lang_toggle(lang) }
            </header>
            <p class="subtitle">{ lang.home().home_subtitle }</p>
            // Joining a friend's table comes first: a person with a code should not have to
            // look for it under the games.
            <JoinByCode />
            { open_tables::<true>(lang, tables.as_deref().map(Vec::as_slice)) }
            <ul class="games" role="list">
                { for GAMES.iter().map(|g| {
                    let name = (g.name)(s);
                    let blurb = (g.blurb)(lang.home());
                    let pips = html! {
                        <span class="game-pips" aria-hidden="true">
                            { for g.pips.iter().map(|&suit| html! {
                                <svg viewBox="0 0 100 100" focusable="false">
                                    { suit_shape(suit, 50.0, 50.0, 90.0, false) }
                                </svg>
                            }) }
                        </span>
                    };
                    if let Some(game) = g.game {
                        let href = Route::Setup(game, String::new()).href();
                        // A game in progress: its card starts a new one, and a "continue"
                        // button on the card goes back to the table.
                        let going = saved.iter().find(|(x, _)| *x == game).map(|(_, h)| h.clone());
                        html! {
                            <li class={cls!("game", "playable", going.is_some().then_some("in-progress"))}>
                                <a class="game-card" data-testid={format!("game-{}", g.id)} {href}>
                                    { pips }
                                    <span class="game-name">{ name }</span>
                                    <span class="game-blurb">{ blurb }</span>
                                    { GameId::ALL.iter().position(|&x| x == game)
                                        .map(|i| stats_line(lang, &stats[i], &format!("stats-{}", game.slug())))
                                        .unwrap_or_default() }
                                    <span class="game-go">{ if going.is_some() { s.new_match } else { s.play } }</span>
                                </a>
                                if let Some(hash) = going {
                                    <a class="continue-chip" data-testid="continue" data-game={game.slug()}
                                        href={hash} aria-label={fill(s.continue_of, &[("game", game_name(game, lang))])}>
                                        { s.continue_short }
                                    </a>
                                }
                            </li>
                        }
                    } else {
                        html! {
                            <li class="game soon">
                                <button type="button" class="game-card" disabled=true
                                    data-testid={format!("game-{}", g.id)}
                                    aria-label={format!("{name} ({})", lang.home().coming_soon)}>
                                    { pips }
                                    <span class="game-name">{ name }</span>
                                    <span class="game-blurb">{ blurb }</span>
                                    <span class="badge-soon">{ lang.home().coming_soon }</span>
                                </button>
                            </li>
                        }
                    }
                }) }
            </ul>
        </main>
    }
}

/// A room's code as typed: the relay's six characters, in capitals (spaces dropped); `None`
/// if it cannot be one.
fn room_code(text: &str) -> Option<String> {
    let code: String = text
        .split_whitespace()
        .collect::<String>()
        .to_ascii_uppercase();
    let ok = code.len() == protocol::CODE_LEN
        && code.chars().all(|c| protocol::CODE_ALPHABET.contains(c));
    ok.then_some(code)
}

/// "Join a table": a room's code opens an online page, which asks the relay which game the
/// room plays and moves to that game's page if it is another one.
#[function_component(JoinByCode)]
fn join_by_code() -> Html {
    let lang = use_lang();
    let s = lang.site();
    let text = use_state(String::new);
    let bad = use_state(|| false);
    let oninput = {
        let text = text.clone();
        let bad = bad.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                text.set(i.value());
                bad.set(false);
            }
        })
    };
    let onsubmit = {
        let text = text.clone();
        let bad = bad.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match room_code(&text) {
                Some(code) => web::open_page(&Route::Room(GameId::Hokm, code).href()),
                None => bad.set(true),
            }
        })
    };
    html! {
        <form class="panel join-code" data-testid="join-code" {onsubmit}>
            <label for="join-code-input">{ s.join_by_code }</label>
            <div class="join-code-row">
                <input id="join-code-input" type="text" data-testid="join-code-input" maxlength="8"
                    autocomplete="off" spellcheck="false" dir="ltr" placeholder="K7QM3X"
                    value={(*text).clone()} {oninput} />
                <button type="submit" class="btn btn-small" data-testid="join-code-go">{ s.join }</button>
            </div>
            if *bad { <p class="form-error" role="alert" data-testid="join-code-bad">{ s.join_code_bad }</p> }
        </form>
    }
}
