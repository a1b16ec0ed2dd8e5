//! A rule-based Shelem player: it bids what its hand is likely to take (never above that
//! estimate), discards low side-suit cards and banks loose point cards in the discards,
//! names its longest and strongest suit, and plays like the Hokm bot: it counts the cards
//! played, follows a partner who holds the trick with points, wins as cheaply as it can and
//! trumps a trick the opponents would otherwise take.

use crate::Bot;
use engine::games::shelem::{card_points, Shelem, ShelemAction, ShelemEvent, ShelemView, Trump};
use engine::{Card, CardSet, Rank, Rng, Seat, Suit};

/// The rule-based Shelem bot.
#[derive(Clone, Debug)]
pub struct ShelemBot {
    rng: Rng,
    /// Cards seen played this hand.
    played: CardSet,
    /// Suits each seat has shown out of (bit per suit).
    void: [u8; 4],
    /// The suit to follow in the trick in progress, as the bot saw it.
    led: Option<Suit>,
    /// This hand's trump, once named.
    trump: Option<Trump>,
}

impl ShelemBot {
    /// A bot whose tie-breaks are fixed by `seed`.
    pub fn new(seed: u64) -> ShelemBot {
        ShelemBot {
            rng: Rng::new(seed),
            played: CardSet::EMPTY,
            void: [0; 4],
            led: None,
            trump: None,
        }
    }
}

/// Strength of a card for winning a trick: jokers, then trumps, then the led suit.
fn power(c: Card, trump: Trump, led: Suit) -> u16 {
    if c == Card::RED_JOKER {
        return 100;
    }
    if c == Card::BLACK_JOKER {
        return 99;
    }
    crate::hokm::power(c, trump, led)
}

/// The suit (and its score) this hand would name: length first, then high cards.
fn best_suit(hand: CardSet) -> (Suit, i32) {
    Suit::ALL
        .iter()
        .map(|&s| {
            let cards = hand.of_suit(s);
            let high: i32 = cards.iter().map(|c| c.rank().index() as i32).sum();
            (s, cards.len() as i32 * 20 + high)
        })
        .max_by_key(|&(_, v)| v)
        .unwrap_or((Suit::Spades, 0))
}

/// The points this hand's side can expect to take as hakem (a conservative estimate).
fn estimate(hand: CardSet, players: u8) -> u16 {
    let (trump, _) = best_suit(hand);
    let mut e: i32 = if players == 4 { 45 } else { 30 };
    for c in hand {
        if c.is_joker() {
            e += if c == Card::RED_JOKER { 25 } else { 20 };
            continue;
        }
        let suit = hand.of_suit(c.suit());
        e += match c.rank() {
            Rank::ACE => 14,
            Rank::KING if suit.len() >= 2 => 7,
            Rank::QUEEN if suit.len() >= 3 => 3,
            _ => 0,
        };
    }
    let long = hand.of_suit(trump).len() as i32;
    e += 7 * (long - 3).max(0);
    e.clamp(0, 200) as u16
}

impl ShelemBot {
    fn bid(&mut self, view: &ShelemView, legal: &[ShelemAction]) -> ShelemAction {
        let est = estimate(view.hand, view.players);
        legal
            .iter()
            .copied()
            .filter(|a| matches!(a, ShelemAction::Bid(b) if *b <= est))
            .min_by_key(|a| match a {
                ShelemAction::Bid(b) => *b,
                _ => u16::MAX,
            })
            .unwrap_or(ShelemAction::Pass)
    }

    fn discard(&mut self, view: &ShelemView, legal: &[ShelemAction]) -> ShelemAction {
        let hand = view.hand;
        let (trump, _) = best_suit(hand);
        let keep = |c: Card| -> i32 {
            if c.is_joker() {
                return 1000;
            }
            let suit = hand.of_suit(c.suit());
            if c.suit() == trump {
                return 500 + c.rank().index() as i32;
            }
            let has_ace = suit.contains(Card::new(c.suit(), Rank::ACE));
            let r = c.rank();
            if r == Rank::ACE {
                return 300;
            }
            if r == Rank::KING && suit.len() >= 2 {
                return 200;
            }
            // A loose five or ten is safest in the discards (they count for the hakem).
            if card_points(c.bit()) > 0 && !has_ace {
                return -10;
            }
            r.index() as i32 + 4 * suit.len() as i32
        };
        legal
            .iter()
            .copied()
            .min_by_key(|a| match a {
                ShelemAction::Discard(c) => keep(*c),
                _ => i32::MAX,
            })
            .unwrap_or(legal[0])
    }

    fn name_trump(&mut self, view: &ShelemView, legal: &[ShelemAction]) -> ShelemAction {
        let (suit, _) = best_suit(view.hand);
        let t = ShelemAction::Trump(Trump::Suit(suit));
        if legal.contains(&t) {
            t
        } else {
            legal[0]
        }
    }

    /// Whether `c` beats every unseen card of its suit.
    fn is_master(&self, c: Card, hand: CardSet, trump: Trump) -> bool {
        if c.is_joker() {
            return true;
        }
        let unseen = c.suit().mask().minus(self.played).minus(hand);
        let s = trump.strength(c.rank().index());
        unseen.iter().all(|o| trump.strength(o.rank().index()) < s)
    }

