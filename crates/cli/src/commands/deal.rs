//! `patience deal GAME --deal N`: the opening position of a numbered deal.
//!
//! By default the whole layout for people, face-down cards included (shown
//! in parentheses) and the stock in drawing order, since a deal number is
//! public; `--format setup` gives the engine's setup text
//! (`Position::to_string()`), which `Position::from_setup` reads back;
//! `--format solvitaire` the deal in Solvitaire's JSON deal format
//! (`patience_solver::interchange`), which `patience solve --deal-file` and
//! other solvers read; `--format deck` the shuffled deck itself, in dealing
//! order, before any card goes up by itself (other tools that number deals by
//! their card order, such as lonelybot's exact seeds, start from it).

use std::io::{self, Write};

use clap::ValueEnum;
use patience_core::{Position, Rules};

use crate::render::{Style, Table};

#[derive(clap::Args)]
pub struct Args {
    /// Game or variant id, such as `harp` or `harp/3-passes` (see `patience games`).
    #[arg(value_name = "GAME[/VARIANT]", value_parser = super::parse_rules)]
    game: &'static Rules,

    /// The deal number.
    #[arg(long, value_name = "N")]
    deal: u64,

    /// What to print.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The layout for people, every card shown.
    Table,
    /// The setup text of the engine.
    Setup,
    /// Solvitaire's JSON deal format: piles bottom first, a lower-case suit
    /// for a face-down card, the stock ending with the next card to draw.
    Solvitaire,
    /// The whole deck in dealing order, before any card goes up by itself:
    /// the columns' cards column by column, bottom first, then the reserve,
    /// then the stock from the next card to draw.
    Deck,
}

pub fn run(args: Args, style: Style) -> anyhow::Result<()> {
    let pos = Position::deal(args.game, args.deal);
    let mut out = io::stdout().lock();
    match args.format {
        Format::Setup => write!(out, "{pos}")?,
        Format::Solvitaire => write!(out, "{}", patience_solver::interchange::to_solvitaire(&pos)?)?,
        Format::Deck => {
            let deck = patience_core::deal::shuffled_deck(args.game, args.deal);
            let cards: Vec<String> = deck.iter().map(|card| card.ascii()).collect();
            writeln!(out, "{}", cards.join(" "))?;
        }
        Format::Table => {
            let title = style.say(patience_words::say!(
                "cli-title",
                name = patience_words::rules_name(args.game),
                id = args.game.id,
                deal = args.deal.to_string()
            ));
            writeln!(out, "{}", style.bold(&title))?;
            write!(out, "{}", Table::revealed(&pos).draw(style))?;
            if pos.face_down_total() > 0 {
                writeln!(out, "\n{}", style.say(patience_words::say!("cli-face-down-in-parentheses")))?;
            }
        }
    }
    out.flush()?;
    Ok(())
}
