//! `patience`: the command line of the patience platform: terminal play,
//! deals, records, the solver (`solve`, `stats`), and `serve` for the web
//! platform. The games and variants it plays are those of `docs/RULES.md`
//! (`patience games` lists their ids).
//!
//! This file only parses the command line and dispatches to one module per
//! subcommand (see [`commands`]); drawing a table lives in [`render`]. To add
//! a subcommand, add a variant to [`Command`] holding its `Args` and one arm
//! to [`Command::run`].
//!
//! Exit status: 0 on success, 1 for a runtime failure (unreadable file,
//! corrupt record), 2 for bad usage (unknown game id, malformed number or
//! option). Every error is one line on stderr.

use std::io;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};

mod commands;
mod render;

use patience_words::Lang;
use render::Style;

/// Patience games in the terminal: Harp, Die Große Harfe, Solitaire Harmony,
/// Pitchfork and Lasker.
#[derive(Parser)]
#[command(name = "patience", version, arg_required_else_help = true)]
struct Cli {
    /// Never colour the output (the NO_COLOR environment variable does the same).
    #[arg(long, global = true)]
    no_color: bool,

    /// The language of what the terminal shows: en or de. By default the
    /// one the environment names (LC_ALL, LC_MESSAGES or LANG), else
    /// English. (The web pages speak each browser's own.)
    #[arg(long, global = true, value_name = "LANG")]
    lang: Option<patience_words::Lang>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every game and variant id with its name and a summary.
    Games(commands::games::Args),
    /// Show the opening layout of a numbered deal.
    Deal(commands::deal::Args),
    /// Play a game in the terminal, reading commands line by line.
    Play(commands::play::Args),
    /// Replay a saved game record and show how it ended.
    Replay(commands::replay::Args),
    /// Solve a deal: won (with the moves), lost, or unknown within the budget.
    Solve(commands::solve::Args),
    /// Solve a range of deals in parallel: winnability and solve times.
    Stats(commands::stats::Args),
    /// Let the honest player (who sees only what a player sees) play a range
    /// of deals: win rate with its 95% interval, time per game and per move.
    Autoplay(commands::autoplay::Args),
    /// Build or grow a library of winnable deals, graded by how often the
    /// honest player wins them (the server's starting pool is one).
    Library(commands::library::Args),
    /// Serve the web platform at http://127.0.0.1:8080 (until Ctrl-C or SIGTERM).
    Serve(commands::serve::Args),
}

impl Command {
    fn run(self, style: Style) -> anyhow::Result<()> {
        match self {
            Command::Games(args) => commands::games::run(args, style),
            Command::Deal(args) => commands::deal::run(args, style),
            Command::Play(args) => commands::play::run(args, style),
            Command::Replay(args) => commands::replay::run(args, style),
            Command::Solve(args) => commands::solve::run(args, style),
            Command::Stats(args) => commands::stats::run(args, style),
            Command::Autoplay(args) => commands::autoplay::run(args, style),
            Command::Library(args) => commands::library::run(args, style),
            Command::Serve(args) => commands::serve::run(args),
        }
    }
}

/// Makes blocks of 128 KiB and more come straight from the system, and go
/// back to it when freed. glibc otherwise raises that bound each time such
/// a block is freed (up to 32 MiB), and then keeps freed blocks of that
/// size for itself: a solve on several threads (`--threads`), whose
/// stacks grow, split and go by the hundreds of megabytes, then held some
/// tens of megabytes beyond its memory budget.
fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets a parameter of the allocator; it is
    // called before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 << 10);
    }
}

fn main() -> ExitCode {
    return_large_blocks();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage_error(err),
    };
    let style = Style::detect(cli.no_color, cli.lang.unwrap_or_else(environment_lang));
    match cli.command.run(style) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`patience games | head`): nothing to report.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("patience: {err:#}");
            ExitCode::from(1)
        }
    }
}

/// The language the environment names, as POSIX locales do (`de_DE.UTF-8`
/// is German), else English.
fn environment_lang() -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
        .and_then(|value| Lang::from_tag(value.split(['_', '.', '@']).next().unwrap_or("")))
        .unwrap_or(Lang::ENGLISH)
}

/// Prints help and version as clap does; any other parse error as one line
/// on stderr, with exit status 2.
fn usage_error(err: clap::Error) -> ExitCode {
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        err.exit();
    }
    eprintln!("patience: {}", one_line(&err.render().to_string()));
    ExitCode::from(2)
}

/// Folds clap's multi-paragraph error into one line: the message and any
/// tip, without the usage block.
fn one_line(text: &str) -> String {
    text.split("\n\n")
        .map(|para| para.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|para| !para.is_empty() && !para.starts_with("Usage:"))
        .map(|para| para.strip_prefix("error: ").map(str::to_string).unwrap_or(para))
        .collect::<Vec<_>>()
        .join("; ")
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}
