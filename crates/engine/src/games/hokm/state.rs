//! Hokm's full state and its rules.

use super::types::*;
use super::view;
use crate::card::{Card, CardSet, Rank};
use crate::game::{Game, HandScore, Outcome, Scoring, Setup, SetupError, Status};
use crate::rebuild::{bad, FromView};
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
#[cfg(any(test, feature = "testkit"))]
use crate::testkit::Inspect;
use std::hash::{Hash, Hasher};

/// Seats at the 4-player table.
const N: u8 = 4;

/// The seat `k` places after `s` at a table of `n` seats. `n` is 2 or 4, a power of two, so
/// a mask replaces the division of [`Seat::after`].
#[inline]
fn after(s: Seat, k: u8, n: u8) -> Seat {
    Seat((s.0 + k) & (n - 1))
}

/// The full state of a Hokm match. Nobody may see it whole: use [`Game::view`].
#[derive(Clone, Debug)]
pub struct Hokm {
    setup: Setup<HokmSettings>,
    rng: Rng,
    /// How many decks have been shuffled (indexes `setup.deal.decks`).
    shuffles: u32,
    seating: [u8; 4],
    hakem_draw: Vec<(Seat, Card)>,
    seat_swap: Option<(Seat, Seat)>,
    dealer: Seat,
    /// حاکم: names trump, leads the first trick.
    hakem: Seat,
    phase: HokmPhase,
    /// This hand's deck order, top first; `dealt` cards of it are in hands.
    deck: [Card; 52],
    dealt: u8,
    hands: [CardSet; 4],
    trump: Option<Trump>,
    turn: Seat,
    leader: Seat,
    trick: [Card; 4],
    trick_len: u8,
    /// Cards of completed tricks this hand.
    played: CardSet,
    last_trick: Option<Trick>,
    tricks: [u8; 2],
    pub(super) score: [u8; 2],
    hand_number: u16,
    result: Option<HandResult>,
    winner: Option<usize>,
    /// Seats: 4, or 2 (HK-13).
    n: u8,
    /// HK-13: each player's face-down discards this hand, out of play.
    discards: [CardSet; 2],
}

/// Field by field as `#[derive(Hash)]` would, except that the 2-player fields are hashed
/// only in a 2-player game: 4-player state hashes are those from before HK-13.
impl Hash for Hokm {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.setup.hash(h);
        self.rng.hash(h);
        self.shuffles.hash(h);
        self.seating.hash(h);
        self.hakem_draw.hash(h);
        self.seat_swap.hash(h);
        self.dealer.hash(h);
        self.hakem.hash(h);
        self.phase.hash(h);
        self.deck.hash(h);
        self.dealt.hash(h);
        self.hands.hash(h);
        self.trump.hash(h);
        self.turn.hash(h);
        self.leader.hash(h);
        self.trick.hash(h);
        self.trick_len.hash(h);
        self.played.hash(h);
        // A completed trick as before its cards were the shared `TrickCards`: leader, the
        // four slots, winner (the length follows from the number of seats).
        self.last_trick
            .map(|t| (t.leader, *t.cards.slots(), t.winner))
            .hash(h);
        self.tricks.hash(h);
        self.score.hash(h);
        self.hand_number.hash(h);
        self.result.hash(h);
        self.winner.hash(h);
        if self.n != N {
            self.n.hash(h);
            self.discards.hash(h);
        }
    }
}

/// HK-6: the position (0 = the leader's card) of the winning card of a complete `trick`:
/// the highest trump, else the highest card of the led suit, by the mode's ranking.
///
/// `cards` is the trick as a set. Only one suit can win (trump if any was played, else the
/// led suit; off-suit cards never win), so the winner is the best card of that suit
/// ([`Trump::best_of_one_suit`]).
fn winning_position(trick: &[Card; 4], cards: CardSet, trump: Trump) -> u8 {
    let trumps = trump.suit().map_or(CardSet::EMPTY, |t| cards.of_suit(t));
    let contenders = if trumps.is_empty() {
        cards.of_suit(trick[0].suit())
    } else {
        trumps
    };
    let best = trump.best_of_one_suit(contenders);
    // The position of `best`, without a branch per card (the four cards differ, so at most
    // one term counts).
    (1..4u8)
        .map(|i| (Some(trick[i as usize]) == best) as u8 * i)
        .sum()
}

impl Hokm {
    /// The next deck order: the next explicit one of the setup, else a seeded shuffle (C-4).
    fn next_deck(&mut self) -> [Card; 52] {
        let mut deck = [Card::RED_JOKER; 52];
        self.setup
            .deal
            .deck_order(self.shuffles, CardSet::DECK, &mut self.rng, &mut deck);
        self.shuffles += 1;
        deck
    }

