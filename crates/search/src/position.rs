//! The compact open position the solver searches.

use engine::games::hokm::{PlayPosition, Trump};
use engine::{Card, CardSet, Rank, Seat, Suit};
use std::fmt;

/// Bits of one suit in a [`Position`] hand: strengths 0..=13 (Ace-Nars ranks the ace 13).
pub(crate) const SUIT_BITS: u32 = 16;
/// The 16 bits of one suit.
pub(crate) const SUIT_MASK: u64 = 0xFFFF;
/// No trump suit (Sars, Nars, Ace-Nars).
pub(crate) const NO_TRUMP: u8 = 4;

/// A position in the play of a hand with every hand open: the input of [`crate::Solver`].
///
/// Cards are bits `suit * 16 + strength`, where the strength is the card's rank under the
/// hand's ranking ([`Trump::strength`]: normal, Nars reversed, Ace-Nars), so that within a
/// suit a higher bit always beats a lower one. `Copy`, 56 bytes: a search copies it freely.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Seats: 4 (two sides, partners opposite, C-3) or 2 (one seat a side, HK-13).
    pub(crate) n: u8,
    pub(crate) hands: [u64; 4],
    /// The trump suit's index, or [`NO_TRUMP`].
    pub(crate) trump: u8,
    pub(crate) mode: Trump,
    pub(crate) leader: u8,
    /// The current trick's cards (bit indexes), the leader's first.
    pub(crate) trick: [u8; 4],
    pub(crate) trick_len: u8,
    /// Tricks won so far, per side.
    pub(crate) tricks: [u8; 2],
}

/// Why parts do not make a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Only 2 or 4 players.
    Players(u8),
    /// A joker where the game has none (Hokm, Bidel), or a joker led in a no-trump mode
    /// without the suit it names (the points solver: `PointsPosition::play_named`).
    Joker,
    /// A card is in two places (two hands, or a hand and the trick).
    Duplicate(Card),
    /// A seat outside the table holds cards, or leads.
    Seat(u8),
    /// More than 13 tricks in the hand: those won and those left to play (13 cards a seat).
    Tricks,
    /// Not a card the seat to play may play now (HK-6).
    Illegal(Card),
    /// The trick is full or longer than the table.
    TrickTooLong(usize),
    /// The hand sizes do not fit the trick: the seats that played to it hold one card
    /// fewer than those still to play, and every seat plays to every trick.
    Counts,
}

