//! The property tests of ARCHITECTURE.md, written once for every game: a seeded random
//! match driver ([`RandomMatch`]) and the checks each game's `tests.rs` runs on it.
//!
//! The checks (each plays one random match and returns a [`Failure`] that names the game,
//! players, deal seed, step, hand and last action):
//! - [`legal_exactly_when_apply_accepts`]: for every seat (and one seat too many), `apply`
//!   accepts an action exactly when `legal_actions` lists it, a refused action leaves the
//!   state unchanged, and a seat has legal actions exactly when [`Status::Acting`] names it;
//!   [`legal_exactly_when_apply_accepts_among`] does the same with candidate actions drawn
//!   at every step, for games whose actions cannot all be listed;
//! - [`every_card_accounted_for`]: [`Inspect::card_places`] holds every card of
//!   [`Inspect::all_cards`] exactly once (each copy once, with two decks), at every step;
//! - [`view_unchanged_when_other_hidden_cards_are_swapped`]: a seat's view is the same after
//!   [`Inspect::scramble_hidden`] (which must keep every card counted, and must change
//!   something at least once a match, or the check proves nothing);
//! - [`same_seed_and_moves_same_state_and_hash`]: rebuilding from the setup and the action
//!   log passes through the same state hashes and ends in the same state and views;
//! - [`random_action_draws_as_the_listed_pick`]: a [`Game::random_action`] override picks
//!   and draws as the default does;
//! - [`legal_from_view_is_legal_actions`]: C-5, a seat's legal actions listed from its view
//!   alone ([`GameView`]) are [`Game::legal_actions`], in the same order, for every seat at
//!   every step;
//! - [`events_do_not_depend_on_hidden_cards`]: an event does not change when the cards
//!   hidden from the acting seat are swapped, beyond the disclosures the rules make (listed
//!   at [`nothing_disclosed`]; a game names the rule of each);
//! - [`updates_name_only_known_cards`]: after every step [`updates`] gives each seat the
//!   event and its own view, and the event names no card that seat has not seen;
//! - [`watch_view_names_only_public_cards`] and [`watch_updates_name_only_public_cards`]
//!   (issue 23): the watchers' view does not depend on any seat's hidden cards, names only
//!   cards every seat sees and is seat 0's view but for the game's private parts; a
//!   watcher's update names only cards every seat has seen this hand or a step put face up.
//!
//! Nothing in the game itself uses this module. It is built for the engine's own tests and,
//! with the engine's `testkit` feature, for other crates' tests (enable it from their
//! `[dev-dependencies]`); a shipped build leaves it out.
//!
//! # Adopting it in a new game
//! 1. Implement [`Inspect`] for the game, in its `state.rs` (it needs the private fields);
//!    Hokm's, Shelem's and Bidel's are models. Its `Cards` are [`CardSet`]s, or
//!    [`CardBag`]s for a game that may use two decks (Crazy Eights', Haft Khabis').
//! 2. In its `tests.rs`, write a function that turns a proptest seed into a
//!    [`RandomMatch`]: draw the setup (players, settings) from an [`Rng`] seeded from the
//!    seed, seed the [`Deal`](crate::Deal) with the seed itself (failures name it), and
//!    hand the same RNG to the match, which draws the acting seats and actions from it.
//! 3. Call the checks from `prop_*` tests; a [`Failure`] converts into proptest's error
//!    with `?`, so proptest shrinks the seed and prints the message.
//! 4. Implement [`GameView`] (in the game's `view.rs`), with the legality the state uses
//!    written once over what both the state and the view know.
//!
//! A game whose actions cannot all be listed up front (plays naming cards, suits, seats,
//! gifts) runs [`legal_exactly_when_apply_accepts_among`] with its own candidates of the
//! position at hand (see Crazy Eights' and Haft Khabis' tests.rs). One whose `apply` also
//! accepts shorthands it does not list (Pasur's captures) keeps its own legality check on
//! the shared [`RandomMatch`] driver and uses the other checks as they are (see Pasur's
//! tests.rs).
//!
//! ```text
//! // games/pasur/state.rs
//! impl Inspect for Pasur {
//!     type Cards = CardSet;
//!     fn all_cards(&self) -> CardSet { CardSet::DECK }
//!     fn card_places(&self) -> Vec<CardSet> { /* each hand, the table, the stock, each pile */ }
//!     fn scramble_hidden(&mut self, viewer: Seat, rng: &mut Rng) {
//!         /* pool the other hands and the stock, rng.shuffle(&mut pool), refill by count */
//!     }
//!     fn all_actions(&self) -> Vec<PasurAction> { /* every action of every phase */ }
//! }
//!
//! // games/pasur/tests.rs
//! use crate::testkit::{self, Inspect, RandomMatch};
//!
//! fn random_match(seed: u64, hands: u32) -> RandomMatch<Pasur> {
//!     let mut r = Rng::new(seed ^ 0x9A5);
//!     let players = 2 + r.below(3) as u8;
//!     let setup = Setup { players, settings: PasurSettings::default(), deal: Deal::seeded(seed) };
//!     RandomMatch::new(setup, r).hands(hands)
//! }
//!
//! proptest! {
//!     #![proptest_config(ProptestConfig::with_cases(200))]
//!     #[test]
//!     fn prop_legal_exactly_when_apply_accepts(seed in any::<u64>()) {
//!         testkit::legal_exactly_when_apply_accepts(random_match(seed, 2))?;
//!     }
//!     #[test]
//!     fn prop_every_card_accounted_for(seed in any::<u64>()) {
//!         testkit::every_card_accounted_for(random_match(seed, 4))?;
//!     }
//!     // … and view_unchanged_when_other_hidden_cards_are_swapped,
//!     // same_seed_and_moves_same_state_and_hash, each as its own prop_ test.
//! }
//! ```
//! A game-specific invariant runs on the same driver: `random_match(seed, 4).play(|g, _|
//! if ok(g) { Ok(()) } else { Err(format!("…")) })?`. A game whose random play needs a
//! bias (e.g. Shelem's short auctions) gives [`RandomMatch::choose()`] its own picker.

use crate::card::{CardBag, CardSet};
use crate::game::{random_from_list, Game, Setup, Status};
use crate::log::Step;
use crate::record::{HandRecord, RecordError, Reveal};
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
use crate::table::{updates, watch_update, GameView, Public};
use std::fmt;
use std::hash::{Hash, Hasher};

/// What the checks need to see of a game beyond [`Game`]: its cards and where they are,
/// a way to shuffle what a seat cannot see, and every action it could ever take.
pub trait Inspect: Game {
    /// What a place holds: a [`CardSet`] for a game of one deck, a [`CardBag`] for one
    /// that may use two (each card then twice).
    type Cards: Cards;

