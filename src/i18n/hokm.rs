//! Hokm's own strings (the hakem draw, the two-player stock, its result and settings), one
//! [`HokmStrings`] per language, reached by [`Lang::hokm`](super::Lang::hokm): apart from the
//! tables' [`Strings`](super::Strings), so that the other games' pages do not carry them
//! (issue 25).

/// Hokm's strings of one language.
pub struct HokmStrings {
    pub opt_second_ace: &'static str,
    pub opt_second_ace_help: &'static str,
    pub opt_redeal: &'static str,
    pub opt_redeal_help: &'static str,
    pub kot: &'static str,
    pub hakem_kot: &'static str,
    /// `{n}`
    pub points_n: &'static str,
    /// One hand point ("+1 point").
    pub point_one: &'static str,
    /// HK-8: a hand won without a kot is worth one point.
    pub no_kot_why: &'static str,
    pub draw_title: &'static str,
    /// `{name}`
    pub draw_hakem: &'static str,
    /// [`Self::draw_hakem`] when you drew the first ace.
    pub draw_hakem_you: &'static str,
    /// `{a}` got the second ace and swaps seats with `{b}`.
    pub draw_swap: &'static str,
    /// `{a}` got the second ace and already sits opposite the hakem.
    pub draw_partner: &'static str,
    /// `{n}`
    pub discard_button: &'static str,
    /// `{names}`
    pub waiting_discard: &'static str,
    pub stock_title: &'static str,
    pub keep: &'static str,
    pub keep_help: &'static str,
    pub take_next: &'static str,
    pub take_next_help: &'static str,
    /// `{name}`
    pub turn_draw: &'static str,
    pub your_turn_draw: &'static str,
}

pub const FA: HokmStrings = HokmStrings {
    draw_title: "تعیین حاکم",
    draw_hakem: "اولین آس به {name} رسید. حاکم: {name}",
    draw_hakem_you: "اولین آس به شما رسید: شما حاکمید.",
    draw_swap: "آس دوم به {a} رسید؛ {a} و {b} جا عوض می‌کنند تا حاکم و یارش روبه‌روی هم بنشینند.",
    draw_partner: "آس دوم به {a} رسید که از قبل یار حاکم است.",
    opt_second_ace: "یارگیری با آس دوم",
    opt_second_ace_help: "هر کس آس دوم را بگیرد یار حاکم می‌شود.",
    opt_redeal: "پخش دوباره با کارت‌های ضعیف",
    opt_redeal_help: "حاکمی که در پنج کارت اول کارتی بالاتر از ۱۰ ندارد می‌تواند دوباره پخش بخواهد.",
    stock_title: "نوبت شما از دسته",
    keep: "همین را برمی‌دارم",
    keep_help: "کارت بعدی را می‌بینید و کنار می‌رود.",
    take_next: "بعدی را برمی‌دارم",
    take_next_help: "این کارت کنار می‌رود و کارت بعدی مال شماست.",
    discard_button: "کنار گذاشتن {n} کارت",
    waiting_discard: "منتظر کنار گذاشتن {names} …",
    turn_draw: "{name} از دسته برمی‌دارد",
    your_turn_draw: "نوبت شما: این کارت را نگه دارید یا بعدی را بردارید",
    kot: "کُت! تیم مقابل هیچ دستی نبرد.",
    hakem_kot: "حاکم‌کُت! تیم حاکم هیچ دستی نبرد.",
    points_n: "{n} امتیاز",
    point_one: "۱ امتیاز",
    no_kot_why:
        "طرف مقابل هم دست برد، پس کُت نشد: کُت (هیچ دستی برای طرف مقابل) ۲ امتیاز دارد و حاکم‌کُت ۳.",
};

pub const EN: HokmStrings = HokmStrings {
    draw_title: "Choosing the hakem",
    draw_hakem: "The first ace went to {name}: hakem.",
    draw_hakem_you: "The first ace went to you: you are hakem.",
    draw_swap:
        "The second ace went to {a}: {a} and {b} swap seats, so the hakem and partner sit opposite.",
    draw_partner: "The second ace went to {a}, already the hakem's partner.",
    opt_second_ace: "Partners by the second ace",
    opt_second_ace_help: "Whoever gets the second ace becomes the hakem's partner.",
    opt_redeal: "Redeal on weak cards",
    opt_redeal_help: "A hakem with no card above 10 in the first five may ask for a redeal.",
    stock_title: "Your turn at the stock",
    keep: "Keep this card",
    keep_help: "You see the next card; it is discarded.",
    take_next: "Take the next one",
    take_next_help: "This card is discarded; the next one is yours.",
    discard_button: "Discard these {n}",
    waiting_discard: "Waiting for {names} to discard …",
    turn_draw: "{name} is drawing from the stock",
    your_turn_draw: "Your turn: keep this card or take the next",
    kot: "Kot! The other side took no trick.",
    hakem_kot: "Hakem kot! The hakem's side took no trick.",
    points_n: "+{n} points",
    point_one: "+1 point",
    no_kot_why: "The other side took tricks too, so no kot: a kot (the losers take no trick) scores 2, a hakem kot 3.",
};

/// The words of Hokm's own rule errors, by their code (`None` for a code every game
/// shares: [`super::rule_error_message`]). Here and not in [`super::Strings`], so that only
/// Hokm's pages carry them.
pub fn error_text(lang: super::Lang, code: &str) -> Option<&'static str> {
    let (fa, en) = match code {
        "discards_done" => (
            "کارت‌های کنار گذاشته کامل است.",
            "You have discarded enough.",
        ),
        "stock_not_drawn" => (
            "اول باید کارت‌های دسته تمام شود.",
            "The stock must be drawn first.",
        ),
        "redeal_not_allowed" => (
            "پخش دوباره فقط وقتی مجاز است که در پنج کارت اول کارتی بالاتر از ۱۰ نباشد.",
            "A redeal is only allowed with no card above 10 in your first five.",
        ),
        _ => return None,
    };
    Some(match lang {
        super::Lang::Fa => fa,
        super::Lang::En => en,
    })
}

/// Two-player Hokm's strings (HK-13: the discards and the stock), apart from [`HokmStrings`]
/// (which the Shelem table uses too).
pub struct TwoStrings {
    /// `{n}`
    pub discard_title: &'static str,
    pub discard_help: &'static str,
    /// `{n}` chosen of `{k}`.
    pub discard_chosen: &'static str,
    pub your_turn_discard: &'static str,
    /// `{n}`
    pub stock_n: &'static str,
}

pub static FA_TWO: TwoStrings = TwoStrings {
    discard_title: "{n} کارت را رو به پایین کنار بگذارید",
    discard_help: "این کارت‌ها تا آخر دور از بازی بیرون می‌روند و کسی آن‌ها را نمی‌بیند.",
    discard_chosen: "{n} از {k}",
    your_turn_discard: "کارت‌هایی را که کنار می‌گذارید انتخاب کنید",
    stock_n: "دسته: {n}",
};

pub static EN_TWO: TwoStrings = TwoStrings {
    discard_title: "Discard {n} cards face down",
    discard_help: "They are out of play for this hand; nobody sees them.",
    discard_chosen: "{n} of {k}",
    your_turn_discard: "Choose the cards to discard",
    stock_n: "Stock: {n}",
};
