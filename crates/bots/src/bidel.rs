//! A rule-based Bidel (Hearts) player: it passes a planned three (dangerous high spades,
//! high hearts, or a short suit to void), ducks (plays the highest card that still loses
//! the trick), dumps Q♠ and high hearts when void without taking the trick, leads low from
//! suits where others hold higher cards, remembers the cards played, names a short low
//! trump suit as hakem in trump mode (BD-10), and stops a moon shot: it keeps a high heart
//! while one opponent has every point, and late in the hand takes a point trick itself.

use crate::belief::{Belief, BidelBelief};
use crate::Bot;
use engine::games::bidel::{Bidel, BidelAction, BidelEvent, BidelTrump, BidelView};
use engine::{Card, CardSet, Rank, Rng, Suit};

const QS: Card = Card::new(Suit::Spades, Rank::QUEEN);
const TWO_CLUBS: Card = Card::new(Suit::Clubs, Rank::TWO);

/// The rule-based Bidel bot.
#[derive(Clone, Debug)]
pub struct BidelBot {
    rng: Rng,
    /// What the seat knows beyond its view (the cards played this hand): built at its
    /// first decision, then kept by the events.
    belief: Option<BidelBelief>,
    /// Cards seen played this hand (completed tricks and the current one), as the belief
    /// knows them at the decision in progress.
    played: CardSet,
    /// For [`BidelBot::could_play`]: the card that wins the random tie-break between
    /// equally good leads.
    prefer: Option<Card>,
}

impl BidelBot {
    /// A bot whose tie-breaks are fixed by `seed`.
    pub fn new(seed: u64) -> BidelBot {
        BidelBot {
            rng: Rng::new(seed),
            belief: None,
            played: CardSet::EMPTY,
            prefer: None,
        }
    }

    /// A bot that starts with `belief` (a belief of its seat that saw the hand from its
    /// start), for a rollout from the middle of a hand.
    pub fn with_belief(seed: u64, belief: BidelBelief) -> BidelBot {
        BidelBot {
            belief: Some(belief),
            ..BidelBot::new(seed)
        }
    }

    /// Whether this bot, knowing `belief` (its seat's), could play `card` in `view` among
    /// `legal`: its choice, where a random tie-break between equally good leads goes to
    /// `card`.
    pub fn could_play(
        belief: BidelBelief,
        view: &BidelView,
        legal: &[BidelAction],
        card: Card,
    ) -> bool {
        let mut bot = BidelBot {
            prefer: Some(card),
            ..BidelBot::with_belief(0, belief)
        };
        bot.choose(view, legal) == BidelAction::Play(card)
    }

    /// The cards played this hand: the belief's, or (a belief that missed the start of
    /// this hand) those of the trick in progress.
    fn played(&mut self, view: &BidelView) -> CardSet {
        let belief = self.belief.get_or_insert_with(|| BidelBelief::new(view));
        if let Ok(f) = belief.facts(view) {
            return f.log.played;
        }
        *belief = BidelBelief::new(view);
        match belief.facts(view) {
            Ok(f) => f.log.played,
            Err(_) => view.trick.iter().map(|&(_, c)| c).collect(),
        }
    }
}

fn rank(c: Card) -> i32 {
    c.rank().index() as i32
}

/// The cards that cost points in this room (BD-7, BD-9).
fn point_cards(view: &BidelView) -> CardSet {
    let mut s = Suit::Hearts.mask().or(QS.bit());
    if view.settings.forty_point_mode {
        s.insert(Card::new(Suit::Spades, Rank::KING));
        s.insert(Card::new(Suit::Spades, Rank::ACE));
    }
    s
}

/// The points in `cards` (BD-7, BD-9) in this room.
pub(crate) fn points_in(view: &BidelView, cards: CardSet) -> u32 {
    let p = point_cards(view).and(cards);
    p.and(Suit::Hearts.mask()).len()
        + if p.contains(QS) { 13 } else { 0 }
        + p.minus(Suit::Hearts.mask()).minus(QS.bit()).len() * 7
}

