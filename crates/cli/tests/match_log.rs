//! `cards replay` reads both forms: the first form of transcripts (converted to the engine's
//! match log on read) and match logs; every documented example replays exactly as before.

use cards::{replay, to_match_log};
use engine::games::hokm::Hokm;
use engine::hash::StableHasher;
use engine::{Deal, Game, Setup, Status};
use serde_json::{json, Value};
use std::hash::Hasher;

fn examples_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples")
}

/// The FNV-1a hash of what `cards replay` prints (the pretty JSON and a newline).
fn printed_hash(v: &Value) -> String {
    let mut h = StableHasher::default();
    h.write(format!("{v:#}\n").as_bytes());
    format!("{:016x}", h.finish())
}

/// Each example's final state hash and the hash of its whole printed report, recorded from
/// `cards replay` before transcripts were read through the match log (all but one).
const BEFORE: &[(&str, &str, &str)] = &[
    ("bidel-moon.json", "1fb21c15beef9a29", "8789423bde1f7847"),
    (
        "crazy-eights-countdown.json",
        "cf83d9b841d40818",
        "3516498c29e03164",
    ),
    ("haft-khabis.json", "65daa1b108652e9d", "ee0153b265bc6fad"),
    // Added with the match log (a log with timeouts and the next hand), recorded then.
    (
        "haft-khabis-timeouts.json",
        "d5ed1fb6b2030905",
        "1ab872f5247d6624",
    ),
    ("hokm-2p.json", "75f11b4cedbfe025", "66b2dcd642ed11df"),
    ("hokm-kot.json", "c21e7a61b4edbda4", "b3ab37a1e48d1e8b"),
    ("pasur.json", "4892f5ccda3c2555", "8ab925891a32a5ac"),
    ("shelem-shelem.json", "2ef46f7231faf43c", "7f95ca735d9da400"),
];

