//! The hand analysis (issue 12): after a Hokm hand at a local table, the result panel's
//! "Analyse this hand" button asks the hard bots' Web Worker (`crates/worker`, loaded only
//! now, so the page never carries the solver and never freezes) to solve the finished hand
//! with every hand open (double-dummy). The panel shows the cards as they were at the start
//! of play, each side's best tricks against best defence and what it took, and the cards
//! that lost tricks against best play, the decisive ones (those that lost the hand) marked.
//!
//! A hand's cards are public once it is over (D-8), and only a local table holds them: an
//! online table has no log, so the result shows no button there. The worker refuses a hand
//! that is not over.
//!
//! # Selectors for tests
//! - `[data-testid=analysis-open]`: the result panel's button.
//! - `[data-testid=analysis]` (`data-state=thinking|done|failed`), `analysis-close`,
//!   `analysis-thinking` (a `<progress>` inside), `analysis-error`, `analysis-retry`;
//!   once done: `analysis-side` rows (`data-side`, `data-best`, `data-taken`,
//!   `data-could-win`), `analysis-hand` rows (`data-seat`, cards `[data-card]`),
//!   `analysis-slip` items (`data-trick`, `data-seat`, `data-decisive`) or
//!   `analysis-no-slips`, and `analysis-time` (`data-ms`: from the request to the answer).

use crate::card_order::sort_hand;
use crate::components::replay::chip;
use crate::context::use_lang;
use crate::i18n::{about, fill, trump_name};
use crate::replay::card_text;
use crate::state::LogEntry;
use crate::web;
use bots::seats::{AnalyseHand, AnalysisAnswer, HandAnalysis};
use engine::games::hokm::{HokmAction, HokmSettings};
use engine::{Seat, Setup};
use std::rc::Rc;
use yew::prelude::*;

/// Draws the analysis button.
type Button = fn(AnalysisProps) -> Html;

/// A table's finished hand, as the analysis asks it of the worker: the table's setup and
/// whole log.
pub type HandLog = (Setup<HokmSettings>, Rc<Vec<LogEntry<HokmAction>>>);

thread_local! {
    /// The analysis button, where the page offers it ([`offer`]).
    static OFFERED: std::cell::Cell<Option<Button>> = const { std::cell::Cell::new(None) };
}

/// Offers the hand analysis on this page: the Hokm page's `main` calls it, so that only
/// that page carries the panel's code (the online page, which never shows it, does not:
/// about 25 KB gzip).
pub fn offer() {
    OFFERED.with(|o| o.set(Some(|props| html! { <AnalysisButton ..props /> })));
}

/// The analysis button where the page offers it ([`offer`]), else nothing.
pub fn offered(props: AnalysisProps) -> Html {
    OFFERED
        .with(|o| o.get())
        .map_or_else(Html::default, |button| button(props))
}

#[derive(Properties, PartialEq, Clone)]
pub struct AnalysisProps {
    pub setup: Setup<HokmSettings>,
    /// The table's whole log; its last hand is analysed.
    pub log: Rc<Vec<LogEntry<HokmAction>>>,
    /// Display names by engine seat.
    pub names: Vec<AttrValue>,
    /// The names of each side.
    pub teams: [AttrValue; 2],
}

/// Where the analysis is.
#[derive(Clone, Debug, PartialEq)]
enum Shown {
    /// Not asked yet (or the panel was closed while it searched).
    Idle,
    /// The worker searches: `done` of `total` plays (`total` 0 before its first report).
    Thinking {
        done: u32,
        total: u32,
    },
    /// The analysis, and the milliseconds from the request to the answer.
    Done(Rc<HandAnalysis>, u32),
    Failed,
}

