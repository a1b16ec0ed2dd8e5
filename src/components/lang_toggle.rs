//! The language switch, shown on every screen.

use crate::context::AppCtx;
use yew::prelude::*;

/// A button naming the other language; a click switches to it.
#[function_component(LangToggle)]
pub fn lang_toggle() -> Html {
    let Some(ctx) = use_context::<AppCtx>() else {
        return Html::default();
    };
    let other = ctx.lang.other();
    let onclick = ctx.set_lang.reform(move |_: MouseEvent| other);
    html! {
        <button type="button" class="btn-ghost lang-toggle" data-testid="lang-toggle"
            aria-label={ctx.lang.site().lang_toggle_aria} {onclick}>
            <span lang={other.code()} dir={other.dir()}>{ ctx.lang.site().lang_toggle }</span>
        </button>
    }
}
