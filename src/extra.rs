//! The screens a player opens rarely, loaded on demand: the hand replay and the hand analysis
//! of a finished hand (issue 25). They live in a second WebAssembly module of each game's page
//! (`<slug>-extra`, binaries in `src/bin/`), so the page a player opens to play carries none
//! of their code; the first "Replay this hand" or "Analyse this hand" fetches it (the service
//! worker keeps it with the page, so it opens offline too).
//!
//! The two modules share nothing but the document. The page asks with [`open`]: the page's
//! `window.cardsExtra` (index.html) imports the module once, then sends it the request as a
//! `cards-extra` event whose detail is an [`ExtraRequest`] in JSON (the game's setup and log,
//! which screen, the language, the names and where the seats sit). The module ([`start`]) draws
//! the screen in its own Yew app, in an element of its own after `<body>` (both screens are
//! overlays). When the player closes it, the module sends `cards-extra-closed`; when the page
//! no longer shows the hand, it sends `cards-extra-stop` ([`stop`]) and the module closes
//! without a word. A module that cannot be loaded (offline before the page kept it) answers
//! `cards-extra-closed` with the detail `failed`.

use crate::adapters::UiGame;
use crate::context::{AppCtx, Notice};
use crate::i18n::Lang;
use crate::state::{setup_of, LogEntry, TableState};
use engine::{Seat, Setup};
use gloo::events::EventListener;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The event that carries a request to the module.
const OPEN: &str = "cards-extra";
/// The event the module sends when the player closed the screen (detail `failed`: the module
/// could not be loaded).
pub const CLOSED: &str = "cards-extra-closed";
/// The event the page sends when the screen must close (the hand is no longer shown).
const STOP: &str = "cards-extra-stop";

/// Which screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Screen {
    Replay,
    Analysis,
}

/// What the page says besides the hand itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ask {
    pub screen: Screen,
    /// The page's language (its code).
    pub lang: String,
    /// Display names by engine seat.
    pub names: Vec<String>,
    /// The names of each side (Bidel: of each seat); the analysis's rows.
    pub sides: Vec<String>,
    /// The seat drawn at the bottom of the table.
    pub bottom: u8,
    /// Turn order goes to the left (C-2).
    pub clockwise: bool,
}

/// A request to the module, as the module reads it: the ask, and the match so far (the last
/// hand is the one shown), or, from an online page, the relay's record of the hand
/// (`engine::HandRecord`: the relay sends it once the hand is over; the page passes it on
/// unread, so no page carries the code that writes or reads a record).
#[derive(Deserialize)]
#[serde(bound = "")]
pub struct ExtraRequest<G: UiGame> {
    pub ask: Ask,
    #[serde(default)]
    pub setup: Option<Setup<G::Settings>>,
    #[serde(default)]
    pub log: Vec<LogEntry<G::Action>>,
    #[serde(default)]
    pub record: Option<engine::HandRecord<G>>,
}

/// A local table's request, as the page writes it (an [`ExtraRequest`] with a setup and a
/// log).
#[derive(Serialize)]
#[serde(bound = "")]
struct LocalRequest<'a, G: UiGame> {
    ask: &'a Ask,
    setup: &'a Setup<G::Settings>,
    log: &'a [LogEntry<G::Action>],
}

/// The finished hand of a local table, as a request for an [`Ask`] (built only when asked).
#[derive(Clone)]
pub struct Hand(Rc<Requester>);

/// Writes the request for an ask.
type Requester = dyn Fn(&Ask) -> Option<String>;

