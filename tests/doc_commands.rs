//! Every `kurier ...` command written in the documentation parses: the README, `CHANGELOG.md`,
//! the `.md` files under `docs/` and every crate's README.
//!
//! - The commands are the lines of fenced code blocks marked `sh`, `bash`, `shell` or unmarked
//!   (a `text` block is a transcript, not a command), joined across `\` line ends, split as a
//!   shell splits them, cut at `|`, `>`, `;`, `&&` and at `:::` (GNU parallel's arguments,
//!   `{}` standing for the first of them).
//! - The command starts at a word `kurier` or `…/kurier`, or after `cargo run --release --`.
//! - Its words go through what `main.rs` does before clap (a cutechess-cli style `match` is
//!   rewritten by `kurier_match::cutechess_args::normalise`), then `Cli::try_parse_from`; a
//!   `match` must also pass `MatchArgs::into_command`, the checks made before a match starts.
//!   Nothing is run.
//! - A shell variable must be one of the few the docs use ([`VARIABLES`]); any other fails the
//!   test, so that no command hides an unchecked word behind one.

use clap::Parser;
use kurier::cli::{Cli, Command};
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser as Markdown, Tag, TagEnd};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The shell variables the docs' commands use, and a value of the kind they stand for.
const VARIABLES: &[(&str, &str)] = &[
    ("$SLURM_ARRAY_TASK_ID", "1"),
    ("$K", "target/release/kurier"),
    ("$O", "openings"),
];

/// The repository root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files whose commands are checked.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    for dir in ["docs", "crates"] {
        let mut stack = vec![root.join(dir)];
        while let Some(folder) = stack.pop() {
            for entry in std::fs::read_dir(&folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "md") {
                    files.push(path);
                }
            }
        }
    }
    files.retain(|p| p.exists());
    files.sort();
    files
}

