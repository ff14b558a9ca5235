//! The SVG chart of a batch: well-formed, self-contained, with the outcome
//! split and one stacked bar segment per verdict and time bin.

use std::time::Duration;

use patience_solver::chart::svg;
use patience_solver::{DealResult, Limit, Verdict};

fn result(deal: u64, verdict: Verdict, micros: u64) -> DealResult {
    DealResult {
        deal,
        verdict,
        limit: (verdict == Verdict::Unknown).then_some(Limit::Time),
        solution_len: (verdict == Verdict::Won).then_some(100),
        nodes: 1000,
        elapsed: Duration::from_micros(micros),
    }
}

/// Checks that `text` is well-formed XML as far as the chart uses it:
/// nested elements, quoted attributes, entities, no stray `<` or `&`. Returns
/// the element names in document order.
fn elements(text: &str) -> Vec<String> {
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = text.trim();
    assert!(rest.starts_with("<svg"), "starts with the svg element");
    while let Some(open) = rest.find('<') {
        check_text(&rest[..open]);
        let close = rest[open..].find('>').expect("every tag closes") + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name.trim()), "tags nest");
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name = tag.split_whitespace().next().unwrap().to_string();
        assert!(name.chars().all(|c| c.is_ascii_alphanumeric()), "{name}");
        assert_eq!(tag.matches('"').count() % 2, 0, "attributes quoted: {tag}");
        for attr in tag[name.len()..].split('"').step_by(2) {
            let attr = attr.trim();
            assert!(attr.is_empty() || attr.ends_with('='), "attribute `{attr}` in {tag}");
        }
        names.push(name.clone());
        if !self_closing {
            stack.push(name);
        }
        if stack.is_empty() {
            check_text(rest);
            assert!(rest.trim().is_empty(), "nothing after the root: {rest}");
            break;
        }
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    names
}

fn check_text(text: &str) {
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        let end = rest[amp..].find(';').expect("entity ends with ;") + amp;
        assert!(["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].contains(&&rest[amp..=end]), "{text}");
        rest = &rest[end + 1..];
    }
}

#[test]
fn the_chart_is_well_formed_and_shows_every_verdict() {
    let mut results = Vec::new();
    for i in 0..60 {
        results.push(result(i, Verdict::Won, 200 + i * i * 300));
    }
    for i in 60..75 {
        results.push(result(i, Verdict::Lost, 5_000 * i));
    }
    for i in 75..80 {
        results.push(result(i, Verdict::Unknown, 10_000_000));
    }
    let text = svg("Harmony <deals> & \"more\"", &results);
    let names = elements(&text);
    assert!(text.contains(r#"xmlns="http://www.w3.org/2000/svg""#));
    assert!(!names.iter().any(|n| n == "style" || n == "script" || n == "image"), "self-contained");
    assert!(text.contains("Harmony &lt;deals&gt; &amp; &quot;more&quot;: 80 deals"), "{text}");
    assert!(text.contains("won: 60 of 80 deals (75.0%)"), "{text}");
    assert!(text.contains("lost: 15 of 80 deals (18.8%)"), "{text}");
    assert!(text.contains("unknown: 5 of 80 deals (6.2%)"), "{text}");
    assert!(text.contains("log scale"));
    assert!(text.contains("Solve time per deal"));
    // Time ticks at each power of ten from 1 ms to 10 s.
    for label in [">1 ms<", ">10 ms<", ">100 ms<", ">1 s<", ">10 s<"] {
        assert!(text.contains(label), "{label} in {text}");
    }
    // Every deal is in exactly one bar segment.
    let in_bins: u64 = text
        .split("<rect class=\"bin\"")
        .skip(1)
        .map(|seg| {
            let title = seg.split("<title>").nth(1).unwrap().split("</title>").next().unwrap();
            let tail = title.rsplit(": ").next().unwrap();
            tail.split(' ').next().unwrap().parse::<u64>().unwrap()
        })
        .sum();
    assert_eq!(in_bins, 80);
}

#[test]
fn empty_and_single_results_still_draw() {
    let text = svg("nothing", &[]);
    elements(&text);
    assert!(text.contains("no deals"));
    let text = svg("one", &[result(1, Verdict::Won, 0)]);
    elements(&text);
    assert_eq!(text.matches("<rect class=\"bin\"").count(), 1);
    assert!(text.contains("one: 1 deal<"), "{text}");
}
