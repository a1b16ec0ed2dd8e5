//! The games. Each has its state, actions, view and scoring in its own module.
//!
//! [`GameKind`] is the one list of them for the whole workspace: each game's names (its
//! [`Game::NAME`], the slug of its links and pages) and, through [`with_game_kind!`], its
//! type. The registry, the worker and the web app dispatch on it; none keeps a list of
//! slugs of its own.

use crate::game::Game;

pub mod bidel;
pub mod crazy_eights;
pub mod haft_khabis;
pub mod hokm;
pub mod pasur;
pub mod shedding;
pub mod shelem;
pub mod trick;

/// A game of the workspace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Hokm,
    Shelem,
    Pasur,
    Bidel,
    CrazyEights,
    HaftKhabis,
}

/// Runs `$body` with the type alias `$G` naming the game of the kind `$kind`:
/// `with_game_kind!(kind, |G| G::NAME)`. The body may use `G` where a concrete type is
/// needed (a call generic over a trait the game implements in another crate).
#[macro_export]
macro_rules! with_game_kind {
    ($kind:expr, |$G:ident| $body:expr) => {
        match $kind {
            $crate::games::GameKind::Hokm => {
                type $G = $crate::games::hokm::Hokm;
                $body
            }
            $crate::games::GameKind::Shelem => {
                type $G = $crate::games::shelem::Shelem;
                $body
            }
            $crate::games::GameKind::Pasur => {
                type $G = $crate::games::pasur::Pasur;
                $body
            }
            $crate::games::GameKind::Bidel => {
                type $G = $crate::games::bidel::Bidel;
                $body
            }
            $crate::games::GameKind::CrazyEights => {
                type $G = $crate::games::crazy_eights::CrazyEights;
                $body
            }
            $crate::games::GameKind::HaftKhabis => {
                type $G = $crate::games::haft_khabis::HaftKhabis;
                $body
            }
        }
    };
}

impl GameKind {
    /// Every game, in the home page's order.
    pub const ALL: [GameKind; 6] = [
        GameKind::Hokm,
        GameKind::Shelem,
        GameKind::Pasur,
        GameKind::Bidel,
        GameKind::HaftKhabis,
        GameKind::CrazyEights,
    ];

    /// The name in links, page names, saves and test ids (`haft-khabis`).
    pub const fn slug(self) -> &'static str {
        match self {
            GameKind::Hokm => "hokm",
            GameKind::Shelem => "shelem",
            GameKind::Pasur => "pasur",
            GameKind::Bidel => "bidel",
            GameKind::CrazyEights => "crazy-eights",
            GameKind::HaftKhabis => "haft-khabis",
        }
    }

    /// The game's command-line and match-log name, its [`Game::NAME`] (`haft_khabis`).
    pub const fn name(self) -> &'static str {
        with_game_kind!(self, |G| <G as Game>::NAME)
    }

    /// The game whose link slug is `slug`.
    pub fn from_slug(slug: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.slug() == slug)
    }

    /// The game named `name` by its [`GameKind::name`] or its [`GameKind::slug`].
    pub fn find(name: &str) -> Option<GameKind> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == name || g.slug() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_names_its_game_and_is_found_by_either_name() {
        for (i, k) in GameKind::ALL.into_iter().enumerate() {
            assert_eq!(with_game_kind!(k, |G| G::KIND), k);
            assert_eq!(GameKind::find(k.name()), Some(k));
            assert_eq!(GameKind::find(k.slug()), Some(k));
            assert_eq!(GameKind::from_slug(k.slug()), Some(k));
            assert!(!GameKind::ALL[..i].contains(&k), "listed once");
        }
        assert_eq!(GameKind::HaftKhabis.name(), "haft_khabis");
        assert_eq!(GameKind::HaftKhabis.slug(), "haft-khabis");
        assert_eq!(GameKind::from_slug("haft_khabis"), None);
        assert_eq!(GameKind::find("chess"), None);
    }
}
