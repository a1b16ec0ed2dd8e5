//! What the shedding tables (Crazy Eights, Haft Khabis) share: the stock and discard pile
//! with the suit to follow, the direction and a pending penalty; the suit buttons; the
//! "last card" toggle, draw and pass buttons; the notice of a forgotten declaration (D-6);
//! the totals in the top bar; and the hand result with everyone's cards (D-8). Each game's
//! page keeps only what is its own (its pickers, its seat marks, its end of the game).

use super::shell::{use_screen, use_step_state, Screen};
use super::{Frame, TableProps};
use crate::adapters::UiGame;
use crate::card_order::HandCard;
use crate::cls;
use crate::components::card::{card_svg, mini_card, suit_button, suit_shape};
use crate::components::hand::{bag_hand, hidden_hand, BagHandProps};
use crate::components::scoreboard::{player_scores, PlayerColumn};
use crate::components::seat::{seat_view, SeatViewProps};
use crate::i18n::{about, card_label, fill, suit_name, Lang};
use crate::seen::{Pos, Seen};
use crate::state::TableState;
use engine::games::shedding::{Direction, SheddingView};
use engine::table::Public;
use engine::{Card, CardSet, Seat, Suit};
use yew::prelude::*;

/// What a shedding game's page tells the shared table beyond the engine's
/// [`SheddingView`]: its own view fields and marks, its phase's name, its top bar.
pub trait SheddingPage: UiGame<View: SheddingView> {
    /// `data-phase` of the page.
    fn phase_name(view: &Self::View) -> &'static str;
    /// The cards a forgotten declaration cost, and whose, if this event says (D-6).
    fn penalty_of(event: &Self::Event) -> Option<(Seat, u8)>;
    /// The game's own marks on a seat's plate.
    fn marks(lang: Lang, view: &Self::View, seat: Seat) -> Html;
    /// What the middle says under the piles (Crazy Eights: the wild rank).
    fn under_piles(lang: Lang, view: &Self::View, bottom: Seat) -> Html {
        let _ = (lang, view, bottom);
        Html::default()
    }
    /// The top bar's heading of the totals, and the game's own line (its target or end).
    fn top_bar(lang: Lang, view: &Self::View) -> (&'static str, Html);
}

/// One turn at a shedding table, as both pages start it.
pub struct Turn<G: UiGame> {
    /// The bottom seat's legal actions (none when it may not act).
    pub legal: Vec<G::Action>,
    /// The "last card" toggle (D-6), off again after every step.
    pub declare: UseStateHandle<bool>,
    /// A forgotten declaration, announced for a round (D-6).
    pub penalty: Option<Penalty>,
}

/// Opens a shedding table and starts the turn ([`Turn`]).
#[hook]
pub fn use_shedding<G: SheddingPage>(props: &TableProps<G::Settings>) -> (Screen<G>, Turn<G>) {
    let screen = use_screen::<G>(props);
    let declare = use_step_state(&screen, || false);
    let st = screen.st();
    let turn = Turn {
        legal: if screen.my_turn {
            st.legal.to_vec()
        } else {
            Vec::new()
        },
        declare,
        penalty: last_penalty::<G>(st, G::penalty_of),
    };
    (screen, turn)
}

/// What a shedding page draws itself; [`Turn::table`] adds the seats, the hand and the
/// frame. By default: no panel, nothing in the bar, no card to play.
#[derive(Default)]
pub struct Parts {
    /// A choice's panel, in the middle in place of the piles.
    pub panel: Option<Html>,
    pub status: String,
    /// The page's own buttons in the bar, before the shared ones.
    pub bar_extra: Html,
    /// The "last card" toggle is offered (a play may leave one card, D-6).
    pub declarable: bool,
    /// Drawing, when legal: the stock and a button.
    pub draw: Option<Callback<MouseEvent>>,
    /// Passing, when legal; with `keeps` it keeps a drawn card and says so.
    pub pass: Option<Callback<MouseEvent>>,
    pub keeps: bool,
    /// The cards of the hand that may be played, and what a click on one does.
    pub playable: CardSet,
    pub on_card: Callback<HandCard>,
    /// Cards chosen to be played together, in order (Crazy Eights' CE-11).
    pub selected: Option<Vec<HandCard>>,
    /// The bottom seat is playing a card now.
    pub playing: bool,
    pub result: Html,
}

impl<G: SheddingPage> Turn<G> {
    /// A shedding table: the page's parts; the piles (unless a choice is open), the bar's
    /// notice of a forgotten declaration and its buttons, every seat's plate, the bottom
    /// player's hand (backs under the cover), in the shared frame.
    pub fn table(&self, screen: &Screen<G>, parts: Parts) -> Html {
        let turn = self;
        let (lang, seen, view, bottom) = (screen.lang, &screen.seen, &screen.view, screen.bottom);
        let count = |seat: Seat| view.hand_counts().get(seat.idx()).copied().unwrap_or(0);
        let plate = |seat: Seat| {
            seat_plate(
                lang,
                seen,
                seat,
                count(seat),
                view.to_act().contains(seat),
                view.declared().contains(seat),
                G::marks(lang, view, seat),
            )
        };
        let hand = if seen.hidden {
            hidden_hand(count(bottom))
        } else {
            html! {
                { bag_hand(lang, &BagHandProps {
                    hand: view.hand(),
                    legal: parts.playable,
                    my_turn: parts.playing,
                    on_play: parts.on_card,
                    selected: parts.selected,
                }) }
            }
        };
        let has_panel = parts.panel.is_some();
        let center = parts.panel.unwrap_or_else(|| {
            html! {
                <>
                    { piles::<G>(lang, view, parts.draw.clone(), G::under_piles(lang, view, bottom)) }
                </>
            }
        });
        let declare = parts.declarable.then_some(&turn.declare);
        let bar_extra = html! {
            <>
                { penalty_notice(lang, seen, turn.penalty) }
                { parts.bar_extra }
                { bar_buttons(lang, declare, parts.draw, parts.pass, parts.keeps) }
            </>
        };
        screen.frame(Frame {
            phase: G::phase_name(view).into(),
            turn: view.to_act().first(),
            scoreboard: {
                let (heading, info) = G::top_bar(lang, view);
                let totals = PlayerColumn {
                    heading,
                    class: "pts",
                    testid: "total",
                    values: view.totals(),
                };
                player_scores(
                    lang,
                    seen,
                    "shed-scoreboard",
                    view.hand_number(),
                    &[totals],
                    info,
                )
            },
            seats: screen.others(plate),
            center,
            has_panel,
            bottom_seat: plate(bottom),
            status: parts.status,
            bar_extra,
            hand,
            result: parts.result,
        })
    }
}

/// A choice's panel (`kind`: `suit-picker`, `target-picker`, `give-picker`): its title,
/// the cards that brought it (`shown`), its buttons (`body`) and a way back (`cancel`).
pub fn picker(
    lang: Lang,
    kind: &'static str,
    title: &str,
    shown: &[Card],
    body: Html,
    cancel: Option<Callback<MouseEvent>>,
) -> Html {
    html! {
        <section class={cls!("panel", "trump-picker", kind)} data-testid={kind}
            data-card={shown.last().map(|c| c.to_string())}
            data-count={(!shown.is_empty()).then(|| shown.len().to_string())}>
            <h2>{ title.to_string() }</h2>
            if !shown.is_empty() {
                <p class="help">{ for shown.iter().map(|&c| mini_card(lang, c, false)) }</p>
            }
            { body }
            if let Some(onclick) = cancel {
                <button type="button" class="btn btn-small btn-secondary" data-testid="suit-cancel"
                    {onclick}>{ lang.shedding().cancel }</button>
            }
        </section>
    }
}

/// The buttons of the suits `suits` may name, each with its callback.
pub fn suit_buttons(lang: Lang, suits: impl Iterator<Item = (Suit, Callback<MouseEvent>)>) -> Html {
    html! {
        <div class="trump-suits">
            { for suits.map(|(x, onclick)| suit_button(lang, x, format!("suit-{}", x.letter()), None, onclick)) }
        </div>
    }
}

/// The stock (a button when a card may be drawn), the discard pile, the suit to follow,
/// the direction and a pending penalty, and `under` them the game's own line (Crazy Eights'
/// wild rank), in one column. `draw`: the stock may be clicked to draw.
fn piles<G: SheddingPage>(
    lang: Lang,
    view: &G::View,
    draw: Option<Callback<MouseEvent>>,
    under: Html,
) -> Html {
    let can_draw = draw.is_some();
    let draw_click = draw.unwrap_or_default();
    let t = lang.shedding();
    let (top, stock, pending_draw) = (view.top(), view.stock(), view.pending_draw());
    let named_suit = view.named_suit();
    let suit_now = named_suit.or(top.map(|c| c.suit()));
    let (dir_arrow, dir_text, dir_name) = match view.direction() {
        Direction::Clockwise => ("↻", t.clockwise, "clockwise"),
        Direction::Counterclockwise => ("↺", t.counterclockwise, "counterclockwise"),
    };
    html! {
        <div class="shed-center">
            <div class="shed-piles">
                <button type="button" class={cls!("stock", can_draw.then_some("can-draw"))}
                    data-testid="stock" data-count={stock.to_string()}
                    aria-label={format!("{} — {}", t.draw, fill(t.stock_n, &[("n", &lang.num(stock))]))}
                    disabled={!can_draw} onclick={draw_click}>
                    { card_svg(None) }
                    <span class="pile-count">{ lang.num(stock) }</span>
                </button>
                <div class="discard-pile" data-testid="discard-top"
                    data-card={top.map(|c| c.to_string()).unwrap_or_default()}
                    role="img" aria-label={top.map(|c| format!("{}: {}", t.discard, card_label(lang, c))).unwrap_or_default()}>
                    if let Some(c) = top {
                        { card_svg(Some(c)) }
                    }
                </div>
            </div>
            <div class="shed-info">
                if let Some(x) = suit_now {
                    <span class={cls!("suit-badge", named_suit.is_some().then_some("named"))}
                        data-testid="current-suit" data-suit={x.letter().to_string()}
                        title={t.current_suit}>
                        <svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                            { suit_shape(x, 50.0, 50.0, 80.0, false) }
                        </svg>
                        { t.current_suit }{ ": " }{ suit_name(lang, x) }
                    </span>
                }
                <span class="direction" data-testid="direction" data-value={dir_name}>
                    <span class="dir-arrow" aria-hidden="true">{ dir_arrow }</span>{ " " }{ dir_text }
                </span>
                if pending_draw > 0 {
                    <span class="pending" data-testid="pending" data-value={pending_draw.to_string()}>
                        { fill(t.pending_n, &[("n", &lang.num(pending_draw))]) }
                    </span>
                }
            </div>
            { under }
        </div>
    }
}

/// The buttons beside the status: the "last card" toggle (when a play may leave one card),
/// draw and pass (when legal). With `keeps`, passing keeps a drawn card and says so.
fn bar_buttons(
    lang: Lang,
    declare: Option<&UseStateHandle<bool>>,
    draw: Option<Callback<MouseEvent>>,
    pass: Option<Callback<MouseEvent>>,
    keeps: bool,
) -> Html {
    let t = lang.shedding();
    html! {
        <>
            if let Some(declare) = declare {
                <button type="button" class={cls!("btn", "btn-small", "last-card", (**declare).then_some("on"))}
                    data-testid="last-card" aria-pressed={declare.to_string()} title={t.last_card_help}
                    onclick={{
                        let declare = declare.clone();
                        Callback::from(move |_: MouseEvent| declare.set(!*declare))
                    }}>
                    { t.last_card }
                </button>
            }
            if let Some(onclick) = draw {
                <button type="button" class="btn btn-small" data-testid="draw" {onclick}>{ t.draw }</button>
            }
            if let Some(onclick) = pass {
                <button type="button" class="btn btn-small btn-secondary" data-testid="pass"
                    data-keeps={keeps.to_string()} {onclick}>
                    { if keeps { t.keep_drawn } else { t.pass } }
                </button>
            }
        </>
    }
}

/// A forgotten last-card declaration (D-6): who drew how many, and when (the log's length
/// after the action that applied it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Penalty {
    pub seat: Seat,
    pub cards: u8,
    pub at: usize,
}

