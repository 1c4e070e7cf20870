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
    /// How often one client address may write anonymously.
    pub rates: RateLimits,
    /// The request header that carries the client's address when the server runs behind a
    /// reverse proxy (`--client-ip-header` / `BRICKREALM_CLIENT_IP_HEADER`, e.g.
    /// `X-Forwarded-For`). Off by default: the socket's peer address is the client's, and a header
    /// any client can set is never believed.
    pub client_ip_header: Option<String>,
    /// How long a revision of the realm stays rebuildable after it was superseded, so a battle
    /// fought on it (offline, say) can still be checked and recorded (`--revision-window-days` /
    /// `BRICKREALM_REVISION_WINDOW_DAYS`, default 30).
    pub revision_window_ms: i64,
    /// How long a vote that was not counted is kept (`--uncounted-vote-days` /
    /// `BRICKREALM_UNCOUNTED_VOTE_DAYS`, default 7): long enough to look into abuse, not forever.
    pub uncounted_keep_ms: i64,
    /// Whether a fresh install's first start also casts the demo's votes and fights its battles
    /// (`fixture::DEMO_ACTIVITY`); off with `--no-demo-activity` / `BRICKREALM_NO_DEMO_ACTIVITY=1`,
    /// for tests that count History's entries or quote the demo's Power.
    pub demo_activity: bool,
}

/// A day in milliseconds.
pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The shortest editor key the server accepts. A key is the one secret between an anonymous
/// visitor and every collection write; an empty or short one is guessed, so it is refused at
/// start rather than served.
pub const MIN_EDITOR_KEY: usize = 16;

/// How many anonymous writes one client address may make (token buckets, see `rate_limit`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateLimits {
    /// `POST /api/votes` requests per minute (`--rate-votes`).
    pub votes: u32,
    /// `POST /api/history` requests per minute (`--rate-history`): each one fights a battle.
    pub history: u32,
    /// New voter passes per hour (`--new-voters-per-hour`): a voter's allowances are per pass,
    /// so how many passes one address may take caps what one address can count.
    pub new_voters_per_hour: u32,
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            votes: 120,
            history: 12,
            new_voters_per_hour: 12,
        }
    }
}

/// The limits past which a vote is stored but not counted (SPEC §4.2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VoteLimits {
    /// The same pair from the same voter within this many ms counts once (`--vote-repeat-ms`).
    pub repeat_window_ms: i64,
    /// At most this many counted votes per voter per minute (`--vote-rate-per-minute`).
    pub per_minute: u32,
    /// At most this many counted votes per client address per minute, whatever voter ids it
    /// sends (`--vote-rate-per-address`): a voter id is the browser's own choice, the address is
    /// what the server sees.
    pub per_address_per_minute: u32,
    /// A vote arriving sooner than this many ms after its pair was handed out is not counted
    /// (`--vote-min-ms`).
    pub min_answer_ms: i64,
    /// How long a pair token counts after it was handed out (`--pair-token-hours`, default 24):
    /// long enough to vote offline and sync later; a vote on an older one is `token_expired`.
    pub token_life_ms: i64,
}

impl Default for VoteLimits {
    fn default() -> Self {
        VoteLimits {
            repeat_window_ms: 24 * 60 * 60 * 1000,
            per_minute: 30,
            per_address_per_minute: 30,
            min_answer_ms: 400,
            token_life_ms: DAY_MS,
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
            rates: RateLimits::default(),
            client_ip_header: None,
            revision_window_ms: 30 * DAY_MS,
            uncounted_keep_ms: 7 * DAY_MS,
            demo_activity: true,
        }
    }
}

