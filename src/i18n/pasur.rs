//! The Pasur table's strings (the table cards, choosing what a card captures, the piles of
//! each side, the round's score sheet), one [`PasurStrings`] per language, reached by
//! [`Lang::pasur`](super::Lang::pasur). Templates hold named holes filled by
//! [`fill`](super::fill).

use super::Lang;

/// The Pasur table's strings of one language.
pub struct PasurStrings {
    // --- the middle of the table
    pub table_cards: &'static str,
    pub table_empty: &'static str,
    /// `{n}` cards left in the stock.
    pub stock_left: &'static str,
    /// `{n}` of `{k}`.
    pub deal_of: &'static str,
    /// `{n}`: the target.
    pub game_to: &'static str,
    /// `{n}`: the round.
    pub round_n: &'static str,
    pub dealer: &'static str,
    /// `{cards}`: table jacks replaced at the deal (PA-2).
    pub jack_replaced: &'static str,
    /// `{n}`: deals thrown in this round (PA-2).
    pub dealt_again: &'static str,
    // --- the last play
    /// `{name}` took with `{card}`: followed by the cards.
    pub last_took: &'static str,
    /// [`Self::last_took`] when you took.
    pub last_took_you: &'static str,
    /// `{name}` laid `{card}` on the table.
    pub last_laid: &'static str,
    /// [`Self::last_laid`] when you laid the card.
    pub last_laid_you: &'static str,
    pub sur: &'static str,
    // --- choosing a capture (PA-3, PA-4)
    pub pick_hint: &'static str,
    /// `{card}`
    pub takes: &'static str,
    /// `{card}`
    pub takes_nothing: &'static str,
    /// `{card}`, `{n}` ways.
    pub choose_set: &'static str,
    pub lay_down: &'static str,
    pub confirm_take: &'static str,
    pub confirm_lay: &'static str,
    pub confirm_choose: &'static str,
    pub cancel: &'static str,
    /// `{cards}`: an option's spoken label.
    pub take_cards: &'static str,
    /// `{card}` would take (a preview while it is not your turn).
    pub would_take: &'static str,
    // --- the piles (D-8)
    pub pile: &'static str,
    pub clubs: &'static str,
    pub surs: &'static str,
    pub jacks: &'static str,
    pub aces: &'static str,
    pub ten_diamonds: &'static str,
    pub two_clubs: &'static str,
    pub taken: &'static str,
    pub not_taken: &'static str,
    /// The button that explains the chips of the top bar.
    pub chips_help: &'static str,
    /// The pile's chip in that explanation: a count, worth no points itself.
    pub pile_help: &'static str,
    pub this_round: &'static str,
    pub total: &'static str,
    // --- the score sheet (PA-6, PA-10, PA-11)
    /// `{n}`: the round.
    pub round_over: &'static str,
    pub line_cards: &'static str,
    pub line_clubs: &'static str,
    pub line_ten: &'static str,
    pub line_two: &'static str,
    pub line_jacks: &'static str,
    pub line_aces: &'static str,
    pub line_surs: &'static str,
    pub line_round: &'static str,
    pub line_match: &'static str,
    /// `{n}` clubs.
    pub n_clubs: &'static str,
    /// `{n}` surs.
    pub n_surs: &'static str,
    /// One sur (English singular).
    pub n_sur_one: &'static str,
    /// `{n}` cards to `{name}`.
    pub last_cards: &'static str,
    /// [`Self::last_cards`] when they went to you.
    pub last_cards_you: &'static str,
    /// One card to `{name}`.
    pub last_card_one: &'static str,
    /// [`Self::last_card_one`] when it went to you.
    pub last_card_one_you: &'static str,
    pub last_cards_none: &'static str,
    pub match_won_you: &'static str,
    /// `{name}`
    pub match_won_by: &'static str,
    /// `{team}`
    pub match_won_team: &'static str,
    /// `{n}`: the target.
    pub tie_plays_on: &'static str,
    /// The button that deals the next round.
    pub next_round: &'static str,
    // --- refusals, by PasurError::code()
    pub err_not_on_table: &'static str,
    pub err_must_sum_to_eleven: &'static str,
    pub err_jack_takes_all: &'static str,
    pub err_takes_one_of_its_rank: &'static str,
    pub err_choose_capture: &'static str,
    pub err_must_capture: &'static str,
    pub err_round_not_over: &'static str,
}