    /// HK-2: deal face up from the seat after the dealer until someone receives an ace; with
    /// the setting (4 players only), go on to a second player's ace and seat that player
    /// opposite the hakem.
    fn choose_first_hakem(&mut self) {
        let deck = self.next_deck();
        let n = self.n;
        let mut seat = self.dealer.next(n);
        let mut hakem = None;
        // One allocation for the whole draw instead of a few as it grows.
        self.hakem_draw.reserve(deck.len());
        for card in deck {
            self.hakem_draw.push((seat, card));
            if card.rank() == Rank::ACE {
                match hakem {
                    None => {
                        hakem = Some(seat);
                        if !self.setup.settings.partners_by_second_ace {
                            break;
                        }
                    }
                    Some(h) if seat != h => {
                        let opposite = h.after(2, N);
                        if seat != opposite {
                            self.seating.swap(seat.idx(), opposite.idx());
                            self.seat_swap = Some((seat, opposite));
                        }
                        break;
                    }
                    Some(_) => {}
                }
            }
            seat = seat.next(n);
        }
        // A deck always holds four aces, so a hakem is always found.
        self.hakem = hakem.unwrap_or(seat);
        // HK-3: the player before the hakem deals.
        self.dealer = self.hakem.prev(n);
    }

    /// HK-3 (and HK-13): shuffle, five cards to each player starting with the hakem.
    fn deal_first_five(&mut self) {
        self.deck = self.next_deck();
        self.hands = [CardSet::EMPTY; 4];
        // A loop of constant length per table size, unrolled.
        if self.n == N {
            self.deal_packets_of_five(N);
        } else {
            self.deal_packets_of_five(2);
        }
        self.dealt = 5 * self.n;
        self.discards = [CardSet::EMPTY; 2];
        self.phase = HokmPhase::ChoosingTrump;
        self.turn = self.hakem;
        self.trump = None;
    }

    /// Five cards from the top of the deck to each of `n` seats, starting with the hakem.
    #[inline(always)]
    fn deal_packets_of_five(&mut self, n: u8) {
        for i in 0..n {
            let seat = self.hakem.after(i, n);
            for k in 0..5 {
                self.hands[seat.idx()].insert(self.deck[(i * 5 + k) as usize]);
            }
        }
    }

    /// HK-3: then four and four more to each, starting with the hakem (4 players).
    fn deal_rest(&mut self) {
        // Packets of four from the first undealt card, to the hakem, the next seat, ...
        let packets = self.deck[self.dealt as usize..].chunks_exact(4);
        for (k, packet) in packets.enumerate() {
            let seat = self.hakem.after((k % 4) as u8, N);
            let cards = packet.iter().fold(CardSet::EMPTY, |s, &c| s.or(c.bit()));
            self.hands[seat.idx()] = self.hands[seat.idx()].or(cards);
        }
        self.dealt = 52;
    }

    fn start_hand(&mut self) {
        self.hand_number += 1;
        self.tricks = [0, 0];
        self.trick_len = 0;
        self.played = CardSet::EMPTY;
        self.last_trick = None;
        self.result = None;
        self.leader = self.hakem;
        self.deal_first_five();
    }

    /// HK-5: no card above 10 among the hakem's first five.
    fn hakem_hand_is_weak(&self) -> bool {
        view::is_weak(self.hands[self.hakem.idx()])
    }

    fn mode_allowed(&self, t: Trump) -> bool {
        view::mode_allowed(&self.setup.settings, t)
    }

    /// The cards `seat` may play now (HK-6): empty unless it is that seat's turn in play.
    pub fn legal_cards(&self, seat: Seat) -> CardSet {
        if self.phase != HokmPhase::Playing || seat != self.turn {
            return CardSet::EMPTY;
        }
        self.playable(seat)
    }

    /// HK-6 without the turn check: the seat's hand, or only its cards of the led suit
    /// when it holds any. The caller has checked that `seat` is to play.
    fn playable(&self, seat: Seat) -> CardSet {
        let hand = self.hands[seat.idx()];
        if self.trick_len == 0 {
            return hand;
        }
        let follow = hand.of_suit(self.trick[0].suit());
        if follow.is_empty() {
            hand
        } else {
            follow
        }
    }

    /// The cards of the complete trick as a set. With two players the last two slots are
    /// never written and hold the filler red joker (as [`TrickCards::EMPTY`]'s slots do),
    /// which the mask leaves out.
    fn full_trick(&self) -> CardSet {
        self.trick
            .iter()
            .fold(CardSet::EMPTY, |s, &c| s.or(c.bit()))
            .and(CardSet::DECK)
    }

    /// HK-6: who wins the complete trick, whose cards as a set are `cards`
    /// ([`Hokm::full_trick`]).
    fn trick_winner(&self, cards: CardSet) -> Seat {
        let trump = self.trump.unwrap_or(Trump::Sars);
        after(
            self.leader,
            winning_position(&self.trick, cards, trump),
            self.n,
        )
    }

