//! `patience replay FILE`: reads a game record (`Record::parse`), replays
//! every action through the engine (`Record::replay`, which also checks the
//! `Result` and `Score` headers) and shows the final table, the outcome, the
//! score and the number of actions. A corrupt record fails with the engine's
//! error, which names the action, and exit status 1.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context as _;
use patience_core::record::Record;
use patience_core::rules::Scoring;
use patience_core::view::PositionView;
use patience_words::Lang;

use crate::render::{Style, Table};

#[derive(clap::Args)]
pub struct Args {
    /// The record to replay, as saved by `patience play`.
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

pub fn run(args: Args, style: Style, lang: Lang) -> anyhow::Result<()> {
    let name = args.file.display();
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {name}"))?;
    let record = Record::parse(&text).with_context(|| format!("{name}"))?;
    let game = record.replay().with_context(|| format!("{name}"))?;
    let rules = game.rules();

    let mut out = io::stdout().lock();
    let title = format!("{} ({}), deal {}", rules.name, rules.id, game.deal());
    writeln!(out, "{}", style.bold(&title))?;
    let view = PositionView::of(game.position(), &lang);
    write!(out, "{}", Table::from_view(rules, &view).draw(style))?;
    writeln!(out)?;
    writeln!(out, "Outcome: {}", game.outcome().as_str())?;
    match rules.scoring {
        Scoring::Harmony => writeln!(out, "Score: {}", game.score())?,
        Scoring::None => writeln!(out, "Score: {} of {} cards on the foundations", game.score(), rules.card_count())?,
    }
    writeln!(
        out,
        "Actions: {} ({} move(s) on the table, {} undo(s))",
        game.log().len(),
        game.moves_made(),
        game.undos()
    )?;
    out.flush()?;
    Ok(())
}
