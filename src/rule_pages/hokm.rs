//! Hokm's rule page (RULES.md HK-1 … HK-13), Persian and English.

use super::{rule, setting, GameRules, Page, Section};

pub const RULES: GameRules = GameRules {
    game: "hokm",
    fa: FA,
    en: EN,
};

const FA: Page = Page {
    title: "قوانین حکم",
    intro: "حکم محبوب‌ترین بازی ورق ایرانی است: دو تیم دونفره، حاکمی که حکم را تعیین می‌کند، و هر تیمی که زودتر هفت دست بگیرد آن دور را می‌برد.",
    sections: &[
        Section {
            title: "بازیکنان و کارت‌ها",
            items: &[
                rule("HK-1", "چهار نفر در دو تیم دونفره بازی می‌کنند؛ یارها روبه‌روی هم می‌نشینند و امتیاز مال تیم است. حکم دونفره پایین‌تر آمده است."),
                rule("C-2", "نوبت به سمت راست می‌چرخد (خلاف عقربه‌های ساعت)، همان‌طور که در ایران رسم است."),
                rule("C-1", "یک دسته ورق ۵۲تایی. ترتیب کارت‌های هر خال از پایین به بالا: ۲، ۳ … ۱۰، سرباز، بی‌بی، شاه، آس."),
            ],
        },
        Section {
            title: "حاکم و پخش کارت",
            items: &[
                rule("HK-2", "برای تعیین اولین حاکم، کارت‌ها یکی‌یکی، به‌صورت رو و به نوبت پخش می‌شوند؛ اولین کسی که به او آس برسد حاکم است. بعد کارت‌ها جمع و دوباره بُر زده می‌شوند."),
                rule("HK-3", "نفرِ سمت چپ حاکم (که نوبتش پیش از حاکم است) کارت می‌دهد و از خود حاکم شروع می‌کند: اول به هر نفر پنج کارت. حاکم با دیدن همین پنج کارت حکم را تعیین می‌کند؛ بعد به هر نفر دو بار چهار کارت دیگر می‌رسد تا همه سیزده کارت داشته باشند."),
                rule("HK-5", "کارت‌های ضعیف: اگر در پنج کارت اول حاکم کارتی بالاتر از ۱۰ نباشد (نه سرباز، نه بی‌بی، نه شاه، نه آس)، حاکم می‌تواند پیش از تعیین حکم کارت‌ها را زمین بریزد تا همان پخش‌کننده دوباره کارت بدهد، هر چند بار که پیش بیاید (از تنظیمات میز)."),
                rule("HK-10", "پس از هر دور، اگر تیم حاکم برده باشد حاکم عوض نمی‌شود؛ وگرنه نفرِ بعدی، یعنی نفر سمت راست حاکم از تیم مقابل، حاکم می‌شود و حاکمِ قبلی کارت می‌دهد."),
            ],
        },
        Section {
            title: "حکم",
            items: &[
                rule("HK-4", "حاکم یک خال را حکم می‌کند. هر کارتِ حکم از همهٔ کارت‌های خال‌های دیگر بالاتر است؛ حتی ۲ حکم، آسِ خال دیگر را می‌بُرد."),
                rule("HK-4", "اگر میز اجازه بدهد، حاکم می‌تواند به‌جای خال یکی از حالت‌های بی‌حکم را انتخاب کند که با نشانی کنار حاکم دیده می‌شود: S برای سَرس (بی‌حکم با ترتیب معمولی)، N برای نَرس (بی‌حکم با ترتیب وارونه: ۲ بالاتر از همه و آس پایین‌تر از همه) و An برای آس‌نَرس (بی‌حکم؛ آس بالاتر از همه، بعد ۲، ۳ … و شاه پایین‌تر از همه)."),
            ],
        },
        Section {
            title: "بازی",
            items: &[
                rule("HK-6", "حاکم دست اول را شروع می‌کند. بعد هر نفر به نوبت یک کارت می‌آید و اگر از خال زمینه (خالِ کارت اول) دارد باید همان را بیاید؛ اگر ندارد هر کارتی می‌تواند بیاید، حکم هم (به این کار «بریدن» می‌گویند)."),
                rule("HK-6", "دست مال بالاترین حکمی است که در آن آمده؛ اگر حکمی نیامده باشد، مال بالاترین کارتِ خال زمینه (در حالت‌های بی‌حکم با ترتیبِ همان حالت). کارتِ خال‌های دیگر هیچ‌وقت دست را نمی‌برد. برندهٔ هر دست، دست بعد را شروع می‌کند."),
                rule("HK-11", "دستِ تمام‌شده لحظه‌ای روی میز می‌ماند و بعد به پشت پیش برنده می‌رود؛ کسی حق ندارد دوباره نگاهش کند، مگر اینکه «نمایش دست آخر» روشن باشد."),
                rule("HK-12", "تعداد دست‌های هر تیم، حکم (یا حالت بی‌حکم) و حاکم همیشه برای همه پیداست."),
                rule("HK-7", "همین که یک تیم هفت دست بگیرد دور تمام می‌شود؛ کارت‌های بازی‌نشده فقط نشان داده می‌شوند."),
            ],
        },
        Section {
            title: "امتیاز",
            items: &[
                rule("HK-8", "تیمی که هفت دست بگیرد ۱ امتیاز می‌برد."),
                rule("HK-8", "کُت: اگر تیم بازنده هیچ دستی نگرفته باشد، تیم برنده به‌جای ۱، ۲ امتیاز می‌برد؛ و اگر تیمِ دست‌خالی تیم حاکم باشد، ۳ امتیاز. به این «حاکم‌کُت» می‌گویند."),
                rule("HK-9", "اولین تیمی که به امتیاز پایان برسد (پیش‌فرض ۷) بازی را می‌برد. تیمی که ۶ امتیاز دارد و کُت کند برنده است، حتی اگر به ۸ برسد."),
            ],
        },
        Section {
            title: "حکم دونفره",
            items: &[
                rule("HK-13", "دو نفر با یک دسته ورق. حاکم مثل چهارنفره با اولین آس تعیین می‌شود. به هر نفر پنج کارت می‌رسد و حاکم از روی آن‌ها حکم می‌کند؛ بعد حاکم ۳ کارت و حریف ۲ کارت را به پشت کنار می‌گذارند."),
                rule("HK-13", "۴۲ کارتِ باقی‌مانده به پشت وسط می‌ماند. به نوبت، اول حاکم، هر نفر کارتِ رویی را برمی‌دارد: یا آن را نگه می‌دارد و کارت بعدی را می‌بیند و کنار می‌گذارد، یا آن را کنار می‌گذارد و باید کارت بعدی را نگه دارد. این کارت‌ها را فقط خودش می‌بیند؛ حریف فقط می‌بیند که یک کارت برداشته و یکی کنار گذاشته شد."),
                rule("HK-13", "پس از ۲۱ نوبت کارت‌های وسط تمام می‌شود و هر کدام ۱۳ کارت دارند؛ کارت‌های کنارگذاشته از بازی بیرون‌اند. از اینجا بازی مثل چهارنفره است: ۱۳ دست، هر که زودتر هفت دست بگیرد دور را می‌برد، با همان امتیازها و کُت. پخش دوباره با کارت‌های ضعیف در دونفره هم هست."),
            ],
        },
        Section {
            title: "تنظیمات میز",
            items: &[
                setting("HK-13", "تعداد بازیکنان", "چهار نفر در دو تیم (پیش‌فرض) یا دو نفر."),
                setting("HK-9", "بازی تا", "۷ امتیاز (پیش‌فرض)، ۵ یا ۳."),
                setting("HK-5", "پخش دوباره با کارت‌های ضعیف", "پیش‌فرض روشن (قانون «کارت‌های ضعیف» در بالا). اگر خاموش باشد، هر پخشی بازی می‌شود."),
                setting("HK-2", "یارگیری با آس دوم", "پیش‌فرض خاموش. اگر روشن باشد، پس از آس اول پخشِ رو ادامه پیدا می‌کند تا آس به نفر دیگری برسد؛ او یار حاکم می‌شود و با کسی که روبه‌روی حاکم نشسته جا عوض می‌کند."),
                setting("HK-11", "نمایش دست آخر", "پیش‌فرض خاموش. اگر روشن باشد، بازیکنان تا کارت بعدی می‌توانند دست آخر را دوباره ببینند."),
                setting("HK-4", "سَرس، نَرس، آس‌نَرس", "هر کدام پیش‌فرض خاموش. هر کدام که روشن باشد، آن حالت بی‌حکم به انتخاب‌های حاکم اضافه می‌شود."),
                setting("D-7", "زمان نوبت (میزهای آنلاین)", "پیش‌فرض خاموش، یا ۱۵، ۳۰ یا ۶۰ ثانیه. اگر وقت تمام شود، بازی به‌جای بازیکن حرکت می‌کند: در بازی پایین‌ترین کارت مجاز، و در انتخاب حکم اولین گزینه."),
            ],
        },
    ],
};