impl BidelBot {
    /// Cards nobody has played and this seat does not hold.
    fn unseen(&self, view: &BidelView) -> CardSet {
        let mut s = CardSet::DECK.minus(self.played).minus(view.hand);
        if view.players == 3 {
            s.remove(Card::new(Suit::Diamonds, Rank::TWO));
        }
        s
    }

    /// How dangerous a card is to keep, for passing (higher passes first), in the full
    /// hand `hand` (picked cards included).
    fn pass_danger(view: &BidelView, hand: CardSet, c: Card) -> i32 {
        let spades = hand.of_suit(Suit::Spades);
        let low_spades = spades.iter().filter(|s| s.rank() < Rank::QUEEN).count() as i32;
        let suit_len = hand.of_suit(c.suit()).len() as i32;
        let trump = view.trump.and_then(BidelTrump::suit);
        match c.suit() {
            Suit::Spades if c.rank() >= Rank::QUEEN => {
                // Q♠ (and K♠/A♠, which draw it, or cost 7 themselves in 40-point mode,
                // BD-9) are safe only behind many low spades.
                let guard = if view.settings.forty_point_mode && c != QS {
                    5
                } else {
                    4
                };
                if low_spades >= guard {
                    rank(c)
                } else {
                    40 + rank(c)
                }
            }
            Suit::Hearts => 8 + rank(c) * 2 - suit_len,
            // BD-10: high trumps win tricks whatever is led.
            s if Some(s) == trump => 6 + rank(c) * 2 - suit_len,
            _ => rank(c) * 2 - suit_len * 2 + if c == TWO_CLUBS { -20 } else { 0 },
        }
    }

    /// The three cards to pass (BD-2), chosen from the whole hand so that the three
    /// single picks agree: the most dangerous cards, or a short side suit passed whole
    /// (with the most dangerous others) when voiding it is worth more.
    fn pass_plan(view: &BidelView) -> Vec<Card> {
        const VOID_BONUS: i32 = 6;
        let hand = view.hand.or(view.picked);
        let danger = |c: Card| Self::pass_danger(view, hand, c);
        let top = |from: CardSet, k: usize| -> Vec<Card> {
            let mut v: Vec<Card> = from.iter().collect();
            v.sort_by_key(|&c| (std::cmp::Reverse(danger(c)), c.index()));
            v.truncate(k);
            v
        };
        let mut best = top(hand, 3);
        let mut best_score: i32 = best.iter().map(|&c| danger(c)).sum();
        for suit in [Suit::Clubs, Suit::Diamonds] {
            let cards = hand.of_suit(suit);
            let len = cards.len() as usize;
            if len == 0 || len > 3 {
                continue;
            }
            // Never void spades by passing low spades that guard a kept Q♠.
            if suit == Suit::Spades && !cards.contains(QS) && hand.contains(QS) {
                continue;
            }
            let mut plan: Vec<Card> = cards.iter().collect();
            plan.extend(top(hand.minus(cards), 3 - len));
            let score = plan.iter().map(|&c| danger(c)).sum::<i32>() + VOID_BONUS;
            if score > best_score {
                best_score = score;
                best = plan;
            }
        }
        best
    }

    /// BD-10, as hakem: a trump suit this hand can never be forced to win with — at most
    /// two cards, all below 8 — the shortest and lowest such; else no trump. The others'
    /// trumps then take tricks (and points) they would rather not.
    fn choose_trump(view: &BidelView) -> BidelTrump {
        let hand = view.hand.or(view.picked);
        Suit::ALL
            .into_iter()
            .filter(|&s| {
                let mine = hand.of_suit(s);
                mine.len() <= 2 && mine.iter().all(|c| c.rank() < Rank::EIGHT)
            })
            .min_by_key(|&s| {
                let mine = hand.of_suit(s);
                (mine.len(), mine.iter().map(rank).sum::<i32>(), s as u8)
            })
            .map_or(BidelTrump::NoTrump, BidelTrump::Suit)
    }