/// The text `--help` prints.
pub const USAGE: &str = "usage: server [--bind ADDR:PORT | --port PORT] [--db FILE] [--dist DIR]
              [--editor-key KEY] [--vote-repeat-ms MS] [--vote-rate-per-minute N] [--vote-min-ms MS]
              [--rate-votes N] [--rate-history N] [--client-ip-header NAME]
              [--vote-rate-per-address N] [--revision-window-days N] [--uncounted-vote-days N]
              [--pair-token-hours N] [--new-voters-per-hour N] [--no-demo-activity]
       server backup FILE [--db FILE]   (online copy of the database)
  env: BRICKREALM_BIND, BRICKREALM_PORT, BRICKREALM_DB, BRICKREALM_DIST, BRICKREALM_EDITOR_KEY,
       BRICKREALM_VOTE_REPEAT_MS, BRICKREALM_VOTE_RATE_PER_MINUTE, BRICKREALM_VOTE_MIN_MS,
       BRICKREALM_RATE_VOTES, BRICKREALM_RATE_HISTORY, BRICKREALM_CLIENT_IP_HEADER,
       BRICKREALM_VOTE_RATE_PER_ADDRESS, BRICKREALM_REVISION_WINDOW_DAYS,
       BRICKREALM_UNCOUNTED_VOTE_DAYS, BRICKREALM_PAIR_TOKEN_HOURS, BRICKREALM_NEW_VOTERS_PER_HOUR,
       BRICKREALM_NO_DEMO_ACTIVITY=1
  defaults: 127.0.0.1:8080, data/brickrealm.db, dist, a generated key (printed once; a key you
            set has at least 16 characters), 24 h, 30 a minute per voter and per address, 400 ms,
            120 vote (and 120 pair) and 12 history requests a minute per client address, 12 new
            voters an hour per address, pair tokens good for 24 h, no proxy header, revisions
            kept 30 days, uncounted votes kept 7 days; a fresh database gets the demo realm with
            its votes and battles (--no-demo-activity: the realm alone)";

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
        if let Some(v) = env("BRICKREALM_RATE_VOTES") {
            cfg.rates.votes = rate(&v).context("BRICKREALM_RATE_VOTES")?;
        }
        if let Some(v) = env("BRICKREALM_RATE_HISTORY") {
            cfg.rates.history = rate(&v).context("BRICKREALM_RATE_HISTORY")?;
        }
        if let Some(v) = env("BRICKREALM_VOTE_RATE_PER_ADDRESS") {
            cfg.votes.per_address_per_minute =
                number(&v).context("BRICKREALM_VOTE_RATE_PER_ADDRESS")?;
        }
        if let Some(v) = env("BRICKREALM_UNCOUNTED_VOTE_DAYS") {
            cfg.uncounted_keep_ms = days(&v).context("BRICKREALM_UNCOUNTED_VOTE_DAYS")?;
        }
        if let Some(v) = env("BRICKREALM_REVISION_WINDOW_DAYS") {
            cfg.revision_window_ms = days(&v).context("BRICKREALM_REVISION_WINDOW_DAYS")?;
        }
        if let Some(v) = env("BRICKREALM_PAIR_TOKEN_HOURS") {
            cfg.votes.token_life_ms = hours(&v).context("BRICKREALM_PAIR_TOKEN_HOURS")?;
        }
        if let Some(v) = env("BRICKREALM_NEW_VOTERS_PER_HOUR") {
            cfg.rates.new_voters_per_hour = rate(&v).context("BRICKREALM_NEW_VOTERS_PER_HOUR")?;
        }
        if let Some(v) = env("BRICKREALM_CLIENT_IP_HEADER") {
            cfg.client_ip_header = header_name(&v).context("BRICKREALM_CLIENT_IP_HEADER")?;
        }
        if let Some(v) = env("BRICKREALM_NO_DEMO_ACTIVITY") {
            cfg.demo_activity = !flag(&v).context("BRICKREALM_NO_DEMO_ACTIVITY")?;
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
                "--rate-votes" => cfg.rates.votes = rate(&value()?).context("--rate-votes")?,
                "--rate-history" => {
                    cfg.rates.history = rate(&value()?).context("--rate-history")?
                }
                "--vote-rate-per-address" => {
                    cfg.votes.per_address_per_minute =
                        number(&value()?).context("--vote-rate-per-address")?
                }
                "--uncounted-vote-days" => {
                    cfg.uncounted_keep_ms = days(&value()?).context("--uncounted-vote-days")?
                }
                "--revision-window-days" => {
                    cfg.revision_window_ms = days(&value()?).context("--revision-window-days")?
                }
                "--pair-token-hours" => {
                    cfg.votes.token_life_ms = hours(&value()?).context("--pair-token-hours")?
                }
                "--new-voters-per-hour" => {
                    cfg.rates.new_voters_per_hour =
                        rate(&value()?).context("--new-voters-per-hour")?
                }
                "--client-ip-header" => {
                    cfg.client_ip_header = header_name(&value()?).context("--client-ip-header")?
                }
                "--no-demo-activity" => cfg.demo_activity = false,
                other => bail!("unknown argument {other}\n{USAGE}"),
            }
        }
        if let Some(key) = &cfg.editor_key {
            check_editor_key(key)?;
        }
        Ok(cfg)
    }
}

/// Refuses a configured editor key that is empty or shorter than [`MIN_EDITOR_KEY`], saying why.
pub fn check_editor_key(key: &str) -> anyhow::Result<()> {
    let n = key.trim().chars().count();
    if n == 0 {
        bail!(
            "the editor key (--editor-key / BRICKREALM_EDITOR_KEY) is empty: an empty key would \
             let anyone edit the collection; set one of at least {MIN_EDITOR_KEY} characters, or \
             leave it unset and the server generates one"
        );
    }
    if n < MIN_EDITOR_KEY {
        bail!(
            "the editor key (--editor-key / BRICKREALM_EDITOR_KEY) has {n} characters: a short key \
             is easy to guess; use at least {MIN_EDITOR_KEY}, or leave it unset and the server \
             generates one"
        );
    }
    Ok(())
}

fn days(v: &str) -> anyhow::Result<i64> {
    let n: u32 = number(v)?;
    if n == 0 || n > 3650 {
        bail!("a window of 1 to 3650 days: {v}");
    }
    Ok(i64::from(n) * DAY_MS)
}

