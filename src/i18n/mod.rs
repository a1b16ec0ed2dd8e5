//! Every string the app shows, one [`Strings`] table per language ([`fa`], [`en`]), plus
//! the helpers that name cards, suits and trumps and turn engine errors into messages.
//!
//! Templates hold named holes such as `{name}`, filled by [`fill`]. Numbers go through
//! [`Lang::num`], which writes Persian digits (۰۱۲…) in Persian.

pub mod analysis;
pub mod bidel;
pub mod en;
pub mod fa;
pub mod hokm;
pub mod home;
pub mod local;
pub mod pasur;
pub mod replay;
pub mod shedding;
pub mod sheet;
pub mod shelem;

use engine::games::hokm::{HokmError, Trump};
use engine::{Card, Rank, RuleError, Suit};

/// The two languages of the app. Persian is the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Persian (فارسی), right to left.
    #[default]
    Fa,
    /// English, left to right.
    En,
}

impl Lang {
    /// The BCP 47 code, also the value kept in local storage.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Fa => "fa",
            Lang::En => "en",
        }
    }

    /// Parses a stored code.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code.trim() {
            "fa" => Some(Lang::Fa),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The writing direction: `rtl` or `ltr`.
    pub fn dir(self) -> &'static str {
        match self {
            Lang::Fa => "rtl",
            Lang::En => "ltr",
        }
    }

    /// The other language (what the toggle switches to).
    pub fn other(self) -> Lang {
        match self {
            Lang::Fa => Lang::En,
            Lang::En => Lang::Fa,
        }
    }

    /// This language's Bidel strings.
    pub fn bidel(self) -> &'static bidel::BidelStrings {
        match self {
            Lang::Fa => &bidel::FA,
            Lang::En => &bidel::EN,
        }
    }

    /// This language's Hokm strings.
    pub fn hokm(self) -> &'static hokm::HokmStrings {
        match self {
            Lang::Fa => &hokm::FA,
            Lang::En => &hokm::EN,
        }
    }

    /// This language's strings of a table played on this device only (its share link, the
    /// pass-and-play cover): only the offline pages carry them.
    pub fn local(self) -> &'static local::LocalStrings {
        match self {
            Lang::Fa => &local::FA,
            Lang::En => &local::EN,
        }
    }

    /// This language's strings of two-player Hokm (HK-13): only its table carries them.
    pub fn hokm_two(self) -> &'static hokm::TwoStrings {
        match self {
            Lang::Fa => &hokm::FA_TWO,
            Lang::En => &hokm::EN_TWO,
        }
    }

    /// This language's home page strings.
    pub fn home(self) -> &'static home::HomeStrings {
        match self {
            Lang::Fa => &home::FA,
            Lang::En => &home::EN,
        }
    }

    /// This language's shedding-game strings (Crazy Eights).
    pub fn shedding(self) -> &'static shedding::SheddingStrings {
        match self {
            Lang::Fa => &shedding::FA,
            Lang::En => &shedding::EN,
        }
    }

    /// This language's strings of every page ([`SiteStrings`]).
    pub fn site(self) -> &'static SiteStrings {
        match self {
            Lang::Fa => &fa::FA_SITE,
            Lang::En => &en::EN_SITE,
        }
    }

    /// This language's strings of the tables and their setup.
    pub fn s(self) -> &'static Strings {
        match self {
            Lang::Fa => &fa::FA,
            Lang::En => &en::EN,
        }
    }

    /// The words of the setup form.
    pub fn setup(self) -> &'static SetupStrings {
        match self {
            Lang::Fa => &fa::FA_SETUP,
            Lang::En => &en::EN_SETUP,
        }
    }

    /// A number written with this language's digits.
    pub fn num(self, n: impl std::fmt::Display) -> String {
        let s = n.to_string();
        match self {
            Lang::En => s,
            Lang::Fa => s
                .chars()
                .map(|c| match c.to_digit(10) {
                    Some(d) => char::from_u32(0x06F0 + d).unwrap_or(c),
                    None => c,
                })
                .collect(),
        }
    }
}

