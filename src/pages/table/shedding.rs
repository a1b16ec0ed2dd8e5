//! What the shedding tables (Crazy Eights, Haft Khabis) share: the stock and discard pile
//! with the suit to follow, the direction and a pending penalty; the suit buttons; the
//! "last card" toggle, draw and pass buttons; the notice of a forgotten declaration (D-6);
//! the totals in the top bar; and the hand result with everyone's cards (D-8). Each game's
//! page keeps only what is its own (its pickers, its seat marks, its end of the game).

use super::shell::ResultWiring;
use crate::adapters::UiGame;
use crate::components::actions::result_actions;
use crate::components::card::{suit_shape, CardSvg, MiniCard};
use crate::components::seat::SeatView;
use crate::i18n::{about, card_label, fill, suit_name, Lang};
use crate::seen::{Pos, Seen};
use crate::state::TableState;
use engine::games::shedding::Direction;
use engine::table::Public;
use engine::{Card, CardBag, Seat, SeatSet, Suit};
use yew::prelude::*;

/// A suit to name: a real button with the suit's name (`suit-C|D|H|S`).
pub fn suit_button(lang: Lang, suit: Suit, onclick: Callback<MouseEvent>) -> Html {
    html! {
        <button type="button" class={classes!("trump-btn", "suit", format!("suit-{}", suit.letter()))}
            data-testid={format!("suit-{}", suit.letter())} aria-label={suit_name(lang, suit)} {onclick}>
            <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                { suit_shape(suit, 50.0, 50.0, 86.0, false) }
            </svg>
            <span class="trump-btn-name">{ suit_name(lang, suit) }</span>
        </button>
    }
}

/// The [`Piles`] of a Crazy Eights or Haft Khabis view (their fields are named alike).
macro_rules! piles_of {
    ($view:expr, $can_draw:expr) => {
        $crate::pages::table::shedding::Piles {
            stock: $view.stock,
            top: $view.top,
            named_suit: $view.named_suit,
            direction: $view.direction,
            pending_draw: $view.pending_draw,
            can_draw: $can_draw,
        }
    };
}
pub(crate) use piles_of;

/// The public state of the middle of a shedding table.
pub struct Piles {
    pub stock: u8,
    pub top: Option<Card>,
    /// The suit named with a wild card (else the top card's suit is followed).
    pub named_suit: Option<Suit>,
    pub direction: Direction,
    /// Cards the player to act must draw unless they answer (a 2 or a 7).
    pub pending_draw: u8,
    /// The stock may be clicked to draw.
    pub can_draw: bool,
}

