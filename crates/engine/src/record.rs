//! A finished hand as the rules reveal it, for a replay away from the table that dealt it
//! (issue 23: the relay sends it once a hand is over; the page steps through it).
//!
//! At a hand's end every hand is shown (D-8), so the hand may be replayed with every seat's
//! cards as dealt; what must stay hidden is the match's seed (it would tell every later
//! deal) and the order of the cards the hand never drew (the stock left at its end, HX-15,
//! CE-9). A [`HandRecord`] is therefore not the match's setup but the hand's first state,
//! written as [`FromView`] rebuilds states (seat 0's view at the deal and the places of every
//! card it does not show, the never-drawn part of the stock sorted), and the hand's steps.
//! A step that shuffled (a redeal, a reshuffled discard pile) is an *anchor*: the record
//! gives its public events and the state after it, written the same way, since a rebuilt
//! state draws its shuffles from a seed of its own.
//!
//! [`HandRecord::of`] checks what it builds: the rebuilt hand, stepped through, must give
//! every seat the same view, status and events as the true one at every step; a record that
//! would not is refused ([`RecordError::Unrecordable`]), never sent wrong.

use crate::card::Card;
use crate::game::{Setup, Status};
use crate::log::{apply_step, Step};
use crate::rebuild::FromView;
use crate::seat::Seat;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A game whose true hidden cards can be read, and whose hand can be written as a
/// [`HandRecord`].
pub trait Reveal: FromView<Hidden: PartialEq + Serialize + DeserializeOwned> {
    /// Where every card not in a view is now (the same for every seat: each seat's own
    /// cards are among them as its view shows them).
    fn hidden(&self) -> Self::Hidden;

    /// How many shuffles the match has drawn so far.
    fn shuffles(&self) -> u32;

    /// The undealt cards of `h` in order, top first (none where a hand deals every card at
    /// its start).
    fn stock(h: &mut Self::Hidden) -> &mut [Card] {
        let _ = h;
        &mut []
    }
}

/// One finished hand: its first state as [`FromView`] takes it, its steps, and the state
/// after each step that shuffled. JSON: `{"view", "hidden", "steps", "anchors"?}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct HandRecord<G: Reveal> {
    /// Seat 0's view as the hand was dealt.
    pub view: G::View,
    /// Every card the view does not show, as dealt, the never-drawn stock sorted.
    pub hidden: G::Hidden,
    /// The hand's steps, in order.
    pub steps: Vec<Step<G::Action>>,
    /// The steps that shuffled, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub anchors: Vec<Anchor<G>>,
}

/// A step of a [`HandRecord`] that shuffled: what it showed everybody, and the state after
/// it as the record's first state is written.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Anchor<G: Reveal> {
    /// The number of the hand's steps applied (this one's index plus one).
    pub after: u32,
    /// The step's public events.
    pub events: Vec<G::Event>,
    /// Seat 0's view after the step.
    pub view: G::View,
    /// Every card that view does not show, the never-drawn stock sorted.
    pub hidden: G::Hidden,
}

impl<G: Reveal> PartialEq for Anchor<G> {
    fn eq(&self, other: &Self) -> bool {
        self.after == other.after
            && self.events == other.events
            && self.view == other.view
            && self.hidden == other.hidden
    }
}

impl<G: Reveal> PartialEq for HandRecord<G> {
    fn eq(&self, other: &Self) -> bool {
        self.view == other.view
            && self.hidden == other.hidden
            && self.steps == other.steps
            && self.anchors == other.anchors
    }
}

/// Why a hand has no record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The hand is still being played.
    InPlay,
    /// The log does not replay.
    BadLog(String),
    /// The record would not replay as the hand went (a defect: never sent).
    Unrecordable(String),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::InPlay => write!(f, "the hand is still being played"),
            RecordError::BadLog(e) => write!(f, "the log does not replay: {e}"),
            RecordError::Unrecordable(e) => write!(f, "the hand cannot be recorded: {e}"),
        }
    }
}

/// A hand's states: the first, then each step's events and the state after it.
pub type States<G> = (G, Vec<(Vec<<G as crate::Game>::Event>, G)>);

