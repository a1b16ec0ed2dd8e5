//! What every screen may read from the root: the language, this device's preferences, and
//! ways to change them or show a notice ([`AppCtx`], provided by [`crate::app`]).

use crate::i18n::Lang;
use crate::prefs::Prefs;
use std::cell::{Cell, RefCell};
use yew::prelude::*;

thread_local! {
    static ONLINE: Cell<bool> = const { Cell::new(false) };
    static SET_LANG: RefCell<Option<UseStateSetter<Lang>>> = const { RefCell::new(None) };
}

/// Gives the root's language to [`switch_lang`] (by [`crate::app`]: one root a page).
pub fn offer_lang_switch(set: UseStateSetter<Lang>) {
    SET_LANG.with(|s| *s.borrow_mut() = Some(set));
}

/// Shows the page in `lang` (the language switch; nothing before the root is drawn). A plain
/// call rather than a callback in [`AppCtx`], so the switch is a function, not a component
/// type of its own (issue 25: each component type costs a page its lifecycle code).
pub fn switch_lang(lang: Lang) {
    if let Some(set) = SET_LANG.with(|s| s.borrow().clone()) {
        set.set(lang);
    }
}

/// Marks this page as an online one (by `crate::pages::table::offer_room_parts`): its tables
/// are played on the relay.
pub fn set_online_page() {
    ONLINE.with(|o| o.set(true));
}

/// Whether this page plays its tables online.
pub fn is_online_page() -> bool {
    ONLINE.with(Cell::get)
}

/// A message shown at the top of every screen until dismissed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A saved game was corrupt or from an old version and was discarded.
    RestoreFailed,
    /// A link held invalid values; defaults were used.
    BadLink,
    /// A screen loaded on demand (the hand replay, the analysis) could not be loaded.
    ExtraFailed,
}

/// What every component may read: the language, and ways to change it or show a notice.
#[derive(Clone, PartialEq)]
pub struct AppCtx {
    pub lang: Lang,
    pub notify: Callback<Notice>,
    /// This device's sound switch and bots' speed.
    pub prefs: Prefs,
    pub set_prefs: Callback<Prefs>,
}

/// This device's preferences (the stored ones when there is no context).
#[hook]
pub fn use_prefs() -> Prefs {
    use_context::<AppCtx>().map_or_else(Prefs::load, |c| c.prefs)
}

/// The current language (Persian when there is no context, e.g. in isolation).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<AppCtx>().map(|c| c.lang).unwrap_or_default()
}
