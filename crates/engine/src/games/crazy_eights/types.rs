//! Crazy Eights' settings, actions, events, errors and view.

use crate::card::{Card, CardBag, Rank, Suit};
use crate::games::shedding::declare::{
    serialize_play, shedding_error, shedding_hand, shedding_view, word_action, Raw,
};
use crate::games::shedding::CardRun;
use crate::seat::{Seat, SeatSet};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// CE-11: which rank is wild (the "8" of the rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WildRank {
    /// The eights (default).
    #[default]
    #[serde(rename = "8")]
    Eight,
    /// The jacks.
    #[serde(rename = "J")]
    Jack,
    /// The aces.
    #[serde(rename = "A")]
    Ace,
    /// The sevens.
    #[serde(rename = "7")]
    Seven,
}

impl WildRank {
    /// The rank.
    pub fn rank(self) -> Rank {
        match self {
            WildRank::Eight => Rank::EIGHT,
            WildRank::Jack => Rank::JACK,
            WildRank::Ace => Rank::ACE,
            WildRank::Seven => Rank::SEVEN,
        }
    }
}

/// CE-11: the wild card's power.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EightPower {
    /// Playable on anything; its player names the suit to follow (default, CE-2).
    #[default]
    Wild,
    /// Playable only on its own suit or on a wild card; names a suit.
    OwnSuit,
    /// Playable on anything; names no suit (the next player follows its suit or rank).
    NoSuit,
    /// Playable on anything; names a suit only when played on its own suit or on a wild card.
    SuitOnMatch,
}

/// Room settings (RULES.md CE-1 … CE-12). Missing fields take their defaults.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CrazyEightsSettings {
    /// CE-1: 8 cards each instead of 7 (two players) or 5.
    pub eight_cards_each: bool,
    /// CE-4: a player may draw only when unable to play.
    pub draw_only_when_unable: bool,
    /// CE-4: a drawn card that fits may be played at once.
    pub play_drawn_card: bool,
    /// CE-5: a queen skips the next player (the jack with `jack_skips_four_reverses`).
    pub queen_skips: bool,
    /// CE-5: an ace reverses the direction (the four with `jack_skips_four_reverses`).
    pub ace_reverses: bool,
    /// CE-5: a two makes the next player draw two unless they answer with a two, stacking.
    pub two_draws: bool,
    /// CE-8: a player left with one card must declare it or draw two (D-6).
    pub last_card: bool,
    /// CE-9: an empty stock is refilled from the discards (always in Countdown).
    pub reshuffle: bool,
    /// CE-10: the match ends when a total reaches this: 100, 200 or 500.
    pub target: u16,
    /// CE-11: several cards of equal rank may be played together.
    pub equal_cards: bool,
    /// CE-11: Q♠ makes the next player draw five, which is that player's turn.
    pub queen_of_spades_draws_five: bool,
    /// CE-11: the wild rank: "8", "J", "A" or "7".
    pub wild_rank: WildRank,
    /// CE-11: the jack skips and the four reverses, instead of the queen and the ace.
    pub jack_skips_four_reverses: bool,
    /// CE-11: the wild card's power.
    pub eight_power: EightPower,
    /// CE-12: Countdown.
    pub countdown: bool,
    /// CE-12: the seed's Countdown preset: J skips, 2 draws two, Q♠ draws five, equal cards
    /// together (only the last takes effect), no reverse.
    pub countdown_preset: bool,
}

impl Default for CrazyEightsSettings {
    fn default() -> Self {
        CrazyEightsSettings {
            eight_cards_each: false,
            draw_only_when_unable: false,
            play_drawn_card: false,
            queen_skips: true,
            ace_reverses: true,
            two_draws: true,
            last_card: true,
            reshuffle: true,
            target: 100,
            equal_cards: false,
            queen_of_spades_draws_five: false,
            wild_rank: WildRank::Eight,
            jack_skips_four_reverses: false,
            eight_power: EightPower::Wild,
            countdown: false,
            countdown_preset: false,
        }
    }
}

