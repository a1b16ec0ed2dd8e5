//! Bidel's full state and its rules.

use super::types::*;
use crate::card::{Card, CardSet, Rank, Suit};
use crate::game::{random_from_list, Game, HandScore, Outcome, Scoring, Setup, SetupError, Status};
use crate::rebuild::{bad, FromView};
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
#[cfg(any(test, feature = "testkit"))]
use crate::testkit::Inspect;

/// 2♣: leads the first trick (BD-3).
pub(super) const TWO_CLUBS: Card = Card::new(Suit::Clubs, Rank::TWO);
/// 2♦: removed with three players (BD-1).
pub(super) const TWO_DIAMONDS: Card = Card::new(Suit::Diamonds, Rank::TWO);
/// Q♠: 13 points (BD-7).
pub(super) const QUEEN_SPADES: Card = Card::new(Suit::Spades, Rank::QUEEN);
const HEARTS: CardSet = Suit::Hearts.mask();
/// K♠ and A♠: 7 points each in 40-point mode (BD-9).
const KING_ACE_SPADES: CardSet = CardSet(
    Card::new(Suit::Spades, Rank::KING).bit().0 | Card::new(Suit::Spades, Rank::ACE).bit().0,
);

/// The full state of a Bidel match. Nobody may see it whole: use [`Game::view`].
#[derive(Clone, Debug, Hash)]
pub struct Bidel {
    setup: Setup<BidelSettings>,
    rng: Rng,
    /// How many decks have been shuffled (indexes `setup.deal.decks`).
    shuffles: u32,
    /// Number of players, 3 or 4.
    n: u8,
    /// The cards in play: the deck, without 2♦ with three players (BD-1).
    in_play: CardSet,
    /// Cards that cost points besides hearts: Q♠, and K♠ A♠ in 40-point mode (BD-7, BD-9).
    spade_points: CardSet,
    dealer: Seat,
    hand_number: u16,
    phase: BidelPhase,
    pass_dir: PassDirection,
    /// حاکم: names trump this hand (BD-10).
    hakem: Option<Seat>,
    trump: Option<BidelTrump>,
    hands: [CardSet; 4],
    /// BD-2: cards picked to pass, out of the hand until the exchange.
    picked: [CardSet; 4],
    /// BD-2: after the exchange, what each seat passed and received.
    passed: [CardSet; 4],
    received: [CardSet; 4],
    /// BD-2: the seats that have not yet picked three cards.
    choosing: SeatSet,
    turn: Seat,
    leader: Seat,
    trick: TrickCards,
    /// The cards of the current trick as a set.
    trick_set: CardSet,
    /// Cards of completed tricks this hand.
    played: CardSet,
    tricks_done: u8,
    hearts_broken: bool,
    points: [u8; 4],
    tricks: [u8; 4],
    queen_taker: Option<Seat>,
    last_trick: Option<Trick>,
    totals: [i32; 4],
    result: Option<Tally>,
    winner: Option<Seat>,
}

/// The suit of each card index as a set (jokers, never in Bidel, count as spades like
/// [`Card::suit`]): one load instead of a division and a match.
const SUIT_OF: [CardSet; 64] = {
    let mut t = [CardSet::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        let s = if i / 13 < 3 { i / 13 } else { 3 };
        t[i] = CardSet(0x1FFF << (s * 13));
        i += 1;
    }
    t
};

/// The cards of `c`'s suit.
#[inline]
fn suit_of(c: Card) -> CardSet {
    SUIT_OF[(c.index() & 63) as usize]
}

/// BD-3 … BD-6: the cards of `hand` that may be played to the trick led with `lead` (none:
/// leading), in the hand's `first` trick, with hearts `broken` or not; `point_cards` are
/// the hearts and the spades that cost points ([`spade_points`]).
#[inline]
pub(super) fn playable(
    hand: CardSet,
    first: bool,
    lead: Option<Card>,
    broken: bool,
    point_cards: CardSet,
) -> CardSet {
    let Some(lead) = lead else {
        if first {
            // BD-3: the leader of the first trick holds 2♣.
            return hand.and(TWO_CLUBS.bit());
        }
        if !broken {
            // BD-5.
            let other = hand.minus(HEARTS);
            if !other.is_empty() {
                return other;
            }
        }
        return hand;
    };
    let follow = hand.and(suit_of(lead));
    if !follow.is_empty() {
        return follow;
    }
    if first {
        // BD-4.
        let safe = hand.minus(point_cards);
        if !safe.is_empty() {
            return safe;
        }
    }
    hand
}

/// BD-7 / BD-9: the spades that cost points, Q♠ (and K♠ and A♠ in 40-point mode); with
/// the hearts they are the point cards.
pub(super) fn spade_points(s: &BidelSettings) -> CardSet {
    if s.forty_point_mode {
        KING_ACE_SPADES.or(QUEEN_SPADES.bit())
    } else {
        QUEEN_SPADES.bit()
    }
}

