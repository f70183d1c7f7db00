//! The engine's files point one way: each imports (`use super::…`) only files below it in
//! the layer order that ARCHITECTURE.md states, and every file is in that order.

use std::path::Path;

/// The layer order, bottom first, from ARCHITECTURE.md's line of `a` → `b` → … names.
fn layer_order(architecture: &str) -> Vec<String> {
    let line = architecture
        .lines()
        .find(|l| l.starts_with("`config` →"))
        .expect("ARCHITECTURE.md states the engine's layer order on a line starting `config` →");
    line.trim_end_matches('.')
        .split('→')
        .map(|name| name.trim().trim_matches('`').to_string())
        .collect()
}

/// The engine modules `source` imports with `use super::NAME` outside its tests.
fn imports(source: &str) -> Vec<String> {
    let code = source.split("#[cfg(test)]").next().unwrap_or(source);
    code.lines()
        .filter_map(|l| l.trim_start().strip_prefix("use super::"))
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

#[test]
fn every_engine_import_points_down_the_stated_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let order = layer_order(&architecture);
    let rank = |name: &str| order.iter().position(|n| n == name);
    let mut files = 0;
    let mut upward = Vec::new();
    for entry in std::fs::read_dir(root.join("src/engine")).unwrap() {
        let path = entry.unwrap().path();
        let module = path.file_stem().unwrap().to_string_lossy().into_owned();
        if module == "mod" {
            continue;
        }
        files += 1;
        let own = rank(&module).unwrap_or_else(|| {
            panic!("src/engine/{module}.rs is not in ARCHITECTURE.md's layer order")
        });
        for import in imports(&std::fs::read_to_string(&path).unwrap()) {
            let theirs = rank(&import)
                .unwrap_or_else(|| panic!("{module} imports {import}, which is not in the order"));
            if theirs >= own {
                upward.push(format!("{module} -> {import}"));
            }
        }
    }
    assert_eq!(
        files,
        order.len(),
        "the order names a file that does not exist: {order:?}"
    );
    assert!(
        upward.is_empty(),
        "imports that point up (or sideways): {upward:?}"
    );
}

#[test]
fn the_checker_sees_an_import_that_points_up() {
    let order = layer_order("`config` → `state` → `bot`.");
    assert_eq!(order, ["config", "state", "bot"]);
    let found = imports("use super::bot::Bot;\nuse super::config::{BotConfig, Bidder};\n#[cfg(test)]\nmod tests { use super::state; }");
    assert_eq!(found, ["bot", "config"]);
}
