//! A self-contained SVG picture of a batch of solves: the outcome split as
//! one bar (won, lost, unknown) and a histogram of solve times on a log
//! scale, each bin stacked by verdict. A pure function of the results, so
//! `patience stats --svg` and the web statistics page draw the same chart.
//!
//! The SVG uses presentation attributes only (no `<style>`, no scripts, no
//! external fonts or images), so it can be saved as a file or inlined in a
//! page without its styles leaking out. Every bar carries a `<title>` with
//! its numbers, shown as a tooltip.

use std::fmt::Write as _;
use std::time::Duration;

use crate::{DealResult, Verdict};

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 420.0;
/// The histogram's plot area.
const PLOT_LEFT: f64 = 70.0;
const PLOT_RIGHT: f64 = 700.0;
const PLOT_TOP: f64 = 140.0;
const PLOT_BOTTOM: f64 = 360.0;
/// Histogram bins per factor of ten in solve time.
const BINS_PER_DECADE: f64 = 4.0;
/// Times below this are drawn as this (a log scale has no zero).
const SHORTEST: f64 = 1e-6;

const VERDICTS: [Verdict; 3] = [Verdict::Won, Verdict::Lost, Verdict::Unknown];

fn colour(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Won => "#2e7d32",
        Verdict::Lost => "#c62828",
        Verdict::Unknown => "#9e9e9e",
    }
}

/// Escapes text for XML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// A duration of `10^exp` seconds as a short label: `1 ms`, `10 s`.
fn decade_label(exp: i32) -> String {
    let (unit, shift) = match exp {
        ..=-4 => ("µs", 6),
        -3..=-1 => ("ms", 3),
        _ => ("s", 0),
    };
    let value = 10f64.powi(exp + shift);
    if value >= 1.0 {
        format!("{value:.0} {unit}")
    } else {
        format!("{value} {unit}")
    }
}

/// A short label for a duration: `850 µs`, `12.3 ms`, `4.20 s`.
pub fn duration_label(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.0} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// A tick step of 1, 2 or 5 times a power of ten giving at most five ticks
/// up to `max`.
fn tick_step(max: u64) -> u64 {
    let mut step = 1;
    loop {
        for m in [1, 2, 5] {
            if max / (step * m) <= 5 {
                return step * m;
            }
        }
        step *= 10;
    }
}

