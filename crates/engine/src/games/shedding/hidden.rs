//! What one seat of a shedding game cannot see ([`SheddingHidden`]), and the parts of a
//! state rebuilt from a view and those hidden cards ([`rebuild`], for [`FromView`]); for
//! the tests, the hidden parts of a true state and the property tests' access to its cards.

use super::parts::{Counters, Declarations};
use super::parts::{Hands, Table};
use super::public::SheddingView;
use super::{Supply, PILE_CAP};
use crate::card::{Card, CardBag};
use crate::game::SetupError;
use crate::rebuild::bad;
use crate::rng::Rng;
use crate::seat::Seat;

/// What one seat of a shedding game cannot see, for [`crate::FromView`]: every seat's hand, the
/// stock in order (top first), the card just drawn by the seat to act when it fits and may
/// be played (CE-4, HX-2: everybody learns that it fits, only that seat which card it is),
/// and what is public but not in the view: the discard pile below its top card (every card
/// played since the last reshuffle), and the counters of D-4 and D-6 (passes in a row,
/// actions this hand, a last card not declared). In Haft Khabis the sevens set aside when a
/// hand is scored (HX-12) are the cards left over.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SheddingHidden {
    /// Every seat's hand.
    pub hands: [CardBag; 8],
    /// The stock, top first: the first `stock_len` slots.
    #[serde(with = "crate::card::card_array")]
    pub stock: [Card; PILE_CAP],
    /// How many cards the stock holds.
    pub stock_len: u8,
    /// The discard pile below its top card.
    pub discards: CardBag,
    /// CE-4 / HX-2: the fitting card the seat to act just drew.
    pub drawn: Option<Card>,
    /// D-6: a seat that did not declare its last card.
    pub undeclared: Option<Seat>,
    /// D-4: passes in a row by players who could neither play nor draw.
    pub stuck: u8,
    /// D-4: actions this hand (Crazy Eights' Countdown: since someone last went out).
    pub actions: u16,
}

impl Default for SheddingHidden {
    fn default() -> Self {
        SheddingHidden {
            hands: [CardBag::EMPTY; 8],
            stock: [Card::RED_JOKER; PILE_CAP],
            stock_len: 0,
            discards: CardBag::EMPTY,
            drawn: None,
            undeclared: None,
            stuck: 0,
            actions: 0,
        }
    }
}

impl SheddingHidden {
    /// The stock, top first.
    pub fn stock(&self) -> &[Card] {
        &self.stock[..(self.stock_len as usize).min(PILE_CAP)]
    }

    /// The stock, top first, to change its order.
    pub fn stock_mut(&mut self) -> &mut [Card] {
        &mut self.stock[..(self.stock_len as usize).min(PILE_CAP)]
    }

    /// For the samplers' tests: the true hidden parts of a state.
    pub(crate) fn of(
        table: &Table,
        hands: &Hands,
        drawn: Option<Card>,
        declarations: &Declarations,
        counters: &Counters,
    ) -> SheddingHidden {
        let mut h = SheddingHidden {
            hands: hands.cards,
            drawn,
            undeclared: declarations.undeclared,
            stuck: counters.stuck,
            actions: counters.actions,
            ..SheddingHidden::default()
        };
        // The stock pile's last card is its top.
        let stock = table.supply.stock.as_slice();
        for (slot, &c) in h.stock.iter_mut().zip(stock.iter().rev()) {
            *slot = c;
        }
        h.stock_len = stock.len() as u8;
        let pile = table.supply.discard.as_slice();
        h.discards = pile[..pile.len().saturating_sub(1)]
            .iter()
            .copied()
            .collect();
        h
    }
}

/// What [`rebuild`] makes of a view and the hidden cards: the state's parts both games
/// rebuild alike.
pub(crate) struct Rebuilt {
    pub table: Table,
    pub hands: Hands,
    /// The seat to act (or, when nobody acts, the seat named for it).
    pub turn: Seat,
    /// The game's cards that are nowhere in the view and the hidden parts.
    pub left_over: CardBag,
}

