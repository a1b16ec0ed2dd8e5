//! The `cards` binary end to end: simulate, replay, and clear errors with exit code 2.

use engine::games::hokm::{Hokm, HokmSettings};
use engine::{Deal, Game, Rng, Setup, Status};
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cards(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn ok_json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn example() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/hokm-kot.json"
    ))
    .unwrap()
}

#[test]
fn simulate_prints_one_json_line_with_results_per_side() {
    for bots in ["random", "rule"] {
        let out = cards(
            &[
                "simulate", "--game", "hokm", "--hands", "300", "--seed", "9", "--bots", bots,
            ],
            "",
        );
        let text = String::from_utf8(out.stdout.clone()).unwrap();
        assert_eq!(text.lines().count(), 1);
        let v = ok_json(&out);
        assert_eq!(v["hands"], 300);
        assert_eq!(v["bots"], bots);
        let won: u64 = v["hands_won"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .sum();
        assert_eq!(won, 300, "every Hokm hand has one winning side");
        assert!(v["hands_per_sec"].as_f64().unwrap() > 0.0);
        assert!(v["seconds"].as_f64().unwrap() > 0.0);
    }
    // Same seed, same results (C-4).
    let a = ok_json(&cards(
        &["simulate", "--game", "hokm", "--hands", "50", "--seed", "3"],
        "",
    ));
    let b = ok_json(&cards(
        &["simulate", "--game", "hokm", "--hands", "50", "--seed", "3"],
        "",
    ));
    assert_eq!(a["hand_points"], b["hand_points"]);
}

#[test]
fn replay_of_the_documented_example() {
    let v = ok_json(&cards(&["replay", "-"], &example()));
    assert_eq!(v["status"], "hand_over");
    assert_eq!(v["totals"], json!([2, 0]), "a kot (HK-8)");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 29);
    assert_eq!(steps[0]["to_act"], json!([0]));
    assert_eq!(
        steps[0]["legal"].as_array().unwrap().len(),
        5,
        "four suits and a redeal (HK-5)"
    );
    assert_eq!(steps[1]["legal"].as_array().unwrap().len(), 13);
}

/// A random match written as a transcript replays to the same state hash.
#[test]
fn replay_rebuilds_a_seeded_match() {
    let setup = Setup {
        players: 4,
        settings: HokmSettings {
            sars: true,
            target: 3,
            ..HokmSettings::default()
        },
        deal: Deal::seeded(77),
    };
    let mut g = Hokm::new(&setup).unwrap();
    let mut r = Rng::new(1);
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    loop {
        match g.status() {
            Status::Acting(s) => {
                let seat = s.first().unwrap();
                legal.clear();
                g.legal_actions(seat, &mut legal);
                let a = legal[r.below(legal.len() as u32) as usize];
                g.apply(seat, &a).unwrap();
                actions.push(json!({ "seat": seat.0, "action": a }));
            }
            Status::HandOver => g.next_hand().unwrap(),
            Status::MatchOver => break,
        }
    }
    let t = json!({ "game": "hokm", "seed": 77, "settings": { "sars": true, "target": 3 }, "actions": actions });
    let v = ok_json(&cards(&["replay", "-"], &t.to_string()));
    assert_eq!(v["status"], "match_over");
    assert_eq!(v["state_hash"], format!("{:016x}", g.state_hash()));
    assert_eq!(v["outcome"]["winners"], json!(g.outcome().unwrap().winners));
}

