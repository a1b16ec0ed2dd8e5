//! The one trait every game implements.
//!
//! A game value is the full state of a *match* (many hands): nobody sees it whole. Screens,
//! bots and the relay ask it who may act ([`Game::status`]), which actions are legal for a
//! seat, apply a seat's action (a typed rule error if it is not allowed), and give each seat
//! its own [`Game::view`], which never holds another seat's hidden cards (C-5).
//!
//! The shape carries every game of RULES.md:
//! - simultaneous choices (Bidel's passing): [`Status::Acting`] holds a *set* of seats;
//! - auctions, trump choices, discards and captures are just actions of a phase;
//! - draw piles and reshuffles draw from the same seeded [`crate::Rng`] (C-4) or from the
//!   explicit deck orders of a [`Deal`];
//! - matches of many hands: when a hand ends the game waits in [`Status::HandOver`] until
//!   [`Game::next_hand`] deals the next one;
//! - a relay or replay rebuilds a game from its [`Setup`] and the match log
//!   ([`crate::log::replay`]), and compares [`Game::state_hash`];
//! - a turn timeout (D-7) is a step of its own: [`Game::apply_timeout`].

use crate::card::{Card, CardBag, CardSet};
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// Where the cards come from: a seed, and optionally explicit deck orders.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deal {
    /// Seeds the portable RNG (C-4): first dealer, every shuffle without an explicit order.
    pub seed: u64,
    /// Explicit deck orders, top card first. The game's n-th shuffle takes the n-th order
    /// here; once they run out, shuffles come from the seeded RNG again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<Vec<Card>>,
    /// Overrides the first dealer that the RNG would pick (D-1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer: Option<Seat>,
}

impl Deal {
    /// A deal from a seed only.
    pub fn seeded(seed: u64) -> Deal {
        Deal {
            seed,
            ..Deal::default()
        }
    }

    /// Checks this deal for a game of `players` seats played with `cards`: every explicit
    /// deck order must hold `cards` exactly once each (`what` names them in the error, e.g.
    /// "Hokm needs the 52 cards"), and the dealer must be a seat. Returns the match's RNG
    /// (C-4) and the first dealer: the override, else the RNG's pick (D-1; the pick is drawn
    /// either way, so an override does not shift the rest of the stream).
    pub fn start(
        &self,
        players: u8,
        cards: CardSet,
        what: &str,
    ) -> Result<(Rng, Seat), SetupError> {
        self.start_bag(players, CardBag::from_set(cards), what)
    }

    /// [`Deal::start`] for games that may play with two decks: every explicit deck order
    /// must hold the multiset `cards` exactly (each card once with one deck, twice with
    /// two). With a one-deck bag it is exactly [`Deal::start`].
    pub fn start_bag(
        &self,
        players: u8,
        cards: CardBag,
        what: &str,
    ) -> Result<(Rng, Seat), SetupError> {
        for d in &self.decks {
            let set: CardSet = d.iter().copied().collect();
            let ok = if cards.doubles().is_empty() {
                d.len() == cards.len() as usize && set == cards.distinct()
            } else {
                let bag: CardBag = d.iter().copied().collect();
                d.len() == cards.len() as usize && bag == cards
            };
            if !ok {
                let each = if cards.doubles().is_empty() {
                    "once"
                } else {
                    "twice"
                };
                return Err(SetupError::BadDeck(format!(
                    "{what} exactly {each} each; got {} cards, {} distinct",
                    d.len(),
                    set.len()
                )));
            }
        }
        if let Some(d) = self.dealer {
            if d.0 >= players {
                return Err(SetupError::BadDealer(d.0));
            }
        }
        let mut rng = Rng::new(self.seed);
        let first_dealer = Seat(rng.below(players as u32) as u8);
        Ok((rng, self.dealer.unwrap_or(first_dealer)))
    }

    /// Writes the match's `n`-th deck order (0-based, top card first) into the first
    /// `cards.len()` slots of `out`: the `n`-th explicit order if there is one (checked by
    /// [`Deal::start`]), else `cards` in index order shuffled by `rng` (C-4).
    pub fn deck_order(&self, n: u32, cards: CardSet, rng: &mut Rng, out: &mut [Card]) {
        let len = cards.len() as usize;
        if let Some(d) = self.decks.get(n as usize) {
            out[..len].copy_from_slice(d);
            return;
        }
        if cards == CardSet::DECK {
            out[..len].copy_from_slice(&crate::card::standard_deck());
        } else {
            for (slot, c) in out.iter_mut().zip(cards) {
                *slot = c;
            }
        }
        rng.shuffle(&mut out[..len]);
    }
}

