//! One table per game at a time: two tabs of one game would each save over the other (the
//! last to save wins, a free undo or a peek at the future). A table page claims its game on
//! a `BroadcastChannel` when it opens; any other tab showing that game's table then puts
//! its table away (no timers, no saves) and says so, with a button to take it back, which
//! reloads the saved game and claims it again.

use crate::components::lang_toggle::lang_toggle;
use crate::context::use_lang;
use crate::route::Route;
use gloo::events::EventListener;
use wasm_bindgen::JsValue;
use yew::prelude::*;

/// The channel of one game's tables.
fn channel_name(slug: &str) -> String {
    format!("cards.table.{slug}")
}

/// Tells the other tabs that this one (`id`) now plays the game.
fn claim(channel: &web_sys::BroadcastChannel, id: f64) {
    let _ = channel.post_message(&JsValue::from_f64(id));
}

#[derive(Properties, PartialEq)]
pub struct OneTabProps {
    /// The game's slug.
    pub slug: AttrValue,
    /// The table, shown while this tab has the game.
    pub children: Html,
}

/// The table while this tab has the game; else a notice that another tab has it.
#[function_component(OneTab)]
pub fn one_tab(props: &OneTabProps) -> Html {
    let lang = use_lang();
    let s = lang.site();
    // This tab's id (not game randomness: it only tells tabs apart).
    let id = *use_memo((), |_| js_sys::Math::random());
    let active = use_state(|| true);
    let channel = use_mut_ref(|| None::<web_sys::BroadcastChannel>);
    {
        let active = active.clone();
        let channel = channel.clone();
        use_effect_with(props.slug.clone(), move |slug| {
            let ch = web_sys::BroadcastChannel::new(&channel_name(slug)).ok();
            let listener = ch.as_ref().map(|ch| {
                claim(ch, id);
                EventListener::new(ch, "message", move |e| {
                    use wasm_bindgen::JsCast;
                    let other = e
                        .dyn_ref::<web_sys::MessageEvent>()
                        .and_then(|m| m.data().as_f64());
                    if other.is_some_and(|o| o != id) {
                        active.set(false);
                    }
                })
            });
            *channel.borrow_mut() = ch.clone();
            move || {
                drop(listener);
                if let Some(ch) = ch {
                    ch.close();
                }
            }
        });
    }
    if *active {
        return props.children.clone();
    }
    let take = {
        let active = active.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(ch) = channel.borrow().as_ref() {
                claim(ch, id);
            }
            active.set(true);
        })
    };
    html! {
        <main class="page table-page other-tab-page">
            <div class="overlay cover" data-testid="other-tab" role="dialog" aria-modal="true"
                aria-labelledby="other-tab-title">
                <div class="panel cover-panel">
                    <h2 id="other-tab-title">{ s.other_tab }</h2>
                    <p class="help">{ s.other_tab_help }</p>
                    <div class="popover-actions">
                        <button type="button" class="btn" data-testid="take-over" onclick={take}
                            autofocus=true>{ s.take_over }</button>
                        <a class="btn btn-secondary" href={Route::Home.href()}>{ s.home }</a>
                    </div>
                </div>
                <div class="cover-lang">{ lang_toggle(lang) }</div>
            </div>
        </main>
    }
}
