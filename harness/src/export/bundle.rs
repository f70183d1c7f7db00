//! The single source file the judge compiles, generated from the library's own modules.
//!
//! Starting at `src/lib.rs`, every `mod name;` is replaced by `mod name { <file> }`, the
//! way rustc itself resolves module files (`name.rs`, `name/mod.rs`, or a `#[path]`).
//! Items marked `#[cfg(not(yacht_export))]` are left out (measurement, the embedded
//! table), as are unit tests (`#[cfg(test)]`), and `#[cfg(yacht_export)]` ones are kept:
//! those attributes are the only thing the bundler interprets, so what ships is visible in
//! the library's source. The binary
//! entry point `src/main.rs` follows, with `yacht::` paths pointing at the crate root.
//! Nothing is hand-kept: the export can never drift from the bot.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The attribute that drops the next item from the export.
const NOT_EXPORTED: &str = "#[cfg(not(yacht_export))]";
/// Unit tests: never compiled by the judge, so left out too (the judge's 1 MiB holds the
/// network's weights).
const TESTS_ONLY: &str = "#[cfg(test)]";
/// The attribute that marks an item that only the export compiles.
const EXPORT_ONLY: &str = "#[cfg(yacht_export)]";

/// Why a bundle could not be made.
#[derive(Debug)]
pub struct BundleError(pub String);

impl std::fmt::Display for BundleError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn read(path: &Path) -> Result<String, BundleError> {
    std::fs::read_to_string(path)
        .map_err(|e| BundleError(format!("cannot read {}: {e}", path.display())))
}