/// The result panel's button and, once pressed, the analysis panel over the table.
#[function_component(AnalysisButton)]
pub fn analysis_button(props: &AnalysisProps) -> Html {
    let lang = use_lang();
    let a = lang.analysis();
    let open = use_state(|| false);
    let shown = use_state(|| Shown::Idle);
    // The worker while it searches (dropping it stops it); the request's id, so that an
    // answer to an older request is dropped.
    let worker = use_mut_ref(|| None::<web::Worker>);
    let asked = use_mut_ref(|| 0u32);

    let start = {
        let (shown, worker, asked) = (shown.clone(), worker.clone(), asked.clone());
        let (setup, log) = (props.setup.clone(), props.log.clone());
        Callback::from(move |_: ()| {
            let id = {
                let mut n = asked.borrow_mut();
                *n += 1;
                *n
            };
            shown.set(Shown::Thinking { done: 0, total: 0 });
            let since = js_sys::Date::now();
            let set = shown.clone();
            let on_message = Box::new(move |json: String| {
                if json == web::WORKER_FAILED {
                    set.set(Shown::Failed);
                    return;
                }
                let answer = serde_json::from_str::<AnalysisAnswer>(&json);
                let Some(answer) = answer
                    .ok()
                    .filter(|a| a.id == id && a.t == AnalysisAnswer::T)
                else {
                    return;
                };
                if let Some(analysis) = answer.analysis {
                    let ms = (js_sys::Date::now() - since).max(0.0) as u32;
                    set.set(Shown::Done(Rc::new(analysis), ms));
                } else if let Some(error) = answer.error {
                    gloo::console::warn!(error);
                    set.set(Shown::Failed);
                } else {
                    set.set(Shown::Thinking {
                        done: answer.done,
                        total: answer.total,
                    });
                }
            });
            let Some(w) = web::Worker::open("hard-worker_loader.js", on_message) else {
                shown.set(Shown::Failed);
                return;
            };
            let message = AnalyseHand::new(id, "hokm", setup.clone(), log.to_vec());
            match serde_json::to_string(&message) {
                Ok(json) => w.post(json),
                Err(_) => shown.set(Shown::Failed),
            }
            *worker.borrow_mut() = Some(w);
        })
    };
    let on_open = {
        let (open, shown, start) = (open.clone(), shown.clone(), start.clone());
        Callback::from(move |_: MouseEvent| {
            open.set(true);
            if matches!(*shown, Shown::Idle | Shown::Failed) {
                start.emit(());
            }
        })
    };
    let on_close = {
        let (open, shown, worker) = (open.clone(), shown.clone(), worker.clone());
        Callback::from(move |_: MouseEvent| {
            open.set(false);
            // Closed while searching: stop the worker (a new press starts again). Done: the
            // worker is no longer needed (its solver holds 40 MiB).
            worker.borrow_mut().take();
            if matches!(*shown, Shown::Thinking { .. }) {
                shown.set(Shown::Idle);
            }
        })
    };
    // Escape closes the panel.
    {
        let close = on_close.clone();
        use_effect_with(*open, move |&open| {
            let doc = web_sys::window().and_then(|w| w.document());
            let listener = doc.filter(|_| open).map(|doc| {
                gloo::events::EventListener::new(&doc, "keydown", move |e| {
                    use wasm_bindgen::JsCast;
                    let escape = e
                        .dyn_ref::<KeyboardEvent>()
                        .is_some_and(|k| k.key() == "Escape");
                    if escape {
                        if let Ok(click) = web_sys::MouseEvent::new("click") {
                            close.emit(click);
                        }
                    }
                })
            });
            if open {
                web::focus("[data-testid=analysis-close]");
            }
            move || drop(listener)
        });
    }

    let button = html! {
        <button type="button" class="btn btn-secondary analysis-open" data-testid="analysis-open"
            onclick={on_open}>{ a.open }</button>
    };
    if !*open {
        return button;
    }
    let (state, body) = match &*shown {
        Shown::Idle | Shown::Thinking { .. } => {
            let (done, total) = match *shown {
                Shown::Thinking { done, total } => (done, total),
                _ => (0, 0),
            };
            let text = if total == 0 {
                a.thinking.to_string()
            } else {
                fill(
                    a.progress,
                    &[("done", &lang.num(done)), ("total", &lang.num(total))],
                )
            };
            (
                "thinking",
                html! {
                    <div class="an-thinking" data-testid="analysis-thinking" role="status" aria-live="polite">
                        <p>{ text }</p>
                        <progress max={total.max(1).to_string()} value={done.to_string()}></progress>
                    </div>
                },
            )
        }
        Shown::Failed => {
            let retry = start.reform(|_: MouseEvent| ());
            (
                "failed",
                html! {
                    <div class="an-failed">
                        <p class="an-error" data-testid="analysis-error" role="alert">{ a.failed }</p>
                        <button type="button" class="btn btn-secondary" data-testid="analysis-retry"
                            onclick={retry}>{ a.retry }</button>
                    </div>
                },
            )
        }
        Shown::Done(analysis, ms) => ("done", report(lang, props, analysis, *ms)),
    };
    html! {
        <>
        { button }
        <div class="overlay analysis-overlay">
            <section class="panel analysis" data-testid="analysis" data-state={state}
                role="dialog" aria-modal="true" aria-labelledby="analysis-title">
                <header class="rp-head">
                    <h2 id="analysis-title">{ a.title }</h2>
                    <button type="button" class="btn-icon rp-ctl" data-testid="analysis-close"
                        aria-label={a.back} title={a.back} onclick={on_close}>
                        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                            <path d="M6 6 L18 18 M18 6 L6 18" />
                        </svg>
                    </button>
                </header>
                <div class="an-body">{ body }</div>
            </section>
        </div>
        </>
    }
}