impl Deal {
    /// The match's `n`-th shuffle (0-based) of the multiset `cards`, which may be the whole
    /// of the game's cards (a deal) or part of them (the discards gathered into a new stock,
    /// HX-15, CE-9): writes the order, top card first, into the first `cards.len()` slots
    /// of `out` and returns that length.
    ///
    /// - With an `n`-th explicit order (a whole deck order, checked by [`Deal::start_bag`]),
    ///   the cards of `cards` keep the relative order they have in it: the order is read
    ///   from the top and each card is taken while `cards` still holds a copy of it. For
    ///   the whole deck this is the explicit order itself.
    /// - Otherwise `cards` in index order (a card held twice given twice in a row) are
    ///   shuffled by `rng` (C-4); for one full deck this is [`Deal::deck_order`] exactly.
    pub fn shuffle_bag(&self, n: u32, cards: CardBag, rng: &mut Rng, out: &mut [Card]) -> usize {
        let len = cards.len() as usize;
        if let Some(d) = self.decks.get(n as usize) {
            let mut left = cards;
            let mut k = 0;
            for &c in d {
                if k < len && left.remove(c) {
                    out[k] = c;
                    k += 1;
                }
            }
            return k;
        }
        if cards == CardBag::decks(1) {
            out[..len].copy_from_slice(&crate::card::standard_deck());
        } else {
            for (slot, c) in out.iter_mut().zip(cards) {
                *slot = c;
            }
        }
        rng.shuffle(&mut out[..len]);
        len
    }
}

/// Everything needed to create a game: rebuilding it from this and the action log gives
/// the same state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setup<S> {
    /// Number of seats.
    pub players: u8,
    /// The room settings.
    pub settings: S,
    /// Seed and deck orders.
    pub deal: Deal,
}

/// Who may act now.
///
/// JSON: `{"acting": [seats]}`, `"hand_over"` or `"match_over"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "StatusJson", try_from = "StatusJson")]
pub enum Status {
    /// These seats may act (more than one during a simultaneous choice).
    Acting(SeatSet),
    /// The hand is over and scored; [`Game::next_hand`] deals the next one.
    HandOver,
    /// The match is over; see [`Game::outcome`].
    MatchOver,
}

/// [`Status`] as JSON: the acting seats as a list of numbers.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum StatusJson {
    Acting(Vec<u8>),
    HandOver,
    MatchOver,
}

impl From<Status> for StatusJson {
    fn from(s: Status) -> StatusJson {
        match s {
            Status::Acting(set) => StatusJson::Acting(set.iter().map(|s| s.0).collect()),
            Status::HandOver => StatusJson::HandOver,
            Status::MatchOver => StatusJson::MatchOver,
        }
    }
}

impl TryFrom<StatusJson> for Status {
    type Error = String;
    fn try_from(s: StatusJson) -> Result<Status, String> {
        Ok(match s {
            StatusJson::Acting(seats) => {
                let mut set = SeatSet::default();
                for s in seats {
                    if s >= 8 {
                        return Err(format!("seat {s} out of range"));
                    }
                    set.0 |= 1 << s;
                }
                Status::Acting(set)
            }
            StatusJson::HandOver => Status::HandOver,
            StatusJson::MatchOver => Status::MatchOver,
        })
    }
}

/// A game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// This player count is not played.
    Players { game: &'static str, players: u8 },
    /// An explicit deck order is not a full deck of the game's cards.
    BadDeck(String),
    /// The dealer named is not a seat.
    BadDealer(u8),
    /// A setting is out of its range.
    BadSetting(String),
}

impl Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Players { game, players } => {
                write!(f, "{game} is not played by {players} players")
            }
            SetupError::BadDeck(why) => write!(f, "bad deck order: {why}"),
            SetupError::BadDealer(d) => write!(f, "dealer {d} is not a seat"),
            SetupError::BadSetting(why) => write!(f, "bad setting: {why}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// The result of one hand: points per side (or per player in games without teams).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandScore {
    /// Points scored this hand, one entry per side.
    pub points: Vec<i32>,
    /// The sides that won the hand (empty for a blocked or drawn hand).
    pub winners: Vec<usize>,
}

/// The result of a match.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// Final totals, one per side.
    pub totals: Vec<i32>,
    /// The winning sides (more than one only for a shared win, D-5).
    pub winners: Vec<usize>,
}