/// The bundle of the crate whose sources are in `src_dir`: `header` (the file's doc
/// comment and crate attributes) first, then the library, then `generated` items, then
/// the entry point.
pub fn bundle(src_dir: &Path, header: &str, generated: &str) -> Result<String, BundleError> {
    let mut out = String::new();
    out.push_str(header);
    out.push('\n');
    let lib = src_dir.join("lib.rs");
    expand_file(&lib, src_dir, 0, &mut out)?;
    out.push_str(generated);
    let main = read(&src_dir.join("main.rs"))?;
    out.push_str("\n// ---- src/main.rs ----\n");
    for line in main.lines() {
        // Inner doc comments are only valid at the top of the file: the bundle has its
        // own, so the entry point's become plain comments.
        let line = match line.strip_prefix("//!") {
            Some(rest) => format!("//{rest}"),
            None => line.replace("yacht::", "crate::"),
        };
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

/// Appends `file` with its `mod` declarations expanded; `dir` is where its child modules
/// live.
fn expand_file(file: &Path, dir: &Path, depth: usize, out: &mut String) -> Result<(), BundleError> {
    let text = read(file)?;
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    let mut path_attr: Option<String> = None;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        if trimmed == NOT_EXPORTED || trimmed == TESTS_ONLY {
            i = skip_item(&lines, i + 1, file)?;
            continue;
        }
        if trimmed == EXPORT_ONLY {
            i += 1;
            continue;
        }
        if let Some(p) = trimmed
            .strip_prefix("#[path = \"")
            .and_then(|r| r.strip_suffix("\"]"))
        {
            path_attr = Some(p.to_string());
            i += 1;
            continue;
        }
        if let Some(name) = module_declaration(trimmed) {
            let (child, child_dir) = match path_attr.take() {
                Some(p) => {
                    // Relative to the declaring file's directory, as rustc resolves it.
                    let f = file.parent().unwrap_or(dir).join(p);
                    let d = f.parent().map(Path::to_path_buf).unwrap_or_default();
                    (f, d)
                }
                None => locate(dir, name)?,
            };
            let head = &trimmed[..trimmed.len() - 1];
            let _ = writeln!(out, "{head} {{");
            expand_file(&child, &child_dir, depth + 1, out)?;
            out.push_str("}\n");
            i += 1;
            continue;
        }
        if let Some(p) = path_attr.take() {
            return Err(BundleError(format!(
                "{}: #[path = \"{p}\"] is not followed by a module declaration",
                file.display()
            )));
        }
        if line.is_empty() {
            out.push('\n');
        } else if let (0, Some(rest)) = (depth, line.strip_prefix("//!")) {
            // The bundle's header is the file's doc comment; the library's follows items.
            let _ = writeln!(out, "//{rest}");
        } else {
            // As the file has it, not indented by its depth: an indent would cost a tenth
            // of the judge's 1 MiB.
            out.push_str(line);
            out.push('\n');
        }
        i += 1;
    }
    Ok(())
}

/// `name` if `line` declares a module in another file (`mod name;` or `pub mod name;`).
fn module_declaration(line: &str) -> Option<&str> {
    let rest = line.strip_suffix(';')?;
    let rest = rest
        .strip_prefix("pub mod ")
        .or_else(|| rest.strip_prefix("pub(crate) mod "))
        .or_else(|| rest.strip_prefix("mod "))?;
    rest.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
        .then_some(rest)
}

/// The file of module `name` declared in a file whose children live in `dir`.
fn locate(dir: &Path, name: &str) -> Result<(PathBuf, PathBuf), BundleError> {
    let flat = dir.join(format!("{name}.rs"));
    if flat.is_file() {
        return Ok((flat, dir.join(name)));
    }
    let nested = dir.join(name).join("mod.rs");
    if nested.is_file() {
        return Ok((nested, dir.join(name)));
    }
    Err(BundleError(format!(
        "module {name}: neither {} nor {} exists",
        flat.display(),
        nested.display()
    )))
}

/// The index after the item starting at `start` (its attributes included): the item ends
/// where brackets balance on a line ending in `;` or `}`.
fn skip_item(lines: &[&str], start: usize, file: &Path) -> Result<usize, BundleError> {
    let mut depth = 0i32;
    for (k, line) in lines.iter().enumerate().skip(start) {
        let code = line.split("//").next().unwrap_or("");
        for ch in code.chars() {
            match ch {
                '{' | '(' | '[' => depth += 1,
                '}' | ')' | ']' => depth -= 1,
                _ => {}
            }
        }
        let t = code.trim_end();
        if depth == 0 && !t.trim_start().starts_with("#[") && (t.ends_with(';') || t.ends_with('}'))
        {
            return Ok(k + 1);
        }
    }
    Err(BundleError(format!(
        "{}: the item after line {start} never ends",
        file.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(files: &[(&str, &str)]) -> tempdir::Dir {
        let dir = tempdir::Dir::new();
        for (name, text) in files {
            let p = dir.path.join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    mod tempdir {
        pub struct Dir {
            pub path: std::path::PathBuf,
        }
        impl Dir {
            pub fn new() -> Dir {
                use std::sync::atomic::{AtomicUsize, Ordering};
                static N: AtomicUsize = AtomicUsize::new(0);
                let path = std::env::temp_dir().join(format!(
                    "bundle-test-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::Relaxed)
                ));
                std::fs::create_dir_all(&path).unwrap();
                Dir { path }
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.path);
            }
        }
    }

    #[test]
    fn expands_modules_and_honours_export_cfgs() {
        let dir = tree(&[
            ("lib.rs", "//! Lib.\npub mod a;\n#[cfg(not(yacht_export))]\npub mod b;\n"),
            (
                "a/mod.rs",
                "//! A.\n#[cfg(not(yacht_export))]\nmod real;\n#[cfg(yacht_export)]\n#[path = \"stand_in.rs\"]\nmod real;\n#[cfg(not(yacht_export))]\npub use real::{\n    X,\n    Y,\n};\npub fn f() {}\n",
            ),
            ("a/real.rs", "pub const X: u8 = 1;\n"),
            (
                "a/stand_in.rs",
                "pub const Z: u8 = 2;\n#[cfg(test)]\nmod tests {\n    fn t() { let _ = \"{x}\"; }\n}\n",
            ),
            ("b.rs", "pub fn measured() {}\n"),
            ("main.rs", "//! Main.\nfn main() { yacht::a::f(); }\n"),
        ]);
        let text = bundle(&dir.path, "#![allow(dead_code)]", "const G: u8 = 3;\n").unwrap();
        assert!(
            text.starts_with("#![allow(dead_code)]\n// Lib.\n"),
            "{text}"
        );
        assert!(
            text.contains("const G: u8 = 3;\n\n// ---- src/main.rs"),
            "{text}"
        );
        assert!(text.contains("pub mod a {\n//! A.\n"), "{text}");
        assert!(
            text.contains("mod real {\npub const Z: u8 = 2;\n}"),
            "{text}"
        );
        assert!(
            !text.contains("mod tests"),
            "unit tests are left out: {text}"
        );
        assert!(!text.contains("const X"), "{text}");
        assert!(!text.contains("pub use real"), "{text}");
        assert!(!text.contains("measured"), "{text}");
        assert!(text.contains("fn main() { crate::a::f(); }"), "{text}");
        assert!(text.contains("// Main."));
    }

    #[test]
    fn a_missing_module_file_is_an_error() {
        let dir = tree(&[("lib.rs", "mod gone;\n"), ("main.rs", "fn main() {}\n")]);
        let err = bundle(&dir.path, "", "").unwrap_err();
        assert!(err.0.contains("module gone"), "{err}");
    }
}