/// The latest forgotten declaration (D-6) among this hand's events, kept in view for one
/// round of turns; `penalty_of` reads the penalty from an event.
pub fn last_penalty<G: UiGame>(
    st: &TableState<G>,
    penalty_of: fn(&G::Event) -> Option<(Seat, u8)>,
) -> Option<Penalty> {
    let n = st.players() as u32;
    st.events
        .iter()
        .rev()
        .take_while(|(at, _)| st.step < at + n)
        .find_map(|(at, public)| {
            let events = match public {
                Public::Event(e) => std::slice::from_ref(e),
                Public::Timeout { events, .. } => events,
                Public::NextHand => &[],
            };
            events
                .iter()
                .rev()
                .find_map(penalty_of)
                .map(|(seat, cards)| Penalty {
                    seat,
                    cards,
                    at: *at as usize,
                })
        })
}

/// The notice of a forgotten declaration (D-6).
fn penalty_notice(lang: Lang, seen: &Seen, p: Option<Penalty>) -> Html {
    let t = lang.shedding();
    match p {
        Some(p) => html! {
            <span class="last-card-penalty" data-testid="last-card-penalty" data-seat={p.seat.0.to_string()}
                data-value={p.cards.to_string()} role="status">
                { about(lang, &seen.name(p.seat), t.forgot, t.forgot_you, &[("n", &lang.num(p.cards))]) }
            </span>
        },
        None => Html::default(),
    }
}

/// A seat's plate at a shedding table: the name, the cards held (backs, except for the
/// bottom seat), the turn, the last-card mark (D-6) and the game's own `marks`.
fn seat_plate(
    lang: Lang,
    seen: &Seen,
    seat: Seat,
    count: u8,
    is_turn: bool,
    declared: bool,
    marks: Html,
) -> Html {
    let pos = seen.pos(seat);
    html! {
            { seat_view(lang, &SeatViewProps {
                seat,
                pos,
                name: seen.name(seat),
                count,
                is_hakem: false,
                is_turn,
                trump: None,
                backs: pos != Pos::Bottom,
                children: html! {<>
                { marks }
                if declared {
                    <span class="declared" data-testid={format!("declared-{}", seat.0)}>
                        { lang.shedding().last_card }
                    </span>
                }
    </>} }) }
        }
}
