//! Pasur's settings, actions, events, errors, view and score sheet.

use super::state::capture_options_into;
use crate::card::{Card, CardSet};
use crate::game::RuleError;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Room settings (RULES.md PA-1 … PA-8). Missing fields take their defaults.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct PasurSettings {
    /// PA-1, PA-11: the match ends when a side reaches this total: 62, 100 or 150.
    pub target: u16,
    /// PA-2, the classic table check (default on): a single jack among the four table
    /// cards is replaced by the next stock card (the jack goes back into the stock); two
    /// or more jacks, three or more queens or three or more kings: deal again.
    pub classic_deal: bool,
    /// PA-3 (default off): a jack takes the numerals and the jacks together, instead of
    /// the player choosing one group when both are on the table.
    pub jack_takes_all: bool,
    /// PA-4 (default on): a card that can capture must capture; off, it may be laid down.
    pub forced_capture: bool,
    /// PA-7 (default off): a jack that clears the table of numerals scores a sur (never
    /// when it took jacks alone).
    pub jack_sur: bool,
    /// PA-8 (default off): a sur made with the last card of the round does not count.
    pub no_sur_on_last_card: bool,
}

impl Default for PasurSettings {
    fn default() -> Self {
        PasurSettings {
            target: 62,
            classic_deal: true,
            jack_takes_all: false,
            forced_capture: true,
            jack_sur: false,
            no_sur_on_last_card: false,
        }
    }
}

/// One action: play a card from hand, and say what it captures (PA-3, PA-4).
///
/// JSON: `{"play":"7C","take":["4D"]}` captures 4♦ with 7♣; `{"play":"7C","take":[]}`
/// lays 7♣ down without capturing (only where that is allowed: the card captures nothing,
/// or the room turned "forced capture" off); `{"play":"JS"}` lets the engine work the
/// capture out: nothing to capture lays the card down, a single capture option takes it,
/// and several options are refused (`choose_capture`) so that the player names one.
///
/// [`crate::Game::legal_actions`] lists one action per distinct outcome: every capture
/// with its `take`, and a laying-down as `{"play":…}` (or `{"play":…,"take":[]}` when the
/// card could have captured).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasurAction {
    /// The card played from hand.
    pub play: Card,
    /// The table cards it captures (empty: laid down); `None`: worked out by the engine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take: Option<CardSet>,
}

impl PasurAction {
    /// `{"play":card}`: the engine works out the capture.
    pub fn play(card: Card) -> PasurAction {
        PasurAction {
            play: card,
            take: None,
        }
    }

    /// `{"play":card,"take":[…]}`: captures exactly `take` (empty: lays the card down).
    pub fn take(card: Card, take: CardSet) -> PasurAction {
        PasurAction {
            play: card,
            take: Some(take),
        }
    }
}

/// What an applied action showed everybody. Cards played and captured were face up; a
/// new deal is announced without its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PasurEvent {
    /// `seat` played `card`, capturing `took` from the table (empty: laid down).
    Played {
        seat: Seat,
        card: Card,
        took: CardSet,
        /// PA-7: the capture cleared the table and scored a sur.
        sur: bool,
        /// PA-5: every hand was empty and four more cards each were dealt.
        dealt: bool,
        /// The round is over and scored (PA-6, PA-10).
        round_over: bool,
    },
}

/// One side's capture so far, as everyone may see it (D-8): counts and the PA-10 point
/// cards, not the captured cards themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideTally {
    /// Cards in the side's captured pile.
    pub cards: u8,
    /// Clubs among them (PA-10: 7 or more of the 13 score 7).
    pub clubs: u8,
    /// Surs scored (PA-7).
    pub surs: u8,
    /// Jacks captured (1 point each).
    pub jacks: u8,
    /// Aces captured (1 point each).
    pub aces: u8,
    /// 10♦ captured (3 points).
    pub ten_of_diamonds: bool,
    /// 2♣ captured (2 points).
    pub two_of_clubs: bool,
    /// Points so far this round by PA-10 (clubs only once 7 are in).
    pub points: i32,
}

