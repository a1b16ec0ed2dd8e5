//! The table runs on what one seat sees: legality from a seat's view alone, and what each
//! seat is sent after a step.
//!
//! Online rooms keep the only full state on the relay; a browser's table, a bot that
//! searches, or a relay that answers "may I play this?" before it touches the state only
//! ever hold one seat's [`Game::View`] and the public [`Game::Event`]s. So:
//! - [`GameView::legal_from_view`] lists a seat's legal actions from its view alone (C-5:
//!   legality never needs another seat's cards), exactly as [`Game::legal_actions`] does,
//!   in the same order (a property test every game runs checks this at every step);
//! - [`updates`] builds, after a step, what every seat is sent: the step number, the public
//!   event and that seat's own view, never the action (a raw action may carry a hidden
//!   card: Bidel's pass, Shelem's and two-player Hokm's discards, Haft Khabis' given card).

use crate::game::{Game, Status};
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// A game whose legal actions can be listed from one seat's view alone.
pub trait GameView: Game {
    /// Appends the legal actions of the view's seat to `out`, computed from `view` alone:
    /// the same actions, in the same order, as [`Game::legal_actions`] lists for that seat
    /// (none if it may not act).
    fn legal_from_view(view: &Self::View, out: &mut Vec<Self::Action>);
}

/// What happened at a step, as everybody may learn it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Public<E> {
    /// A seat's action was applied: what it showed everybody ([`Game::apply`]'s event,
    /// which names the seat that acted).
    Event(E),
    /// The hand was over and the next one was dealt ([`Game::next_hand`]); the view shows
    /// the new hand.
    NextHand,
    /// The seat's turn timer ran out (D-7): the events of what its timeout played, in
    /// order (one or more; [`Game::apply_timeout`]).
    Timeout {
        /// The seat that timed out.
        seat: Seat,
        /// The events of the actions the timeout played.
        events: Vec<E>,
    },
}

/// The version of the wire form of what a seat is sent ([`SeatUpdate`] in JSON, with the
/// games' views and events in it) and of what it sends ([`Move`]). Shared by the relay and
/// the browser; bumped whenever that JSON changes in a way a peer of the previous version
/// would misread (docs/protocol.md). The registry's golden fixtures pin it.
pub const PROTOCOL_VERSION: u32 = 2;

/// What a seat sends to act: its action, stamped with the step of the newest frame it
/// has seen ([`SeatUpdate::step`]). A relay refuses a move whose step is not the room's
/// current one (the seat acted on an old view), and the seat resends from its new view.
///
/// JSON: `{"step": 12, "action": A}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move<A> {
    /// The step of the newest frame the seat has seen.
    pub step: u32,
    /// The seat's action.
    pub action: A,
}

/// What one seat is sent after a step: never another seat's action or hidden card.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatUpdate<E, V> {
    /// The seat this update is for. Read as seat 0 when missing: a [`WatchUpdate`] (seat
    /// 0's view without its hand, [`Game::watch_view`]) reads as the update of seat 0, so a
    /// page draws a watched table as it draws a seat's (issue 23).
    #[serde(default)]
    pub seat: Seat,
    /// The step's number in the match: the number of steps of the match log this view
    /// follows (a room sends 1 after the first step; a snapshot carries the number of
    /// steps so far, 0 before any).
    pub step: u32,
    /// What happened, for everybody; `None` in a snapshot (a seat joining or reconnecting).
    pub public: Option<Public<E>>,
    /// Who may act now (public: every seat sees whose turn it is), the hand being over, or
    /// the match.
    pub status: Status,
    /// This seat's view after the step.
    pub view: V,
}

/// A [`SeatUpdate`] of game `G`.
pub type Update<G> = SeatUpdate<<G as Game>::Event, <G as Game>::View>;