    /// The winning card of the trick so far, by the hand's trump and the led suit.
    fn current_best(view: &BidelView) -> Option<(engine::Seat, Card)> {
        let led = view.trick.first()?.1.suit();
        let trump = view.trump.and_then(BidelTrump::suit);
        view.trick.iter().copied().max_by_key(|&(_, c)| {
            let tier = if Some(c.suit()) == trump {
                2
            } else if c.suit() == led {
                1
            } else {
                0
            };
            tier * 16 + rank(c)
        })
    }

    fn beats(view: &BidelView, c: Card, best: Card) -> bool {
        // `best` is the current winner: of the led suit, or a trump.
        let trump = view.trump.and_then(BidelTrump::suit);
        if c.suit() == best.suit() {
            return c.rank() > best.rank();
        }
        Some(c.suit()) == trump
    }

    /// The opponent who has taken every point so far, if any points are out.
    fn sole_taker(view: &BidelView) -> Option<usize> {
        let total: u32 = view.points.iter().map(|&p| p as u32).sum();
        if total == 0 {
            return None;
        }
        let me = view.seat.idx();
        (0..view.points.len()).find(|&s| s != me && view.points[s] as u32 == total)
    }

    /// An opponent who has taken every point so far, with enough of them (a quarter of
    /// the hand's) that a moon shot may be coming: time to keep a high heart to stop it.
    fn moon_watch(&self, view: &BidelView) -> Option<usize> {
        let total: u32 = view.points.iter().map(|&p| p as u32).sum();
        let hand_points = if view.settings.forty_point_mode {
            40
        } else {
            26
        };
        if total * 4 < hand_points {
            return None;
        }
        Self::sole_taker(view)
    }

    /// An opponent who has taken every point so far, once the hand is far enough along
    /// (a third of the hand's points out, or seven tricks played with some) that a moon
    /// shot (BD-7) is a threat.
    fn moon_threat(&self, view: &BidelView) -> Option<usize> {
        let total: u32 = view.points.iter().map(|&p| p as u32).sum();
        let hand_points = if view.settings.forty_point_mode {
            40
        } else {
            26
        };
        let tricks: u32 = view.tricks.iter().map(|&t| t as u32).sum();
        if total * 3 < hand_points && !(tricks >= 7 && total >= 3) {
            return None;
        }
        Self::sole_taker(view)
    }

    fn lead(&mut self, view: &BidelView, legal: CardSet) -> Card {
        let unseen = self.unseen(view);
        let points = point_cards(view);
        let qs_out = unseen.contains(QS);
        let threat = self.moon_threat(view).is_some();
        let trump = view.trump.and_then(BidelTrump::suit);
        if threat {
            // Stop the moon: lead a heart nobody can beat, so the trick and its hearts are
            // this seat's.
            let hearts_out = unseen.of_suit(Suit::Hearts);
            if let Some(h) = legal.of_suit(Suit::Hearts).last() {
                let beaten = hearts_out.iter().any(|o| o.rank() > h.rank())
                    || trump.is_some_and(|t| t != Suit::Hearts && !unseen.of_suit(t).is_empty());
                if !beaten && !hearts_out.is_empty() {
                    return h;
                }
            }
        }
        let mut best: Option<(i32, Card)> = None;
        for c in legal {
            let higher_out = unseen
                .of_suit(c.suit())
                .iter()
                .filter(|o| o.rank() > c.rank())
                .count() as i32;
            let lower_out = unseen.of_suit(c.suit()).len() as i32 - higher_out;
            // Lower is better: a card others can beat, low in its suit.
            let mut score = rank(c) - higher_out * 3 + lower_out;
            if higher_out == 0 && !unseen.of_suit(c.suit()).is_empty() {
                score += 30; // would win the trick
            }
            if points.contains(c) {
                score += if threat { -10 } else { 15 };
            }
            if c.suit() == Suit::Spades && c.rank() >= Rank::QUEEN && qs_out {
                score += 40; // leading K♠/A♠ invites Q♠
            }
            if c.suit() == Suit::Spades
                && c.rank() < Rank::QUEEN
                && qs_out
                && !view.hand.contains(QS)
            {
                score -= 4; // flush Q♠ out
            }
            let tie = match self.prefer {
                Some(p) => (c != p) as i32,
                None => self.rng.below(4) as i32,
            };
            let key = score * 4 + tie;
            if best.is_none_or(|(b, _)| key < b) {
                best = Some((key, c));
            }
        }
        best.map_or_else(|| legal.first().unwrap_or(TWO_CLUBS), |(_, c)| c)
    }