    /// HK-7, HK-8, HK-9: score the hand once a side has seven tricks.
    fn finish_hand(&mut self, side: usize) {
        let loser = 1 - side;
        let kot = self.tricks[loser] == 0;
        let hakem_kot = kot && self.hakem.side() == loser;
        let points = match (kot, hakem_kot) {
            (true, true) => 3,
            (true, false) => 2,
            _ => 1,
        };
        self.score[side] = self.score[side].saturating_add(points);
        self.result = Some(HandResult {
            winner: side,
            points,
            kot,
            hakem_kot,
            tricks: self.tricks,
            hakem: self.hakem,
            trump: self.trump.unwrap_or(Trump::Sars),
            remaining: PerSeat::new(self.hands, self.n),
        });
        if self.score[side] >= self.setup.settings.target {
            self.winner = Some(side);
            self.phase = HokmPhase::MatchOver;
        } else {
            self.phase = HokmPhase::HandOver;
        }
    }

    /// HK-6: `seat`, whose turn in play it is, plays `card`; completes the trick after the
    /// last player's card and the hand after a side's seventh trick.
    fn play(&mut self, seat: Seat, card: Card) -> Result<HokmEvent, HokmError> {
        let hand = self.hands[seat.idx()];
        if !hand.contains(card) {
            return Err(HokmError::NotInHand(card));
        }
        if self.trick_len > 0 {
            let led = self.trick[0].suit();
            // Holding the led suit, the card must be one of it. `&`, not `&&`: a single,
            // predictable test (false in valid play) instead of a coin flip on the suit.
            let follow = hand.of_suit(led);
            if !follow.is_empty() & !follow.contains(card) {
                return Err(HokmError::MustFollowSuit { led });
            }
        }
        self.hands[seat.idx()].remove(card);
        self.last_trick = None;
        self.trick[self.trick_len as usize] = card;
        self.trick_len += 1;
        if self.trick_len < self.n {
            self.turn = after(seat, 1, self.n);
            return Ok(HokmEvent::Played {
                seat,
                card,
                trick: None,
                hand_over: false,
            });
        }
        Ok(self.complete_trick(seat, card))
    }

    /// HK-6: the last player's card, `seat`'s `card`, completed the trick: its winner takes
    /// it and leads next; a side's seventh trick ends the hand. Apart from [`Hokm::play`] so
    /// that the cards before it take a short path.
    #[inline(never)]
    fn complete_trick(&mut self, seat: Seat, card: Card) -> HokmEvent {
        let cards = self.full_trick();
        let winner = self.trick_winner(cards);
        let trick = Trick {
            leader: self.leader,
            cards: TrickCards::from_slots(self.trick, self.n),
            winner,
        };
        self.played = self.played.or(cards);
        self.trick_len = 0;
        self.last_trick = Some(trick);
        self.leader = winner;
        self.turn = winner;
        let side = winner.side();
        self.tricks[side] += 1;
        let hand_over = self.tricks[side] == 7;
        if hand_over {
            self.finish_hand(side);
        }
        HokmEvent::Played {
            seat,
            card,
            trick: Some(trick),
            hand_over,
        }
    }

    /// Checks the turn, then applies the hakem's trump choice (HK-4) or redeal (HK-5), the
    /// 2-player discards and draws (HK-13), or refuses an action of the wrong phase. Kept
    /// out of [`Game::apply`] so that its hot path, a card played in turn, stays small.
    #[inline(never)]
    fn apply_other(&mut self, seat: Seat, action: &HokmAction) -> Result<HokmEvent, HokmError> {
        self.check_turn(seat)?;
        match (*action, self.phase) {
            (HokmAction::Trump(t), HokmPhase::ChoosingTrump) => {
                if !self.mode_allowed(t) {
                    return Err(HokmError::ModeNotAllowed(t));
                }
                self.trump = Some(t);
                if self.n == N {
                    self.deal_rest();
                    self.phase = HokmPhase::Playing;
                } else {
                    // HK-13: the discards come next, both players at once.
                    self.phase = HokmPhase::Discarding;
                }
                self.turn = self.hakem;
                self.leader = self.hakem;
                Ok(HokmEvent::TrumpChosen {
                    hakem: self.hakem,
                    trump: t,
                })
            }
            (HokmAction::Redeal, HokmPhase::ChoosingTrump) => {
                if !(self.setup.settings.redeal_weak_hand && self.hakem_hand_is_weak()) {
                    return Err(HokmError::RedealNotAllowed);
                }
                self.deal_first_five();
                Ok(HokmEvent::Redealt { hakem: self.hakem })
            }
            (HokmAction::Discard(card), HokmPhase::Discarding) => self.discard(seat, card),
            (HokmAction::Keep, HokmPhase::Drawing) => Ok(self.draw(seat, true)),
            (HokmAction::TakeNext, HokmPhase::Drawing) => Ok(self.draw(seat, false)),
            (HokmAction::Play(_), HokmPhase::Discarding | HokmPhase::Drawing) => {
                Err(HokmError::StockNotDrawn)
            }
            _ => Err(HokmError::WrongPhase),
        }
    }

    /// HK-13: how many cards `seat` discards in all: the hakem 3, the other player 2.
    fn discard_share(&self, seat: Seat) -> u8 {
        if seat == self.hakem {
            3
        } else {
            2
        }
    }

