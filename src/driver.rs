//! The bots' side of the table. Each bot gets only its own seat's updates (its view and the
//! public events, as a relay would send them), keeps its own memory of the hand, and
//! answers a choice for a given step ([`bots::seats::SeatBots`]). Easy bots (the rule bots)
//! run in the page. Hard bots (the search, where the game has one) run in a Web Worker
//! (`crates/worker`, loaded only when a hard bot is seated or a hint is asked), which also
//! gives a person's hint from that person's own updates. A worker answers later, which is
//! why a choice names the step it was made on: the table drops an answer made on an older
//! step (after a new hand or a reload).

use crate::adapters::UiGame;
use crate::config::{SeatKind, TableConfig};
use bots::hard::HardGame;
use bots::seats::{Answer, SeatBots, ToWorker};
use engine::table::{Public, Update};
use engine::Seat;
use std::cell::RefCell;
use std::rc::Rc;

/// The seed of the bot of engine seat `s` at a table seeded `seed`.
fn seat_seed(seed: u64, s: usize) -> u64 {
    seed ^ 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(s as u64 + 1)
}

/// Where the worker's messages go: a Web Worker in the page, the worker's own code in
/// process in the unit tests.
pub trait Port {
    fn post(&self, json: String);
}

/// Called with a choice once it is known.
pub type Done<A> = Box<dyn FnOnce(A)>;

/// The worker's answers, and who waits for them.
pub struct Inbox<A> {
    waiting: Vec<(Seat, u32, Done<A>)>,
    /// The newest answer of each seat.
    answers: Vec<(Seat, u32, A)>,
    /// The choices asked and not answered yet (one per seat, the newest).
    asked: Vec<(Seat, u32)>,
}

impl<A: Clone> Inbox<A> {
    fn new() -> Inbox<A> {
        Inbox {
            waiting: Vec::new(),
            answers: Vec::new(),
            asked: Vec::new(),
        }
    }

    /// Takes in an answer (JSON); returns who waited for it, to be called outside any
    /// borrow (they dispatch to the table).
    pub fn deliver(inbox: &RefCell<Inbox<A>>, json: &str) -> Vec<(Done<A>, A)>
    where
        A: serde::de::DeserializeOwned,
    {
        let Ok(Answer { seat, step, action }) = serde_json::from_str::<Answer<A>>(json) else {
            return Vec::new();
        };
        let mut inbox = inbox.borrow_mut();
        inbox.asked.retain(|&a| a != (seat, step));
        // No choice (the worker had no view of that step): asking again asks again.
        let Some(action) = action else {
            return Vec::new();
        };
        inbox.answers.retain(|(s, _, _)| *s != seat);
        inbox.answers.push((seat, step, action.clone()));
        let (due, rest) = std::mem::take(&mut inbox.waiting)
            .into_iter()
            .partition(|(s, at, _)| (*s, *at) == (seat, step));
        inbox.waiting = rest;
        due.into_iter()
            .map(|(_, _, d)| (d, action.clone()))
            .collect()
    }

    fn answer(&self, seat: Seat, step: u32) -> Option<A> {
        self.answers
            .iter()
            .find(|(s, at, _)| (*s, *at) == (seat, step))
            .map(|(_, _, a)| a.clone())
    }
}

/// Starts a worker whose answers go to `inbox`; `None` if the browser cannot.
pub type Start<A> = fn(Rc<RefCell<Inbox<A>>>) -> Option<Box<dyn Port>>;

/// What the table asks of its bots. A local table has [`Bots`]; an online one has
/// [`NoBots`] (the relay plays its bots), so that an online page links no bot's code.
pub trait TableBots<G: UiGame> {
    /// Whether a bot plays `seat`.
    fn plays(&self, seat: Seat) -> bool;
    /// Whether a hard bot (in the worker) plays `seat`.
    fn is_hard(&self, seat: Seat) -> bool;
    /// Whether the worker gives hints for `seat`.
    fn hints(&self, seat: Seat) -> bool;
    /// Whether the worker is wanted from the start: a hard bot is seated.
    fn wants_worker(&self) -> bool;
    /// Hands every bot its own seat's updates.
    fn receive(&mut self, updates: &[Update<G>]);
    /// Opens the worker (once); `false` if it cannot be opened.
    fn start_worker(&mut self) -> bool;
    /// Asks the choice of `seat` on the view of step `step` ([`Bots::ask`]).
    fn ask(&mut self, seat: Seat, step: u32, done: Done<G::Action>) -> Option<G::Action>;

