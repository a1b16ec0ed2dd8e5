//! A rule-based Pasur (Chahar Barg) player. It weighs each legal play by what it takes
//! (a sur above all, then 10♦, 2♣, jacks, aces, and clubs while the clubs majority is
//! open) against what it leaves the next player, an opponent: for every card it has not
//! seen, the best capture that card would make on the table left behind (a sur counts
//! heavily), weighted by the chance that the opponent holds it. On an empty table it lays
//! a jack if it has one, since only a jack can take a jack and that is never a sur (PA-7).
//! It remembers the cards captured this round from the public events.

use crate::Bot;
use engine::games::pasur::{capture_options_into, Pasur, PasurAction, PasurEvent, PasurView};
use engine::{Card, CardSet, Rank, Rng, Suit};

const TEN_DIAMONDS: Card = Card::new(Suit::Diamonds, Rank::TEN);
const TWO_CLUBS: Card = Card::new(Suit::Clubs, Rank::TWO);
/// A sur in tenths of a point (PA-7: 5 points).
const SUR: i32 = 50;
/// Spending a jack that could sweep later, in tenths of a point.
const JACK_USE: i32 = 8;

/// The rule-based Pasur bot.
#[derive(Clone, Debug)]
pub struct PasurBot {
    rng: Rng,
    /// Cards captured this round (seen in the events), out of play until the next round.
    gone: CardSet,
    /// Reused buffer for capture options.
    options: Vec<CardSet>,
}

impl PasurBot {
    /// A bot whose tie-breaks are fixed by `seed`.
    pub fn new(seed: u64) -> PasurBot {
        PasurBot {
            rng: Rng::new(seed),
            gone: CardSet::EMPTY,
            options: Vec::new(),
        }
    }
}

/// What a card is worth to the side that captures it, in tenths of a point (PA-10).
fn worth(view: &PasurView, c: Card) -> i32 {
    let clubs_open = view.sides.iter().all(|s| s.clubs < 7);
    let mut w = match c.rank() {
        Rank::JACK | Rank::ACE => 10,
        _ => 0,
    };
    if c == TEN_DIAMONDS {
        w += 30;
    }
    if c == TWO_CLUBS {
        w += 20;
    }
    if c.suit() == Suit::Clubs && clubs_open {
        // Seven clubs score 7: each club is worth about one point while the majority
        // is open.
        w += 9;
    }
    w
}

fn worth_of(view: &PasurView, cards: CardSet) -> i32 {
    cards.iter().map(|c| worth(view, c)).sum()
}

/// Whether `card` capturing `take` and leaving an empty table scores a sur (PA-7, PA-8).
fn makes_sur(view: &PasurView, card: Card, take: CardSet, table: CardSet, last_card: bool) -> bool {
    if take.is_empty() || take != table {
        return false;
    }
    let s = &view.settings;
    if s.no_sur_on_last_card && last_card {
        return false;
    }
    card.rank() != Rank::JACK
        || (s.jack_sur
            && take
                .iter()
                .any(|c| c.rank() < Rank::JACK || c.rank() == Rank::ACE))
}

impl PasurBot {
    /// Cards this seat has not seen: in other hands or the stock.
    fn unseen(&self, view: &PasurView) -> CardSet {
        CardSet::DECK
            .minus(self.gone)
            .minus(view.hand)
            .minus(view.table)
    }

    /// The next player's expected best take from `table`, in tenths of a point.
    fn risk(&mut self, view: &PasurView, table: CardSet, cards_left_after: u32) -> i32 {
        let n = view.players as usize;
        let next = view.seat.next(view.players).idx();
        // After this play the next player holds what it holds now; at the end of a deal
        // with cards in the stock it receives four more.
        let held = view.hand_counts.get(next % n).copied().unwrap_or(0) as u32;
        let held = if held == 0 && view.stock > 0 { 4 } else { held };
        if held == 0 || table.is_empty() {
            return 0;
        }
        let unseen = self.unseen(view);
        let pool = unseen.len().max(1) as i32;
        // The opponent's play is the round's last card when only it is left.
        let last_card = view.stock == 0 && cards_left_after == 1;
        let mut total = 0;
        for u in unseen {
            self.options.clear();
            capture_options_into(u, table, view.settings.jack_takes_all, &mut self.options);
            let best = self
                .options
                .iter()
                .map(|&t| {
                    worth_of(view, t)
                        + worth(view, u)
                        + if makes_sur(view, u, t, table, last_card) {
                            SUR
                        } else {
                            0
                        }
                })
                .max();
            if let Some(b) = best {
                total += b * held as i32;
            }
        }
        total / pool
    }

