//! Shelem (4 and 2 players): the cards played and won, the voids shown (SH-6: jokers
//! follow a trump lead; in the no-trump modes they may be played at any time, so they show
//! nothing), and for the hakem the widow it took and its discards (SH-5).
//!
//! Hidden places: the other seats' hands (a void excludes its cards), the widow until the
//! auction ends, the hakem's discards (for the other seats), and with two players the
//! cards out of play (SH-10).

use super::core::{err, BeliefError, Constraints, Plan, TrickLog, MAX_PLACES};
use super::{Belief, Sampler};
use engine::games::shelem::{Shelem, ShelemEvent, ShelemHidden, ShelemView, Trump};
use engine::{CardSet, Rng, Seat, Suit};

const JOKERS: CardSet = CardSet((1 << 52) | (1 << 53));

/// The cards of the game: 52, or 54 with the jokers.
fn all_cards(v: &ShelemView) -> CardSet {
    if v.settings.jokers {
        CardSet::DECK.or(JOKERS)
    } else {
        CardSet::DECK
    }
}

/// What one Shelem seat knows of the hand in play beyond its view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShelemBelief {
    seat: Seat,
    hand_number: u16,
    ended: bool,
    complete: bool,
    log: TrickLog,
    won: [CardSet; 2],
    trump: Option<Trump>,
    /// The suit to follow in the trick in progress.
    led: Option<Suit>,
}

/// What a [`ShelemBelief`] knows of the hand a view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShelemFacts {
    /// The cards played and the cards each seat cannot hold.
    pub log: TrickLog,
    /// The cards each side won this hand.
    pub won: [CardSet; 2],
}

impl ShelemBelief {
    /// For the rule bot's tests: a belief of the seat of `v` that saw `played` played this
    /// hand (and the trick in progress), no void but those the trick shows.
    #[cfg(test)]
    pub(crate) fn seen(v: &ShelemView, played: CardSet) -> ShelemBelief {
        let mut b = <ShelemBelief as Belief<Shelem>>::new(v);
        b.complete = true;
        b.log.played = b.log.played.or(played);
        b
    }

    /// `seat` played `card` to a trick whose suit to follow is known: a card outside what
    /// follows it shows a void (SH-6: jokers follow a trump lead; in the no-trump modes
    /// they may be played at any time, so they show nothing).
    fn follow(&mut self, seat: Seat, card: engine::Card) {
        let Some(led) = self.led else { return };
        let trump_suit = self.trump.and_then(Trump::suit);
        let follow = match trump_suit {
            Some(t) if t == led => t.mask().or(JOKERS),
            _ => led.mask(),
        };
        let free_joker = trump_suit.is_none() && card.is_joker();
        if !follow.contains(card) && !free_joker {
            self.log.exclude(seat, follow);
        }
    }

    /// What the belief knows of the hand `v` shows (see [`super::HokmBelief::facts`]).
    pub fn facts(&self, v: &ShelemView) -> Result<ShelemFacts, BeliefError> {
        if self.seat != v.seat {
            return err("a belief of another seat");
        }
        let fresh = self.ended && v.hand_number == self.hand_number.wrapping_add(1);
        if !fresh && v.hand_number != self.hand_number {
            return err("a belief of another hand");
        }
        let f = if fresh {
            ShelemFacts {
                log: TrickLog::default(),
                won: [CardSet::EMPTY; 2],
            }
        } else if !self.complete {
            return err("the belief missed the start of this hand");
        } else {
            ShelemFacts {
                log: self.log,
                won: self.won,
            }
        };
        let trick: CardSet = v.trick.iter().map(|&(_, c)| c).collect();
        if !trick.minus(f.log.played).is_empty() {
            return err("the belief missed a card of the trick in play");
        }
        Ok(f)
    }
}

impl Belief<Shelem> for ShelemBelief {
    fn new(v: &ShelemView) -> ShelemBelief {
        let mut b = ShelemBelief {
            seat: v.seat,
            hand_number: v.hand_number,
            ended: false,
            complete: v.tricks == [0, 0],
            log: TrickLog::default(),
            won: [CardSet::EMPTY; 2],
            trump: v.trump,
            led: v.led,
        };
        // The trick in progress: its led suit is the view's; it shows who did not follow.
        for (i, &(seat, card)) in v.trick.iter().enumerate() {
            if i > 0 {
                b.follow(seat, card);
            }
            b.log.played.insert(card);
        }
        b
    }

