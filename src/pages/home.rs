//! The home page: the games of the site (only Hokm is playable yet) and a way back into a
//! game in progress.

use crate::app::use_lang;
use crate::components::card::suit_shape;
use crate::components::lang_toggle::LangToggle;
use crate::route::Route;
use crate::state::{Save, SAVE_KEY};
use crate::web;
use engine::{Game, Suit};
use yew::prelude::*;

struct GameEntry {
    id: &'static str,
    name: fn(&crate::i18n::Strings) -> &'static str,
    blurb: fn(&crate::i18n::Strings) -> &'static str,
    pips: &'static [Suit],
    playable: bool,
}

const GAMES: [GameEntry; 6] = [
    GameEntry {
        id: "hokm",
        name: |s| s.game_hokm,
        blurb: |s| s.game_hokm_blurb,
        pips: &[Suit::Spades, Suit::Hearts],
        playable: true,
    },
    GameEntry {
        id: "shelem",
        name: |s| s.game_shelem,
        blurb: |s| s.game_shelem_blurb,
        pips: &[Suit::Clubs, Suit::Diamonds],
        playable: false,
    },
    GameEntry {
        id: "pasur",
        name: |s| s.game_pasur,
        blurb: |s| s.game_pasur_blurb,
        pips: &[Suit::Clubs],
        playable: false,
    },
    GameEntry {
        id: "bidel",
        name: |s| s.game_bidel,
        blurb: |s| s.game_bidel_blurb,
        pips: &[Suit::Hearts],
        playable: false,
    },
    GameEntry {
        id: "haft-khabis",
        name: |s| s.game_haft_khabis,
        blurb: |s| s.game_haft_khabis_blurb,
        pips: &[Suit::Spades],
        playable: false,
    },
    GameEntry {
        id: "crazy-eights",
        name: |s| s.game_crazy_eights,
        blurb: |s| s.game_crazy_eights_blurb,
        pips: &[Suit::Diamonds],
        playable: false,
    },
];

/// The list of games.
#[function_component(HomePage)]
pub fn home_page() -> Html {
    let lang = use_lang();
    let s = lang.s();
    // A game in progress (not finished) can be continued.
    let saved = use_memo((), |_| {
        let save = Save::parse(&web::storage_get(SAVE_KEY)?)?;
        let st = crate::state::TableState::restore(&save)?;
        st.game.outcome().is_none().then_some(save.config)
    });
    html! {
        <main class="page home-page">
            <header class="topbar">
                <h1 class="site-title">{ s.app_title }</h1>
                <LangToggle />
            </header>
            <p class="subtitle">{ s.home_subtitle }</p>
            if let Some(config) = (*saved).clone() {
                <a class="btn continue" data-testid="continue"
                    href={Route::HokmTable(config.to_query()).hash()}>
                    { s.continue_game }
                </a>
            }
            <ul class="games" role="list">
                { for GAMES.iter().map(|g| {
                    let name = (g.name)(s);
                    let blurb = (g.blurb)(s);
                    let pips = html! {
                        <span class="game-pips" aria-hidden="true">
                            { for g.pips.iter().map(|&suit| html! {
                                <svg viewBox="0 0 100 100" focusable="false">
                                    { suit_shape(suit, 50.0, 50.0, 90.0, false) }
                                </svg>
                            }) }
                        </span>
                    };
                    if g.playable {
                        let href = Route::HokmSetup(String::new()).hash();
                        html! {
                            <li class="game playable">
                                <a class="game-card" data-testid={format!("game-{}", g.id)} {href}>
                                    { pips }
                                    <span class="game-name">{ name }</span>
                                    <span class="game-blurb">{ blurb }</span>
                                    <span class="game-go">{ s.play }</span>
                                </a>
                            </li>
                        }
                    } else {
                        html! {
                            <li class="game soon">
                                <button type="button" class="game-card" disabled=true
                                    data-testid={format!("game-{}", g.id)}
                                    aria-label={format!("{name} ({})", s.coming_soon)}>
                                    { pips }
                                    <span class="game-name">{ name }</span>
                                    <span class="game-blurb">{ blurb }</span>
                                    <span class="badge-soon">{ s.coming_soon }</span>
                                </button>
                            </li>
                        }
                    }
                }) }
            </ul>
        </main>
    }
}
