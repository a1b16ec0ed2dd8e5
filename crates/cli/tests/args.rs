//! The `cards` arguments: the help lists every game of the registry with its player counts
//! and settings defaults, and bad arguments get one clear line and exit code 2.

use serde_json::Value;
use std::process::{Command, Output};

fn cards(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Fails with exit code 2, nothing on standard output, one line on standard error that
/// contains every one of `expect`, and no panic.
fn fails_with(args: &[&str], expect: &[&str]) {
    let out = cards(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("cards: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    for e in expect {
        assert!(err.contains(e), "expected '{e}' in: {err}");
    }
}

#[test]
fn help_lists_every_game_with_players_and_settings_defaults() {
    for args in [&["--help"][..], &["-h"], &["help"], &["simulate", "--help"]] {
        let help = stdout(&cards(args));
        for game in registry::GAMES {
            let line = help
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{} ", game.slug)))
                .unwrap_or_else(|| panic!("{args:?}: no line for {}:\n{help}", game.slug));
            assert!(line.contains(game.name), "{line}");
            assert!(
                line.contains(&format!(
                    "{} players, default {}",
                    game.players_text(),
                    game.default_players
                )),
                "{line}"
            );
            let Value::Object(settings) = game.settings_defaults() else {
                panic!("{}: settings are not an object", game.slug);
            };
            assert!(!settings.is_empty());
            for (name, default) in settings {
                assert!(
                    help.contains(&format!("{name}={default}")),
                    "{args:?}: {} setting {name}={default} missing:\n{help}",
                    game.slug
                );
            }
        }
    }
    let help = stdout(&cards(&["--help"]));
    for command in ["simulate", "replay", "games"] {
        assert!(
            help.lines()
                .any(|l| l.trim_start().starts_with(&format!("{command} "))),
            "{command} missing:\n{help}"
        );
    }
    assert!(help.contains("Haft Khabis: 2 to 7 players, default 4"));
    assert!(help.contains("Pasur: 2 or 4 players, default 2"));
    let sim = stdout(&cards(&["simulate", "--help"]));
    for flag in [
        "--game",
        "--hands",
        "--seed",
        "--players",
        "--bots",
        "--settings",
    ] {
        assert!(sim.contains(flag), "{flag} missing:\n{sim}");
    }
}

#[test]
fn games_prints_the_registry_as_json() {
    let v: Value = serde_json::from_str(&stdout(&cards(&["games"]))).unwrap();
    let games = v.as_array().unwrap();
    assert_eq!(games.len(), registry::GAMES.len());
    for (g, info) in games.iter().zip(registry::GAMES) {
        assert_eq!(g["slug"], info.slug);
        assert_eq!(g["name"], info.name);
        assert_eq!(g["default_players"], info.default_players);
        assert_eq!(g["settings"], info.settings_defaults());
    }
}

#[test]
fn bad_arguments_get_one_clear_line_and_exit_code_2() {
    fails_with(&[], &["a command is needed", "usage"]);
    fails_with(
        &["frobnicate"],
        &["unrecognized subcommand 'frobnicate'", "usage"],
    );
    // Unknown game: the known ones are named.
    fails_with(
        &["simulate", "--game", "poker"],
        &[
            "unknown game 'poker'",
            "hokm, bidel, shelem, pasur, haft_khabis, crazy_eights",
        ],
    );
    fails_with(&["simulate"], &["--game"]);
    fails_with(&["simulate", "--gam", "hokm"], &["'--gam'", "'--game'"]);
    // Player counts: the game's own are named.
    fails_with(
        &["simulate", "--game", "bidel", "--players", "2"],
        &["bidel is not played by 2 players (it is played by 3 or 4)"],
    );
    fails_with(
        &["simulate", "--game", "crazy_eights", "--players", "9"],
        &["crazy_eights is not played by 9 players (it is played by 2 to 8)"],
    );
    fails_with(
        &["simulate", "--game", "hokm", "--players", "four"],
        &["--players"],
    );
    fails_with(&["simulate", "--game", "hokm", "--players", "-1"], &["-1"]);
    // Settings: not JSON, not an object, an unknown name, a wrong type, out of range.
    fails_with(
        &["simulate", "--game", "hokm", "--settings", "{target:5"],
        &["--settings", "not JSON"],
    );
    fails_with(
        &["simulate", "--game", "hokm", "--settings", "[5]"],
        &["settings: expected a JSON object"],
    );
    fails_with(
        &[
            "simulate",
            "--game",
            "pasur",
            "--settings",
            r#"{"trump":"H"}"#,
        ],
        &["unknown setting 'trump'", "settings of pasur: classic_deal"],
    );
    fails_with(
        &[
            "simulate",
            "--game",
            "hokm",
            "--settings",
            r#"{"sars":"yes"}"#,
        ],
        &["settings: invalid type"],
    );
    fails_with(
        &[
            "simulate",
            "--game",
            "bidel",
            "--settings",
            r#"{"target":150}"#,
        ],
        &["bad setting"],
    );
    fails_with(
        &["simulate", "--game", "hokm", "--bots", "smart"],
        &["'smart'", "random, rule"],
    );
    fails_with(&["simulate", "--game", "hokm", "--hands", "-5"], &["-5"]);
    fails_with(&["replay"], &["<FILE>"]);
    fails_with(&["replay", "/no/such/transcript.json"], &["cannot read"]);
    fails_with(&["replay", "a", "b"], &["'b'"]);
}

#[test]
fn web_slugs_are_accepted_and_report_the_engine_name() {
    let out = stdout(&cards(&[
        "simulate",
        "--game",
        "haft-khabis",
        "--hands",
        "3",
        "--seed",
        "2",
    ]));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "haft_khabis");
    assert_eq!(v["hands"], 3);
}