    fn follow(&mut self, view: &BidelView, legal: CardSet) -> Card {
        let Some((win_seat, win_card)) = Self::current_best(view) else {
            return self.lead(view, legal);
        };
        let led = view.trick[0].1.suit();
        let points = point_cards(view);
        let last = view.trick.len() + 1 == view.players as usize;
        let trick_cards: CardSet = view.trick.iter().map(|&(_, c)| c).collect();
        let trick_points = points_in(view, trick_cards);
        let threat = self.moon_threat(view);
        let following = !legal.of_suit(led).is_empty();

        // Moon defence: take a trick with points away from the shooter.
        if let Some(t) = threat {
            if win_seat.idx() == t {
                let winners: CardSet = legal
                    .iter()
                    .filter(|&c| Self::beats(view, c, win_card))
                    .collect();
                if trick_points > 0 || !last {
                    if let Some(c) = winners.iter().filter(|&c| c != QS).min_by_key(|&c| rank(c)) {
                        return c;
                    }
                }
                if !following {
                    // Do not feed the shooter points.
                    let safe = legal.minus(points);
                    if let Some(c) = safe.iter().max_by_key(|&c| rank(c)) {
                        return c;
                    }
                }
            }
        }

        if following {
            let suit = legal.of_suit(led);
            let losers: CardSet = suit
                .iter()
                .filter(|&c| !Self::beats(view, c, win_card))
                .collect();
            if let Some(c) = losers.last() {
                return c; // duck with the highest losing card
            }
            // Every card wins: if last, take it with the highest (but keep Q♠ if possible).
            let no_q = suit.minus(QS.bit());
            if last {
                return no_q.last().or(suit.last()).unwrap_or(win_card);
            }
            // Not last: the lowest winner leaves the most room for others to overtake,
            // unless the trick is spades and Q♠ is still out (then stay low too).
            return no_q.first().or(suit.first()).unwrap_or(win_card);
        }

        // Void in the led suit: dump the most dangerous card that does not take the trick
        // (a trump would, BD-10), keeping the highest heart while one opponent holds every
        // point so far: it may be needed to stop a moon shot.
        let unseen = self.unseen(view);
        let keep_heart = self
            .moon_watch(view)
            .and_then(|_| legal.of_suit(Suit::Hearts).last())
            .filter(|_| legal.len() > 1);
        let mut best: Option<(i32, Card)> = None;
        for c in legal {
            let mut score = rank(c);
            if Self::beats(view, c, win_card) && (!last || trick_points > 0) {
                score -= 200 + 4 * points_in(view, c.bit()) as i32;
            }
            if Some(c) == keep_heart {
                score -= 80;
            }
            if c == QS {
                score += 100;
            } else if c.suit() == Suit::Spades && c.rank() > Rank::QUEEN && unseen.contains(QS) {
                score += 60;
            } else if points.contains(c) {
                score += 30
                    + if c.suit() == Suit::Hearts {
                        rank(c)
                    } else {
                        20
                    };
            }
            // Shorter suits first, to make more voids.
            score -= legal.of_suit(c.suit()).len() as i32;
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, c));
            }
        }
        best.map_or(win_card, |(_, c)| c)
    }
}

