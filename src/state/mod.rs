//! The table's state and every transition of it, as a Yew [`Reducible`], for any game: what
//! the bottom seat may know (its view, its legal actions from that view, the status, this
//! hand's public events), the [`Source`] of play behind it (the game and its log, in the
//! page for local play), the bots behind their driver, and what the screen shows around
//! the rules (a finished trick held in view, the pass-and-play cover, messages).
//!
//! No-op actions return the same `Rc`, so nothing re-renders. Side effects (timers,
//! storage) are not here: the table's hook runs them in `use_effect_with`.

use crate::adapters::{ShownTrick, UiGame};
use crate::config::{SeatKind, TableConfig};
use crate::driver::{web_worker, Bots, NoBots, TableBots};
use crate::source::{Local, Refused, Source};
use engine::table::{Public, Update};
use engine::{CardSet, Seat, SeatSet, Status};
use std::cell::RefCell;
use std::rc::Rc;
use yew::Reducible;

mod save;
pub use save::{
    match_log, parse_save, progress_key, save_key, setup_of, LogEntry, Save, SaveOf, OLD_SAVE_KEY,
    SAVE_VERSION,
};

/// How long a bot "thinks" before each action, in milliseconds.
pub const BOT_DELAY_MS: u32 = 700;
/// How long a bot waits before each pick of a simultaneous choice, in milliseconds.
pub const BOT_QUICK_MS: u32 = 200;
/// How long a completed trick stays in view before it is gathered, in milliseconds (HK-11).
pub const TRICK_HOLD_MS: u32 = 1200;
/// How long the gathering animation lasts, in milliseconds.
pub const TRICK_COLLECT_MS: u32 = 450;
/// How long an error message stays, in milliseconds.
pub const ERROR_MS: u32 = 3500;

/// A completed trick kept in view for a moment (HK-11).
#[derive(Clone, Debug, PartialEq)]
pub struct Held {
    pub trick: ShownTrick,
    /// The cards are moving to the winner's side.
    pub collecting: bool,
    /// Which change of state made it (to ignore stale timers).
    pub id: u64,
}

/// An illegal click's error, shown for a moment.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorNote<E> {
    pub error: E,
    pub id: u64,
}

/// One public event of the hand, with the step that made it.
pub type Heard<E> = (u32, Public<E>);

/// Everything the table shows: what its seat may know (its view and legal actions, the
/// status, the public events of this hand) and the screen's own state around it. The game
/// itself is behind [`TableState::source`]; the pages never read it.
pub struct TableState<G: UiGame> {
    pub config: TableConfig<G::Settings>,
    /// Which participant sits in each engine seat.
    pub seating: Vec<u8>,
    /// Where the play comes from ([`Local`] here).
    pub source: Rc<RefCell<dyn Source<G>>>,
    /// The bots of this device ([`Bots`] at a local table, [`NoBots`] online).
    pub bots: Rc<RefCell<dyn TableBots<G>>>,
    /// The seat whose view this is: the seat drawn at the bottom.
    pub seat: Seat,
    /// Online: the one seat this device plays (the screen never turns to another, and
    /// there is no pass-and-play cover).
    pub own: Option<Seat>,
    /// Online, someone watching the room (issue 23): the table is seat 0's place with no
    /// hand ([`engine::Game::watch_view`]); nothing is ever legal here.
    pub watch: bool,
    /// The number of steps of the match this view follows.
    pub step: u32,
    /// The bottom seat's view.
    pub view: G::View,
    /// The bottom seat's legal actions, from its view (none unless it may act).
    pub legal: Rc<Vec<G::Action>>,
    /// Who may act, or whether the hand or the match is over.
    pub status: Status,
    /// The public events of this hand so far, oldest first.
    pub events: Rc<Vec<Heard<G::Event>>>,
    pub held: Option<Held>,
    pub error: Option<ErrorNote<G::Error>>,
    /// The person who last confirmed "I am …" at the pass-and-play cover.
    pub revealed: Option<usize>,
    /// Reviewing the last trick (HK-11 setting).
    pub show_last: bool,
    /// The introduction panel (Hokm's HK-2 draw) is open.
    pub intro_open: bool,
    /// Bumped on every change: effects depend on it.
    pub epoch: u64,
    /// A saved game of this table was found but did not replay (a notice is due).
    pub restore_failed: bool,
}