    /// The least useful card: no points, low, not a trump.
    fn throw(&self, cards: CardSet, trump: Trump) -> Card {
        cards
            .iter()
            .min_by_key(|&c| {
                let t = if c.is_joker() || Some(c.suit()) == trump.suit() {
                    40
                } else {
                    0
                };
                t + card_points(c.bit()) * 2 + trump.strength(c.rank().index()) as u16
            })
            .unwrap_or(Card::RED_JOKER)
    }

    /// A card to give a partner who holds the trick: the most points, else the least useful.
    fn smear(&self, cards: CardSet, trump: Trump) -> Card {
        let pts = cards
            .iter()
            .filter(|&c| {
                !c.is_joker() && Some(c.suit()) != trump.suit() && card_points(c.bit()) > 0
            })
            .max_by_key(|&c| card_points(c.bit()));
        pts.unwrap_or_else(|| self.throw(cards, trump))
    }

    fn lead(&mut self, view: &ShelemView, legal: CardSet, trump: Trump) -> Card {
        let trump_suit = trump.suit();
        let trumps_out = trump_suit.map_or(CardSet::EMPTY, |t| {
            t.mask().minus(self.played).minus(view.hand)
        });
        // Draw trumps with masters while the opponents may still hold some.
        if let Some(t) = trump_suit {
            let mine = legal.of_suit(t);
            if !trumps_out.is_empty() {
                if let Some(c) = mine
                    .iter()
                    .filter(|&c| self.is_master(c, view.hand, trump))
                    .last()
                {
                    return c;
                }
            }
        }
        let n = view.players;
        let me = view.seat;
        let opp_void = |s: Suit| {
            (0..n)
                .map(Seat)
                .filter(|o| o.side() != me.side())
                .any(|o| self.void[o.idx()] & (1 << s as u8) != 0)
        };
        // Cash side-suit masters the opponents cannot ruff.
        let masters = legal
            .iter()
            .filter(|&c| !c.is_joker() && Some(c.suit()) != trump_suit)
            .filter(|&c| self.is_master(c, view.hand, trump))
            .filter(|&c| trumps_out.is_empty() || !opp_void(c.suit()))
            .max_by_key(|&c| trump.strength(c.rank().index()));
        if let Some(c) = masters {
            return c;
        }
        // Otherwise lead low from the longest side suit, keeping trumps and points.
        let side = trump_suit.map_or(legal, |t| legal.minus(t.mask()));
        let side = side.and(CardSet::DECK);
        let pool = if side.is_empty() {
            legal.and(CardSet::DECK)
        } else {
            side
        };
        if pool.is_empty() {
            return legal.first().unwrap_or(Card::RED_JOKER);
        }
        let suit = Suit::ALL
            .iter()
            .copied()
            .filter(|&s| !pool.of_suit(s).is_empty())
            .max_by_key(|&s| (pool.of_suit(s).len(), self.rng.below(4)))
            .unwrap_or(Suit::Clubs);
        self.throw(pool.of_suit(suit), trump)
    }

    fn follow(&mut self, view: &ShelemView, legal: CardSet, trump: Trump) -> Card {
        let me = view.seat;
        let led = view.led.unwrap_or(view.trick[0].1.suit());
        let (win_seat, win_card) = view
            .trick
            .iter()
            .copied()
            .max_by_key(|&(_, c)| power(c, trump, led))
            .unwrap_or((me, view.trick[0].1));
        let best = power(win_card, trump, led);
        let last = view.trick.len() + 1 == view.players as usize;
        let partner_wins = win_seat != me && win_seat.side() == me.side();
        let partner_safe = partner_wins
            && (last || self.is_master(win_card, view.hand, trump) && win_card.suit() == led);
        let winners: Vec<Card> = legal
            .iter()
            .filter(|&c| power(c, trump, led) > best)
            .collect();
        if partner_safe {
            return self.smear(legal, trump);
        }
        if winners.is_empty() || partner_wins {
            return self.throw(legal, trump);
        }
        let cheapest = winners
            .iter()
            .copied()
            .min_by_key(|&c| power(c, trump, led))
            .unwrap_or(win_card);
        let on_table: u16 = view.trick.iter().map(|&(_, c)| card_points(c.bit())).sum();
        if last {
            return cheapest;
        }
        // Ruff (or win with a master) when it is worth it.
        if cheapest.suit() != led
            || cheapest.is_joker()
            || self.is_master(cheapest, view.hand, trump)
        {
            if on_table > 0 || cheapest.suit() == led {
                return cheapest;
            }
            return self.throw(legal, trump);
        }
        if let Some(m) = winners
            .iter()
            .copied()
            .filter(|&c| c.suit() == led && self.is_master(c, view.hand, trump))
            .min_by_key(|&c| power(c, trump, led))
        {
            return m;
        }
        self.throw(legal, trump)
    }
}

