//! Embeds every catalogue, `locales/LANG/*.ftl`, in the crate: adding a
//! language is adding its folder. English, the language every other one
//! falls back to, comes first.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

const FALLBACK: &str = "en";

fn main() {
    let root = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut langs: Vec<String> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_dir())
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    langs.sort_by_key(|l| (l != FALLBACK, l.clone()));
    assert_eq!(langs.first().map(String::as_str), Some(FALLBACK), "locales/{FALLBACK} is missing");
    let mut out = String::from("pub(crate) static SOURCES: &[(&str, &[(&str, &str)])] = &[\n");
    for lang in &langs {
        let dir = root.join(lang);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
            .collect();
        files.sort();
        writeln!(out, "    ({lang:?}, &[").unwrap();
        for file in files {
            println!("cargo:rerun-if-changed={}", file.display());
            let name = file.file_name().unwrap().to_str().unwrap().to_string();
            writeln!(out, "        ({name:?}, include_str!({:?})),", file.display().to_string()).unwrap();
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    fs::write(Path::new(&env::var("OUT_DIR").unwrap()).join("sources.rs"), out).unwrap();
}