fn fails_with(args: &[&str], stdin: &str, expect: &str) {
    let out = cards(args, stdin);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(expect), "expected '{expect}' in: {err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn bad_input_gets_one_line_naming_the_step_and_exit_code_2() {
    fails_with(&["replay", "-"], "{ not json", "malformed JSON");
    fails_with(
        &["replay", "-"],
        r#"{"game":"poker"}"#,
        "unknown game 'poker'",
    );
    fails_with(
        &["replay", "-"],
        r#"{"game":"hokm","deck":["AS","1X"]}"#,
        "deck, card 2: unknown card '1X'",
    );
    fails_with(
        &["replay", "-"],
        r#"{"game":"hokm","deck":["AS","2C"]}"#,
        "bad deck order",
    );
    let mut t: Value = serde_json::from_str(&example()).unwrap();
    // Step 3: seat 1 holds only hearts; a spade is not in its hand.
    t["actions"][2]["action"] = json!({ "play": "3S" });
    fails_with(&["replay", "-"], &t.to_string(), "step 3:");
    t["actions"][2]["action"] = json!({ "play": "ZZ" });
    fails_with(&["replay", "-"], &t.to_string(), "step 3: bad action");
    t["actions"][2] = json!({ "seat": 9, "action": { "play": "2H" } });
    fails_with(&["replay", "-"], &t.to_string(), "step 3: seat must be");
    // Wrong seat: step 2 is seat 0's lead.
    let mut t: Value = serde_json::from_str(&example()).unwrap();
    t["actions"][1]["seat"] = json!(2);
    fails_with(
        &["replay", "-"],
        &t.to_string(),
        "step 2: seat 2 cannot take",
    );
    fails_with(&["replay", "/no/such/file"], "", "cannot read");
    fails_with(
        &["simulate", "--game", "hokm", "--hands", "x"],
        "",
        "--hands",
    );
    fails_with(&["simulate", "--game", "nope"], "", "unknown game");
    fails_with(
        &["simulate", "--game", "hokm", "--players", "3"],
        "",
        "not played by 3",
    );
    fails_with(
        &[
            "simulate",
            "--game",
            "hokm",
            "--settings",
            r#"{"target":4}"#,
        ],
        "",
        "target must be 3, 5 or 7",
    );
    fails_with(&["frobnicate"], "", "usage");
}

// ---- Hokm, two players (HK-13) ----

fn hokm_2p_example() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/hokm-2p.json"
    ))
    .unwrap()
}

