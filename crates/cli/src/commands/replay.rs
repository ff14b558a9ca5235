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
use patience_words::say;

use crate::render::{Style, Table};

#[derive(clap::Args)]
pub struct Args {
    /// The record to replay, as saved by `patience play`.
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

pub fn run(args: Args, style: Style) -> anyhow::Result<()> {
    let name = args.file.display();
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {name}"))?;
    let unreadable = |e| anyhow::anyhow!("{name}: {}", style.say(patience_words::record_error(&e)));
    let record = Record::parse(&text).map_err(unreadable)?;
    let game = record.replay().map_err(unreadable)?;
    let rules = game.rules();

    let mut out = io::stdout().lock();
    let title = style.say(say!(
        "cli-title",
        name = patience_words::rules_name(rules),
        id = rules.id,
        deal = game.deal().to_string()
    ));
    writeln!(out, "{}", style.bold(&title))?;
    let view = PositionView::of(game.position(), &style.lang);
    write!(out, "{}", Table::from_view(rules, &view).draw(style))?;
    writeln!(out)?;
    writeln!(out, "{}", style.say(say!("cli-outcome", outcome = patience_words::outcome_inline(game.outcome()))))?;
    let score = match rules.scoring {
        Scoring::Harmony => say!("cli-replay-score", score = game.score()),
        Scoring::None => say!("cli-replay-on-foundations", up = game.score(), cards = rules.card_count()),
    };
    writeln!(out, "{}", style.say(score))?;
    let actions = say!("cli-actions", actions = game.log().len(), moves = game.moves_made(), undos = game.undos());
    writeln!(out, "{}", style.say(actions))?;
    out.flush()?;
    Ok(())
}
