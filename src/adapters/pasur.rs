//! Pasur in the web app: its settings as form fields, its bot, and its error messages.
//! Nothing of Pasur is a trick: cards are captured from the table (PA-3).

use super::{Opt, UiGame, UiSettings};
use crate::i18n::Lang;
use bots::{Bot, PasurBot};
use engine::games::pasur::{Pasur, PasurAction, PasurError, PasurSettings};
use engine::RuleError;

const OPTIONS: &[Opt] = &[
    Opt {
        key: "target",
        values: &[62, 100, 150],
        label: ["بازی تا", "Match to"],
        help: [
            "طرفی (بازیکن یا تیمی) که به این امتیاز برسد برنده است؛ اگر هر دو برسند، امتیاز بیشتر.",
            "The first side to reach this score wins; if both do, the higher total.",
        ],
        players: &[],
    },
    Opt {
        key: "classic_deal",
        values: &[],
        label: ["بررسی کارت‌های وسط", "Classic table check"],
        help: [
            "سرباز تنها در چهار کارت وسط عوض می‌شود؛ دو سرباز، یا سه بی‌بی یا سه شاه: دوباره پخش.",
            "A lone jack among the four table cards is replaced; two jacks, three queens or three kings: deal again.",
        ],
        players: &[],
    },
    Opt {
        key: "jack_takes_all",
        values: &[],
        label: ["سرباز همه را با هم برمی‌دارد", "Jack takes numerals and jacks together"],
        help: [
            "خاموش: اگر هم عدد و هم سرباز وسط باشد، بازیکن یکی از دو دسته را انتخاب می‌کند.",
            "Off: with both numerals and jacks on the table, the player takes one group or the other.",
        ],
        players: &[],
    },
    Opt {
        key: "forced_capture",
        values: &[],
        label: ["برداشتن اجباری", "Forced capture"],
        help: [
            "کارتی که می‌تواند بردارد باید بردارد؛ خاموش: می‌شود آن را روی میز گذاشت.",
            "A card that can capture must capture; off: it may be laid on the table instead.",
        ],
        players: &[],
    },
    Opt {
        key: "jack_sur",
        values: &[],
        label: ["سور با سرباز", "A jack's clearing is a sur"],
        help: [
            "سربازی که عددهای وسط را بردارد و میز را خالی کند سور می‌زند (نه وقتی فقط سرباز برداشته).",
            "A jack that clears the table of numerals scores a sur (never when it took jacks alone).",
        ],
        players: &[],
    },
    Opt {
        key: "no_sur_on_last_card",
        values: &[],
        label: ["بی‌سور در کارت آخر", "No sur on the last card"],
        help: [
            "اگر آخرین کارت دور میز را خالی کند، سور حساب نمی‌شود.",
            "Clearing the table with the hand's very last card scores no sur.",
        ],
        players: &[],
    },
];

impl UiSettings for PasurSettings {
    fn options() -> &'static [Opt] {
        OPTIONS
    }

    fn get(&self, key: &str) -> i64 {
        match key {
            "target" => self.target as i64,
            "classic_deal" => self.classic_deal as i64,
            "jack_takes_all" => self.jack_takes_all as i64,
            "forced_capture" => self.forced_capture as i64,
            "jack_sur" => self.jack_sur as i64,
            "no_sur_on_last_card" => self.no_sur_on_last_card as i64,
            _ => 0,
        }
    }

    fn set(&mut self, key: &str, v: i64) {
        let on = v != 0;
        match key {
            "target" => self.target = v.clamp(0, 10_000) as u16,
            "classic_deal" => self.classic_deal = on,
            "jack_takes_all" => self.jack_takes_all = on,
            "forced_capture" => self.forced_capture = on,
            "jack_sur" => self.jack_sur = on,
            "no_sur_on_last_card" => self.no_sur_on_last_card = on,
            _ => {}
        }
    }
}

impl UiGame for Pasur {
    const PLAYER_COUNTS: &'static [u8] = &[2, 4];

    fn seating(view: &<Pasur as engine::Game>::View) -> Vec<u8> {
        (0..view.players).collect()
    }

    fn hint(lang: Lang, action: &PasurAction) -> Option<(String, Option<engine::Card>)> {
        Some((
            crate::i18n::card_label(lang, action.play),
            Some(action.play),
        ))
    }

    fn bot(seed: u64) -> Box<dyn Bot<Pasur>> {
        Box::new(PasurBot::new(seed))
    }

    fn error_message(lang: Lang, error: &PasurError) -> String {
        let p = lang.pasur();
        match error.code() {
            "not_on_table" => p.err_not_on_table.to_string(),
            "must_sum_to_eleven" => p.err_must_sum_to_eleven.to_string(),
            "jack_takes_all" => p.err_jack_takes_all.to_string(),
            "takes_one_of_its_rank" => p.err_takes_one_of_its_rank.to_string(),
            "choose_capture" => p.err_choose_capture.to_string(),
            "must_capture" => p.err_must_capture.to_string(),
            "hand_not_over" => p.err_round_not_over.to_string(),
            code => crate::i18n::rule_error_message(lang, code, None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_reads_back_what_was_set() {
        let mut s = PasurSettings::default();
        for o in PasurSettings::options() {
            let v = if o.is_flag() {
                1 - s.get(o.key)
            } else {
                *o.values.last().unwrap()
            };
            assert!(o.accepts(v), "{}", o.key);
            s.set(o.key, v);
            assert_eq!(s.get(o.key), v, "{}", o.key);
        }
        assert_ne!(s, PasurSettings::default());
        let d = PasurSettings::default();
        assert_eq!(d.get("target"), 62);
        assert!(OPTIONS
            .iter()
            .find(|o| o.key == "target")
            .unwrap()
            .values
            .contains(&d.get("target")));
    }

    #[test]
    fn every_pasur_refusal_has_its_own_message() {
        use engine::Card;
        let c: Card = "7C".parse().unwrap();
        for e in [
            PasurError::NotOnTable(c),
            PasurError::MustSumToEleven { card: c },
            PasurError::JackTakesAll { card: c },
            PasurError::TakesOneOfItsRank { card: c },
            PasurError::ChooseCapture {
                card: c,
                options: 2,
            },
            PasurError::MustCapture { card: c },
            PasurError::NotInHand(c),
            PasurError::HandNotOver,
            PasurError::NotYourTurn {
                seat: engine::Seat(1),
            },
        ] {
            for lang in [Lang::Fa, Lang::En] {
                let m = Pasur::error_message(lang, &e);
                assert!(!m.is_empty());
                assert_ne!(m, lang.s().err_other, "{e:?}");
            }
        }
        // Pasur has its own message for a hand not over (the same words as the others).
        for lang in [Lang::Fa, Lang::En] {
            let m = Pasur::error_message(lang, &PasurError::HandNotOver);
            assert_eq!(m, lang.pasur().err_round_not_over);
        }
        assert_eq!(
            Pasur::error_message(Lang::En, &PasurError::HandNotOver),
            "The hand is not over yet."
        );
    }
}
