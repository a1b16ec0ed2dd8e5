//! Bidel's rule page (RULES.md BD-1 … BD-10), Persian and English.

use super::{rule, setting, GameRules, Page, Section};

pub const RULES: GameRules = GameRules {
    game: "bidel",
    fa: FA,
    en: EN,
};

const FA: Page = Page {
    title: "قوانین بی‌دل",
    intro: "بی‌دل شکل ایرانیِ «هارتس» است: هر کس برای خودش بازی می‌کند و تا می‌تواند دل کمتری می‌گیرد، و بیشتر از همه از بی‌بی پیک فرار می‌کند.",
    sections: &[
        Section {
            title: "بازیکنان و کارت‌ها",
            items: &[
                rule("BD-1", "چهار نفر، هر کس برای خودش؛ به هر نفر ۱۳ کارت. در بازی سه‌نفره ۲ خشت کنار گذاشته می‌شود و به هر نفر ۱۷ کارت می‌رسد."),
                rule("C-2", "نوبت به سمت راست می‌چرخد (خلاف عقربه‌های ساعت)."),
            ],
        },
        Section {
            title: "پاس دادن کارت",
            items: &[
                rule("BD-2", "پیش از بازی، هر کس ۳ کارت برای پاس دادن انتخاب می‌کند: دور اول به نفر سمت راست (کسی که بعد از شما بازی می‌کند)، دور دوم به سمت چپ، دور سوم به روبه‌رو، و دور چهارم بدون پاس. بعد همین چرخه تکرار می‌شود. در سه‌نفره: راست، چپ، بدون پاس."),
                rule("BD-2", "همه پیش از جابه‌جا شدن کارت‌ها انتخاب می‌کنند؛ پس سه کارتتان را پیش از دیدنِ کارت‌هایی که به شما می‌رسد انتخاب می‌کنید."),
            ],
        },
        Section {
            title: "بازی",
            items: &[
                rule("BD-3", "هر کس ۲ خاج دارد، دست اول را با آن شروع می‌کند."),
                rule("BD-6", "اگر از خال زمینه دارید باید همان را بیایید، وگرنه هر کارتی. بالاترین کارتِ خال زمینه دست را می‌برد و حکمی در کار نیست (مگر در حالت حکمی). برندهٔ هر دست، دست بعد را شروع می‌کند."),
                rule("BD-4", "در دست اول هیچ‌کس نمی‌تواند دل یا بی‌بی پیک بیاید، مگر اینکه کارت دیگری نداشته باشد."),
                rule("BD-5", "تا وقتی کسی در دستی دل نیامده («دل نشکسته»)، نمی‌شود با دل دست را شروع کرد؛ بی‌بی پیک دل را نمی‌شکند. کسی که جز دل کارتی ندارد می‌تواند با دل شروع کند."),
                rule("D-8", "کارت‌های خودتان، کارت‌های روی میز و امتیازی را که هر نفر تا حالا گرفته می‌بینید، ولی خودِ دست‌های گرفته‌شده را نه. در پایان دور کارت‌های همه نشان داده می‌شود."),
            ],
        },
        Section {
            title: "امتیاز",
            items: &[
                rule("BD-7", "هر دلی که بگیرید ۱ امتیاز منفی دارد و بی‌بی پیک ۱۳؛ روی هم ۲۶ امتیاز منفی در هر دور."),
                rule("BD-7", "همه را گرفتن: کسی که در یک دور هر ۲۶ امتیاز را بگیرد صفر می‌گیرد و به هر کدام از بقیه ۲۶ امتیاز منفی می‌رسد."),
                rule("BD-9", "در حالت ۴۰ امتیازی (از تنظیمات میز) شاه پیک و آس پیک هم هر کدام ۷ امتیاز منفی دارند و هر دور ۴۰ امتیاز دارد. کسی که هر ۴۰ را بگیرد صفر می‌گیرد و بقیه هر کدام ۴۰. این دو کارت را هم مثل بی‌بی پیک نمی‌شود در دست اول آمد."),
            ],
        },
        Section {
            title: "حالت حکمی",
            items: &[
                rule("BD-10", "در حالت حکمی (از تنظیمات میز) دور اول بی‌حکم است. از دور دوم، نفرِ سمت راستِ کسی که در دور قبل بی‌بی پیک را گرفته حاکم می‌شود و پس از دیدن کارت‌هایش، پیش از پاس دادن، یک خال را حکم می‌کند یا بی‌حکم را انتخاب می‌کند."),
                rule("BD-10", "بعد حکم مثل بازی حکم دست را می‌برد: کسی که از خال زمینه ندارد می‌تواند حکم بیاید و بالاترین حکم برنده است. شروع با ۲ خاج و قانون‌های دست اول و دل همچنان برقرارند."),
            ],
        },
        Section {
            title: "پایان بازی",
            items: &[
                rule("BD-8", "اگر پس از یک دور امتیاز کسی به امتیاز پایان (پیش‌فرض ۱۰۰) رسیده باشد، کسی که کمترین امتیاز را دارد برنده است. اگر کمترین امتیاز بین دو نفر یا بیشتر برابر باشد، یک دور دیگر بازی می‌شود."),
            ],
        },
        Section {
            title: "تنظیمات میز",
            items: &[
                setting("BD-1", "تعداد بازیکنان", "چهار نفر (پیش‌فرض) یا سه نفر."),
                setting("BD-8", "بازی تا", "۱۰۰ امتیاز (پیش‌فرض) یا ۲۰۰."),
                setting("BD-9", "حالت ۴۰ امتیازی", "پیش‌فرض خاموش. اگر روشن باشد شاه پیک و آس پیک هم هر کدام ۷ امتیاز منفی دارند و هر دور ۴۰ امتیاز دارد."),
                setting("BD-10", "حالت حکمی", "پیش‌فرض خاموش. اگر روشن باشد، از دور دوم حاکمی حکم را تعیین می‌کند، همان‌طور که بالاتر آمد."),
                setting("D-8", "نمایش دست آخر", "پیش‌فرض خاموش. اگر روشن باشد، بازیکنان تا کارت بعدی می‌توانند دست آخر را دوباره ببینند."),
                setting("D-7", "زمان نوبت (میزهای آنلاین)", "پیش‌فرض خاموش، یا ۱۵، ۳۰ یا ۶۰ ثانیه. اگر وقت تمام شود، بازی به‌جای بازیکن حرکت می‌کند: در بازی پایین‌ترین کارت مجاز، و در پاس دادن یا انتخاب حکم اولین گزینه."),
            ],
        },
    ],
};

