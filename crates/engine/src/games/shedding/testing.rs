//! What both shedding games' tests share: cards from text, deck orders that deal given
//! hands, test positions reached from a game's settings type, random matches, the
//! testkit's properties (ARCHITECTURE.md) as both games run them, and the check that a
//! state is not rebuilt from hidden cards that contradict the view.

use super::parts::Table;
use super::public::{SheddingGame, SheddingView};
use crate::card::{parse_cards, Card, CardBag, CardSet, Suit};
use crate::game::{Deal, Game, Setup};
use crate::rng::Rng;
use crate::seat::Seat;
use crate::table::{GameView, Public};
use crate::testkit::{self, Failure, Inspect, InspectHidden, RandomMatch, StepDone};

/// The card written `s` ("QS", "10H").
pub(crate) fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// The cards written `s` ("QS 10H QS").
pub(crate) fn bag(s: &str) -> CardBag {
    parse_cards(s).unwrap().into_iter().collect()
}

/// The deck order that deals `hands` (seat 0 first, one card at a time), turns up `start`,
/// and puts `stock` (top first) on the stock; then the rest of `decks` decks.
pub(crate) fn deck_for(decks: u8, hands: &[&str], start: &str, stock: &str) -> Vec<Card> {
    let per: Vec<Vec<Card>> = hands.iter().map(|h| parse_cards(h).unwrap()).collect();
    let most = per.iter().map(Vec::len).max().unwrap();
    let mut d = Vec::new();
    for k in 0..most {
        for h in &per {
            if let Some(&c) = h.get(k) {
                d.push(c);
            }
        }
    }
    d.push(card(start));
    d.extend(parse_cards(stock).unwrap());
    let mut rest = CardBag::decks(decks);
    for &c in &d {
        assert!(rest.remove(c), "{c} used twice");
    }
    d.extend(rest);
    d
}

/// The legal actions of seat `seat`.
pub(crate) fn legal<G: Game>(g: &G, seat: u8) -> Vec<G::Action> {
    let mut v = Vec::new();
    g.legal_actions(Seat(seat), &mut v);
    v
}

/// The legal actions of seat `seat` in their JSON forms.
pub(crate) fn legal_json<G: Game>(g: &G, seat: u8) -> Vec<String> {
    legal(g, seat)
        .iter()
        .map(|a| serde_json::to_string(a).unwrap())
        .collect()
}

/// A shedding game's test positions, set by its state (each game's `state.rs`).
pub(crate) trait Arrange {
    /// The position of the hands given (seat by seat), `top` alone on the discard pile,
    /// `stock` (top first) on the other cards of the stock, seat `turn` to play; everything
    /// else as at the start of a hand, no effect pending.
    fn arrange(&mut self, hands: &[&str], top: &str, stock: &str, turn: u8);

    /// The table and the match totals, for the positions below.
    fn table_and_totals(&mut self) -> (&mut Table, &mut [i32; 8]);

    /// Empties the stock into the discard pile under the top card.
    fn empty_stock(&mut self) {
        self.table_and_totals().0.empty_stock();
    }

    /// Sets the match totals.
    fn set_totals(&mut self, totals: [i32; 8]) {
        *self.table_and_totals().1 = totals;
    }
}

/// A shedding game's test positions, reached from its settings' type: a scenario names its
/// game by its settings.
pub(crate) trait Scenarios: Sized {
    /// The game these settings are for.
    type Game: Game<Settings = Self> + Arrange;
    /// The deal seed of the scenarios.
    const SEED: u64;
}

/// The setup of `n` players with `settings`, the last seat dealing.
pub(crate) fn setup<S: Scenarios>(n: u8, settings: S) -> Setup<S> {
    Setup {
        players: n,
        settings,
        deal: Deal {
            seed: S::SEED,
            decks: vec![],
            dealer: Some(Seat(n - 1)),
        },
    }
}

/// A game of `n` players (the last seat dealing) arranged as given: seat `turn` to play.
pub(crate) fn table<S: Scenarios>(
    n: u8,
    settings: S,
    hands: &[&str],
    top: &str,
    stock: &str,
    turn: u8,
) -> S::Game {
    let mut g = S::Game::new(&setup(n, settings)).unwrap();
    g.arrange(hands, top, stock, turn);
    g
}

/// The setup of a random match from `seed`: 2 to `most` players, the default settings one
/// time in three, else `random` ones.
pub(crate) fn random_setup<S: Default>(
    seed: u64,
    r: &mut Rng,
    most: u8,
    random: fn(&mut Rng) -> S,
) -> Setup<S> {
    let settings = if r.below(3) == 0 {
        S::default()
    } else {
        random(r)
    };
    Setup {
        players: 2 + r.below(most as u32 - 1) as u8,
        settings,
        deal: Deal::seeded(seed),
    }
}

