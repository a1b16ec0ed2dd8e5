//! Crazy Eights (with Countdown) in the web app: its settings as form fields (the enum
//! settings as numbered choices with names), its bot and its error messages.

use super::{index_of, pick, Opt, UiGame, UiSettings};
use crate::i18n::en::EN;
use crate::i18n::fa::FA;
use crate::i18n::Lang;
use bots::{Bot, CrazyEightsBot};
use engine::games::crazy_eights::{
    CrazyEights, CrazyEightsAction, CrazyEightsError, CrazyEightsSettings, EightPower, WildRank,
};
use engine::RuleError;

/// The wild ranks in the order of their numbers (CE-11).
pub const WILD_RANKS: [WildRank; 4] = [
    WildRank::Eight,
    WildRank::Jack,
    WildRank::Ace,
    WildRank::Seven,
];
const WILD_RANK_LABELS: [[&str; 2]; 4] = [["۸", "8"], ["سرباز", "Jack"], ["آس", "Ace"], ["۷", "7"]];

/// The wild card's powers in the order of their numbers (CE-11).
pub const EIGHT_POWERS: [EightPower; 4] = [
    EightPower::Wild,
    EightPower::OwnSuit,
    EightPower::NoSuit,
    EightPower::SuitOnMatch,
];
const EIGHT_POWER_LABELS: [[&str; 2]; 4] = [
    ["روی هر کارت؛ خال را تعیین می‌کند", "Anywhere; names a suit"],
    [
        "فقط روی خال خودش؛ خال را تعیین می‌کند",
        "Only on its suit; names a suit",
    ],
    ["روی هر کارت؛ خال تعیین نمی‌کند", "Anywhere; names no suit"],
    [
        "روی هر کارت؛ خال فقط روی خال خودش",
        "Anywhere; a suit only on its own",
    ],
];

