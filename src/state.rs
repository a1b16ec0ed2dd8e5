//! The table's state and every transition of it, as a Yew [`Reducible`], for any game: the
//! engine's game, the action log (what a saved game is rebuilt from), the bots, and what the
//! screen shows around the rules (a finished trick held in view, the pass-and-play cover,
//! messages).
//!
//! No-op actions return the same `Rc`, so nothing re-renders. Side effects (timers,
//! storage) are not here: the table's hook runs them in `use_effect_with`.

use crate::config::{players_valid, SeatKind, TableConfig};
use crate::games::{ShownTrick, UiGame};
use bots::Bot;
use engine::log::apply_step;
use engine::{Deal, Game, MatchLog, MatchLogOf, Seat, SeatSet, Setup, Status, Step};
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

/// The bots of the table, one per engine seat played by a bot.
pub struct Bots<G: Game>(Vec<Option<Box<dyn Bot<G>>>>);

impl<G: UiGame> Bots<G> {
    fn new(config: &TableConfig<G::Settings>, seating: &[u8]) -> Bots<G> {
        Bots(
            seating
                .iter()
                .enumerate()
                .map(|(s, &player)| {
                    let kind = config.players.get(player as usize).map(|p| p.kind);
                    (kind == Some(SeatKind::Bot)).then(|| {
                        G::bot(config.seed ^ 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(s as u64 + 1))
                    })
                })
                .collect(),
        )
    }

    fn observe(&mut self, ev: &G::Event) {
        for b in self.0.iter_mut().flatten() {
            b.observe(ev);
        }
    }