    /// The choice of `seat` at `step` if it is known now (a bot here, or a worker that
    /// answers in process, as in the unit tests).
    fn choose(&mut self, seat: Seat, step: u32) -> Option<G::Action> {
        let now = Rc::new(RefCell::new(None));
        let put = now.clone();
        let answered = self.ask(seat, step, Box::new(move |a| *put.borrow_mut() = Some(a)));
        answered.or_else(|| now.borrow_mut().take())
    }
}

/// No bots: a table on the relay, which plays them.
pub struct NoBots;

impl<G: UiGame> TableBots<G> for NoBots {
    fn plays(&self, _: Seat) -> bool {
        false
    }
    fn is_hard(&self, _: Seat) -> bool {
        false
    }
    fn hints(&self, _: Seat) -> bool {
        false
    }
    fn wants_worker(&self) -> bool {
        false
    }
    fn receive(&mut self, _: &[Update<G>]) {}
    fn start_worker(&mut self) -> bool {
        false
    }
    fn ask(&mut self, _: Seat, _: u32, _: Done<G::Action>) -> Option<G::Action> {
        None
    }
}

/// The bots of a table: the easy ones here, the hard ones (and the hints) in the worker.
pub struct Bots<G: UiGame> {
    inline: SeatBots<G>,
    /// Engine seats a hard bot plays.
    hard: Vec<Seat>,
    /// Every seat the worker takes (hard bots, and people for their hints), with its seed.
    worker_seats: Vec<(Seat, u64)>,
    /// This hand's updates of the worker's seats, for a worker started mid-hand.
    backlog: Vec<Update<G>>,
    port: Option<Box<dyn Port>>,
    inbox: Rc<RefCell<Inbox<G::Action>>>,
    start: Start<G::Action>,
}

impl<G: UiGame> Bots<G> {
    /// The bots of a table: for each engine seat whose participant (`seating`) is a bot, an
    /// easy one here, or a hard one in the worker where the game has one; each seeded from
    /// the table's seed and its seat. People's seats get hints where the game has a hard
    /// bot. `start` opens the worker when it is first needed.
    pub fn new(
        config: &TableConfig<G::Settings>,
        seating: &[u8],
        start: Start<G::Action>,
    ) -> Bots<G> {
        let mut inline = Vec::new();
        let mut hard = Vec::new();
        let mut worker_seats = Vec::new();
        for (s, &player) in seating.iter().enumerate() {
            let seat = Seat(s as u8);
            let seed = seat_seed(config.seed, s);
            let p = config.players.get(player as usize);
            let is_bot = p.is_some_and(|p| p.kind == SeatKind::Bot);
            let is_hard = <G as HardGame>::HAS_HARD && p.is_some_and(|p| p.hard_bot());
            inline.push((is_bot && !is_hard).then(|| G::bot(seed)));
            if is_hard {
                hard.push(seat);
            }
            if <G as HardGame>::HAS_HARD && (is_hard || !is_bot) {
                worker_seats.push((seat, seed));
            }
        }
        Bots {
            inline: SeatBots::new(inline),
            hard,
            worker_seats,
            backlog: Vec::new(),
            port: None,
            inbox: Rc::new(RefCell::new(Inbox::new())),
            start,
        }
    }

    /// The updates the worker may see: its own seats' only.
    fn for_worker(&self, updates: &[Update<G>]) -> Vec<Update<G>> {
        updates
            .iter()
            .filter(|u| self.worker_seats.iter().any(|&(s, _)| s == u.seat))
            .cloned()
            .collect()
    }
}

