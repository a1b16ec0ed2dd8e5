//! Shelem's full state and its rules.

use super::types::*;
use super::view;
use crate::card::{Card, CardSet, Suit};
use crate::game::{Game, HandScore, Outcome, Scoring, Setup, SetupError, Status};
use crate::games::hokm::Trump;
use crate::rebuild::{bad, FromView};
use crate::rng::Rng;
use crate::seat::{Seat, SeatSet};
#[cfg(any(test, feature = "testkit"))]
use crate::testkit::Inspect;

/// The two jokers.
const JOKERS: CardSet = CardSet((1 << 52) | (1 << 53));
/// The four fives (rank index 3 of each suit).
const FIVES: u64 = (1 << 3) | (1 << 16) | (1 << 29) | (1 << 42);
/// The four tens and the four aces.
const TENS_ACES: u64 =
    (1 << 8) | (1 << 21) | (1 << 34) | (1 << 47) | (1 << 12) | (1 << 25) | (1 << 38) | (1 << 51);

/// SH-3: the card points of `cards` (each 5 five, each 10 and ace ten, red joker 20, black
/// joker 15); the 5 points per trick are counted apart.
pub fn card_points(cards: CardSet) -> u16 {
    let c = cards.0;
    (5 * (c & FIVES).count_ones()
        + 10 * (c & TENS_ACES).count_ones()
        + 20 * (c >> 52 & 1) as u32
        + 15 * (c >> 53 & 1) as u32) as u16
}

/// The full state of a Shelem match. Nobody may see it whole: use [`Game::view`].
#[derive(Clone, Debug, Hash)]
pub struct Shelem {
    setup: Setup<ShelemSettings>,
    /// 4, or 2 (SH-10).
    n: u8,
    rng: Rng,
    /// How many decks have been shuffled (indexes `setup.deal.decks`).
    shuffles: u32,
    dealer: Seat,
    phase: ShelemPhase,
    hands: [CardSet; 4],
    /// SH-2: the widow, until the hakem takes it.
    widow: CardSet,
    /// The widow as the hakem took it (shown to the hakem only).
    widow_taken: CardSet,
    /// SH-5: the hakem's face-down discards.
    discards: CardSet,
    /// SH-10: cards out of play, unseen (two players only).
    out: CardSet,
    /// SH-10: the points in play this hand (165 or 200 with four players).
    in_play: u16,
    turn: Seat,
    /// SH-4: the highest bid (0 = none yet) and its bidder.
    bid: u16,
    bidder: Seat,
    passed: SeatSet,
    bids: [Option<u16>; 4],
    /// حاکم: the auction's winner.
    hakem: Option<Seat>,
    to_discard: u8,
    trump: Option<Trump>,
    leader: Seat,
    /// The suit to follow in the current trick.
    led: Suit,
    trick: TrickCards,
    last_trick: Option<Trick>,
    /// Cards won in tricks per side.
    won: [CardSet; 2],
    tricks: [u8; 2],
    pub(super) score: [i32; 2],
    hand_number: u16,
    result: Option<HandResult>,
    winner: Option<usize>,
}

/// HK-6 and SH-6: the winning card of a complete trick: a joker (red over black), else the
/// highest trump, else the highest card of the suit to follow, by the mode's ranking.
fn winning_card(cards: CardSet, led: Suit, trump: Trump) -> Option<Card> {
    if cards.contains(Card::RED_JOKER) {
        return Some(Card::RED_JOKER);
    }
    if cards.contains(Card::BLACK_JOKER) {
        return Some(Card::BLACK_JOKER);
    }
    let trumps = trump.suit().map_or(CardSet::EMPTY, |t| cards.of_suit(t));
    let contenders = if trumps.is_empty() {
        cards.of_suit(led)
    } else {
        trumps
    };
    trump.best_of_one_suit(contenders)
}

impl Shelem {
    fn deck_len(&self) -> usize {
        if self.setup.settings.jokers {
            54
        } else {
            52
        }
    }

    /// SH-3: 165 points, or 200 with jokers.
    pub fn total_points(&self) -> u16 {
        if self.setup.settings.jokers {
            200
        } else {
            165
        }
    }