/// Fills the `{key}` holes of a template.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (k, v) in args {
        out = out.replace(&format!("{{{k}}}"), v);
    }
    out
}

/// A sentence about `name`, the subject of its verb: `yours` when `name` is the player's
/// own "you" (Persian then needs second-person plural verbs, گذاشتید، برداشتید; English a
/// lower-case "you" mid-sentence), else `theirs` with `{name}` filled. Further holes are
/// filled from `args`.
pub fn about(lang: Lang, name: &str, theirs: &str, yours: &str, args: &[(&str, &str)]) -> String {
    if name == lang.s().you {
        fill(yours, args)
    } else {
        fill(&fill(theirs, &[("name", name)]), args)
    }
}

/// The strings of every page of the site, the home page's among them: a page that shows no
/// table (the home page) links only these, not the tables' [`Strings`] (issue 25: the home
/// page's weight).
pub struct SiteStrings {
    /// The site's name.
    pub app_title: &'static str,
    /// The language toggle shows the *other* language's name.
    pub lang_toggle: &'static str,
    pub lang_toggle_aria: &'static str,
    pub home: &'static str,
    pub close: &'static str,
    pub ok: &'static str,
    pub play: &'static str,
    pub game_hokm: &'static str,
    pub game_shelem: &'static str,
    pub game_pasur: &'static str,
    pub game_bidel: &'static str,
    pub game_haft_khabis: &'static str,
    pub game_crazy_eights: &'static str,
    /// Continue a saved game of `{game}`.
    pub continue_of: &'static str,
    /// The home page's button back to a game in progress.
    pub continue_short: &'static str,
    /// The home page's form that joins an online room by its code.
    pub join_by_code: &'static str,
    pub join: &'static str,
    pub join_code_bad: &'static str,
    pub new_match: &'static str,
    /// Another tab has this game's table.
    pub other_tab: &'static str,
    pub other_tab_help: &'static str,
    pub take_over: &'static str,
    pub restore_failed: &'static str,
    pub bad_link: &'static str,
    pub extra_failed: &'static str,
}

