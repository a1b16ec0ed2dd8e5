//! Golden fixtures of the wire form (docs/protocol.md): for every game (and every player
//! count of the games played by two), a seeded match log and every seat's frames at its
//! opening and around the end of its first hand (a timeout, the hand's last steps, the
//! next hand and the new hand's opening), pinned byte for byte in
//! `tests/golden/<game>-<players>p.json`.
//!
//! The test replays each fixture's log through a room and renders the fixture again: any
//! change to what a seat is sent fails it. When the change is meant, bump
//! [`PROTOCOL_VERSION`] (unless it only adds a game) and rewrite the fixtures:
//!
//! ```text
//! UPDATE_GOLDEN=1 cargo test -p registry --test golden
//! ```
//!
//! which plays fresh logs (seed 7, uniformly random actions, a turn timeout every fifth
//! step) and writes the files; review the diff before committing it.

use engine::{Deal, Rng, Status, Step};
use registry::{GAMES, PROTOCOL_VERSION};
use serde_json::{json, Value};
use std::path::PathBuf;

/// The games and player counts with a fixture: all counts of the games played by two,
/// the default count of the others.
fn cases() -> Vec<(&'static str, u8)> {
    let mut out = Vec::new();
    for g in GAMES {
        if g.players.len() <= 2 {
            out.extend(g.players.iter().map(|&p| (g.slug, p)));
        } else {
            out.push((g.slug, g.default_players));
        }
    }
    out
}

fn path(slug: &str, players: u8) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{slug}-{players}p.json"))
}

/// A fresh log for a fixture: seed 7, the acting seat (the first of several) takes a
/// uniformly random legal action, or times out on every fifth step; the first hand is
/// played out, the next one dealt, and three steps more taken. Returns the log and the
/// ranges of step numbers whose frames are pinned.
fn fresh_log(slug: &str, players: u8) -> (Value, Vec<[u32; 2]>) {
    let mut room = registry::new_room(slug, Some(players), None, Deal::seeded(7)).unwrap();
    let mut rng = Rng::new(7);
    let mut hand_end = None;
    while hand_end.is_none_or(|h| room.steps() < h + 4) {
        assert!(room.steps() < 5000, "{slug} {players}p: no hand end");
        match room.status() {
            Status::Acting(seats) => {
                let seat = seats.first().unwrap();
                if room.steps() % 5 == 2 {
                    room.timeout(seat).unwrap();
                } else {
                    let legal = room.legal_json(seat);
                    let i = rng.below(legal.len() as u32) as usize;
                    room.act(seat, &legal[i]).unwrap();
                }
            }
            Status::HandOver => {
                hand_end.get_or_insert(room.steps());
                room.next_hand().unwrap();
            }
            Status::MatchOver => panic!("{slug} {players}p: the match ended in one hand"),
        }
    }
    let h = hand_end.unwrap();
    (room.log(), vec![[1, 4], [h.saturating_sub(3), h + 3]])
}

/// The fixture of a log: replays it through a room (each step stamped with the room's
/// step, as a seat's move is) and collects every seat's frames of the pinned steps, each
/// run of them preceded by the snapshot before it.
fn render(log: &Value, pinned: &[[u32; 2]]) -> String {
    let steps: Vec<Step<Value>> = serde_json::from_value(log["steps"].clone()).unwrap();
    let mut start = log.clone();
    start["steps"] = json!([]);
    let mut room = registry::room_from_log(&start).unwrap();
    let is_pinned = |k: u32| pinned.iter().any(|&[a, b]| a <= k && k <= b);
    let mut frames = Vec::new();
    let seats =
        |f: Vec<registry::SeatFrame>| Value::Array(f.into_iter().map(|f| f.frame).collect());
    for (k, step) in (1..).zip(&steps) {
        if is_pinned(k) && !is_pinned(k - 1) {
            frames.push(seats(room.snapshots()));
        }
        let out = room.apply(step, Some(room.steps())).unwrap();
        if is_pinned(k) {
            frames.push(seats(out));
        }
    }
    assert_eq!(&room.log(), log, "the room's log is the log it replayed");
    let again = registry::room_from_log(log).unwrap();
    assert_eq!(again.state_hash(), room.state_hash());
    let doc = json!({
        "about": "Golden wire fixture (docs/protocol.md): every seat's frames of the pinned \
                  steps of this log, each run after a snapshot. Rewrite with \
                  UPDATE_GOLDEN=1 cargo test -p registry --test golden",
        "protocol": PROTOCOL_VERSION,
        "log": log,
        "pinned": pinned,
        "frames": frames,
    });
    let mut out = String::new();
    pretty(&doc, 0, &mut out);
    out + "\n"
}