    /// SH-4 / SH-10: the lowest opening bid.
    fn min_bid(&self) -> u16 {
        if self.n == 2 {
            70
        } else {
            self.setup.settings.min_bid
        }
    }

    /// SH-4: the lowest bid allowed now.
    fn lowest_bid(&self) -> u16 {
        if self.bid == 0 {
            self.min_bid()
        } else {
            self.bid + 5
        }
    }

    /// The next deck order: the next explicit one of the setup, else a seeded shuffle (C-4).
    fn next_deck(&mut self) -> [Card; 54] {
        let cards = if self.setup.settings.jokers {
            CardSet::DECK.or(JOKERS)
        } else {
            CardSet::DECK
        };
        let mut deck: [Card; 54] =
            std::array::from_fn(|i| Card::from_index(i as u8).unwrap_or(Card::RED_JOKER));
        self.setup
            .deal
            .deck_order(self.shuffles, cards, &mut self.rng, &mut deck);
        self.shuffles += 1;
        deck
    }

    /// SH-2 / SH-10: shuffle and deal packets of four round the table starting after the
    /// dealer, until everyone holds 12; the next 4 (6 with jokers) are the widow; with two
    /// players the rest is out of play. Then the auction opens after the dealer (SH-4).
    fn deal(&mut self) {
        let deck = self.next_deck();
        let n = self.n as usize;
        let first = self.dealer.next(self.n);
        self.hands = [CardSet::EMPTY; 4];
        let dealt = 12 * n;
        for (k, packet) in deck[..dealt].chunks_exact(4).enumerate() {
            let seat = first.after((k % n) as u8, self.n);
            let cards = packet.iter().fold(CardSet::EMPTY, |s, &c| s.or(c.bit()));
            self.hands[seat.idx()] = self.hands[seat.idx()].or(cards);
        }
        let widow_len = self.setup.settings.widow_len() as usize;
        let set = |cs: &[Card]| cs.iter().fold(CardSet::EMPTY, |s, &c| s.or(c.bit()));
        self.widow = set(&deck[dealt..dealt + widow_len]);
        self.out = set(&deck[dealt + widow_len..self.deck_len()]);
        let all = self.hands.iter().fold(self.widow, |s, &h| s.or(h));
        // SH-10: 12 tricks and the discards at 5 each, plus the card points dealt.
        self.in_play = 65 + card_points(all);
        self.widow_taken = CardSet::EMPTY;
        self.discards = CardSet::EMPTY;
        self.phase = ShelemPhase::Bidding;
        self.turn = first;
        self.bid = 0;
        self.bidder = first;
        self.passed = SeatSet::default();
        self.bids = [None; 4];
        self.hakem = None;
        self.to_discard = 0;
        self.trump = None;
        self.leader = first;
        self.trick = TrickCards::EMPTY;
        self.last_trick = None;
        self.won = [CardSet::EMPTY; 2];
        self.tricks = [0, 0];
        self.result = None;
    }

    fn mode_allowed(&self, t: Trump) -> bool {
        view::mode_allowed(&self.setup.settings, t)
    }

    fn no_trump(&self) -> bool {
        self.trump.is_some_and(|t| t.suit().is_none())
    }

    /// The next seat after `seat` that has not passed.
    fn next_bidder(&self, seat: Seat) -> Seat {
        let mut s = seat.next(self.n);
        while self.passed.contains(s) && s != seat {
            s = s.next(self.n);
        }
        s
    }

    /// SH-5: the auction is won; the hakem takes the widow into hand.
    fn end_auction(&mut self) -> Seat {
        let h = self.bidder;
        self.hakem = Some(h);
        self.widow_taken = self.widow;
        self.hands[h.idx()] = self.hands[h.idx()].or(self.widow);
        self.to_discard = self.widow.len() as u8;
        self.widow = CardSet::EMPTY;
        self.phase = ShelemPhase::Discarding;
        self.turn = h;
        h
    }

