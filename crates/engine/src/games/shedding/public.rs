//! What the shared code reads of each shedding game's public types: the views
//! ([`SheddingView`], for rebuilding a state from a view and for the bots' beliefs and
//! samplers), the records of what followed an action ([`Followup`]), and the plays of one
//! card ([`SheddingGame`]). The two games' views are separate wire types with fields of
//! their own: each implements [`SheddingView`] where it is declared (`shedding_view!`).

use super::parts::Followup;
use super::{Direction, SheddingHidden};
use crate::card::{Card, CardBag, CardSet, Suit};
use crate::games::crazy_eights::{CrazyEights, CrazyEightsAction, CrazyEightsAfter};
use crate::games::haft_khabis::{HaftKhabis, HaftKhabisAction, HaftKhabisAfter};
use crate::rebuild::FromView;
use crate::seat::{Seat, SeatSet};
use crate::table::GameView;

/// What both shedding games' views show alike (C-5, D-8).
pub trait SheddingView: Clone {
    /// The seat the view is for.
    fn seat(&self) -> Seat;
    /// The number of players.
    fn players(&self) -> u8;
    /// 1, or 2 at the larger tables (CE-1, HX-1).
    fn decks(&self) -> u8;
    /// 1 for the first hand of the match.
    fn hand_number(&self) -> u16;
    /// The seat's cards.
    fn hand(&self) -> CardBag;
    /// The cards in each hand.
    fn hand_counts(&self) -> &[u8];
    /// The top card of the discard pile.
    fn top(&self) -> Option<Card>;
    /// The cards in the stock.
    fn stock(&self) -> u8;
    /// The cards in the discard pile.
    fn discards(&self) -> u8;
    /// CE-4 / HX-2: the card the seat just drew and may play at once (only its own).
    fn drawn(&self) -> Option<Card>;
    /// The seat that may act now, if any.
    fn to_act(&self) -> SeatSet;
    /// The direction of play (C-2).
    fn direction(&self) -> Direction;
    /// The seats still playing this hand (Haft Khabis' finishing order takes seats out).
    fn in_hand(&self) -> SeatSet;
    /// The match totals, one per player.
    fn totals(&self) -> &[i32];
    /// The suit named with a wild card or a jack (else the top card's suit is followed).
    fn named_suit(&self) -> Option<Suit>;
    /// The cards the seat to act must draw unless it answers (CE's 2s, HX-5's 7s).
    fn pending_draw(&self) -> u8;
    /// The seats that declared their last card (D-6).
    fn declared(&self) -> SeatSet;
    /// Whether the seat to act may be holding a card it just drew that fits and may still
    /// play it (CE-4, HX-2): Haft Khabis' view tells by its mode; Crazy Eights' view shows
    /// the card only to that seat, so it cannot tell.
    fn may_hold_drawn(&self) -> bool;
    /// This view as `seat` holding `hand` would see it in an ordinary turn with no card
    /// drawn: for asking the rules which cards fit the top.
    fn probe(&self, seat: Seat, hand: CardBag) -> Self;

    /// The seat after the view's seat still in the hand, in the direction of play.
    fn next_seat(&self) -> Seat {
        let n = self.players();
        let mut s = self.seat();
        for _ in 0..n {
            s = match self.direction() {
                Direction::Clockwise => s.next(n),
                Direction::Counterclockwise => s.prev(n),
            };
            if self.in_hand().contains(s) {
                return s;
            }
        }
        self.seat()
    }
}

/// A shedding game as the bots' shared belief and sampler read it.
pub trait SheddingGame: GameView<View: SheddingView> + FromView<Hidden = SheddingHidden> {
    /// The game's name in messages ("Crazy Eights").
    const TITLE: &'static str;

    /// The card of an action that plays one card alone, if it is one.
    fn single_card(action: &Self::Action) -> Option<Card>;

    /// The cards `seat` holding `hand` could play alone on `v`'s top in an ordinary turn
    /// with no card drawn (CE-2, HX-2): the cards a draw fits.
    fn fitting(v: &Self::View, seat: Seat, hand: CardBag) -> CardSet {
        let mut legal = Vec::new();
        Self::legal_from_view(&v.probe(seat, hand), &mut legal);
        legal.iter().filter_map(Self::single_card).collect()
    }
}

impl SheddingGame for CrazyEights {
    const TITLE: &'static str = "Crazy Eights";

    fn single_card(action: &CrazyEightsAction) -> Option<Card> {
        match action {
            CrazyEightsAction::Play(p) if p.cards.len() == 1 => Some(p.cards.last()),
            _ => None,
        }
    }
}

impl SheddingGame for HaftKhabis {
    const TITLE: &'static str = "Haft Khabis";

    fn single_card(action: &HaftKhabisAction) -> Option<Card> {
        match action {
            HaftKhabisAction::Play(p) => Some(p.card),
            _ => None,
        }
    }
}

/// Both games' records of what followed an action keep the shared rules' parts alike.
macro_rules! followup {
    ($($after:ty),*) => {$(
        impl Followup for $after {
            fn reshuffled(&mut self) {
                self.reshuffled = true;
            }
            fn last_card_penalty(&mut self, seat: Seat, got: u8) {
                self.last_card_penalty = Some((seat, got));
            }
            fn blocked(&mut self) {
                self.hand_over = true;
                self.blocked = true;
            }
        }
    )*};
}

followup!(CrazyEightsAfter, HaftKhabisAfter);
