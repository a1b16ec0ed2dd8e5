//! The hand replay viewer: after a hand, the result panel's "Replay this hand" button opens
//! it over the table; it steps through the hand action by action with every seat's cards
//! face up (D-8: a finished hand may be shown), the middle of the table and a caption of
//! each step. Closing it returns to the result.
//!
//! [`replay_host`] wraps a table's result panel: it keeps whether the viewer is open and
//! opens it on a click on the panel's [`replay_button`], so the result panels of every game
//! only place the button.
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

use crate::components::card::{card_svg, suit_color};
use crate::context::use_lang;
use crate::seen::Pos;

use crate::adapters::UiGame;
use crate::cls;
use crate::extra::{Ask, ExtraRequest, Hand, Screen};
use crate::i18n::{card_label, fill, suit_symbol, Lang};
use crate::replay::{card_text, HandReplay, Middle, Words};
use crate::seen::Seen;
use crate::state::TableState;
use crate::web;
use engine::{Card, Seat, Status};
use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// How long each step stays while the replay plays by itself, in milliseconds.
pub const AUTO_STEP_MS: u32 = 1100;

/// The result panels' "Replay this hand" button. A plain button: the [`replay_host`]
/// around the result opens the viewer on a click on it (on an online page, once the relay
/// has sent the hand's record: it sends it only once the hand is over).
pub fn replay_button(lang: Lang) -> Html {
    html! {
        <button type="button" class="btn btn-secondary" data-testid="replay-open">
            { lang.replay().open }
        </button>
    }
}

/// A table's result panel, with the hand replay behind its button: while a hand is over
/// (or the match), a click on the button asks the game's module ([`crate::extra`]) for the
/// viewer, and the result gives way to it until it closes; otherwise `result` as is.
pub fn replay_host<G: UiGame>(st: &TableState<G>, seen: &Seen, result: Html) -> Html {
    // The replay shows every seat's cards: only once the hand is over.
    let over = matches!(st.status, Status::HandOver | Status::MatchOver);
    let Some(hand) = crate::extra::hand(st).filter(|_| over) else {
        return result;
    };
    html! {
        <ReplayHost {hand} names={seen.names.clone()} bottom={seen.bottom} clockwise={seen.clockwise}>
            { result }
        </ReplayHost>
    }
}

#[derive(Properties, PartialEq)]
pub struct ReplayHostProps {
    pub hand: Hand,
    /// Display names by engine seat.
    pub names: Vec<AttrValue>,
    /// The seat drawn at the bottom of the table.
    pub bottom: Seat,
    /// Turn order goes to the left (C-2).
    pub clockwise: bool,
    pub children: Html,
}

/// Asks for the viewer on a click on the result's [`replay_button`], and shows nothing while
/// it is open.
#[function_component(ReplayHost)]
fn replay_host_view(props: &ReplayHostProps) -> Html {
    let lang = use_lang();
    let (open, ask) = crate::extra::use_extra();
    // The request as of the last render, for the click listener.
    let request = use_mut_ref(|| None::<(Hand, Ask)>);
    *request.borrow_mut() = Some((
        props.hand.clone(),
        Ask {
            screen: Screen::Replay,
            lang: lang.code().to_string(),
            names: props.names.iter().map(|n| n.to_string()).collect(),
            sides: Vec::new(),
            bottom: props.bottom.0,
            clockwise: props.clockwise,
        },
    ));
    use_effect_with(open, move |&open| {
        let doc = web_sys::window().and_then(|w| w.document());
        let listener = doc.filter(|_| !open).map(|doc| {
            EventListener::new(&doc, "click", move |e| {
                let on_button = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .and_then(|t| t.closest("[data-testid=replay-open]").ok().flatten())
                    .is_some();
                let json = request
                    .borrow()
                    .as_ref()
                    .and_then(|(hand, ask)| hand.request(ask));
                if let Some(json) = json.filter(|_| on_button) {
                    ask.emit(json);
                }
            })
        });
        move || drop(listener)
    });
    if open {
        Html::default()
    } else {
        props.children.clone()
    }
}

