//! `cargo xtask test`: every check, in the order that fails fastest, ending with one line
//! `N passed, N failed` that counts the Rust tests and the browser tests together.

use crate::{cmd, tools};

#[derive(Default)]
struct Tally {
    passed: u64,
    failed: u64,
}

impl Tally {
    /// Reads `cargo test`'s "test result: ok. 7 passed; 0 failed; ..." lines.
    fn cargo_line(&mut self, line: &str) {
        if let Some(rest) = line.strip_prefix("test result: ") {
            self.passed += number_before(rest, " passed");
            self.failed += number_before(rest, " failed");
        }
    }

    /// Reads node's TAP summary lines "# pass 3" and "# fail 0".
    fn tap_line(&mut self, line: &str) {
        if let Some(n) = line.strip_prefix("# pass ") {
            self.passed += n.trim().parse::<u64>().unwrap_or(0);
        } else if let Some(n) = line.strip_prefix("# fail ") {
            self.failed += n.trim().parse::<u64>().unwrap_or(0);
        }
    }
}

fn number_before(text: &str, label: &str) -> u64 {
    let Some(end) = text.find(label) else {
        return 0;
    };
    let start = text[..end]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    text[start..end].parse().unwrap_or(0)
}

/// Runs everything; exits non-zero if anything failed.
pub fn run() -> anyhow::Result<()> {
    let mut tally = Tally::default();
    let result = steps(&mut tally);
    if let Err(e) = &result {
        eprintln!("\nxtask: {e:#}");
        tally.failed = tally.failed.max(1);
    }
    println!("\n{} passed, {} failed", tally.passed, tally.failed);
    if tally.failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}

fn steps(tally: &mut Tally) -> anyhow::Result<()> {
    tools::ensure_build_tools()?;
    cmd::run(&mut cmd::new("cargo", &["fmt", "--all", "--check"]))?;
    cmd::run(&mut cmd::new(
        "cargo",
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
    ))?;
    cmd::run(&mut cmd::new(
        "cargo",
        &[
            "clippy",
            "-p",
            "app",
            "-p",
            "app-map",
            "-p",
            "app-arena",
            "-p",
            "app-standings",
            "-p",
            "app-history",
            "-p",
            "app-replay",
            "-p",
            "app-archive",
            "-p",
            "app-editor",
            "-p",
            "app-lab",
            "-p",
            "engine",
            "--target",
            "wasm32-unknown-unknown",
            "--",
            "-D",
            "warnings",
        ],
    ))?;
    let ok = cmd::run_reading(&mut cmd::new("cargo", &["test", "--workspace"]), |l| {
        tally.cargo_line(l)
    })?;
    if !ok {
        tally.failed = tally.failed.max(1);
        anyhow::bail!("cargo test failed");
    }
    tools::build_spa()?;
    if let Err(e) = crate::budgets::check(&crate::root().join("dist")) {
        tally.failed += 1;
        return Err(e);
    }
    tally.passed += 1;
    cmd::run(&mut cmd::new("cargo", &["build", "-p", "server"]))?;
    e2e(tally)
}

/// The browser tests against the debug server and the release SPA.
fn e2e(tally: &mut Tally) -> anyhow::Result<()> {
    let chromium = tools::ensure_chromium()?;
    let root = crate::root();
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), Into::into);
    let server = target.join("debug/server");
    let mut files: Vec<String> = std::fs::read_dir(root.join("e2e/tests"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".test.mjs"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut args = vec!["--test", "--test-reporter=tap", "--test-concurrency=1"];
    args.extend(files.iter().map(String::as_str));
    let mut c = cmd::new("node", &args);
    c.env("BRICKREALM_SERVER_BIN", &server)
        .env("BRICKREALM_REALM_BIN", target.join("debug/realm"))
        .env("BRICKREALM_DIST", root.join("dist"))
        .env("BRICKREALM_CHROMIUM", chromium)
        .env("BRICKREALM_ARTIFACTS", root.join("e2e/artifacts"));
    let ok = cmd::run_reading(&mut c, |l| tally.tap_line(l))?;
    if !ok {
        tally.failed = tally.failed.max(1);
        anyhow::bail!("browser tests failed");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cargo_and_tap_summaries() {
        let mut t = Tally::default();
        t.cargo_line("test result: ok. 12 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out");
        t.cargo_line("test result: FAILED. 3 passed; 2 failed; 0 ignored");
        t.cargo_line("running 5 tests");
        t.tap_line("# pass 4");
        t.tap_line("# fail 1");
        t.tap_line("# tests 5");
        assert_eq!((t.passed, t.failed), (19, 3));
    }
}
