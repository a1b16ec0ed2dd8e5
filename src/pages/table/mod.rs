//! The tables. What every game's table shares is here, by concern:
//! - [`hook`]: the [`use_table`] hook (the state, saving after every action, bots acting
//!   after a short delay, a finished trick held in view, messages fading);
//! - [`shell`]: what every table screen does around its own parts ([`shell::use_screen`],
//!   the card-choice hook, the result's wiring);
//! - this module: the [`frame`] every table is drawn in, the trick in the middle, the
//!   pass-and-play cover, the error toast;
//! - beside it, in [`crate::components`]: the read-only room settings and the device's
//!   preferences (`settings`), the hint button of a local table (`hint`);
//! - [`route`]: a table link made canonical, and [`TablePage`], the one thing a game's
//!   table module implements.
//!
//! Each game's module draws what is its own (the auction, the widow, passing, the trump
//! choice, results).

pub mod bidel;
pub mod crazy_eights;
pub mod haft_khabis;
pub mod hokm;
pub mod hook;
pub mod pasur;
pub mod route;
pub mod shedding;
pub mod shelem;
pub mod shell;

pub use crate::components::hint::hint;
pub use crate::components::settings::{
    room_words, secs_text, setting_rows, SettingRow, GRACE_CHOICES,
};
pub use hook::{initial_state, use_table, INTRO_MS};
pub use route::{TablePage, TableProps, TableRoute, TableRouteProps};

use crate::adapters::{ShownTrick, UiGame};
use crate::cls;
use crate::components::cover::{pass_cover, CoverProps};
use crate::components::sheet::{sheet_context, SheetCtx};
use crate::components::topbar::TopbarActions;
use crate::components::trick::{trick_view, TrickViewProps};
use crate::config::{SeatKind, TableConfig};
use crate::i18n::{about, Lang};
use crate::icon;
use crate::route::Route;
use crate::seen::{Pos, Seen};
use crate::state::{TableAction, TableState};
use crate::web;
use engine::{Card, Seat};
use std::cell::Cell;
use yew::prelude::*;

/// What an online table adds to the [`frame`]: the room's badge and the reactions' bubbles
/// on the felt, the turn timer and the reactions' button beside the status. The online pages offer them ([`offer_room_parts`],
/// `crate::start_online`), so an offline page carries none of their code.
#[derive(Clone, Copy)]
pub struct RoomParts {
    /// On the felt, with the table's seats as this screen draws them.
    pub felt: fn(&Seen) -> Html,
    pub bar: fn() -> Html,
}

/// An online table's result: its "Replay this hand" asks the relay for the hand once it is
/// over ([`crate::extra::online_hand`]).
fn online_result<G: UiGame>(st: &TableState<G>, seen: &Seen, lang: Lang, result: Html) -> Html {
    let over = matches!(
        st.status,
        engine::Status::HandOver | engine::Status::MatchOver
    );
    let ask = over.then(|| crate::extra::Ask {
        screen: crate::extra::Screen::Replay,
        lang: lang.code().to_string(),
        names: seen.names.iter().map(|n| n.to_string()).collect(),
        sides: Vec::new(),
        bottom: seen.bottom.0,
        clockwise: seen.clockwise,
    });
    crate::extra::online_hand(ask.as_ref());
    result
}

thread_local! {
    static ROOM_PARTS: Cell<Option<RoomParts>> = const { Cell::new(None) };
}

/// Offers the online table's parts to every [`frame`] of this page, which makes it an online
/// page ([`crate::context::is_online_page`]).
pub fn offer_room_parts(parts: RoomParts) {
    ROOM_PARTS.with(|p| p.set(Some(parts)));
    crate::context::set_online_page();
}

/// The offered parts, if the page offers them.
fn room_parts() -> Option<RoomParts> {
    ROOM_PARTS.with(Cell::get)
}
/// The cards in the middle: the last trick under review, else a completed trick held for a
/// moment (then gathered to its winner), else the trick in progress.
pub fn trick_center<G: UiGame>(
    st: &TableState<G>,
    seen: &Seen,
    lang: Lang,
    current: &[(Seat, Card)],
    last: Option<ShownTrick>,
) -> Html {
    let s = lang.s();
    let place = |t: &[(Seat, Card)]| -> Vec<(Seat, Pos, Card)> {
        t.iter()
            .map(|&(seat, c)| (seat, seen.pos(seat), c))
            .collect()
    };
    if let (true, Some(t)) = (st.show_last, last) {
        let caption = about(
            lang,
            &seen.name(t.winner),
            s.last_trick_won_by,
            s.last_trick_won_by_you,
            &[],
        );
        html! {
            { trick_view(lang, &TrickViewProps {
                cards: place(&t.cards),
                collect_to: Default::default(),
                winner: Some(t.winner),
                caption: Some(AttrValue::from(caption)),
                review: true,
            }) }
        }
    } else if let Some(h) = &st.held {
        let t = &h.trick;
        let caption = about(
            lang,
            &seen.name(t.winner),
            s.trick_won_by,
            s.trick_won_by_you,
            &[],
        );
        html! {
            { trick_view(lang, &TrickViewProps {
                cards: place(&t.cards),
                collect_to: h.collecting.then_some(seen.pos(t.winner)),
                winner: Some(t.winner),
                caption: Some(AttrValue::from(caption)),
                review: Default::default(),
            }) }
        }
    } else {
        trick_view(
            lang,
            &TrickViewProps {
                cards: place(current),
                collect_to: Default::default(),
                winner: Default::default(),
                caption: Default::default(),
                review: Default::default(),
            },
        )
    }
}

