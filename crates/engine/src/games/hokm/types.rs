//! Hokm's settings, actions, events, errors and view.

use crate::card::{Card, CardSet, Rank, Suit};
use crate::game::RuleError;
pub use crate::games::trick::TrickCards;
use crate::seat::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// Room settings (RULES.md HK-2, HK-4, HK-5, HK-9, HK-11). Missing fields take defaults;
/// every setting applies to both forms (4 players, and 2 players by HK-13) except
/// `partners_by_second_ace`, which a 2-player setup refuses.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct HokmSettings {
    /// HK-2: dealing goes on to a second ace, whose receiver becomes the hakem's partner
    /// (4 players only: a 2-player setup with it on is refused).
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

/// One action. JSON: `{"trump":"H"}`, `{"trump":"sars"}`, `"redeal"`, `{"play":"QH"}`, and
/// in the 2-player form (HK-13) `{"discard":"QS"}`, `"keep"`, `"take_next"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HokmAction {
    /// HK-4: the hakem names trump (or a no-trump mode allowed by the settings).
    Trump(Trump),
    /// HK-5: the hakem throws in a weak first five and the same dealer deals again.
    Redeal,
    /// HK-6: play a card to the trick.
    Play(Card),
    /// HK-13: discard one card face down, out of play (the hakem 3, the other player 2;
    /// both choose at once, one card per action).
    Discard(Card),
    /// HK-13: keep the top card of the stock (which only the drawer sees); the next card
    /// is then seen and discarded.
    Keep,
    /// HK-13: discard the top card of the stock and keep the next one.
    TakeNext,
}

impl HokmAction {
    /// The trump this action names (HK-4), if it names one.
    pub fn trump(&self) -> Option<Trump> {
        match self {
            Self::Trump(t) => Some(*t),
            _ => None,
        }
    }
}

/// One value per seat (4, or 2 in the 2-player form), stored without allocating so that
/// building a view stays cheap for bots. Derefs to a slice (`counts[seat.idx()]`,
/// `.iter()`, `.len()`); JSON: a list with one entry per seat.
#[derive(Clone, Copy)]
pub struct PerSeat<T> {
    items: [T; 4],
    len: u8,
}

impl<T: Copy + Default> PerSeat<T> {
    /// The first `len` values of `items` (at most 4); the others are ignored (not
    /// compared, hashed or shown).
    #[inline]
    pub fn new(items: [T; 4], len: u8) -> PerSeat<T> {
        PerSeat {
            items,
            len: len.min(4),
        }
    }

    /// The values, seat 0's first.
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy + Default> Deref for PerSeat<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy + Default + PartialEq> PartialEq for PerSeat<T> {
    fn eq(&self, other: &PerSeat<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq> Eq for PerSeat<T> {}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq<[T; N]> for PerSeat<T> {
    fn eq(&self, other: &[T; N]) -> bool {
        self.as_slice() == other.as_slice()
    }
}

/// As the slice of its values: four values hash as the `[T; 4]` they replaced (the
/// 4-player hand result), so 4-player state hashes did not change with HK-13.
impl<T: Copy + Default + Hash> Hash for PerSeat<T> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h)
    }
}

impl<T: Copy + Default + fmt::Debug> fmt::Debug for PerSeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy + Default + Serialize> Serialize for PerSeat<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>> Deserialize<'de> for PerSeat<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        if v.len() > 4 {
            return Err(serde::de::Error::custom("at most 4 seats"));
        }
        let mut items = [T::default(); 4];
        items[..v.len()].copy_from_slice(&v);
        Ok(PerSeat::new(items, v.len() as u8))
    }
}

/// A completed trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trick {
    /// Who led it.
    pub leader: Seat,
    /// The cards in play order, the leader's first: one per player (never a joker).
    #[serde(deserialize_with = "cards_without_jokers")]
    pub cards: TrickCards,
    /// Who won it (HK-6).
    pub winner: Seat,
}

/// A trick's cards from JSON, refusing a joker: Hokm is played without them.
fn cards_without_jokers<'de, D: Deserializer<'de>>(d: D) -> Result<TrickCards, D::Error> {
    let cards = TrickCards::deserialize(d)?;
    if cards.iter().any(|c| c.is_joker()) {
        return Err(serde::de::Error::custom("Hokm is played without jokers"));
    }
    Ok(cards)
}