/// The JSON forms of actions: each of `cases` writes as its text and reads back, and each
/// of `refused` is not read.
pub(crate) fn json_forms<'a, A>(cases: impl IntoIterator<Item = (A, &'a str)>, refused: &[&str])
where
    A: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    for (a, j) in cases {
        assert_eq!(serde_json::to_string(&a).unwrap(), j);
        assert_eq!(serde_json::from_str::<A>(j).unwrap(), a);
    }
    for j in refused {
        assert!(serde_json::from_str::<A>(j).is_err(), "{j}");
    }
}

/// A shedding game's hooks for the property tests both games run alike
/// ([`shedding_properties`]).
pub(crate) trait Properties:
    SheddingGame + Inspect<Cards = CardBag> + InspectHidden
{
    /// The most players of a random match (C-1).
    const MOST: u8;
    /// What the random match's own RNG mixes into its seed.
    const SALT: u64;
    /// The most steps of a random match.
    const STEPS: u32;
    /// How many hands each property of the rules plays.
    const RULES_HANDS: RulesHands;
    /// The rule by which a drawn card that fits may be played (CE-4, HX-2): whether it
    /// fits is the events' one disclosure ([`crate::testkit::nothing_disclosed`] lists
    /// them all), with what follows from the turn going on or ending.
    const DRAW_RULE: &'static str;
    /// Whether the view shows the seat to act the card it drew (CE-4), so that hidden
    /// cards naming another are refused.
    const SHOWS_DRAWN: bool;

    /// Random settings of the game.
    fn random_settings(r: &mut Rng) -> Self::Settings;

    /// Every action a seat could try (see [`candidates`]).
    fn candidate_actions(g: &Self, r: &mut Rng) -> Vec<Self::Action>;

    /// Of an event that drew cards: whether it took a penalty, and whether the drawn card
    /// fits and may be played now.
    fn drew(e: &Self::Event) -> Option<(bool, bool)>;

    /// Of an event that played cards: those cards.
    fn played(e: &Self::Event) -> Option<CardSet>;

    /// `hands` random hands from `seed` (`u32::MAX`: to the end of the match): 2 to
    /// [`Self::MOST`] players (two decks at the larger tables, CE-1, HX-1), default or
    /// random settings; seats and actions drawn by the testkit's driver.
    fn random_match(seed: u64, hands: u32) -> RandomMatch<Self> {
        let mut r = Rng::new(seed ^ Self::SALT);
        let setup = random_setup(seed, &mut r, Self::MOST, Self::random_settings);
        RandomMatch::new(setup, r).hands(hands).steps(Self::STEPS)
    }
}

/// Every action a seat could try: the game's actions that name no card, the legal ones of
/// every seat now, `random` plays drawn by `play`, and the variations `vary` adds of each
/// of those (a play with its declaration flipped, another suit named: [`varied`]).
pub(crate) fn candidates<G: Inspect>(
    g: &G,
    r: &mut Rng,
    random: u32,
    mut play: impl FnMut(&mut Rng) -> G::Action,
    vary: impl Fn(G::Action, &mut Vec<G::Action>),
) -> Vec<G::Action> {
    let mut v = g.all_actions();
    for s in 0..g.players() {
        g.legal_actions(Seat(s), &mut v);
    }
    for _ in 0..random {
        v.push(play(r));
    }
    let legal = v.clone();
    for a in legal {
        vary(a, &mut v);
    }
    v
}

/// A play's variations that both games try, made by `with`: its declaration flipped (D-6),
/// then a suit named where none is (diamonds) or none where one is.
pub(crate) fn varied<P>(
    last: bool,
    suit: Option<Suit>,
    with: impl Fn(bool, Option<Suit>) -> P,
) -> [P; 2] {
    let other = if suit.is_some() {
        None
    } else {
        Some(Suit::Diamonds)
    };
    [with(!last, suit), with(last, other)]
}

/// What the events may disclose of the hidden cards (see [`Properties::DRAW_RULE`]).
pub(crate) fn disclosure<G: Properties>(a: &G::Event, b: &G::Event) -> Option<&'static str> {
    match (G::drew(a), G::drew(b)) {
        (Some((false, x)), Some((_, y))) if x != y => Some(G::DRAW_RULE),
        _ => None,
    }
}

