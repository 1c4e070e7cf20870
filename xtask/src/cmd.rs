//! Running commands: echoed before they start, failing loudly with the command line.

use anyhow::{bail, Context};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Builds a command run from the workspace root.
pub fn new(program: &str, args: &[&str]) -> Command {
    let mut c = Command::new(program);
    c.args(args).current_dir(crate::root());
    c
}

fn describe(c: &Command) -> String {
    let mut s = c.get_program().to_string_lossy().into_owned();
    for a in c.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Runs to completion with inherited output; an unsuccessful exit is an error.
pub fn run(c: &mut Command) -> anyhow::Result<()> {
    let line = describe(c);
    eprintln!("\n$ {line}");
    let status = c
        .status()
        .with_context(|| format!("could not start `{line}`"))?;
    if !status.success() {
        bail!("`{line}` failed ({status})");
    }
    Ok(())
}

/// Runs and returns trimmed stdout, or `None` if it cannot start or fails. For probing tools.
pub fn probe(program: &str, args: &[&str]) -> Option<String> {
    let out = new(program, args).stderr(Stdio::null()).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Runs with stdout streamed through (and echoed), handing each line to `each`; returns
/// whether the command succeeded. Used to read test runners' summary lines.
pub fn run_reading(c: &mut Command, mut each: impl FnMut(&str)) -> anyhow::Result<bool> {
    let line = describe(c);
    eprintln!("\n$ {line}");
    let mut child = c
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("could not start `{line}`"))?;
    let stdout = child.stdout.take().expect("stdout is piped");
    for l in BufReader::new(stdout).lines() {
        let l = l?;
        println!("{l}");
        each(&l);
    }
    Ok(child.wait()?.success())
}
