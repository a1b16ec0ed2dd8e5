//! A rule bot behind one object-safe trait, fed only what its seat is sent: the frames of
//! its seat (public events) and its seat's snapshot (its view). It never sees the room's
//! state, exactly like a person in the seat.

use bots::Bot;
use engine::{Public, Update};
use registry::{GameFn, Registered};
use serde_json::Value;

/// A bot for one seat of some game, driven by JSON frames.
pub trait SeatBot: Send {
    /// Sees a frame sent to its seat (it learns the public events from it).
    fn observe(&mut self, frame: &Value);
    /// Picks an action from its seat's frame (a snapshot): `None` if the seat may not act
    /// or the frame does not read as one of its game.
    fn choose(&mut self, frame: &Value) -> Option<Value>;
}

struct RuleBot<G: Registered> {
    bot: Box<dyn Bot<G> + Send>,
}

impl<G: Registered> SeatBot for RuleBot<G> {
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

struct MakeBot {
    seed: u64,
}

impl GameFn for MakeBot {
    type Output = Box<dyn SeatBot>;
    fn call<G: Registered>(self) -> Box<dyn SeatBot> {
        Box::new(RuleBot::<G> {
            bot: G::rule_bot(self.seed),
        })
    }
}

/// The registry's rule bot of the game `slug`, seeded with `seed`.
pub fn rule_bot(slug: &str, seed: u64) -> Option<Box<dyn SeatBot>> {
    registry::with_game(slug, MakeBot { seed }).ok()
}
