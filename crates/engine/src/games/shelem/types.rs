//! Shelem's settings, actions, events, errors and view.

use crate::card::{Card, CardSet, Suit};
use crate::game::RuleError;
use crate::games::hokm::Trump;
pub use crate::games::trick::TrickCards;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Room settings (RULES.md SH-3, SH-4, SH-6, SH-9). Missing fields take defaults.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct ShelemSettings {
    /// SH-3: play with the red and black jokers (54 cards, a widow of 6, 200 points).
    pub jokers: bool,
    /// SH-4: the lowest opening bid, 80..=120 in steps of 5 (not used by 2 players, SH-10).
    pub min_bid: u16,
    /// SH-9: the score that ends the game: 1000, 1165 or 1200.
    pub target: i32,
    /// HK-4 via SH-6: allow Sars (سرس): no trump, normal ranking.
    pub sars: bool,
    /// HK-4 via SH-6: allow Nars (نرس): no trump, 2 high … A low.
    pub nars: bool,
    /// HK-4 via SH-6: allow Ace-Nars (آس نرس): no trump, A highest, then 2 > 3 > … > K.
    pub ace_nars: bool,
}

impl ShelemSettings {
    /// SH-2, SH-10: the widow's cards, as many as the hakem lays down again (SH-5): 4, or 6
    /// with the jokers.
    pub fn widow_len(&self) -> u8 {
        if self.jokers {
            6
        } else {
            4
        }
    }
}

impl Default for ShelemSettings {
    fn default() -> Self {
        ShelemSettings {
            jokers: false,
            min_bid: 100,
            target: 1165,
            sars: false,
            nars: false,
            ace_nars: false,
        }
    }
}

/// One action. JSON: `{"bid":105}`, `"pass"`, `{"discard":"2C"}`, `{"trump":"H"}`,
/// `{"trump":"sars"}`, `{"play":"QH"}`, `{"joker_lead":{"joker":"RJ","suit":"H"}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShelemAction {
    /// SH-4: bid this many points (above the current bid, in steps of 5).
    Bid(u16),
    /// SH-4: pass for the rest of the auction.
    Pass,
    /// SH-5: the hakem lays one card face down; as many as the widow held, one at a time.
    Discard(Card),
    /// SH-6: the hakem names trump, or a no-trump mode the room allows (HK-4).
    Trump(Trump),
    /// HK-6: play a card to the trick.
    Play(Card),
    /// SH-6: lead a joker in a no-trump mode, naming the suit the others must follow.
    JokerLead { joker: Card, suit: Suit },
}

impl ShelemAction {
    /// The trump this action names (SH-6), if it names one.
    pub fn trump(&self) -> Option<Trump> {
        match self {
            Self::Trump(t) => Some(*t),
            _ => None,
        }
    }
}

/// A completed trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trick {
    /// Who led it.
    pub leader: Seat,
    /// The suit to follow (a no-trump joker lead names it, SH-6).
    pub led: Suit,
    /// The cards in play order, the leader's first.
    pub cards: TrickCards,
    /// Who won it (HK-6, SH-6).
    pub winner: Seat,
}

/// What an applied action showed everybody (a discarded card is never shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShelemEvent {
    /// SH-4: a bid; `hakem` is set when it ended the auction (nobody can bid higher).
    Bid {
        seat: Seat,
        points: u16,
        hakem: Option<Seat>,
    },
    /// SH-4: a pass; `hakem` is set when it ended the auction, `redealt` when everybody
    /// passed and the next dealer dealt again.
    Passed {
        seat: Seat,
        hakem: Option<Seat>,
        redealt: bool,
    },
    /// SH-5: the hakem laid a card face down; `left` more to go.
    Discarded { hakem: Seat, left: u8 },
    /// SH-6: trump or mode named; the hakem leads.
    TrumpChosen { hakem: Seat, trump: Trump },
    /// A card was played; `suit` is the suit named with a no-trump joker lead; `trick` is
    /// set when the card completed a trick.
    Played {
        seat: Seat,
        card: Card,
        suit: Option<Suit>,
        trick: Option<Trick>,
        hand_over: bool,
    },
}

