//! Haft Khabis' legality, written once over the public facts of the turn ([`Facts`]) that
//! both the full state and one seat's view hold (C-5): see [`crate::table::GameView`].

use super::state::{count, HaftKhabis, ACES, EIGHTS, JACKS, SEVENS, TWOS};
use super::types::{
    HaftKhabisAction, HaftKhabisPhase, HaftKhabisPlay, HaftKhabisSettings, HaftKhabisView,
    TurnMode, TwoRule,
};
use crate::card::{Card, CardBag, CardSet, Suit};
use crate::games::shedding::{rank_set, suit_set, SUITS};
use crate::seat::{Seat, SeatSet};
use crate::table::GameView;

/// What legality needs to know of the turn, all of it public: the rules, the turn's mode,
/// the pile and the counts. The acting seat's hand is passed alongside.
#[derive(Clone, Copy)]
pub(super) struct Facts<'a> {
    pub settings: &'a HaftKhabisSettings,
    pub phase: HaftKhabisPhase,
    /// The seat to act.
    pub turn: Seat,
    pub mode: TurnMode,
    /// HX-5: the pending seven penalty.
    pub pending: u8,
    /// The top of the discard pile (the red joker, which matches nothing, if none).
    pub top: Card,
    /// HX-8: the suit named with the jack on top.
    pub named: Option<Suit>,
    /// HX-2: the card just drawn, which fits (known to the seat to act).
    pub drawn: Option<Card>,
    /// Seats still playing this hand.
    pub in_hand: SeatSet,
    /// Cards in the stock and in the discard pile.
    pub stock: usize,
    pub discards: usize,
}

