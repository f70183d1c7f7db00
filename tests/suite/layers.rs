//! The engine's layers point one way, at both levels. ARCHITECTURE.md states the order of
//! `src/engine`'s units (top-level files and folders, bottom first) on a line starting
//! `` `tunables` → ``, and the order of each folder's files on a line starting `` `NAME/`: ``.
//! A file may use a unit below its own, or a file below it in its own folder; nothing above,
//! nothing sideways. Every unit and every file is in the order, and every order names a
//! file that exists.

use std::collections::BTreeMap;
use std::path::Path;

/// The names of a chain `a` → `b` → … (backquoted, trailing `/` and `.` dropped).
fn chain(text: &str) -> Vec<String> {
    text.trim()
        .trim_end_matches('.')
        .split('→')
        .map(|name| {
            name.trim()
                .trim_matches('`')
                .trim_end_matches('/')
                .to_string()
        })
        .collect()
}

/// The engine's stated order: its units bottom first, and each folder's files bottom first.
struct Order {
    units: Vec<String>,
    folders: BTreeMap<String, Vec<String>>,
}

impl Order {
    fn read(architecture: &str) -> Order {
        let units = chain(
            architecture
                .lines()
                .find(|l| l.starts_with("`tunables` →"))
                .expect(
                    "ARCHITECTURE.md states the engine's order on a line starting `tunables` →",
                ),
        );
        let mut folders = BTreeMap::new();
        for line in architecture.lines() {
            let line = line.trim_start_matches("- ");
            for unit in &units {
                if let Some(rest) = line.strip_prefix(&format!("`{unit}/`:")) {
                    folders.insert(unit.clone(), chain(rest));
                }
            }
        }
        Order { units, folders }
    }

    /// Where a file stands: its unit's rank, and its rank in its folder (0 at the top level).
    fn rank(&self, unit: &str, file: Option<&str>) -> Option<(usize, usize)> {
        let unit_rank = self.units.iter().position(|u| u == unit)?;
        match file {
            None => Some((unit_rank, 0)),
            Some(file) => {
                let files = self.folders.get(unit)?;
                Some((unit_rank, files.iter().position(|f| f == file)?))
            }
        }
    }
}

/// The engine items `source` names outside comments and its tests, as (unit, file): a file
/// of the top level or of a folder uses `crate::engine::UNIT[::FILE]`, or `super::NAME` for
/// a file beside it (in `folder`, or at the top level when `folder` is `None`).
fn uses(source: &str, folder: Option<&str>) -> Vec<(String, Option<String>)> {
    let code = source.split("#[cfg(test)]").next().unwrap_or(source);
    let name = |rest: &str| -> String {
        rest.chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
            .collect()
    };
    let mut found = Vec::new();
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (at, _) in line.match_indices("crate::engine::") {
            let rest = &line[at + "crate::engine::".len()..];
            let unit = name(rest);
            let file = rest[unit.len()..].strip_prefix("::").map(name);
            if !unit.is_empty() {
                found.push((unit, file.filter(|f| !f.is_empty())));
            }
        }
        for (at, _) in line.match_indices("super::") {
            let item = name(&line[at + "super::".len()..]);
            if item.is_empty() {
                continue;
            }
            found.push(match folder {
                Some(folder) => (folder.to_string(), Some(item)),
                None => (item, None),
            });
        }
    }
    found
}

