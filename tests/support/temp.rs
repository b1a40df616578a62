//! Fresh scratch directories for the tests that run the `kurier` binary on files.

use std::path::PathBuf;

/// An empty directory `kurier-TAG-PID-NAME` under the system's temporary directory, emptied
/// first if a previous run left it: one per test (`name`) and test file (`tag`).
pub fn fresh_dir(tag: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kurier-{tag}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
