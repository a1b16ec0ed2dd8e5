//! Bidel's hard bot (4 and 3 players): PIMC with rule-bot rollouts ([`RolloutHard`]) for
//! the play of the cards; the passes (BD-2) and the trump of BD-10 are the rule bot's.
//!
//! Bidel scores hearts and Q♠ (BD-7, BD-9) and every seat plays for itself, which the Hokm
//! solver (two sides, tricks only) does not search; each sampled deal is played out to
//! the end of the hand by the rule bots instead, once per legal card, and scored by the
//! engine (a moon shot included): the mean of the other seats' points minus the seat's.

use super::pimc::{RolloutGame, RolloutHard};
use crate::belief::{BidelBelief, BidelSampler};
use crate::BidelBot;
use engine::games::bidel::{Bidel, BidelPhase, BidelView};
use engine::{Game, Seat};

/// The hard Bidel bot.
pub type BidelHard = RolloutHard<Bidel>;

impl RolloutGame for Bidel {
    type Belief = BidelBelief;
    type Sampler = BidelSampler;
    type Rule = BidelBot;

    fn rule(seed: u64) -> BidelBot {
        BidelBot::new(seed)
    }

    fn searched(view: &BidelView) -> bool {
        view.phase == BidelPhase::Playing
    }

    fn hand_value(g: &Bidel, seat: Seat) -> Option<f64> {
        let p = g.hand_score()?.points;
        let mine = *p.get(seat.idx())? as f64;
        let others: f64 = p.iter().map(|&x| x as f64).sum::<f64>() - mine;
        Some(others / (p.len().max(2) - 1) as f64 - mine)
    }

    fn seat(view: &BidelView) -> Seat {
        view.seat
    }
}

#[cfg(test)]
mod tests {
    use super::super::pimc::testing::{duplicate, plays_and_repeats};
    use super::super::{Budget, HardGame};
    use crate::Bot;
    use engine::games::bidel::{Bidel, BidelSettings};

    const SMALL: Budget = Budget {
        samples: 6,
        nodes: 0,
        playouts: 60,
    };

    fn hard(seed: u64) -> Box<dyn Bot<Bidel> + Send> {
        Bidel::hard_bot(seed, SMALL).unwrap()
    }

    fn easy(seed: u64) -> Box<dyn Bot<Bidel> + Send> {
        Box::new(crate::BidelBot::new(seed))
    }

    /// Hard bots in every seat play only legal actions, and the same seeds and budget give
    /// the same hand, action for action.
    #[test]
    fn hard_bots_play_legal_cards_and_repeat_their_choices() {
        plays_and_repeats::<Bidel>(&[4, 3], &BidelSettings::default(), hard);
    }

    /// Hard against easy, duplicate (the hard bot in each seat in turn): it takes fewer
    /// points than the easy bots over a small fixed sample.
    #[test]
    fn hard_beats_easy_on_a_fixed_duplicate_sample() {
        let d = duplicate::<Bidel>(4, BidelSettings::default(), 1..4, hard, easy, -1.0);
        assert!(d > 0.0, "hard minus easy, points fewer: {d:+}");
    }
}
