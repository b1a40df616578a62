//! The page and its assets, embedded in the binary from `crates/kurier-serve/assets/` at build
//! time: nothing is read from disk or fetched from the network at run time.

use include_dir::{include_dir, Dir};

/// The folder `assets/` as it was at build time.
static ASSETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets");

/// An embedded file: its bytes and its content type.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// The file's bytes.
    pub bytes: &'static [u8],
    /// Its MIME type, from its extension (`text/html; charset=utf-8` for `.html`).
    pub content_type: &'static str,
}

/// The file at `path` (relative to `assets/`, `/`-separated), if one is embedded there. Paths
/// with `..`, a leading `/` or backslashes name nothing.
pub fn get(path: &str) -> Option<Asset> {
    if path.is_empty()
        || path.starts_with('/')
        || path.contains('\\')
        || path
            .split('/')
            .any(|part| part.is_empty() || part == "." || part == "..")
    {
        return None;
    }
    let file = ASSETS.get_file(path)?;
    Some(Asset {
        bytes: file.contents(),
        content_type: content_type(path),
    })
}

/// The content type of a file name by its extension; text types say UTF-8.
fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => mime_guess::from_ext(ext)
            .first_raw()
            .unwrap_or("application/octet-stream"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_embedded_and_paths_stay_inside() {
        let page = get("index.html").expect("index.html is embedded");
        assert!(page.content_type.starts_with("text/html"));
        assert!(!page.bytes.is_empty());
        for bad in [
            "",
            "/index.html",
            "../Cargo.toml",
            "a/../index.html",
            "x\\y",
            "./index.html",
        ] {
            assert!(get(bad).is_none(), "{bad}");
        }
        assert_eq!(content_type("a/b.svg"), "image/svg+xml");
        assert_eq!(content_type("x.png"), "image/png");
    }
}