impl<G: UiGame> TableBots<G> for Bots<G> {
    fn plays(&self, seat: Seat) -> bool {
        self.inline.plays(seat) || self.is_hard(seat)
    }

    fn is_hard(&self, seat: Seat) -> bool {
        self.hard.contains(&seat)
    }

    /// A person's seat, where the game has a hard bot.
    fn hints(&self, seat: Seat) -> bool {
        !self.is_hard(seat) && self.worker_seats.iter().any(|&(s, _)| s == seat)
    }

    fn wants_worker(&self) -> bool {
        !self.hard.is_empty()
    }

    /// Hands every bot its own seat's updates (others are skipped): the page's bots
    /// directly, the worker's by message (kept for this hand until the worker starts).
    fn receive(&mut self, updates: &[Update<G>]) {
        self.inline.receive(updates);
        let mine = self.for_worker(updates);
        if mine.is_empty() {
            return;
        }
        match &self.port {
            Some(port) => port.post(message::<G>(&ToWorker::Updates { updates: mine })),
            None => {
                for u in mine {
                    if matches!(u.public, Some(Public::NextHand)) {
                        self.backlog.retain(|b| b.seat != u.seat);
                    }
                    self.backlog.push(u);
                }
            }
        }
    }

    /// Opens the worker (once), and sends it its seats and this hand's updates so far.
    /// `false` if it cannot be opened.
    fn start_worker(&mut self) -> bool {
        if self.port.is_some() {
            return true;
        }
        if self.worker_seats.is_empty() {
            return false;
        }
        let Some(port) = (self.start)(self.inbox.clone()) else {
            return false;
        };
        port.post(message::<G>(&ToWorker::Seats {
            game: G::ID.slug().to_string(),
            seats: self.worker_seats.clone(),
        }));
        let backlog = std::mem::take(&mut self.backlog);
        if !backlog.is_empty() {
            port.post(message::<G>(&ToWorker::Updates { updates: backlog }));
        }
        self.port = Some(port);
        true
    }

    /// Asks the choice of `seat` on the view of step `step`: a bot here answers at once
    /// (`Some`); the worker answers later by calling `done` (its answer for a step asked
    /// before is kept, so a second ask does not search twice). `None` without `done` being
    /// kept if nobody can answer (no bot or hint there, or the worker cannot open).
    fn ask(&mut self, seat: Seat, step: u32, done: Done<G::Action>) -> Option<G::Action> {
        if self.inline.plays(seat) {
            return self.inline.choose(seat, step);
        }
        if !self.worker_seats.iter().any(|&(s, _)| s == seat) || !self.start_worker() {
            return None;
        }
        if let Some(a) = self.inbox.borrow().answer(seat, step) {
            return Some(a);
        }
        let fresh = {
            let mut inbox = self.inbox.borrow_mut();
            inbox.waiting.push((seat, step, done));
            let fresh = !inbox.asked.contains(&(seat, step));
            if fresh {
                inbox.asked.retain(|&(s, _)| s != seat);
                inbox.asked.push((seat, step));
            }
            fresh
        };
        if fresh {
            if let Some(port) = &self.port {
                port.post(message::<G>(&ToWorker::Choose { seat, step }));
            }
        }
        None
    }
}

impl Port for crate::web::Worker {
    fn post(&self, json: String) {
        crate::web::Worker::post(self, json)
    }
}

/// A message to the worker as JSON.
fn message<G: UiGame>(m: &ToWorker<G::Event, G::View>) -> String {
    serde_json::to_string(m).expect("a table's messages serialise")
}

/// The worker in the browser: `hard-worker_loader.js` next to the page (tools/build-web.sh).
#[cfg(not(test))]
pub fn web_worker<G: UiGame>(inbox: Rc<RefCell<Inbox<G::Action>>>) -> Option<Box<dyn Port>> {
    crate::web::Worker::open(
        "hard-worker_loader.js",
        Box::new(move |json: String| {
            let due = Inbox::deliver(&inbox, &json);
            for (done, action) in due {
                done(action);
            }
        }),
    )
    .map(|w| Box::new(w) as Box<dyn Port>)
}

