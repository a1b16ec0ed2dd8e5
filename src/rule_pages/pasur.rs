//! Pasur's rule page (RULES.md PA-1 … PA-11, with the decisions of
//! docs/rule-decisions.md), Persian and English.

use super::{rule, setting, GameRules, Page, Section};

pub const RULES: GameRules = GameRules {
    game: "pasur",
    fa: FA,
    en: EN,
};

const FA: Page = Page {
    title: "قوانین پاسور (چهاربرگ)",
    intro: "پاسور بازیِ برداشتن است: با یکی از کارت‌هایتان کارت‌های رو به بالای وسط را برمی‌دارید، بیشتر با جمع یازده. خاج‌ها، ۱۰ خشت، ۲ خاج، سربازها، آس‌ها و سورها امتیاز دارند.",
    sections: &[
        Section {
            title: "بازیکنان و پخش",
            items: &[
                rule("PA-1", "دو نفر، یا چهار نفر در دو تیم که یارها روبه‌روی هم می‌نشینند؛ کارت‌ها و امتیازهای یارها با هم حساب می‌شود. بازی تا ۶۲ امتیاز (از تنظیمات: ۶۲، ۱۰۰ یا ۱۵۰)."),
                rule("C-2", "نوبت به سمت راست می‌چرخد (خلاف عقربه‌های ساعت)."),
                rule("PA-2", "به هر نفر ۴ کارت می‌رسد و ۴ کارت رو به بالا وسط گذاشته می‌شود. نفرِ بعد از پخش‌کننده اول بازی می‌کند؛ پخش‌کننده هر دور به نفر بعد می‌رسد."),
                rule("PA-2", "بررسی کارت‌های وسط: اگر یک سرباز وسط باشد، کارت بعدی دسته جایش را می‌گیرد و سرباز به جایی تصادفی در دسته برمی‌گردد. اگر دو سرباز، یا سه بی‌بی یا سه شاه وسط بیاید، کارت‌ها دوباره بُر می‌خورند و پخش می‌شوند."),
                rule("PA-5", "وقتی دست همه خالی شد، از دسته به هر نفر ۴ کارت دیگر می‌رسد (به وسط نه)، تا دسته تمام شود: در دونفره ۶ بار و در چهارنفره ۳ بار."),
            ],
        },
        Section {
            title: "برداشتن",
            items: &[
                rule("PA-3", "در نوبتتان دقیقاً یک کارت بازی می‌کنید. یک عدد (آس ۱ تا ۱۰) عددهایی از وسط را برمی‌دارد که با خودش روی هم ۱۱ شوند: ۷ با ۴، یا ۸ با ۲ و آس. اگر چند دسته جور شود، خودتان یکی را انتخاب می‌کنید؛ هر کارت فقط یک دسته برمی‌دارد."),
                rule("PA-3", "سرباز همهٔ عددها و سربازهای وسط را برمی‌دارد، ولی بی‌بی و شاه را نه. اگر هم عدد و هم سرباز وسط باشد، یا همهٔ عددها را برمی‌دارید یا همهٔ سربازها را."),
                rule("PA-3", "شاه فقط یک شاه برمی‌دارد و بی‌بی فقط یک بی‌بی. کارتی که چیزی برنمی‌دارد رو به بالا وسط می‌ماند."),
                rule("PA-4", "برداشتن اجباری است: کارتی که می‌تواند بردارد باید بردارد. ولی می‌توانید کارت دیگری را که چیزی برنمی‌دارد وسط بگذارید."),
                rule("PA-9", "اگر سه شاه (یا سه بی‌بی) وسط باشد و یکی برداشته شود، دوتای دیگر را هیچ کارتی برنمی‌دارد: تا آخر دور وسط می‌مانند و تا آن وقت سوری ممکن نیست."),
                rule("D-8", "دست خودتان، کارت‌های وسط، تعداد کارت‌های دست هر نفر و دسته، و برای هر تیم تعداد کارت‌های برداشته، خاج‌ها، سورها و کارت‌های امتیازدار را می‌بینید؛ خودِ کارت‌های برداشته را نه."),
            ],
        },
        Section {
            title: "سور",
            items: &[
                rule("PA-7", "سور: اگر با یک عدد، شاه یا بی‌بی همهٔ کارت‌های وسط را بردارید و میز خالی شود، یک سور می‌زنید که ۵ امتیاز دارد. میز خالی کردن با سرباز سور نیست؛ برای همین گذاشتن سرباز روی میز خالی راهِ جلوگیری از سورِ حریف است."),
                rule("PA-8", "سور تا آخرین کارت دور حساب می‌شود، مگر اینکه تنظیمات میز چیز دیگری بگوید."),
            ],
        },
        Section {
            title: "پایان دور و امتیاز",
            items: &[
                rule("PA-6", "در پایان دور، کارت‌هایی که وسط مانده به تیمی می‌رسد که آخرین بار برداشته؛ اگر هیچ‌کس چیزی برنداشته باشد، به تیم پخش‌کننده. این سور نیست."),
                rule("PA-10", "امتیاز هر دور: ۷ خاج یا بیشتر ۷ امتیاز؛ هر سور ۵؛ ۱۰ خشت ۳؛ ۲ خاج ۲؛ هر سرباز ۱؛ هر آس ۱. بدون سور هر دور روی هم ۲۰ امتیاز دارد."),
                rule("PA-11", "دورها ادامه دارد تا تیمی به امتیاز پایان برسد. اگر هر دو برسند، امتیاز بیشتر می‌برد؛ اگر برابر باشند، یک دور دیگر بازی می‌شود."),
                rule("D-1", "پخش‌کننده دور اول تصادفی از شمارهٔ بازی انتخاب می‌شود و هر بار، دوباره‌پخش هم، به نفر بعد می‌رسد."),
            ],
        },
        Section {
            title: "تنظیمات میز",
            items: &[
                setting("PA-1", "تعداد بازیکنان", "دو نفر (پیش‌فرض) یا چهار نفر در دو تیم."),
                setting("PA-1", "بازی تا", "۶۲ امتیاز (پیش‌فرض)، ۱۰۰ یا ۱۵۰."),
                setting("PA-2", "بررسی کارت‌های وسط", "پیش‌فرض روشن: عوض شدن سرباز تنها و دوباره‌پخش، همان‌طور که بالاتر آمد. خاموش: کارت‌های وسط هرچه باشد می‌ماند."),
                setting("PA-3", "سرباز همه را با هم برمی‌دارد", "پیش‌فرض خاموش. اگر روشن باشد، سرباز عددها و سربازهای وسط را با هم برمی‌دارد، به رسم قدیم."),
                setting("PA-4", "برداشتن اجباری", "پیش‌فرض روشن. اگر خاموش باشد، کارتی را که می‌تواند بردارد هم می‌شود وسط گذاشت."),
                setting("PA-7", "سور با سرباز", "پیش‌فرض خاموش. اگر روشن باشد، سربازی که عددهای وسط را بردارد و میز را خالی کند سور می‌زند؛ برداشتنِ فقط سربازها هرگز سور نیست."),
                setting("PA-8", "بی‌سور در کارت آخر", "پیش‌فرض خاموش. اگر روشن باشد، خالی کردن میز با آخرین کارت دور سور حساب نمی‌شود."),
                setting("D-7", "زمان نوبت (میزهای آنلاین)", "پیش‌فرض خاموش، یا ۱۵، ۳۰ یا ۶۰ ثانیه. اگر وقت تمام شود، پایین‌ترین کارت (آس ۱ تا شاه) با اولین دستهٔ برداشتنش بازی می‌شود."),
            ],
        },
    ],
};

