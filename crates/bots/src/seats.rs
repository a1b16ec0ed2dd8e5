//! Bots behind a table, one per seat they play. Each bot gets only its own seat's updates
//! (its view and the public events, as a relay would send them), keeps its own memory of
//! the hand, and answers a choice for a given step. The page's rule bots and the Web
//! Worker's hard bots both run on this; the worker's messages are [`ToWorker`] and
//! [`Answer`].

use crate::Bot;
use engine::table::{GameView, Public, SeatUpdate, Update};
use engine::Seat;
/// The analyses an [`AnalysisAnswer`] carries (the page reads them; the solver stays out
/// of it): Hokm's in tricks, Shelem's and Bidel's in card points.
pub use search::{HandAnalysis, PointsAnalysis};
use serde::{Deserialize, Serialize};

/// One bot seat: the bot and the newest view it was sent, with its step.
struct BotSeat<G: GameView, B: ?Sized> {
    bot: Box<B>,
    view: Option<(u32, G::View)>,
}

/// The bots of a table, indexed by engine seat. `B` is the bot's type behind its box:
/// `dyn Bot<G>` in a page, `dyn Bot<G> + Send` where a task of another thread owns them
/// (a relay's room).
pub struct SeatBots<G: GameView, B: ?Sized + Bot<G> = dyn Bot<G>> {
    seats: Vec<Option<BotSeat<G, B>>>,
}

impl<G: GameView, B: ?Sized + Bot<G>> SeatBots<G, B> {
    /// The bots of a table: `bots[s]` plays engine seat `s` (none where `None`).
    pub fn new(bots: Vec<Option<Box<B>>>) -> SeatBots<G, B> {
        let seats = bots
            .into_iter()
            .map(|b| b.map(|bot| BotSeat { bot, view: None }))
            .collect();
        SeatBots { seats }
    }

    /// Whether a bot plays `seat`.
    pub fn plays(&self, seat: Seat) -> bool {
        matches!(self.seats.get(seat.idx()), Some(Some(_)))
    }

    /// Seats `bot` at `seat` (or takes the seat's bot away with `None`), with the seat's
    /// snapshot `now` (its view at the current step) to choose from.
    pub fn set(&mut self, seat: Seat, bot: Option<Box<B>>, now: Option<&Update<G>>) {
        if self.seats.len() <= seat.idx() {
            self.seats.resize_with(seat.idx() + 1, || None);
        }
        self.seats[seat.idx()] = bot.map(|bot| BotSeat {
            bot,
            view: now.map(|u| (u.step, u.view.clone())),
        });
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

/// What a page sends its Web Worker (JSON, tagged by `t`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ToWorker<E, V> {
    /// Start a table of `game` (its web slug): one hard bot for each listed seat, with its
    /// seed. Forgets any earlier table.
    Seats {
        game: String,
        seats: Vec<(Seat, u64)>,
    },
    /// Updates of the listed seats only (the page never sends another seat's view).
    Updates { updates: Vec<SeatUpdate<E, V>> },
    /// Choose for `seat` on the view of `step`.
    Choose { seat: Seat, step: u32 },
}

/// What the worker answers a [`ToWorker::Choose`]: the action, or `None` when it has no
/// view of that step for that seat (the table moved on) or the seat may not act.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer<A> {
    pub seat: Seat,
    pub step: u32,
    pub action: Option<A>,
}

/// What a page sends its Web Worker to analyse the last hand of a local table (issue 12):
/// the table's setup and its whole log (JSON `{"t":"analyse", …}`). The worker rebuilds the
/// hand with the engine and refuses one that is not over (D-8: only then are its hands
/// public). `id` is echoed in every answer, so a page drops answers of an older request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalyseHand<S, A> {
    pub t: String,
    pub id: u32,
    /// The game's web slug (only `hokm` is analysed for now).
    pub game: String,
    pub setup: engine::Setup<S>,
    pub log: Vec<engine::log::Step<A>>,
    /// The most nodes a Shelem or Bidel analysis may search (the worker's own budget if
    /// absent): the browser tests ask for fewer, the page's players never do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<u64>,
}

impl<S, A> AnalyseHand<S, A> {
    /// The message `t` every analysis request carries.
    pub const T: &'static str = "analyse";

    pub fn new(
        id: u32,
        game: &str,
        setup: engine::Setup<S>,
        log: Vec<engine::log::Step<A>>,
    ) -> Self {
        AnalyseHand {
            t: Self::T.to_string(),
            id,
            game: game.to_string(),
            setup,
            log,
            budget: None,
        }
    }
}

/// The worker's answers to an [`AnalyseHand`]: progress while it searches, then the
/// analysis or why there is none. One flat object (`{"t":"analysis","id":…,…}`) rather
/// than a tagged enum: serde's tagged enums cost the page's wasm tens of kilobytes. `A` is
/// the game's analysis ([`HandAnalysis`] for Hokm, [`PointsAnalysis`] for Shelem and
/// Bidel), so a page reads only its own game's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalysisAnswer<A = HandAnalysis> {
    /// Always [`AnalysisAnswer::T`]: the page tells these from other worker messages.
    pub t: String,
    pub id: u32,
    /// `done` of the hand's `total` plays are analysed (0 at first).
    pub done: u32,
    pub total: u32,
    /// The analysis, once done; or, with `more`, the analysis of the hand's later tricks
    /// while the search reaches further back.
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    pub analysis: Option<A>,
    /// The worker is still searching: `analysis` covers only the later tricks of the hand,
    /// and a wider one follows.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub more: bool,
    /// Why the hand could not be analysed, in English (for the console; the page says it in
    /// the player's language).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// `serde(default)` for an `Option<A>` whose `A` has no `Default`.
fn none<A>() -> Option<A> {
    None
}

/// An analysis the worker answers with: how many plays it covers (the progress's total).
pub trait Analysed {
    fn plays(&self) -> u32;
}

impl Analysed for HandAnalysis {
    fn plays(&self) -> u32 {
        self.values.len().saturating_sub(1) as u32
    }
}

impl Analysed for PointsAnalysis {
    fn plays(&self) -> u32 {
        u32::from(self.plays)
    }
}

impl<A: Analysed> AnalysisAnswer<A> {
    /// The message `t` of every answer.
    pub const T: &'static str = "analysis";

    /// `done` of `total` plays analysed.
    pub fn progress(id: u32, done: u32, total: u32) -> Self {
        AnalysisAnswer {
            t: Self::T.into(),
            id,
            done,
            total,
            analysis: None,
            more: false,
            error: None,
        }
    }

    /// The analysis of the hand's later tricks (`done` of `total` plays), while the worker
    /// searches further back.
    pub fn partial(id: u32, analysis: A, done: u32, total: u32) -> Self {
        AnalysisAnswer {
            t: Self::T.into(),
            id,
            done,
            total,
            analysis: Some(analysis),
            more: true,
            error: None,
        }
    }

    /// The analysis, or why there is none.
    pub fn result(id: u32, result: Result<A, String>) -> Self {
        let total = result.as_ref().map_or(0, Analysed::plays);
        let (analysis, error) = match result {
            Ok(a) => (Some(a), None),
            Err(e) => (None, Some(e)),
        };
        AnalysisAnswer {
            t: Self::T.into(),
            id,
            done: total,
            total,
            analysis,
            more: false,
            error,
        }
    }

    /// Whether this is the end of the analysis (the last analysis or an error), not
    /// progress or a partial analysis.
    pub fn is_final(&self) -> bool {
        (self.analysis.is_some() && !self.more) || self.error.is_some()
    }
}
