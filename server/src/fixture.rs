//! Big databases, built reproducibly, for the benchmarks and the measurement scripts
//! (`cargo xtask fixture --scale 10 --votes 1000000 --battles 100000 --db FILE`).
//!
//! Everything goes through the paths real traffic takes, so what is measured is what a community
//! of that size would have:
//! - **The realm** is `engine::demo_scaled(scale)`, imported as an editor's import is.
//! - **Votes** are cast through the vote writer (`Db::cast_votes`, the group-commit path every
//!   `POST /api/votes` takes), a few thousand per group, on pairs drawn by the engine's own
//!   pairing (`pick_pair_after`: new photos favoured, the five nearest ratings, no repeat within a
//!   voter's day) from the ratings as they move. Each photo has a hidden strength; the stronger
//!   wins by Bradley–Terry's odds. The limits are opened (no minimum answer time, no rate limit)
//!   since the fixture votes a month's worth at once; each vote is still one voter's, on a pair
//!   token nonce of its own, a voter about 50 votes.
//! - **Battles** are fought by the engine on the realm as the votes left it, between random
//!   ordinary factions under every system, and stored exactly as the battle checker stores them
//!   (`battle_check::checked`: the full record, packed), a thousand per transaction.
//!
//! The demo's own activity on a fresh install ([`DEMO_ACTIVITY`]) is this same [`activity`] at
//! the demo's scale.
//!
//! Times run over the 30 days before the build, votes first. The same arguments give the same
//! database contents (not the same file bytes: SQLite's pages depend on its own choices).

use crate::battle_check;
use crate::config::VoteLimits;
use crate::db::history::{self, Head};
use crate::db::packing::Packed;
use crate::db::votes::Ballot;
use crate::db::Db;
use crate::error::ApiError;
use engine::wire::{BattleEntry, BattleSource};
use engine::{BattleSystem, Rating, SplitMix64};
use std::collections::HashMap;

/// What to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Times the demo's photos per faction.
    pub scale: u32,
    /// Votes to cast (nearly all are counted).
    pub votes: u64,
    /// Battles to fight and store.
    pub battles: u64,
    /// The seed every draw comes from.
    pub seed: u64,
}

/// Votes per group commit.
const VOTE_GROUP: usize = 5_000;
/// Battles per transaction.
const BATTLE_GROUP: u64 = 1_000;
/// Votes per voter, about.
const VOTES_PER_VOTER: u64 = 50;
/// The span the fixture's times cover, ms.
const SPAN_MS: i64 = 30 * 86_400_000;

/// What the build did, for its report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Built {
    /// Photos in the realm.
    pub photos: usize,
    /// Votes counted.
    pub counted: u64,
    /// Battles stored.
    pub battles: u64,
}

/// Limits under which every fixture vote on a fresh pair counts.
fn open_limits() -> VoteLimits {
    VoteLimits {
        repeat_window_ms: 86_400_000,
        per_minute: u32::MAX,
        per_address_per_minute: u32::MAX,
        min_answer_ms: 0,
        token_life_ms: 3_600_000,
    }
}

