//! Pass-and-play: a screen that hides every hand until the next person confirms.

use crate::components::lang_toggle::lang_toggle;
use crate::i18n::{fill, Lang};
use yew::prelude::*;

pub struct CoverProps {
    pub name: AttrValue,
    /// The device's owner ("you"), addressed without a name.
    pub owner: bool,
    pub on_reveal: Callback<()>,
}

/// "Pass the device to …" with an "I am …" button.
pub fn pass_cover(lang: Lang, props: &CoverProps) -> Html {
    let s = lang.local();
    let (title, button) = if props.owner {
        (s.pass_to_owner.to_string(), s.i_am_owner.to_string())
    } else {
        (
            fill(s.pass_to, &[("name", &props.name)]),
            fill(s.i_am, &[("name", &props.name)]),
        )
    };
    let onclick = props.on_reveal.reform(|_: MouseEvent| ());
    html! {
        <div class="overlay cover" data-testid="cover" role="dialog" aria-modal="true"
            aria-labelledby="cover-title">
            <div class="panel cover-panel">
                <h2 id="cover-title">{ title }</h2>
                <p class="help">{ s.pass_help }</p>
                <button type="button" class="btn" data-testid="reveal" {onclick} autofocus=true>
                    { button }
                </button>
            </div>
            <div class="cover-lang">{ lang_toggle(lang) }</div>
        </div>
    }
}