#[test]
fn hokm_simulate_with_two_players() {
    for bots in ["random", "rule"] {
        let v = ok_json(&cards(
            &[
                "simulate",
                "--game",
                "hokm",
                "--players",
                "2",
                "--hands",
                "300",
                "--seed",
                "5",
                "--bots",
                bots,
                "--settings",
                r#"{"sars":true,"nars":true,"ace_nars":true}"#,
            ],
            "",
        ));
        assert_eq!(v["players"], 2);
        assert_eq!(v["hands"], 300);
        let won: u64 = v["hands_won"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .sum();
        assert_eq!(won, 300, "every hand has one winner");
    }
    fails_with(
        &[
            "simulate",
            "--game",
            "hokm",
            "--players",
            "2",
            "--settings",
            r#"{"partners_by_second_ace":true}"#,
        ],
        "",
        "partners_by_second_ace needs 4 players",
    );
}

#[test]
fn hokm_replay_of_the_documented_two_player_example() {
    let v = ok_json(&cards(&["replay", "-"], &hokm_2p_example()));
    assert_eq!(v["players"], 2);
    assert_eq!(v["status"], "hand_over");
    assert_eq!(v["totals"], json!([1, 0]), "the hakem took 7 tricks to 5");
    let steps = v["steps"].as_array().unwrap();
    // Trump, five discards, 21 turns at the stock, 12 tricks of two.
    assert_eq!(steps.len(), 1 + 5 + 21 + 24);
    assert_eq!(steps[0]["action"], json!({ "trump": "D" }));
    assert_eq!(steps[0]["legal"].as_array().unwrap().len(), 4);
    // Both discard at once, each seat named.
    assert_eq!(steps[1]["to_act"], json!([0, 1]));
    assert_eq!(
        steps[1]["event"],
        json!({ "discarded": { "seat": 1, "left": 1 } })
    );
    assert_eq!(steps[5]["to_act"], json!([0]), "seat 1 is done");
    // The stock: the events show neither the cards nor the choice.
    for (i, step) in steps[6..27].iter().enumerate() {
        assert_eq!(step["seat"], i % 2, "hakem first, then in turn");
        assert_eq!(step["legal"], json!(["keep", "take_next"]));
        assert_eq!(
            step["event"],
            json!({ "drew": { "seat": i % 2, "stock": 40 - 2 * i } })
        );
    }
    assert_eq!(steps[27]["to_act"], json!([0]), "the hakem leads");
    assert_eq!(steps[27]["legal"].as_array().unwrap().len(), 13);
    let trick = &steps[28]["event"]["played"]["trick"];
    assert_eq!(trick["cards"].as_array().unwrap().len(), 2);
    // The engine's own replay of the same transcript reaches the same state.
    let t: Value = serde_json::from_str(&hokm_2p_example()).unwrap();
    let decks = t["decks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| serde_json::from_value(d.clone()).unwrap())
        .collect();
    let mut g = Hokm::new(&Setup {
        players: 2,
        settings: HokmSettings::default(),
        deal: Deal {
            seed: 0,
            decks,
            dealer: Some(engine::Seat(1)),
        },
    })
    .unwrap();
    for a in t["actions"].as_array().unwrap() {
        let seat = engine::Seat(a["seat"].as_u64().unwrap() as u8);
        g.apply(seat, &serde_json::from_value(a["action"].clone()).unwrap())
            .unwrap();
    }
    assert_eq!(v["state_hash"], format!("{:016x}", g.state_hash()));
}

#[test]
fn hokm_two_player_illegal_steps_name_the_step() {
    let example: Value = serde_json::from_str(&hokm_2p_example()).unwrap();
    // While both discard, a step must name its seat.
    let mut t = example.clone();
    t["actions"][1] = json!({ "discard": "6H" });
    fails_with(&["replay", "-"], &t.to_string(), "step 2: several seats");
    // Seat 1 discards a third card (HK-13: two for the other player).
    let mut t = example.clone();
    t["actions"][4] = json!({ "seat": 1, "action": { "discard": "QC" } });
    fails_with(
        &["replay", "-"],
        &t.to_string(),
        "step 5: seat 1 cannot take {\"discard\":\"QC\"}: seat 1 has already discarded its 2 cards (HK-13)",
    );
    // A card played while the stock is drawn.
    let mut t = example.clone();
    t["actions"][6] = json!({ "seat": 0, "action": { "play": "AD" } });
    fails_with(
        &["replay", "-"],
        &t.to_string(),
        "step 7: seat 0 cannot take {\"play\":\"AD\"}: cards are played only once the stock has been drawn (HK-13)",
    );
    // The other player's turn at the stock.
    let mut t = example;
    t["actions"][7]["seat"] = json!(0);
    fails_with(
        &["replay", "-"],
        &t.to_string(),
        "step 8: seat 0 cannot take \"take_next\": it is not seat 0's turn",
    );
}

/// A random 2-player match written as a transcript replays to the same state hash.
#[test]
fn replay_rebuilds_a_seeded_two_player_match() {
    let setup = Setup {
        players: 2,
        settings: HokmSettings {
            nars: true,
            target: 3,
            ..HokmSettings::default()
        },
        deal: Deal::seeded(78),
    };
    let mut g = Hokm::new(&setup).unwrap();
    let mut r = Rng::new(2);
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    loop {
        match g.status() {
            Status::Acting(s) => {
                let seats: Vec<_> = s.iter().collect();
                let seat = seats[r.below(seats.len() as u32) as usize];
                legal.clear();
                g.legal_actions(seat, &mut legal);
                let a = legal[r.below(legal.len() as u32) as usize];
                g.apply(seat, &a).unwrap();
                actions.push(json!({ "seat": seat.0, "action": a }));
            }
            Status::HandOver => g.next_hand().unwrap(),
            Status::MatchOver => break,
        }
    }
    let t = json!({ "game": "hokm", "players": 2, "seed": 78, "settings": { "nars": true, "target": 3 }, "actions": actions });
    let v = ok_json(&cards(&["replay", "-"], &t.to_string()));
    assert_eq!(v["status"], "match_over");
    assert_eq!(v["state_hash"], format!("{:016x}", g.state_hash()));
}

// ---- Shelem ----

fn shelem_example() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/shelem-shelem.json"
    ))
    .unwrap()
}

