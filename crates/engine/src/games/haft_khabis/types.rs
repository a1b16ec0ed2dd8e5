//! Haft Khabis' settings, actions, events, errors and view.

use crate::card::{Card, CardBag, Suit};
use crate::games::shedding::declare::{
    serialize_play, shedding_error, shedding_hand, shedding_view, word_action, Raw,
};
use crate::seat::{Seat, SeatSet};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// HX-4: what a two does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TwoRule {
    /// The player names another player, who draws a penalty card from the stock (default).
    #[default]
    PenaltyCard,
    /// The player gives the named player one of their own cards (never their last card:
    /// then the named player draws from the stock).
    GiveCard,
    /// The two has no effect (seed 001).
    NoEffect,
}

/// HX-5: how the penalty of a chain of sevens grows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SevenStacking {
    /// +2 per seven: 2, 4, 6, 8 … (seed 000, default).
    #[default]
    Add,
    /// Doubling: 2, 4, 8, 16 … (seed 001).
    Double,
}

/// HX-13: how the game ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndMode {
    /// Whoever reaches the cap is out; the others play on until at most one is below it;
    /// the lowest total wins (seed 001, default).
    #[default]
    Cap,
    /// The game ends as soon as anyone reaches the cap; the lowest total wins (seed 000).
    CapEnds,
    /// After a number of hands the lowest total wins (seed 000).
    Hands,
    /// After each hand the highest total is out, ties broken by that hand's penalty (seed 001).
    Elimination,
    /// No points: the first out is first, the rest play on until the last is known (seed 000).
    FinishingOrder,
}

/// Room settings (RULES.md HX-1 … HX-16). The subsidiary rules (قوانین فرعی) are on by
/// default. Missing fields take their defaults.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HaftKhabisSettings {
    /// HX-2: a drawn card that fits may be kept instead of played at once.
    pub keep_drawn_card: bool,
    /// HX-4: what a two does.
    pub two: TwoRule,
    /// HX-5: how a chain of sevens grows.
    pub seven_stacking: SevenStacking,
    /// HX-7, subsidiary rule 4: a skipped player may answer with an ace, passing the skip on.
    pub ace_answer: bool,
    /// HX-10 rule 2 (subsidiary): a hand cannot end on an 8; the player owes its extra card.
    pub no_finish_on_eight: bool,
    /// HX-10: after an 8 that leaves cards in hand the extra card may be forgone.
    pub forgo_eight: bool,
    /// HX-10 rule 3 (subsidiary, ترکش "shrapnel"): a hand ending on a 7 goes on while the
    /// chain runs.
    pub shrapnel: bool,
    /// HX-14, subsidiary rule 1: in online rooms with a turn timer, running out of time
    /// costs a penalty card (applied by the table that runs the timer).
    pub timeout_penalty: bool,
    /// HX-13: how the game ends.
    pub end: EndMode,
    /// HX-13: the penalty cap, 50 to 1000 in steps of 50 (modes `cap`, `cap_ends`).
    pub cap: u16,
    /// HX-13: the number of hands, 1 to 20 (mode `hands`).
    pub hands: u8,
}

impl Default for HaftKhabisSettings {
    fn default() -> Self {
        HaftKhabisSettings {
            keep_drawn_card: false,
            two: TwoRule::PenaltyCard,
            seven_stacking: SevenStacking::Add,
            ace_answer: true,
            no_finish_on_eight: true,
            forgo_eight: false,
            shrapnel: true,
            timeout_penalty: true,
            end: EndMode::Cap,
            cap: 100,
            hands: 5,
        }
    }
}

/// A card played, with what it needs: the suit named with a jack (HX-8), the player named
/// with a two (HX-4) and the card given to them (setting), and the last-card declaration
/// (HX-9, D-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HaftKhabisPlay {
    pub card: Card,
    /// HX-8: the suit to follow after a jack.
    pub suit: Option<Suit>,
    /// HX-4: the player named with a two.
    pub target: Option<Seat>,
    /// HX-4 (setting `give_card`): the card given to the named player.
    pub give: Option<Card>,
    /// HX-9 / D-6: this play leaves one card (or an 8 and one more) and is declared.
    pub last: bool,
}

impl HaftKhabisPlay {
    /// A plain play of `card`.
    pub const fn card(card: Card) -> HaftKhabisPlay {
        HaftKhabisPlay {
            card,
            suit: None,
            target: None,
            give: None,
            last: false,
        }
    }
}

/// One action. JSON: `{"play":"7H"}`, `{"play":"JS","suit":"H"}`, `{"play":"2C","target":3}`,
/// `{"play":"2C","target":3,"give":"5H"}`, `{"play":"9C","last":true}`, `"draw"`,
/// `{"draw":true,"last":true}`, `"pass"`, `{"name":3}`, `{"name":3,"give":"5H"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HaftKhabisAction {
    /// HX-2 … HX-8: play a card.
    Play(HaftKhabisPlay),
    /// HX-2: draw a card when unable to play; HX-5: take a pending penalty (D-3); HX-10
    /// rule 2: draw the 8's extra card. `last`: the draw leaves one card and is declared.
    Draw { last: bool },
    /// HX-7: accept a skip; HX-2: keep a drawn card (setting); HX-10: forgo the 8's extra
    /// card (setting); D-4: unable to play or draw.
    Pass,
    /// HX-16: a two turned up: the dealer names a player (and gives a card, setting).
    Name { target: Seat, give: Option<Card> },
}