    /// HK-13: how many cards `seat` must still discard (0 outside the discarding phase).
    fn owed_discards(&self, seat: Seat) -> u8 {
        match self.discards.get(seat.idx()) {
            Some(d) if self.phase == HokmPhase::Discarding => {
                self.discard_share(seat).saturating_sub(d.len() as u8)
            }
            _ => 0,
        }
    }

    /// HK-13: the seats that must still discard.
    fn discarding_seats(&self) -> SeatSet {
        let mut set = SeatSet::default();
        for s in 0..self.n {
            if self.owed_discards(Seat(s)) > 0 {
                set.0 |= 1 << s;
            }
        }
        set
    }

    /// [`Game::status`] in the phases other than the trump choice and play: kept out of it
    /// so that it stays small enough to inline and its hot path fast.
    #[inline(never)]
    #[cold]
    fn other_status(&self) -> Status {
        match self.phase {
            HokmPhase::ChoosingTrump | HokmPhase::Playing | HokmPhase::Drawing => {
                Status::Acting(SeatSet::only(self.turn))
            }
            HokmPhase::Discarding => Status::Acting(self.discarding_seats()),
            HokmPhase::HandOver => Status::HandOver,
            HokmPhase::MatchOver => Status::MatchOver,
        }
    }

    /// HK-13: `seat` discards `card` face down; once both have discarded their share the
    /// hakem takes the first turn at the stock.
    fn discard(&mut self, seat: Seat, card: Card) -> Result<HokmEvent, HokmError> {
        let left = self.owed_discards(seat);
        if left == 0 {
            return Err(HokmError::DiscardsDone {
                seat,
                count: self.discard_share(seat),
            });
        }
        let s = seat.idx();
        if !self.hands[s].contains(card) {
            return Err(HokmError::NotInHand(card));
        }
        self.hands[s].remove(card);
        self.discards[s].insert(card);
        if self.discarding_seats().is_empty() {
            self.phase = HokmPhase::Drawing;
            self.turn = self.hakem;
        }
        Ok(HokmEvent::Discarded {
            seat,
            left: left - 1,
        })
    }

    /// HK-13: `seat`, whose turn at the stock it is, keeps the top card and discards the
    /// next (`keep`), or discards the top card and keeps the next. After the 21st turn the
    /// stock is empty and the hakem leads the first trick (HK-6).
    fn draw(&mut self, seat: Seat, keep: bool) -> HokmEvent {
        let top = self.deck[self.dealt as usize];
        let next = self.deck[self.dealt as usize + 1];
        let (kept, thrown) = if keep { (top, next) } else { (next, top) };
        self.hands[seat.idx()].insert(kept);
        self.discards[seat.idx()].insert(thrown);
        self.dealt += 2;
        let stock = 52 - self.dealt;
        if stock == 0 {
            self.phase = HokmPhase::Playing;
            self.turn = self.hakem;
            self.leader = self.hakem;
        } else {
            self.turn = after(seat, 1, self.n);
        }
        HokmEvent::Drew { seat, stock }
    }

    /// HK-13: the choices of the discarding and drawing phases, in the engine's fixed order
    /// (D-7): every card of the hand to discard, in card order; keep, then take the next.
    fn stock_actions(&self, seat: Seat, out: &mut Vec<HokmAction>) {
        match self.phase {
            HokmPhase::Discarding if self.owed_discards(seat) > 0 => {
                for c in self.hands[seat.idx()] {
                    out.push(HokmAction::Discard(c));
                }
            }
            HokmPhase::Drawing if seat == self.turn => {
                out.push(HokmAction::Keep);
                out.push(HokmAction::TakeNext);
            }
            _ => {}
        }
    }

    /// HK-13: the stock, top card first: the undealt rest of the deck with two players, no
    /// card with four (their undealt cards are the rest of the deal, HK-3).
    fn stock(&self) -> &[Card] {
        if self.n == N {
            &[]
        } else {
            &self.deck[self.dealt as usize..]
        }
    }

    /// Every legal action but a card to play: the hakem's trump choice (HK-4, HK-5) and the
    /// 2-player discards and draws (HK-13). Kept out of [`Game::legal_actions`] so that it
    /// stays small enough to inline.
    #[inline(never)]
    fn other_actions(&self, seat: Seat, out: &mut Vec<HokmAction>) {
        match self.phase {
            HokmPhase::ChoosingTrump if seat == self.turn => self.trump_actions(out),
            HokmPhase::Discarding | HokmPhase::Drawing => self.stock_actions(seat, out),
            _ => {}
        }
    }

    /// The hakem's choices before play: every trump or mode the room allows (HK-4), and a
    /// redeal when the first five are weak (HK-5).
    fn trump_actions(&self, out: &mut Vec<HokmAction>) {
        view::trump_actions(&self.setup.settings, self.hands[self.hakem.idx()], out);
    }

