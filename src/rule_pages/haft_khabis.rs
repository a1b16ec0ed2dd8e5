//! Haft Khabis' (Haft Kasif's) rule page (RULES.md HX-1 … HX-16), Persian and English.

use super::{rule, setting, GameRules, Page, Section};

pub const RULES: GameRules = GameRules {
    game: "haft-khabis",
    fa: FA,
    en: EN,
};

const FA: Page = Page {
    title: "قوانین هفت خبیث (هفت کثیف)",
    intro: "هفت خبیث، که هفت کثیف هم می‌گویند، شکل ایرانیِ هشت‌های دیوانه است: هم‌خال یا هم‌عدد بیندازید و زودتر از همه کارت‌هایتان را تمام کنید؛ از ۷ها بترسید.",
    sections: &[
        Section {
            title: "بازیکنان و بازی",
            items: &[
                rule("HX-1", "دو تا هفت نفر؛ از شش نفر دو دست کارت (۱۰۴ کارت). به هر نفر ۷ کارت. بقیه دستهٔ برداشت است و کارت رویش زمین را شروع می‌کند. نوبت ساعتگرد است: به بازیکن سمت چپ شما می‌رسد."),
                rule("HX-2", "کارتی هم‌خال یا هم‌عدد با کارت رو (یا خالی که سرباز تعیین کرده) بیندازید. اگر نتوانید یک کارت برمی‌دارید و اگر جور بود همان را بازی می‌کنید."),
                rule("HX-11", "اولین کسی که کارت‌هایش تمام شود این دور را می‌برد و دور بعد را شروع می‌کند."),
                rule("HX-15", "اگر دسته تمام شود، کارت‌های زمین جز کارت رو بُر می‌خورند."),
                rule("HX-16", "اگر کارت اول ویژه باشد، بازی حساب نمی‌شود: مثلاً با ۷ نفر اول باید جواب بدهد یا بردارد و با ۲ پخش‌کننده کسی را انتخاب می‌کند."),
            ],
        },
        Section {
            title: "کارت‌های ویژه",
            items: &[
                rule("HX-3", "۱۰ جهت بازی را برمی‌گرداند."),
                rule("HX-4", "۲: کسی را انتخاب می‌کنید که یک کارت جریمه بردارد (یا در تنظیمات: یکی از کارت‌هایتان را به او می‌دهید، یا ۲ بی‌اثر است)."),
                rule("HX-5", "۷: نفر بعدی باید ۷ بیندازد یا دو کارت بردارد؛ هر ۷ بعدی جریمه را بیشتر می‌کند (۲، ۴، ۶ … یا دوبرابر). عدد جریمه روی میز نشان داده می‌شود."),
                rule("HX-6", "۸: باید فوراً یک کارت دیگر بیندازید، وگرنه کارت برمی‌دارید."),
                rule("HX-7", "آس: نفر بعدی می‌پرد؛ او می‌تواند با آس جواب بدهد."),
                rule("HX-8", "سرباز: روی هر کارتی جز جریمهٔ ۷ می‌نشیند و خال بعدی را تعیین می‌کنید."),
                rule("HX-9", "تک کارت: کسی که یک کارت برایش می‌ماند باید اعلام کند وگرنه یک کارت جریمه برمی‌دارد. دکمهٔ «تک کارت!» را پیش از انداختن کارت بزنید."),
                rule("HX-10", "با ۸ نمی‌شود کارت‌ها را تمام کرد؛ و دوری که با ۷ تمام شود تا زنجیرهٔ ۷ ادامه دارد تمام نیست (ترکش)."),
            ],
        },
        Section {
            title: "امتیاز و پایان بازی",
            items: &[
                rule("HX-12", "کارت‌های مانده امتیاز منفی دارند: ۲ تا ۱۰ عددشان، آس ۱۱، بی‌بی ۱۲، شاه ۱۳. هر ۷ مانده با دو کارت از دسته عوض می‌شود. سرباز ۱۰ است و جمع دست را دو برابر می‌کند."),
                rule("HX-13", "پایان بازی (تنظیمات): سقف جریمه (کسی که برسد بیرون می‌رود، یا بازی تمام می‌شود)، تعداد دور، حذفی (بیشترین جمع بیرون می‌رود) یا ترتیب تمام کردن."),
                rule("HX-14", "در میزهای آنلاین با زمان نوبت، کسی که وقتش تمام شود یک کارت جریمه برمی‌دارد."),
            ],
        },
        Section {
            title: "تنظیمات میز",
            items: &[
                setting("HX-13", "پایان بازی", "سقف ۱۰۰ (پیش‌فرض)، از ۵۰ تا ۱۰۰۰؛ یا ۱ تا ۲۰ دور؛ یا حذفی؛ یا ترتیب تمام کردن."),
                setting("HX-4", "کار ۲", "جریمهٔ یک کارت (پیش‌فرض)، دادن کارت، یا بی‌اثر."),
                setting("HX-5", "جریمهٔ ۷ها", "۲، ۴، ۶ … (پیش‌فرض) یا ۲، ۴، ۸ …"),
            ],
        },
    ],
};

