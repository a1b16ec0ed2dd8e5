//! `cards bot`: the action one of the site's bots chooses for the seat to act in a match
//! log (either form `cards replay` reads), so that programs outside the site (a research
//! harness, another site) can seat our bots.
//!
//! The bot is given only what that seat knows: the log is replayed by the engine, and the bot
//! is played through the current hand as if it had sat there from the hand's start: at each of
//! the seat's earlier decisions it is shown the seat's view and the legal actions (its answer
//! is set aside: the log says what was played), and it sees every public event. Its answer at
//! the end is for the seat's view now. No other seat's cards, the seed or the deck order reach
//! it, so logs that differ only in what the seat cannot see get the same answer.

use crate::make_bot;
use crate::replay::to_match_log;
use engine::log::Replayer;
use engine::{MatchLogOf, Seat, Status, Step};
use registry::{GameFn, Registered};
use serde_json::{json, Value};

/// A `cards bot` request.
#[derive(Clone, Debug)]
pub struct BotOptions {
    /// The game the log must be of (its slug, either spelling).
    pub game: String,
    /// The bot kind, as `cards arena` takes it (`easy`, `hard`, `random`, …).
    pub kind: String,
    /// Fixes the bot's own random choices.
    pub seed: u64,
    /// The seat to choose for, where several seats may act at once; else the one that acts.
    pub seat: Option<u8>,
}

/// The bot's action for the seat to act at the end of the log `text`, as one JSON object:
/// `{"game", "seat", "kind", "action"}`. Errors (a bad log, a finished hand or match, a seat
/// that does not act, an unknown kind) as one line, like [`crate::replay`]'s.
pub fn bot(text: &str, opts: &BotOptions) -> Result<Value, String> {
    let info = registry::find(&opts.game).map_err(|e| e.to_string())?;
    let log = to_match_log(text)?;
    let game = log.get("game").and_then(Value::as_str).unwrap_or_default();
    if game != info.slug {
        return Err(format!(
            "the log is a match of {game}, not of {} (--game)",
            info.slug
        ));
    }
    struct Choose<'a>(&'a Value, &'a BotOptions);
    impl GameFn for Choose<'_> {
        type Output = Result<Value, String>;
        fn call<G: Registered>(self) -> Self::Output {
            choose::<G>(self.0, self.1)
        }
    }
    registry::with_game(info.slug, Choose(&log, opts)).map_err(|e| e.to_string())?
}

fn choose<G: Registered>(log: &Value, opts: &BotOptions) -> Result<Value, String> {
    let log: MatchLogOf<G> =
        serde_json::from_value(log.clone()).map_err(|e| format!("match log: {e}"))?;
    let setup = log.setup();
    let mut end = Replayer::<G>::new(&setup).map_err(|e| e.to_string())?;
    // First the end of the log, to know the seat to act; the bot is then taken through the
    // hand on a second replay, which needs that seat.
    let mut events = Vec::new();
    for step in &log.steps {
        events.clear();
        end.step(step, &mut events).map_err(|e| e.to_string())?;
    }
    let g = end.game();
    let acting = match g.status() {
        Status::Acting(s) => s,
        Status::HandOver => {
            return Err("the hand is over: the next step deals the next hand, no seat acts".into())
        }
        Status::MatchOver => return Err("the match is over: no seat acts".into()),
    };
    let seat = match opts.seat {
        Some(s) if acting.contains(Seat(s)) => Seat(s),
        Some(s) => {
            return Err(format!(
                "seat {s} does not act now (acting: {})",
                seats_text(acting.iter())
            ))
        }
        None => {
            let mut it = acting.iter();
            match (it.next(), it.next()) {
                (Some(s), None) => s,
                _ => {
                    return Err(format!(
                        "several seats may act ({}): name one with --seat",
                        seats_text(acting.iter())
                    ))
                }
            }
        }
    };
    let mut bot = make_bot::<G>(&opts.kind, opts.seed)?;

    // The current hand from its start: the steps after the last next hand.
    let start = engine::log::hand_start(&log.steps);
    let mut r = Replayer::<G>::new(&setup).map_err(|e| e.to_string())?;
    let mut legal = Vec::new();
    for (i, step) in log.steps.iter().enumerate() {
        if i >= start {
            if let Step::Act { seat: s, .. } = step {
                if *s == seat {
                    legal.clear();
                    r.game().legal_actions(seat, &mut legal);
                    if !legal.is_empty() {
                        bot.choose(&r.game().view(seat), &legal);
                    }
                }
            }
        }
        events.clear();
        r.step(step, &mut events).map_err(|e| e.to_string())?;
        if i >= start {
            for e in &events {
                bot.observe(e);
            }
        }
    }

    legal.clear();
    g.legal_actions(seat, &mut legal);
    if legal.is_empty() {
        return Err(format!("seat {} acts but has no legal action", seat.0));
    }
    let action = bot.choose(&g.view(seat), &legal);
    Ok(json!({
        "game": G::NAME,
        "seat": seat.0,
        "kind": opts.kind,
        "action": action,
    }))
}

fn seats_text(seats: impl Iterator<Item = Seat>) -> String {
    seats
        .map(|s| s.0.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
