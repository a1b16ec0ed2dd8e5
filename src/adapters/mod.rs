//! What the screens need to know about each game beyond the engine's [`Game`] trait: its
//! place in links, its room settings as form fields ([`UiSettings`]), its bot, and how a
//! finished trick is shown. The setup form, links, saves, bots and the table's frame are
//! written once over [`UiGame`]; each game's page draws only what is its own.

pub mod bidel;
pub mod crazy_eights;
pub mod haft_khabis;
pub mod hokm;
pub mod pasur;
pub mod shelem;

use crate::i18n::en::EN;
use crate::i18n::fa::FA;
use crate::i18n::Lang;
use bots::Bot;
use engine::table::GameView;
use engine::{Card, Seat};

/// A game of the site, as it appears in links (`#/<slug>/…`): the engine's one list of
/// games ([`engine::games::GameKind`]: `ALL`, `slug`, `from_slug`).
pub use engine::games::GameKind as GameId;

/// The game's name in `lang`.
pub fn game_name(id: GameId, lang: Lang) -> &'static str {
    let s = lang.site();
    match id {
        GameId::Hokm => s.game_hokm,
        GameId::Shelem => s.game_shelem,
        GameId::Pasur => s.game_pasur,
        GameId::Bidel => s.game_bidel,
        GameId::CrazyEights => s.game_crazy_eights,
        GameId::HaftKhabis => s.game_haft_khabis,
    }
}

/// One room setting as the setup form, the link and the table's settings list show it.
#[derive(Clone, Copy, Debug)]
pub struct Opt {
    /// The link key; the form's test id is `opt-` and the key with `-` for `_`.
    pub key: &'static str,
    /// The values a choice takes (shown as numbers); empty for an on/off switch.
    pub values: &'static [i64],
    /// The label, Persian then English.
    pub label: [&'static str; 2],
    /// One line of explanation, Persian then English.
    pub help: [&'static str; 2],
    /// The player counts it applies to (empty: all).
    pub players: &'static [u8],
}

impl Opt {
    /// An on/off switch for every player count.
    pub const fn flag(key: &'static str, label: [&'static str; 2], help: [&'static str; 2]) -> Opt {
        Opt::choice(key, &[], label, help)
    }

    /// A choice among `values` for every player count.
    pub const fn choice(
        key: &'static str,
        values: &'static [i64],
        label: [&'static str; 2],
        help: [&'static str; 2],
    ) -> Opt {
        Opt {
            key,
            values,
            label,
            help,
            players: &[],
        }
    }

    /// The label in `lang`.
    pub fn label(&self, lang: Lang) -> &'static str {
        self.label[lang as usize]
    }

    /// The explanation in `lang`.
    pub fn help(&self, lang: Lang) -> &'static str {
        self.help[lang as usize]
    }

    /// Whether this is an on/off switch.
    pub fn is_flag(&self) -> bool {
        self.values.is_empty()
    }

    /// Whether it applies to a table of `players`.
    pub fn applies(&self, players: u8) -> bool {
        self.players.is_empty() || self.players.contains(&players)
    }

    /// Whether `v` is a value this setting takes.
    pub fn accepts(&self, v: i64) -> bool {
        if self.is_flag() {
            v == 0 || v == 1
        } else {
            self.values.contains(&v)
        }
    }

    /// The form's and the settings list's test id.
    pub fn testid(&self) -> String {
        format!("opt-{}", self.key.replace('_', "-"))
    }
}

/// The no-trump modes of HK-4 (Hokm, and Shelem by SH-6): Sars, Nars, Ace-Nars.
pub const NO_TRUMP_MODES: [Opt; 3] = [
    Opt {
        key: "sars",
        values: &[],
        label: [FA.opt_sars, EN.opt_sars],
        help: [FA.opt_sars_help, EN.opt_sars_help],
        players: &[],
    },
    Opt {
        key: "nars",
        values: &[],
        label: [FA.opt_nars, EN.opt_nars],
        help: [FA.opt_nars_help, EN.opt_nars_help],
        players: &[],
    },
    Opt {
        key: "ace_nars",
        values: &[],
        label: [FA.opt_ace_nars, EN.opt_ace_nars],
        help: [FA.opt_ace_nars_help, EN.opt_ace_nars_help],
        players: &[],
    },
];

/// HK-11's review of the last trick (Hokm, and Bidel by D-8).
pub const LAST_TRICK: Opt = Opt {
    key: "last_trick",
    values: &[],
    label: [FA.opt_last_trick, EN.opt_last_trick],
    help: [FA.opt_last_trick_help, EN.opt_last_trick_help],
    players: &[],
};

/// A game's room settings, read and written by key (switches are 0/1).
pub trait UiSettings:
    Clone + std::fmt::Debug + Default + PartialEq + serde::Serialize + serde::de::DeserializeOwned
{
    /// The settings in the form's order.
    fn options() -> &'static [Opt];
    /// The value of `key` (0 for an unknown key).
    fn get(&self, key: &str) -> i64;
    /// Sets `key` to `v` (already checked by [`Opt::accepts`]).
    fn set(&mut self, key: &str, v: i64);
    /// The name of value `v` of the choice `key` in `lang`, when it is not a number (an
    /// enum setting); `None` shows the number.
    fn value_label(key: &str, v: i64, lang: Lang) -> Option<&'static str> {
        let _ = (key, v, lang);
        None
    }
}

/// The number of `x` in a choice whose values are the places of `all` (0 when absent).
pub fn index_of<T: PartialEq + Copy>(all: &[T], x: T) -> i64 {
    all.iter().position(|&y| y == x).unwrap_or(0) as i64
}

/// The entry of `all` numbered `v` in a choice, clamped to the list.
pub fn pick<T: Copy>(all: &[T], v: i64) -> T {
    all[v.clamp(0, all.len() as i64 - 1) as usize]
}

/// A test every game's settings pass: each switch both ways and each value of each choice,
/// set on the defaults, reads back as set.
#[cfg(test)]
pub fn every_setting_reads_back<S: UiSettings>() {
    for o in S::options() {
        let values: Vec<i64> = if o.is_flag() {
            vec![1, 0]
        } else {
            o.values.to_vec()
        };
        for v in values {
            assert!(o.accepts(v), "{}", o.key);
            let mut t = S::default();
            t.set(o.key, v);
            assert_eq!(t.get(o.key), v, "{}", o.key);
        }
    }
}

/// A trick as the table shows it: who played what, and who took it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownTrick {
    /// The cards in play order.
    pub cards: Vec<(Seat, Card)>,
    pub winner: Seat,
}

