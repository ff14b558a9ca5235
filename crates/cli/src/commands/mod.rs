//! One module per subcommand, each with its clap `Args` and a `run`
//! function, plus the argument parsers they share.

use patience_core::presets;
use patience_core::Rules;

pub mod deal;
pub mod games;
pub mod play;
pub mod replay;
pub mod serve;

/// Reads a `GAME[/VARIANT]` argument. An unknown id is a usage error whose
/// message (the engine's) lists the known ids.
pub fn parse_rules(id: &str) -> Result<&'static Rules, presets::UnknownRules> {
    presets::find(id)
}