    fn apply_bid(&mut self, seat: Seat, points: u16) -> Result<ShelemEvent, ShelemError> {
        let (lo, hi) = (self.lowest_bid(), self.total_points());
        if !points.is_multiple_of(5) {
            return Err(ShelemError::BidNotInSteps(points));
        }
        if points < lo {
            return Err(ShelemError::BidTooLow { min: lo });
        }
        if points > hi {
            return Err(ShelemError::BidTooHigh { max: hi });
        }
        self.bid = points;
        self.bidder = seat;
        self.bids[seat.idx()] = Some(points);
        let next = self.next_bidder(seat);
        let hakem = if points == hi || next == seat {
            Some(self.end_auction())
        } else {
            self.turn = next;
            None
        };
        Ok(ShelemEvent::Bid {
            seat,
            points,
            hakem,
        })
    }

    fn apply_pass(&mut self, seat: Seat) -> ShelemEvent {
        self.passed = SeatSet(self.passed.0 | SeatSet::only(seat).0);
        let active = self.n - self.passed.0.count_ones() as u8;
        if active == 0 {
            // SH-4, D-1: all passed; the deal passes on and the cards are dealt again.
            self.dealer = self.dealer.next(self.n);
            self.deal();
            return ShelemEvent::Passed {
                seat,
                hakem: None,
                redealt: true,
            };
        }
        let hakem = if active == 1 && self.bid > 0 {
            Some(self.end_auction())
        } else {
            self.turn = self.next_bidder(seat);
            None
        };
        ShelemEvent::Passed {
            seat,
            hakem,
            redealt: false,
        }
    }

    /// HK-6 with SH-6's jokers: the cards `seat` may play now, the seat's turn in play
    /// assumed. Leading: the whole hand (in no-trump modes a joker is led with a suit).
    /// Following: the cards of the suit to follow, jokers counting as trumps; in no-trump
    /// modes jokers may always be played.
    fn playable(&self, seat: Seat) -> CardSet {
        let led = (!self.trick.is_empty()).then_some(self.led);
        view::playable(self.hands[seat.idx()], led, self.trump)
    }

    /// The cards `seat` may play now: empty unless it is that seat's turn in play.
    pub fn legal_cards(&self, seat: Seat) -> CardSet {
        if self.phase != ShelemPhase::Playing || seat != self.turn {
            return CardSet::EMPTY;
        }
        self.playable(seat)
    }

    fn play(
        &mut self,
        seat: Seat,
        card: Card,
        named: Option<Suit>,
    ) -> Result<ShelemEvent, ShelemError> {
        let leading = self.trick.is_empty();
        if named.is_some() && !(leading && self.no_trump() && card.is_joker()) {
            return Err(ShelemError::NoSuitToName);
        }
        let hand = self.hands[seat.idx()];
        if !hand.contains(card) {
            return Err(ShelemError::NotInHand(card));
        }
        if leading {
            self.led = match (card.is_joker(), named, self.trump.and_then(Trump::suit)) {
                (false, _, _) => card.suit(),
                (true, Some(s), _) => s,
                (true, None, Some(t)) => t,
                (true, None, None) => return Err(ShelemError::JokerLeadNeedsSuit),
            };
            self.leader = seat;
        } else if !self.playable(seat).contains(card) {
            return Err(ShelemError::MustFollowSuit { led: self.led });
        }
        self.hands[seat.idx()].remove(card);
        self.last_trick = None;
        self.trick.push(card);
        if self.trick.len() < self.n as usize {
            self.turn = seat.next(self.n);
            return Ok(ShelemEvent::Played {
                seat,
                card,
                suit: named,
                trick: None,
                hand_over: false,
            });
        }
        let cards = self.trick.set();
        let trump = self.trump.unwrap_or(Trump::Sars);
        let best = winning_card(cards, self.led, trump);
        let pos = self
            .trick
            .as_slice()
            .iter()
            .position(|&c| Some(c) == best)
            .unwrap_or(0);
        let winner = self.leader.after(pos as u8, self.n);
        let trick = Trick {
            leader: self.leader,
            led: self.led,
            cards: self.trick,
            winner,
        };
        let side = winner.side();
        self.won[side] = self.won[side].or(cards);
        self.tricks[side] += 1;
        self.trick = TrickCards::EMPTY;
        self.last_trick = Some(trick);
        self.leader = winner;
        self.turn = winner;
        let hand_over = self.tricks[0] + self.tricks[1] == 12;
        if hand_over {
            self.finish_hand();
        }
        Ok(ShelemEvent::Played {
            seat,
            card,
            suit: named,
            trick: Some(trick),
            hand_over,
        })
    }

