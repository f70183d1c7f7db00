//! Lists the translation catalogs (`locales/*.ftl`, one file per language, named by its
//! language tag) for `harness::i18n`: a language is added by adding its file, nothing else.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut catalogs: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "ftl"))
        .filter_map(|path| {
            println!("cargo:rerun-if-changed={}", path.display());
            let tag = path.file_stem()?.to_str()?.to_string();
            Some((tag, path.display().to_string()))
        })
        .collect();
    catalogs.sort();
    let mut out = String::from("/// Every catalog: its language tag and its text.\n");
    out.push_str("pub const CATALOGS: &[(&str, &str)] = &[\n");
    for (tag, path) in &catalogs {
        let _ = writeln!(out, "    ({tag:?}, include_str!({path:?})),");
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("catalogs.rs");
    std::fs::write(&target, out).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}