/// BD-4: the cards that cost points, not played to the first trick while another can be.
pub(super) fn point_cards(s: &BidelSettings) -> CardSet {
    HEARTS.or(spade_points(s))
}

/// Q♠ K♠ A♠ are consecutive indexes, so the spade points of a set are three bits.
const _: () = assert!(
    QUEEN_SPADES.index() + 1 == Card::new(Suit::Spades, Rank::KING).index()
        && QUEEN_SPADES.index() + 2 == Card::new(Suit::Spades, Rank::ACE).index()
);

/// The points of Q♠ (bit 0, 13), K♠ (bit 1, 7) and A♠ (bit 2, 7) held together (BD-7, BD-9).
const SPADE_POINTS: [u8; 8] = [0, 13, 7, 20, 7, 20, 14, 27];

/// `seat` moved on by `k < n` places at a table of `n`, without a division.
#[inline]
fn seat_after(seat: Seat, k: u8, n: u8) -> Seat {
    let x = seat.0 + k;
    Seat(if x >= n { x - n } else { x })
}

/// BD-6 / HK-6: the winner's position in the complete `trick` (whose cards as a set are
/// `set`): the highest trump if any was played, else the highest card of the led suit.
/// Only one suit can win and index order is rank order within a suit, so the winner is
/// the highest card of that suit in the set.
fn winning_position(trick: &TrickCards, set: CardSet, trump: Option<Suit>) -> u8 {
    let Some(lead) = trick.lead() else {
        return 0;
    };
    let trumps = trump.map_or(CardSet::EMPTY, |t| set.of_suit(t));
    let contenders = if trumps.is_empty() {
        set.and(suit_of(lead))
    } else {
        trumps
    };
    let best = contenders.last();
    // The position of `best` without a branch per card (the cards differ, so at most one
    // term counts).
    let slots = trick.slots();
    (1..trick.len() as u8)
        .map(|i| (Some(slots[i as usize]) == best) as u8 * i)
        .sum()
}

/// A finished hand's result, kept without allocating (BD-7, BD-8); [`HandResult`] is built
/// from it on request. It hashes and prints as that [`HandResult`], so the state hash is
/// the same as when the state held one.
#[derive(Clone, Copy)]
struct Tally {
    n: u8,
    taken: [u8; 4],
    points: [i32; 4],
    moon: Option<Seat>,
    queen_of_spades: Seat,
    /// The winners as a bit set of seats.
    winners: u8,
    totals: [i32; 4],
}

impl Tally {
    fn winners(&self) -> Vec<usize> {
        (0..self.n as usize)
            .filter(|&s| self.winners & (1 << s) != 0)
            .collect()
    }

    fn result(&self) -> HandResult {
        let n = self.n as usize;
        HandResult {
            taken: self.taken[..n].to_vec(),
            points: self.points[..n].to_vec(),
            moon: self.moon,
            queen_of_spades: self.queen_of_spades,
            winners: self.winners(),
            totals: self.totals[..n].to_vec(),
        }
    }
}

impl std::hash::Hash for Tally {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.result().hash(state);
    }
}

impl std::fmt::Debug for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.result().fmt(f)
    }
}

/// The cards of a deal dealt one at a time in rounds of `N`, by position in each round.
#[inline]
fn deal_rounds<const N: usize>(deck: &[Card]) -> [CardSet; 4] {
    let mut h = [0u64; 4];
    for round in deck.chunks_exact(N) {
        for (hj, c) in h.iter_mut().zip(round) {
            *hj |= c.bit().0;
        }
    }
    h.map(CardSet)
}

impl Bidel {
    /// The next deck order: the next explicit one of the setup, else a seeded shuffle (C-4).
    /// Returns the cards and how many of them are in play.
    fn next_deck(&mut self) -> ([Card; 52], usize) {
        let mut deck = crate::card::standard_deck();
        self.setup
            .deal
            .deck_order(self.shuffles, self.in_play, &mut self.rng, &mut deck);
        self.shuffles += 1;
        (deck, self.in_play.len() as usize)
    }

    /// Deals the whole deck one card at a time, top first, starting with the seat after the
    /// dealer and going round in turn order.
    fn deal(&mut self) {
        let (deck, len) = self.next_deck();
        // Round k of the deal gives its j-th card to the j-th seat after the dealer.
        let by_turn = if self.n == 4 {
            deal_rounds::<4>(&deck[..len])
        } else {
            deal_rounds::<3>(&deck[..len])
        };
        let first = self.dealer.next(self.n);
        let mut hands = [CardSet::EMPTY; 4];
        for (j, &h) in by_turn.iter().take(self.n as usize).enumerate() {
            hands[seat_after(first, j as u8, self.n).idx()] = h;
        }
        self.hands = hands;
    }

