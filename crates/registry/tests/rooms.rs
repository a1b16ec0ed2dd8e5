//! Every game through the registry: a room driven by JSON stays equal to the typed game it
//! wraps, and bad requests are refused with a clear error and change nothing.

use engine::{Deal, Rng, Seat, Setup, Status};
use registry::{Error, GameFn, Registered, Room, GAMES};
use serde_json::{json, Value};

/// Plays a match of `G` at `players` seats, once through a registry room (JSON) and once on
/// the typed game, with the same choices (uniformly random, or the rule bots'); checks they
/// agree at every step. Stops at the end of the match or after `max_hands` hands; returns
/// the number of actions and whether the match ended.
struct PlayBoth {
    players: u8,
    seed: u64,
    rule_bots: bool,
    max_hands: u32,
}

impl GameFn for PlayBoth {
    type Output = (usize, bool);

    fn call<G: Registered>(self) -> (usize, bool) {
        let deal = Deal::seeded(self.seed);
        let mut room = registry::new_room(G::NAME, Some(self.players), None, deal.clone())
            .unwrap_or_else(|e| panic!("{} {}p: {e}", G::NAME, self.players));
        let mut typed = G::new(&Setup {
            players: self.players,
            settings: G::Settings::default(),
            deal,
        })
        .unwrap();
        assert_eq!(room.slug(), G::NAME);
        assert_eq!(room.players(), self.players);
        assert_eq!(room.sides(), typed.sides());
        assert_eq!(
            room.public_setup(),
            serde_json::to_value(typed.setup().public()).unwrap()
        );
        assert_eq!(
            room.log()["deal"],
            serde_json::to_value(&typed.setup().deal).unwrap()
        );
        let mut rng = Rng::new(self.seed ^ 0xA11CE);
        let mut legal = Vec::new();
        let mut bots: Vec<_> = (0..self.players as u64)
            .map(|i| G::rule_bot(self.seed + i))
            .collect();
        let mut steps = 0usize;
        let mut hands = 0;
        loop {
            assert_eq!(room.status(), typed.status());
            assert_eq!(room.state_hash(), typed.state_hash());
            match typed.status() {
                Status::Acting(acting) => {
                    let seats: Vec<Seat> = acting.iter().collect();
                    let seat = seats[rng.below(seats.len() as u32) as usize];
                    legal.clear();
                    typed.legal_actions(seat, &mut legal);
                    let legal_json = room.legal_json(seat);
                    assert_eq!(
                        legal_json,
                        serde_json::to_value(&legal)
                            .unwrap()
                            .as_array()
                            .unwrap()
                            .clone()
                    );
                    assert_eq!(
                        view_of(room.as_ref(), seat),
                        serde_json::to_value(typed.view(seat)).unwrap()
                    );
                    if steps.is_multiple_of(97) {
                        refuses_bad_actions(room.as_mut(), &seats, &legal_json);
                    }
                    let i = if self.rule_bots {
                        let a = bots[seat.idx()].choose(&typed.view(seat), &legal);
                        legal.iter().position(|l| *l == a).unwrap()
                    } else {
                        rng.below(legal.len() as u32) as usize
                    };
                    let frames = room.act(seat, &legal_json[i]).unwrap();
                    let typed_event = typed.apply(seat, &legal[i]).unwrap();
                    assert_eq!(frames.len(), self.players as usize);
                    for f in &frames {
                        assert_eq!(
                            f.frame["public"]["event"],
                            serde_json::to_value(&typed_event).unwrap()
                        );
                    }
                    for b in &mut bots {
                        b.observe(&typed_event);
                    }
                    steps += 1;
                    assert!(steps < 200_000, "{} never ends", G::NAME);
                }
                Status::HandOver => {
                    assert_eq!(room.hand_score(), typed.hand_score());
                    for s in 0..self.players {
                        assert_eq!(
                            view_of(room.as_ref(), Seat(s)),
                            serde_json::to_value(typed.view(Seat(s))).unwrap()
                        );
                    }
                    hands += 1;
                    if hands == self.max_hands {
                        return (steps, false);
                    }
                    room.next_hand().unwrap();
                    typed.next_hand().unwrap();
                }
                Status::MatchOver => break,
            }
        }
        assert_eq!(room.totals(), typed.totals());
        assert_eq!(room.outcome(), typed.outcome());
        assert!(room.outcome().is_some());
        let back = room.as_any().downcast_ref::<registry::Erased<G>>().unwrap();
        assert_eq!(back.game().state_hash(), typed.state_hash());
        // The log rebuilds the room.
        let again = registry::room_from_log(&room.log()).unwrap();
        assert_eq!(again.state_hash(), typed.state_hash());
        assert_eq!(again.log(), room.log());
        // The newest step alone is the log's last one.
        assert_eq!(
            room.last_step().as_ref(),
            room.log()["steps"].as_array().unwrap().last()
        );
        assert!(
            registry::new_room(G::NAME, Some(self.players), None, Deal::seeded(1))
                .unwrap()
                .last_step()
                .is_none()
        );
        // Nothing more is accepted once the match is over.
        let hash = room.state_hash();
        assert!(room.next_hand().is_err());
        assert_eq!(room.state_hash(), hash);
        (steps, true)
    }
}

