//! `cards`: simulate games with bots, replay transcripts. See `cards --help`.
//!
//! Arguments are parsed by clap (derive API); the help lists every game of the registry
//! with its player counts and settings defaults. Any error prints one line, `cards: …`, on
//! standard error and exits with code 2.

use cards::{
    analysis_requests, arena, arena_text, bot, dds_bench, pbn_tables, replay, simulate,
    ArenaOptions, BotKind, BotOptions, DdsOptions, SimOptions,
};
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use registry::GameInfo;
use serde_json::Value;
use std::io::Read;
use std::process::ExitCode;

/// Simulate the Iranian card games with bots, and replay transcripts.
#[derive(Debug, Parser)]
#[command(name = "cards", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play hands with a bot in every seat and print one JSON line of results.
    Simulate(SimArgs),
    /// Replay a transcript (docs/transcript.md) and print every step as JSON.
    Replay {
        /// The transcript file, or - for standard input.
        #[arg(value_name = "FILE")]
        file: String,
    },
    /// Print every game as JSON: slug, name, players, default players, settings defaults.
    Games,
    /// Duplicate matches between two bot kinds: every deal once per side (the same cards to
    /// the same seats), the mean paired difference with its 95% interval, win rates and time
    /// per move.
    Arena(ArenaArgs),
    /// Time the double-dummy solver on full Hokm deals (trump named by the hakem's longest
    /// suit): "can the hakem's side take 7?" and its most tricks; one JSON line.
    Dds(DdsArgs),
    /// Read a match log (as replay takes it) and print, as one JSON line, the action a bot of
    /// the site chooses for the seat to act, from that seat's view only (docs/bots.md).
    Bot(BotArgs),
}

#[derive(Debug, Args)]
struct BotArgs {
    /// The game of the log, by its slug (listed below).
    #[arg(long, value_name = "GAME", value_parser = parse_game)]
    game: &'static GameInfo,
    /// The bot kind: easy (the rule bot), hard (the searching bot, where the game has one)
    /// or random; also hard-NAME and hard:S,N,P as for arena.
    #[arg(long, value_name = "KIND")]
    kind: String,
    /// Seed of the bot's own random choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// The seat to choose for, where several seats act at once (Bidel's pass).
    #[arg(long, value_name = "SEAT")]
    seat: Option<u8>,
    /// The match log or transcript file, or - for standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    file: String,
}

#[derive(Debug, Args)]
struct ArenaArgs {
    /// The game, by its slug (listed below).
    #[arg(long, value_name = "GAME", value_parser = parse_game)]
    game: &'static GameInfo,
    /// The challenger's bot kind: easy (the rule bot), hard (the searching bot, where the
    /// game has one) or random.
    #[arg(long, value_name = "KIND")]
    a: String,
    /// The other bot kind.
    #[arg(long, value_name = "KIND")]
    b: String,
    /// Deals to play, each once per side of the game.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    deals: u64,
    /// Seed of the first deal; the i-th deal uses seed S + i.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Number of players [default: the game's, listed below].
    #[arg(long, value_name = "P")]
    players: Option<u8>,
    /// Play every room as a whole match to the target, not one hand.
    #[arg(long)]
    matches: bool,
    /// Print the report as one JSON object.
    #[arg(long)]
    json: bool,
    /// Room settings as a JSON object; settings left out keep their defaults.
    #[arg(long, value_name = "JSON", value_parser = parse_json)]
    settings: Option<Value>,
}

