//! The table's state and every transition of it, as a Yew [`Reducible`]: the engine's game,
//! the action log (what a saved game is rebuilt from), the bots, and what the screen shows
//! around the rules (a finished trick held in view, the pass-and-play cover, messages).
//!
//! No-op actions return the same `Rc`, so nothing re-renders. Side effects (timers,
//! storage) are not here: the table page runs them in `use_effect_with`.

use crate::config::{SeatKind, TableConfig};
use bots::{Bot, HokmBot};
use engine::games::hokm::{Hokm, HokmAction, HokmError, HokmEvent, HokmSettings, HokmView, Trick};
use engine::{Deal, Game, Seat, Setup, Status};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
use yew::Reducible;

/// How long a bot "thinks" before each card or trump choice, in milliseconds.
pub const BOT_DELAY_MS: u32 = 700;
/// How long a completed trick stays in view before it is gathered, in milliseconds (HK-11).
pub const TRICK_HOLD_MS: u32 = 1200;
/// How long the gathering animation lasts, in milliseconds.
pub const TRICK_COLLECT_MS: u32 = 450;
/// How long an error message stays, in milliseconds.
pub const ERROR_MS: u32 = 3500;

/// The local-storage key of the saved game.
pub const SAVE_KEY: &str = "cards.save.v1";
/// The saved game format's version.
pub const SAVE_VERSION: u32 = 1;

/// One entry of the action log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LogEntry {
    /// A seat's action.
    Act { seat: Seat, action: HokmAction },
    /// The next hand was dealt.
    NextHand,
}

/// A saved game: rebuilt by replaying `log` on a game made from `setup`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Save {
    pub version: u32,
    pub setup: Setup<HokmSettings>,
    pub config: TableConfig,
    pub log: Vec<LogEntry>,
}

impl Save {
    /// Reads a saved game; `None` for anything that is not a valid save of this version.
    pub fn parse(json: &str) -> Option<Save> {
        let save: Save = serde_json::from_str(json).ok()?;
        (save.version == SAVE_VERSION
            && save.setup == setup_of(&save.config)
            && TableConfig::players_valid(&save.config.players))
        .then_some(save)
    }
}

/// The engine setup of a table.
pub fn setup_of(config: &TableConfig) -> Setup<HokmSettings> {
    Setup {
        players: 4,
        settings: config.settings.clone(),
        deal: Deal::seeded(config.seed),
    }
}

/// The bots of the table, one per engine seat played by a bot.
pub struct Bots(Vec<Option<Box<dyn Bot<Hokm>>>>);

impl Bots {
    fn new(config: &TableConfig, seating: [u8; 4]) -> Bots {
        Bots(
            (0..4)
                .map(|s| {
                    let player = seating[s] as usize;
                    (config.players[player].kind == SeatKind::Bot).then(|| {
                        let seed =
                            config.seed ^ (0x9E37_79B9_7F4A_7C15u64.wrapping_mul(s as u64 + 1));
                        Box::new(HokmBot::new(seed)) as Box<dyn Bot<Hokm>>
                    })
                })
                .collect(),
        )
    }

    fn observe(&mut self, ev: &HokmEvent) {
        for b in self.0.iter_mut().flatten() {
            b.observe(ev);
        }
    }

    /// The bot of `seat` chooses from its view (None if a person plays that seat).
    pub fn choose(
        &mut self,
        seat: Seat,
        view: &HokmView,
        legal: &[HokmAction],
    ) -> Option<HokmAction> {
        let bot = self.0.get_mut(seat.idx())?.as_mut()?;
        (!legal.is_empty()).then(|| bot.choose(view, legal))
    }
}

/// A completed trick kept in view for a moment (HK-11).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Held {
    pub trick: Trick,
    /// The cards are moving to the winner's side.
    pub collecting: bool,
    /// Which change of state made it (to ignore stale timers).
    pub id: u64,
}

/// An illegal click's error, shown for a moment.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorNote {
    pub error: HokmError,
    pub id: u64,
}

/// Everything the table shows.
pub struct TableState {
    pub config: TableConfig,
    pub game: Hokm,
    pub log: Vec<LogEntry>,
    pub bots: Rc<RefCell<Bots>>,
    pub held: Option<Held>,
    pub error: Option<ErrorNote>,
    /// The person who last confirmed "I am …" at the pass-and-play cover.
    pub revealed: Option<usize>,
    /// Reviewing the last trick (HK-11 setting).
    pub show_last: bool,
    /// The HK-2 hakem draw panel is open.
    pub intro_open: bool,
    /// Bumped on every change: effects depend on it.
    pub epoch: u64,
    /// A saved game of this table was found but did not replay (a notice is due).
    pub restore_failed: bool,
}

