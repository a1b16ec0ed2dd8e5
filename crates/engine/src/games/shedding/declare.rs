//! What both shedding games declare alike: the error type's shared variants with their
//! rule IDs, codes and messages ([`shedding_error`]), the view's shared fields in their wire
//! order ([`shedding_view`]), the phase and the result of a hand ([`shedding_hand`]), the
//! `Game` items both write alike ([`shedding_game_items`]), and the JSON forms of plays and
//! of the actions written as a word ([`serialize_play`], [`Raw`]).
//!
//! The types themselves stay each game's own (their names, variants and fields are the
//! wire forms and the other crates' API); the macros only write what both repeat.

use crate::card::Suit;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

/// A shedding game's error type: one variant per broken rule, each with its rule ID, its
/// code and its message ([`crate::game::RuleError`], `Display`). The variants both games
/// share are written here: first C-2 (not the seat's turn), an action of another phase and
/// C-5 (a card not in the hand); last, the next hand asked for before this one is over. The
/// game's own variants stand between them, each written
/// `Variant(binding: Type)? => ("rule", "code", "message"),` (the message may name the
/// binding).
macro_rules! shedding_error {
    (
        $(#[$m:meta])*
        pub enum $name:ident {
            $(
                $(#[$vm:meta])*
                $v:ident $(($b:ident: $t:ty))? => ($rule:literal, $code:literal, $msg:literal),
            )*
        }
    ) => {
        $(#[$m])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum $name {
            /// C-2: it is not this seat's turn.
            NotYourTurn {
                /// The seat that tried to act.
                seat: $crate::seat::Seat,
            },
            /// The action does not belong to this phase.
            WrongPhase,
            /// C-5: a card is not in the player's hand.
            NotInHand($crate::card::Card),
            $(
                $(#[$vm])*
                $v $(($t))?,
            )*
            /// The next hand can only be dealt once this one is over, and not after the match.
            HandNotOver,
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                match self {
                    $name::NotYourTurn { seat } => write!(f, "it is not seat {seat}'s turn"),
                    $name::WrongPhase => write!(f, "that action does not belong to this phase"),
                    $name::NotInHand(c) => write!(f, "{c} is not in the player's hand"),
                    $($name::$v $(($b))? => write!(f, $msg),)*
                    $name::HandNotOver => write!(f, "the hand is not over"),
                }
            }
        }

        impl ::std::error::Error for $name {}

        impl $name {
            /// C-2: whether `seat` may act when `turn` is the seat to act (none when the
            /// phase takes no action).
            #[inline]
            pub(crate) fn check_turn(
                turn: Option<$crate::seat::Seat>,
                seat: $crate::seat::Seat,
            ) -> Result<(), $name> {
                match turn {
                    Some(t) if t == seat => Ok(()),
                    Some(_) => Err($name::NotYourTurn { seat }),
                    None => Err($name::WrongPhase),
                }
            }
        }

        impl $crate::game::RuleError for $name {
            fn rule(&self) -> &'static str {
                match self {
                    $name::NotYourTurn { .. } => "C-2",
                    $name::WrongPhase | $name::HandNotOver => "",
                    $name::NotInHand(_) => "C-5",
                    $($name::$v { .. } => $rule,)*
                }
            }

            fn code(&self) -> &'static str {
                match self {
                    $name::NotYourTurn { .. } => "not_your_turn",
                    $name::WrongPhase => "wrong_phase",
                    $name::NotInHand(_) => "not_in_hand",
                    $($name::$v { .. } => $code,)*
                    $name::HandNotOver => "hand_not_over",
                }
            }
        }
    };
}
pub(crate) use shedding_error;

/// The items of [`crate::Game`] both shedding games write alike, standing in the game's
/// `impl Game`: its five types, and `setup`, `players`, `status` and `hand_score` read from
/// the parts both states keep (`setup`, `table`, `phase`, `turn()`, `result`).
macro_rules! shedding_game_items {
    (
        settings: $settings:ty,
        action: $action:ty,
        view: $view:ty,
        event: $event:ty,
        error: $error:ty,
        phase: $phase:ident,
    ) => {
        type Settings = $settings;
        type Action = $action;
        type View = $view;
        type Event = $event;
        type Error = $error;

        fn setup(&self) -> &$crate::game::Setup<$settings> {
            &self.setup
        }

        fn players(&self) -> u8 {
            self.table.n
        }

        fn status(&self) -> $crate::game::Status {
            $crate::games::shedding::parts::status(self.turn(), self.phase == $phase::MatchOver)
        }

        fn hand_score(&self) -> Option<$crate::game::HandScore> {
            self.result
                .as_ref()
                .map($crate::games::shedding::tally::Tally::hand_score)
        }
    };
}
pub(crate) use shedding_game_items;