/// The worker's code run in process (unit tests): it answers as the browser's would, at
/// once.
#[cfg(test)]
pub fn web_worker<G: UiGame>(inbox: Rc<RefCell<Inbox<G::Action>>>) -> Option<Box<dyn Port>> {
    Some(Box::new(tests::InProcess::<G> {
        worker: RefCell::new(worker::Worker::default()),
        inbox,
        sent: Rc::default(),
    }))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::config::Level;
    use crate::source::{Local, Source};
    use crate::state::setup_of;
    use engine::games::crazy_eights::CrazyEights;
    use engine::table::GameView;

    /// The worker's own code behind a [`Port`], answering at once; it records what it was
    /// sent.
    pub struct InProcess<G: UiGame> {
        pub worker: RefCell<worker::Worker>,
        pub inbox: Rc<RefCell<Inbox<G::Action>>>,
        pub sent: Rc<RefCell<Vec<String>>>,
    }

    impl<G: UiGame> Port for InProcess<G> {
        fn post(&self, json: String) {
            self.sent.borrow_mut().push(json.clone());
            let answer = self.worker.borrow_mut().handle(&json);
            if let Ok(Some(answer)) = answer {
                for (done, a) in Inbox::deliver(&self.inbox, &answer) {
                    done(a);
                }
            }
        }
    }

    thread_local! {
        static SENT: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }

    /// A port that only records (the worker never answers): what the page sends.
    struct Recorder;
    impl Port for Recorder {
        fn post(&self, json: String) {
            SENT.with(|s| s.borrow_mut().push(json));
        }
    }

    /// A table of `G` where seat 1 is a hard bot, the other bots easy, seat 0 you.
    fn config<G: UiGame>() -> TableConfig<G::Settings> {
        let mut c = TableConfig::new(G::PLAYER_COUNTS);
        c.seed = 7;
        for p in c.players[2..].iter_mut() {
            p.level = Level::Easy;
        }
        c
    }

    /// Plays a few steps of `G` with seat 1 hard; returns the seats of the updates the
    /// worker was sent, and whether the first message started the table.
    fn sent_to_the_worker<G: UiGame>() -> (Vec<Seat>, bool) {
        SENT.with(|s| s.borrow_mut().clear());
        let c = config::<G>();
        let mut local = Local::<G>::new(&setup_of::<G>(&c)).unwrap();
        let seating: Vec<u8> = (0..c.player_count()).collect();
        let mut bots = Bots::<G>::new(&c, &seating, |_| Some(Box::new(Recorder)));
        let opening: Vec<_> = (0..c.player_count())
            .filter_map(|s| local.snapshot(Seat(s)))
            .collect();
        bots.receive(&opening);
        // Half before the worker starts (kept for it), half after.
        for step in 0..12 {
            if step == 6 {
                assert!(bots.start_worker());
            }
            let engine::Status::Acting(acting) = local.snapshot(Seat(0)).unwrap().status else {
                break;
            };
            let seat = acting.iter().next().unwrap();
            let view = local.snapshot(seat).unwrap().view;
            let mut legal = Vec::new();
            G::legal_from_view(&view, &mut legal);
            let ups = local.act(seat, step, &legal[..1]).unwrap();
            bots.receive(&ups);
        }
        let sent = SENT.with(|s| s.borrow().clone());
        let started = sent.first().is_some_and(|m| m.contains(r#""t":"seats""#));
        let mut seats = Vec::new();
        for m in sent.iter().skip(1) {
            let msg: ToWorker<G::Event, G::View> = serde_json::from_str(m).unwrap();
            let ToWorker::Updates { updates } = msg else {
                panic!("only updates were sent: {m}");
            };
            seats.extend(updates.iter().map(|u| u.seat));
        }
        (seats, started)
    }

    #[test]
    fn the_worker_hears_only_its_own_seats() {
        // Crazy Eights has a hard bot: seat 1's bot and seat 0's hints are in the worker,
        // which hears those two seats only, every step of them.
        const { assert!(<CrazyEights as HardGame>::HAS_HARD) };
        let c = config::<CrazyEights>();
        let bots = Bots::<CrazyEights>::new(&c, &[0, 1, 2, 3], |_| None);
        assert!(bots.wants_worker() && bots.is_hard(Seat(1)) && bots.hints(Seat(0)));
        assert!(!bots.hints(Seat(2)) && !bots.is_hard(Seat(2)) && bots.plays(Seat(2)));
        let (seats, started) = sent_to_the_worker::<CrazyEights>();
        assert!(started);
        assert!(
            seats.iter().all(|&s| s == Seat(0) || s == Seat(1)),
            "{seats:?}"
        );
        assert_eq!(seats.len(), 2 * (1 + 12), "{seats:?}");
    }

    /// The worker's code in process: a hard bot's choice arrives for the step asked, is
    /// legal, is kept (a second ask does not search again), and none comes for a step the
    /// table left.
    #[test]
    fn a_hard_bot_answers_legal_choices_through_the_worker() {
        let c = config::<CrazyEights>();
        let mut local = Local::<CrazyEights>::new(&setup_of::<CrazyEights>(&c)).unwrap();
        let mut bots = Bots::<CrazyEights>::new(&c, &[0, 1, 2, 3], web_worker::<CrazyEights>);
        let opening: Vec<_> = (0..4).filter_map(|s| local.snapshot(Seat(s))).collect();
        bots.receive(&opening);
        let mut hard_moves = 0;
        for step in 0..40 {
            let engine::Status::Acting(acting) = local.snapshot(Seat(0)).unwrap().status else {
                break;
            };
            let seat = acting.iter().next().unwrap();
            let view = local.snapshot(seat).unwrap().view;
            let mut legal = Vec::new();
            CrazyEights::legal_from_view(&view, &mut legal);
            let action = if seat == Seat(0) {
                // Your hint, from your seat's updates.
                let hint = bots.choose(seat, step).expect("a hint");
                assert!(legal.contains(&hint));
                legal[0]
            } else {
                let a = bots.choose(seat, step).expect("every bot answers");
                assert!(legal.contains(&a), "{a:?}");
                if bots.is_hard(seat) {
                    hard_moves += 1;
                    assert_eq!(bots.choose(seat, step), Some(a), "kept");
                    assert_eq!(bots.choose(seat, step + 1), None, "not its step yet");
                }
                a
            };
            let ups = local.act(seat, step, &[action]).unwrap();
            bots.receive(&ups);
        }
        assert!(hard_moves >= 5, "{hard_moves}");
    }

    #[test]
    fn an_answer_for_another_step_waits_and_a_known_one_is_not_asked_twice() {
        let inbox = RefCell::new(Inbox::<u8>::new());
        let got = Rc::new(RefCell::new(Vec::new()));
        let g = got.clone();
        inbox
            .borrow_mut()
            .waiting
            .push((Seat(1), 5, Box::new(move |a| g.borrow_mut().push(a))));
        // An answer for step 4 (stale) calls nobody; one for step 5 calls the waiter.
        let due = Inbox::deliver(&inbox, r#"{"seat":1,"step":4,"action":9}"#);
        assert!(due.is_empty());
        assert_eq!(inbox.borrow().waiting.len(), 1);
        for (d, a) in Inbox::deliver(&inbox, r#"{"seat":1,"step":5,"action":3}"#) {
            d(a);
        }
        assert_eq!(*got.borrow(), vec![3]);
        assert_eq!(inbox.borrow().answer(Seat(1), 5), Some(3));
        assert_eq!(
            inbox.borrow().answer(Seat(1), 4),
            None,
            "only the newest is kept"
        );
        // Garbage and "no action" change nothing.
        assert!(Inbox::deliver(&inbox, "{").is_empty());
        inbox.borrow_mut().asked.push((Seat(1), 6));
        assert!(Inbox::deliver(&inbox, r#"{"seat":1,"step":6,"action":null}"#).is_empty());
        assert!(
            inbox.borrow().asked.is_empty(),
            "no choice: asking again asks again"
        );
        assert_eq!(inbox.borrow().answer(Seat(1), 5), Some(3));
    }
}
