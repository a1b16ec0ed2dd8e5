//! Hokm's settings, actions, events, errors and view.

use crate::card::{Card, CardSet, Rank, Suit};
use crate::game::RuleError;
use crate::seat::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Room settings (RULES.md HK-2, HK-4, HK-5, HK-9, HK-11). Missing fields take defaults.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct HokmSettings {
    /// HK-2: dealing goes on to a second ace, whose receiver becomes the hakem's partner.
    pub partners_by_second_ace: bool,
    /// HK-4: allow Sars (سرس): no trump, normal ranking.
    pub sars: bool,
    /// HK-4: allow Nars (نرس): no trump, ranking reversed (2 high … A low).
    pub nars: bool,
    /// HK-4: allow Ace-Nars (آس نرس): no trump, A highest, then 2 > 3 > … > K.
    pub ace_nars: bool,
    /// HK-5: a hakem whose first five cards hold no card above 10 may have them redealt.
    pub redeal_weak_hand: bool,
    /// HK-9: hand points that win the match: 3, 5 or 7.
    pub target: u8,
    /// HK-11: players may review the last completed trick until the next card is played.
    pub show_last_trick: bool,
}

impl Default for HokmSettings {
    fn default() -> Self {
        HokmSettings {
            partners_by_second_ace: false,
            sars: false,
            nars: false,
            ace_nars: false,
            redeal_weak_hand: true,
            target: 7,
            show_last_trick: false,
        }
    }
}

/// What the hakem names (HK-4): a trump suit, or one of the no-trump modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trump {
    /// A trump suit (the usual game).
    Suit(Suit),
    /// Sars (سرس): no trump, normal ranking.
    Sars,
    /// Nars (نرس): no trump, 2 high … A low.
    Nars,
    /// Ace-Nars (آس نرس): no trump, A highest, then 2 > 3 > … > K.
    AceNars,
}

impl Trump {
    /// Every choice in the engine's fixed order (suits ♣ ♦ ♥ ♠, then the modes).
    pub const ALL: [Trump; 7] = [
        Trump::Suit(Suit::Clubs),
        Trump::Suit(Suit::Diamonds),
        Trump::Suit(Suit::Hearts),
        Trump::Suit(Suit::Spades),
        Trump::Sars,
        Trump::Nars,
        Trump::AceNars,
    ];

    /// The trump suit, if this is not a no-trump mode.
    pub fn suit(self) -> Option<Suit> {
        match self {
            Trump::Suit(s) => Some(s),
            _ => None,
        }
    }

    /// The transcript name: C, D, H, S, sars, nars or ace_nars.
    pub fn name(self) -> &'static str {
        match self {
            Trump::Suit(Suit::Clubs) => "C",
            Trump::Suit(Suit::Diamonds) => "D",
            Trump::Suit(Suit::Hearts) => "H",
            Trump::Suit(Suit::Spades) => "S",
            Trump::Sars => "sars",
            Trump::Nars => "nars",
            Trump::AceNars => "ace_nars",
        }
    }

    /// The strongest card of `cards`, which all share one suit, under this choice's
    /// ranking (see [`Trump::strength`]): in index order the highest rank is the last card,
    /// except that Nars ranks the two highest and Ace-Nars ranks the ace, then the two.
    pub fn best_of_one_suit(self, cards: CardSet) -> Option<Card> {
        match self {
            Trump::Suit(_) | Trump::Sars => cards.last(),
            Trump::Nars => cards.first(),
            Trump::AceNars => match cards.last() {
                Some(c) if c.rank() == Rank::ACE => Some(c),
                _ => cards.first(),
            },
        }
    }

    /// Strength of a rank index (0 = two … 12 = ace) under this choice's ranking.
    pub fn strength(self, rank: u8) -> u8 {
        match self {
            Trump::Suit(_) | Trump::Sars => rank,
            Trump::Nars => 12 - rank,
            Trump::AceNars if rank == 12 => 13,
            Trump::AceNars => 12 - rank,
        }
    }
}

impl Serialize for Trump {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Trump {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Trump::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(&s))
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown trump '{s}' (expected C, D, H, S, sars, nars or ace_nars)"
                ))
            })
    }
}

/// One action. JSON: `{"trump":"H"}`, `{"trump":"sars"}`, `"redeal"`, `{"play":"QH"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HokmAction {
    /// HK-4: the hakem names trump (or a no-trump mode allowed by the settings).
    Trump(Trump),
    /// HK-5: the hakem throws in a weak first five and the same dealer deals again.
    Redeal,
    /// HK-6: play a card to the trick.
    Play(Card),
}

/// A completed trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trick {
    /// Who led it.
    pub leader: Seat,
    /// The cards in play order, the leader's first.
    pub cards: [Card; 4],
    /// Who won it (HK-6).
    pub winner: Seat,
}

/// What an applied action showed everybody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HokmEvent {
    /// The hakem named trump; the rest of the hand has been dealt.
    TrumpChosen { hakem: Seat, trump: Trump },
    /// The hakem threw in a weak hand; the same dealer dealt again (HK-5).
    Redealt { hakem: Seat },
    /// A card was played; `trick` is set when it completed a trick.
    Played {
        seat: Seat,
        card: Card,
        trick: Option<Trick>,
        hand_over: bool,
    },
}