    /// Points taken per side in tricks (SH-3), the discards not counted.
    fn trick_points(&self) -> [u16; 2] {
        [0, 1].map(|s| 5 * self.tricks[s] as u16 + card_points(self.won[s]))
    }

    /// SH-5, SH-7, SH-8, SH-9, SH-10: score the hand.
    fn finish_hand(&mut self) {
        let hakem = self.hakem.unwrap_or(self.bidder);
        let hs = hakem.side();
        let mut taken = self.trick_points();
        taken[hs] += 5 + card_points(self.discards);
        let shelem = self.tricks[hs] == 12;
        let made = shelem || taken[hs] >= self.bid;
        let mut points = [0i32; 2];
        points[hs] = if shelem {
            2 * self.in_play as i32
        } else if made {
            taken[hs] as i32
        } else {
            -(self.bid as i32)
        };
        points[1 - hs] = taken[1 - hs] as i32;
        for (score, p) in self.score.iter_mut().zip(points) {
            *score += p;
        }
        self.result = Some(HandResult {
            hakem,
            bid: self.bid,
            trump: self.trump.unwrap_or(Trump::Sars),
            points_in_play: self.in_play,
            tricks: self.tricks,
            taken,
            discards: self.discards,
            made,
            shelem,
            points,
        });
        let target = self.setup.settings.target;
        let [a, b] = self.score;
        self.winner = match (a >= target, b >= target) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            // SH-9: both reached it: the higher wins; D-5: equal plays another hand.
            (true, true) if a != b => Some(if a > b { 0 } else { 1 }),
            _ => None,
        };
        self.phase = if self.winner.is_some() {
            ShelemPhase::MatchOver
        } else {
            ShelemPhase::HandOver
        };
    }

    fn check_turn(&self, seat: Seat) -> Result<(), ShelemError> {
        match self.phase {
            ShelemPhase::HandOver | ShelemPhase::MatchOver => {
                Err(ShelemError::NotYourTurn { seat })
            }
            _ if seat != self.turn => Err(ShelemError::NotYourTurn { seat }),
            _ => Ok(()),
        }
    }

    /// Whose turn it is, if anybody's.
    pub fn turn(&self) -> Option<Seat> {
        (!matches!(self.phase, ShelemPhase::HandOver | ShelemPhase::MatchOver)).then_some(self.turn)
    }

    /// The phase of the hand.
    pub fn phase(&self) -> ShelemPhase {
        self.phase
    }
}

/// For the property tests of [`crate::testkit`].
/// What one seat of Shelem cannot see, for [`FromView`]: every seat's hand, the widow
/// before the auction ends, the widow the hakem took (shown in the hakem's view only: a
/// sampler for another seat may leave it empty), the hakem's discards (SH-5), the cards
/// out of play with two players (SH-10), and the cards each side has won this hand
/// (public, but the view shows only their points: a seat that saw the tricks knows them).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShelemHidden {
    /// Every seat's hand (the last two empty with two players).
    pub hands: [CardSet; 4],
    /// The widow, until the hakem takes it.
    pub widow: CardSet,
    /// The widow the hakem took.
    pub widow_taken: CardSet,
    /// The hakem's discards.
    pub discards: CardSet,
    /// The cards not dealt (two players).
    pub out: CardSet,
    /// The cards of the tricks each side has won this hand.
    pub won: [CardSet; 2],
}

impl FromView for Shelem {
    type Hidden = ShelemHidden;

