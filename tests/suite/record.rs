//! The record (`docs/`) stays readable and whole (issue 64): every pointer into `docs/`
//! resolves, the results page's headline is the README's strength table, the experiments'
//! index lists each page once, and the two short pages stay short. These read the
//! repository's files; they run no game.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

/// The repository's root (this package's manifest is there).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    let path = root().join(relative);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Every file under `dir` (relative to the root) whose name ends with one of `endings`,
/// skipping build folders.
fn files_under(dir: &str, endings: &[&str]) -> Vec<String> {
    fn walk(path: &Path, endings: &[&str], out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(path) else {
            return;
        };
        for entry in entries.flatten() {
            let p = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if p.is_dir() {
                if name != "target" && name != "node_modules" && !name.starts_with('.') {
                    walk(&p, endings, out);
                }
            } else if endings.iter().any(|e| name.ends_with(e)) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join(dir), endings, &mut out);
    let mut names: Vec<String> = out
        .iter()
        .map(|p| {
            p.strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    names.sort();
    names
}

/// `base` joined with `relative`, `..` and `.` folded, as a root-relative path.
fn resolve(base_dir: &Path, relative: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for c in base_dir.join(relative).components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// A heading's anchor as GitHub makes it: lower case, spaces to `-`, punctuation other
/// than `-` and `_` dropped.
fn heading_slug(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c.to_lowercase().next().unwrap()),
            _ => None,
        })
        .collect()
}

/// The anchors a Markdown page offers: its `<a id="...">` tags and its headings' slugs.
fn anchors_of(text: &str) -> BTreeSet<String> {
    let mut anchors = BTreeSet::new();
    for piece in text.split("<a id=\"").skip(1) {
        if let Some(end) = piece.find('"') {
            anchors.insert(piece[..end].to_string());
        }
    }
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            let heading = line.trim_start_matches('#');
            if heading.starts_with(' ') {
                anchors.insert(heading_slug(heading));
            }
        }
    }
    anchors
}

/// The targets of a Markdown text's inline links, `[text](target)`, outside code blocks.
fn markdown_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        for piece in line.split("](").skip(1) {
            if let Some(end) = piece.find(')') {
                let target = piece[..end].trim();
                if !target.is_empty() && !target.contains(' ') {
                    links.push(target.to_string());
                }
            }
        }
    }
    links
}

/// Paths into `docs/` named in code or scripts: `docs/` followed by path characters and
/// an optional `#anchor`, a trailing `.` or `/` of the sentence left out.
fn docs_mentions(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    while let Some(i) = text[start..].find("docs/") {
        let at = start + i;
        start = at + 5;
        // `docs/` must start a path, not end a longer word (e.g. `rustdocs/`).
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        let end = text[at..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || "/._-#".contains(c)))
            .map_or(text.len(), |n| at + n);
        let mention = text[at..end].trim_end_matches(['.', '#']);
        if !mention.contains('*') && mention.len() > "docs/".len() {
            found.push(mention.to_string());
        }
    }
    found
}

/// Every dead pointer into `docs/` from the pages and the code: a missing file, or an
/// anchor the page does not have. Each as `source: target (why)`.
fn dead_links() -> Vec<String> {
    let mut anchors: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    let mut anchors_at = |page: &Path| -> Option<BTreeSet<String>> {
        if let Some(a) = anchors.get(page) {
            return Some(a.clone());
        }
        let text = fs::read_to_string(root().join(page)).ok()?;
        let a = anchors_of(&text);
        anchors.insert(page.to_path_buf(), a.clone());
        Some(a)
    };
    let mut dead = Vec::new();
    let mut check = |source: &str, target_path: PathBuf, anchor: Option<&str>| {
        let full = root().join(&target_path);
        if !full.exists() {
            dead.push(format!(
                "{source}: {} (no such file)",
                target_path.display()
            ));
            return;
        }
        let Some(anchor) = anchor.filter(|a| !a.is_empty()) else {
            return;
        };
        if full.is_file() && target_path.extension().is_some_and(|e| e == "md") {
            let known = anchors_at(&target_path).unwrap_or_default();
            if !known.contains(anchor) {
                dead.push(format!(
                    "{source}: {}#{anchor} (no such anchor)",
                    target_path.display()
                ));
            }
        }
    };

    let mut pages = vec![
        "README.md".to_string(),
        "ARCHITECTURE.md".to_string(),
        "harness/README.md".to_string(),
    ];
    pages.extend(files_under("docs", &[".md"]));
    for page in &pages {
        let text = read(page);
        let dir = Path::new(page).parent().unwrap_or(Path::new(""));
        let in_docs = page.starts_with("docs/");
        for link in markdown_links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = match link.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (link.as_str(), None),
            };
            let target = if path.is_empty() {
                PathBuf::from(page)
            } else {
                resolve(dir, path)
            };
            // Links into docs/, and a docs page's anchors in itself.
            if target.starts_with("docs") || (in_docs && path.is_empty()) {
                check(page, target, anchor);
            }
        }
    }

    let mut code = files_under("src", &[".rs"]);
    code.extend(files_under(
        "harness",
        &[".rs", ".py", ".js", ".html", ".sh"],
    ));
    code.extend(files_under("tests", &[".rs"]));
    code.extend(files_under("docs/runs", &[".sh"]));
    code.extend(["Cargo.toml".to_string(), "build.rs".to_string()]);
    for file in &code {
        let text = read(file);
        for mention in docs_mentions(&text) {
            let (path, anchor) = match mention.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (mention.as_str(), None),
            };
            check(file, PathBuf::from(path), anchor);
        }
    }
    dead
}

