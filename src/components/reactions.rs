//! Reactions and quick chat at an online table (issue 23): a button beside the status opens
//! the presets ([`protocol::REACTIONS`]: a sign and a short phrase, no free text), and every
//! seat's reaction shows as a bubble at its place on the table for a few seconds. From the same
//! menu a player mutes another (this device only: their reactions are no longer shown). The
//! room page ([`crate::pages::room`]) provides [`ReactionsInfo`] in its `RoomInfo`; the online pages give the
//! table these parts ([`crate::pages::table::RoomParts`]), so offline pages carry none of it.
//!
//! # Selectors for tests
//! - `[data-testid=react-open]` (`aria-expanded`), the menu `react-menu` (`react-close`), its presets
//!   `react` (`data-reaction`), its players `mute` (`data-seat`, `aria-pressed`).
//! - A bubble `reaction` (`data-seat`, `data-reaction`, class `at-<place>`).

use crate::cls;
pub use crate::components::net::ReactionsInfo;
use crate::i18n::Lang;
use yew::prelude::*;

/// How long a bubble stays, in milliseconds.
pub const SHOWN_MS: u32 = 4000;

/// A preset's sign and phrase in `lang` (the id itself for one this page does not know).
pub fn preset(lang: Lang, id: &str) -> (&'static str, &'static str) {
    let (sign, fa, en) = match id {
        "hello" => ("👋", "سلام", "Hello"),
        "good_luck" => ("🍀", "موفق باشید", "Good luck"),
        "well_played" => ("👏", "آفرین", "Well played"),
        "nice" => ("👍", "عالی", "Nice"),
        "thanks" => ("🙏", "ممنون", "Thanks"),
        "sorry" => ("😅", "ببخشید", "Sorry"),
        "oops" => ("🙈", "ای وای", "Oops"),
        "hurry" => ("⏳", "کمی زودتر", "Hurry up"),
        "thinking" => ("🤔", "فکر می‌کنم", "Let me think"),
        "wow" => ("😮", "وای", "Wow"),
        "good_game" => ("🤝", "بازی خوبی بود", "Good game"),
        "bye" => ("🌙", "خداحافظ", "Bye"),
        _ => ("💬", "…", "…"),
    };
    (
        sign,
        match lang {
            Lang::Fa => fa,
            Lang::En => en,
        },
    )
}

struct Words {
    open: &'static str,
    title: &'static str,
    mute: &'static str,
    close: &'static str,
    /// A watcher's table, where the reactions' button would be (issue 23).
    watching: &'static str,
    /// The players' count of watchers: `{n}`.
    watchers: &'static str,
}

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Fa => &Words {
            open: "واکنش",
            title: "واکنش‌ها",
            mute: "بی‌صدا کردن",
            close: "بستن",
            watching: "در حال تماشا",
            watchers: "{n} تماشاگر",
        },
        Lang::En => &Words {
            open: "React",
            title: "Reactions",
            mute: "Mute",
            close: "Close",
            watching: "Watching",
            watchers: "{n} watching",
        },
    }
}

/// The bubbles of the reactions on screen, each at its seat's place (`places`, by seat).
pub fn reaction_bubbles(lang: Lang, info: &ReactionsInfo, places: &[&'static str]) -> Html {
    html! {
        <div class="reactions" aria-live="polite">
            { for info.shown.iter().map(|(_, seat, r)| {
                let (sign, text) = preset(lang, r);
                let place = places.get(usize::from(*seat)).copied().unwrap_or("top");
                let name = info.names.get(usize::from(*seat)).cloned().unwrap_or_default();
                html! {
                    <div class={cls!("reaction", format!("at-{place}"))} data-testid="reaction"
                        data-seat={seat.to_string()} data-reaction={r.clone()} role="status"
                        aria-label={format!("{name}: {text}")}>
                        <span class="reaction-sign" aria-hidden="true">{ sign }</span>
                        <span>{ text }</span>
                    </div>
                }
            }) }
        </div>
    }
}

/// How many watch the table, on the felt (none: nothing).
pub fn watchers_badge(lang: Lang, n: u32) -> Html {
    let text = crate::i18n::fill(words(lang).watchers, &[("n", &lang.num(n))]);
    html! {
        if n > 0 {
            <span class="watchers" data-testid="watchers" data-count={n.to_string()}>
                { icon!(r#"<path d="M2 12 C6 5 18 5 22 12 C18 19 6 19 2 12 Z" /><circle cx="12" cy="12" r="3" />"#) }
                <span>{ text }</span>
            </span>
        }
    }
}

/// The button beside the status, and its menu while `open`: the presets, and muting the
/// other players. A watcher has neither: "Watching" stands there.
pub fn react_button(lang: Lang, info: &ReactionsInfo, open: &UseStateHandle<bool>) -> Html {
    let w = words(lang);
    if info.me == crate::components::net::WATCHER {
        return html! { <span class="watching" data-testid="watching">{ w.watching }</span> };
    }
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let menu = (**open).then(|| {
        let presets = protocol::REACTIONS.iter().map(|&id| {
            let (sign, text) = preset(lang, id);
            let (send, open) = (info.send.clone(), open.clone());
            let onclick = Callback::from(move |_: MouseEvent| {
                send.emit(id.to_string());
                open.set(false);
            });
            html! {
                <button type="button" class="react-preset" data-testid="react" data-reaction={id} {onclick}>
                    <span class="reaction-sign" aria-hidden="true">{ sign }</span>
                    <span>{ text }</span>
                </button>
            }
        });
        let others = info.people.iter().map(|&s| {
            let muted = info.muted.contains(&s);
            let mute = info.mute.clone();
            let name = info.names.get(usize::from(s)).cloned().unwrap_or_default();
            html! {
                <button type="button" class={cls!("btn-small", "react-mute", muted.then_some("muted"))}
                    data-testid="mute" data-seat={s.to_string()} aria-pressed={muted.to_string()}
                    title={format!("{}: {name}", w.mute)}
                    onclick={Callback::from(move |_: MouseEvent| mute.emit(s))}>
                    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <path d="M4 9 H8 L13 5 V19 L8 15 H4 Z" />
                        if muted { <path d="M16 9 L21 15 M21 9 L16 15" /> }
                    </svg>
                    <span>{ name }</span>
                </button>
            }
        });
        let close = {
            let open = open.clone();
            Callback::from(move |_: MouseEvent| open.set(false))
        };
        html! {
            <div class="panel react-pop" data-testid="react-menu" role="dialog" aria-label={w.title}>
                <div class="react-head">
                    <h2>{ w.title }</h2>
                    <button type="button" class="btn-icon" data-testid="react-close" aria-label={w.close}
                        title={w.close} onclick={close}>{ "×" }</button>
                </div>
                <div class="react-presets">{ for presets }</div>
                if !info.people.is_empty() {
                    <p class="react-mute-title">{ w.mute }</p>
                    <div class="react-mutes">{ for others }</div>
                }
            </div>
        }
    });
    html! {
        <div class="react">
            <button type="button" class="btn-ghost react-open" data-testid="react-open"
                aria-expanded={open.to_string()} aria-label={w.title} title={w.title} onclick={toggle}>
                { icon!(r#"<circle cx="12" cy="12" r="9" /><path d="M8.5 14.5 C10 16.5 14 16.5 15.5 14.5 M9 9.5 V10 M15 9.5 V10" />"#) }
                <span class="react-open-text">{ w.open }</span>
            </button>
            { menu.unwrap_or_default() }
        </div>
    }
}
