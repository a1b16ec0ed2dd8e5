//! The bots' test duels: bots (and random play) at one table for many hands, a new match
//! dealt whenever one ends. A bot against random play, or bots against each other.
//!
//! A new game's bot tests adopt it like this (a `RandomBot` plays the odd seats):
//! ```text
//! let mut bots: Vec<PasurBot> = (0..players as u64).map(|i| PasurBot::new(seed + i)).collect();
//! let mut points = vec![0i64; players as usize];
//! Duel::<Pasur>::new(players, PasurSettings::default(), seed).against_random(
//!     hands,
//!     &mut bots,
//!     |g| for (t, p) in points.iter_mut().zip(g.hand_score().unwrap().points) { *t += p as i64 },
//! );
//! ```

use crate::{Bot, RandomBot};
use engine::{Deal, Game, Seat, Setup, Status};

/// Matches of `players` with `settings`: the first dealt from `seed`, the one that starts
/// after `n` hands from `seed + reseed + n` (`reseed` is 0 unless set).
pub(crate) struct Duel<G: Game> {
    players: u8,
    settings: G::Settings,
    seed: u64,
    reseed: u64,
}

impl<G: Game> Duel<G> {
    /// A table of `players` with `settings`, its first match dealt from `seed`.
    pub(crate) fn new(players: u8, settings: G::Settings, seed: u64) -> Self {
        Duel {
            players,
            settings,
            seed,
            reseed: 0,
        }
    }

    /// Deals the match that starts after `n` hands from `seed + offset + n`.
    pub(crate) fn reseed(mut self, offset: u64) -> Self {
        self.reseed = offset;
        self
    }

    fn new_match(&self, seed: u64) -> G {
        G::new(&Setup {
            players: self.players,
            settings: self.settings.clone(),
            deal: Deal::seeded(seed),
        })
        .unwrap()
    }

    /// [`Duel::play`] with `bots` on the even seats and random play on the odd ones (a
    /// [`RandomBot`] seeded with the duel's seed).
    pub(crate) fn against_random<B: Bot<G>>(
        &self,
        hands: u32,
        bots: &mut [B],
        hand_over: impl FnMut(&G),
    ) {
        let mut random = RandomBot::new(self.seed);
        let choose = |g: &G, seat: Seat, legal: &[G::Action], bot: &mut B| {
            if seat.side() == 0 {
                bot.choose(&g.view(seat), legal)
            } else {
                random.pick(legal)
            }
        };
        self.play(hands, bots, choose, hand_over);
    }

    /// Plays `hands` hands. At each step the first seat that may act takes the action
    /// `choose` picks from its legal ones (checked to be one of them); `choose` is given
    /// the game, to decide who plays the seat (a bot must be asked with the seat's view
    /// only), and `bots[seat]`. Every bot observes every event. `hand_over` sees the game
    /// each time a hand is over (the last of a match too), before the next one is dealt.
    pub(crate) fn play<B: Bot<G>>(
        &self,
        hands: u32,
        bots: &mut [B],
        mut choose: impl FnMut(&G, Seat, &[G::Action], &mut B) -> G::Action,
        mut hand_over: impl FnMut(&G),
    ) {
        let mut g = self.new_match(self.seed);
        let mut legal = Vec::new();
        let mut played = 0;
        while played < hands {
            match g.status() {
                Status::Acting(s) => {
                    let seat = s.first().unwrap();
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    let a = choose(&g, seat, &legal, &mut bots[seat.idx()]);
                    assert!(legal.contains(&a), "seat {seat} chose {a:?}, not legal");
                    let e = g.apply(seat, &a).unwrap();
                    for b in bots.iter_mut() {
                        b.observe(&e);
                    }
                }
                Status::HandOver | Status::MatchOver => {
                    hand_over(&g);
                    played += 1;
                    if g.status() == Status::HandOver {
                        g.next_hand().unwrap();
                    } else {
                        g = self.new_match(self.seed + self.reseed + played as u64);
                    }
                }
            }
        }
    }
}
