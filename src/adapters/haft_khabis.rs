//! Haft Khabis (Haft Kasif) in the web app: its settings as form fields (the enum settings
//! as numbered choices with names), its bot and its error messages.

use super::{index_of, pick, Opt, UiGame, UiSettings};
use crate::i18n::Lang;
use bots::{Bot, HaftKhabisBot};
use engine::games::haft_khabis::{
    EndMode, HaftKhabis, HaftKhabisAction, HaftKhabisError, HaftKhabisSettings, SevenStacking,
    TwoRule,
};
use engine::RuleError;

/// The two's rules in the order of their numbers (HX-4).
pub const TWO_RULES: [TwoRule; 3] = [TwoRule::PenaltyCard, TwoRule::GiveCard, TwoRule::NoEffect];
const TWO_LABELS: [[&str; 2]; 3] = [
    [
        "یک کارت جریمه برای نفر انتخابی",
        "The named player draws a card",
    ],
    [
        "یک کارت خودتان را به او بدهید",
        "Give the named player a card",
    ],
    ["بی‌اثر", "No effect"],
];
/// The sevens' growth in the order of their numbers (HX-5).
pub const SEVEN_STACKINGS: [SevenStacking; 2] = [SevenStacking::Add, SevenStacking::Double];
const SEVEN_LABELS: [[&str; 2]; 2] = [
    ["۲، ۴، ۶، ۸ …", "2, 4, 6, 8 …"],
    ["۲، ۴، ۸، ۱۶ …", "2, 4, 8, 16 …"],
];
/// The ends of the game in the order of their numbers (HX-13).
pub const END_MODES: [EndMode; 5] = [
    EndMode::Cap,
    EndMode::CapEnds,
    EndMode::Hands,
    EndMode::Elimination,
    EndMode::FinishingOrder,
];
const END_LABELS: [[&str; 2]; 5] = [
    ["سقف: رسیده‌ها بیرون می‌روند", "Cap: who reaches it is out"],
    ["سقف: بازی تمام می‌شود", "Cap: the game ends"],
    ["تعداد دور", "Number of hands"],
    ["حذفی", "Elimination"],
    ["ترتیب تمام کردن", "Finishing order"],
];

const CAPS: [i64; 20] = [
    50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650, 700, 750, 800, 850, 900, 950,
    1000,
];
const HANDS: [i64; 20] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
];

const OPTIONS: &[Opt] = &[
    Opt::choice(
        "end",
        &[0, 1, 2, 3, 4],
        ["پایان بازی", "End of the match"],
        [
            "سقف جریمه، تعداد دور، حذفی یا ترتیب تمام کردن.",
            "A penalty cap, a number of hands, elimination or finishing order.",
        ],
    ),
    Opt::choice(
        "cap",
        &CAPS,
        ["سقف جریمه", "Penalty cap"],
        ["برای حالت‌های سقف.", "For the cap modes."],
    ),
    Opt::choice(
        "hands",
        &HANDS,
        ["تعداد دور", "Number of hands"],
        ["برای حالت تعداد دور.", "For the number-of-hands mode."],
    ),
    Opt::choice(
        "two",
        &[0, 1, 2],
        ["کار ۲", "The 2"],
        ["بازیکن کسی را انتخاب می‌کند.", "The player names someone."],
    ),
    Opt::choice(
        "seven_stacking",
        &[0, 1],
        ["جریمهٔ ۷ها", "Sevens' penalty"],
        [
            "جریمهٔ زنجیرهٔ ۷ چطور بزرگ می‌شود.",
            "How a chain of sevens grows.",
        ],
    ),
    Opt::flag(
        "keep_drawn",
        ["نگه داشتن کارت برداشته", "Keep the drawn card"],
        [
            "کارت برداشتهٔ جور را می‌شود نگه داشت.",
            "A drawn card that fits may be kept.",
        ],
    ),
    Opt::flag(
        "ace_answer",
        ["جواب آس با آس", "Answer an ace"],
        [
            "کسی که با آس می‌پرد می‌تواند آس بیندازد.",
            "A skipped player may answer with an ace.",
        ],
    ),
    Opt::flag(
        "no_finish_on_eight",
        ["با ۸ تمام نمی‌شود", "No finish on an 8"],
        [
            "بعد از ۸ یک کارت دیگر بدهکارید.",
            "After an 8 you owe another card.",
        ],
    ),
    Opt::flag(
        "forgo_eight",
        ["صرف‌نظر از کارت اضافهٔ ۸", "Forgo the 8's extra card"],
        ["بعد از ۸ می‌شود رد کرد.", "After an 8 you may pass."],
    ),
    Opt::flag(
        "shrapnel",
        ["ترکش", "Shrapnel"],
        [
            "دوری که با ۷ تمام شود تا زنجیره ادامه دارد ادامه می‌یابد.",
            "A hand ending on a 7 goes on while the chain runs.",
        ],
    ),
    // HX-14's timeout penalty only applies to online rooms with a turn timer: a table on
    // this device has no timer, so the form does not offer it (the setting keeps its
    // default, which nothing here reads).
];