/// The card of solver bit `b` under the ranking of `mode` (the inverse of a position's
/// bit of a card: suit times [`SUIT_BITS`] plus [`Trump::strength`]). Both solvers use it.
pub(crate) fn card_of_bit(mode: Trump, b: u8) -> Card {
    let suit = Suit::ALL[(b as u32 / SUIT_BITS) as usize & 3];
    let s = b % SUIT_BITS as u8;
    let rank = match mode {
        Trump::Suit(_) | Trump::Sars => s,
        Trump::Nars => 12 - s,
        Trump::AceNars if s == 13 => 12,
        Trump::AceNars => 12 - s,
    };
    Card::new(suit, Rank::new(rank).unwrap_or(Rank::TWO))
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Players(n) => write!(f, "{n} players: the solver takes 2 or 4"),
            PositionError::Joker => write!(
                f,
                "a joker: this game is played without them, or a joker lead without its suit"
            ),
            PositionError::Duplicate(c) => write!(f, "{c} is in two places"),
            PositionError::Tricks => write!(f, "a hand has 13 tricks: won and left to play"),
            PositionError::Illegal(c) => write!(f, "{c} may not be played now"),
            PositionError::Seat(s) => write!(f, "seat {s} is not at the table"),
            PositionError::TrickTooLong(k) => write!(f, "a trick of {k} cards is not in play"),
            PositionError::Counts => write!(
                f,
                "hand sizes do not fit the trick: the seats still to play must hold one card \
                 more than those that played"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// A position from its parts: `players` seats holding `hands` (seats 2 and 3 empty with
    /// two players), the trump `mode`, the `leader` of the current trick, its cards so far
    /// (`trick`, the leader's first) and the tricks won so far per side. Checks that every
    /// card is in one place, that the hand sizes fit the trick, and that the seats exist.
    pub fn new(
        players: u8,
        hands: [CardSet; 4],
        mode: Trump,
        leader: Seat,
        trick: &[Card],
        tricks: [u8; 2],
    ) -> Result<Position, PositionError> {
        if players != 2 && players != 4 {
            return Err(PositionError::Players(players));
        }
        if leader.0 >= players {
            return Err(PositionError::Seat(leader.0));
        }
        if trick.len() >= players as usize {
            return Err(PositionError::TrickTooLong(trick.len()));
        }
        let mut seen = CardSet::EMPTY;
        let place = |c: Card, seen: &mut CardSet| {
            if c.is_joker() {
                return Err(PositionError::Joker);
            }
            if seen.contains(c) {
                return Err(PositionError::Duplicate(c));
            }
            seen.insert(c);
            Ok(())
        };
        for (s, h) in hands.iter().enumerate() {
            if s >= players as usize && !h.is_empty() {
                return Err(PositionError::Seat(s as u8));
            }
            for c in *h {
                place(c, &mut seen)?;
            }
        }
        for &c in trick {
            place(c, &mut seen)?;
        }
        // Seats leader .. leader + len - 1 have played: they hold `m` cards, the others
        // m + 1 (all m at a trick's start).
        let m = hands[leader.idx()].len();
        for k in 0..players {
            let s = leader.after(k, players);
            let want = m + (!trick.is_empty() && k as usize >= trick.len()) as u32;
            if hands[s.idx()].len() != want {
                return Err(PositionError::Counts);
            }
        }
        let left = m + !trick.is_empty() as u32;
        if left + tricks[0] as u32 + tricks[1] as u32 > 13 {
            return Err(PositionError::Tricks);
        }
        let trump = mode.suit().map_or(NO_TRUMP, |s| s as u8);
        let bit = |c: Card| c.suit() as u8 * SUIT_BITS as u8 + mode.strength(c.rank().index());
        let to_bits = |h: CardSet| h.iter().fold(0u64, |b, c| b | 1 << bit(c));
        let mut t = [0u8; 4];
        for (slot, &c) in t.iter_mut().zip(trick) {
            *slot = bit(c);
        }
        Ok(Position {
            n: players,
            hands: hands.map(to_bits),
            trump,
            mode,
            leader: leader.0,
            trick: t,
            trick_len: trick.len() as u8,
            tricks,
        })
    }

    /// The position of a hand in play in the engine ([`engine::games::hokm::Hokm::play_position`]).
    pub fn from_hokm(p: &PlayPosition) -> Result<Position, PositionError> {
        Position::new(
            p.players,
            p.hands,
            p.trump,
            p.leader,
            p.trick.as_slice(),
            p.tricks,
        )
    }

    /// Seats at the table.
    pub fn players(&self) -> u8 {
        self.n
    }

    /// The seat to play.
    pub fn to_play(&self) -> Seat {
        Seat((self.leader + self.trick_len) % self.n)
    }

    /// Tricks won so far, per side.
    pub fn tricks(&self) -> [u8; 2] {
        self.tricks
    }

    /// Tricks still to play, the current one included.
    pub fn tricks_left(&self) -> u8 {
        self.hands[self.leader as usize].count_ones() as u8 + (self.trick_len > 0) as u8
    }

    /// `seat`'s cards.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.cards(self.hands.get(seat.idx()).copied().unwrap_or(0))
    }

    /// The cards `seat` may play now: none unless it is its turn; else its hand, or only
    /// its cards of the led suit when it holds any (HK-6).
    pub fn legal(&self, seat: Seat) -> CardSet {
        if seat != self.to_play() {
            return CardSet::EMPTY;
        }
        self.cards(self.playable())
    }

    /// The bits the seat to play may play.
    #[inline]
    pub(crate) fn playable(&self) -> u64 {
        let hand = self.hands[((self.leader + self.trick_len) % self.n) as usize];
        if self.trick_len == 0 {
            return hand;
        }
        let led = SUIT_MASK << ((self.trick[0] as u32 >> 4) * SUIT_BITS);
        if hand & led != 0 {
            hand & led
        } else {
            hand
        }
    }

    /// Plays `card` for the seat to play, if legal; completes the trick (its winner takes
    /// it and leads) after the last seat's card.
    pub fn play(&mut self, card: Card) -> Result<(), PositionError> {
        if card.is_joker() {
            return Err(PositionError::Joker);
        }
        let b = self.bit(card);
        if self.playable() & (1 << b) == 0 {
            return Err(PositionError::Illegal(card));
        }
        self.play_bit(b);
        Ok(())
    }

    /// Plays bit `b` (legal) for the seat to play.
    #[inline]
    pub(crate) fn play_bit(&mut self, b: u8) {
        let seat = ((self.leader + self.trick_len) % self.n) as usize;
        self.hands[seat] &= !(1 << b);
        self.trick[self.trick_len as usize] = b;
        self.trick_len += 1;
        if self.trick_len == self.n {
            let w = self.trick_winner();
            let winner = (self.leader + w) % self.n;
            self.tricks[(winner & 1) as usize] += 1;
            self.leader = winner;
            self.trick_len = 0;
        }
    }

    /// The position in the trick (0 = the leader's card) of the card winning it so far.
    #[inline]
    pub(crate) fn trick_winner(&self) -> u8 {
        let mut best = 0;
        for i in 1..self.trick_len {
            if beats(
                self.trick[i as usize],
                self.trick[best as usize],
                self.trump,
            ) {
                best = i;
            }
        }
        best
    }

    /// The solver's bit of `card`.
    pub(crate) fn bit(&self, card: Card) -> u8 {
        card.suit() as u8 * SUIT_BITS as u8 + self.mode.strength(card.rank().index())
    }

    /// The card of bit `b`.
    pub(crate) fn card(&self, b: u8) -> Card {
        card_of_bit(self.mode, b)
    }

    /// The cards of a set of bits.
    pub(crate) fn cards(&self, mut bits: u64) -> CardSet {
        let mut set = CardSet::EMPTY;
        while bits != 0 {
            let b = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            set.insert(self.card(b));
        }
        set
    }
}