    fn start_hand(&mut self) {
        self.hand_number += 1;
        self.deal();
        self.picked = [CardSet::EMPTY; 4];
        self.passed = [CardSet::EMPTY; 4];
        self.received = [CardSet::EMPTY; 4];
        self.choosing = SeatSet::default();
        self.trick.clear();
        self.trick_set = CardSet::EMPTY;
        self.played = CardSet::EMPTY;
        self.tricks_done = 0;
        self.hearts_broken = false;
        self.points = [0; 4];
        self.tricks = [0; 4];
        self.queen_taker = None;
        self.last_trick = None;
        self.result = None;
        self.trump = None;
        self.pass_dir = PassDirection::of_hand(self.hand_number, self.n);
        match self.hakem {
            Some(h) if self.setup.settings.trump_mode => {
                self.phase = BidelPhase::ChoosingTrump;
                self.turn = h;
            }
            _ => self.begin_passing(),
        }
    }

    /// BD-2: every seat picks three cards, unless this hand has no passing.
    fn begin_passing(&mut self) {
        if self.pass_dir == PassDirection::None {
            self.begin_play();
        } else {
            self.phase = BidelPhase::Passing;
            self.choosing = SeatSet((1u8 << self.n) - 1);
        }
    }

    /// BD-3: the holder of 2♣ leads.
    fn begin_play(&mut self) {
        self.phase = BidelPhase::Playing;
        let holder = (0..self.n)
            .map(Seat)
            .find(|s| self.hands[s.idx()].contains(TWO_CLUBS))
            .unwrap_or(Seat(0));
        self.leader = holder;
        self.turn = holder;
    }

    /// BD-2: every seat has picked; the cards move to their receivers.
    fn exchange(&mut self) {
        let off = self.pass_dir.offset(self.n);
        for s in 0..self.n {
            let to = Seat(s).after(off, self.n).idx();
            let cards = self.picked[s as usize];
            self.hands[to] = self.hands[to].or(cards);
            self.received[to] = cards;
            self.passed[s as usize] = cards;
        }
        self.picked = [CardSet::EMPTY; 4];
        self.begin_play();
    }

    /// Every card that costs points (BD-7, BD-9).
    fn point_cards(&self) -> CardSet {
        HEARTS.or(self.spade_points)
    }

    /// The points in `cards` (BD-7, BD-9): one per heart, 13 for Q♠, and 7 each for K♠
    /// and A♠ in 40-point mode.
    #[inline]
    fn points_of(&self, cards: CardSet) -> u8 {
        let hearts = cards.and(HEARTS).len() as u8;
        let spades = (cards.and(self.spade_points).0 >> QUEEN_SPADES.index()) & 7;
        hearts + SPADE_POINTS[spades as usize]
    }

    /// The points of a whole hand: 26, or 40 in 40-point mode.
    fn hand_points(&self) -> u8 {
        self.points_of(self.in_play)
    }

    /// The cards `seat` may play now: empty unless it is that seat's turn in play.
    pub fn legal_cards(&self, seat: Seat) -> CardSet {
        if self.phase != BidelPhase::Playing || seat != self.turn {
            return CardSet::EMPTY;
        }
        self.playable(seat)
    }

    /// BD-3 … BD-6 without the turn check.
    fn playable(&self, seat: Seat) -> CardSet {
        // The seat is the one in turn, so below 4: `& 3` only drops the bounds check.
        playable(
            self.hands[seat.idx() & 3],
            self.tricks_done == 0,
            self.trick.lead(),
            self.hearts_broken,
            self.point_cards(),
        )
    }

    /// Why `seat` (whose turn in play it is) may not play `card`, which is not among its
    /// playable cards.
    #[cold]
    #[inline(never)]
    fn play_error(&self, seat: Seat, card: Card) -> BidelError {
        self.check_play(seat, card)
            .err()
            .unwrap_or(BidelError::NotInHand(card))
    }

    /// Which rule forbids `seat` (whose turn in play it is) to play `card`, if one does.
    fn check_play(&self, seat: Seat, card: Card) -> Result<(), BidelError> {
        let hand = self.hands[seat.idx()];
        if !hand.contains(card) {
            return Err(BidelError::NotInHand(card));
        }
        let first = self.tricks_done == 0;
        match self.trick.as_slice().first() {
            None if first && card != TWO_CLUBS => Err(BidelError::MustLeadTwoOfClubs),
            None if !self.hearts_broken
                && card.suit() == Suit::Hearts
                && !hand.minus(HEARTS).is_empty() =>
            {
                Err(BidelError::HeartsNotBroken)
            }
            None => Ok(()),
            Some(&lead) => {
                let follow = hand.of_suit(lead.suit());
                if !follow.is_empty() {
                    if follow.contains(card) {
                        Ok(())
                    } else {
                        Err(BidelError::MustFollowSuit { led: lead.suit() })
                    }
                } else if first
                    && self.point_cards().contains(card)
                    && !hand.minus(self.point_cards()).is_empty()
                {
                    Err(BidelError::NoPointsOnFirstTrick(card))
                } else {
                    Ok(())
                }
            }
        }
    }