/// A play's JSON object (CE-2, HX-2): `{"play": …, "suit"?: …, …, "last"?: true}`: the
/// card or cards played, the suit named if any, the game's `own` entries, and the last-card
/// declaration (D-6) if made. `len`: the number of entries, if the game tells it.
pub(crate) fn serialize_play<S: Serializer>(
    s: S,
    len: Option<usize>,
    play: &impl Serialize,
    suit: Option<Suit>,
    last: bool,
    own: impl FnOnce(&mut S::SerializeMap) -> Result<(), S::Error>,
) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(len)?;
    m.serialize_entry("play", play)?;
    if let Some(suit) = suit {
        m.serialize_entry("suit", &suit)?;
    }
    own(&mut m)?;
    if last {
        m.serialize_entry("last", &true)?;
    }
    m.end()
}

/// An action's JSON as read: a word (`"draw"`, `"pass"`) or the game's object `O`. (Its
/// name is in serde's message for JSON that is neither.)
#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum Raw<O> {
    /// `"draw"` or `"pass"`.
    Word(String),
    /// The game's object.
    Obj(O),
}

/// The action written as the word `w`: `draw` or `pass`.
pub(crate) fn word_action<A, E: serde::de::Error>(w: &str, draw: A, pass: A) -> Result<A, E> {
    match w {
        "draw" => Ok(draw),
        "pass" => Ok(pass),
        _ => Err(E::custom(format!("unknown action '{w}' (draw or pass)"))),
    }
}

