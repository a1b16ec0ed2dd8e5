//! What both shedding games' tests share: cards from text, deck orders that deal given
//! hands, test positions reached from a game's settings type, random matches, the
//! testkit's properties (ARCHITECTURE.md) as both games run them, and the check that a
//! state is not rebuilt from hidden cards that contradict the view.

use super::public::{SheddingGame, SheddingView};
use crate::card::{parse_cards, Card, CardBag, CardSet};
use crate::game::{Deal, Game, Setup};
use crate::rng::Rng;
use crate::seat::Seat;
use crate::table::GameView;
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

/// A shedding game's test positions, reached from its settings' type: a scenario names its
/// game by its settings.
pub(crate) trait Scenarios: Sized {
    /// The game these settings are for.
    type Game: Game<Settings = Self>;
    /// The deal seed of the scenarios.
    const SEED: u64;
    /// The position of the hands given, `top` alone on the discard pile, `stock` (top first)
    /// on the other cards of the stock, seat `turn` to play (the games' `arrange`).
    fn arrange(g: &mut Self::Game, hands: &[&str], top: &str, stock: &str, turn: u8);
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
    S::arrange(&mut g, hands, top, stock, turn);
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
