//! The hand replay viewer: after a hand, the result panel's "Replay this hand" button opens
//! it over the table; it steps through the hand action by action with every seat's cards
//! face up (D-8: a finished hand may be shown), the middle of the table and a caption of
//! each step. Closing it returns to the result.
//!
//! [`replay_host`] wraps a table's result panel: it keeps whether the viewer is open and
//! hands the panel's [`ReplayButton`] the way to open it (a context), so the result panels
//! of every game only place the button.
//!
//! # Selectors for tests
//! - `[data-testid=replay-open]`: the result panel's button.
//! - `[data-testid=replay]` (`data-step`, `data-steps`, `data-end=true` at the last step),
//!   `replay-caption`, `replay-end` (the last step), `replay-counter`, `replay-first`,
//!   `replay-prev`, `replay-play` (`aria-pressed`), `replay-next`, `replay-last`,
//!   `replay-close`; a seat `replay-seat-<pos>` (`data-seat`, `data-count`, class `acted`
//!   on the seat that acted), its cards `[data-card]`; the middle `replay-middle`
//!   (`data-kind=trick|table|pile|empty`, its cards `[data-card]`).
//! - Keys: arrows step (in Persian the left arrow goes forward), Home / End, Escape closes.

use crate::app::use_lang;
use crate::components::card::{suit_color, CardSvg};
use crate::components::seat::Pos;
use crate::games::UiGame;
use crate::i18n::{card_label, fill, suit_symbol, Lang};
use crate::pages::table::Seen;
use crate::replay::{card_text, HandReplay, Middle, Words};
use crate::state::{setup_of, LogEntry, TableState};
use engine::{Card, Seat, Setup, Status};
use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// How long each step stays while the replay plays by itself, in milliseconds.
pub const AUTO_STEP_MS: u32 = 1100;

/// Opens the replay of the hand just over (the context the result panels' button reads).
#[derive(Clone, PartialEq)]
pub struct ReplayOpen(pub Callback<()>);

/// The result panel's "Replay this hand" button; nothing outside a [`replay_host`].
#[function_component(ReplayButton)]
pub fn replay_button() -> Html {
    let lang = use_lang();
    let Some(open) = use_context::<ReplayOpen>() else {
        return Html::default();
    };
    let onclick = open.0.reform(|_: MouseEvent| ());
    html! {
        <button type="button" class="btn btn-secondary" data-testid="replay-open" {onclick}>
            { lang.replay().open }
        </button>
    }
}

/// A table's result panel, with the hand replay behind its button: while a hand is over
/// (or the match), the panel and the viewer share this place; otherwise `result` as is.
pub fn replay_host<G: UiGame>(st: &TableState<G>, seen: &Seen, result: Html) -> Html {
    if !matches!(st.game.status(), Status::HandOver | Status::MatchOver) {
        return result;
    }
    html! {
        <ReplayHost<G> setup={setup_of::<G>(&st.config)} log={Rc::new(st.log.clone())}
            names={seen.names.clone()} bottom={seen.bottom} clockwise={seen.clockwise}>
            { result }
        </ReplayHost<G>>
    }
}

#[derive(Properties)]
pub struct ReplayHostProps<G: UiGame> {
    pub setup: Setup<G::Settings>,
    pub log: Rc<Vec<LogEntry<G::Action>>>,
    /// Display names by engine seat.
    pub names: Vec<AttrValue>,
    /// The seat drawn at the bottom of the table.
    pub bottom: Seat,
    /// Turn order goes to the left (C-2).
    pub clockwise: bool,
    pub children: Html,
}

impl<G: UiGame> PartialEq for ReplayHostProps<G> {
    fn eq(&self, o: &Self) -> bool {
        self.setup == o.setup
            && self.log.len() == o.log.len()
            && self.log == o.log
            && self.names == o.names
            && self.bottom == o.bottom
            && self.clockwise == o.clockwise
            && self.children == o.children
    }
}

/// Keeps whether the viewer is open; shows it instead of the result while it is.
#[function_component(ReplayHost)]
pub fn replay_host_view<G: UiGame>(props: &ReplayHostProps<G>) -> Html {
    let open = use_state(|| false);
    let replay = {
        let (setup, log) = (props.setup.clone(), props.log.clone());
        use_memo((*open, props.log.len()), move |&(open, _)| {
            open.then(|| HandReplay::<G>::last_hand(&setup, &log).map(Rc::new))
                .flatten()
        })
    };
    let on_open = {
        let open = open.clone();
        Callback::from(move |()| open.set(true))
    };
    match (*replay).clone() {
        Some(replay) if *open => {
            let on_close = Callback::from(move |()| open.set(false));
            html! {
                <ReplayViewer<G> {replay} names={props.names.clone()} bottom={props.bottom}
                    clockwise={props.clockwise} {on_close} />
            }
        }
        _ => html! {
            <ContextProvider<ReplayOpen> context={ReplayOpen(on_open)}>
                { props.children.clone() }
            </ContextProvider<ReplayOpen>>
        },
    }
}