    /// Every card of this match, each as often as the match has it (52, or 54 with jokers,
    /// 104 with two decks, …): cards out of play included, since they are one of the
    /// [`Inspect::card_places`].
    fn all_cards(&self) -> Self::Cards;

    /// Every place a card can be now (each hand, the trick, taken tricks, the undealt deck
    /// or stock, discards, cards out of play, …). Together the places must hold
    /// [`Inspect::all_cards`], each copy of a card in exactly one place.
    fn card_places(&self) -> Vec<Self::Cards>;

    /// Swaps the cards hidden from `viewer` (other seats' hands, a stock, a widow, …) among
    /// their places at random with `rng`, keeping the number of cards in every place, and
    /// touching nothing `viewer` may see: `viewer`'s view must not change.
    fn scramble_hidden(&mut self, viewer: Seat, rng: &mut Rng);

    /// Every action that could ever be legal in this game (any seat, any phase, any
    /// settings); a few never-legal extras are welcome. The legality check applies each
    /// one, and fails if a seat lists a legal action that is missing here.
    fn all_actions(&self) -> Vec<Self::Action>;
}

/// A failed check, with a message naming the match, the step and what went wrong.
#[derive(Clone, PartialEq, Eq)]
pub struct Failure(pub String);

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

// Debug as Display, so that `.unwrap()` in a plain `#[test]` prints the message readably.
impl fmt::Debug for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Failure {}

/// Picks one of `seat`'s `legal` actions (never empty) in a random match.
pub type Choose<G> = fn(&G, Seat, &[<G as Game>::Action], &mut Rng) -> <G as Game>::Action;

/// Uniform over the legal actions, with one `rng.below(len)`: [`RandomMatch`]'s default.
pub fn uniform<G: Game>(_: &G, _: Seat, legal: &[G::Action], rng: &mut Rng) -> G::Action {
    legal[rng.below(legal.len() as u32) as usize].clone()
}

/// A random match to play: from `setup`, with `rng` drawing the acting seat (among several
/// that may act; none is drawn when one may) and the action ([`RandomMatch::choose()`]),
/// until the match ends or `max_hands` hands are over. More than `max_steps` steps (actions
/// and new hands) is a failure: random matches must end.
#[derive(Clone, Debug)]
pub struct RandomMatch<G: Game> {
    /// The setup; its deal seed names the match in failure messages.
    pub setup: Setup<G::Settings>,
    /// Draws the seats and actions (and is handed to the per-step checks).
    pub rng: Rng,
    /// Stop once this many hands are over (`u32::MAX`: play the whole match).
    pub max_hands: u32,
    /// The steps allowed before the match counts as endless.
    pub max_steps: u32,
    /// Picks the action of the seat to act.
    pub choose: Choose<G>,
}

/// A random match played out: its setup, every action taken with its seat, and the game at
/// the end.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The setup it was played from.
    pub setup: Setup<G::Settings>,
    /// Every action, with the seat that took it, in order.
    pub log: Vec<(Seat, G::Action)>,
    /// The game after the last step.
    pub end: G,
}

/// What one step of a random match did, for the checks that look at steps.
pub struct StepDone<'a, G: Game> {
    /// The step's number in the match (actions and new hands, from 0).
    pub step: u32,
    /// The game before the step.
    pub before: &'a G,
    /// The seat that acted and its action; `None` when the next hand was dealt.
    pub acted: Option<(Seat, &'a G::Action)>,
    /// What the step showed everybody.
    pub public: Public<G::Event>,
    /// The game after the step.
    pub after: &'a G,
}

/// Where a match is, for failure messages.
struct At<'a, G: Game> {
    setup: &'a Setup<G::Settings>,
    step: u32,
    hand: u32,
    last: Option<&'a (Seat, G::Action)>,
}

impl<G: Game> At<'_, G> {
    fn fail(&self, what: impl fmt::Display) -> Failure {
        let last = match self.last {
            Some((seat, a)) => format!("after seat {seat} took {a:?}"),
            None => "before any action".to_string(),
        };
        Failure(format!(
            "{} with {} players, deal seed {}: step {} (hand {}), {last}:\n  {what}\n  settings: {:?}",
            G::NAME,
            self.setup.players,
            self.setup.deal.seed,
            self.step,
            self.hand + 1,
            self.setup.settings,
        ))
    }
}

impl<G: Game> RandomMatch<G> {
    /// The whole match from `setup`, seats and actions drawn uniformly with `rng`, at most
    /// 100,000 steps.
    pub fn new(setup: Setup<G::Settings>, rng: Rng) -> Self {
        RandomMatch {
            setup,
            rng,
            max_hands: u32::MAX,
            max_steps: 100_000,
            choose: uniform::<G>,
        }
    }

    /// Stops once `n` hands are over.
    pub fn hands(mut self, n: u32) -> Self {
        self.max_hands = n;
        self
    }

    /// Allows `n` steps before the match counts as endless.
    pub fn steps(mut self, n: u32) -> Self {
        self.max_steps = n;
        self
    }

    /// Picks actions with `choose` instead of uniformly.
    pub fn choose(mut self, choose: Choose<G>) -> Self {
        self.choose = choose;
        self
    }

    /// Plays the match, calling `check` on the game (with the match's RNG) before every
    /// step and on the final state; an `Err` from it, a refused legal action, an acting
    /// seat without legal actions or a match that does not end is a [`Failure`].
    pub fn play(
        self,
        check: impl FnMut(&G, &mut Rng) -> Result<(), String>,
    ) -> Result<Played<G>, Failure> {
        self.play_steps(check, |_, _| Ok(()))
    }