/// All strings of one language.
pub struct Strings {
    // --- the table (the setup form's words are [`SetupStrings`])
    /// The hint button on the player's turn, its tooltip, and what it shows: `{what}`.
    pub hint: &'static str,
    pub hint_title: &'static str,
    pub hint_is: &'static str,
    /// The hint for a choice the hint cannot name.
    pub hint_unnamed: &'static str,
    /// A hard bot is thinking.
    pub thinking: &'static str,
    /// `{n}`: the seat number.
    pub player_n: &'static str,
    pub opt_sars: &'static str,
    pub opt_sars_help: &'static str,
    pub opt_nars: &'static str,
    pub opt_nars_help: &'static str,
    pub opt_ace_nars: &'static str,
    pub opt_ace_nars_help: &'static str,
    pub opt_target: &'static str,
    pub opt_target_help: &'static str,
    // --- generic table and setup parts
    /// The player-count choice at setup.
    pub opt_players: &'static str,
    /// `{n}` players.
    pub players_n: &'static str,
    pub table_settings: &'static str,
    /// The heading of the preferences kept on this device.
    pub on_this_device: &'static str,
    /// The sound switch (with the "your turn" vibration on a phone).
    pub sound: &'static str,
    /// How fast the bots play.
    pub bot_speed: &'static str,
    /// The bots' speeds: slow, normal, fast.
    pub speed_slow: &'static str,
    pub speed_normal: &'static str,
    pub speed_fast: &'static str,
    /// The hint on a finished trick: a tap gathers it at once.
    pub tap_to_skip: &'static str,
    pub rules: &'static str,
    pub on: &'static str,
    pub off: &'static str,
    pub opt_last_trick: &'static str,
    pub opt_last_trick_help: &'static str,
    pub start: &'static str,
    // --- names
    pub you: &'static str,
    /// `{n}`: the seat number.
    pub bot_n: &'static str,
    /// `{a}`, `{b}`: the two partners.
    pub team_of: &'static str,
    // --- table
    pub table_label: &'static str,
    pub your_hand: &'static str,
    pub trick_label: &'static str,
    pub trump: &'static str,
    pub trump_not_chosen: &'static str,
    pub hakem: &'static str,
    pub tricks: &'static str,
    pub score: &'static str,
    /// `{n}`: the match target.
    pub match_to: &'static str,
    /// `{n}`: number of cards.
    pub cards_n: &'static str,
    pub your_turn_play: &'static str,
    pub your_turn_trump: &'static str,
    /// `{name}`
    pub turn_play: &'static str,
    /// `{name}`
    pub turn_trump: &'static str,
    pub choose_trump: &'static str,
    pub choose_trump_help: &'static str,
    pub redeal: &'static str,
    pub no_trump: &'static str,
    pub mode_sars: &'static str,
    pub mode_nars: &'static str,
    pub mode_ace_nars: &'static str,
    pub last_trick: &'static str,
    pub hide_last_trick: &'static str,
    /// `{name}`
    pub trick_won_by: &'static str,
    /// [`Self::trick_won_by`] when it is yours.
    pub trick_won_by_you: &'static str,
    /// `{name}`
    pub last_trick_won_by: &'static str,
    /// [`Self::last_trick_won_by`] when it was yours.
    pub last_trick_won_by_you: &'static str,
    pub hand_over: &'static str,
    /// `{team}`
    pub hand_won_by: &'static str,
    /// The same when a side is one player (two-player Hokm and Shelem), and when it is you.
    pub hand_won_by_one: &'static str,
    pub hand_won_by_you: &'static str,
    /// A side's score out of the target: `{n}`, `{t}`.
    pub score_of: &'static str,
    pub next_hand: &'static str,
    pub cards_left: &'static str,
    pub match_over: &'static str,
    /// `{team}`
    pub match_won_by: &'static str,
    /// The same when a side is one player, and when it is you.
    pub match_won_by_one: &'static str,
    pub match_won_by_you: &'static str,
    pub copy: &'static str,
    pub copied: &'static str,
    /// `{n}`: the hand number.
    pub hand_n: &'static str,
    // --- notices
    // --- errors, by HokmError::code()
    pub err_not_your_turn: &'static str,
    pub err_wrong_phase: &'static str,
    pub err_not_in_hand: &'static str,
    /// `{symbol}`, `{suit}`
    pub err_must_follow_suit: &'static str,
    pub err_mode_not_allowed: &'static str,
    pub err_hand_not_over: &'static str,
    pub err_other: &'static str,
    // --- cards
    /// clubs, diamonds, hearts, spades (the engine's suit order).
    pub suits: [&'static str; 4],
    /// jack, queen, king, ace.
    pub faces: [&'static str; 4],
    /// `{rank}`, `{suit}`.
    pub card_label: &'static str,
    pub red_joker: &'static str,
    pub black_joker: &'static str,
}

/// The words of a game's setup form (the offline page only: the online pages carry none of them).
pub struct SetupStrings {
    /// `{game}`
    pub setup_title: &'static str,
    pub players_heading: &'static str,
    pub players_help: &'static str,
    pub players_help_solo: &'static str,
    /// The same for the games played clockwise (Haft Khabis, Crazy Eights; C-2).
    pub players_help_solo_left: &'static str,
    /// `{n}`: the seat number.
    pub seat_n: &'static str,
    pub kind_you: &'static str,
    pub kind_person: &'static str,
    pub kind_bot: &'static str,
    /// A bot seat's choice where the game has a hard bot: the search, or the rule bot.
    pub kind_bot_hard: &'static str,
    pub kind_bot_easy: &'static str,
    pub name_label: &'static str,
    pub team_a: &'static str,
    pub team_b: &'static str,
    pub rules_heading: &'static str,
    /// The setup's second button: a room on the relay for people on other devices.
    pub play_online: &'static str,
    pub need_a_person: &'static str,
}

/// The suit symbol: ♣ ♦ ♥ ♠.
pub fn suit_symbol(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "♣",
        Suit::Diamonds => "♦",
        Suit::Hearts => "♥",
        Suit::Spades => "♠",
    }
}

/// The suit's name ("hearts" / "دل").
pub fn suit_name(lang: Lang, suit: Suit) -> &'static str {
    lang.s().suits[suit as usize]
}

