//! `fixture`: builds a big database reproducibly (`server::fixture`), for the benchmarks and the
//! measurement scripts. `cargo xtask fixture` runs it in release:
//!
//! ```text
//! cargo xtask fixture --scale 10 --votes 1000000 --battles 100000 --db /var/tmp/big.db
//! ```
//!
//! The file must not exist yet. It prints its progress, then what it built and the bytes stored
//! per battle. Serve the result with `server --db FILE`.

use server::db::Db;
use server::fixture::{build, Plan};

use server::bin_args::value as arg;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = std::path::PathBuf::from(arg(&args, "--db", ""));
    if path.as_os_str().is_empty() {
        anyhow::bail!("usage: fixture --db FILE [--scale N] [--votes N] [--battles N] [--seed N]");
    }
    if path.exists() {
        anyhow::bail!(
            "{} exists; the fixture builds a new database",
            path.display()
        );
    }
    let plan = Plan {
        scale: arg(&args, "--scale", "1").parse()?,
        votes: arg(&args, "--votes", "0").parse()?,
        battles: arg(&args, "--battles", "0").parse()?,
        seed: arg(&args, "--seed", "2024").parse()?,
    };
    if !(1..=100).contains(&plan.scale) {
        anyhow::bail!("--scale is a whole number from 1 to 100");
    }
    let started = std::time::Instant::now();
    actix_web::rt::System::new().block_on(async {
        let (db, _) = Db::open(&path)?;
        let built = build(&db, plan, server::db::now_ms(), |line| {
            eprintln!("[{:>6.1} s] {line}", started.elapsed().as_secs_f64())
        })
        .await
        .map_err(|e| anyhow::anyhow!("{}", e.message))?;
        let (records, bytes) = db
            .call(|c| server::db::history::stored_bytes(c))
            .await
            .map_err(|e| anyhow::anyhow!("{}", e.message))?;
        drop(db);
        let size = std::fs::metadata(&path)?.len();
        println!(
            "built {}: {} photos, {} votes counted, {} battles in {:.0} s",
            path.display(),
            built.photos,
            built.counted,
            built.battles,
            started.elapsed().as_secs_f64()
        );
        println!(
            "stored battle records: {records}, {} bytes each on average; database file {:.1} MB",
            bytes.checked_div(records).unwrap_or(0),
            size as f64 / 1e6
        );
        anyhow::Ok(())
    })
}