    /// [`RandomMatch::play`], also calling `done` after every step (an action applied, or
    /// the next hand dealt) with what the step did, and the match's RNG.
    pub fn play_steps(
        self,
        mut check: impl FnMut(&G, &mut Rng) -> Result<(), String>,
        mut done: impl FnMut(&StepDone<'_, G>, &mut Rng) -> Result<(), String>,
    ) -> Result<Played<G>, Failure> {
        let RandomMatch {
            setup,
            mut rng,
            max_hands,
            max_steps,
            choose,
        } = self;
        let mut g = G::new(&setup)
            .map_err(|e| Failure(format!("{}: setup {setup:?} refused: {e}", G::NAME)))?;
        let mut log: Vec<(Seat, G::Action)> = Vec::new();
        let mut legal = Vec::new();
        let mut hands = 0;
        for step in 0..max_steps {
            let at = At::<G> {
                setup: &setup,
                step,
                hand: hands,
                last: log.last(),
            };
            check(&g, &mut rng).map_err(|e| at.fail(e))?;
            match g.status() {
                Status::Acting(seats) => {
                    let list: Vec<Seat> = seats.iter().collect();
                    if list.is_empty() {
                        return Err(at.fail("the status is Acting with no seat"));
                    }
                    let seat = list[rng.below(list.len() as u32) as usize];
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    if legal.is_empty() {
                        return Err(at.fail(format!("seat {seat} may act but has no legal action")));
                    }
                    let a = choose(&g, seat, &legal, &mut rng);
                    let before = g.clone();
                    let event = match g.apply(seat, &a) {
                        Ok(e) => e,
                        Err(e) => {
                            return Err(at.fail(format!(
                                "seat {seat}: apply refused {a:?}, picked from its legal actions: {e:?}"
                            )))
                        }
                    };
                    let step_done = StepDone {
                        step,
                        before: &before,
                        acted: Some((seat, &a)),
                        public: Public::Event(event),
                        after: &g,
                    };
                    let after_step = At::<G> {
                        setup: &setup,
                        step,
                        hand: hands,
                        last: Some(&(seat, a.clone())),
                    };
                    done(&step_done, &mut rng).map_err(|e| after_step.fail(e))?;
                    log.push((seat, a));
                }
                Status::HandOver => {
                    hands += 1;
                    if hands >= max_hands {
                        return Ok(Played { setup, log, end: g });
                    }
                    let before = g.clone();
                    g.next_hand()
                        .map_err(|e| at.fail(format!("next_hand refused: {e:?}")))?;
                    let step_done = StepDone {
                        step,
                        before: &before,
                        acted: None,
                        public: Public::NextHand,
                        after: &g,
                    };
                    done(&step_done, &mut rng).map_err(|e| at.fail(e))?;
                }
                Status::MatchOver => return Ok(Played { setup, log, end: g }),
            }
        }
        let at = At::<G> {
            setup: &setup,
            step: max_steps,
            hand: hands,
            last: log.last(),
        };
        Err(at.fail(format!("the match did not end in {max_steps} steps")))
    }
}

/// ARCHITECTURE.md: an action is legal exactly when `apply` accepts it. At every step, for
/// every seat and one seat too many, and for every action of [`Inspect::all_actions`]:
/// `apply` (on a copy) accepts it exactly when `legal_actions` lists it, and a refused
/// action leaves the state hash unchanged. Also: a seat lists legal actions exactly when
/// the status names it among those acting, and every listed action is in `all_actions`.
pub fn legal_exactly_when_apply_accepts<G: Inspect>(m: RandomMatch<G>) -> Result<(), Failure> {
    let mut all: Vec<G::Action> = Vec::new();
    m.play(|g, _| {
        if all.is_empty() {
            all = g.all_actions();
        }
        let acting = acting(g);
        let before = StateBytes::of(g);
        let mut legal = Vec::new();
        for s in 0..=g.players() {
            let seat = Seat(s);
            list_legal(g, seat, acting, &mut legal)?;
            if let Some(a) = legal.iter().find(|a| !all.contains(a)) {
                return Err(format!(
                    "seat {s} lists {a:?}, which all_actions() lacks: add it, so it is checked"
                ));
            }
            accepted_exactly_when_listed(g, seat, &legal, &all, &before)?;
        }
        Ok(())
    })
    .map(drop)
}

/// [`legal_exactly_when_apply_accepts`] for a game whose actions are too many to list in
/// [`Inspect::all_actions`] (plays naming cards, suits, seats, gifts, several cards at
/// once): at every step, `candidates` (drawn with the match's RNG before the seats are
/// checked, so it should hold the legal actions and near misses of the position at hand)
/// stand in for them. For every seat and one seat too many: a seat lists legal actions
/// exactly when the status names it among those acting, lists none twice, and `apply` (on
/// a copy) accepts a listed action or a candidate exactly when it is listed, a refused one
/// leaving the state hash unchanged.
pub fn legal_exactly_when_apply_accepts_among<G: Game>(
    m: RandomMatch<G>,
    candidates: fn(&G, &mut Rng) -> Vec<G::Action>,
) -> Result<(), Failure> {
    m.play(|g, r| {
        // Each distinct candidate once (the legal lists of several seats and their variations
        // repeat some): a repeat would be the same check again.
        let mut tried: Vec<G::Action> = Vec::new();
        for a in candidates(g, r) {
            if !tried.contains(&a) {
                tried.push(a);
            }
        }
        let acting = acting(g);
        let before = StateBytes::of(g);
        let mut legal = Vec::new();
        for s in 0..=g.players() {
            let seat = Seat(s);
            list_legal(g, seat, acting, &mut legal)?;
            if let Some((i, a)) = legal
                .iter()
                .enumerate()
                .find(|(i, a)| legal[..*i].contains(a))
            {
                return Err(format!(
                    "seat {s} lists {a:?} twice (at {i}) among its legal actions {legal:?}"
                ));
            }
            accepted_exactly_when_listed(g, seat, &legal, &legal, &before)?;
            accepted_exactly_when_listed(g, seat, &legal, &tried, &before)?;
        }
        Ok(())
    })
    .map(drop)
}

/// The seats the status names as acting (none when no one may act).
fn acting<G: Game>(g: &G) -> SeatSet {
    match g.status() {
        Status::Acting(seats) => seats,
        _ => Default::default(),
    }
}

/// Lists `seat`'s legal actions in `legal` (cleared first), checking that it has some
/// exactly when it is among the `acting`.
fn list_legal<G: Game>(
    g: &G,
    seat: Seat,
    acting: SeatSet,
    legal: &mut Vec<G::Action>,
) -> Result<(), String> {
    legal.clear();
    g.legal_actions(seat, legal);
    // Not `acting.contains(seat)`: the seat one too many may be past the set's range.
    if acting.iter().any(|a| a == seat) == legal.is_empty() {
        return Err(if legal.is_empty() {
            format!("seat {} may act but has no legal action", seat.0)
        } else {
            format!(
                "seat {} may not act (acting: {acting:?}) but lists {legal:?}",
                seat.0
            )
        });
    }
    Ok(())
}

/// Everything a state feeds to its [`Hash`] (so to [`Game::state_hash`]), byte for byte:
/// states with equal bytes have equal state hashes, and unlike two hashes, unequal bytes are
/// always different states. The "refused action left the state alone" checks compare these:
/// copying bytes costs a fraction of the stable hash's byte-at-a-time multiply chain, which
/// took most of the time of the slowest property tests (docs/benchmarks.md).
#[derive(PartialEq)]
struct StateBytes(Vec<u8>);

impl StateBytes {
    fn of<G: Hash>(g: &G) -> StateBytes {
        let mut b = StateBytes(Vec::new());
        b.fill(g);
        b
    }
    /// This buffer, refilled with `g`'s bytes (its capacity kept).
    fn fill<G: Hash>(&mut self, g: &G) {
        self.0.clear();
        g.hash(self);
    }
}

impl Hasher for StateBytes {
    fn finish(&self) -> u64 {
        unreachable!("StateBytes collects bytes; it is compared, never finished")
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
}

/// `apply` accepts each of `tried` for `seat` exactly when `legal` lists it, and a refused
/// action leaves the state (`before`, `g`'s) unchanged. Each listed action is applied to a copy
/// of `g` of its own; the refused ones one after another to a single copy, whose state is
/// compared with `before` once, at the end: a refusal that changed the state shows there (unless
/// a later refusal changed it back exactly). Comparing the state after every refusal took most
/// of the time of these checks. When anything is wrong, the actions are tried again one at a
/// time, each on a fresh copy, to name the one at fault.
fn accepted_exactly_when_listed<G: Game>(
    g: &G,
    seat: Seat,
    legal: &[G::Action],
    tried: &[G::Action],
    before: &StateBytes,
) -> Result<(), String> {
    let mut refusing = g.clone();
    let all_as_listed = tried.iter().all(|a| {
        if legal.contains(a) {
            g.clone().apply(seat, a).is_ok()
        } else {
            refusing.apply(seat, a).is_err()
        }
    });
    if all_as_listed && StateBytes::of(&refusing) == *before {
        return Ok(());
    }
    each_accepted_exactly_when_listed(g, seat, legal, tried, before)?;
    Err(format!(
        "seat {}: the refused actions among {tried:?}, applied one after another, changed the \
         state, though none does alone",
        seat.0
    ))
}

/// [`accepted_exactly_when_listed`] one action at a time, each on a fresh copy of `g`, the
/// state compared after each refusal: the first action at fault is named.
fn each_accepted_exactly_when_listed<G: Game>(
    g: &G,
    seat: Seat,
    legal: &[G::Action],
    tried: &[G::Action],
    before: &StateBytes,
) -> Result<(), String> {
    let s = seat.0;
    let mut after = StateBytes(Vec::with_capacity(before.0.len()));
    for a in tried {
        let listed = legal.contains(a);
        let mut h = g.clone();
        match h.apply(seat, a) {
            Ok(_) if !listed => {
                return Err(format!(
                    "seat {s}: apply accepted {a:?}, which is not among its legal \
                     actions {legal:?}"
                ))
            }
            Err(e) if listed => {
                return Err(format!(
                    "seat {s}: {a:?} is listed as legal but apply refused it: {e:?}"
                ))
            }
            Err(e) => {
                after.fill(&h);
                if after != *before {
                    return Err(format!(
                        "seat {s}: apply refused {a:?} ({e:?}) but changed the state"
                    ));
                }
            }
            Ok(_) => {}
        }
    }
    Ok(())
}

/// The cards of a place in [`Inspect::card_places`], and how the checks count them.
pub trait Cards: Copy + PartialEq + fmt::Debug {
    /// How many cards, copies counted.
    fn count(self) -> u32;

