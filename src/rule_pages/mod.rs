//! The rule pages' text: what each game is and how it is played, in Persian and English,
//! written from `RULES.md` and `docs/rule-decisions.md`. Every item names the rule it
//! explains (`HK-4`, `SH-6`, `D-7` …) so a reader can find it in the specification.
//!
//! One file per game ([`hokm`], [`shelem`], [`pasur`], [`bidel`], [`haft_khabis`],
//! [`crazy_eights`]) holds a [`GameRules`]: the game's id (as in the route
//! `#/<game>/rules`) and one [`Page`] per language. Every rule page is on one page of the
//! site, `rules.html` ([`of`]), so the games' own pages carry none of this text. To add a
//! game, write its file the same way and list it in [`GAMES`] and [`of`]; the tests then ask
//! for its rule IDs (see `EXPECTED_IDS` in the tests).
//!
//! Persian text uses Persian digits (۰۱۲…) and Persian letters (ی, ک), English text ASCII
//! digits; the tests check both.

pub mod bidel;
pub mod crazy_eights;
pub mod haft_khabis;
pub mod hokm;
pub mod pasur;
pub mod shelem;

use crate::adapters::GameId;
use crate::i18n::Lang;

/// One paragraph of a rule page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// The rule it explains (`"HK-4"`), or `""` for none.
    pub id: &'static str,
    /// A lead-in shown in bold (a setting's name), or `""`.
    pub term: &'static str,
    /// The text.
    pub text: &'static str,
}

/// A titled part of a rule page (an `<h2>` and its items).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    pub title: &'static str,
    pub items: &'static [Item],
}

/// A game's rule page in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// The page title ("Hokm rules").
    pub title: &'static str,
    /// One or two sentences under the title: what the game is.
    pub intro: &'static str,
    pub sections: &'static [Section],
}

/// A game's rule page in every language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRules {
    /// The game's id in routes: `"hokm"`, `"shelem"`, `"bidel"`.
    pub game: &'static str,
    pub fa: Page,
    pub en: Page,
}

impl GameRules {
    /// The page in this language.
    pub fn page(&self, lang: Lang) -> &Page {
        match lang {
            Lang::Fa => &self.fa,
            Lang::En => &self.en,
        }
    }
}

impl Page {
    /// The anchor (HTML id) of each item, section by section: the rule ID on the first
    /// item that names it, none on the others.
    pub fn anchors(&self) -> Vec<Vec<Option<&'static str>>> {
        let mut seen = std::collections::HashSet::new();
        self.sections
            .iter()
            .map(|s| {
                s.items
                    .iter()
                    .map(|i| (!i.id.is_empty() && seen.insert(i.id)).then_some(i.id))
                    .collect()
            })
            .collect()
    }
}

/// An item explaining a rule.
pub(crate) const fn rule(id: &'static str, text: &'static str) -> Item {
    Item { id, term: "", text }
}

/// An item explaining a room setting: its name, then what it does and its default.
pub(crate) const fn setting(id: &'static str, term: &'static str, text: &'static str) -> Item {
    Item { id, term, text }
}

/// Every game with a rule page.
pub static GAMES: &[GameRules] = &[
    hokm::RULES,
    shelem::RULES,
    pasur::RULES,
    bidel::RULES,
    haft_khabis::RULES,
    crazy_eights::RULES,
];

/// The rules of `game`.
pub fn of(game: GameId) -> &'static GameRules {
    match game {
        GameId::Hokm => &hokm::RULES,
        GameId::Shelem => &shelem::RULES,
        GameId::Pasur => &pasur::RULES,
        GameId::Bidel => &bidel::RULES,
        GameId::HaftKhabis => &haft_khabis::RULES,
        GameId::CrazyEights => &crazy_eights::RULES,
    }
}

/// The rule page's own words (buttons and messages), kept here so the page needs nothing
/// from the shared string tables.
#[derive(Debug)]
pub struct Ui {
    /// The back button (to the page given by the link).
    pub back: &'static str,
    /// The home link.
    pub home: &'static str,
    /// The title of a rule-ID tag.
    pub rule_id: &'static str,
}

const UI_FA: Ui = Ui {
    back: "بازگشت",
    home: "خانه",
    rule_id: "شمارهٔ قانون",
};

