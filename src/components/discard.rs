//! Shelem's discards (SH-5): the hakem, holding the widow (its cards marked in the hand),
//! chooses as many cards as the widow held and lays them down in one go.

use crate::card_order::sort_hand;
use crate::cls;
use crate::components::card::mini_card;
use crate::i18n::{fill, Lang};
use engine::CardSet;
use yew::prelude::*;

pub struct DiscardPanelProps {
    /// How many cards to lay down (the widow's size).
    pub need: u8,
    /// How many are chosen so far.
    pub chosen: u8,
    pub on_confirm: Callback<()>,
    pub on_clear: Callback<()>,
}

/// The hakem's discard panel: the count chosen and the confirm button, enabled when exactly
/// `need` cards are chosen.
pub fn discard_panel(lang: Lang, props: &DiscardPanelProps) -> Html {
    let sh = lang.shelem();
    let need = lang.num(props.need);
    let ready = props.chosen == props.need;
    let on_confirm = props.on_confirm.reform(|_: MouseEvent| ());
    let on_clear = props.on_clear.reform(|_: MouseEvent| ());
    html! {
        <section class="panel discard-panel" data-testid="discard-panel" aria-labelledby="discard-title">
            <h2 id="discard-title">{ fill(sh.discard_title, &[("n", &need)]) }</h2>
            <p class="help">{ sh.discard_help }</p>
            <p class="widow-legend"><span class="widow-mark" aria-hidden="true"></span>{ sh.widow_legend }</p>
            <p class={cls!("discard-count", ready.then_some("ready"))} data-testid="discard-count"
                data-value={props.chosen.to_string()} aria-live="polite">
                { fill(sh.discard_chosen, &[("k", &lang.num(props.chosen)), ("n", &need)]) }
            </p>
            <div class="discard-actions">
                <button type="button" class="btn" data-testid="discard-confirm" disabled={!ready}
                    onclick={on_confirm}>
                    { fill(sh.discard_confirm, &[("n", &need)]) }
                </button>
                <button type="button" class="btn btn-secondary" data-testid="discard-clear"
                    disabled={props.chosen == 0} onclick={on_clear}>
                    { sh.discard_clear }
                </button>
            </div>
        </section>
    }
}

/// The hakem's own discards, folded, to keep an eye on during play (they count at the end,
/// SH-5).
pub fn own_discards(lang: Lang, discards: CardSet) -> Html {
    html! {
        <details class="my-discards" data-testid="my-discards">
            <summary>{ lang.shelem().your_discards }</summary>
            <span class="mini-cards" dir="ltr">
                { for sort_hand(discards).into_iter().map(|c| mini_card(lang, c, false)) }
            </span>
        </details>
    }
}
