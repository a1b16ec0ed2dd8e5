//! Shelem's hard bot (4 and 2 players): PIMC with rule-bot rollouts ([`RolloutHard`]) for
//! the play of the cards; the auction (SH-4), the widow's discards (SH-5) and trump (SH-6)
//! are the rule bot's.
//!
//! Shelem scores card points (SH-3) as well as tricks, which the Hokm solver's equivalent
//! cards and table keys do not keep; each sampled deal is played out to the end of the hand
//! by the rule bots instead, once per legal card, and scored by the engine (SH-7, SH-8):
//! the seat's side's points minus the other side's.

use super::pimc::{RolloutGame, RolloutHard};
use crate::belief::{ShelemBelief, ShelemSampler};
use crate::ShelemBot;
use engine::games::shelem::{Shelem, ShelemPhase, ShelemView};
use engine::{Game, Seat};

/// The hard Shelem bot.
pub type ShelemHard = RolloutHard<Shelem>;

impl RolloutGame for Shelem {
    type Belief = ShelemBelief;
    type Sampler = ShelemSampler;
    type Rule = ShelemBot;

    fn rule(seed: u64) -> ShelemBot {
        ShelemBot::new(seed)
    }

    fn searched(view: &ShelemView) -> bool {
        view.phase == ShelemPhase::Playing
    }

    fn hand_value(g: &Shelem, seat: Seat) -> Option<f64> {
        let p = g.hand_score()?.points;
        let mine = g.side_of(seat);
        Some(*p.get(mine)? as f64 - *p.get(mine ^ 1)? as f64)
    }

    fn seat(view: &ShelemView) -> Seat {
        view.seat
    }
}

#[cfg(test)]
mod tests {
    use super::super::pimc::testing::{duplicate, plays_and_repeats};
    use super::super::{Budget, HardGame};
    use crate::Bot;
    use engine::games::shelem::{Shelem, ShelemSettings};

    const SMALL: Budget = Budget {
        samples: 6,
        nodes: 0,
        playouts: 400,
    };

    fn hard(seed: u64) -> Box<dyn Bot<Shelem> + Send> {
        Shelem::hard_bot(seed, SMALL).unwrap()
    }

    fn easy(seed: u64) -> Box<dyn Bot<Shelem> + Send> {
        Box::new(crate::ShelemBot::new(seed))
    }

    /// Hard bots in every seat play only legal actions, and the same seeds and budget give
    /// the same hand, action for action.
    #[test]
    fn hard_bots_play_legal_cards_and_repeat_their_choices() {
        plays_and_repeats::<Shelem>(&[4, 2], &ShelemSettings::default(), hard);
    }

    /// Hard against easy, duplicate: the hard side scores more over a small fixed sample.
    #[test]
    fn hard_beats_easy_on_a_fixed_duplicate_sample() {
        let d = duplicate::<Shelem>(4, ShelemSettings::default(), 1..7, hard, easy, 1.0);
        assert!(d > 0.0, "hard minus easy: {d:+}");
    }
}