    fn play(&mut self, seat: Seat, card: Card) -> Result<BidelEvent, BidelError> {
        if !self.playable(seat).contains(card) {
            return Err(self.play_error(seat, card));
        }
        self.hands[seat.idx() & 3].remove(card);
        self.last_trick = None;
        self.trick.push(card);
        self.trick_set = self.trick_set.or(card.bit());
        self.hearts_broken |= HEARTS.contains(card);
        if self.trick.len() < self.n as usize {
            self.turn = seat_after(seat, 1, self.n);
            return Ok(BidelEvent::Played {
                seat,
                card,
                trick: None,
                hand_over: false,
            });
        }
        Ok(self.complete_trick(seat, card))
    }

    /// The last card of a trick: its winner takes it and leads next; the last trick ends
    /// the hand.
    #[inline(never)]
    fn complete_trick(&mut self, seat: Seat, card: Card) -> BidelEvent {
        let set = self.trick_set;
        let trump = self.trump.and_then(BidelTrump::suit);
        let winner = seat_after(
            self.leader,
            winning_position(&self.trick, set, trump),
            self.n,
        );
        // At most four hearts: each `h & (h - 1)` drops one, cheaper than a popcount
        // (which baseline x86-64 lacks).
        let h0 = set.and(HEARTS).0;
        let h1 = h0 & h0.wrapping_sub(1);
        let h2 = h1 & h1.wrapping_sub(1);
        let h3 = h2 & h2.wrapping_sub(1);
        let hearts = (h0 != 0) as u8 + (h1 != 0) as u8 + (h2 != 0) as u8 + (h3 != 0) as u8;
        let spades = (set.and(self.spade_points).0 >> QUEEN_SPADES.index()) & 7;
        let points = hearts + SPADE_POINTS[spades as usize];
        let trick = Trick {
            leader: self.leader,
            cards: self.trick,
            winner,
            points,
        };
        if set.contains(QUEEN_SPADES) {
            self.queen_taker = Some(winner);
        }
        self.points[winner.idx()] += points;
        self.tricks[winner.idx()] += 1;
        self.played = self.played.or(set);
        self.trick.clear();
        self.trick_set = CardSet::EMPTY;
        self.tricks_done += 1;
        self.last_trick = Some(trick);
        self.leader = winner;
        self.turn = winner;
        let hand_over = self.hands[winner.idx()].is_empty();
        if hand_over {
            self.finish_hand();
        }
        BidelEvent::Played {
            seat,
            card,
            trick: Some(trick),
            hand_over,
        }
    }

    /// BD-7, BD-8: score the hand; the match ends when someone reached the target and the
    /// lowest total is held by one player alone. Once per hand: kept out of the trick path.
    #[inline(never)]
    fn finish_hand(&mut self) {
        let n = self.n as usize;
        let total = self.hand_points();
        let moon = (0..n).find(|&s| self.points[s] == total);
        let mut points = [0i32; 4];
        for (s, p) in points.iter_mut().enumerate().take(n) {
            *p = match moon {
                Some(m) if m == s => 0,
                Some(_) => total as i32,
                None => self.points[s] as i32,
            };
            self.totals[s] += *p;
        }
        let low = points[..n].iter().copied().min().unwrap_or(0);
        let winners = (0..n)
            .filter(|&s| points[s] == low)
            .fold(0u8, |w, s| w | 1 << s);
        let totals = self.totals;
        self.result = Some(Tally {
            n: self.n,
            taken: self.points,
            points,
            moon: moon.map(|m| Seat(m as u8)),
            queen_of_spades: self.queen_taker.unwrap_or(Seat(0)),
            winners,
            totals,
        });
        let target = self.setup.settings.target as i32;
        let best = totals[..n].iter().copied().min().unwrap_or(0);
        let lowest = totals[..n].iter().filter(|&&t| t == best).count();
        if totals[..n].iter().any(|&t| t >= target) && lowest == 1 {
            let w = totals[..n].iter().position(|&t| t == best).unwrap_or(0);
            self.winner = Some(Seat(w as u8));
            self.phase = BidelPhase::MatchOver;
        } else {
            self.phase = BidelPhase::HandOver;
        }
    }

