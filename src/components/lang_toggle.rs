//! The language switch, shown on every screen.

use crate::context::switch_lang;
use crate::i18n::Lang;
use yew::prelude::*;

/// A button naming the other language than `lang`; a click switches to it.
pub fn lang_toggle(lang: Lang) -> Html {
    let other = lang.other();
    html! {
        <button type="button" class="btn-ghost lang-toggle" data-testid="lang-toggle"
            aria-label={lang.site().lang_toggle_aria} onclick={move |_: MouseEvent| switch_lang(other)}>
            <span lang={other.code()} dir={other.dir()}>{ lang.site().lang_toggle }</span>
        </button>
    }
}
