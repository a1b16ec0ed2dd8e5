//! A rule-based Hokm player: it names the trump it is longest and strongest in, counts the
//! cards played, remembers who has shown out of a suit, follows its partner without
//! overtaking a trick the partner already holds, wins as cheaply as it can, and trumps
//! when that takes a trick the opponents would otherwise win.

use crate::Bot;
use engine::games::hokm::{Hokm, HokmAction, HokmEvent, HokmView, Trump};
use engine::{Card, CardSet, Rank, Rng, Suit};

/// The rule-based Hokm bot.
#[derive(Clone, Debug)]
pub struct HokmBot {
    rng: Rng,
    /// Cards seen played this hand (completed tricks and the current one).
    played: CardSet,
    /// Suits each seat has shown out of (bit per suit).
    void: [u8; 4],
    /// Led suit of the trick in progress, as the bot saw it.
    led: Option<Suit>,
}

impl HokmBot {
    /// A bot whose tie-breaks are fixed by `seed`.
    pub fn new(seed: u64) -> HokmBot {
        HokmBot {
            rng: Rng::new(seed),
            played: CardSet::EMPTY,
            void: [0; 4],
            led: None,
        }
    }

    fn reset(&mut self) {
        self.played = CardSet::EMPTY;
        self.void = [0; 4];
        self.led = None;
    }
}

/// Strength of a card for winning a trick: trumps above the led suit above the rest.
pub(crate) fn power(c: Card, trump: Trump, led: Suit) -> u16 {
    let tier = if Some(c.suit()) == trump.suit() {
        2
    } else if c.suit() == led {
        1
    } else {
        0
    };
    tier * 16 + trump.strength(c.rank().index()) as u16
}

/// How much a card is worth keeping, for choosing what to throw away.
fn keep_value(c: Card, trump: Trump) -> u16 {
    let t = if Some(c.suit()) == trump.suit() {
        20
    } else {
        0
    };
    t + trump.strength(c.rank().index()) as u16
}

impl HokmBot {
    fn choose_trump(&mut self, view: &HokmView, legal: &[HokmAction]) -> HokmAction {
        let hand = view.hand;
        if legal.contains(&HokmAction::Redeal) {
            // HK-5: nothing above 10 in five cards; unless one suit holds four of them,
            // ask for a better hand.
            let longest = Suit::ALL
                .iter()
                .map(|&s| hand.of_suit(s).len())
                .max()
                .unwrap_or(0);
            if longest < 4 {
                return HokmAction::Redeal;
            }
        }
        let mut best = (0i32, legal[0]);
        for &a in legal {
            let HokmAction::Trump(t) = a else { continue };
            let score = match t {
                Trump::Suit(s) => {
                    let cards = hand.of_suit(s);
                    let high: i32 = cards.iter().map(|c| c.rank().index() as i32).sum();
                    cards.len() as i32 * 20 + high
                }
                // No-trump modes: count sure winners under that ranking (tops of suits).
                mode => {
                    let mut n = 0;
                    for c in hand {
                        if mode.strength(c.rank().index()) >= 11 {
                            n += 1;
                        }
                    }
                    // A mode needs three top cards out of five to beat a long suit.
                    if n >= 3 {
                        30 + n * 15
                    } else {
                        0
                    }
                }
            };
            if score > best.0 {
                best = (score, a);
            }
        }
        best.1
    }

    /// Whether `c` beats every card of its suit that is neither played nor in `hand`.
    fn is_master(&self, c: Card, hand: CardSet, trump: Trump) -> bool {
        let unseen = c.suit().mask().minus(self.played).minus(hand);
        let s = trump.strength(c.rank().index());
        unseen.iter().all(|o| trump.strength(o.rank().index()) < s)
    }

    fn lowest(&self, cards: CardSet, trump: Trump) -> Card {
        cards
            .iter()
            .min_by_key(|&c| keep_value(c, trump))
            .unwrap_or_else(|| cards.first().unwrap_or(Card::new(Suit::Clubs, Rank::TWO)))
    }