/// A play: one card or several of equal rank (CE-11), the suit named with a wild card that
/// names one (CE-2), and the last-card declaration (CE-8, D-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CrazyEightsPlay {
    /// The cards in play order; the last is the new top.
    pub cards: CardRun,
    /// The suit named (only with a wild card that names one).
    pub suit: Option<Suit>,
    /// D-6: the player declares that this play leaves one card.
    pub last: bool,
}

impl CrazyEightsPlay {
    /// One card, no suit, no declaration.
    pub const fn card(c: Card) -> CrazyEightsPlay {
        CrazyEightsPlay {
            cards: CardRun::one(c),
            suit: None,
            last: false,
        }
    }
}

/// One action. JSON: `{"play":"7H"}`, `{"play":"8S","suit":"H"}`, `{"play":["5H","5D"]}`,
/// `{"play":"9C","last":true}`, `"draw"`, `"pass"`, `{"suit":"D"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrazyEightsAction {
    /// CE-2: play one card (or several of equal rank, CE-11).
    Play(CrazyEightsPlay),
    /// CE-4: draw one card; with a two pending (CE-5), take the whole penalty.
    Draw,
    /// CE-4: keep a drawn card that could be played; D-4: a player who can neither play nor
    /// draw passes.
    Pass,
    /// CE-3: the dealer names the suit of a starting wild card.
    Suit(Suit),
}

impl Serialize for CrazyEightsAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            CrazyEightsAction::Draw => s.serialize_str("draw"),
            CrazyEightsAction::Pass => s.serialize_str("pass"),
            CrazyEightsAction::Suit(suit) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("suit", suit)?;
                m.end()
            }
            CrazyEightsAction::Play(p) => {
                let n = 1 + p.suit.is_some() as usize + p.last as usize;
                serialize_play(s, Some(n), &p.cards, p.suit, p.last, |_| Ok(()))
            }
        }
    }
}

impl<'de> Deserialize<'de> for CrazyEightsAction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Obj {
            play: Option<CardRun>,
            suit: Option<Suit>,
            #[serde(default)]
            last: bool,
        }
        let err = |m: &str| serde::de::Error::custom(m.to_string());
        match Raw::<Obj>::deserialize(d)? {
            Raw::Word(w) => word_action(&w, CrazyEightsAction::Draw, CrazyEightsAction::Pass),
            Raw::Obj(Obj {
                play: Some(cards),
                suit,
                last,
            }) => Ok(CrazyEightsAction::Play(CrazyEightsPlay {
                cards,
                suit,
                last,
            })),
            Raw::Obj(Obj {
                play: None,
                suit: Some(s),
                last: false,
            }) => Ok(CrazyEightsAction::Suit(s)),
            Raw::Obj(_) => Err(err(
                "expected {\"play\": card or cards, \"suit\"?, \"last\"?} or {\"suit\": S}",
            )),
        }
    }
}

/// What an applied action showed everybody. Never a hidden card (a drawn card stays
/// hidden; only how many were drawn is shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrazyEightsEvent {
    /// Cards were played.
    Played {
        seat: Seat,
        cards: CardRun,
        /// The suit named with a wild card.
        suit: Option<Suit>,
        /// D-6: declared a last card.
        declared: bool,
        /// The player's hand is empty (in Countdown: the score went down and new cards
        /// were dealt).
        out: bool,
        /// The consequences, in order.
        then: CrazyEightsAfter,
    },
    /// `seat` drew `count` cards (CE-4 one; CE-5 the pending penalty, `penalty` set).
    Drew {
        seat: Seat,
        count: u8,
        penalty: bool,
        /// CE-4 `play_drawn_card`: the drawn card fits and may be played now.
        may_play: bool,
        then: CrazyEightsAfter,
    },
    /// `seat` passed (kept a drawn card, or could neither play nor draw, D-4).
    Passed { seat: Seat, then: CrazyEightsAfter },
    /// CE-3: the dealer named the suit of the starting wild card.
    SuitNamed { seat: Seat, suit: Suit },
}

