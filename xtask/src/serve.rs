//! `cargo xtask serve`: install what is missing, build the SPA, start the server (release).
//! The server creates `data/brickrealm.db` and seeds the demo realm on its first start.

use crate::{cmd, tools};

/// Builds everything and runs the server in the foreground with the given flags.
pub fn run(server_args: Vec<String>) -> anyhow::Result<()> {
    tools::ensure_build_tools()?;
    tools::build_spa()?;
    let mut args = vec!["run", "--release", "--package", "server", "--"];
    args.extend(server_args.iter().map(String::as_str));
    cmd::run(&mut cmd::new("cargo", &args))
}