#[derive(Properties)]
pub struct ReplayViewerProps<G: UiGame> {
    pub replay: Rc<HandReplay<G>>,
    pub names: Vec<AttrValue>,
    pub bottom: Seat,
    pub clockwise: bool,
    pub on_close: Callback<()>,
}

impl<G: UiGame> PartialEq for ReplayViewerProps<G> {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.replay, &o.replay)
            && self.names == o.names
            && self.bottom == o.bottom
            && self.clockwise == o.clockwise
            && self.on_close == o.on_close
    }
}

/// Where the viewer is: the step shown (0 = as dealt), the last step, and whether it
/// plays by itself.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Cursor {
    k: usize,
    n: usize,
    playing: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Move {
    First,
    Prev,
    Next,
    Last,
    Toggle,
    /// A step of the automatic play (stops at the end).
    Tick,
}

impl Reducible for Cursor {
    type Action = Move;

    fn reduce(self: Rc<Self>, m: Move) -> Rc<Self> {
        let c = *self;
        let next = match m {
            Move::First => Cursor {
                k: 0,
                playing: false,
                ..c
            },
            Move::Prev => Cursor {
                k: c.k.saturating_sub(1),
                playing: false,
                ..c
            },
            Move::Next => Cursor {
                k: (c.k + 1).min(c.n),
                playing: false,
                ..c
            },
            Move::Last => Cursor {
                k: c.n,
                playing: false,
                ..c
            },
            // Playing from the end starts again from the deal.
            Move::Toggle if !c.playing && c.k >= c.n => Cursor {
                k: 0,
                playing: true,
                ..c
            },
            Move::Toggle => Cursor {
                playing: !c.playing,
                ..c
            },
            Move::Tick if c.playing => Cursor {
                k: (c.k + 1).min(c.n),
                playing: c.k + 1 < c.n,
                ..c
            },
            Move::Tick => c,
        };
        if next == c {
            self
        } else {
            Rc::new(next)
        }
    }
}

/// The move a key makes; in a right-to-left page the left arrow goes forward.
fn key_move(key: &str, rtl: bool) -> Option<Move> {
    match (key, rtl) {
        ("ArrowRight", false) | ("ArrowLeft", true) => Some(Move::Next),
        ("ArrowLeft", false) | ("ArrowRight", true) => Some(Move::Prev),
        ("Home", _) => Some(Move::First),
        ("End", _) => Some(Move::Last),
        _ => None,
    }
}

/// A control's icon, drawn for left to right (mirrored in Persian by the style sheet).
fn icon(m: Move, playing: bool) -> Html {
    let d = match m {
        Move::First => "M6 5 V19 M19 5 L9 12 L19 19 Z",
        Move::Prev => "M17 5 L7 12 L17 19 Z",
        Move::Next => "M7 5 L17 12 L7 19 Z",
        Move::Last => "M18 5 V19 M5 5 L15 12 L5 19 Z",
        _ if playing => "M7 5 V19 M17 5 V19",
        _ => "M7 4 L19 12 L7 20 Z",
    };
    html! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path {d} /></svg>
    }
}

/// A card of a seat's hand in the viewer: a small face with its rank and suit, readable
/// even when a hand holds dozens of cards.
fn chip(lang: Lang, card: Card, apart: bool) -> Html {
    let (text, color) = if card.is_joker() {
        (
            "★".to_string(),
            if card == Card::RED_JOKER {
                "#c62828"
            } else {
                "#1c1c1c"
            },
        )
    } else {
        (card_text(Lang::En, card), suit_color(card.suit()))
    };
    html! {
        <span class={classes!("rp-chip", apart.then_some("apart"))} role="img"
            aria-label={card_label(lang, card)} data-card={card.to_string()}
            style={format!("color:{color}")}>{ text }</span>
    }
}