/// The rank's name: a number in the language's digits, or jack/queen/king/ace.
pub fn rank_name(lang: Lang, rank: Rank) -> String {
    match rank.index() {
        9..=12 => lang.s().faces[(rank.index() - 9) as usize].to_string(),
        _ => lang.num(rank.value()),
    }
}

/// The card's spoken label: "queen of hearts" / "بی‌بی دل".
pub fn card_label(lang: Lang, card: Card) -> String {
    if card == Card::RED_JOKER {
        return lang.s().red_joker.to_string();
    }
    if card.is_joker() {
        return lang.s().black_joker.to_string();
    }
    fill(
        lang.s().card_label,
        &[
            ("rank", &rank_name(lang, card.rank())),
            ("suit", suit_name(lang, card.suit())),
        ],
    )
}

/// The name of a trump choice: a suit's name, or a no-trump mode.
pub fn trump_name(lang: Lang, trump: Trump) -> String {
    let s = lang.s();
    match trump {
        Trump::Suit(suit) => suit_name(lang, suit).to_string(),
        Trump::Sars => s.mode_sars.to_string(),
        Trump::Nars => s.mode_nars.to_string(),
        Trump::AceNars => s.mode_ace_nars.to_string(),
    }
}

/// The message for a Hokm rule error.
pub fn error_message(lang: Lang, err: &HokmError) -> String {
    let led = match err {
        HokmError::MustFollowSuit { led } => Some(*led),
        _ => None,
    };
    hokm::error_text(lang, err.code())
        .map_or_else(|| rule_error_message(lang, err.code(), led), str::to_string)
}

/// The message for a rule error of any game, chosen by its [`RuleError::code`]; `led` is
/// the suit to follow for `must_follow_suit`.
pub fn rule_error_message(lang: Lang, code: &str, led: Option<Suit>) -> String {
    let s = lang.s();
    match code {
        "not_your_turn" => s.err_not_your_turn.to_string(),
        "wrong_phase" => s.err_wrong_phase.to_string(),
        "not_in_hand" => s.err_not_in_hand.to_string(),
        "must_follow_suit" => {
            let led = led.unwrap_or(Suit::Spades);
            fill(
                s.err_must_follow_suit,
                &[("symbol", suit_symbol(led)), ("suit", suit_name(lang, led))],
            )
        }
        "mode_not_allowed" => s.err_mode_not_allowed.to_string(),
        "hand_not_over" => s.err_hand_not_over.to_string(),
        _ => s.err_other.to_string(),
    }
}