/// One side's line of the round's score sheet (PA-10): each category's points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScoreLine {
    /// Cards captured in the round (the last table cards of PA-6 included).
    pub cards: u8,
    /// Clubs captured.
    pub clubs: u8,
    /// 7 for the side with 7 or more clubs, else 0.
    pub clubs_points: i32,
    /// 3 for 10♦, else 0.
    pub ten_of_diamonds: i32,
    /// 2 for 2♣, else 0.
    pub two_of_clubs: i32,
    /// Jacks captured: 1 point each.
    pub jacks: i32,
    /// Aces captured: 1 point each.
    pub aces: i32,
    /// Surs scored.
    pub surs: u8,
    /// 5 points per sur.
    pub sur_points: i32,
    /// The side's points for the round.
    pub total: i32,
}

/// A finished round's score sheet (PA-6, PA-10, PA-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundResult {
    /// The score line of each side (side 0: seats 0 and 2; side 1: seats 1 and 3).
    pub sides: [ScoreLine; 2],
    /// PA-6: the cards left on the table at the end, and the side that received them.
    pub last_cards: CardSet,
    pub last_cards_to: usize,
    /// Match totals after the round.
    pub totals: [i32; 2],
}

impl RoundResult {
    /// The sides with the most points this round (both on a tie).
    pub fn winners(&self) -> Vec<usize> {
        let best = self.sides[0].total.max(self.sides[1].total);
        (0..2).filter(|&s| self.sides[s].total == best).collect()
    }
}

/// The phase of the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PasurPhase {
    /// Cards are played in turn (PA-3).
    Playing,
    /// The round is scored; the next one is dealt on request.
    HandOver,
    /// A side won the match (PA-11).
    MatchOver,
}

/// The play just made, for a screen to show where the card went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LastPlay {
    pub seat: Seat,
    pub card: Card,
    /// The table cards captured with it (empty: the card was laid on the table).
    pub took: CardSet,
    /// PA-7: it scored a sur.
    pub sur: bool,
}

/// What one seat sees (C-5, D-8): its own hand and everything public, nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasurView {
    /// The seat this view is for.
    pub seat: Seat,
    /// Number of players (2, or 4 in two partnerships).
    pub players: u8,
    /// The room settings.
    pub settings: PasurSettings,
    pub phase: PasurPhase,
    /// The seat to play, if any.
    pub turn: Option<Seat>,
    pub dealer: Seat,
    /// 1 for the first round of the match.
    pub round_number: u16,
    /// PA-5: this round's deal, 1 … `deals_per_round` (6 with 2 players, 3 with 4).
    pub deal_number: u8,
    pub deals_per_round: u8,
    /// PA-2: times this round was dealt again (two jacks, three queens or kings).
    pub redeals: u8,
    /// PA-2: table jacks that were replaced this round (seen face up, now in the stock).
    pub replaced_jacks: CardSet,
    /// This seat's own cards.
    pub hand: CardSet,
    /// How many cards each seat holds.
    pub hand_counts: Vec<u8>,
    /// Cards left in the stock.
    pub stock: u8,
    /// The face-up cards on the table.
    pub table: CardSet,
    /// Per side (side 0: seats 0 and 2): pile size, clubs, surs and point cards (D-8).
    pub sides: [SideTally; 2],
    /// Who captured last this round (PA-6: the last table cards go to that side).
    pub last_capture: Option<Seat>,
    /// The play just made.
    pub last_play: Option<LastPlay>,
    /// Match totals per side.
    pub totals: [i32; 2],
    /// The finished round's score sheet.
    pub result: Option<RoundResult>,
    /// The side that won the match.
    pub winner: Option<usize>,
}

impl PasurView {
    /// The side this view's seat scores for (seats 0 and 2 are side 0).
    pub fn side(&self) -> usize {
        self.seat.side()
    }