/// What can happen at the table.
#[derive(Clone, Debug, PartialEq)]
pub enum TableAction<G: UiGame> {
    /// A person acts (a refused action's error is shown).
    Act { seat: Seat, action: G::Action },
    /// A bot acts, on the view of `step` (an answer for an older step is dropped, and so is
    /// a refused one).
    Bot {
        seat: Seat,
        step: u32,
        action: G::Action,
    },
    /// Several actions of one seat at once (Bidel's three passed cards); all or none apply.
    ActAll { seat: Seat, actions: Vec<G::Action> },
    /// Deal the next hand.
    NextHand,
    /// Updates of this table's seat from a source that answers later (a relay).
    Receive(Vec<Update<G>>),
    /// The held trick's timer fired (hold → gather → gone).
    HoldStep { id: u64, skip_animation: bool },
    /// A person confirmed at the cover.
    Reveal(usize),
    /// Show or hide the last trick.
    ToggleLastTrick,
    /// Close the introduction panel.
    CloseIntro,
    /// The error's timer fired, or it was dismissed.
    DismissError(u64),
}

/// The table of a new game of `config`; a setup the engine refuses falls back to the
/// default table (the link parser only lets valid settings through: a safety net).
fn local_of<G: UiGame>(config: TableConfig<G::Settings>) -> (TableConfig<G::Settings>, Local<G>) {
    match Local::new(&setup_of::<G>(&config)) {
        Ok(l) => (config, l),
        Err(_) => {
            let config = TableConfig {
                seed: config.seed,
                ..TableConfig::new(G::PLAYER_COUNTS)
            };
            let local = Local::new(&setup_of::<G>(&config)).expect("the default table is valid");
            (config, local)
        }
    }
}

impl<G: UiGame> TableState<G> {
    /// A new match for this table, played in the page.
    pub fn new(config: TableConfig<G::Settings>) -> TableState<G> {
        let (config, local) = local_of::<G>(config);
        TableState::with_local(config, local, |_| None)
    }

    /// The table of `local`, a match of `config` (new or restored by `replay`, which gets
    /// the bots to hand each step's updates to).
    fn with_local(
        config: TableConfig<G::Settings>,
        local: Local<G>,
        replay: impl FnOnce(&mut Bots<G>) -> Option<Local<G>>,
    ) -> TableState<G> {
        let first = local.snapshot(Seat(0)).expect("seat 0 exists");
        let seating = G::seating(&first.view);
        let mut bots = Bots::new(&config, &seating, web_worker::<G>);
        // The bots see the opening views, then whatever a saved match replays.
        let opening: Vec<_> = (0..seating.len() as u8)
            .filter_map(|s| local.snapshot(Seat(s)))
            .collect();
        bots.receive(&opening);
        let local = replay(&mut bots).unwrap_or(local);
        let opening = local.steps() == 0;
        let source = Rc::new(RefCell::new(local));
        let bots = Rc::new(RefCell::new(bots));
        let mut st = TableState::at(config, seating, source, bots, first, opening);
        (st.own, st.step) = (None, 0);
        st.refresh(&[]);
        st
    }

    /// The table of a seat whose play comes from `source` (a relay): the seat's first
    /// update (a snapshot) in hand, its later updates arriving as [`TableAction::Receive`].
    /// The relay plays the bots, so none play here.
    pub fn remote(
        config: TableConfig<G::Settings>,
        source: Rc<RefCell<dyn Source<G>>>,
        first: Update<G>,
    ) -> TableState<G> {
        let seating = G::seating(&first.view);
        let opening = first.step == 0;
        let mut st = TableState::at(
            config,
            seating,
            source,
            Rc::new(RefCell::new(NoBots)),
            first,
            opening,
        );
        let mut legal = Vec::new();
        G::legal_from_view(&st.view, &mut legal);
        st.legal = Rc::new(legal);
        st
    }

