//! The home page's own strings (its subtitle and each game's blurb), one [`HomeStrings`] per
//! language, reached by [`Lang::home`](super::Lang::home): apart from the
//! [`SiteStrings`](super::SiteStrings) every page carries (issue 25).

/// The home page's strings of one language.
pub struct HomeStrings {
    pub home_subtitle: &'static str,
    pub coming_soon: &'static str,
    pub game_hokm_blurb: &'static str,
    pub game_shelem_blurb: &'static str,
    pub game_pasur_blurb: &'static str,
    pub game_bidel_blurb: &'static str,
    pub game_haft_khabis_blurb: &'static str,
    pub game_crazy_eights_blurb: &'static str,
}

pub const FA: HomeStrings = HomeStrings {
    home_subtitle: "با خانواده روی یک دستگاه، یا با ربات‌ها بازی کنید",
    coming_soon: "به‌زودی",
    game_hokm_blurb: "چهار نفر در دو تیم، یا دو نفره؛ حاکم حکم را تعیین می‌کند. هفت دست، برندهٔ دور.",
    game_shelem_blurb: "برای امتیاز بخوانید، کارت‌های وسط را بردارید و حکم کنید.",
    game_pasur_blurb: "کارت‌هایی با جمع یازده بردارید؛ میز را خالی کنید و سور بزنید.",
    game_bidel_blurb: "از دل‌ها و بی‌بی پیک دوری کنید.",
    game_haft_khabis_blurb: "با خال یا عدد جور کنید؛ از هفت‌ها بترسید.",
    game_crazy_eights_blurb: "با خال یا عدد جور کنید؛ هشت‌ها همه‌کاره‌اند.",
};

pub const EN: HomeStrings = HomeStrings {
    home_subtitle: "Play with family on one device, or against bots",
    coming_soon: "Coming soon",
    game_hokm_blurb:
        "Four players in two teams, or two alone; the hakem names trump. Seven tricks win a hand.",
    game_shelem_blurb: "Bid for points, take the widow, name trump.",
    game_pasur_blurb: "Capture cards that add up to eleven; clear the table for a sur.",
    game_bidel_blurb: "Avoid hearts and the queen of spades.",
    game_haft_khabis_blurb: "Iranian crazy eights with nasty sevens.",
    game_crazy_eights_blurb: "Match rank or suit; eights are wild.",
};