    fn from_view(v: &ShelemView, h: &ShelemHidden, seed: u64) -> Result<Shelem, SetupError> {
        let n = v.players;
        if (n != 2 && n != 4) || v.seat.0 >= n {
            return Err(bad(format!("a Shelem view of seat {} of {n}", v.seat)));
        }
        let ni = n as usize;
        let me = v.seat.idx();
        if h.hands[me] != v.hand || h.hands[ni..].iter().any(|x| !x.is_empty()) {
            return Err(bad(
                "the seat's hand is not its view's, or a seat not at the table",
            ));
        }
        if v.hakem == Some(v.seat)
            && (Some(h.widow_taken) != v.widow || Some(h.discards) != v.discards)
        {
            return Err(bad("the hakem's widow or discards are not its view's"));
        }
        let jokers = v.settings.jokers;
        let all = if jokers {
            CardSet::DECK.or(JOKERS)
        } else {
            CardSet::DECK
        };
        let widow_len = v.settings.widow_len();
        let out_len = all.len() as u8 - 12 * n - widow_len;
        let widow_expected = if v.hakem.is_none() { widow_len } else { 0 };
        if h.widow.len() as u8 != widow_expected
            || h.out.len() as u8 != out_len
            || h.discards.len() as u8 != v.discard_count
            || (0..ni).any(|s| h.hands[s].len() as u8 != v.hand_counts[s])
        {
            return Err(bad("a hidden place holds a wrong number of cards"));
        }
        let mut trick = TrickCards::EMPTY;
        for &(_, c) in &v.trick {
            trick.push(c);
        }
        let trick_set = trick.set();
        let mut seen = CardSet::EMPTY;
        let mut total = 0;
        let places = h
            .hands
            .iter()
            .copied()
            .chain([h.widow, h.discards, h.out, trick_set]);
        for x in places.chain(h.won) {
            seen = seen.or(x);
            total += x.len();
        }
        if total != seen.len() || seen != all || trick_set.len() as usize != v.trick.len() {
            return Err(bad("a card in two places, or missing"));
        }
        for s in 0..2 {
            let won_points = 5 * v.tricks[s] as u16 + card_points(h.won[s]);
            if h.won[s].len() != v.tricks[s] as u32 * n as u32 || won_points != v.points[s] {
                return Err(bad(format!("side {s}'s won cards do not match its tricks")));
            }
        }
        if !h.widow_taken.minus(all).is_empty() {
            return Err(bad("a widow of cards not in the game"));
        }
        let (bidder, bid) = v.bid.unwrap_or((v.dealer.next(n), 0));
        let to_discard = match v.phase {
            ShelemPhase::Discarding => widow_len.saturating_sub(v.discard_count),
            _ => 0,
        };
        let mut passed = SeatSet::default();
        for (s, &p) in v.passed.iter().enumerate() {
            if p {
                passed.0 |= 1 << s;
            }
        }
        Ok(Shelem {
            setup: Setup {
                players: n,
                settings: v.settings.clone(),
                deal: crate::game::Deal::seeded(seed),
            },
            n,
            rng: Rng::new(seed),
            shuffles: 0,
            dealer: v.dealer,
            phase: v.phase,
            hands: h.hands,
            widow: h.widow,
            widow_taken: h.widow_taken,
            discards: h.discards,
            out: h.out,
            // SH-10: 12 tricks and the discards at 5 each, plus the card points dealt.
            in_play: 65 + card_points(all.minus(h.out)),
            turn: v.turn.unwrap_or(v.leader),
            bid,
            bidder,
            passed,
            bids: v.bids,
            hakem: v.hakem,
            to_discard,
            trump: v.trump,
            leader: v.leader,
            led: v.led.unwrap_or(Suit::Clubs),
            trick,
            last_trick: v.last_trick,
            won: h.won,
            tricks: v.tricks,
            score: v.score,
            hand_number: v.hand_number,
            result: v.result.clone(),
            winner: v.winner,
        })
    }
}

/// The true hidden cards (the samplers' tests, a finished hand's record).
impl crate::record::Reveal for Shelem {
    fn hidden(&self) -> ShelemHidden {
        ShelemHidden {
            hands: self.hands,
            widow: self.widow,
            widow_taken: self.widow_taken,
            discards: self.discards,
            out: self.out,
            won: self.won,
        }
    }

