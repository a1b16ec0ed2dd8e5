//! The table's state, tested against the engine.

use super::*;
use crate::config::Player;
use engine::games::bidel::Bidel;
use engine::games::hokm::{Hokm, HokmAction};
use engine::games::pasur::Pasur;
use engine::games::shelem::Shelem;
use engine::Game;
use engine::RuleError;
use engine::Step;

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
    fn check<G: UiGame>(config: TableConfig<G::Settings>, legal_cards: fn(&G, Seat) -> CardSet) {
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
