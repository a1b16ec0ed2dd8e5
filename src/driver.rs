//! The bots' side of the table. A bot driver gets, for each bot seat, only that seat's
//! updates (its view and the public events, as a relay would send them), keeps the bot's
//! own memory of the hand, and answers a choice for a given step. [`Inline`] runs today's
//! rule bots in the page; a Web Worker driver (search bots) answers later, which is why a
//! choice names the step it was made on: the table drops an answer made on an older step
//! (after a new hand or a reload).

use crate::adapters::UiGame;
use crate::config::{SeatKind, TableConfig};
use bots::Bot;
use engine::table::{Public, Update};
use engine::Seat;

/// One bot seat: the bot and the newest view it was sent, with its step.
struct BotSeat<G: UiGame> {
    bot: Box<dyn Bot<G>>,
    view: Option<(u32, G::View)>,
}

/// The rule bots, run in the page, one per engine seat a bot plays.
pub struct Inline<G: UiGame> {
    seats: Vec<Option<BotSeat<G>>>,
}

impl<G: UiGame> Inline<G> {
    /// The bots of a table: one for each engine seat whose participant (`seating`) is a
    /// bot, each seeded from the table's seed and its seat.
    pub fn new(config: &TableConfig<G::Settings>, seating: &[u8]) -> Inline<G> {
        let seats = seating
            .iter()
            .enumerate()
            .map(|(s, &player)| {
                let kind = config.players.get(player as usize).map(|p| p.kind);
                (kind == Some(SeatKind::Bot)).then(|| BotSeat {
                    bot: G::bot(config.seed ^ 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(s as u64 + 1)),
                    view: None,
                })
            })
            .collect();
        Inline { seats }
    }

    /// No bots (a remote table: the relay plays them).
    pub fn none() -> Inline<G> {
        Inline { seats: Vec::new() }
    }

    /// Whether a bot plays `seat`.
    pub fn plays(&self, seat: Seat) -> bool {
        matches!(self.seats.get(seat.idx()), Some(Some(_)))
    }

    /// Hands every bot its own seat's updates (others are skipped): the public events go to
    /// its memory, the view is kept for its next choice.
    pub fn receive(&mut self, updates: &[Update<G>]) {
        for u in updates {
            let Some(Some(b)) = self.seats.get_mut(u.seat.idx()) else {
                continue;
            };
            match &u.public {
                Some(Public::Event(e)) => b.bot.observe(e),
                Some(Public::Timeout { events, .. }) => {
                    events.iter().for_each(|e| b.bot.observe(e))
                }
                Some(Public::NextHand) | None => {}
            }
            b.view = Some((u.step, u.view.clone()));
        }
    }

    /// The choice of the bot of `seat` on the view of step `step`: `None` if no bot plays
    /// that seat, its newest view is of another step, or it may not act there.
    pub fn choose(&mut self, seat: Seat, step: u32) -> Option<G::Action> {
        let b = self.seats.get_mut(seat.idx())?.as_mut()?;
        let (at, view) = b.view.as_ref()?;
        if *at != step {
            return None;
        }
        let mut legal = Vec::new();
        G::legal_from_view(view, &mut legal);
        (!legal.is_empty()).then(|| b.bot.choose(view, &legal))
    }
}