    fn lead(&mut self, view: &HokmView, legal: CardSet, trump: Trump) -> Card {
        let me = view.seat;
        let opponents = [me.next(4), me.after(3, 4)];
        let trump_suit = trump.suit();
        let trumps_out = trump_suit.map_or(CardSet::EMPTY, |t| {
            t.mask().minus(self.played).minus(view.hand)
        });
        let opp_may_ruff = |s: Suit| {
            !trumps_out.is_empty()
                && opponents
                    .iter()
                    .any(|o| self.void[o.idx()] & (1 << s as u8) != 0)
        };
        // Draw trumps while we hold more of them than are still out.
        if let Some(t) = trump_suit {
            let mine = legal.of_suit(t);
            if mine.len() > trumps_out.len() && !trumps_out.is_empty() {
                if let Some(c) = mine.iter().find(|&c| self.is_master(c, view.hand, trump)) {
                    return c;
                }
            }
        }
        // Cash a master card of a side suit the opponents cannot ruff.
        let mut masters: Vec<Card> = legal
            .iter()
            .filter(|&c| Some(c.suit()) != trump_suit)
            .filter(|&c| self.is_master(c, view.hand, trump) && !opp_may_ruff(c.suit()))
            .collect();
        masters.sort_by_key(|&c| std::cmp::Reverse(trump.strength(c.rank().index())));
        if let Some(&c) = masters.first() {
            return c;
        }
        // Otherwise lead low from the longest side suit, keeping trumps.
        let side: CardSet = trump_suit.map_or(legal, |t| legal.minus(t.mask()));
        let pool = if side.is_empty() { legal } else { side };
        let suit = Suit::ALL
            .iter()
            .copied()
            .filter(|&s| !pool.of_suit(s).is_empty())
            .max_by_key(|&s| (pool.of_suit(s).len(), self.rng.below(4)))
            .unwrap_or(Suit::Clubs);
        self.lowest(pool.of_suit(suit), trump)
    }

    fn follow(&mut self, view: &HokmView, legal: CardSet, trump: Trump) -> Card {
        let me = view.seat;
        let partner = me.after(2, 4);
        let led = view.trick[0].1.suit();
        let (win_seat, win_card) = view
            .trick
            .iter()
            .copied()
            .max_by_key(|&(_, c)| power(c, trump, led))
            .unwrap_or((me, legal.first().unwrap_or(view.trick[0].1)));
        let best = power(win_card, trump, led);
        let last = view.trick.len() == 3;
        let partner_safe = win_seat == partner
            && (last
                || (self.is_master(win_card, view.hand, trump)
                    && !view
                        .trick
                        .iter()
                        .any(|&(_, c)| Some(c.suit()) == trump.suit() && c != win_card)
                    && self.void[me.next(4).idx()] & (1 << led as u8) == 0));
        let winners: Vec<Card> = legal
            .iter()
            .filter(|&c| power(c, trump, led) > best)
            .collect();
        if partner_safe || winners.is_empty() {
            // Do not overtake the partner; throw the least useful card.
            return self.lowest(legal, trump);
        }
        let cheapest = winners
            .iter()
            .copied()
            .min_by_key(|&c| power(c, trump, led))
            .unwrap_or(win_card);
        if last || Some(cheapest.suit()) == trump.suit() && cheapest.suit() != led {
            return cheapest;
        }
        // Second or third hand: win only with a card nobody after us can beat in suit.
        if let Some(&m) = winners
            .iter()
            .filter(|&&c| c.suit() == led && self.is_master(c, view.hand, trump))
            .min_by_key(|&&c| power(c, trump, led))
        {
            return m;
        }
        if win_seat == partner {
            return self.lowest(legal, trump);
        }
        // Third hand plays high to force out the fourth's cards.
        if view.trick.len() == 2 {
            return cheapest;
        }
        self.lowest(legal, trump)
    }
}

