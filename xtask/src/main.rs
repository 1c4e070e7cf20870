//! `cargo xtask`: the README's two commands. `serve` installs what is missing, builds the SPA
//! and starts the server; `test` runs every check CI runs and ends with `N passed, N failed`.

mod budgets;
mod cmd;
mod serve;
mod test;
mod tidy;
mod tools;

use std::path::PathBuf;

const USAGE: &str = "usage:
  cargo xtask serve [server flags...]   build the app and serve it (default http://127.0.0.1:8080/)
  cargo xtask test                      run every test, as CI does
  cargo xtask fixture --db FILE [--scale N] [--votes N] [--battles N] [--seed N]
                                        build a big database reproducibly (release build)
server flags: --port N, --bind ADDR:PORT, --db FILE, --dist DIR (see `server --help`)";

fn main() {
    let mut args = std::env::args().skip(1);
    let result = match args.next().as_deref() {
        Some("serve") => serve::run(args.collect()),
        Some("test") => test::run(),
        Some("fixture") => fixture(args.collect()),
        Some("-h" | "--help") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(anyhow::anyhow!("{USAGE}")),
    };
    if let Err(e) = result {
        eprintln!("xtask: {e:#}");
        std::process::exit(1);
    }
}

/// `cargo xtask fixture ...`: the server's `fixture` binary in release (see
/// `server/src/fixture.rs`), with `--db` made absolute against where the command was typed.
fn fixture(mut args: Vec<String>) -> anyhow::Result<()> {
    if let Some(i) = args.iter().position(|a| a == "--db") {
        if let Some(path) = args.get_mut(i + 1) {
            *path = std::env::current_dir()?.join(&*path).display().to_string();
        }
    }
    let mut forwarded = vec![
        "run",
        "--release",
        "-q",
        "-p",
        "server",
        "--bin",
        "fixture",
        "--",
    ];
    forwarded.extend(args.iter().map(String::as_str));
    cmd::run(&mut cmd::new("cargo", &forwarded))
}

/// The workspace root (xtask's parent directory). Read at run time from the variable `cargo run`
/// sets, not baked in at compile time: with a target directory shared between clones, a binary
/// built in one clone must not send its work to another.
fn root() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest
        .parent()
        .expect("xtask sits in the workspace")
        .into()
}
