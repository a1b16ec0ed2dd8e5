//! Hokm's full state and its rules.

use super::types::*;
use crate::card::{Card, CardSet, Rank};
use crate::game::{Game, HandScore, Outcome, Setup, SetupError, Status};
use crate::hash::stable_hash;
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};

const N: u8 = 4;

/// The full state of a Hokm match. Nobody may see it whole: use [`Game::view`].
#[derive(Clone, Debug, Hash)]
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
    /// the setting, go on to a second player's ace and seat that player opposite the hakem.
    fn choose_first_hakem(&mut self) {
        let deck = self.next_deck();
        let mut seat = self.dealer.next(N);
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
            seat = seat.next(N);
        }
        // A deck always holds four aces, so a hakem is always found.
        self.hakem = hakem.unwrap_or(seat);
        // HK-3: the player before the hakem deals.
        self.dealer = self.hakem.prev(N);
    }

    /// HK-3: shuffle, five cards to each player starting with the hakem.
    fn deal_first_five(&mut self) {
        self.deck = self.next_deck();
        self.hands = [CardSet::EMPTY; 4];
        for i in 0..4u8 {
            let seat = self.hakem.after(i, N);
            for k in 0..5 {
                self.hands[seat.idx()].insert(self.deck[(i * 5 + k) as usize]);
            }
        }
        self.dealt = 20;
        self.phase = HokmPhase::ChoosingTrump;
        self.turn = self.hakem;
        self.trump = None;
    }

    /// HK-3: then four and four more to each, starting with the hakem.
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
        self.hands[self.hakem.idx()]
            .iter()
            .all(|c| c.rank() <= Rank::TEN)
    }

    fn mode_allowed(&self, t: Trump) -> bool {
        let s = &self.setup.settings;
        match t {
            Trump::Suit(_) => true,
            Trump::Sars => s.sars,
            Trump::Nars => s.nars,
            Trump::AceNars => s.ace_nars,
        }
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

    /// The four cards of the complete trick as a set.
    fn full_trick(&self) -> CardSet {
        self.trick
            .iter()
            .fold(CardSet::EMPTY, |s, &c| s.or(c.bit()))
    }

    /// HK-6: who wins the complete trick, whose cards as a set are `cards`
    /// ([`Hokm::full_trick`]).
    fn trick_winner(&self, cards: CardSet) -> Seat {
        let trump = self.trump.unwrap_or(Trump::Sars);
        self.leader
            .after(winning_position(&self.trick, cards, trump), N)
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
            remaining: self.hands,
        });
        if self.score[side] >= self.setup.settings.target {
            self.winner = Some(side);
            self.phase = HokmPhase::MatchOver;
        } else {
            self.phase = HokmPhase::HandOver;
        }
    }

    /// HK-6: `seat`, whose turn in play it is, plays `card`; completes the trick after the
    /// fourth card and the hand after a side's seventh trick.
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
        if self.trick_len < 4 {
            self.turn = seat.next(N);
            return Ok(HokmEvent::Played {
                seat,
                card,
                trick: None,
                hand_over: false,
            });
        }
        Ok(self.complete_trick(seat, card))
    }

    /// HK-6: the fourth card, `seat`'s `card`, completed the trick: its winner takes it and
    /// leads next; a side's seventh trick ends the hand. Apart from [`Hokm::play`] so that
    /// the three cards before it take a short path.
    #[inline(never)]
    fn complete_trick(&mut self, seat: Seat, card: Card) -> HokmEvent {
        let cards = self.full_trick();
        let winner = self.trick_winner(cards);
        let trick = Trick {
            leader: self.leader,
            cards: self.trick,
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

    /// The hakem's trump choice (HK-4) or redeal (HK-5), or an action of the wrong phase, once
    /// the turn is checked. Kept out of [`Game::apply`] so that its hot path, a card played,
    /// stays small.
    #[inline(never)]
    fn apply_other(&mut self, action: &HokmAction) -> Result<HokmEvent, HokmError> {
        match (*action, self.phase) {
            (HokmAction::Trump(t), HokmPhase::ChoosingTrump) => {
                if !self.mode_allowed(t) {
                    return Err(HokmError::ModeNotAllowed(t));
                }
                self.trump = Some(t);
                self.deal_rest();
                self.phase = HokmPhase::Playing;
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
            _ => Err(HokmError::WrongPhase),
        }
    }

    /// The hakem's choices before play: every trump or mode the room allows (HK-4), and a
    /// redeal when the first five are weak (HK-5). Kept out of [`Game::legal_actions`] so
    /// that it stays small enough to inline.
    #[inline(never)]
    fn trump_actions(&self, out: &mut Vec<HokmAction>) {
        for t in Trump::ALL {
            if self.mode_allowed(t) {
                out.push(HokmAction::Trump(t));
            }
        }
        if self.setup.settings.redeal_weak_hand && self.hakem_hand_is_weak() {
            out.push(HokmAction::Redeal);
        }
    }

    fn check_turn(&self, seat: Seat) -> Result<(), HokmError> {
        match self.phase {
            HokmPhase::HandOver | HokmPhase::MatchOver => Err(HokmError::NotYourTurn { seat }),
            _ if seat != self.turn => Err(HokmError::NotYourTurn { seat }),
            _ => Ok(()),
        }
    }

    /// Whose turn it is, if anybody's.
    pub fn turn(&self) -> Option<Seat> {
        matches!(self.phase, HokmPhase::ChoosingTrump | HokmPhase::Playing).then_some(self.turn)
    }

    /// The phase of the hand.
    pub fn phase(&self) -> HokmPhase {
        self.phase
    }

    /// Every card's place, for the card-accounting property test: the four hands, the
    /// current trick, completed tricks and the undealt rest of the deck.
    pub fn card_places(&self) -> [CardSet; 7] {
        let trick: CardSet = self.trick[..self.trick_len as usize]
            .iter()
            .copied()
            .collect();
        let undealt: CardSet = self.deck[self.dealt as usize..].iter().copied().collect();
        [
            self.hands[0],
            self.hands[1],
            self.hands[2],
            self.hands[3],
            trick,
            self.played,
            undealt,
        ]
    }

    /// Swaps hidden cards between seats other than `viewer` (their hands and the undealt
    /// deck), keeping every count: for the property test that a view shows no hidden card.
    pub fn scramble_hidden(&mut self, viewer: Seat, rng: &mut Rng) {
        let others: Vec<usize> = (0..4).filter(|&s| s != viewer.idx()).collect();
        let mut pool: Vec<Card> = others
            .iter()
            .flat_map(|&s| self.hands[s].iter())
            .chain(self.deck[self.dealt as usize..].iter().copied())
            .collect();
        rng.shuffle(&mut pool);
        let mut it = pool.into_iter();
        for &s in &others {
            let n = self.hands[s].len();
            self.hands[s] = it.by_ref().take(n as usize).collect();
        }
        for slot in self.deck[self.dealt as usize..].iter_mut() {
            if let Some(c) = it.next() {
                *slot = c;
            }
        }
    }
}

impl Game for Hokm {
    type Settings = HokmSettings;
    type Action = HokmAction;
    type View = HokmView;
    type Event = HokmEvent;
    type Error = HokmError;

    const NAME: &'static str = "hokm";

    fn new(setup: &Setup<HokmSettings>) -> Result<Hokm, SetupError> {
        if setup.players != 4 {
            return Err(SetupError::Players {
                game: "hokm",
                players: setup.players,
            });
        }
        if ![3, 5, 7].contains(&setup.settings.target) {
            return Err(SetupError::BadSetting(format!(
                "target must be 3, 5 or 7 (HK-9), not {}",
                setup.settings.target
            )));
        }
        let (rng, dealer) = setup
            .deal
            .start(N, CardSet::DECK, "Hokm needs the 52 cards")?;
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
        };
        g.choose_first_hakem();
        g.start_hand();
        Ok(g)
    }

    fn setup(&self) -> &Setup<HokmSettings> {
        &self.setup
    }

    fn players(&self) -> u8 {
        N
    }

    fn sides(&self) -> usize {
        2
    }

    fn side_of(&self, seat: Seat) -> usize {
        seat.side()
    }

    fn status(&self) -> Status {
        match self.phase {
            HokmPhase::ChoosingTrump | HokmPhase::Playing => {
                Status::Acting(SeatSet::only(self.turn))
            }
            HokmPhase::HandOver => Status::HandOver,
            HokmPhase::MatchOver => Status::MatchOver,
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
            HokmPhase::ChoosingTrump if seat == self.turn => self.trump_actions(out),
            _ => {}
        }
    }

    fn apply(&mut self, seat: Seat, action: &HokmAction) -> Result<HokmEvent, HokmError> {
        self.check_turn(seat)?;
        match (*action, self.phase) {
            (HokmAction::Play(card), HokmPhase::Playing) => self.play(seat, card),
            _ => self.apply_other(action),
        }
    }

    fn next_hand(&mut self) -> Result<(), HokmError> {
        if self.phase != HokmPhase::HandOver {
            return Err(HokmError::HandNotOver);
        }
        // HK-10: the hakem stays if the hakem's side won; otherwise the next player becomes
        // hakem and the old hakem deals.
        let won = self.result.as_ref().map(|r| r.winner) == Some(self.hakem.side());
        if !won {
            self.dealer = self.hakem;
            self.hakem = self.hakem.next(N);
        }
        self.start_hand();
        Ok(())
    }

    fn view(&self, seat: Seat) -> HokmView {
        HokmView {
            seat,
            settings: self.setup.settings.clone(),
            phase: self.phase,
            turn: self.turn(),
            dealer: self.dealer,
            hakem: self.hakem,
            seating: self.seating,
            hakem_draw: self.hakem_draw.clone(),
            seat_swap: self.seat_swap,
            hand: self.hands.get(seat.idx()).copied().unwrap_or_default(),
            hand_counts: self.hands.map(|h| h.len() as u8),
            trump: self.trump,
            leader: self.leader,
            trick: (0..self.trick_len)
                .map(|i| (self.leader.after(i, N), self.trick[i as usize]))
                .collect(),
            last_trick: self.last_trick,
            tricks: self.tricks,
            score: self.score,
            hand_number: self.hand_number,
            result: self.result.clone(),
            winner: self.winner,
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

    fn state_hash(&self) -> u64 {
        stable_hash(self)
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