impl Serialize for HaftKhabisAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            HaftKhabisAction::Draw { last: false } => s.serialize_str("draw"),
            HaftKhabisAction::Draw { last: true } => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("draw", &true)?;
                m.serialize_entry("last", &true)?;
                m.end()
            }
            HaftKhabisAction::Pass => s.serialize_str("pass"),
            HaftKhabisAction::Name { target, give } => {
                let mut m = s.serialize_map(None)?;
                m.serialize_entry("name", target)?;
                if let Some(g) = give {
                    m.serialize_entry("give", g)?;
                }
                m.end()
            }
            HaftKhabisAction::Play(p) => serialize_play(s, None, &p.card, p.suit, p.last, |m| {
                if let Some(t) = p.target {
                    m.serialize_entry("target", &t)?;
                }
                if let Some(g) = p.give {
                    m.serialize_entry("give", &g)?;
                }
                Ok(())
            }),
        }
    }
}

impl<'de> Deserialize<'de> for HaftKhabisAction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Obj {
            play: Option<Card>,
            draw: Option<bool>,
            name: Option<Seat>,
            suit: Option<Suit>,
            target: Option<Seat>,
            give: Option<Card>,
            #[serde(default)]
            last: bool,
        }
        let err = |m: String| serde::de::Error::custom(m);
        match Raw::<Obj>::deserialize(d)? {
            Raw::Word(w) => word_action(
                &w,
                HaftKhabisAction::Draw { last: false },
                HaftKhabisAction::Pass,
            ),
            Raw::Obj(o) => match o {
                Obj {
                    play: Some(card),
                    draw: None,
                    name: None,
                    suit,
                    target,
                    give,
                    last,
                } => Ok(HaftKhabisAction::Play(HaftKhabisPlay {
                    card,
                    suit,
                    target,
                    give,
                    last,
                })),
                Obj {
                    play: None,
                    draw: Some(true),
                    name: None,
                    suit: None,
                    target: None,
                    give: None,
                    last,
                } => Ok(HaftKhabisAction::Draw { last }),
                Obj {
                    play: None,
                    draw: None,
                    name: Some(target),
                    suit: None,
                    target: None,
                    give,
                    last: false,
                } => Ok(HaftKhabisAction::Name { target, give }),
                _ => Err(err(
                    "expected {\"play\": card, \"suit\"?, \"target\"?, \"give\"?, \"last\"?}, \
                     {\"draw\": true, \"last\": true} or {\"name\": seat, \"give\"?}"
                        .to_string(),
                )),
            },
        }
    }
}

/// What followed an action, for everyone to see.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HaftKhabisAfter {
    /// HX-9 / D-6: this seat did not declare its last card and drew this many.
    pub last_card_penalty: Option<(Seat, u8)>,
    /// HX-4: this seat received a penalty card (drawn from the stock, or given).
    pub penalty_card: Option<Seat>,
    /// HX-15: the discards were shuffled into a new stock (by this action's draws, or by
    /// HX-12's scoring draws when it ended the hand); the views give the new counts.
    pub reshuffled: bool,
    /// This seat is out: the hand's winner, or in finishing order its next place.
    pub finished: Option<Seat>,
    /// The hand ended.
    pub hand_over: bool,
    /// D-4: the hand ended blocked.
    pub blocked: bool,
}

/// What an applied action showed everybody. Never a hidden card (drawn and given cards
/// stay hidden; only their number is shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HaftKhabisEvent {
    /// A card was played.
    Played {
        seat: Seat,
        card: Card,
        suit: Option<Suit>,
        target: Option<Seat>,
        /// HX-4 (setting): a card was given to the target.
        gave: bool,
        /// HX-9: declared a last card.
        declared: bool,
        /// The player's hand is empty.
        emptied: bool,
        then: HaftKhabisAfter,
    },
    /// `seat` drew `count` cards: one (HX-2, HX-10), or a seven penalty (`penalty`, HX-5).
    Drew {
        seat: Seat,
        count: u8,
        penalty: bool,
        /// HX-2: the drawn card fits and must be played now (or kept, setting).
        fits: bool,
        declared: bool,
        then: HaftKhabisAfter,
    },
    /// `seat` passed: accepted a skip, kept a drawn card, forwent the 8's extra card, or
    /// could neither play nor draw.
    Passed { seat: Seat, then: HaftKhabisAfter },
    /// HX-16: the dealer named a player for the two turned up.
    Named {
        seat: Seat,
        target: Seat,
        gave: bool,
        then: HaftKhabisAfter,
    },
}

