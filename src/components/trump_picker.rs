//! The hakem's choice of trump (HK-4) from the first five cards, or a redeal (HK-5).

use crate::app::use_lang;
use crate::components::card::suit_shape;
use crate::components::hand::HAND_SUIT_ORDER;
use crate::i18n::trump_name;
use engine::games::hokm::{HokmAction, Trump};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TrumpPickerProps {
    /// The hakem's legal actions (trumps in the engine's order, then maybe a redeal).
    pub legal: Vec<HokmAction>,
    pub on_choose: Callback<HokmAction>,
}

/// Buttons for the four suits, the enabled no-trump modes and the redeal.
#[function_component(TrumpPicker)]
pub fn trump_picker(props: &TrumpPickerProps) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let button = |a: HokmAction| {
        let onclick = props.on_choose.reform(move |_: MouseEvent| a);
        match a {
            HokmAction::Trump(Trump::Suit(suit)) => {
                let t = Trump::Suit(suit);
                html! {
                    <button type="button" class={classes!("trump-btn", "suit", format!("suit-{}", t.name()))}
                        data-trump={t.name()} data-testid={format!("trump-{}", t.name())}
                        aria-label={trump_name(lang, t)} {onclick}>
                        <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                            { suit_shape(suit, 50.0, 50.0, 86.0, false) }
                        </svg>
                        <span class="trump-btn-name">{ trump_name(lang, t) }</span>
                    </button>
                }
            }
            HokmAction::Trump(t) => html! {
                <button type="button" class="trump-btn mode" data-trump={t.name()}
                    data-testid={format!("trump-{}", t.name())} {onclick}>
                    <span class="trump-btn-name">{ trump_name(lang, t) }</span>
                    <span class="trump-btn-sub">{ s.no_trump }</span>
                </button>
            },
            HokmAction::Redeal => html! {
                <button type="button" class="btn btn-secondary redeal" data-testid="redeal" {onclick}>
                    { s.redeal }
                </button>
            },
            HokmAction::Play(_) => Html::default(),
        }
    };
    // Suits in the hand's order (♠ ♥ ♣ ♦).
    let suits: Vec<HokmAction> = HAND_SUIT_ORDER
        .iter()
        .map(|&s| HokmAction::Trump(Trump::Suit(s)))
        .filter(|a| props.legal.contains(a))
        .collect();
    let modes: Vec<HokmAction> = props
        .legal
        .iter()
        .copied()
        .filter(|a| matches!(a, HokmAction::Trump(t) if t.suit().is_none()))
        .collect();
    let redeal = props.legal.contains(&HokmAction::Redeal);
    html! {
        <section class="panel trump-picker" data-testid="trump-picker" aria-labelledby="trump-picker-title">
            <h2 id="trump-picker-title">{ s.choose_trump }</h2>
            <p class="help">{ s.choose_trump_help }</p>
            <div class="trump-suits">{ for suits.into_iter().map(button) }</div>
            if !modes.is_empty() {
                <div class="trump-modes">{ for modes.into_iter().map(button) }</div>
            }
            if redeal { { button(HokmAction::Redeal) } }
        </section>
    }
}
