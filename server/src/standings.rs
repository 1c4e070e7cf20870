//! The arena's Bradley–Terry standings, fitted off the request path.
//!
//! The fit reads only the per-pair win counts the vote transaction keeps (`vote_pairs`), so its
//! cost grows with the pairs judged, not the votes; even so, with its bootstrap it takes longer
//! than a request should wait at a million votes. One thread fits, on its own core: a request
//! for the standings answers the newest finished fit at once and, when the collection changed
//! since (a vote moved a rating, an edit moved a photo in or out of the arena), asks the thread
//! for a new one and says so (`fitting`), so the page asks again shortly. Nothing is fitted while
//! nobody asks, except once at start.
//!
//! The fit is `engine::standings_ladder`, fixed seed and all: anyone who fetches
//! `GET /api/votes/pairs` and the realm can fit it again and get the same table. That endpoint
//! answers the counts the newest fit read, kept here already written as JSON: at a million votes
//! they are hundreds of thousands of rows, and reading them from the database for every anonymous
//! request would hold the one connection for a tenth of a second each time.

use crate::db::{lock, Db};
use crate::error::ApiError;
use actix_web::web::Bytes;
use engine::wire::{StandingsFit, StandingsResponse};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// One finished fit and the counts it read, as `GET /api/votes/pairs` answers them.
struct Fitted {
    fit: StandingsFit,
    /// `engine::wire::PairCounts` as JSON.
    pairs: Bytes,
}

/// The fitting thread's door and its newest fit. Dropping it ends the thread.
pub struct Standings {
    /// A poke asks for a fit; one waiting is enough (a full channel already asked).
    poke: mpsc::SyncSender<()>,
    latest: Arc<Mutex<Option<Arc<Fitted>>>>,
}

impl std::fmt::Debug for Standings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Standings")
    }
}

impl Standings {
    /// Starts the thread over `db` and asks it for a first fit.
    pub fn start(db: Db) -> Standings {
        let (poke, pokes) = mpsc::sync_channel::<()>(1);
        let latest: Arc<Mutex<Option<Arc<Fitted>>>> = Arc::default();
        let spawned = std::thread::Builder::new().name("standings".into()).spawn({
            let latest = latest.clone();
            move || {
                while pokes.recv().is_ok() {
                    let fitted_rev = lock(&latest).as_ref().map(|f| f.fit.server_rev);
                    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        fit(&db, fitted_rev)
                    })) {
                        Ok(Ok(Some(f))) => *lock(&latest) = Some(Arc::new(f)),
                        Ok(Ok(None)) => {}
                        Ok(Err(e)) => eprintln!("the standings fit failed: {}", e.message),
                        Err(_) => eprintln!("the standings fit panicked"),
                    }
                }
            }
        });
        if let Err(e) = spawned {
            eprintln!("the standings thread did not start: {e}");
        }
        let standings = Standings { poke, latest };
        standings.ask();
        standings
    }

    /// Asks for a fit of the collection as it is now (nothing happens if one is already asked).
    fn ask(&self) {
        let _ = self.poke.try_send(());
    }

    /// The newest fit, and whether a newer one is on its way given the change counter `now`
    /// (asking for it if so).
    pub fn answer(&self, now: u64) -> StandingsResponse {
        let (fitted, fitting) = self.newest(now);
        StandingsResponse {
            fit: fitted.map(|f| f.fit.clone()),
            fitting,
        }
    }

    /// The pair counts the newest fit read, as JSON (`server_rev` inside says when), asking for
    /// a newer fit when the collection changed since; `None` before the first fit.
    pub fn pairs(&self, now: u64) -> Option<Bytes> {
        self.newest(now).0.map(|f| f.pairs.clone())
    }

    /// The newest fit, and whether it is older than the change counter `now` (then a newer one
    /// is asked for).
    fn newest(&self, now: u64) -> (Option<Arc<Fitted>>, bool) {
        let fitted = lock(&self.latest).clone();
        let fitting = fitted.as_ref().is_none_or(|f| f.fit.server_rev != now);
        if fitting {
            self.ask();
        }
        (fitted, fitting)
    }
}

/// One fit of the collection as it is now, or `None` when it is still at `fitted_rev`.
fn fit(db: &Db, fitted_rev: Option<u64>) -> Result<Option<Fitted>, ApiError> {
    let (server_rev, pool, counts) = db.standings_input_blocking()?;
    if fitted_rev == Some(server_rev) {
        return Ok(None);
    }
    let started = std::time::Instant::now();
    let ids: Vec<u64> = pool.iter().map(|c| c.photo).collect();
    let ladder = engine::standings_ladder(&ids, &counts.pairs);
    let top = engine::standings_order(pool, &ladder)
        .into_iter()
        .take(engine::STANDINGS_FIRST_ROWS)
        .map(|(card, _)| card)
        .collect();
    let fit = StandingsFit {
        server_rev,
        votes: counts.votes,
        pairs: counts.pairs.len() as u64,
        resamples: engine::STANDINGS_RESAMPLES,
        fit_ms: started.elapsed().as_millis() as u64,
        ladder,
        top,
    };
    let pairs = Bytes::from(serde_json::to_vec(&counts).map_err(ApiError::internal)?);
    Ok(Some(Fitted { fit, pairs }))
}