/// A photo's hidden strength on Elo's scale: the sum of four uniform draws, spread ±400.
fn strength(seed: u64, photo: u64) -> f64 {
    let mut rng = SplitMix64::new(seed ^ photo.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let sum: f64 = (0..4).map(|_| engine::unit(&mut rng)).sum();
    1200.0 + 200.0 * (sum - 2.0)
}

/// Builds the fixture into `db` (a fresh database: its demo realm is replaced), reporting
/// progress lines through `progress`.
pub async fn build(
    db: &Db,
    plan: Plan,
    now_ms: i64,
    mut progress: impl FnMut(String),
) -> Result<Built, ApiError> {
    let realm = engine::demo_scaled(plan.scale);
    let photos = realm.photos.len();
    db.import(realm).await?;
    progress(format!("realm: {photos} photos ({}× the demo)", plan.scale));
    let (counted, battles) = activity(db, plan, now_ms, &mut progress).await?;
    Ok(Built {
        photos,
        counted,
        battles,
    })
}

/// The demo's own activity, cast on a fresh install's first start (unless the server is started
/// with `--no-demo-activity`): about twenty judgements per photo, so every demo figure has a rating
/// with judgements behind it and the standings rank, and three dozen battles under every system,
/// so Realm History has something to show. Seeded, so every fresh install has the same.
pub const DEMO_ACTIVITY: Plan = Plan {
    scale: 1,
    votes: 3_000,
    battles: 36,
    seed: 0xDE40_AC71,
};

/// Casts `plan.votes` votes and fights `plan.battles` battles on the realm as it stands, over the
/// 30 days before `now_ms` (votes in the first half, battles in the second), through the same
/// paths as [`build`]; returns the votes counted and the battles stored.
pub async fn activity(
    db: &Db,
    plan: Plan,
    now_ms: i64,
    progress: &mut impl FnMut(String),
) -> Result<(u64, u64), ApiError> {
    let t0 = now_ms - SPAN_MS;
    let counted = cast_votes(db, plan, t0, progress).await?;
    let battles = fight_battles(db, plan, t0 + SPAN_MS / 2, progress).await?;
    Ok((counted, battles))
}

/// Casts `plan.votes` votes through the vote writer; returns how many counted.
async fn cast_votes(
    db: &Db,
    plan: Plan,
    t0: i64,
    progress: &mut impl FnMut(String),
) -> Result<u64, ApiError> {
    if plan.votes == 0 {
        return Ok(0);
    }
    let mut rng = SplitMix64::new(plan.seed);
    let mut pool: Vec<Rating> = engine::arena_pool(&db.realm().await?);
    let index: HashMap<u64, usize> = pool
        .iter()
        .enumerate()
        .map(|(i, r)| (r.photo_id, i))
        .collect();
    let voters = plan.votes.div_ceil(VOTES_PER_VOTER).max(1);
    let mut recent: HashMap<u64, Vec<(u64, u64)>> = HashMap::new();
    let mut last: HashMap<u64, (u64, u64)> = HashMap::new();
    let (mut cast, mut counted, mut reported) = (0u64, 0u64, 0u64);
    // Votes share the first half of the span.
    let step = (SPAN_MS / 2) / plan.votes as i64;
    while cast < plan.votes {
        let n = (plan.votes - cast).min(VOTE_GROUP as u64);
        let now = t0 + (cast + n) as i64 * step;
        let mut ballots = Vec::with_capacity(n as usize);
        for k in 0..n {
            let voter = engine::below(&mut rng, voters);
            let seen = recent.entry(voter).or_default();
            let Some((a, b)) =
                engine::pick_pair_after(&pool, seen, last.get(&voter).copied(), &mut rng)
            else {
                return Ok(counted);
            };
            seen.push((a, b));
            last.insert(voter, (a, b));
            let p = engine::expected_score(strength(plan.seed, a), strength(plan.seed, b));
            let (chosen, other) = if engine::unit(&mut rng) < p {
                (a, b)
            } else {
                (b, a)
            };
            ballots.push(Ballot {
                voter: format!("fixture-{voter}"),
                chosen,
                other,
                cast_at: now,
                issued: now - 5_000,
                nonce: format!("fixture-{}", cast + k),
            });
        }
        let answer = db
            .cast_votes(open_limits(), ballots, now, "fixture".into())
            .await?;
        counted += answer.results.iter().filter(|r| r.counted).count() as u64;
        for r in answer.ratings {
            if let Some(&i) = index.get(&r.photo_id) {
                pool[i] = r;
            }
        }
        cast += n;
        // A voter's day is the window for repeats; the fixture's votes span weeks, so a
        // voter's memory is cleared as its day passes (by whole groups, which is close enough).
        if cast % (VOTE_GROUP as u64 * 20) == 0 {
            recent.clear();
        }
        if cast * 10 / plan.votes > reported {
            reported = cast * 10 / plan.votes;
            progress(format!(
                "votes: {cast} of {} cast, {counted} counted",
                plan.votes
            ));
        }
    }
    Ok(counted)
}

/// Fights and stores `plan.battles` battles, two threads fighting, one transaction per
/// [`BATTLE_GROUP`]; returns how many were stored.
async fn fight_battles(
    db: &Db,
    plan: Plan,
    t0: i64,
    progress: &mut impl FnMut(String),
) -> Result<u64, ApiError> {
    if plan.battles == 0 {
        return Ok(0);
    }
    let rev = db.server_rev().await?;
    let realm = {
        let db = db.clone();
        actix_web::web::block(move || db.realm_at_blocking(rev))
            .await
            .map_err(ApiError::internal)?
            .map_err(|e| ApiError::internal(format!("{e:?}")))?
    };
    let sides = realm.ordinary_ids();
    let realm = std::sync::Arc::new(realm);
    let mut rng = SplitMix64::new(plan.seed ^ 0x0BA7_71E5);
    let step = (SPAN_MS / 2) / plan.battles as i64;
    let (mut stored, mut reported) = (0u64, 0u64);
    while stored < plan.battles {
        let n = (plan.battles - stored).min(BATTLE_GROUP);
        // Every draw is made here, in order, so the battles do not depend on the threads.
        let jobs: Vec<(u64, i64, u64, u64, BattleSystem, u64)> = (0..n)
            .map(|k| {
                // Two different ordinary factions.
                let ai = engine::below(&mut rng, sides.len() as u64) as usize;
                let mut di = engine::below(&mut rng, sides.len() as u64 - 1) as usize;
                if di >= ai {
                    di += 1;
                }
                let (a, d) = (sides[ai], sides[di]);
                let system = BattleSystem::ALL
                    [engine::below(&mut rng, BattleSystem::ALL.len() as u64) as usize];
                let id = 1 + engine::below(&mut rng, engine::MAX_ID);
                let seed = engine::below(&mut rng, engine::MAX_ID);
                let at = t0 + (stored + k) as i64 * step;
                (id, at, a, d, system, seed)
            })
            .collect();
        let realm = realm.clone();
        let packing = db.clone();
        let rows: Vec<(Head, Packed, Option<Vec<u8>>)> = actix_web::web::block(move || {
            let packer = packing.packer();
            let fight = |job: &(u64, i64, u64, u64, BattleSystem, u64)| {
                let &(id, at, a, d, system, seed) = job;
                let record = engine::fight(&realm, a, d, system, seed)
                    .map_err(|e| ApiError::internal(e.to_string()))?;
                let entry = BattleEntry {
                    id,
                    timestamp: at,
                    source: BattleSource::Map,
                    record,
                };
                let c = battle_check::checked(packer, entry, system, a, d)?;
                Ok::<_, ApiError>((c.head, c.packed, c.check))
            };
            let (left, right) = jobs.split_at(jobs.len() / 2);
            std::thread::scope(|s| {
                let other = s.spawn(|| left.iter().map(fight).collect::<Result<Vec<_>, _>>());
                let mine = right.iter().map(fight).collect::<Result<Vec<_>, _>>();
                let mut rows = other
                    .join()
                    .map_err(|_| ApiError::internal("a fixture fight panicked"))??;
                rows.extend(mine?);
                Ok::<_, ApiError>(rows)
            })
        })
        .await
        .map_err(ApiError::internal)??;
        db.call(move |c| {
            let tx = c.transaction()?;
            for (head, packed, check) in &rows {
                match history::append(&tx, head, packed, check.as_deref()) {
                    // A repeated random id (one in millions) is skipped, as the server would.
                    Err(e) if e.code == "exists" => {}
                    other => other?,
                }
            }
            tx.commit()?;
            Ok(())
        })
        .await?;
        if db.packer().stored(n) {
            // In line, not on a thread of its own: which records a dictionary packs must not
            // depend on timing, so the same command builds the same database.
            let db = db.clone();
            actix_web::web::block(move || db.train_dictionary(t0))
                .await
                .map_err(ApiError::internal)??;
        }
        stored += n;
        if stored * 10 / plan.battles > reported {
            reported = stored * 10 / plan.battles;
            progress(format!("battles: {stored} of {} stored", plan.battles));
        }
    }
    Ok(stored)
}
