//! Hokm in the web app: its settings as form fields, its bot and its trick.

use super::{Opt, ShownTrick, UiGame, UiSettings, LAST_TRICK, NO_TRUMP_MODES};
use crate::i18n::en::EN;
use crate::i18n::fa::FA;
use crate::i18n::{card_label, trump_name, Lang};
use bots::{Bot, HokmBot};
use engine::games::hokm::{Hokm, HokmAction, HokmEvent, HokmSettings, HokmView};
use engine::{Card, Game, Seat};

const OPTIONS: &[Opt] = &[
    Opt {
        key: "target",
        values: &[3, 5, 7],
        label: [FA.opt_target, EN.opt_target],
        help: [FA.opt_target_help, EN.opt_target_help],
        players: &[],
    },
    Opt {
        key: "redeal",
        values: &[],
        label: [
            crate::i18n::hokm::FA.opt_redeal,
            crate::i18n::hokm::EN.opt_redeal,
        ],
        help: [
            crate::i18n::hokm::FA.opt_redeal_help,
            crate::i18n::hokm::EN.opt_redeal_help,
        ],
        players: &[],
    },
    Opt {
        key: "second_ace",
        values: &[],
        label: [
            crate::i18n::hokm::FA.opt_second_ace,
            crate::i18n::hokm::EN.opt_second_ace,
        ],
        help: [
            crate::i18n::hokm::FA.opt_second_ace_help,
            crate::i18n::hokm::EN.opt_second_ace_help,
        ],
        players: &[4],
    },
    LAST_TRICK,
    NO_TRUMP_MODES[0],
    NO_TRUMP_MODES[1],
    NO_TRUMP_MODES[2],
];

impl UiSettings for HokmSettings {
    fn options() -> &'static [Opt] {
        OPTIONS
    }

    fn get(&self, key: &str) -> i64 {
        match key {
            "target" => self.target as i64,
            "redeal" => self.redeal_weak_hand as i64,
            "second_ace" => self.partners_by_second_ace as i64,
            "last_trick" => self.show_last_trick as i64,
            "sars" => self.sars as i64,
            "nars" => self.nars as i64,
            "ace_nars" => self.ace_nars as i64,
            _ => 0,
        }
    }

    fn set(&mut self, key: &str, v: i64) {
        let on = v != 0;
        match key {
            "target" => self.target = v.clamp(1, 13) as u8,
            "redeal" => self.redeal_weak_hand = on,
            "second_ace" => self.partners_by_second_ace = on,
            "last_trick" => self.show_last_trick = on,
            "sars" => self.sars = on,
            "nars" => self.nars = on,
            "ace_nars" => self.ace_nars = on,
            _ => {}
        }
    }
}

/// A completed trick of `cards` (in play order from `leader`) at a table of `n` seats.
pub fn shown_trick(leader: Seat, cards: &[Card], winner: Seat, n: u8) -> ShownTrick {
    ShownTrick {
        cards: cards
            .iter()
            .enumerate()
            .map(|(i, &c)| (leader.after(i as u8, n), c))
            .collect(),
        winner,
    }
}

impl UiGame for Hokm {
    const PLAYER_COUNTS: &'static [u8] = &[4, 2];

    fn played_card(action: &HokmAction) -> Option<Card> {
        match action {
            HokmAction::Play(c) => Some(*c),
            _ => None,
        }
    }

    fn hint(lang: Lang, action: &HokmAction) -> Option<(String, Option<Card>)> {
        match *action {
            HokmAction::Play(c) | HokmAction::Discard(c) => Some((card_label(lang, c), Some(c))),
            HokmAction::Trump(t) => Some((trump_name(lang, t), None)),
            _ => None,
        }
    }

    fn bot(seed: u64) -> Box<dyn Bot<Hokm>> {
        Box::new(HokmBot::new(seed))
    }

    fn seating(view: &HokmView) -> Vec<u8> {
        view.seating.to_vec()
    }

    fn completed_trick(event: &HokmEvent) -> Option<ShownTrick> {
        match event {
            HokmEvent::Played { trick: Some(t), .. } => Some(shown_trick(
                t.leader,
                &t.cards,
                t.winner,
                t.cards.len() as u8,
            )),
            _ => None,
        }
    }

    fn has_intro() -> bool {
        true
    }

    fn error_message(lang: Lang, error: &<Hokm as Game>::Error) -> String {
        crate::i18n::error_message(lang, error)
    }
}
