//! The hand analysis (issue 12): after a Hokm, Shelem or Bidel hand at a local table, the
//! result panel's "Analyse this hand" button asks the hard bots' Web Worker
//! (`crates/worker`, loaded only now, so the page never carries the solver and never
//! freezes) to solve the finished hand with every hand open (double-dummy). The panel shows
//! the cards as they were at the start of play, each side's best against best defence and
//! what it took, and the cards that lost value against best play, the decisive ones marked
//! (Hokm: those that lost the hand; Shelem: those that turned the contract). Hokm counts
//! tricks ([`HandAnalysis`]); Shelem and Bidel count card points ([`PointsAnalysis`]; in
//! Bidel each player is a side, and fewer points is better).
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
//!   `data-could-win` for Hokm), `analysis-contract` (Shelem: `data-bid`,
//!   `data-could-make`, `data-made`), `analysis-from` (`data-trick`: the first trick
//!   analysed, where the search did not reach back to the first), `analysis-hand` rows (`data-seat`, cards `[data-card]`),
//!   `analysis-slip` items (`data-trick`, `data-seat`, `data-decisive`) or
//!   `analysis-no-slips`, and `analysis-time` (`data-ms`: from the request to the answer).

use crate::adapters::UiGame;
use crate::card_order::sort_hand;
use crate::cls;
use crate::components::replay::chip;
use crate::context::use_lang;
use crate::extra::ExtraRequest;
use crate::i18n::{about, fill, trump_name, Lang};
use crate::replay::card_text;
use crate::state::TableState;
use crate::web;
use bots::seats::{AnalyseHand, Analysed, AnalysisAnswer, HandAnalysis, PointsAnalysis};
use engine::games::hokm::Trump;
use engine::{CardSet, Seat};
use serde::de::DeserializeOwned;
use std::rc::Rc;
use yew::prelude::*;

/// A table's finished hand, as the page asks for its analysis ([`crate::extra`]): the hand
/// analysis is drawn by the game's second module, loaded when the button is pressed.
pub type Request = crate::extra::Hand;

/// The [`Request`] for the last hand of a local table (`None` without a log). Reached through
/// the local plug ([`crate::local::analysis`]), so an online page links none of it.
pub fn table_request<G: UiGame>(st: &TableState<G>) -> Option<Request> {
    crate::extra::hand(st)
}

/// The worker's message for a request id (the game's [`AnalyseHand`] as JSON), built only
/// when asked: what the module's panel asks the worker.
#[derive(Clone)]
pub struct WorkerAsk(Rc<dyn Fn(u32) -> Option<String>>);

impl PartialEq for WorkerAsk {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// An analysis the page can show: read from the worker's answer and drawn as the panel's
/// body.
pub trait Report: Analysed + DeserializeOwned + 'static {
    /// The panel's body; `more`: the worker is still searching further back in the hand
    /// (this analysis covers its later tricks).
    fn report(&self, lang: Lang, props: &PanelProps, ms: u32, more: bool) -> Html;
}

impl Report for HandAnalysis {
    fn report(&self, lang: Lang, props: &PanelProps, ms: u32, _more: bool) -> Html {
        tricks_report(lang, props, self, ms)
    }
}

/// A Shelem hand's analysis as the Shelem page reads it (its own type, so that the page
/// carries Shelem's report and strings only).
#[derive(serde::Deserialize)]
#[serde(transparent)]
pub struct ShelemAnalysis(pub PointsAnalysis);

/// A Bidel hand's analysis as the Bidel page reads it.
#[derive(serde::Deserialize)]
#[serde(transparent)]
pub struct BidelAnalysis(pub PointsAnalysis);

impl Analysed for ShelemAnalysis {
    fn plays(&self) -> u32 {
        self.0.plays()
    }
}

impl Analysed for BidelAnalysis {
    fn plays(&self) -> u32 {
        self.0.plays()
    }
}

impl Report for ShelemAnalysis {
    fn report(&self, lang: Lang, props: &PanelProps, ms: u32, more: bool) -> Html {
        let sh = lang.analysis_shelem();
        let kind = PointsKind {
            intro: sh.intro,
            side: lang.analysis().side,
            best_n: sh.best_n,
            slip: (sh.slip, sh.slip_you, Some(sh.slip_partner)),
            shelem: Some(sh),
        };
        points_report(lang, props, &self.0, (ms, more), kind)
    }
}