/// The shell lines of the command blocks of `markdown`, each with its line number (from 1),
/// continuation lines joined.
fn shell_lines(markdown: &str) -> Vec<(usize, String)> {
    let line_of = |offset: usize| markdown[..offset].matches('\n').count() + 1;
    let mut out = Vec::new();
    let mut block: Option<usize> = None;
    let mut text = String::new();
    for (event, range) in Markdown::new_ext(markdown, Options::all()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let lang = info.split_whitespace().next().unwrap_or("");
                if matches!(lang, "" | "sh" | "bash" | "shell") {
                    block = Some(line_of(range.start) + 1);
                    text.clear();
                }
            }
            Event::Text(t) if block.is_some() => text.push_str(&t),
            Event::End(TagEnd::CodeBlock) => {
                if let Some(first) = block.take() {
                    let mut pending = String::new();
                    let mut start = first;
                    for (i, line) in text.lines().enumerate() {
                        if pending.is_empty() {
                            start = first + i;
                        }
                        match line.strip_suffix('\\') {
                            Some(head) => pending.push_str(head),
                            None => {
                                pending.push_str(line);
                                out.push((start, std::mem::take(&mut pending)));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The words of `kurier`'s own command line in `line` (after the program), or `None` when the
/// line runs no `kurier`.
fn kurier_words(line: &str) -> Result<Option<Vec<String>>, String> {
    let trimmed = line.trim_start();
    if trimmed.starts_with('#') || trimmed.is_empty() {
        return Ok(None);
    }
    let words = match shell_words::split(line) {
        Ok(words) => words,
        // Not a shell line (a diagram, a transcript): an error only when it starts as a
        // `kurier` command would.
        Err(e) => {
            let first = trimmed.split_whitespace().next().unwrap_or("");
            return if first == "kurier" || first.ends_with("/kurier") || first == "cargo" {
                Err(format!("{e}: {line}"))
            } else {
                Ok(None)
            };
        }
    };
    // GNU parallel: its argument list after `:::`; `{}` is the first of them.
    let first_arg = match words.iter().position(|w| w == ":::") {
        Some(i) => words.get(i + 1).cloned(),
        None => None,
    };
    let words: Vec<String> = words
        .into_iter()
        .take_while(|w| !matches!(w.as_str(), "|" | ">" | ";" | "&&" | ":::" | "2>&1"))
        .take_while(|w| !w.starts_with('#'))
        .map(|w| match &first_arg {
            Some(a) => w.replace("{}", a),
            None => w,
        })
        .collect();
    // The program is the first word, after a launcher (`srun`, `nohup`, `time`, or GNU
    // `parallel` with its options); `kurier` elsewhere is another program's argument
    // (`xboard -fcp kurier`).
    let mut first = 0;
    while words
        .get(first)
        .is_some_and(|w| matches!(w.as_str(), "srun" | "nohup" | "time"))
    {
        first += 1;
    }
    if words.get(first).is_some_and(|w| w == "parallel") {
        first += 1;
        while words.get(first).is_some_and(|w| w.starts_with('-')) {
            first += 1;
        }
    }
    let words = &words[first.min(words.len())..];
    if words.len() >= 4 && words[..4] == ["cargo", "run", "--release", "--"] {
        return words[4..]
            .iter()
            .map(|w| expand(w))
            .collect::<Result<_, _>>()
            .map(Some);
    }
    if *words == ["cargo", "run", "--release"] {
        return Ok(Some(Vec::new()));
    }
    let program = words
        .first()
        .filter(|w| *w == "kurier" || (w.ends_with("/kurier") && !w.contains('=')))
        .map(|_| 0);
    match program {
        Some(i) => words[i + 1..]
            .iter()
            .map(|w| expand(w))
            .collect::<Result<_, _>>()
            .map(Some),
        None => Ok(None),
    }
}

/// `word` with its shell variables replaced by [`VARIABLES`]; an unknown one is an error.
fn expand(word: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = word;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let name_len = rest[at + 1..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len() - at - 1);
        let name = &rest[at..at + 1 + name_len];
        let value = VARIABLES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
            .ok_or_else(|| format!("a shell variable the test does not know: {name} in {word}"))?;
        out.push_str(value);
        rest = &rest[at + 1 + name_len..];
    }
    out.push_str(rest);
    Ok(out)
}

/// What `main.rs` does with the words before running: the cutechess rewrite, clap, and for a
/// match the checks before it starts.
fn check(words: &[String]) -> Result<(), String> {
    let mut args: Vec<OsString> = vec!["kurier".into()];
    let mut i = 0;
    while i < words.len() && words[i].starts_with("--config") {
        args.push(words[i].clone().into());
        if words[i] == "--config" {
            if let Some(file) = words.get(i + 1) {
                args.push(file.clone().into());
            }
            i += 1;
        }
        i += 1;
    }
    let rest: Vec<OsString> = words[i..].iter().map(OsString::from).collect();
    if rest.first().is_some_and(|w| w == "match") {
        args.push("match".into());
        let normalised = kurier_match::cutechess_args::normalise(rest[1..].to_vec())
            .map_err(|e| e.to_string())?;
        args.extend(normalised);
    } else {
        args.extend(rest);
    }
    match Cli::try_parse_from(&args) {
        Ok(cli) => match cli.command {
            Some(Command::Match(m)) => (*m).into_command().map(|_| ()).map_err(|e| e.to_string()),
            _ => Ok(()),
        },
        Err(e)
            if matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            ) =>
        {
            Ok(())
        }
        Err(e) => Err(e.render().to_string()),
    }
}

/// The file's name from the root, for messages.
fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn every_kurier_command_in_the_docs_parses() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in documents() {
        let markdown = std::fs::read_to_string(&file).unwrap();
        for (line, command) in shell_lines(&markdown) {
            match kurier_words(&command) {
                Ok(Some(words)) => {
                    checked += 1;
                    if let Err(e) = check(&words) {
                        failures.push(format!("{}:{line}: {command}\n    {e}", shown(&file)));
                    }
                }
                Ok(None) => {}
                Err(e) => failures.push(format!("{}:{line}: {e}", shown(&file))),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The README alone has more than twenty: a parser that finds none would pass vacuously.
    assert!(checked > 20, "only {checked} commands found");
}

#[test]
fn the_check_refuses_what_main_refuses() {
    let words = |s: &str| shell_words::split(s).unwrap();
    assert!(check(&words("perft --variant courier --depth 3")).is_ok());
    assert!(check(&words("perft --variant chess --depth 3")).is_err());
    assert!(check(&words("play --variant courier --depht 3")).is_err());
    assert!(check(&words("match --variant courier --engine cmd=a")).is_err());
    assert!(check(&words(
        "match -variant courier -each tc=40/60 -engine cmd=a -engine cmd=b"
    ))
    .is_ok());
    assert!(check(&words(
        "match -varient courier -each tc=40/60 -engine cmd=a -engine cmd=b"
    ))
    .is_err());
    assert!(check(&words("bench --help")).is_ok());
}

#[test]
fn commands_are_found_where_the_docs_write_them() {
    let md = "```sh\nkurier perft --variant courier \\\n  --depth 3  # a comment\n\
              cargo run --release -- bench\nls\n```\n```text\n$ kurier\n```\n";
    let lines = shell_lines(md);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0].0, 2);
    let found: Vec<_> = lines
        .iter()
        .filter_map(|(_, l)| kurier_words(l).unwrap())
        .collect();
    assert_eq!(
        found,
        vec![
            vec!["perft", "--variant", "courier", "--depth", "3"],
            vec!["bench"]
        ]
    );
    assert!(kurier_words("kurier match --pgn $OUT").is_err());
    assert_eq!(
        kurier_words("xboard -fcp kurier -variant courier").unwrap(),
        None
    );
    assert_eq!(
        kurier_words("parallel -j2 kurier perft --depth {} ::: 4 5").unwrap(),
        Some(vec!["perft".to_string(), "--depth".into(), "4".into()])
    );
}

#[test]
fn the_readme_test_command_is_the_one_ci_runs() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    let section = &readme[readme
        .find("## The two commands")
        .expect("the README has it")..];
    let lines = shell_lines(section);
    let test_command = lines
        .iter()
        .map(|(_, l)| l.trim())
        .find(|l| l.starts_with("cargo test"))
        .expect("the two commands include the tests");
    assert!(
        ci.lines().any(|l| l.trim() == test_command),
        "'{test_command}' is not a line of .ci/run"
    );
}

/// The `kurier --help` quoted in docs/usage.md is the binary's own, from `Usage:` to the last
/// option: a new command cannot be left out of it.
#[test]
fn the_quoted_help_is_the_binarys() {
    let docs = std::fs::read_to_string(root().join("docs/usage.md")).unwrap();
    let start = docs
        .find("```text\nUsage: kurier [OPTIONS] [COMMAND]")
        .expect("docs/usage.md quotes `kurier --help`")
        + "```text\n".len();
    let quoted = &docs[start..start + docs[start..].find("\n```").unwrap()];
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kurier"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains(quoted),
        "docs/usage.md quotes:\n{quoted}\n\nkurier --help prints:\n{help}"
    );
}
