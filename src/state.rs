//! The table's state and every transition of it, as a Yew [`Reducible`], for any game: what
//! the bottom seat may know (its view, its legal actions from that view, the status, this
//! hand's public events), the [`Source`] of play behind it (the game and its log, in the
//! page for local play), the bots behind their driver, and what the screen shows around
//! the rules (a finished trick held in view, the pass-and-play cover, messages).
//!
//! No-op actions return the same `Rc`, so nothing re-renders. Side effects (timers,
//! storage) are not here: the table's hook runs them in `use_effect_with`.

use crate::adapters::{ShownTrick, UiGame};
use crate::config::{players_valid, SeatKind, TableConfig};
use crate::driver::{web_worker, Bots, NoBots, TableBots};
use crate::source::{Local, Refused, Source};
use engine::table::{Public, Update};
use engine::{CardSet, Deal, Game, MatchLog, MatchLogOf, Seat, SeatSet, Setup, Status, Step};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
use yew::Reducible;

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

/// The saved game format's version.
pub const SAVE_VERSION: u32 = 2;
/// Where the first version kept its one (Hokm) save; dropped on start.
pub const OLD_SAVE_KEY: &str = "cards.save.v1";

/// The local-storage key of a game's saved table (one per game).
pub fn save_key(slug: &str) -> String {
    format!("cards.save.v{SAVE_VERSION}.{slug}")
}

/// The local-storage key saying a game of `slug` is in progress (not finished): the
/// hash of its table. The home page reads these instead of the saves, so it needs no game
/// code to offer "continue".
pub fn progress_key(slug: &str) -> String {
    format!("cards.progress.{slug}")
}

/// One entry of the action log: the engine's match-log [`Step`] (a seat's action, the next
/// hand, a turn timeout). Its JSON is the one saves always had, so older saves still read.
pub type LogEntry<A> = Step<A>;

/// A saved game: rebuilt by replaying `log` on a game made from `setup` (the engine's
/// [`engine::log::replay`]; [`match_log`] gives it as one [`MatchLog`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Save<S, A> {
    pub version: u32,
    /// The game's slug.
    pub game: String,
    pub setup: Setup<S>,
    pub config: TableConfig<S>,
    pub log: Vec<LogEntry<A>>,
}

/// The save of a game `G`.
pub type SaveOf<G> = Save<<G as Game>::Settings, <G as Game>::Action>;

/// A saved game of `G` as the engine's match log (for a bug report or a relay): the same
/// setup, split into its public and secret parts, and the same steps.
pub fn match_log<G: Game>(save: &SaveOf<G>) -> MatchLogOf<G> {
    MatchLog::new(G::NAME, save.setup.clone(), save.log.clone())
}

/// Reads a saved game of `G`; `None` for anything that is not a valid save of this version.
pub fn parse_save<G: UiGame>(json: &str) -> Option<SaveOf<G>> {
    let save: SaveOf<G> = serde_json::from_str(json).ok()?;
    (save.version == SAVE_VERSION
        && save.game == G::ID.slug()
        && save.setup == setup_of::<G>(&save.config)
        && players_valid(&save.config.players, G::PLAYER_COUNTS))
    .then_some(save)
}