/// What can happen at the table.
#[derive(Clone, Debug, PartialEq)]
pub enum TableAction {
    /// A seat acts; `by_bot` errors are dropped instead of shown.
    Act {
        seat: Seat,
        action: HokmAction,
        by_bot: bool,
    },
    /// Deal the next hand.
    NextHand,
    /// The held trick's timer fired (hold → gather → gone).
    HoldStep { id: u64, skip_animation: bool },
    /// A person confirmed at the cover.
    Reveal(usize),
    /// Show or hide the last trick.
    ToggleLastTrick,
    /// Close the HK-2 draw panel.
    CloseIntro,
    /// The error's timer fired, or it was dismissed.
    DismissError(u64),
}

impl TableState {
    /// A new match for this table. A setup the engine refuses falls back to the default
    /// settings (the link parser only lets valid settings through, so this is a safety net).
    pub fn new(config: TableConfig) -> TableState {
        let (config, game) = match Hokm::new(&setup_of(&config)) {
            Ok(g) => (config, g),
            Err(_) => {
                let config = TableConfig {
                    settings: HokmSettings::default(),
                    ..config
                };
                // Four players and the default settings are always accepted.
                let game = Hokm::new(&setup_of(&config)).expect("default Hokm setup is valid");
                (config, game)
            }
        };
        let seating = game.view(Seat(0)).seating;
        let bots = Bots::new(&config, seating);
        TableState {
            config,
            game,
            log: Vec::new(),
            bots: Rc::new(RefCell::new(bots)),
            held: None,
            error: None,
            revealed: None,
            show_last: false,
            intro_open: true,
            epoch: 0,
            restore_failed: false,
        }
    }

    /// Rebuilds a saved game by replaying its log; `None` if any entry does not apply.
    pub fn restore(save: &Save) -> Option<TableState> {
        let mut st = TableState::new(save.config.clone());
        if st.config != save.config {
            return None;
        }
        for entry in &save.log {
            match entry {
                LogEntry::Act { seat, action } => {
                    let ev = st.game.apply(*seat, action).ok()?;
                    st.bots.borrow_mut().observe(&ev);
                }
                LogEntry::NextHand => st.game.next_hand().ok()?,
            }
            st.log.push(entry.clone());
        }
        st.intro_open = st.log.is_empty();
        Some(st)
    }

    /// The save of this state.
    pub fn save(&self) -> Save {
        Save {
            version: SAVE_VERSION,
            setup: setup_of(&self.config),
            config: self.config.clone(),
            log: self.log.clone(),
        }
    }

    /// Which participant sits in `seat`.
    pub fn player_at(&self, seat: Seat) -> usize {
        self.game.view(seat).seating[seat.idx()] as usize
    }

    /// The engine seat of participant `player`.
    pub fn seat_of(&self, player: usize) -> Seat {
        let seating = self.game.view(Seat(0)).seating;
        Seat(
            seating
                .iter()
                .position(|&p| p as usize == player)
                .unwrap_or(player) as u8,
        )
    }

    /// Whether a bot plays `seat`.
    pub fn is_bot_seat(&self, seat: Seat) -> bool {
        self.config.players[self.player_at(seat)].kind == SeatKind::Bot
    }

