//! `realm`: the engine's command line. `realm demo` prints the demo realm as JSON, `realm schema` prints
//! the document's JSON Schema, and `realm validate FILE` checks a document (errors to stderr, exit 1).

use std::process::ExitCode;

const USAGE: &str = "usage: realm demo | realm schema | realm validate FILE";

/// Why a command failed.
#[derive(Debug)]
enum CliError {
    /// Wrong arguments.
    Usage,
    /// The file could not be read.
    Read(String, std::io::Error),
    /// The file is not a realm document.
    Parse(serde_json::Error),
    /// The document fails validation.
    Invalid(engine::DocError),
    /// `schema` asked of a build without the `schema` feature.
    #[cfg_attr(feature = "schema", allow(dead_code))]
    NoSchema,
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Usage => write!(f, "{USAGE}"),
            CliError::Read(path, e) => write!(f, "cannot read {path}: {e}"),
            CliError::Parse(e) => write!(f, "not a realm document: {e}"),
            CliError::Invalid(e) => write!(f, "invalid realm: {e}"),
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

fn run(args: &[String]) -> Result<(), CliError> {
    match args {
        [cmd] if cmd == "demo" => {
            let json = serde_json::to_string(&engine::demo_realm()).map_err(CliError::Parse)?;
            println!("{json}");
        }
        [cmd] if cmd == "schema" => print!("{}", schema()?),
        [cmd, path] if cmd == "validate" => {
            let text =
                std::fs::read_to_string(path).map_err(|e| CliError::Read(path.clone(), e))?;
            let realm: engine::Realm = serde_json::from_str(&text).map_err(CliError::Parse)?;
            realm.validate().map_err(CliError::Invalid)?;
            eprintln!("{path}: valid");
        }
        _ => return Err(CliError::Usage),
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
