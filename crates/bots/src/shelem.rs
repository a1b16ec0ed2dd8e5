//! A rule-based Shelem player: it bids up to what its side is likely to take as hakem
//! (never above that estimate, [`contract`]), plans trump — a no-trump mode when the room
//! allows it and the hand suits it — together with the discards (keeping trumps and aces,
//! banking loose points, voiding short side suits), and plays like the Hokm bot: it counts
//! the cards played, feeds points to a partner who holds the trick safely, keeps them off
//! the opponents' tricks, wins as cheaply as it can and trumps a trick the opponents would
//! otherwise take.

use crate::belief::{Belief, ShelemBelief};
use crate::Bot;
use engine::games::shelem::{card_points, Shelem, ShelemAction, ShelemEvent, ShelemView, Trump};
use engine::{Card, CardSet, Rank, Rng, Seat, Suit};

/// The rule-based Shelem bot.
#[derive(Clone, Debug)]
pub struct ShelemBot {
    rng: Rng,
    /// What the seat knows beyond its view (the cards played this hand, the voids shown):
    /// built at its first decision, then kept by the events.
    belief: Option<ShelemBelief>,
    /// Cards seen played this hand, as the belief knows them at the decision in progress.
    played: CardSet,
    /// Cards each seat cannot hold (the voids it showed), likewise.
    void: [CardSet; 4],
    /// As hakem: the trump to name and the cards to discard, decided with the widow.
    plan: Option<(Trump, Vec<Card>)>,
}

impl ShelemBot {
    /// A bot whose tie-breaks are fixed by `seed`.
    pub fn new(seed: u64) -> ShelemBot {
        ShelemBot {
            rng: Rng::new(seed),
            belief: None,
            played: CardSet::EMPTY,
            void: [CardSet::EMPTY; 4],
            plan: None,
        }
    }

