//! Crashes: the real server binary takes 10,000 votes and 1,000 sync mutations from bounded
//! loopback clients while it is killed with SIGKILL at random moments (at least five times) and
//! restarted on the same file. After every kill `PRAGMA integrity_check` is `ok` and every write
//! acknowledged before it is still there; at the end, clients that retried what they were not
//! sure of have converged: every vote counted exactly once, every mutation applied exactly once.
//! The test prints its tally (held, survived, tried, lost).

use engine::{Rng, SplitMix64};
use serde_json::{json, Value};
use server::loopback::Conn;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const KEY: &str = "crash-test-editor-key";
const VOTES: usize = 10_000;
const VOTE_CLIENTS: usize = 6;
const SYNC_CLIENTS: usize = 4;
const MUTATIONS_EACH: u64 = 250;
const PUSH_BATCH: u64 = 10;
const KILLS: usize = 5;

/// Writes committed before a kill but not answered, found applied when the client retried.
static RECOVERED_VOTES: AtomicUsize = AtomicUsize::new(0);
static RECOVERED_MUTATIONS: AtomicUsize = AtomicUsize::new(0);

/// Starts the server on `port` over `db` and waits until it serves.
fn start(db: &Path, dist: &Path, port: u16) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_server"))
        .args(["--port", &port.to_string(), "--editor-key", KEY])
        .args(["--vote-rate-per-minute", "100000000", "--vote-min-ms", "0"])
        .args(["--rate-votes", "100000000", "--rate-history", "100000000"])
        .args(["--vote-rate-per-address", "100000000", "--no-demo-activity"])
        .arg("--db")
        .arg(db)
        .arg("--dist")
        .arg(dist)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server binary starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    loop {
        line.clear();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "the server exited before serving"
        );
        if line.contains("serving on") {
            break;
        }
    }
    // Keep draining its output so a full pipe never blocks it.
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    child
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn get(addr: &str, path: &str) -> Value {
    let mut c = Conn::open(addr).unwrap();
    let (status, body) = c.request("GET", path, None, b"").unwrap();
    assert_eq!(status, 200, "GET {path}");
    serde_json::from_slice(&body).unwrap()
}

/// The database is whole: SQLite's own check, read while the server is down.
fn integrity(db: &Path) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap()
}

/// The counted judgements as unordered pairs with how often each was counted.
fn counted_pairs(addr: &str) -> BTreeMap<(u64, u64), usize> {
    let mut out = BTreeMap::new();
    // The list comes a page at a time: follow `next` to the end.
    let mut after = 0;
    loop {
        let page = get(addr, &format!("/api/votes?after={after}&limit=5000"));
        for v in page["votes"].as_array().unwrap() {
            let (a, b) = (v["chosen"].as_u64().unwrap(), v["other"].as_u64().unwrap());
            *out.entry((a.min(b), a.max(b))).or_insert(0) += 1;
        }
        match page["next"].as_u64() {
            Some(next) => after = next,
            None => return out,
        }
    }
}

/// The secret the server over `db` signs voter passes and pair tokens with, read from its file.
fn token_secret(db: &Path) -> [u8; 32] {
    let conn = rusqlite::Connection::open(db).unwrap();
    let hex: String = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'token_secret'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    server::hex::decode(&hex).expect("32 bytes of hex")
}

/// One vote of the plan: a voter of its own judging one pair, never repeated by anyone else, on a
/// token handed out a minute before the run (the same token each time it is sent, as a client's
/// queue resends it).
fn vote_body(signer: &server::tokens::Signer, issued: i64, i: usize, (a, b): (u64, u64)) -> String {
    let (chosen, other) = if i.is_multiple_of(2) { (a, b) } else { (b, a) };
    let voter = format!("{i:032x}");
    let token = signer.pair_token(&server::tokens::PairClaim {
        voter: voter.clone(),
        pair: (a, b),
        issued,
        nonce: format!("{i:016x}"),
    });
    json!({"votes": [{"token": token, "chosen": chosen, "other": other, "cast_at": issued + 4000}]})
        .to_string()
}

