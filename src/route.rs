//! A tiny hash router: the route lives after `#`, so the static build works from any
//! folder with no server rewrites.
//!
//! - `#/` (or nothing): the home page
//! - `#/hokm/setup?…`: the Hokm setup form, prefilled from the query
//! - `#/hokm?seed=…&seats=…&…`: a Hokm table (see [`crate::config`] for the query)

/// A screen of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    /// The setup form; the query (without `?`) prefills it.
    HokmSetup(String),
    /// A table; the query (without `?`) describes it.
    HokmTable(String),
}

impl Route {
    /// Reads a location hash (with or without `#`); anything unknown is the home page.
    pub fn parse(hash: &str) -> Route {
        let h = hash.trim_start_matches('#');
        let (path, query) = h.split_once('?').unwrap_or((h, ""));
        match path.trim_end_matches('/') {
            "/hokm/setup" | "hokm/setup" => Route::HokmSetup(query.to_string()),
            "/hokm" | "hokm" => Route::HokmTable(query.to_string()),
            _ => Route::Home,
        }
    }

    /// The hash of this route, with the leading `#`.
    pub fn hash(&self) -> String {
        let with = |path: &str, q: &str| {
            if q.is_empty() {
                format!("#{path}")
            } else {
                format!("#{path}?{q}")
            }
        };
        match self {
            Route::Home => "#/".to_string(),
            Route::HokmSetup(q) => with("/hokm/setup", q),
            Route::HokmTable(q) => with("/hokm", q),
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
        assert_eq!(
            Route::parse("#/hokm?seed=1"),
            Route::HokmTable("seed=1".into())
        );
        assert_eq!(Route::parse("#/hokm/"), Route::HokmTable(String::new()));
        assert_eq!(
            Route::parse("#/hokm/setup?target=5"),
            Route::HokmSetup("target=5".into())
        );
        for r in [
            Route::Home,
            Route::HokmSetup("a=1".into()),
            Route::HokmTable(String::new()),
        ] {
            assert_eq!(Route::parse(&r.hash()), r);
        }
    }
}