const OPTIONS: &[Opt] = &[
    Opt::choice(
        "target",
        &[100, 200, 500],
        [FA.opt_target, EN.opt_target],
        [
            "وقتی جمع کسی به این عدد برسد بازی تمام است و کمترین جمع می‌برد.",
            "When someone's total reaches this the match ends; the lowest total wins.",
        ],
    ),
    Opt::choice(
        "wild_rank",
        &[0, 1, 2, 3],
        ["کارت همه‌کاره", "Wild rank"],
        ["کدام عدد همه‌کاره است.", "Which rank is wild."],
    ),
    Opt::choice(
        "eight_power",
        &[0, 1, 2, 3],
        ["قدرت کارت همه‌کاره", "Wild card's power"],
        [
            "کجا می‌شود آن را بازی کرد و آیا خال تعیین می‌کند.",
            "Where it may be played and whether it names a suit.",
        ],
    ),
    Opt::flag(
        "eight_cards",
        ["هشت کارت برای هر نفر", "8 cards each"],
        [
            "به جای ۷ (دو نفره) یا ۵ کارت.",
            "Instead of 7 (two players) or 5.",
        ],
    ),
    Opt::flag(
        "draw_only_when_unable",
        [
            "برداشتن فقط وقتی کارت جور نیست",
            "Draw only when unable to play",
        ],
        [
            "تا کارت جور دارید نمی‌توانید بردارید.",
            "You may not draw while you can play.",
        ],
    ),
    Opt::flag(
        "play_drawn",
        ["بازی کارت برداشته", "Play the drawn card"],
        [
            "کارتی که برداشتید اگر جور است همان موقع بازی می‌شود.",
            "A drawn card that fits may be played at once.",
        ],
    ),
    Opt::flag(
        "queen_skips",
        ["بی‌بی نوبت را می‌پراند", "Queen skips"],
        [
            "نفر بعدی یک نوبت جا می‌ماند.",
            "The next player misses a turn.",
        ],
    ),
    Opt::flag(
        "ace_reverses",
        ["آس جهت را برمی‌گرداند", "Ace reverses"],
        ["جهت بازی عوض می‌شود.", "The direction of play changes."],
    ),
    Opt::flag(
        "two_draws",
        ["۲ دو کارت جریمه", "2 draws two"],
        [
            "نفر بعدی دو کارت برمی‌دارد مگر ۲ بیندازد (جمع می‌شود).",
            "The next player draws two unless they answer with a 2 (stacking).",
        ],
    ),
    Opt::flag(
        "last_card",
        ["اعلام تک کارت", "Last card"],
        [
            "کسی که یک کارت برایش می‌ماند باید اعلام کند وگرنه دو کارت برمی‌دارد.",
            "A player left with one card must declare it or draw two.",
        ],
    ),
    Opt::flag(
        "reshuffle",
        ["بُر زدن دوباره", "Reshuffle"],
        [
            "دستهٔ تمام‌شده از کارت‌های زمین پر می‌شود.",
            "An empty stock is refilled from the discards.",
        ],
    ),
    Opt::flag(
        "equal_cards",
        ["کارت‌های هم‌عدد با هم", "Equal cards together"],
        [
            "چند کارت هم‌عدد را می‌شود با هم بازی کرد.",
            "Several cards of equal rank may be played together.",
        ],
    ),
    Opt::flag(
        "queen_of_spades_five",
        ["بی‌بی پیک پنج کارت", "Q♠ draws five"],
        ["نفر بعدی پنج کارت برمی‌دارد.", "The next player draws five."],
    ),
    Opt::flag(
        "jack_skips_four_reverses",
        ["سرباز می‌پراند، ۴ برمی‌گرداند", "Jack skips, 4 reverses"],
        ["به جای بی‌بی و آس.", "Instead of the queen and the ace."],
    ),
    Opt::flag(
        "countdown",
        ["شمارش معکوس", "Countdown"],
        [
            "هر نفر از ۸ می‌شمارد؛ کارت همه‌کارهٔ هر کس عدد امتیاز اوست.",
            "Each player counts down from 8; each player's wild rank is their score.",
        ],
    ),
    Opt::flag(
        "countdown_preset",
        ["قواعد آمادهٔ شمارش معکوس", "Countdown preset"],
        [
            "سرباز می‌پراند، ۲ دو کارت، بی‌بی پیک پنج کارت، کارت‌های هم‌عدد با هم.",
            "J skips, 2 draws two, Q♠ draws five, equal cards together.",
        ],
    ),
];

impl UiSettings for CrazyEightsSettings {
    fn options() -> &'static [Opt] {
        OPTIONS
    }

    fn get(&self, key: &str) -> i64 {
        match key {
            "target" => self.target as i64,
            "wild_rank" => index_of(&WILD_RANKS, self.wild_rank),
            "eight_power" => index_of(&EIGHT_POWERS, self.eight_power),
            "eight_cards" => self.eight_cards_each as i64,
            "draw_only_when_unable" => self.draw_only_when_unable as i64,
            "play_drawn" => self.play_drawn_card as i64,
            "queen_skips" => self.queen_skips as i64,
            "ace_reverses" => self.ace_reverses as i64,
            "two_draws" => self.two_draws as i64,
            "last_card" => self.last_card as i64,
            "reshuffle" => self.reshuffle as i64,
            "equal_cards" => self.equal_cards as i64,
            "queen_of_spades_five" => self.queen_of_spades_draws_five as i64,
            "jack_skips_four_reverses" => self.jack_skips_four_reverses as i64,
            "countdown" => self.countdown as i64,
            "countdown_preset" => self.countdown_preset as i64,
            _ => 0,
        }
    }

    fn set(&mut self, key: &str, v: i64) {
        let on = v != 0;
        match key {
            "target" => {
                self.target = if [100, 200, 500].contains(&v) {
                    v as u16
                } else {
                    100
                }
            }
            "wild_rank" => self.wild_rank = pick(&WILD_RANKS, v),
            "eight_power" => self.eight_power = pick(&EIGHT_POWERS, v),
            "eight_cards" => self.eight_cards_each = on,
            "draw_only_when_unable" => self.draw_only_when_unable = on,
            "play_drawn" => self.play_drawn_card = on,
            "queen_skips" => self.queen_skips = on,
            "ace_reverses" => self.ace_reverses = on,
            "two_draws" => self.two_draws = on,
            "last_card" => self.last_card = on,
            "reshuffle" => self.reshuffle = on,
            "equal_cards" => self.equal_cards = on,
            "queen_of_spades_five" => self.queen_of_spades_draws_five = on,
            "jack_skips_four_reverses" => self.jack_skips_four_reverses = on,
            // CE-12: the preset needs Countdown.
            "countdown" => {
                self.countdown = on;
                if !on {
                    self.countdown_preset = false;
                }
            }
            "countdown_preset" => {
                self.countdown_preset = on;
                if on {
                    self.countdown = true;
                }
            }
            _ => {}
        }
    }

    fn value_label(key: &str, v: i64, lang: Lang) -> Option<&'static str> {
        let i = usize::try_from(v).ok().filter(|&i| i < 4)?;
        match key {
            "wild_rank" => Some(WILD_RANK_LABELS[i][lang as usize]),
            "eight_power" => Some(EIGHT_POWER_LABELS[i][lang as usize]),
            _ => None,
        }
    }
}