/// The cards a step played face up (CE-2 / HX-2), which a view may not list once they
/// are under the top card (or reshuffled into the stock in the same step): those of a
/// play that were in the player's hand. [`Inspect::card_places`] lists the hands first.
pub(crate) fn played_face_up<G: Properties>(d: &StepDone<'_, G>) -> CardSet {
    match (d.acted, &d.public) {
        (Some((seat, _)), Public::Event(e)) => match G::played(e) {
            Some(cards) => {
                let hand = d.before.card_places()[seat.idx()].distinct();
                cards.and(hand)
            }
            None => CardSet::EMPTY,
        },
        _ => CardSet::EMPTY,
    }
}

/// The testkit's properties of the rules ([`rules_hold`]) at `seed`.
pub(crate) fn the_rules_hold<G: Properties>(seed: u64) -> Result<(), Failure> {
    rules_hold(
        |h| G::random_match(seed, h),
        G::candidate_actions,
        G::RULES_HANDS,
    )
}

/// The table runs on what one seat sees ([`views_hold`]) at `seed`.
pub(crate) fn the_views_hold<G: Properties>(seed: u64) -> Result<(), Failure> {
    views_hold(
        |h| G::random_match(seed, h),
        disclosure::<G>,
        played_face_up::<G>,
    )
}

/// Issue 23 (C-5, D-8) at `seed`: the watchers' view is seat 0's without its hand and drawn
/// card, names only cards every seat sees, and does not depend on any seat's hidden cards;
/// what a watcher is sent names only public cards (those, and the cards a step put face up).
pub(crate) fn the_watchers_see_only_public_cards<G: Properties>(seed: u64) -> Result<(), Failure> {
    testkit::watch_view_names_only_public_cards(G::random_match(seed, 2), &["hand", "drawn"])?;
    testkit::watch_updates_name_only_public_cards(G::random_match(seed, 2), played_face_up::<G>)
}

/// The property tests both shedding games run alike, written as tests of the module that
/// names them for `$game` (a [`Properties`]): the rules hold (`rules` cases), the views
/// hold (C-5, D-8; `views` cases), a state rebuilt from a view is the same game (issue 12;
/// `rebuilt` cases), and hidden cards that contradict a view are refused.
macro_rules! shedding_properties {
    ($game:ty, rules: $rules:expr, views: $views:expr, rebuilt: $rebuilt:expr) => {
        ::proptest::proptest! {
            #![proptest_config(::proptest::prelude::ProptestConfig::with_cases($rules))]

            /// The testkit's properties of the rules (see [`testing::rules_hold`]).
            #[test]
            fn prop_the_rules_hold(seed in ::proptest::prelude::any::<u64>()) {
                $crate::games::shedding::testing::the_rules_hold::<$game>(seed)?;
            }
        }

        ::proptest::proptest! {
            #![proptest_config(::proptest::prelude::ProptestConfig::with_cases($views))]

            /// The table runs on what one seat sees (see [`testing::views_hold`]).
            #[test]
            fn prop_the_views_hold(seed in ::proptest::prelude::any::<u64>()) {
                $crate::games::shedding::testing::the_views_hold::<$game>(seed)?;
            }
        }

        ::proptest::proptest! {
            #![proptest_config(::proptest::prelude::ProptestConfig::with_cases(60))]

            /// C-5, D-8, issue 23: a watcher sees only public cards (see
            /// [`testing::the_watchers_see_only_public_cards`]).
            #[test]
            fn prop_rule_c_5_d_8_watchers_see_only_public_cards(seed in ::proptest::prelude::any::<u64>()) {
                $crate::games::shedding::testing::the_watchers_see_only_public_cards::<$game>(seed)?;
            }
        }

        ::proptest::proptest! {
            #![proptest_config(::proptest::prelude::ProptestConfig::with_cases($rebuilt))]

            /// FromView (issue 12): see [`testing::rebuilt_from_view_is_the_same_game`].
            #[test]
            fn prop_rebuilt_from_view_is_the_same_game(seed in ::proptest::prelude::any::<u64>()) {
                use $crate::games::shedding::testing::{self, Properties};
                testing::rebuilt_from_view_is_the_same_game(<$game>::random_match(seed, 1))?;
            }

            /// A finished hand's record (issue 23, D-8): it replays the hand, the stock left
            /// hidden.
            #[test]
            fn prop_d_8_hand_records_replay_the_hand(seed in ::proptest::prelude::any::<u64>()) {
                use $crate::games::shedding::testing::Properties;
                // A random match may not end in time: the hands it ended were checked.
                $crate::testkit::hand_records_replay_the_hand(<$game>::random_match(seed, 2).steps(600))
                    .or_else(|e| if e.0.contains("did not end") { Ok(()) } else { Err(e) })?;
            }
        }

        /// FromView: hidden cards that contradict the view are refused.
        #[test]
        fn from_view_refuses_hidden_cards_that_contradict_the_view() {
            use $crate::games::shedding::testing::{self, Properties};
            testing::refuses_contradicting_hidden_cards::<$game>(<$game>::SHOWS_DRAWN);
        }
    };
}
pub(crate) use shedding_properties;

