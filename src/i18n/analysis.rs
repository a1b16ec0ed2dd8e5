//! The hand analysis' strings (issue 12: the best each side could have taken with every
//! hand open, and the plays that lost value), per language: the panel's own
//! ([`Lang::analysis`]) and each kind of report's ([`Lang::analysis_tricks`] for Hokm,
//! [`Lang::analysis_points`] with [`Lang::analysis_shelem`] or [`Lang::analysis_bidel`]),
//! apart so that a page carries only its game's. Templates hold named holes filled by
//! [`fill`](super::fill); a sentence about a player has a `_you` form beside it.

use super::Lang;

/// The analysis panel's strings of one language, every game's.
pub struct AnalysisStrings {
    /// The result panel's button.
    pub open: &'static str,
    pub title: &'static str,
    /// Closes the panel, back to the result.
    pub back: &'static str,
    /// While the worker searches, before its first report.
    pub thinking: &'static str,
    /// `{done}` of `{total}` plays analysed.
    pub progress: &'static str,
    /// The analysis failed.
    pub failed: &'static str,
    pub retry: &'static str,
    /// Column heads: the side, its best with every hand open, what it took.
    pub side: &'static str,
    pub best: &'static str,
    pub taken: &'static str,
    /// The cards at the start of the play.
    pub hands: &'static str,
    /// `{s}` seconds.
    pub time: &'static str,
}

/// A Hokm analysis' strings (tricks).
pub struct TricksStrings {
    /// What "best" means here (double-dummy, all 13 tricks played).
    pub intro: &'static str,
    /// `{n}` tricks at best; the side could (not) have won the hand (7 tricks).
    pub best_n: &'static str,
    pub could_win: &'static str,
    pub could_not_win: &'static str,
    pub slips: &'static str,
    pub no_slips: &'static str,
    /// `{trick}`, `{name}`, `{card}`, `{better}`, `{before}`, `{after}`.
    pub slip: &'static str,
    pub slip_you: &'static str,
    /// A slip of the player's partner (their side is yours).
    pub slip_partner: &'static str,
    /// A slip that lost the hand: the side could win before it, not after.
    pub decisive: &'static str,
}

/// The strings of a Shelem or Bidel analysis (card points).
pub struct PointsStrings {
    /// The slips' heading, and the line when there are none.
    pub slips: &'static str,
    pub no_slips: &'static str,
    /// The analysis covers the hand from trick `{trick}` on (the whole hand was too long to
    /// search in the worker's budget).
    pub from_trick: &'static str,
    /// The same while the worker is still searching further back.
    pub from_trick_so_far: &'static str,
}

/// A Shelem analysis' own strings.
pub struct ShelemStrings {
    /// What "best" means (double-dummy, the discards counted).
    pub intro: &'static str,
    /// `{n}` points at best.
    pub best_n: &'static str,
    /// `{name}` bid `{n}`; it could (not) have been made against any defence.
    pub contract: &'static str,
    pub could_make: &'static str,
    pub could_not_make: &'static str,
    /// As [`TricksStrings::slip`], in points: the side's best fell.
    pub slip: &'static str,
    pub slip_you: &'static str,
    /// A slip of the player's partner (their side is yours).
    pub slip_partner: &'static str,
    /// A slip that turned the contract.
    pub decisive: &'static str,
}

/// A Bidel analysis' own strings (each player a side; fewer points is better).
pub struct BidelStrings {
    /// The column head: each player is a side.
    pub player: &'static str,
    /// What "best" means (each player against all the others).
    pub intro: &'static str,
    /// At most `{n}` points.
    pub at_most_n: &'static str,
    /// The most points the player could be made to take rose.
    pub slip: &'static str,
    pub slip_you: &'static str,
}

pub const FA: AnalysisStrings = AnalysisStrings {
    open: "تحلیل این دور",
    title: "تحلیل دور",
    back: "بازگشت به نتیجه",
    thinking: "در حال تحلیل…",
    progress: "در حال تحلیل… {done} از {total} کارت",
    failed: "تحلیل این دور ممکن نشد.",
    retry: "دوباره",
    side: "طرف",
    best: "بهترین بازی",
    taken: "گرفته",
    hands: "کارت‌ها در آغاز بازی",
    time: "تحلیل در {s} ثانیه",
};