/// Whether card `c` beats the card `w` winning a trick (HK-6): a higher card of its suit,
/// or a trump on a card of another suit.
#[inline(always)]
pub(crate) fn beats(c: u8, w: u8, trump: u8) -> bool {
    let (cs, ws) = (c >> 4, w >> 4);
    if cs == ws {
        c > w
    } else {
        cs == trump
    }
}

/// The card whose rank decided the trick that bit `b` completes, the trick's first `n - 1`
/// cards being `trick`: the winner, if it beat a card of its own suit; none if it won by
/// suit alone (the only card of the led suit, or the only trump). Both solvers' table
/// classes rest on it.
pub(crate) fn deciding_card(trick: [u8; 4], n: u8, b: u8, trump: u8) -> u64 {
    let n = n as usize;
    let mut cards = trick;
    cards[n - 1] = b;
    let mut w = cards[0];
    for &c in &cards[1..n] {
        if beats(c, w, trump) {
            w = c;
        }
    }
    let same_suit = cards[..n].iter().filter(|&&c| c >> 4 == w >> 4).count();
    if same_suit > 1 {
        1 << w
    } else {
        0
    }
}

/// The lowest of the `depth` highest live cards of each suit of `hands` (`depths`: a byte
/// a suit, as in both solvers' table entries): the cards a stored class's answer rests on.
pub(crate) fn top_cards(hands: &[u64; 4], depths: u32) -> u64 {
    let live = hands.iter().fold(0, |a, h| a | h);
    let mut rel = 0;
    for s in 0..4u32 {
        let d = (depths >> (s * 8)) & 0xFF;
        let mut x = (live >> (s * SUIT_BITS)) & SUIT_MASK;
        for _ in 1..d {
            x ^= 1 << (63 - x.leading_zeros());
        }
        if d > 0 && x != 0 {
            rel |= 1u64 << (63 - x.leading_zeros() + s * SUIT_BITS);
        }
    }
    rel
}

/// The small cards of card `b`'s suit after a move with `b` failed: when `b` lies below
/// every rank of its suit that the move's proof fixed (`rel`), the cards of that suit below
/// those ranks (as bits; a move with any of them ends in the proof's class, so it fails
/// too); none when `b` is not among them. Both solvers' small-card skipping.
#[inline]
pub(crate) fn small_cards(b: u8, rel: u64) -> u64 {
    let shift = b as u32 / SUIT_BITS * SUIT_BITS;
    let fixed = (rel >> shift) & SUIT_MASK;
    let small = if fixed == 0 {
        SUIT_MASK
    } else {
        (1u64 << fixed.trailing_zeros()) - 1
    };
    if (1u64 << (b as u32 - shift)) & small != 0 {
        small << shift
    } else {
        0
    }
}