/// The result of a finished hand (HK-7, HK-8).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandResult {
    /// The side that took seven tricks.
    pub winner: usize,
    /// Hand points scored: 1, 2 for a kot, 3 for a hakem kot.
    pub points: u8,
    /// Kot (کُت): the losing side took no trick.
    pub kot: bool,
    /// The losing side was the hakem's ("hakem kot").
    pub hakem_kot: bool,
    /// Tricks per side when the hand ended.
    pub tricks: [u8; 2],
    /// The hakem of the hand.
    pub hakem: Seat,
    /// The trump of the hand.
    pub trump: Trump,
    /// Cards still in each hand, shown to all at the end of the hand (D-8).
    pub remaining: [CardSet; 4],
}

/// The phase of the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HokmPhase {
    /// Everyone holds five cards; the hakem names trump (HK-3, HK-4) or redeals (HK-5).
    ChoosingTrump,
    /// Tricks are played (HK-6).
    Playing,
    /// The hand is scored; the next hand is dealt on request.
    HandOver,
    /// A side reached the target (HK-9).
    MatchOver,
}

/// What one seat sees (C-5, D-8): its own hand and everything public, nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HokmView {
    /// The seat this view is for.
    pub seat: Seat,
    /// The room settings.
    pub settings: HokmSettings,
    pub phase: HokmPhase,
    /// The seat to act, if any.
    pub turn: Option<Seat>,
    pub dealer: Seat,
    /// حاکم: names trump and leads the first trick.
    pub hakem: Seat,
    /// Which participant sits in each seat (HK-2's partner swap can move two of them).
    pub seating: [u8; 4],
    /// HK-2: the face-up cards dealt to choose the first hakem, in order.
    pub hakem_draw: Vec<(Seat, Card)>,
    /// HK-2: the seats whose occupants swapped to make the second ace the hakem's partner.
    pub seat_swap: Option<(Seat, Seat)>,
    /// This seat's own cards.
    pub hand: CardSet,
    /// How many cards each seat holds.
    pub hand_counts: [u8; 4],
    /// Trump or mode, once named (HK-12).
    pub trump: Option<Trump>,
    /// Who led the current trick.
    pub leader: Seat,
    /// The current trick so far, in play order.
    pub trick: Vec<(Seat, Card)>,
    /// The trick just completed, until the next card is played (HK-11).
    pub last_trick: Option<Trick>,
    /// Tricks won this hand per side (HK-12).
    pub tricks: [u8; 2],
    /// Match score per side (HK-9).
    pub score: [u8; 2],
    /// 1 for the first hand of the match.
    pub hand_number: u16,
    /// The finished hand's result, with all hands shown (D-8).
    pub result: Option<HandResult>,
    /// The side that won the match.
    pub winner: Option<usize>,
}

/// A broken Hokm rule; one variant per rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HokmError {
    /// C-2: it is another seat's turn (or nobody's).
    NotYourTurn { seat: Seat },
    /// The action does not belong to this phase (a card before trump, trump during play).
    WrongPhase,
    /// C-5: the card is not in the player's hand.
    NotInHand(Card),
    /// HK-6: a player holding the led suit must follow it.
    MustFollowSuit { led: Suit },
    /// HK-4: this no-trump mode is not enabled in the room.
    ModeNotAllowed(Trump),
    /// HK-5: redeal only with the setting on and no card above 10 among the first five.
    RedealNotAllowed,
    /// The next hand can only be dealt once this one is over, and not after the match.
    HandNotOver,
}

impl fmt::Display for HokmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HokmError::NotYourTurn { seat } => write!(f, "it is not seat {seat}'s turn"),
            HokmError::WrongPhase => write!(f, "that action does not belong to this phase"),
            HokmError::NotInHand(c) => write!(f, "{c} is not in the player's hand"),
            HokmError::MustFollowSuit { led } => {
                write!(f, "must follow the led suit {led} (HK-6)")
            }
            HokmError::ModeNotAllowed(t) => {
                write!(f, "the mode {} is not enabled (HK-4)", t.name())
            }
            HokmError::RedealNotAllowed => write!(
                f,
                "a redeal needs the setting and no card above 10 in the first five (HK-5)"
            ),
            HokmError::HandNotOver => write!(f, "the hand is not over"),
        }
    }
}

impl std::error::Error for HokmError {}

impl RuleError for HokmError {
    fn rule(&self) -> &'static str {
        match self {
            HokmError::NotYourTurn { .. } => "C-2",
            HokmError::WrongPhase | HokmError::HandNotOver => "",
            HokmError::NotInHand(_) => "C-5",
            HokmError::MustFollowSuit { .. } => "HK-6",
            HokmError::ModeNotAllowed(_) => "HK-4",
            HokmError::RedealNotAllowed => "HK-5",
        }
    }

    fn code(&self) -> &'static str {
        match self {
            HokmError::NotYourTurn { .. } => "not_your_turn",
            HokmError::WrongPhase => "wrong_phase",
            HokmError::NotInHand(_) => "not_in_hand",
            HokmError::MustFollowSuit { .. } => "must_follow_suit",
            HokmError::ModeNotAllowed(_) => "mode_not_allowed",
            HokmError::RedealNotAllowed => "redeal_not_allowed",
            HokmError::HandNotOver => "hand_not_over",
        }
    }
}