    /// Reads what the seat knows of the hand `view` shows into `played` and `void`: the
    /// belief's facts, or (a belief that missed the start of this hand) the trick in
    /// progress alone.
    fn know(&mut self, view: &ShelemView) {
        let belief = self.belief.get_or_insert_with(|| ShelemBelief::new(view));
        let facts = match belief.facts(view) {
            Ok(f) => Ok(f),
            Err(_) => {
                *belief = ShelemBelief::new(view);
                belief.facts(view)
            }
        };
        (self.played, self.void) = match facts {
            Ok(f) => (f.log.played, f.log.excluded),
            Err(_) => (
                view.trick.iter().map(|&(_, c)| c).collect(),
                [CardSet::EMPTY; 4],
            ),
        };
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

/// The ranks of a suit under `trump`'s ranking, strongest first (rank indexes).
fn ranking(trump: Trump) -> [u8; 13] {
    let mut r = [0u8; 13];
    for (i, slot) in r.iter_mut().enumerate() {
        *slot = i as u8;
    }
    r.sort_by_key(|&x| std::cmp::Reverse(trump.strength(x)));
    r
}

/// The trump choices the room allows (SH-6, HK-4): the four suits, then the enabled
/// no-trump modes.
fn allowed_modes(view: &ShelemView) -> Vec<Trump> {
    let s = &view.settings;
    Trump::ALL
        .into_iter()
        .filter(|t| match t {
            Trump::Suit(_) => true,
            Trump::Sars => s.sars,
            Trump::Nars => s.nars,
            Trump::AceNars => s.ace_nars,
        })
        .collect()
}

/// What a hand makes as hakem with one trump choice, by [`contract`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contract {
    /// Tricks this hand should win by itself, in tenths.
    pub tricks: i32,
    /// The points its side should take on average, the discard trick (SH-5) included.
    pub points: i32,
}

/// The hakem's expected take with `hand` and `trump`, at a table of `players`, before
/// (`widow_to_come`) or after taking the widow.
///
/// Each card is a sure trick when no unseen card of its suit ranks above it, half a trick
/// with one above and a guard below it, a fifth with two; long trumps and long no-trump
/// suits with the top card win by length; in a trump contract short side suits ruff with
/// the spare trumps, and side cards after the second round are often ruffed. Jokers are the
/// top trumps, or win any trick in a no-trump mode (SH-6). Each trick is worth 5 points
/// plus the average card points of the other cards in it; point cards that are not sure
/// winners count half (a partner may take them, or the discards bank them). With four
/// players the partner takes about 3/10 of the tricks this hand leaves; the widow's four
/// cards improve the hand by about a trick and a little banked in the discards.
pub(crate) fn contract(hand: CardSet, trump: Trump, table: Table, widow_to_come: bool) -> Contract {
    contract_with_gone(hand, CardSet::EMPTY, trump, table, widow_to_come)
}

/// [`contract`] for a hakem who has already discarded `gone`: those cards are no longer
/// among the others' (their points are banked, SH-5).
fn contract_with_gone(
    hand: CardSet,
    gone: CardSet,
    trump: Trump,
    table: Table,
    widow_to_come: bool,
) -> Contract {
    let order = ranking(trump);
    let trump_suit = trump.suit();
    let no_trump = trump_suit.is_none();
    let jokers = hand.minus(CardSet::DECK);
    let jokers_out = if table.jokers {
        2 - jokers.len() as i32
    } else {
        0
    };
    // Held jokers are sure tricks: the top trumps, or in no-trump any trick (SH-6).
    let mut tenths = 10 * jokers.len() as i32;
    let mut cashed = card_points(jokers) as i32; // card points of the sure winners
    let mut loose = 0i32; // card points of the other cards
    let trumps_held = trump_suit.map_or(0, |t| hand.of_suit(t).len() as i32) + jokers.len() as i32;
    let mut short_sides = 0i32;
    for suit in Suit::ALL {
        let mine = hand.of_suit(suit);
        let len = mine.len() as i32;
        let is_trump = Some(suit) == trump_suit;
        let mut missing_above = if is_trump { jokers_out } else { 0 };
        let mut held_above = 0i32;
        let mut top = false;
        for &r in &order {
            let Some(rank) = Rank::new(r) else { continue };
            let c = Card::new(suit, rank);
            if !mine.contains(c) {
                missing_above += 1;
                continue;
            }
            let guards = len - held_above - 1;
            let mut v = match missing_above {
                0 => 10,
                1 if guards >= 1 => 5,
                2 if guards >= 2 => 2,
                _ => 0,
            };
            if held_above == 0 && missing_above == 0 {
                top = true;
            }
            if is_trump && held_above >= 4 {
                v = v.max(9);
            } else if no_trump && top && held_above >= 4 {
                v = v.max(6);
            } else if !no_trump && !is_trump && held_above >= 2 {
                v /= 2;
            }
            tenths += v;
            let p = card_points(c.bit()) as i32;
            if v >= 9 {
                cashed += p;
            } else {
                loose += p;
            }
            held_above += 1;
        }
        if !no_trump && !is_trump {
            short_sides += match len {
                0 => 2,
                1 => 1,
                _ => 0,
            };
        }
    }
    if !no_trump {
        let spare = (trumps_held - 3).max(0);
        tenths += 8 * short_sides.min(spare);
    }
    let total_card_points: i32 = 100 + if table.jokers { 35 } else { 0 };
    let my_points = card_points(hand.or(gone)) as i32;
    let unseen = (52 + 2 * table.jokers as i32 - hand.or(gone).len() as i32).max(1);
    let others = table.players as i32 - 1;
    // Card points each unseen card carries on average, in tenths of a point.
    let avg = (total_card_points - my_points) * 10 / unseen;
    let per_trick = 50 + others * avg; // tenths of a point
    let mut points = tenths * per_trick / 100 + cashed + loose / 2 + 5;
    if table.players == 4 {
        let left = (120 - tenths).max(0);
        let partner = left * 3 / 10;
        points += partner * (50 + 4 * avg) / 100;
    }
    if widow_to_come {
        points += if table.players == 4 { 15 } else { 10 };
    }
    // Calibrated on seeded self-play (the test `estimate_is_calibrated…`): what the
    // counting above misses on average (more so with two players, where a side's lone
    // opponent is often short of the suits this hand is long in).
    points += if table.players == 4 { 5 } else { 18 };
    Contract {
        tricks: tenths,
        points,
    }
}

/// Who plays: the number of seats and whether the jokers are in play (SH-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    pub players: u8,
    pub jokers: bool,
}

impl Table {
    pub(crate) fn of(view: &ShelemView) -> Table {
        Table {
            players: view.players,
            jokers: view.settings.jokers,
        }
    }
}

