//! The table shell: what every game's table screen does before and after it draws its own
//! parts. [`use_screen`] opens the table (its state, the device's language, what the
//! bottom seat sees, the act callback); the screen draws its centre, hand, status, seats
//! and result from it; [`Screen::frame`] puts them in the shared frame. "Choose k cards"
//! (Hokm's discards HK-13, Shelem's SH-5, Bidel's pass BD-2) is one hook,
//! [`use_card_choice`]. A new game's table is its own parts and nothing else.

use super::{frame, new_match_callback, use_table, Frame, TableProps};
use crate::adapters::UiGame;
use crate::components::analysis;
use crate::config::TableConfig;
use crate::context::use_lang;
use crate::i18n::Lang;
use crate::seen::Seen;
use crate::state::{TableAction, TableState};
use engine::{Card, CardSet, Seat, Status};
use yew::prelude::*;

/// One render of a table screen: the table's state and what the bottom seat sees.
pub struct Screen<G: UiGame> {
    /// The table's state (dispatch actions through it).
    pub state: UseReducerHandle<TableState<G>>,
    pub lang: Lang,
    pub seen: Seen,
    /// The bottom seat's view.
    pub view: G::View,
    /// The bottom seat (the person the screen is for).
    pub bottom: Seat,
    /// The number of seats.
    pub n: u8,
    /// The bottom seat may act now.
    pub my_turn: bool,
    /// Plays an action for the bottom seat.
    pub act: Callback<G::Action>,
}

/// Opens a table screen of `G` for a table link (and, online, a room).
#[hook]
pub fn use_screen<G: UiGame>(props: &TableProps<G::Settings>) -> Screen<G> {
    let lang = use_lang();
    let state = use_table::<G>(props.config.clone(), props.online.clone());
    let seen = Seen::of(&state, lang);
    let bottom = seen.bottom;
    let act = {
        let d = state.dispatcher();
        Callback::from(move |action: G::Action| {
            d.dispatch(TableAction::Act {
                seat: bottom,
                action,
            })
        })
    };
    Screen {
        view: state.view.clone(),
        bottom,
        n: seen.n,
        my_turn: seen.my_turn,
        lang,
        seen,
        state,
        act,
    }
}

/// What a result panel is given: the next hand, a new match, and the hand analysis (a
/// local table's only: its log holds every hand, D-8).
pub struct ResultWiring {
    pub on_next: Callback<()>,
    pub on_new: Callback<()>,
    pub analysis: Option<analysis::Request>,
}

impl<G: UiGame> Screen<G> {
    /// The table's state.
    pub fn st(&self) -> &TableState<G> {
        &self.state
    }

    /// The table's link settings and seats.
    pub fn config(&self) -> &TableConfig<G::Settings> {
        &self.state.config
    }

    /// Plays several actions of the bottom seat together, all or none (a choice of cards).
    pub fn act_all(&self) -> Callback<Vec<G::Action>> {
        let d = self.state.dispatcher();
        let seat = self.bottom;
        Callback::from(move |actions| d.dispatch(TableAction::ActAll { seat, actions }))
    }

    /// The plates of every seat but the bottom one.
    pub fn others(&self, plate: impl Fn(Seat) -> Html) -> Html {
        (0..self.n)
            .map(Seat)
            .filter(|&s| s != self.bottom)
            .map(plate)
            .collect()
    }

    /// The result panel once the hand is over and no trick is held any more (`panel` draws
    /// it from `result`, the hand's result in the view): nothing before.
    pub fn result<R>(
        &self,
        result: Option<&R>,
        panel: impl FnOnce(&R, ResultWiring) -> Html,
    ) -> Html {
        let st = self.st();
        let over = matches!(st.status, Status::HandOver | Status::MatchOver);
        match result.filter(|_| over && st.held.is_none()) {
            Some(r) => {
                let d = self.state.dispatcher();
                panel(
                    r,
                    ResultWiring {
                        on_next: Callback::from(move |_| d.dispatch(TableAction::NextHand)),
                        on_new: new_match_callback::<G>(self.config()),
                        analysis: crate::local::analysis(st),
                    },
                )
            }
            None => Html::default(),
        }
    }