    /// BD-2: `seat` picks `card` to pass; after every seat's third pick the cards move.
    /// `seat` is still choosing, so it is below 4 and has picked at most two cards.
    #[inline(never)]
    fn pick(&mut self, seat: Seat, card: Card) -> Result<BidelEvent, BidelError> {
        let i = seat.idx() & 3;
        if !self.hands[i].contains(card) {
            return Err(BidelError::NotInHand(card));
        }
        self.hands[i].remove(card);
        self.picked[i].insert(card);
        // The count of at most three cards, without a popcount (which baseline x86-64
        // lacks): each `x & (x - 1)` drops one card.
        let p = self.picked[i].0;
        let p1 = p & p.wrapping_sub(1);
        let picked = 1 + (p1 != 0) as u8 + (p1 & p1.wrapping_sub(1) != 0) as u8;
        if picked == PASS_COUNT {
            self.choosing = SeatSet(self.choosing.0 & !(1 << seat.0));
        }
        let exchanged = self.choosing.is_empty();
        if exchanged {
            self.exchange();
        }
        Ok(BidelEvent::PassPicked {
            seat,
            picked,
            exchanged,
        })
    }

    /// The actions other than a card played, once the turn is checked.
    #[inline(never)]
    fn apply_other(&mut self, seat: Seat, action: &BidelAction) -> Result<BidelEvent, BidelError> {
        if !self.may_act(seat) {
            return Err(BidelError::NotYourTurn { seat });
        }
        match (*action, self.phase) {
            (BidelAction::Pass(c), BidelPhase::Passing) => self.pick(seat, c),
            (BidelAction::Trump(t), BidelPhase::ChoosingTrump) => {
                self.trump = Some(t);
                self.begin_passing();
                Ok(BidelEvent::TrumpChosen {
                    hakem: seat,
                    trump: t,
                })
            }
            _ => Err(BidelError::WrongPhase),
        }
    }

    /// The legal picks while passing (BD-2) and the hakem's choices (BD-10). Kept out of
    /// [`Game::legal_actions`] so that its hot path, the cards to play, stays small.
    #[inline(never)]
    fn other_actions(&self, seat: Seat, out: &mut Vec<BidelAction>) {
        match self.phase {
            BidelPhase::Passing if self.choosing.contains(seat) => {
                // A choosing seat is below 4: `& 3` only drops the bounds check.
                for c in self.hands[seat.idx() & 3] {
                    out.push(BidelAction::Pass(c));
                }
            }
            BidelPhase::ChoosingTrump if seat == self.turn => {
                out.extend(BidelTrump::ALL.map(BidelAction::Trump));
            }
            _ => {}
        }
    }

    fn may_act(&self, seat: Seat) -> bool {
        match self.phase {
            BidelPhase::Playing | BidelPhase::ChoosingTrump => seat == self.turn,
            BidelPhase::Passing => self.choosing.contains(seat),
            BidelPhase::HandOver | BidelPhase::MatchOver => false,
        }
    }

    /// The seat to act in play or trump choice, if any.
    pub fn turn(&self) -> Option<Seat> {
        matches!(self.phase, BidelPhase::ChoosingTrump | BidelPhase::Playing).then_some(self.turn)
    }

    /// The phase of the hand.
    pub fn phase(&self) -> BidelPhase {
        self.phase
    }

    #[cfg(test)]
    pub(super) fn set_totals(&mut self, totals: [i32; 4]) {
        self.totals = totals;
    }
}

/// For the property tests of [`crate::testkit`].
/// What one seat of Bidel cannot see, for [`FromView`]: every seat's hand and the cards it
/// has picked to pass (BD-2), the cards each seat passed once the exchange is done (the
/// viewer's as its view shows them; a pass the viewer neither gave nor received may be
/// left empty: it shows only in that seat's own view), and who took Q♠ this hand (public,
/// but the view shows it only in the hand's result: a seat that saw the tricks knows it).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BidelHidden {
    /// Every seat's hand.
    pub hands: [CardSet; 4],
    /// Every seat's picked cards while passing.
    pub picked: [CardSet; 4],
    /// The cards each seat passed this hand (after the exchange).
    pub passed: [CardSet; 4],
    /// Who took Q♠ this hand, once someone has.
    pub queen_taker: Option<Seat>,
}

impl FromView for Bidel {
    type Hidden = BidelHidden;

