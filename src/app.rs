//! The root component: language and notices (shared through [`AppCtx`]), the hash router,
//! and the pages.

use crate::components::notice::NoticeBar;
use crate::components::sprite::SvgDefs;
use crate::games::GameId;
use crate::i18n::Lang;
use crate::pages::home::HomePage;
use crate::pages::rules::RulesPage;
use crate::pages::setup::SetupPage;
use crate::pages::table::TableRoute;
use crate::route::Route;
use crate::state::{parse_save, save_key, OLD_SAVE_KEY};
use crate::web;
use engine::games::bidel::Bidel;
use engine::games::crazy_eights::CrazyEights;
use engine::games::haft_khabis::HaftKhabis;
use engine::games::hokm::Hokm;
use engine::games::pasur::Pasur;
use engine::games::shelem::Shelem;
use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use yew::prelude::*;

/// The local-storage key of the chosen language.
pub const LANG_KEY: &str = "cards.lang";
/// How long a notice stays, in milliseconds.
pub const NOTICE_MS: u32 = 10_000;

/// A message shown at the top of every screen until dismissed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A saved game was corrupt or from an old version and was discarded.
    RestoreFailed,
    /// A link held invalid values; defaults were used.
    BadLink,
}

/// What every component may read: the language, and ways to change it or show a notice.
#[derive(Clone, PartialEq)]
pub struct AppCtx {
    pub lang: Lang,
    pub set_lang: Callback<Lang>,
    pub notify: Callback<Notice>,
}

/// The current language (Persian when there is no context, e.g. in isolation).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<AppCtx>().map(|c| c.lang).unwrap_or_default()
}

/// Whether `json` is a save of `game` that this version reads.
pub fn save_is_valid(game: GameId, json: &str) -> bool {
    match game {
        GameId::Hokm => parse_save::<Hokm>(json).is_some(),
        GameId::Shelem => parse_save::<Shelem>(json).is_some(),
        GameId::Bidel => parse_save::<Bidel>(json).is_some(),
        GameId::Pasur => parse_save::<Pasur>(json).is_some(),
        GameId::CrazyEights => parse_save::<CrazyEights>(json).is_some(),
        GameId::HaftKhabis => parse_save::<HaftKhabis>(json).is_some(),
    }
}

/// The whole application.
#[function_component(App)]
pub fn app() -> Html {
    let lang = use_state(|| {
        web::storage_get(LANG_KEY)
            .and_then(|c| Lang::from_code(&c))
            .unwrap_or_default()
    });
    let route = use_state(|| Route::parse(&web::current_hash()));
    let notices = use_state(Vec::<Notice>::new);

    // <html lang dir> and the remembered choice follow the language.
    use_effect_with(*lang, |lang| {
        web::set_document_lang(*lang);
        web::storage_set(LANG_KEY, lang.code());
    });

    // The router: follow `hashchange`.
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "hashchange", move |_| {
                    route.set(Route::parse(&web::current_hash()));
                })
            });
            move || drop(listener)
        });
    }

    let notify = {
        let notices = notices.clone();
        Callback::from(move |n: Notice| {
            if !notices.contains(&n) {
                let mut v = (*notices).clone();
                v.push(n);
                notices.set(v);
            }
        })
    };

    // A save that cannot be read is discarded once, with a notice; the first version's
    // save (one Hokm table) is dropped.
    {
        let notify = notify.clone();
        use_effect_with((), move |_| {
            web::storage_remove(OLD_SAVE_KEY);
            let mut bad = false;
            for game in GameId::ALL {
                let key = save_key(game.slug());
                if let Some(json) = web::storage_get(&key) {
                    if !save_is_valid(game, &json) {
                        web::storage_remove(&key);
                        bad = true;
                    }
                }
            }
            if bad {
                notify.emit(Notice::RestoreFailed);
            }
        });
    }

    // Notices go away by themselves after a while.
    {
        let handle = notices.clone();
        use_effect_with((*notices).clone(), move |list| {
            let timer =
                (!list.is_empty()).then(|| Timeout::new(NOTICE_MS, move || handle.set(Vec::new())));
            move || drop(timer)
        });
    }

    let ctx = AppCtx {
        lang: *lang,
        set_lang: {
            let lang = lang.clone();
            Callback::from(move |l: Lang| lang.set(l))
        },
        notify,
    };
    let dismiss = {
        let notices = notices.clone();
        Callback::from(move |n: Notice| {
            let v: Vec<Notice> = notices.iter().copied().filter(|x| *x != n).collect();
            notices.set(v);
        })
    };

    let page = match &*route {
        Route::Home => html! { <HomePage /> },
        Route::Setup(GameId::Hokm, q) => html! { <SetupPage<Hokm> query={q.clone()} /> },
        Route::Setup(GameId::Shelem, q) => html! { <SetupPage<Shelem> query={q.clone()} /> },
        Route::Setup(GameId::Bidel, q) => html! { <SetupPage<Bidel> query={q.clone()} /> },
        Route::Setup(GameId::Pasur, q) => html! { <SetupPage<Pasur> query={q.clone()} /> },
        Route::Setup(GameId::CrazyEights, q) => {
            html! { <SetupPage<CrazyEights> query={q.clone()} /> }
        }
        Route::Setup(GameId::HaftKhabis, q) => {
            html! { <SetupPage<HaftKhabis> query={q.clone()} /> }
        }
        Route::Table(GameId::Hokm, q) => html! { <TableRoute<Hokm> query={q.clone()} /> },
        Route::Table(GameId::Shelem, q) => html! { <TableRoute<Shelem> query={q.clone()} /> },
        Route::Table(GameId::Bidel, q) => html! { <TableRoute<Bidel> query={q.clone()} /> },
        Route::Table(GameId::Pasur, q) => html! { <TableRoute<Pasur> query={q.clone()} /> },
        Route::Table(GameId::CrazyEights, q) => {
            html! { <TableRoute<CrazyEights> query={q.clone()} /> }
        }
        Route::Table(GameId::HaftKhabis, q) => {
            html! { <TableRoute<HaftKhabis> query={q.clone()} /> }
        }
        Route::Rules(game, back) => {
            html! { <RulesPage game={game.slug()} back={back.clone().map(AttrValue::from)} /> }
        }
    };

    html! {
        <ContextProvider<AppCtx> context={ctx}>
            <SvgDefs />
            <NoticeBar notices={(*notices).clone()} on_dismiss={dismiss} />
            { page }
        </ContextProvider<AppCtx>>
    }
}