    fn check_turn(&self, seat: Seat) -> Result<(), HokmError> {
        match self.phase {
            HokmPhase::HandOver | HokmPhase::MatchOver => Err(HokmError::NotYourTurn { seat }),
            // HK-13: both players discard at once; each one's share is checked by the discard.
            HokmPhase::Discarding if seat.0 < self.n => Ok(()),
            _ if seat != self.turn => Err(HokmError::NotYourTurn { seat }),
            _ => Ok(()),
        }
    }

    /// Whose turn it is, if anybody's (nobody's alone while both players discard, HK-13).
    pub fn turn(&self) -> Option<Seat> {
        matches!(
            self.phase,
            HokmPhase::ChoosingTrump | HokmPhase::Playing | HokmPhase::Drawing
        )
        .then_some(self.turn)
    }

    /// The phase of the hand.
    pub fn phase(&self) -> HokmPhase {
        self.phase
    }

    /// Every hand open, with the trick in progress, trump and tricks won: the input of a
    /// perfect-information (double-dummy) solver, `None` outside the play phase (HK-6).
    /// This is the full state, hidden cards included: a bot may call it only on a state it
    /// sampled itself, never on the table's; the hand's analysis calls it once the hand is
    /// over for everyone (its `remaining` cards are public then, D-8).
    pub fn play_position(&self) -> Option<PlayPosition> {
        if self.phase != HokmPhase::Playing {
            return None;
        }
        Some(PlayPosition {
            players: self.n,
            hands: self.hands,
            trump: self.trump.unwrap_or(Trump::Sars),
            hakem: self.hakem,
            leader: self.leader,
            trick: TrickCards::from_slots(self.trick, self.trick_len),
            tricks: self.tricks,
        })
    }
}

/// What one seat of Hokm cannot see, for [`FromView`]: every seat's hand (the viewer's as
/// its view shows it), the 2-player discards (HK-13) and the undealt cards in deck order,
/// top first (the 2-player stock; with four players the 32 cards still to deal while the
/// hakem chooses trump, HK-3).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HokmHidden {
    /// Every seat's hand (the last two empty with two players).
    pub hands: [CardSet; 4],
    /// Each player's face-down discards (two players only, HK-13).
    pub discards: [CardSet; 2],
    /// The undealt cards, top first: the first `stock_len` slots.
    #[serde(with = "crate::card::card_array")]
    pub stock: [Card; 52],
    /// How many undealt cards there are.
    pub stock_len: u8,
}

impl Default for HokmHidden {
    fn default() -> Self {
        HokmHidden {
            hands: [CardSet::EMPTY; 4],
            discards: [CardSet::EMPTY; 2],
            stock: [Card::RED_JOKER; 52],
            stock_len: 0,
        }
    }
}

impl HokmHidden {
    /// The undealt cards, top first.
    pub fn stock(&self) -> &[Card] {
        &self.stock[..(self.stock_len as usize).min(52)]
    }
}

impl FromView for Hokm {
    type Hidden = HokmHidden;

