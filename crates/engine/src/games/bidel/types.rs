//! Bidel's settings, actions, events, errors and view.

use crate::card::{Card, CardSet, Suit};
use crate::game::RuleError;
pub use crate::games::trick::TrickCards;
use crate::seat::{Seat, SeatSet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Room settings (RULES.md BD-8, BD-9, BD-10, HK-11 via D-8). Missing fields take defaults.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct BidelSettings {
    /// BD-8: the game ends when someone reaches this total: 100 or 200.
    pub target: u16,
    /// BD-9: K♠ and A♠ cost 7 each too, so a hand carries 40 points.
    pub forty_point_mode: bool,
    /// BD-10: from the second hand, a hakem names a trump suit (or no trump) before passing.
    pub trump_mode: bool,
    /// HK-11 (D-8): players may review the last completed trick until the next card.
    pub show_last_trick: bool,
}

impl Default for BidelSettings {
    fn default() -> Self {
        BidelSettings {
            target: 100,
            forty_point_mode: false,
            trump_mode: false,
            show_last_trick: false,
        }
    }
}

/// BD-2: how many cards each player passes.
pub const PASS_COUNT: u8 = 3;

/// BD-2: where the three passed cards go this hand (D-9's offsets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PassDirection {
    /// To the next seat, i+1.
    Right,
    /// To the previous seat, i-1.
    Left,
    /// To the seat opposite, i+2 (four players only).
    Across,
    /// No passing this hand.
    None,
}

impl PassDirection {
    /// BD-2: the direction of hand `hand_number` (1 for the first hand) at a table of `n`:
    /// right, left, across, none with four players; right, left, none with three.
    pub fn of_hand(hand_number: u16, n: u8) -> PassDirection {
        let i = hand_number.saturating_sub(1);
        if n == 3 {
            [
                PassDirection::Right,
                PassDirection::Left,
                PassDirection::None,
            ][(i % 3) as usize]
        } else {
            [
                PassDirection::Right,
                PassDirection::Left,
                PassDirection::Across,
                PassDirection::None,
            ][(i % 4) as usize]
        }
    }

    /// The number of seats after the passer (in turn order) that receives the cards.
    pub fn offset(self, n: u8) -> u8 {
        match self {
            PassDirection::Right => 1,
            PassDirection::Left => n - 1,
            PassDirection::Across => 2,
            PassDirection::None => 0,
        }
    }

    /// The seat that receives `seat`'s passed cards at a table of `n` (BD-2, D-9).
    pub fn receiver(self, seat: Seat, n: u8) -> Seat {
        seat.after(self.offset(n), n)
    }

    /// The seat whose passed cards `seat` receives at a table of `n` (BD-2, D-9).
    pub fn giver(self, seat: Seat, n: u8) -> Seat {
        seat.after(n - self.offset(n) % n, n)
    }
}

/// What the hakem names in trump mode (BD-10): a trump suit, or no trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BidelTrump {
    /// Cards of this suit win tricks (HK-6).
    Suit(Suit),
    /// No trump: the hand is played as ordinary Bidel (BD-6).
    NoTrump,
}

impl BidelTrump {
    /// Every choice in the engine's fixed order (D-7): ♣ ♦ ♥ ♠, then no trump.
    pub const ALL: [BidelTrump; 5] = [
        BidelTrump::Suit(Suit::Clubs),
        BidelTrump::Suit(Suit::Diamonds),
        BidelTrump::Suit(Suit::Hearts),
        BidelTrump::Suit(Suit::Spades),
        BidelTrump::NoTrump,
    ];

    /// The trump suit, if any.
    pub fn suit(self) -> Option<Suit> {
        match self {
            BidelTrump::Suit(s) => Some(s),
            BidelTrump::NoTrump => None,
        }
    }

    /// The transcript name: C, D, H, S or none.
    pub fn name(self) -> &'static str {
        match self {
            BidelTrump::Suit(Suit::Clubs) => "C",
            BidelTrump::Suit(Suit::Diamonds) => "D",
            BidelTrump::Suit(Suit::Hearts) => "H",
            BidelTrump::Suit(Suit::Spades) => "S",
            BidelTrump::NoTrump => "none",
        }
    }
}

