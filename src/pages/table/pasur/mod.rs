//! The Pasur table: two players (bottom and top) or four in two partnerships (PA-1); the
//! face-up table cards in the middle with the stock; playing a card shows what it would
//! capture (PA-3): the table cards it takes light up, one tap more plays it, and where
//! several sets fit the player picks one on the table or from a list, then confirms
//! (forced capture, PA-4, comes from the legal actions). Each side's pile, clubs, surs and
//! point cards are always in the top bar (D-8); the round ends with its score sheet line by
//! line (PA-6, PA-10) and the running totals toward the target (PA-11).

use crate::components::pasur_board::{board, cards_attr, score_sheet};

use super::shell::use_screen;
use super::{phase_slug, Frame, TableProps};
use crate::cls;
use crate::components::card::{card_svg, mini_card};
use crate::components::hand::{hand, hidden_hand, HandProps};
use crate::components::seat::{seat_view, SeatViewProps};
use crate::i18n::{about, card_label, fill, Lang};
use crate::seen::Pos;
use crate::state::TableAction;
use engine::games::pasur::choice::{
    choices, chosen, marks, pick_by_table_card, table_order, takes, would, Marks,
};
use engine::games::pasur::{Pasur, PasurAction, PasurPhase, PasurSettings};
use engine::{Card, CardSet, Seat};
use yew::prelude::*;

/// A set of cards spoken: "4 of diamonds, 7 of spades".
fn cards_spoken(lang: Lang, set: CardSet) -> String {
    let sep = if lang == Lang::Fa { "، " } else { ", " };
    table_order(set)
        .into_iter()
        .map(|c| card_label(lang, c))
        .collect::<Vec<_>>()
        .join(sep)
}

/// The card under a pointer or focus event inside the hand (its button's `data-card`).
fn card_at(e: &Event) -> Option<Card> {
    let el = e.target_dyn_into::<web_sys::Element>()?;
    let button = el.closest("[data-card]").ok()??;
    button.get_attribute("data-card")?.parse().ok()
}

/// The focus step of an arrow key among a row of cards or choices (drawn left to right in
/// both languages): the next one (→ ↓) or the one before (← ↑).
pub fn arrow_step(key: &str) -> Option<i32> {
    match key {
        "ArrowRight" | "ArrowDown" => Some(1),
        "ArrowLeft" | "ArrowUp" => Some(-1),
        _ => None,
    }
}

/// The selector of a card's button in the hand.
fn hand_card(card: Card) -> String {
    format!("[data-testid=hand] button[data-card=\"{card}\"]")
}

/// The card picked in hand on this turn, and the set chosen for it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pick {
    pub card: Option<Card>,
    pub choice: Option<usize>,
}

/// A pick belongs to one moment of the game: the log's length and the seat at the bottom.
type PickAt = (usize, Seat, Pick);