    fn from_view(v: &HokmView, h: &HokmHidden, seed: u64) -> Result<Hokm, SetupError> {
        let n = v.players;
        if (n != N && n != 2) || v.seat.0 >= n {
            return Err(bad(format!("a Hokm view of seat {} of {n}", v.seat)));
        }
        let ni = n as usize;
        if v.seating.len() != ni || v.hand_counts.len() != ni || v.discard_counts.len() != ni {
            return Err(bad("a Hokm view with lists of a wrong number of seats"));
        }
        if h.hands[v.seat.idx()] != v.hand {
            return Err(bad("the seat's hand is not its view's"));
        }
        if h.hands[ni..].iter().any(|x| !x.is_empty())
            || (n == N && h.discards.iter().any(|x| !x.is_empty()))
        {
            return Err(bad(
                "cards in the hand or discards of a seat not at the table",
            ));
        }
        for s in 0..ni {
            if h.hands[s].len() as u8 != v.hand_counts[s] {
                return Err(bad(format!("seat {s} holds a wrong number of cards")));
            }
            if n == 2 && h.discards[s].len() as u8 != v.discard_counts[s] {
                return Err(bad(format!("seat {s} discarded a wrong number of cards")));
            }
        }
        if n == 2 && h.discards[v.seat.idx()] != v.discards {
            return Err(bad("the seat's discards are not its view's"));
        }
        if h.stock_len > 52 {
            return Err(bad("more than 52 undealt cards"));
        }
        let stock = h.stock();
        let undealt = match (n, v.phase) {
            (2, _) => v.stock,
            (_, HokmPhase::ChoosingTrump) => 52 - 5 * N,
            _ => 0,
        };
        if stock.len() != undealt as usize {
            return Err(bad("a wrong number of undealt cards"));
        }
        if v.drawn.is_some() && stock.first().copied() != v.drawn {
            return Err(bad("the stock's top card is not the one the seat sees"));
        }
        let mut trick = [Card::RED_JOKER; 4];
        for (slot, &(_, c)) in trick.iter_mut().zip(&v.trick) {
            *slot = c;
        }
        // Every card once: hands, discards, stock, trick; the rest was played this hand.
        let stock_set: CardSet = stock.iter().copied().collect();
        let trick_set: CardSet = v.trick.iter().map(|&(_, c)| c).collect();
        let mut seen = CardSet::EMPTY;
        let mut total = 0;
        for x in h.hands.iter().chain(&h.discards).copied() {
            seen = seen.or(x);
            total += x.len();
        }
        for x in [stock_set, trick_set] {
            seen = seen.or(x);
            total += x.len();
        }
        if total != seen.len()
            || stock.len() != stock_set.len() as usize
            || v.trick.len() != trick_set.len() as usize
            || !seen.minus(CardSet::DECK).is_empty()
        {
            return Err(bad("a card in two places, or a joker"));
        }
        let played = CardSet::DECK.minus(seen);
        let done = v.tricks[0] as u32 + v.tricks[1] as u32;
        if played.len() != done * n as u32 {
            return Err(bad("the hidden cards and the tricks taken do not add up"));
        }
        // The dealt part of the deck order is never read again: any order of the rest.
        let mut deck = [Card::RED_JOKER; 52];
        let dealt = 52 - stock.len();
        for (slot, c) in deck.iter_mut().zip(CardSet::DECK.minus(stock_set)) {
            *slot = c;
        }
        deck[dealt..].copy_from_slice(stock);
        let mut seating = [0, 1, 2, 3];
        seating[..ni].copy_from_slice(&v.seating);
        Ok(Hokm {
            setup: Setup {
                players: n,
                settings: v.settings.clone(),
                deal: crate::game::Deal::seeded(seed),
            },
            rng: Rng::new(seed),
            shuffles: 0,
            seating,
            hakem_draw: v.hakem_draw.clone(),
            seat_swap: v.seat_swap,
            dealer: v.dealer,
            hakem: v.hakem,
            phase: v.phase,
            deck,
            dealt: dealt as u8,
            hands: h.hands,
            trump: v.trump,
            // Nobody's turn alone: the hakem's while both discard (HK-13), else the last
            // trick's winner (the hand is over).
            turn: v.turn.unwrap_or(if v.phase == HokmPhase::Discarding {
                v.hakem
            } else {
                v.leader
            }),
            leader: v.leader,
            trick,
            trick_len: v.trick.len() as u8,
            played,
            last_trick: v.last_trick,
            tricks: v.tricks,
            score: v.score,
            hand_number: v.hand_number,
            result: v.result.clone(),
            winner: v.winner,
            n,
            discards: h.discards,
        })
    }
}

/// The true hidden cards (the property tests, a finished hand's record).
impl crate::record::Reveal for Hokm {
    fn hidden(&self) -> HokmHidden {
        let mut h = HokmHidden {
            hands: self.hands,
            discards: self.discards,
            ..HokmHidden::default()
        };
        let stock = &self.deck[self.dealt as usize..];
        h.stock[..stock.len()].copy_from_slice(stock);
        h.stock_len = stock.len() as u8;
        h
    }

    fn shuffles(&self) -> u32 {
        self.shuffles
    }

    fn stock(h: &mut Self::Hidden) -> &mut [Card] {
        &mut h.stock[..(h.stock_len as usize).min(52)]
    }
}

/// For the property tests of [`crate::testkit`].
#[cfg(any(test, feature = "testkit"))]
impl Inspect for Hokm {
    type Cards = CardSet;

    /// The 52 cards.
    fn all_cards(&self) -> CardSet {
        CardSet::DECK
    }

    /// The four hands (the last two empty with two players), the current trick, completed
    /// tricks, the undealt rest of the deck (with two players: the stock, HK-13), and each
    /// 2-player seat's discards.
    fn card_places(&self) -> Vec<CardSet> {
        let trick: CardSet = self.trick[..self.trick_len as usize]
            .iter()
            .copied()
            .collect();
        let undealt: CardSet = self.deck[self.dealt as usize..].iter().copied().collect();
        let mut v = self.hands.to_vec();
        v.extend([trick, self.played, undealt]);
        v.extend(self.discards);
        v
    }

    /// Swaps hidden cards between seats other than `viewer` (their hands and discards) and
    /// the undealt deck or stock (but for the top card the viewer is drawing, HK-13), keeping
    /// every count: for the property test that a view shows no hidden card.
    fn scramble_hidden(&mut self, viewer: Seat, rng: &mut Rng) {
        let n = self.n as usize;
        let others: Vec<usize> = (0..n).filter(|&s| s != viewer.idx()).collect();
        let sees_top = self.phase == HokmPhase::Drawing && self.turn == viewer;
        let hidden_from = self.dealt as usize + sees_top as usize;
        let discards = |s: usize| self.discards.get(s).copied().unwrap_or_default();
        let mut pool: Vec<Card> = others
            .iter()
            .flat_map(|&s| self.hands[s].iter().chain(discards(s).iter()))
            .chain(self.deck[hidden_from..].iter().copied())
            .collect();
        rng.shuffle(&mut pool);
        let mut it = pool.into_iter();
        for &s in &others {
            let h = self.hands[s].len() as usize;
            self.hands[s] = it.by_ref().take(h).collect();
            if let Some(d) = self.discards.get_mut(s) {
                let k = d.len() as usize;
                *d = it.by_ref().take(k).collect();
            }
        }
        for slot in self.deck[hidden_from..].iter_mut() {
            if let Some(c) = it.next() {
                *slot = c;
            }
        }
    }

