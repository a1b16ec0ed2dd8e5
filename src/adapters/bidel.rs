//! Bidel in the web app: its settings as form fields, its bot and its trick.

use super::{Opt, ShownTrick, UiGame, UiSettings, LAST_TRICK};
use crate::i18n::en::EN;
use crate::i18n::fa::FA;
use crate::i18n::Lang;
use bots::{BidelBot, Bot};
use engine::games::bidel::{Bidel, BidelAction, BidelError, BidelEvent, BidelSettings};
use engine::{Card, RuleError};

const OPTIONS: &[Opt] = &[
    Opt {
        key: "target",
        values: &[100, 200],
        label: [FA.opt_target, EN.opt_target],
        help: [
            "وقتی کسی به این امتیاز برسد بازی تمام است و کمترین امتیاز می‌برد.",
            "When someone reaches this score the match ends; the lowest score wins.",
        ],
        players: &[],
    },
    Opt {
        key: "forty",
        values: &[],
        label: ["حالت ۴۰ امتیازی", "40-point mode"],
        help: [
            "شاه و آس پیک هم هر کدام ۷ امتیاز دارند؛ هر دور ۴۰ امتیاز.",
            "The king and ace of spades also cost 7 each; a hand carries 40 points.",
        ],
        players: &[],
    },
    Opt {
        key: "trump_mode",
        values: &[],
        label: ["حالت حکم", "Trump mode"],
        help: [
            "از دور دوم، نفرِ سمت راستِ گیرندهٔ بی‌بی پیک حاکم می‌شود و حکم (یا بی‌حکم) تعیین می‌کند.",
            "From hand 2, the player right of whoever took the Q♠ becomes hakem and names trump (or none).",
        ],
        players: &[],
    },
    LAST_TRICK,
];

impl UiSettings for BidelSettings {
    fn options() -> &'static [Opt] {
        OPTIONS
    }

    fn get(&self, key: &str) -> i64 {
        match key {
            "target" => self.target as i64,
            "forty" => self.forty_point_mode as i64,
            "trump_mode" => self.trump_mode as i64,
            "last_trick" => self.show_last_trick as i64,
            _ => 0,
        }
    }

    fn set(&mut self, key: &str, v: i64) {
        let on = v != 0;
        match key {
            "target" => self.target = v.clamp(0, 10_000) as u16,
            "forty" => self.forty_point_mode = on,
            "trump_mode" => self.trump_mode = on,
            "last_trick" => self.show_last_trick = on,
            _ => {}
        }
    }
}

impl UiGame for Bidel {
    const PLAYER_COUNTS: &'static [u8] = &[4, 3];

    fn seating(view: &<Bidel as engine::Game>::View) -> Vec<u8> {
        (0..view.players).collect()
    }

    fn played_card(action: &BidelAction) -> Option<Card> {
        match action {
            BidelAction::Play(c) => Some(*c),
            _ => None,
        }
    }

    fn bot(seed: u64) -> Box<dyn Bot<Bidel>> {
        Box::new(BidelBot::new(seed))
    }

    fn completed_trick(event: &BidelEvent) -> Option<ShownTrick> {
        match event {
            BidelEvent::Played { trick: Some(t), .. } => {
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

    fn error_message(lang: Lang, error: &BidelError) -> String {
        let led = match error {
            BidelError::MustFollowSuit { led } => Some(*led),
            _ => None,
        };
        crate::i18n::bidel::error_text(lang, error.code()).map_or_else(
            || crate::i18n::rule_error_message(lang, error.code(), led),
            str::to_string,
        )
    }
}
