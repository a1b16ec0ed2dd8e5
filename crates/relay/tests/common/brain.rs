//! A person's brain for the relay's tests and its load generator: the game's rule bot fed
//! the JSON frames a client receives (as a browser reads them), answering JSON actions.
//! It lives with the clients that use it, not in the relay: the relay's own bots are the
//! registry room's typed seat bots.

use engine::{Public, Update};
use registry::{GameFn, Registered};
use serde_json::Value;

/// A client's brain: sees the frames of its seat and picks from them.
pub trait Brain: Send {
    /// Sees a frame sent to its seat.
    fn observe(&mut self, frame: &Value);
    /// Picks an action from its seat's newest frame; `None` if it may not act.
    fn choose(&mut self, frame: &Value) -> Option<Value>;
}

struct RuleBrain<G: Registered> {
    bot: Box<dyn bots::Bot<G> + Send>,
}

impl<G: Registered> Brain for RuleBrain<G> {
    fn observe(&mut self, frame: &Value) {
        let Ok(update) = serde_json::from_value::<Update<G>>(frame.clone()) else {
            return;
        };
        match update.public {
            Some(Public::Event(e)) => self.bot.observe(&e),
            Some(Public::Timeout { events, .. }) => events.iter().for_each(|e| self.bot.observe(e)),
            Some(Public::NextHand) | None => {}
        }
    }

    fn choose(&mut self, frame: &Value) -> Option<Value> {
        let update: Update<G> = serde_json::from_value(frame.clone()).ok()?;
        let mut legal = Vec::new();
        G::legal_from_view(&update.view, &mut legal);
        if legal.is_empty() {
            return None;
        }
        serde_json::to_value(self.bot.choose(&update.view, &legal)).ok()
    }
}

struct MakeBrain(u64);

impl GameFn for MakeBrain {
    type Output = Box<dyn Brain>;
    fn call<G: Registered>(self) -> Box<dyn Brain> {
        Box::new(RuleBrain::<G> {
            bot: G::rule_bot(self.0),
        })
    }
}

/// The rule bot of `game` as a person's brain, seeded with `seed`.
pub fn rule_brain(game: &str, seed: u64) -> Box<dyn Brain> {
    registry::with_game(game, MakeBrain(seed)).unwrap()
}
