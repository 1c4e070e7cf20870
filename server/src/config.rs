//! Server configuration from command-line flags and environment variables (flags win).

use anyhow::{bail, Context};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Where to listen and what to open.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Address to bind (`--bind` / `BRICKREALM_BIND`, or `--port` / `BRICKREALM_PORT` on 127.0.0.1).
    pub bind: SocketAddr,
    /// SQLite file (`--db` / `BRICKREALM_DB`), created with its directory on first start.
    pub db: PathBuf,
    /// The built SPA (`--dist` / `BRICKREALM_DIST`).
    pub dist: PathBuf,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("data/brickrealm.db"),
            dist: PathBuf::from("dist"),
        }
    }
}

/// The text `--help` prints.
pub const USAGE: &str = "usage: server [--bind ADDR:PORT | --port PORT] [--db FILE] [--dist DIR]
  env: BRICKREALM_BIND, BRICKREALM_PORT, BRICKREALM_DB, BRICKREALM_DIST
  defaults: 127.0.0.1:8080, data/brickrealm.db, dist";

impl Config {
    /// Reads the environment first, then the flags, so a flag overrides a variable.
    pub fn load(
        env: impl Fn(&str) -> Option<String>,
        args: impl IntoIterator<Item = String>,
    ) -> anyhow::Result<Config> {
        let mut cfg = Config::default();
        if let Some(v) = env("BRICKREALM_PORT") {
            cfg.bind
                .set_port(parse_port(&v).context("BRICKREALM_PORT")?);
        }
        if let Some(v) = env("BRICKREALM_BIND") {
            cfg.bind = v
                .parse()
                .with_context(|| format!("BRICKREALM_BIND: not ADDR:PORT: {v}"))?;
        }
        if let Some(v) = env("BRICKREALM_DB") {
            cfg.db = v.into();
        }
        if let Some(v) = env("BRICKREALM_DIST") {
            cfg.dist = v.into();
        }
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let mut value = || args.next().with_context(|| format!("{flag} needs a value"));
            match flag.as_str() {
                "--port" => cfg.bind.set_port(parse_port(&value()?).context("--port")?),
                "--bind" => {
                    let v = value()?;
                    cfg.bind = v
                        .parse()
                        .with_context(|| format!("--bind: not ADDR:PORT: {v}"))?;
                }
                "--db" => cfg.db = value()?.into(),
                "--dist" => cfg.dist = value()?.into(),
                other => bail!("unknown argument {other}\n{USAGE}"),
            }
        }
        Ok(cfg)
    }
}

fn parse_port(v: &str) -> anyhow::Result<u16> {
    v.parse().with_context(|| format!("not a port number: {v}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(env: &[(&str, &str)], args: &[&str]) -> anyhow::Result<Config> {
        let env: Vec<(String, String)> = env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::load(
            |k| env.iter().find(|(ek, _)| ek == k).map(|(_, v)| v.clone()),
            args.iter().map(|s| s.to_string()),
        )
    }

    #[test]
    fn defaults_apply_without_flags() {
        assert_eq!(load(&[], &[]).unwrap(), Config::default());
    }

    #[test]
    fn flag_overrides_environment() {
        let cfg = load(&[("BRICKREALM_PORT", "9000")], &["--port", "9100"]).unwrap();
        assert_eq!(cfg.bind.port(), 9100);
        let cfg = load(&[("BRICKREALM_PORT", "9000")], &[]).unwrap();
        assert_eq!(cfg.bind.port(), 9000);
    }

    #[test]
    fn bad_values_name_their_source() {
        let err = load(&[], &["--port", "eighty"]).unwrap_err();
        assert!(format!("{err:#}").contains("--port"), "{err:#}");
        let err = load(&[("BRICKREALM_BIND", "nowhere")], &[]).unwrap_err();
        assert!(format!("{err:#}").contains("BRICKREALM_BIND"), "{err:#}");
        assert!(load(&[], &["--frobnicate"]).is_err());
        assert!(load(&[], &["--db"]).is_err());
    }
}
