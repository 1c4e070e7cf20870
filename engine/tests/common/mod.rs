//! Helpers shared by the `realm` binary's end-to-end tests.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Writes `text` to a file of this test run's own in the temp dir (`group` keeps test binaries
/// apart) and returns its path.
pub fn write_temp(group: &str, name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{group}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs the `realm` binary with `args`.
pub fn realm(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_realm"))
        .args(args)
        .output()
        .expect("run realm")
}