fn hours(v: &str) -> anyhow::Result<i64> {
    let n: u32 = number(v)?;
    if n == 0 || n > 720 {
        bail!("a life of 1 to 720 hours: {v}");
    }
    Ok(i64::from(n) * 60 * 60 * 1000)
}

fn rate(v: &str) -> anyhow::Result<u32> {
    let n: u32 = number(v)?;
    if n == 0 {
        bail!("a rate is at least 1 a minute: {v}");
    }
    Ok(n)
}

fn header_name(v: &str) -> anyhow::Result<Option<String>> {
    let v = v.trim();
    if v.is_empty() {
        return Ok(None);
    }
    actix_web::http::header::HeaderName::from_bytes(v.as_bytes())
        .with_context(|| format!("not a header name: {v}"))?;
    Ok(Some(v.to_ascii_lowercase()))
}

/// A yes/no variable: `1`/`true`/`yes` or `0`/`false`/`no`.
fn flag(v: &str) -> anyhow::Result<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" => Ok(true),
        "0" | "false" | "no" | "" => Ok(false),
        _ => bail!("not 1 or 0 (true or false): {v}"),
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
        assert!(load(&[], &[]).unwrap().demo_activity);
        assert!(!load(&[], &["--no-demo-activity"]).unwrap().demo_activity);
        assert!(
            !load(&[("BRICKREALM_NO_DEMO_ACTIVITY", "1")], &[])
                .unwrap()
                .demo_activity
        );
        assert!(load(&[("BRICKREALM_NO_DEMO_ACTIVITY", "maybe")], &[]).is_err());
        assert!(load(&[], &["--db"]).is_err());
        assert!(load(&[], &["--vote-min-ms", "soon"]).is_err());
    }

    #[test]
    fn key_and_vote_limits_come_from_flags_or_env() {
        let cfg = load(
            &[
                ("BRICKREALM_EDITOR_KEY", "k1-sixteen-chars"),
                ("BRICKREALM_VOTE_MIN_MS", "7"),
            ],
            &["--vote-rate-per-minute", "1000"],
        )
        .unwrap();
        assert_eq!(cfg.editor_key.as_deref(), Some("k1-sixteen-chars"));
        assert_eq!(cfg.votes.min_answer_ms, 7);
        assert_eq!(cfg.votes.per_minute, 1000);
    }

    #[test]
    fn an_empty_or_short_editor_key_is_refused_saying_why() {
        let err = load(&[], &["--editor-key", ""]).unwrap_err().to_string();
        assert!(err.contains("empty"), "{err}");
        let err = load(&[("BRICKREALM_EDITOR_KEY", "")], &[])
            .unwrap_err()
            .to_string();
        assert!(err.contains("empty"), "{err}");
        let err = load(&[], &["--editor-key", "fifteen-chars.."])
            .unwrap_err()
            .to_string();
        assert!(err.contains("15 characters") && err.contains("16"), "{err}");
        assert!(load(&[], &["--editor-key", "sixteen-chars..."]).is_ok());
    }

    #[test]
    fn rate_limits_and_the_proxy_header_come_from_flags_or_env() {
        let cfg = load(
            &[("BRICKREALM_RATE_VOTES", "7")],
            &[
                "--rate-history",
                "3",
                "--client-ip-header",
                "X-Forwarded-For",
            ],
        )
        .unwrap();
        assert_eq!(
            cfg.rates,
            RateLimits {
                votes: 7,
                history: 3,
                new_voters_per_hour: 12,
            }
        );
        let tokens = load(
            &[("BRICKREALM_PAIR_TOKEN_HOURS", "2")],
            &["--new-voters-per-hour", "5"],
        )
        .unwrap();
        assert_eq!(tokens.votes.token_life_ms, 2 * 60 * 60 * 1000);
        assert_eq!(tokens.rates.new_voters_per_hour, 5);
        assert!(load(&[], &["--pair-token-hours", "0"]).is_err());
        assert_eq!(load(&[], &[]).unwrap().votes.token_life_ms, DAY_MS);
        assert_eq!(cfg.client_ip_header.as_deref(), Some("x-forwarded-for"));
        assert!(load(&[], &["--rate-votes", "0"]).is_err());
        assert!(load(&[], &["--client-ip-header", "not a header"]).is_err());
        assert_eq!(load(&[], &[]).unwrap().client_ip_header, None);
        let cfg = load(&[], &["--revision-window-days", "2"]).unwrap();
        assert_eq!(cfg.revision_window_ms, 2 * DAY_MS);
        assert!(load(&[], &["--revision-window-days", "0"]).is_err());
        let cfg = load(
            &[("BRICKREALM_UNCOUNTED_VOTE_DAYS", "3")],
            &["--vote-rate-per-address", "9"],
        )
        .unwrap();
        assert_eq!(cfg.uncounted_keep_ms, 3 * DAY_MS);
        assert_eq!(cfg.votes.per_address_per_minute, 9);
    }
}
