//! The hakem's choice of trump or a no-trump mode (Hokm's HK-4 from the first five cards,
//! with HK-5's redeal; Shelem's SH-6 after the discards; Bidel's trump mode, BD-10).

use crate::card_order::HAND_SUIT_ORDER;
use crate::components::card::suit_button;
use crate::i18n::trump_name;
use crate::i18n::Lang;
use engine::games::bidel::{BidelAction, BidelTrump};
use engine::games::hokm::Trump;
use engine::Suit;
use yew::prelude::*;

pub struct TrumpPickerProps {
    /// The trumps and modes the hakem may name (suits are shown ♠ ♥ ♣ ♦, modes in this
    /// order).
    pub choices: Vec<Trump>,
    pub on_choose: Callback<Trump>,
    /// A redeal button (Hokm's HK-5), when a redeal is legal.
    pub on_redeal: Option<Callback<()>>,
    /// The line under the title (by default Hokm's "from your first five cards").
    pub help: Option<AttrValue>,
}

/// Buttons for the suits, the enabled no-trump modes and maybe the redeal.
pub fn trump_picker(lang: Lang, props: &TrumpPickerProps) -> Html {
    let s = lang.s();
    let button = |t: Trump| {
        let onclick = props.on_choose.reform(move |_: MouseEvent| t);
        match t {
            Trump::Suit(suit) => suit_button(
                lang,
                suit,
                format!("trump-{}", t.name()),
                Some(t.name()),
                onclick,
            ),
            _ => html! {
                <button type="button" class="trump-btn mode" data-trump={t.name()}
                    data-testid={format!("trump-{}", t.name())} {onclick}>
                    <span class="trump-btn-name">{ trump_name(lang, t) }</span>
                    <span class="trump-btn-sub">{ s.no_trump }</span>
                </button>
            },
        }
    };
    // Suits in the hand's order (♠ ♥ ♣ ♦).
    let suits: Vec<Trump> = HAND_SUIT_ORDER
        .iter()
        .map(|&s| Trump::Suit(s))
        .filter(|t| props.choices.contains(t))
        .collect();
    let modes: Vec<Trump> = props
        .choices
        .iter()
        .copied()
        .filter(|t| t.suit().is_none())
        .collect();
    let help = props
        .help
        .clone()
        .unwrap_or_else(|| AttrValue::from(s.choose_trump_help));
    html! {
        <section class="panel trump-picker" data-testid="trump-picker" aria-labelledby="trump-picker-title">
            <h2 id="trump-picker-title">{ s.choose_trump }</h2>
            <p class="help">{ help }</p>
            <div class="trump-suits">{ for suits.into_iter().map(button) }</div>
            if !modes.is_empty() {
                <div class="trump-modes">{ for modes.into_iter().map(button) }</div>
            }
            if let Some(redeal) = &props.on_redeal {
                <button type="button" class="btn btn-secondary redeal" data-testid="redeal"
                    onclick={redeal.reform(|_: MouseEvent| ())}>
                    { s.redeal }
                </button>
            }
        </section>
    }
}

/// The hakem's choice in trump mode (BD-10): a suit or no trump.
pub fn bidel_trump_picker(lang: Lang, act: Callback<BidelAction>) -> Html {
    let s = lang.s();
    let b = lang.bidel();
    let suit_button = |suit: Suit| {
        let t = BidelTrump::Suit(suit);
        let onclick = act.reform(move |_: MouseEvent| BidelAction::Trump(t));
        suit_button(
            lang,
            suit,
            format!("trump-{}", t.name()),
            Some(t.name()),
            onclick,
        )
    };
    let none = {
        let onclick = act.reform(|_: MouseEvent| BidelAction::Trump(BidelTrump::NoTrump));
        html! {
            <button type="button" class="trump-btn mode" data-trump={BidelTrump::NoTrump.name()}
                data-testid={format!("trump-{}", BidelTrump::NoTrump.name())} {onclick}>
                <span class="trump-btn-name">{ b.no_trump }</span>
            </button>
        }
    };
    html! {
        <section class="panel trump-picker" data-testid="trump-picker" aria-labelledby="trump-picker-title">
            <h2 id="trump-picker-title">{ b.choose_trump }</h2>
            <p class="help">{ s.choose_trump_help }</p>
            <div class="trump-suits">{ for HAND_SUIT_ORDER.iter().map(|&x| suit_button(x)) }</div>
            <div class="trump-modes">{ none }</div>
        </section>
    }
}