    fn from_view(v: &BidelView, h: &BidelHidden, seed: u64) -> Result<Bidel, SetupError> {
        let n = v.players;
        if (n != 3 && n != 4) || v.seat.0 >= n {
            return Err(bad(format!("a Bidel view of seat {} of {n}", v.seat)));
        }
        let (ni, me) = (n as usize, v.seat.idx());
        if v.hand_counts.len() != ni
            || v.pick_counts.len() != ni
            || v.points.len() != ni
            || v.tricks.len() != ni
            || v.totals.len() != ni
        {
            return Err(bad("a Bidel view with a wrong number of seats"));
        }
        if h.hands[me] != v.hand || h.picked[me] != v.picked || h.passed[me] != v.passed {
            return Err(bad("the seat's own cards are not its view's"));
        }
        let off = v.pass_direction.offset(n);
        let giver = v.pass_direction.giver(v.seat, n).idx();
        if off != 0 && !v.received.is_empty() && h.passed[giver] != v.received {
            return Err(bad(
                "the cards passed to the seat are not those it received",
            ));
        }
        if h.hands[ni..]
            .iter()
            .chain(&h.picked[ni..])
            .chain(&h.passed[ni..])
            .any(|x| !x.is_empty())
        {
            return Err(bad("cards of a seat not at the table"));
        }
        let in_play = if n == 3 {
            CardSet::DECK.minus(TWO_DIAMONDS.bit())
        } else {
            CardSet::DECK
        };
        let mut seen = CardSet::EMPTY;
        let mut total = 0;
        for s in 0..ni {
            if h.hands[s].len() as u8 != v.hand_counts[s]
                || h.picked[s].len() as u8 != v.pick_counts[s]
            {
                return Err(bad(format!("seat {s} holds a wrong number of cards")));
            }
            for x in [h.hands[s], h.picked[s]] {
                seen = seen.or(x);
                total += x.len();
            }
        }
        let mut trick = TrickCards::EMPTY;
        for &(_, c) in &v.trick {
            trick.push(c);
        }
        let trick_set = trick.set();
        seen = seen.or(trick_set);
        total += trick_set.len();
        if total != seen.len()
            || trick_set.len() as usize != v.trick.len()
            || !seen.minus(in_play).is_empty()
        {
            return Err(bad("a card in two places, or out of play"));
        }
        let played = in_play.minus(seen);
        let tricks_done: u8 = v.tricks.iter().sum();
        if played.len() != tricks_done as u32 * n as u32 {
            return Err(bad("the hidden cards and the tricks taken do not add up"));
        }
        let mut received = [CardSet::EMPTY; 4];
        for s in 0..n {
            received[Seat(s).after(off, n).idx()] = h.passed[s as usize];
        }
        let arr = |x: &[u8]| {
            let mut a = [0u8; 4];
            a[..ni].copy_from_slice(x);
            a
        };
        let points = arr(&v.points);
        let tricks = arr(&v.tricks);
        let mut totals = [0i32; 4];
        totals[..ni].copy_from_slice(&v.totals);
        let result = match &v.result {
            None => None,
            Some(r) => {
                if r.taken.len() != ni || r.points.len() != ni || r.totals.len() != ni {
                    return Err(bad("a hand result with a wrong number of seats"));
                }
                let mut t = Tally {
                    n,
                    taken: arr(&r.taken),
                    points: [0; 4],
                    moon: r.moon,
                    queen_of_spades: r.queen_of_spades,
                    winners: r.winners.iter().fold(0u8, |w, &s| w | 1 << (s & 7)),
                    totals: [0; 4],
                };
                t.points[..ni].copy_from_slice(&r.points);
                t.totals[..ni].copy_from_slice(&r.totals);
                Some(t)
            }
        };
        let choosing = if v.phase == BidelPhase::Passing {
            v.to_act
        } else {
            SeatSet::default()
        };
        let turn = match v.phase {
            BidelPhase::Playing | BidelPhase::ChoosingTrump => v.to_act.first().unwrap_or(v.leader),
            _ => v.leader,
        };
        Ok(Bidel {
            setup: Setup {
                players: n,
                settings: v.settings.clone(),
                deal: crate::game::Deal::seeded(seed),
            },
            rng: Rng::new(seed),
            shuffles: 0,
            n,
            in_play,
            spade_points: spade_points(&v.settings),
            dealer: v.dealer,
            hand_number: v.hand_number,
            phase: v.phase,
            pass_dir: v.pass_direction,
            hakem: v.hakem,
            trump: v.trump,
            hands: h.hands,
            picked: h.picked,
            passed: h.passed,
            received,
            choosing,
            turn,
            leader: v.leader,
            trick,
            trick_set,
            played,
            tricks_done,
            hearts_broken: v.hearts_broken,
            points,
            tricks,
            queen_taker: h.queen_taker,
            last_trick: v.last_trick,
            totals,
            result,
            winner: v.winner,
        })
    }
}

/// The true hidden cards (the samplers' tests, a finished hand's record).
impl crate::record::Reveal for Bidel {
    fn hidden(&self) -> BidelHidden {
        BidelHidden {
            hands: self.hands,
            picked: self.picked,
            passed: self.passed,
            queen_taker: self.queen_taker,
        }
    }

    fn shuffles(&self) -> u32 {
        self.shuffles
    }
}