    fn shuffles(&self) -> u32 {
        self.shuffles
    }
}

#[cfg(any(test, feature = "testkit"))]
impl Inspect for Shelem {
    type Cards = CardSet;

    /// The four hands, the widow, the discards, the cards out of play, the current trick
    /// and each side's tricks.
    fn card_places(&self) -> Vec<CardSet> {
        vec![
            self.hands[0],
            self.hands[1],
            self.hands[2],
            self.hands[3],
            self.widow,
            self.discards,
            self.out,
            self.trick.set(),
            self.won[0],
            self.won[1],
        ]
    }

    /// The 52 cards, or 54 with jokers.
    fn all_cards(&self) -> CardSet {
        if self.setup.settings.jokers {
            CardSet::DECK.or(JOKERS)
        } else {
            CardSet::DECK
        }
    }

    /// Swaps the cards hidden from `viewer` (other hands, the widow, the discards unless
    /// `viewer` is the hakem, the cards out of play), keeping every count.
    fn scramble_hidden(&mut self, viewer: Seat, rng: &mut Rng) {
        let others: Vec<usize> = (0..self.n as usize)
            .filter(|&s| s != viewer.idx())
            .collect();
        let hide_discards = self.hakem != Some(viewer);
        let mut pool: Vec<Card> = others.iter().flat_map(|&s| self.hands[s].iter()).collect();
        pool.extend(self.widow.iter());
        pool.extend(self.out.iter());
        if hide_discards {
            pool.extend(self.discards.iter());
        }
        rng.shuffle(&mut pool);
        let mut it = pool.into_iter();
        let mut take = |n: u32| -> CardSet { it.by_ref().take(n as usize).collect() };
        for &s in &others {
            self.hands[s] = take(self.hands[s].len());
        }
        self.widow = take(self.widow.len());
        self.out = take(self.out.len());
        if hide_discards {
            self.discards = take(self.discards.len());
        }
    }

    /// Bids of every multiple of 5 up to 210 and two that are not, the pass, every trump
    /// choice and mode, a discard and a play of every card and joker, and a joker lead
    /// naming each suit (with two ordinary cards as the "joker" too).
    fn all_actions(&self) -> Vec<ShelemAction> {
        let mut v: Vec<ShelemAction> = (0..=42).map(|i| ShelemAction::Bid(i * 5)).collect();
        v.extend([
            ShelemAction::Bid(72),
            ShelemAction::Bid(103),
            ShelemAction::Pass,
        ]);
        v.extend(Trump::ALL.into_iter().map(ShelemAction::Trump));
        let all = CardSet::DECK.or(JOKERS);
        v.extend(all.iter().map(ShelemAction::Discard));
        v.extend(all.iter().map(ShelemAction::Play));
        let two_clubs = Card::new(Suit::Clubs, crate::card::Rank::TWO);
        let ace_spades = Card::new(Suit::Spades, crate::card::Rank::ACE);
        for joker in [Card::RED_JOKER, Card::BLACK_JOKER, two_clubs, ace_spades] {
            for suit in Suit::ALL {
                v.push(ShelemAction::JokerLead { joker, suit });
            }
        }
        v
    }
}

impl Game for Shelem {
    type Settings = ShelemSettings;
    type Action = ShelemAction;
    type View = ShelemView;
    type Event = ShelemEvent;
    type Error = ShelemError;

    const NAME: &'static str = "shelem";
    const KIND: crate::games::GameKind = crate::games::GameKind::Shelem;
    const PARTNERSHIPS: bool = true;

    /// The first side to `target` points wins.
    fn scoring(settings: &ShelemSettings) -> Scoring {
        Scoring {
            target: (settings.target > 0).then_some(settings.target),
            ..Scoring::default()
        }
    }

