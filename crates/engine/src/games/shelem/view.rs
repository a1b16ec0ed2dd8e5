//! Shelem's legality from one seat's view (C-5): see [`crate::table::GameView`].

use super::state::Shelem;
use super::types::{ShelemAction, ShelemPhase, ShelemSettings, ShelemView};
use crate::card::{Card, CardSet, Suit};
use crate::games::hokm::Trump;
use crate::seat::Seat;
use crate::table::GameView;

/// What a seat's plate says during the auction (SH-4): its last bid, or that it passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlateBid {
    Bid(u16),
    Passed,
}

impl ShelemView {
    /// The mark on `seat`'s plate: during the auction each seat's last bid or pass (SH-4);
    /// afterwards the hakem's winning bid only.
    pub fn plate_bid(&self, seat: Seat) -> Option<PlateBid> {
        let i = seat.idx();
        if self.phase == ShelemPhase::Bidding {
            if self.passed.get(i).copied().unwrap_or(false) {
                Some(PlateBid::Passed)
            } else {
                self.bids.get(i).copied().flatten().map(PlateBid::Bid)
            }
        } else {
            match (self.hakem, self.bid) {
                (Some(h), Some((_, b))) if h == seat => Some(PlateBid::Bid(b)),
                _ => None,
            }
        }
    }

    /// Whether playing `card` now leads a joker in a no-trump mode, which needs a suit
    /// named (SH-6).
    pub fn needs_joker_suit(&self, card: Card) -> bool {
        card.is_joker()
            && self.phase == ShelemPhase::Playing
            && self.trick.is_empty()
            && self.trump.is_some_and(|t| t.suit().is_none())
    }

    /// The bid of every point in play, called shelem (SH-8): the top of the bidder's
    /// range, or with four players the deck's total (SH-3); with two the total varies
    /// (SH-10) and only the bidder's range tells it (0 without one).
    pub fn shelem_bid(&self) -> u16 {
        match self.bid_range {
            Some((_, hi)) => hi,
            None if self.players == 4 && self.settings.jokers => 200,
            None if self.players == 4 => 165,
            None => 0,
        }
    }
}

/// The two jokers (SH-6).
const JOKERS: CardSet = CardSet((1 << 52) | (1 << 53));

/// HK-4 / SH-6: whether the room allows trump or mode `t`.
pub(super) fn mode_allowed(s: &ShelemSettings, t: Trump) -> bool {
    match t {
        Trump::Suit(_) => true,
        Trump::Sars => s.sars,
        Trump::Nars => s.nars,
        Trump::AceNars => s.ace_nars,
    }
}

/// HK-6 / SH-6: the cards of `hand` that may be played to a trick whose suit to follow is
/// `led` (none: leading), with `trump` named. Jokers count as trumps for following suit; in
/// the no-trump modes they may be played at any time.
#[inline]
pub(super) fn playable(hand: CardSet, led: Option<Suit>, trump: Option<Trump>) -> CardSet {
    let Some(led) = led else {
        return hand;
    };
    let trump_suit = trump.and_then(Trump::suit);
    let follow_mask = match trump_suit {
        Some(t) if t == led => t.mask().or(JOKERS),
        _ => led.mask(),
    };
    let follow = hand.and(follow_mask);
    if follow.is_empty() {
        hand
    } else if trump_suit.is_none() {
        follow.or(hand.and(JOKERS))
    } else {
        follow
    }
}

/// Pushes the plays of `cards`: with a joker led in a no-trump mode (`joker_names`), one
/// lead per suit it may name (SH-6), after the other cards.
#[inline]
pub(super) fn push_plays(cards: CardSet, joker_names: bool, out: &mut Vec<ShelemAction>) {
    if joker_names {
        for c in cards.minus(JOKERS) {
            out.push(ShelemAction::Play(c));
        }
        for joker in cards.and(JOKERS) {
            for suit in Suit::ALL {
                out.push(ShelemAction::JokerLead { joker, suit });
            }
        }
    } else {
        for c in cards {
            out.push(ShelemAction::Play(c));
        }
    }
}

/// SH-4: the bids from `lo` to `hi` in steps of 5, then the pass.
pub(super) fn push_bids(lo: u16, hi: u16, out: &mut Vec<ShelemAction>) {
    let mut b = lo;
    while b <= hi {
        out.push(ShelemAction::Bid(b));
        b += 5;
    }
    out.push(ShelemAction::Pass);
}

/// SH-6: the trumps and modes the room allows.
pub(super) fn push_trumps(s: &ShelemSettings, out: &mut Vec<ShelemAction>) {
    for t in Trump::ALL {
        if mode_allowed(s, t) {
            out.push(ShelemAction::Trump(t));
        }
    }
}

impl GameView for Shelem {
    /// The hand, the suit to follow, the trump, and the bid range shown to the bidder.
    fn legal_from_view(v: &ShelemView, out: &mut Vec<ShelemAction>) {
        if v.turn != Some(v.seat) {
            return;
        }
        match v.phase {
            ShelemPhase::Playing => {
                let no_trump = v.trump.is_some_and(|t| t.suit().is_none());
                let cards = playable(v.hand, v.led, v.trump);
                push_plays(cards, v.trick.is_empty() && no_trump, out);
            }
            ShelemPhase::Bidding => {
                if let Some((lo, hi)) = v.bid_range {
                    push_bids(lo, hi, out);
                }
            }
            ShelemPhase::Discarding => {
                for c in v.hand {
                    out.push(ShelemAction::Discard(c));
                }
            }
            ShelemPhase::NamingTrump => push_trumps(&v.settings, out),
            ShelemPhase::HandOver | ShelemPhase::MatchOver => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shelem::Shelem;
    use crate::Game;

    #[test]
    fn plates_show_bids_and_passes_then_the_hakems_bid() {
        let mut g = Shelem::new(&crate::Setup {
            players: 4,
            settings: ShelemSettings::default(),
            deal: crate::Deal::seeded(3),
        })
        .unwrap();
        let first = g.turn().unwrap();
        g.apply(first, &ShelemAction::Bid(100)).unwrap();
        let second = g.turn().unwrap();
        g.apply(second, &ShelemAction::Pass).unwrap();
        let v = g.view(Seat(0));
        assert_eq!(v.phase, ShelemPhase::Bidding);
        assert_eq!(v.plate_bid(first), Some(PlateBid::Bid(100)));
        assert_eq!(v.plate_bid(second), Some(PlateBid::Passed));
        assert_eq!(v.plate_bid(g.turn().unwrap()), None);
        assert_eq!(v.shelem_bid(), 165, "SH-3: the deck's total");
        while g.phase() == ShelemPhase::Bidding {
            let t = g.turn().unwrap();
            g.apply(t, &ShelemAction::Pass).unwrap();
        }
        let v = g.view(Seat(0));
        assert_eq!(v.phase, ShelemPhase::Discarding);
        assert_eq!(v.hakem, Some(first));
        for seat in 0..4 {
            let want = (Seat(seat) == first).then_some(PlateBid::Bid(100));
            assert_eq!(v.plate_bid(Seat(seat)), want);
        }
    }
}