/// How a match is scored, known from its settings alone: what a score sheet, a result
/// panel or a setup form shows without holding the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scoring {
    /// The total that ends the match, if the game has one (a line on the score chart).
    pub target: Option<i32>,
    /// The lowest total wins (the best hand is then the lowest one).
    pub lower_wins: bool,
    /// A hand's points are the totals themselves (Countdown's scores, CE-12), so a sheet
    /// shows the change of each total instead.
    pub points_are_totals: bool,
}

/// A rule error: each game has one variant per rule it enforces.
pub trait RuleError: std::error::Error + Clone + PartialEq + Debug {
    /// The rule ID of RULES.md this error enforces (e.g. "HK-6"), or "" for a turn/phase error.
    fn rule(&self) -> &'static str;
    /// A stable machine name (e.g. "must_follow_suit"), used by screens to pick a message.
    fn code(&self) -> &'static str;
}

/// The common interface of every game.
pub trait Game: Clone + Debug + Hash + Sized {
    /// Room settings, chosen at setup and shown read-only at the table.
    type Settings: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned;
    /// One action of one seat (JSON forms in docs/transcript.md).
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What one seat may see.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What an applied action revealed to everybody (never a hidden card).
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// The typed rule error.
    type Error: RuleError;

    /// The game's command-line name (`hokm`).
    const NAME: &'static str;
    /// The game in the workspace's one list of games.
    const KIND: crate::games::GameKind;

    /// The seats play in two partnerships, each seat with the one opposite (C-3: seats 0
    /// and 2 against 1 and 3); with two players each seat is a side of its own. `false`:
    /// everyone plays alone.
    const PARTNERSHIPS: bool = false;

    /// The number of scoring sides at a table of `players` (known without the game).
    fn side_count(players: u8) -> usize {
        if Self::PARTNERSHIPS {
            2
        } else {
            players as usize
        }
    }

    /// The side `seat` scores for (known without the game).
    fn seat_side(seat: Seat) -> usize {
        if Self::PARTNERSHIPS {
            seat.side()
        } else {
            seat.idx()
        }
    }

    /// Whether `players` seats make teams of two (partners opposite each other).
    fn teams(players: u8) -> bool {
        Self::PARTNERSHIPS && players == 4
    }

    /// How a match with these settings is scored. By default: no target, the highest total
    /// wins.
    fn scoring(settings: &Self::Settings) -> Scoring {
        let _ = settings;
        Scoring::default()
    }

    /// Sets up a match and deals its first hand.
    fn new(setup: &Setup<Self::Settings>) -> Result<Self, SetupError>;
    /// The setup this game was created from.
    fn setup(&self) -> &Setup<Self::Settings>;
    /// Number of seats.
    fn players(&self) -> u8;
    /// Number of scoring sides (teams, or players where everyone plays alone):
    /// [`Game::side_count`] of this table.
    fn sides(&self) -> usize {
        Self::side_count(self.players())
    }
    /// The side a seat scores for ([`Game::seat_side`]).
    fn side_of(&self, seat: Seat) -> usize {
        Self::seat_side(seat)
    }
    /// Who may act now.
    fn status(&self) -> Status;
    /// Appends the legal actions of `seat` to `out` (none if it may not act).
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);
    /// A legal action of `seat` drawn uniformly with `rng`, or `None` if it may not act:
    /// by definition `legal_actions(seat)[rng.below(len)]`, which is how the default finds
    /// it (listing the actions into `scratch`). A game may override it to draw without the
    /// list (random playouts); an override must give the same action and leave `rng` in
    /// the same state.
    fn random_action(
        &self,
        seat: Seat,
        rng: &mut Rng,
        scratch: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        random_from_list(self, seat, rng, scratch)
    }
    /// Plays the action [`Game::random_action`] draws for `seat`, without its event (random
    /// playouts); whether one was played. By default `random_action` then `apply`. A game
    /// may override it to apply the drawn action without checking it again (it is legal by
    /// construction); an override must leave the state and `rng` as the default does.
    fn random_step(&mut self, seat: Seat, rng: &mut Rng, scratch: &mut Vec<Self::Action>) -> bool {
        match self.random_action(seat, rng, scratch) {
            Some(a) => self.apply(seat, &a).is_ok(),
            None => false,
        }
    }
    /// Applies `seat`'s action; on error the state is unchanged.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Self::Event, Self::Error>;
    /// Deals the next hand after [`Status::HandOver`].
    fn next_hand(&mut self) -> Result<(), Self::Error>;
    /// D-7: the action a turn timeout of `seat` plays, `None` if it may not act. By default
    /// the first legal action (the engine's fixed order); the games where D-7 says more (the
    /// lowest card, an auction's pass, a draw) override it with [`crate::timeout`]'s
    /// helpers.
    fn timeout_action(&self, seat: Seat) -> Option<Self::Action> {
        crate::timeout::first_legal(self, seat)
    }
    /// D-7: applies a turn timeout of `seat` (recorded as [`crate::log::Step::Timeout`]),
    /// appending the events to `events`. By default [`Game::timeout_action`] applied; a
    /// game adds what else its timeout does (Haft Khabis: HX-2's drawn card played at
    /// once, HX-14's penalty card). Does nothing if `seat` has no timeout action. On error
    /// the state may be partly changed: [`crate::log::apply_step`] restores it.
    fn apply_timeout(
        &mut self,
        seat: Seat,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        if let Some(a) = self.timeout_action(seat) {
            events.push(self.apply(seat, &a)?);
        }
        Ok(())
    }
    /// What `seat` may see now.
    fn view(&self, seat: Seat) -> Self::View;
    /// What someone watching the table sees, standing behind nobody (issue 23): the public
    /// part of the views only, never a card that a seat alone sees (a hand, the hakem's first
    /// five, a widow or discards seen by the hakem alone, cards picked or passed, a drawn
    /// card, …). It is seat 0's view with every such part emptied: the table is drawn from
    /// seat 0's place, with no hand there. Every card it names is named in every seat's view
    /// (C-5, D-8); a watcher learns the hands when the hand ends, as the seats do.
    fn watch_view(&self) -> Self::View;
    /// The score of the hand just finished (in [`Status::HandOver`] or [`Status::MatchOver`]).
    fn hand_score(&self) -> Option<HandScore>;
    /// Match totals so far, one per side.
    fn totals(&self) -> Vec<i32>;
    /// The result, once the match is over.
    fn outcome(&self) -> Option<Outcome>;
    /// A stable hash of the full state, identical on every platform: the state's [`Hash`]
    /// fed to [`crate::hash::stable_hash`].
    fn state_hash(&self) -> u64 {
        crate::hash::stable_hash(self)
    }
}

