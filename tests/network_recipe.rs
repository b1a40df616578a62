//! The network recipe, `data/networks.toml` (read by `tools/net_round.py`, which rebuilds a
//! round from it): it reads; every round's data files are defined, every input is a file of the
//! data manifest with the same sha256 (once `data/MANIFEST.tsv` is there); and the round it
//! names as built in has the hash of the network built into the engine
//! (`crates/kurier-engine/nets/courier.nnue`), so a new built-in net needs its recipe; and
//! docs/networks.md's table shows what the recipe says.

use kurier_engine::nnue::Network;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use toml::{Table, Value};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn recipe() -> Table {
    let path = root().join("data/networks.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.parse()
        .unwrap_or_else(|e| panic!("{path:?} is not TOML: {e}"))
}

fn rounds(recipe: &Table) -> &[Value] {
    recipe["round"].as_array().expect("[[round]] entries")
}

fn data(recipe: &Table) -> &Table {
    recipe["data"].as_table().expect("[data.NAME] entries")
}

fn str_of<'a>(t: &'a Table, key: &str, what: &str) -> &'a str {
    t.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{what}: `{key}` is not a string"))
}

fn is_hex(s: &str, len: usize) -> bool {
    s.len() == len
        && s.bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

/// Every input of every data file: (path, sha256), in recipe order.
fn inputs(recipe: &Table) -> Vec<(String, String)> {
    let mut all = Vec::new();
    for (name, d) in data(recipe) {
        let d = d
            .as_table()
            .unwrap_or_else(|| panic!("[data.{name}] is a table"));
        let list = d["inputs"].as_array().expect("inputs");
        for i in list {
            let i = i.as_table().expect("an input is { path, sha256 }");
            let what = format!("[data.{name}]");
            all.push((
                str_of(i, "path", &what).to_string(),
                str_of(i, "sha256", &what).to_string(),
            ));
        }
    }
    all
}

/// What is wrong between the recipe's inputs and a data manifest (`path`, `sha256`, ...
/// columns, tab-separated, a header line first): inputs it lacks or lists with another sha256.
fn manifest_mismatches(inputs: &[(String, String)], manifest: &str) -> Vec<String> {
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("the manifest has no `{name}` column"))
    };
    let (path, sha) = (col("path"), col("sha256"));
    let listed: BTreeMap<&str, &str> = lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[path], f[sha])
        })
        .collect();
    let mut wrong = Vec::new();
    for (p, s) in inputs {
        match listed.get(p.as_str()) {
            None => wrong.push(format!("{p} is not in the manifest")),
            Some(m) if m != s => wrong.push(format!("{p}: manifest {m}, recipe {s}")),
            Some(_) => {}
        }
    }
    wrong
}

#[test]
fn the_recipe_reads_and_every_round_names_defined_data() {
    let recipe = recipe();
    assert_eq!(str_of(&recipe, "variant", "the recipe"), "courier");
    let data = data(&recipe);
    let mut nets = BTreeSet::new();
    let mut used = BTreeSet::new();
    for r in rounds(&recipe) {
        let r = r.as_table().expect("a [[round]] is a table");
        let net = str_of(r, "net", "a round");
        assert!(nets.insert(net), "net {net} appears twice");
        let hash = str_of(r, "hash", net);
        assert!(
            is_hex(hash, 16) || is_hex(hash, 8),
            "net {net}: hash {hash:?}"
        );
        assert!(
            r["round"].as_integer().is_some_and(|n| n >= 1),
            "net {net}: round"
        );
        assert!(r["seed"].as_integer().is_some(), "net {net}: seed");
        let flags = r["flags"].as_array().expect("flags");
        assert!(
            flags.iter().all(Value::is_str),
            "net {net}: flags are strings"
        );
        match r.get("train").and_then(Value::as_array) {
            Some(train) => {
                assert!(!train.is_empty(), "net {net}: no training file");
                for name in train {
                    let name = name.as_str().expect("a data file's name");
                    assert!(data.contains_key(name), "net {net}: no [data.{name}]");
                    used.insert(name);
                }
            }
            None => {
                str_of(r, "missing", net);
                assert_ne!(
                    r["checked"].as_bool(),
                    Some(true),
                    "net {net}: checked without data"
                );
            }
        }
        if r["checked"].as_bool() == Some(true) {
            assert!(is_hex(hash, 16), "net {net}: checked with its full hash");
        }
    }
    for (name, d) in data {
        let d = d.as_table().expect("a table");
        let prepare = str_of(d, "prepare", name);
        assert!(
            ["unpack", "pgn-data"].contains(&prepare),
            "[data.{name}]: {prepare}"
        );
        assert!(
            used.contains(name.as_str()),
            "[data.{name}] is read by no round"
        );
    }
    for (path, sha) in inputs(&recipe) {
        assert!(path.starts_with("data/"), "{path} is not below data/");
        assert!(is_hex(&sha, 64), "{path}: sha256 {sha:?}");
    }
}

#[test]
fn the_built_in_network_is_the_recipes_built_in_round() {
    let recipe = recipe();
    let built_in = str_of(&recipe, "built_in", "the recipe");
    let round = rounds(&recipe)
        .iter()
        .filter_map(Value::as_table)
        .find(|r| r["net"].as_str() == Some(built_in))
        .unwrap_or_else(|| panic!("no round {built_in}"));
    let path = root().join("crates/kurier-engine/nets/courier.nnue");
    let bytes = std::fs::read(&path).expect("the built-in network");
    let net = Network::from_bytes(&bytes).expect("the built-in network reads");
    let hash = format!("{:016x}", net.hash());
    assert_eq!(
        str_of(round, "hash", built_in),
        hash,
        "the built-in network is not data/networks.toml's net {built_in}: give its round a recipe"
    );
    assert_eq!(
        round["checked"].as_bool(),
        Some(true),
        "net {built_in} is checked"
    );
    assert!(round.contains_key("train"), "net {built_in} can be rebuilt");
}

