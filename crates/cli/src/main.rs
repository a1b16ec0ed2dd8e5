//! `cards`: simulate games with bots, replay transcripts. See `cards --help`.

use cards::{replay, simulate, BotKind, SimOptions};
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "\
usage:
  cards simulate --game hokm|shelem|bidel|pasur --hands N --seed S [--players P] [--bots random|rule] [--settings JSON]
  cards replay FILE        (FILE may be - for standard input)

simulate plays N hands (Pasur: rounds of the whole deck) with a bot in every seat
and prints one JSON line.
--players: hokm 4 (default) or 2 (HK-13), shelem 4 or 2, bidel 4 or 3, pasur 2 or 4.
replay reads a transcript (docs/transcript.md) and prints every step as JSON.
Errors print one line and exit with code 2.";

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("cards: {msg}");
    ExitCode::from(2)
}

fn parse_sim(args: &[String]) -> Result<SimOptions, String> {
    let mut opts = SimOptions {
        game: String::new(),
        hands: 1000,
        seed: 0,
        players: None,
        bots: BotKind::Random,
        settings: None,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .ok_or_else(|| format!("{flag} needs a value"))
                .cloned()
        };
        match flag.as_str() {
            "--game" => opts.game = value()?,
            "--hands" => {
                opts.hands = value()?
                    .parse()
                    .map_err(|_| "--hands needs a whole number".to_string())?
            }
            "--seed" => {
                opts.seed = value()?
                    .parse()
                    .map_err(|_| "--seed needs a whole number".to_string())?
            }
            "--players" => {
                opts.players = Some(
                    value()?
                        .parse()
                        .map_err(|_| "--players needs a whole number".to_string())?,
                )
            }
            "--bots" => {
                opts.bots = match value()?.as_str() {
                    "random" => BotKind::Random,
                    "rule" => BotKind::Rule,
                    other => return Err(format!("unknown bots '{other}' (random or rule)")),
                }
            }
            "--settings" => {
                opts.settings = Some(
                    serde_json::from_str(&value()?)
                        .map_err(|e| format!("--settings is not JSON: {e}"))?,
                )
            }
            other => return Err(format!("unknown option '{other}' (see cards --help)")),
        }
    }
    if opts.game.is_empty() {
        return Err("--game is required (see cards --help)".to_string());
    }
    Ok(opts)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("simulate") => {
            let result = parse_sim(&args[1..]).and_then(|o| simulate(&o));
            match result {
                Ok(v) => {
                    println!("{v}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(e),
            }
        }
        Some("replay") => {
            let Some(path) = args.get(1) else {
                return fail("replay needs a FILE or - (see cards --help)");
            };
            let mut text = String::new();
            let read = if path == "-" {
                std::io::stdin().read_to_string(&mut text).map(|_| ())
            } else {
                std::fs::read_to_string(path).map(|t| text = t)
            };
            if let Err(e) = read {
                return fail(format!("cannot read {path}: {e}"));
            }
            match replay(&text) {
                Ok(v) => {
                    println!("{v:#}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(e),
            }
        }
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => fail(format!(
            "unknown command '{other}' (usage: cards simulate|replay, see cards --help)"
        )),
        None => fail("usage: cards simulate|replay (see cards --help)"),
    }
}
