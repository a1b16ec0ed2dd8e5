//! Crazy Eights' rule page (RULES.md CE-1 … CE-12, with Countdown), Persian and English.

use super::{rule, setting, GameRules, Page, Section};

pub const RULES: GameRules = GameRules {
    game: "crazy-eights",
    fa: FA,
    en: EN,
};

const FA: Page = Page {
    title: "قوانین هشت‌های دیوانه",
    intro: "هر کس زودتر کارت‌هایش را تمام کند می‌برد: روی کارت رو، کارتی هم‌خال یا هم‌عدد بیندازید؛ هشت‌ها همه‌کاره‌اند.",
    sections: &[
        Section {
            title: "بازیکنان و کارت‌ها",
            items: &[
                rule("CE-1", "دو تا هشت نفر؛ از شش نفر دو دست کارت. در دونفره به هر نفر ۷ کارت و در بقیه ۵ کارت. بقیهٔ کارت‌ها دستهٔ برداشت است و نوبت ساعتگرد می‌چرخد: به بازیکن سمت چپ شما می‌رسد."),
                rule("CE-3", "اگر کارت اول هشت باشد، انگار پخش‌کننده آن را انداخته و خال را تعیین می‌کند."),
                rule("CE-6", "اگر کارت اول کارت ویژه باشد، انگار پخش‌کننده آن را انداخته است."),
            ],
        },
        Section {
            title: "بازی",
            items: &[
                rule("CE-2", "روی کارت رو، کارتی با همان خال یا همان عدد بیندازید. هشت روی هر کارتی می‌نشیند و بازیکنش خال بعدی را تعیین می‌کند؛ روی هشت، همان خال یا هشت دیگری می‌آید."),
                rule("CE-4", "به جای بازی همیشه می‌توانید یک کارت بردارید و نوبت می‌گذرد."),
                rule("CE-5", "بی‌بی نفر بعدی را می‌پراند، آس جهت را برمی‌گرداند، و ۲ نفر بعدی را وادار می‌کند دو کارت بردارد مگر با ۲ جواب بدهد (جریمه‌ها جمع می‌شوند)."),
                rule("CE-7", "کارت ویژه‌ای که آخرین کارت بازیکن باشد اثری ندارد (جز در شمارش معکوس)."),
                rule("CE-8", "کسی که یک کارت برایش می‌ماند باید «تک کارت!» بگوید وگرنه دو کارت جریمه برمی‌دارد. در این برنامه دکمهٔ «تک کارت!» را پیش از انداختن کارت بزنید."),
                rule("CE-9", "اگر دسته تمام شود، کارت‌های زمین جز کارت رو بُر می‌خورند. اگر کسی نتواند بازی کند، دور بسته می‌شود و امتیاز داده می‌شود."),
            ],
        },
        Section {
            title: "امتیاز",
            items: &[
                rule("CE-10", "برنده کسی است که زودتر کارت‌هایش تمام شود؛ بقیه برای هر کارت همه‌کاره ۵۰، هر کارت تصویری ۱۰ و بقیه به اندازهٔ عددشان (آس ۱) امتیاز منفی می‌گیرند. وقتی جمع کسی به ۱۰۰ (یا ۲۰۰ یا ۵۰۰) برسد، کمترین جمع برنده است."),
            ],
        },
        Section {
            title: "گونه‌ها و شمارش معکوس",
            items: &[
                rule("CE-11", "در تنظیمات میز: چند کارت هم‌عدد با هم؛ بی‌بی پیک پنج کارت جریمه؛ سرباز، آس یا ۷ به جای ۸ همه‌کاره؛ سرباز به جای بی‌بی می‌پراند و ۴ به جای آس برمی‌گرداند؛ و قدرت کارت همه‌کاره."),
                rule("CE-12", "شمارش معکوس: همه از ۸ امتیاز با ۸ کارت شروع می‌کنند. هر بار که کارت‌هایتان تمام شود یک امتیاز پایین می‌آیید و همان تعداد کارت تازه می‌گیرید. کارت همه‌کارهٔ هر کس عدد امتیاز اوست (۸، ۷ … آس). کسی که به صفر برسد می‌برد."),
            ],
        },
        Section {
            title: "تنظیمات میز",
            items: &[
                setting("CE-10", "بازی تا", "۱۰۰ (پیش‌فرض)، ۲۰۰ یا ۵۰۰."),
                setting("CE-5", "کارت‌های ویژه", "بی‌بی می‌پراند، آس برمی‌گرداند، ۲ دو کارت؛ پیش‌فرض روشن."),
                setting("CE-8", "اعلام تک کارت", "پیش‌فرض روشن."),
                setting("CE-12", "شمارش معکوس", "پیش‌فرض خاموش؛ با قواعد آماده: سرباز می‌پراند، ۲ دو کارت، بی‌بی پیک پنج کارت، کارت‌های هم‌عدد با هم."),
            ],
        },
    ],
};

const EN: Page = Page {
    title: "Crazy Eights rules",
    intro: "Be the first to get rid of your cards: play a card of the same suit or rank as the top card; eights are wild.",
    sections: &[
        Section {
            title: "Players and cards",
            items: &[
                rule("CE-1", "Two to eight players; two decks from six players. 7 cards each with two players, 5 otherwise. The rest is the stock, and play goes clockwise: to the player on your left."),
                rule("CE-3", "If the first card turned up is an 8, the dealer counts as having played it and names the suit."),
                rule("CE-6", "If the first card is a special card, it acts as if the dealer had played it."),
            ],
        },
        Section {
            title: "Play",
            items: &[
                rule("CE-2", "Play a card matching the top card's suit or rank. An 8 may be played on anything and its player names the suit to follow; on an 8, play the named suit or another 8."),
                rule("CE-4", "Instead of playing you may always draw one card, and the turn passes."),
                rule("CE-5", "A queen skips the next player, an ace reverses the direction, and a 2 makes the next player draw two unless they answer with a 2 (penalties stack)."),
                rule("CE-7", "A special card played as a player's last card has no effect (except in Countdown)."),
                rule("CE-8", "A player left with one card must say “last card!” or draw two. Here, press “Last card!” before playing the card."),
                rule("CE-9", "When the stock runs out, the discards except the top card are shuffled into a new stock. If nobody can play, the hand is blocked and scored."),
            ],
        },
        Section {
            title: "Scoring",
            items: &[
                rule("CE-10", "The first player out wins the hand; the others score 50 per wild card, 10 per picture card and the pip value otherwise (ace 1). When a total reaches 100 (or 200 or 500), the lowest total wins."),
            ],
        },
        Section {
            title: "Variants and Countdown",
            items: &[
                rule("CE-11", "Room settings: several equal cards together; Q♠ draws five; the J, A or 7 wild instead of the 8; the jack skips and the 4 reverses instead of the queen and ace; and the wild card's power."),
                rule("CE-12", "Countdown: everyone starts on 8 points with 8 cards. Each time you go out your score drops by one and you are dealt that many new cards. Your wild rank is your score (8, 7 … ace). Reaching 0 wins."),
            ],
        },
        Section {
            title: "Room settings",
            items: &[
                setting("CE-10", "Match to", "100 (default), 200 or 500."),
                setting("CE-5", "Special cards", "Queen skips, ace reverses, 2 draws two; on by default."),
                setting("CE-8", "Last card", "On by default."),
                setting("CE-12", "Countdown", "Off by default; with the preset: J skips, 2 draws two, Q♠ draws five, equal cards together."),
            ],
        },
    ],
};