/// What the player to act is doing (public).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnMode {
    /// An ordinary turn (a pending seven shows in `pending_draw`).
    Normal,
    /// HX-7: the player is skipped by an ace and may answer with an ace, or pass.
    AceAnswer,
    /// HX-6: after an 8 (or an ace with two players, HX-7) the same player plays again.
    Extra,
    /// HX-2: the card just drawn fits and must be played (or kept, setting).
    Drawn,
}

shedding_hand! {
    /// The phase of the hand.
    pub enum HaftKhabisPhase {
        /// HX-16: a two turned up; the dealer names a player.
        DealerNames,
    }

    /// The result of a finished hand (HX-12, HX-13).
    pub struct HaftKhabisResult {
        after_hands: {
            /// HX-12: the sevens set aside and replaced.
            pub sevens_replaced: Vec<u8>,
            /// HX-12: the winner's run of jacks multiplies everyone's penalty by this.
            pub multiplier: u8,
        },
        after_totals: {
            /// HX-13: players out of the game after this hand.
            pub eliminated: SeatSet,
        },
    }
}

shedding_view! {
    /// What one seat sees (C-5, D-8): its own hand and everything public, nothing else.
    pub struct HaftKhabisView {
        settings: HaftKhabisSettings,
        phase: HaftKhabisPhase,
        result: HaftKhabisResult,
        after_to_act: {
            /// What the seat to act is doing.
            pub mode: TurnMode,
        },
        after_dealer: {
            /// HX-11: who led this hand.
            pub leader: Seat,
        },
        after_named_suit: {},
        after_pending_draw: {
            /// HX-5: sevens in the running chain.
            pub sevens: u8,
        },
        after_declared: {
            /// HX-13: seats still in the game.
            pub active: SeatSet,
            /// Seats still playing this hand (finishing order: not yet out).
            pub in_hand: SeatSet,
            /// HX-10 rule 3: seats whose hands emptied while the seven chain runs, earliest first.
            pub emptied: Vec<Seat>,
            /// HX-12: each seat's run of jacks at the end of its plays this hand.
            pub jack_runs: Vec<u8>,
        },
        after_totals: {
            /// HX-13 finishing order: the seats out so far, first first.
            pub places: Vec<Seat>,
        },
        after_result: {
            /// The winners of the game (more than one only for a shared win, D-5).
            pub winners: Vec<Seat>,
        },
    }

    impl SheddingView {
        fn in_hand(&self) -> SeatSet {
            self.in_hand
        }
        fn may_hold_drawn(&self) -> bool {
            self.mode == TurnMode::Drawn
        }
        /// In a normal turn (HX-2: not answering an ace, not playing a drawn card).
        fn probe(&self, seat: Seat, hand: CardBag) -> Self {
            HaftKhabisView {
                seat,
                hand,
                drawn: None,
                mode: TurnMode::Normal,
                ..self.clone()
            }
        }
    }
}

shedding_error! {
    /// A broken Haft Khabis rule; one variant per rule.
    pub enum HaftKhabisError {
        /// HX-2: the card matches neither the top card's rank nor its suit (nor the jack's suit).
        DoesNotMatch(c: Card) => (
            "HX-2", "does_not_match",
            "{c} matches neither the rank nor the suit to follow (HX-2)"
        ),
        /// HX-5: a pending seven is answered only with a seven (a jack may not be played on it),
        /// or the penalty is drawn.
        MustAnswerSeven => (
            "HX-5", "must_answer_seven",
            "a pending seven is answered only with a seven, or the penalty is drawn (HX-5)"
        ),
        /// HX-7: a skipped player may answer only with an ace, or pass.
        MustAnswerAce => (
            "HX-7", "must_answer_ace",
            "a skipped player may only answer with an ace or pass (HX-7)"
        ),
        /// HX-8: a jack names a suit (except as the last card); nothing else does.
        SuitNaming => (
            "HX-8", "suit_naming",
            "a jack names the suit to follow, and nothing else names one (HX-8)"
        ),
        /// HX-4: a two names another player still in the hand (and gives a card, setting);
        /// nothing else does.
        Target => (
            "HX-4", "target",
            "a two names another player still in the hand (HX-4), and gives a card if the room says so"
        ),
        /// HX-2: only the card just drawn may be played now.
        OnlyTheDrawnCard => (
            "HX-2", "only_the_drawn_card",
            "only the card just drawn may be played now (HX-2)"
        ),
        /// HX-2 / HX-6: a player draws only when unable to play (or to take a penalty).
        MustPlay => (
            "HX-2", "must_play",
            "a player draws only when unable to play (HX-2)"
        ),
        /// HX-2 / HX-6 / HX-7 / D-4: passing is allowed only when skipped, keeping a drawn card
        /// or forgoing an 8's extra card (settings), or unable to play or draw.
        MayNotPass => (
            "D-4", "may_not_pass",
            "passing is allowed only when skipped, keeping a drawn card or forgoing an 8's extra card (settings), or unable to play or draw"
        ),
        /// HX-9 / D-6: the declaration belongs to an action that leaves one card (or an 8 and
        /// one more).
        NothingToDeclare => (
            "HX-9", "nothing_to_declare",
            "a last card is declared only on an action that leaves one card, or an 8 and one more (HX-9)"
        ),
    }
}