#[derive(Debug, Args)]
struct DdsArgs {
    /// Deals to solve; the i-th is the first hand of the match from seed S + i.
    #[arg(long, value_name = "N", default_value_t = 100)]
    deals: u64,
    /// Seed of the first deal.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Players: 4, or 2 (HK-13).
    #[arg(long, value_name = "P", default_value_t = 4)]
    players: u8,
    /// Transposition table size: 2^BITS slots (10 to 26); by default the trick solver's, or
    /// with `--analyse` of Shelem or Bidel the worker's points table (22).
    #[arg(long, value_name = "BITS")]
    table_bits: Option<u32>,
    /// The game: hokm, or with --analyse also shelem or bidel.
    #[arg(long, value_name = "GAME", default_value = "hokm")]
    game: String,
    /// The node budget of a Shelem or Bidel analysis (the worker's: 100 M).
    #[arg(long, value_name = "N", default_value_t = search::POINTS_BUDGET)]
    budget: u64,
    /// With --analyse: print the worker's `analyse` message of each hand (one a line)
    /// instead of analysing it (for tests/e2e/bench-analysis.mjs, the same in Chromium).
    #[arg(long)]
    requests: bool,
    /// Only "can the hakem's side take 7?", not the most tricks.
    #[arg(long)]
    take7_only: bool,
    /// Time the hand analysis instead: whole hands played by the rule bots, analysed as the
    /// page's "Analysis" button asks (the most tricks from the deal, and every play's).
    #[arg(long)]
    analyse: bool,
    /// Instead: bridge deals in PBN notation (`N:AKQ.T98.76.5432 ...`, one a line) from
    /// FILE (`-`: standard input); prints per deal DDS's double-dummy table (strains S, H,
    /// D, C, NT; declarers N, E, S, W: 20 trick counts) and the milliseconds of CPU time.
    #[arg(long, value_name = "FILE")]
    pbn: Option<String>,
}

#[derive(Debug, Args)]
struct SimArgs {
    /// The game, by its slug (listed below).
    #[arg(long, value_name = "GAME", value_parser = parse_game)]
    game: &'static GameInfo,
    /// Hands to play (Pasur: rounds of the whole deck); a finished match starts a new one.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    hands: u64,
    /// Seed of the first match; the m-th new match uses seed + m.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Number of players [default: the game's, listed below].
    #[arg(long, value_name = "P")]
    players: Option<u8>,
    /// The bots in every seat.
    #[arg(long, value_enum, default_value_t = Bots::Random)]
    bots: Bots,
    /// Room settings as a JSON object, e.g. '{"target":5}'; settings left out keep their
    /// defaults (listed below).
    #[arg(long, value_name = "JSON", value_parser = parse_json)]
    settings: Option<Value>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Bots {
    /// Uniform over the legal actions.
    Random,
    /// The game's rule-based bot.
    Rule,
}

fn parse_game(slug: &str) -> Result<&'static GameInfo, String> {
    registry::find(slug).map_err(|e| e.to_string())
}

fn parse_json(text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))
}

/// The games part of the help: each game's slug, name, player counts and settings.
fn games_help() -> String {
    let mut out = String::from(
        "Games (--game SLUG), their player counts (--players) and settings (--settings, with \
         their defaults):\n",
    );
    for g in registry::GAMES {
        out.push_str(&format!(
            "  {:<13} {}: {} players, default {}\n",
            g.slug,
            g.name,
            g.players_text(),
            g.default_players
        ));
        let settings: Vec<String> = match g.settings_defaults() {
            Value::Object(m) => m.iter().map(|(k, v)| format!("{k}={v}")).collect(),
            _ => Vec::new(),
        };
        out.push_str(&wrap(&settings, "                  ", 96));
    }
    out.push_str(
        "\nExample: cards simulate --game hokm --players 2 --hands 1000 --seed 1 --bots rule \
         --settings '{\"target\":5}'\n         cards arena --game hokm --a easy --b random --deals 1000 --seed 1\nErrors print one line and exit with code 2.",
    );
    out
}