/// What followed an action, for everyone to see.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CrazyEightsAfter {
    /// D-6 / CE-8: this seat forgot to declare its last card and drew this many.
    pub last_card_penalty: Option<(Seat, u8)>,
    /// CE-11: Q♠ made this seat draw this many (its turn).
    pub forced_draw: Option<(Seat, u8)>,
    /// CE-12: the seat that went out was dealt this many new cards.
    pub dealt: Option<u8>,
    /// CE-9: the discards were shuffled into a new stock.
    pub reshuffled: bool,
    /// The hand (or in Countdown the match) ended.
    pub hand_over: bool,
    /// D-4: the hand ended blocked.
    pub blocked: bool,
}

shedding_hand! {
    /// The phase of the hand.
    pub enum CrazyEightsPhase {
        /// CE-3: the dealer names the suit of a starting wild card.
        DealerNamesSuit,
    }

    /// The result of a finished hand (CE-10; in Countdown, CE-12, the end of the match).
    pub struct CrazyEightsResult {
        after_hands: {},
        after_totals: {},
    }
}

shedding_view! {
    /// What one seat sees (C-5, D-8): its own hand and everything public, nothing else.
    pub struct CrazyEightsView {
        settings: CrazyEightsSettings,
        phase: CrazyEightsPhase,
        result: CrazyEightsResult,
        after_to_act: {},
        after_dealer: {},
        after_named_suit: {
            /// The top card was played as a wild card.
            pub top_wild: bool,
        },
        after_pending_draw: {},
        after_declared: {
            /// Each seat's wild rank (CE-11; in Countdown, CE-12, the rank of its score).
            pub wild_ranks: Vec<Rank>,
            /// CE-12: the Countdown scores (8 down to 0); empty otherwise.
            pub countdown: Vec<u8>,
        },
        after_totals: {},
        after_result: {
            /// The winner of the match.
            pub winner: Option<Seat>,
        },
    }

    impl SheddingView {
        /// Every seat: nobody leaves a hand of Crazy Eights before it ends.
        fn in_hand(&self) -> SeatSet {
            SeatSet((1u16 << self.players).wrapping_sub(1) as u8)
        }
        fn may_hold_drawn(&self) -> bool {
            true
        }
        fn probe(&self, seat: Seat, hand: CardBag) -> Self {
            CrazyEightsView {
                seat,
                hand,
                drawn: None,
                ..self.clone()
            }
        }
    }
}

shedding_error! {
    /// A broken Crazy Eights rule; one variant per rule.
    pub enum CrazyEightsError {
        /// CE-2: the card matches neither the top card's rank nor its suit (nor the named suit).
        DoesNotMatch(c: Card) => (
            "CE-2", "does_not_match",
            "{c} matches neither the rank nor the suit to follow (CE-2)"
        ),
        /// CE-5: a pending two is answered only by a two (or the penalty is drawn).
        MustAnswerTwo => (
            "CE-5", "must_answer_two",
            "a pending two is answered only with a two, or the penalty is drawn (CE-5)"
        ),
        /// CE-2: a wild card that names a suit needs one; other plays name none.
        SuitNaming => (
            "CE-2", "suit_naming",
            "a wild card that names a suit needs one, and no other play names one (CE-2)"
        ),
        /// CE-11: several cards are played together only with that setting, and only of one rank.
        NotEqualCards => (
            "CE-11", "not_equal_cards",
            "several cards may be played together only if equal in rank and the room allows it (CE-11)"
        ),
        /// CE-4: with a drawn card that fits, only that card may be played (or kept).
        OnlyTheDrawnCard => (
            "CE-4", "only_the_drawn_card",
            "only the card just drawn may be played now (CE-4)"
        ),
        /// CE-4: drawing only when unable to play (setting), or nothing left to draw.
        MayNotDraw => (
            "CE-4", "may_not_draw",
            "no card may be drawn now (CE-4: only when unable to play, or the stock is empty)"
        ),
        /// CE-4 / D-4: passing only after drawing a card that fits, or when unable to play or draw.
        MayNotPass => (
            "CE-4", "may_not_pass",
            "a player passes only after drawing, or when unable to play or draw (CE-4, D-4)"
        ),
        /// CE-8 / D-6: the declaration belongs to a play that leaves one card.
        NothingToDeclare => (
            "CE-8", "nothing_to_declare",
            "a last card is declared only on a play that leaves one card (CE-8)"
        ),
    }
}