    /// Every trump choice and mode, the redeal, a play and a discard of every card, and the
    /// stock choices (HK-13).
    fn all_actions(&self) -> Vec<HokmAction> {
        let mut v: Vec<HokmAction> = Trump::ALL.into_iter().map(HokmAction::Trump).collect();
        v.push(HokmAction::Redeal);
        v.extend(CardSet::DECK.iter().map(HokmAction::Play));
        v.extend(CardSet::DECK.iter().map(HokmAction::Discard));
        v.extend([HokmAction::Keep, HokmAction::TakeNext]);
        v
    }
}

impl Game for Hokm {
    type Settings = HokmSettings;
    type Action = HokmAction;
    type View = HokmView;
    type Event = HokmEvent;
    type Error = HokmError;

    const NAME: &'static str = "hokm";
    const KIND: crate::games::GameKind = crate::games::GameKind::Hokm;
    const PARTNERSHIPS: bool = true;

    /// HK-10: the first side to `target` hands wins.
    fn scoring(settings: &HokmSettings) -> Scoring {
        Scoring {
            target: (settings.target > 0).then_some(settings.target as i32),
            ..Scoring::default()
        }
    }

    fn new(setup: &Setup<HokmSettings>) -> Result<Hokm, SetupError> {
        let n = setup.players;
        if n != N && n != 2 {
            return Err(SetupError::Players {
                game: "hokm",
                players: n,
            });
        }
        if n == 2 && setup.settings.partners_by_second_ace {
            return Err(SetupError::BadSetting(
                "partners_by_second_ace needs 4 players: 2 players have no partners (HK-2, \
                 HK-13)"
                    .to_string(),
            ));
        }
        if ![3, 5, 7].contains(&setup.settings.target) {
            return Err(SetupError::BadSetting(format!(
                "target must be 3, 5 or 7 (HK-9), not {}",
                setup.settings.target
            )));
        }
        let (rng, dealer) = setup
            .deal
            .start(n, CardSet::DECK, "Hokm needs the 52 cards")?;
        let mut g = Hokm {
            setup: setup.clone(),
            rng,
            shuffles: 0,
            seating: [0, 1, 2, 3],
            hakem_draw: Vec::new(),
            seat_swap: None,
            dealer,
            hakem: Seat(0),
            phase: HokmPhase::ChoosingTrump,
            deck: crate::card::standard_deck(),
            dealt: 52,
            hands: [CardSet::EMPTY; 4],
            trump: None,
            turn: Seat(0),
            leader: Seat(0),
            trick: [Card::RED_JOKER; 4],
            trick_len: 0,
            played: CardSet::EMPTY,
            last_trick: None,
            tricks: [0, 0],
            score: [0, 0],
            hand_number: 0,
            result: None,
            winner: None,
            n,
            discards: [CardSet::EMPTY; 2],
        };
        g.choose_first_hakem();
        g.start_hand();
        Ok(g)
    }

    fn setup(&self) -> &Setup<HokmSettings> {
        &self.setup
    }

    fn players(&self) -> u8 {
        self.n
    }

    fn status(&self) -> Status {
        match self.phase {
            HokmPhase::ChoosingTrump | HokmPhase::Playing => {
                Status::Acting(SeatSet::only(self.turn))
            }
            _ => self.other_status(),
        }
    }