#[test]
fn shelem_simulate_with_four_and_two_players() {
    for players in ["4", "2"] {
        for bots in ["random", "rule"] {
            let v = ok_json(&cards(
                &[
                    "simulate",
                    "--game",
                    "shelem",
                    "--hands",
                    "100",
                    "--seed",
                    "5",
                    "--players",
                    players,
                    "--bots",
                    bots,
                    "--settings",
                    r#"{"jokers":true,"sars":true}"#,
                ],
                "",
            ));
            assert_eq!(v["game"], "shelem");
            assert_eq!(v["hands"], 100);
            assert_eq!(v["players"].to_string(), players);
        }
    }
    fails_with(
        &["simulate", "--game", "shelem", "--players", "3"],
        "",
        "not played by 3",
    );
    fails_with(
        &[
            "simulate",
            "--game",
            "shelem",
            "--settings",
            r#"{"min_bid":85.5}"#,
        ],
        "",
        "settings",
    );
}

#[test]
fn shelem_replay_of_the_documented_example_is_a_shelem() {
    let v = ok_json(&cards(&["replay", "-"], &shelem_example()));
    assert_eq!(v["game"], "shelem");
    assert_eq!(v["status"], "hand_over");
    assert_eq!(v["totals"], json!([330, 0]), "twice 165 (SH-8)");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 57);
    assert_eq!(steps[0]["to_act"], json!([0]));
    assert_eq!(
        steps[0]["legal"].as_array().unwrap().len(),
        15,
        "100..165 and pass"
    );
    assert_eq!(
        steps[4]["legal"].as_array().unwrap().len(),
        16,
        "16 cards to discard from"
    );
    assert_eq!(
        steps[4]["event"],
        json!({ "discarded": { "hakem": 0, "left": 3 } })
    );
}

#[test]
fn shelem_illegal_actions_name_the_step() {
    let mut t: Value = serde_json::from_str(&shelem_example()).unwrap();
    t["actions"][1] = json!({ "bid": 100 });
    fails_with(
        &["replay", "-"],
        &t.to_string(),
        "step 2: seat 1 cannot take {\"bid\":100}: a bid must be at least 105 (SH-4)",
    );
    let mut t: Value = serde_json::from_str(&shelem_example()).unwrap();
    t["actions"][4] = json!({ "discard": "2H" });
    fails_with(
        &["replay", "-"],
        &t.to_string(),
        "step 5: seat 0 cannot take",
    );
    let mut t: Value = serde_json::from_str(&shelem_example()).unwrap();
    t["actions"][0] = json!({ "bid": "lots" });
    fails_with(&["replay", "-"], &t.to_string(), "step 1: bad action");
    fails_with(
        &["replay", "-"],
        r#"{"game":"shelem","deck":["AS","2C"]}"#,
        "bad deck order: Shelem needs the 52 cards",
    );
}

fn bidel_example() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/bidel-moon.json"
    ))
    .unwrap()
}

#[test]
fn bidel_simulate_with_three_and_four_players() {
    for (players, bots) in [("3", "random"), ("3", "rule"), ("4", "rule")] {
        let v = ok_json(&cards(
            &[
                "simulate",
                "--game",
                "bidel",
                "--players",
                players,
                "--hands",
                "200",
                "--seed",
                "4",
                "--bots",
                bots,
            ],
            "",
        ));
        assert_eq!(v["hands"], 200);
        let n: usize = players.parse().unwrap();
        assert_eq!(v["hand_points"].as_array().unwrap().len(), n);
        let total: i64 = v["hand_points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .sum();
        // 26 points a hand, more after a moon (52 with three players, 78 with four).
        assert!(total >= 200 * 26, "{v}");
    }
}

#[test]
fn bidel_replay_of_the_documented_example_and_an_illegal_step() {
    let v = ok_json(&cards(&["replay", "-"], &bidel_example()));
    assert_eq!(v["status"], "hand_over");
    assert_eq!(v["totals"], json!([26, 0, 26, 26]), "seat 1 shot the moon");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 64);
    assert_eq!(
        steps[0]["to_act"],
        json!([0, 1, 2, 3]),
        "passing is simultaneous"
    );
    assert_eq!(steps[12]["action"], json!({ "play": "2C" }));
    // Step 13 is the 2C lead (BD-3): anything else is refused, naming the step.
    let mut t: Value = serde_json::from_str(&bidel_example()).unwrap();
    t["actions"][12] = json!({ "play": "AS" });
    fails_with(&["replay", "-"], &t.to_string(), "step 13:");
    // Passing without naming the seat is refused while several seats may act.
    let mut t: Value = serde_json::from_str(&bidel_example()).unwrap();
    t["actions"][0] = json!({ "pass": "8C" });
    fails_with(&["replay", "-"], &t.to_string(), "step 1: several seats");
}