/// The score sheet of a finished hand (SH-3, SH-5, SH-7, SH-8, SH-10).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandResult {
    pub hakem: Seat,
    pub bid: u16,
    pub trump: Trump,
    /// The points in play: 165 or 200 with four players, varying with two (SH-10).
    pub points_in_play: u16,
    /// Tricks won per side (the discards not counted).
    pub tricks: [u8; 2],
    /// Points taken per side, the discards (5 + their card points) included for the hakem.
    pub taken: [u16; 2],
    /// The hakem's discards, shown at the end of the hand (SH-5, D-8).
    pub discards: CardSet,
    /// Whether the hakem's side reached its bid (SH-7).
    pub made: bool,
    /// شلم: the hakem's side took every trick (SH-8).
    pub shelem: bool,
    /// Points scored this hand per side.
    pub points: [i32; 2],
}

/// The phase of the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShelemPhase {
    /// SH-4: the auction.
    Bidding,
    /// SH-5: the hakem has taken the widow and lays as many cards face down.
    Discarding,
    /// SH-6: the hakem names trump or a mode.
    NamingTrump,
    /// Tricks are played (HK-6, SH-6).
    Playing,
    /// The hand is scored; the next hand is dealt on request.
    HandOver,
    /// A side reached the target (SH-9).
    MatchOver,
}

/// What one seat sees (C-5, D-8): its own hand and everything public, nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShelemView {
    /// The seat this view is for.
    pub seat: Seat,
    pub players: u8,
    /// The room settings.
    pub settings: ShelemSettings,
    pub phase: ShelemPhase,
    /// The seat to act, if any.
    pub turn: Option<Seat>,
    pub dealer: Seat,
    /// SH-4: the highest bid so far and its bidder.
    pub bid: Option<(Seat, u16)>,
    /// SH-4: each seat's last bid this auction.
    pub bids: [Option<u16>; 4],
    /// SH-4: the seats that have passed.
    pub passed: [bool; 4],
    /// The lowest and highest bid this seat could make now (during its turn to bid).
    pub bid_range: Option<(u16, u16)>,
    /// حاکم: the auction's winner, once known.
    pub hakem: Option<Seat>,
    /// This seat's own cards (the hakem's include the widow once taken).
    pub hand: CardSet,
    /// How many cards each seat holds.
    pub hand_counts: [u8; 4],
    /// SH-5: the widow's cards, shown only to the hakem once taken.
    pub widow: Option<CardSet>,
    /// SH-5: the hakem's discards, shown only to the hakem.
    pub discards: Option<CardSet>,
    /// SH-5: how many cards have been discarded (public).
    pub discard_count: u8,
    /// Trump or mode, once named.
    pub trump: Option<Trump>,
    /// Who led the current trick.
    pub leader: Seat,
    /// The suit to follow in the current trick, once led.
    pub led: Option<Suit>,
    /// The current trick so far, in play order.
    pub trick: Vec<(Seat, Card)>,
    /// The trick just completed, until the next card is played (HK-11).
    pub last_trick: Option<Trick>,
    /// Tricks won this hand per side.
    pub tricks: [u8; 2],
    /// Points taken in tricks this hand per side (SH-3), the discards not counted (D-8).
    pub points: [u16; 2],
    /// Match score per side (SH-9).
    pub score: [i32; 2],
    /// 1 for the first hand of the match.
    pub hand_number: u16,
    /// The finished hand's score sheet (D-8).
    pub result: Option<HandResult>,
    /// The side that won the match.
    pub winner: Option<usize>,
}

