//! The root component: language and notices (shared through [`AppCtx`]), the hash router,
//! and the pages.

use crate::components::lang_toggle::LangToggle;
use crate::components::notice::NoticeBar;
use crate::components::sprite::SvgDefs;
use crate::config::TableConfig;
use crate::i18n::Lang;
use crate::pages::home::HomePage;
use crate::pages::setup::SetupPage;
use crate::pages::table::TablePage;
use crate::route::Route;
use crate::state::{Save, SAVE_KEY};
use crate::web;
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

/// What the router decided to show for a table link.
enum TableLink {
    /// The link is canonical: show this table.
    Show(TableConfig, String),
    /// The link must be rewritten (seed added, bad values replaced) first.
    Rewrite(String, bool),
}

fn table_link(query: &str) -> TableLink {
    let parsed = TableConfig::from_query(query);
    let mut config = parsed.config;
    if parsed.seed.is_none() {
        config.seed = web::random_seed();
    }
    let canonical = config.to_query();
    if canonical == query && !parsed.had_errors {
        TableLink::Show(config, canonical)
    } else {
        TableLink::Rewrite(canonical, parsed.had_errors)
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

    // A save that cannot be read is discarded once, with a notice.
    {
        let notify = notify.clone();
        use_effect_with((), move |_| {
            if let Some(json) = web::storage_get(SAVE_KEY) {
                if Save::parse(&json).is_none() {
                    web::storage_remove(SAVE_KEY);
                    notify.emit(Notice::RestoreFailed);
                }
            }
        });
    }

    // Table links are made canonical (a seed added, bad values replaced) before showing.
    // Memoized on the route, so a missing seed is drawn once per link.
    let table = use_memo((*route).clone(), |route| match route {
        Route::HokmTable(q) => Some(table_link(q)),
        _ => None,
    });
    {
        let notify = notify.clone();
        let rewrite = match &*table {
            Some(TableLink::Rewrite(q, bad)) => Some((q.clone(), *bad)),
            _ => None,
        };
        use_effect_with(rewrite, move |rewrite| {
            if let Some((q, bad)) = rewrite {
                if *bad {
                    notify.emit(Notice::BadLink);
                }
                web::replace(&Route::HokmTable(q.clone()).hash());
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
        Route::HokmSetup(q) => html! { <SetupPage query={q.clone()} /> },
        Route::HokmTable(_) => match &*table {
            Some(TableLink::Show(config, key)) => {
                html! { <TablePage key={key.clone()} config={config.clone()} /> }
            }
            _ => html! { <main class="page loading"><LangToggle /></main> },
        },
    };

    html! {
        <ContextProvider<AppCtx> context={ctx}>
            <SvgDefs />
            <NoticeBar notices={(*notices).clone()} on_dismiss={dismiss} />
            { page }
        </ContextProvider<AppCtx>>
    }
}