    /// The value of an action: what it takes minus what it leaves the next player.
    fn score(&mut self, view: &PasurView, a: &PasurAction) -> i32 {
        let take = a.take.unwrap_or_else(|| {
            view.capture_options(a.play)
                .first()
                .copied()
                .unwrap_or_default()
        });
        let cards_left: u32 = view.hand_counts.iter().map(|&c| c as u32).sum();
        let last_card = view.stock == 0 && cards_left == 1;
        let mut score = 0;
        let table_after = if take.is_empty() {
            view.table.or(a.play.bit())
        } else {
            score += worth_of(view, take) + worth(view, a.play);
            if makes_sur(view, a.play, take, view.table, last_card) {
                score += SUR;
            }
            if a.play.rank() == Rank::JACK && view.stock > 0 {
                score -= JACK_USE;
            }
            view.table.minus(take)
        };
        if last_card {
            // PA-6: the table goes to the last capturer.
            if !take.is_empty() {
                score += worth_of(view, table_after);
            }
            return score;
        }
        score - self.risk(view, table_after, cards_left - 1)
    }
}

impl Bot<Pasur> for PasurBot {
    fn choose(&mut self, view: &PasurView, legal: &[PasurAction]) -> PasurAction {
        // On an empty table lay a jack: only a jack can take it, and never for a sur.
        if view.table.is_empty() {
            if let Some(j) = legal.iter().find(|a| a.play.rank() == Rank::JACK) {
                return *j;
            }
        }
        let mut best = i32::MIN;
        let mut ties: Vec<PasurAction> = Vec::new();
        for a in legal {
            let s = self.score(view, a);
            if s > best {
                best = s;
                ties.clear();
            }
            if s == best {
                ties.push(*a);
            }
        }
        match ties.len() {
            0 => legal[0],
            1 => ties[0],
            n => ties[self.rng.below(n as u32) as usize],
        }
    }