/// The Pasur table screen.
#[function_component(PasurTable)]
pub fn pasur_table(props: &TableProps<PasurSettings>) -> Html {
    let screen = use_screen::<Pasur>(props);
    let pick_state = use_state_eq(|| (usize::MAX, Seat(0), Pick::default()) as PickAt);
    let preview = use_state_eq(|| None::<Card>);
    let (lang, seen, view, bottom) = (screen.lang, &screen.seen, &screen.view, screen.bottom);
    let s = lang.s();
    let p = lang.pasur();
    let dispatcher = screen.state.dispatcher();
    let st = screen.st();
    let phase = view.phase;
    let turn = view.turn;
    let my_turn = seen.my_turn && phase == PasurPhase::Playing;
    let my_side = bottom.side();
    let log_len = st.step as usize;
    let shown = !seen.hidden;
    let teams = seen.teams(lang);

    // --- the card considered: picked on this turn (or, off turn, to look), else hovered
    let pick = match *pick_state {
        (at, seat, pk) if at == log_len && seat == bottom && shown => Pick {
            card: pk.card.filter(|&c| view.hand.contains(c)),
            ..pk
        },
        _ => Pick::default(),
    };
    let legal = if my_turn {
        st.legal.to_vec()
    } else {
        Vec::new()
    };
    // What the picked card can do: its legal actions on your turn, else what it would
    // capture (to look ahead while the others play).
    let acts: Vec<PasurAction> = match pick.card {
        Some(c) if my_turn => choices(&legal, c),
        Some(c) => would(view, c),
        None => Vec::new(),
    };
    let sets: Vec<CardSet> = acts.iter().map(takes).collect();
    let choice = chosen(acts.len(), pick.choice);
    let settled = if my_turn {
        choice.and_then(|i| acts.get(i).copied())
    } else {
        None
    };
    let hovered = (*preview).filter(|&c| view.hand.contains(c) && shown);
    let shown_marks = match (pick.card, hovered) {
        (Some(_), _) => marks(&sets, choice),
        (None, Some(c)) => {
            let opts = view.capture_options(c);
            marks(&opts, chosen(opts.len(), None))
        }
        _ => Marks::default(),
    };
    // The table cards are buttons while a set is to be chosen on them.
    let choosing_on_table = my_turn && sets.len() >= 2;

    let set_pick = {
        let pick_state = pick_state.clone();
        Callback::from(move |pk: Pick| pick_state.set((log_len, bottom, pk)))
    };
    let act = {
        let d = dispatcher.clone();
        let set_pick = set_pick.clone();
        Callback::from(move |action: PasurAction| {
            set_pick.emit(Pick::default());
            d.dispatch(TableAction::Act {
                seat: bottom,
                action,
            })
        })
    };

    // --- the keyboard. Whether the last tap on the hand, the table cards or the capture
    // panel came from a key (a click with no pointer has `detail` 0): then the focus follows
    // the play, to the sets to choose from, and back to the hand on your next turn.
    let keyboard = use_mut_ref(|| false);
    let note_click = {
        let keyboard = keyboard.clone();
        Callback::from(move |e: MouseEvent| *keyboard.borrow_mut() = e.detail() == 0)
    };
    {
        let keyboard = keyboard.clone();
        use_effect_with((pick.card, choosing_on_table), move |&(card, choosing)| {
            if card.is_some() && choosing && *keyboard.borrow() {
                crate::web::focus("[data-testid=capture-option-0]");
            }
        });
    }
    {
        let keyboard = keyboard.clone();
        use_effect_with((log_len, my_turn), move |&(_, my_turn)| {
            if my_turn && *keyboard.borrow() && crate::web::focus_lost() {
                crate::web::focus("[data-testid=hand] button[data-card]");
            }
        });
    }
    // Arrows move among the cards of the hand, the table cards to choose from and the
    // sets; Escape puts the picked card back (the focus returns to it).
    let on_keys = {
        let set_pick = set_pick.clone();
        let preview = preview.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                if let Some(c) = pick.card {
                    e.prevent_default();
                    preview.set(None);
                    set_pick.emit(Pick::default());
                    crate::web::focus(&hand_card(c));
                }
                return;
            }
            let row = e.target_dyn_into::<web_sys::Element>().and_then(|el| {
                el.closest(".pasur-hand, .pasur-table-cards, .capture-options")
                    .ok()
                    .flatten()
            });
            if let (Some(step), Some(row)) = (arrow_step(&e.key()), row) {
                if crate::web::focus_step(&row, "button:not([disabled])", step) {
                    e.prevent_default();
                }
            }
        })
    };

    // A tap on a hand card picks it; a second tap plays it once its outcome is settled.
    let on_hand = {
        let set_pick = set_pick.clone();
        let act = act.clone();
        Callback::from(move |c: Card| {
            if pick.card == Some(c) {
                if let Some(a) = settled {
                    act.emit(a);
                }
            } else {
                set_pick.emit(Pick {
                    card: Some(c),
                    choice: None,
                });
            }
        })
    };
    let on_table_card = {
        let set_pick = set_pick.clone();
        let sets = sets.clone();
        Callback::from(move |c: Card| {
            if let Some(i) = pick_by_table_card(&sets, choice, c) {
                set_pick.emit(Pick {
                    choice: Some(i),
                    ..pick
                });
            }
        })
    };

    // --- the middle of the table: stock, last play, the table cards
    let table_cards: Html = table_order(view.table)
        .into_iter()
        .map(|c| {
            let take = shown_marks.take.contains(c);
            let maybe = shown_marks.maybe.contains(c);
            let class = cls!(
                "table-card",
                take.then_some("take"),
                maybe.then_some("maybe"),
                (shown_marks.any() && !take && !maybe).then_some("dim")
            );
            if choosing_on_table {
                let onclick = on_table_card.reform(move |_: MouseEvent| c);
                html! {
                    <button type="button" {class} key={c.index() as usize} data-card={c.to_string()}
                        aria-label={card_label(lang, c)} aria-pressed={take.to_string()}
                        disabled={!take && !maybe} {onclick}>
                        { card_svg(Some(c)) }
                    </button>
                }
            } else {
                html! {
                    <span {class} key={c.index() as usize} data-card={c.to_string()} role="img"
                        aria-label={card_label(lang, c)}>
                        { card_svg(Some(c)) }
                    </span>
                }
            }
        })
        .collect();
    let last_play = view.last_play.map(|lp| {
        let name = seen.name(lp.seat);
        let card = card_label(lang, lp.card);
        let text = if lp.took.is_empty() {
            about(
                lang,
                &name,
                p.last_laid,
                p.last_laid_you,
                &[("card", &card)],
            )
        } else {
            about(
                lang,
                &name,
                p.last_took,
                p.last_took_you,
                &[("card", &card)],
            )
        };
        html! {
            <div class={cls!("last-play", lp.sur.then_some("sur"))} data-testid="last-play"
                data-seat={lp.seat.0.to_string()} data-card={lp.card.to_string()}
                data-took={cards_attr(lp.took)} data-sur={lp.sur.to_string()} aria-live="polite">
                { mini_card(lang, lp.card, false) }
                <span class="last-text">{ text }</span>
                if !lp.took.is_empty() {
                    <span class="mini-cards" dir="ltr">
                        { for table_order(lp.took).into_iter().map(|c| mini_card(lang, c, false)) }
                    </span>
                }
                if lp.sur {
                    <span class="sur-badge">{ p.sur }</span>
                }
            </div>
        }
    });
    // A sur is announced big for a moment (the animation fades it out).
    let sur_flash = view.last_play.filter(|lp| lp.sur).map(|lp| {
        html! {
            <div class="sur-flash" key={log_len} data-testid="sur-flash" aria-hidden="true" dir={lang.dir()}>
                <span>{ p.sur }</span>
                <small>{ seen.name(lp.seat) }</small>
            </div>
        }
    });
    // PA-2 at the start of a round: a table jack replaced, deals thrown in.
    let deal_note = (view.last_play.is_none()
        && (!view.replaced_jacks.is_empty() || view.redeals > 0))
        .then(|| {
            let mut parts = Vec::new();
            if !view.replaced_jacks.is_empty() {
                parts.push(fill(
                    p.jack_replaced,
                    &[("cards", &cards_spoken(lang, view.replaced_jacks))],
                ));
            }
            if view.redeals > 0 {
                parts.push(fill(p.dealt_again, &[("n", &lang.num(view.redeals))]));
            }
            html! {
                <p class="deal-note" data-testid="deal-note">{ parts.join(" · ") }</p>
            }
        });
    let stock_text = fill(p.stock_left, &[("n", &lang.num(view.stock))]);
    let center = html! {
        <div class="pasur-center">
            <div class="pasur-info">
                <div class="stock" data-testid="stock" data-value={view.stock.to_string()}
                    role="img" aria-label={stock_text.clone()} title={stock_text}>
                    <span class="stock-back" aria-hidden="true">{ card_svg(None) }</span>
                    <span class="count" aria-hidden="true">{ lang.num(view.stock) }</span>
                </div>
                { last_play.unwrap_or_default() }
            </div>
            { deal_note.unwrap_or_default() }
            <div class={cls!("pasur-table-cards", format!("n{}", view.table.len().min(20)),
                    choosing_on_table.then_some("choosing"))}
                data-testid="pasur-table-cards" data-count={view.table.len().to_string()}
                role="group" aria-label={p.table_cards} dir="ltr"
                onclick={note_click.clone()} onkeydown={on_keys.clone()}>
                { table_cards }
                if view.table.is_empty() {
                    <p class="table-empty">{ p.table_empty }</p>
                }
                { sur_flash.unwrap_or_default() }
            </div>
        </div>
    };

    // --- what the picked card does, with the choice of sets and the confirmation
    let capture_panel = match pick.card {
        Some(card) if shown && phase == PasurPhase::Playing => {
            let name = card_label(lang, card);
            let only_lay = sets.iter().all(|t| t.is_empty());
            let text = if only_lay {
                fill(p.takes_nothing, &[("card", &name)])
            } else if sets.len() >= 2 && my_turn {
                fill(
                    p.choose_set,
                    &[("card", &name), ("n", &lang.num(sets.len()))],
                )
            } else if my_turn {
                fill(p.takes, &[("card", &name)])
            } else {
                fill(p.would_take, &[("card", &name)])
            };
            let option = |i: usize, t: CardSet| {
                let pressed = choice == Some(i);
                let label = if t.is_empty() {
                    p.lay_down.to_string()
                } else {
                    fill(p.take_cards, &[("cards", &cards_spoken(lang, t))])
                };
                let onclick = {
                    let set_pick = set_pick.clone();
                    Callback::from(move |_: MouseEvent| {
                        set_pick.emit(Pick {
                            choice: Some(i),
                            ..pick
                        })
                    })
                };
                html! {
                    <button type="button" class={cls!("capture-option", pressed.then_some("chosen"))}
                        data-testid={format!("capture-option-{i}")} data-take={cards_attr(t)}
                        aria-pressed={pressed.to_string()} aria-label={label} {onclick}>
                        if t.is_empty() {
                            <span class="lay-down">{ p.lay_down }</span>
                        } else {
                            { for table_order(t).into_iter().map(|c| mini_card(lang, c, false)) }
                        }
                    </button>
                }
            };
            let options = if my_turn && sets.len() >= 2 {
                html! {
                    <div class="capture-options" role="group" aria-label={text.clone()} dir="ltr">
                        { for sets.iter().enumerate().map(|(i, &t)| option(i, t)) }
                    </div>
                }
            } else if sets.len() == 1 && !sets[0].is_empty() {
                html! {
                    <span class="mini-cards capture-only" dir="ltr">
                        { for table_order(sets[0]).into_iter().map(|c| mini_card(lang, c, false)) }
                    </span>
                }
            } else if !my_turn && sets.len() >= 2 {
                html! {
                    <span class="capture-sets" dir="ltr">
                        { for sets.iter().map(|&t| html! {
                            <span class="mini-cards">
                                { for table_order(t).into_iter().map(|c| mini_card(lang, c, false)) }
                            </span>
                        }) }
                    </span>
                }
            } else {
                Html::default()
            };
            let confirm = my_turn.then(|| {
                let label = match settled {
                    Some(a) if takes(&a).is_empty() => p.confirm_lay,
                    Some(_) => p.confirm_take,
                    None => p.confirm_choose,
                };
                let onclick = {
                    let act = act.clone();
                    Callback::from(move |_: MouseEvent| {
                        if let Some(a) = settled {
                            act.emit(a);
                        }
                    })
                };
                html! {
                    <button type="button" class="btn" data-testid="play-confirm"
                        disabled={settled.is_none()} {onclick}>
                        { label }
                    </button>
                }
            });
            let cancel = {
                let set_pick = set_pick.clone();
                let preview = preview.clone();
                Callback::from(move |_: MouseEvent| {
                    preview.set(None);
                    set_pick.emit(Pick::default());
                })
            };
            html! {
                <div class={cls!("capture-panel", my_turn.then_some("mine"))} data-testid="capture-panel"
                    data-card={card.to_string()} data-options={sets.len().to_string()}
                    data-settled={settled.is_some().to_string()}
                    onclick={note_click.clone()} onkeydown={on_keys.clone()}>
                    { mini_card(lang, card, false) }
                    <span class="capture-what" aria-live="polite">{ text }</span>
                    { options }
                    <span class="capture-actions">
                        { for confirm }
                        <button type="button" class="btn btn-secondary btn-small" data-testid="play-cancel"
                            onclick={cancel}>{ p.cancel }</button>
                    </span>
                </div>
            }
        }
        None if my_turn => html! {
            <p class="capture-hint" data-testid="capture-hint">{ p.pick_hint }</p>
        },
        _ => Html::default(),
    };

    // --- whose turn, in words
    let status = match (phase, turn) {
        (PasurPhase::Playing, Some(t)) => seen.turn_text(t, s.your_turn_play, s.turn_play),
        (PasurPhase::MatchOver, _) => s.match_over.to_string(),
        _ => fill(p.round_over, &[("n", &lang.num(view.round_number))]),
    };

    // --- the bottom player's cards; hovering or focusing one shows what it would take
    let hand = if seen.hidden {
        hidden_hand(view.hand_counts[bottom.idx()])
    } else {
        let legal_cards = if my_turn { view.hand } else { CardSet::EMPTY };
        let picked = pick.card.map(|c| c.bit()).unwrap_or_default();
        let look = {
            let preview = preview.clone();
            Callback::from(move |e: Event| preview.set(card_at(&e)))
        };
        let leave = {
            let preview = preview.clone();
            Callback::from(move |_: Event| preview.set(None))
        };
        html! {
            <div class="pasur-hand" onclick={note_click} onkeydown={on_keys}
                onmouseover={look.reform(|e: MouseEvent| e.into())}
                onfocusin={look.reform(|e: FocusEvent| e.into())}
                onmouseleave={leave.reform(|e: MouseEvent| e.into())}
                onfocusout={leave.reform(|e: FocusEvent| e.into())}>
                { hand(lang, &HandProps {
                    hand: view.hand,
                    legal: legal_cards,
                    my_turn,
                    on_play: on_hand,
                    selected: my_turn.then_some(picked),
                    received: Default::default(),
                }) }
            </div>
        }
    };

    let result = screen.result(view.result.as_ref(), |r, w| {
        let on_next = w.on_next.reform(|_: MouseEvent| ());
        let on_new = w.on_new.reform(|_: MouseEvent| ());
        score_sheet(lang, seen, view, r, &teams, on_next, on_new)
    });

    let plate = |seat: Seat| {
        let pos = seen.pos(seat);
        html! {
                    { seat_view(lang, &SeatViewProps {
                        seat,
                        pos,
                        name: seen.name(seat),
                        count: view.hand_counts[seat.idx()],
                        is_hakem: false,
                        is_turn: turn == Some(seat),
                        trump: None,
                        backs: pos != Pos::Bottom,
                        children: html! {<>
                        if view.dealer == seat {
                            <span class="dealer-chip" data-testid="dealer" title={p.dealer}>{ p.dealer }</span>
                        }
        </>} }) }
                }
    };
    let seats = screen.others(plate);

    screen.frame(Frame {
        phase: phase_slug(&phase),
        turn,
        scoreboard: board(lang, view, &teams, my_side),
        seats,
        center,
        has_panel: false,
        bottom_seat: plate(bottom),
        status,
        bar_extra: capture_panel,
        hand,
        result,
    })
}

impl super::TablePage for Pasur {
    type Screen = PasurTable;
}

#[cfg(test)]
pub(crate) mod tests;