fn example_files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(examples_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_example_replays_exactly_as_before() {
    let files = example_files();
    assert_eq!(
        files.len(),
        BEFORE.len(),
        "a new example needs its line in BEFORE"
    );
    for (name, text) in &files {
        let (_, hash, printed) = BEFORE
            .iter()
            .find(|(n, _, _)| n == name)
            .unwrap_or_else(|| panic!("{name} is not in BEFORE"));
        let v = replay(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(v["state_hash"], json!(hash), "{name}");
        assert_eq!(
            printed_hash(&v),
            *printed,
            "{name}: the printed report changed"
        );
    }
}

/// The report's steps without the next-hand steps and their numbers.
fn action_steps(v: &Value) -> Vec<Value> {
    v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s.get("next_hand").is_none())
        .map(|s| {
            let mut s = s.clone();
            s.as_object_mut().unwrap().remove("step");
            s
        })
        .collect()
}

fn assert_same_replay(first: &Value, second: &Value, what: &str) {
    for key in [
        "state_hash",
        "hands",
        "status",
        "totals",
        "outcome",
        "next_legal",
    ] {
        assert_eq!(first[key], second[key], "{what}: {key}");
    }
    assert_eq!(action_steps(first), action_steps(second), "{what}: steps");
}

#[test]
fn every_example_converts_to_a_match_log_that_replays_the_same() {
    for (name, text) in example_files() {
        let before = replay(&text).unwrap();
        let log = to_match_log(&text).unwrap();
        assert_eq!(log["version"], json!(1));
        assert!(
            log["public"].get("seed").is_none(),
            "{name}: the seed is secret"
        );
        assert!(log["deal"].get("seed").is_some(), "{name}");
        let text2 = serde_json::to_string_pretty(&log).unwrap();
        let after = replay(&text2).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_same_replay(&before, &after, &name);
        // A match log converts to itself.
        assert_eq!(to_match_log(&text2).unwrap(), log, "{name}");
    }
}

/// A first-form transcript of `hands` whole Hokm hands, each seat taking its first legal
/// action, the next hand dealt implicitly.
fn hokm_transcript(seed: u64, hands: usize) -> Value {
    let setup = Setup {
        players: 4,
        settings: Default::default(),
        deal: Deal::seeded(seed),
    };
    let mut g = Hokm::new(&setup).unwrap();
    let mut actions = Vec::new();
    let mut done = 0;
    let mut legal = Vec::new();
    loop {
        match g.status() {
            Status::Acting(s) => {
                let seat = s.first().unwrap();
                legal.clear();
                g.legal_actions(seat, &mut legal);
                g.apply(seat, &legal[0]).unwrap();
                actions.push(json!({ "seat": seat.0, "action": legal[0] }));
            }
            _ => {
                done += 1;
                if done == hands {
                    break;
                }
                g.next_hand().unwrap();
            }
        }
    }
    json!({ "game": "hokm", "seed": seed, "actions": actions })
}

#[test]
fn the_next_hand_becomes_a_step_of_its_own() {
    let t = hokm_transcript(5, 3);
    let before = replay(&t.to_string()).unwrap();
    assert_eq!(before["hands"].as_array().unwrap().len(), 3);
    let log = to_match_log(&t.to_string()).unwrap();
    let steps = log["steps"].as_array().unwrap();
    let next = steps.iter().filter(|s| **s == json!("next_hand")).count();
    assert_eq!(next, 2, "two hands dealt after the first");
    assert_eq!(steps.len(), t["actions"].as_array().unwrap().len() + 2);
    let after = replay(&log.to_string()).unwrap();
    assert_same_replay(&before, &after, "hokm, 3 hands");
    let shown: Vec<&Value> = after["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s.get("next_hand").is_some())
        .collect();
    assert_eq!(shown.len(), 2);
}

fn fails(text: &str, expect: &str) {
    let err = replay(text).unwrap_err();
    assert!(err.contains(expect), "expected '{expect}' in: {err}");
}

#[test]
fn a_bad_step_of_a_match_log_is_named() {
    let t = hokm_transcript(5, 2);
    let log = to_match_log(&t.to_string()).unwrap();
    let steps = log["steps"].as_array().unwrap().clone();
    let hand_end = steps.iter().position(|s| *s == json!("next_hand")).unwrap();
    let with = |k: usize, step: Value| {
        let mut l = log.clone();
        let s = l["steps"].as_array_mut().unwrap();
        s.truncate(k);
        s.push(step);
        l.to_string()
    };
    // An illegal action at step k (1-based k + 1).
    fails(
        &with(3, json!({"act": {"seat": 3, "action": "redeal"}})),
        "step 4: seat 3 cannot take \"redeal\":",
    );
    fails(&with(3, json!({"act": {"seat": 0}})), "step 4: bad step");
    fails(
        &with(3, json!({"act": {"seat": 9, "action": {"play": "2C"}}})),
        "step 4: seat 9 is not at the table",
    );
    // The next hand while the hand is played, an action while it is over.
    fails(
        &with(3, json!("next_hand")),
        "step 4: next hand while the hand is still played",
    );
    fails(
        &with(
            hand_end,
            json!({"act": {"seat": 0, "action": {"play": "2C"}}}),
        ),
        &format!("step {}: the hand is over", hand_end + 1),
    );
    // A timeout of a seat that may not act.
    let mut first3 = log.clone();
    first3["steps"].as_array_mut().unwrap().truncate(3);
    let acting = replay(&first3.to_string()).unwrap();
    let to_act = acting["status"]["acting"][0].as_u64().unwrap();
    let other = (to_act + 1) % 4;
    fails(
        &with(3, json!({"timeout": {"seat": other}})),
        &format!("step 4: timeout of seat {other}, which may not act now"),
    );
    // A log of a later version is refused.
    let mut later = log.clone();
    later["version"] = json!(99);
    fails(&later.to_string(), "match log version 99 is newer");
    fails(
        &json!({"version": 1, "game": "hokm", "public": {"players": 4, "settings": {}}, "deal": {"seed": 0}, "steps": [], "extra": 1}).to_string(),
        "match log: unknown field",
    );
}

#[test]
fn a_timeout_step_replays_and_is_shown() {
    let log = json!({
        "version": 1,
        "game": "hokm",
        "public": {"players": 4, "settings": {}},
        "deal": {"seed": 11},
        "steps": [],
    });
    let start = replay(&log.to_string()).unwrap();
    let seat = start["status"]["acting"][0].as_u64().unwrap();
    let mut with = log.clone();
    with["steps"] = json!([{ "timeout": { "seat": seat } }]);
    let v = replay(&with.to_string()).unwrap();
    let step = &v["steps"][0];
    assert_eq!(step["timeout"], json!(true));
    assert_eq!(step["seat"], json!(seat));
    // D-7: the hakem's trump choice takes the first option, clubs.
    assert_eq!(step["action"], json!({"trump": "C"}));
    assert_eq!(step["events"].as_array().unwrap().len(), 1);
    // The same as taking that action.
    let mut act = log.clone();
    act["steps"] = json!([{ "act": { "seat": seat, "action": {"trump": "C"} } }]);
    assert_eq!(
        replay(&act.to_string()).unwrap()["state_hash"],
        v["state_hash"]
    );
}

#[test]
fn the_timeouts_example_shows_hx_14_penalty_cards_and_the_next_hand() {
    let text = std::fs::read_to_string(examples_dir().join("haft-khabis-timeouts.json")).unwrap();
    let v = replay(&text).unwrap();
    let steps = v["steps"].as_array().unwrap();
    let timeouts: Vec<&Value> = steps
        .iter()
        .filter(|s| s["timeout"] == json!(true))
        .collect();
    assert_eq!(timeouts.len(), 6);
    // HX-14: a penalty card after each timeout but the last, which ended the match.
    for t in &timeouts[..5] {
        let events = t["events"].as_array().unwrap();
        assert_eq!(
            events.last().unwrap()["drew"]["penalty"],
            json!(true),
            "{t}"
        );
    }
    assert_eq!(timeouts[5]["events"].as_array().unwrap().len(), 1);
    // D-7: an ace's skip is taken.
    assert_eq!(timeouts[1]["action"], json!("pass"));
    assert!(steps.iter().any(|s| s["next_hand"] == json!(true)));
    assert_eq!(v["status"], json!("match_over"));
}