    /// A table at `first`, the update of its seat, before anything else is heard.
    fn at(
        config: TableConfig<G::Settings>,
        seating: Vec<u8>,
        source: Rc<RefCell<dyn Source<G>>>,
        bots: Rc<RefCell<dyn TableBots<G>>>,
        first: Update<G>,
        opening: bool,
    ) -> TableState<G> {
        TableState {
            intro_open: opening && G::has_intro(),
            config,
            seating,
            source,
            bots,
            seat: first.seat,
            own: Some(first.seat),
            watch: false,
            step: first.step,
            view: first.view,
            legal: Rc::default(),
            status: first.status,
            events: Rc::default(),
            held: None,
            error: None,
            revealed: None,
            show_last: false,
            epoch: 0,
            restore_failed: false,
        }
    }

    /// Rebuilds a saved game by replaying its log; `None` if any entry does not apply.
    pub fn restore(save: &SaveOf<G>) -> Option<TableState<G>> {
        let (config, fresh) = local_of::<G>(save.config.clone());
        if config != save.config {
            return None;
        }
        let setup = setup_of::<G>(&config);
        let mut replayed = false;
        // This hand's public events, as the table heard them before the reload.
        let mut events: Vec<Heard<G::Event>> = Vec::new();
        let mut st = TableState::with_local(config, fresh, |bots| {
            let local = Local::restore(&setup, &save.log, |ups| {
                bots.receive(ups);
                match ups.first().and_then(|u| Some((u.step, u.public.clone()?))) {
                    Some((_, Public::NextHand)) => events.clear(),
                    Some(heard) => events.push(heard),
                    None => {}
                }
            });
            replayed = local.is_some();
            local
        });
        st.events = Rc::new(events);
        replayed.then_some(st)
    }

    /// The save of this state (local play only).
    pub fn save(&self) -> Option<SaveOf<G>> {
        let log = self.source.borrow().log()?;
        Some(Save {
            version: SAVE_VERSION,
            game: G::ID.slug().to_string(),
            setup: setup_of::<G>(&self.config),
            config: self.config.clone(),
            log: (*log).clone(),
        })
    }

    /// The match log so far, where this device holds it (local play).
    pub fn log(&self) -> Option<std::sync::Arc<Vec<LogEntry<G::Action>>>> {
        self.source.borrow().log()
    }

    /// The whole game behind the table (tests only).
    #[cfg(test)]
    pub fn game(&self) -> G {
        self.source.borrow().game().expect("a local table")
    }

    /// The cards the bottom seat may play now, from its legal actions (trick-taking games).
    pub fn playable(&self) -> CardSet {
        self.legal.iter().filter_map(G::played_card).collect()
    }

    /// The number of seats.
    pub fn players(&self) -> u8 {
        self.seating.len() as u8
    }

    /// Which participant sits in `seat`.
    pub fn player_at(&self, seat: Seat) -> usize {
        self.seating
            .get(seat.idx())
            .map_or(seat.idx(), |&p| p as usize)
    }

    /// The engine seat of participant `player`.
    pub fn seat_of(&self, player: usize) -> Seat {
        Seat(
            self.seating
                .iter()
                .position(|&p| p as usize == player)
                .unwrap_or(player) as u8,
        )
    }

    /// The seats that may act now.
    pub fn acting(&self) -> SeatSet {
        match self.status {
            Status::Acting(set) => set,
            _ => SeatSet::default(),
        }
    }

    /// The seat to act (the first, when several choose at once), if any.
    #[cfg(test)]
    pub fn to_act(&self) -> Option<Seat> {
        self.acting().first()
    }

