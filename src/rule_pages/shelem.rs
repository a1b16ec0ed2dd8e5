//! Shelem's rule page (RULES.md SH-1 … SH-10), Persian and English.

use super::{rule, setting, GameRules, Page, Section};

pub const RULES: GameRules = GameRules {
    game: "shelem",
    fa: FA,
    en: EN,
};

const FA: Page = Page {
    title: "قوانین شلم",
    intro: "در شلم دو تیم امتیاز می‌خوانند: هر کس بیشتر بخواند حاکم می‌شود، کارت‌های وسط را برمی‌دارد و حکم می‌کند، و تیمش باید دست‌کم همان‌قدر امتیاز بگیرد.",
    sections: &[
        Section {
            title: "بازیکنان و کارت‌ها",
            items: &[
                rule("SH-1", "چهار نفر در دو تیم دونفره؛ یارها روبه‌روی هم می‌نشینند و نوبت به سمت راست می‌چرخد. شلم دونفره پایین‌تر آمده است."),
                rule("SH-2", "به هر نفر ۱۲ کارت می‌رسد. ۴ کارتِ باقی‌مانده (با جوکر ۶ کارت) به پشت وسط می‌ماند: «کارت‌های وسط»."),
                rule("D-1", "پخش کارت هر دور به نفر بعدی می‌رسد، حتی وقتی دور دوباره پخش شود؛ نفرِ بعد از پخش‌کننده اول می‌خواند."),
            ],
        },
        Section {
            title: "ارزش کارت‌ها",
            items: &[
                rule("SH-3", "هر دستی که بگیرید ۵ امتیاز دارد. جدا از آن، هر کارت ۵، پنج امتیاز؛ هر کارت ۱۰، ده امتیاز؛ و هر آس، ده امتیاز دارد. روی هم ۱۶۵ امتیاز در هر دور."),
                rule("SH-3", "با جوکر (از تنظیمات میز)، جوکر قرمز ۲۰ و جوکر سیاه ۱۵ امتیاز دارد؛ روی هم ۲۰۰ امتیاز."),
            ],
        },
        Section {
            title: "خواندن",
            items: &[
                rule("SH-4", "از نفرِ بعد از پخش‌کننده، به نوبت، هر کس یا عددی بالاتر از آخرین خوانده می‌خواند یا پاس می‌دهد؛ کسی که پاس بدهد تا آخرِ خواندن بیرون است. خوانده‌ها پنج‌تا پنج‌تا بالا می‌روند، از کمترین خوانده (پیش‌فرض ۱۰۰) تا کل امتیاز (۱۶۵ یا ۲۰۰)."),
                rule("SH-4", "کسی که از همه بالاتر بخواند حاکم می‌شود و تیمش باید دست‌کم همان‌قدر امتیاز بگیرد. اگر هر چهار نفر پاس بدهند، نفر بعدی دوباره کارت می‌دهد."),
            ],
        },
        Section {
            title: "کارت‌های وسط، حکم و بازی",
            items: &[
                rule("SH-5", "حاکم کارت‌های وسط را برمی‌دارد و همان تعداد کارت را به پشت کنار می‌گذارد؛ هر کارتی، حتی حکم یا کارتِ امتیازدار. این کارت‌ها برای تیم حاکم یک دست حساب می‌شوند: ۵ امتیاز به‌اضافهٔ امتیازِ خودِ کارت‌ها. آن‌ها را فقط حاکم می‌بیند."),
                rule("SH-6", "حاکم حکم را تعیین می‌کند، یک خال یا اگر میز اجازه بدهد یکی از حالت‌های بی‌حکمِ بازی حکم (سَرس، نَرس، آس‌نَرس)، و دست اول را شروع می‌کند."),
                rule("SH-6", "بازی مثل حکم است: اگر از خال زمینه دارید باید همان را بیایید، وگرنه هر کارتی؛ بالاترین حکم دست را می‌برد و اگر حکمی نیامده باشد بالاترین کارتِ خال زمینه. برندهٔ هر دست، دست بعد را شروع می‌کند. هر ۱۲ دست بازی می‌شود، چون هر دست امتیاز دارد."),
                rule("SH-6", "جوکر وقتی حکم یک خال است: دو جوکر بالاترین حکم‌ها هستند (قرمز بالای سیاه) و حکم حساب می‌شوند؛ پس وقتی حکم آمده یا از خال زمینه ندارید می‌شود جوکر آمد. جوکری که دست را شروع کند یعنی همه باید حکم بیایند."),
                rule("SH-6", "جوکر در حالت‌های بی‌حکم: هر وقت بخواهید می‌شود جوکر آمد، حتی اگر از خال زمینه دارید، و دست را می‌برد (قرمز بالای سیاه). کسی که با جوکر دست را شروع کند، خودش می‌گوید بقیه چه خالی بیایند."),
                rule("D-8", "همیشه کارت‌های خودتان، کارت‌های روی میز، تعداد کارت‌های هر نفر و دست‌ها و امتیازهای هر تیم تا این لحظه پیداست؛ امتیاز کارت‌های کنارگذاشتهٔ حاکم فقط در پایان اضافه می‌شود. دست‌های گرفته‌شده دوباره نشان داده نمی‌شوند. در پایان دور کارت‌های همه با جدول امتیاز نشان داده می‌شود."),
            ],
        },
        Section {
            title: "امتیاز",
            items: &[
                rule("SH-7", "اگر تیم حاکم دست‌کم به اندازهٔ خوانده‌اش امتیاز بگیرد، همهٔ امتیازی را که گرفته می‌برد؛ وگرنه به اندازهٔ خوانده‌اش از امتیازش کم می‌شود. تیم مقابل همیشه امتیازی را که گرفته می‌برد. امتیاز ممکن است منفی شود."),
                rule("SH-8", "شلم: اگر تیم حاکم همهٔ دست‌ها را بگیرد، دو برابرِ کل امتیاز یعنی ۳۳۰ (با جوکر ۴۰۰) می‌برد، خوانده‌اش هر چه بوده باشد."),
                rule("SH-9", "بازی وقتی تمام می‌شود که تیمی به امتیاز پایان برسد (پیش‌فرض ۱۱۶۵). اگر هر دو تیم در یک دور برسند، امتیاز بیشتر برنده است و اگر برابر باشند یک دور دیگر بازی می‌شود."),
            ],
        },
        Section {
            title: "شلم دونفره",
            items: &[
                rule("SH-10", "مثل چهارنفره به هر نفر ۱۲ کارت می‌رسد و کارت‌های وسط ۴ تاست (با جوکر ۶ تا)؛ بقیهٔ کارت‌ها نادیده کنار می‌روند."),
                rule("SH-10", "برای همین امتیازِ هر دور فرق می‌کند: ۶۵ (۱۲ دست و کارت‌های کنارگذاشته، هر کدام ۵) به‌اضافهٔ امتیاز کارت‌هایی که پخش شده. خواندن از ۷۰ تا ۱۶۵ (با جوکر ۲۰۰) است، پنج‌تا پنج‌تا، کمترین خوانده‌ای که در تنظیمات آمده هر چه باشد. شلم دو برابرِ امتیازِ همان دور را می‌برد. امتیاز هر دور در پایانش با جدول امتیاز نشان داده می‌شود. بقیهٔ قوانین همان است."),
            ],
        },
        Section {
            title: "تنظیمات میز",
            items: &[
                setting("SH-10", "تعداد بازیکنان", "چهار نفر در دو تیم (پیش‌فرض) یا دو نفر."),
                setting("SH-3", "جوکر", "پیش‌فرض خاموش. اگر روشن باشد دو جوکر به ورق‌ها اضافه می‌شود (۵۴ کارت)، کارت‌های وسط ۶ تا می‌شود و هر دور ۲۰۰ امتیاز دارد."),
                setting("SH-4", "کمترین خوانده", "پیش‌فرض ۱۰۰؛ از ۸۰ تا ۱۲۰، پنج‌تا پنج‌تا. در شلم دونفره به کار نمی‌رود."),
                setting("SH-9", "بازی تا", "۱۱۶۵ امتیاز (پیش‌فرض)، ۱۰۰۰ یا ۱۲۰۰."),
                setting("SH-6", "سَرس، نَرس، آس‌نَرس", "هر کدام پیش‌فرض خاموش. هر کدام که روشن باشد، حاکم می‌تواند آن حالت بی‌حکم را انتخاب کند: سَرس با ترتیب معمولی؛ نَرس وارونه، ۲ بالاتر از همه و آس پایین‌تر از همه؛ آس‌نَرس، آس بالاتر از همه و بعد ۲، ۳ … تا شاه."),
                setting("D-7", "زمان نوبت (میزهای آنلاین)", "پیش‌فرض خاموش، یا ۱۵، ۳۰ یا ۶۰ ثانیه. اگر وقت تمام شود، بازی به‌جای بازیکن حرکت می‌کند: در خواندن پاس، در بازی پایین‌ترین کارت مجاز، و در بقیهٔ انتخاب‌ها اولین گزینه."),
            ],
        },
    ],
};