    fn new(setup: &Setup<ShelemSettings>) -> Result<Shelem, SetupError> {
        let n = setup.players;
        if n != 2 && n != 4 {
            return Err(SetupError::Players {
                game: "shelem",
                players: n,
            });
        }
        let s = &setup.settings;
        if !(80..=120).contains(&s.min_bid) || !s.min_bid.is_multiple_of(5) {
            return Err(SetupError::BadSetting(format!(
                "min_bid must be 80..=120 in steps of 5 (SH-4), not {}",
                s.min_bid
            )));
        }
        if ![1000, 1165, 1200].contains(&s.target) {
            return Err(SetupError::BadSetting(format!(
                "target must be 1000, 1165 or 1200 (SH-9), not {}",
                s.target
            )));
        }
        let full = if s.jokers {
            CardSet::DECK.or(JOKERS)
        } else {
            CardSet::DECK
        };
        let what = format!(
            "Shelem needs the {} cards{}",
            full.len(),
            if s.jokers { " with both jokers" } else { "" }
        );
        let (rng, dealer) = setup.deal.start(n, full, &what)?;
        let mut g = Shelem {
            setup: setup.clone(),
            n,
            rng,
            shuffles: 0,
            dealer,
            phase: ShelemPhase::Bidding,
            hands: [CardSet::EMPTY; 4],
            widow: CardSet::EMPTY,
            widow_taken: CardSet::EMPTY,
            discards: CardSet::EMPTY,
            out: CardSet::EMPTY,
            in_play: 0,
            turn: Seat(0),
            bid: 0,
            bidder: Seat(0),
            passed: SeatSet::default(),
            bids: [None; 4],
            hakem: None,
            to_discard: 0,
            trump: None,
            leader: Seat(0),
            led: Suit::Clubs,
            trick: TrickCards::EMPTY,
            last_trick: None,
            won: [CardSet::EMPTY; 2],
            tricks: [0, 0],
            score: [0, 0],
            hand_number: 1,
            result: None,
            winner: None,
        };
        g.deal();
        Ok(g)
    }

    fn setup(&self) -> &Setup<ShelemSettings> {
        &self.setup
    }

    fn players(&self) -> u8 {
        self.n
    }

    fn status(&self) -> Status {
        match self.phase {
            ShelemPhase::HandOver => Status::HandOver,
            ShelemPhase::MatchOver => Status::MatchOver,
            _ => Status::Acting(SeatSet::only(self.turn)),
        }
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut Vec<ShelemAction>) {
        if seat != self.turn {
            return;
        }
        match self.phase {
            ShelemPhase::Playing => {
                let cards = self.playable(seat);
                view::push_plays(cards, self.trick.is_empty() && self.no_trump(), out);
            }
            ShelemPhase::Bidding => view::push_bids(self.lowest_bid(), self.total_points(), out),
            ShelemPhase::Discarding => {
                for c in self.hands[seat.idx()] {
                    out.push(ShelemAction::Discard(c));
                }
            }
            ShelemPhase::NamingTrump => view::push_trumps(&self.setup.settings, out),
            ShelemPhase::HandOver | ShelemPhase::MatchOver => {}
        }
    }

    fn apply(&mut self, seat: Seat, action: &ShelemAction) -> Result<ShelemEvent, ShelemError> {
        self.check_turn(seat)?;
        match (*action, self.phase) {
            (ShelemAction::Play(card), ShelemPhase::Playing) => self.play(seat, card, None),
            (ShelemAction::JokerLead { joker, suit }, ShelemPhase::Playing) => {
                self.play(seat, joker, Some(suit))
            }
            (ShelemAction::Bid(points), ShelemPhase::Bidding) => self.apply_bid(seat, points),
            (ShelemAction::Pass, ShelemPhase::Bidding) => Ok(self.apply_pass(seat)),
            (ShelemAction::Discard(card), ShelemPhase::Discarding) => {
                if !self.hands[seat.idx()].contains(card) {
                    return Err(ShelemError::NotInHand(card));
                }
                self.hands[seat.idx()].remove(card);
                self.discards.insert(card);
                self.to_discard -= 1;
                if self.to_discard == 0 {
                    self.phase = ShelemPhase::NamingTrump;
                }
                Ok(ShelemEvent::Discarded {
                    hakem: seat,
                    left: self.to_discard,
                })
            }
            (ShelemAction::Trump(t), ShelemPhase::NamingTrump) => {
                if !self.mode_allowed(t) {
                    return Err(ShelemError::ModeNotAllowed(t));
                }
                self.trump = Some(t);
                self.phase = ShelemPhase::Playing;
                self.leader = seat;
                Ok(ShelemEvent::TrumpChosen {
                    hakem: seat,
                    trump: t,
                })
            }
            _ => Err(ShelemError::WrongPhase),
        }
    }