/// How many hands each property of [`rules_hold`] plays.
pub(crate) struct RulesHands {
    /// Legal exactly when `apply` accepts (among the game's candidate actions).
    pub legal: u32,
    /// The random action drawn as the listed pick.
    pub pick: u32,
    /// The random step plays as the random action then `apply` (a game with its own).
    pub step: Option<u32>,
    /// Every card accounted for.
    pub cards: u32,
    /// A view unchanged when the other hidden cards are swapped.
    pub views: u32,
    /// The same seed and moves give the same state and hash.
    pub replay: u32,
}

/// The testkit's properties of the rules at one seed, each on the random match
/// `m(hands)` of its number of hands ([`RulesHands`]); `candidates`: the actions to try
/// besides the legal ones.
pub(crate) fn rules_hold<G: Inspect>(
    m: impl Fn(u32) -> RandomMatch<G>,
    candidates: fn(&G, &mut Rng) -> Vec<G::Action>,
    hands: RulesHands,
) -> Result<(), Failure> {
    testkit::legal_exactly_when_apply_accepts_among(m(hands.legal), candidates)?;
    testkit::random_action_draws_as_the_listed_pick(m(hands.pick))?;
    if let Some(k) = hands.step {
        testkit::random_step_plays_as_random_action_then_apply(m(k))?;
    }
    testkit::every_card_accounted_for(m(hands.cards))?;
    testkit::view_unchanged_when_other_hidden_cards_are_swapped(m(hands.views))?;
    testkit::same_seed_and_moves_same_state_and_hash(m(hands.replay))
}

/// The table runs on what one seat sees (C-5, D-8): legality from a view, events that do
/// not depend on hidden cards but for the game's `disclosure`s, and updates that name no
/// hidden card but those a step put `face_up`; on the random match `m` of three hands.
pub(crate) fn views_hold<G: Inspect + GameView>(
    m: impl Fn(u32) -> RandomMatch<G>,
    disclosure: fn(&G::Event, &G::Event) -> Option<&'static str>,
    face_up: fn(&StepDone<'_, G>) -> CardSet,
) -> Result<(), Failure> {
    testkit::legal_from_view_is_legal_actions(m(3))?;
    testkit::events_do_not_depend_on_hidden_cards(m(3), disclosure)?;
    testkit::updates_name_only_known_cards(m(3), face_up)
}

/// FromView (issue 12): a state rebuilt from a seat's view and the true hidden cards is the
/// same game for every seat, on the random match `m` of one hand (at most 400 steps; one
/// that does not end in time proves nothing either way).
pub(crate) fn rebuilt_from_view_is_the_same_game<G: InspectHidden + GameView>(
    m: RandomMatch<G>,
) -> Result<(), Failure> {
    testkit::rebuilt_from_view_is_the_same_game(m.steps(400), 4).or_else(|e| {
        if e.0.contains("did not end") {
            Ok(())
        } else {
            Err(e)
        }
    })
}

/// A state is not rebuilt from hidden cards that contradict seat 0's view of a game of six
/// players (default settings, deal seed 5): a card moved from one hand to another, a stock
/// card replaced by another (a card three times and one missing), and, where `drawn`, a
/// card drawn that the seat to act does not hold.
pub(crate) fn refuses_contradicting_hidden_cards<G: SheddingGame + InspectHidden>(drawn: bool) {
    let g = G::new(&Setup {
        players: 6,
        settings: G::Settings::default(),
        deal: Deal::seeded(5),
    })
    .unwrap();
    let v = g.view(Seat(0));
    let h = g.hidden();
    assert!(G::from_view(&v, &h, 1).is_ok());
    let mut moved = h.clone();
    let c = moved.hands[1].distinct().first().unwrap();
    moved.hands[1].remove(c);
    moved.hands[2].insert(c);
    assert!(G::from_view(&v, &moved, 1).is_err());
    let mut stock = h.clone();
    let k = (1..stock.stock().len())
        .find(|&k| stock.stock[k] != stock.stock[0])
        .unwrap();
    stock.stock[0] = stock.stock[k];
    assert!(G::from_view(&v, &stock, 1).is_err());
    if drawn {
        let mut drawn = h;
        drawn.drawn = Some(v.hand().distinct().first().unwrap());
        assert!(G::from_view(&v, &drawn, 1).is_err());
    }
}