/// A vote client: sends its share of the plan in order until done or the server goes away.
/// `next` is how far it got: every vote before it was acknowledged (counted, or found already
/// counted by a retry).
fn vote_client(addr: String, bodies: Arc<Vec<String>>, w: usize, next: Arc<AtomicUsize>) {
    let Ok(mut c) = Conn::open_with_timeout(&addr, Duration::from_secs(30)) else {
        return;
    };
    loop {
        let i = next.load(Ordering::SeqCst) * VOTE_CLIENTS + w;
        if i >= bodies.len() {
            return;
        }
        let Ok((status, body)) = c.request("POST", "/api/votes", None, bodies[i].as_bytes()) else {
            return;
        };
        assert_eq!(status, 200, "vote {i}: {}", String::from_utf8_lossy(&body));
        let res: Value = serde_json::from_slice(&body).unwrap();
        let r = &res["results"][0];
        // A retry of a vote that was committed but not answered before the kill finds its token
        // spent and is answered what the first was: counted, with no rating moved this time.
        assert!(r["counted"] == true, "vote {i}: {res}");
        if res["ratings"] == json!([]) {
            RECOVERED_VOTES.fetch_add(1, Ordering::SeqCst);
        }
        next.fetch_add(1, Ordering::SeqCst);
    }
}

fn season_id(c: usize) -> u64 {
    900_000 + c as u64
}

/// Mutation `m` (1-based) of sync client `c`: the first creates its season, the rest rename it,
/// each against the revision the one before it leaves.
fn mutation(c: usize, m: u64) -> Value {
    let body =
        json!({"id": season_id(c), "name": format!("client {c} step {m}"), "number": 100 + c});
    json!({"mutation_id": m, "op": "put", "kind": "season", "id": season_id(c),
        "base_revision": if m == 1 { Value::Null } else { json!(m - 1) }, "body": body})
}

/// A sync client: pushes its mutations in batches, re-sending a batch it got no answer to.
/// `done` counts its acknowledged mutations (applied now, or found applied before).
fn sync_client(addr: String, c: usize, done: Arc<AtomicUsize>) {
    let Ok(mut conn) = Conn::open_with_timeout(&addr, Duration::from_secs(30)) else {
        return;
    };
    loop {
        let first = done.load(Ordering::SeqCst) as u64 + 1;
        if first > MUTATIONS_EACH {
            return;
        }
        let last = (first + PUSH_BATCH - 1).min(MUTATIONS_EACH);
        let muts: Vec<Value> = (first..=last).map(|m| mutation(c, m)).collect();
        let req = json!({"client_id": format!("crash-client-{c}"), "mutations": muts}).to_string();
        let Ok((status, body)) = conn.request("POST", "/api/sync/push", Some(KEY), req.as_bytes())
        else {
            return;
        };
        assert_eq!(status, 200, "push: {}", String::from_utf8_lossy(&body));
        let res: Value = serde_json::from_slice(&body).unwrap();
        for r in res["results"].as_array().unwrap() {
            let s = r["status"].as_str().unwrap();
            assert!(s == "applied" || s == "duplicate", "client {c}: {r}");
            if s == "duplicate" {
                RECOVERED_MUTATIONS.fetch_add(1, Ordering::SeqCst);
            }
            done.fetch_add(1, Ordering::SeqCst);
        }
    }
}

