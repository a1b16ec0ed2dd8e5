//! A match's score sheet: the totals before the first hand, every finished hand's points
//! and the totals after it, and the winners once the match is over. Everything on it is
//! public (D-8: the hand's result is shown to every seat), so an online room sends it to
//! every seat as it is (docs/protocol.md, `sheet`); the offline table builds the same sheet
//! from its log. Both keep it with [`Tally::after`], called after every applied step.

use crate::game::{Game, Setup, Status};
use crate::log::apply_step;
use crate::Step;
use serde::{Deserialize, Serialize};

/// One finished hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandTally {
    /// The points each side scored this hand ([`Game::hand_score`]; zeros for a hand
    /// without a score).
    pub points: Vec<i32>,
    /// The match totals after this hand, one per side ([`Game::totals`]).
    pub totals: Vec<i32>,
}

/// The sheet of a match so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The totals before the first hand.
    pub start: Vec<i32>,
    /// Every finished hand, in order.
    pub hands: Vec<HandTally>,
    /// The winning sides, once the match is over.
    #[serde(default)]
    pub winners: Option<Vec<usize>>,
    /// Whether the last step left a hand in play (a hand ends when this turns false).
    #[serde(skip)]
    playing: bool,
}

impl Tally {
    /// The sheet of a match about to start (or just restored) in state `game`.
    pub fn new<G: Game>(game: &G) -> Tally {
        Tally {
            start: game.totals(),
            hands: Vec::new(),
            winners: game.outcome().map(|o| o.winners),
            playing: matches!(game.status(), Status::Acting(_)),
        }
    }

    /// Takes in the state after a step: a hand that has just ended adds its line.
    pub fn after<G: Game>(&mut self, game: &G) {
        let now = matches!(game.status(), Status::Acting(_));
        if self.playing && !now {
            let totals = game.totals();
            let points = game
                .hand_score()
                .map_or_else(|| vec![0; totals.len()], |s| s.points);
            self.hands.push(HandTally { points, totals });
        }
        self.playing = now;
        self.winners = game.outcome().map(|o| o.winners);
    }

    /// The sheet of `steps` played on a new game of `setup`: up to the first step that
    /// does not apply (nothing panics). `None` if the setup is refused.
    pub fn of_log<G: Game>(setup: &Setup<G::Settings>, steps: &[Step<G::Action>]) -> Option<Tally> {
        let mut game = G::new(setup).ok()?;
        let mut tally = Tally::new(&game);
        let mut events = Vec::new();
        for step in steps {
            events.clear();
            if apply_step(&mut game, step, &mut events).is_err() {
                break;
            }
            tally.after(&game);
        }
        Some(tally)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hokm::Hokm;
    use crate::{Deal, Seat};

    #[test]
    fn every_hand_adds_a_line_that_adds_up() {
        let setup = Setup::<<Hokm as Game>::Settings> {
            players: 4,
            settings: Default::default(),
            deal: Deal::seeded(9),
        };
        let mut game = Hokm::new(&setup).unwrap();
        let mut tally = Tally::new(&game);
        let mut steps = Vec::new();
        let mut legal = Vec::new();
        while game.status() != Status::MatchOver && steps.len() < 20_000 {
            let step = match game.status() {
                Status::HandOver => Step::NextHand,
                Status::Acting(set) => {
                    let seat: Seat = set.first().unwrap();
                    legal.clear();
                    game.legal_actions(seat, &mut legal);
                    Step::Act {
                        seat,
                        action: legal[0],
                    }
                }
                Status::MatchOver => unreachable!(),
            };
            apply_step(&mut game, &step, &mut Vec::new()).unwrap();
            tally.after(&game);
            steps.push(step);
        }
        assert_eq!(game.status(), Status::MatchOver);
        let hands = steps.iter().filter(|s| matches!(s, Step::NextHand)).count() + 1;
        assert_eq!(tally.hands.len(), hands);
        assert_eq!(tally.hands.last().unwrap().totals, game.totals());
        assert_eq!(tally.winners, game.outcome().map(|o| o.winners));
        let mut before = tally.start.clone();
        for h in &tally.hands {
            let sum: Vec<i32> = before.iter().zip(&h.points).map(|(b, p)| b + p).collect();
            assert_eq!(sum, h.totals);
            before = h.totals.clone();
        }
        // The same sheet from the log, and a prefix of it from part of the log.
        assert_eq!(Tally::of_log::<Hokm>(&setup, &steps), Some(tally.clone()));
        let half = Tally::of_log::<Hokm>(&setup, &steps[..steps.len() / 2]).unwrap();
        assert!(half.hands.len() < tally.hands.len());
        assert_eq!(half.hands[..], tally.hands[..half.hands.len()]);
        assert_eq!(half.winners, None);
        // A step that does not apply ends the sheet there.
        let mut bad = steps.clone();
        bad.insert(1, Step::NextHand);
        assert!(Tally::of_log::<Hokm>(&setup, &bad)
            .unwrap()
            .hands
            .is_empty());
        // The wire form (what a room sends).
        let json = serde_json::to_value(&half).unwrap();
        assert!(json.get("playing").is_none());
        let back: Tally = serde_json::from_value(json).unwrap();
        assert_eq!((back.start, back.hands), (half.start, half.hands));
    }
}