/// A seat's view, from its snapshot.
fn view_of(room: &dyn Room, seat: Seat) -> Value {
    room.snapshot(seat).unwrap().frame["view"].clone()
}

/// Requests that must be refused without changing the room.
fn refuses_bad_actions(room: &mut dyn Room, acting: &[Seat], legal: &[Value]) {
    let hash = room.state_hash();
    let views: Vec<Value> = (0..room.players())
        .map(|s| view_of(room, Seat(s)))
        .collect();
    let seat = acting[0];
    for bad in [
        json!(42),
        json!(null),
        json!("no_such_action"),
        json!({ "no_such_field": true }),
        json!({ "play": "ZZ" }),
        json!([1, 2, 3]),
    ] {
        let err = room.act(seat, &bad).unwrap_err();
        assert!(
            matches!(err, Error::BadAction { .. }),
            "{}: {bad} gave {err:?}",
            room.slug()
        );
        assert_eq!(err.code(), "bad_action");
        let text = err.to_string();
        assert!(text.starts_with("bad action "), "{text}");
        assert!(
            text.contains(&format!("not a {} action", room.slug())),
            "{text}"
        );
        assert_eq!(room.state_hash(), hash, "{bad} changed the room");
    }
    // A seat that does not exist.
    let err = room.act(Seat(room.players()), &legal[0]).unwrap_err();
    assert!(matches!(err, Error::BadSeat { .. }), "{err:?}");
    assert!(room.snapshot(Seat(200)).is_err());
    assert!(room.legal_json(Seat(200)).is_empty());
    assert_eq!(room.side_of(Seat(200)), None);
    // A legal action, from a seat that may not act now.
    if let Some(idle) = (0..room.players()).map(Seat).find(|s| !acting.contains(s)) {
        let err = room.act(idle, &legal[0]).unwrap_err();
        assert!(matches!(err, Error::Rule { .. }), "{err:?}");
        assert!(!err.to_string().is_empty());
    }
    // No new hand while the hand is being played.
    let err = room.next_hand().unwrap_err();
    assert_eq!(err.code(), "hand_not_over", "{err:?}");
    assert_eq!(room.state_hash(), hash);
    for (s, view) in views.iter().enumerate() {
        assert_eq!(&view_of(room, Seat(s as u8)), view);
    }
}

