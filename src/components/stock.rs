//! Hokm's stock of the two-player form (HK-13): the card drawn, kept or passed for the next
//! one; or, while the other player draws, the stock and whose turn it is.

use crate::components::card::card_svg;
use crate::i18n::{card_label, fill, Lang};
use engine::games::hokm::HokmAction;
use engine::Card;
use yew::prelude::*;

/// The stock panel: `drawn`, the card this player drew (keep it, or take the next one);
/// without one, the stock's backs and `waiting` (whose turn it is).
pub fn stock(
    lang: Lang,
    count: u8,
    drawn: Option<Card>,
    waiting: Option<String>,
    act: Callback<HokmAction>,
) -> Html {
    let h = lang.hokm();
    match drawn {
        Some(card) => html! {
            <section class="panel stock-panel" data-testid="stock-panel">
                <h2>{ h.stock_title }</h2>
                <div class="stock-row">
                    <span class="stock-card" data-testid="drawn" data-card={card.to_string()}
                        role="img" aria-label={card_label(lang, card)}>
                        { card_svg(Some(card)) }
                    </span>
                    <div class="stock-choices">
                        <button type="button" class="btn" data-testid="keep"
                            onclick={act.reform(|_: MouseEvent| HokmAction::Keep)}>
                            <span>{ h.keep }</span>
                            <small>{ h.keep_help }</small>
                        </button>
                        <button type="button" class="btn btn-secondary" data-testid="take-next"
                            onclick={act.reform(|_: MouseEvent| HokmAction::TakeNext)}>
                            <span>{ h.take_next }</span>
                            <small>{ h.take_next_help }</small>
                        </button>
                    </div>
                </div>
                <p class="help">{ fill(lang.hokm_two().stock_n, &[("n", &lang.num(count))]) }</p>
            </section>
        },
        None => html! {
            <div class="waiting-trump stock-waiting" data-testid="waiting">
                <span class="stock-backs" aria-hidden="true">
                    { card_svg(None) }
                </span>
                <p>{ waiting.unwrap_or_default() }</p>
                <p class="help" data-testid="stock" data-value={count.to_string()}>
                    { fill(lang.hokm_two().stock_n, &[("n", &lang.num(count))]) }
                </p>
            </div>
        },
    }
}
