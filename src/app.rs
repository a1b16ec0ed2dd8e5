//! The root component: language and notices (shared through [`AppCtx`], crate::context), the hash router,
//! and which screens a page of the site has ([`Site`]).

use crate::adapters::GameId;
use crate::components::notice::{notice_bar, NoticeBarProps};
use crate::components::sprite::svg_defs;
use crate::context::{AppCtx, Notice};
use crate::i18n::Lang;
use crate::pages::home::HomePage;
use crate::pages::room::{RoomOpen, RoomPage};
use crate::pages::rules::RulesPage;
use crate::pages::setup::SetupPage;
use crate::pages::table::{TablePage, TableRoute};
use crate::prefs::Prefs;
use crate::route::Route;
use crate::state::{parse_save, progress_key, save_key, OLD_SAVE_KEY, SAVE_VERSION};
use crate::web;
use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use std::marker::PhantomData;
use yew::prelude::*;

/// The local-storage key of the chosen language.
pub const LANG_KEY: &str = "cards.lang";
/// How long a notice stays, in milliseconds.
pub const NOTICE_MS: u32 = 10_000;

/// What one page of the site (one WebAssembly module) has: the screens of some routes.
/// A route it does not have opens the page that has it.
pub trait Site: 'static {
    /// The screen of `route`, or `None` if another page has it.
    fn page(route: &Route) -> Option<Html>;

    /// Drops this page's saves that cannot be read; `true` if one was dropped.
    fn drop_bad_saves() -> bool;
}

/// The home page (`index.html`): the list of games and the games in progress.
pub struct Home;

impl Site for Home {
    fn page(route: &Route) -> Option<Html> {
        matches!(route, Route::Home).then(|| html! { <HomePage /> })
    }

    /// Without any game's code, only what the browser's JSON parser can tell: a save that
    /// is not JSON, or from another version, is dropped. The game's own page checks the
    /// rest when it opens.
    fn drop_bad_saves() -> bool {
        let mut dropped = false;
        for game in GameId::ALL {
            let key = save_key(game.slug());
            if let Some(json) = web::storage_get(&key) {
                if !web::json_version_is(&json, SAVE_VERSION) {
                    web::storage_remove(&key);
                    web::storage_remove(&progress_key(game.slug()));
                    dropped = true;
                }
            }
        }
        dropped
    }
}

/// Every game's rule page (`rules.html`): text a player opens rarely, kept out of the game's
/// own page (which links here and is linked back to).
pub struct Rules;

impl Site for Rules {
    fn page(route: &Route) -> Option<Html> {
        match route {
            Route::Rules(g, back) => Some(html! {
                <RulesPage rules={crate::rule_pages::of(*g)} back={back.clone().map(AttrValue::from)} />
            }),
            _ => None,
        }
    }

    fn drop_bad_saves() -> bool {
        false
    }
}

/// The page of one game (`<slug>.html`): its setup form and table.
pub struct Play<G>(PhantomData<G>);

impl<G: TablePage> Site for Play<G> {
    fn page(route: &Route) -> Option<Html> {
        match route {
            Route::Setup(g, q) if *g == G::ID => Some(html! { <SetupPage<G> query={q.clone()} /> }),
            Route::Table(g, q) if *g == G::ID => {
                Some(html! { <TableRoute<G> query={q.clone()} /> })
            }
            _ => None,
        }
    }

    fn drop_bad_saves() -> bool {
        let key = save_key(G::ID.slug());
        match web::storage_get(&key) {
            Some(json) if parse_save::<G>(&json).is_none() => {
                web::storage_remove(&key);
                web::storage_remove(&progress_key(G::ID.slug()));
                true
            }
            _ => false,
        }
    }
}

/// The online page of one game (`<slug>-online.html`): its rooms on the relay, with the
/// same table. Offline pages carry none of its code (the messages, the socket, reading
/// frames), so they stay small.
pub struct PlayOnline<G>(PhantomData<G>);

impl<G: TablePage> Site for PlayOnline<G> {
    fn page(route: &Route) -> Option<Html> {
        match route {
            Route::Online(g, q) if *g == G::ID => Some(html! {
                <RoomPage<G> open={RoomOpen::Create(q.clone())} />
            }),
            Route::Room(g, code) if *g == G::ID => Some(html! {
                <RoomPage<G> key={code.clone()} open={RoomOpen::Code(code.clone())} />
            }),
            Route::Watch(g, code) if *g == G::ID => Some(html! {
                <RoomPage<G> key={format!("w{code}")} open={RoomOpen::Watch(code.clone())} />
            }),
            _ => None,
        }
    }

    fn drop_bad_saves() -> bool {
        false
    }
}

/// A page of the site, showing the screens `S` has.
#[function_component(App)]
pub fn app<S: Site>() -> Html {
    let lang = use_state(|| {
        web::storage_get(LANG_KEY)
            .and_then(|c| Lang::from_code(&c))
            .unwrap_or_default()
    });
    let route = use_state(|| Route::parse(&web::current_hash()));
    let notices = use_state(Vec::<Notice>::new);
    let prefs = use_state(Prefs::load);

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

    // A save that cannot be read is discarded before the first screen is drawn (so nothing
    // offers to continue it), with a notice; the first version's save (one Hokm table) is
    // dropped.
    let dropped = *use_state(|| {
        web::storage_remove(OLD_SAVE_KEY);
        S::drop_bad_saves()
    });
    {
        let notify = notify.clone();
        use_effect_with((), move |_| {
            if dropped {
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

    crate::context::offer_lang_switch(lang.setter());
    let ctx = AppCtx {
        lang: *lang,
        notify,
        prefs: *prefs,
        set_prefs: Callback::from(move |p: Prefs| {
            p.store();
            prefs.set(p);
        }),
    };
    let dismiss = {
        let notices = notices.clone();
        Callback::from(move |n: Notice| {
            let v: Vec<Notice> = notices.iter().copied().filter(|x| *x != n).collect();
            notices.set(v);
        })
    };

    // A route this page does not have: open the page that has it (replacing this history
    // entry, so Back does not return here).
    let page = S::page(&route);
    use_effect_with(page.is_none().then(|| route.href()), |elsewhere| {
        if let Some(href) = elsewhere {
            web::open_page(href);
        }
    });
    let page = page.unwrap_or_else(|| html! { <main class="page loading" /> });

    html! {
        <ContextProvider<AppCtx> context={ctx}>
            { svg_defs() }
            { notice_bar(*lang, &NoticeBarProps { notices: (*notices).clone(), on_dismiss: dismiss }) }
            { page }
        </ContextProvider<AppCtx>>
    }
}