fn pasur_example() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/pasur.json"
    ))
    .unwrap()
}

#[test]
fn pasur_simulate_with_two_and_four_players() {
    for (players, bots) in [
        ("2", "random"),
        ("2", "rule"),
        ("4", "random"),
        ("4", "rule"),
    ] {
        let v = ok_json(&cards(
            &[
                "simulate",
                "--game",
                "pasur",
                "--players",
                players,
                "--hands",
                "100",
                "--seed",
                "6",
                "--bots",
                bots,
            ],
            "",
        ));
        assert_eq!(v["game"], "pasur");
        assert_eq!(v["hands"], 100);
        assert_eq!(v["players"], players.parse::<u64>().unwrap());
        let points = v["hand_points"].as_array().unwrap();
        assert_eq!(points.len(), 2, "two sides");
        let total: i64 = points.iter().map(|x| x.as_i64().unwrap()).sum();
        // PA-10: 20 points a round, 5 more per sur.
        assert!(total >= 100 * 20 && (total - 100 * 20) % 5 == 0, "{v}");
    }
    // Two players is the default; three are refused.
    let v = ok_json(&cards(
        &["simulate", "--game", "pasur", "--hands", "5", "--seed", "1"],
        "",
    ));
    assert_eq!(v["players"], 2);
    fails_with(
        &["simulate", "--game", "pasur", "--players", "3"],
        "",
        "pasur is not played by 3 players",
    );
    fails_with(
        &[
            "simulate",
            "--game",
            "pasur",
            "--settings",
            r#"{"target":70}"#,
        ],
        "",
        "target must be 62, 100 or 150",
    );
}

#[test]
fn pasur_replay_of_the_documented_example() {
    let v = ok_json(&cards(&["replay", "-"], &pasur_example()));
    assert_eq!(v["game"], "pasur");
    assert_eq!(v["status"], "hand_over");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(
        steps.len(),
        48,
        "one round of two players: 6 deals of 4 cards each"
    );
    assert_eq!(v["totals"], json!([16, 9]));
    assert_eq!(v["hands"][0]["score"]["points"], json!([16, 9]));
    // Step 1: AH takes 2D and 8C, the only set summing to 10, written without `take`.
    assert_eq!(steps[0]["action"], json!({ "play": "AH" }));
    assert_eq!(steps[0]["event"]["played"]["took"], json!(["8C", "2D"]));
    // Step 18: 7C takes the lone 4H: a sur (PA-7).
    assert_eq!(steps[17]["event"]["played"]["sur"], true);
    // Step 25: JS chooses the jack JC over the numerals (PA-3), both listed as legal.
    assert_eq!(steps[24]["action"], json!({ "play": "JS", "take": ["JC"] }));
    let legal = steps[24]["legal"].as_array().unwrap();
    assert!(legal.contains(&json!({ "play": "JS", "take": ["JC"] })));
    assert!(legal
        .iter()
        .any(|a| a["play"] == "JS" && a["take"] != json!(["JC"])));
    // The same action without the choice is refused, naming the step.
    let mut t: Value = serde_json::from_str(&pasur_example()).unwrap();
    t["actions"][24] = json!({ "play": "JS" });
    fails_with(
        &["replay", "-"],
        &t.to_string(),
        "step 25: seat 0 cannot take {\"play\":\"JS\"}: JS can capture in 2 ways",
    );
    // A take that does not sum to 11.
    let mut t: Value = serde_json::from_str(&pasur_example()).unwrap();
    t["actions"][0] = json!({ "play": "AH", "take": ["2D"] });
    fails_with(&["replay", "-"], &t.to_string(), "step 1:");
    // Forced capture (PA-4): AH may not be laid down.
    let mut t: Value = serde_json::from_str(&pasur_example()).unwrap();
    t["actions"][0] = json!({ "play": "AH", "take": [] });
    fails_with(
        &["replay", "-"],
        &t.to_string(),
        "can capture, so it must (PA-4)",
    );
    fails_with(
        &["replay", "-"],
        r#"{"game":"pasur","deck":["AS","2C"]}"#,
        "bad deck order: Pasur needs the 52 cards",
    );
}

