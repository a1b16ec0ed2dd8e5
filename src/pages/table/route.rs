//! A table link made canonical, then the game's table screen ([`TablePage`]).

use crate::adapters::UiGame;
use crate::components::lang_toggle::lang_toggle;
use crate::components::one_tab::OneTab;
use crate::config::TableConfig;
use crate::context::{AppCtx, Notice};
use crate::online::OnlineLink;
use crate::route::Route;
use crate::web;
use yew::prelude::*;
/// A game with a table screen.
pub trait TablePage: UiGame {
    /// The game's table screen component.
    type Screen: BaseComponent<Properties = TableProps<Self::Settings>>;

    /// The game's table screen for a canonical link (`key` renews it when the link changes);
    /// with `online`, the table of a room on the relay.
    fn table(config: TableConfig<Self::Settings>, key: String, online: Option<OnlineLink>) -> Html {
        let props = TableProps { config, online };
        yew::virtual_dom::VChild::<Self::Screen>::new(props, Some(key.into())).into()
    }
}

/// A game's table screen: a canonical link's settings and seats.
#[derive(Properties, PartialEq)]
pub struct TableProps<S: PartialEq> {
    pub config: TableConfig<S>,
    /// Played online: the room's link (the table then runs on the relay's frames).
    #[prop_or_default]
    pub online: Option<OnlineLink>,
}

#[derive(Properties, PartialEq)]
pub struct TableRouteProps {
    pub query: AttrValue,
}

/// What the router decided to show for a table link.
#[derive(Clone, PartialEq)]
enum TableLink<S> {
    /// The link is canonical: show this table.
    Show(TableConfig<S>, String),
    /// The link must be rewritten (seed added, bad values replaced) first.
    Rewrite(String, bool),
}

fn table_link<G: UiGame>(query: &str) -> TableLink<G::Settings> {
    let parsed = TableConfig::<G::Settings>::from_query(query, G::PLAYER_COUNTS);
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

/// A table link: made canonical first (a seed added, bad values replaced, with a notice),
/// then the game's table. Memoized on the link, so a missing seed is drawn once.
#[function_component(TableRoute)]
pub fn table_route<G: TablePage>(props: &TableRouteProps) -> Html {
    let ctx = use_context::<AppCtx>();
    let lang = ctx.as_ref().map(|c| c.lang).unwrap_or_default();
    let link = use_memo(props.query.clone(), |q| table_link::<G>(q));
    {
        let rewrite = match &*link {
            TableLink::Rewrite(q, bad) => Some((q.clone(), *bad)),
            TableLink::Show(..) => None,
        };
        use_effect_with(rewrite, move |rewrite| {
            if let Some((q, bad)) = rewrite {
                if *bad {
                    if let Some(ctx) = ctx {
                        ctx.notify.emit(Notice::BadLink);
                    }
                }
                web::replace(&Route::Table(G::ID, q.clone()).hash());
            }
        });
    }
    match &*link {
        TableLink::Show(config, key) => html! {
            <OneTab slug={G::ID.slug()}>{ G::table(config.clone(), key.clone(), None) }</OneTab>
        },
        TableLink::Rewrite(..) => html! {
            <main class="page loading">{ lang_toggle(lang) }</main>
        },
    }
}