impl UiGame for CrazyEights {
    /// CE-1: two to eight players (two decks from six); four by default.
    const PLAYER_COUNTS: &'static [u8] = &[4, 2, 3, 5, 6, 7, 8];
    const CLOCKWISE: bool = true;

    fn seating(view: &<CrazyEights as engine::Game>::View) -> Vec<u8> {
        (0..view.players).collect()
    }

    fn hint(lang: Lang, action: &CrazyEightsAction) -> Option<(String, Option<engine::Card>)> {
        let sh = lang.shedding();
        match action {
            CrazyEightsAction::Play(p) => {
                let cards = p.cards.as_slice();
                let text = cards
                    .iter()
                    .map(|&c| crate::i18n::card_label(lang, c))
                    .collect::<Vec<_>>()
                    .join(", ");
                Some((text, cards.first().copied()))
            }
            CrazyEightsAction::Draw => Some((sh.draw.to_string(), None)),
            CrazyEightsAction::Pass => Some((sh.pass.to_string(), None)),
            CrazyEightsAction::Suit(_) => None,
        }
    }

    fn bot(seed: u64) -> Box<dyn Bot<CrazyEights>> {
        Box::new(CrazyEightsBot::new(seed))
    }

    fn error_message(lang: Lang, error: &CrazyEightsError) -> String {
        let t = lang.shedding();
        match error {
            CrazyEightsError::DoesNotMatch(_) => t.err_does_not_match.to_string(),
            CrazyEightsError::MustAnswerTwo => t.err_must_answer_two.to_string(),
            CrazyEightsError::MayNotDraw => t.err_may_not_draw.to_string(),
            CrazyEightsError::MayNotPass => t.err_may_not_pass.to_string(),
            CrazyEightsError::OnlyTheDrawnCard => t.err_only_drawn.to_string(),
            _ => crate::i18n::rule_error_message(lang, error.code(), None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_reads_back_what_was_set() {
        crate::adapters::every_setting_reads_back::<CrazyEightsSettings>();
        let mut s = CrazyEightsSettings::default();
        s.set("wild_rank", 1);
        assert_eq!(s.wild_rank, WildRank::Jack);
        s.set("eight_power", 3);
        assert_eq!(s.eight_power, EightPower::SuitOnMatch);
        s.set("countdown_preset", 1);
        assert!(s.countdown, "the preset needs Countdown");
        s.set("countdown", 0);
        assert!(!s.countdown_preset);
        assert_eq!(
            CrazyEightsSettings::value_label("wild_rank", 2, Lang::En),
            Some("Ace")
        );
        assert_eq!(
            CrazyEightsSettings::value_label("target", 100, Lang::En),
            None
        );
    }
}
