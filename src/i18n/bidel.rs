//! Bidel's own strings (the shared ones are in [`super::Strings`]).

/// Everything only the Bidel table says.
pub struct BidelStrings {
    /// `{name}`: the receiver of this hand's passed cards.
    pub pass_right: &'static str,
    pub pass_left: &'static str,
    pub pass_across: &'static str,
    pub pass_none: &'static str,
    /// Short forms for the scoreboard.
    pub dir_right: &'static str,
    pub dir_left: &'static str,
    pub dir_across: &'static str,
    pub dir_none: &'static str,
    pub choose_three: &'static str,
    /// `{n}` chosen of 3.
    pub chosen_n: &'static str,
    pub pass_button: &'static str,
    /// `{names}` still choosing.
    pub waiting_pass: &'static str,
    pub your_turn_pass: &'static str,
    /// `{name}`
    pub received_from: &'static str,
    pub hearts_broken: &'static str,
    pub hearts_not_broken: &'static str,
    pub hand_points: &'static str,
    pub total: &'static str,
    pub player: &'static str,
    /// `{n}`: the target.
    pub game_to: &'static str,
    /// `{name}`
    pub moon_shot: &'static str,
    /// [`Self::moon_shot`] when you shot the moon.
    pub moon_shot_you: &'static str,
    /// `{name}`
    pub match_won_by: &'static str,
    /// [`Self::match_won_by`] when you won.
    pub match_won_you: &'static str,
    /// `{name}`
    pub queen_taken_by: &'static str,
    pub choose_trump: &'static str,
    pub no_trump: &'static str,
    /// `{name}`
    pub turn_trump: &'static str,
    pub your_turn_trump: &'static str,
    pub lowest_wins: &'static str,
    pub taken: &'static str,
    pub scored: &'static str,
}

pub const FA: BidelStrings = BidelStrings {
    pass_right: "سه کارت برای {name} (راست) انتخاب کنید",
    pass_left: "سه کارت برای {name} (چپ) انتخاب کنید",
    pass_across: "سه کارت برای {name} (روبه‌رو) انتخاب کنید",
    pass_none: "این دور کارتی رد نمی‌شود",
    dir_right: "رد به راست",
    dir_left: "رد به چپ",
    dir_across: "رد به روبه‌رو",
    dir_none: "بدون رد",
    choose_three: "روی سه کارت بزنید.",
    chosen_n: "{n} از ۳",
    pass_button: "رد کردن سه کارت",
    waiting_pass: "منتظر انتخاب {names} …",
    your_turn_pass: "سه کارت برای رد کردن انتخاب کنید",
    received_from: "کارت‌های رسیده از {name} مشخص شده‌اند",
    hearts_broken: "دل شکسته",
    hearts_not_broken: "دل نشکسته",
    hand_points: "این دور",
    total: "جمع",
    player: "بازیکن",
    game_to: "بازی تا {n}",
    moon_shot: "{name} همهٔ امتیازها را گرفت (ماه)! بقیه امتیاز می‌گیرند.",
    moon_shot_you: "شما همهٔ امتیازها را گرفتید (ماه)! بقیه امتیاز می‌گیرند.",
    match_won_by: "{name} با کمترین امتیاز برنده شد",
    match_won_you: "شما با کمترین امتیاز برنده شدید",
    queen_taken_by: "بی‌بی پیک: {name}",
    choose_trump: "حکم این دور را تعیین کنید",
    no_trump: "بی‌حکم",
    turn_trump: "{name} حکم را تعیین می‌کند",
    your_turn_trump: "نوبت شماست: حکم را تعیین کنید",
    lowest_wins: "کمترین امتیاز می‌برد",
    taken: "گرفته",
    scored: "امتیاز",
};

pub const EN: BidelStrings = BidelStrings {
    pass_right: "Choose 3 cards for {name} (right)",
    pass_left: "Choose 3 cards for {name} (left)",
    pass_across: "Choose 3 cards for {name} (across)",
    pass_none: "No passing this hand",
    dir_right: "Pass right",
    dir_left: "Pass left",
    dir_across: "Pass across",
    dir_none: "No pass",
    choose_three: "Tap three cards.",
    chosen_n: "{n} of 3",
    pass_button: "Pass 3 cards",
    waiting_pass: "Waiting for {names} to choose …",
    your_turn_pass: "Choose three cards to pass",
    received_from: "The cards from {name} are marked",
    hearts_broken: "Hearts broken",
    hearts_not_broken: "Hearts not broken",
    hand_points: "This hand",
    total: "Total",
    player: "Player",
    game_to: "Match to {n}",
    moon_shot: "{name} shot the moon! Everyone else takes the points.",
    moon_shot_you: "You shot the moon! Everyone else takes the points.",
    match_won_by: "{name} wins with the lowest score",
    match_won_you: "You win with the lowest score",
    queen_taken_by: "Q♠: {name}",
    choose_trump: "Name this hand's trump",
    no_trump: "No trump",
    turn_trump: "{name} is naming trump",
    your_turn_trump: "Your turn: name trump",
    lowest_wins: "Lowest score wins",
    taken: "Taken",
    scored: "Points",
};

/// The words of Bidel's own rule errors, by their code (`None` for a code every game
/// shares: [`super::rule_error_message`]). Here and not in [`super::Strings`], so that only
/// Bidel's pages carry them.
pub fn error_text(lang: super::Lang, code: &str) -> Option<&'static str> {
    let (fa, en) = match code {
        "must_lead_two_of_clubs" => (
            "دست اول با ۲ خاج شروع می‌شود.",
            "The first trick starts with the 2 of clubs.",
        ),
        "no_points_on_first_trick" => (
            "در دست اول دل یا بی‌بی پیک نمی‌شود بازی کرد.",
            "No hearts or queen of spades on the first trick.",
        ),
        "hearts_not_broken" => (
            "تا دل بازی نشده، نمی‌شود با دل شروع کرد.",
            "Hearts cannot be led until a heart has been played.",
        ),
        _ => return None,
    };
    Some(match lang {
        super::Lang::Fa => fa,
        super::Lang::En => en,
    })
}