/// The middle of the table at one step.
fn middle(lang: Lang, m: &Middle, pos: &dyn Fn(Seat) -> Pos, names: &[String]) -> Html {
    let card = |c: Card, class: &'static str, winner: bool| {
        html! {
            <span class={classes!("rp-card", class, winner.then_some("winner"))} role="img"
                aria-label={card_label(lang, c)} data-card={c.to_string()}>
                <CardSvg card={Some(c)} />
            </span>
        }
    };
    let stock = |n: u8| {
        html! {
            <span class="rp-stock">{ fill(lang.replay().stock, &[("n", &lang.num(n))]) }</span>
        }
    };
    match m {
        Middle::Empty => html! {
            <div class="rp-middle" data-testid="replay-middle" data-kind="empty">
                <span class="rp-empty">{ lang.replay().nothing }</span>
            </div>
        },
        Middle::Trick { cards, winner } => html! {
            <div class="rp-middle rp-trick" data-testid="replay-middle" data-kind="trick">
                { for cards.iter().map(|&(seat, c)| {
                    let at = format!("at-{}", pos(seat).name());
                    let name = names.get(seat.idx()).cloned().unwrap_or_default();
                    html! {
                        <span class={classes!("rp-trick-card", at)} data-seat={seat.0.to_string()} title={name}>
                            { card(c, "", *winner == Some(seat)) }
                        </span>
                    }
                }) }
            </div>
        },
        Middle::Table { cards, stock: n } => html! {
            <div class="rp-middle rp-table" data-testid="replay-middle" data-kind="table"
                data-count={cards.len().to_string()}>
                <div class="rp-table-cards" dir="ltr">
                    { for cards.iter().map(|&c| card(c, "", false)) }
                    if cards.is_empty() {
                        <span class="rp-empty">{ lang.replay().nothing }</span>
                    }
                </div>
                { stock(*n) }
            </div>
        },
        Middle::Pile {
            top,
            suit,
            stock: n,
        } => html! {
            <div class="rp-middle rp-pile" data-testid="replay-middle" data-kind="pile"
                data-suit={suit.map(|s| suit_symbol(s).to_string())}>
                if let Some(c) = top { { card(*c, "top", false) } }
                { stock(*n) }
            </div>
        },
    }
}