/// A shedding game's view (C-5, D-8): the fields both games show, in their wire order, with
/// the game's own fields given in the places they stand in its JSON (after `to_act`, after
/// `dealer`, …). Its settings, phase and result types are the game's. The view's
/// [`super::SheddingView`] reads the shared fields; the game gives the other methods.
macro_rules! shedding_view {
    (
        $(#[$m:meta])*
        pub struct $name:ident {
            settings: $settings:ty,
            phase: $phase:ty,
            result: $result:ty,
            after_to_act: { $($to_act:tt)* },
            after_dealer: { $($dealer:tt)* },
            after_named_suit: { $($named:tt)* },
            after_pending_draw: { $($pending:tt)* },
            after_declared: { $($declared:tt)* },
            after_totals: { $($totals:tt)* },
            after_result: { $($result_:tt)* },
        }

        impl SheddingView { $($view_fns:tt)* }
    ) => {
        $(#[$m])*
        #[derive(Clone, Debug, PartialEq, Eq, ::serde::Serialize, ::serde::Deserialize)]
        pub struct $name {
            /// The seat this view is for.
            pub seat: $crate::seat::Seat,
            /// Number of players (C-1: 2 to 8 in Crazy Eights, 2 to 7 in Haft Khabis).
            pub players: u8,
            /// 1, or 2 at the larger tables (from six players: CE-1, HX-1).
            pub decks: u8,
            /// The room settings.
            pub settings: $settings,
            /// The phase of the hand.
            pub phase: $phase,
            /// The seat that may act now, if any.
            pub to_act: $crate::seat::SeatSet,
            $($to_act)*
            /// The dealer of this hand (D-1).
            pub dealer: $crate::seat::Seat,
            $($dealer)*
            /// 1 for the first hand of the match.
            pub hand_number: u16,
            /// This seat's cards.
            pub hand: $crate::card::CardBag,
            /// The top card of the discard pile.
            pub top: Option<$crate::card::Card>,
            /// The suit to follow, named with the wild card on top (CE-2; HX-8: a jack, none
            /// with a jack turned up: any card).
            pub named_suit: Option<$crate::card::Suit>,
            $($named)*
            /// The direction of play (C-2; reversed by CE-5, HX-3).
            pub direction: $crate::games::shedding::Direction,
            /// Cards the seat to act must draw unless it answers in kind (CE-5: with a two;
            /// HX-5: with a seven).
            pub pending_draw: u8,
            $($pending)*
            /// The card this seat just drew and may (CE-4) or must (HX-2) play at once (only
            /// its own).
            pub drawn: Option<$crate::card::Card>,
            /// Cards in each hand.
            pub hand_counts: Vec<u8>,
            /// Cards in the stock.
            pub stock: u8,
            /// Cards in the discard pile.
            pub discards: u8,
            /// Seats that declared their last card and still hold it (CE-8; HX-9: or an 8
            /// and one more).
            pub declared: $crate::seat::SeatSet,
            $($declared)*
            /// Match totals per player, lower is better (CE-10, in Countdown the scores,
            /// CE-12; HX-12, HX-13: penalties, in finishing order places, 0 until placed).
            pub totals: Vec<i32>,
            $($totals)*
            /// The finished hand's result (every hand shown, D-8).
            pub result: Option<$result>,
            $($result_)*
        }

        impl $crate::games::shedding::SheddingView for $name {
            fn seat(&self) -> $crate::seat::Seat {
                self.seat
            }
            fn players(&self) -> u8 {
                self.players
            }
            fn decks(&self) -> u8 {
                self.decks
            }
            fn hand_number(&self) -> u16 {
                self.hand_number
            }
            fn hand(&self) -> $crate::card::CardBag {
                self.hand
            }
            fn hand_counts(&self) -> &[u8] {
                &self.hand_counts
            }
            fn top(&self) -> Option<$crate::card::Card> {
                self.top
            }
            fn stock(&self) -> u8 {
                self.stock
            }
            fn discards(&self) -> u8 {
                self.discards
            }
            fn drawn(&self) -> Option<$crate::card::Card> {
                self.drawn
            }
            fn to_act(&self) -> $crate::seat::SeatSet {
                self.to_act
            }
            fn direction(&self) -> $crate::games::shedding::Direction {
                self.direction
            }
            fn totals(&self) -> &[i32] {
                &self.totals
            }
            fn named_suit(&self) -> Option<$crate::card::Suit> {
                self.named_suit
            }
            fn pending_draw(&self) -> u8 {
                self.pending_draw
            }
            fn declared(&self) -> $crate::seat::SeatSet {
                self.declared
            }
            $($view_fns)*
        }
    };
}
pub(crate) use shedding_view;

/// A shedding game's phase of the hand and result of a finished hand: the phase's first
/// variant (the dealer's choice on a special starting card) is the game's own, then play,
/// the hand scored and the match over; the result holds the winner, whether the hand was
/// blocked, every hand, the points and the totals, with the game's own fields in the
/// places they stand in its JSON (after `hands`, after `totals`).
macro_rules! shedding_hand {
    (
        $(#[$pm:meta])*
        pub enum $phase:ident {
            $(#[$fm:meta])*
            $first:ident,
        }

        $(#[$rm:meta])*
        pub struct $result:ident {
            after_hands: { $($hands:tt)* },
            after_totals: { $($totals:tt)* },
        }
    ) => {
        $(#[$pm])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $phase {
            $(#[$fm])*
            $first,
            /// Play.
            Playing,
            /// The hand is scored; the next hand is dealt on request.
            HandOver,
            /// The match is over.
            MatchOver,
        }

        impl $phase {
            /// Whether a seat acts in this phase: the dealer's choice or play.
            #[inline]
            pub fn acting(self) -> bool {
                matches!(self, $phase::$first | $phase::Playing)
            }
        }

        $(#[$rm])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, ::serde::Serialize, ::serde::Deserialize)]
        pub struct $result {
            /// The player who went out first (Crazy Eights' Countdown: reached 0); none in a
            /// blocked hand (D-4).
            pub winner: Option<$crate::seat::Seat>,
            /// D-4: the hand was blocked.
            pub blocked: bool,
            /// Every hand at the end, shown (D-8).
            pub hands: Vec<$crate::card::CardBag>,
            $($hands)*
            /// Points this hand per player (CE-10, HX-12: penalty points; Countdown, CE-12:
            /// the scores; finishing order, HX-13: each player's place).
            pub points: Vec<i32>,
            /// Match totals after this hand (Countdown: the scores).
            pub totals: Vec<i32>,
            $($totals)*
        }
    };
}
pub(crate) use shedding_hand;
