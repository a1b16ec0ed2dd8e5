//! A tiny hash router: the route lives after `#`, so the static build works from any
//! folder with no server rewrites.
//!
//! - `#/` (or nothing): the home page
//! - `#/<game>/setup?…`: the setup form of a game, prefilled from the query
//! - `#/<game>?seed=…&seats=…&…`: a table (see [`crate::config`] for the query)
//! - `#/<game>/rules?back=…`: the rule page; `back` (percent-encoded) is the hash to
//!   return to
//!
//! `<game>` is a [`GameId::slug`]: `hokm`, `shelem`, `pasur`, `bidel`.

use crate::config::{percent_decode, percent_encode};
use crate::games::GameId;

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
        ] {
            assert_eq!(Route::parse(&r.hash()), r);
        }
    }
}
