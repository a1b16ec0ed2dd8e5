//! The strings of a table played on this device only: its share link (the same table and
//! deal on another device) and the pass-and-play cover. Apart from [`super::Strings`], so that
//! an online page, which has neither, carries none of them.

/// The strings of a local table, in one language.
pub struct LocalStrings {
    pub share: &'static str,
    pub share_help: &'static str,
    /// `{name}`
    pub pass_to: &'static str,
    /// `{name}`
    pub i_am: &'static str,
    pub pass_to_owner: &'static str,
    pub i_am_owner: &'static str,
    pub pass_help: &'static str,
}

pub static FA: LocalStrings = LocalStrings {
    share: "این پخش در دستگاه دیگر",
    share_help: "این پیوند روی دستگاه دیگری همین میز را می‌چیند و همین کارت‌ها را از دور اول پخش می‌کند. بازیِ در جریان را با خودش نمی‌برد.",
    pass_to: "دستگاه را به {name} بدهید",
    i_am: "من {name} هستم",
    pass_to_owner: "دستگاه را به صاحبش برگردانید",
    i_am_owner: "خودم هستم: کارت‌هایم را نشان بده",
    pass_help: "بقیه لطفاً به صفحه نگاه نکنند.",
};

pub static EN: LocalStrings = LocalStrings {
    share: "This deal on another device",
    share_help: "This link sets up the same table on another device and deals the same cards from the first hand on. It does not carry the game in progress.",
    pass_to: "Pass the device to {name}",
    i_am: "I am {name}",
    pass_to_owner: "Pass the device back to its owner",
    i_am_owner: "It's me: show my cards",
    pass_help: "Other players: please look away.",
};
