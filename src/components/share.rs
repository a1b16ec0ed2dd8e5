//! The share-link control: the table's link (game, settings, seats and seed) to open on
//! another device for the same table and deal.

use crate::i18n::Lang;
use crate::web;
use yew::prelude::*;

/// [`share`]'s type (a page that plays locally offers it: `crate::local::LocalPlug`).
pub type ShareFn = fn(Lang, bool, Callback<MouseEvent>, &str, &UseStateHandle<bool>) -> Html;

/// A "share" button that opens the link `url` with a copy button; the panel shows while
/// `open`, `toggle` opens or closes it, and `copied` says whether the link was copied since
/// it opened.
pub fn share(
    lang: Lang,
    open: bool,
    toggle: Callback<MouseEvent>,
    url: &str,
    copied: &UseStateHandle<bool>,
) -> Html {
    let (s, l) = (lang.s(), lang.local());
    let copy = {
        let copied = copied.clone();
        let url = url.to_string();
        Callback::from(move |_: MouseEvent| {
            web::copy_text(&url);
            copied.set(true);
        })
    };
    let select_all = Callback::from(|e: FocusEvent| {
        use yew::TargetCast;
        if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            input.select();
        }
    });
    html! {
        <div class="share">
            <button type="button" class="btn-ghost" data-testid="share" aria-expanded={open.to_string()}
                onclick={toggle}>
                { icon!(r#"<circle cx="18" cy="5" r="3" /><circle cx="6" cy="12" r="3" /><circle cx="18" cy="19" r="3" /><path d="M8.6 13.5 L15.4 17.5 M15.4 6.5 L8.6 10.5" />"#) }
                <span class="btn-label">{ l.share }</span>
            </button>
            if open {
                <div class="panel share-pop" role="dialog" aria-label={l.share}>
                    <p class="help">{ l.share_help }</p>
                    <div class="share-row">
                        <input type="text" readonly=true value={url.to_string()} dir="ltr"
                            data-testid="share-url" aria-label={l.share} onfocus={select_all} />
                        <button type="button" class="btn btn-small" data-testid="share-copy" onclick={copy}>
                            { if **copied { s.copied } else { s.copy } }
                        </button>
                    </div>
                </div>
            }
        </div>
    }
}