    /// The person the screen is for: the first person who may act, else whoever last
    /// confirmed at the cover, else the owner of the device, else the first person.
    pub fn viewer(&self) -> usize {
        for seat in self.acting().iter() {
            let p = self.player_at(seat);
            if self
                .config
                .players
                .get(p)
                .is_some_and(|p| p.kind.is_human())
            {
                return p;
            }
        }
        if let Some(r) = self.revealed {
            return r;
        }
        self.config
            .players
            .iter()
            .position(|p| p.kind == SeatKind::You)
            .or_else(|| self.config.players.iter().position(|p| p.kind.is_human()))
            .unwrap_or(0)
    }

    /// With two or more people on this device, the person who must confirm before their
    /// cards are shown.
    pub fn cover_for(&self) -> Option<usize> {
        if self.config.humans() < 2 || self.own.is_some() {
            return None;
        }
        let v = self.viewer();
        (self.revealed != Some(v)).then_some(v)
    }

    /// The bot that should act now, if nothing is in the way.
    pub fn bot_to_act(&self) -> Option<Seat> {
        // A person reviewing the last trick (HK-11) holds the bots until they close it.
        if self.intro_open || self.held.is_some() || self.show_last || self.cover_for().is_some() {
            return None;
        }
        let bots = self.bots.borrow();
        self.acting().iter().find(|&s| bots.plays(s))
    }

    fn changed(&self) -> TableState<G> {
        TableState {
            config: self.config.clone(),
            seating: self.seating.clone(),
            source: self.source.clone(),
            bots: self.bots.clone(),
            seat: self.seat,
            own: self.own,
            watch: self.watch,
            step: self.step,
            view: self.view.clone(),
            legal: self.legal.clone(),
            status: self.status,
            events: self.events.clone(),
            held: self.held.clone(),
            error: self.error.clone(),
            revealed: self.revealed,
            show_last: self.show_last,
            intro_open: self.intro_open,
            epoch: self.epoch + 1,
            restore_failed: self.restore_failed,
        }
    }

    /// Takes in updates: the public events of each new step (a new hand clears the hand's
    /// events; a completed trick is held in view), the status, and this table's seat's
    /// newest view. Updates of other seats (a local source answers every seat's) give only
    /// their step's event and status.
    fn absorb(&mut self, updates: &[Update<G>]) {
        for u in updates {
            if u.step > self.step {
                self.step = u.step;
                self.status = u.status;
                match &u.public {
                    Some(Public::NextHand) => {
                        self.events = Rc::default();
                        self.held = None;
                    }
                    Some(p) => {
                        if let Some(trick) = completed_trick::<G>(p) {
                            self.held = Some(Held {
                                trick,
                                collecting: false,
                                id: self.epoch,
                            });
                        }
                        Rc::make_mut(&mut self.events).push((u.step, p.clone()));
                    }
                    // A snapshot that jumps ahead (a reconnect): this hand's events
                    // before it are unknown.
                    None => self.events = Rc::default(),
                }
            }
        }
        self.refresh(updates);
    }

    /// Puts the view of the seat the screen is for in place: its newest update among
    /// `updates`, else a snapshot from the source (pass-and-play turns the screen to the
    /// next person).
    fn refresh(&mut self, updates: &[Update<G>]) {
        let seat = self.own.unwrap_or_else(|| self.seat_of(self.viewer()));
        let snapshot;
        let newest = updates
            .iter()
            .rev()
            .find(|u| u.seat == seat && u.step == self.step);
        let update = match newest {
            Some(u) => u,
            None => match self.source.borrow().snapshot(seat) {
                Some(s) => {
                    snapshot = s;
                    &snapshot
                }
                None => return,
            },
        };
        self.seat = seat;
        self.step = update.step;
        self.status = update.status;
        self.view = update.view.clone();
        self.seating = G::seating(&self.view);
        let mut legal = Vec::new();
        if !self.watch {
            G::legal_from_view(&self.view, &mut legal);
        }
        self.legal = Rc::new(legal);
    }

    /// After a step was taken: messages and reviews close.
    fn acted(mut next: TableState<G>) -> Rc<TableState<G>> {
        next.error = None;
        next.show_last = false;
        next.intro_open = false;
        Rc::new(next)
    }