const EN: Page = Page {
    title: "Haft Khabis (Haft Kasif) rules",
    intro: "Haft Khabis (“nasty seven”), also called Haft Kasif (“dirty seven”), is the Iranian Crazy Eights: match the suit or rank, get rid of your cards first, and fear the sevens.",
    sections: &[
        Section {
            title: "Players and play",
            items: &[
                rule("HX-1", "Two to seven players; two decks (104 cards) from six players. 7 cards each. The rest is the stock and its top card starts the discard pile. Play goes clockwise: to the player on your left."),
                rule("HX-2", "Play a card matching the top card's suit or rank (or the suit named with a jack). If you cannot, draw one card; if it fits it is played at once."),
                rule("HX-11", "The first player out wins the hand and leads the next one."),
                rule("HX-15", "When the stock runs out, the discards except the top card are shuffled into a new stock."),
                rule("HX-16", "A special card turned up to start is not a play: a 7 must be answered or drawn by the leader, a 2 lets the dealer name a player, and so on."),
            ],
        },
        Section {
            title: "Special cards",
            items: &[
                rule("HX-3", "10 reverses the direction of play."),
                rule("HX-4", "2: name a player who draws one penalty card (settings: give them one of your cards instead, or the 2 has no effect)."),
                rule("HX-5", "7: the next player plays a 7 or draws 2; each further 7 raises the penalty (2, 4, 6 … or doubling). The penalty is shown on the table."),
                rule("HX-6", "8: play another card at once, or draw."),
                rule("HX-7", "Ace: the next player is skipped, and may answer with an ace."),
                rule("HX-8", "Jack: wild on anything except a pending 7; you name the suit to follow."),
                rule("HX-9", "Last card: a player left with one card must declare it or draw a penalty card. Press “Last card!” before playing."),
                rule("HX-10", "A hand cannot end on an 8; a hand ending on a 7 goes on while the 7 chain runs (shrapnel)."),
            ],
        },
        Section {
            title: "Scoring and the end",
            items: &[
                rule("HX-12", "Cards left are penalty points: 2–10 face value, ace 11, queen 12, king 13. Each 7 left is replaced by two cards from the stock. A jack counts 10 and doubles the hand."),
                rule("HX-13", "End of the match (setting): a penalty cap (who reaches it is out, or the match ends), a number of hands, elimination (the highest total is out) or finishing order."),
                rule("HX-14", "In online rooms with a turn timer, running out of time costs a penalty card."),
            ],
        },
        Section {
            title: "Room settings",
            items: &[
                setting("HX-13", "End of the match", "A cap of 100 (default), 50 to 1000; or 1 to 20 hands; or elimination; or finishing order."),
                setting("HX-4", "The 2", "A penalty card (default), give a card, or no effect."),
                setting("HX-5", "Sevens' penalty", "2, 4, 6 … (default) or 2, 4, 8 …"),
            ],
        },
    ],
};
