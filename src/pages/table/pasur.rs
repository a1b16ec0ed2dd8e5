//! The Pasur table: two players (bottom and top) or four in two partnerships (PA-1); the
//! face-up table cards in the middle with the stock; playing a card shows what it would
//! capture (PA-3): the table cards it takes light up, one tap more plays it, and where
//! several sets fit the player picks one on the table or from a list, then confirms
//! (forced capture, PA-4, comes from the legal actions). Each side's pile, clubs, surs and
//! point cards are always in the top bar (D-8); the round ends with its score sheet line by
//! line (PA-6, PA-10) and the running totals toward the target (PA-11).

use super::shell::{use_screen, Screen};
use super::{Frame, TableProps};
use crate::components::actions::result_actions_labelled;
use crate::components::card::{suit_shape, CardSvg, MiniCard};
use crate::components::hand::{Hand, HiddenHand};
use crate::components::seat::SeatView;
use crate::i18n::{about, card_label, fill, Lang};
use crate::seen::{Pos, Seen};
use crate::state::TableAction;
use engine::games::pasur::{
    pasur_value, Pasur, PasurAction, PasurPhase, PasurSettings, PasurView, RoundResult, ScoreLine,
    SideTally,
};
use engine::{Card, CardSet, Seat, Suit};
use yew::prelude::*;

/// The table's `data-phase`.
pub fn phase_name(phase: PasurPhase) -> &'static str {
    match phase {
        PasurPhase::Playing => "playing",
        PasurPhase::HandOver => "hand_over",
        PasurPhase::MatchOver => "match_over",
    }
}

/// What playing `card` can do: its legal actions in the engine's order (each capture
/// option with its `take`, then laying it down where that is allowed, PA-3, PA-4).
pub fn choices(legal: &[PasurAction], card: Card) -> Vec<PasurAction> {
    legal.iter().copied().filter(|a| a.play == card).collect()
}

/// The table cards an action takes (none: the card is laid down).
pub fn takes(a: &PasurAction) -> CardSet {
    a.take.unwrap_or(CardSet::EMPTY)
}

/// The choice in force among `n`: the only one, or the one picked (while it exists).
pub fn chosen(n: usize, picked: Option<usize>) -> Option<usize> {
    if n == 1 {
        Some(0)
    } else {
        picked.filter(|&i| i < n)
    }
}

/// How the table cards are marked while a card of the hand is considered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The cards the chosen (or only) set takes.
    pub take: CardSet,
    /// The cards of the other sets, still to choose from.
    pub maybe: CardSet,
}

impl Marks {
    /// Whether anything on the table is marked (or the card captures nothing, `none`).
    pub fn any(&self) -> bool {
        !self.take.is_empty() || !self.maybe.is_empty()
    }
}

/// The marks of a card whose capture sets are `sets` with choice `chosen` in force.
pub fn marks(sets: &[CardSet], chosen: Option<usize>) -> Marks {
    let all = sets.iter().fold(CardSet::EMPTY, |a, &s| a.or(s));
    let take = chosen
        .and_then(|i| sets.get(i).copied())
        .unwrap_or(CardSet::EMPTY);
    Marks {
        take,
        maybe: all.minus(take),
    }
}

/// The set picked by tapping the table card `card`: the first set holding it, or, when
/// the set in force holds it already, the next set that does (so repeated taps go through
/// every set the card belongs to). `None` if no set holds it.
pub fn pick_by_table_card(sets: &[CardSet], current: Option<usize>, card: Card) -> Option<usize> {
    let with: Vec<usize> = (0..sets.len())
        .filter(|&i| sets[i].contains(card))
        .collect();
    match current.and_then(|c| with.iter().position(|&i| i == c)) {
        Some(k) => Some(with[(k + 1) % with.len()]),
        None => with.first().copied(),
    }
}

/// The table cards in the order they are drawn: by Pasur value (A=1 … 10, J, Q, K), then
/// suit, so the sums to eleven are easy to see.
pub fn table_order(table: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = table.iter().collect();
    v.sort_by_key(|&c| (pasur_value(c), c.suit() as u8));
    v
}

