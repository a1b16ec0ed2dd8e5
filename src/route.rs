//! A tiny hash router: the route lives after `#`, so the static build works from any
//! folder with no server rewrites.
//!
//! - `#/` (or nothing): the home page
//! - `#/<game>/setup?…`: the setup form of a game, prefilled from the query
//! - `#/<game>?seed=…&seats=…&…`: a table (see [`crate::config`] for the query)
//! - `#/<game>/rules?back=…`: the rule page; `back` (percent-encoded) is the hash to
//!   return to
//!
//! `<game>` is a [`GameId::slug`]: `hokm`, `shelem`, `pasur`, `bidel`, `haft-khabis`,
//! `crazy-eights`.
//!
//! Each game's screens live on their own page, `<slug>.html`, and the home page on
//! `index.html` ([`Route::page_file`]); every page reads the same hashes, so an old link
//! (`index.html#/hokm?…`) still arrives at its table.

use crate::adapters::GameId;
use crate::config::{percent_decode, percent_encode};

/// A screen of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    /// The setup form; the query (without `?`) prefills it.
    Setup(GameId, String),
    /// A table; the query (without `?`) describes it.
    Table(GameId, String),
    /// The rule page, and the hash to go back to (if any).
    Rules(GameId, Option<String>),
    /// A new room on the relay with the setup's seats and settings:
    /// `#/<game>/online?players=N&settings=JSON` ([`crate::config::TableConfig::online_query`]).
    Online(GameId, String),
    /// A room on the relay by its code: `#/<game>/room/<code>`.
    Room(GameId, String),
    /// Watching a room on the relay, without a seat: `#/<game>/watch/<code>` (issue 23).
    Watch(GameId, String),
}

impl Route {
    /// Reads a location hash (with or without `#`); anything unknown is the home page.
    pub fn parse(hash: &str) -> Route {
        let h = hash.trim_start_matches('#');
        let (path, query) = h.split_once('?').unwrap_or((h, ""));
        let path = path.trim_start_matches('/').trim_end_matches('/');
        let (slug, page) = path.split_once('/').unwrap_or((path, ""));
        let Some(game) = GameId::from_slug(slug) else {
            return Route::Home;
        };
        match page {
            "" => Route::Table(game, query.to_string()),
            "online" => Route::Online(game, query.to_string()),
            p if p.starts_with("room/") => Route::Room(game, p["room/".len()..].to_string()),
            p if p.starts_with("watch/") => Route::Watch(game, p["watch/".len()..].to_string()),
            "setup" => Route::Setup(game, query.to_string()),
            "rules" => {
                let back = query
                    .split('&')
                    .find_map(|p| p.strip_prefix("back="))
                    .and_then(percent_decode)
                    .filter(|b| b.starts_with('#'));
                Route::Rules(game, back)
            }
            _ => Route::Home,
        }
    }

    /// The page of the site that has this route: `./` (the home page, `index.html`),
    /// `<slug>.html` for a game's setup form and table, `<slug>-online.html` for its rooms,
    /// `rules.html` for every rule page. Relative, so the site works under any folder.
    pub fn page_file(&self) -> String {
        match self {
            Route::Home => "./".to_string(),
            Route::Setup(g, _) | Route::Table(g, _) => format!("{}.html", g.slug()),
            // Every game's rule page is one page of its own: a screen opened rarely, so the
            // game's pages do not carry its text.
            Route::Rules(..) => "rules.html".to_string(),
            Route::Online(g, _) | Route::Room(g, _) | Route::Watch(g, _) => {
                format!("{}-online.html", g.slug())
            }
        }
    }

    /// A link to this route from any page of the site: its page and its hash.
    pub fn href(&self) -> String {
        format!("{}{}", self.page_file(), self.hash())
    }

    /// The hash of this route, with the leading `#`.
    pub fn hash(&self) -> String {
        let with = |path: String, q: &str| {
            if q.is_empty() {
                format!("#{path}")
            } else {
                format!("#{path}?{q}")
            }
        };
        match self {
            Route::Home => "#/".to_string(),
            Route::Setup(g, q) => with(format!("/{}/setup", g.slug()), q),
            Route::Table(g, q) => with(format!("/{}", g.slug()), q),
            Route::Online(g, q) => with(format!("/{}/online", g.slug()), q),
            Route::Room(g, code) => format!("#/{}/room/{code}", g.slug()),
            Route::Watch(g, code) => format!("#/{}/watch/{code}", g.slug()),
            Route::Rules(g, back) => {
                let q = back
                    .as_ref()
                    .map(|b| format!("back={}", percent_encode(b)))
                    .unwrap_or_default();
                with(format!("/{}/rules", g.slug()), &q)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_parse_and_print() {
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#/"), Route::Home);
        assert_eq!(Route::parse("#/nowhere?x=1"), Route::Home);
        assert_eq!(Route::parse("#/hokm/nowhere"), Route::Home);
        assert_eq!(
            Route::parse("#/hokm?seed=1"),
            Route::Table(GameId::Hokm, "seed=1".into())
        );
        assert_eq!(
            Route::parse("#/hokm/"),
            Route::Table(GameId::Hokm, String::new())
        );
        assert_eq!(
            Route::parse("#/bidel/setup?target=200"),
            Route::Setup(GameId::Bidel, "target=200".into())
        );
        assert_eq!(
            Route::parse("#/shelem/rules?back=%23%2Fshelem%3Fseed%3D1"),
            Route::Rules(GameId::Shelem, Some("#/shelem?seed=1".into()))
        );
        assert_eq!(
            Route::parse("#/shelem/rules?back=http%3A%2F%2Fevil"),
            Route::Rules(GameId::Shelem, None),
            "back only goes to a route of this app"
        );
        for r in [
            Route::Home,
            Route::Setup(GameId::Hokm, "a=1".into()),
            Route::Table(GameId::Shelem, String::new()),
            Route::Table(GameId::Bidel, "seed=3&seats=ybb".into()),
            Route::Rules(GameId::Bidel, None),
            Route::Rules(GameId::Hokm, Some("#/hokm?seed=1&seats=ybbb".into())),
            Route::Room(GameId::Pasur, "K7QM3X".into()),
            Route::Watch(GameId::Hokm, "K7QM3X".into()),
        ] {
            assert_eq!(Route::parse(&r.hash()), r);
        }
    }

    #[test]
    fn each_route_links_to_the_page_that_has_it() {
        assert_eq!(Route::Home.href(), "./#/");
        assert_eq!(
            Route::Setup(GameId::Hokm, String::new()).href(),
            "hokm.html#/hokm/setup"
        );
        assert_eq!(
            Route::Table(GameId::CrazyEights, "seed=1".into()).href(),
            "crazy-eights.html#/crazy-eights?seed=1"
        );
        assert_eq!(
            Route::Rules(GameId::HaftKhabis, None).href(),
            "rules.html#/haft-khabis/rules"
        );
        // Issue 23: watching a room is the game's online page.
        assert_eq!(
            Route::Watch(GameId::Shelem, "K7QM3X".into()).href(),
            "shelem-online.html#/shelem/watch/K7QM3X"
        );
    }
}