const EN: Page = Page {
    title: "Bidel rules",
    intro: "Bidel (“heartless”) is the Iranian form of Hearts: everyone plays alone and tries to take as few hearts as possible, and above all to avoid the queen of spades.",
    sections: &[
        Section {
            title: "Players and cards",
            items: &[
                rule("BD-1", "Four players, each playing alone, 13 cards each. With three players the 2 of diamonds is taken out and each receives 17."),
                rule("C-2", "Play goes round to the right (counter-clockwise)."),
            ],
        },
        Section {
            title: "Passing cards",
            items: &[
                rule("BD-2", "Before play, each player chooses 3 cards to pass: in the first hand to the player on the right (the one who plays after you), in the second to the left, in the third across, and in the fourth there is no passing. Then the cycle starts again. With three players: right, left, no passing."),
                rule("BD-2", "Everyone chooses before any card moves, so you pick your three before you see the cards you will receive."),
            ],
        },
        Section {
            title: "Play",
            items: &[
                rule("BD-3", "Whoever holds the 2 of clubs leads it to the first trick."),
                rule("BD-6", "Follow the suit led if you can; otherwise play any card. The highest card of the suit led wins the trick and there is no trump (except in trump mode). The winner of a trick leads the next."),
                rule("BD-4", "On the first trick nobody may play a heart or the queen of spades, unless they hold nothing else."),
                rule("BD-5", "Hearts may not be led until a heart has been played to a trick (hearts are “broken”); the queen of spades does not break them. A player holding only hearts may lead one anyway."),
                rule("D-8", "You see your own cards, the cards on the table and the points each player has taken so far, but not the tricks themselves. At the end of a hand everyone's cards are shown."),
            ],
        },
        Section {
            title: "Points",
            items: &[
                rule("BD-7", "Every heart you take costs 1 point and the queen of spades 13: 26 points in every hand. Points are bad."),
                rule("BD-7", "Shooting the moon: whoever takes all 26 points of a hand scores 0, and every other player scores 26."),
                rule("BD-9", "In 40-point mode (a room setting) the king and ace of spades cost 7 points each as well, so a hand carries 40 points. Taking all 40 scores 0 and gives everyone else 40. Like the queen, they may not be played to the first trick."),
            ],
        },
        Section {
            title: "Trump mode",
            items: &[
                rule("BD-10", "In trump mode (a room setting) the first hand has no trump. From the second hand on, the player to the right of whoever took the queen of spades in the previous hand becomes hakem and, after looking at their cards and before passing, names a trump suit or no trump."),
                rule("BD-10", "Trumps then win tricks as in Hokm: a player without the suit led may play a trump, and the highest trump wins. The 2 of clubs lead, the first-trick rule and the hearts rule still apply."),
            ],
        },
        Section {
            title: "End of the match",
            items: &[
                rule("BD-8", "When, after a hand, someone's total has reached the target (100 by default), the player with the lowest total wins. If two or more share the lowest total, another hand is played."),
            ],
        },
        Section {
            title: "Room settings",
            items: &[
                setting("BD-1", "Players", "Four (default) or three."),
                setting("BD-8", "Match to", "100 points (default) or 200."),
                setting("BD-9", "40-point mode", "Off by default. When on, the king and ace of spades cost 7 points each too, and a hand carries 40 points."),
                setting("BD-10", "Trump mode", "Off by default. When on, from the second hand a hakem names trump, as described above."),
                setting("D-8", "Show the last trick", "Off by default. When on, players may look at the last finished trick again until the next card is played."),
                setting("D-7", "Turn timer (online rooms)", "Off by default, or 15, 30 or 60 seconds. When time runs out, the game moves for the player: the lowest legal card in play, the first option when passing or naming trump."),
            ],
        },
    ],
};