#[test]
fn every_input_is_in_the_data_manifest_with_its_sha256() {
    let path = root().join("data/MANIFEST.tsv");
    let Ok(manifest) = std::fs::read_to_string(&path) else {
        eprintln!("no {path:?} yet: the inputs are not checked against it");
        return;
    };
    let wrong = manifest_mismatches(&inputs(&recipe()), &manifest);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_manifest_check_finds_a_missing_input_and_a_wrong_sha256() {
    let inputs = vec![
        ("data/a.pgn.gz".to_string(), "11".repeat(32)),
        ("data/b.pgn.gz".to_string(), "22".repeat(32)),
        ("data/c.pgn.gz".to_string(), "33".repeat(32)),
    ];
    let manifest = format!(
        "path\tbytes\tsha256\tsource\ndata/a.pgn.gz\t1\t{}\tx\ndata/b.pgn.gz\t1\t{}\tx\n",
        "11".repeat(32),
        "44".repeat(32)
    );
    let wrong = manifest_mismatches(&inputs, &manifest);
    assert_eq!(wrong.len(), 2, "{wrong:?}");
    assert!(wrong[0].starts_with("data/b.pgn.gz: manifest 4444"));
    assert_eq!(wrong[1], "data/c.pgn.gz is not in the manifest");
}

/// `tools/net_round.py R ... --dry-run` reads the recipe and the manifest and prints the
/// `kurier train` command with the round's files in the recipe's order (skipped without a
/// Python 3.11 or without the manifest, which it restores the inputs from).
#[test]
fn net_round_plans_the_built_in_round_in_the_recipes_order() {
    let root = root();
    if !root.join("data/MANIFEST.tsv").exists() {
        eprintln!("no data/MANIFEST.tsv yet: net_round.py's plan is not checked");
        return;
    }
    let work = std::env::temp_dir().join(format!("kurier-net-plan-{}", std::process::id()));
    let out = std::process::Command::new("python3")
        .arg(root.join("tools/net_round.py"))
        .args(["R", "kurier"])
        .arg(&work)
        .arg("--dry-run")
        .output();
    let out = match out {
        Ok(o) if !String::from_utf8_lossy(&o.stderr).contains("No module named 'tomllib'") => o,
        _ => {
            eprintln!("no python3 with tomllib: net_round.py's plan is not checked");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!work.exists(), "a dry run writes nothing");
    let train = stdout
        .lines()
        .find(|l| l.starts_with("$ kurier train"))
        .expect("the kurier train command");
    let recipe = recipe();
    let round = rounds(&recipe)
        .iter()
        .filter_map(Value::as_table)
        .find(|r| r["net"].as_str() == Some("R"))
        .expect("net R");
    let files: Vec<String> = round["train"]
        .as_array()
        .expect("train")
        .iter()
        .map(|n| {
            let p = work.join(format!("{}.txt", n.as_str().expect("a name")));
            p.to_string_lossy().into_owned()
        })
        .collect();
    let args: Vec<&str> = train.split_whitespace().collect();
    let shown: Vec<&str> = args
        .iter()
        .copied()
        .filter(|a| Path::new(a).extension().is_some_and(|e| e == "txt"))
        .collect();
    assert_eq!(shown, files, "{train}");
    assert!(
        train.ends_with("--mirror --activation screlu --seed 1"),
        "{train}"
    );
}

/// docs/networks.md's table of the rounds shows each net of the recipe with its hash (the first
/// 8 hex digits), its SPRT's Elo and error, and its score against Fairy-Stockfish.
#[test]
fn the_docs_table_agrees_with_the_recipe() {
    let docs = std::fs::read_to_string(root().join("docs/networks.md")).expect("the docs");
    let recipe = recipe();
    for r in rounds(&recipe).iter().filter_map(Value::as_table) {
        let net = str_of(r, "net", "a round");
        let row = docs
            .lines()
            .find(|l| {
                let cells: Vec<&str> = l.split('|').map(str::trim).collect();
                cells.len() > 3 && cells[2].trim_matches('*') == net
            })
            .unwrap_or_else(|| panic!("docs/networks.md has no row for net {net}"));
        let hash = str_of(r, "hash", net);
        assert!(
            row.contains(&format!("| {} |", &hash[..8])),
            "net {net}: {row}"
        );
        let sprt = r.get("sprt").and_then(Value::as_table);
        if let Some((Some(elo), Some(error))) = sprt.map(|s| (s.get("elo"), s.get("error"))) {
            let (elo, error) = (as_f64(elo), as_f64(error));
            let shown = format!("{elo:+.1} ± {error:.1}").replace('-', "−");
            assert!(row.contains(&shown), "net {net}: {shown} in {row}");
        }
        if let Some(fsf) = r.get("fsf") {
            let shown = format!("{:.1}%", as_f64(fsf));
            assert!(row.contains(&shown), "net {net}: {shown} in {row}");
        }
    }
}

fn as_f64(v: &Value) -> f64 {
    v.as_float()
        .or_else(|| v.as_integer().map(|i| i as f64))
        .expect("a number")
}