    /// Draws the table: the screen's parts in the shared frame.
    pub fn frame(&self, parts: Frame) -> Html {
        frame(&self.state, &self.seen, self.lang, parts)
    }
}

/// A state of one moment of the table (a choice half made, a toggle): back to `init()`
/// after every step of the game and when another person takes the device.
#[hook]
pub fn use_step_state<G: UiGame, T: 'static>(
    screen: &Screen<G>,
    init: impl Fn() -> T + 'static,
) -> UseStateHandle<T> {
    let state = use_state(&init);
    {
        let state = state.clone();
        use_effect_with((screen.st().step, screen.bottom), move |_| {
            state.set(init())
        });
    }
    state
}

/// A choice of cards from the hand, made one click at a time and confirmed together.
#[derive(Clone)]
pub struct CardChoice {
    chosen: UseStateHandle<CardSet>,
}

/// "Choose k cards": the cards chosen so far, forgotten whenever `reset` changes (a new hand,
/// another person at the device, another phase).
#[hook]
pub fn use_card_choice<R: PartialEq + 'static>(reset: R) -> CardChoice {
    let chosen = use_state(|| CardSet::EMPTY);
    {
        let chosen = chosen.clone();
        use_effect_with(reset, move |_| chosen.set(CardSet::EMPTY));
    }
    CardChoice { chosen }
}

impl CardChoice {
    /// The cards chosen and still in `hand` while the choice is `active` (none otherwise).
    pub fn chosen(&self, hand: CardSet, active: bool) -> CardSet {
        if active {
            CardSet(self.chosen.0 & hand.0)
        } else {
            CardSet::EMPTY
        }
    }

    /// A click on a card of the hand: chosen, or taken back if it was; a card beyond
    /// `at_most` is refused. `now` is [`CardChoice::chosen`] of this render.
    pub fn toggle(&self, now: CardSet, at_most: u32) -> Callback<Card> {
        let chosen = self.chosen.clone();
        Callback::from(move |c: Card| chosen.set(toggle(now, c, at_most)))
    }

    /// Forgets the cards chosen.
    pub fn clear(&self) {
        self.chosen.set(CardSet::EMPTY);
    }

    /// Confirms the choice `now` once it holds `k` cards: each card's action (`action`),
    /// all played together.
    pub fn confirm<A: 'static>(
        &self,
        act_all: Callback<Vec<A>>,
        now: CardSet,
        k: u32,
        action: fn(Card) -> A,
    ) -> Callback<MouseEvent> {
        Callback::from(move |_: MouseEvent| {
            if now.len() == k {
                act_all.emit(now.iter().map(action).collect());
            }
        })
    }
}

/// Toggles `card` in a choice of at most `at_most` cards.
pub fn toggle(chosen: CardSet, card: Card, at_most: u32) -> CardSet {
    let mut next = chosen;
    if chosen.contains(card) {
        next.remove(card);
    } else if chosen.len() < at_most {
        next.insert(card);
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::games::bidel::PASS_COUNT;

    #[test]
    fn a_choice_holds_at_most_k_cards() {
        // Bidel's pass (BD-2): three cards.
        let k = u32::from(PASS_COUNT);
        let cards: Vec<Card> = ["2C", "3C", "4C", "5C"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        let mut chosen = CardSet::EMPTY;
        for &c in &cards {
            chosen = toggle(chosen, c, k);
        }
        assert_eq!(chosen.len(), 3, "the fourth is refused");
        assert!(!chosen.contains(cards[3]));
        chosen = toggle(chosen, cards[0], k);
        assert_eq!(chosen.len(), 2, "a second click takes a card back");
    }
}
