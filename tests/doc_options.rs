//! The README's options table and the shipped `engine.toml` against the engine's one table of
//! options (`kurier_engine::options::Opt::ALL`): every option is in both, with its UCI/XBoard
//! name, its `engine.toml` key and its default, and nothing else is.

use kurier_engine::options::{Opt, Options};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The repository root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A table cell's text without its code marks.
fn plain(cell: &str) -> String {
    cell.trim().trim_matches('`').to_string()
}

/// The rows of the README's options table: (name, key, default), the default being the last
/// parenthesised part of the values cell.
fn readme_rows() -> Vec<(String, String, String)> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme
        .find("| UCI / XBoard name | `engine.toml` key |")
        .expect("the README has the options table");
    readme[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').collect();
            assert!(cells.len() >= 3, "a short row: {line}");
            let values = cells[2];
            let default = values
                .rfind('(')
                .and_then(|open| values[open + 1..].split_once(')'))
                .map(|(inside, _)| plain(inside))
                .unwrap_or_else(|| panic!("no (default) in: {line}"));
            (plain(cells[0]), plain(cells[1]), default)
        })
        .collect()
}

/// `64 MB`, `30 ms`: the number a default is written with.
fn number_of(default: &str) -> &str {
    default.split_whitespace().next().unwrap_or(default)
}

#[test]
fn the_readme_table_has_every_option_with_its_key_and_default() {
    let defaults = Options::default();
    let expected: Vec<(String, String, String)> = Opt::ALL
        .iter()
        .map(|&o| (o.name().to_string(), o.key().to_string(), defaults.value(o)))
        .collect();
    let found: Vec<(String, String, String)> = readme_rows()
        .into_iter()
        .map(|(name, key, default)| (name, key, number_of(&default).to_string()))
        .collect();
    assert_eq!(
        found, expected,
        "README options table (in Opt::ALL's order)"
    );
}

#[test]
fn the_shipped_engine_toml_sets_every_key_and_no_other() {
    let text = std::fs::read_to_string(root().join("engine.toml")).unwrap();
    let table: toml::Table = text.parse().unwrap();
    let keys: BTreeSet<&str> = table.keys().map(String::as_str).collect();
    let expected: BTreeSet<&str> = Opt::ALL.iter().map(|o| o.key()).collect();
    assert_eq!(keys, expected);
    // Each key is documented by a comment naming the option as GUIs see it.
    for opt in Opt::ALL {
        assert!(
            text.contains(&format!("# [{}]", opt.name())),
            "engine.toml documents {} as [{}]",
            opt.key(),
            opt.name()
        );
    }
}

#[test]
fn the_table_parser_reads_one_row_per_option() {
    // The parser of the table finds the rows it is meant to: a README without one option's
    // row, or with a wrong default, differs from the engine's table.
    let rows = readme_rows();
    assert_eq!(rows.len(), Opt::ALL.len());
    assert_eq!(number_of("64 MB"), "64");
    assert_eq!(plain(" `EvalFile` "), "EvalFile");
}