impl Serialize for BidelTrump {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for BidelTrump {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        BidelTrump::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(&s))
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown trump '{s}' (expected C, D, H, S or none)"
                ))
            })
    }
}

/// One action. JSON: `{"pass":"QS"}`, `{"trump":"H"}`, `{"trump":"none"}`, `{"play":"2C"}`.
///
/// Passing (BD-2) is three single-card picks per seat: every seat that has not picked three
/// cards may act, in any order; the picked cards leave the hand at once (only their owner
/// sees them) and move to the receivers only after every seat has picked three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BidelAction {
    /// BD-2: pick one more card (of three) to pass.
    Pass(Card),
    /// BD-10: the hakem names trump or no trump.
    Trump(BidelTrump),
    /// BD-3 … BD-6: play a card to the trick.
    Play(Card),
}

/// A completed trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trick {
    /// Who led it.
    pub leader: Seat,
    /// The cards in play order, the leader's first.
    pub cards: TrickCards,
    /// Who took it (BD-6, or HK-6 in trump mode).
    pub winner: Seat,
    /// The points in it (BD-7, BD-9).
    pub points: u8,
}

/// What an applied action showed everybody. Never a passed card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BidelEvent {
    /// BD-10: the hakem named trump (or no trump).
    TrumpChosen { hakem: Seat, trump: BidelTrump },
    /// BD-2: `seat` has now picked `picked` cards (1..=3); `exchanged` when this pick was the
    /// last one missing and the cards have moved.
    PassPicked {
        seat: Seat,
        picked: u8,
        exchanged: bool,
    },
    /// A card was played; `trick` is set when it completed a trick.
    Played {
        seat: Seat,
        card: Card,
        trick: Option<Trick>,
        hand_over: bool,
    },
}

/// The result of a finished hand (BD-7, BD-8).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandResult {
    /// Points taken in tricks, per player.
    pub taken: Vec<u8>,
    /// Points scored this hand, per player, after shooting the moon.
    pub points: Vec<i32>,
    /// The player who took every point (BD-7), if any.
    pub moon: Option<Seat>,
    /// Who took Q♠ (the next hakem in trump mode, BD-10).
    pub queen_of_spades: Seat,
    /// The players with the fewest points this hand.
    pub winners: Vec<usize>,
    /// Match totals after this hand.
    pub totals: Vec<i32>,
}

/// The phase of the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BidelPhase {
    /// BD-10: the hakem names trump.
    ChoosingTrump,
    /// BD-2: every seat picks three cards to pass.
    Passing,
    /// Tricks are played (BD-3 … BD-6).
    Playing,
    /// The hand is scored; the next hand is dealt on request.
    HandOver,
    /// Someone reached the target with a single lowest total (BD-8).
    MatchOver,
}

/// What one seat sees (C-5, D-8): its own hand and everything public, nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidelView {
    /// The seat this view is for.
    pub seat: Seat,
    /// Number of players (3 or 4).
    pub players: u8,
    /// The room settings.
    pub settings: BidelSettings,
    pub phase: BidelPhase,
    /// The seats that may act now (all those still picking while passing).
    pub to_act: SeatSet,
    pub dealer: Seat,
    /// 1 for the first hand of the match.
    pub hand_number: u16,
    /// BD-2: this hand's passing direction.
    pub pass_direction: PassDirection,
    /// BD-10: حاکم, who names trump this hand (trump mode, from the second hand).
    pub hakem: Option<Seat>,
    /// BD-10: the trump named, once named.
    pub trump: Option<BidelTrump>,
    /// This seat's own cards (without the cards it picked to pass).
    pub hand: CardSet,
    /// BD-2: the cards this seat picked to pass, until the exchange.
    pub picked: CardSet,
    /// BD-2: the cards this seat passed, after the exchange.
    pub passed: CardSet,
    /// BD-2: the cards this seat received, after the exchange (to highlight them).
    pub received: CardSet,
    /// How many cards each seat holds (picked cards not counted).
    pub hand_counts: Vec<u8>,
    /// How many cards each seat has picked to pass so far.
    pub pick_counts: Vec<u8>,
    /// Who led the current trick.
    pub leader: Seat,
    /// The current trick so far, in play order.
    pub trick: Vec<(Seat, Card)>,
    /// The trick just completed, until the next card is played (HK-11).
    pub last_trick: Option<Trick>,
    /// BD-5: a heart has been played this hand.
    pub hearts_broken: bool,
    /// Points taken in tricks this hand, per player (D-8).
    pub points: Vec<u8>,
    /// Tricks taken this hand, per player.
    pub tricks: Vec<u8>,
    /// Match totals per player (lower is better).
    pub totals: Vec<i32>,
    /// The finished hand's result.
    pub result: Option<HandResult>,
    /// The winner of the match.
    pub winner: Option<Seat>,
}