    fn observe(&mut self, e: &ShelemEvent) {
        if self.ended {
            *self = ShelemBelief {
                hand_number: self.hand_number.wrapping_add(1),
                ended: false,
                complete: true,
                log: TrickLog::default(),
                won: [CardSet::EMPTY; 2],
                trump: None,
                led: None,
                ..*self
            };
        }
        match *e {
            ShelemEvent::TrumpChosen { trump, .. } => self.trump = Some(trump),
            ShelemEvent::Played {
                seat,
                card,
                suit,
                trick,
                hand_over,
            } => {
                let trump_suit = self.trump.and_then(Trump::suit);
                match self.led {
                    None => {
                        // SH-6: a joker leads the suit it names, else trump.
                        self.led = if card.is_joker() {
                            suit.or(trump_suit)
                        } else {
                            Some(card.suit())
                        };
                    }
                    Some(_) => self.follow(seat, card),
                }
                self.log.played.insert(card);
                if let Some(t) = trick {
                    self.won[t.winner.side()] = self.won[t.winner.side()].or(t.cards.set());
                    self.led = None;
                }
                self.ended = hand_over;
            }
            ShelemEvent::Bid { .. }
            | ShelemEvent::Passed { .. }
            | ShelemEvent::Discarded { .. } => {}
        }
        if let ShelemEvent::Passed { redealt: true, .. } = e {
            // SH-4: all passed and the cards were dealt again.
            self.log = TrickLog::default();
            self.won = [CardSet::EMPTY; 2];
        }
    }
}

/// Deals Shelem states consistent with one seat's view and [`ShelemBelief`].
#[derive(Clone, Debug)]
pub struct ShelemSampler {
    view: ShelemView,
    plan: Plan,
    won: [CardSet; 2],
    hand_place: [usize; 4],
    widow_place: usize,
    discard_place: usize,
    out_place: usize,
}

impl Sampler<Shelem> for ShelemSampler {
    type Belief = ShelemBelief;

    fn new(v: &ShelemView, b: &ShelemBelief) -> Result<ShelemSampler, BeliefError> {
        let f = b.facts(v)?;
        let n = v.players;
        if !(n == 2 || n == 4) || v.seat.0 >= n {
            return err("not a Shelem view");
        }
        let me = v.seat.idx();
        let all = all_cards(v);
        let hakem_me = v.hakem == Some(v.seat);
        let mut known = v.hand.or(f.log.played);
        if hakem_me {
            known = known.or(v.discards.unwrap_or_default());
        }
        let mut c = Constraints::new(all.minus(known));
        let mut hand_place = [usize::MAX; 4];
        for s in (0..n as usize).filter(|&s| s != me) {
            hand_place[s] = c.add(v.hand_counts[s], all.minus(f.log.excluded[s]))?;
        }
        let widow_len: u8 = if v.settings.jokers { 6 } else { 4 };
        let widow_place = if v.hakem.is_none() {
            c.add(widow_len, all)?
        } else {
            usize::MAX
        };
        let discard_place = if !hakem_me && v.discard_count > 0 {
            c.add(v.discard_count, all)?
        } else {
            usize::MAX
        };
        let out_len = all.len() as u8 - 12 * n - widow_len;
        let out_place = if out_len > 0 {
            c.add(out_len, all)?
        } else {
            usize::MAX
        };
        Ok(ShelemSampler {
            view: v.clone(),
            plan: Plan::new(c)?,
            won: f.won,
            hand_place,
            widow_place,
            discard_place,
            out_place,
        })
    }

    fn view(&self) -> &ShelemView {
        &self.view
    }

    fn plan(&self) -> Option<&Plan> {
        Some(&self.plan)
    }

    fn sample_hidden(&self, rng: &mut Rng, out: &mut ShelemHidden) {
        let mut parts = [CardSet::EMPTY; MAX_PLACES];
        self.plan.deal(rng, &mut parts);
        let v = &self.view;
        let part = |p: usize| parts.get(p).copied().unwrap_or_default();
        for s in 0..4 {
            out.hands[s] = part(self.hand_place[s]);
        }
        out.hands[v.seat.idx()] = v.hand;
        out.widow = part(self.widow_place);
        out.out = part(self.out_place);
        if v.hakem == Some(v.seat) {
            out.widow_taken = v.widow.unwrap_or_default();
            out.discards = v.discards.unwrap_or_default();
        } else {
            out.widow_taken = CardSet::EMPTY;
            out.discards = part(self.discard_place);
        }
        out.won = self.won;
    }

    fn admits(&self, h: &ShelemHidden) -> bool {
        let v = &self.view;
        if h.hands[v.seat.idx()] != v.hand || h.won != self.won {
            return false;
        }
        if v.hakem == Some(v.seat)
            && (Some(h.discards) != v.discards || Some(h.widow_taken) != v.widow)
        {
            return false;
        }
        let c = self.plan.constraints();
        let mut parts = [CardSet::EMPTY; MAX_PLACES];
        for s in 0..4 {
            if let Some(p) = parts.get_mut(self.hand_place[s]) {
                *p = h.hands[s];
            }
        }
        for (place, cards) in [
            (self.widow_place, h.widow),
            (self.discard_place, h.discards),
            (self.out_place, h.out),
        ] {
            if let Some(p) = parts.get_mut(place) {
                *p = cards;
            }
        }
        c.admits(&parts[..c.places])
    }
}