impl Bot<Hokm> for HokmBot {
    fn choose(&mut self, view: &HokmView, legal: &[HokmAction]) -> HokmAction {
        let Some(trump) = view.trump else {
            return self.choose_trump(view, legal);
        };
        let cards: CardSet = legal
            .iter()
            .filter_map(|a| match a {
                HokmAction::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        if cards.is_empty() {
            return legal[0];
        }
        let card = if view.trick.is_empty() {
            self.lead(view, cards, trump)
        } else {
            self.follow(view, cards, trump)
        };
        HokmAction::Play(card)
    }

    fn observe(&mut self, event: &HokmEvent) {
        match *event {
            HokmEvent::TrumpChosen { .. } | HokmEvent::Redealt { .. } => self.reset(),
            HokmEvent::Discarded { .. } | HokmEvent::Drew { .. } => {}
            HokmEvent::Played {
                seat, card, trick, ..
            } => {
                self.played.insert(card);
                match self.led {
                    None => self.led = Some(card.suit()),
                    Some(led) if card.suit() != led => self.void[seat.idx()] |= 1 << led as u8,
                    Some(_) => {}
                }
                if trick.is_some() {
                    self.led = None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomBot;
    use engine::games::hokm::HokmSettings;
    use engine::{Deal, Game, Setup, Status};

    /// Plays `hands` hands with side 0 as `HokmBot`s and side 1 as random bots; returns the
    /// hands won by each side.
    fn duel(hands: u32, seed: u64) -> [u32; 2] {
        let mut won = [0; 2];
        let mut g = Hokm::new(&Setup {
            players: 4,
            settings: HokmSettings::default(),
            deal: Deal::seeded(seed),
        })
        .unwrap();
        let mut smart: Vec<HokmBot> = (0..4).map(|i| HokmBot::new(seed + i)).collect();
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
                    won[g.hand_score().unwrap().winners[0]] += 1;
                    played += 1;
                    if g.status() == Status::HandOver {
                        g.next_hand().unwrap();
                    } else {
                        g = Hokm::new(&Setup {
                            players: 4,
                            settings: HokmSettings::default(),
                            deal: Deal::seeded(seed + played as u64),
                        })
                        .unwrap();
                    }
                }
            }
        }
        won
    }

    #[test]
    fn rule_bot_beats_random_play_clearly() {
        let won = duel(400, 11);
        eprintln!("rule bots vs random, hands won: {won:?}");
        assert!(won[0] > won[1] * 3, "rule bots won {won:?}");
    }

    #[test]
    fn does_not_overtake_a_partner_holding_the_trick_last() {
        let mut g = Hokm::new(&Setup {
            players: 4,
            settings: HokmSettings::default(),
            deal: Deal::seeded(5),
        })
        .unwrap();
        // Play until the fourth seat of a trick is to act with the partner winning and a
        // card of the led suit that would beat the partner.
        let mut bots: Vec<HokmBot> = (0..4).map(HokmBot::new).collect();
        let mut legal = Vec::new();
        let mut checked = 0;
        for step in 0..20_000 {
            let Status::Acting(s) = g.status() else {
                if g.next_hand().is_err() {
                    g = Hokm::new(&Setup {
                        players: 4,
                        settings: HokmSettings::default(),
                        deal: Deal::seeded(step),
                    })
                    .unwrap();
                }
                continue;
            };
            let seat = s.first().unwrap();
            legal.clear();
            g.legal_actions(seat, &mut legal);
            let v = g.view(seat);
            let a = bots[seat.idx()].choose(&v, &legal);
            if let (Some(trump), 3) = (v.trump, v.trick.len()) {
                let led = v.trick[0].1.suit();
                let (ws, wc) = v
                    .trick
                    .iter()
                    .copied()
                    .max_by_key(|&(_, c)| power(c, trump, led))
                    .unwrap();
                if ws == seat.after(2, 4) {
                    let HokmAction::Play(c) = a else { panic!() };
                    assert!(
                        power(c, trump, led) < power(wc, trump, led)
                            || {
                                // only allowed when every legal card beats the partner
                                legal.iter().all(|l| matches!(l, HokmAction::Play(x) if power(*x, trump, led) > power(wc, trump, led)))
                            }
                    );
                    checked += 1;
                }
            }
            let e = g.apply(seat, &a).unwrap();
            for b in &mut bots {
                b.observe(&e);
            }
        }
        assert!(checked > 200, "only {checked} positions checked");
    }
}
