//! The data folder against its manifest (`data/MANIFEST.tsv`): every file kept in the tree has
//! the size and sha256 the manifest gives, every file in `data/` has a row, and every row says
//! where in the history its file lives. `tools/data.sh check` does the same from the shell and
//! also looks the history up.

use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// One row of the manifest.
struct Row {
    path: String,
    bytes: u64,
    sha256: String,
    contents: String,
    source: String,
    in_tree: bool,
    command: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn manifest() -> Vec<Row> {
    let text = std::fs::read_to_string(root().join("data/MANIFEST.tsv")).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("path\tbytes\tsha256\tcontents\tsource\tin_tree\tcommand")
    );
    lines
        .enumerate()
        .map(|(i, line)| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 7, "line {}: {line}", i + 2);
            Row {
                path: f[0].to_string(),
                bytes: f[1]
                    .parse()
                    .unwrap_or_else(|_| panic!("line {}: bytes", i + 2)),
                sha256: f[2].to_string(),
                contents: f[3].to_string(),
                source: f[4].to_string(),
                in_tree: match f[5] {
                    "yes" => true,
                    "no" => false,
                    other => panic!("line {}: in_tree {other:?}", i + 2),
                },
                command: f[6].to_string(),
            }
        })
        .collect()
}

fn sha256(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn every_row_is_complete_and_names_its_place_in_the_history() {
    let rows = manifest();
    assert!(rows.len() >= 100, "{} rows", rows.len());
    let mut paths = BTreeSet::new();
    for r in &rows {
        assert!(paths.insert(r.path.clone()), "{} listed twice", r.path);
        assert!(
            r.path.starts_with("data/") || r.path.starts_with("tests/fixtures/"),
            "{}",
            r.path
        );
        assert_eq!(r.sha256.len(), 64, "{}", r.path);
        assert!(
            r.sha256.bytes().all(|b| b.is_ascii_hexdigit()),
            "{}",
            r.path
        );
        let (commit, path) = r.source.split_once(':').expect("COMMIT:PATH");
        assert!(commit.len() >= 7 && commit.bytes().all(|b| b.is_ascii_hexdigit()));
        assert!(!path.is_empty(), "{}", r.path);
        assert!(
            r.contents.ends_with(" games") || r.contents.ends_with(" positions"),
            "{}: {}",
            r.path,
            r.contents
        );
        assert!(!r.command.is_empty(), "{}", r.path);
    }
}

#[test]
fn the_files_kept_in_the_tree_are_the_manifests() {
    for r in manifest().iter().filter(|r| r.in_tree) {
        let p = root().join(&r.path);
        let meta = std::fs::metadata(&p).unwrap_or_else(|e| panic!("{}: {e}", r.path));
        assert_eq!(meta.len(), r.bytes, "{}", r.path);
        assert_eq!(sha256(&p), r.sha256, "{}", r.path);
    }
}

/// The data files live in the dated folders of `data/` (its top level holds the manifest, the
/// network recipe and notes). Files restored from the history (ignored by `data/.gitignore`)
/// have rows too, so the walk needs no list of what is tracked.
#[test]
fn every_file_of_the_data_folder_has_a_row() {
    let listed: BTreeSet<String> = manifest().into_iter().map(|r| r.path).collect();
    let mut stack: Vec<PathBuf> = std::fs::read_dir(root().join("data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    let mut seen = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let rel = p
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .into_owned();
            assert!(
                listed.contains(&rel),
                "{rel} has no row in data/MANIFEST.tsv"
            );
            seen += 1;
        }
    }
    assert!(seen > 0);
}