const EN: Page = Page {
    title: "Shelem rules",
    intro: "Shelem is a bidding game for two teams: bid how many points your team will take, pick up the cards in the middle, name trump, and make your bid.",
    sections: &[
        Section {
            title: "Players and cards",
            items: &[
                rule("SH-1", "Four players in two teams of two; partners sit opposite each other and play goes round to the right. Shelem for two is described below."),
                rule("SH-2", "Each player receives 12 cards. The 4 cards left over (6 with jokers) stay face down in the middle: the widow."),
                rule("D-1", "The deal moves one seat on after every hand, a redeal included; the player after the dealer bids first."),
            ],
        },
        Section {
            title: "What the cards are worth",
            items: &[
                rule("SH-3", "Every trick won is worth 5 points. On top of that each 5 is worth 5, each 10 is worth 10 and each ace 10: 165 points in a hand."),
                rule("SH-3", "With jokers (a room setting) the red joker is worth 20 and the black one 15: 200 points in all."),
            ],
        },
        Section {
            title: "Bidding",
            items: &[
                rule("SH-4", "Starting with the player after the dealer and going round, each player either bids more than the last bid or passes; a player who passes is out of the bidding. Bids go up in steps of 5, from the lowest bid (100 by default) to the total (165, or 200)."),
                rule("SH-4", "The highest bidder becomes the hakem, and that team must take at least the bid. If all four pass, the next player deals again."),
            ],
        },
        Section {
            title: "The widow, trump and play",
            items: &[
                rule("SH-5", "The hakem takes the widow, then puts the same number of cards aside face down: any cards, trumps and point cards included. They count for the hakem's team as one trick: 5 points plus the points of the cards. Only the hakem sees them."),
                rule("SH-6", "The hakem names trump (a suit or, if the room allows, one of Hokm's no-trump modes: Sars, Nars, Ace-Nars) and leads the first trick."),
                rule("SH-6", "Play is as in Hokm: follow the suit led if you can, otherwise play any card; the highest trump wins the trick, else the highest card of the suit led. The winner of a trick leads the next. All 12 tricks are played, since every trick carries points."),
                rule("SH-6", "Jokers with a trump suit: they are the two highest trumps (red above black) and count as trumps, so you may play one when trumps are led or when you have none of the suit led. A joker led calls for trumps."),
                rule("SH-6", "Jokers in a no-trump mode: a joker may be played at any time, even when you could follow suit, and wins the trick (red above black). Whoever leads a joker names the suit the others must follow."),
                rule("D-8", "You always see your own cards, the cards on the table, how many cards each player holds, and each team's tricks and points so far; the hakem's discards are added only at the end. Tricks taken are not shown again. At the end of a hand everyone's cards are shown with the score sheet."),
            ],
        },
        Section {
            title: "Scoring",
            items: &[
                rule("SH-7", "If the hakem's team takes at least its bid, it scores all the points it took; if not, it loses the amount of its bid. The other team always scores the points it took. Scores may go below zero."),
                rule("SH-8", "Shelem: if the hakem's team takes every trick, it scores twice the total, 330 (400 with jokers), whatever the bid."),
                rule("SH-9", "The game ends when a team reaches the target (1165 by default). If both teams reach it in the same hand, the higher score wins; if the scores are equal, another hand is played."),
            ],
        },
        Section {
            title: "Shelem for two",
            items: &[
                rule("SH-10", "As with four, each player receives 12 cards and the widow has 4 (6 with jokers); the rest of the deck is set aside unseen."),
                rule("SH-10", "So the points in play change from hand to hand: 65 (12 tricks and the discards, 5 each) plus the points of the cards dealt. Bids run from 70 to 165 (200 with jokers) in steps of 5, whatever the lowest-bid setting says. A shelem scores twice the points in play that hand. The points in play are shown with the score at the end of each hand. Otherwise the rules are the same."),
            ],
        },
        Section {
            title: "Room settings",
            items: &[
                setting("SH-10", "Players", "Four in two teams (default) or two."),
                setting("SH-3", "Jokers", "Off by default. When on, the two jokers join the deck (54 cards), the widow has 6 cards and a hand is worth 200 points."),
                setting("SH-4", "Lowest bid", "100 by default; 80 to 120 in steps of 5. Not used in Shelem for two."),
                setting("SH-9", "Match to", "1165 points (default), 1000 or 1200."),
                setting("SH-6", "Sars, Nars, Ace-Nars", "Each off by default. Each one switched on lets the hakem choose that no-trump mode: Sars with the normal ranking; Nars reversed, 2 highest and ace lowest; Ace-Nars with the ace highest, then 2, 3 … up to the king."),
                setting("D-7", "Turn timer (online rooms)", "Off by default, or 15, 30 or 60 seconds. When time runs out, the game moves for the player: a pass in the bidding, the lowest legal card in play, the first option for any other choice."),
            ],
        },
    ],
};