#[test]
fn every_game_and_player_count_plays_a_match_through_json_like_the_typed_game() {
    for info in GAMES {
        for &players in info.players {
            for (seed, rule_bots) in [(1, false), (2, true)] {
                let play = PlayBoth {
                    players,
                    seed,
                    rule_bots,
                    max_hands: 50,
                };
                let (steps, ended) = registry::with_game(info.slug, play).unwrap();
                assert!(steps > 0, "{} {players}p", info.slug);
                // Random play never reaches Shelem's target (the hakem's side mostly
                // loses its bid, SH-8); the rule bots end its matches.
                assert!(
                    ended || (info.slug == "shelem" && !rule_bots),
                    "{} {players}p (rule bots: {rule_bots}): no end in 50 hands",
                    info.slug
                );
            }
        }
    }
}

#[test]
fn the_list_has_every_game_once_and_dispatches_to_it() {
    struct Name;
    impl GameFn for Name {
        type Output = (&'static str, &'static str, u8);
        fn call<G: Registered>(self) -> Self::Output {
            (G::NAME, G::TITLE, G::DEFAULT_PLAYERS)
        }
    }
    let slugs: Vec<&str> = GAMES.iter().map(|g| g.slug).collect();
    assert_eq!(
        slugs,
        [
            "hokm",
            "bidel",
            "shelem",
            "pasur",
            "haft_khabis",
            "crazy_eights"
        ]
    );
    for info in GAMES {
        assert_eq!(
            registry::with_game(info.slug, Name).unwrap(),
            (info.slug, info.name, info.default_players)
        );
        assert_eq!(registry::find(info.web_slug).unwrap().slug, info.slug);
        assert!(info.players.contains(&info.default_players));
        let defaults = info.settings_defaults();
        assert!(
            defaults.as_object().is_some_and(|o| !o.is_empty()),
            "{}: {defaults}",
            info.slug
        );
        // The defaults are valid settings, and a room with them starts.
        info.check_settings(Some(&defaults)).unwrap();
        info.new_room(None, Some(&defaults), Deal::seeded(0))
            .unwrap();
    }
    assert_eq!(registry::find("haft-khabis").unwrap().name, "Haft Khabis");
    let list = registry::games_json();
    assert_eq!(list.as_array().unwrap().len(), 6);
    assert_eq!(list[0]["slug"], "hokm");
    assert_eq!(list[0]["players"], json!([2, 4]));
    assert_eq!(list[0]["default_players"], 4);
    assert_eq!(list[0]["settings"]["target"], 7);
}

#[test]
fn bad_setups_are_refused_with_clear_messages() {
    let err = |slug: &str, players: Option<u8>, settings: Option<Value>| {
        registry::new_room(slug, players, settings.as_ref(), Deal::seeded(1))
            .map(|_| ())
            .unwrap_err()
    };
    let e = err("poker", None, None);
    assert_eq!(e.code(), "unknown_game");
    assert_eq!(
        e.to_string(),
        "unknown game 'poker' (known: hokm, bidel, shelem, pasur, haft_khabis, crazy_eights)"
    );
    let e = err("hokm", Some(3), None);
    assert_eq!(
        e.to_string(),
        "hokm is not played by 3 players (it is played by 2 or 4)"
    );
    assert_eq!(
        err("haft_khabis", Some(8), None).to_string(),
        "haft_khabis is not played by 8 players (it is played by 2 to 7)"
    );
    let e = err("hokm", None, Some(json!({ "trump": true })));
    assert_eq!(e.code(), "bad_settings");
    assert!(
        e.to_string()
            .starts_with("settings: unknown setting 'trump' (settings of hokm: "),
        "{e}"
    );
    let e = err("hokm", None, Some(json!({ "target": "seven" })));
    assert!(e.to_string().starts_with("settings: invalid type"), "{e}");
    let e = err("pasur", None, Some(json!(5)));
    assert!(e.to_string().contains("expected a JSON object"), "{e}");
    // A value of the right type but out of range: the game's own check.
    let e = err("hokm", None, Some(json!({ "target": 4 })));
    assert_eq!(e.code(), "bad_setup");
    assert!(e.to_string().contains("target must be 3, 5 or 7"), "{e}");
    // A null settings value is the defaults.
    registry::new_room("hokm", None, Some(&Value::Null), Deal::seeded(1)).unwrap();
}