pub const FA_TRICKS: TricksStrings = TricksStrings {
    intro: "اگر کارت‌های همه رو بود، هر دو طرف بهترین بازی را می‌کردند و هر ۱۳ دست بازی می‌شد:",
    best_n: "{n} دست از ۱۳",
    could_win: "می‌توانست ببرد",
    could_not_win: "نمی‌توانست ببرد",
    slips: "کارت‌هایی که دست از دست دادند",
    no_slips: "هیچ کارتی دستی از دست نداد: هر دو طرف بهترین بازی را کردند.",
    slip: "دست {trick}: {name} ورقِ {card} را بازی کرد و بهترینِ طرفش از {before} دست به {after} رسید؛ با {better} همان {before} دست می‌ماند.",
    slip_you: "دست {trick}: شما ورقِ {card} را بازی کردید و بهترینِ طرفتان از {before} دست به {after} رسید؛ با {better} همان {before} دست می‌ماند.",
    slip_partner: "دست {trick}: {name} ورقِ {card} را بازی کرد و بهترینِ طرفتان از {before} دست به {after} رسید؛ با {better} همان {before} دست می‌ماند.",
    decisive: "دور از دست رفت",
};

pub const FA_POINTS: PointsStrings = PointsStrings {
    slips: "کارت‌هایی که امتیاز از دست دادند",
    no_slips: "هیچ کارتی امتیازی از دست نداد: همه بهترین بازی را کردند.",
    from_trick: "این تحلیل از دست {trick} به بعد است: جست‌وجوی همهٔ دور زیادی طول می‌کشید. امتیازهای دست‌های پیش از آن هم حساب شده‌اند.",
    from_trick_so_far: "تا اینجا از دست {trick} به بعد تحلیل شده و جست‌وجو دست‌های پیش از آن را هم می‌کاود. امتیازهای دست‌های پیش از آن هم حساب شده‌اند.",
};

pub const FA_SHELEM: ShelemStrings = ShelemStrings {
    intro: "اگر کارت‌های همه رو بود و هر دو طرف بهترین بازی را می‌کردند (کارت‌های خوابیدهٔ حاکم هم به حساب می‌آید):",
    best_n: "{n} امتیاز",
    contract: "خوانده: {n} ({name})،",
    could_make: "آوردنی بود",
    could_not_make: "آوردنی نبود",
    slip: "دست {trick}: {name} ورقِ {card} را بازی کرد و بهترینِ طرفش از {before} امتیاز به {after} رسید؛ با {better} همان {before} امتیاز می‌ماند.",
    slip_you: "دست {trick}: شما ورقِ {card} را بازی کردید و بهترینِ طرفتان از {before} امتیاز به {after} رسید؛ با {better} همان {before} امتیاز می‌ماند.",
    slip_partner: "دست {trick}: {name} ورقِ {card} را بازی کرد و بهترینِ طرفتان از {before} امتیاز به {after} رسید؛ با {better} همان {before} امتیاز می‌ماند.",
    decisive: "خوانده را برگرداند",
};

pub const FA_BIDEL: BidelStrings = BidelStrings {
    player: "بازیکن",
    intro: "اگر کارت‌های همه رو بود، هر بازیکن با بهترین بازی، هر کاری هم بقیه علیه‌اش می‌کردند، بیش از این امتیاز نمی‌گرفت:",
    at_most_n: "حداکثر {n} امتیاز",
    slip: "دست {trick}: {name} ورقِ {card} را بازی کرد و امتیازی که در بدترین حالت می‌گرفت از {before} به {after} رسید؛ با {better} همان {before} می‌ماند.",
    slip_you: "دست {trick}: شما ورقِ {card} را بازی کردید و امتیازی که در بدترین حالت می‌گرفتید از {before} به {after} رسید؛ با {better} همان {before} می‌ماند.",
};