impl Bot<Shelem> for ShelemBot {
    fn choose(&mut self, view: &ShelemView, legal: &[ShelemAction]) -> ShelemAction {
        match legal.first() {
            Some(ShelemAction::Bid(_)) | Some(ShelemAction::Pass) => return self.bid(view, legal),
            Some(ShelemAction::Discard(_)) => return self.discard(view, legal),
            Some(ShelemAction::Trump(_)) => return self.name_trump(view, legal),
            _ => {}
        }
        let Some(trump) = view.trump else {
            return legal[0];
        };
        let mut cards = CardSet::EMPTY;
        for a in legal {
            match *a {
                ShelemAction::Play(c) => cards.insert(c),
                ShelemAction::JokerLead { joker, .. } => cards.insert(joker),
                _ => {}
            }
        }
        if cards.is_empty() {
            return legal[0];
        }
        let card = if view.trick.is_empty() {
            self.lead(view, cards, trump)
        } else {
            self.follow(view, cards, trump)
        };
        if legal.contains(&ShelemAction::Play(card)) {
            return ShelemAction::Play(card);
        }
        // A joker led in a no-trump mode names the suit this bot is longest in.
        let suit = Suit::ALL
            .iter()
            .copied()
            .max_by_key(|&s| view.hand.of_suit(s).len())
            .unwrap_or(Suit::Spades);
        let a = ShelemAction::JokerLead { joker: card, suit };
        if legal.contains(&a) {
            a
        } else {
            legal[0]
        }
    }

    fn observe(&mut self, event: &ShelemEvent) {
        match *event {
            ShelemEvent::TrumpChosen { trump, .. } => {
                self.played = CardSet::EMPTY;
                self.void = [0; 4];
                self.led = None;
                self.trump = Some(trump);
            }
            ShelemEvent::Played {
                seat,
                card,
                suit,
                trick,
                ..
            } => {
                self.played.insert(card);
                match self.led {
                    None => {
                        self.led = suit.or(if card.is_joker() {
                            self.trump.and_then(Trump::suit)
                        } else {
                            Some(card.suit())
                        })
                    }
                    Some(led) => {
                        let follows = if card.is_joker() {
                            self.trump.and_then(Trump::suit) == Some(led)
                                || self.trump.is_some_and(|t| t.suit().is_none())
                        } else {
                            card.suit() == led
                        };
                        if !follows {
                            self.void[seat.idx()] |= 1 << led as u8;
                        }
                    }
                }
                if trick.is_some() {
                    self.led = None;
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomBot;
    use engine::games::shelem::ShelemSettings;
    use engine::{Deal, Game, Setup, Status};

    /// Plays `hands` hands with side 0 as `ShelemBot`s and side 1 as random bots; returns
    /// the points scored per side.
    fn duel(players: u8, hands: u32, seed: u64) -> [i64; 2] {
        let mut pts = [0i64; 2];
        let new = |s: u64| {
            Shelem::new(&Setup {
                players,
                settings: ShelemSettings::default(),
                deal: Deal::seeded(s),
            })
            .unwrap()
        };
        let mut g = new(seed);
        let mut smart: Vec<ShelemBot> = (0..4).map(|i| ShelemBot::new(seed + i)).collect();
        let mut random = RandomBot::new(seed);
        let mut legal = Vec::new();
        let mut played = 0;
        while played < hands {
            match g.status() {
                Status::Acting(s) => {
                    let seat = s.first().unwrap();
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    let a = if seat.side() == 0 {
                        smart[seat.idx()].choose(&g.view(seat), &legal)
                    } else {
                        random.pick(&legal)
                    };
                    assert!(legal.contains(&a));
                    let e = g.apply(seat, &a).unwrap();
                    for b in &mut smart {
                        b.observe(&e);
                    }
                }
                Status::HandOver | Status::MatchOver => {
                    let score = g.hand_score().unwrap();
                    for (p, s) in pts.iter_mut().zip(score.points) {
                        *p += s as i64;
                    }
                    played += 1;
                    if g.status() == Status::HandOver {
                        g.next_hand().unwrap();
                    } else {
                        g = new(seed + played as u64);
                    }
                }
            }
        }
        pts
    }

    #[test]
    fn rule_bot_beats_random_play_clearly() {
        for players in [4, 2] {
            let pts = duel(players, 200, 11);
            eprintln!("{players} players, rule bots vs random, points: {pts:?}");
            assert!(pts[0] > pts[1] + 20 * 200, "rule bots scored {pts:?}");
        }
    }

    #[test]
    fn never_bids_above_its_estimate() {
        let mut g = Shelem::new(&Setup {
            players: 4,
            settings: ShelemSettings::default(),
            deal: Deal::seeded(3),
        })
        .unwrap();
        let mut bot = ShelemBot::new(1);
        let mut legal = Vec::new();
        for _ in 0..200 {
            let Status::Acting(s) = g.status() else { break };
            let seat = s.first().unwrap();
            legal.clear();
            g.legal_actions(seat, &mut legal);
            let v = g.view(seat);
            let a = bot.choose(&v, &legal);
            if let ShelemAction::Bid(b) = a {
                assert!(b <= estimate(v.hand, 4));
            }
            g.apply(seat, &a).unwrap();
        }
    }
}
