//! The links of the Markdown files (`README.md`, and every `.md` file under `docs/` and
//! `crates/`) point at files of the repository.
//!
//! - A relative link `[x](path)` or `[x](path#anchor)` must name a file (or folder) that exists,
//!   found from the folder of the Markdown file; only the file is checked, not the anchor.
//! - A link that leaves the repository (`../shared/RULES.md` from the root) fails: a reader of
//!   the repository alone cannot follow it. So does a path from `/`, and any scheme but
//!   `http`, `https` and `mailto`.
//! - `http(s)` links are allowed and not fetched; `#anchor` links stay in their file.
//!
//! The Markdown is read with `pulldown-cmark`, so links in code blocks and code spans are not
//! links, and reference links (`[x][id]` with `[id]: path`) are checked at their definition.

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag};
use std::path::{Component, Path, PathBuf};

/// The repository root (the root package's folder).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every link and image target of `markdown`, with its line (from 1).
fn link_targets(markdown: &str) -> Vec<(usize, String)> {
    let line_of = |offset: usize| markdown[..offset].matches('\n').count() + 1;
    let parser = Parser::new_ext(markdown, Options::all());
    let mut out = Vec::new();
    let mut events = parser.into_offset_iter();
    for (event, range) in events.by_ref() {
        let (link_type, dest) = match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            })
            | Event::Start(Tag::Image {
                link_type,
                dest_url,
                ..
            }) => (link_type, dest_url),
            _ => continue,
        };
        // Reference links are checked once, at their definition below.
        if matches!(
            link_type,
            LinkType::Inline | LinkType::Autolink | LinkType::Email
        ) {
            out.push((range.start, dest.to_string()));
        }
    }
    for (_, definition) in events.reference_definitions().iter() {
        out.push((definition.span.start, definition.dest.to_string()));
    }
    // In the order of the text.
    out.sort();
    out.into_iter()
        .map(|(offset, dest)| (line_of(offset), dest))
        .collect()
}

/// `%20` and the like, as a file name holds them.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The scheme of an absolute URL (`https` of `https://…`), if `dest` has one.
fn scheme(dest: &str) -> Option<&str> {
    let (head, _) = dest.split_once(':')?;
    let mut chars = head.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some(head)
}

/// Checks one link target written in `file` (relative to the repository root). `exists` tells
/// whether a path relative to the root is a file or folder of the repository.
fn check_link(file: &Path, dest: &str, exists: &dyn Fn(&Path) -> bool) -> Result<(), String> {
    if dest.is_empty() {
        return Err("empty link".into());
    }
    if dest.starts_with('#') {
        return Ok(());
    }
    if let Some(s) = scheme(dest) {
        return match s.to_ascii_lowercase().as_str() {
            "http" | "https" | "mailto" => Ok(()),
            other => Err(format!(
                "`{dest}`: a `{other}:` link is no file of the repository"
            )),
        };
    }
    if dest.starts_with('/') {
        return Err(format!(
            "`{dest}`: a path from `/`; write it relative to {}",
            file.display()
        ));
    }
    let path = dest.split(['#', '?']).next().unwrap_or_default();
    let path = percent_decode(path).ok_or_else(|| format!("`{dest}`: bad %-escape"))?;
    let mut resolved = PathBuf::new();
    for c in file
        .parent()
        .unwrap_or(Path::new(""))
        .join(&path)
        .components()
    {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !resolved.pop() {
                    return Err(format!(
                        "`{dest}` goes outside the repository: link a file inside it"
                    ));
                }
            }
            Component::Normal(part) => resolved.push(part),
            Component::RootDir | Component::Prefix(_) => {
                return Err(format!("`{dest}`: not a relative path"))
            }
        }
    }
    if exists(&resolved) {
        Ok(())
    } else {
        Err(format!(
            "`{dest}`: there is no {} in the repository",
            resolved.display()
        ))
    }
}

/// The problems of every link of `markdown` (the text of `file`), as `file:line: message`.
fn check_markdown(file: &Path, markdown: &str, exists: &dyn Fn(&Path) -> bool) -> Vec<String> {
    link_targets(markdown)
        .into_iter()
        .filter_map(|(line, dest)| {
            check_link(file, &dest, exists)
                .err()
                .map(|e| format!("{}:{line}: {e}", file.display()))
        })
        .collect()
}

/// `.md` files under `dir` (relative to the root), skipping build output.
fn markdown_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
        return;
    };
    for e in entries.flatten() {
        let rel = dir.join(e.file_name());
        if e.path().is_dir() {
            if e.file_name() != "target" {
                markdown_under(&rel, out);
            }
        } else if rel.extension().is_some_and(|x| x == "md") {
            out.push(rel);
        }
    }
}

#[test]
fn every_relative_link_of_the_markdown_files_names_a_file_of_the_repository() {
    let mut files = vec![PathBuf::from("README.md")];
    markdown_under(Path::new("docs"), &mut files);
    markdown_under(Path::new("crates"), &mut files);
    files.sort();
    let exists = |p: &Path| root().join(p).exists();
    let (mut problems, mut links) = (Vec::new(), 0);
    for file in &files {
        let text = std::fs::read_to_string(root().join(file))
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        links += link_targets(&text).len();
        problems.extend(check_markdown(file, &text, &exists));
    }
    assert!(
        links >= 5,
        "only {links} links in {files:?}: the Markdown reading broke"
    );
    assert!(
        problems.is_empty(),
        "{} broken link(s) in {} Markdown files:\n{}",
        problems.len(),
        files.len(),
        problems.join("\n")
    );
}

#[test]
fn the_checker_finds_missing_and_outside_files_and_nothing_else() {
    let markdown = "\
# Title

See [the rules](docs/rules.md#d11-notation), ![a board](docs/board%20one.png) and
[home](https://example.org/x), [mail](mailto:a@example.org), [here](#title), [crate](crates/).

```text
[not a link](missing-in-code-block.md)
```

`[not a link](missing-in-code-span.md)` and [gone](docs/gone.md).

[outside](../shared/RULES.md) [outside too](docs/../../x.md) [root](/README.md)
[file](file:///etc/passwd) [by reference][ref]

[ref]: docs/also-gone.md
";
    let present = ["docs/rules.md", "docs/board one.png", "crates"];
    let exists = |p: &Path| present.iter().any(|f| p == Path::new(f));
    let problems = check_markdown(Path::new("README.md"), markdown, &exists);
    let expected = [
        "README.md:10: `docs/gone.md`: there is no docs/gone.md in the repository",
        "README.md:12: `../shared/RULES.md` goes outside the repository",
        "README.md:12: `docs/../../x.md` goes outside the repository",
        "README.md:12: `/README.md`: a path from `/`",
        "README.md:13: `file:///etc/passwd`: a `file:` link is no file of the repository",
        "README.md:15: `docs/also-gone.md`: there is no docs/also-gone.md in the repository",
    ];
    assert_eq!(problems.len(), expected.len(), "{problems:#?}");
    for (p, e) in problems.iter().zip(expected) {
        assert!(p.starts_with(e), "{p}\n  expected to start with\n{e}");
    }
}

#[test]
fn links_are_found_from_the_folder_of_their_file() {
    let exists = |p: &Path| p == Path::new("docs/rules.md");
    let docs = Path::new("docs/peers/README.md");
    assert_eq!(check_link(docs, "../rules.md", &exists), Ok(()));
    assert!(check_link(docs, "rules.md", &exists).is_err());
    assert!(check_link(docs, "../../../rules.md", &exists)
        .unwrap_err()
        .contains("outside the repository"));
}