    /// What `card` would capture from the current table (PA-3): each option is one set of
    /// table cards, in the engine's fixed order; empty if it captures nothing (the card
    /// would be laid down). For a screen's "playing this card captures …".
    pub fn capture_options(&self, card: Card) -> Vec<CardSet> {
        let mut out = Vec::new();
        capture_options_into(card, self.table, self.settings.jack_takes_all, &mut out);
        out
    }

    /// This seat's legal actions, as [`crate::Game::legal_actions`] lists them (empty
    /// unless it is this seat's turn).
    pub fn legal_actions(&self) -> Vec<PasurAction> {
        let mut out = Vec::new();
        <super::Pasur as crate::table::GameView>::legal_from_view(self, &mut out);
        out
    }
}

/// A broken Pasur rule; one variant per rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasurError {
    /// C-2: it is another seat's turn (or nobody's).
    NotYourTurn { seat: Seat },
    /// C-5: the card is not in the player's hand.
    NotInHand(Card),
    /// PA-3: a card to capture is not on the table.
    NotOnTable(Card),
    /// PA-3: a numeral captures table numerals that sum with it to 11.
    MustSumToEleven { card: Card },
    /// PA-3: a jack takes all the numerals or all the jacks on the table (both together
    /// with `jack_takes_all`), never a queen or king.
    JackTakesAll { card: Card },
    /// PA-3: a king captures exactly one king, a queen exactly one queen.
    TakesOneOfItsRank { card: Card },
    /// PA-3: the card has several capture options; the action must name one.
    ChooseCapture { card: Card, options: u32 },
    /// PA-4: a card that can capture must capture (forced capture).
    MustCapture { card: Card },
    /// The next round can only be dealt once this one is over, and not after the match.
    HandNotOver,
}

impl fmt::Display for PasurError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PasurError::NotYourTurn { seat } => write!(f, "it is not seat {seat}'s turn"),
            PasurError::NotInHand(c) => write!(f, "{c} is not in the player's hand"),
            PasurError::NotOnTable(c) => write!(f, "{c} is not on the table (PA-3)"),
            PasurError::MustSumToEleven { card } => write!(
                f,
                "{card} captures table numerals that sum with it to 11 (PA-3)"
            ),
            PasurError::JackTakesAll { card } => write!(
                f,
                "{card} takes all the numerals or all the jacks on the table, never a queen or king (PA-3)"
            ),
            PasurError::TakesOneOfItsRank { card } => write!(
                f,
                "{card} captures exactly one card of its own rank (PA-3)"
            ),
            PasurError::ChooseCapture { card, options } => write!(
                f,
                "{card} can capture in {options} ways: name the cards to take (PA-3)"
            ),
            PasurError::MustCapture { card } => {
                write!(f, "{card} can capture, so it must (PA-4)")
            }
            PasurError::HandNotOver => write!(f, "the round is not over"),
        }
    }
}

impl std::error::Error for PasurError {}

impl RuleError for PasurError {
    fn rule(&self) -> &'static str {
        match self {
            PasurError::NotYourTurn { .. } => "C-2",
            PasurError::NotInHand(_) => "C-5",
            PasurError::NotOnTable(_)
            | PasurError::MustSumToEleven { .. }
            | PasurError::JackTakesAll { .. }
            | PasurError::TakesOneOfItsRank { .. }
            | PasurError::ChooseCapture { .. } => "PA-3",
            PasurError::MustCapture { .. } => "PA-4",
            PasurError::HandNotOver => "",
        }
    }

    fn code(&self) -> &'static str {
        match self {
            PasurError::NotYourTurn { .. } => "not_your_turn",
            PasurError::NotInHand(_) => "not_in_hand",
            PasurError::NotOnTable(_) => "not_on_table",
            PasurError::MustSumToEleven { .. } => "must_sum_to_eleven",
            PasurError::JackTakesAll { .. } => "jack_takes_all",
            PasurError::TakesOneOfItsRank { .. } => "takes_one_of_its_rank",
            PasurError::ChooseCapture { .. } => "choose_capture",
            PasurError::MustCapture { .. } => "must_capture",
            PasurError::HandNotOver => "hand_not_over",
        }
    }
}