/// Imports that point up or sideways, for every engine file; also counts the files.
fn upward_imports(root: &Path, order: &Order) -> (Vec<String>, usize) {
    let engine = root.join("src/engine");
    let mut upward = Vec::new();
    let mut files = 0;
    let mut check = |path: &Path, unit: &str, file: Option<&str>| {
        files += 1;
        let label = format!(
            "{unit}{}",
            file.map(|f| format!("/{f}")).unwrap_or_default()
        );
        let own = order
            .rank(unit, file)
            .unwrap_or_else(|| panic!("src/engine/{label} is not in ARCHITECTURE.md's order"));
        let source = std::fs::read_to_string(path).unwrap();
        for (their_unit, their_file) in uses(&source, file.map(|_| unit)) {
            // A folder's items named without a file (its `mod.rs`) stand at its bottom.
            let theirs = order
                .rank(&their_unit, their_file.as_deref())
                .or_else(|| {
                    order
                        .rank(&their_unit, None)
                        .filter(|_| their_file.is_some())
                })
                .unwrap_or_else(|| panic!("{label} uses {their_unit}, which is not in the order"));
            let same_unit = theirs.0 == own.0;
            if theirs.0 > own.0 || (same_unit && (file.is_none() || theirs.1 >= own.1)) {
                let target = their_file.map(|f| format!("/{f}")).unwrap_or_default();
                upward.push(format!("{label} -> {their_unit}{target}"));
            }
        }
    };
    for entry in std::fs::read_dir(&engine).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let listed = order.folders.get(&stem).unwrap_or_else(|| {
                panic!("src/engine/{stem}/ has no line `{stem}/`: … in ARCHITECTURE.md")
            });
            let mut on_disk = 0;
            for inner in std::fs::read_dir(&path).unwrap() {
                let inner = inner.unwrap().path();
                let file = inner.file_stem().unwrap().to_string_lossy().into_owned();
                if file != "mod" {
                    on_disk += 1;
                    check(&inner, &stem, Some(&file));
                }
            }
            assert_eq!(
                on_disk,
                listed.len(),
                "{stem}/'s order names a file that does not exist: {listed:?}"
            );
        } else if stem != "mod" {
            check(&path, &stem, None);
        }
    }
    (upward, files)
}

#[test]
fn every_engine_import_points_down_the_stated_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let order = Order::read(&architecture);
    let stated_files: usize = order
        .units
        .iter()
        .map(|u| order.folders.get(u).map_or(1, Vec::len))
        .sum();
    let (upward, files) = upward_imports(root, &order);
    assert_eq!(
        files, stated_files,
        "the order names a unit that does not exist: {:?}",
        order.units
    );
    assert!(
        upward.is_empty(),
        "imports that point up (or sideways): {upward:?}"
    );
    for (unit, files) in &order.folders {
        assert!(
            files.len() <= 8,
            "{unit}/ holds {} files: group it further",
            files.len()
        );
    }
}

#[test]
fn the_checker_reads_both_levels_and_sees_an_import_that_points_up() {
    let order =
        Order::read("`tunables` → `config` → `value/` → `bot`.\n- `value/`: `state` → `choice`.\n");
    assert_eq!(order.units, ["tunables", "config", "value", "bot"]);
    assert_eq!(order.folders["value"], ["state", "choice"]);
    assert_eq!(order.rank("value", Some("choice")), Some((2, 1)));
    assert_eq!(order.rank("value", Some("bidding")), None);

    // In a folder: `super::` is a file beside it, `crate::engine::` a unit (and its file).
    let found = uses(
        "use super::state::PlayerState;\nuse crate::engine::config::BotConfig;\n\
         // use crate::engine::bot::Bot;\nfn f() { crate::engine::value::choice::best(); }\n\
         #[cfg(test)]\nmod tests { use crate::engine::bot::Bot; }",
        Some("value"),
    );
    let pair = |u: &str, f: Option<&str>| (u.to_string(), f.map(str::to_string));
    assert_eq!(
        found,
        [
            pair("value", Some("state")),
            pair("config", None),
            pair("value", Some("choice")),
        ]
    );
    // At the top level: `super::` is a unit.
    assert_eq!(
        uses("use super::value::state;", None),
        [pair("value", None)]
    );
}

#[test]
fn the_checker_finds_upward_and_sideways_imports_in_a_tree() {
    let dir = std::env::temp_dir().join(format!("yacht-layers-{}", std::process::id()));
    let engine = dir.join("src/engine");
    std::fs::create_dir_all(engine.join("value")).unwrap();
    let write = |path: &str, text: &str| std::fs::write(engine.join(path), text).unwrap();
    write("mod.rs", "pub mod config; pub mod value; pub mod bot;");
    write("config.rs", "use crate::engine::bot::Bot;\n");
    write("bot.rs", "use super::value::choice;\n");
    write("value/mod.rs", "pub mod state; pub mod choice;");
    write("value/state.rs", "use super::choice::best;\n");
    write(
        "value/choice.rs",
        "use super::state::PlayerState;\nuse super::choice::x;\n",
    );
    let order =
        Order::read("`tunables` → `config` → `value/` → `bot`.\n- `value/`: `state` → `choice`.\n");
    let (mut upward, files) = upward_imports(&dir, &order);
    upward.sort();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(files, 4);
    assert_eq!(
        upward,
        [
            "config -> bot",
            "value/choice -> value/choice",
            "value/state -> value/choice"
        ]
    );
}
