//! The buttons under every result: the hand replay, the next hand, or at the end of the
//! match its summary and a new match.

use crate::components::replay::replay_button;
use crate::components::sheet::MatchSummary;
use yew::prelude::*;

/// The buttons under every game's hand result: the next hand, or at the end of the match a
/// new one.
pub fn result_actions(
    lang: crate::i18n::Lang,
    over: bool,
    on_next: Callback<MouseEvent>,
    on_new: Callback<MouseEvent>,
) -> Html {
    result_actions_labelled(lang, over, lang.s().next_hand, on_next, on_new)
}

/// [`result_actions`] with the next button's own label (Pasur plays rounds, not hands).
/// The button keeps its `next-hand` test id in every game.
pub fn result_actions_labelled(
    lang: crate::i18n::Lang,
    over: bool,
    next_label: &'static str,
    on_next: Callback<MouseEvent>,
    on_new: Callback<MouseEvent>,
) -> Html {
    let s = lang.site();
    html! {
        <>
        // The match's chart, sheet and statistics (from the table's context).
        if over {
            <MatchSummary />
        }
        <div class="actions">
            { replay_button(lang) }
            if over {
                <button type="button" class="btn" data-testid="new-match" onclick={on_new}>
                    { s.new_match }
                </button>
            } else {
                <button type="button" class="btn" data-testid="next-hand" onclick={on_next}
                    autofocus=true>
                    { next_label }
                </button>
            }
        </div>
        </>
    }
}
