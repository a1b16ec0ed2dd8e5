//! The buttons of a table's top bar: the score sheet, the table's settings, the share link
//! and the language. One component holds which of their panels is open (one at a time: opening
//! one closes the other), and draws the three with plain functions.

use crate::components::lang_toggle::lang_toggle;
use crate::components::net::RoomInfo;
use crate::components::settings::{table_settings, SettingRow};
use crate::components::share::ShareFn;
use crate::components::sheet::{scores_button, use_history, SheetCtx};
use crate::context::{use_lang, AppCtx};
use yew::prelude::*;

/// The panels of the top bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Panel {
    Scores,
    Settings,
    Share,
}

#[derive(Properties)]
pub struct TopbarActionsProps {
    /// The table's settings, as its settings panel lists them.
    pub rows: Vec<SettingRow>,
    /// The rule page's hash.
    pub rules: AttrValue,
    /// The table's link, to share.
    pub url: AttrValue,
    /// The share control (`components::share::share`), where the table is played on this
    /// device only: an online page has none (its room has its own link).
    pub share: Option<ShareFn>,
}

impl PartialEq for TopbarActionsProps {
    fn eq(&self, other: &Self) -> bool {
        // A page offers one share control or none: whether it is there is what may change.
        (&self.rows, &self.rules, &self.url, self.share.is_some())
            == (&other.rows, &other.rules, &other.url, other.share.is_some())
    }
}

/// The score sheet, settings, share and language buttons, each panel under its button.
#[function_component(TopbarActions)]
pub fn topbar_actions(props: &TopbarActionsProps) -> Html {
    let lang = use_lang();
    let app = use_context::<AppCtx>();
    let room = use_context::<RoomInfo>();
    let sheet = use_context::<SheetCtx>();
    let open = use_state_eq(|| None::<Panel>);
    // Whether the share panel's link was copied since it opened.
    let copied = use_state_eq(|| false);
    let history = use_history(sheet.as_ref().filter(|_| *open == Some(Panel::Scores)));
    let toggle = |panel: Panel| {
        let (open, copied) = (open.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            open.set((*open != Some(panel)).then_some(panel));
            copied.set(false);
        })
    };
    let is_open = |panel: Panel| *open == Some(panel);
    html! {
        <div class="topbar-actions">
            { scores_button(lang, is_open(Panel::Scores), toggle(Panel::Scores), sheet.as_ref(), history) }
            { table_settings(
                lang,
                app.as_ref(),
                is_open(Panel::Settings),
                toggle(Panel::Settings),
                &props.rows,
                &props.rules,
                room.as_ref(),
            ) }
            { for props.share.map(|share| share(lang, is_open(Panel::Share), toggle(Panel::Share), &props.url, &copied)) }
            { lang_toggle(lang) }
        </div>
    }
}
