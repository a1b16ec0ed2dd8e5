//! The parts of the state that both shedding games keep alike: the [`Table`] (players,
//! decks, stock and discard pile), the [`Hands`] with their sizes, the last-card
//! [`Declarations`] (D-6) and the [`Counters`] that block a hand (D-4).
//!
//! Each part is a run of fields that stand next to each other in both games' states: a
//! derived `Hash` of a nested struct hashes its fields in order as if they were inline, so
//! the stable state hash ([`crate::Game::state_hash`]) is what it was with the fields
//! inline.

use super::{Pile, Supply};
use crate::card::{Card, CardBag};
use crate::game::{Deal, Setup, SetupError, Status};
use crate::seat::{Seat, SeatSet};

/// D-4: a hand that reaches this many actions without ending is blocked.
pub(crate) const MAX_ACTIONS: u16 = 1000;

/// C-1: the number of players of `setup`, if the game (`game`, its [`crate::Game::NAME`])
/// is played by that many: 2 to `most`.
pub(crate) fn players<S>(setup: &Setup<S>, game: &'static str, most: u8) -> Result<u8, SetupError> {
    let n = setup.players;
    if !(2..=most).contains(&n) {
        return Err(SetupError::Players { game, players: n });
    }
    Ok(n)
}

/// The status of a hand whose seat to act is `turn` (none once the hand is over): `over`
/// when the match is over too.
#[inline]
pub(crate) fn status(turn: Option<Seat>, over: bool) -> Status {
    match turn {
        Some(t) => Status::Acting(SeatSet::only(t)),
        None if over => Status::MatchOver,
        None => Status::HandOver,
    }
}

/// The players and the cards: how many sit at the table, how many decks are in play (two
/// from six players in Crazy Eights, CE-1; above five in Haft Khabis, HX-1), every card of
/// them, and the stock and discard pile.
#[derive(Clone, Debug, Hash)]
pub(crate) struct Table {
    /// Number of players, 2 to 8 (Haft Khabis: 7).
    pub n: u8,
    /// 1 or 2.
    pub decks: u8,
    /// Every card in play.
    pub all: CardBag,
    pub supply: Supply,
}

impl Table {
    /// The table of `setup`'s players (checked by [`players`]) with `decks` decks, and the
    /// first dealer (C-3, C-4). An explicit deck order that is not of those cards is refused
    /// with `what[decks - 1]`.
    pub fn new<S>(
        setup: &Setup<S>,
        decks: u8,
        what: [&str; 2],
    ) -> Result<(Table, Seat), SetupError> {
        let all = CardBag::decks(decks);
        let what = what[(decks as usize).clamp(1, 2) - 1];
        let (rng, dealer) = setup.deal.start_bag(setup.players, all, what)?;
        let table = Table {
            n: setup.players,
            decks,
            all,
            supply: Supply::new(rng),
        };
        Ok((table, dealer))
    }

    /// The top card of the discard pile (the red joker, which matches nothing, if none).
    #[inline]
    pub fn top(&self) -> Card {
        self.supply.discard.top().unwrap_or(Card::RED_JOKER)
    }

    /// Test positions: the hands given (seat by seat), `top` alone on the discard pile, the
    /// stock holding every other card with `stock` (top first) on top; returns the top.
    #[cfg(test)]
    pub fn arrange(&mut self, hands: &mut Hands, given: &[&str], top: &str, stock: &str) -> Card {
        use crate::card::parse_cards;
        let mut rest = self.all;
        for (s, h) in given.iter().enumerate() {
            hands.cards[s] = CardBag::EMPTY;
            hands.sizes[s] = 0;
            for c in parse_cards(h).unwrap() {
                assert!(rest.remove(c), "{c} twice");
                hands.add(Seat(s as u8), c);
            }
        }
        let top: Card = top.parse().unwrap();
        assert!(rest.remove(top));
        let stock_top = parse_cards(stock).unwrap();
        for &c in &stock_top {
            assert!(rest.remove(c), "{c} twice");
        }
        let supply = &mut self.supply;
        supply.discard.clear();
        supply.discard.push(top);
        supply.stock.clear();
        for c in rest.iter().collect::<Vec<_>>().into_iter().rev() {
            supply.stock.push(c);
        }
        for &c in stock_top.iter().rev() {
            supply.stock.push(c);
        }
        top
    }

    /// Test positions: empties the stock into the discard pile under the top card.
    #[cfg(test)]
    pub fn empty_stock(&mut self) {
        let supply = &mut self.supply;
        let top = supply.discard.pop().unwrap();
        while let Some(c) = supply.stock.pop() {
            supply.discard.push(c);
        }
        supply.discard.push(top);
    }
}

/// Each seat's hand and how many cards it holds (kept so as not to count bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Hands {
    pub cards: [CardBag; 8],
    pub sizes: [u8; 8],
}

impl Hands {
    /// No card in any hand.
    pub const EMPTY: Hands = Hands {
        cards: [CardBag::EMPTY; 8],
        sizes: [0; 8],
    };

    /// The hands `cards`, counted.
    pub fn of_cards(cards: [CardBag; 8]) -> Hands {
        let mut sizes = [0u8; 8];
        for (z, x) in sizes.iter_mut().zip(&cards) {
            *z = x.len() as u8;
        }
        Hands { cards, sizes }
    }

    /// `p`'s cards.
    #[inline]
    pub fn of(&self, p: Seat) -> CardBag {
        self.cards[p.idx() & 7]
    }