    fn observe(&mut self, event: &PasurEvent) {
        let PasurEvent::Played {
            card,
            took,
            round_over,
            ..
        } = *event;
        if round_over {
            self.gone = CardSet::EMPTY;
        } else if !took.is_empty() {
            self.gone = self.gone.or(took).or(card.bit());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomBot;
    use engine::games::pasur::{PasurPhase, PasurSettings, SideTally};
    use engine::{Deal, Game, Seat, Setup, Status};

    fn set(s: &str) -> CardSet {
        engine::card::parse_cards(s).unwrap().into_iter().collect()
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// Seat 0 to play in a two-player round with `hand` and `table`; the opponent holds
    /// `opponent` cards and `stock` are left.
    fn view(hand: &str, table: &str, opponent: u8, stock: u8) -> PasurView {
        let hand = set(hand);
        PasurView {
            seat: Seat(0),
            players: 2,
            settings: PasurSettings::default(),
            phase: PasurPhase::Playing,
            turn: Some(Seat(0)),
            dealer: Seat(1),
            round_number: 1,
            deal_number: 1,
            deals_per_round: 6,
            redeals: 0,
            replaced_jacks: CardSet::EMPTY,
            hand,
            hand_counts: vec![hand.len() as u8, opponent],
            stock,
            table: set(table),
            sides: [SideTally::default(); 2],
            last_capture: None,
            last_play: None,
            totals: [0, 0],
            result: None,
            winner: None,
        }
    }

    fn choice(bot: &mut PasurBot, v: &PasurView) -> PasurAction {
        let legal = v.legal_actions();
        assert!(!legal.is_empty());
        let a = bot.choose(v, &legal);
        assert!(legal.contains(&a));
        a
    }

    /// Tells `bot` that `cards` were captured this round (by the opponent, with `by`).
    fn saw_captured(bot: &mut PasurBot, by: &str, cards: &str) {
        bot.observe(&PasurEvent::Played {
            seat: Seat(1),
            card: card(by),
            took: set(cards),
            sur: false,
            dealt: false,
            round_over: false,
        });
    }

    #[test]
    fn prefers_a_sur() {
        // 3H takes the whole table (3+1+2+5 = 11): a sur. 5S would take AC 5D (a club
        // and an ace), 6S 5D, 9H 2D; none of them clears the table.
        let v = view("3H 6S 5S 9H", "AC 2D 5D", 4, 30);
        let a = choice(&mut PasurBot::new(1), &v);
        assert_eq!(a, PasurAction::take(card("3H"), set("AC 2D 5D")));
        // Even over 10D taking an ace: 7S takes AH 3C, the whole table.
        let v = view("10D 7S QS QC", "AH 3C", 4, 30);
        let a = choice(&mut PasurBot::new(1), &v);
        assert_eq!(a, PasurAction::take(card("7S"), set("AH 3C")));
    }

    #[test]
    fn prefers_clubs_and_the_point_cards() {
        // 7H: AS+3C (an ace and a club) or 4D (nothing).
        let v = view("7H KS QS 8D", "4D 3C AS KH", 4, 30);
        let a = choice(&mut PasurBot::new(2), &v);
        assert_eq!(a, PasurAction::take(card("7H"), set("AS 3C")));
        // 10D itself is worth 3: 10D takes AH rather than 8D taking 3S.
        let v = view("10D 8D QS QC", "AH 3S KH KD", 4, 30);
        let a = choice(&mut PasurBot::new(2), &v);
        assert_eq!(a, PasurAction::take(card("10D"), set("AH")));
    }

    #[test]
    fn avoids_leaving_a_capturable_eleven() {
        // Nothing captures; laying 4S leaves 4S for any seven, laying 9H leaves 9H for
        // any two. With every seven already captured, 4S is safe.
        let v = view("4S 9H", "QD", 4, 20);
        let mut bot = PasurBot::new(3);
        saw_captured(&mut bot, "JC", "7C 7D 7H 7S");
        assert_eq!(choice(&mut bot, &v), PasurAction::play(card("4S")));
        let mut bot = PasurBot::new(3);
        saw_captured(&mut bot, "JC", "2C 2D 2H 2S");
        assert_eq!(choice(&mut bot, &v), PasurAction::play(card("9H")));
    }

    #[test]
    fn drops_a_jack_on_an_empty_table() {
        let v = view("5C JS KD 9H", "", 4, 20);
        assert_eq!(
            choice(&mut PasurBot::new(4), &v),
            PasurAction::play(card("JS"))
        );
        // Without a jack it lays the card least likely to give a sur: a card whose
        // complements it has seen captured.
        let v = view("5C KD 9H", "", 4, 20);
        let mut bot = PasurBot::new(4);
        saw_captured(&mut bot, "JD", "6C 6D 6H 6S");
        assert_eq!(choice(&mut bot, &v), PasurAction::play(card("5C")));
    }

    /// Plays `rounds` rounds with side 0 as `PasurBot`s and side 1 random; returns the
    /// points of each side.
    fn duel(rounds: u32, players: u8, seed: u64) -> [i64; 2] {
        let new = |s: u64| {
            Pasur::new(&Setup {
                players,
                settings: PasurSettings::default(),
                deal: Deal::seeded(s),
            })
            .unwrap()
        };
        let mut g = new(seed);
        let mut pts = [0i64; 2];
        let mut smart: Vec<PasurBot> = (0..players as u64)
            .map(|i| PasurBot::new(seed + i))
            .collect();
        let mut random = RandomBot::new(seed);
        let mut legal = Vec::new();
        let mut played = 0;
        while played < rounds {
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
                    let p = g.hand_score().unwrap().points;
                    pts[0] += p[0] as i64;
                    pts[1] += p[1] as i64;
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
    fn same_seed_same_choices() {
        assert_eq!(duel(10, 2, 5), duel(10, 2, 5));
    }

    #[test]
    fn rule_bot_scores_clearly_more_than_random_play() {
        let p = duel(200, 2, 7);
        eprintln!("two players, points (bot, random): {p:?}");
        assert!(p[0] > 2 * p[1], "{p:?}");
        let p = duel(100, 4, 9);
        eprintln!("four players, points (bot side, random side): {p:?}");
        assert!(p[0] > 2 * p[1], "{p:?}");
    }
}