const EN: Page = Page {
    title: "Pasur (Chahar Barg) rules",
    intro: "Pasur is a fishing game: with one of your cards you capture face-up cards from the table, mostly by making eleven. Clubs, the 10 of diamonds, the 2 of clubs, jacks, aces and surs score.",
    sections: &[
        Section {
            title: "Players and the deal",
            items: &[
                rule("PA-1", "Two players, or four in two partnerships with partners sitting opposite; partners' captures and points count together. The game goes to 62 points (a setting: 62, 100 or 150)."),
                rule("C-2", "Play goes round to the right (counter-clockwise)."),
                rule("PA-2", "Each player receives 4 cards and 4 cards are laid face up on the table. The player after the dealer plays first; the deal passes on every hand."),
                rule("PA-2", "The table check: a single jack among the table cards is replaced by the next stock card and goes back into the stock at a random place. Two jacks, or three queens or three kings on the table: the cards are shuffled and dealt again."),
                rule("PA-5", "When everyone has played their cards, 4 more cards each are dealt from the stock (none to the table) until it runs out: 6 deals with two players, 3 with four."),
            ],
        },
        Section {
            title: "Capturing",
            items: &[
                rule("PA-3", "On your turn you play exactly one card. A numeral (ace 1 to 10) captures table numerals that add up to 11 with it: 7 with 4, or 8 with 2 and an ace. When several sets fit, you choose one; a card takes one set only."),
                rule("PA-3", "A jack captures all the numerals and jacks on the table, never a queen or king. With both numerals and jacks there, you take either all the numerals or all the jacks."),
                rule("PA-3", "A king captures one king, a queen one queen. A card that captures nothing stays face up on the table."),
                rule("PA-4", "Capturing is forced: a card that can capture must capture. You may still lay down another card that captures nothing."),
                rule("PA-9", "With three kings (or queens) on the table, once one is taken the other two cannot be captured by any card: they stay until the end of the hand, and no sur is possible meanwhile."),
                rule("D-8", "You see your cards, the table, how many cards each player and the stock hold, and per side the cards captured, clubs, surs and point cards, but not the captured cards themselves."),
            ],
        },
        Section {
            title: "Sur",
            items: &[
                rule("PA-7", "A sur: capturing every card on the table with a numeral, king or queen, leaving it empty, scores a sur worth 5 points. Clearing the table with a jack is no sur, which is why laying a jack on an empty table is the defence against giving one away."),
                rule("PA-8", "A sur counts up to the very last card of the hand, unless the room says otherwise."),
            ],
        },
        Section {
            title: "End of the hand and points",
            items: &[
                rule("PA-6", "At the end of the hand, the cards left on the table go to the side that captured last; if nobody captured anything, to the dealer's side. This is never a sur."),
                rule("PA-10", "Each hand scores: 7 or more clubs 7 points; each sur 5; the 10 of diamonds 3; the 2 of clubs 2; each jack 1; each ace 1. Without surs a hand carries 20 points."),
                rule("PA-11", "Hands go on until a side reaches the target. If both do in the same hand the higher total wins; level totals play another hand."),
                rule("D-1", "The first dealer is drawn from the game's seed; the deal then passes to the next player after every hand and every deal-again."),
            ],
        },
        Section {
            title: "Room settings",
            items: &[
                setting("PA-1", "Players", "Two (default) or four in two partnerships."),
                setting("PA-1", "Match to", "62 points (default), 100 or 150."),
                setting("PA-2", "Classic table check", "On by default: the lone jack replaced and the deal-again described above. Off: the table cards stay whatever they are."),
                setting("PA-3", "Jack takes numerals and jacks together", "Off by default. When on, a jack takes the numerals and the jacks on the table at once, the classic way."),
                setting("PA-4", "Forced capture", "On by default. When off, a card that could capture may be laid on the table instead."),
                setting("PA-7", "A jack's clearing is a sur", "Off by default. When on, a jack that clears the table of numerals scores a sur; taking jacks alone never does."),
                setting("PA-8", "No sur on the last card", "Off by default. When on, clearing the table with the hand's last card scores no sur."),
                setting("D-7", "Turn timer (online rooms)", "Off by default, or 15, 30 or 60 seconds. When time runs out, the lowest card (ace 1 up to king) is played with its first capture."),
            ],
        },
    ],
};
