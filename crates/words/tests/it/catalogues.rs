//! Every catalogue has the same messages, attributes and arguments as the
//! English one, and every message the workspace's code names is there.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast;
use patience_words::{source, Lang};

/// Each message (and `message.attribute`) of `lang` with the variables it
/// uses.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(source(lang)).unwrap_or_else(|(_, e)| panic!("{lang}: {e:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let ast::Entry::Message(m) = entry {
            if let Some(value) = &m.value {
                out.insert(m.id.name.to_string(), variables(value));
            }
            for a in &m.attributes {
                out.insert(format!("{}.{}", m.id.name, a.id.name), variables(&a.value));
            }
        }
    }
    out
}

fn variables(pattern: &ast::Pattern<&str>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    fn walk_pattern(p: &ast::Pattern<&str>, found: &mut BTreeSet<String>) {
        for element in &p.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                walk_expression(expression, found);
            }
        }
    }
    fn walk_inline(e: &ast::InlineExpression<&str>, found: &mut BTreeSet<String>) {
        match e {
            ast::InlineExpression::VariableReference { id } => {
                found.insert(id.name.to_string());
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    walk_inline(a, found);
                }
            }
            ast::InlineExpression::Placeable { expression } => walk_expression(expression, found),
            _ => {}
        }
    }
    fn walk_expression(e: &ast::Expression<&str>, found: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                walk_inline(selector, found);
                for v in variants {
                    walk_pattern(&v.value, found);
                }
            }
            ast::Expression::Inline(i) => walk_inline(i, found),
        }
    }
    walk_pattern(pattern, &mut found);
    found
}

#[test]
fn every_language_has_the_messages_of_english_and_no_other() {
    let english: BTreeSet<String> = messages(Lang::ENGLISH).into_keys().collect();
    assert!(english.len() > 50, "the English catalogue is read");
    for lang in Lang::all().skip(1) {
        let own: BTreeSet<String> = messages(lang).into_keys().collect();
        let missing: Vec<_> = english.difference(&own).collect();
        let extra: Vec<_> = own.difference(&english).collect();
        assert!(missing.is_empty() && extra.is_empty(), "{lang}: missing {missing:?}, not in English {extra:?}");
    }
}

/// A message may leave out an argument its English uses (German needs no
/// article argument where English does), but uses none that the code does
/// not give: none that English lacks.
#[test]
fn every_language_uses_only_the_arguments_english_is_given() {
    let english = messages(Lang::ENGLISH);
    for lang in Lang::all().skip(1) {
        for (id, vars) in messages(lang) {
            let Some(given) = english.get(&id) else { continue };
            let unknown: Vec<_> = vars.difference(given).collect();
            assert!(unknown.is_empty(), "{lang} `{id}` uses {unknown:?}, which English does not");
        }
    }
}

/// The message ids the workspace's sources name: `say!("…"` and
/// `Say::new("…"` in Rust, `t("…"` and `t('…'` in the pages' templates and
/// scripts (which never build an id at run time, so that this finds them
/// all).
/// What opens a message id in a source file of this kind.
fn openers(extension: &str) -> Option<&'static [&'static str]> {
    match extension {
        "rs" => Some(&["say!(\"", "Say::new(\""]),
        "html" | "js" => Some(&["t(\"", "t('"]),
        _ => None,
    }
}

fn ids_in_code() -> BTreeSet<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap();
    let mut found = BTreeSet::new();
    let mut stack = vec![root.join("crates")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if !path.ends_with("target") {
                    stack.push(path);
                }
            } else if path.ends_with("fluent-bundle.js") {
                // Fluent's runtime, as npm publishes it.
            } else if let Some(openers) = path.extension().and_then(|e| e.to_str()).and_then(openers) {
                let text = std::fs::read_to_string(&path).unwrap();
                for opener in openers {
                    let quote = opener.chars().last().unwrap();
                    for (at, _) in text.match_indices(opener) {
                        if text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.') {
                            continue;
                        }
                        let rest = &text[at + opener.len()..];
                        let id = &rest[..rest.find(quote).unwrap()];
                        let is_id = id.starts_with(|c: char| c.is_ascii_lowercase())
                            && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-._".contains(c));
                        if !is_id {
                            continue;
                        }
                        found.insert((id.to_string(), path.strip_prefix(&root).unwrap().display().to_string()));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn every_message_the_code_names_is_in_every_catalogue() {
    let code = ids_in_code();
    assert!(code.len() > 50, "the sources are read: {}", code.len());
    for lang in Lang::all() {
        let have = messages(lang);
        let missing: Vec<_> = code.iter().filter(|(id, _)| !have.contains_key(id)).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
    }
}

#[test]
fn each_language_names_itself() {
    let names: Vec<String> = Lang::all().map(Lang::name).collect();
    assert_eq!(names[..2], ["English", "Deutsch"]);
}

#[test]
fn a_browser_is_spoken_to_in_its_most_preferred_language_the_site_has() {
    let german = Lang::from_tag("de").unwrap();
    assert_eq!(Lang::negotiate("de-DE,de;q=0.9,en;q=0.8"), german);
    assert_eq!(Lang::negotiate("fr-FR, de;q=0.7, en;q=0.5"), german);
    assert_eq!(Lang::negotiate("en-GB,de;q=0.5"), Lang::ENGLISH);
    assert_eq!(Lang::negotiate("fr, it"), Lang::ENGLISH);
    assert_eq!(Lang::negotiate(""), Lang::ENGLISH);
    assert_eq!(Lang::negotiate("ümlaut;;q=x"), Lang::ENGLISH);
    assert_eq!(Lang::from_tag("DE-at"), Some(german));
    assert_eq!(Lang::from_tag("xx"), None);
}

#[test]
fn a_hash_or_a_code_is_no_word_of_any_language() {
    let german = Lang::from_tag("de").unwrap();
    assert!(patience_words::foreign_words("Startwert 3fadd9e1, Salt 1add2", german).is_empty());
    assert_eq!(patience_words::foreign_words("Die Karte, the card", german), ["card", "the"]);
}