    // Inlined into a caller's loop (bots, the simulator), `out` can stay in registers.
    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut Vec<HokmAction>) {
        // One match on the phase does the turn check too (as `check_turn`): the hot path,
        // a card to play, tests the phase and the seat once each.
        match self.phase {
            HokmPhase::Playing if seat == self.turn => {
                // A plain push loop: `reserve(cards.len())` first would cost more than the
                // capacity checks it saves (baseline x86-64 has no popcount instruction).
                for c in self.playable(seat) {
                    out.push(HokmAction::Play(c));
                }
            }
            _ => self.other_actions(seat, out),
        }
    }

    fn apply(&mut self, seat: Seat, action: &HokmAction) -> Result<HokmEvent, HokmError> {
        // The hot path, a card played in play, tests the phase and the seat once each.
        match (*action, self.phase) {
            (HokmAction::Play(card), HokmPhase::Playing) if seat == self.turn => {
                self.play(seat, card)
            }
            _ => self.apply_other(seat, action),
        }
    }

    fn next_hand(&mut self) -> Result<(), HokmError> {
        if self.phase != HokmPhase::HandOver {
            return Err(HokmError::HandNotOver);
        }
        // HK-10: the hakem stays if the hakem's side won; otherwise the next player becomes
        // hakem and the old hakem deals. With two players (HK-13) the next player is the
        // winner, and the player before the hakem (HK-3) is always the other one.
        let won = self.result.as_ref().map(|r| r.winner) == Some(self.hakem.side());
        if !won {
            self.dealer = self.hakem;
            self.hakem = self.hakem.next(self.n);
        }
        self.start_hand();
        Ok(())
    }

    fn timeout_action(&self, seat: Seat) -> Option<HokmAction> {
        // D-7: the lowest legal card (A high); trump, discards, the stock: the first option.
        crate::timeout::lowest_card_or_first(
            self,
            seat,
            |a| match a {
                HokmAction::Play(c) => Some(*c),
                _ => None,
            },
            crate::timeout::Ranking::AceHigh,
        )
    }

    // Never inlined: a view is built once per bot decision, and inlined into a caller's
    // loop it would crowd the registers of the play loop around it.
    #[inline(never)]
    /// Seat 0's view without what seat 0 alone sees (see [`Game::watch_view`]).
    fn watch_view(&self) -> HokmView {
        HokmView {
            hand: CardSet::EMPTY,
            drawn: None,
            discards: CardSet::EMPTY,
            ..self.view(Seat(0))
        }
    }

    fn view(&self, seat: Seat) -> HokmView {
        let n = self.n as usize;
        HokmView {
            seat,
            players: self.n,
            settings: self.setup.settings.clone(),
            phase: self.phase,
            turn: self.turn(),
            dealer: self.dealer,
            hakem: self.hakem,
            seating: PerSeat::new(self.seating, self.n),
            hakem_draw: self.hakem_draw.clone(),
            seat_swap: self.seat_swap,
            hand: self.hands[..n].get(seat.idx()).copied().unwrap_or_default(),
            hand_counts: PerSeat::new(self.hands.map(|h| h.len() as u8), self.n),
            trump: self.trump,
            leader: self.leader,
            trick: (0..self.trick_len)
                .map(|i| (after(self.leader, i, self.n), self.trick[i as usize]))
                .collect(),
            last_trick: self.last_trick,
            tricks: self.tricks,
            score: self.score,
            hand_number: self.hand_number,
            result: self.result.clone(),
            winner: self.winner,
            stock: self.stock().len() as u8,
            drawn: (self.phase == HokmPhase::Drawing && seat == self.turn)
                .then(|| self.stock().first().copied())
                .flatten(),
            to_discard: if self.phase == HokmPhase::Discarding {
                PerSeat::new([0, 1, 2, 3].map(|s| self.owed_discards(Seat(s))), self.n)
            } else {
                PerSeat::new([0; 4], self.n)
            },
            discard_counts: if self.n == N {
                PerSeat::new([0; 4], N)
            } else {
                let [a, b] = self.discards.map(|d| d.len() as u8);
                PerSeat::new([a, b, 0, 0], self.n)
            },
            discards: self.discards.get(seat.idx()).copied().unwrap_or_default(),
        }
    }

    fn hand_score(&self) -> Option<HandScore> {
        let r = self.result.as_ref()?;
        let mut points = vec![0, 0];
        points[r.winner] = r.points as i32;
        Some(HandScore {
            points,
            winners: vec![r.winner],
        })
    }

    fn totals(&self) -> Vec<i32> {
        self.score.iter().map(|&s| s as i32).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|w| Outcome {
            totals: self.totals(),
            winners: vec![w],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;

    /// The trick winner as first written: compare every card by (tier, strength), where
    /// the tier is 2 for trump, 1 for the led suit, 0 otherwise.
    fn reference_position(trick: &[Card; 4], trump: Trump) -> u8 {
        let led = trick[0].suit();
        let key = |c: Card| -> u16 {
            let tier = if Some(c.suit()) == trump.suit() {
                2
            } else if c.suit() == led {
                1
            } else {
                0
            };
            tier * 16 + trump.strength(c.rank().index()) as u16
        };
        let mut best = 0;
        for i in 1..4 {
            if key(trick[i]) > key(trick[best]) {
                best = i;
            }
        }
        best as u8
    }

    #[test]
    fn winning_position_matches_the_card_by_card_comparison() {
        let mut rng = Rng::new(3);
        for _ in 0..20_000 {
            let mut deck = crate::card::standard_deck();
            rng.shuffle(&mut deck);
            // Crowd the suits so that following, trumping and discarding all occur.
            let trick: [Card; 4] = std::array::from_fn(|i| deck[i]);
            let trick = if rng.below(2) == 0 {
                trick.map(|c| Card::new(Suit::ALL[(c.index() % 2) as usize], c.rank()))
            } else {
                trick
            };
            let cards: CardSet = trick.iter().copied().collect();
            if cards.len() < 4 {
                continue;
            }
            for trump in Trump::ALL {
                assert_eq!(
                    winning_position(&trick, cards, trump),
                    reference_position(&trick, trump),
                    "{trick:?} under {trump:?}"
                );
            }
        }
    }
}
