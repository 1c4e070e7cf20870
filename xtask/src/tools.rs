//! Installs what the build needs when it is missing, and only then: the wasm32 target, Trunk,
//! the wasm-bindgen CLI at exactly the version Cargo.lock pins, npm packages (playwright-core
//! and binaryen's wasm-opt 132), and, for tests, Debian's Chromium.

use crate::cmd;
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};

/// The Trunk line that works here (0.22 needs a newer rustc).
const TRUNK_REQ: &str = "^0.21";

/// Everything the SPA build needs.
pub fn ensure_build_tools() -> anyhow::Result<()> {
    ensure_wasm_target()?;
    ensure_trunk()?;
    ensure_wasm_bindgen()?;
    ensure_npm_packages()?;
    // Trunk builds with `--offline`, so the crates must already be here.
    cmd::run(&mut cmd::new("cargo", &["fetch"]))
}

fn ensure_wasm_target() -> anyhow::Result<()> {
    let installed = cmd::probe("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if installed
        .lines()
        .any(|l| l.trim() == "wasm32-unknown-unknown")
    {
        return Ok(());
    }
    cmd::run(&mut cmd::new(
        "rustup",
        &["target", "add", "wasm32-unknown-unknown"],
    ))
}

fn ensure_trunk() -> anyhow::Result<()> {
    if cmd::probe("trunk", &["--version"]).is_some_and(|v| v.starts_with("trunk 0.21.")) {
        return Ok(());
    }
    cmd::run(&mut cmd::new(
        "cargo",
        &["install", "trunk", "--version", TRUNK_REQ, "--locked"],
    ))
}

fn ensure_wasm_bindgen() -> anyhow::Result<()> {
    let want = locked_version("wasm-bindgen")?;
    let have = cmd::probe("wasm-bindgen", &["--version"]).unwrap_or_default();
    if have == format!("wasm-bindgen {want}") {
        return Ok(());
    }
    // Without --locked: the CLI's own lockfile pins a crate the registry no longer serves.
    cmd::run(&mut cmd::new(
        "cargo",
        &["install", "wasm-bindgen-cli", "--version", &want, "--force"],
    ))
}

/// The version of `package` in Cargo.lock.
pub fn locked_version(package: &str) -> anyhow::Result<String> {
    let lock =
        std::fs::read_to_string(crate::root().join("Cargo.lock")).context("reading Cargo.lock")?;
    let mut lines = lock.lines();
    while let Some(l) = lines.next() {
        if l == format!("name = \"{package}\"") {
            if let Some(v) = lines.next().and_then(|v| v.strip_prefix("version = \"")) {
                return Ok(v.trim_end_matches('"').to_string());
            }
        }
    }
    bail!("{package} is not in Cargo.lock")
}

/// The e2e folder's npm packages: playwright-core for the browser tests and binaryen for
/// wasm-opt. `npm ci` runs only when the lockfile is newer than the last install.
fn ensure_npm_packages() -> anyhow::Result<()> {
    let e2e = crate::root().join("e2e");
    let marker = e2e.join("node_modules/.package-lock.json");
    if !newer(&e2e.join("package-lock.json"), &marker) {
        return Ok(());
    }
    let mut c = cmd::new("npm", &["ci", "--no-audit", "--no-fund"]);
    c.current_dir(&e2e);
    cmd::run(&mut c)
}

fn newer(a: &Path, b: &Path) -> bool {
    let time = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (time(a), time(b)) {
        (Some(a), Some(b)) => a > b,
        _ => true,
    }
}

/// PATH with the npm binaries (wasm-opt 132) first, so Trunk never finds Debian's wasm-opt.
pub fn path_with_npm_bins() -> std::ffi::OsString {
    let bin = crate::root().join("e2e/node_modules/.bin");
    let mut paths = vec![bin];
    paths.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(paths).expect("PATH entries are valid")
}

/// Debian's Chromium, for the browser tests.
pub fn ensure_chromium() -> anyhow::Result<PathBuf> {
    let path = PathBuf::from("/usr/bin/chromium");
    if path.exists() {
        return Ok(path);
    }
    cmd::run(&mut cmd::new("apt-get", &["update"]))?;
    cmd::run(&mut cmd::new(
        "apt-get",
        &[
            "install",
            "-y",
            "--no-install-recommends",
            "chromium",
            "chromium-driver",
        ],
    ))?;
    Ok(path)
}

/// Builds the SPA in release into `dist/`: every bundle of `app/bundles.json` (Trunk's
/// post-build hook builds the ones after the map's). `cargo xtask test` then weighs each bundle
/// against its budget (`budgets.rs`).
pub fn build_spa() -> anyhow::Result<()> {
    let mut c = cmd::new("trunk", &["build", "--release"]);
    c.env("PATH", path_with_npm_bins());
    cmd::run(&mut c)
}