/// The stock (a button when a card may be drawn), the discard pile, the suit to follow,
/// the direction and a pending penalty.
pub fn piles(lang: Lang, p: &Piles, draw_click: Callback<MouseEvent>) -> Html {
    let t = lang.shedding();
    let suit_now = p.named_suit.or(p.top.map(|c| c.suit()));
    let (dir_arrow, dir_text, dir_name) = match p.direction {
        Direction::Clockwise => ("↻", t.clockwise, "clockwise"),
        Direction::Counterclockwise => ("↺", t.counterclockwise, "counterclockwise"),
    };
    html! {
        <div class="shed-center">
            <div class="shed-piles">
                <button type="button" class={classes!("stock", p.can_draw.then_some("can-draw"))}
                    data-testid="stock" data-count={p.stock.to_string()}
                    aria-label={format!("{} — {}", t.draw, fill(t.stock_n, &[("n", &lang.num(p.stock))]))}
                    disabled={!p.can_draw} onclick={draw_click}>
                    <CardSvg card={None::<Card>} />
                    <span class="pile-count">{ lang.num(p.stock) }</span>
                </button>
                <div class="discard-pile" data-testid="discard-top"
                    data-card={p.top.map(|c| c.to_string()).unwrap_or_default()}
                    role="img" aria-label={p.top.map(|c| format!("{}: {}", t.discard, card_label(lang, c))).unwrap_or_default()}>
                    if let Some(c) = p.top {
                        <CardSvg card={Some(c)} />
                    }
                </div>
            </div>
            <div class="shed-info">
                if let Some(x) = suit_now {
                    <span class={classes!("suit-badge", p.named_suit.is_some().then_some("named"))}
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
                if p.pending_draw > 0 {
                    <span class="pending" data-testid="pending" data-value={p.pending_draw.to_string()}>
                        { fill(t.pending_n, &[("n", &lang.num(p.pending_draw))]) }
                    </span>
                }
            </div>
        </div>
    }
}

/// The buttons beside the status: the "last card" toggle (when a play may leave one card),
/// draw and pass (when legal). With `keeps`, passing keeps a drawn card and says so.
pub fn bar_buttons(
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
                <button type="button" class={classes!("btn", "btn-small", "last-card", (**declare).then_some("on"))}
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
pub fn penalty_notice(lang: Lang, seen: &Seen, p: Option<Penalty>) -> Html {
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

/// The top bar: every player's total (from the bottom player round the table), with a
/// heading and the game's own line (its target or end of the game).
pub fn scoreboard(
    lang: Lang,
    seen: &Seen,
    hand_number: u16,
    heading: &str,
    totals: &[i32],
    info: Html,
) -> Html {
    let s = lang.s();
    let order: Vec<Seat> = (0..seen.n).map(|k| seen.bottom.after(k, seen.n)).collect();
    html! {
        <div class="scoreboard shed-scoreboard">
            <table class="score-table" data-testid="score">
                <thead>
                    <tr>
                        <th scope="col" class="hand-no">{ fill(s.hand_n, &[("n", &lang.num(hand_number))]) }</th>
                        <th scope="col">{ heading.to_string() }</th>
                    </tr>
                </thead>
                <tbody>
                    { for order.iter().map(|&seat| {
                        let total = totals.get(seat.idx()).copied().unwrap_or(0);
                        html! {
                            <tr class={classes!("team", (seat == seen.bottom).then_some("mine"))}
                                data-seat={seat.0.to_string()}>
                                <th scope="row" class="team-name">{ seen.name(seat) }</th>
                                <td class="pts" data-testid={format!("total-{}", seat.0)}
                                    data-value={total.to_string()}>{ lang.num(total) }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            { info }
        </div>
    }
}

/// A finished hand, as the result panel shows it.
pub struct HandOutcome<'a> {
    /// The match (game) is over.
    pub over: bool,
    /// Who went out first; none in a blocked hand.
    pub winner: Option<Seat>,
    pub blocked: bool,
    /// Everyone's cards at the end (D-8).
    pub hands: &'a [CardBag],
    pub points: &'a [i32],
    pub totals: &'a [i32],
    /// Seats out of the game (Haft Khabis, HX-13).
    pub eliminated: SeatSet,
    /// The heading of the points column.
    pub points_heading: &'static str,
    /// The match's winners, once it is over.
    pub match_winners: &'a [Seat],
    /// The game's own lines under the title (a multiplier, the end of the game).
    pub notes: Html,
    /// A line under a player's points (why the hand counts so much), by seat; may be short.
    pub row_notes: Vec<Option<String>>,
    /// The bottom player is out of the match while the others play on: the next button
    /// watches them, and a new match is offered beside it.
    pub watch: bool,
}

/// The hand result: who went out (or a blocked hand), everyone's remaining cards (D-8),
/// the points and totals, and the winners at the end of the match.
pub fn result_panel(lang: Lang, seen: &Seen, r: HandOutcome, w: ResultWiring) -> Html {
    let on_next = w.on_next.reform(|_: MouseEvent| ());
    let on_new = w.on_new.reform(|_: MouseEvent| ());
    let s = lang.s();
    let t = lang.shedding();
    let title = if r.over { s.match_over } else { s.hand_over };
    let sep = if lang == Lang::Fa { "، " } else { ", " };
    let winners = r
        .match_winners
        .iter()
        .map(|&w| seen.name(w).to_string())
        .collect::<Vec<_>>()
        .join(sep);
    html! {
        <div class="overlay result-overlay">
            <section class={classes!("panel", "result-panel", r.over.then_some("match-over"))}
                data-testid="hand-result" data-blocked={r.blocked.to_string()}
                data-winner={r.winner.map(|w| w.0.to_string()).unwrap_or_default()}
                role="dialog" aria-modal="false" aria-labelledby="result-title">
                <h2 id="result-title">{ title }</h2>
                if r.over && !r.match_winners.is_empty() {
                    <p class="match-winner" data-testid="match-result"
                        data-winner={r.match_winners.iter().map(|w| w.0.to_string()).collect::<Vec<_>>().join(" ")}>
                        { about(lang, &winners, t.match_won_by, t.match_won_you, &[]) }
                    </p>
                }
                if let Some(w) = r.winner {
                    <p class="points">{ about(lang, &seen.name(w), t.went_out, t.went_out_you, &[]) }</p>
                }
                if r.blocked {
                    <p class="points">{ t.blocked }</p>
                }
                { r.notes }
                <table class="result-table">
                    <thead>
                        <tr>
                            <th scope="col">{ t.player }</th>
                            <th scope="col">{ t.cards_left }</th>
                            <th scope="col">{ r.points_heading }</th>
                            <th scope="col">{ t.total }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for (0..seen.n).map(|i| {
                            let seat = Seat(i);
                            let i = i as usize;
                            let cards: Vec<Card> = r.hands.get(i).map(|h| h.iter().collect()).unwrap_or_default();
                            let out = r.eliminated.contains(seat);
                            let points = r.points.get(i).copied().unwrap_or(0);
                            let total = r.totals.get(i).copied().unwrap_or(0);
                            let note = r.row_notes.get(i).cloned().flatten();
                            html! {
                                <tr class={classes!((r.winner == Some(seat)).then_some("won"), out.then_some("eliminated"))}
                                    data-testid={format!("result-row-{i}")} data-cards={cards.len().to_string()}
                                    data-points={points.to_string()} data-total={total.to_string()}
                                    data-eliminated={out.to_string()}>
                                    <th scope="row">{ seen.name(seat) }
                                        if out { <span class="declared">{ " · " }{ t.eliminated }</span> }
                                    </th>
                                    <td class="result-cards">{ for cards.iter().map(|&c| html! { <MiniCard card={c} /> }) }</td>
                                    <td class="result-points">{ lang.num(points) }
                                        if let Some(note) = note {
                                            <small class="row-note" data-testid={format!("row-note-{i}")}>{ note }</small>
                                        }
                                    </td>
                                    <td class="result-total">{ lang.num(total) }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
                if r.watch && !r.over {
                    <div class="actions">
                        <button type="button" class="btn" data-testid="next-hand" onclick={on_next}>
                            { t.watch_on }
                        </button>
                        <button type="button" class="btn btn-secondary" data-testid="new-match" onclick={on_new}>
                            { s.new_match }
                        </button>
                    </div>
                } else {
                    { result_actions(lang, r.over, on_next, on_new) }
                }
            </section>
        </div>
    }
}

/// A seat's plate at a shedding table: the name, the cards held (backs, except for the
/// bottom seat), the turn, the last-card mark (D-6) and the game's own `marks`.
pub fn seat_plate(
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
        <SeatView {seat} {pos} name={seen.name(seat)} {count} is_hakem=false {is_turn}
            trump={None} backs={pos != Pos::Bottom}>
            { marks }
            if declared {
                <span class="declared" data-testid={format!("declared-{}", seat.0)}>
                    { lang.shedding().last_card }
                </span>
            }
        </SeatView>
    }
}