const UI_EN: Ui = Ui {
    back: "Back",
    home: "Home",
    rule_id: "Rule ID",
};

/// The rule page's own words in a language.
pub fn ui(lang: Lang) -> &'static Ui {
    match lang {
        Lang::Fa => &UI_FA,
        Lang::En => &UI_EN,
    }
}

/// The page to go back to, if it is a link inside the app (`#/…`). Anything else (another
/// site, `javascript:`) is dropped, so a crafted link cannot use the back button.
pub fn safe_back(back: Option<&str>) -> Option<&str> {
    back.filter(|b| b.starts_with("#/") && !b.chars().any(|c| c.is_whitespace() || c.is_control()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// For each game, the prefix and number of its rules in RULES.md: each must appear.
    const EXPECTED_IDS: &[(&str, &str, u32)] = &[
        ("hokm", "HK", 13),
        ("shelem", "SH", 10),
        ("bidel", "BD", 10),
        ("pasur", "PA", 11),
        ("crazy-eights", "CE", 12),
        ("haft-khabis", "HX", 16),
    ];

    /// Rules shared by every game that a page may also cite.
    const SHARED_PREFIXES: &[&str] = &["C", "D"];

    fn items(page: &Page) -> impl Iterator<Item = &Item> {
        page.sections.iter().flat_map(|s| s.items.iter())
    }

    fn ids(page: &Page) -> Vec<&'static str> {
        items(page).map(|i| i.id).collect()
    }

    /// Every text of a page: title, intro, section titles, terms and texts.
    fn texts(page: &Page) -> Vec<&'static str> {
        let mut v = vec![page.title, page.intro];
        for s in page.sections {
            v.push(s.title);
            for i in s.items {
                if !i.term.is_empty() {
                    v.push(i.term);
                }
                v.push(i.text);
            }
        }
        v
    }

    #[test]
    fn every_game_has_fa_and_en_with_the_same_sections_and_rule_ids() {
        assert!(!GAMES.is_empty());
        for g in GAMES {
            assert_eq!(
                g.fa.sections.len(),
                g.en.sections.len(),
                "{}: number of sections",
                g.game
            );
            for (fa, en) in g.fa.sections.iter().zip(g.en.sections) {
                let fa_ids: Vec<_> = fa.items.iter().map(|i| i.id).collect();
                let en_ids: Vec<_> = en.items.iter().map(|i| i.id).collect();
                assert_eq!(
                    fa_ids, en_ids,
                    "{}: section {:?} / {:?}",
                    g.game, fa.title, en.title
                );
                // A setting has a name in both languages or in neither.
                for (a, b) in fa.items.iter().zip(en.items) {
                    assert_eq!(a.term.is_empty(), b.term.is_empty(), "{}: {}", g.game, a.id);
                }
            }
            assert_eq!(ids(&g.fa), ids(&g.en), "{}", g.game);
        }
    }

    #[test]
    fn anchors_are_unique_on_each_page() {
        for g in GAMES {
            for lang in [Lang::Fa, Lang::En] {
                let page = g.page(lang);
                let anchors: Vec<_> = page.anchors().into_iter().flatten().flatten().collect();
                let mut unique = anchors.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(anchors.len(), unique.len(), "{} {lang:?}", g.game);
                // Every rule ID of the page has its anchor.
                let mut ids = ids(page);
                ids.sort();
                ids.dedup();
                assert_eq!(unique, ids, "{} {lang:?}", g.game);
            }
        }
    }

    #[test]
    fn every_rule_id_of_the_game_appears() {
        for g in GAMES {
            let (_, prefix, count) = EXPECTED_IDS
                .iter()
                .find(|(game, _, _)| *game == g.game)
                .unwrap_or_else(|| panic!("{}: add its rule IDs to EXPECTED_IDS", g.game));
            for lang in [Lang::Fa, Lang::En] {
                let page_ids = ids(g.page(lang));
                for n in 1..=*count {
                    let id = format!("{prefix}-{n}");
                    assert!(
                        page_ids.contains(&id.as_str()),
                        "{} {lang:?}: {id} missing",
                        g.game
                    );
                }
            }
        }
        for (game, _, _) in EXPECTED_IDS {
            assert!(
                GAMES.iter().any(|g| g.game == *game),
                "{game} has no rule page"
            );
        }
    }

    #[test]
    fn rule_ids_are_the_games_own_or_shared_ones() {
        for g in GAMES {
            let (_, prefix, count) = EXPECTED_IDS
                .iter()
                .find(|(game, _, _)| *game == g.game)
                .unwrap();
            for id in ids(&g.en).into_iter().filter(|id| !id.is_empty()) {
                let (p, n) = id
                    .split_once('-')
                    .unwrap_or_else(|| panic!("{}: bad id {id}", g.game));
                let n: u32 = n
                    .parse()
                    .unwrap_or_else(|_| panic!("{}: bad id {id}", g.game));
                if p == *prefix {
                    assert!((1..=*count).contains(&n), "{}: no rule {id}", g.game);
                } else {
                    assert!(SHARED_PREFIXES.contains(&p), "{}: foreign id {id}", g.game);
                }
            }
        }
    }

    #[test]
    fn no_empty_text() {
        for g in GAMES {
            for lang in [Lang::Fa, Lang::En] {
                let page = g.page(lang);
                assert!(!page.sections.is_empty(), "{} {lang:?}", g.game);
                for s in page.sections {
                    assert!(
                        !s.items.is_empty(),
                        "{} {lang:?}: {:?} has no items",
                        g.game,
                        s.title
                    );
                }
                for t in texts(page) {
                    assert!(!t.trim().is_empty(), "{} {lang:?}: empty text", g.game);
                    assert_eq!(t, t.trim(), "{} {lang:?}: stray spaces in {t:?}", g.game);
                    assert!(
                        !t.contains("  "),
                        "{} {lang:?}: double space in {t:?}",
                        g.game
                    );
                }
            }
        }
    }

    #[test]
    fn persian_text_has_persian_digits_and_letters_english_text_ascii_digits() {
        let persian_digit = |c: char| ('۰'..='۹').contains(&c);
        for g in GAMES {
            for t in texts(&g.fa) {
                assert!(
                    !t.chars().any(|c| c.is_ascii_digit()),
                    "{}: ASCII digit in {t:?}",
                    g.game
                );
                // Arabic yeh and kaf instead of the Persian ones, and Arabic-Indic digits.
                assert!(
                    !t.chars()
                        .any(|c| matches!(c, 'ي' | 'ك' | '\u{0660}'..='\u{0669}')),
                    "{}: Arabic letter or digit in {t:?}",
                    g.game
                );
                // «می‌کند», not «می کند».
                assert!(
                    !t.split_whitespace().any(|w| w == "می" || w == "نمی"),
                    "{}: «می» without a half-space in {t:?}",
                    g.game
                );
            }
            for t in texts(&g.en) {
                assert!(
                    !t.chars().any(persian_digit),
                    "{}: Persian digit in {t:?}",
                    g.game
                );
            }
        }
    }

    #[test]
    fn pages_read_in_a_few_minutes() {
        // About 2–3 minutes of reading (some 250–300 words a minute).
        for g in GAMES {
            let words: usize = texts(&g.en)
                .iter()
                .map(|t| t.split_whitespace().count())
                .sum();
            assert!(words <= 850, "{}: {words} words", g.game);
        }
    }

    #[test]
    fn each_game_has_its_own_rules() {
        for id in GameId::ALL {
            assert_eq!(of(id).game, id.slug());
            assert!(GAMES.contains(of(id)), "{}: listed in GAMES", id.slug());
        }
        assert_eq!(GAMES.len(), GameId::ALL.len());
        for g in GAMES {
            assert_ne!(g.fa.title, g.en.title);
        }
    }

    #[test]
    fn back_link_must_stay_inside_the_app() {
        assert_eq!(
            safe_back(Some("#/hokm/setup?seats=y")),
            Some("#/hokm/setup?seats=y")
        );
        assert_eq!(safe_back(Some("#/")), Some("#/"));
        assert_eq!(safe_back(None), None);
        assert_eq!(safe_back(Some("")), None);
        assert_eq!(safe_back(Some("javascript:alert(1)")), None);
        assert_eq!(safe_back(Some("https://example.com/#/")), None);
        assert_eq!(safe_back(Some("//example.com")), None);
        assert_eq!(safe_back(Some("#/a b")), None);
    }
}