impl<G: Reveal> HandRecord<G> {
    /// The record of the last hand of a match: `setup` and every step so far, the last
    /// hand over ([`RecordError::InPlay`] otherwise).
    pub fn of(setup: &Setup<G::Settings>, log: &[Step<G::Action>]) -> Result<Self, RecordError> {
        let start = crate::log::hand_start(log);
        let bad = |e: String| RecordError::BadLog(e);
        let mut g = G::new(setup).map_err(|e| bad(e.to_string()))?;
        let mut events = Vec::new();
        for s in &log[..start] {
            apply_step(&mut g, s, &mut events).map_err(|e| bad(format!("{e:?}")))?;
        }
        let steps = &log[start..];
        let first = g.clone();
        let mut record = HandRecord {
            view: g.view(Seat(0)),
            hidden: g.hidden(),
            steps: steps.to_vec(),
            anchors: Vec::new(),
        };
        // How many cards of each stock (as dealt, then after each anchor) were drawn.
        let mut drawn = vec![0];
        let mut truth = Vec::with_capacity(steps.len());
        let mut before = G::stock(&mut record.hidden).len();
        for (k, s) in steps.iter().enumerate() {
            let shuffles = g.shuffles();
            events.clear();
            apply_step(&mut g, s, &mut events).map_err(|e| bad(format!("{e:?}")))?;
            let mut hidden = g.hidden();
            let now = G::stock(&mut hidden).len();
            if g.shuffles() == shuffles {
                *drawn.last_mut().unwrap_or(&mut 0) += before.saturating_sub(now);
            } else {
                record.anchors.push(Anchor {
                    after: k as u32 + 1,
                    events: events.clone(),
                    view: g.view(Seat(0)),
                    hidden,
                });
                drawn.push(0);
            }
            before = now;
            truth.push((events.clone(), g.clone()));
        }
        if !matches!(g.status(), Status::HandOver | Status::MatchOver) {
            return Err(RecordError::InPlay);
        }
        let hiddens = std::iter::once(&mut record.hidden)
            .chain(record.anchors.iter_mut().map(|a| &mut a.hidden));
        for (h, d) in hiddens.zip(drawn) {
            let stock = G::stock(h);
            let d = d.min(stock.len());
            stock[d..].sort();
        }
        record.check(&first, &truth)?;
        Ok(record)
    }

    /// The stock as the record last writes it (after its last anchor, else as dealt), top
    /// first: its end is the stock left at the hand's end, sorted.
    pub fn last_stock(&self) -> Vec<Card> {
        let mut h = self
            .anchors
            .last()
            .map_or(&self.hidden, |a| &a.hidden)
            .clone();
        G::stock(&mut h).to_vec()
    }

    /// The hand stepped through from the record alone.
    pub fn states(&self) -> Result<States<G>, RecordError> {
        let wrong = |e: String| RecordError::Unrecordable(e);
        let mut g = G::from_view(&self.view, &self.hidden, 0).map_err(|e| wrong(e.to_string()))?;
        let first = g.clone();
        let mut out = Vec::with_capacity(self.steps.len());
        let mut anchors = self.anchors.iter().peekable();
        for (k, s) in self.steps.iter().enumerate() {
            let mut events = Vec::new();
            match anchors.next_if(|a| a.after as usize == k + 1) {
                Some(a) => {
                    g = G::from_view(&a.view, &a.hidden, 0).map_err(|e| wrong(e.to_string()))?;
                    events.clone_from(&a.events);
                }
                None => apply_step(&mut g, s, &mut events)
                    .map_err(|_| wrong(format!("step {} refused", k + 1)))?,
            }
            out.push((events, g.clone()));
        }
        if anchors.next().is_some() {
            return Err(wrong("an anchor past the steps".into()));
        }
        Ok((first, out))
    }

    /// Steps the rebuilt hand beside the true one (`first`, then each step's events and
    /// state): every seat's view, the status and the events must be the same throughout.
    fn check(&self, first: &G, truth: &[(Vec<G::Event>, G)]) -> Result<(), RecordError> {
        let differs =
            |k: usize, what: &str| RecordError::Unrecordable(format!("{what} at step {k}"));
        // What differs, named without a card (the message may reach a log).
        let same = |a: &G, b: &G| {
            if a.status() != b.status() {
                return Err("the status");
            }
            match (0..a.players()).find(|&p| a.view(Seat(p)) != b.view(Seat(p))) {
                Some(_) => Err("a view"),
                None => Ok(()),
            }
        };
        let (g, states) = self.states()?;
        same(&g, first).map_err(|w| differs(0, w))?;
        for (k, ((e, g), (te, t))) in states.iter().zip(truth).enumerate() {
            if e != te {
                return Err(differs(k + 1, "an event"));
            }
            same(g, t).map_err(|w| differs(k + 1, w))?;
        }
        Ok(())
    }
}