#[test]
fn kill_9_under_load_loses_no_acknowledged_write_and_retries_converge() {
    let dir = tempfile::tempdir().unwrap();
    let (db, dist) = (dir.path().join("crash.db"), dir.path().join("dist"));
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html>").unwrap();
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");

    let mut server = start(&db, &dist, port);
    let realm: engine::Realm = serde_json::from_value(get(&addr, "/api/realm")).unwrap();
    let pool: Vec<u64> = engine::arena_pool(&realm)
        .iter()
        .map(|r| r.photo_id)
        .collect();
    let mut pairs = Vec::new();
    'all: for (i, &a) in pool.iter().enumerate() {
        for &b in &pool[i + 1..] {
            pairs.push((a, b));
            if pairs.len() == VOTES {
                break 'all;
            }
        }
    }
    assert_eq!(
        pairs.len(),
        VOTES,
        "the demo arena has too few photos for distinct pairs"
    );
    let signer = server::tokens::Signer::new(token_secret(&db));
    let issued = server::db::now_ms() - 60_000;
    let bodies: Arc<Vec<String>> = Arc::new(
        pairs
            .iter()
            .enumerate()
            .map(|(i, &pair)| vote_body(&signer, issued, i, pair))
            .collect(),
    );
    let vote_next: Vec<_> = (0..VOTE_CLIENTS)
        .map(|_| Arc::new(AtomicUsize::new(0)))
        .collect();
    let sync_done: Vec<_> = (0..SYNC_CLIENTS)
        .map(|_| Arc::new(AtomicUsize::new(0)))
        .collect();
    let acked = |vote_next: &[Arc<AtomicUsize>], sync_done: &[Arc<AtomicUsize>]| {
        let votes: Vec<usize> = (0..VOTES)
            .filter(|i| i / VOTE_CLIENTS < vote_next[i % VOTE_CLIENTS].load(Ordering::SeqCst))
            .collect();
        let muts: usize = sync_done.iter().map(|d| d.load(Ordering::SeqCst)).sum();
        (votes, muts)
    };

    let mut rng = SplitMix64::new(0x00C4_A5E5);
    let mut kills = 0;
    let started = Instant::now();
    loop {
        let mut clients = Vec::new();
        for (w, next) in vote_next.iter().enumerate() {
            let (addr, bodies, next) = (addr.clone(), bodies.clone(), next.clone());
            clients.push(std::thread::spawn(move || {
                vote_client(addr, bodies, w, next)
            }));
        }
        for (c, done) in sync_done.iter().enumerate() {
            let (addr, done) = (addr.clone(), done.clone());
            clients.push(std::thread::spawn(move || sync_client(addr, c, done)));
        }
        if kills < KILLS {
            std::thread::sleep(Duration::from_millis(300 + rng.next_u64() % 1200));
            server.kill().unwrap(); // SIGKILL: no shutdown, no flush.
            server.wait().unwrap();
            kills += 1;
        }
        for t in clients {
            t.join().expect("a load client failed its checks");
        }
        if kills < KILLS || server.try_wait().unwrap().is_some() {
            assert_eq!(integrity(&db), "ok", "after kill {kills}");
            server = start(&db, &dist, port);
        }
        // Every acknowledged vote so far survived (held), counted once.
        let (votes, _) = acked(&vote_next, &sync_done);
        let counted = counted_pairs(&addr);
        for &i in &votes {
            assert_eq!(
                counted.get(&pairs[i]),
                Some(&1),
                "acknowledged vote {i} after kill {kills}"
            );
        }
        if kills >= KILLS && votes.len() == VOTES {
            break;
        }
    }

    // Converged: all 10,000 pairs counted exactly once, nothing else counted; every client's
    // mutations applied exactly once (its season stands at revision 250 with the last name).
    let counted = counted_pairs(&addr);
    assert_eq!(counted.len(), VOTES);
    assert!(counted.values().all(|&n| n == 1));
    let (_, muts) = acked(&vote_next, &sync_done);
    assert_eq!(muts, SYNC_CLIENTS * MUTATIONS_EACH as usize);
    let pull = get(&addr, "/api/sync/pull?since=0");
    for c in 0..SYNC_CLIENTS {
        let rec = pull["records"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["kind"] == "season" && r["id"] == season_id(c))
            .unwrap_or_else(|| panic!("client {c}'s season"));
        assert_eq!(rec["revision"], MUTATIONS_EACH, "client {c}: {rec}");
        assert_eq!(
            rec["body"]["name"],
            format!("client {c} step {MUTATIONS_EACH}")
        );
    }
    server.kill().unwrap();
    server.wait().unwrap();
    assert_eq!(integrity(&db), "ok");
    println!(
        "crash: {kills} kill -9s survived; {VOTES} votes and {} mutations tried, held after every restart, 0 lost, 0 counted twice; \
         {} votes and {} mutations committed but unanswered at a kill were retried and found applied once; \
         integrity ok; {:.1} s",
        SYNC_CLIENTS * MUTATIONS_EACH as usize,
        RECOVERED_VOTES.load(Ordering::SeqCst),
        RECOVERED_MUTATIONS.load(Ordering::SeqCst),
        started.elapsed().as_secs_f64()
    );
}