/// The best trump choice among `modes` for `hand`, with what it makes.
fn best_contract(
    hand: CardSet,
    modes: &[Trump],
    table: Table,
    widow_to_come: bool,
) -> (Trump, Contract) {
    modes
        .iter()
        .map(|&t| (t, contract(hand, t, table, widow_to_come)))
        .max_by_key(|&(_, c)| c.points)
        .unwrap_or((
            Trump::Suit(Suit::Spades),
            Contract {
                tricks: 0,
                points: 0,
            },
        ))
}

/// The points this seat's side can expect to take as hakem, before the widow: the best
/// contract among the room's trump choices (see [`contract`]). The bot never bids above it.
pub(crate) fn estimate(view: &ShelemView) -> u16 {
    let modes = allowed_modes(view);
    let (_, c) = best_contract(view.hand, &modes, Table::of(view), view.widow.is_none());
    c.points.clamp(0, 400) as u16
}

/// The hakem's plan once the widow is in hand: for each allowed trump choice, discard
/// greedily the card whose loss costs the least (a loose five or ten banks its points,
/// SH-5; voiding a short side suit gains ruffs), and keep the choice that ends best.
/// Returns the trump and the cards to discard, in order.
pub(crate) fn plan_discards(
    hand: CardSet,
    count: u8,
    modes: &[Trump],
    table: Table,
) -> (Trump, Vec<Card>) {
    let mut best: Option<(i32, Trump, Vec<Card>)> = None;
    for &t in modes {
        let mut h = hand;
        let mut banked = 0i32;
        let mut out = Vec::new();
        for _ in 0..count {
            let gone = hand.minus(h);
            let pick = h
                .iter()
                .filter(|c| !c.is_joker() && Some(c.suit()) != t.suit())
                .map(|c| {
                    let after =
                        contract_with_gone(h.minus(c.bit()), gone.or(c.bit()), t, table, false)
                            .points;
                    (after + card_points(c.bit()) as i32, c)
                })
                .max_by_key(|&(v, c)| (v, std::cmp::Reverse(c.index())))
                .or_else(|| h.iter().filter(|c| !c.is_joker()).map(|c| (0, c)).next());
            let Some((_, c)) = pick else { break };
            banked += card_points(c.bit()) as i32;
            h.remove(c);
            out.push(c);
        }
        let value = contract_with_gone(h, hand.minus(h), t, table, false).points + banked;
        if best.as_ref().is_none_or(|(b, _, _)| value > *b) {
            best = Some((value, t, out));
        }
    }
    best.map_or((Trump::Suit(Suit::Spades), Vec::new()), |(_, t, d)| (t, d))
}

/// The highest bid the rule bot makes for `seat` holding `hand` in the auction of `view`
/// (SH-4) when the high bid is `high`: its estimate before the widow ([`estimate`]), 20
/// less over a partner's bid (the side plays one contract, and the partner's bid already
/// counts on this hand's share). The hard bot reads it to weigh sampled deals by the bids
/// and passes the other seats made.
pub(crate) fn bid_limit(
    view: &ShelemView,
    modes: &[Trump],
    seat: Seat,
    hand: CardSet,
    high: Option<(Seat, u16)>,
) -> u16 {
    let (_, c) = best_contract(hand, modes, Table::of(view), true);
    let est = c.points.clamp(0, 400) as u16;
    let partner_holds = high.is_some_and(|(s, _)| s != seat && s.side() == seat.side());
    if partner_holds {
        est.saturating_sub(20)
    } else {
        est
    }
}

/// The trump choices the room of `view` allows (SH-6, HK-4).
pub(crate) fn modes(view: &ShelemView) -> Vec<Trump> {
    allowed_modes(view)
}

impl ShelemBot {
    fn bid(&mut self, view: &ShelemView, legal: &[ShelemAction]) -> ShelemAction {
        let est = estimate(view);
        // Over a partner's bid only with a clearly stronger hand: the side plays one
        // contract, and the partner's bid already counts on this hand's share.
        let partner_holds = view
            .bid
            .is_some_and(|(s, _)| s != view.seat && s.side() == view.seat.side());
        let limit = if partner_holds {
            est.saturating_sub(20)
        } else {
            est
        };
        legal
            .iter()
            .copied()
            .filter(|a| matches!(a, ShelemAction::Bid(b) if *b <= limit))
            .min_by_key(|a| match a {
                ShelemAction::Bid(b) => *b,
                _ => u16::MAX,
            })
            .unwrap_or(ShelemAction::Pass)
    }