    fn next_hand(&mut self) -> Result<(), ShelemError> {
        if self.phase != ShelemPhase::HandOver {
            return Err(ShelemError::HandNotOver);
        }
        // D-1: the deal passes to the next seat.
        self.dealer = self.dealer.next(self.n);
        self.hand_number += 1;
        self.deal();
        Ok(())
    }

    fn timeout_action(&self, seat: Seat) -> Option<ShelemAction> {
        // D-7: an auction passes; a play is the lowest legal card (A high, jokers above);
        // discards and trump: the first option.
        let legal = crate::timeout::legal(self, seat);
        if legal.contains(&ShelemAction::Pass) {
            return Some(ShelemAction::Pass);
        }
        let card = |a: &ShelemAction| match a {
            ShelemAction::Play(c) => Some(*c),
            ShelemAction::JokerLead { joker, .. } => Some(*joker),
            _ => None,
        };
        crate::timeout::lowest_card(&legal, card, crate::timeout::Ranking::AceHigh)
            .or_else(|| legal.into_iter().next())
    }

    /// Seat 0's view without what seat 0 alone sees (see [`Game::watch_view`]).
    fn watch_view(&self) -> ShelemView {
        ShelemView {
            hand: CardSet::EMPTY,
            widow: None,
            discards: None,
            bid_range: None,
            ..self.view(Seat(0))
        }
    }

    fn view(&self, seat: Seat) -> ShelemView {
        let is_hakem = self.hakem == Some(seat);
        let mut hand_counts = [0u8; 4];
        for (c, h) in hand_counts.iter_mut().zip(self.hands) {
            *c = h.len() as u8;
        }
        let mut passed = [false; 4];
        for (i, p) in passed.iter_mut().enumerate() {
            *p = self.passed.contains(Seat(i as u8));
        }
        let acting = self.turn() == Some(seat);
        ShelemView {
            seat,
            players: self.n,
            settings: self.setup.settings.clone(),
            phase: self.phase,
            turn: self.turn(),
            dealer: self.dealer,
            bid: (self.bid > 0).then_some((self.bidder, self.bid)),
            bids: self.bids,
            passed,
            bid_range: (acting && self.phase == ShelemPhase::Bidding)
                .then_some((self.lowest_bid(), self.total_points())),
            hakem: self.hakem,
            hand: self.hands.get(seat.idx()).copied().unwrap_or_default(),
            hand_counts,
            widow: is_hakem.then_some(self.widow_taken),
            discards: is_hakem.then_some(self.discards),
            discard_count: self.discards.len() as u8,
            trump: self.trump,
            leader: self.leader,
            led: (!self.trick.is_empty()).then_some(self.led),
            trick: self
                .trick
                .as_slice()
                .iter()
                .enumerate()
                .map(|(i, &c)| (self.leader.after(i as u8, self.n), c))
                .collect(),
            last_trick: self.last_trick,
            tricks: self.tricks,
            points: self.trick_points(),
            score: self.score,
            hand_number: self.hand_number,
            result: self.result.clone(),
            winner: self.winner,
        }
    }

    fn hand_score(&self) -> Option<HandScore> {
        let r = self.result.as_ref()?;
        let hs = r.hakem.side();
        Some(HandScore {
            points: r.points.to_vec(),
            winners: vec![if r.made { hs } else { 1 - hs }],
        })
    }

    fn totals(&self) -> Vec<i32> {
        self.score.to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|w| Outcome {
            totals: self.totals(),
            winners: vec![w],
        })
    }
}