/// The finished analysis: the sides' best and taken tricks, the cards at the start of play,
/// the slips.
fn report(lang: crate::i18n::Lang, props: &AnalysisProps, an: &HandAnalysis, ms: u32) -> Html {
    let a = lang.analysis();
    let s = lang.s();
    let name = |seat: Seat| {
        props
            .names
            .get(seat.idx())
            .map(|n| n.to_string())
            .unwrap_or_default()
    };
    let sides = (0..2).map(|side| {
        let best = an.best_tricks[side];
        let win = an.could_win[side];
        html! {
            <tr data-testid="analysis-side" data-side={side.to_string()} data-best={best.to_string()}
                data-taken={an.taken[side].to_string()} data-could-win={win.to_string()}>
                <th scope="row">{ props.teams[side].clone() }</th>
                <td>
                    <span class="an-best">{ fill(a.best_n, &[("n", &lang.num(best))]) }</span>
                    <span class={classes!("an-win", win.then_some("yes"))}>
                        { if win { a.could_win } else { a.could_not_win } }
                    </span>
                </td>
                <td class="an-taken">{ lang.num(an.taken[side]) }</td>
            </tr>
        }
    });
    let hands = an.hands.iter().enumerate().map(|(i, &cards)| {
        let seat = Seat(i as u8);
        html! {
            <div class="an-hand" data-testid="analysis-hand" data-seat={i.to_string()}>
                <span class="an-name">{ name(seat) }</span>
                <span class="an-cards" dir="ltr">
                    { for sort_hand(cards).into_iter().map(|c| chip(lang, c, false)) }
                </span>
            </div>
        }
    });
    let slips = an.slips.iter().map(|slip| {
        let who = name(slip.seat);
        let args = [
            ("trick", lang.num(slip.trick)),
            ("name", who.clone()),
            ("card", card_text(lang, slip.played)),
            ("better", card_text(lang, slip.better)),
            ("before", lang.num(slip.before)),
            ("after", lang.num(slip.after)),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        html! {
            <li class={classes!("an-slip", slip.decisive.then_some("decisive"))} data-testid="analysis-slip"
                data-trick={slip.trick.to_string()} data-seat={slip.seat.0.to_string()}
                data-decisive={slip.decisive.to_string()}>
                <span>{ about(lang, &who, a.slip, a.slip_you, &args) }</span>
                if slip.decisive {
                    <span class="an-decisive">{ a.decisive }</span>
                }
            </li>
        }
    });
    // Integer formatting only: a float's would pull Rust's float printing into the page.
    let tenths = (ms + 50) / 100;
    let seconds = format!("{}.{}", tenths / 10, tenths % 10);
    let seconds = match lang {
        crate::i18n::Lang::Fa => lang.num(seconds).replace('.', "٫"),
        crate::i18n::Lang::En => seconds,
    };
    html! {
        <>
        <p class="help an-intro">{ a.intro }</p>
        <table class="an-sides">
            <thead><tr><th scope="col">{ a.side }</th><th scope="col">{ a.best }</th><th scope="col">{ a.taken }</th></tr></thead>
            <tbody>{ for sides }</tbody>
        </table>
        <h3>{ a.hands }<span class="an-trump">{ format!(" · {}: {}", s.trump, trump_name(lang, an.trump)) }</span></h3>
        <div class="an-hands">{ for hands }</div>
        <h3>{ a.slips }</h3>
        if an.slips.is_empty() {
            <p class="an-none" data-testid="analysis-no-slips">{ a.no_slips }</p>
        } else {
            <ol class="an-slips">{ for slips }</ol>
        }
        <p class="help an-time" data-testid="analysis-time" data-ms={ms.to_string()}>
            { fill(a.time, &[("s", &seconds)]) }
        </p>
        </>
    }
}
