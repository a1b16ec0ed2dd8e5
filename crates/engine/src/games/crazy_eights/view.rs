//! Crazy Eights' legality, written once over the public facts of the turn ([`Facts`])
//! that both the full state and one seat's view hold (C-5): see
//! [`crate::table::GameView`].

use super::state::{CrazyEights, Multi, Rules};
use super::types::{
    CrazyEightsAction, CrazyEightsPhase, CrazyEightsPlay, CrazyEightsView, EightPower,
};
use crate::card::{Card, CardBag, CardSet, Rank, Suit};
use crate::games::shedding::{rank_mask, rank_set, suit_set, CardRun, SUITS};
use crate::seat::Seat;
use crate::table::GameView;

/// What legality needs to know of seat `seat`'s turn, all of it public or the seat's own:
/// the rules, the pile, the pending penalty, the seat's hand, wild rank and score.
#[derive(Clone, Copy)]
pub(super) struct Facts<'a> {
    pub rules: &'a Rules,
    pub phase: CrazyEightsPhase,
    /// The seat to act.
    pub turn: Seat,
    /// The seat these facts are about, its cards (`size` of them), Countdown score and
    /// wild rank (CE-11, CE-12).
    pub seat: Seat,
    pub hand: CardBag,
    pub size: u32,
    pub score: u8,
    pub wild: Rank,
    /// CE-5: cards the seat to act must draw unless it answers with a two.
    pub pending: u8,
    /// CE-2: the suit named with the wild card on top.
    pub named: Option<Suit>,
    /// The top of the discard pile (the red joker, which matches nothing, if none).
    pub top: Card,
    pub top_wild: bool,
    /// CE-4: the card just drawn, which the seat to act may play at once.
    pub drawn: Option<Card>,
    /// CE-4 / CE-9: a card can be drawn (reshuffling where the rules allow it).
    pub can_draw: bool,
}