    /// The plan for this hand's widow, made once the widow is in hand.
    fn plan(&mut self, view: &ShelemView) -> (Trump, Vec<Card>) {
        if let Some(p) = &self.plan {
            // Still valid while every planned discard not yet made is in hand.
            let done = view.discards.unwrap_or(CardSet::EMPTY);
            if p.1
                .iter()
                .all(|&c| done.contains(c) || view.hand.contains(c))
            {
                return p.clone();
            }
        }
        let hand = view.hand.or(view.discards.unwrap_or(CardSet::EMPTY));
        let count = view.widow.map_or(4, |w| w.len() as u8);
        let p = plan_discards(hand, count, &allowed_modes(view), Table::of(view));
        self.plan = Some(p.clone());
        p
    }

    fn discard(&mut self, view: &ShelemView, legal: &[ShelemAction]) -> ShelemAction {
        let (_, cards) = self.plan(view);
        cards
            .iter()
            .map(|&c| ShelemAction::Discard(c))
            .find(|a| legal.contains(a))
            .unwrap_or(legal[0])
    }

    fn name_trump(&mut self, view: &ShelemView, legal: &[ShelemAction]) -> ShelemAction {
        let (t, _) = self.plan(view);
        let t = ShelemAction::Trump(t);
        if legal.contains(&t) {
            t
        } else {
            legal[0]
        }
    }

