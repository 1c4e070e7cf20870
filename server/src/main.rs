//! The server binary: configuration, database, and the route table. Wiring only.

use actix_web::{middleware, HttpServer};
use anyhow::Context;
use server::{config::Config, db::Db, AppState};

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{}", server::config::USAGE);
        return Ok(());
    }
    if args.first().map(String::as_str) == Some("backup") {
        let dest = args
            .get(1)
            .context("backup needs a destination FILE")?
            .clone();
        let cfg = Config::load(|k| std::env::var(k).ok(), args.into_iter().skip(2))?;
        Db::backup_file(&cfg.db, std::path::Path::new(&dest))?;
        println!("backed up {} to {dest}", cfg.db.display());
        return Ok(());
    }
    let cfg = Config::load(|k| std::env::var(k).ok(), args)?;
    let (db, report) = Db::open(&cfg.db)?;
    println!(
        "database {} (schema v{}, {} migration(s) applied{})",
        cfg.db.display(),
        report.schema_version,
        report.migrated,
        if report.seeded {
            ", demo realm seeded"
        } else {
            ""
        }
    );
    if report.seeded && cfg.demo_activity {
        let plan = server::fixture::DEMO_ACTIVITY;
        let (votes, battles) =
            server::fixture::activity(&db, plan, server::db::now_ms(), &mut |_| {})
                .await
                .map_err(|e| anyhow::anyhow!("seeding the demo's activity: {e:?}"))?;
        println!("demo activity seeded: {votes} votes counted, {battles} battles in Realm History");
    }
    let (editor, generated) = db.editor_key(cfg.editor_key.clone())?;
    if let Some(key) = generated {
        println!("editor key (shown once, only its hash is kept): {key}");
    }
    prune_now_and_hourly(db.clone(), cfg.revision_window_ms, cfg.uncounted_keep_ms);
    let state = AppState::new(db.clone(), editor, &cfg);
    // Signals are handled here rather than by actix, so the live streams (which never end on
    // their own) are closed before the graceful stop waits for open connections.
    let server =
        HttpServer::new(move || server::app(state.clone()).wrap(middleware::Compress::default()))
            .disable_signals()
            .bind(cfg.bind)?;
    for addr in server.addrs() {
        println!("Brickrealm is serving on http://{addr}/");
    }
    let server = server.run();
    let handle = server.handle();
    actix_web::rt::spawn(async move {
        stop_signal().await;
        db.close_live();
        handle.stop(true).await;
    });
    server.await?;
    Ok(())
}

/// Waits for Ctrl-C or SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Forgets kept record versions past the revision window and uncounted votes past their keep at
/// start and every hour after, on a thread of its own (each is one indexed delete).
fn prune_now_and_hourly(db: server::db::Db, window_ms: i64, uncounted_keep_ms: i64) {
    let spawned = std::thread::Builder::new()
        .name("prune".into())
        .spawn(move || loop {
            let now = server::db::now_ms();
            if let Err(e) = db.prune_versions(now, window_ms) {
                eprintln!("pruning kept record versions failed: {e}");
            }
            if let Err(e) = db.prune_uncounted_votes(now - uncounted_keep_ms) {
                eprintln!("pruning uncounted votes failed: {e}");
            }
            std::thread::sleep(std::time::Duration::from_secs(3600));
        });
    if let Err(e) = spawned {
        eprintln!("the pruning thread did not start: {e}");
    }
}
