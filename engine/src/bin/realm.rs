//! `realm`: the engine's command line.
//!
//! - `realm demo` prints the demo realm as JSON; `realm schema` prints the document's JSON Schema.
//! - `realm validate FILE` checks a document.
//! - `realm power FILE` prints every photo's raw and buffed stats and Power, and every faction's FP
//!   and Avg Movement: `{"photos":[{"id","raw","buffed","power"}],"factions":[{"id","power","avg_movement"}]}`.
//! - `realm buffs FILE --faction ID` prints that faction's clamped totals (SPEC §5.3).
//!
//! A document that is not valid JSON or fails validation is reported on stderr with the path of the
//! offending field (`factions[3].name: …`), nothing is printed on stdout, and the exit code is 2.
//! Every other failure exits with 1. Stored stats are re-derived on load, never trusted.

use std::process::ExitCode;

const USAGE: &str = "usage: realm demo | realm schema | realm validate FILE | realm power FILE \
                     | realm buffs FILE --faction ID";

/// Why a command failed.
#[derive(Debug)]
enum CliError {
    /// Wrong arguments.
    Usage,
    /// The file could not be read.
    Read(String, std::io::Error),
    /// The file is not a valid realm document: unparsable or failing validation.
    Document(String, engine::DocError),
    /// `--faction` names no faction of the document.
    NoFaction(u64),
    /// Output could not be serialised.
    Write(serde_json::Error),
    /// `schema` asked of a build without the `schema` feature.
    #[cfg_attr(feature = "schema", allow(dead_code))]
    NoSchema,
}

impl CliError {
    /// 2 for a bad document (what a caller can fix in the file), 1 for everything else.
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Document(..) => 2,
            _ => 1,
        }
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Usage => write!(f, "{USAGE}"),
            CliError::Read(path, e) => write!(f, "cannot read {path}: {e}"),
            CliError::Document(path, e) => write!(f, "{path}: invalid realm document: {e}"),
            CliError::NoFaction(id) => write!(f, "no faction with id {id}"),
            CliError::Write(e) => write!(f, "cannot write JSON: {e}"),
            CliError::NoSchema => write!(
                f,
                "built without the `schema` feature: add --features schema"
            ),
        }
    }
}

fn schema() -> Result<String, CliError> {
    #[cfg(feature = "schema")]
    return Ok(engine::realm_schema());
    #[cfg(not(feature = "schema"))]
    Err(CliError::NoSchema)
}

/// Reads, parses, validates and re-derives the document at `path`.
fn load(path: &str) -> Result<engine::Realm, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::Read(path.into(), e))?;
    let (realm, _report) =
        engine::load_realm(&text).map_err(|e| CliError::Document(path.into(), e))?;
    Ok(realm)
}

fn json(v: &impl serde::Serialize) -> Result<String, CliError> {
    serde_json::to_string(v).map_err(CliError::Write)
}

fn run(args: &[String]) -> Result<String, CliError> {
    Ok(match args {
        [cmd] if cmd == "demo" => json(&engine::demo_realm())? + "\n",
        [cmd] if cmd == "schema" => schema()?,
        [cmd, path] if cmd == "validate" => {
            load(path)?;
            eprintln!("{path}: valid");
            String::new()
        }
        [cmd, path] if cmd == "power" => json(&engine::realm_power(&load(path)?))? + "\n",
        [cmd, path, flag, id] if cmd == "buffs" && flag == "--faction" => {
            let id: u64 = id.parse().map_err(|_| CliError::Usage)?;
            let realm = load(path)?;
            realm.faction(id).ok_or(CliError::NoFaction(id))?;
            json(&engine::faction_totals(&realm, id).clamped())? + "\n"
        }
        _ => return Err(CliError::Usage),
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Output is printed only once the whole command has succeeded, so a failure prints nothing
    // on stdout.
    match run(&args) {
        Ok(out) => {
            // A closed pipe (`realm power FILE | head`) is the reader's choice, not a failure.
            let _ = std::io::Write::write_all(&mut std::io::stdout(), out.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(e.exit_code())
        }
    }
}