/// The entries to the leader's partner at a trick boundary (four players; both solvers'
/// quick counts through an entry): each suit in which the leader's lowest card can be
/// overtaken by a card of the partner above every opponent's (no opponent can ruff: each
/// follows or holds no trump). For each, in suit order, `each` gets the hands after that
/// trick (the leader's lowest card, the partner's lowest winner and each opponent's lowest
/// card of the suit gone: whichever the opponents play, no better for the partner), the
/// partner's winning card's bit and the partner's seat; it returns whether to go on.
pub(crate) fn partner_entries(
    hands: &[u64; 4],
    leader: u8,
    trump: u8,
    mut each: impl FnMut(&[u64; 4], u64, u8) -> bool,
) {
    let l = leader as usize;
    let (pa, o1, o2) = ((l + 2) % 4, (l + 1) % 4, (l + 3) % 4);
    let trump_mask = if trump == NO_TRUMP {
        0
    } else {
        SUIT_MASK << (trump as u32 * SUIT_BITS)
    };
    for s in 0..4u32 {
        let shift = s * SUIT_BITS;
        let suit = |h: u64| (h >> shift) & SUIT_MASK;
        let (lead, part) = (suit(hands[l]), suit(hands[pa]));
        if lead == 0 || part == 0 {
            continue;
        }
        let ruffed = s as u8 != trump
            && [o1, o2]
                .iter()
                .any(|&o| suit(hands[o]) == 0 && hands[o] & trump_mask != 0);
        if ruffed {
            continue;
        }
        let opp = suit(hands[o1] | hands[o2]);
        let low = lead.trailing_zeros();
        let mut above = !((2u64 << low) - 1);
        if opp != 0 {
            above &= !((1u64 << (64 - opp.leading_zeros())) - 1);
        }
        let winners = part & above;
        if winners == 0 {
            continue;
        }
        let w = winners.trailing_zeros();
        let mut h = *hands;
        h[l] &= !(1 << (low + shift));
        h[pa] &= !(1 << (w + shift));
        for o in [o1, o2] {
            let x = suit(h[o]);
            if x != 0 {
                h[o] &= !(1 << (x.trailing_zeros() + shift));
            }
        }
        if !each(&h, 1 << (w + shift), pa as u8) {
            return;
        }
    }
}

/// Whether card `c`, winning the current trick (led suit `led`) when its seat plays it,
/// still wins it whatever the hands of the seats `later` hold (the opponents who play
/// after it): none can follow with a higher card, or ruff (or over-ruff) it. Both solvers'
/// move order.
pub(crate) fn still_wins(
    hands: &[u64; 4],
    led: u8,
    trump: u8,
    c: u8,
    mut later: impl Iterator<Item = u8>,
) -> bool {
    let suit = c >> 4;
    let suit_mask = |s: u8| SUIT_MASK << (s as u32 * SUIT_BITS);
    let above_in = |s: u8| suit_mask(s) & !(2u64 << c).wrapping_sub(1);
    later.all(|o| {
        let h = hands[o as usize];
        let follows = h & suit_mask(led) != 0;
        let beats_it = if follows {
            suit == led && h & above_in(suit) != 0
        } else if trump == NO_TRUMP {
            false
        } else if suit == trump {
            h & above_in(suit) != 0
        } else {
            h & suit_mask(trump) != 0
        };
        !beats_it
    })
}

/// The leader's sure winners at a trick boundary, suit by suit (`hands` of `n` seats,
/// `opponent(s)`: whether seat `s` plays against the leader): the leader's top cards of
/// the suit (above every other seat's; bits within the suit), how many of them count (a
/// side suit's only as far as every opponent holding a trump still follows it), and
/// whether other seats hold the suit (then the ranks matter).
pub(crate) fn quick_winners(
    hands: &[u64; 4],
    n: u8,
    leader: u8,
    trump: u8,
    opponent: impl Fn(u8) -> bool,
) -> [(u64, u32, bool); 4] {
    let mine = hands[leader as usize];
    let others = hands.iter().fold(0, |a, h| a | h) & !mine;
    let trump_mask = if trump == NO_TRUMP {
        0
    } else {
        SUIT_MASK << (trump as u32 * SUIT_BITS)
    };
    // The opponents who could ruff.
    let mut ruffers = [0u64; 3];
    let mut nr = 0;
    for s in 0..n {
        let h = hands[s as usize];
        if opponent(s) && h & trump_mask != 0 {
            ruffers[nr] = h;
            nr += 1;
        }
    }
    let ruffers = &ruffers[..nr];
    let mut suits = [(0, 0, false); 4];
    for (s, out) in suits.iter_mut().enumerate() {
        let shift = s as u32 * SUIT_BITS;
        let m = (mine >> shift) & SUIT_MASK;
        if m == 0 {
            continue;
        }
        let o = (others >> shift) & SUIT_MASK;
        let tops = if o == 0 {
            m
        } else {
            m & !((1u64 << (64 - o.leading_zeros())) - 1)
        };
        let top = tops.count_ones();
        let counted = if s as u8 == trump {
            top
        } else {
            let mut limit = top;
            for r in ruffers {
                limit = limit.min(((r >> shift) & SUIT_MASK).count_ones());
            }
            limit
        };
        *out = (tops, counted, o != 0);
    }
    suits
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let trick: Vec<Card> = self.trick[..self.trick_len as usize]
            .iter()
            .map(|&b| self.card(b))
            .collect();
        f.debug_struct("Position")
            .field("players", &self.n)
            .field("trump", &self.mode)
            .field("leader", &self.leader)
            .field("trick", &trick)
            .field("tricks", &self.tricks)
            .field(
                "hands",
                &(0..self.n).map(|s| self.hand(Seat(s))).collect::<Vec<_>>(),
            )
            .finish()
    }
}
