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
    /// The editor key (`--editor-key` / `BRICKREALM_EDITOR_KEY`); generated on first start if unset.
    pub editor_key: Option<String>,
    /// When a vote is not counted.
    pub votes: VoteLimits,
}

/// The limits past which a vote is stored but not counted (SPEC §4.2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VoteLimits {
    /// The same pair from the same voter within this many ms counts once (`--vote-repeat-ms`).
    pub repeat_window_ms: i64,
    /// At most this many counted votes per voter per minute (`--vote-rate-per-minute`).
    pub per_minute: u32,
    /// An answer faster than this many ms after the pair was shown is not counted (`--vote-min-ms`).
    pub min_answer_ms: i64,
}

impl Default for VoteLimits {
    fn default() -> Self {
        VoteLimits {
            repeat_window_ms: 24 * 60 * 60 * 1000,
            per_minute: 30,
            min_answer_ms: 400,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("data/brickrealm.db"),
            dist: PathBuf::from("dist"),
            editor_key: None,
            votes: VoteLimits::default(),
        }
    }
}

/// The text `--help` prints.
pub const USAGE: &str = "usage: server [--bind ADDR:PORT | --port PORT] [--db FILE] [--dist DIR]
              [--editor-key KEY] [--vote-repeat-ms MS] [--vote-rate-per-minute N] [--vote-min-ms MS]
       server backup FILE [--db FILE]   (online copy of the database)
  env: BRICKREALM_BIND, BRICKREALM_PORT, BRICKREALM_DB, BRICKREALM_DIST, BRICKREALM_EDITOR_KEY,
       BRICKREALM_VOTE_REPEAT_MS, BRICKREALM_VOTE_RATE_PER_MINUTE, BRICKREALM_VOTE_MIN_MS
  defaults: 127.0.0.1:8080, data/brickrealm.db, dist, a generated key (printed once),
            24 h, 30 a minute, 400 ms";

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
        if let Some(v) = env("BRICKREALM_EDITOR_KEY") {
            cfg.editor_key = Some(v);
        }
        if let Some(v) = env("BRICKREALM_VOTE_REPEAT_MS") {
            cfg.votes.repeat_window_ms = number(&v).context("BRICKREALM_VOTE_REPEAT_MS")?;
        }
        if let Some(v) = env("BRICKREALM_VOTE_RATE_PER_MINUTE") {
            cfg.votes.per_minute = number(&v).context("BRICKREALM_VOTE_RATE_PER_MINUTE")?;
        }
        if let Some(v) = env("BRICKREALM_VOTE_MIN_MS") {
            cfg.votes.min_answer_ms = number(&v).context("BRICKREALM_VOTE_MIN_MS")?;
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
                "--editor-key" => cfg.editor_key = Some(value()?),
                "--vote-repeat-ms" => {
                    cfg.votes.repeat_window_ms = number(&value()?).context("--vote-repeat-ms")?
                }
                "--vote-rate-per-minute" => {
                    cfg.votes.per_minute = number(&value()?).context("--vote-rate-per-minute")?
                }
                "--vote-min-ms" => {
                    cfg.votes.min_answer_ms = number(&value()?).context("--vote-min-ms")?
                }
                other => bail!("unknown argument {other}\n{USAGE}"),
            }
        }
        Ok(cfg)
    }
}

fn number<T: std::str::FromStr>(v: &str) -> anyhow::Result<T> {
    v.parse()
        .map_err(|_| anyhow::anyhow!("not a non-negative whole number: {v}"))
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
        assert!(load(&[], &["--vote-min-ms", "soon"]).is_err());
    }

    #[test]
    fn key_and_vote_limits_come_from_flags_or_env() {
        let cfg = load(
            &[
                ("BRICKREALM_EDITOR_KEY", "k1"),
                ("BRICKREALM_VOTE_MIN_MS", "7"),
            ],
            &["--vote-rate-per-minute", "1000"],
        )
        .unwrap();
        assert_eq!(cfg.editor_key.as_deref(), Some("k1"));
        assert_eq!(cfg.votes.min_answer_ms, 7);
        assert_eq!(cfg.votes.per_minute, 1000);
    }
}
