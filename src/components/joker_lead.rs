//! Shelem's joker lead in a no-trump mode (SH-6): its player names the suit the others
//! must follow.

use crate::card_order::HAND_SUIT_ORDER;
use crate::components::card::{mini_card, suit_button};
use crate::i18n::Lang;
use engine::{Card, Suit};
use yew::prelude::*;

pub struct JokerSuitPickerProps {
    /// The joker being led.
    pub joker: Card,
    pub on_choose: Callback<Suit>,
    pub on_cancel: Callback<()>,
}

/// Four suit buttons and a cancel.
pub fn joker_suit_picker(lang: Lang, props: &JokerSuitPickerProps) -> Html {
    let sh = lang.shelem();
    let on_cancel = props.on_cancel.reform(|_: MouseEvent| ());
    html! {
        <section class="panel trump-picker joker-suit" data-testid="joker-suit"
            aria-labelledby="joker-suit-title">
            <h2 id="joker-suit-title">
                { mini_card(lang, props.joker, false) }{ " " }{ sh.joker_suit_title }
            </h2>
            <p class="help">{ sh.joker_suit_help }</p>
            <div class="trump-suits">
                { for HAND_SUIT_ORDER.iter().map(|&suit| {
                    let onclick = props.on_choose.reform(move |_: MouseEvent| suit);
                    suit_button(lang, suit, format!("joker-suit-{}", suit.letter()), None, onclick)
                }) }
            </div>
            <button type="button" class="btn btn-secondary joker-cancel" data-testid="joker-cancel"
                onclick={on_cancel}>
                { sh.cancel }
            </button>
        </section>
    }
}
