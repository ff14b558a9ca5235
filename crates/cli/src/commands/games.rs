//! `patience games`: every game and variant the engine knows, from
//! [`presets::ALL`], as its id (what the other subcommands take), display
//! name and one-line summary. Variants are indented under their game.

use std::io::{self, Write};

use patience_core::presets;

use crate::render::Style;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args, style: Style) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    let width = presets::ALL.iter().map(|r| r.id.len()).max().unwrap_or(0) + 2;
    for game in presets::games() {
        for rules in presets::variants(game) {
            let indent = if rules.id == rules.game { "" } else { "  " };
            let id = format!("{indent}{:<w$}", rules.id, w = width - indent.len());
            writeln!(out, "{}  {}", style.bold(&id), style.say(patience_words::rules_name(rules)))?;
            writeln!(out, "{indent}    {}", style.say(patience_words::rules_summary(rules)))?;
        }
    }
    writeln!(out)?;
    writeln!(out, "{}", style.say(patience_words::say!("cli-play-one")))?;
    out.flush()?;
    Ok(())
}