    /// How many cards `p` holds.
    #[inline]
    pub fn size(&self, p: Seat) -> u8 {
        self.sizes[p.idx() & 7]
    }

    /// The sizes of the first `n` hands, for a view.
    pub fn counts(&self, n: u8) -> Vec<u8> {
        self.sizes[..n as usize].to_vec()
    }

    /// Puts `c` into `p`'s hand.
    #[inline]
    pub fn add(&mut self, p: Seat, c: Card) {
        let i = p.idx() & 7;
        self.cards[i].insert(c);
        self.sizes[i] += 1;
    }

    /// Takes `c` (which it holds) from `p`'s hand.
    #[inline]
    pub fn take(&mut self, p: Seat, c: Card) {
        let i = p.idx() & 7;
        self.sizes[i] -= self.cards[i].remove(c) as u8;
    }

    /// Deals from the top of `stock` one card at a time, from seat `first` on in seat order
    /// (C-2) round after round, until each seat `s` of the `n` holds `counts[s]` more cards.
    #[inline]
    pub fn deal(&mut self, stock: &mut Pile, first: Seat, n: u8, counts: &[u8; 8]) {
        let most = counts.iter().copied().max().unwrap_or(0);
        for round in 0..most {
            for j in 0..n {
                let s = first.after(j, n);
                if round < counts[s.idx()] {
                    if let Some(c) = stock.pop() {
                        self.add(s, c);
                    }
                }
            }
        }
    }
}

/// D-6: the last-card declarations (CE-8, HX-9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Declarations {
    /// A seat that did not declare its last card, penalised when its turn ends.
    pub undeclared: Option<Seat>,
    /// The seats that declared and still hold their last card.
    pub declared: SeatSet,
}

impl Declarations {
    /// `p` declared its last card.
    #[inline]
    pub fn declare(&mut self, p: Seat) {
        self.declared = SeatSet(self.declared.0 | 1 << p.0);
        if self.undeclared == Some(p) {
            self.undeclared = None;
        }
    }

    /// `p` received cards, or played without declaring: no declaration of it stands.
    #[inline]
    pub fn withdraw(&mut self, p: Seat) {
        self.declared = SeatSet(self.declared.0 & !(1 << p.0));
    }

    /// `p` acted declaring its last card or not; `due`: the action left a last card to
    /// declare.
    #[inline]
    pub fn mark(&mut self, p: Seat, declared: bool, due: bool) {
        if declared {
            self.declare(p);
        } else {
            self.withdraw(p);
            if due {
                self.undeclared = Some(p);
            }
        }
    }
}

/// D-4: what blocks a hand that cannot end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Counters {
    /// Passes in a row by players who could neither play nor draw.
    pub stuck: u8,
    /// Actions in this hand (Crazy Eights' Countdown: since someone last went out).
    pub actions: u16,
}

impl Counters {
    /// Counts an action; whether the hand reached the action limit ([`MAX_ACTIONS`]).
    #[inline]
    pub fn count(&mut self) -> bool {
        self.actions += 1;
        self.actions >= MAX_ACTIONS
    }
}

/// What the shared rules write into a game's record of what followed an action
/// ([`crate::games::crazy_eights::CrazyEightsAfter`],
/// [`crate::games::haft_khabis::HaftKhabisAfter`]).
pub(crate) trait Followup {
    /// CE-9 / HX-15: the discards were shuffled into a new stock.
    fn reshuffled(&mut self);
    /// D-6: `seat` did not declare its last card and drew `got` cards.
    fn last_card_penalty(&mut self, seat: Seat, got: u8);
    /// D-4: the hand ended blocked.
    fn blocked(&mut self);
}

/// The parts that giving cards changes, borrowed from a game's state at once: the table,
/// the hands and the declarations; the match's deal, and whether an empty stock is refilled
/// from the discards (CE-9; always in Haft Khabis, HX-15).
pub(crate) struct Dealing<'a> {
    pub reshuffle: bool,
    pub deal: &'a Deal,
    pub table: &'a mut Table,
    pub hands: &'a mut Hands,
    pub declarations: &'a mut Declarations,
}

impl Dealing<'_> {
    /// Gives `seat` up to `count` cards from the stock, reshuffling where the rules allow
    /// it (`after` learns of it); returns how many it got. Cards received end the seat's
    /// declaration.
    #[inline(always)]
    pub fn give(&mut self, seat: Seat, count: u8, after: &mut impl Followup) -> u8 {
        let mut got = 0;
        for _ in 0..count {
            let (c, shuffled) = self.table.supply.draw(self.deal, self.reshuffle);
            if shuffled {
                after.reshuffled();
            }
            match c {
                Some(c) => {
                    self.hands.add(seat, c);
                    got += 1;
                }
                None => break,
            }
        }
        if got > 0 {
            self.declarations.withdraw(seat);
        }
        got
    }

    /// D-6: `p`, which did not declare its last card ([`Declarations::undeclared`]), ends
    /// its turn: it draws `penalty` cards (CE-8: two; HX-9: one), unless its hand is empty.
    #[cold]
    #[inline(never)]
    pub fn last_card_penalty(&mut self, p: Seat, penalty: u8, after: &mut impl Followup) {
        self.declarations.undeclared = None;
        if self.hands.size(p) > 0 {
            let got = self.give(p, penalty, after);
            after.last_card_penalty(p, got);
        }
    }
}