#[cfg(any(test, feature = "testkit"))]
impl Inspect for Bidel {
    type Cards = CardSet;

    /// The 52 cards (with three players 2♦ is one of the places: out of play).
    fn all_cards(&self) -> CardSet {
        CardSet::DECK
    }

    /// Each hand, each seat's picked cards, the current trick, completed tricks, and the
    /// cards out of play.
    fn card_places(&self) -> Vec<CardSet> {
        let mut v = Vec::new();
        v.extend_from_slice(&self.hands);
        v.extend_from_slice(&self.picked);
        v.push(self.trick_set);
        v.push(self.played);
        v.push(CardSet::DECK.minus(self.in_play));
        v
    }

    /// Swaps hidden cards between seats other than `viewer` (their hands and picked cards),
    /// keeping every count.
    fn scramble_hidden(&mut self, viewer: Seat, rng: &mut Rng) {
        let others: Vec<usize> = (0..self.n as usize)
            .filter(|&s| s != viewer.idx())
            .collect();
        let mut pool: Vec<Card> = others
            .iter()
            .flat_map(|&s| self.hands[s].iter().chain(self.picked[s].iter()))
            .collect();
        rng.shuffle(&mut pool);
        let mut it = pool.into_iter();
        for &s in &others {
            let (h, p) = (self.hands[s].len() as usize, self.picked[s].len() as usize);
            self.hands[s] = it.by_ref().take(h).collect();
            self.picked[s] = it.by_ref().take(p).collect();
        }
    }

    /// Every trump choice, and a pass and a play of every card.
    fn all_actions(&self) -> Vec<BidelAction> {
        let mut v: Vec<BidelAction> = BidelTrump::ALL
            .into_iter()
            .map(BidelAction::Trump)
            .collect();
        v.extend(CardSet::DECK.iter().map(BidelAction::Pass));
        v.extend(CardSet::DECK.iter().map(BidelAction::Play));
        v
    }
}

impl Game for Bidel {
    type Settings = BidelSettings;
    type Action = BidelAction;
    type View = BidelView;
    type Event = BidelEvent;
    type Error = BidelError;

    const NAME: &'static str = "bidel";
    const KIND: crate::games::GameKind = crate::games::GameKind::Bidel;

    /// Whoever reaches `target` ends the match; the lowest total wins.
    fn scoring(settings: &BidelSettings) -> Scoring {
        Scoring {
            target: (settings.target > 0).then_some(settings.target as i32),
            lower_wins: true,
            points_are_totals: false,
        }
    }

    fn new(setup: &Setup<BidelSettings>) -> Result<Bidel, SetupError> {
        let n = setup.players;
        if n != 3 && n != 4 {
            return Err(SetupError::Players {
                game: "bidel",
                players: n,
            });
        }
        if ![100, 200].contains(&setup.settings.target) {
            return Err(SetupError::BadSetting(format!(
                "target must be 100 or 200 (BD-8), not {}",
                setup.settings.target
            )));
        }
        // BD-1: with three players 2♦ is out of play.
        let in_play = if n == 3 {
            CardSet::DECK.minus(TWO_DIAMONDS.bit())
        } else {
            CardSet::DECK
        };
        let what = if n == 3 {
            "Bidel with 3 players needs the 51 cards without 2D"
        } else {
            "Bidel with 4 players needs the 52 cards"
        };
        let (rng, dealer) = setup.deal.start(n, in_play, what)?;
        let spade_points = spade_points(&setup.settings);
        let mut g = Bidel {
            setup: setup.clone(),
            rng,
            shuffles: 0,
            n,
            in_play,
            spade_points,
            dealer,
            hand_number: 0,
            phase: BidelPhase::Passing,
            pass_dir: PassDirection::Right,
            hakem: None,
            trump: None,
            hands: [CardSet::EMPTY; 4],
            picked: [CardSet::EMPTY; 4],
            passed: [CardSet::EMPTY; 4],
            received: [CardSet::EMPTY; 4],
            choosing: SeatSet::default(),
            turn: Seat(0),
            leader: Seat(0),
            trick: TrickCards::EMPTY,
            trick_set: CardSet::EMPTY,
            played: CardSet::EMPTY,
            tricks_done: 0,
            hearts_broken: false,
            points: [0; 4],
            tricks: [0; 4],
            queen_taker: None,
            last_trick: None,
            totals: [0; 4],
            result: None,
            winner: None,
        };
        g.start_hand();
        Ok(g)
    }

    fn setup(&self) -> &Setup<BidelSettings> {
        &self.setup
    }

    fn players(&self) -> u8 {
        self.n
    }