#[test]
fn anchors_follow_github_headings() {
    assert_eq!(
        heading_slug(" Head to head: the equilibrium bidder (`bot:x=1`)"),
        "head-to-head-the-equilibrium-bidder-botx1"
    );
    let anchors = anchors_of("<a id=\"x-y\"></a>\n## A b\n```\n# not a heading\n```\n");
    assert_eq!(anchors, ["a-b", "x-y"].map(String::from).into());
    assert_eq!(
        docs_mentions("see docs/results.md#luck. and docs/runs/ ok; rustdocs/x"),
        ["docs/results.md#luck", "docs/runs/"]
    );
}

/// Issue 64: no pointer into `docs/` from the READMEs, the docs, the code or the scripts is
/// dead (when a page moves, the comments that cite it must follow).
#[test]
fn every_link_into_docs_resolves() {
    let dead = dead_links();
    assert!(
        dead.is_empty(),
        "{} dead links into docs/:\n{}",
        dead.len(),
        dead.join("\n")
    );
}

/// The rows of the first Markdown table after the line `heading`, each as its cells.
fn table_after(text: &str, heading: &str, file: &str) -> Vec<Vec<String>> {
    let section = text
        .split_once(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("{file} has no line '{heading}'"))
        .1;
    section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter(|l| !l.starts_with("|---"))
        .map(|l| {
            l.trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// A details cell read as what its links point at (root-relative file and anchor), so
/// that `docs/results.md#luck` from the README and `#luck` from results.md compare equal.
fn link_targets(cell: &str, page: &str) -> Vec<String> {
    let dir = Path::new(page).parent().unwrap_or(Path::new(""));
    markdown_links(cell)
        .into_iter()
        .map(|link| {
            let (path, anchor) = link.split_once('#').unwrap_or((link.as_str(), ""));
            let file = if path.is_empty() {
                PathBuf::from(page)
            } else {
                resolve(dir, path)
            };
            format!("{}#{anchor}", file.display())
        })
        .collect()
}

/// Issue 64: the results page opens with the README's strength table, figure for figure
/// (every cell the same; the details cells pointing at the same places).
#[test]
fn the_results_headline_is_the_readme_table() {
    let readme = table_after(&read("README.md"), "## How strong it is", "README.md");
    let results = table_after(&read("docs/results.md"), "## Headline", "docs/results.md");
    assert!(readme.len() > 1, "the README's table has no rows");
    assert_eq!(
        readme.len(),
        results.len(),
        "the README's table has {} lines, results.md's headline {}",
        readme.len(),
        results.len()
    );
    for (r, s) in readme.iter().zip(&results) {
        assert_eq!(r.len(), s.len(), "columns differ: {r:?} / {s:?}");
        let last = r.len() - 1;
        assert_eq!(
            r[..last],
            s[..last],
            "the README's row and results.md's headline disagree"
        );
        if r[last] != "details" {
            assert_eq!(
                link_targets(&r[last], "README.md"),
                link_targets(&s[last], "docs/results.md"),
                "the details of '{}' point elsewhere",
                r[0]
            );
        }
    }
}

/// Issue 64: the index has one line per experiment page, each page linked once, named
/// `YYYY-MM-DD-NAME.md` with its `<a id="NAME">` first; the short pages stay short.
#[test]
fn the_index_lists_every_experiment_page_once() {
    let pages: BTreeSet<String> = files_under("docs/experiments", &[".md"])
        .into_iter()
        .map(|p| p.trim_start_matches("docs/experiments/").to_string())
        .collect();
    let index = read("docs/experiments.md");
    let lines: Vec<&str> = index
        .lines()
        .filter(|l| l.starts_with("- ") && l.contains("](experiments/"))
        .collect();
    let listed: Vec<String> = lines
        .iter()
        .map(|l| {
            let target = l.split("](experiments/").nth(1).unwrap();
            target[..target.find(')').unwrap()].to_string()
        })
        .collect();
    assert_eq!(
        lines.len(),
        pages.len(),
        "the index has {} lines for {} pages",
        lines.len(),
        pages.len()
    );
    assert_eq!(
        listed.iter().cloned().collect::<BTreeSet<_>>(),
        pages,
        "the index and the pages differ"
    );
    let dates: Vec<&str> = listed.iter().map(|f| &f[..10]).collect();
    assert!(
        dates.windows(2).all(|w| w[0] >= w[1]),
        "the index is not newest first"
    );
    for page in &pages {
        let name = page.trim_end_matches(".md");
        assert!(
            name.len() > 11
                && name.as_bytes()[10] == b'-'
                && name[..10].chars().all(|c| c.is_ascii_digit() || c == '-'),
            "{page}: not YYYY-MM-DD-NAME.md"
        );
        let text = read(&format!("docs/experiments/{page}"));
        assert!(
            text.starts_with(&format!("<a id=\"{}\"></a>\n# ", &name[11..])),
            "{page} does not open with its anchor and title"
        );
    }
}

#[test]
fn the_short_pages_stay_short() {
    for (page, limit_bytes) in [("docs/results.md", 25_000), ("harness/README.md", 10_000)] {
        let bytes = read(page).len();
        assert!(
            bytes <= limit_bytes,
            "{page} is {bytes} bytes, over {limit_bytes}: move older figures or a command's story to its own page"
        );
    }
}

/// The part of `page` an anchor opens: from its `<a id>` or heading to the next `<a id>`
/// or heading of the same or a higher level (the whole page without an anchor).
fn section_at(text: &str, anchor: &str) -> String {
    if anchor.is_empty() {
        return text.to_string();
    }
    let lines: Vec<&str> = text.lines().collect();
    let tag = format!("<a id=\"{anchor}\">");
    let Some(start) = lines.iter().position(|l| {
        l.contains(&tag)
            || (l.starts_with('#') && heading_slug(l.trim_start_matches('#')) == anchor)
    }) else {
        return String::new();
    };
    // The heading the anchor names (the anchor's own line, or the heading under it).
    let heading_at = (start..lines.len().min(start + 2))
        .find(|&i| lines[i].starts_with('#'))
        .unwrap_or(start);
    let level = lines[heading_at]
        .chars()
        .take_while(|&c| c == '#')
        .count()
        .max(1);
    let end = lines
        .iter()
        .enumerate()
        .skip(heading_at + 1)
        .find(|(_, l)| {
            let hashes = l.chars().take_while(|&c| c == '#').count();
            (hashes > 0 && hashes <= level && l[hashes..].starts_with(' '))
                || l.starts_with("<a id=\"")
        })
        .map_or(lines.len(), |(i, _)| i);
    lines[start..end].join("\n")
}

/// A figure's command as the record writes it: a harness, cargo or yacht-bot command line
/// or a script of `docs/runs/`, in backquotes or a code block.
fn has_a_command(section: &str) -> bool {
    [
        "`harness ",
        "`cargo ",
        "`yacht-bot ",
        "docs/runs/",
        "\nharness ",
    ]
    .iter()
    .any(|c| section.contains(c))
}

/// Issue 64: a newcomer reaches a figure's command from the README's strength table in at
/// most two links: each details link opens a section with a command, or one of that
/// section's links does.
#[test]
fn a_figure_s_command_is_at_most_two_links_from_the_readme_table() {
    let readme = table_after(&read("README.md"), "## How strong it is", "README.md");
    let mut far = Vec::new();
    for row in readme.iter().skip(1) {
        for target in link_targets(row.last().unwrap(), "README.md") {
            let (file, anchor) = target.split_once('#').unwrap();
            let section = section_at(&read(file), anchor);
            assert!(!section.is_empty(), "{target}: no such section");
            let second_hop = || {
                link_targets(&section, file).iter().any(|t| {
                    let (f, a) = t.split_once('#').unwrap();
                    fs::read_to_string(root().join(f))
                        .is_ok_and(|text| has_a_command(&section_at(&text, a)))
                })
            };
            if !has_a_command(&section) && !second_hop() {
                far.push(format!("{}: {target}", row[0]));
            }
        }
    }
    assert!(
        far.is_empty(),
        "no command within two links of the README's table:\n{}",
        far.join("\n")
    );
}

#[test]
fn a_section_ends_at_the_next_heading_of_its_level() {
    let text =
        "<a id=\"x\"></a>\n## X\nuse `harness match`\n### sub\nmore\n<a id=\"y\"></a>\n## Y\nnone";
    let x = section_at(text, "x");
    assert!(x.contains("`harness match`") && x.contains("more") && !x.contains("none"));
    assert!(!has_a_command(&section_at(text, "y")));
    assert_eq!(section_at(text, "z"), "");
}