/// The chart of `results` as an SVG document, headed by `title`.
pub fn svg(title: &str, results: &[DealResult]) -> String {
    let mut out = String::new();
    let total = results.len();
    let count = |v: Verdict| results.iter().filter(|r| r.verdict == v).count();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{}" font-family="sans-serif" font-size="12">"#,
        escape(&format!("{title}: outcomes and solve times of {total} deals"))
    );
    let _ = writeln!(out, r#"<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="20" y="28" font-size="16" font-weight="bold">{}</text>"#,
        escape(&format!("{title}: {total} deal{}", if total == 1 { "" } else { "s" }))
    );

    // The outcome split.
    let (bar_left, bar_width, bar_top, bar_height) = (20.0, WIDTH - 40.0, 44.0, 24.0);
    let _ = writeln!(out, r#"<g class="outcomes">"#);
    let _ = writeln!(
        out,
        r##"<rect x="{bar_left}" y="{bar_top}" width="{bar_width}" height="{bar_height}" fill="#eeeeee"/>"##
    );
    let mut x = bar_left;
    let mut legend_x = bar_left;
    for verdict in VERDICTS {
        let n = count(verdict);
        let share = if total == 0 { 0.0 } else { n as f64 / total as f64 };
        let label = format!("{verdict} {n} ({:.1}%)", share * 100.0);
        let w = share * bar_width;
        if n > 0 {
            let _ = writeln!(
                out,
                r#"<rect x="{x:.1}" y="{bar_top}" width="{w:.1}" height="{bar_height}" fill="{}"><title>{}</title></rect>"#,
                colour(verdict),
                escape(&format!("{verdict}: {n} of {total} deals ({:.1}%)", share * 100.0))
            );
        }
        x += w;
        let _ = writeln!(
            out,
            r#"<rect x="{legend_x:.1}" y="80" width="12" height="12" fill="{}"/><text x="{:.1}" y="90.5">{}</text>"#,
            colour(verdict),
            legend_x + 16.0,
            escape(&label)
        );
        legend_x += 30.0 + 7.0 * label.chars().count() as f64;
    }
    let _ = writeln!(out, "</g>");

    // The solve-time histogram.
    let _ = writeln!(out, r#"<g class="times">"#);
    let _ = writeln!(out, r#"<text x="{PLOT_LEFT}" y="124" font-weight="bold">Solve time per deal</text>"#);
    if results.is_empty() {
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#666666">no deals</text>"##,
            (PLOT_LEFT + PLOT_RIGHT) / 2.0,
            (PLOT_TOP + PLOT_BOTTOM) / 2.0
        );
    } else {
        histogram(&mut out, results);
    }
    let _ = writeln!(out, "</g>");
    out.push_str("</svg>\n");
    out
}

fn histogram(out: &mut String, results: &[DealResult]) {
    let log = |d: Duration| d.as_secs_f64().max(SHORTEST).log10();
    let min = results.iter().map(|r| log(r.elapsed)).fold(f64::INFINITY, f64::min);
    let max = results.iter().map(|r| log(r.elapsed)).fold(f64::NEG_INFINITY, f64::max);
    let lo = (min * BINS_PER_DECADE).floor() / BINS_PER_DECADE;
    let mut hi = (max * BINS_PER_DECADE).ceil() / BINS_PER_DECADE;
    if hi <= lo {
        hi = lo + 1.0 / BINS_PER_DECADE;
    }
    let bins = ((hi - lo) * BINS_PER_DECADE).round() as usize;
    let mut counts = vec![[0u64; 3]; bins];
    for r in results {
        let bin = (((log(r.elapsed) - lo) * BINS_PER_DECADE).floor() as usize).min(bins - 1);
        let v = VERDICTS.iter().position(|&v| v == r.verdict).unwrap_or(2);
        counts[bin][v] += 1;
    }
    let tallest = counts.iter().map(|c| c.iter().sum::<u64>()).max().unwrap_or(1).max(1);
    let step = tick_step(tallest);
    let top = tallest.div_ceil(step) * step;
    let x_of = |l: f64| PLOT_LEFT + (l - lo) / (hi - lo) * (PLOT_RIGHT - PLOT_LEFT);
    let y_of = |n: f64| PLOT_BOTTOM - n / top as f64 * (PLOT_BOTTOM - PLOT_TOP);

    // Axes and count grid.
    let mut n = 0;
    while n <= top {
        let y = y_of(n as f64);
        let _ = writeln!(
            out,
            r##"<line x1="{PLOT_LEFT}" y1="{y:.1}" x2="{PLOT_RIGHT}" y2="{y:.1}" stroke="#dddddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{n}</text>"##,
            PLOT_LEFT - 6.0,
            y + 4.0
        );
        n += step;
    }
    let _ = writeln!(
        out,
        r##"<text x="18" y="{:.1}" transform="rotate(-90 18 {:.1})" text-anchor="middle">deals</text>"##,
        (PLOT_TOP + PLOT_BOTTOM) / 2.0,
        (PLOT_TOP + PLOT_BOTTOM) / 2.0
    );

    // Bars, stacked won / lost / unknown from the bottom.
    let bin_width = (PLOT_RIGHT - PLOT_LEFT) / bins as f64;
    for (i, c) in counts.iter().enumerate() {
        let from = lo + i as f64 / BINS_PER_DECADE;
        let range = format!(
            "{} to {}",
            duration_label(Duration::from_secs_f64(10f64.powf(from))),
            duration_label(Duration::from_secs_f64(10f64.powf(from + 1.0 / BINS_PER_DECADE)))
        );
        let x = x_of(from) + 1.0;
        let mut below = 0u64;
        for (v, &k) in c.iter().enumerate() {
            if k == 0 {
                continue;
            }
            let (y_top, y_bottom) = (y_of((below + k) as f64), y_of(below as f64));
            let _ = writeln!(
                out,
                r#"<rect class="bin" x="{x:.1}" y="{y_top:.1}" width="{:.1}" height="{:.1}" fill="{}"><title>{}</title></rect>"#,
                (bin_width - 2.0).max(1.0),
                y_bottom - y_top,
                colour(VERDICTS[v]),
                escape(&format!("{range}: {k} {}", VERDICTS[v]))
            );
            below += k;
        }
    }

    // Time axis, ticked at every power of ten in range.
    let _ = writeln!(
        out,
        r##"<line x1="{PLOT_LEFT}" y1="{PLOT_BOTTOM}" x2="{PLOT_RIGHT}" y2="{PLOT_BOTTOM}" stroke="#333333"/>"##
    );
    for exp in (lo.ceil() as i32)..=(hi.floor() as i32) {
        let x = x_of(exp as f64);
        let _ = writeln!(
            out,
            r##"<line x1="{x:.1}" y1="{PLOT_BOTTOM}" x2="{x:.1}" y2="{:.1}" stroke="#333333"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            PLOT_BOTTOM + 5.0,
            PLOT_BOTTOM + 18.0,
            escape(&decade_label(exp))
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">log scale: four bars to each factor of ten</text>"#,
        (PLOT_LEFT + PLOT_RIGHT) / 2.0,
        PLOT_BOTTOM + 40.0
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(decade_label(-6), "1 µs");
        assert_eq!(decade_label(-4), "100 µs");
        assert_eq!(decade_label(-3), "1 ms");
        assert_eq!(decade_label(-1), "100 ms");
        assert_eq!(decade_label(0), "1 s");
        assert_eq!(decade_label(2), "100 s");
        assert_eq!(tick_step(3), 1);
        assert_eq!(tick_step(7), 2);
        assert_eq!(tick_step(24), 5);
        assert_eq!(tick_step(60), 20);
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
