//! One module per subcommand, each with its clap `Args` and a `run`
//! function, plus the argument parsers they share.

use std::ops::RangeInclusive;
use std::time::Duration;

use patience_core::presets;
use patience_core::Rules;
use patience_solver::Budget;

pub mod autoplay;
pub mod deal;
pub mod games;
pub mod library;
pub mod play;
pub mod replay;
pub mod serve;
pub mod solve;
pub mod stats;

/// Reads a `GAME[/VARIANT]` argument. An unknown id is a usage error whose
/// message (the engine's) lists the known ids.
pub fn parse_rules(id: &str) -> Result<&'static Rules, presets::UnknownRules> {
    presets::find(id)
}

/// A time budget from the command line; `None` for no limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seconds(pub Option<Duration>);

impl Seconds {
    /// `10 s`, `0.5 s`, or `no limit`.
    pub fn describe(self) -> String {
        match self.0 {
            Some(d) => format!("{} s", d.as_secs_f64()),
            None => "no time limit".to_string(),
        }
    }
}

/// Reads a time budget in seconds (`10`, `0.5`); `0` means no time limit.
pub fn parse_seconds(text: &str) -> Result<Seconds, String> {
    let secs: f64 = text.trim().parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.0..=1e9).contains(&secs) {
        return Err(format!("`{text}` is not a number of seconds from 0 (no limit) up"));
    }
    Ok(Seconds((secs > 0.0).then(|| Duration::from_secs_f64(secs))))
}

/// Most deals one `--deals` range may hold.
pub const MAX_RANGE: u64 = 100_000_000;

/// Reads a range of deal numbers: `A..B` (A up to but not including B, as
/// in Rust), `A..=B` (B included) or a single `N`.
pub fn parse_range(text: &str) -> Result<RangeInclusive<u64>, String> {
    let number = |t: &str| -> Result<u64, String> {
        t.trim().parse().map_err(|_| format!("`{t}` in `{text}` is not a deal number from 0 to {}", u64::MAX))
    };
    let range = if let Some((a, b)) = text.split_once("..=") {
        let (a, b) = (number(a)?, number(b)?);
        if b < a {
            return Err(format!("`{text}` is empty: it ends before it starts"));
        }
        a..=b
    } else if let Some((a, b)) = text.split_once("..") {
        let (a, b) = (number(a)?, number(b)?);
        if b <= a {
            return Err(format!("`{text}` is empty: A..B runs from A up to but not including B (A..=B includes B)"));
        }
        a..=b - 1
    } else {
        let n = number(text)?;
        n..=n
    };
    if range.end() - range.start() >= MAX_RANGE {
        return Err(format!("`{text}` holds more than {MAX_RANGE} deals"));
    }
    Ok(range)
}

/// The solver's budget from the command line's options: `memory_mib` for
/// each solve.
pub fn budget(timeout: Seconds, nodes: Option<u64>, memory_mib: u64) -> Budget {
    let bytes = usize::try_from(memory_mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
    Budget { max_nodes: nodes, timeout: timeout.0, max_memory: bytes, threads: 1 }
}

/// A number with thousands separators: `12,345,678`.
pub fn grouped(n: u64) -> String {
    let mut out = Vec::new();
    for (i, c) in n.to_string().chars().rev().enumerate() {
        if i > 0 && i % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out.into_iter().rev().collect()
}

/// Prints a report to stdout with its first line (the title) in bold.
pub fn print_report(style: crate::render::Style, text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let (title, rest) = text.split_once('\n').unwrap_or((text, ""));
    write!(out, "{}\n{rest}", style.bold(title))?;
    out.flush()
}

/// A progress bar over `count` deals on stderr; indicatif draws nothing when
/// stderr is not a terminal.
pub fn progress_bar(count: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(count);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} deals, {elapsed} (eta {eta})  {msg}")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("1..4"), Ok(1..=3));
        assert_eq!(parse_range("1..=4"), Ok(1..=4));
        assert_eq!(parse_range("7"), Ok(7..=7));
        assert!(parse_range("5..2").unwrap_err().contains("empty"));
        assert!(parse_range("5..5").is_err());
        assert!(parse_range("5..=4").is_err());
        assert!(parse_range("a..4").unwrap_err().contains("`a`"));
        assert!(parse_range("0..18446744073709551615").unwrap_err().contains("more than"));
        assert_eq!(parse_range("18446744073709551615..=18446744073709551615").unwrap().count(), 1);
    }

    #[test]
    fn seconds() {
        assert_eq!(parse_seconds("0"), Ok(Seconds(None)));
        assert_eq!(parse_seconds("1.5"), Ok(Seconds(Some(Duration::from_millis(1500)))));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("soon").is_err());
        assert!(parse_seconds("inf").is_err());
    }

    #[test]
    fn grouping() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(12345678), "12,345,678");
    }
}