/// A broken Bidel rule; one variant per rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BidelError {
    /// C-2: it is not this seat's turn (or it has already picked three cards to pass).
    NotYourTurn { seat: Seat },
    /// The action does not belong to this phase.
    WrongPhase,
    /// C-5: the card is not in the player's hand.
    NotInHand(Card),
    /// BD-3: the first trick is led with 2♣.
    MustLeadTwoOfClubs,
    /// BD-4: no heart or Q♠ (or, in 40-point mode, K♠/A♠) on the first trick.
    NoPointsOnFirstTrick(Card),
    /// BD-5: hearts are not led before one has been played, unless only hearts are held.
    HeartsNotBroken,
    /// BD-6: a player holding the led suit must follow it.
    MustFollowSuit { led: Suit },
    /// The next hand can only be dealt once this one is over, and not after the match.
    HandNotOver,
}

impl fmt::Display for BidelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BidelError::NotYourTurn { seat } => write!(f, "it is not seat {seat}'s turn"),
            BidelError::WrongPhase => write!(f, "that action does not belong to this phase"),
            BidelError::NotInHand(c) => write!(f, "{c} is not in the player's hand"),
            BidelError::MustLeadTwoOfClubs => {
                write!(f, "the first trick must be led with 2C (BD-3)")
            }
            BidelError::NoPointsOnFirstTrick(c) => write!(
                f,
                "{c} carries points and may not be played to the first trick (BD-4)"
            ),
            BidelError::HeartsNotBroken => {
                write!(f, "hearts may not be led before one is played (BD-5)")
            }
            BidelError::MustFollowSuit { led } => {
                write!(f, "must follow the led suit {led} (BD-6)")
            }
            BidelError::HandNotOver => write!(f, "the hand is not over"),
        }
    }
}

impl std::error::Error for BidelError {}

impl RuleError for BidelError {
    fn rule(&self) -> &'static str {
        match self {
            BidelError::NotYourTurn { .. } => "C-2",
            BidelError::WrongPhase | BidelError::HandNotOver => "",
            BidelError::NotInHand(_) => "C-5",
            BidelError::MustLeadTwoOfClubs => "BD-3",
            BidelError::NoPointsOnFirstTrick(_) => "BD-4",
            BidelError::HeartsNotBroken => "BD-5",
            BidelError::MustFollowSuit { .. } => "BD-6",
        }
    }

    fn code(&self) -> &'static str {
        match self {
            BidelError::NotYourTurn { .. } => "not_your_turn",
            BidelError::WrongPhase => "wrong_phase",
            BidelError::NotInHand(_) => "not_in_hand",
            BidelError::MustLeadTwoOfClubs => "must_lead_two_of_clubs",
            BidelError::NoPointsOnFirstTrick(_) => "no_points_on_first_trick",
            BidelError::HeartsNotBroken => "hearts_not_broken",
            BidelError::MustFollowSuit { .. } => "must_follow_suit",
            BidelError::HandNotOver => "hand_not_over",
        }
    }
}
