//! The Shelem table's strings (the auction, the widow and discards, the contract, the score
//! sheet), one [`ShelemStrings`] per language, reached by [`Lang::shelem`](super::Lang::shelem).
//! Templates hold named holes filled by [`fill`](super::fill).

use super::Lang;

/// The Shelem table's strings of one language.
pub struct ShelemStrings {
    // --- the auction (SH-4)
    pub auction: &'static str,
    pub auction_help: &'static str,
    /// `{n}` points by `{name}`.
    pub high_bid: &'static str,
    /// SH-8: a bid of every point in play, `{n}`.
    pub bid_shelem: &'static str,
    pub no_bid_yet: &'static str,
    /// A bid button's label: `{n}`.
    pub bid_n: &'static str,
    pub pass: &'static str,
    /// A seat's plate after it passed.
    pub passed: &'static str,
    pub your_turn_bid: &'static str,
    /// `{name}`
    pub turn_bid: &'static str,
    pub redealt: &'static str,
    // --- the widow and the discards (SH-5)
    /// `{n}`: how many cards to discard.
    pub discard_title: &'static str,
    pub discard_help: &'static str,
    /// `{k}` of `{n}` chosen.
    pub discard_chosen: &'static str,
    /// `{n}`
    pub discard_confirm: &'static str,
    pub discard_clear: &'static str,
    pub widow_legend: &'static str,
    /// `{n}`
    pub your_turn_discard: &'static str,
    /// `{name}`, `{n}`
    pub turn_discard: &'static str,
    pub your_discards: &'static str,
    // --- trump (SH-6)
    pub trump_help: &'static str,
    pub joker_suit_title: &'static str,
    pub joker_suit_help: &'static str,
    pub cancel: &'static str,
    /// `{name}` bid `{n}` (the scoreboard's contract).
    pub contract: &'static str,
    // --- scores
    /// Points taken this hand (column).
    pub taken: &'static str,
    /// Match score (column).
    pub total: &'static str,
    // --- the score sheet (SH-7, SH-8)
    /// `{name}` bid `{n}` (the result's first line).
    pub result_contract: &'static str,
    pub made: &'static str,
    /// `{n}`: the bid lost.
    pub failed: &'static str,
    pub shelem: &'static str,
    pub taken_with_discards: &'static str,
    pub this_hand: &'static str,
    /// `{n}`
    pub points_in_play: &'static str,
    pub discards_of_hakem: &'static str,
}

pub const FA: ShelemStrings = ShelemStrings {
    auction: "حراج",
    auction_help: "بگویید تیمتان چند امتیاز می‌گیرد (کارت‌های خوابیده هم حساب است)، یا پاس کنید.",
    high_bid: "بالاترین: {n} ({name})",
    bid_shelem: "شلم {n}",
    no_bid_yet: "هنوز کسی نخوانده",
    bid_n: "بخوان {n}",
    pass: "پاس",
    passed: "پاس",
    your_turn_bid: "نوبت شماست: بخوانید یا پاس کنید",
    turn_bid: "منتظر خواندن {name}…",
    redealt: "همه پاس کردند؛ کارت‌ها دوباره پخش شد.",
    discard_title: "{n} کارت را بخوابانید",
    discard_help: "کارت‌های وسط نشان‌دار شده‌اند. کارت‌های خوابیده یک دست برای تیم شما حساب می‌شود.",
    discard_chosen: "{k} از {n} انتخاب شده",
    discard_confirm: "خواباندن این {n} کارت",
    discard_clear: "پاک کردن",
    widow_legend: "کارت‌های وسط",
    your_turn_discard: "حاکم شدید: {n} کارت را بخوابانید",
    turn_discard: "{name} کارت‌های وسط را برداشت و {n} کارت می‌خواباند…",
    your_discards: "خوابیده‌های شما",
    trump_help: "حکم این دور را تعیین کنید.",
    joker_suit_title: "خال ژوکر",
    joker_suit_help: "بقیه باید از این خال بازی کنند.",
    cancel: "انصراف",
    contract: "خوانده: {n} ({name})",
    taken: "برداشت",
    total: "جمع",
    result_contract: "خوانده: {n} ({name})",
    made: "خوانده‌اش را آورد!",
    failed: "نیاورد: منفی {n}",
    shelem: "شلم! همهٔ دست‌ها را برد.",
    taken_with_discards: "برداشت (با خوابیده‌ها)",
    this_hand: "این دور",
    points_in_play: "امتیاز این دور: {n}",
    discards_of_hakem: "کارت‌های خوابیدهٔ حاکم",
};

pub const EN: ShelemStrings = ShelemStrings {
    auction: "Auction",
    auction_help: "Bid the points your side will take (the discards count too), or pass.",
    high_bid: "High bid: {n} ({name})",
    bid_shelem: "Shelem {n}",
    no_bid_yet: "No bid yet",
    bid_n: "Bid {n}",
    pass: "Pass",
    passed: "pass",
    your_turn_bid: "Your turn: bid or pass",
    turn_bid: "Waiting for {name} to bid…",
    redealt: "Everyone passed: the cards were dealt again.",
    discard_title: "Discard {n} cards",
    discard_help: "The widow's cards are marked. Your discards count as a trick for your side.",
    discard_chosen: "{k} of {n} chosen",
    discard_confirm: "Discard these {n}",
    discard_clear: "Clear",
    widow_legend: "Widow",
    your_turn_discard: "You won the auction: discard {n} cards",
    turn_discard: "{name} took the widow and is discarding {n} cards…",
    your_discards: "Your discards",
    trump_help: "Name trump for this hand.",
    joker_suit_title: "The joker's suit",
    joker_suit_help: "The others must follow this suit.",
    cancel: "Cancel",
    contract: "Bid {n} by {name}",
    taken: "Taken",
    total: "Score",
    result_contract: "{name} bid {n}",
    made: "Made it!",
    failed: "Went down: −{n}",
    shelem: "Shelem! Every trick.",
    taken_with_discards: "Taken (with discards)",
    this_hand: "This hand",
    points_in_play: "Points in play: {n}",
    discards_of_hakem: "The hakem's discards",
};

impl Lang {
    /// The Shelem table's strings in this language.
    pub fn shelem(self) -> &'static ShelemStrings {
        match self {
            Lang::Fa => &FA,
            Lang::En => &EN,
        }
    }
}

/// The words of Shelem's own rule errors, by their code (`None` for a code every game
/// shares: [`super::rule_error_message`]). Here and not in [`super::Strings`], so that only
/// Shelem's pages carry them.
pub fn error_text(lang: Lang, code: &str) -> Option<&'static str> {
    let (fa, en) = match code {
        "bid_too_low" => (
            "پیشنهاد باید از پیشنهاد فعلی بیشتر باشد.",
            "Bid more than the current bid.",
        ),
        "bid_too_high" => (
            "این پیشنهاد از امتیازهای بازی بیشتر است.",
            "That bid is more than the points in play.",
        ),
        "bid_not_in_steps" => ("پیشنهاد باید مضرب ۵ باشد.", "Bids go in steps of 5."),
        "joker_lead_needs_suit" => (
            "با ژوکر خال مورد نظر را هم اعلام کنید.",
            "Name the suit to follow with the joker.",
        ),
        "no_suit_to_name" => ("این خال را نمی‌شود اعلام کرد.", "That suit cannot be named."),
        _ => return None,
    };
    Some(match lang {
        Lang::Fa => fa,
        Lang::En => en,
    })
}