/// A broken Shelem rule; one variant per rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShelemError {
    /// C-2: it is another seat's turn (or nobody's).
    NotYourTurn { seat: Seat },
    /// The action does not belong to this phase.
    WrongPhase,
    /// C-5: the card is not in the player's hand.
    NotInHand(Card),
    /// SH-4: a bid must be at least this (the minimum, or the current bid plus 5).
    BidTooLow { min: u16 },
    /// SH-4: a bid may not exceed the total points (165, or 200 with jokers).
    BidTooHigh { max: u16 },
    /// SH-4: bids go in steps of 5.
    BidNotInSteps(u16),
    /// HK-6: a player holding the suit to follow must follow it (jokers count as trumps).
    MustFollowSuit { led: Suit },
    /// SH-6 (HK-4): this no-trump mode is not enabled in the room.
    ModeNotAllowed(Trump),
    /// SH-6: a joker led in a no-trump mode must name the suit to follow.
    JokerLeadNeedsSuit,
    /// SH-6: a suit is named only when leading a joker in a no-trump mode.
    NoSuitToName,
    /// The next hand can only be dealt once this one is over, and not after the match.
    HandNotOver,
}

impl fmt::Display for ShelemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShelemError::NotYourTurn { seat } => write!(f, "it is not seat {seat}'s turn"),
            ShelemError::WrongPhase => write!(f, "that action does not belong to this phase"),
            ShelemError::NotInHand(c) => write!(f, "{c} is not in the player's hand"),
            ShelemError::BidTooLow { min } => write!(f, "a bid must be at least {min} (SH-4)"),
            ShelemError::BidTooHigh { max } => write!(f, "a bid may not exceed {max} (SH-4)"),
            ShelemError::BidNotInSteps(b) => {
                write!(f, "{b} is not a multiple of 5; bids go in steps of 5 (SH-4)")
            }
            ShelemError::MustFollowSuit { led } => {
                write!(f, "must follow the led suit {led} (HK-6, SH-6)")
            }
            ShelemError::ModeNotAllowed(t) => {
                write!(f, "the mode {} is not enabled (SH-6, HK-4)", t.name())
            }
            ShelemError::JokerLeadNeedsSuit => write!(
                f,
                "a joker led in a no-trump mode must name a suit: {{\"joker_lead\":{{\"joker\":\"RJ\",\"suit\":\"H\"}}}} (SH-6)"
            ),
            ShelemError::NoSuitToName => write!(
                f,
                "a suit is named only when leading a joker in a no-trump mode (SH-6)"
            ),
            ShelemError::HandNotOver => write!(f, "the hand is not over"),
        }
    }
}

impl std::error::Error for ShelemError {}

impl RuleError for ShelemError {
    fn rule(&self) -> &'static str {
        match self {
            ShelemError::NotYourTurn { .. } => "C-2",
            ShelemError::WrongPhase | ShelemError::HandNotOver => "",
            ShelemError::NotInHand(_) => "C-5",
            ShelemError::BidTooLow { .. }
            | ShelemError::BidTooHigh { .. }
            | ShelemError::BidNotInSteps(_) => "SH-4",
            ShelemError::MustFollowSuit { .. } => "HK-6",
            ShelemError::ModeNotAllowed(_)
            | ShelemError::JokerLeadNeedsSuit
            | ShelemError::NoSuitToName => "SH-6",
        }
    }

    fn code(&self) -> &'static str {
        match self {
            ShelemError::NotYourTurn { .. } => "not_your_turn",
            ShelemError::WrongPhase => "wrong_phase",
            ShelemError::NotInHand(_) => "not_in_hand",
            ShelemError::BidTooLow { .. } => "bid_too_low",
            ShelemError::BidTooHigh { .. } => "bid_too_high",
            ShelemError::BidNotInSteps(_) => "bid_not_in_steps",
            ShelemError::MustFollowSuit { .. } => "must_follow_suit",
            ShelemError::ModeNotAllowed(_) => "mode_not_allowed",
            ShelemError::JokerLeadNeedsSuit => "joker_lead_needs_suit",
            ShelemError::NoSuitToName => "no_suit_to_name",
            ShelemError::HandNotOver => "hand_not_over",
        }
    }
}
