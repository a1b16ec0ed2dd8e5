//! Shelem in the web app: its settings as form fields, its bot and its trick.

use super::{Opt, ShownTrick, UiGame, UiSettings, NO_TRUMP_MODES};
use crate::i18n::en::EN;
use crate::i18n::fa::FA;
use crate::i18n::Lang;
use bots::{Bot, ShelemBot};
use engine::games::shelem::{Shelem, ShelemAction, ShelemError, ShelemEvent, ShelemSettings};
use engine::{Card, RuleError};

const OPTIONS: &[Opt] = &[
    Opt {
        key: "target",
        values: &[1000, 1165, 1200],
        label: [FA.opt_target, EN.opt_target],
        help: [
            "طرفی (بازیکن یا تیمی) که زودتر به این امتیاز برسد برنده است.",
            "The first side to reach this score wins.",
        ],
        players: &[],
    },
    Opt {
        key: "min_bid",
        values: &[80, 85, 90, 95, 100, 105, 110, 115, 120],
        label: ["کمترین پیشنهاد", "Lowest bid"],
        help: [
            "حراج از این عدد شروع می‌شود و پنج‌تا پنج‌تا بالا می‌رود.",
            "The auction opens at this number and rises in steps of 5.",
        ],
        players: &[4],
    },
    Opt {
        key: "jokers",
        values: &[],
        label: ["با ژوکر", "Jokers"],
        help: [
            "دو ژوکر بالاترین حکم‌ها هستند (قرمز ۲۰ و سیاه ۱۵ امتیاز)؛ شش کارت وسط.",
            "Two jokers are the highest trumps (red 20, black 15 points); a widow of 6.",
        ],
        players: &[],
    },
    NO_TRUMP_MODES[0],
    NO_TRUMP_MODES[1],
    NO_TRUMP_MODES[2],
];

impl UiSettings for ShelemSettings {
    fn options() -> &'static [Opt] {
        OPTIONS
    }

    fn get(&self, key: &str) -> i64 {
        match key {
            "target" => self.target as i64,
            "min_bid" => self.min_bid as i64,
            "jokers" => self.jokers as i64,
            "sars" => self.sars as i64,
            "nars" => self.nars as i64,
            "ace_nars" => self.ace_nars as i64,
            _ => 0,
        }
    }

    fn set(&mut self, key: &str, v: i64) {
        let on = v != 0;
        match key {
            "target" => self.target = v.clamp(0, 10_000) as i32,
            "min_bid" => self.min_bid = v.clamp(0, 400) as u16,
            "jokers" => self.jokers = on,
            "sars" => self.sars = on,
            "nars" => self.nars = on,
            "ace_nars" => self.ace_nars = on,
            _ => {}
        }
    }
}

impl UiGame for Shelem {
    const PLAYER_COUNTS: &'static [u8] = &[4, 2];

    fn seating(view: &<Shelem as engine::Game>::View) -> Vec<u8> {
        (0..view.players).collect()
    }

    fn played_card(action: &ShelemAction) -> Option<Card> {
        match action {
            ShelemAction::Play(c) | ShelemAction::JokerLead { joker: c, .. } => Some(*c),
            _ => None,
        }
    }

    fn bot(seed: u64) -> Box<dyn Bot<Shelem>> {
        Box::new(ShelemBot::new(seed))
    }

    fn completed_trick(event: &ShelemEvent) -> Option<ShownTrick> {
        match event {
            ShelemEvent::Played { trick: Some(t), .. } => {
                let cards = t.cards.as_slice();
                Some(super::hokm::shown_trick(
                    t.leader,
                    cards,
                    t.winner,
                    cards.len() as u8,
                ))
            }
            _ => None,
        }
    }

    fn error_message(lang: Lang, error: &ShelemError) -> String {
        let led = match error {
            ShelemError::MustFollowSuit { led } => Some(*led),
            _ => None,
        };
        crate::i18n::shelem::error_text(lang, error.code()).map_or_else(
            || crate::i18n::rule_error_message(lang, error.code(), led),
            str::to_string,
        )
    }
}
