//! The reference values of `fixtures/table-values.tsv`, parsed once for every test.
#![allow(dead_code)]

use yacht::rules::category::Category;

/// One reference row: `F` (expected remaining score) or `G` (best choice of 10 dice).
pub struct Reference {
    pub kind: String,
    pub used: u16,
    pub upper: u32,
    pub dice: String,
    pub value: f64,
    pub best: Option<(Category, String)>,
}

/// Every reference row.
pub fn references() -> Vec<Reference> {
    let text = include_str!("../fixtures/table-values.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let used = if f[1] == "-" {
                0
            } else {
                f[1].split(',')
                    .map(|n| Category::from_name(n).expect("known category").bit())
                    .fold(0, |a, b| a | b)
            };
            // "(tie)" marks choices whose alternatives are equal within 1e-3: value only.
            let best = (f[0] == "G" && !f[5].contains("tie")).then(|| {
                (
                    Category::from_name(f[5]).expect("known category"),
                    f[6].to_string(),
                )
            });
            Reference {
                kind: f[0].to_string(),
                used,
                upper: f[2].parse().expect("upper"),
                dice: f[3].to_string(),
                value: f[4].parse().expect("value"),
                best,
            }
        })
        .collect()
}
