//! The hint button of a local table: the hard bot's choice for the player's own seat.

use crate::adapters::UiGame;
use crate::cls;
use crate::context::use_lang;
use crate::i18n::fill;
use crate::state::TableState;
use yew::prelude::*;
/// The hint button of a local table ([`crate::local::LocalPlug::hint`]).
pub fn hint<G: UiGame>(st: &UseReducerHandle<TableState<G>>, my_turn: bool) -> Html {
    html! { <HintButton<G> st={st.clone()} {my_turn} /> }
}

#[derive(Properties)]
pub struct HintProps<G: UiGame> {
    pub st: UseReducerHandle<TableState<G>>,
    /// The bottom seat may act and nothing covers it.
    pub my_turn: bool,
}

impl<G: UiGame> PartialEq for HintProps<G> {
    fn eq(&self, other: &Self) -> bool {
        self.st.epoch == other.st.epoch && self.my_turn == other.my_turn
    }
}

/// The hint on the player's turn, where the game has a hard bot: the hard bot's choice for
/// the player's own seat, from that seat's updates only (the worker keeps a bot for it).
/// It names the choice, and lights up the card in the hand.
#[function_component(HintButton)]
pub fn hint_button<G: UiGame>(props: &HintProps<G>) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let st = &props.st;
    let step = st.step;
    let seat = st.seat;
    // The newest hint asked or shown: its step, and the choice once known.
    let hint = use_state(|| None::<(u32, Option<G::Action>)>);
    let offered = props.my_turn && st.bots.borrow().hints(seat);
    if !offered {
        return Html::default();
    }
    let onclick = {
        let (hint, bots) = (hint.clone(), st.bots.clone());
        Callback::from(move |_: MouseEvent| {
            hint.set(Some((step, None)));
            let later = {
                let hint = hint.clone();
                Box::new(move |a| hint.set(Some((step, Some(a)))))
            };
            let now = bots.borrow_mut().ask(seat, step, later);
            if let Some(a) = now {
                hint.set(Some((step, Some(a))));
            }
        })
    };
    let here = hint.as_ref().filter(|(at, _)| *at == step);
    let (text, card) = match here {
        Some((_, Some(a))) => match G::hint(lang, a) {
            Some((what, card)) => (fill(s.hint_is, &[("what", &what)]), card),
            None => (s.hint_unnamed.to_string(), None),
        },
        _ => (String::new(), None),
    };
    let waiting = matches!(here, Some((_, None)));
    html! {
        <div class="hint" data-testid="hint">
            <button type="button" class={cls!("btn-ghost", "hint-btn", waiting.then_some("waiting"))}
                data-testid="hint-button" title={s.hint_title} aria-busy={waiting.to_string()}
                disabled={waiting} {onclick}>{ s.hint }</button>
            if !text.is_empty() {
                <span class="hint-text" data-testid="hint-text" data-card={card.map(|c| c.to_string())}
                    aria-live="polite">{ text }</span>
            }
            // The suggested card, lit up in the hand.
            if let Some(c) = card {
                <style>{ format!(".hand [data-card=\"{c}\"] {{ outline: 3px solid #f2c14e; outline-offset: 2px; border-radius: 8px; }}") }</style>
            }
        </div>
    }
}