const EN: Page = Page {
    title: "Hokm rules",
    intro: "Hokm is the best-loved Iranian card game: two teams of two, a hakem who names trump (hokm), and the first team to win seven tricks takes the hand.",
    sections: &[
        Section {
            title: "Players and cards",
            items: &[
                rule("HK-1", "Four players in two teams of two; partners sit opposite each other and score together. Hokm for two is described below."),
                rule("C-2", "Play goes round to the right (counter-clockwise), as is the custom in Iran."),
                rule("C-1", "One deck of 52 cards. In every suit the cards rank, from low to high: 2, 3 … 10, jack, queen, king, ace."),
            ],
        },
        Section {
            title: "The hakem and the deal",
            items: &[
                rule("HK-2", "To choose the first hakem, cards are dealt face up one at a time round the table; the first player to receive an ace is the hakem. The cards are then gathered and shuffled again."),
                rule("HK-3", "The player on the hakem's left (just before the hakem in turn) deals, hakem first: five cards each. The hakem looks at these five and names trump; then everyone receives four cards twice more, thirteen in all."),
                rule("HK-5", "Weak hand: if the hakem's first five cards hold nothing above 10 (no jack, queen, king or ace), the hakem may throw them in before naming trump, and the same dealer deals again, as often as it happens (a room setting)."),
                rule("HK-10", "After a hand, if the hakem's team won, the hakem stays. If not, the next player in turn (on the hakem's right, in the other team) becomes hakem, and the old hakem deals."),
            ],
        },
        Section {
            title: "Trump",
            items: &[
                rule("HK-4", "The hakem names one suit as trump. Every trump beats every card of the other suits: even the 2 of trumps beats another suit's ace."),
                rule("HK-4", "If the room allows them, the hakem may choose a no-trump mode instead, shown by a badge beside the hakem: S for Sars (no trump, normal ranking), N for Nars (no trump, ranking reversed: 2 highest, ace lowest) and An for Ace-Nars (no trump; ace highest, then 2, 3 … with the king lowest)."),
            ],
        },
        Section {
            title: "Play",
            items: &[
                rule("HK-6", "The hakem leads the first trick. Each player in turn plays one card and must follow the suit led if able; a player without it may play any card, a trump included (this is called cutting)."),
                rule("HK-6", "The trick goes to the highest trump in it; if there is none, to the highest card of the suit led (in a no-trump mode, by that mode's ranking). Cards of another suit never win. The winner of a trick leads the next."),
                rule("HK-11", "A finished trick stays on the table for a moment, then goes face down to its winner; nobody may look at it again, unless the room shows the last trick."),
                rule("HK-12", "Each team's tricks so far, the trump (or no-trump mode) and the hakem are always shown to everyone."),
                rule("HK-7", "The hand ends as soon as a team has won seven tricks; the cards not yet played are only shown."),
            ],
        },
        Section {
            title: "Scoring",
            items: &[
                rule("HK-8", "The team that wins seven tricks scores 1 point."),
                rule("HK-8", "Kot: if the losing team took no trick at all, the winners score 2 points instead, or 3 if the team left empty-handed is the hakem's. This is called a hakem kot."),
                rule("HK-9", "The first team to reach the target (7 by default) wins the match. A team on 6 that makes a kot wins, even if it ends on 8."),
            ],
        },
        Section {
            title: "Hokm for two",
            items: &[
                rule("HK-13", "Two players, one deck. The hakem is chosen by the first ace, as with four. Each player receives five cards and the hakem names trump from them; then the hakem puts 3 cards aside face down and the other player 2."),
                rule("HK-13", "The other 42 cards stay face down in the middle. Taking turns, hakem first, a player takes the top card: either keeps it, and then sees the next card and puts it aside, or puts it aside and must keep the next card. Only the drawer sees these cards; the opponent just sees that one card was kept and one put aside."),
                rule("HK-13", "After 21 turns the middle is empty and each player holds 13 cards; the cards put aside are out of play. From here it is played as with four: 13 tricks, the first to seven wins the hand, scored the same way, kot included. The weak-hand redeal applies too."),
            ],
        },
        Section {
            title: "Room settings",
            items: &[
                setting("HK-13", "Players", "Four in two teams (default) or two."),
                setting("HK-9", "Match to", "7 points (default), 5 or 3."),
                setting("HK-5", "Redeal on weak cards", "On by default (the weak-cards rule above). When off, every deal is played."),
                setting("HK-2", "Partners by the second ace", "Off by default. When on, the face-up deal goes on after the first ace until another player receives an ace: that player becomes the hakem's partner and swaps seats with whoever sits opposite the hakem."),
                setting("HK-11", "Show the last trick", "Off by default. When on, players may look at the last finished trick again until the next card is played."),
                setting("HK-4", "Sars, Nars, Ace-Nars", "Each off by default. Each one switched on adds that no-trump mode to the hakem's choices."),
                setting("D-7", "Turn timer (online rooms)", "Off by default, or 15, 30 or 60 seconds. When time runs out, the game moves for the player: the lowest legal card in play, the first option when naming trump."),
            ],
        },
    ],
};