impl Report for BidelAnalysis {
    fn report(&self, lang: Lang, props: &PanelProps, ms: u32, more: bool) -> Html {
        let b = lang.analysis_bidel();
        let kind = PointsKind {
            intro: b.intro,
            side: b.player,
            best_n: b.at_most_n,
            slip: (b.slip, b.slip_you, None),
            shelem: None,
        };
        points_report(lang, props, &self.0, (ms, more), kind)
    }
}

/// What a Shelem report says that a Bidel one says otherwise.
struct PointsKind {
    intro: &'static str,
    /// The sides' column head (Bidel: players).
    side: &'static str,
    /// A side's best: `{n}` points (Bidel: at most).
    best_n: &'static str,
    /// A slip, the player's own, and their partner's (none where each player is a side).
    slip: (&'static str, &'static str, Option<&'static str>),
    /// Shelem's contract strings; `None` for Bidel, whose sides are the seats.
    shelem: Option<&'static crate::i18n::analysis::ShelemStrings>,
}

/// Draws the analysis button.
type Button = fn(AnalysisProps) -> Html;

/// The last analysis done: its request, the analysis and the milliseconds it took.
type Kept = (String, Rc<dyn std::any::Any>, u32);

thread_local! {
    /// The analysis button, where the page offers it ([`offer`]).
    static OFFERED: std::cell::Cell<Option<Button>> = const { std::cell::Cell::new(None) };
}

/// Offers the hand analysis on this page: the Hokm, Shelem and Bidel pages call it
/// (`crate::start_game_analysed`), so that the other pages, and the online ones, which never
/// show it, carry none of the button's code.
pub fn offer() {
    OFFERED.with(|o| o.set(Some(button)));
}

/// The result panel's "Analyse this hand" button where the page offers it ([`offer`]), else
/// nothing.
pub fn offered(props: AnalysisProps) -> Html {
    OFFERED
        .with(std::cell::Cell::get)
        .map_or_else(Html::default, |button| button(props))
}

fn button(props: AnalysisProps) -> Html {
    html! { <AnalysisOpen ..props /> }
}

/// The module's screen for a request ([`crate::extra::Draw`]): the analysis panel of game
/// `G`'s last hand, read as `A`.
pub fn panel<G: UiGame, A: Report>(
    r: &Rc<ExtraRequest<G>>,
    _lang: Lang,
    on_close: Callback<()>,
) -> Html {
    let Some(setup) = r.setup.clone() else {
        return Html::default();
    };
    let log = r.log.clone();
    let ask = WorkerAsk(Rc::new(move |id| {
        let mut ask = AnalyseHand::new(id, G::ID.slug(), setup.clone(), log.clone());
        ask.budget = crate::prefs::analysis_budget();
        serde_json::to_string(&ask).ok()
    }));
    let names = r
        .ask
        .names
        .iter()
        .map(|n| AttrValue::from(n.clone()))
        .collect::<Vec<_>>();
    let sides = r
        .ask
        .sides
        .iter()
        .map(|n| AttrValue::from(n.clone()))
        .collect::<Vec<_>>();
    html! { <AnalysisPanel<A> {ask} {names} {sides} {on_close} /> }
}

/// The button: asks the game's module for the panel (loading it the first time).
#[function_component(AnalysisOpen)]
fn analysis_open(props: &AnalysisProps) -> Html {
    let lang = use_lang();
    let (_, open) = crate::extra::use_extra();
    let onclick = {
        let props = props.clone();
        Callback::from(move |_: MouseEvent| {
            let ask = crate::extra::Ask {
                screen: crate::extra::Screen::Analysis,
                lang: lang.code().to_string(),
                names: props.names.iter().map(|n| n.to_string()).collect(),
                sides: props.sides.iter().map(|n| n.to_string()).collect(),
                bottom: 0,
                clockwise: false,
            };
            if let Some(json) = props.request.request(&ask) {
                open.emit(json);
            }
        })
    };
    html! {
        <button type="button" class="btn btn-secondary analysis-open" data-testid="analysis-open"
            {onclick}>{ lang.analysis().open }</button>
    }
}

#[derive(Properties, PartialEq, Clone)]
pub struct AnalysisProps {
    /// The table's last hand.
    pub request: Request,
    /// Display names by engine seat.
    pub names: Vec<AttrValue>,
    /// The names of each side (Bidel: of each seat).
    pub sides: Vec<AttrValue>,
}

/// Where the analysis is.
enum Shown<A> {
    /// Not asked yet (or the panel was closed while it searched).
    Idle,
    /// The worker searches: `done` of `total` plays (`total` 0 before its first report).
    Thinking {
        done: u32,
        total: u32,
    },
    /// The analysis of the hand's later tricks while the worker searches further back
    /// (`done` of `total` plays covered so far), and the milliseconds it took.
    Partial {
        analysis: Rc<A>,
        ms: u32,
        done: u32,
        total: u32,
    },
    /// The analysis, and the milliseconds from the request to the answer.
    Done(Rc<A>, u32),
    Failed,
}

/// The module's panel's props: the worker's message, names and sides, and what closes it.
#[derive(Properties, PartialEq, Clone)]
pub struct PanelProps {
    pub ask: WorkerAsk,
    /// Display names by engine seat.
    pub names: Vec<AttrValue>,
    /// The names of each side (Bidel: of each seat).
    pub sides: Vec<AttrValue>,
    pub on_close: Callback<()>,
}

thread_local! {
    /// The last analysis done, by its request (the worker's message for id 0) and with its
    /// time: opened again, the panel shows it at once instead of searching again.
    static KEPT: std::cell::RefCell<Option<Kept>> = const { std::cell::RefCell::new(None) };
}

/// The analysis panel over the table: it asks the hard bots' worker at once (unless this
/// hand's analysis is kept) and shows its progress, then the analysis.
#[function_component(AnalysisPanel)]
fn analysis_panel<A: Report>(props: &PanelProps) -> Html {
    let lang = use_lang();
    let a = lang.analysis();
    let key = use_memo(props.ask.clone(), |ask| (ask.0)(0).unwrap_or_default());
    let shown = {
        let key = key.clone();
        use_state(move || {
            KEPT.with(|k| {
                k.borrow()
                    .as_ref()
                    .filter(|(kept, _, _)| *kept == *key)
                    .and_then(|(_, an, ms)| an.clone().downcast::<A>().ok().map(|an| (an, *ms)))
            })
            .map_or(Shown::<A>::Idle, |(an, ms)| Shown::Done(an, ms))
        })
    };
    // The worker while it searches (dropping it stops it); the request's id, so that an
    // answer to an older request is dropped.
    let worker = use_mut_ref(|| None::<web::Worker>);
    let asked = use_mut_ref(|| 0u32);

    let start = {
        let (shown, worker, asked) = (shown.clone(), worker.clone(), asked.clone());
        let ask = props.ask.clone();
        Callback::from(move |_: ()| {
            let id = {
                let mut n = asked.borrow_mut();
                *n += 1;
                *n
            };
            shown.set(Shown::Thinking { done: 0, total: 0 });
            let since = js_sys::Date::now();
            let set = shown.clone();
            let key = key.clone();
            let on_message = Box::new(move |json: String| {
                if json == web::WORKER_FAILED {
                    set.set(Shown::Failed);
                    return;
                }
                let answer = serde_json::from_str::<AnalysisAnswer<A>>(&json);
                let Some(answer) = answer
                    .ok()
                    .filter(|a| a.id == id && a.t == AnalysisAnswer::<A>::T)
                else {
                    return;
                };
                let ms = (js_sys::Date::now() - since).max(0.0) as u32;
                let (done, total) = (answer.done, answer.total);
                if let Some(analysis) = answer.analysis {
                    let analysis = Rc::new(analysis);
                    set.set(match answer.more {
                        true => Shown::Partial {
                            analysis,
                            ms,
                            done,
                            total,
                        },
                        false => {
                            let kept: Rc<dyn std::any::Any> = analysis.clone();
                            KEPT.with(|k| *k.borrow_mut() = Some(((*key).clone(), kept, ms)));
                            Shown::Done(analysis, ms)
                        }
                    });
                } else if let Some(error) = answer.error {
                    gloo::console::warn!(error);
                    set.set(Shown::Failed);
                } else {
                    set.set(Shown::Thinking { done, total });
                }
            });
            let Some(w) = web::Worker::open("hard-worker_loader.js", on_message) else {
                shown.set(Shown::Failed);
                return;
            };
            match (ask.0)(id) {
                Some(json) => w.post(json),
                None => shown.set(Shown::Failed),
            }
            *worker.borrow_mut() = Some(w);
        })
    };
    // Opened: the search starts, unless the analysis is kept. Closed (the panel goes): the
    // worker stops (a new press starts again); done, it is no longer needed (its solver's
    // table holds 40 to 96 MiB).
    {
        let (start, idle, worker) = (start.clone(), matches!(*shown, Shown::Idle), worker.clone());
        use_effect_with((), move |_| {
            if idle {
                start.emit(());
            }
            move || drop(worker.borrow_mut().take())
        });
    }
    let on_close = props.on_close.reform(|_: MouseEvent| ());
    // Escape closes the panel.
    {
        let close = props.on_close.clone();
        use_effect_with((), move |_| {
            let doc = web_sys::window().and_then(|w| w.document());
            let listener = doc.map(|doc| {
                gloo::events::EventListener::new(&doc, "keydown", move |e| {
                    use wasm_bindgen::JsCast;
                    let escape = e
                        .dyn_ref::<KeyboardEvent>()
                        .is_some_and(|k| k.key() == "Escape");
                    if escape {
                        close.emit(());
                    }
                })
            });
            web::focus("[data-testid=analysis-close]");
            move || drop(listener)
        });
    }

    let (state, body) = match &*shown {
        Shown::Idle | Shown::Thinking { .. } => {
            let (done, total) = match *shown {
                Shown::Thinking { done, total } => (done, total),
                _ => (0, 0),
            };
            (
                "thinking",
                searching(lang, "analysis-thinking", done, total),
            )
        }
        Shown::Partial {
            analysis,
            ms,
            done,
            total,
        } => (
            "searching",
            html! {
                <>
                { searching(lang, "analysis-deeper", *done, *total) }
                { analysis.report(lang, props, *ms, true) }
                </>
            },
        ),
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
        Shown::Done(analysis, ms) => ("done", analysis.report(lang, props, *ms, false)),
    };
    html! {
        <div class="overlay analysis-overlay">
            <section class="panel analysis" data-testid="analysis" data-state={state}
                role="dialog" aria-modal="true" aria-labelledby="analysis-title">
                <header class="rp-head">
                    <h2 id="analysis-title">{ a.title }</h2>
                    <button type="button" class="btn-icon rp-ctl" data-testid="analysis-close"
                        aria-label={a.back} title={a.back} onclick={on_close}>
                        { icon!(r#"<path d="M6 6 L18 18 M18 6 L6 18" />"#) }
                    </button>
                </header>
                <div class="an-body">{ body }</div>
            </section>
        </div>
    }
}

/// The worker's progress (`testid`: `analysis-thinking` before any analysis,
/// `analysis-deeper` above a partial one): `done` of `total` plays (`total` 0 before its
/// first report).
fn searching(lang: Lang, testid: &'static str, done: u32, total: u32) -> Html {
    let a = lang.analysis();
    let text = if total == 0 {
        a.thinking.to_string()
    } else {
        fill(
            a.progress,
            &[("done", &lang.num(done)), ("total", &lang.num(total))],
        )
    };
    html! {
        <div class="an-thinking" data-testid={testid} role="status" aria-live="polite">
            <p>{ text }</p>
            <progress max={total.max(1).to_string()} value={done.to_string()}></progress>
        </div>
    }
}

/// A seat's display name.
fn name_of(props: &PanelProps, seat: Seat) -> String {
    props
        .names
        .get(seat.idx())
        .map(|n| n.to_string())
        .unwrap_or_default()
}

/// One play that lost value, as a list item: `template`, `template_you` or, for the
/// partner of the player the table is for (four players, opposite), `partner`, filled with
/// the trick, the player, the card played, a better card and the values before and after.
#[allow(clippy::too_many_arguments)]
fn slip_item(
    lang: Lang,
    props: &PanelProps,
    (template, template_you, partner): (&str, &str, Option<&str>),
    (trick, seat): (u8, Seat),
    (played, better): (engine::Card, engine::Card),
    (before, after): (u16, u16),
    decisive: Option<&'static str>,
) -> Html {
    let who = name_of(props, seat);
    // The partner: another seat on the side of the seat named "you" (the engine's sides).
    let you = props.names.iter().position(|n| n.as_str() == lang.s().you);
    let partners = you.is_some_and(|y| y != seat.idx() && Seat(y as u8).side() == seat.side());
    let template = partner.filter(|_| partners).unwrap_or(template);
    let args = [
        ("trick", lang.num(trick)),
        ("name", who.clone()),
        ("card", card_text(lang, played)),
        ("better", card_text(lang, better)),
        ("before", lang.num(before)),
        ("after", lang.num(after)),
    ];
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    html! {
        <li class={cls!("an-slip", decisive.map(|_| "decisive"))} data-testid="analysis-slip"
            data-trick={trick.to_string()} data-seat={seat.0.to_string()}
            data-decisive={decisive.is_some().to_string()}>
            <span>{ about(lang, &who, template, template_you, &args) }</span>
            if let Some(label) = decisive {
                <span class="an-decisive">{ label }</span>
            }
        </li>
    }
}

/// The panel's body around its own parts: the intro, the sides' table (`head`: its column
/// heads; `rows`), what comes before the hands (a contract), the hands at the start of
/// play with the trump, the slips, and the time taken.
#[allow(clippy::too_many_arguments)]
fn body(
    lang: Lang,
    props: &PanelProps,
    (intro, head, rows): (&str, [&str; 3], Html),
    contract: Html,
    hands: &[CardSet],
    trump: Option<Trump>,
    (slips_title, no_slips, slips): (&str, &str, Vec<Html>),
    ms: u32,
) -> Html {
    let a = lang.analysis();
    let s = lang.s();
    let hands = hands.iter().enumerate().map(|(i, &cards)| {
        html! {
            <div class="an-hand" data-testid="analysis-hand" data-seat={i.to_string()}>
                <span class="an-name">{ name_of(props, Seat(i as u8)) }</span>
                <span class="an-cards" dir="ltr">
                    { for sort_hand(cards).into_iter().map(|c| chip(lang, c, false)) }
                </span>
            </div>
        }
    });
    let trump = trump.map(|t| format!(" · {}: {}", s.trump, trump_name(lang, t)));
    // Integer formatting only: a float's would pull Rust's float printing into the page.
    let tenths = (ms + 50) / 100;
    let seconds = format!("{}.{}", tenths / 10, tenths % 10);
    let seconds = match lang {
        Lang::Fa => lang.num(seconds).replace('.', "٫"),
        Lang::En => seconds,
    };
    html! {
        <>
        <p class="help an-intro">{ intro }</p>
        <table class="an-sides">
            <thead><tr>{ for head.iter().map(|h| html! { <th scope="col">{ *h }</th> }) }</tr></thead>
            <tbody>{ rows }</tbody>
        </table>
        { contract }
        <h3>{ a.hands }<span class="an-trump">{ trump.unwrap_or_default() }</span></h3>
        <div class="an-hands">{ for hands }</div>
        <h3>{ slips_title }</h3>
        if slips.is_empty() {
            <p class="an-none" data-testid="analysis-no-slips">{ no_slips }</p>
        } else {
            <ol class="an-slips">{ for slips }</ol>
        }
        <p class="help an-time" data-testid="analysis-time" data-ms={ms.to_string()}>
            { fill(a.time, &[("s", &seconds)]) }
        </p>
        </>
    }
}

/// A Hokm hand's analysis: the sides' best and taken tricks, whether each could win, the
/// cards at the start of play, the slips.
fn tricks_report(lang: Lang, props: &PanelProps, an: &HandAnalysis, ms: u32) -> Html {
    let a = lang.analysis();
    let t = lang.analysis_tricks();
    let rows = (0..2).map(|side| {
        let best = an.best_tricks[side];
        let win = an.could_win[side];
        html! {
            <tr data-testid="analysis-side" data-side={side.to_string()} data-best={best.to_string()}
                data-taken={an.taken[side].to_string()} data-could-win={win.to_string()}>
                <th scope="row">{ props.sides.get(side).cloned().unwrap_or_default() }</th>
                <td>
                    <span class="an-best">{ fill(t.best_n, &[("n", &lang.num(best))]) }</span>
                    <span class={cls!("an-win", win.then_some("yes"))}>
                        { if win { t.could_win } else { t.could_not_win } }
                    </span>
                </td>
                <td class="an-taken">{ lang.num(an.taken[side]) }</td>
            </tr>
        }
    });
    let slips = an.slips.iter().map(|slip| {
        slip_item(
            lang,
            props,
            (t.slip, t.slip_you, Some(t.slip_partner)),
            (slip.trick, slip.seat),
            (slip.played, slip.better),
            (u16::from(slip.before), u16::from(slip.after)),
            slip.decisive.then_some(t.decisive),
        )
    });
    body(
        lang,
        props,
        (
            t.intro,
            [a.side, a.best, a.taken],
            html! { <>{ for rows }</> },
        ),
        Html::default(),
        &an.hands,
        Some(an.trump),
        (t.slips, t.no_slips, slips.collect()),
        ms,
    )
}

/// A Shelem or Bidel hand's analysis: each side's (Bidel: each player's) best and taken
/// points, Shelem's contract, where the search started if not at the first trick, the
/// cards at the start of play, the slips.
fn points_report(
    lang: Lang,
    props: &PanelProps,
    an: &PointsAnalysis,
    (ms, more): (u32, bool),
    kind: PointsKind,
) -> Html {
    let a = lang.analysis();
    let p = lang.analysis_points();
    let rows = an.best.iter().zip(&an.taken).enumerate().map(|(side, (&best, &taken))| {
        let name = match kind.shelem {
            Some(_) => props.sides.get(side).map(|n| n.to_string()).unwrap_or_default(),
            None => name_of(props, Seat(side as u8)),
        };
        html! {
            <tr data-testid="analysis-side" data-side={side.to_string()} data-best={best.to_string()}
                data-taken={taken.to_string()}>
                <th scope="row">{ name }</th>
                <td><span class="an-best">{ fill(kind.best_n, &[("n", &lang.num(best))]) }</span></td>
                <td class="an-taken">{ lang.num(taken) }</td>
            </tr>
        }
    });
    // Where the search did not reach back to the first trick (or has not yet), say from
    // where it is.
    let from = (an.from_trick > 1).then(|| {
        let text = if more { p.from_trick_so_far } else { p.from_trick };
        html! {
            <p class="help an-from" data-testid="analysis-from" data-trick={an.from_trick.to_string()}>
                { fill(text, &[("trick", &lang.num(an.from_trick))]) }
            </p>
        }
    });
    let contract = an.contract.zip(kind.shelem).map(|(c, sh)| {
        let text = fill(
            sh.contract,
            &[("name", &name_of(props, c.hakem)), ("n", &lang.num(c.bid))],
        );
        html! {
            <p class="an-contract" data-testid="analysis-contract" data-bid={c.bid.to_string()}
                data-could-make={c.could_make.to_string()} data-made={c.made.to_string()}>
                <span>{ text }</span>{ " " }
                <span class={cls!("an-win", c.could_make.then_some("yes"))}>
                    { if c.could_make { sh.could_make } else { sh.could_not_make } }
                </span>
            </p>
        }
    });
    let decisive = kind.shelem.map(|sh| sh.decisive);
    let slips = an.slips.iter().map(|slip| {
        slip_item(
            lang,
            props,
            kind.slip,
            (slip.trick, slip.seat),
            (slip.played, slip.better),
            (slip.before, slip.after),
            decisive.filter(|_| slip.decisive),
        )
    });
    body(
        lang,
        props,
        (
            kind.intro,
            [kind.side, a.best, a.taken],
            html! { <>{ for rows }</> },
        ),
        html! { <>{ from }{ contract }</> },
        &an.hands,
        an.trump,
        (p.slips, p.no_slips, slips.collect()),
        ms,
    )
}