/// Pretty JSON, one object field or array item a line, except that an array or object
/// whose compact form is short (a hand, a trick, the totals, a step) stays on one line.
fn pretty(v: &Value, indent: usize, out: &mut String) {
    let pad = |n: usize| " ".repeat(n);
    let flat = v.to_string();
    if indent + flat.len() <= 96 {
        out.push_str(&flat);
        return;
    }
    match v {
        Value::Object(m) => {
            out.push_str("{\n");
            for (i, (k, x)) in m.iter().enumerate() {
                out.push_str(&format!("{}{}: ", pad(indent + 2), Value::from(k.as_str())));
                pretty(x, indent + 2, out);
                out.push_str(if i + 1 < m.len() { ",\n" } else { "\n" });
            }
            out.push_str(&format!("{}}}", pad(indent)));
        }
        Value::Array(a) => {
            out.push_str("[\n");
            for (i, x) in a.iter().enumerate() {
                out.push_str(&pad(indent + 2));
                pretty(x, indent + 2, out);
                out.push_str(if i + 1 < a.len() { ",\n" } else { "\n" });
            }
            out.push_str(&format!("{}]", pad(indent)));
        }
        _ => out.push_str(&flat),
    }
}

fn first_difference(a: &str, b: &str) -> String {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  pinned: {x}\n  now:    {y}", i + 1);
        }
    }
    format!(
        "one is a prefix of the other ({} and {} lines)",
        a.lines().count(),
        b.lines().count()
    )
}

#[test]
fn every_game_sends_exactly_the_pinned_frames() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0");
    let mut failures = Vec::new();
    for (slug, players) in cases() {
        let file = path(slug, players);
        if update {
            let (log, pinned) = fresh_log(slug, players);
            std::fs::write(&file, render(&log, &pinned)).unwrap();
            continue;
        }
        let Ok(pinned_text) = std::fs::read_to_string(&file) else {
            failures.push(format!("{}: missing", file.display()));
            continue;
        };
        let fixture: Value = serde_json::from_str(&pinned_text).unwrap();
        let pinned: Vec<[u32; 2]> = serde_json::from_value(fixture["pinned"].clone()).unwrap();
        let now = render(&fixture["log"], &pinned);
        if now != pinned_text {
            failures.push(format!(
                "{}: the wire form changed, {}",
                file.display(),
                first_difference(&pinned_text, &now)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\nIf the change is meant: bump PROTOCOL_VERSION (docs/protocol.md) and run \
         UPDATE_GOLDEN=1 cargo test -p registry --test golden",
        failures.join("\n")
    );
}

/// Every fixture names every seat's frames at every pinned step, a snapshot first, and
/// covers a turn timeout and the next hand.
#[test]
fn the_fixtures_cover_snapshots_timeouts_and_the_next_hand() {
    for (slug, players) in cases() {
        let Ok(text) = std::fs::read_to_string(path(slug, players)) else {
            continue; // Reported by the test above.
        };
        let fixture: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(fixture["protocol"], json!(PROTOCOL_VERSION), "{slug}");
        let frames = fixture["frames"].as_array().unwrap();
        let publics: Vec<&Value> = frames.iter().map(|f| &f[0]["public"]).collect();
        assert!(publics[0].is_null(), "{slug}: a snapshot first");
        assert!(publics.iter().any(|p| p.get("timeout").is_some()), "{slug}");
        assert!(publics.iter().any(|p| *p == "next_hand"), "{slug}");
        for f in frames {
            let f = f.as_array().unwrap();
            assert_eq!(f.len(), players as usize, "{slug}");
            for (s, frame) in f.iter().enumerate() {
                assert_eq!(frame["seat"], json!(s), "{slug}");
            }
        }
    }
}