/// The message of the last illegal click, with a close button.
pub fn error_toast<G: UiGame>(st: &UseReducerHandle<TableState<G>>, lang: Lang) -> Option<Html> {
    let e = st.error.as_ref()?;
    let d = st.dispatcher();
    let id = e.id;
    let onclick = Callback::from(move |_: MouseEvent| d.dispatch(TableAction::DismissError(id)));
    Some(html! {
        <div class="toast" role="alert" data-testid="error" data-code={engine::RuleError::code(&e.error)}>
            <span>{ G::error_message(lang, &e.error) }</span>
            <button type="button" class="btn-icon" aria-label={lang.site().close} {onclick}>{ "×" }</button>
        </div>
    })
}

/// The pass-and-play cover, when two or more people share the device.
pub fn cover<G: UiGame>(
    st: &UseReducerHandle<TableState<G>>,
    seen: &Seen,
    lang: Lang,
) -> Option<Html> {
    let p = seen.cover?;
    let d = st.dispatcher();
    let player = st.config.players.get(p)?;
    Some(html! {
        { pass_cover(lang, &CoverProps {
            name: AttrValue::from(seen.by_player.get(p).cloned().unwrap_or_default()),
            owner: player.kind == SeatKind::You && player.name.is_empty(),
            on_reveal: Callback::from(move |_| d.dispatch(TableAction::Reveal(p))),
        }) }
    })
}

/// The button that reviews the last trick (HK-11), when the setting is on.
pub fn last_trick_button<G: UiGame>(
    st: &UseReducerHandle<TableState<G>>,
    lang: Lang,
    available: bool,
) -> Option<Html> {
    if !available || st.held.is_some() {
        return None;
    }
    let s = lang.s();
    let d = st.dispatcher();
    let onclick = Callback::from(move |_: MouseEvent| d.dispatch(TableAction::ToggleLastTrick));
    Some(html! {
        <button type="button" class="btn btn-small btn-secondary" data-testid="last-trick"
            aria-pressed={st.show_last.to_string()} {onclick}>
            { if st.show_last { s.hide_last_trick } else { s.last_trick } }
        </button>
    })
}

/// A new match of the same table with a fresh seed.
pub fn new_match_callback<G: UiGame>(config: &TableConfig<G::Settings>) -> Callback<()> {
    let config = config.clone();
    Callback::from(move |_| {
        let c = TableConfig {
            seed: web::random_seed(),
            ..config.clone()
        };
        web::go(&Route::Table(G::ID, c.to_query()).hash());
    })
}

/// A phase's `data-phase`: its name on the wire (`choosing_trump`, `hand_over`, …).
pub fn phase_slug(phase: &impl serde::Serialize) -> AttrValue {
    match serde_json::to_value(phase) {
        Ok(serde_json::Value::String(name)) => name.into(),
        _ => AttrValue::default(),
    }
}

/// The parts of a table screen, drawn by [`frame`].
pub struct Frame {
    /// `data-phase` of the page, for tests and styles ([`phase_slug`]).
    pub phase: AttrValue,
    /// Who may act (`data-turn`; the first when several choose at once).
    pub turn: Option<Seat>,
    /// The middle of the top bar: scores and the state of the hand.
    pub scoreboard: Html,
    /// The other seats around the felt, in any order.
    pub seats: Html,
    /// The middle of the felt.
    pub center: Html,
    /// A panel (a choice) takes the whole middle row on narrow screens.
    pub has_panel: bool,
    /// The bottom seat's plate.
    pub bottom_seat: Html,
    /// Whose turn it is, in words.
    pub status: String,
    /// Buttons beside the status.
    pub bar_extra: Html,
    /// The bottom player's cards (or their backs under the cover).
    pub hand: Html,
    /// A result panel over the table.
    pub result: Html,
}