/// A number of points with its sign: "+120" (when `plus`), "−120", "0" (Persian digits in
/// Persian). Shown inside `<bdi dir="ltr">` so the minus stays on the left in Persian too.
pub fn points_text(lang: Lang, n: i32, plus: bool) -> String {
    let sign = if n > 0 && plus {
        "+"
    } else if n < 0 {
        "−"
    } else {
        ""
    };
    format!("{sign}{}", lang.num(n.unsigned_abs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file that holds words a player reads: the string tables, the setup options and
    /// the rule pages.
    const WORDS: &[(&str, &str)] = &[
        ("i18n/fa.rs", include_str!("fa.rs")),
        ("i18n/en.rs", include_str!("en.rs")),
        ("i18n/bidel.rs", include_str!("bidel.rs")),
        ("i18n/pasur.rs", include_str!("pasur.rs")),
        ("i18n/shedding.rs", include_str!("shedding.rs")),
        ("i18n/shelem.rs", include_str!("shelem.rs")),
        ("i18n/replay.rs", include_str!("replay.rs")),
        ("i18n/analysis.rs", include_str!("analysis.rs")),
        ("i18n/sheet.rs", include_str!("sheet.rs")),
        ("i18n/hokm.rs", include_str!("hokm.rs")),
        ("i18n/home.rs", include_str!("home.rs")),
        ("i18n/local.rs", include_str!("local.rs")),
        ("adapters/hokm.rs", include_str!("../adapters/hokm.rs")),
        ("adapters/shelem.rs", include_str!("../adapters/shelem.rs")),
        ("adapters/pasur.rs", include_str!("../adapters/pasur.rs")),
        ("adapters/bidel.rs", include_str!("../adapters/bidel.rs")),
        (
            "games/haft_khabis.rs",
            include_str!("../adapters/haft_khabis.rs"),
        ),
        (
            "games/crazy_eights.rs",
            include_str!("../adapters/crazy_eights.rs"),
        ),
        ("rule_pages/hokm.rs", include_str!("../rule_pages/hokm.rs")),
        (
            "rule_pages/shelem.rs",
            include_str!("../rule_pages/shelem.rs"),
        ),
        (
            "rule_pages/pasur.rs",
            include_str!("../rule_pages/pasur.rs"),
        ),
        (
            "rule_pages/bidel.rs",
            include_str!("../rule_pages/bidel.rs"),
        ),
        (
            "rules/haft_khabis.rs",
            include_str!("../rule_pages/haft_khabis.rs"),
        ),
        (
            "rules/crazy_eights.rs",
            include_str!("../rule_pages/crazy_eights.rs"),
        ),
    ];

    /// docs/glossary.md: one word for one thing in every game. «دست» is a trick only (a
    /// hand is «دور», the cards a player holds «کارت‌ها», a deck «دسته», the dealer
    /// «پخش‌کننده»); in English a hand is never a "round", a match never a "game", and the
    /// cards a player holds are "your cards".
    #[test]
    fn one_word_for_one_thing() {
        const NOT: &[(&str, &str)] = &[
            ("این دست", "«این دور» (this hand)"),
            ("دست دوم", "«دور دوم» (the second hand)"),
            ("تعداد دست\"", "«تعداد دور» (a number of hands)"),
            ("تعداد دست،", "«تعداد دور» (a number of hands)"),
            ("تعداد دست.", "«تعداد دور» (a number of hands)"),
            ("} دست\"", "«{n} دور» (hands)"),
            ("۲۰ دست", "«۲۰ دور» (hands)"),
            ("دستش", "«کارت‌هایش» (their cards)"),
            ("دستتان", "«کارت‌هایتان» (your cards)"),
            ("در دست شما", "«کارت‌های شما» (your cards)"),
            ("دست ضعیف", "«کارت‌های ضعیف» (weak cards)"),
            ("دست ورق", "«دسته ورق» (a deck)"),
            ("دست بسته", "«دور بسته» (a blocked hand)"),
            ("دست‌دهنده", "«پخش‌کننده» (the dealer)"),
            ("پخش‌کن ", "«پخش‌کننده» (the dealer)"),
            ("Game to", "\"Match to\""),
            ("End of the game", "\"End of the match\""),
            ("Round {", "\"Hand {n}\""),
            ("Next round", "\"Next hand\""),
            ("This round", "\"This hand\""),
            ("more round", "\"one more hand\""),
            ("of the round", "\"of the hand\""),
            ("in hand", "\"left\" (the cards a player holds)"),
            ("your hand", "\"your cards\""),
            ("Your hand", "\"Your cards\""),
        ];
        let mut found = Vec::new();
        for (file, text) in WORDS {
            for (n, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("//") {
                    continue;
                }
                for (bad, say) in NOT {
                    // A whole word: «این دست» but not «این دستگاه» (device).
                    let whole = line.match_indices(bad).any(|(i, _)| {
                        line[i + bad.len()..]
                            .chars()
                            .next()
                            .is_none_or(|c| !matches!(c, '\u{0600}'..='\u{06FF}' | '\u{200C}'))
                    });
                    if whole {
                        found.push(format!("src/{file}:{}: «{bad}»: say {say}", n + 1));
                    }
                }
            }
        }
        assert!(
            found.is_empty(),
            "words against docs/glossary.md:\n{}",
            found.join("\n")
        );
    }

    /// A sentence about the player uses the second person: Persian plural verbs, English
    /// "you" in lower case after the start.
    #[test]
    fn sentences_about_you_speak_to_you() {
        let fa = Lang::Fa;
        let p = fa.pasur();
        let card = "۷ خاج";
        assert_eq!(
            about(fa, "شما", p.last_laid, p.last_laid_you, &[("card", card)]),
            "شما ۷ خاج را وسط گذاشتید"
        );
        assert_eq!(
            about(
                fa,
                "ربات ۲",
                p.last_laid,
                p.last_laid_you,
                &[("card", card)]
            ),
            "ربات ۲ ۷ خاج را وسط گذاشت"
        );
        assert_eq!(
            about(
                fa,
                "شما",
                p.last_took,
                p.last_took_you,
                &[("card", "سرباز خشت")]
            ),
            "شما با سرباز خشت برداشتید:"
        );
        let t = fa.shedding();
        assert_eq!(
            about(fa, "شما", t.went_out, t.went_out_you, &[]),
            "کارت‌هایتان را تمام کردید"
        );
        assert_eq!(
            about(fa, "ربات ۳", t.went_out, t.went_out_you, &[]),
            "ربات ۳ کارت‌هایش را تمام کرد"
        );
        assert!(about(fa, "شما", t.forgot, t.forgot_you, &[("n", "۱")]).contains("نکردید"));
        let b = fa.bidel();
        assert!(about(fa, "شما", b.moon_shot, b.moon_shot_you, &[]).contains("گرفتید"));
        assert!(about(fa, "شما", b.match_won_by, b.match_won_you, &[]).contains("شدید"));
        let en = Lang::En;
        let p = en.pasur();
        assert_eq!(
            about(en, "You", p.last_card_one, p.last_card_one_you, &[]),
            "The last card on the table went to you."
        );
        assert_eq!(
            about(en, "You", en.s().trick_won_by, en.s().trick_won_by_you, &[]),
            "Trick to you"
        );
        assert_eq!(
            about(
                en,
                "Bot 2",
                en.s().trick_won_by,
                en.s().trick_won_by_you,
                &[]
            ),
            "Trick to Bot 2"
        );
        let b = en.bidel();
        assert_eq!(
            about(en, "You", b.match_won_by, b.match_won_you, &[]),
            "You win with the lowest score"
        );
        assert_eq!(fill(p.n_sur_one, &[("n", "1")]), "1 sur");
    }

    #[test]
    fn persian_digits() {
        assert_eq!(Lang::Fa.num(1402), "۱۴۰۲");
        assert_eq!(Lang::En.num(7), "7");
    }

    #[test]
    fn card_labels() {
        let qh: Card = "QH".parse().unwrap();
        assert_eq!(card_label(Lang::En, qh), "queen of hearts");
        assert_eq!(card_label(Lang::Fa, qh), "بی‌بی دل");
        let ts: Card = "10S".parse().unwrap();
        assert_eq!(card_label(Lang::Fa, ts), "۱۰ پیک");
        assert_eq!(card_label(Lang::En, ts), "10 of spades");
        let ac: Card = "AC".parse().unwrap();
        assert_eq!(card_label(Lang::Fa, ac), "آس خاج");
    }

    #[test]
    fn error_messages_by_code() {
        let e = HokmError::MustFollowSuit { led: Suit::Hearts };
        assert_eq!(error_message(Lang::En, &e), "You must follow ♥ (hearts)");
        assert_eq!(error_message(Lang::Fa, &e), "باید دل بازی کنید");
        for e in [
            HokmError::WrongPhase,
            HokmError::RedealNotAllowed,
            HokmError::HandNotOver,
            HokmError::NotInHand("2C".parse().unwrap()),
            HokmError::ModeNotAllowed(Trump::Nars),
            HokmError::NotYourTurn {
                seat: engine::Seat(1),
            },
        ] {
            for lang in [Lang::Fa, Lang::En] {
                assert_ne!(error_message(lang, &e), lang.s().err_other, "{e:?}");
            }
        }
    }

    #[test]
    fn templates_fill() {
        assert_eq!(
            fill("I am {name}, {name}", &[("name", "Sara")]),
            "I am Sara, Sara"
        );
    }
}