/// The module's screen for a request ([`crate::extra::Draw`]): the viewer of game `G`'s
/// last hand.
pub fn viewer<G: UiGame>(r: &Rc<ExtraRequest<G>>, _lang: Lang, on_close: Callback<()>) -> Html {
    html! { <ReplayView<G> request={r.clone()} {on_close} /> }
}

#[derive(Properties)]
pub struct ReplayViewProps<G: UiGame> {
    pub request: Rc<ExtraRequest<G>>,
    pub on_close: Callback<()>,
}

impl<G: UiGame> PartialEq for ReplayViewProps<G> {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.request, &o.request) && self.on_close == o.on_close
    }
}

/// Where the viewer is: the step shown (0 = as dealt), the last step, and whether it plays
/// by itself.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Cursor {
    k: usize,
    n: usize,
    playing: bool,
}

impl Cursor {
    /// At the deal of a hand of `n` steps, paused: where the viewer opens.
    fn at_deal(n: usize) -> Cursor {
        Cursor {
            k: 0,
            n,
            playing: false,
        }
    }
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
        let at = |k: usize| Cursor {
            k: k.min(c.n),
            playing: false,
            ..c
        };
        let next = match m {
            Move::First => at(0),
            Move::Prev => at(c.k.saturating_sub(1)),
            Move::Next => at(c.k + 1),
            Move::Last => at(c.n),
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
pub(crate) fn chip(lang: Lang, card: Card, apart: bool) -> Html {
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
        <span class={cls!("rp-chip", apart.then_some("apart"))} role="img"
            aria-label={card_label(lang, card)} data-card={card.to_string()}
            style={format!("color:{color}")}>{ text }</span>
    }
}

/// The middle of the table at one step.
fn middle(lang: Lang, m: &Middle, pos: &dyn Fn(Seat) -> Pos) -> Html {
    let card = |c: Card, class: &'static str, winner: bool| {
        html! {
            <span class={cls!("rp-card", class, winner.then_some("winner"))} role="img"
                aria-label={card_label(lang, c)} data-card={c.to_string()}>
                { card_svg(Some(c)) }
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
            <div class="rp-middle rp-trick" data-testid="replay-middle" data-kind="trick" dir="ltr">
                { for cards.iter().map(|&(seat, c)| {
                    let at = format!("at-{}", pos(seat).name());
                    html! {
                        <span class={cls!("rp-trick-card", at)} data-seat={seat.0.to_string()}>
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

/// The viewer over the table, open at the deal: the keys work anywhere on the page (Escape
/// closes it), and the focus is on "next" so Enter steps on at once.
#[function_component(ReplayView)]
fn replay_view<G: UiGame>(props: &ReplayViewProps<G>) -> Html {
    let lang = use_lang();
    let req = &props.request;
    // Rebuilt at each step shown: replaying a hand takes well under a millisecond.
    let replay = match (&req.record, &req.setup) {
        (Some(record), _) => HandReplay::<G>::of_record(record),
        (None, Some(setup)) => HandReplay::<G>::last_hand(setup, &req.log),
        (None, None) => None,
    };
    let steps = replay.as_ref().map_or(0, HandReplay::len);
    let cursor = use_reducer(|| Cursor::at_deal(steps));
    {
        let (d, close) = (cursor.dispatcher(), props.on_close.clone());
        use_effect_with(lang, move |&lang| {
            web::focus("[data-testid=replay-next]");
            let doc = web_sys::window().and_then(|w| w.document());
            let listener = doc.map(|doc| {
                let options = EventListenerOptions::enable_prevent_default();
                EventListener::new_with_options(&doc, "keydown", options, move |e| {
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
    // Playing by itself: one step after another until the end.
    {
        let d = cursor.dispatcher();
        use_effect_with((cursor.playing, cursor.k), move |&(playing, _)| {
            let timer = playing.then(|| Timeout::new(AUTO_STEP_MS, move || d.dispatch(Move::Tick)));
            move || drop(timer)
        });
    }

    let Some(replay) = replay else {
        return Html::default();
    };
    let r = lang.replay();
    let n = replay.len();
    let k = cursor.k.min(n);
    let names = &req.ask.names;
    let words = Words { lang, names };
    let state = replay.state(k);
    let players = state.players();
    let (bottom, clockwise) = (req.ask.bottom(), req.ask.clockwise);
    let pos = move |seat: Seat| Pos::of(seat, bottom, players, clockwise);
    let acted = replay.actor(k);
    let end = k == n;
    let notes = state.notes(&words);
    let seats = (0..players).map(Seat).map(|seat| {
        let cards = state.cards_of(seat);
        let p = pos(seat).name();
        html! {
            <div class={cls!("rp-seat", format!("at-{p}"), (acted == Some(seat)).then_some("acted"))}
                data-testid={format!("replay-seat-{p}")} data-seat={seat.0.to_string()}
                data-count={cards.len().to_string()}>
                <div class="rp-name">
                    <span>{ words.name(seat).to_string() }</span>
                    <span class="rp-count">{ lang.num(cards.len()) }</span>
                </div>
                <div class="rp-hand" dir="ltr">
                    { for cards.iter().map(|&(c, apart)| chip(lang, c, apart)) }
                </div>
            </div>
        }
    });
    let playing = cursor.playing;
    let ctl = |m: Move, label: &'static str, testid: &'static str, disabled: bool| {
        let d = cursor.dispatcher();
        html! {
            <button type="button" class={cls!("btn-icon", "rp-ctl", (m == Move::Toggle).then_some("rp-play"))}
                data-testid={testid} aria-label={label} title={label} {disabled}
                aria-pressed={(m == Move::Toggle).then(|| playing.to_string())}
                onclick={Callback::from(move |_: MouseEvent| d.dispatch(m))}>{ icon(m, playing) }</button>
        }
    };
    html! {
        <div class="overlay replay-overlay">
            <section class="panel replay" data-testid="replay"
                role="dialog" aria-modal="true" aria-labelledby="replay-title"
                data-step={k.to_string()} data-steps={n.to_string()} data-end={end.to_string()}>
                <header class="rp-head">
                    <h2 id="replay-title">{ r.title }</h2>
                    <button type="button" class="btn-icon rp-ctl" data-testid="replay-close"
                        aria-label={r.back} title={r.back} onclick={props.on_close.reform(|_: MouseEvent| ())}>
                        { icon!(r#"<path d="M6 6 L18 18 M18 6 L6 18" />"#) }
                    </button>
                </header>
                <div class="rp-board" dir="ltr">
                    { for seats }
                    <div class="rp-center" dir={lang.dir()}>
                        { middle(lang, &state.middle(), &pos) }
                        if !notes.is_empty() {
                            <p class="rp-notes">{ notes.join(" · ") }</p>
                        }
                    </div>
                </div>
                <p class="rp-caption" data-testid="replay-caption" aria-live="polite">
                    { replay.caption(&words, k) }
                </p>
                if end {
                    <p class="rp-end" data-testid="replay-end">{ r.end }</p>
                }
                <div class="rp-controls">
                    { ctl(Move::First, r.first, "replay-first", k == 0) }
                    { ctl(Move::Prev, r.prev, "replay-prev", k == 0) }
                    { ctl(Move::Toggle, if playing { r.pause } else { r.play }, "replay-play", false) }
                    { ctl(Move::Next, r.next, "replay-next", end) }
                    { ctl(Move::Last, r.last, "replay-last", end) }
                    <span class="rp-counter" data-testid="replay-counter"
                        aria-label={fill(r.step_of, &[("k", &lang.num(k)), ("n", &lang.num(n))])}>
                        { format!("{} / {}", lang.num(k), lang.num(n)) }
                    </span>
                </div>
            </section>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(n: usize, moves: &[Move]) -> Cursor {
        let mut c = Rc::new(Cursor::at_deal(n));
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
        assert_eq!(run(5, &[]), Cursor::at_deal(5), "opens at the deal, paused");
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