/// What every seat is sent after step `step` of `g` (`g` is the state after it): one
/// update per seat, in seat order, each with the public event and the seat's own view.
/// With `public` `None`, a snapshot of every seat's view (a start, a resync).
pub fn updates<G: Game>(g: &G, step: u32, public: Option<&Public<G::Event>>) -> Vec<Update<G>> {
    (0..g.players())
        .map(|s| SeatUpdate {
            seat: Seat(s),
            step,
            public: public.cloned(),
            status: g.status(),
            view: g.view(Seat(s)),
        })
        .collect()
}

/// What someone watching the table is sent after a step (issue 23): the step number, the
/// public event and who may act, as every seat is sent them, and the watchers' view
/// ([`Game::watch_view`]): no seat, no hand. The same for every watcher.
///
/// JSON: `{"step", "public", "status", "view"}` (a [`SeatUpdate`] without its `seat`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WatchUpdate<E, V> {
    /// The step's number in the match, as in [`SeatUpdate::step`].
    pub step: u32,
    /// What happened, for everybody; `None` in a snapshot (a watcher arriving).
    pub public: Option<Public<E>>,
    /// Who may act now, the hand being over, or the match.
    pub status: Status,
    /// The watchers' view after the step.
    pub view: V,
}

/// A [`WatchUpdate`] of game `G`.
pub type Watch<G> = WatchUpdate<<G as Game>::Event, <G as Game>::View>;

/// What a watcher is sent after step `step` of `g` (`g` is the state after it), with the
/// step's public event; with `public` `None`, a snapshot.
pub fn watch_update<G: Game>(g: &G, step: u32, public: Option<&Public<G::Event>>) -> Watch<G> {
    WatchUpdate {
        step,
        public: public.cloned(),
        status: g.status(),
        view: g.watch_view(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Deal, Setup};
    use crate::games::shelem::{Shelem, ShelemAction, ShelemSettings};

    /// SH-5: the hakem's discards are face down. Every seat's update after one carries the
    /// public event (who discarded, how many are left) and its own view; the discarded card
    /// is in the hakem's view only. In JSON: `{"seat", "step", "public": {"event": …},
    /// "view"}`; a snapshot has no `public`.
    #[test]
    fn rule_sh_5_updates_carry_the_event_and_each_seats_view_never_the_discard() {
        let setup = Setup {
            players: 4,
            settings: ShelemSettings::default(),
            deal: Deal::seeded(11),
        };
        let mut g = Shelem::new(&setup).unwrap();
        let mut legal = Vec::new();
        let mut step = 0;
        // The first bidder bids the minimum, everyone else passes.
        let (seat, card) = loop {
            let Status::Acting(seats) = g.status() else {
                panic!("the hand ended before a discard");
            };
            let seat = seats.iter().next().unwrap();
            legal.clear();
            <Shelem as GameView>::legal_from_view(&g.view(seat), &mut legal);
            let a = match legal[0] {
                ShelemAction::Bid(_) if g.view(seat).bid.is_some() => ShelemAction::Pass,
                a => a,
            };
            if let ShelemAction::Discard(card) = a {
                break (seat, card);
            }
            g.apply(seat, &a).unwrap();
            step += 1;
        };
        let event = g.apply(seat, &ShelemAction::Discard(card)).unwrap();
        let public = Public::Event(event);
        let ups = updates(&g, step, Some(&public));
        assert_eq!(ups.len(), 4);
        for (s, u) in ups.iter().enumerate() {
            assert_eq!((u.seat, u.step), (Seat(s as u8), step));
            assert_eq!(u.public.as_ref(), Some(&public));
            assert_eq!(u.view, g.view(Seat(s as u8)));
            let json = serde_json::to_value(u).unwrap();
            assert!(json["public"]["event"].is_object(), "{json}");
            let named = json.to_string().contains(&format!("\"{card}\""));
            assert_eq!(named, Seat(s as u8) == seat, "seat {s}: {json}");
        }
        let snapshot = updates(&g, step, None);
        assert!(snapshot.iter().all(|u| u.public.is_none()));
    }
}