/// For [`crate::FromView::from_view`]: checks `h` against `v` (the seat's own hand, every count,
/// the drawn card) and builds the table, with a fresh RNG from `seed`, and the hands.
/// `game` names the game in the errors; `shaped`: the view's own checks passed (its player
/// count, its lists of one entry per player); `idle`: the seat in `turn` when nobody acts.
/// `set_aside`: `None` where every card is in a hand, the stock or the discard pile (Crazy
/// Eights); `Some(scored)` where the sevens replaced when a hand is scored are set aside
/// (HX-12), so cards may be left over once the hand is `scored`.
pub(crate) fn rebuild(
    v: &impl SheddingView,
    h: &SheddingHidden,
    seed: u64,
    game: &str,
    shaped: bool,
    idle: Seat,
    set_aside: Option<bool>,
) -> Result<Rebuilt, SetupError> {
    let n = v.players();
    let ni = n as usize;
    if !shaped
        || v.seat().0 >= n
        || v.hand_counts().len() != ni
        || v.totals().len() != ni
        || !(v.decks() == 1 || v.decks() == 2)
    {
        return Err(bad(format!("a {game} view of seat {} of {n}", v.seat())));
    }
    let me = v.seat().idx();
    if h.hands[me] != v.hand() || h.hands[ni..].iter().any(|x| !x.is_empty()) {
        return Err(bad(
            "the seat's hand is not its view's, or a seat not at the table",
        ));
    }
    if (0..ni).any(|s| h.hands[s].len() != v.hand_counts()[s] as u32)
        || h.stock_len != v.stock()
        || h.discards.len() + v.top().is_some() as u32 != v.discards() as u32
    {
        return Err(bad("a hidden place holds a wrong number of cards"));
    }
    let turn = v.to_act().first().unwrap_or(idle);
    if v.drawn().is_some() && h.drawn != v.drawn() {
        return Err(bad("the drawn card is not the one the seat sees"));
    }
    if let Some(d) = h.drawn {
        if !h.hands[turn.idx() & 7].contains(d) {
            return Err(bad("the drawn card is not in the hand of the seat to act"));
        }
    }
    let all = CardBag::decks(v.decks());
    let mut seen = CardBag::EMPTY;
    let stock = h.stock();
    let mut total = 0;
    for x in h.hands[..ni].iter().copied().chain([h.discards]) {
        seen = seen.union(x);
        total += x.len();
    }
    for &c in stock.iter().chain(&v.top()) {
        seen.insert(c);
        total += 1;
    }
    let mut left_over = CardBag::EMPTY;
    match set_aside {
        None if total != all.len() || seen != all => {
            return Err(bad("the cards do not add up to the game's decks"));
        }
        None => {}
        Some(scored) => {
            if total != seen.len() || !all.includes(seen) {
                return Err(bad("more cards than the game's decks"));
            }
            left_over = all;
            for c in seen {
                left_over.remove(c);
            }
            if !left_over.is_empty() && !scored {
                return Err(bad("cards missing from a hand in play"));
            }
        }
    }
    let mut supply = Supply::new(Rng::new(seed));
    // The pile's last card is its top.
    for &c in stock.iter().rev() {
        supply.stock.push(c);
    }
    for c in h.discards {
        supply.discard.push(c);
    }
    if let Some(t) = v.top() {
        supply.discard.push(t);
    }
    Ok(Rebuilt {
        table: Table {
            n,
            decks: v.decks(),
            all,
            supply,
        },
        hands: Hands::of_cards(h.hands),
        turn,
        left_over,
    })
}

/// For the property tests ([`crate::testkit::Inspect`]): the shedding games' card places
/// and scrambling of the hidden cards.
#[cfg(any(test, feature = "testkit"))]
pub(crate) mod inspect {
    use super::super::parts::{Hands, Table};
    use crate::card::{Card, CardBag};
    use crate::rng::Rng;
    use crate::seat::Seat;

    /// Every card's place ([`crate::testkit::Inspect::card_places`]): each hand (checked
    /// against the sizes kept alongside), the stock, the discard pile.
    pub(crate) fn card_places(table: &Table, hands: &Hands) -> Vec<CardBag> {
        for (h, &k) in hands.cards.iter().zip(&hands.sizes) {
            assert_eq!(h.len(), k as u32, "hand sizes out of step");
        }
        let mut v = hands.cards[..table.n as usize].to_vec();
        v.push(table.supply.stock.bag());
        v.push(table.supply.discard.bag());
        v
    }

    /// [`crate::testkit::Inspect::scramble_hidden`] in a hand in play, seat `turn` to act:
    /// shuffles the cards of the hands of the seats other than `viewer` and of the stock
    /// among those places, keeping how many each holds; the card the seat to act drew is
    /// forgotten unless `viewer` is that seat.
    pub(crate) fn scramble(
        table: &mut Table,
        hands: &mut Hands,
        drawn: &mut Option<Card>,
        turn: Seat,
        viewer: Seat,
        rng: &mut Rng,
    ) {
        let hands = &mut hands.cards[..table.n as usize];
        let stock = &mut table.supply.stock;
        let others: Vec<usize> = (0..hands.len()).filter(|&s| s != viewer.idx()).collect();
        let mut pool: Vec<Card> = others.iter().flat_map(|&s| hands[s]).collect();
        pool.extend_from_slice(stock.as_slice());
        rng.shuffle(&mut pool);
        let mut it = pool.into_iter();
        for &s in &others {
            let k = hands[s].len() as usize;
            hands[s] = it.by_ref().take(k).collect();
        }
        let k = stock.len();
        stock.clear();
        for c in it.take(k) {
            stock.push(c);
        }
        if turn != viewer {
            *drawn = None;
        }
    }
}