    /// The bot of `seat` chooses from its view (None if a person plays that seat).
    pub fn choose(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> Option<G::Action> {
        let bot = self.0.get_mut(seat.idx())?.as_mut()?;
        (!legal.is_empty()).then(|| bot.choose(view, legal))
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

/// Everything the table shows.
pub struct TableState<G: UiGame> {
    pub config: TableConfig<G::Settings>,
    pub game: G,
    /// Which participant sits in each engine seat.
    pub seating: Vec<u8>,
    pub log: Vec<LogEntry<G::Action>>,
    pub bots: Rc<RefCell<Bots<G>>>,
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
pub enum TableAction<A> {
    /// A seat acts; `by_bot` errors are dropped instead of shown.
    Act { seat: Seat, action: A, by_bot: bool },
    /// Several actions of one seat at once (Bidel's three passed cards); all or none apply.
    ActAll { seat: Seat, actions: Vec<A> },
    /// Deal the next hand.
    NextHand,
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

impl<G: UiGame> TableState<G> {
    /// A new match for this table. A setup the engine refuses falls back to the default
    /// table (the link parser only lets valid settings through, so this is a safety net).
    pub fn new(config: TableConfig<G::Settings>) -> TableState<G> {
        let (config, game) = match G::new(&setup_of::<G>(&config)) {
            Ok(g) => (config, g),
            Err(_) => {
                let config = TableConfig {
                    seed: config.seed,
                    ..TableConfig::new(G::PLAYER_COUNTS)
                };
                let game = G::new(&setup_of::<G>(&config)).expect("the default table is valid");
                (config, game)
            }
        };
        let seating = game.seating();
        let bots = Bots::new(&config, &seating);
        let intro_open = game.has_intro();
        TableState {
            config,
            game,
            seating,
            log: Vec::new(),
            bots: Rc::new(RefCell::new(bots)),
            held: None,
            error: None,
            revealed: None,
            show_last: false,
            intro_open,
            epoch: 0,
            restore_failed: false,
        }
    }

    /// Rebuilds a saved game by replaying its log; `None` if any entry does not apply.
    pub fn restore(save: &SaveOf<G>) -> Option<TableState<G>> {
        let mut st = TableState::<G>::new(save.config.clone());
        if st.config != save.config {
            return None;
        }
        let mut events = Vec::new();
        for entry in &save.log {
            events.clear();
            apply_step(&mut st.game, entry, &mut events).ok()?;
            for ev in &events {
                st.bots.borrow_mut().observe(ev);
            }
            st.log.push(entry.clone());
        }
        st.seating = st.game.seating();
        st.intro_open = st.intro_open && st.log.is_empty();
        Some(st)
    }

    /// The save of this state.
    pub fn save(&self) -> SaveOf<G> {
        Save {
            version: SAVE_VERSION,
            game: G::ID.slug().to_string(),
            setup: setup_of::<G>(&self.config),
            config: self.config.clone(),
            log: self.log.clone(),
        }
    }

    /// The number of seats.
    pub fn players(&self) -> u8 {
        self.game.players()
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

    /// Whether a bot plays `seat`.
    pub fn is_bot_seat(&self, seat: Seat) -> bool {
        self.config
            .players
            .get(self.player_at(seat))
            .is_some_and(|p| p.kind == SeatKind::Bot)
    }

    /// The seats that may act now.
    pub fn acting(&self) -> SeatSet {
        match self.game.status() {
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
        if self.config.humans() < 2 {
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
        self.acting().iter().find(|&s| self.is_bot_seat(s))
    }

    fn changed(&self) -> TableState<G> {
        TableState {
            config: self.config.clone(),
            game: self.game.clone(),
            seating: self.seating.clone(),
            log: self.log.clone(),
            bots: self.bots.clone(),
            held: self.held.clone(),
            error: self.error.clone(),
            revealed: self.revealed,
            show_last: self.show_last,
            intro_open: self.intro_open,
            epoch: self.epoch + 1,
            restore_failed: self.restore_failed,
        }
    }

    /// Applies one action to `next`; the event's trick (if any) is held.
    fn apply_one(next: &mut TableState<G>, seat: Seat, action: G::Action) -> Result<(), G::Error> {
        let ev = next.game.apply(seat, &action)?;
        next.bots.borrow_mut().observe(&ev);
        next.log.push(LogEntry::Act { seat, action });
        if let Some(trick) = G::completed_trick(&ev) {
            next.held = Some(Held {
                trick,
                collecting: false,
                id: next.epoch,
            });
        }
        Ok(())
    }

    fn acted(mut next: TableState<G>) -> Rc<TableState<G>> {
        next.error = None;
        next.show_last = false;
        next.intro_open = false;
        next.seating = next.game.seating();
        Rc::new(next)
    }
}

impl<G: UiGame> Reducible for TableState<G> {
    type Action = TableAction<G::Action>;

    fn reduce(self: Rc<Self>, action: TableAction<G::Action>) -> Rc<Self> {
        match action {
            TableAction::Act {
                seat,
                action,
                by_bot,
            } => {
                let mut next = self.changed();
                next.held = None;
                match TableState::apply_one(&mut next, seat, action) {
                    Ok(()) => TableState::acted(next),
                    Err(_) if by_bot => self,
                    Err(error) => {
                        next.held = self.held.clone();
                        next.error = Some(ErrorNote {
                            error,
                            id: next.epoch,
                        });
                        Rc::new(next)
                    }
                }
            }
            TableAction::ActAll { seat, actions } => {
                let mut next = self.changed();
                next.held = None;
                for action in actions {
                    if let Err(error) = TableState::apply_one(&mut next, seat, action) {
                        // Nothing applies: back to the state before, with the message.
                        let mut back = self.changed();
                        back.error = Some(ErrorNote {
                            error,
                            id: back.epoch,
                        });
                        return Rc::new(back);
                    }
                }
                TableState::acted(next)
            }
            TableAction::NextHand => {
                let mut next = self.changed();
                if next.game.next_hand().is_err() {
                    return self;
                }
                next.log.push(LogEntry::NextHand);
                next.held = None;
                next.error = None;
                next.show_last = false;
                next.seating = next.game.seating();
                Rc::new(next)
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
    use engine::RuleError;

    fn config<G: UiGame>(seed: u64) -> TableConfig<G::Settings> {
        TableConfig {
            seed,
            ..TableConfig::new(G::PLAYER_COUNTS)
        }
    }

    fn first_legal<G: UiGame>(st: &TableState<G>, seat: Seat) -> G::Action {
        let mut legal = Vec::new();
        st.game.legal_actions(seat, &mut legal);
        legal[0].clone()
    }

    fn play_first_legal<G: UiGame>(st: &mut Rc<TableState<G>>, steps: usize) {
        for _ in 0..steps {
            let Some(seat) = st.to_act() else {
                if st.game.status() == Status::HandOver {
                    *st = st.clone().reduce(TableAction::NextHand);
                    continue;
                }
                break;
            };
            let action = first_legal(st, seat);
            *st = st.clone().reduce(TableAction::Act {
                seat,
                action,
                by_bot: false,
            });
        }
    }

    fn save_replays<G: UiGame>(seed: u64) {
        let mut st = Rc::new(TableState::<G>::new(config::<G>(seed)));
        play_first_legal(&mut st, 80);
        let json = serde_json::to_string(&st.save()).unwrap();
        let back = parse_save::<G>(&json).expect("parses");
        let restored = TableState::<G>::restore(&back).expect("replays");
        assert_eq!(restored.game.state_hash(), st.game.state_hash());
        assert_eq!(restored.log, st.log);
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
        assert!(st.log.contains(&LogEntry::NextHand), "a hand was dealt");
        let json = old_save_json(3, &st.log);
        let back = parse_save::<Hokm>(&json).expect("an old save parses");
        assert_eq!(back.log, st.log);
        let restored = TableState::<Hokm>::restore(&back).expect("and replays");
        assert_eq!(restored.game.state_hash(), st.game.state_hash());
        // The save is a match log: the engine's replay gives the same game.
        let log = match_log::<Hokm>(&back);
        assert_eq!(log.deal.seed, 3);
        let g: Hokm = log.replay().unwrap();
        assert_eq!(g.state_hash(), st.game.state_hash());
        let public = serde_json::to_value(&log.public).unwrap();
        assert!(public.get("seed").is_none() && public.get("deal").is_none());
    }

    #[test]
    fn corrupt_old_or_foreign_saves_are_refused() {
        assert!(parse_save::<Hokm>("").is_none());
        assert!(parse_save::<Hokm>("{}").is_none());
        assert!(parse_save::<Hokm>("not json").is_none());
        let st = TableState::<Hokm>::new(config::<Hokm>(0));
        let mut save = st.save();
        save.version = 1;
        assert!(parse_save::<Hokm>(&serde_json::to_string(&save).unwrap()).is_none());
        let bidel = TableState::<Bidel>::new(config::<Bidel>(0)).save();
        let json = serde_json::to_string(&bidel).unwrap();
        assert!(
            parse_save::<Hokm>(&json).is_none(),
            "a Bidel save is not Hokm's"
        );
        assert!(parse_save::<Bidel>(&json).is_some());
        let mut save = st.save();
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
            by_bot: false,
        });
        assert_eq!(after.error.as_ref().unwrap().error.code(), "not_your_turn");
        let bot = st.clone().reduce(TableAction::Act {
            seat: other,
            action: HokmAction::Redeal,
            by_bot: true,
        });
        assert!(Rc::ptr_eq(&st, &bot));
    }

    #[test]
    fn act_all_applies_every_action_or_none() {
        let st = Rc::new(TableState::<Bidel>::new(config::<Bidel>(5)));
        let seat = Seat(0);
        let view = st.game.view(seat);
        let cards: Vec<_> = view.hand.iter().take(3).collect();
        let pass = |c| engine::games::bidel::BidelAction::Pass(c);
        // The third card repeats the first: refused, and nothing of it applies.
        let bad = st.clone().reduce(TableAction::ActAll {
            seat,
            actions: vec![pass(cards[0]), pass(cards[1]), pass(cards[0])],
        });
        assert!(bad.error.is_some());
        assert!(bad.log.is_empty());
        assert_eq!(bad.game.state_hash(), st.game.state_hash());
        let good = st.clone().reduce(TableAction::ActAll {
            seat,
            actions: cards.iter().map(|&c| pass(c)).collect(),
        });
        assert!(good.error.is_none());
        assert_eq!(good.log.len(), 3);
    }

    /// Plays a whole match through the reducer: bots where bots sit, the first legal
    /// action for the person; every trick is held and released.
    fn whole_match<G: UiGame>(config: TableConfig<G::Settings>, max_steps: usize) {
        let mut st = Rc::new(TableState::<G>::new(config));
        // The person plays by a bot of their own (that sees no events, so it plays by
        // its hand alone).
        let mut person = G::bot(7);
        if st.intro_open {
            assert_eq!(st.bot_to_act(), None, "bots wait for the intro panel");
            st = st.reduce(TableAction::CloseIntro);
        }
        for _ in 0..max_steps {
            if let Some(h) = st.held.clone() {
                assert_eq!(st.bot_to_act(), None, "bots wait while a trick is shown");
                st = st.reduce(TableAction::HoldStep {
                    id: h.id,
                    skip_animation: true,
                });
                continue;
            }
            match st.game.status() {
                Status::MatchOver => break,
                Status::HandOver => st = st.reduce(TableAction::NextHand),
                Status::Acting(_) => {
                    let (seat, action) = match st.bot_to_act() {
                        Some(bot) => {
                            let view = st.game.view(bot);
                            let mut legal = Vec::new();
                            st.game.legal_actions(bot, &mut legal);
                            let a = st.bots.borrow_mut().choose(bot, &view, &legal).unwrap();
                            (bot, a)
                        }
                        None => {
                            let seat = st.to_act().unwrap();
                            assert!(!st.is_bot_seat(seat));
                            let mut legal = Vec::new();
                            st.game.legal_actions(seat, &mut legal);
                            (seat, person.choose(&st.game.view(seat), &legal))
                        }
                    };
                    let before = st.log.len();
                    st = st.reduce(TableAction::Act {
                        seat,
                        action,
                        by_bot: false,
                    });
                    assert_eq!(st.log.len(), before + 1);
                }
            }
        }
        assert_eq!(st.game.status(), Status::MatchOver);
        let restored = TableState::<G>::restore(&st.save()).unwrap();
        assert_eq!(restored.game.state_hash(), st.game.state_hash());
    }

    #[test]
    fn whole_matches_play_through_the_reducer_with_bots() {
        let mut c = config::<Hokm>(9);
        c.settings.target = 3;
        whole_match::<Hokm>(c.clone(), 3000);
        c.players.truncate(2);
        whole_match::<Hokm>(c, 6000);
        let mut c = config::<Bidel>(9);
        c.settings.target = 100;
        whole_match::<Bidel>(c.clone(), 20_000);
        c.players.pop();
        whole_match::<Bidel>(c, 20_000);
        let mut c = config::<Shelem>(9);
        c.settings.target = 1000;
        whole_match::<Shelem>(c, 20_000);
    }

    #[test]
    fn the_cover_shows_only_with_two_people() {
        let st = TableState::<Hokm>::new(config::<Hokm>(0));
        assert_eq!(st.cover_for(), None);
        let mut config = config::<Hokm>(0);
        config.players[2] = Player {
            kind: SeatKind::Person,
            name: "Sara".into(),
        };
        let st = Rc::new(TableState::<Hokm>::new(config));
        let v = st.viewer();
        assert_eq!(st.cover_for(), Some(v));
        let st = st.reduce(TableAction::Reveal(v));
        assert_eq!(st.cover_for(), None);
    }
}
