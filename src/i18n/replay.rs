//! The hand replay's strings (the viewer, its controls and the caption of every step), one
//! [`ReplayStrings`] per language, reached by [`Lang::replay`]. Templates hold named holes
//! filled by [`fill`](super::fill); a sentence about a player has a `_you` form beside it,
//! chosen by [`about`](super::about).

use super::Lang;

/// The hand replay's strings of one language.
pub struct ReplayStrings {
    // --- the viewer
    /// The result panel's button.
    pub open: &'static str,
    pub title: &'static str,
    /// Closes the viewer, back to the result.
    pub back: &'static str,
    pub first: &'static str,
    pub prev: &'static str,
    pub next: &'static str,
    pub last: &'static str,
    pub play: &'static str,
    pub pause: &'static str,
    /// `{k}` of `{n}` (spoken).
    pub step_of: &'static str,
    /// The middle of the table is empty.
    pub nothing: &'static str,
    /// `{n}` cards left in the stock.
    pub stock: &'static str,
    pub keys_help: &'static str,
    // --- captions
    /// Step 0: the hand as dealt.
    pub dealt: &'static str,
    /// After the last step.
    pub end: &'static str,
    /// `{name}`, `{card}`
    pub played: &'static str,
    pub played_you: &'static str,
    /// `{name}`, `{trump}`
    pub trump: &'static str,
    pub trump_you: &'static str,
    /// `{name}`
    pub redeal: &'static str,
    pub redeal_you: &'static str,
    /// `{name}`, `{card}`
    pub discarded: &'static str,
    pub discarded_you: &'static str,
    /// `{name}` kept `{card}` from the stock and discarded `{other}` (HK-13).
    pub kept: &'static str,
    pub kept_you: &'static str,
    /// `{name}` discarded `{card}` from the stock and kept `{other}` (HK-13).
    pub took_next: &'static str,
    pub took_next_you: &'static str,
    /// `{name}`, `{n}`
    pub bid: &'static str,
    pub bid_you: &'static str,
    /// `{name}`
    pub passed: &'static str,
    pub passed_you: &'static str,
    /// `{name}` won the auction.
    pub hakem: &'static str,
    pub hakem_you: &'static str,
    pub all_passed: &'static str,
    /// `{name}` played `{card}` and asked for `{suit}` (a wild card, a joker lead).
    pub played_suit: &'static str,
    pub played_suit_you: &'static str,
    /// `{name}` played `{card}` and named `{target}` (a two in Haft Khabis).
    pub played_named: &'static str,
    pub played_named_you: &'static str,
    /// `{name}` names `{suit}` (a starting wild card).
    pub named_suit: &'static str,
    pub named_suit_you: &'static str,
    /// `{name}`, `{card}`: a card picked to pass (Bidel).
    pub pass_pick: &'static str,
    pub pass_pick_you: &'static str,
    pub exchanged: &'static str,
    /// `{name}` took `{cards}` with `{card}` (Pasur).
    pub took: &'static str,
    pub took_you: &'static str,
    /// A sur (Pasur).
    pub sur: &'static str,
    /// Pasur: four more cards each.
    pub dealt_more: &'static str,
    /// `{name}`, `{cards}`
    pub drew: &'static str,
    pub drew_you: &'static str,
    /// `{name}`, `{target}`: a two names a player (Haft Khabis).
    pub named: &'static str,
    pub named_you: &'static str,
    /// The named player when it is you, as an object.
    pub you_object: &'static str,
    /// A card given to the named player, `{target}`.
    pub gave: &'static str,
    pub reshuffled: &'static str,
    pub blocked: &'static str,
}