/// The replay of a finished hand over the table.
#[function_component(ReplayViewer)]
pub fn replay_viewer<G: UiGame>(props: &ReplayViewerProps<G>) -> Html {
    let lang = use_lang();
    let r = lang.replay();
    let replay = &props.replay;
    let n = replay.len();
    let cursor = use_reducer(move || Cursor {
        k: 0,
        n,
        playing: false,
    });
    let next_ref = use_node_ref();

    // The keys, anywhere on the page while the viewer is open; Escape closes it.
    {
        let d = cursor.dispatcher();
        let close = props.on_close.clone();
        use_effect_with(lang, move |&lang| {
            let listener = web_sys::window().and_then(|w| w.document()).map(|doc| {
                EventListener::new(&doc, "keydown", move |e| {
                    let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                        return;
                    };
                    if e.key() == "Escape" {
                        e.prevent_default();
                        close.emit(());
                    } else if let Some(m) = key_move(&e.key(), lang == Lang::Fa) {
                        e.prevent_default();
                        d.dispatch(m);
                    }
                })
            });
            move || drop(listener)
        });
    }
    // The focus starts on "next", so Enter steps on at once.
    {
        let next_ref = next_ref.clone();
        use_effect_with((), move |_| {
            if let Some(b) = next_ref.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        });
    }
    // Playing by itself: one step after another until the end.
    {
        let d = cursor.dispatcher();
        use_effect_with((cursor.playing, cursor.k), move |&(playing, _)| {
            let timer = playing.then(|| Timeout::new(AUTO_STEP_MS, move || d.dispatch(Move::Tick)));
            move || drop(timer)
        });
    }

    let k = cursor.k;
    let names: Vec<String> = props.names.iter().map(|s| s.to_string()).collect();
    let words = Words {
        lang,
        names: &names,
    };
    let state = replay.state(k);
    let players = state.players();
    let (bottom, clockwise) = (props.bottom, props.clockwise);
    let pos = move |seat: Seat| Pos::of(seat, bottom, players, clockwise);
    let acted = replay.actor(k);
    let end = k == n;
    let caption = replay.caption(&words, k);
    let notes = state.notes(&words);
    let go = |m: Move| {
        let d = cursor.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(m))
    };
    let close = props.on_close.reform(|_: MouseEvent| ());
    let seats = (0..players).map(Seat).map(|seat| {
        let cards = state.cards_of(seat);
        let p = pos(seat);
        html! {
            <div class={classes!("rp-seat", format!("at-{}", p.name()), (acted == Some(seat)).then_some("acted"))}
                data-testid={format!("replay-seat-{}", p.name())} data-seat={seat.0.to_string()}
                data-count={cards.len().to_string()}>
                <div class="rp-name">
                    <span>{ words.name(seat).to_string() }</span>
                    <span class="rp-count">{ lang.num(cards.len()) }</span>
                </div>
                <div class={classes!("rp-hand", (cards.len() > 20).then_some("many"))} dir="ltr">
                    { for cards.iter().map(|&(c, apart)| chip(lang, c, apart)) }
                </div>
            </div>
        }
    });
    let counter = format!("{} / {}", lang.num(k), lang.num(n));
    let spoken = fill(r.step_of, &[("k", &lang.num(k)), ("n", &lang.num(n))]);
    let ctl = |m: Move, label: &'static str, testid: &'static str, disabled: bool| {
        html! {
            <button type="button" class="btn-icon rp-ctl" data-testid={testid} aria-label={label}
                title={label} {disabled} onclick={go(m)}>{ icon(m, false) }</button>
        }
    };
    let playing = cursor.playing;
    html! {
        <div class="overlay replay-overlay">
            <section class={classes!("panel", "replay", format!("seats-{players}"))} data-testid="replay"
                role="dialog" aria-modal="true" aria-labelledby="replay-title"
                data-step={k.to_string()} data-steps={n.to_string()} data-end={end.to_string()}>
                <header class="rp-head">
                    <h2 id="replay-title">{ r.title }</h2>
                    <button type="button" class="btn btn-small btn-secondary" data-testid="replay-close"
                        onclick={close}>{ r.back }</button>
                </header>
                <div class="rp-board" dir="ltr">
                    { for seats }
                    <div class="rp-center" dir={lang.dir()}>
                        { middle(lang, &state.middle(), &pos, &names) }
                        if !notes.is_empty() {
                            <p class="rp-notes">{ notes.join(" · ") }</p>
                        }
                    </div>
                </div>
                <div class="rp-foot">
                    <p class="rp-caption" data-testid="replay-caption" aria-live="polite">{ caption }</p>
                    if end {
                        <p class="rp-end" data-testid="replay-end">{ r.end }</p>
                    }
                    <div class="rp-controls">
                        { ctl(Move::First, r.first, "replay-first", k == 0) }
                        { ctl(Move::Prev, r.prev, "replay-prev", k == 0) }
                        <button type="button" class="btn-icon rp-ctl rp-play" data-testid="replay-play"
                            aria-label={if playing { r.pause } else { r.play }}
                            title={if playing { r.pause } else { r.play }}
                            aria-pressed={playing.to_string()} onclick={go(Move::Toggle)}>
                            { icon(Move::Toggle, playing) }
                        </button>
                        <button type="button" class="btn-icon rp-ctl" data-testid="replay-next" aria-label={r.next}
                            title={r.next} disabled={end} onclick={go(Move::Next)} ref={next_ref}>
                            { icon(Move::Next, false) }
                        </button>
                        { ctl(Move::Last, r.last, "replay-last", end) }
                        <span class="rp-counter" data-testid="replay-counter" aria-label={spoken}>{ counter }</span>
                    </div>
                </div>
            </section>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(n: usize, moves: &[Move]) -> Cursor {
        let mut c = Rc::new(Cursor {
            k: 0,
            n,
            playing: false,
        });
        for &m in moves {
            c = c.reduce(m);
        }
        *c
    }

    #[test]
    fn the_cursor_stays_within_the_hand() {
        assert_eq!(run(3, &[Move::Prev]).k, 0);
        assert_eq!(
            run(3, &[Move::Next, Move::Next, Move::Next, Move::Next]).k,
            3
        );
        assert_eq!(run(3, &[Move::Last, Move::Prev]).k, 2);
        assert_eq!(run(3, &[Move::Last, Move::First]).k, 0);
        let c = run(3, &[Move::Toggle, Move::Tick, Move::Tick]);
        assert_eq!((c.k, c.playing), (2, true));
        let c = run(
            3,
            &[Move::Toggle, Move::Tick, Move::Tick, Move::Tick, Move::Tick],
        );
        assert_eq!((c.k, c.playing), (3, false), "the play stops at the end");
        let c = run(3, &[Move::Last, Move::Toggle]);
        assert_eq!(
            (c.k, c.playing),
            (0, true),
            "playing from the end starts again"
        );
        let c = run(3, &[Move::Toggle, Move::Next]);
        assert!(!c.playing, "a step by hand pauses");
        assert_eq!(run(3, &[Move::Tick]).k, 0, "no tick while paused");
    }

    #[test]
    fn arrows_follow_the_writing_direction() {
        assert_eq!(key_move("ArrowRight", false), Some(Move::Next));
        assert_eq!(key_move("ArrowLeft", true), Some(Move::Next));
        assert_eq!(key_move("ArrowRight", true), Some(Move::Prev));
        assert_eq!(key_move("End", true), Some(Move::Last));
        assert_eq!(key_move("a", false), None);
    }
}
