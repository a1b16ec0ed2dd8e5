//! Root component. Placeholder until the real table UI lands.

use yew::prelude::*;

/// The whole application.
#[function_component(App)]
pub fn app() -> Html {
    let clicks = use_state(|| 0u32);
    let on_click = {
        let clicks = clicks.clone();
        Callback::from(move |_: MouseEvent| clicks.set(*clicks + 1))
    };

    html! {
        <main class="app">
            <h1 class="title">{ "Hokm" }</h1>
            <p class="subtitle" lang="fa" dir="rtl">{ "حکم" }</p>
            <button class="btn" data-testid="start" onclick={on_click}>
                { "New game" }
            </button>
            <p class="clicks" data-testid="clicks">{ format!("Clicks: {}", *clicks) }</p>
        </main>
    }
}