impl UiSettings for HaftKhabisSettings {
    fn options() -> &'static [Opt] {
        OPTIONS
    }

    fn get(&self, key: &str) -> i64 {
        match key {
            "end" => index_of(&END_MODES, self.end),
            "cap" => self.cap as i64,
            "hands" => self.hands as i64,
            "two" => index_of(&TWO_RULES, self.two),
            "seven_stacking" => index_of(&SEVEN_STACKINGS, self.seven_stacking),
            "keep_drawn" => self.keep_drawn_card as i64,
            "ace_answer" => self.ace_answer as i64,
            "no_finish_on_eight" => self.no_finish_on_eight as i64,
            "forgo_eight" => self.forgo_eight as i64,
            "shrapnel" => self.shrapnel as i64,
            "timeout_penalty" => self.timeout_penalty as i64,
            _ => 0,
        }
    }

    fn set(&mut self, key: &str, v: i64) {
        let on = v != 0;
        match key {
            "end" => self.end = pick(&END_MODES, v),
            "cap" => self.cap = pick(&CAPS, v / 50 - 1) as u16,
            "hands" => self.hands = v.clamp(1, 20) as u8,
            "two" => self.two = pick(&TWO_RULES, v),
            "seven_stacking" => self.seven_stacking = pick(&SEVEN_STACKINGS, v),
            "keep_drawn" => self.keep_drawn_card = on,
            "ace_answer" => self.ace_answer = on,
            "no_finish_on_eight" => self.no_finish_on_eight = on,
            "forgo_eight" => self.forgo_eight = on,
            "shrapnel" => self.shrapnel = on,
            "timeout_penalty" => self.timeout_penalty = on,
            _ => {}
        }
    }

    fn value_label(key: &str, v: i64, lang: Lang) -> Option<&'static str> {
        let i = usize::try_from(v).ok()?;
        let l = lang as usize;
        match key {
            "end" => END_LABELS.get(i).map(|x| x[l]),
            "two" => TWO_LABELS.get(i).map(|x| x[l]),
            "seven_stacking" => SEVEN_LABELS.get(i).map(|x| x[l]),
            _ => None,
        }
    }
}

impl UiGame for HaftKhabis {
    /// HX-1: two to seven players (two decks from six); four by default.
    const PLAYER_COUNTS: &'static [u8] = &[4, 2, 3, 5, 6, 7];
    const CLOCKWISE: bool = true;

    fn seating(view: &<HaftKhabis as engine::Game>::View) -> Vec<u8> {
        (0..view.players).collect()
    }

    fn hint(lang: Lang, action: &HaftKhabisAction) -> Option<(String, Option<engine::Card>)> {
        let sh = lang.shedding();
        match action {
            HaftKhabisAction::Play(p) => {
                Some((crate::i18n::card_label(lang, p.card), Some(p.card)))
            }
            HaftKhabisAction::Draw { .. } => Some((sh.draw.to_string(), None)),
            HaftKhabisAction::Pass => Some((sh.pass.to_string(), None)),
            HaftKhabisAction::Name { .. } => None,
        }
    }

    fn bot(seed: u64) -> Box<dyn Bot<HaftKhabis>> {
        Box::new(HaftKhabisBot::new(seed))
    }

    fn error_message(lang: Lang, error: &HaftKhabisError) -> String {
        let t = lang.shedding();
        match error {
            HaftKhabisError::DoesNotMatch(_) => t.err_does_not_match.to_string(),
            HaftKhabisError::MustAnswerSeven => t.err_must_answer_seven.to_string(),
            HaftKhabisError::MayNotPass => t.err_may_not_pass.to_string(),
            HaftKhabisError::OnlyTheDrawnCard => t.err_only_drawn.to_string(),
            _ => crate::i18n::rule_error_message(lang, error.code(), None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_reads_back_what_was_set() {
        crate::adapters::every_setting_reads_back::<HaftKhabisSettings>();
        let mut s = HaftKhabisSettings::default();
        s.set("end", 3);
        assert_eq!(s.end, EndMode::Elimination);
        s.set("two", 1);
        assert_eq!(s.two, TwoRule::GiveCard);
        assert_eq!(
            HaftKhabisSettings::value_label("seven_stacking", 1, Lang::En),
            Some("2, 4, 8, 16 …")
        );
    }
}