    /// The table after `updates` (a step of its own, or the relay's): the source hears this
    /// seat's updates, a held trick gives way, and messages and reviews close.
    fn take_in(&self, updates: &[Update<G>]) -> Rc<TableState<G>> {
        {
            let mut source = self.source.borrow_mut();
            for u in updates.iter().filter(|u| u.seat == self.seat) {
                source.heard(u);
            }
        }
        let mut next = self.changed();
        next.held = None;
        next.absorb(updates);
        TableState::acted(next)
    }

    /// Sends `actions` of `seat` to the source and takes in what it answers.
    fn send(self: Rc<Self>, seat: Seat, actions: &[G::Action], by_bot: bool) -> Rc<Self> {
        let answer = self.source.borrow_mut().act(seat, self.step, actions);
        match answer {
            Ok(ups) => {
                self.bots.borrow_mut().receive(&ups);
                self.take_in(&ups)
            }
            Err(_) if by_bot => self,
            Err(Refused::Stale) => self,
            Err(Refused::Rule(error)) => {
                let mut next = self.changed();
                next.error = Some(ErrorNote {
                    error,
                    id: next.epoch,
                });
                Rc::new(next)
            }
        }
    }
}

/// The trick a public event completed, if any.
fn completed_trick<G: UiGame>(public: &Public<G::Event>) -> Option<ShownTrick> {
    match public {
        Public::Event(e) => G::completed_trick(e),
        Public::Timeout { events, .. } => events.iter().rev().find_map(G::completed_trick),
        Public::NextHand => None,
    }
}

impl<G: UiGame> Reducible for TableState<G> {
    type Action = TableAction<G>;

    fn reduce(self: Rc<Self>, action: TableAction<G>) -> Rc<Self> {
        match action {
            TableAction::Act { seat, action } => self.send(seat, &[action], false),
            TableAction::Bot { seat, step, action } => {
                if step != self.step {
                    return self;
                }
                self.send(seat, &[action], true)
            }
            TableAction::ActAll { seat, actions } => self.send(seat, &actions, false),
            TableAction::NextHand => {
                let answer = self.source.borrow_mut().next_hand(self.step);
                let Ok(ups) = answer else {
                    return self;
                };
                self.bots.borrow_mut().receive(&ups);
                let mut next = self.changed();
                next.error = None;
                next.show_last = false;
                next.absorb(&ups);
                Rc::new(next)
            }
            TableAction::Receive(ups) => {
                // Old news (a duplicate) changes nothing; a snapshot always refreshes.
                if ups
                    .iter()
                    .all(|u| u.step <= self.step && u.public.is_some())
                {
                    return self;
                }
                self.take_in(&ups)
            }
            TableAction::HoldStep { id, skip_animation } => match &self.held {
                Some(h) if h.id == id => {
                    let mut next = self.changed();
                    next.held = (!h.collecting && !skip_animation).then(|| Held {
                        collecting: true,
                        ..h.clone()
                    });
                    Rc::new(next)
                }
                _ => self,
            },
            TableAction::Reveal(p) => {
                if self.revealed == Some(p) {
                    return self;
                }
                let mut next = self.changed();
                next.revealed = Some(p);
                next.error = None;
                next.refresh(&[]);
                Rc::new(next)
            }
            TableAction::ToggleLastTrick => {
                let mut next = self.changed();
                next.show_last = !next.show_last;
                Rc::new(next)
            }
            TableAction::CloseIntro => {
                if !self.intro_open {
                    return self;
                }
                let mut next = self.changed();
                next.intro_open = false;
                Rc::new(next)
            }
            TableAction::DismissError(id) => match &self.error {
                Some(e) if e.id == id => {
                    let mut next = self.changed();
                    next.error = None;
                    Rc::new(next)
                }
                _ => self,
            },
        }
    }
}

#[cfg(test)]
mod browser_tables;
#[cfg(test)]
mod tests;
