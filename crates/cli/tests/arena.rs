//! `cards arena`: duplicate rooms hold the same cards with the seats swapped, results
//! repeat from a seed, and the figures say what they should (random vs random is even,
//! the rule bot beats random play at Hokm).

use cards::{arena, duplicate_rooms, ArenaOptions};
use engine::games::bidel::Bidel;
use engine::games::hokm::Hokm;
use engine::games::shelem::Shelem;
use engine::{Deal, Game, Seat, Setup};
use serde_json::Value;
use std::process::Command;

fn opts(game: &str, a: &str, b: &str, deals: u64, seed: u64) -> ArenaOptions {
    ArenaOptions {
        game: game.into(),
        a: a.into(),
        b: b.into(),
        deals,
        seed,
        players: None,
        matches: false,
        settings: None,
    }
}

/// Every room of a deal starts from the same state, and every seat sees the same hand in
/// each; bot A holds side k's seats in room k.
fn same_cards_seats_swapped<G: Game>(players: u8, want_a: &[&[bool]]) {
    for seed in 0..20 {
        let setup = Setup {
            players,
            settings: G::Settings::default(),
            deal: Deal::seeded(seed),
        };
        let rooms = duplicate_rooms::<G>(&setup).unwrap();
        assert_eq!(rooms.len(), want_a.len());
        let (first, _) = &rooms[0];
        for (k, (g, a_seats)) in rooms.iter().enumerate() {
            assert_eq!(g.state_hash(), first.state_hash(), "room {k}");
            for s in 0..players {
                assert_eq!(
                    serde_json::to_value(g.view(Seat(s))).unwrap(),
                    serde_json::to_value(first.view(Seat(s))).unwrap()
                );
            }
            assert_eq!(a_seats.as_slice(), want_a[k], "room {k}");
        }
    }
}

#[test]
fn the_rooms_of_a_deal_hold_the_same_cards_with_the_seats_swapped() {
    let (t, f) = (true, false);
    same_cards_seats_swapped::<Hokm>(4, &[&[t, f, t, f], &[f, t, f, t]]);
    same_cards_seats_swapped::<Hokm>(2, &[&[t, f], &[f, t]]);
    same_cards_seats_swapped::<Shelem>(4, &[&[t, f, t, f], &[f, t, f, t]]);
    // No teams: the challenger in every seat position in turn.
    same_cards_seats_swapped::<Bidel>(
        4,
        &[&[t, f, f, f], &[f, t, f, f], &[f, f, t, f], &[f, f, f, t]],
    );
}

fn without_times(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("time_ms");
    v
}

#[test]
fn the_same_seed_gives_the_same_report() {
    for game in ["hokm", "bidel", "pasur"] {
        let o = opts(game, "easy", "random", 30, 9);
        let one = without_times(arena(&o).unwrap());
        let two = without_times(arena(&o).unwrap());
        assert_eq!(one, two, "{game}");
        let other = without_times(arena(&opts(game, "easy", "random", 30, 10)).unwrap());
        assert_ne!(one, other, "{game}: another seed, other deals");
    }
}

#[test]
fn random_against_random_is_even_and_the_rule_bot_beats_random_at_hokm() {
    let even = arena(&opts("hokm", "random", "random", 400, 3)).unwrap();
    let ci = &even["ci95"];
    let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(lo < 0.0 && 0.0 < hi, "{even}");
    assert!(hi - lo < 0.3, "400 pairs give a narrow interval: {even}");
    let easy = arena(&opts("hokm", "easy", "random", 200, 3)).unwrap();
    assert!(easy["ci95"][0].as_f64().unwrap() > 0.0, "{easy}");
    assert!(easy["hands"]["a_won"].as_f64().unwrap() > 0.6, "{easy}");
    // Each side's moves are timed: a Hokm hand is at least 28 cards, in two rooms a deal.
    assert!(easy["time_ms"]["a"]["moves"].as_u64().unwrap() >= 200 * 28);
}

#[test]
fn matches_mode_reports_match_wins() {
    let mut o = opts("hokm", "easy", "random", 10, 4);
    o.matches = true;
    o.settings = Some(serde_json::json!({"target": 3}));
    let r = arena(&o).unwrap();
    assert_eq!(r["matches"]["played"], 20);
    let (a, b) = (
        r["matches"]["a_won"].as_f64().unwrap(),
        r["matches"]["b_won"].as_f64().unwrap(),
    );
    assert!(
        (a + b - 1.0).abs() < 1e-9,
        "every match has one winner: {r}"
    );
    assert!(a > b, "{r}");
}

#[test]
fn the_command_prints_text_or_json_and_refuses_an_unknown_kind() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_cards"))
            .args(args)
            .output()
            .unwrap()
    };
    let base = ["arena", "--game", "hokm", "--deals", "5", "--seed", "1"];
    let out = run(&[&base[..], &["--a", "easy", "--b", "random"]].concat());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("mean paired difference"), "{text}");
    assert!(text.contains("95% CI"), "{text}");
    let out = run(&[&base[..], &["--a", "easy", "--b", "random", "--json"]].concat());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rooms"], 10);
    let out = run(&[&base[..], &["--a", "strong", "--b", "random"]].concat());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unknown bot kind 'strong'"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

/// The `hard` kind plays Pasur, Haft Khabis and Crazy Eights (issue 12's rollout search)
/// and repeats its report from a seed; its moves are timed.
#[test]
fn the_hard_kind_plays_the_rollout_games_and_repeats() {
    for game in ["pasur", "haft_khabis", "crazy_eights"] {
        let o = opts(game, "hard", "easy", 1, 7);
        let first = arena(&o).unwrap();
        assert!(
            first["time_ms"]["a"]["moves"].as_u64().unwrap() > 10,
            "{game}"
        );
        assert_eq!(
            without_times(first),
            without_times(arena(&o).unwrap()),
            "{game}"
        );
    }
}

#[test]
fn a_hard_kind_takes_a_budget_of_its_own() {
    let r = arena(&opts("bidel", "hard:2,0,20", "easy", 1, 3)).unwrap();
    assert_eq!(r["a"], "hard:2,0,20");
    assert_eq!(r["rooms"], 4);
    for bad in ["hard:x", "hard:0", "hard:1,2,3,4"] {
        let e = arena(&opts("hokm", bad, "easy", 1, 1)).unwrap_err();
        assert!(e.contains("SAMPLES,NODES,PLAYOUTS"), "{bad}: {e}");
    }
}

/// `hard-NAME` is a named variant of a game's hard bot: Shelem's `hard-widow` and
/// `hard-rulewidow` play;
/// an unknown name, or a game without the variant, is refused.
#[test]
fn a_hard_variant_kind_plays_where_the_game_has_it() {
    let r = arena(&opts("shelem", "hard-widow", "hard-rulewidow", 1, 3)).unwrap();
    assert_eq!(r["a"], "hard-widow");
    assert_eq!(r["rooms"], 2);
    for (game, kind) in [("shelem", "hard-nope"), ("hokm", "hard-rulewidow")] {
        let e = arena(&opts(game, kind, "easy", 1, 1)).unwrap_err();
        assert!(e.contains("no hard bot variant"), "{game} {kind}: {e}");
    }
}