    /// Whether `c` beats every unseen card of its suit (a joker always does).
    fn is_master(&self, c: Card, hand: CardSet, trump: Trump) -> bool {
        c.is_joker() || crate::hokm::is_master(c, self.played, hand, trump)
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

    /// A card to give a partner who holds the trick safely: a ten, then a five, then an
    /// ace that would not win a trick of its own later (or late in the hand); otherwise the
    /// least useful card. Never a trump or a joker.
    fn smear(&self, view: &ShelemView, cards: CardSet, trump: Trump) -> Card {
        let late = view.hand.len() <= 3;
        let pts = cards
            .iter()
            .filter(|&c| {
                !c.is_joker() && Some(c.suit()) != trump.suit() && card_points(c.bit()) > 0
            })
            .filter(|&c| c.rank() != Rank::ACE || late || !self.is_master(c, view.hand, trump))
            .max_by_key(|&c| {
                let p = card_points(c.bit()) * 4;
                // Of equal points, the ten before the ace (the ace may win by itself).
                p + if c.rank() == Rank::ACE { 0 } else { 2 }
            });
        pts.unwrap_or_else(|| self.throw(cards, trump))
    }

    /// Whether an opponent still to play this trick might beat `card` (the trick's winner
    /// so far): by a higher unseen card of its suit when following, or by ruffing when known
    /// void while trumps are out.
    fn opponent_may_beat(&self, view: &ShelemView, card: Card, trump: Trump, led: Suit) -> bool {
        let n = view.players;
        let me = view.seat;
        let played = view.trick.len() as u8 + 1; // with this seat's card
        let unseen = CardSet::DECK
            .or(CardSet(3 << 52))
            .minus(self.played)
            .minus(view.hand);
        let trumps_out = match trump.suit() {
            Some(t) => !unseen.and(t.mask().or(CardSet(3 << 52))).is_empty(),
            None => !unseen.minus(CardSet::DECK).is_empty(),
        };
        let is_trump = Some(card.suit()) == trump.suit();
        let jokers_out = !unseen.minus(CardSet::DECK).is_empty();
        let higher = !self.is_master(card, view.hand, trump) || (is_trump && jokers_out);
        (played..n)
            .map(|k| me.after(k - played + 1, n))
            .filter(|o| o.side() != me.side())
            .any(|o| {
                if card.is_joker() {
                    return card == Card::BLACK_JOKER && unseen.contains(Card::RED_JOKER);
                }
                let void = !self.void[o.idx()].and(led.mask()).is_empty();
                match (void, is_trump) {
                    (true, false) => trumps_out,
                    _ => higher,
                }
            })
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
                .any(|o| !self.void[o.idx()].and(s.mask()).is_empty())
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
        let suit = crate::hokm::longest_suit(pool, &mut self.rng);
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
        let partner_safe =
            partner_wins && (last || !self.opponent_may_beat(view, win_card, trump, led));
        let winners: Vec<Card> = legal
            .iter()
            .filter(|&c| power(c, trump, led) > best)
            .collect();
        if partner_safe {
            return self.smear(view, legal, trump);
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
        self.know(view);
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
        if let ShelemEvent::Bid { .. }
        | ShelemEvent::Passed { .. }
        | ShelemEvent::TrumpChosen { .. } = event
        {
            self.plan = None;
        }
        if let Some(b) = &mut self.belief {
            b.observe(event);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duel::Duel;
    use engine::games::shelem::{HandResult, ShelemPhase, ShelemSettings};
    use engine::{Deal, Game, Setup, Status};
    use std::cell::Cell;

    fn set(s: &str) -> CardSet {
        engine::card::parse_cards(s).unwrap().into_iter().collect()
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn modes_all() -> ShelemSettings {
        ShelemSettings {
            sars: true,
            nars: true,
            ace_nars: true,
            ..ShelemSettings::default()
        }
    }

    /// SH-3, SH-6, SH-10: hands with jokers on, played by `ShelemBot`s (4 and 2 players,
    /// every mode allowed, a joker in a player's hand, trump and no-trump modes), are
    /// analysed like any other (`search::analyse_shelem`, a node budget for four players):
    /// the sides' bests add up to the points in play, 200 with four players (the jokers'
    /// 35 counted), the contract agrees, a slip's cards were the player's.
    #[test]
    fn hands_with_jokers_played_by_rule_bots_are_analysed() {
        let mut seen = [[0u32; 2]; 2];
        for seed in 0..80u64 {
            let players = if seed % 2 == 0 { 4 } else { 2 };
            let setup = Setup {
                players,
                settings: ShelemSettings {
                    jokers: true,
                    ..modes_all()
                },
                deal: Deal::seeded(seed),
            };
            let mut g = Shelem::new(&setup).unwrap();
            let mut bots: Vec<ShelemBot> = (0..players as u64)
                .map(|i| ShelemBot::new(seed * 10 + i))
                .collect();
            let (mut legal, mut log) = (Vec::new(), Vec::new());
            let (mut held, mut nt) = (false, false);
            while let Status::Acting(s) = g.status() {
                let seat = s.first().unwrap();
                legal.clear();
                g.legal_actions(seat, &mut legal);
                let v = g.view(seat);
                if v.phase == ShelemPhase::Playing {
                    held |= v.hand.iter().any(|c| c.is_joker());
                    nt = v.trump.is_some_and(|t| t.suit().is_none());
                }
                let a = bots[seat.idx()].choose(&v, &legal);
                let e = g.apply(seat, &a).unwrap();
                for b in &mut bots {
                    b.observe(&e);
                }
                log.push(engine::log::Step::Act { seat, action: a });
            }
            let p4 = (players == 4) as usize;
            if !held || seen[p4][nt as usize] >= 2 {
                continue;
            }
            seen[p4][nt as usize] += 1;
            let mut solver = search::PointsSolver::new(16);
            if players == 4 {
                solver.set_budget(1_000_000);
            }
            let a = search::analyse_shelem(&setup, &log, &mut solver, &mut |_| {})
                .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
            let in_play: u16 = a.taken.iter().sum();
            if players == 4 {
                assert_eq!(in_play, 200, "SH-3 seed {seed}");
            } else {
                assert_eq!(a.from_trick, 1, "seed {seed}");
            }
            assert_eq!(
                a.best.iter().sum::<u16>(),
                in_play,
                "SH-3 seed {seed}: {a:?}"
            );
            let c = a.contract.unwrap();
            assert_eq!(c.could_make, a.best[c.hakem.side()] >= c.bid);
            for s in &a.slips {
                assert!(s.after < s.before, "{s:?}");
                assert!(a.hands[s.seat.idx()].contains(s.played));
                assert!(a.hands[s.seat.idx()].contains(s.better));
            }
        }
        // Both kinds of mode, with four and two players.
        assert!(
            seen.iter().flatten().all(|&k| k >= 1),
            "hands with a joker held: {seen:?}"
        );
    }

    /// Plays `hands` hands with side 0 as `ShelemBot`s and side 1 as random bots; returns
    /// the points scored and the matches won per side.
    fn duel(players: u8, hands: u32, seed: u64) -> ([i64; 2], [u32; 2]) {
        let mut pts = [0i64; 2];
        let mut wins = [0u32; 2];
        let mut smart: Vec<ShelemBot> = (0..4).map(|i| ShelemBot::new(seed + i)).collect();
        let duel = Duel::<Shelem>::new(players, ShelemSettings::default(), seed);
        duel.against_random(hands, &mut smart, |g| {
            let score = g.hand_score().unwrap();
            for (p, s) in pts.iter_mut().zip(score.points) {
                *p += s as i64;
            }
            if g.status() == Status::MatchOver {
                for w in g.outcome().unwrap().winners {
                    wins[w] += 1;
                }
            }
        });
        (pts, wins)
    }

    #[test]
    fn rule_bot_beats_random_play_clearly() {
        for players in [4, 2] {
            let (pts, wins) = duel(players, 300, 11);
            eprintln!("{players} players, rule bots vs random: points {pts:?}, matches {wins:?}");
            assert!(pts[0] > pts[1] + 20 * 300, "rule bots scored {pts:?}");
            assert!(
                wins[0] >= 10 && wins[1] * 5 <= wins[0],
                "matches won {wins:?}"
            );
        }
    }

    /// Plays `hands` hands with a `ShelemBot` in every seat, checking that no bid exceeds
    /// the bidder's estimate; returns each hand's result with the hakem's estimate at its
    /// last bid.
    fn self_play(
        players: u8,
        settings: ShelemSettings,
        hands: u32,
        seed: u64,
    ) -> Vec<(u16, HandResult)> {
        let mut bots: Vec<ShelemBot> = (0..4).map(|i| ShelemBot::new(seed + i)).collect();
        let mut out = Vec::new();
        // Each seat's estimate at its last bid (set while choosing, read at the hand's end).
        let est = Cell::new([0u16; 4]);
        let duel = Duel::<Shelem>::new(players, settings, seed).reseed(1000);
        duel.play(
            hands,
            &mut bots,
            |g, seat, legal, bot| {
                let v = g.view(seat);
                let a = bot.choose(&v, legal);
                if let ShelemAction::Bid(b) = a {
                    let e = estimate(&v);
                    assert!(b <= e, "bid {b} above the estimate {e}");
                    let mut all = est.get();
                    all[seat.idx()] = e;
                    est.set(all);
                }
                a
            },
            |g| {
                let r = g.view(Seat(0)).result.unwrap();
                out.push((est.get()[r.hakem.idx()], r));
            },
        );
        out
    }

    #[test]
    fn rule_sh_4_bids_are_made_and_never_above_the_estimate() {
        // Over many seeded deals of bots against bots: no bid above the bidder's own
        // estimate (checked at every bid), the winning bids are made at least 80% of the
        // time, and the estimate is not above what the hand takes on average (the side
        // takes at least its estimate in more than half the hands).
        for (players, settings, min_made) in [
            (4, ShelemSettings::default(), 80),
            (2, ShelemSettings::default(), 85),
            (4, modes_all(), 80),
            (
                4,
                ShelemSettings {
                    jokers: true,
                    ..modes_all()
                },
                75,
            ),
        ] {
            let r = self_play(players, settings.clone(), 300, 5);
            let n = r.len();
            let made = r.iter().filter(|(_, h)| h.made).count();
            let reached = r
                .iter()
                .filter(|(e, h)| h.taken[h.hakem.side()] >= *e)
                .count();
            let no_trump = r.iter().filter(|(_, h)| h.trump.suit().is_none()).count();
            eprintln!(
                "{players} players {settings:?}: {n} hands, made {made}, took the estimate {reached}, no-trump {no_trump}"
            );
            assert!(made * 100 >= n * min_made, "made {made} of {n}");
            assert!(reached * 2 > n, "took the estimate in {reached} of {n}");
            if settings.sars {
                assert!(no_trump > 0, "never named a no-trump mode");
            } else {
                assert_eq!(no_trump, 0);
            }
        }
    }

    #[test]
    fn estimate_grows_with_the_hand() {
        let t = Table {
            players: 4,
            jokers: false,
        };
        let weak = set("2C 3C 4C 2D 3D 4D 2H 3H 4H 2S 3S 4S");
        let strong = set("AS KS QS JS 10S 9S AH KH AD KD AC 5C");
        let spades = Trump::Suit(Suit::Spades);
        let w = contract(weak, spades, t, true).points;
        let s = contract(strong, spades, t, true).points;
        assert!(s >= 120 && w < 80, "strong {s}, weak {w}");
        // Six sure trumps and four side winners: about ten tricks.
        assert!(contract(strong, spades, t, false).tricks >= 95);
    }

    /// The hakem's plan for a 16-card hand (widow taken) under `settings`.
    fn plan_for(hand: &str, settings: ShelemSettings) -> (Trump, CardSet) {
        let modes: Vec<Trump> = Trump::ALL
            .into_iter()
            .filter(|t| match t {
                Trump::Suit(_) => true,
                Trump::Sars => settings.sars,
                Trump::Nars => settings.nars,
                Trump::AceNars => settings.ace_nars,
            })
            .collect();
        let (t, d) = plan_discards(
            set(hand),
            4,
            &modes,
            Table {
                players: 4,
                jokers: false,
            },
        );
        (t, d.into_iter().collect())
    }

    #[test]
    fn rule_sh_6_names_a_no_trump_mode_when_allowed_and_the_hand_suits_it() {
        // Aces and kings everywhere, no long suit: Sars when allowed, else a suit.
        let aces = "AS KS QS 2S AH KH QH 3H AD KD QD 4D AC KC 5C 6C";
        assert_eq!(plan_for(aces, modes_all()).0, Trump::Sars);
        assert!(plan_for(aces, ShelemSettings::default()).0.suit().is_some());
        // Twos and threes everywhere: Nars (2 high).
        let low = "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 6C 7D 8H 9S";
        assert_eq!(plan_for(low, modes_all()).0, Trump::Nars);
        // Aces and twos: Ace-Nars (A, then 2 > 3 > …).
        let ace_low = "AS 2S 3S AH 2H 3H AD 2D 3D AC 2C 3C 4C 4D 9H 9S";
        assert_eq!(plan_for(ace_low, modes_all()).0, Trump::AceNars);
        // A long strong suit: that suit, even with the modes allowed.
        let long = "AS KS QS JS 10S 9S 8S 7S AH 2H 3D 4D 5C 6C 7C 8C";
        assert_eq!(plan_for(long, modes_all()).0, Trump::Suit(Suit::Spades));
    }

    #[test]
    fn rule_sh_5_discards_keep_trumps_and_aces_and_bank_loose_points() {
        // Spades trump. Side suits: A♥ and a loose 10♥ 4♥, a short club pair, diamonds.
        let hand = "AS KS QS JS 9S 8S 7S AH 10H 4H 2C 3C AD 6D 7D 8D";
        let (t, d) = plan_for(hand, ShelemSettings::default());
        assert_eq!(t, Trump::Suit(Suit::Spades));
        assert!(
            d.of_suit(Suit::Spades).is_empty(),
            "discarded a trump: {d:?}"
        );
        assert!(!d.contains(card("AH")) && !d.contains(card("AD")), "{d:?}");
        // The loose ten is banked (SH-5: the discards count for the hakem) and the clubs
        // go whole, leaving a void to ruff.
        assert!(d.contains(card("10H")), "{d:?}");
        assert!(d.contains(card("2C")) && d.contains(card("3C")), "{d:?}");
    }

    #[test]
    fn the_discards_and_the_trump_named_follow_one_plan() {
        let mut g = Shelem::new(&Setup {
            players: 4,
            settings: modes_all(),
            deal: Deal::seeded(21),
        })
        .unwrap();
        let mut bots: Vec<ShelemBot> = (0..4).map(ShelemBot::new).collect();
        let mut legal = Vec::new();
        let mut planned = None;
        while let Status::Acting(s) = g.status() {
            let seat = s.first().unwrap();
            legal.clear();
            g.legal_actions(seat, &mut legal);
            let v = g.view(seat);
            if v.phase == ShelemPhase::Discarding && planned.is_none() {
                let hand = v.hand;
                planned = Some(plan_discards(
                    hand,
                    v.widow.unwrap().len() as u8,
                    &allowed_modes(&v),
                    Table::of(&v),
                ));
            }
            let a = bots[seat.idx()].choose(&v, &legal);
            match (a, &planned) {
                (ShelemAction::Discard(c), Some((_, d))) => assert!(d.contains(&c)),
                (ShelemAction::Trump(t), Some((p, _))) => {
                    assert_eq!(t, *p);
                    return;
                }
                _ => {}
            }
            let e = g.apply(seat, &a).unwrap();
            for b in &mut bots {
                b.observe(&e);
            }
        }
        panic!("no trump was named");
    }

    /// Seat 0's view in play at four players, spades trump, the trick so far `trick`.
    fn play_view(hand: &str, trick: &[(u8, &str)]) -> ShelemView {
        let hand = set(hand);
        ShelemView {
            seat: Seat(0),
            players: 4,
            settings: ShelemSettings::default(),
            phase: ShelemPhase::Playing,
            turn: Some(Seat(0)),
            dealer: Seat(3),
            bid: Some((Seat(1), 120)),
            bids: [None, Some(120), None, None],
            passed: [true, false, true, true],
            bid_range: None,
            hakem: Some(Seat(1)),
            hand,
            hand_counts: [hand.len() as u8; 4],
            widow: None,
            discards: None,
            discard_count: 4,
            trump: Some(Trump::Suit(Suit::Spades)),
            leader: trick.first().map_or(Seat(0), |&(s, _)| Seat(s)),
            led: trick.first().map(|&(_, c)| card(c).suit()),
            trick: trick.iter().map(|&(s, c)| (Seat(s), card(c))).collect(),
            last_trick: None,
            tricks: [3, 3],
            points: [40, 40],
            score: [0, 0],
            hand_number: 1,
            result: None,
            winner: None,
        }
    }

    /// What a bot that saw `played` (and the trick) plays among `legal`.
    fn plays(view: &ShelemView, played: &str, legal: &str) -> Card {
        let mut bot = ShelemBot::new(1);
        bot.belief = Some(ShelemBelief::seen(view, set(played)));
        let legal: Vec<ShelemAction> = set(legal).iter().map(ShelemAction::Play).collect();
        match bot.choose(view, &legal) {
            ShelemAction::Play(c) => c,
            a => panic!("played {a:?}"),
        }
    }

    #[test]
    fn feeds_points_to_a_partner_who_holds_the_trick() {
        // Partner (seat 2) won with A♥, the last opponent (seat 1) already played; seat 0
        // is void in hearts and last: the 10♦ goes to the partner, not the K♣ or the A♦.
        let v = play_view("10D AD KC 3C", &[(2, "AH"), (3, "4H"), (1, "6H")]);
        assert_eq!(plays(&v, "", "10D AD KC 3C"), card("10D"));
        // Following suit: the 10♥ rather than the 3♥.
        let v = play_view("10H 3H KC", &[(2, "AH"), (3, "4H"), (1, "6H")]);
        assert_eq!(plays(&v, "", "10H 3H"), card("10H"));
    }

    #[test]
    fn does_not_feed_a_partner_an_opponent_can_still_beat() {
        // Partner (seat 2) leads K♥ with A♥ unseen; seat 1 plays after seat 0 and may
        // hold it: no points on the trick from seat 0, which throws its low club.
        let v = play_view("10D 3C KC", &[(2, "KH")]);
        assert_eq!(plays(&v, "", "10D 3C KC"), card("3C"));
    }

    #[test]
    fn keeps_points_off_a_trick_the_opponents_win() {
        // Seat 1 (opponent) wins with A♦, seat 0 follows last with 10♦ or 2♦: the 2♦.
        let v = play_view("10D 2D 5C", &[(1, "AD"), (2, "3D"), (3, "4D")]);
        assert_eq!(plays(&v, "", "10D 2D"), card("2D"));
    }

    #[test]
    fn same_seed_same_choices() {
        // C-4: a bot's choices are fixed by its seed (and what it saw).
        assert_eq!(duel(4, 12, 3), duel(4, 12, 3));
    }
}