/// [`Game::random_action`]'s definition: lists `seat`'s legal actions into `scratch` and
/// picks one with a single `rng.below(len)` (none with an empty list).
pub fn random_from_list<G: Game>(
    g: &G,
    seat: Seat,
    rng: &mut Rng,
    scratch: &mut Vec<G::Action>,
) -> Option<G::Action> {
    scratch.clear();
    g.legal_actions(seat, scratch);
    if scratch.is_empty() {
        return None;
    }
    scratch
        .get(rng.below(scratch.len() as u32) as usize)
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    #[test]
    fn a_one_deck_shuffle_bag_is_the_deck_order() {
        for seed in 0..20 {
            let deal = Deal::seeded(seed);
            let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
            let mut x = [Card::RED_JOKER; 52];
            let mut y = [Card::RED_JOKER; 104];
            deal.deck_order(0, CardSet::DECK, &mut a, &mut x);
            let len = deal.shuffle_bag(0, CardBag::decks(1), &mut b, &mut y);
            assert_eq!(len, 52);
            assert_eq!(x[..], y[..52]);
            assert_eq!(a, b);
        }
    }

    #[test]
    fn two_deck_orders_are_checked_as_multisets_and_filtered_for_reshuffles() {
        let one: Vec<Card> = crate::card::standard_deck().to_vec();
        let mut two = one.clone();
        two.extend(one.iter().rev());
        let deal = Deal {
            seed: 3,
            decks: vec![two.clone()],
            dealer: None,
        };
        assert!(deal.start_bag(6, CardBag::decks(2), "two decks").is_ok());
        let err = deal
            .start_bag(4, CardBag::decks(1), "one deck")
            .unwrap_err();
        assert!(
            err.to_string().contains("exactly once each; got 104 cards"),
            "{err}"
        );
        let mut bad = two.clone();
        bad[0] = bad[1];
        let deal_bad = Deal {
            decks: vec![bad],
            ..deal.clone()
        };
        let err = deal_bad
            .start_bag(6, CardBag::decks(2), "Two decks")
            .unwrap_err();
        assert!(err.to_string().contains("exactly twice each"), "{err}");
        // The one-deck check is unchanged.
        let one_deal = Deal {
            seed: 0,
            decks: vec![one],
            dealer: None,
        };
        assert!(one_deal.start(4, CardSet::DECK, "Hokm").is_ok());
        // A reshuffle of some cards takes their order in the explicit deck.
        let part: CardBag = parse_cards("AS 2C 2C 5H").unwrap().into_iter().collect();
        let mut out = [Card::RED_JOKER; 104];
        let mut rng = Rng::new(1);
        let len = deal.shuffle_bag(0, part, &mut rng, &mut out);
        assert_eq!(out[..len], parse_cards("2C 5H AS 2C").unwrap()[..]);
        // Past the explicit orders, the seeded RNG shuffles the cards.
        let len = deal.shuffle_bag(1, part, &mut rng, &mut out);
        let back: CardBag = out[..len].iter().copied().collect();
        assert_eq!(back, part);
    }

    /// C-3: the partnership games score in two sides, seats 0+2 against 1+3 (with two
    /// players each seat alone); the others one side a seat. Known without the game, and
    /// the same as the game says.
    #[test]
    fn rule_c_3_sides_are_known_from_the_player_count_alone() {
        use crate::games::{
            bidel::Bidel, crazy_eights::CrazyEights, haft_khabis::HaftKhabis, hokm::Hokm,
            pasur::Pasur, shelem::Shelem,
        };
        fn check<G: Game>(players: &[u8], partners: bool) {
            assert_eq!(G::PARTNERSHIPS, partners, "{}", G::NAME);
            for &n in players {
                let g = G::new(&Setup {
                    players: n,
                    settings: G::Settings::default(),
                    deal: Deal::seeded(1),
                })
                .unwrap();
                assert_eq!(g.sides(), G::side_count(n), "{} {n}p", G::NAME);
                assert_eq!(G::teams(n), partners && n == 4);
                for s in 0..n {
                    let side = g.side_of(Seat(s));
                    assert_eq!(side, G::seat_side(Seat(s)));
                    assert!(side < g.sides());
                    let expect = if partners { s as usize % 2 } else { s as usize };
                    assert_eq!(side, expect, "{} {n}p seat {s}", G::NAME);
                }
            }
        }
        check::<Hokm>(&[2, 4], true);
        check::<Shelem>(&[2, 4], true);
        check::<Pasur>(&[2, 4], true);
        check::<Bidel>(&[3, 4], false);
        check::<HaftKhabis>(&[2, 5, 7], false);
        check::<CrazyEights>(&[2, 6, 8], false);
    }

    /// How each game is scored, from its settings alone: the target line, the lowest total
    /// winning (Bidel, the shedding games: CE-10, HX-13), Countdown's scores as the totals
    /// (CE-12), and HX-13's end modes without a cap.
    #[test]
    fn rule_ce_10_ce_12_hx_13_scoring_from_the_settings() {
        use crate::games::{
            bidel::Bidel,
            crazy_eights::{CrazyEights, CrazyEightsSettings},
            haft_khabis::{EndMode, HaftKhabis, HaftKhabisSettings},
            hokm::{Hokm, HokmSettings},
            pasur::Pasur,
            shelem::Shelem,
        };
        let hokm = Hokm::scoring(&HokmSettings {
            target: 5,
            ..HokmSettings::default()
        });
        assert_eq!(
            hokm,
            Scoring {
                target: Some(5),
                lower_wins: false,
                points_are_totals: false
            }
        );
        assert_eq!(Shelem::scoring(&Default::default()).target, Some(1165));
        assert_eq!(Pasur::scoring(&Default::default()).target, Some(62));
        let bidel = Bidel::scoring(&Default::default());
        assert!(bidel.lower_wins && bidel.target == Some(100));
        let ce = CrazyEights::scoring(&CrazyEightsSettings::default());
        assert_eq!(
            ce,
            Scoring {
                target: Some(100),
                lower_wins: true,
                points_are_totals: false
            }
        );
        let countdown = CrazyEights::scoring(&CrazyEightsSettings {
            countdown: true,
            ..CrazyEightsSettings::default()
        });
        assert_eq!(
            countdown,
            Scoring {
                target: None,
                lower_wins: true,
                points_are_totals: true
            }
        );
        for (end, line) in [
            (EndMode::Cap, true),
            (EndMode::CapEnds, true),
            (EndMode::Hands, false),
            (EndMode::Elimination, false),
            (EndMode::FinishingOrder, false),
        ] {
            let s = HaftKhabisSettings {
                end,
                cap: 150,
                ..HaftKhabisSettings::default()
            };
            let hx = HaftKhabis::scoring(&s);
            assert_eq!(hx.target, line.then_some(150), "{end:?}");
            assert!(hx.lower_wins && !hx.points_are_totals);
        }
    }
}