impl PartialEq for Hand {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Hand {
    /// The request for `ask`, in JSON.
    pub fn request(&self, ask: &Ask) -> Option<String> {
        (self.0)(ask)
    }
}

/// The [`Hand`] of a local table (`None` without a log: an online table).
pub fn hand<G: UiGame>(st: &TableState<G>) -> Option<Hand> {
    let setup = setup_of::<G>(&st.config);
    let log = st.log()?;
    Some(Hand(Rc::new(move |ask| {
        serde_json::to_string(&LocalRequest::<G> {
            ask,
            setup: &setup,
            log: &log,
        })
        .ok()
    })))
}

// ------------------------------------------------------------ a replay from the relay
//
// An online page has no log: its result's "Replay this hand" asks the relay for the hand's
// record (issue 23) and opens the screen with it. No component does it (an online page
// carries as little as it can): the table tells at each drawing whether its hand is over
// ([`online_hand`]), and one listener of the document's clicks asks.

thread_local! {
    /// Asks the relay for the last hand's record (set by an online page while it is open).
    static RELAY: RefCell<Option<Rc<dyn Fn()>>> = const { RefCell::new(None) };
    /// The online table's ask (as JSON) while its hand is over.
    static ONLINE_ASK: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The ask waiting for the relay's record.
    static WAITING: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The module's screen was opened from the relay's record.
    static SHOWN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// An online page's way to ask the relay for the last hand's record, while the returned
/// guard lives (a room page that gives way to another takes its own away only: the new
/// page's may come first). Clicks on the result's replay button ask it from now on.
pub fn set_relay(ask: Rc<dyn Fn()>) -> RelayGuard {
    RELAY.set(Some(ask.clone()));
    let listener = web_sys::window().and_then(|w| w.document()).map(|doc| {
        EventListener::new(&doc, "click", |e| {
            let on_button = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.closest("[data-testid=replay-open]").ok().flatten())
                .is_some();
            let send = RELAY.with_borrow(Clone::clone);
            if let (true, Some(ask), Some(send)) =
                (on_button, ONLINE_ASK.with_borrow(Clone::clone), send)
            {
                WAITING.set(Some(ask));
                send();
            }
        })
    });
    RelayGuard {
        ask,
        _clicks: listener,
    }
}

/// Keeps [`set_relay`]'s way to the relay, and its listener of clicks, until dropped.
pub struct RelayGuard {
    ask: Rc<dyn Fn()>,
    _clicks: Option<EventListener>,
}

impl Drop for RelayGuard {
    fn drop(&mut self) {
        RELAY.with_borrow_mut(|r| {
            if r.as_ref().is_some_and(|mine| Rc::ptr_eq(mine, &self.ask)) {
                *r = None;
            }
        });
    }
}

/// The online table's hand is over (`Some`: the ask a replay would open with) or not
/// (`None`: a replay still open closes).
pub fn online_hand(ask: Option<&Ask>) {
    let json = ask.and_then(|a| serde_json::to_string(a).ok());
    if json.is_none() && SHOWN.replace(false) {
        stop();
    }
    ONLINE_ASK.set(json);
}

/// The relay's record came (its JSON, passed on unread): the waiting screen opens with it.
pub fn relay_record(record: &str) {
    if let Some(ask) = WAITING.take() {
        SHOWN.set(open(&format!(r#"{{"ask":{ask},"record":{record}}}"#)));
    }
}

/// The relay refused the record (the next hand was dealt first): nothing waits any more.
pub fn relay_refused() {
    WAITING.take();
}

// ------------------------------------------------------------------------------ the page

/// Asks the module to show `request` (an [`ExtraRequest`] in JSON), loading it first.
/// `false` where the page cannot (no `window.cardsExtra`).
pub fn open(request: &str) -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let f = js_sys::Reflect::get(&w, &"cardsExtra".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    f.is_some_and(|f| f.call1(&w, &request.into()).is_ok())
}

/// Tells the module to close its screen, if one is open.
pub fn stop() {
    send(STOP, None);
}

fn send(name: &str, detail: Option<&str>) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let init = web_sys::CustomEventInit::new();
    if let Some(d) = detail {
        init.set_detail(&d.into());
    }
    if let Ok(e) = web_sys::CustomEvent::new_with_event_init_dict(name, &init) {
        let _ = doc.dispatch_event(&e);
    }
}

/// The detail of a custom event, as text.
fn detail(e: &Event) -> Option<String> {
    e.dyn_ref::<web_sys::CustomEvent>()?.detail().as_string()
}

/// Calls `on_closed` (with whether the module failed to load) each time the module's screen
/// closes, for as long as the returned listener lives.
fn on_closed(on_closed: impl Fn(bool) + 'static) -> Option<EventListener> {
    let doc = web_sys::window()?.document()?;
    Some(EventListener::new(&doc, CLOSED, move |e| {
        on_closed(detail(e).as_deref() == Some("failed"))
    }))
}

/// The page's side of a screen of the module: whether it is open, and what opens it with a
/// request ([`Hand::request`]). It closes when the module says so; a module that could not be
/// loaded is told as a notice ([`Notice::ExtraFailed`]). A screen still open when the component
/// goes is closed ([`stop`]).
#[hook]
pub fn use_extra() -> (bool, Callback<String>) {
    let open = use_state(|| false);
    let notify = use_context::<AppCtx>().map(|c| c.notify);
    // Whether this component asked for the screen now shown (another's closing is not ours).
    let asked = use_mut_ref(|| false);
    let failed = move |notify: &Option<Callback<Notice>>| {
        if let Some(n) = notify {
            n.emit(Notice::ExtraFailed);
        }
    };
    {
        let (open, notify, asked) = (open.clone(), notify.clone(), asked.clone());
        use_effect_with((), move |_| {
            let ours = asked.clone();
            let listener = on_closed(move |bad| {
                if std::mem::take(&mut *ours.borrow_mut()) {
                    open.set(false);
                    if bad {
                        failed(&notify);
                    }
                }
            });
            move || {
                drop(listener);
                if *asked.borrow() {
                    stop();
                }
            }
        });
    }
    let ask = {
        let open = open.clone();
        Callback::from(move |request: String| {
            *asked.borrow_mut() = true;
            open.set(true);
            if !self::open(&request) {
                *asked.borrow_mut() = false;
                open.set(false);
                failed(&notify);
            }
        })
    };
    (*open, ask)
}

// ---------------------------------------------------------------------------- the module

/// How the module draws a request's screen: the hand, its language, and what closes it.
pub type Draw<G> = fn(&Rc<ExtraRequest<G>>, Lang, Callback<()>) -> Html;

#[derive(Properties)]
pub struct ExtraProps<G: UiGame> {
    /// The request shown, if any.
    pub shown: Option<Rc<ExtraRequest<G>>>,
    pub draw: Draw<G>,
}

impl<G: UiGame> PartialEq for ExtraProps<G> {
    fn eq(&self, other: &Self) -> bool {
        match (&self.shown, &other.shown) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
}

/// Shows a request (in JSON) in the module's app, or closes its screen (`None`).
type Shower = Box<dyn Fn(Option<String>)>;

thread_local! {
    static SHOW: RefCell<Option<Shower>> = const { RefCell::new(None) };
}

fn show(request: Option<String>) {
    SHOW.with(|s| {
        if let Some(f) = s.borrow().as_ref() {
            f(request);
        }
    });
}

/// Starts the module of game `G`: its app in an element of its own after `<body>`, drawing
/// each request with `draw`. Not inside `<body>`: the page's app is mounted there, and Yew
/// finds the listener of an event by an id it writes on each element, so an event of this
/// app bubbling through the page's root would call the page's listener of the same id (a
/// click on "first step" switched the page's language).
pub fn start<G: UiGame>(draw: Draw<G>) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let (Some(root), Ok(host)) = (doc.document_element(), doc.create_element("div")) else {
        return;
    };
    let _ = host.set_attribute("data-testid", "extra-host");
    if root.append_child(&host).is_err() {
        return;
    }
    let app = RefCell::new(
        yew::Renderer::<ExtraApp<G>>::with_root_and_props(host, ExtraProps { shown: None, draw })
            .render(),
    );
    SHOW.with(|s| {
        *s.borrow_mut() = Some(Box::new(move |json: Option<String>| {
            let shown = json
                .and_then(|j| serde_json::from_str::<ExtraRequest<G>>(&j).ok())
                .map(Rc::new);
            app.borrow_mut().update(ExtraProps { shown, draw });
        }));
    });
    // For the page's whole life: requests, and the page's stops.
    EventListener::new(&doc, OPEN, |e| show(detail(e))).forget();
    EventListener::new(&doc, STOP, |_| show(None)).forget();
}

/// The module's app: the screen of the request shown, in its language.
#[function_component(ExtraApp)]
fn extra_app<G: UiGame>(props: &ExtraProps<G>) -> Html {
    let Some(request) = &props.shown else {
        return Html::default();
    };
    let lang = Lang::from_code(&request.ask.lang).unwrap_or_default();
    let ctx = AppCtx {
        lang,
        notify: Callback::noop(),
        prefs: crate::prefs::Prefs::load(),
        set_prefs: Callback::noop(),
    };
    // Closed by the player: the app draws nothing, and the page hears of it.
    let on_close = Callback::from(|()| {
        show(None);
        send(CLOSED, None);
    });
    html! {
        <ContextProvider<AppCtx> context={ctx}>
            <div lang={lang.code()} dir={lang.dir()}>{ (props.draw)(request, lang, on_close) }</div>
        </ContextProvider<AppCtx>>
    }
}

impl Ask {
    /// The seat drawn at the bottom.
    pub fn bottom(&self) -> Seat {
        Seat(self.bottom)
    }
}
