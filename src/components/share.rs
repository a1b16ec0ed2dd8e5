//! The share-link control: the table's link (game, settings, seats and seed) to open on
//! another device for the same table and deal.

use crate::context::use_lang;
use crate::web;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    /// The full URL to share.
    pub url: AttrValue,
}

/// A "share" button that opens the link with a copy button.
#[function_component(Share)]
pub fn share(props: &ShareProps) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let open = use_state(|| false);
    let copied = use_state(|| false);
    let toggle = {
        let open = open.clone();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            open.set(!*open);
            copied.set(false);
        })
    };
    let copy = {
        let copied = copied.clone();
        let url = props.url.clone();
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
                <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <circle cx="18" cy="5" r="3" /><circle cx="6" cy="12" r="3" /><circle cx="18" cy="19" r="3" />
                    <path d="M8.6 13.5 L15.4 17.5 M15.4 6.5 L8.6 10.5" />
                </svg>
                <span class="btn-label">{ s.share }</span>
            </button>
            if *open {
                <div class="panel share-pop" role="dialog" aria-label={s.share}>
                    <p class="help">{ s.share_help }</p>
                    <div class="share-row">
                        <input type="text" readonly=true value={props.url.clone()} dir="ltr"
                            data-testid="share-url" aria-label={s.share} onfocus={select_all} />
                        <button type="button" class="btn btn-small" data-testid="share-copy" onclick={copy}>
                            { if *copied { s.copied } else { s.copy } }
                        </button>
                    </div>
                </div>
            }
        </div>
    }
}