pub const FA: PasurStrings = PasurStrings {
    table_cards: "کارت‌های وسط",
    table_empty: "وسط خالی است",
    stock_left: "{n} کارت در دسته",
    deal_of: "پخش {n} از {k}",
    game_to: "بازی تا {n}",
    round_n: "دور {n}",
    dealer: "پخش‌کننده",
    jack_replaced: "سرباز وسط عوض شد: {cards}",
    dealt_again: "دوباره پخش شد ({n} بار)",
    last_took: "{name} با {card} برداشت:",
    last_took_you: "شما با {card} برداشتید:",
    last_laid: "{name} {card} را وسط گذاشت",
    last_laid_you: "شما {card} را وسط گذاشتید",
    sur: "سور!",
    pick_hint: "روی یک کارت بزنید تا ببینید چه برمی‌دارد.",
    takes: "{card} برمی‌دارد:",
    takes_nothing: "{card} چیزی برنمی‌دارد و وسط می‌ماند.",
    choose_set: "{card} به {n} شکل برمی‌دارد؛ یکی را انتخاب کنید.",
    lay_down: "وسط بگذار",
    confirm_take: "بردار",
    confirm_lay: "بگذار",
    confirm_choose: "انتخاب کنید",
    cancel: "انصراف",
    take_cards: "برداشتن {cards}",
    would_take: "{card} برمی‌دارد:",
    pile: "کارت‌های برداشته",
    clubs: "خاج",
    surs: "سور",
    jacks: "سرباز",
    aces: "آس",
    ten_diamonds: "۱۰ خشت",
    two_clubs: "۲ خاج",
    taken: "برداشته",
    not_taken: "برداشته نشده",
    chips_help: "این شمارش‌ها چیست؟",
    pile_help: "کارت‌های برداشته (فقط شمارش، بی‌امتیاز)",
    this_round: "این دور",
    total: "جمع",
    round_over: "پایان دور {n}",
    line_cards: "کارت‌ها",
    line_clubs: "خاج (۷ تا یا بیشتر: ۷)",
    line_ten: "۱۰ خشت (۳)",
    line_two: "۲ خاج (۲)",
    line_jacks: "سربازها (هر کدام ۱)",
    line_aces: "آس‌ها (هر کدام ۱)",
    line_surs: "سورها (هر کدام ۵)",
    line_round: "امتیاز این دور",
    line_match: "جمع",
    n_clubs: "{n} خاج",
    n_surs: "{n} سور",
    n_sur_one: "{n} سور",
    last_cards: "{n} کارت آخرِ وسط به {name} رسید.",
    last_cards_you: "{n} کارت آخرِ وسط به شما رسید.",
    last_card_one: "کارت آخرِ وسط به {name} رسید.",
    last_card_one_you: "کارت آخرِ وسط به شما رسید.",
    last_cards_none: "آخر دور کارتی وسط نماند.",
    match_won_you: "شما بازی را بردید!",
    match_won_by: "{name} بازی را برد!",
    match_won_team: "{team} بازی را بردند!",
    tie_plays_on: "امتیازها برابر است: یک دور دیگر.",
    next_round: "دور بعد",
    err_not_on_table: "این کارت وسط نیست.",
    err_must_sum_to_eleven: "عددها باید با کارت شما روی هم یازده شوند.",
    err_jack_takes_all: "سرباز همهٔ عددها یا همهٔ سربازهای وسط را برمی‌دارد، نه بی‌بی و شاه.",
    err_takes_one_of_its_rank: "شاه فقط یک شاه و بی‌بی فقط یک بی‌بی برمی‌دارد.",
    err_choose_capture: "این کارت به چند شکل برمی‌دارد: یکی را انتخاب کنید.",
    err_must_capture: "این کارت می‌تواند بردارد، پس باید بردارد.",
    err_round_not_over: "این دور هنوز تمام نشده است.",
};

pub const EN: PasurStrings = PasurStrings {
    table_cards: "Cards on the table",
    table_empty: "The table is empty",
    stock_left: "{n} cards left in the stock",
    deal_of: "Deal {n} of {k}",
    game_to: "Match to {n}",
    round_n: "Hand {n}",
    dealer: "Dealer",
    jack_replaced: "Table jack replaced: {cards}",
    dealt_again: "Dealt again ({n}×)",
    last_took: "{name} took with {card}:",
    last_took_you: "You took with {card}:",
    last_laid: "{name} laid {card} on the table",
    last_laid_you: "You laid {card} on the table",
    sur: "Sur!",
    pick_hint: "Tap a card to see what it takes.",
    takes: "{card} takes:",
    takes_nothing: "{card} takes nothing: it goes on the table.",
    choose_set: "{card} can take {n} ways: choose one.",
    lay_down: "Lay it down",
    confirm_take: "Take",
    confirm_lay: "Lay down",
    confirm_choose: "Choose first",
    cancel: "Cancel",
    take_cards: "Take {cards}",
    would_take: "{card} would take:",
    pile: "Cards taken",
    clubs: "Clubs",
    surs: "Surs",
    jacks: "Jacks",
    aces: "Aces",
    ten_diamonds: "10♦",
    two_clubs: "2♣",
    taken: "taken",
    not_taken: "not taken",
    chips_help: "What do these count?",
    pile_help: "Cards taken (a count, no points)",
    this_round: "This hand",
    total: "Total",
    round_over: "Hand {n} is over",
    line_cards: "Cards",
    line_clubs: "Clubs (7 or more: 7)",
    line_ten: "10♦ (3)",
    line_two: "2♣ (2)",
    line_jacks: "Jacks (1 each)",
    line_aces: "Aces (1 each)",
    line_surs: "Surs (5 each)",
    line_round: "This hand",
    line_match: "Total",
    n_clubs: "{n} clubs",
    n_surs: "{n} surs",
    n_sur_one: "{n} sur",
    last_cards: "The last {n} cards on the table went to {name}.",
    last_cards_you: "The last {n} cards on the table went to you.",
    last_card_one: "The last card on the table went to {name}.",
    last_card_one_you: "The last card on the table went to you.",
    last_cards_none: "No card was left on the table at the end.",
    match_won_you: "You win the match!",
    match_won_by: "{name} wins the match!",
    match_won_team: "{team} win the match!",
    tie_plays_on: "The totals are level: one more hand.",
    next_round: "Next hand",
    err_not_on_table: "That card is not on the table.",
    err_must_sum_to_eleven: "The numerals taken must add up to 11 with your card.",
    err_jack_takes_all: "A jack takes all the numerals or all the jacks, never a queen or king.",
    err_takes_one_of_its_rank: "A king takes one king, a queen one queen.",
    err_choose_capture: "This card can capture in several ways: choose one.",
    err_must_capture: "This card can capture, so it must.",
    err_round_not_over: "The hand is not over yet.",
};

impl Lang {
    /// The Pasur table's strings in this language.
    pub fn pasur(self) -> &'static PasurStrings {
        match self {
            Lang::Fa => &FA,
            Lang::En => &EN,
        }
    }
}
