//! The score sheet's strings (every hand's points, the chart of the running totals) and this
//! device's statistics, one [`SheetStrings`] per language, reached by
//! [`Lang::sheet`](super::Lang::sheet). Templates hold named holes filled by
//! [`fill`](super::fill).

use super::Lang;

/// The score sheet's and the statistics' strings of one language.
pub struct SheetStrings {
    /// The top bar's button and the panel's title.
    pub sheet: &'static str,
    /// The column of hand numbers.
    pub hand: &'static str,
    /// The last row: the match totals.
    pub total: &'static str,
    pub no_hand_yet: &'static str,
    /// The chart's accessible name.
    pub chart_label: &'static str,
    /// The chart's line where the highest total wins: `{n}`.
    pub target_line: &'static str,
    /// The chart's line where the lowest total wins (a total that ends the match): `{n}`.
    pub limit_line: &'static str,
    pub lowest_wins: &'static str,
    pub highest_wins: &'static str,
    /// The match result's button that opens the table of every hand.
    pub every_hand: &'static str,
    // --- this device's statistics
    pub on_this_device: &'static str,
    /// `{p}` matches played, `{w}` won.
    pub played_won: &'static str,
    /// `{n}` wins in a row now, `{b}` the most.
    pub streak: &'static str,
    /// `{n}`: the best hand's points.
    pub best_hand: &'static str,
}

pub const FA: SheetStrings = SheetStrings {
    sheet: "جدول امتیازها",
    hand: "دور",
    total: "جمع",
    no_hand_yet: "هنوز هیچ دوری تمام نشده است.",
    chart_label: "جمع امتیازها، دور به دور",
    target_line: "هدف {n}",
    limit_line: "سقف {n}",
    lowest_wins: "کمترین جمع می‌برد.",
    highest_wins: "بیشترین جمع می‌برد.",
    every_hand: "امتیاز همهٔ دورها",
    on_this_device: "روی این دستگاه",
    played_won: "{p} بازی، {w} برد",
    streak: "بردهای پیاپی: {n} (بیشترین {b})",
    best_hand: "بهترین دور: {n}",
};

pub const EN: SheetStrings = SheetStrings {
    sheet: "Score sheet",
    hand: "Hand",
    total: "Total",
    no_hand_yet: "No hand has finished yet.",
    chart_label: "Running totals, hand by hand",
    target_line: "Target {n}",
    limit_line: "Limit {n}",
    lowest_wins: "The lowest total wins.",
    highest_wins: "The highest total wins.",
    every_hand: "Every hand's points",
    on_this_device: "On this device",
    played_won: "played {p}, won {w}",
    streak: "winning streak {n} (best {b})",
    best_hand: "best hand {n}",
};

impl Lang {
    /// The score sheet's and the statistics' strings in this language.
    pub fn sheet(self) -> &'static SheetStrings {
        match self {
            Lang::Fa => &FA,
            Lang::En => &EN,
        }
    }
}
