//! The source of play of a table on the relay: a seat's moves go out as `{"step",
//! "action"}` messages, its updates come back as frames ([`crate::online::Hub`]).

use super::Hub;
use crate::adapters::UiGame;
use crate::online::ClientMsg;
use crate::source::{Refused, Source};
use engine::table::Update;
use engine::Seat;
use protocol::RawJson;
use std::collections::VecDeque;
use std::rc::Rc;

/// The relay as a table's source of play.
pub struct Remote<G: UiGame> {
    hub: Rc<Hub>,
    /// The newest step heard.
    step: u32,
    /// The move sent and not yet seen applied (resent at the newest step if the relay
    /// answers `stale_step`: another seat's move crossed it).
    inflight: Option<G::Action>,
    /// The rest of a several-card choice (Bidel's three passed cards, the discards), sent
    /// one at a time as each is applied.
    queue: VecDeque<G::Action>,
    /// A watcher's table: it sends nothing (the relay would refuse it, issue 23).
    watch: bool,
}

impl<G: UiGame> Remote<G> {
    /// The source of a table whose first frame is at `step` (`watch`: a watcher's).
    pub fn new(hub: Rc<Hub>, step: u32, watch: bool) -> Remote<G> {
        Remote {
            hub,
            step,
            inflight: None,
            queue: VecDeque::new(),
            watch,
        }
    }

    fn send(&mut self, step: u32, action: G::Action) {
        if self.watch {
            return;
        }
        if let Ok(action_json) = RawJson::of(&action) {
            self.hub.send(&ClientMsg::Move {
                step,
                action: action_json,
            });
        }
        self.inflight = Some(action);
    }
}

impl<G: UiGame> Source<G> for Remote<G> {
    fn act(
        &mut self,
        _seat: Seat,
        step: u32,
        actions: &[G::Action],
    ) -> Result<Vec<Update<G>>, Refused<G::Error>> {
        let mut actions = actions.iter().cloned();
        self.queue = VecDeque::new();
        if let Some(first) = actions.next() {
            self.send(step, first);
        }
        self.queue.extend(actions);
        Ok(Vec::new())
    }

    fn next_hand(&mut self, _step: u32) -> Result<Vec<Update<G>>, Refused<G::Error>> {
        // The relay deals once everybody has seen the result (or after its pause).
        if !self.watch {
            self.hub.send(&ClientMsg::Ready);
        }
        Ok(Vec::new())
    }

    fn snapshot(&self, _seat: Seat) -> Option<Update<G>> {
        None
    }

    fn heard(&mut self, update: &Update<G>) {
        self.step = self.step.max(update.step);
        let mut legal = Vec::new();
        G::legal_from_view(&update.view, &mut legal);
        if self.inflight.as_ref().is_some_and(|a| !legal.contains(a)) {
            self.inflight = None;
        }
        if self.inflight.is_none() {
            match self.queue.front() {
                Some(next) if legal.contains(next) => {
                    let next = self.queue.pop_front().expect("a queued move");
                    self.send(update.step, next);
                }
                Some(_) if legal.is_empty() => {}
                // The choice no longer fits the view (a new hand): dropped.
                Some(_) => self.queue.clear(),
                None => {}
            }
        }
    }

    fn refused(&mut self, code: &str) {
        match (code, self.inflight.clone()) {
            ("stale_step", Some(action)) => self.send(self.step, action),
            _ => {
                self.inflight = None;
                self.queue.clear();
            }
        }
    }
}