pub const EN: AnalysisStrings = AnalysisStrings {
    open: "Analyse this hand",
    title: "Hand analysis",
    back: "Back to the result",
    thinking: "Analysing…",
    progress: "Analysing… {done} of {total} cards",
    failed: "This hand could not be analysed.",
    retry: "Try again",
    side: "Side",
    best: "Best play",
    taken: "Took",
    hands: "The cards at the start of play",
    time: "Analysed in {s} s",
};

pub const EN_TRICKS: TricksStrings = TricksStrings {
    intro: "With every hand open, both sides playing their best and all 13 tricks played:",
    best_n: "{n} tricks",
    could_win: "could win",
    could_not_win: "could not win",
    slips: "Cards that lost a trick",
    no_slips: "No card lost a trick: both sides played their best.",
    slip: "Trick {trick}: {name} played {card}, and their side's best fell from {before} tricks to {after}; {better} kept {before}.",
    slip_you: "Trick {trick}: you played {card}, and your side's best fell from {before} tricks to {after}; {better} kept {before}.",
    slip_partner: "Trick {trick}: {name} played {card}, and your side's best fell from {before} tricks to {after}; {better} kept {before}.",
    decisive: "lost the hand",
};

pub const EN_POINTS: PointsStrings = PointsStrings {
    slips: "Cards that lost points",
    no_slips: "No card lost points: everyone played their best.",
    from_trick: "Analysed from trick {trick} on: the whole hand would take too long to search. The points of the tricks before it are counted.",
    from_trick_so_far: "Analysed from trick {trick} on so far; the search is now reaching further back. The points of the tricks before it are counted.",
};

pub const EN_SHELEM: ShelemStrings = ShelemStrings {
    intro: "With every hand open and both sides playing their best (the hakem's discards counted):",
    best_n: "{n} points",
    contract: "{name} bid {n}:",
    could_make: "it could be made",
    could_not_make: "it could not be made",
    slip: "Trick {trick}: {name} played {card}, and their side's best fell from {before} points to {after}; {better} kept {before}.",
    slip_you: "Trick {trick}: you played {card}, and your side's best fell from {before} points to {after}; {better} kept {before}.",
    slip_partner: "Trick {trick}: {name} played {card}, and your side's best fell from {before} points to {after}; {better} kept {before}.",
    decisive: "turned the contract",
};

pub const EN_BIDEL: BidelStrings = BidelStrings {
    player: "Player",
    intro: "With every hand open, each player playing their best takes at most this many points, whatever the others do against them:",
    at_most_n: "at most {n} points",
    slip: "Trick {trick}: {name} played {card}, and the most they could be made to take rose from {before} points to {after}; {better} kept {before}.",
    slip_you: "Trick {trick}: you played {card}, and the most you could be made to take rose from {before} points to {after}; {better} kept {before}.",
};

impl Lang {
    /// This language's analysis panel strings.
    pub fn analysis(self) -> &'static AnalysisStrings {
        match self {
            Lang::Fa => &FA,
            Lang::En => &EN,
        }
    }

    /// This language's strings of a Hokm analysis.
    pub fn analysis_tricks(self) -> &'static TricksStrings {
        match self {
            Lang::Fa => &FA_TRICKS,
            Lang::En => &EN_TRICKS,
        }
    }

    /// This language's strings of a Shelem or Bidel analysis.
    pub fn analysis_points(self) -> &'static PointsStrings {
        match self {
            Lang::Fa => &FA_POINTS,
            Lang::En => &EN_POINTS,
        }
    }

    /// This language's strings of a Shelem analysis.
    pub fn analysis_shelem(self) -> &'static ShelemStrings {
        match self {
            Lang::Fa => &FA_SHELEM,
            Lang::En => &EN_SHELEM,
        }
    }

    /// This language's strings of a Bidel analysis.
    pub fn analysis_bidel(self) -> &'static BidelStrings {
        match self {
            Lang::Fa => &FA_BIDEL,
            Lang::En => &EN_BIDEL,
        }
    }
}