/// Draws a table: top bar (home, scoreboard, settings, share, language), the felt with the
/// seats and the middle, the bottom player's bar and hand, then overlays.
pub fn frame<G: UiGame>(
    st: &UseReducerHandle<TableState<G>>,
    seen: &Seen,
    lang: Lang,
    parts: Frame,
) -> Html {
    let s = lang.s();
    let config = &st.config;
    let here = Route::Table(G::ID, config.to_query()).hash();
    let share_url = web::url_of(&here);
    let sheet = sheet_context(st, seen, lang, &here);
    let rules = Route::Rules(G::ID, Some(here)).hash();
    let rows = setting_rows(lang, &config.settings, config.player_count());
    let error = error_toast(st, lang);

    // A hard bot about to act is thinking in its worker (style.css marks its plate).
    let thinking = st.bot_to_act().filter(|&b| st.bots.borrow().is_hard(b));
    // The hint and the hand replay: only where the page plays locally.
    let local = crate::local::plug::<G>();
    let cover = local.as_ref().and_then(|p| (p.cover)(st, seen, lang));
    // A tap anywhere on the felt gathers a finished trick at once instead of waiting.
    let held = st.held.as_ref().filter(|h| !h.collecting).map(|h| h.id);
    let skip = {
        let d = st.dispatcher();
        Callback::from(move |_: MouseEvent| {
            if let Some(id) = held {
                d.dispatch(TableAction::HoldStep {
                    id,
                    skip_animation: false,
                });
            }
        })
    };
    html! {
        <ContextProvider<SheetCtx> context={sheet}>
        <main class={cls!("page", "table-page", format!("players-{}", seen.n))} data-testid="table"
            data-game={G::ID.slug()} data-phase={parts.phase}
            data-turn={parts.turn.map(|t| t.0.to_string()).unwrap_or_default()}
            data-bottom={seen.bottom.0.to_string()} data-busy={seen.busy.to_string()}
            data-step={st.step.to_string()}
            data-thinking={thinking.map(|t| t.0.to_string())}>
            <header class="topbar table-topbar">
                <a class="btn-ghost home-link" href={Route::Home.href()} data-testid="home-link" aria-label={lang.site().home}>
                    { icon!(r#"<path d="M3 11 L12 3 L21 11 M5 9.5 V21 H10 V15 H14 V21 H19 V9.5" />"#) }
                </a>
                { parts.scoreboard }
                <TopbarActions {rows} rules={AttrValue::from(rules)} url={AttrValue::from(share_url)} share={local.as_ref().map(|p| p.share)} />
            </header>
            // The result lies over the felt and the hand only: the top bar (home, scores,
            // settings, language) stays in reach.
            <div class="table-body">
                <div class={cls!("felt", parts.has_panel.then_some("has-panel"), held.map(|_| "skippable"))}
                    dir="ltr" role="region" aria-label={s.table_label} onclick={skip}
                    title={held.map(|_| s.tap_to_skip)}>
                    { parts.seats }
                    <div class="center" dir={lang.dir()}>{ parts.center }</div>
                    { for room_parts().map(|p| (p.felt)(seen)) }
                    if thinking.is_some() {
                        <span class="thinking-note" data-testid="thinking" role="status">{ s.thinking }</span>
                    }
                </div>
                <section class="me">
                    <div class="me-bar">
                        { parts.bottom_seat }
                        <p class={cls!("status", seen.my_turn.then_some("mine"))} data-testid="status"
                            aria-live="polite">{ parts.status }</p>
                        { for room_parts().map(|p| (p.bar)()) }
                        { parts.bar_extra }
                        { for local.as_ref().map(|p| (p.hint)(st, seen.my_turn)) }
                    </div>
                    { error.unwrap_or_default() }
                    { parts.hand }
                </section>
                { match &local {
                    Some(p) => (p.result)(st, seen, parts.result),
                    None => online_result(st, seen, lang, parts.result),
                } }
            </div>
            { cover.unwrap_or_default() }
        </main>
        </ContextProvider<SheetCtx>>
    }
}

#[cfg(test)]
mod tests {
    use super::phase_slug;
    use engine::games::bidel::BidelPhase;
    use engine::games::hokm::HokmPhase;
    use engine::games::pasur::PasurPhase;

    #[test]
    fn phases_are_named_as_the_browser_tests_read_them() {
        let names = [
            phase_slug(&HokmPhase::ChoosingTrump),
            phase_slug(&HokmPhase::Discarding),
            phase_slug(&BidelPhase::Passing),
            phase_slug(&PasurPhase::HandOver),
            phase_slug(&PasurPhase::MatchOver),
        ];
        assert_eq!(
            names.map(|n| n.to_string()),
            [
                "choosing_trump",
                "discarding",
                "passing",
                "hand_over",
                "match_over"
            ]
            .map(String::from)
        );
    }
}