// ---- Crazy Eights ----

#[test]
fn crazy_eights_simulate_one_and_two_decks_and_countdown() {
    for (players, bots, settings) in [
        ("2", "random", "{}"),
        ("4", "rule", "{}"),
        ("6", "random", r#"{"equal_cards":true}"#),
        ("3", "rule", r#"{"countdown":true,"countdown_preset":true}"#),
    ] {
        let v = ok_json(&cards(
            &[
                "simulate",
                "--game",
                "crazy_eights",
                "--players",
                players,
                "--hands",
                "50",
                "--seed",
                "4",
                "--bots",
                bots,
                "--settings",
                settings,
            ],
            "",
        ));
        assert_eq!(v["game"], "crazy_eights");
        assert_eq!(v["hands"], 50);
        assert!(v["actions"].as_u64().unwrap() > 50, "{v}");
        let n: usize = players.parse().unwrap();
        assert_eq!(v["hand_points"].as_array().unwrap().len(), n);
    }
    fails_with(
        &["simulate", "--game", "crazy_eights", "--players", "9"],
        "",
        "not played by 9",
    );
    fails_with(
        &[
            "simulate",
            "--game",
            "crazy_eights",
            "--settings",
            r#"{"target":150}"#,
        ],
        "",
        "target must be 100, 200 or 500",
    );
    fails_with(
        &[
            "simulate",
            "--game",
            "crazy_eights",
            "--settings",
            r#"{"wild_rank":"9"}"#,
        ],
        "",
        "settings",
    );
}

/// A random Crazy Eights match (two decks, Countdown, equal cards) written as a transcript
/// replays to the same state hash; an illegal step is named.
#[test]
fn crazy_eights_replay_rebuilds_a_seeded_match() {
    use engine::games::crazy_eights::{CrazyEights, CrazyEightsSettings};
    for (players, settings) in [
        (
            6u8,
            json!({ "equal_cards": true, "queen_of_spades_draws_five": true }),
        ),
        (3, json!({ "countdown": true })),
    ] {
        let setup = Setup {
            players,
            settings: serde_json::from_value::<CrazyEightsSettings>(settings.clone()).unwrap(),
            deal: Deal::seeded(21),
        };
        let mut g = CrazyEights::new(&setup).unwrap();
        let mut r = Rng::new(2);
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        while actions.len() < 400 {
            match g.status() {
                Status::Acting(s) => {
                    let seat = s.first().unwrap();
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    let a = legal[r.below(legal.len() as u32) as usize];
                    g.apply(seat, &a).unwrap();
                    actions.push(json!({ "seat": seat.0, "action": a }));
                }
                Status::HandOver => g.next_hand().unwrap(),
                Status::MatchOver => break,
            }
        }
        let t = json!({ "game": "crazy_eights", "players": players, "seed": 21,
            "settings": settings, "actions": actions });
        let v = ok_json(&cards(&["replay", "-"], &t.to_string()));
        assert_eq!(v["state_hash"], format!("{:016x}", g.state_hash()));
        assert_eq!(v["steps"].as_array().unwrap().len(), actions.len());
        let mut bad = t.clone();
        bad["actions"][3]["seat"] =
            json!((actions[3]["seat"].as_u64().unwrap() + 1) % players as u64);
        fails_with(&["replay", "-"], &bad.to_string(), "step 4: seat");
    }
}

// ---- Haft Khabis ----

#[test]
fn haft_khabis_simulate_every_end_mode_and_two_decks() {
    for (players, bots, settings) in [
        ("2", "random", "{}"),
        ("4", "rule", "{}"),
        (
            "7",
            "random",
            r#"{"two":"give_card","seven_stacking":"double"}"#,
        ),
        ("5", "rule", r#"{"end":"finishing_order"}"#),
        ("3", "random", r#"{"end":"elimination"}"#),
        ("3", "random", r#"{"end":"hands","hands":3}"#),
        ("6", "random", r#"{"end":"cap_ends","cap":200}"#),
    ] {
        let v = ok_json(&cards(
            &[
                "simulate",
                "--game",
                "haft_khabis",
                "--players",
                players,
                "--hands",
                "40",
                "--seed",
                "6",
                "--bots",
                bots,
                "--settings",
                settings,
            ],
            "",
        ));
        assert_eq!(v["game"], "haft_khabis");
        assert_eq!(v["hands"], 40);
        let n: usize = players.parse().unwrap();
        assert_eq!(v["hand_points"].as_array().unwrap().len(), n, "{v}");
    }
    fails_with(
        &["simulate", "--game", "haft_khabis", "--players", "8"],
        "",
        "not played by 8",
    );
    fails_with(
        &[
            "simulate",
            "--game",
            "haft_khabis",
            "--settings",
            r#"{"cap":75}"#,
        ],
        "",
        "cap must be 50 to 1000",
    );
}

/// A random game (two decks, the two giving a card) written as a transcript replays to the
/// same state hash; an illegal step is named.
#[test]
fn haft_khabis_replay_rebuilds_a_seeded_game() {
    use engine::games::haft_khabis::{HaftKhabis, HaftKhabisSettings};
    for (players, settings) in [
        (
            6u8,
            json!({ "two": "give_card", "end": "hands", "hands": 2 }),
        ),
        (3, json!({ "end": "finishing_order" })),
    ] {
        let setup = Setup {
            players,
            settings: serde_json::from_value::<HaftKhabisSettings>(settings.clone()).unwrap(),
            deal: Deal::seeded(31),
        };
        let mut g = HaftKhabis::new(&setup).unwrap();
        let mut r = Rng::new(2);
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        loop {
            match g.status() {
                Status::Acting(s) => {
                    let seat = s.first().unwrap();
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    let a = legal[r.below(legal.len() as u32) as usize];
                    g.apply(seat, &a).unwrap();
                    actions.push(json!({ "seat": seat.0, "action": a }));
                }
                Status::HandOver => g.next_hand().unwrap(),
                Status::MatchOver => break,
            }
        }
        let t = json!({ "game": "haft_khabis", "players": players, "seed": 31,
            "settings": settings, "actions": actions });
        let v = ok_json(&cards(&["replay", "-"], &t.to_string()));
        assert_eq!(v["status"], "match_over");
        assert_eq!(v["state_hash"], format!("{:016x}", g.state_hash()));
        assert_eq!(v["outcome"]["winners"], json!(g.outcome().unwrap().winners));
        let mut bad = t.clone();
        bad["actions"][2]["seat"] =
            json!((actions[2]["seat"].as_u64().unwrap() + 1) % players as u64);
        fails_with(&["replay", "-"], &bad.to_string(), "step 3: seat");
    }
}

// ---- the documented shedding examples ----

fn doc_example(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../../docs/examples/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn haft_khabis_replay_of_the_documented_example() {
    let text = doc_example("haft-khabis.json");
    let v = ok_json(&cards(&["replay", "-"], &text));
    assert_eq!(v["game"], "haft_khabis");
    assert_eq!(v["status"], "match_over");
    assert_eq!(v["totals"], json!([0, 20, 10]));
    assert_eq!(v["outcome"]["winners"], json!([0]));
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 34);
    // HX-16: a 2 turned up; the dealer (seat 2) names a player first.
    assert_eq!(steps[0]["to_act"], json!([2]));
    assert_eq!(steps[0]["legal"], json!([{ "name": 0 }, { "name": 1 }]));
    // HX-5: three sevens in a row, then the whole penalty of 6.
    assert_eq!(steps[11]["event"]["drew"]["count"], 6);
    // HX-9: a declared last card.
    assert_eq!(steps[24]["action"], json!({ "play": "6C", "last": true }));
    let mut t: Value = serde_json::from_str(&text).unwrap();
    t["actions"][1] = json!({ "play": "2H" });
    fails_with(
        &["replay", "-"],
        &t.to_string(),
        "step 2: seat 0 cannot take",
    );
}

#[test]
fn crazy_eights_countdown_replay_of_the_documented_example() {
    let text = doc_example("crazy-eights-countdown.json");
    let v = ok_json(&cards(&["replay", "-"], &text));
    assert_eq!(v["game"], "crazy_eights");
    assert_eq!(v["status"], json!({ "acting": [1] }));
    // CE-12: seats 1 and 2 went out once each: 7 points and 7 new cards.
    assert_eq!(v["totals"], json!([8, 7, 7]));
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 27);
    assert_eq!(steps[22]["event"]["played"]["out"], true);
    assert_eq!(steps[22]["event"]["played"]["then"]["dealt"], 7);
    // Seat 1's wild card is now the 7: it names a suit with 7D.
    assert_eq!(steps[25]["action"], json!({ "play": "7D", "suit": "C" }));
    let mut t: Value = serde_json::from_str(&text).unwrap();
    t["actions"][25] = json!({ "play": "7D" });
    fails_with(
        &["replay", "-"],
        &t.to_string(),
        "step 26: seat 1 cannot take",
    );
}

/// `cards bot`: one JSON line with the seat and a legal action; every refusal one line, exit 2.
#[test]
fn bot_prints_one_json_line_and_refuses_clearly() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/crazy-eights-countdown.json"
    ))
    .unwrap();
    let out = cards(&["bot", "--game", "crazy-eights", "--kind", "easy"], &text);
    let stdout = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 1, "one line: {stdout}");
    let v = ok_json(&out);
    assert_eq!(v["game"], "crazy_eights");
    assert_eq!(v["kind"], "easy");
    // The replay's next legal actions are the seat's: the bot's is one of them.
    let replayed = ok_json(&cards(&["replay", "-"], &text));
    let legal = replayed["next_legal"].as_array().unwrap();
    assert!(
        legal.contains(&v["action"]),
        "{} not in {legal:?}",
        v["action"]
    );

    let bot = |game: &'static str, kind: &'static str| vec!["bot", "--game", game, "--kind", kind];
    fails_with(&bot("hokm", "easy"), &text, "not of hokm");
    fails_with(&bot("crazy-eights", "clever"), &text, "unknown bot kind");
    fails_with(&bot("crazy-eights", "easy"), "{", "malformed JSON");
    fails_with(
        &bot("crazy-eights", "easy"),
        &example(),
        "not of crazy_eights",
    );
    let hokm = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/hokm-kot.json"
    ))
    .unwrap();
    fails_with(&bot("hokm", "easy"), &hokm, "the hand is over");
    let mut seat = bot("crazy-eights", "easy");
    seat.extend(["--seat", "3"]);
    fails_with(&seat, &text, "does not act now");
}

/// The examples of docs/bots.md ("Our bots from outside"): every game's log answers with one
/// of the seat's legal actions, for the rule bot and the hard one.
#[test]
fn bot_examples_in_the_docs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/bot");
    let mut games = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let game = path.file_stem().unwrap().to_str().unwrap().to_string();
        let legal = ok_json(&cards(&["replay", "-"], &text))["next_legal"].clone();
        for kind in ["easy", "hard"] {
            let v = ok_json(&cards(&["bot", "--game", &game, "--kind", kind], &text));
            assert!(
                legal.as_array().unwrap().contains(&v["action"]),
                "{game} {kind}: {} not in {legal}",
                v["action"]
            );
        }
        games += 1;
    }
    assert_eq!(games, 6, "an example for each game");
}