    /// Checks that `places` hold each card of `all` exactly as often as `all` does; the
    /// error says which card is where it should not be.
    fn account(all: Self, places: &[Self]) -> Result<(), String>;
}

/// One deck: each card in exactly one place.
impl Cards for CardSet {
    fn count(self) -> u32 {
        self.len()
    }

    fn account(all: CardSet, places: &[CardSet]) -> Result<(), String> {
        account(all, places)
    }
}

/// Up to two decks: each card in as many places as the game has copies (a place may hold
/// both).
impl Cards for CardBag {
    fn count(self) -> u32 {
        self.len()
    }

    fn account(all: CardBag, places: &[CardBag]) -> Result<(), String> {
        let seen = places
            .iter()
            .fold(all.distinct(), |u, p| u.or(p.distinct()));
        for c in seen {
            let held: u32 = places.iter().map(|p| p.count(c) as u32).sum();
            if held != all.count(c) as u32 {
                let at: Vec<usize> = (0..places.len())
                    .filter(|&i| places[i].contains(c))
                    .collect();
                return Err(format!(
                    "card {c} is held {held} times (in places {at:?}), the game has it {} \
                     times (places: {places:?})",
                    all.count(c)
                ));
            }
        }
        Ok(())
    }
}

/// Checks that `places` hold each of `all` exactly once; the error says which card is
/// where it should not be.
fn account(all: CardSet, places: &[CardSet]) -> Result<(), String> {
    let mut union = CardSet::EMPTY;
    for (i, &p) in places.iter().enumerate() {
        let twice = union.and(p);
        if let Some(c) = twice.first() {
            let j = places.iter().position(|q| q.contains(c)).unwrap_or(i);
            return Err(format!(
                "card {c} is in two places, {j} and {i} (places: {places:?})"
            ));
        }
        union = union.or(p);
    }
    if union != all {
        return Err(format!(
            "cards in no place: {:?}; cards in a place but not of this game: {:?} (places: {places:?})",
            all.minus(union),
            union.minus(all)
        ));
    }
    Ok(())
}

/// ARCHITECTURE.md: every card is accounted for at every step: [`Inspect::card_places`]
/// hold each card of [`Inspect::all_cards`] exactly once.
pub fn every_card_accounted_for<G: Inspect>(m: RandomMatch<G>) -> Result<(), Failure> {
    m.play(|g, _| Cards::account(g.all_cards(), &g.card_places()))
        .map(drop)
}

/// ARCHITECTURE.md: a seat's view does not change when other seats' hidden cards are
/// swapped. At every step, for every seat: [`Inspect::scramble_hidden`] (drawing from the
/// match's RNG) on a copy leaves that seat's view equal, keeps every card accounted for
/// and every place's count; and over the match it changes the state at least once.
pub fn view_unchanged_when_other_hidden_cards_are_swapped<G: Inspect>(
    m: RandomMatch<G>,
) -> Result<(), Failure> {
    let mut changed = false;
    let played = m.play(|g, r| {
        let places = g.card_places();
        for s in 0..g.players() {
            let seat = Seat(s);
            let mut h = g.clone();
            h.scramble_hidden(seat, r);
            let (before, after) = (g.view(seat), h.view(seat));
            if before != after {
                return Err(format!(
                    "seat {s}'s view changed when the cards hidden from it were swapped: {}\n  \
                     before: {before:?}\n  after:  {after:?}",
                    differences(&before, &after)
                ));
            }
            let moved = h.card_places();
            Cards::account(h.all_cards(), &moved)
                .map_err(|e| format!("after scramble_hidden(seat {s}): {e}"))?;
            let counts = |ps: &[G::Cards]| ps.iter().map(|p| p.count()).collect::<Vec<_>>();
            if counts(&moved) != counts(&places) {
                return Err(format!(
                    "scramble_hidden(seat {s}) changed how many cards the places hold: {:?} \
                     became {:?}",
                    counts(&places),
                    counts(&moved)
                ));
            }
            changed |= h.state_hash() != g.state_hash();
        }
        Ok(())
    })?;
    if !changed {
        return Err(Failure(format!(
            "{} with {} players, deal seed {}: scramble_hidden never changed the state in the \
             whole match, so the view check proved nothing",
            G::NAME,
            played.setup.players,
            played.setup.deal.seed
        )));
    }
    Ok(())
}

/// The top-level parts (`field: value` of a struct) in which the `Debug` forms of `a` and
/// `b` differ, as `field: a → b`, to point at what a view leaks.
fn differences(a: &impl fmt::Debug, b: &impl fmt::Debug) -> String {
    // Splits "Name { x: 1, y: [2, 3] }" into "x: 1" and "y: [2, 3]": at commas one level in.
    fn parts(s: &str) -> Vec<&str> {
        let (mut out, mut depth, mut start, mut quoted) = (Vec::new(), 0, 0, false);
        for (i, ch) in s.char_indices() {
            match ch {
                '"' => quoted = !quoted,
                _ if quoted => {}
                '{' | '[' | '(' => {
                    depth += 1;
                    if depth == 1 {
                        start = i + 1;
                    }
                }
                '}' | ']' | ')' => {
                    if depth == 1 {
                        out.push(s[start..i].trim());
                    }
                    depth -= 1;
                }
                ',' if depth == 1 => {
                    out.push(s[start..i].trim());
                    start = i + 1;
                }
                _ => {}
            }
        }
        out
    }
    let (a, b) = (format!("{a:?}"), format!("{b:?}"));
    let (pa, pb) = (parts(&a), parts(&b));
    if pa.len() != pb.len() {
        return "(see below)".to_string();
    }
    let diff: Vec<String> = pa
        .iter()
        .zip(&pb)
        .filter(|(x, y)| x != y)
        .map(|(x, y)| match (x.split_once(": "), y.split_once(": ")) {
            (Some((field, x)), Some((_, y))) => format!("{field}: {x} → {y}"),
            _ => format!("{x} → {y}"),
        })
        .collect();
    diff.join("; ")
}

/// ARCHITECTURE.md: the same seed and moves give the same state and hash. Rebuilds the
/// game from the match's setup and action log (dealing each next hand where the match
/// did): it must pass through the same state hash at every step, and end with the same
/// hash and the same view for every seat.
pub fn same_seed_and_moves_same_state_and_hash<G: Game>(m: RandomMatch<G>) -> Result<(), Failure> {
    let mut hashes = Vec::new();
    let Played { setup, log, end } = m.play(|g, _| {
        hashes.push(g.state_hash());
        Ok(())
    })?;
    // Where the replay is: the step (an index into `hashes`), the hand, the actions done.
    let (mut step, mut hand, mut acted) = (0usize, 0u32, 0usize);
    let at = |step: usize, hand: u32, acted: usize| At::<G> {
        setup: &setup,
        step: step as u32,
        hand,
        last: acted.checked_sub(1).and_then(|k| log.get(k)),
    };
    let mut g = G::new(&setup).map_err(|e| at(0, 0, 0).fail(format!("setup refused: {e}")))?;
    let same_hash = |g: &G, step: usize, hand: u32, acted: usize| match hashes.get(step) {
        Some(&h) if h == g.state_hash() => Ok(()),
        recorded => Err(at(step, hand, acted).fail(format!(
            "replaying the log: state hash {:#018x}, the match had {}",
            g.state_hash(),
            recorded.map_or("no step here".to_string(), |h| format!("{h:#018x}"))
        ))),
    };
    for (seat, a) in &log {
        while g.status() == Status::HandOver {
            same_hash(&g, step, hand, acted)?;
            g.next_hand().map_err(|e| {
                at(step, hand, acted).fail(format!("replaying the log: next_hand: {e:?}"))
            })?;
            (step, hand) = (step + 1, hand + 1);
        }
        same_hash(&g, step, hand, acted)?;
        g.apply(*seat, a).map_err(|e| {
            at(step, hand, acted).fail(format!(
                "replaying the log: seat {seat} {a:?} refused: {e:?}"
            ))
        })?;
        (step, acted) = (step + 1, acted + 1);
    }
    same_hash(&g, step, hand, acted)?;
    if step + 1 != hashes.len() || g.state_hash() != end.state_hash() {
        return Err(at(step, hand, acted).fail(format!(
            "replaying the log took {} steps to the match's {}, ending in hash {:#018x} \
             instead of {:#018x}",
            step + 1,
            hashes.len(),
            g.state_hash(),
            end.state_hash()
        )));
    }
    for s in 0..g.players() {
        let (v, w) = (g.view(Seat(s)), end.view(Seat(s)));
        if v != w {
            return Err(at(step, hand, acted).fail(format!(
                "the replay's final view of seat {s} differs: {}\n  replay: {v:?}\n  match:  \
                 {w:?}",
                differences(&v, &w)
            )));
        }
    }
    Ok(())
}

/// [`Game::random_action`]: an override must pick what the default (the listed legal
/// actions and one draw) picks, and leave the RNG in the same state, for every seat (and
/// one too many), acting or not, at every step. Draws on copies of the match's RNG.
pub fn random_action_draws_as_the_listed_pick<G: Game>(m: RandomMatch<G>) -> Result<(), Failure> {
    let mut scratch = Vec::new();
    m.play(|g, r| {
        for s in 0..=g.players() {
            let seat = Seat(s);
            let (mut a, mut b) = (r.clone(), r.clone());
            let fast = g.random_action(seat, &mut a, &mut scratch);
            let listed = random_from_list(g, seat, &mut b, &mut scratch);
            if fast != listed {
                return Err(format!(
                    "seat {s}: random_action picked {fast:?}, the listed pick is {listed:?}"
                ));
            }
            if a != b {
                return Err(format!(
                    "seat {s}: random_action drew differently from the listed pick"
                ));
            }
        }
        Ok(())
    })
    .map(drop)
}

/// [`Game::random_step`]: an override must leave the state (its stable hash) and the RNG
/// as [`Game::random_action`] then [`Game::apply`] do, and play exactly when they do, for
/// every seat (and one too many), acting or not, at every step. Steps copies of the match
/// and of its RNG.
pub fn random_step_plays_as_random_action_then_apply<G: Game>(
    m: RandomMatch<G>,
) -> Result<(), Failure> {
    let mut scratch = Vec::new();
    m.play(|g, r| {
        for s in 0..=g.players() {
            let seat = Seat(s);
            let (mut a, mut b) = (r.clone(), r.clone());
            let (mut fast, mut slow) = (g.clone(), g.clone());
            let stepped = fast.random_step(seat, &mut a, &mut scratch);
            let applied = match slow.random_action(seat, &mut b, &mut scratch) {
                Some(action) => slow.apply(seat, &action).is_ok(),
                None => false,
            };
            if stepped != applied {
                return Err(format!(
                    "seat {s}: random_step played: {stepped}, random_action then apply: {applied}"
                ));
            }
            if fast.state_hash() != slow.state_hash() {
                return Err(format!(
                    "seat {s}: random_step left {fast:?}, random_action then apply {slow:?}"
                ));
            }
            if a != b {
                return Err(format!(
                    "seat {s}: random_step drew differently from random_action"
                ));
            }
        }
        Ok(())
    })
    .map(drop)
}

/// C-5: legality never needs another seat's cards. At every step, for every seat,
/// [`GameView::legal_from_view`] on the seat's view lists exactly what
/// [`Game::legal_actions`] lists, in the same order.
pub fn legal_from_view_is_legal_actions<G: GameView>(m: RandomMatch<G>) -> Result<(), Failure> {
    let (mut legal, mut seen) = (Vec::new(), Vec::new());
    m.play(|g, _| {
        for s in 0..g.players() {
            let seat = Seat(s);
            legal.clear();
            seen.clear();
            g.legal_actions(seat, &mut legal);
            let view = g.view(seat);
            G::legal_from_view(&view, &mut seen);
            if legal != seen {
                let missing: Vec<_> = legal.iter().filter(|a| !seen.contains(a)).collect();
                let extra: Vec<_> = seen.iter().filter(|a| !legal.contains(a)).collect();
                return Err(format!(
                    "seat {s}: legal_from_view differs from legal_actions (missing {missing:?}, \
                     extra {extra:?}{})\n  legal_actions:   {legal:?}\n  legal_from_view: \
                     {seen:?}\n  view: {view:?}",
                    if missing.is_empty() && extra.is_empty() {
                        "; same actions in another order"
                    } else {
                        ""
                    }
                ));
            }
        }
        Ok(())
    })
    .map(drop)
}

/// The disclosures: what the rules let an event (which everybody receives) tell about
/// cards the acting seat could not see (the stock, other hands), during a hand.
/// [`events_do_not_depend_on_hidden_cards`] asks a game's `disclosure` function, given
/// two events that differ, which rule lets them differ; a game without any passes
/// [`nothing_disclosed`].
/// - HX-2 (Haft Khabis): a drawn card that fits must be played at once (or may be kept,
///   setting), so the draw's event says whether the card from the stock fits (`fits`), and
///   what follows from the turn going on or ending: HX-9's penalty for an undeclared last
///   card comes as the drawer's turn ends (with the reshuffle it may cause), not while it
///   must still play the drawn card;
/// - CE-4 (Crazy Eights, setting "a drawn card that fits may be played at once"): the
///   draw's event says whether the drawn card fits (`may_play`), and so whether the turn
///   went on (the kept card fits when the player then passes), with what follows from
///   the turn ending or not (CE-8's last-card penalty, a reshuffle).
///
/// Beyond these, D-8: when a hand ends every hand is shown, so the event of the action
/// that ends a hand may depend on anything (e.g. HX-12's scoring draws and reshuffle).
pub fn nothing_disclosed<E>(_: &E, _: &E) -> Option<&'static str> {
    None
}

/// C-5 for events: an event never depends on the cards hidden from the acting seat
/// (other seats' hands, the stock, a widow) beyond the disclosures of
/// [`nothing_disclosed`]. At every action of a hand that does not end it: the same action
/// applied to a copy whose hidden cards [`Inspect::scramble_hidden`] shuffled (as the
/// acting seat sees it, so the action stays legal) gives the same event, unless
/// `disclosure` (the game's list of disclosures) names the rule that lets these two
/// events differ.
pub fn events_do_not_depend_on_hidden_cards<G: Inspect>(
    m: RandomMatch<G>,
    disclosure: fn(&G::Event, &G::Event) -> Option<&'static str>,
) -> Result<(), Failure> {
    m.play_steps(
        |_, _| Ok(()),
        |d, r| {
            let (Some((seat, action)), Public::Event(event)) = (d.acted, &d.public) else {
                return Ok(());
            };
            let mut h = d.before.clone();
            h.scramble_hidden(seat, r);
            let other = h.apply(seat, action).map_err(|e| {
                format!(
                    "seat {seat}'s {action:?} was refused once the cards hidden from it were \
                     swapped: {e:?}"
                )
            })?;
            let ended = |g: &G| matches!(g.status(), Status::HandOver | Status::MatchOver);
            if ended(d.after) || ended(&h) {
                return Ok(()); // D-8: the end of a hand shows every hand.
            }
            if *event != other && disclosure(event, &other).is_none() {
                return Err(format!(
                    "seat {seat}'s {action:?} gave another event once the cards hidden from it \
                     were swapped, and no rule discloses this: {}\n  event:   {event:?}\n  \
                     swapped: {other:?}",
                    differences(event, &other)
                ));
            }
            Ok(())
        },
    )
    .map(drop)
}

/// The cards `x` names once serialized, as a seat would receive it: every string value (not
/// an object's key) that is a card's own name ("10H", "RJ"). Read from the JSON text rather
/// than a `serde_json::Value` tree, whose maps and strings took most of the time of this check.
/// `serde_json` escapes only quotes, backslashes and control characters, none of which is in a
/// card's name, so an escaped string is never one.
fn named<T: serde::Serialize + fmt::Debug>(x: &T) -> Result<CardSet, String> {
    let text = serde_json::to_string(x).map_err(|e| format!("{x:?} does not serialize: {e}"))?;
    let b = text.as_bytes();
    let mut set = CardSet::EMPTY;
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'"' {
            i += 1;
            continue;
        }
        // A string from b[i + 1]: its end is the next quote not escaped.
        let start = i + 1;
        let mut j = start;
        let mut escaped = false;
        while b[j] != b'"' {
            escaped |= b[j] == b'\\';
            j += if b[j] == b'\\' { 2 } else { 1 };
        }
        let is_key = b.get(j + 1) == Some(&b':');
        if !escaped && !is_key {
            let s = &text[start..j];
            if let Ok(c) = s.parse::<crate::card::Card>() {
                if c.to_string() == s {
                    set = set.or(c.bit());
                }
            }
        }
        i = j + 1;
    }
    Ok(set)
}