pub const FA: ReplayStrings = ReplayStrings {
    open: "بازبینی این دور",
    title: "بازبینی دور",
    back: "بازگشت به نتیجه",
    first: "اولین قدم",
    prev: "قدم قبلی",
    next: "قدم بعدی",
    last: "آخرین قدم",
    play: "نمایش خودکار",
    pause: "توقف",
    step_of: "قدم {k} از {n}",
    nothing: "وسط خالی است",
    stock: "{n} کارت در دسته",
    keys_help: "با کلیدهای جهت‌نما قدم به قدم بروید.",
    dealt: "کارت‌ها پخش شد",
    end: "پایان دور",
    played: "{name} ورقِ {card} را بازی کرد",
    played_you: "شما {card} را بازی کردید",
    trump: "{name} حکم را انتخاب کرد: {trump}",
    trump_you: "شما حکم را انتخاب کردید: {trump}",
    redeal: "{name} کارت‌ها را پس داد و دوباره پخش شد",
    redeal_you: "شما کارت‌ها را پس دادید و دوباره پخش شد",
    discarded: "{name} ورقِ {card} را کنار گذاشت",
    discarded_you: "شما {card} را کنار گذاشتید",
    kept: "{name} ورقِ {card} را از دسته نگه داشت و {other} را کنار گذاشت",
    kept_you: "شما {card} را از دسته نگه داشتید و {other} را کنار گذاشتید",
    took_next: "{name} ورقِ {card} را کنار گذاشت و {other} را از دسته برداشت",
    took_next_you: "شما {card} را کنار گذاشتید و {other} را از دسته برداشتید",
    bid: "{name} خواند: {n}",
    bid_you: "شما {n} خواندید",
    passed: "{name} پاس داد",
    passed_you: "شما پاس دادید",
    hakem: "{name} حاکم شد",
    hakem_you: "شما حاکم شدید",
    all_passed: "همه پاس دادند؛ کارت‌ها دوباره پخش شد",
    played_suit: "{name} ورقِ {card} را بازی کرد و {suit} خواست",
    played_suit_you: "شما {card} را بازی کردید و {suit} خواستید",
    played_named: "{name} ورقِ {card} را بازی کرد و {target} را نشانه گرفت",
    played_named_you: "شما {card} را بازی کردید و {target} را نشانه گرفتید",
    named_suit: "{name} {suit} را خواست",
    named_suit_you: "شما {suit} را خواستید",
    pass_pick: "{name} ورقِ {card} را برای رد کردن انتخاب کرد",
    pass_pick_you: "شما {card} را برای رد کردن انتخاب کردید",
    exchanged: "کارت‌ها رد و بدل شد",
    took: "{name} با {card} برداشت: {cards}",
    took_you: "شما با {card} برداشتید: {cards}",
    sur: "سور!",
    dealt_more: "چهار کارت دیگر به هر نفر پخش شد",
    drew: "{name} از دسته کشید: {cards}",
    drew_you: "شما از دسته کشیدید: {cards}",
    named: "{name} {target} را نشانه گرفت",
    named_you: "شما {target} را نشانه گرفتید",
    you_object: "شما",
    gave: "یک کارت به {target} داده شد",
    reshuffled: "کارت‌های زمین بُر خورد و دستهٔ تازه شد",
    blocked: "دور بسته شد",
};

pub const EN: ReplayStrings = ReplayStrings {
    open: "Replay this hand",
    title: "Hand replay",
    back: "Back to the result",
    first: "First step",
    prev: "Previous step",
    next: "Next step",
    last: "Last step",
    play: "Play automatically",
    pause: "Pause",
    step_of: "Step {k} of {n}",
    nothing: "Nothing on the table",
    stock: "{n} cards in the stock",
    keys_help: "Step with the arrow keys.",
    dealt: "The cards are dealt",
    end: "End of the hand",
    played: "{name} played {card}",
    played_you: "You played {card}",
    trump: "{name} named trump: {trump}",
    trump_you: "You named trump: {trump}",
    redeal: "{name} threw the cards in; they were dealt again",
    redeal_you: "You threw the cards in; they were dealt again",
    discarded: "{name} discarded {card}",
    discarded_you: "You discarded {card}",
    kept: "{name} kept {card} from the stock and discarded {other}",
    kept_you: "You kept {card} from the stock and discarded {other}",
    took_next: "{name} discarded {card} and took {other} from the stock",
    took_next_you: "You discarded {card} and took {other} from the stock",
    bid: "{name} bid {n}",
    bid_you: "You bid {n}",
    passed: "{name} passed",
    passed_you: "You passed",
    hakem: "{name} won the auction",
    hakem_you: "You won the auction",
    all_passed: "Everybody passed; the cards were dealt again",
    played_suit: "{name} played {card} and asked for {suit}",
    played_suit_you: "You played {card} and asked for {suit}",
    played_named: "{name} played {card} and named {target}",
    played_named_you: "You played {card} and named {target}",
    named_suit: "{name} asked for {suit}",
    named_suit_you: "You asked for {suit}",
    pass_pick: "{name} chose {card} to pass",
    pass_pick_you: "You chose {card} to pass",
    exchanged: "The cards were passed",
    took: "{name} took {cards} with {card}",
    took_you: "You took {cards} with {card}",
    sur: "Sur!",
    dealt_more: "Four more cards each were dealt",
    drew: "{name} drew {cards}",
    drew_you: "You drew {cards}",
    named: "{name} named {target}",
    named_you: "You named {target}",
    you_object: "you",
    gave: "A card was given to {target}",
    reshuffled: "The discards were shuffled into a new stock",
    blocked: "The hand is blocked",
};

impl Lang {
    /// This language's hand replay strings.
    pub fn replay(self) -> &'static ReplayStrings {
        match self {
            Lang::Fa => &FA,
            Lang::En => &EN,
        }
    }
}