/// What an applied action showed everybody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HokmEvent {
    /// The hakem named trump; with 4 players the rest of the hand has been dealt, with 2
    /// the discards follow (HK-13).
    TrumpChosen { hakem: Seat, trump: Trump },
    /// The hakem threw in a weak hand; the same dealer dealt again (HK-5).
    Redealt { hakem: Seat },
    /// HK-13: `seat` discarded a card face down (never shown); `left`: how many it still
    /// has to discard. Play goes to the stock once both seats have none left.
    Discarded { seat: Seat, left: u8 },
    /// HK-13: `seat` took its turn at the stock: it kept one card and discarded one. Which
    /// cards, and whether it kept the first, are hidden. `stock`: cards left in the stock;
    /// at 0 the hakem leads the first trick.
    Drew { seat: Seat, stock: u8 },
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
    /// Cards still in each hand, one entry per seat, shown to all at the end of the hand
    /// (D-8). The 2-player form's discards are not shown: they stay out of play, face down.
    pub remaining: PerSeat<CardSet>,
}

/// The phase of the hand. The 4-player hand goes ChoosingTrump → Playing → HandOver; the
/// 2-player hand (HK-13) ChoosingTrump → Discarding → Drawing → Playing → HandOver.
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
    // The 2-player phases come last so that the 4-player state hashes did not change.
    /// HK-13: both players discard face down at once, the hakem 3 cards, the other 2.
    Discarding,
    /// HK-13: 21 turns at the stock, hakem first: keep the top card or take the next.
    Drawing,
}

/// What one seat sees (C-5, D-8): its own hand and everything public, nothing else.
/// Per-seat lists ([`PerSeat`]) hold one entry per seat (`players` of them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HokmView {
    /// The seat this view is for.
    pub seat: Seat,
    /// Number of seats: 4, or 2 (HK-13).
    pub players: u8,
    /// The room settings.
    pub settings: HokmSettings,
    pub phase: HokmPhase,
    /// The seat to act, if any (none while both players discard at once, HK-13: see
    /// `to_discard`).
    pub turn: Option<Seat>,
    pub dealer: Seat,
    /// حاکم: names trump and leads the first trick.
    pub hakem: Seat,
    /// Which participant sits in each seat (HK-2's partner swap can move two of them).
    pub seating: PerSeat<u8>,
    /// HK-2: the face-up cards dealt to choose the first hakem, in order.
    pub hakem_draw: Vec<(Seat, Card)>,
    /// HK-2: the seats whose occupants swapped to make the second ace the hakem's partner.
    pub seat_swap: Option<(Seat, Seat)>,
    /// This seat's own cards.
    pub hand: CardSet,
    /// How many cards each seat holds.
    pub hand_counts: PerSeat<u8>,
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
    /// HK-13: cards left in the stock (42 after the deal, 0 with 4 players), the top card
    /// the drawer is looking at included.
    pub stock: u8,
    /// HK-13: the top card of the stock, shown only to the seat whose turn it is to draw.
    pub drawn: Option<Card>,
    /// HK-13: per seat, how many cards it must still discard face down (nonzero only while
    /// discarding).
    pub to_discard: PerSeat<u8>,
    /// HK-13: per seat, how many cards it has discarded this hand (face down, out of play).
    pub discard_counts: PerSeat<u8>,
    /// HK-13: this seat's own discards this hand (only it has seen them).
    pub discards: CardSet,
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
    /// HK-13: this seat has already discarded its share (the hakem 3, the other player 2).
    DiscardsDone { seat: Seat, count: u8 },
    /// HK-13: cards are played only once the stock is drawn (after the discards and the 21
    /// turns at the stock).
    StockNotDrawn,
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
            HokmError::DiscardsDone { seat, count } => write!(
                f,
                "seat {seat} has already discarded its {count} cards (HK-13)"
            ),
            HokmError::StockNotDrawn => write!(
                f,
                "cards are played only once the stock has been drawn (HK-13)"
            ),
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
            HokmError::DiscardsDone { .. } | HokmError::StockNotDrawn => "HK-13",
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
            HokmError::DiscardsDone { .. } => "discards_done",
            HokmError::StockNotDrawn => "stock_not_drawn",
        }
    }
}

/// The whole of a hand in play, every hand open: what a perfect-information solver needs
/// ([`crate::games::hokm::Hokm::play_position`]). It holds hidden cards: never show it to a
/// seat; it is for analysis after the hand, and for states a bot sampled itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayPosition {
    /// Seats: 4, or 2 (HK-13).
    pub players: u8,
    /// Each seat's cards (the last two empty with two players).
    pub hands: [CardSet; 4],
    /// Trump or no-trump mode (HK-4).
    pub trump: Trump,
    /// حاکم of this hand.
    pub hakem: Seat,
    /// Who led the current trick (who leads next when it is empty).
    pub leader: Seat,
    /// The current trick's cards so far, the leader's first.
    pub trick: TrickCards,
    /// Tricks won so far this hand, per side (HK-12).
    pub tricks: [u8; 2],
}