impl Bot<Bidel> for BidelBot {
    fn choose(&mut self, view: &BidelView, legal: &[BidelAction]) -> BidelAction {
        self.played = self.played(view);
        let mut cards = CardSet::EMPTY;
        let mut passing = false;
        for a in legal {
            match *a {
                BidelAction::Play(c) => cards.insert(c),
                BidelAction::Pass(c) => {
                    passing = true;
                    cards.insert(c)
                }
                BidelAction::Trump(_) => {
                    let t = BidelAction::Trump(Self::choose_trump(view));
                    return if legal.contains(&t) { t } else { legal[0] };
                }
            }
        }
        if cards.is_empty() {
            return legal[0];
        }
        if passing {
            let c = Self::pass_plan(view)
                .into_iter()
                .find(|&c| cards.contains(c))
                .or(cards.first())
                .unwrap_or(TWO_CLUBS);
            return BidelAction::Pass(c);
        }
        let c = if view.trick.is_empty() {
            self.lead(view, cards)
        } else {
            self.follow(view, cards)
        };
        BidelAction::Play(c)
    }

    fn observe(&mut self, event: &BidelEvent) {
        if let Some(b) = &mut self.belief {
            b.observe(event);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duel::Duel;
    use engine::games::bidel::{BidelPhase, BidelSettings, PassDirection};
    use engine::{Game, Seat, SeatSet};

    /// Plays `hands` hands with seats 0 and 2 as `BidelBot`s and the others random;
    /// returns the points taken by each seat.
    fn duel(hands: u32, players: u8, seed: u64) -> Vec<i64> {
        let mut pts = vec![0i64; players as usize];
        let mut smart: Vec<BidelBot> = (0..players as u64)
            .map(|i| BidelBot::new(seed + i))
            .collect();
        let duel = Duel::<Bidel>::new(players, BidelSettings::default(), seed);
        duel.against_random(hands, &mut smart, |g| {
            for (t, p) in pts.iter_mut().zip(g.hand_score().unwrap().points) {
                *t += p as i64;
            }
        });
        pts
    }

    fn set(s: &str) -> CardSet {
        engine::card::parse_cards(s).unwrap().into_iter().collect()
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// Seat 0's view in play at a four-player table, hand `hand`, the trick so far
    /// `trick` (seat, card) led by its first seat, `points` taken per seat.
    fn play_view(hand: &str, trick: &[(u8, &str)], points: [u8; 4]) -> BidelView {
        BidelView {
            seat: Seat(0),
            players: 4,
            settings: BidelSettings::default(),
            phase: BidelPhase::Playing,
            to_act: SeatSet::only(Seat(0)),
            dealer: Seat(3),
            hand_number: 4,
            pass_direction: PassDirection::None,
            hakem: None,
            trump: None,
            hand: set(hand),
            picked: CardSet::EMPTY,
            passed: CardSet::EMPTY,
            received: CardSet::EMPTY,
            hand_counts: vec![set(hand).len() as u8; 4],
            pick_counts: vec![0; 4],
            leader: trick.first().map_or(Seat(0), |&(s, _)| Seat(s)),
            trick: trick.iter().map(|&(s, c)| (Seat(s), card(c))).collect(),
            last_trick: None,
            hearts_broken: points.iter().any(|&p| p > 0),
            points: points.to_vec(),
            tricks: vec![2, 2, 2, 2],
            totals: vec![0; 4],
            result: None,
            winner: None,
        }
    }

    /// What a bot that saw `played` played chooses among `hand`'s legal cards.
    fn plays(view: &BidelView, played: &str) -> Card {
        let mut bot = BidelBot::new(1);
        bot.belief = Some(BidelBelief::seen(view, set(played)));
        let legal = crate::bidel::tests::legal_plays(view);
        match bot.choose(view, &legal) {
            BidelAction::Play(c) => c,
            a => panic!("played {a:?}"),
        }
    }

    /// The cards the view's seat may play (BD-5, BD-6; the positions here are past the
    /// first trick).
    fn legal_plays(view: &BidelView) -> Vec<BidelAction> {
        let hand = view.hand;
        let cards = match view.trick.first() {
            Some(&(_, lead)) if !hand.of_suit(lead.suit()).is_empty() => hand.of_suit(lead.suit()),
            Some(_) => hand,
            None if !view.hearts_broken && !hand.minus(Suit::Hearts.mask()).is_empty() => {
                hand.minus(Suit::Hearts.mask())
            }
            None => hand,
        };
        cards.iter().map(BidelAction::Play).collect()
    }

    /// The three cards a bot passes from `hand` (three single picks, BD-2).
    fn passes(hand: &str, settings: BidelSettings, trump: Option<BidelTrump>) -> CardSet {
        let mut v = play_view(hand, &[], [0; 4]);
        v.settings = settings;
        v.trump = trump;
        v.phase = BidelPhase::Passing;
        v.pass_direction = PassDirection::Left;
        let mut bot = BidelBot::new(3);
        for _ in 0..3 {
            let legal: Vec<BidelAction> = v.hand.iter().map(BidelAction::Pass).collect();
            let BidelAction::Pass(c) = bot.choose(&v, &legal) else {
                panic!("not a pass");
            };
            v.hand.remove(c);
            v.picked.insert(c);
        }
        v.picked
    }

    #[test]
    fn passes_unguarded_high_spades_and_high_hearts() {
        // BD-2: Q♠ with only two low spades goes, with A♠; then the highest heart.
        let p = passes(
            "QS AS 3S 5S AH 4H 2H 9C 10C JC 6D 7D 8D",
            BidelSettings::default(),
            None,
        );
        assert_eq!(p, set("QS AS AH"), "{p:?}");
        // Behind four low spades Q♠ is safe: the high hearts go instead.
        let p = passes(
            "QS 2S 3S 4S 5S AH KH 2H 9C 10C 6D 7D 8D",
            BidelSettings::default(),
            None,
        );
        assert!(!p.contains(card("QS")), "{p:?}");
        assert!(p.contains(card("AH")) && p.contains(card("KH")), "{p:?}");
    }

    #[test]
    fn passes_a_short_side_suit_whole_to_void_it() {
        // Nothing dangerous but the A♥; a doubleton of diamonds goes with it, leaving a
        // void (to dump Q♠ or hearts on diamond leads).
        let p = passes(
            "2S 3S 4S 5S 6S AH 2H 3H 2C 3C 4C 9D 10D",
            BidelSettings::default(),
            None,
        );
        assert_eq!(p, set("AH 9D 10D"), "{p:?}");
    }

    #[test]
    fn rule_bd_9_passes_king_and_ace_of_spades_in_forty_point_mode() {
        let forty = BidelSettings {
            forty_point_mode: true,
            ..BidelSettings::default()
        };
        let p = passes("KS AS 2S 3S 4S 5S 2H 3H 9C 10C 6D 7D 8D", forty, None);
        assert!(p.contains(card("KS")) && p.contains(card("AS")), "{p:?}");
    }

    #[test]
    fn rule_bd_10_names_a_short_low_trump_suit_or_no_trump() {
        let mut v = play_view("2D 3D AS KS QS JS 10S AH KH QH AC KC QC", &[], [0; 4]);
        v.settings.trump_mode = true;
        v.phase = BidelPhase::ChoosingTrump;
        v.hakem = Some(Seat(0));
        let legal: Vec<BidelAction> = BidelTrump::ALL.map(BidelAction::Trump).to_vec();
        let mut bot = BidelBot::new(1);
        assert_eq!(
            bot.choose(&v, &legal),
            BidelAction::Trump(BidelTrump::Suit(Suit::Diamonds))
        );
        // Every suit long or high: no trump.
        v.hand = set("2D 3D QD AS KS QS JS 10S AH KH QH AC KC");
        assert_eq!(
            bot.choose(&v, &legal),
            BidelAction::Trump(BidelTrump::NoTrump)
        );
    }

    #[test]
    fn ducks_with_the_highest_losing_card() {
        // Seat 3 led K♦; seat 0 holds A♦ Q♦ 9♦ 2♦ and plays Q♦, the highest that loses.
        let v = play_view("AD QD 9D 2D 3C", &[(3, "KD")], [0; 4]);
        assert_eq!(plays(&v, ""), card("QD"));
    }

    #[test]
    fn dumps_the_queen_of_spades_then_high_hearts_when_void() {
        let v = play_view("QS AH 2H 3C", &[(3, "KD")], [0; 4]);
        assert_eq!(plays(&v, ""), card("QS"));
        let v = play_view("2S AH 2H 3C", &[(3, "KD")], [0; 4]);
        assert_eq!(plays(&v, ""), card("AH"));
    }

    #[test]
    fn rule_bd_10_does_not_take_a_trick_by_dumping_a_trump() {
        // Spades are trump: Q♠ dumped on a diamond lead would win it with 13 points.
        let mut v = play_view("QS 9H 3C", &[(3, "KD"), (1, "2D")], [0; 4]);
        v.trump = Some(BidelTrump::Suit(Suit::Spades));
        assert_eq!(plays(&v, ""), card("9H"));
    }

    #[test]
    fn stops_a_moon_shot_by_taking_a_point_trick() {
        // Seat 1 has every point so far (16, eight tricks played); seat 3 led 10♥ and
        // seat 1's Q♥ holds the trick: seat 0 takes it with K♥ (BD-7).
        let v = play_view("KH 2H 4C", &[(3, "10H"), (1, "QH")], [0, 16, 0, 0]);
        assert_eq!(plays(&v, "AH"), card("KH"));
        // Without the threat it ducks.
        let v = play_view("KH 2H 4C", &[(3, "10H"), (1, "QH")], [0, 3, 0, 2]);
        assert_eq!(plays(&v, "AH"), card("2H"));
    }

    #[test]
    fn leads_a_master_heart_against_a_moon_shot() {
        // Seat 1 holds all 20 points so far; A♥ was played, so K♥ wins a heart trick.
        let v = play_view("KH 3H 4C 5D", &[], [0, 20, 0, 0]);
        assert_eq!(plays(&v, "AH QS"), card("KH"));
    }

    #[test]
    fn keeps_its_highest_heart_when_one_opponent_has_every_point() {
        // Void in diamonds; seat 1 has all 8 points so far: dump the J♥, keep the A♥.
        let v = play_view("AH JH 3S", &[(3, "KD")], [0, 8, 0, 0]);
        assert_eq!(plays(&v, ""), card("JH"));
        // Without that, the A♥ goes first.
        let v = play_view("AH JH 3S", &[(3, "KD")], [0, 4, 4, 0]);
        assert_eq!(plays(&v, ""), card("AH"));
    }

    #[test]
    fn same_seed_same_choices() {
        // C-4: a bot's choices are fixed by its seed (and what it saw).
        let a = duel(30, 4, 5);
        let b = duel(30, 4, 5);
        assert_eq!(a, b);
    }

    #[test]
    fn rule_bot_takes_clearly_fewer_points_than_random_play() {
        let p = duel(400, 4, 7);
        eprintln!("points per seat (0 and 2 rule bots): {p:?}");
        let smart = (p[0] + p[2]) as f64 / 2.0;
        let random = (p[1] + p[3]) as f64 / 2.0;
        assert!(smart * 2.0 < random, "{p:?}");
        let p = duel(300, 3, 9);
        eprintln!("three players (0 and 2 rule bots): {p:?}");
        assert!((p[0] + p[2]) as f64 / 2.0 * 1.5 < p[1] as f64, "{p:?}");
    }
}