impl Facts<'_> {
    /// The seat's wild cards.
    #[inline]
    fn wild_mask(&self) -> CardSet {
        rank_mask(self.wild)
    }

    /// The distinct cards of `hand` that the seat may play on the current top (CE-2,
    /// CE-5, CE-11, CE-12).
    #[inline]
    pub fn matching(&self, hand: CardSet) -> CardSet {
        let wild = hand.and(self.wild_mask());
        if self.pending > 0 {
            // CE-5: only a two answers (an 8 cannot); CE-12: a wild two is answered by the
            // two of the named suit, or by a two that is the answerer's own wild card.
            let twos = hand.and(rank_mask(Rank::TWO));
            return match self.named {
                Some(s) if self.wild != Rank::TWO => twos.and(s.mask()),
                _ => twos,
            };
        }
        match self.named {
            // CE-2 / CE-12: the named suit, or the player's own wild card.
            Some(s) => hand.and(s.mask()).or(wild),
            None => {
                let top = self.top;
                let m = hand.and(suit_set(top).or(rank_set(top)));
                if self.rules.power == EightPower::OwnSuit && !self.top_wild {
                    // A wild card of the top's suit or rank is already in `m`.
                    m
                } else {
                    m.or(wild)
                }
            }
        }
    }

    /// The distinct single cards the seat may play now (empty unless it is to play).
    #[inline]
    pub fn playable(&self) -> CardSet {
        if self.phase != CrazyEightsPhase::Playing || self.seat != self.turn {
            return CardSet::EMPTY;
        }
        match self.drawn {
            Some(c) => c.bit(),
            None => self.matching(self.hand.distinct()),
        }
    }

    /// CE-2 / CE-11: whether playing `c` as the last card on the current top names a suit
    /// (the hand not `emptied`, or Countdown, where play goes on).
    #[inline]
    pub fn names_suit(&self, c: Card, emptied: bool) -> bool {
        if !self.wild_mask().contains(c) || (emptied && !self.rules.countdown) {
            return false;
        }
        match self.rules.power {
            EightPower::Wild | EightPower::OwnSuit => true,
            EightPower::NoSuit => false,
            EightPower::SuitOnMatch => {
                self.top_wild || c.suit() == self.named.unwrap_or(self.top.suit())
            }
        }
    }

    /// The cards of `playable` that name a suit when played alone (CE-2, CE-11).
    #[inline]
    pub fn naming_cards(&self, playable: CardSet) -> CardSet {
        let wild = playable.and(self.wild_mask());
        if wild.is_empty() || (!self.rules.countdown && self.size == 1) {
            return CardSet::EMPTY;
        }
        match self.rules.power {
            EightPower::Wild | EightPower::OwnSuit => wild,
            EightPower::NoSuit => CardSet::EMPTY,
            EightPower::SuitOnMatch if self.top_wild => wild,
            EightPower::SuitOnMatch => wild.of_suit(self.named.unwrap_or(self.top.suit())),
        }
    }

    /// How many cards of `wild`, a set of the seat's wild cards (of one rank: at most
    /// four), there are: one multiplication instead of a popcount (baseline x86-64 has no
    /// popcount instruction). The rank's cards sit 13 bits apart; multiplied by the same
    /// spacing, their sum lands on bits 39–41 with nothing carried there.
    #[inline]
    pub fn count_wild(&self, wild: CardSet) -> u32 {
        const SPREAD: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;
        let r = (self.wild.index() as u32).min(12);
        (((wild.0 >> r).wrapping_mul(SPREAD) >> 39) & 7) as u32
    }

    /// CE-8 / D-6: whether a play of `k` cards leaves a last card to declare (in Countdown
    /// also going out on a score of 2, which deals one new card).
    #[inline]
    pub fn must_declare(&self, k: u32) -> bool {
        if !self.rules.last_card {
            return false;
        }
        let left = self.size.saturating_sub(k);
        left == 1 || (self.rules.countdown && left == 0 && self.score == 2)
    }

    /// Whether the seat may draw now (CE-4, CE-5, CE-9), given its playable cards.
    #[inline]
    pub fn may_draw(&self, playable: CardSet) -> bool {
        self.drawn.is_none()
            && (self.pending > 0
                || (self.can_draw && (!self.rules.draw_only_when_unable || playable.is_empty())))
    }

    /// Whether the seat may pass now (CE-4 after drawing; D-4 unable to play or draw).
    #[inline]
    pub fn may_pass(&self, playable: CardSet) -> bool {
        self.drawn.is_some() || (self.pending == 0 && playable.is_empty() && !self.can_draw)
    }

    /// Pushes the plays of `run` with every suit and declaration it allows.
    pub fn push_run(&self, run: CardRun, out: &mut Vec<CrazyEightsAction>) {
        let k = run.len() as u32;
        let emptied = self.size == k;
        let declare = self.must_declare(k);
        let suits: &[Option<Suit>] = if self.names_suit(run.last(), emptied) {
            &[
                Some(SUITS[0]),
                Some(SUITS[1]),
                Some(SUITS[2]),
                Some(SUITS[3]),
            ]
        } else {
            &[None]
        };
        for &suit in suits {
            out.push(CrazyEightsAction::Play(CrazyEightsPlay {
                cards: run,
                suit,
                last: false,
            }));
            if declare {
                out.push(CrazyEightsAction::Play(CrazyEightsPlay {
                    cards: run,
                    suit,
                    last: true,
                }));
            }
        }
    }

    /// CE-11: the runs of two or more equal cards the seat may play, at least one of them
    /// playable: for every sub-multiset of a rank and every distinct last card.
    pub fn push_runs(&self, playable: CardSet, out: &mut Vec<CrazyEightsAction>) {
        let hand = self.hand;
        for r in (0..13).filter_map(Rank::new) {
            let of_rank = hand.distinct().and(rank_mask(r));
            if of_rank.and(playable).is_empty() {
                continue;
            }
            let counts: [u8; 4] = SUITS.map(|s| hand.count(Card::new(s, r)));
            if counts.iter().sum::<u8>() < 2 {
                continue;
            }
            for a in 0..=counts[0] {
                for b in 0..=counts[1] {
                    for c in 0..=counts[2] {
                        for d in 0..=counts[3] {
                            let take = [a, b, c, d];
                            let size: u8 = take.iter().sum();
                            if size < 2 {
                                continue;
                            }
                            let mut cards = Vec::with_capacity(size as usize);
                            for (s, &t) in SUITS.iter().zip(&take) {
                                for _ in 0..t {
                                    cards.push(Card::new(*s, r));
                                }
                            }
                            if !cards.iter().any(|&c| playable.contains(c)) {
                                continue;
                            }
                            for (i, &last) in cards.iter().enumerate() {
                                if i > 0 && cards[i - 1] == last {
                                    continue;
                                }
                                let mut order: Vec<Card> = cards.clone();
                                order.remove(i);
                                order.push(last);
                                if let Some(run) = CardRun::new(&order) {
                                    self.push_run(run, out);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The seat's legal actions, in the engine's fixed order.
    pub fn legal_actions(&self, out: &mut Vec<CrazyEightsAction>) {
        if self.seat != self.turn {
            return;
        }
        match self.phase {
            CrazyEightsPhase::DealerNamesSuit => {
                out.extend(SUITS.map(CrazyEightsAction::Suit));
            }
            CrazyEightsPhase::Playing => {
                let playable = self.playable();
                for c in playable {
                    self.push_run(CardRun::one(c), out);
                }
                if self.rules.multi != Multi::Off && self.drawn.is_none() {
                    self.push_runs(playable, out);
                }
                if self.may_draw(playable) {
                    out.push(CrazyEightsAction::Draw);
                }
                if self.may_pass(playable) {
                    out.push(CrazyEightsAction::Pass);
                }
            }
            _ => {}
        }
    }
}

impl GameView for CrazyEights {
    /// The hand, the pile's top (played wild or not) and named suit, the pending penalty,
    /// the drawn card (only its drawer sees it), the seat's wild rank and Countdown score,
    /// and the pile counts.
    fn legal_from_view(v: &CrazyEightsView, out: &mut Vec<CrazyEightsAction>) {
        if !v.to_act.contains(v.seat) {
            return;
        }
        let rules = Rules::new(&v.settings);
        let i = v.seat.idx();
        let facts = Facts {
            rules: &rules,
            phase: v.phase,
            turn: v.seat,
            seat: v.seat,
            hand: v.hand,
            size: v.hand.len(),
            score: v.countdown.get(i).copied().unwrap_or(0),
            wild: v.wild_ranks.get(i).copied().unwrap_or(rules.wild),
            pending: v.pending_draw,
            named: v.named_suit,
            top: v.top.unwrap_or(Card::RED_JOKER),
            top_wild: v.top_wild,
            drawn: v.drawn,
            can_draw: v.stock > 0 || (rules.reshuffle && v.discards >= 2),
        };
        facts.legal_actions(out);
    }
}