/// `items` separated by ", " in lines of at most `width` columns, each starting with
/// `indent`.
fn wrap(items: &[String], indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        if !line.is_empty() && indent.len() + line.len() + 1 + piece.len() > width {
            out.push_str(&format!("{indent}{line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    if !line.is_empty() {
        out.push_str(&format!("{indent}{line}\n"));
    }
    out
}

fn command() -> clap::Command {
    let games = games_help();
    Cli::command()
        .after_help(games.clone())
        .mut_subcommand("simulate", |c| c.after_help(games.clone()))
        .mut_subcommand("arena", |c| c.after_help(games))
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("cards: {msg}");
    ExitCode::from(2)
}

/// A clap error as one line: the message, any tip, and the usage it printed.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut message = String::new();
    let mut tips = Vec::new();
    let mut usage = String::new(); // clap shows no usage for a bad value
    for block in text.split("\n\n") {
        let joined = block
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(u) = joined.strip_prefix("Usage: ") {
            usage = u.to_string();
        } else if joined.starts_with("tip:") {
            tips.push(joined);
        } else if joined.starts_with("For more information") || joined.is_empty() {
        } else if message.is_empty() {
            message = joined
                .strip_prefix("error: ")
                .unwrap_or(&joined)
                .to_string();
        }
    }
    for tip in tips {
        message.push_str(&format!("; {tip}"));
    }
    if usage.is_empty() {
        format!("{message} (see cards --help)")
    } else {
        format!("{message} (usage: {usage}; see cards --help)")
    }
}

/// The text of `file`, or of standard input for `-`.
fn read_input(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
    }
}

fn main() -> ExitCode {
    let matches = match command().try_get_matches() {
        Ok(m) => m,
        Err(e) => {
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    // Help asked for: printed on standard output.
                    match e.print() {
                        Ok(()) => ExitCode::SUCCESS,
                        Err(_) => ExitCode::from(2),
                    }
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => fail(
                    "a command is needed (usage: cards simulate|arena|replay|bot|games|dds; see cards --help)",
                ),
                _ => fail(one_line(&e)),
            };
        }
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return fail(one_line(&e)),
    };
    match cli.command {
        Command::Simulate(a) => {
            let opts = SimOptions {
                game: a.game.slug.to_string(),
                hands: a.hands,
                seed: a.seed,
                players: a.players,
                bots: match a.bots {
                    Bots::Random => BotKind::Random,
                    Bots::Rule => BotKind::Rule,
                },
                settings: a.settings,
            };
            match simulate(&opts) {
                Ok(v) => {
                    println!("{v}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(e),
            }
        }
        Command::Replay { file } => {
            let text = match read_input(&file) {
                Ok(t) => t,
                Err(e) => return fail(e),
            };
            match replay(&text) {
                Ok(v) => {
                    println!("{v:#}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(e),
            }
        }
        Command::Arena(a) => match arena(&ArenaOptions {
            game: a.game.slug.to_string(),
            a: a.a,
            b: a.b,
            deals: a.deals,
            seed: a.seed,
            players: a.players,
            matches: a.matches,
            settings: a.settings,
        }) {
            Ok(v) if a.json => {
                println!("{v}");
                ExitCode::SUCCESS
            }
            Ok(v) => {
                print!("{}", arena_text(&v));
                ExitCode::SUCCESS
            }
            Err(e) => fail(e),
        },
        Command::Dds(DdsArgs {
            pbn: Some(file),
            table_bits,
            ..
        }) => match read_input(&file)
            .and_then(|t| pbn_tables(&t, table_bits.unwrap_or(search::Solver::DEFAULT_TABLE_BITS)))
        {
            Ok(v) => {
                print!("{v}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(e),
        },
        Command::Dds(a) => {
            let requests = a.requests;
            let opts = DdsOptions {
                deals: a.deals,
                seed: a.seed,
                players: a.players,
                table_bits: a.table_bits.unwrap_or(if a.game == "hokm" {
                    search::Solver::DEFAULT_TABLE_BITS
                } else {
                    search::POINTS_TABLE_BITS
                }),
                max_tricks: !a.take7_only,
                analyse: a.analyse,
                game: a.game,
                budget: a.budget,
            };
            let out = if requests {
                analysis_requests(&opts)
            } else {
                dds_bench(&opts).map(|v| format!("{v}\n"))
            };
            match out {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(e),
            }
        }
        Command::Bot(a) => {
            let text = match read_input(&a.file) {
                Ok(t) => t,
                Err(e) => return fail(e),
            };
            let opts = BotOptions {
                game: a.game.slug.to_string(),
                kind: a.kind,
                seed: a.seed,
                seat: a.seat,
            };
            match bot(&text, &opts) {
                Ok(v) => {
                    println!("{v}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(e),
            }
        }
        Command::Games => {
            println!("{:#}", registry::games_json());
            ExitCode::SUCCESS
        }
    }
}