    fn status(&self) -> Status {
        match self.phase {
            BidelPhase::ChoosingTrump | BidelPhase::Playing => {
                Status::Acting(SeatSet::only(self.turn))
            }
            BidelPhase::Passing => Status::Acting(self.choosing),
            BidelPhase::HandOver => Status::HandOver,
            BidelPhase::MatchOver => Status::MatchOver,
        }
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut Vec<BidelAction>) {
        match self.phase {
            BidelPhase::Playing if seat == self.turn => {
                for c in self.playable(seat) {
                    out.push(BidelAction::Play(c));
                }
            }
            _ => self.other_actions(seat, out),
        }
    }

    /// Draws straight from the playable (or passable) cards, without listing them: the
    /// same action and the same draw as the default (checked by a property test).
    #[inline]
    fn random_action(
        &self,
        seat: Seat,
        rng: &mut Rng,
        scratch: &mut Vec<BidelAction>,
    ) -> Option<BidelAction> {
        match self.phase {
            BidelPhase::Playing if seat == self.turn => {
                self.playable(seat).random(rng).map(BidelAction::Play)
            }
            BidelPhase::Passing if self.choosing.contains(seat) => self.hands[seat.idx() & 3]
                .random(rng)
                .map(BidelAction::Pass),
            _ => random_from_list(self, seat, rng, scratch),
        }
    }

    #[inline]
    fn apply(&mut self, seat: Seat, action: &BidelAction) -> Result<BidelEvent, BidelError> {
        // The hot path, a card played in turn, tests the phase and the seat once each.
        match (*action, self.phase) {
            (BidelAction::Play(card), BidelPhase::Playing) if seat == self.turn => {
                self.play(seat, card)
            }
            (BidelAction::Pass(card), BidelPhase::Passing) if self.choosing.contains(seat) => {
                self.pick(seat, card)
            }
            _ => self.apply_other(seat, action),
        }
    }

    fn next_hand(&mut self) -> Result<(), BidelError> {
        if self.phase != BidelPhase::HandOver {
            return Err(BidelError::HandNotOver);
        }
        // D-1: the deal passes to the next seat.
        self.dealer = self.dealer.next(self.n);
        // BD-10: the player after (to the right of, D-9) whoever took Q♠ is hakem.
        self.hakem = self.queen_taker.map(|q| q.next(self.n));
        self.start_hand();
        Ok(())
    }

    fn timeout_action(&self, seat: Seat) -> Option<BidelAction> {
        // D-7: the lowest legal card (A high); passing and trump: the first option.
        crate::timeout::lowest_card_or_first(
            self,
            seat,
            |a| match a {
                BidelAction::Play(c) => Some(*c),
                _ => None,
            },
            crate::timeout::Ranking::AceHigh,
        )
    }

    /// Seat 0's view without what seat 0 alone sees (see [`Game::watch_view`]).
    fn watch_view(&self) -> BidelView {
        BidelView {
            hand: CardSet::EMPTY,
            picked: CardSet::EMPTY,
            passed: CardSet::EMPTY,
            received: CardSet::EMPTY,
            ..self.view(Seat(0))
        }
    }

    fn view(&self, seat: Seat) -> BidelView {
        let n = self.n as usize;
        let i = seat.idx().min(3);
        let to_act = match self.status() {
            Status::Acting(s) => s,
            _ => SeatSet::default(),
        };
        BidelView {
            seat,
            players: self.n,
            settings: self.setup.settings.clone(),
            phase: self.phase,
            to_act,
            dealer: self.dealer,
            hand_number: self.hand_number,
            pass_direction: self.pass_dir,
            hakem: self.hakem.filter(|_| self.setup.settings.trump_mode),
            trump: self.trump,
            hand: self.hands[i],
            picked: self.picked[i],
            passed: self.passed[i],
            received: self.received[i],
            hand_counts: self.hands[..n].iter().map(|h| h.len() as u8).collect(),
            pick_counts: self.picked[..n].iter().map(|h| h.len() as u8).collect(),
            leader: self.leader,
            trick: self
                .trick
                .as_slice()
                .iter()
                .enumerate()
                .map(|(k, &c)| (self.leader.after(k as u8, self.n), c))
                .collect(),
            last_trick: self.last_trick,
            hearts_broken: self.hearts_broken,
            points: self.points[..n].to_vec(),
            tricks: self.tricks[..n].to_vec(),
            totals: self.totals[..n].to_vec(),
            result: self.result.map(|t| t.result()),
            winner: self.winner,
        }
    }

    fn hand_score(&self) -> Option<HandScore> {
        let r = self.result.as_ref()?;
        Some(HandScore {
            points: r.points[..r.n as usize].to_vec(),
            winners: r.winners(),
        })
    }

    fn totals(&self) -> Vec<i32> {
        self.totals[..self.n as usize].to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|w| Outcome {
            totals: self.totals(),
            winners: vec![w.idx()],
        })
    }
}