/// A game the web app can seat, save, link to and let bots play.
pub trait UiGame:
    GameView<Settings: UiSettings>
    + bots::hard::HardGame
    + crate::replay::Replay
    + engine::Reveal
    + 'static
{
    /// The game (the engine's [`engine::Game::KIND`]).
    const ID: GameId = <Self as engine::Game>::KIND;
    /// The player counts the setup form offers; the first is the default.
    const PLAYER_COUNTS: &'static [u8];
    /// Play passes to the seat drawn on your left (clockwise) instead of your right (C-2).
    const CLOCKWISE: bool = false;

    /// The rule bot of one seat, deterministic from `seed`.
    fn bot(seed: u64) -> Box<dyn Bot<Self>>;

    /// Which participant (index of the setup's seats) sits in each engine seat, from any
    /// seat's view.
    fn seating(view: &Self::View) -> Vec<u8>;

    /// The trick an event completed, if it completed one (it stays in view a moment).
    /// Games without tricks (Pasur, the shedding games) keep the default: none.
    fn completed_trick(event: &Self::Event) -> Option<ShownTrick> {
        let _ = event;
        None
    }

    /// The card a trick-taking game's action plays (a joker lead's joker too); `None` for
    /// any other action, and in the games without tricks.
    fn played_card(action: &Self::Action) -> Option<Card> {
        let _ = action;
        None
    }

    /// What the hint names for `action`: a short text, and the card to light up in the
    /// hand; `None` if it cannot name it. By default, a played card.
    fn hint(lang: Lang, action: &Self::Action) -> Option<(String, Option<Card>)> {
        Self::played_card(action).map(|c| (crate::i18n::card_label(lang, c), Some(c)))
    }

    /// Whether the table opens with an introduction panel (Hokm's hakem draw) that bots
    /// wait for.
    fn has_intro() -> bool {
        false
    }

    /// The message of a rule error in `lang`.
    fn error_message(lang: Lang, error: &Self::Error) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::table::TablePage;

    /// The player counts a game's setup offers, and its name and slug, by its web slug.
    fn site_game<G: TablePage>() -> (GameId, &'static str, Vec<u8>) {
        let mut counts = G::PLAYER_COUNTS.to_vec();
        counts.sort();
        (G::ID, G::NAME, counts)
    }

    /// One list of games: every game of the registry (the command line's and the relay's)
    /// has a page here under its web slug, with the engine's name and every player count
    /// the engine accepts, and the site has no game the registry lacks. The pages keep
    /// their own small `GameId` so that they carry no other game's code.
    #[test]
    fn the_sites_games_are_the_registrys() {
        use engine::games::{
            bidel::Bidel, crazy_eights::CrazyEights, haft_khabis::HaftKhabis, hokm::Hokm,
            pasur::Pasur, shelem::Shelem,
        };
        let site = [
            site_game::<Hokm>(),
            site_game::<Shelem>(),
            site_game::<Pasur>(),
            site_game::<Bidel>(),
            site_game::<HaftKhabis>(),
            site_game::<CrazyEights>(),
        ];
        assert_eq!(site.len(), GameId::ALL.len());
        assert_eq!(registry::GAMES.len(), GameId::ALL.len());
        for info in registry::GAMES {
            let id = GameId::from_slug(info.web_slug)
                .unwrap_or_else(|| panic!("no page for {}", info.web_slug));
            let (_, name, counts) = site.iter().find(|(g, _, _)| *g == id).unwrap();
            assert_eq!(*name, info.slug, "{}", info.web_slug);
            assert_eq!(counts, &info.players, "{}: player counts", info.web_slug);
        }
    }
}