/// The engine setup of a table.
pub fn setup_of<G: UiGame>(config: &TableConfig<G::Settings>) -> Setup<G::Settings> {
    Setup {
        players: config.player_count(),
        settings: config.settings.clone(),
        deal: Deal::seeded(config.seed),
    }
}

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
        let mut st = TableState {
            intro_open: opening && G::has_intro(),
            config,
            seating,
            source: Rc::new(RefCell::new(local)),
            bots: Rc::new(RefCell::new(bots)),
            seat: Seat(0),
            own: None,
            step: 0,
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
        };
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
        let mut legal = Vec::new();
        G::legal_from_view(&first.view, &mut legal);
        TableState {
            intro_open: first.step == 0 && G::has_intro(),
            config,
            seating,
            source,
            bots: Rc::new(RefCell::new(NoBots)),
            seat: first.seat,
            own: Some(first.seat),
            step: first.step,
            view: first.view,
            legal: Rc::new(legal),
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
        G::legal_from_view(&self.view, &mut legal);
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
mod tests {
    use super::*;
    use crate::config::Player;
    use engine::games::bidel::Bidel;
    use engine::games::hokm::{Hokm, HokmAction};
    use engine::games::pasur::Pasur;
    use engine::games::shelem::Shelem;
    use engine::Game;
    use engine::RuleError;

    /// A table of `seed` with easy bots: these tests are of the table, and play many
    /// matches (the hard bots' path through the worker is tested in `driver`).
    fn config<G: UiGame>(seed: u64) -> TableConfig<G::Settings> {
        let mut c = TableConfig {
            seed,
            ..TableConfig::new(G::PLAYER_COUNTS)
        };
        c.players
            .iter_mut()
            .for_each(|p| p.level = crate::config::Level::Easy);
        c
    }

    fn first_legal<G: UiGame>(st: &TableState<G>, seat: Seat) -> G::Action {
        let mut legal = Vec::new();
        st.game().legal_actions(seat, &mut legal);
        legal[0].clone()
    }

    fn play_first_legal<G: UiGame>(st: &mut Rc<TableState<G>>, steps: usize) {
        for _ in 0..steps {
            let Some(seat) = st.to_act() else {
                if st.game().status() == Status::HandOver {
                    *st = st.clone().reduce(TableAction::NextHand);
                    continue;
                }
                break;
            };
            let action = first_legal(st, seat);
            *st = st.clone().reduce(TableAction::Act { seat, action });
        }
    }

    fn save_replays<G: UiGame>(seed: u64) {
        let mut st = Rc::new(TableState::<G>::new(config::<G>(seed)));
        play_first_legal(&mut st, 80);
        let json = serde_json::to_string(&st.save().unwrap()).unwrap();
        let back = parse_save::<G>(&json).expect("parses");
        let restored = TableState::<G>::restore(&back).expect("replays");
        assert_eq!(restored.game().state_hash(), st.game().state_hash());
        // The restored table is at the same step as the bots' views: the bot to act does.
        assert_eq!(restored.step, st.step);
        assert_eq!(
            (
                restored.seat,
                &restored.view,
                &restored.legal,
                restored.status
            ),
            (st.seat, &st.view, &st.legal, st.status)
        );
        assert_eq!(
            restored.events, st.events,
            "this hand's events are replayed too"
        );
        if let Some(bot) = restored.bot_to_act() {
            assert!(restored
                .bots
                .borrow_mut()
                .choose(bot, restored.step)
                .is_some());
        }
        assert_eq!((*restored.log().unwrap()), (*st.log().unwrap()));
    }

    #[test]
    fn a_saved_game_replays_to_the_same_state() {
        save_replays::<Hokm>(42);
        save_replays::<Shelem>(42);
        save_replays::<Bidel>(42);
        save_replays::<Pasur>(42);
    }

    /// A save as version 2 wrote it before its log entries were the engine's match-log
    /// steps, written out by hand: `{"act": {"seat", "action"}}` and `"next_hand"`.
    fn old_save_json(seed: u64, log: &[LogEntry<HokmAction>]) -> String {
        let entries: Vec<String> = log
            .iter()
            .map(|e| match e {
                Step::Act { seat, action } => format!(
                    r#"{{"act":{{"seat":{},"action":{}}}}}"#,
                    seat.0,
                    serde_json::to_string(action).unwrap()
                ),
                Step::NextHand => r#""next_hand""#.to_string(),
                Step::Timeout { .. } => unreachable!("the table has no timer"),
            })
            .collect();
        format!(
            r#"{{"version":2,"game":"hokm","setup":{{"players":4,"settings":{{}},"deal":{{"seed":{seed}}}}},"config":{{"settings":{{}},"players":[{{"kind":"you","name":""}},{{"kind":"bot"}},{{"kind":"bot"}},{{"kind":"bot"}}],"seed":{seed}}},"log":[{}]}}"#,
            entries.join(",")
        )
    }

    #[test]
    fn an_old_save_reads_and_replays_and_is_a_match_log() {
        let mut st = Rc::new(TableState::<Hokm>::new(config::<Hokm>(3)));
        play_first_legal(&mut st, 200);
        assert!(
            (*st.log().unwrap()).contains(&LogEntry::NextHand),
            "a hand was dealt"
        );
        let json = old_save_json(3, &st.log().unwrap());
        let back = parse_save::<Hokm>(&json).expect("an old save parses");
        assert_eq!(back.log, (*st.log().unwrap()));
        let restored = TableState::<Hokm>::restore(&back).expect("and replays");
        assert_eq!(restored.game().state_hash(), st.game().state_hash());
        // The save is a match log: the engine's replay gives the same game.
        let log = match_log::<Hokm>(&back);
        assert_eq!(log.deal.seed, 3);
        let g: Hokm = log.replay().unwrap();
        assert_eq!(g.state_hash(), st.game().state_hash());
        let public = serde_json::to_value(&log.public).unwrap();
        assert!(public.get("seed").is_none() && public.get("deal").is_none());
    }

    #[test]
    fn corrupt_old_or_foreign_saves_are_refused() {
        assert!(parse_save::<Hokm>("").is_none());
        assert!(parse_save::<Hokm>("{}").is_none());
        assert!(parse_save::<Hokm>("not json").is_none());
        let st = TableState::<Hokm>::new(config::<Hokm>(0));
        let mut save = st.save().unwrap();
        save.version = 1;
        assert!(parse_save::<Hokm>(&serde_json::to_string(&save).unwrap()).is_none());
        let bidel = TableState::<Bidel>::new(config::<Bidel>(0)).save().unwrap();
        let json = serde_json::to_string(&bidel).unwrap();
        assert!(
            parse_save::<Hokm>(&json).is_none(),
            "a Bidel save is not Hokm's"
        );
        assert!(parse_save::<Bidel>(&json).is_some());
        let mut save = st.save().unwrap();
        save.log.push(LogEntry::NextHand);
        let json = serde_json::to_string(&save).unwrap();
        let parsed = parse_save::<Hokm>(&json).unwrap();
        assert!(
            TableState::<Hokm>::restore(&parsed).is_none(),
            "illegal log is refused"
        );
    }

    #[test]
    fn illegal_clicks_show_an_error_and_no_ops_keep_the_rc() {
        let st = Rc::new(TableState::<Hokm>::new(config::<Hokm>(0)));
        let same = st.clone().reduce(TableAction::DismissError(99));
        assert!(Rc::ptr_eq(&st, &same));
        let seat = st.to_act().unwrap();
        let other = seat.next(4);
        let after = st.clone().reduce(TableAction::Act {
            seat: other,
            action: HokmAction::Redeal,
        });
        assert_eq!(after.error.as_ref().unwrap().error.code(), "not_your_turn");
        // A bot's refused answer, or an answer for another step, is dropped.
        let bot = st.clone().reduce(TableAction::Bot {
            seat: other,
            step: st.step,
            action: HokmAction::Redeal,
        });
        assert!(Rc::ptr_eq(&st, &bot));
        let stale = st.clone().reduce(TableAction::Bot {
            seat,
            step: st.step + 1,
            action: st.legal.first().cloned().unwrap_or(HokmAction::Redeal),
        });
        assert!(Rc::ptr_eq(&st, &stale));
    }

    #[test]
    fn act_all_applies_every_action_or_none() {
        let st = Rc::new(TableState::<Bidel>::new(config::<Bidel>(5)));
        let seat = Seat(0);
        let view = st.game().view(seat);
        let cards: Vec<_> = view.hand.iter().take(3).collect();
        let pass = |c| engine::games::bidel::BidelAction::Pass(c);
        // The third card repeats the first: refused, and nothing of it applies.
        let bad = st.clone().reduce(TableAction::ActAll {
            seat,
            actions: vec![pass(cards[0]), pass(cards[1]), pass(cards[0])],
        });
        assert!(bad.error.is_some());
        assert!((*bad.log().unwrap()).is_empty());
        assert_eq!(bad.game().state_hash(), st.game().state_hash());
        let good = st.clone().reduce(TableAction::ActAll {
            seat,
            actions: cards.iter().map(|&c| pass(c)).collect(),
        });
        assert!(good.error.is_none());
        assert_eq!((*good.log().unwrap()).len(), 3);
    }

    #[test]
    fn the_cover_shows_only_with_two_people() {
        let st = TableState::<Hokm>::new(config::<Hokm>(0));
        assert_eq!(st.cover_for(), None);
        let mut config = config::<Hokm>(0);
        config.players[2] = Player {
            name: "Sara".into(),
            ..Player::new(SeatKind::Person)
        };
        let st = Rc::new(TableState::<Hokm>::new(config));
        let v = st.viewer();
        assert_eq!(st.cover_for(), Some(v));
        let st = st.reduce(TableAction::Reveal(v));
        assert_eq!(st.cover_for(), None);
    }

    /// A relay as the table sees it: what the table sends is only recorded here; the test
    /// applies it to the room's game and hands the table its seat's updates.
    struct FakeRelay<G: UiGame> {
        sent: Vec<Step<G::Action>>,
    }

    impl<G: UiGame> Source<G> for FakeRelay<G> {
        fn act(
            &mut self,
            seat: Seat,
            _step: u32,
            actions: &[G::Action],
        ) -> Result<Vec<Update<G>>, Refused<G::Error>> {
            self.sent.extend(actions.iter().map(|a| Step::Act {
                seat,
                action: a.clone(),
            }));
            Ok(Vec::new())
        }

        fn next_hand(&mut self, _step: u32) -> Result<Vec<Update<G>>, Refused<G::Error>> {
            self.sent.push(Step::NextHand);
            Ok(Vec::new())
        }

        fn snapshot(&self, _seat: Seat) -> Option<Update<G>> {
            None
        }
    }

    /// What the table shows, as far as the state decides it: the seat, its view and legal
    /// actions, the status, the hand's events, the trick held in view, the seating.
    fn shown<G: UiGame>(st: &TableState<G>) -> impl PartialEq + std::fmt::Debug {
        (
            st.seat,
            st.step,
            st.view.clone(),
            st.legal.clone(),
            st.status,
            st.events.clone(),
            st.held.as_ref().map(|h| (h.trick.clone(), h.collecting)),
            st.seating.clone(),
            st.intro_open,
        )
    }

    /// Plays one match of `config` through a local table (the game, the log and the bots
    /// in the page; every trick held and released, bots waiting for it and for the intro)
    /// and, step by step, through a remote table fed only with its seat's per-seat updates
    /// from a room's game: the two show the same thing at every step, and the local
    /// table's save replays to the room's game.
    fn local_and_remote_agree<G: UiGame>(config: TableConfig<G::Settings>, max_steps: usize) {
        let mut local = Rc::new(TableState::<G>::new(config.clone()));
        assert_eq!(local.config, config, "{}: a valid table", G::NAME);
        let seat = local.seat;
        let mut room = engine::Match::<G>::new(&setup_of::<G>(&config)).unwrap();
        let relay = Rc::new(RefCell::new(FakeRelay::<G> { sent: Vec::new() }));
        let first = room.snapshot(seat).unwrap();
        let mut remote = Rc::new(TableState::<G>::remote(config, relay.clone(), first));
        let mut person = G::bot(11);
        // The room applies what the remote table sent, or what its own bots chose, and
        // sends the table its seat's update.
        let relay_step =
            |room: &mut engine::Match<G>, remote: &mut Rc<TableState<G>>, step: Step<G::Action>| {
                let public = room.step(step).expect("the step applies");
                let ups = room.updates(Some(&public));
                *remote = remote
                    .clone()
                    .reduce(TableAction::Receive(vec![ups[seat.idx()].clone()]));
            };
        if local.intro_open {
            assert_eq!(local.bot_to_act(), None, "bots wait for the intro panel");
            local = local.reduce(TableAction::CloseIntro);
            remote = remote.reduce(TableAction::CloseIntro);
        }
        assert_eq!(shown(&local), shown(&remote), "{} at the start", G::NAME);
        for _ in 0..max_steps {
            if let Some(h) = local.held.clone() {
                assert_eq!(local.bot_to_act(), None, "bots wait while a trick is shown");
                local = local.reduce(TableAction::HoldStep {
                    id: h.id,
                    skip_animation: true,
                });
                let id = remote.held.as_ref().expect("held on both").id;
                remote = remote.reduce(TableAction::HoldStep {
                    id,
                    skip_animation: true,
                });
            } else {
                match local.status {
                    Status::MatchOver => break,
                    Status::HandOver => {
                        local = local.reduce(TableAction::NextHand);
                        remote = remote.reduce(TableAction::NextHand);
                    }
                    Status::Acting(_) => match local.bot_to_act() {
                        Some(bot) => {
                            let step = local.step;
                            let action = local.bots.borrow_mut().choose(bot, step).unwrap();
                            local = local.reduce(TableAction::Bot {
                                seat: bot,
                                step,
                                action: action.clone(),
                            });
                            // The room's bot: the same choice, made on the room's side.
                            relay
                                .borrow_mut()
                                .sent
                                .push(Step::Act { seat: bot, action });
                        }
                        None => {
                            assert_eq!(local.seat, seat);
                            let action = person.choose(&local.view, &local.legal);
                            local = local.reduce(TableAction::Act {
                                seat,
                                action: action.clone(),
                            });
                            remote = remote.reduce(TableAction::Act { seat, action });
                        }
                    },
                }
                let sent: Vec<_> = relay.borrow_mut().sent.drain(..).collect();
                assert_eq!(sent.len(), 1, "{}: one step at a time", G::NAME);
                for step in sent {
                    relay_step(&mut room, &mut remote, step);
                }
            }
            assert_eq!(
                shown(&local),
                shown(&remote),
                "{} at step {}",
                G::NAME,
                local.step
            );
        }
        assert_eq!(local.status, Status::MatchOver, "{} ended", G::NAME);
        assert_eq!(room.game().state_hash(), local.game().state_hash());
        // The whole match, saved, replays to the same game.
        let restored = TableState::<G>::restore(&local.save().unwrap()).unwrap();
        assert_eq!(restored.game().state_hash(), room.game().state_hash());
    }

    #[test]
    fn a_local_table_and_a_remote_one_fed_by_per_seat_updates_show_the_same() {
        use engine::games::crazy_eights::CrazyEights;
        use engine::games::haft_khabis::HaftKhabis;
        let mut c = config::<Hokm>(21);
        c.settings.target = 3;
        local_and_remote_agree::<Hokm>(c.clone(), 4000);
        c.players.truncate(2);
        local_and_remote_agree::<Hokm>(c, 4000);
        let mut c = config::<Shelem>(21);
        c.settings.target = 1000;
        local_and_remote_agree::<Shelem>(c.clone(), 20_000);
        c.players.truncate(2);
        local_and_remote_agree::<Shelem>(c, 20_000);
        let mut c = config::<Bidel>(21);
        c.settings.target = 100;
        local_and_remote_agree::<Bidel>(c.clone(), 20_000);
        c.players.pop();
        local_and_remote_agree::<Bidel>(c, 20_000);
        local_and_remote_agree::<Pasur>(config::<Pasur>(21), 20_000);
        local_and_remote_agree::<CrazyEights>(config::<CrazyEights>(21), 20_000);
        local_and_remote_agree::<HaftKhabis>(config::<HaftKhabis>(21), 20_000);
    }

    /// The cards a table offers to play are the engine's legal cards, at every step of
    /// random hands of the trick-taking games (Shelem's joker leads in Sars included).
    #[test]
    fn the_playable_cards_are_the_engines_legal_cards() {
        use engine::games::shelem::ShelemSettings;
        fn check<G: UiGame>(
            config: TableConfig<G::Settings>,
            legal_cards: fn(&G, Seat) -> CardSet,
        ) {
            let mut st = Rc::new(TableState::<G>::new(config));
            let mut bot = G::bot(3);
            let mut checked = 0;
            for _ in 0..600 {
                let Some(seat) = st.to_act() else {
                    if st.status == Status::HandOver {
                        st = st.reduce(TableAction::NextHand);
                        continue;
                    }
                    break;
                };
                // Every seat is the bottom seat of some table: look from the acting one.
                let g = st.game();
                let view = g.view(seat);
                let mut legal = Vec::new();
                g.legal_actions(seat, &mut legal);
                let shown: CardSet = legal.iter().filter_map(G::played_card).collect();
                assert_eq!(
                    shown,
                    legal_cards(&g, seat),
                    "{} at step {}",
                    G::NAME,
                    st.step
                );
                checked += usize::from(!shown.is_empty());
                let action = bot.choose(&view, &legal);
                st = st.reduce(TableAction::Act { seat, action });
                st = Rc::new(TableState {
                    held: None,
                    ..st.changed()
                });
            }
            assert!(checked > 50, "{}: {checked} plays checked", G::NAME);
        }
        check::<Hokm>(config::<Hokm>(4), |g, s| g.legal_cards(s));
        check::<Bidel>(config::<Bidel>(4), |g, s| g.legal_cards(s));
        for seed in 0..4 {
            let settings = ShelemSettings {
                jokers: true,
                sars: true,
                ..ShelemSettings::default()
            };
            check::<Shelem>(
                TableConfig {
                    settings,
                    ..config::<Shelem>(seed)
                },
                |g, s| g.legal_cards(s),
            );
        }
    }
}
