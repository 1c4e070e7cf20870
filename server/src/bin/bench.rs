//! A bounded load client for a running server on loopback (run by hand, not in CI):
//!
//! ```text
//! server --db /tmp/bench.db --editor-key bench-editor-key-16 --vote-rate-per-minute 1000000 \
//!        --vote-min-ms 0 --rate-votes 100000000 --vote-rate-per-address 100000000 &
//! cargo run --release -p server --bin bench -- --addr 127.0.0.1:8080 --key bench-editor-key-16 \
//!        --db /tmp/bench.db
//! ```
//!
//! Phase 1: `--connections` keep-alive connections post single-vote batches for `--seconds`,
//! each from a voter of its own on a pair token of its own, and it prints votes per second and latency percentiles, and how
//! many commits the server made for them (each group commit that counts a vote moves the pull
//! cursor by one), so the mean group size shows whether group commit is doing its work.
//! The passes and tokens are signed here with the server's secret, read from its database file
//! (`--db`), so the figures are of voting alone, not of asking for pairs.
//! Phase 2: one push of `--mutations` mutations (renaming a season that many times) and its time.

use server::loopback::Conn;
use std::time::{Duration, Instant};

use server::bin_args::value as arg;

/// The server's change counter: the pull cursor, asked with a cursor past every record.
fn cursor(c: &mut Conn) -> anyhow::Result<u64> {
    let (_, body) = c.request("GET", "/api/sync/pull?since=9007199254740991", None, b"")?;
    let pull: engine::wire::PullResponse = serde_json::from_slice(&body)?;
    Ok(pull.cursor)
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let addr = arg(&args, "--addr", "127.0.0.1:8080");
    let key = arg(&args, "--key", "");
    let conns: usize = arg(&args, "--connections", "32").parse()?;
    let seconds: u64 = arg(&args, "--seconds", "10").parse()?;
    let mutations: u64 = arg(&args, "--mutations", "1000").parse()?;
    let db = arg(&args, "--db", "data/brickrealm.db");
    let secret: String = rusqlite::Connection::open(&db)?.query_row(
        "SELECT value FROM meta WHERE key = 'token_secret'",
        [],
        |r| r.get(0),
    )?;
    let signer = server::tokens::Signer::new(
        server::hex::decode(&secret)
            .ok_or_else(|| anyhow::anyhow!("{db}: the token secret is not 32 bytes of hex"))?,
    );
    let issued = server::db::now_ms() - 60_000;

    let mut c = Conn::open(&addr)?;
    let (_, body) = c.request("GET", "/api/realm", None, b"")?;
    let realm: engine::Realm = serde_json::from_slice(&body)?;
    let pool: Vec<u64> = engine::arena_pool(&realm)
        .iter()
        .map(|r| r.photo_id)
        .collect();
    anyhow::ensure!(pool.len() >= 2, "the realm has fewer than two arena photos");

    // Phase 1: votes.
    let cursor_before = cursor(&mut c)?;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let threads: Vec<_> = (0..conns)
        .map(|t| {
            let (addr, pool, signer) = (addr.clone(), pool.clone(), signer.clone());
            std::thread::spawn(move || -> anyhow::Result<(Vec<Duration>, u64)> {
                let mut c = Conn::open(&addr)?;
                let (mut lat, mut failed) = (Vec::new(), 0);
                let mut n = 0u64;
                while Instant::now() < deadline {
                    n += 1;
                    let i = (t as u64 * 7919 + n * 31) as usize;
                    let (a, b) = (pool[i % pool.len()], pool[(i / 3 + 1) % pool.len()]);
                    if a == b {
                        continue;
                    }
                    let token = signer.pair_token(&server::tokens::PairClaim {
                        voter: format!("{t:016x}{n:016x}"),
                        pair: (a, b),
                        issued,
                        nonce: format!("{:016x}", (t as u64) << 40 | n),
                    });
                    let body = format!(
                        r#"{{"votes":[{{"token":"{token}","chosen":{a},"other":{b},"cast_at":{n}000}}]}}"#
                    );
                    let start = Instant::now();
                    let (status, _) = c.request("POST", "/api/votes", None, body.as_bytes())?;
                    lat.push(start.elapsed());
                    if status != 200 {
                        failed += 1;
                    }
                }
                Ok((lat, failed))
            })
        })
        .collect();
    let (mut lat, mut failed) = (Vec::new(), 0);
    for t in threads {
        let (l, f) = t.join().expect("a client thread panicked")?;
        lat.extend(l);
        failed += f;
    }
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
    println!(
        "votes: {} in {seconds} s = {:.0}/s over {conns} connections; p50 {:?}, p99 {:?}, max {:?}; {failed} non-200",
        lat.len(),
        lat.len() as f64 / seconds as f64,
        pct(0.50),
        pct(0.99),
        lat[lat.len() - 1]
    );
    let commits = cursor(&mut Conn::open(&addr)?)? - cursor_before;
    println!(
        "commits: {commits} ({:.1} votes per commit)",
        lat.len() as f64 / commits.max(1) as f64
    );

    // Phase 2: one push of `mutations` renames of one season (a fresh connection: the first
    // one has idled past the server's keep-alive).
    let mut c = Conn::open(&addr)?;
    let (_, body) = c.request("GET", "/api/sync/pull?since=0", None, b"")?;
    let pull: engine::wire::PullResponse = serde_json::from_slice(&body)?;
    let season = pull
        .records
        .iter()
        .find(|r| r.kind == "season" && !r.deleted)
        .ok_or_else(|| anyhow::anyhow!("no season to rename"))?;
    let client = format!("bench-{}", std::process::id());
    let muts: Vec<serde_json::Value> = (0..mutations)
        .map(|i| {
            let mut b = season.body.clone().unwrap_or_default();
            b["name"] = format!("Bench season {i}").into();
            serde_json::json!({"mutation_id": i + 1, "op": "put", "kind": "season", "id": season.id,
                "base_revision": season.revision + i, "body": b})
        })
        .collect();
    let req = serde_json::to_vec(&serde_json::json!({"client_id": client, "mutations": muts}))?;
    let start = Instant::now();
    let (status, body) = c.request("POST", "/api/sync/push", Some(&key), &req)?;
    let took = start.elapsed();
    let res: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
    let applied = res["results"]
        .as_array()
        .map_or(0, |r| r.iter().filter(|x| x["status"] == "applied").count());
    println!("push: {mutations} mutations in {took:?} (status {status}, {applied} applied)");
    Ok(())
}
