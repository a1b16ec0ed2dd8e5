//! A room's own seat bots and its two-step apply (prepare, then commit), as a relay drives
//! them: a room whose every seat is played by its rule bots plays exactly the match the
//! typed game plays with the same bots, a prepared step changes nothing until committed,
//! and a prepared step the room has moved past is refused.

use engine::{Deal, Seat, Setup, Status, Step};
use registry::{Error, GameFn, Registered, GAMES};

/// Plays up to `hands` hands of `G` at its default player count: every seat a bot of the
/// room (seeded `seed + seat`), every step prepared then committed; the typed game beside it
/// with the same rule bots (fed every event, as the room's bots are fed their seat's frames).
struct BotsPlay {
    seed: u64,
    hands: u32,
}

impl GameFn for BotsPlay {
    type Output = usize;

    fn call<G: Registered>(self) -> usize {
        let players = G::DEFAULT_PLAYERS;
        let deal = Deal::seeded(self.seed);
        let mut room = registry::new_room(G::NAME, Some(players), None, deal.clone()).unwrap();
        let mut typed = G::new(&Setup {
            players,
            settings: G::Settings::default(),
            deal: deal.clone(),
        })
        .unwrap();
        let mut bots: Vec<_> = (0..players as u64)
            .map(|i| G::rule_bot(self.seed + i))
            .collect();
        for s in 0..players {
            assert!(!room.has_bot(Seat(s)));
            room.set_bot(Seat(s), Some(self.seed + s as u64));
            assert!(room.has_bot(Seat(s)), "{} seat {s}", G::NAME);
        }
        room.set_bot(Seat(players), Some(1));
        assert!(!room.has_bot(Seat(players)), "no bot off the table");
        let other = registry::new_room(G::NAME, Some(players), None, deal).unwrap();
        let mut legal = Vec::new();
        let (mut steps, mut hands) = (0, 0);
        loop {
            let step = match typed.status() {
                Status::Acting(acting) => {
                    let seat = acting.first().unwrap();
                    legal.clear();
                    typed.legal_actions(seat, &mut legal);
                    let action = bots[seat.idx()].choose(&typed.view(seat), &legal);
                    let json = room.bot_action(seat).expect("the seat's bot acts");
                    assert_eq!(json, serde_json::to_value(&action).unwrap(), "{}", G::NAME);
                    for s in acting.iter().filter(|&s| s != seat) {
                        assert!(room.bot_action(s).is_some(), "every acting bot may act");
                    }
                    let idle = (0..players).map(Seat).find(|&s| !acting.contains(s));
                    if let Some(idle) = idle {
                        assert_eq!(room.bot_action(idle), None, "a seat that may not act");
                    }
                    let event = typed.apply(seat, &action).unwrap();
                    bots.iter_mut().for_each(|b| b.observe(&event));
                    Step::Act { seat, action: json }
                }
                Status::HandOver => {
                    hands += 1;
                    if hands == self.hands {
                        break;
                    }
                    typed.next_hand().unwrap();
                    Step::NextHand
                }
                Status::MatchOver => break,
            };
            let (hash, n, log) = (room.state_hash(), room.steps(), room.log());
            let p = room.prepare(&step, Some(n)).unwrap();
            assert_eq!(
                (room.state_hash(), room.steps()),
                (hash, n),
                "prepared, not taken"
            );
            assert_eq!(room.log(), log);
            assert_eq!(p.number, n + 1);
            assert_eq!(p.state_hash, typed.state_hash());
            assert_eq!(p.step, serde_json::to_value(&step).unwrap());
            if steps == 3 {
                // A step prepared on another room (of the same game, at another step) is
                // refused, and this room is unchanged.
                let q = other.prepare(&Step::NextHand, None);
                assert!(q.is_err(), "the other room's hand is not over");
                let foreign =
                    registry::new_room(G::NAME, Some(players), None, Deal::seeded(0)).unwrap();
                let mut foreign = foreign;
                let mut fsteps = 0;
                let fp = loop {
                    let Status::Acting(a) = foreign.status() else {
                        panic!("a new match is played")
                    };
                    let seat = a.first().unwrap();
                    let act = foreign.legal_json(seat)[0].clone();
                    let fstep = Step::Act { seat, action: act };
                    if fsteps == n {
                        break foreign.prepare(&fstep, None).unwrap();
                    }
                    foreign.apply(&fstep, None).unwrap();
                    fsteps += 1;
                };
                assert!(matches!(room.commit(fp), Err(Error::StaleStep { .. })));
                assert_eq!((room.state_hash(), room.steps()), (hash, n));
            }
            let again = room.prepare(&step, None).unwrap();
            let frames = room.commit(p).unwrap();
            assert_eq!(frames.len(), players as usize);
            assert!(frames.iter().all(|f| f.step == n + 1));
            assert_eq!(room.state_hash(), typed.state_hash(), "{}", G::NAME);
            // The same step prepared before the commit is stale now.
            assert_eq!(
                room.commit(again).unwrap_err(),
                Error::StaleStep { got: n, now: n + 1 }
            );
            assert_eq!(room.steps(), n + 1);
            steps += 1;
        }
        assert!(steps > 20, "{}: {steps} steps", G::NAME);
        // A seat's bot leaves: it picks nothing any more.
        room.set_bot(Seat(0), None);
        assert!(!room.has_bot(Seat(0)));
        assert_eq!(room.bot_action(Seat(0)), None);
        steps
    }
}

#[test]
fn a_rooms_own_bots_play_the_typed_bots_match_step_by_prepared_step() {
    for g in GAMES {
        for seed in [1, 2] {
            let steps = registry::with_game(g.slug, BotsPlay { seed, hands: 3 }).unwrap();
            assert!(steps > 0);
        }
    }
}