impl Facts<'_> {
    /// HX-15: whether a card can be drawn (the discards but the top reshuffled if needed).
    #[inline]
    fn can_draw(&self) -> bool {
        self.stock > 0 || self.discards >= 2
    }

    /// HX-7: with two players left in the hand a skip is another turn, so the ace works
    /// like the 8.
    #[inline]
    pub fn is_extra_card(&self, c: Card) -> bool {
        EIGHTS.contains(c) || (ACES.contains(c) && count(self.in_hand) == 2)
    }

    /// HX-2, HX-5, HX-8: the distinct cards of `hand` that may be played on the top.
    #[inline]
    pub fn matching(&self, hand: CardSet) -> CardSet {
        if self.pending > 0 {
            // HX-5: only a seven answers (HX-8: not a jack).
            return hand.and(SEVENS);
        }
        let top = self.top;
        let jacks = hand.and(JACKS);
        if JACKS.contains(top) {
            // HX-8: the named suit; HX-16: a jack turned up lets any card follow.
            return match self.named {
                Some(s) => hand.and(s.mask()).or(jacks),
                None => hand,
            };
        }
        hand.and(suit_set(top).or(rank_set(top))).or(jacks)
    }

    /// The distinct cards of `hand` that the seat to act may play now.
    #[inline]
    pub fn playable(&self, hand: CardBag) -> CardSet {
        let hand = hand.distinct();
        match self.mode {
            TurnMode::Drawn => self.drawn.map_or(CardSet::EMPTY, Card::bit),
            TurnMode::AceAnswer => hand.and(ACES),
            TurnMode::Normal | TurnMode::Extra => self.matching(hand),
        }
    }

    /// HX-9 / D-6: whether `left` (what an action leaves in hand, `len` cards) must be
    /// declared: one card, or an 8 and one more (an ace and one more with two players in
    /// the hand).
    #[inline]
    pub fn must_declare(&self, left: CardBag, len: u32) -> bool {
        match len {
            1 => true,
            2 => {
                let d = left.distinct();
                !d.and(EIGHTS).is_empty() || (count(self.in_hand) == 2 && !d.and(ACES).is_empty())
            }
            _ => false,
        }
    }

    /// The cards a draw would take now (HX-5 a pending penalty, else one), counting the
    /// discards that a reshuffle would bring back (HX-15).
    #[inline]
    pub fn draw_count(&self) -> u32 {
        let avail = self.stock + self.discards.saturating_sub(1);
        let want = if self.pending > 0 {
            self.pending as usize
        } else {
            1
        };
        want.min(avail) as u32
    }

    /// Whether the seat to act may draw now, given its playable cards.
    #[inline]
    pub fn may_draw(&self, playable: CardSet) -> bool {
        match self.mode {
            TurnMode::Normal => self.pending > 0 || (playable.is_empty() && self.can_draw()),
            TurnMode::Extra => playable.is_empty() && self.can_draw(),
            _ => false,
        }
    }

    /// Whether the seat to act, holding `size` cards, may pass now.
    #[inline]
    pub fn may_pass(&self, size: u32, playable: CardSet) -> bool {
        match self.mode {
            TurnMode::AceAnswer => true,
            TurnMode::Drawn => self.settings.keep_drawn_card,
            TurnMode::Extra => {
                (self.settings.forgo_eight && size > 0) || (playable.is_empty() && !self.can_draw())
            }
            TurnMode::Normal => self.pending == 0 && playable.is_empty() && !self.can_draw(),
        }
    }

    /// Every legal play of `c` by `p` holding `hand` (`size` cards): suits for a jack,
    /// targets (and cards to give) for a two, with and without the declaration where one
    /// is due.
    pub fn push_plays(
        &self,
        p: Seat,
        hand: CardBag,
        size: u32,
        c: Card,
        out: &mut Vec<HaftKhabisAction>,
    ) {
        let mut after = hand;
        after.remove(c);
        let size = size.saturating_sub(1);
        let emptied = size == 0;
        let push = |out: &mut Vec<HaftKhabisAction>, play: HaftKhabisPlay, left: CardBag| {
            out.push(HaftKhabisAction::Play(play));
            let len = if play.give.is_some() { size - 1 } else { size };
            if self.must_declare(left, len) {
                out.push(HaftKhabisAction::Play(HaftKhabisPlay {
                    last: true,
                    ..play
                }));
            }
        };
        if JACKS.contains(c) && !emptied {
            for s in SUITS {
                push(
                    out,
                    HaftKhabisPlay {
                        suit: Some(s),
                        ..HaftKhabisPlay::card(c)
                    },
                    after,
                );
            }
        } else if TWOS.contains(c) && !emptied && self.settings.two != TwoRule::NoEffect {
            let gives = self.settings.two == TwoRule::GiveCard && size >= 2;
            for t in self.in_hand.iter().filter(|&t| t != p) {
                let play = HaftKhabisPlay {
                    target: Some(t),
                    ..HaftKhabisPlay::card(c)
                };
                if gives {
                    for g in after.distinct() {
                        let mut left = after;
                        left.remove(g);
                        push(
                            out,
                            HaftKhabisPlay {
                                give: Some(g),
                                ..play
                            },
                            left,
                        );
                    }
                } else {
                    push(out, play, after);
                }
            }
        } else {
            push(out, HaftKhabisPlay::card(c), after);
        }
    }

    /// The legal actions of `seat` holding `hand` (`size` cards), in the engine's fixed
    /// order.
    pub fn legal_actions(
        &self,
        seat: Seat,
        hand: CardBag,
        size: u32,
        out: &mut Vec<HaftKhabisAction>,
    ) {
        if seat != self.turn {
            return;
        }
        match self.phase {
            HaftKhabisPhase::DealerNames => {
                let gives = self.settings.two == TwoRule::GiveCard;
                for t in self.in_hand.iter().filter(|&t| t != seat) {
                    if gives {
                        for g in hand.distinct() {
                            out.push(HaftKhabisAction::Name {
                                target: t,
                                give: Some(g),
                            });
                        }
                    } else {
                        out.push(HaftKhabisAction::Name {
                            target: t,
                            give: None,
                        });
                    }
                }
            }
            HaftKhabisPhase::Playing => {
                let playable = self.playable(hand);
                for c in playable {
                    self.push_plays(seat, hand, size, c, out);
                }
                if self.may_draw(playable) {
                    out.push(HaftKhabisAction::Draw { last: false });
                    if size + self.draw_count() == 1 {
                        out.push(HaftKhabisAction::Draw { last: true });
                    }
                }
                if self.may_pass(size, playable) {
                    out.push(HaftKhabisAction::Pass);
                }
            }
            _ => {}
        }
    }
}

impl GameView for HaftKhabis {
    /// The hand, the pile's top and named suit, the pending penalty, the turn's mode, the
    /// drawn card (only its drawer sees it), the seats in the hand and the pile counts.
    fn legal_from_view(v: &HaftKhabisView, out: &mut Vec<HaftKhabisAction>) {
        if !v.to_act.contains(v.seat) {
            return;
        }
        let facts = Facts {
            settings: &v.settings,
            phase: v.phase,
            turn: v.seat,
            mode: v.mode,
            pending: v.pending_draw,
            top: v.top.unwrap_or(Card::RED_JOKER),
            named: v.named_suit,
            drawn: v.drawn,
            in_hand: v.in_hand,
            stock: v.stock as usize,
            discards: v.discards as usize,
        };
        facts.legal_actions(v.seat, v.hand, v.hand.len(), out);
    }
}
