//! Shelem's joker lead in a no-trump mode (SH-6): its player names the suit the others
//! must follow.

use crate::card_order::HAND_SUIT_ORDER;
use crate::components::card::{suit_button, MiniCard};
use crate::context::use_lang;
use engine::{Card, Suit};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct JokerSuitPickerProps {
    /// The joker being led.
    pub joker: Card,
    pub on_choose: Callback<Suit>,
    pub on_cancel: Callback<()>,
}

/// Four suit buttons and a cancel.
#[function_component(JokerSuitPicker)]
pub fn joker_suit_picker(props: &JokerSuitPickerProps) -> Html {
    let lang = use_lang();
    let sh = lang.shelem();
    let on_cancel = props.on_cancel.reform(|_: MouseEvent| ());
    html! {
        <section class="panel trump-picker joker-suit" data-testid="joker-suit"
            aria-labelledby="joker-suit-title">
            <h2 id="joker-suit-title">
                <MiniCard card={props.joker} />{ " " }{ sh.joker_suit_title }
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