/// For [`updates_name_only_known_cards`]: a game whose views show every card played.
pub fn no_other_public_cards<G: Game>(_: &StepDone<'_, G>) -> CardSet {
    CardSet::EMPTY
}

/// D-8 for what a seat is sent: after every step (an action, or the next hand dealt),
/// [`updates`] gives one update per seat, in seat order, with the step, the public event
/// and that seat's own view; and the event names no card the receiving seat could not know
/// then: every card it names (in its JSON form) has been named in that seat's own views
/// this hand (its hand, cards on the table, cards it passed or received, cards shown at
/// the end of the hand, …), the view after the step included, or is among the game's
/// `public` cards of the step: cards played face up that a view may not list (in Crazy
/// Eights and Haft Khabis, the cards of a play that were in the player's hand, which go
/// under the top card or even, reshuffled in the same step, into the stock;
/// [`no_other_public_cards`] elsewhere). That views themselves show no hidden card is
/// [`view_unchanged_when_other_hidden_cards_are_swapped`].
pub fn updates_name_only_known_cards<G: Game>(
    m: RandomMatch<G>,
    public: fn(&StepDone<'_, G>) -> CardSet,
) -> Result<(), Failure> {
    let mut known: Vec<CardSet> = Vec::new();
    m.play_steps(
        |_, _| Ok(()),
        |d, _| {
            if known.is_empty() {
                for s in 0..d.before.players() {
                    known.push(named(&d.before.view(Seat(s)))?);
                }
            }
            let ups = updates(d.after, d.step, Some(&d.public));
            if ups.len() != d.after.players() as usize {
                return Err(format!(
                    "{} updates for {} seats",
                    ups.len(),
                    d.after.players()
                ));
            }
            for (s, u) in ups.iter().enumerate() {
                let seat = Seat(s as u8);
                if u.seat != seat || u.step != d.step || u.public.as_ref() != Some(&d.public) {
                    return Err(format!(
                        "update {s} is for seat {}, step {}, {:?}; expected seat {s}, step {}, \
                         {:?}",
                        u.seat, u.step, u.public, d.step, d.public
                    ));
                }
                if u.view != d.after.view(seat) {
                    return Err(format!("update {s} does not carry seat {s}'s view"));
                }
                let seen = named(&u.view)?;
                known[s] = if d.public == Public::NextHand {
                    seen // A new hand: what the seat knew of the last one is shown anyway.
                } else {
                    known[s].or(seen)
                };
                let told = named(&u.public)?;
                let unknown = told.minus(known[s]).minus(public(d));
                if !unknown.is_empty() {
                    return Err(format!(
                        "the update for seat {s} names {unknown:?}, which seat {s} could not \
                         know (its views this hand named only {:?}): {:?}",
                        known[s], u.public
                    ));
                }
            }
            Ok(())
        },
    )
    .map(drop)
}

/// For the watchers' rule tests (issue 23): plays `g` on with the first legal action of the
/// first acting seat at every step (the next hand when one is over), calling `each` with the
/// game before every step and at the end, for at most `steps` steps or to the end of the
/// match.
pub fn walk<G: Game>(g: &mut G, steps: u32, mut each: impl FnMut(&G)) {
    for _ in 0..steps {
        each(g);
        match g.status() {
            Status::Acting(seats) => {
                let Some(seat) = seats.first() else { return };
                let Some(a) = crate::timeout::first_legal(g, seat) else {
                    return;
                };
                if g.apply(seat, &a).is_err() {
                    return;
                }
            }
            Status::HandOver => {
                if g.next_hand().is_err() {
                    return;
                }
            }
            Status::MatchOver => return,
        }
    }
    each(g);
}

/// The cards `x` names once serialized (every string value that is a card's name), for
/// tests: empty if it does not serialize.
pub fn cards_named<T: serde::Serialize + fmt::Debug>(x: &T) -> CardSet {
    named(x).unwrap_or_default()
}

/// Issue 23 (C-5, D-8) for watchers: the watchers' view ([`Game::watch_view`]) names only
/// public cards. At every step:
/// - it does not change when the cards hidden from any one seat are swapped
///   ([`Inspect::scramble_hidden`] for each seat in turn): nothing a seat alone sees is in
///   it, since what is hidden from one seat is hidden from a watcher too;
/// - every card it names is named in every seat's view (a card of the table, a trick, the
///   hands shown at the end of a hand): none is one seat's own;
/// - it is seat 0's view where that view is public: the same JSON once its hand-like parts
///   are set aside (the fields of `private`, which the game names).
pub fn watch_view_names_only_public_cards<G: Inspect>(
    m: RandomMatch<G>,
    private: &[&str],
) -> Result<(), Failure> {
    m.play(|g, r| {
        let w = g.watch_view();
        for s in 0..g.players() {
            let mut h = g.clone();
            h.scramble_hidden(Seat(s), r);
            let again = h.watch_view();
            if again != w {
                return Err(format!(
                    "the watchers' view changed when the cards hidden from seat {s} were \
                     swapped: {}",
                    differences(&w, &again)
                ));
            }
        }
        let mut public = CardSet(u64::MAX);
        for s in 0..g.players() {
            public = public.and(named(&g.view(Seat(s)))?);
        }
        let extra = named(&w)?.minus(public);
        if !extra.is_empty() {
            return Err(format!(
                "the watchers' view names {extra:?}, which not every seat sees: {w:?}"
            ));
        }
        let strip = |v: &G::View| -> Result<serde_json::Value, String> {
            let mut j = serde_json::to_value(v).map_err(|e| e.to_string())?;
            if let Some(o) = j.as_object_mut() {
                for k in private {
                    o.remove(*k);
                }
            }
            Ok(j)
        };
        if strip(&w)? != strip(&g.view(Seat(0)))? {
            return Err(format!(
                "the watchers' view differs from seat 0's beyond {private:?}: {}",
                differences(&w, &g.view(Seat(0)))
            ));
        }
        Ok(())
    })
    .map(drop)
}

/// Issue 23 for what a watcher is sent: after every step [`watch_update`] carries the step,
/// the public event and status every seat's update carries, and the watchers' view; and the
/// event names no card that is not public: every card it names is named in every seat's
/// views this hand, or is among the game's `public` cards of the step (as in
/// [`updates_name_only_known_cards`]).
pub fn watch_updates_name_only_public_cards<G: Game>(
    m: RandomMatch<G>,
    public: fn(&StepDone<'_, G>) -> CardSet,
) -> Result<(), Failure> {
    // Per seat, the cards its views named this hand.
    let mut known: Vec<CardSet> = Vec::new();
    m.play_steps(
        |_, _| Ok(()),
        |d, _| {
            if known.is_empty() {
                for s in 0..d.before.players() {
                    known.push(named(&d.before.view(Seat(s)))?);
                }
            }
            let w = watch_update(d.after, d.step, Some(&d.public));
            let seat0 = &updates(d.after, d.step, Some(&d.public))[0];
            if w.step != d.step || w.public.as_ref() != Some(&d.public) || w.status != seat0.status
            {
                return Err(format!(
                    "the watch update is step {}, {:?}, {:?}; the seats' is step {}, {:?}, {:?}",
                    w.step, w.public, w.status, d.step, d.public, seat0.status
                ));
            }
            if w.view != d.after.watch_view() {
                return Err("the watch update does not carry the watchers' view".into());
            }
            let json = serde_json::to_value(&w).map_err(|e| e.to_string())?;
            let keys: Vec<&String> = json
                .as_object()
                .map(|o| o.keys().collect())
                .unwrap_or_default();
            if keys != ["public", "status", "step", "view"] {
                return Err(format!("the watch update's fields are {keys:?}"));
            }
            // A page reads it as seat 0's update (issue 23), with everything it carries.
            let read: crate::table::Update<G> =
                serde_json::from_value(json.clone()).map_err(|e| e.to_string())?;
            let (w0, step0) = (read.seat, read.step);
            if w0 != Seat(0) || step0 != w.step || read.public != w.public || read.view != w.view {
                return Err(format!(
                    "the watch update reads as seat {w0:?}'s update of step {step0}, not as seat \
                     0's of the same step, event and view"
                ));
            }
            let mut everybody = CardSet(u64::MAX);
            for (s, k) in known.iter_mut().enumerate() {
                let seen = named(&d.after.view(Seat(s as u8)))?;
                *k = if d.public == Public::NextHand {
                    seen
                } else {
                    k.or(seen)
                };
                everybody = everybody.and(*k);
            }
            let unknown = named(&w)?.minus(everybody).minus(public(d));
            if !unknown.is_empty() {
                return Err(format!(
                    "the watch update names {unknown:?}, which not every seat has seen: {:?}",
                    w.public
                ));
            }
            Ok(())
        },
    )
    .map(drop)
}

/// The true places of the hidden cards (now [`crate::record::Reveal`], which a relay's
/// replay needs too), by the name the property tests and the samplers' tests know.
pub use crate::record::Reveal as InspectHidden;

/// A finished hand's record (issue 23's replay online): at every hand's end the record of
/// that hand is made ([`HandRecord::of`] steps the rebuilt hand beside the true one and
/// refuses one that differs anywhere), reads back the same from its JSON, and holds neither
/// the match's seed nor the order of the stock left at the hand's end (sorted); during a
/// hand there is none.
pub fn hand_records_replay_the_hand<G: Reveal>(m: RandomMatch<G>) -> Result<(), Failure> {
    let setup = m.setup.clone();
    let mut log: Vec<Step<G::Action>> = Vec::new();
    m.play_steps(
        |_, _| Ok(()),
        |d, _| {
            log.push(match d.acted {
                Some((seat, action)) => Step::Act {
                    seat,
                    action: action.clone(),
                },
                None => Step::NextHand,
            });
            match d.after.status() {
                Status::Acting(_) => {
                    if d.step % 16 == 5
                        && HandRecord::<G>::of(&setup, &log) != Err(RecordError::InPlay)
                    {
                        return Err("a record of a hand in play".into());
                    }
                }
                Status::HandOver | Status::MatchOver => {
                    let r = HandRecord::<G>::of(&setup, &log).map_err(|e| e.to_string())?;
                    let json = serde_json::to_string(&r).map_err(|e| e.to_string())?;
                    let back: HandRecord<G> =
                        serde_json::from_str(&json).map_err(|e| format!("{e}: {json}"))?;
                    if back != r {
                        return Err("the record reads back otherwise".into());
                    }
                    // The stock left at the hand's end is the end of the record's last
                    // stock: there it must be sorted, not in its true order.
                    let mut end = d.after.hidden();
                    let mut left = G::stock(&mut end).to_vec();
                    let last = r.last_stock();
                    left.sort();
                    if last.len() < left.len() || last[last.len() - left.len()..] != left[..] {
                        return Err(format!(
                            "the stock left is not hidden: {left:?} in {last:?}"
                        ));
                    }
                    if json.contains(&setup.deal.seed.to_string()) && setup.deal.seed > 999 {
                        return Err(format!("the seed is in the record: {json}"));
                    }
                }
            }
            Ok(())
        },
    )
    .map(drop)
}

/// [`crate::FromView`]: at every step, for every seat, the state rebuilt from that seat's view and
/// the true hidden cards gives every seat the same view, the same status and the same legal
/// actions as the true state, and stays so while both play on in lockstep (the same random
/// actions) to the end of the hand or the next shuffle (at most `lockstep` actions).
pub fn rebuilt_from_view_is_the_same_game<G: InspectHidden + GameView>(
    m: RandomMatch<G>,
    lockstep: u32,
) -> Result<(), Failure> {
    let mut legal = Vec::new();
    let mut other = Vec::new();
    m.play(|g, rng| {
        for s in 0..g.players() {
            let view = g.view(Seat(s));
            let mut r = G::from_view(&view, &g.hidden(), rng.next_u64())
                .map_err(|e| format!("seat {s}: from_view refused the true hidden cards: {e}"))?;
            let mut t = g.clone();
            for k in 0..=lockstep {
                same_game(&t, &r, &mut legal, &mut other)
                    .map_err(|e| format!("rebuilt from seat {s}'s view, {k} actions on: {e}"))?;
                let Status::Acting(seats) = t.status() else {
                    break;
                };
                let list: Vec<Seat> = seats.iter().collect();
                let seat = list[rng.below(list.len() as u32) as usize];
                legal.clear();
                t.legal_actions(seat, &mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize].clone();
                let shuffles = t.shuffles();
                let e1 = t.apply(seat, &a).map_err(|e| format!("{e:?}"))?;
                let e2 = r
                    .apply(seat, &a)
                    .map_err(|e| format!("the rebuilt game refused {a:?}: {e:?}"))?;
                // A shuffle draws from each game's own seed: nothing to compare after it.
                if t.shuffles() != shuffles {
                    break;
                }
                if e1 != e2 {
                    return Err(format!("events differ: {e1:?} vs {e2:?}"));
                }
            }
        }
        Ok(())
    })
    .map(drop)
}

/// Same views, status and legal actions for every seat.
fn same_game<G: Game>(
    a: &G,
    b: &G,
    la: &mut Vec<G::Action>,
    lb: &mut Vec<G::Action>,
) -> Result<(), String> {
    if a.status() != b.status() {
        return Err(format!("status {:?} vs {:?}", a.status(), b.status()));
    }
    for s in 0..a.players() {
        let (va, vb) = (a.view(Seat(s)), b.view(Seat(s)));
        if va != vb {
            return Err(format!("seat {s}'s view differs:\n  {va:?}\n  {vb:?}"));
        }
        la.clear();
        lb.clear();
        a.legal_actions(Seat(s), la);
        b.legal_actions(Seat(s), lb);
        if la != lb {
            return Err(format!("seat {s}'s legal actions differ: {la:?} vs {lb:?}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `named` reads card names from string values only, at any depth, as a seat's JSON holds
    /// them: not from keys, not from a name written another way, not across an escape.
    #[test]
    fn named_reads_the_card_names_of_string_values() {
        let x = serde_json::json!({
            "AS": "2H",
            "hand": ["10D", "RJ", ["KC"]],
            "note": "a quote \" then QS",
            "odd": ["as", "TD", "QS\\n", 7],
            "nested": { "last": "3S" }
        });
        let got = named(&x).unwrap();
        let want = ["2H", "10D", "RJ", "KC", "3S"]
            .iter()
            .map(|c| c.parse::<crate::card::Card>().unwrap().bit())
            .fold(CardSet::EMPTY, CardSet::or);
        assert_eq!(got, want, "{:?} against {:?}", got, want);
    }
}