    /// The seat to act, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match self.game.status() {
            Status::Acting(set) => set.first(),
            _ => None,
        }
    }

    /// The person the screen is for: the person to act, else whoever last confirmed at
    /// the cover, else the first person.
    pub fn viewer(&self) -> usize {
        if let Some(seat) = self.to_act() {
            let p = self.player_at(seat);
            if self.config.players[p].kind.is_human() {
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
        self.to_act().filter(|&s| self.is_bot_seat(s))
    }

    fn changed(&self) -> TableState {
        TableState {
            config: self.config.clone(),
            game: self.game.clone(),
            log: self.log.clone(),
            bots: self.bots.clone(),
            held: self.held,
            error: self.error.clone(),
            revealed: self.revealed,
            show_last: self.show_last,
            intro_open: self.intro_open,
            epoch: self.epoch + 1,
            restore_failed: self.restore_failed,
        }
    }
}

impl Reducible for TableState {
    type Action = TableAction;

    fn reduce(self: Rc<Self>, action: TableAction) -> Rc<Self> {
        match action {
            TableAction::Act {
                seat,
                action,
                by_bot,
            } => {
                let mut next = self.changed();
                match next.game.apply(seat, &action) {
                    Ok(ev) => {
                        next.bots.borrow_mut().observe(&ev);
                        next.log.push(LogEntry::Act { seat, action });
                        next.held = match ev {
                            HokmEvent::Played { trick: Some(t), .. } => Some(Held {
                                trick: t,
                                collecting: false,
                                id: next.epoch,
                            }),
                            _ => None,
                        };
                        next.error = None;
                        next.show_last = false;
                        next.intro_open = false;
                        Rc::new(next)
                    }
                    Err(_) if by_bot => self,
                    Err(error) => {
                        next.error = Some(ErrorNote {
                            error,
                            id: next.epoch,
                        });
                        Rc::new(next)
                    }
                }
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
                Rc::new(next)
            }
            TableAction::HoldStep { id, skip_animation } => match self.held {
                Some(h) if h.id == id => {
                    let mut next = self.changed();
                    next.held = (!h.collecting && !skip_animation).then_some(Held {
                        collecting: true,
                        ..h
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
    use engine::RuleError;

    fn play_bots(st: &mut Rc<TableState>, steps: usize) {
        for _ in 0..steps {
            let Some(seat) = st.to_act() else {
                if st.game.status() == Status::HandOver {
                    *st = st.clone().reduce(TableAction::NextHand);
                    continue;
                }
                break;
            };
            let view = st.game.view(seat);
            let mut legal = Vec::new();
            st.game.legal_actions(seat, &mut legal);
            let action = legal[0];
            *st = st.clone().reduce(TableAction::Act {
                seat,
                action,
                by_bot: false,
            });
            let _ = view;
        }
    }

    #[test]
    fn a_saved_game_replays_to_the_same_state() {
        let config = TableConfig {
            seed: 42,
            ..TableConfig::default()
        };
        let mut st = Rc::new(TableState::new(config));
        play_bots(&mut st, 80);
        let save = st.save();
        let json = serde_json::to_string(&save).unwrap();
        let back = Save::parse(&json).expect("parses");
        let restored = TableState::restore(&back).expect("replays");
        assert_eq!(restored.game.state_hash(), st.game.state_hash());
        assert_eq!(restored.log, st.log);
    }

    #[test]
    fn corrupt_or_old_saves_are_refused() {
        assert!(Save::parse("").is_none());
        assert!(Save::parse("{}").is_none());
        assert!(Save::parse("not json").is_none());
        let st = TableState::new(TableConfig::default());
        let mut save = st.save();
        save.version = 0;
        assert!(Save::parse(&serde_json::to_string(&save).unwrap()).is_none());
        let mut save = st.save();
        save.log.push(LogEntry::NextHand);
        let json = serde_json::to_string(&save).unwrap();
        let parsed = Save::parse(&json).unwrap();
        assert!(
            TableState::restore(&parsed).is_none(),
            "illegal log is refused"
        );
    }

    #[test]
    fn illegal_clicks_show_an_error_and_no_ops_keep_the_rc() {
        let st = Rc::new(TableState::new(TableConfig::default()));
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
    fn a_whole_match_plays_through_the_reducer_with_bots() {
        let mut config = TableConfig {
            seed: 9,
            ..TableConfig::default()
        };
        config.settings.target = 3;
        let mut st = Rc::new(TableState::new(config));
        assert_eq!(st.bot_to_act(), None, "bots wait for the draw panel");
        st = st.reduce(TableAction::CloseIntro);
        for _ in 0..2000 {
            if let Some(h) = st.held {
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
                    let seat = st.to_act().unwrap();
                    let action = match st.bot_to_act() {
                        Some(bot) => {
                            assert_eq!(bot, seat);
                            let view = st.game.view(seat);
                            let mut legal = Vec::new();
                            st.game.legal_actions(seat, &mut legal);
                            st.bots.borrow_mut().choose(seat, &view, &legal).unwrap()
                        }
                        None => {
                            assert!(!st.is_bot_seat(seat));
                            let mut legal = Vec::new();
                            st.game.legal_actions(seat, &mut legal);
                            legal[0]
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
        let restored = TableState::restore(&st.save()).unwrap();
        assert_eq!(restored.game.state_hash(), st.game.state_hash());
    }

    #[test]
    fn the_cover_shows_only_with_two_people() {
        let st = TableState::new(TableConfig::default());
        assert_eq!(st.cover_for(), None);
        let mut config = TableConfig::default();
        config.players[2] = Player {
            kind: SeatKind::Person,
            name: "Sara".into(),
        };
        let st = Rc::new(TableState::new(config));
        let v = st.viewer();
        assert_eq!(st.cover_for(), Some(v));
        let st = st.reduce(TableAction::Reveal(v));
        assert_eq!(st.cover_for(), None);
    }
}