/// A set of cards as text for tests: `"4D 7S"`.
fn cards_attr(set: CardSet) -> String {
    table_order(set)
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

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
    let Screen {
        lang,
        ref seen,
        ref view,
        bottom,
        ..
    } = screen;
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
        Some(c) => {
            let sets = view.capture_options(c);
            if sets.is_empty() {
                vec![PasurAction::play(c)]
            } else {
                sets.into_iter().map(|t| PasurAction::take(c, t)).collect()
            }
        }
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
            let class = classes!(
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
                        <CardSvg card={Some(c)} />
                    </button>
                }
            } else {
                html! {
                    <span {class} key={c.index() as usize} data-card={c.to_string()} role="img"
                        aria-label={card_label(lang, c)}>
                        <CardSvg card={Some(c)} />
                    </span>
                }
            }
        })
        .collect();
    let last_play = view.last_play.map(|lp| {
        let name = seen.name(lp.seat);
        let card = card_label(lang, lp.card);
        let text = if lp.took.is_empty() {
            about(lang, &name, p.last_laid, p.last_laid_you, &[("card", &card)])
        } else {
            about(lang, &name, p.last_took, p.last_took_you, &[("card", &card)])
        };
        html! {
            <div class={classes!("last-play", lp.sur.then_some("sur"))} data-testid="last-play"
                data-seat={lp.seat.0.to_string()} data-card={lp.card.to_string()}
                data-took={cards_attr(lp.took)} data-sur={lp.sur.to_string()} aria-live="polite">
                <MiniCard card={lp.card} />
                <span class="last-text">{ text }</span>
                if !lp.took.is_empty() {
                    <span class="mini-cards" dir="ltr">
                        { for table_order(lp.took).into_iter().map(|c| html! { <MiniCard card={c} /> }) }
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
            <div class="sur-flash" key={log_len} data-testid="sur-flash" aria-hidden="true">
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
                    <span class="stock-back" aria-hidden="true"><CardSvg card={None::<Card>} /></span>
                    <span class="count" aria-hidden="true">{ lang.num(view.stock) }</span>
                </div>
                { for last_play }
            </div>
            { for deal_note }
            <div class={classes!("pasur-table-cards", format!("n{}", view.table.len().min(20)),
                    choosing_on_table.then_some("choosing"))}
                data-testid="pasur-table-cards" data-count={view.table.len().to_string()}
                role="group" aria-label={p.table_cards} dir="ltr"
                onclick={note_click.clone()} onkeydown={on_keys.clone()}>
                { table_cards }
                if view.table.is_empty() {
                    <p class="table-empty">{ p.table_empty }</p>
                }
            </div>
            { for sur_flash }
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
                    <button type="button" class={classes!("capture-option", pressed.then_some("chosen"))}
                        data-testid={format!("capture-option-{i}")} data-take={cards_attr(t)}
                        aria-pressed={pressed.to_string()} aria-label={label} {onclick}>
                        if t.is_empty() {
                            <span class="lay-down">{ p.lay_down }</span>
                        } else {
                            { for table_order(t).into_iter().map(|c| html! { <MiniCard card={c} /> }) }
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
                        { for table_order(sets[0]).into_iter().map(|c| html! { <MiniCard card={c} /> }) }
                    </span>
                }
            } else if !my_turn && sets.len() >= 2 {
                html! {
                    <span class="capture-sets" dir="ltr">
                        { for sets.iter().map(|&t| html! {
                            <span class="mini-cards">
                                { for table_order(t).into_iter().map(|c| html! { <MiniCard card={c} /> }) }
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
                <div class={classes!("capture-panel", my_turn.then_some("mine"))} data-testid="capture-panel"
                    data-card={card.to_string()} data-options={sets.len().to_string()}
                    data-settled={settled.is_some().to_string()}
                    onclick={note_click.clone()} onkeydown={on_keys.clone()}>
                    <MiniCard card={card} />
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
        html! { <HiddenHand count={view.hand_counts[bottom.idx()]} /> }
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
                <Hand hand={view.hand} legal={legal_cards} my_turn={my_turn} on_play={on_hand}
                    selected={my_turn.then_some(picked)} />
            </div>
        }
    };

    let result = screen.result(view.result.as_ref(), |r, w| {
        let on_next = w.on_next.reform(|_: MouseEvent| ());
        let on_new = w.on_new.reform(|_: MouseEvent| ());
        score_sheet(lang, seen, view, r, &teams, on_next, on_new)
    });

    let seat_view = |seat: Seat| {
        let pos = seen.pos(seat);
        html! {
            <SeatView {seat} {pos} name={seen.name(seat)}
                count={view.hand_counts[seat.idx()]} is_hakem=false
                is_turn={turn == Some(seat)} trump={None} backs={pos != Pos::Bottom}>
                if view.dealer == seat {
                    <span class="dealer-chip" data-testid="dealer" title={p.dealer}>{ p.dealer }</span>
                }
            </SeatView>
        }
    };
    let seats = screen.others(seat_view);

    screen.frame(Frame {
        phase: phase_name(phase),
        turn,
        scoreboard: board(lang, view, &teams, my_side),
        seats,
        center,
        has_panel: false,
        bottom_seat: seat_view(bottom),
        status,
        bar_extra: capture_panel,
        hand,
        result,
    })
}

/// One count of a side's pile, as a small chip with its spoken name.
fn chip(class: &'static str, icon: Html, label: &str, value: String, spoken: String) -> Html {
    let aria = format!("{label}: {spoken}");
    html! {
        <span class={classes!("chip", class)} role="img" aria-label={aria.clone()} title={aria}>
            <span aria-hidden="true" class="chip-icon">{ icon }</span>
            <span aria-hidden="true">{ value }</span>
        </span>
    }
}

fn suit_icon(suit: Suit) -> Html {
    html! {
        <svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
            { suit_shape(suit, 50.0, 50.0, 84.0, false) }
        </svg>
    }
}

/// A side's chips: pile size, clubs, surs, jacks, aces, and whether 10♦ and 2♣ are in.
fn side_chips(lang: Lang, t: &SideTally) -> [Html; 7] {
    let p = lang.pasur();
    let num = |n: u8| lang.num(n);
    let has = |b: bool| (if b { p.taken } else { p.not_taken }).to_string();
    [
        chip(
            "pile",
            html! { <CardSvg card={None::<Card>} /> },
            p.pile,
            num(t.cards),
            num(t.cards),
        ),
        chip(
            if t.clubs >= 7 { "clubs seven" } else { "clubs" },
            suit_icon(Suit::Clubs),
            p.clubs,
            num(t.clubs),
            num(t.clubs),
        ),
        chip(
            if t.surs > 0 { "surs has" } else { "surs" },
            html! { { p.surs } },
            p.surs,
            num(t.surs),
            num(t.surs),
        ),
        chip(
            "jacks",
            html! { { "J" } },
            p.jacks,
            num(t.jacks),
            num(t.jacks),
        ),
        chip("aces", html! { { "A" } }, p.aces, num(t.aces), num(t.aces)),
        chip(
            if t.ten_of_diamonds {
                "card10d has"
            } else {
                "card10d"
            },
            Html::default(),
            p.ten_diamonds,
            format!("{}♦", lang.num(10)),
            has(t.ten_of_diamonds),
        ),
        chip(
            if t.two_of_clubs {
                "card2c has"
            } else {
                "card2c"
            },
            Html::default(),
            p.two_clubs,
            format!("{}♣", lang.num(2)),
            has(t.two_of_clubs),
        ),
    ]
}

/// A side's tally as a row of chips.
fn tally_chips(lang: Lang, t: &SideTally) -> Html {
    html! { <span class="side-chips">{ for side_chips(lang, t) }</span> }
}

/// What each chip counts and what it is worth (PA-10), behind a button of the top bar.
fn chips_legend(lang: Lang, t: &SideTally) -> Html {
    let p = lang.pasur();
    let meanings = [
        p.pile_help,
        p.line_clubs,
        p.line_surs,
        p.line_jacks,
        p.line_aces,
        p.line_ten,
        p.line_two,
    ];
    html! {
        <details class="chips-help" data-testid="chips-help">
            <summary>{ p.chips_help }</summary>
            <dl class="panel chips-legend">
                { for side_chips(lang, t).into_iter().zip(meanings).map(|(c, m)| html! {
                    <div class="legend-row"><dt>{ c }</dt><dd>{ m }</dd></div>
                }) }
            </dl>
        </details>
    }
}

/// The top bar: per side its pile (D-8), this round's points so far and the match total
/// toward the target; the round, the deal and the target.
fn board(lang: Lang, view: &PasurView, teams: &[AttrValue; 2], my_side: usize) -> Html {
    let p = lang.pasur();
    let order = [my_side, 1 - my_side];
    let row = |side: usize| {
        let t = &view.sides[side];
        let total = view.totals[side];
        html! {
            <div class={classes!("pasur-side", (side == my_side).then_some("mine"))}
                data-testid={format!("side-{side}")} data-side={side.to_string()}
                data-pile={t.cards.to_string()} data-clubs={t.clubs.to_string()}
                data-surs={t.surs.to_string()} data-jacks={t.jacks.to_string()}
                data-aces={t.aces.to_string()} data-ten-diamonds={t.ten_of_diamonds.to_string()}
                data-two-clubs={t.two_of_clubs.to_string()} data-points={t.points.to_string()}
                data-total={total.to_string()} role="group" aria-label={teams[side].clone()}>
                <span class="team-name">{ teams[side].clone() }</span>
                { tally_chips(lang, t) }
                <span class="side-points" data-testid={format!("points-{side}")}
                    data-value={t.points.to_string()} title={p.this_round}>
                    { lang.num(t.points) }
                </span>
                <span class="side-total" data-testid={format!("total-{side}")}
                    data-value={total.to_string()} title={p.total}>
                    { lang.num(total) }
                </span>
            </div>
        }
    };
    html! {
        <div class="scoreboard pasur-board">
            <div class="pasur-sides" data-testid="score">
                <div class="pasur-side pasur-head" aria-hidden="true">
                    <span class="team-name" data-testid="round" data-value={view.round_number.to_string()}>
                        { fill(p.round_n, &[("n", &lang.num(view.round_number))]) }
                    </span>
                    <span class="side-chips"></span>
                    <span class="side-points">{ p.this_round }</span>
                    <span class="side-total">{ p.total }</span>
                </div>
                { for order.iter().map(|&side| row(side)) }
            </div>
            <div class="table-info">
                { chips_legend(lang, &view.sides[my_side]) }
                <span class="target" data-testid="target" data-value={view.settings.target.to_string()}>
                    { fill(p.game_to, &[("n", &lang.num(view.settings.target))]) }
                </span>
                <span class="deal" data-testid="deal" data-value={view.deal_number.to_string()}>
                    { fill(p.deal_of, &[("n", &lang.num(view.deal_number)), ("k", &lang.num(view.deals_per_round))]) }
                </span>
            </div>
        </div>
    }
}

/// One line of the score sheet: the test id's name, the label, and per side the points
/// and the count behind them.
type SheetLine = (&'static str, &'static str, [(i32, i32); 2]);

/// The lines of the score sheet (PA-10), the pile's size first (a count, no points).
fn sheet_lines(lang: Lang, r: &RoundResult) -> Vec<SheetLine> {
    let p = lang.pasur();
    let per = |f: fn(&ScoreLine) -> (i32, i32)| [f(&r.sides[0]), f(&r.sides[1])];
    vec![
        ("cards", p.line_cards, per(|l| (0, l.cards as i32))),
        (
            "clubs",
            p.line_clubs,
            per(|l| (l.clubs_points, l.clubs as i32)),
        ),
        (
            "ten-diamonds",
            p.line_ten,
            per(|l| (l.ten_of_diamonds, (l.ten_of_diamonds > 0) as i32)),
        ),
        (
            "two-clubs",
            p.line_two,
            per(|l| (l.two_of_clubs, (l.two_of_clubs > 0) as i32)),
        ),
        ("jacks", p.line_jacks, per(|l| (l.jacks, l.jacks))),
        ("aces", p.line_aces, per(|l| (l.aces, l.aces))),
        ("surs", p.line_surs, per(|l| (l.sur_points, l.surs as i32))),
    ]
}

/// The round's score sheet: line by line per side, the round's total, the match totals
/// toward the target, who took the last table cards (PA-6); at the end the winner.
fn score_sheet(
    lang: Lang,
    seen: &Seen,
    view: &PasurView,
    r: &RoundResult,
    teams: &[AttrValue; 2],
    on_next: Callback<MouseEvent>,
    on_new: Callback<MouseEvent>,
) -> Html {
    let s = lang.s();
    let p = lang.pasur();
    let over = view.winner.is_some();
    let title = if over {
        s.match_over.to_string()
    } else {
        fill(p.round_over, &[("n", &lang.num(view.round_number))])
    };
    let target = view.settings.target as i32;
    let order = [seen.bottom.side(), 1 - seen.bottom.side()];
    let winner_text = view.winner.map(|w| {
        if seen.n == 2 && Seat(w as u8) == seen.bottom && seen.cover.is_none() {
            p.match_won_you.to_string()
        } else if seen.n == 4 {
            fill(p.match_won_team, &[("team", &teams[w])])
        } else {
            fill(p.match_won_by, &[("name", &teams[w])])
        }
    });
    let tie = !over && r.totals[0] == r.totals[1] && r.totals[0] >= target;
    let last_to = teams[r.last_cards_to].clone();
    let cell = |line: &'static str, side: usize, points: i32, count: i32, note: Option<String>| {
        html! {
            <td data-testid={format!("sheet-{line}-{side}")} data-value={points.to_string()}
                data-count={count.to_string()} class={classes!((points > 0).then_some("scored"))}>
                { lang.num(points) }
                if let Some(note) = note {
                    <small class="sheet-note">{ note }</small>
                }
            </td>
        }
    };
    let lines = sheet_lines(lang, r);
    let mut panel = html! {
        <section class={classes!("panel", "result-panel", "pasur-sheet", over.then_some("match-over"))}
            data-testid="score-sheet" data-round={view.round_number.to_string()}
            data-last-to={r.last_cards_to.to_string()} data-last-cards={cards_attr(r.last_cards)}
            role="dialog" aria-modal="false" aria-labelledby="result-title">
            <h2 id="result-title">{ title }</h2>
            if let (Some(w), Some(text)) = (view.winner, winner_text) {
                <p class="match-winner" data-testid="match-result" data-winner={w.to_string()}>{ text }</p>
            }
            <table class="result-table sheet-table">
                <thead>
                    <tr>
                        <th></th>
                        { for order.iter().map(|&side| html! {
                            <th scope="col" class={classes!((side == seen.bottom.side()).then_some("mine"))}>
                                { teams[side].clone() }
                            </th>
                        }) }
                    </tr>
                </thead>
                <tbody>
                    { for lines.iter().map(|&(line, label, per)| html! {
                        <tr class={format!("line-{line}")} data-testid={format!("sheet-{line}")}>
                            <th scope="row">{ label }</th>
                            { for order.iter().map(|&side| {
                                let (points, count) = per[side];
                                match line {
                                    // The pile's size: a count, not points.
                                    "cards" => html! {
                                        <td data-testid={format!("sheet-cards-{side}")} data-value="0"
                                            data-count={count.to_string()} class="count-only">
                                            { lang.num(count) }
                                        </td>
                                    },
                                    "clubs" => cell(line, side, points, count,
                                        Some(fill(p.n_clubs, &[("n", &lang.num(count))]))),
                                    "surs" => cell(line, side, points, count,
                                        (count > 0).then(|| fill(if count == 1 { p.n_sur_one } else { p.n_surs }, &[("n", &lang.num(count))]))),
                                    _ => cell(line, side, points, count, None),
                                }
                            }) }
                        </tr>
                    }) }
                    <tr class="line-round" data-testid="sheet-round">
                        <th scope="row">{ p.line_round }</th>
                        { for order.iter().map(|&side| html! {
                            <td data-testid={format!("sheet-round-{side}")} data-value={r.sides[side].total.to_string()}>
                                { lang.num(r.sides[side].total) }
                            </td>
                        }) }
                    </tr>
                    <tr class="line-match" data-testid="sheet-match">
                        <th scope="row">{ p.line_match }</th>
                        { for order.iter().map(|&side| html! {
                            <td data-testid={format!("sheet-match-{side}")} data-value={r.totals[side].to_string()}
                                class={classes!((view.winner == Some(side)).then_some("won"))}>
                                { fill(s.score_of, &[("n", &lang.num(r.totals[side])), ("t", &lang.num(target))]) }
                            </td>
                        }) }
                    </tr>
                </tbody>
            </table>
            <p class="last-cards" data-testid="last-cards">
                if r.last_cards.is_empty() {
                    { p.last_cards_none }
                } else {
                    <span>
                        if r.last_cards.len() == 1 {
                            { about(lang, &last_to, p.last_card_one, p.last_card_one_you, &[]) }
                        } else {
                            { about(lang, &last_to, p.last_cards, p.last_cards_you, &[("n", &lang.num(r.last_cards.len()))]) }
                        }
                    </span>
                    <span class="mini-cards" dir="ltr">
                        { for table_order(r.last_cards).into_iter().map(|c| html! { <MiniCard card={c} /> }) }
                    </span>
                }
            </p>
            if tie {
                <p class="help" data-testid="tie-note">{ p.tie_plays_on }</p>
            }
            { result_actions_labelled(lang, over, p.next_round, on_next, on_new) }
        </section>
    };
    // Per side, as attributes for tests (names ending in a digit are written this way).
    if let Html::VTag(tag) = &mut panel {
        let tag = std::rc::Rc::make_mut(tag);
        for side in 0..2 {
            tag.add_attribute(
                if side == 0 {
                    "data-total-0"
                } else {
                    "data-total-1"
                },
                r.sides[side].total.to_string(),
            );
            tag.add_attribute(
                if side == 0 {
                    "data-match-0"
                } else {
                    "data-match-1"
                },
                r.totals[side].to_string(),
            );
        }
    }
    html! { <div class="overlay result-overlay">{ panel }</div> }
}

impl super::TablePage for Pasur {
    type Screen = PasurTable;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapters::UiGame;
    use crate::config::TableConfig;
    use crate::state::TableState;
    use engine::Game;
    use engine::Status;
    use std::rc::Rc;
    use yew::Reducible;

    fn set(cards: &str) -> CardSet {
        engine::card::parse_cards(cards)
            .unwrap()
            .into_iter()
            .collect()
    }

    fn card(c: &str) -> Card {
        c.parse().unwrap()
    }

    #[test]
    fn marks_show_the_chosen_set_and_the_others_to_choose_from() {
        // 7♣ on 4♦ 4♠ 3♥ 1… : two sets (4♦, 4♠).
        let sets = [set("4D"), set("4S")];
        assert_eq!(chosen(2, None), None);
        let m = marks(&sets, None);
        assert_eq!(m.take, CardSet::EMPTY);
        assert_eq!(m.maybe, set("4D 4S"));
        let m = marks(&sets, Some(1));
        assert_eq!(m.take, set("4S"));
        assert_eq!(m.maybe, set("4D"));
        // One set: it is in force at once.
        assert_eq!(chosen(1, None), Some(0));
        let m = marks(&[set("8H 3C")], chosen(1, None));
        assert_eq!(m.take, set("8H 3C"));
        assert!(m.maybe.is_empty());
        // Nothing to take: nothing is marked.
        assert!(!marks(&[CardSet::EMPTY], Some(0)).any());
        assert!(!marks(&[], None).any());
        // A choice that no longer exists is dropped.
        assert_eq!(chosen(2, Some(5)), None);
    }

    #[test]
    fn tapping_a_table_card_picks_a_set_holding_it_and_cycles_through_them() {
        // 2♣ 4♦ 5♥ 3♠ for a 5 (sum 6): {2♣ 4♦}, {5♥ ... } no: use explicit sets.
        let sets = [set("2C 4D"), set("2C 3S AH"), set("6H")];
        assert_eq!(pick_by_table_card(&sets, None, card("6H")), Some(2));
        assert_eq!(pick_by_table_card(&sets, None, card("2C")), Some(0));
        assert_eq!(pick_by_table_card(&sets, Some(0), card("2C")), Some(1));
        assert_eq!(
            pick_by_table_card(&sets, Some(1), card("2C")),
            Some(0),
            "back to the first"
        );
        assert_eq!(pick_by_table_card(&sets, Some(2), card("3S")), Some(1));
        assert_eq!(pick_by_table_card(&sets, Some(1), card("AH")), Some(1));
        assert_eq!(pick_by_table_card(&sets, Some(0), card("KS")), None);
    }

    fn game(seed: u64, players: u8, settings: PasurSettings) -> Pasur {
        Pasur::new(&engine::Setup {
            players,
            settings,
            deal: engine::Deal::seeded(seed),
        })
        .unwrap()
    }

    #[test]
    fn choices_come_from_the_legal_actions_and_name_each_set() {
        for forced in [true, false] {
            let settings = PasurSettings {
                forced_capture: forced,
                ..PasurSettings::default()
            };
            let mut g = game(3, 2, settings);
            for _ in 0..48 {
                let Some(t) = g.turn() else { break };
                let v = g.view(t);
                let legal = v.legal_actions();
                for c in v.hand.iter() {
                    let ch = choices(&legal, c);
                    let options = v.capture_options(c);
                    let sets: Vec<CardSet> = ch.iter().map(takes).collect();
                    if options.is_empty() {
                        assert_eq!(sets, vec![CardSet::EMPTY], "{c}: laid down");
                    } else {
                        assert_eq!(sets[..options.len()], options[..], "{c}");
                        assert_eq!(sets.len(), options.len() + usize::from(!forced));
                    }
                    for a in &ch {
                        g.clone().apply(t, a).expect("every choice is legal");
                    }
                }
                g.apply(t, &legal[legal.len() - 1]).unwrap();
            }
        }
    }

    #[test]
    fn arrows_step_through_a_row() {
        assert_eq!(arrow_step("ArrowRight"), Some(1));
        assert_eq!(arrow_step("ArrowDown"), Some(1));
        assert_eq!(arrow_step("ArrowLeft"), Some(-1));
        assert_eq!(arrow_step("ArrowUp"), Some(-1));
        assert_eq!(arrow_step("Enter"), None);
        assert_eq!(
            hand_card(card("10D")),
            "[data-testid=hand] button[data-card=\"10D\"]"
        );
    }

    #[test]
    fn table_cards_are_drawn_by_pasur_value() {
        let v: Vec<String> = table_order(set("KS 10D AH JC 2C QH 5S"))
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(v, ["AH", "2C", "5S", "10D", "JC", "QH", "KS"]);
        assert_eq!(cards_attr(set("4D AS")), "AS 4D");
    }

    /// A table of `seats` with easy bots, as the browser tests seat them (`bots=e…`).
    fn config(seed: u64, seats: &str) -> TableConfig<PasurSettings> {
        let easy = "e".repeat(seats.matches('b').count());
        let q = format!("seed={seed}&seats={seats}&bots={easy}");
        TableConfig::<PasurSettings>::from_query(&q, &[2, 4]).config
    }

    /// What the browser test does at its turn (tests/e2e/tests/pasur.test.mjs): tap the
    /// first card of the hand as it is drawn; with several sets, take the last one.
    fn e2e_choice(st: &TableState<Pasur>, seat: Seat) -> (PasurAction, usize) {
        let v = st.game().view(seat);
        let first = crate::card_order::sort_hand(v.hand)[0];
        let ch = choices(&v.legal_actions(), first);
        (ch[ch.len() - 1], ch.len())
    }

    /// Plays the first round as the browser test does; returns how many of your turns
    /// offered several sets, and the result.
    fn round_as_the_e2e_test(config: TableConfig<PasurSettings>) -> (usize, RoundResult) {
        let (several, r, _) = round_with_table_sizes(config);
        (several, r)
    }

    /// [`round_as_the_e2e_test`], with the most cards on the table at one of your turns.
    fn round_with_table_sizes(config: TableConfig<PasurSettings>) -> (usize, RoundResult, u32) {
        let st = Rc::new(TableState::<Pasur>::new(config));
        let (_, several, r, most) = play_round_as_the_e2e_test(st);
        (several, r, most)
    }

    /// Plays the round in progress as the browser test does; returns the state after it,
    /// how many of your turns offered several sets, the result and the most cards on the
    /// table at one of your turns.
    fn play_round_as_the_e2e_test(
        mut st: Rc<TableState<Pasur>>,
    ) -> (Rc<TableState<Pasur>>, usize, RoundResult, u32) {
        let mut several = 0;
        let mut most = 0;
        while st.game().status() != Status::HandOver && st.game().status() != Status::MatchOver {
            let (seat, action) = match st.bot_to_act() {
                Some(bot) => (bot, st.bots.borrow_mut().choose(bot, st.step).unwrap()),
                None => {
                    let seat = st.to_act().unwrap();
                    most = most.max(st.game().table().len());
                    let (a, n) = e2e_choice(&st, seat);
                    several += usize::from(n >= 2);
                    (seat, a)
                }
            };
            let before = st.step as usize;
            st = st.reduce(TableAction::Act { seat, action });
            assert_eq!(st.step as usize, before + 1, "{action:?} is legal");
        }
        let r = st.game().view(Seat(0)).result.unwrap();
        (st, several, r, most)
    }

    /// A whole match played as the browser test does, round after round: per round its
    /// result, and the winner.
    fn match_as_the_e2e_test(config: TableConfig<PasurSettings>) -> (Vec<RoundResult>, usize) {
        let mut st = Rc::new(TableState::<Pasur>::new(config));
        let mut rounds = Vec::new();
        loop {
            let (next, _, r, _) = play_round_as_the_e2e_test(st);
            rounds.push(r);
            st = next;
            if let Some(w) = st.game().view(Seat(0)).winner {
                return (rounds, w);
            }
            st = st.reduce(TableAction::NextHand);
            assert!(rounds.len() < 50, "the match ends");
        }
    }

    /// The browser test's table: you and a bot, where twice a card you play has several
    /// sets to choose from, and you score surs.
    const E2E_SEED: u64 = 17;

    #[test]
    fn the_browser_tests_seed_gives_you_a_choice_of_sets() {
        let (several, r) = round_as_the_e2e_test(config(E2E_SEED, "yb"));
        assert_eq!(several, 2, "seed {E2E_SEED}: choices");
        assert_eq!(r.sides[0].surs, 3, "your surs");
        let total: i32 = r.sides.iter().map(|l| l.total).sum();
        assert_eq!(
            total,
            20 + 5 * r.sides.iter().map(|l| l.surs as i32).sum::<i32>()
        );
    }

    #[test]
    fn the_browser_tests_seed_without_forced_capture_offers_laying_down() {
        let settings = PasurSettings {
            forced_capture: false,
            ..PasurSettings::default()
        };
        let st = TableState::<Pasur>::new(TableConfig {
            settings,
            ..config(E2E_SEED, "yb")
        });
        assert_eq!(st.to_act(), Some(Seat(0)), "you play first");
        let v = st.game().view(Seat(0));
        let sets: Vec<CardSet> = choices(&v.legal_actions(), card("2H"))
            .iter()
            .map(takes)
            .collect();
        assert_eq!(sets, vec![set("9D"), set("9H"), CardSet::EMPTY]);
    }

    /// Finds seeds for the browser test (run with `--ignored --nocapture`).
    #[test]
    #[ignore]
    fn find_seeds_with_a_choice_of_sets() {
        for seed in 0..40 {
            let (several, r, most) = round_with_table_sizes(config(seed, "yb"));
            println!(
                "seed {seed}: {several} choices, surs {:?}, at most {most} table cards",
                [r.sides[0].surs, r.sides[1].surs]
            );
        }
    }

    /// The browser test's short match (tests/e2e/tests/pasur.test.mjs): to 62, you and a
    /// bot, over after two rounds.
    const E2E_MATCH_SEED: u64 = 102;

    #[test]
    fn the_browser_tests_short_match_ends_after_two_rounds() {
        let (rounds, winner) = match_as_the_e2e_test(config(E2E_MATCH_SEED, "yb"));
        assert_eq!(rounds.len(), 2, "seed {E2E_MATCH_SEED}: rounds");
        let last = rounds.last().unwrap();
        for side in 0..2 {
            let sum: i32 = rounds.iter().map(|r| r.sides[side].total).sum();
            assert_eq!(last.totals[side], sum, "side {side}: the running total");
        }
        assert!(last.totals[winner] >= 62 && last.totals[winner] > last.totals[1 - winner]);
    }

    /// Finds seeds where a match to 62 ends soon (run with `--ignored --nocapture`).
    #[test]
    #[ignore]
    fn find_seeds_with_a_short_match() {
        for seed in 0..300 {
            let (rounds, w) = match_as_the_e2e_test(config(seed, "yb"));
            if rounds.len() <= 3 {
                let last = rounds.last().unwrap();
                println!(
                    "seed {seed}: {} rounds, winner {w}, totals {:?}",
                    rounds.len(),
                    last.totals
                );
            }
        }
    }

    #[test]
    fn whole_match_through_the_reducer_with_bots() {
        let mut st = Rc::new(TableState::<Pasur>::new(config(2, "ybbb")));
        let mut person = Pasur::bot(7);
        for _ in 0..5000 {
            match st.game().status() {
                Status::MatchOver => break,
                Status::HandOver => st = st.reduce(TableAction::NextHand),
                Status::Acting(_) => {
                    let seat = st.to_act().unwrap();
                    let action = match st.bot_to_act() {
                        Some(bot) => st.bots.borrow_mut().choose(bot, st.step).unwrap(),
                        None => person.choose(&st.view, &st.legal),
                    };
                    st = st.reduce(TableAction::Act { seat, action });
                }
            }
        }
        let v = st.game().view(Seat(0));
        assert_eq!(phase_name(v.phase), "match_over");
        assert!(v.winner.is_some());
        let restored = TableState::<Pasur>::restore(&st.save().unwrap()).unwrap();
        assert_eq!(restored.game().state_hash(), st.game().state_hash());
    }

    #[test]
    fn the_sheet_lines_add_up_to_the_rounds_total() {
        let (_, r) = round_as_the_e2e_test(config(E2E_SEED, "yb"));
        for lang in [Lang::Fa, Lang::En] {
            let lines = sheet_lines(lang, &r);
            for side in 0..2 {
                let sum: i32 = lines.iter().map(|l| l.2[side].0).sum();
                assert_eq!(sum, r.sides[side].total, "side {side}");
            }
        }
    }
}
