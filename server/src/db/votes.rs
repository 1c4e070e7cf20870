//! Arena votes: stored whether counted or not (uncounted ones for a while); counted ones move the
//! ratings through engine's Elo update, in arrival order, in the same transaction. Each vote is on
//! a pair token the server signed, and each token's nonce is stored at most once.

use super::sync;
use crate::collection::Cached;
use crate::collection::Change;
use crate::config::VoteLimits;
use crate::error::ApiError;
use engine::wire::{Judgement, PairCounts, VoteList, VoteResponse, VoteResult};
use engine::{PairCount, Rating, RecordKind};
use rusqlite::{params, Connection, OptionalExtension, Transaction};
use std::collections::{BTreeMap, HashMap, VecDeque};

/// The counted votes of each client address in the last minute, kept in memory by the vote
/// writer (one thread applies every vote, so it sees them all in order). Counting them in the
/// database instead cost a scan of the address's last minute for every vote: one busy address made
/// every vote slower. After a restart an address starts a fresh minute.
#[derive(Default)]
pub struct AddressWindow {
    seen: HashMap<String, VecDeque<i64>>,
}

impl AddressWindow {
    /// How many counted votes `client` has had in the minute up to `now`.
    fn count(&mut self, client: &str, now: i64) -> usize {
        let Some(times) = self.seen.get_mut(client) else {
            return 0;
        };
        while times.front().is_some_and(|t| *t <= now - 60_000) {
            times.pop_front();
        }
        times.len()
    }

    /// Notes a counted vote from `client` at `now`; forgets idle addresses now and then.
    fn note(&mut self, client: &str, now: i64) {
        if self.seen.len() > 10_000 {
            self.seen
                .retain(|_, times| times.back().is_some_and(|t| *t > now - 60_000));
        }
        self.seen
            .entry(client.to_string())
            .or_default()
            .push_back(now);
    }
}

/// One vote as the server accepted it: its pair token was signed by this server, for these two
/// photos (checked by `arena::ballots` before the vote reaches the writer).
#[derive(Clone, Debug, PartialEq)]
pub struct Ballot {
    /// The voter the token was handed to (the id inside its pass).
    pub voter: String,
    /// The photo chosen.
    pub chosen: u64,
    /// The photo passed over.
    pub other: u64,
    /// When the client says it was cast (kept, never used to decide).
    pub cast_at: i64,
    /// When the server handed the pair out (from the token).
    pub issued: i64,
    /// The token's nonce: a vote per token.
    pub nonce: String,
}

/// What an earlier vote on this token was answered, if one was stored.
fn answered_before(tx: &Transaction, nonce: &str) -> Result<Option<VoteResult>, ApiError> {
    Ok(tx
        .prepare_cached("SELECT counted, reason FROM votes WHERE token = ?1")?
        .query_row([nonce], |r| {
            Ok(VoteResult {
                counted: r.get(0)?,
                reason: r.get(1)?,
            })
        })
        .optional()?)
}

/// Why a vote is not counted, checked in this order. Every time is the server's: when the pair
/// was handed out (the token's) and when the vote arrived (`now`).
#[allow(clippy::too_many_arguments)]
fn uncounted(
    tx: &Transaction,
    limits: &VoteLimits,
    window: &mut AddressWindow,
    client: &str,
    v: &Ballot,
    now: i64,
    eligible: impl Fn(u64) -> bool,
) -> Result<Option<&'static str>, ApiError> {
    if now - v.issued > limits.token_life_ms {
        return Ok(Some("token_expired"));
    }
    if !eligible(v.chosen) || !eligible(v.other) {
        return Ok(Some("not_eligible"));
    }
    if now - v.issued < limits.min_answer_ms {
        return Ok(Some("too_fast"));
    }
    let repeats: i64 = tx
        .prepare_cached(
            "SELECT COUNT(*) FROM votes WHERE voter = ?1 AND counted = 1
           AND ((chosen = ?2 AND other = ?3) OR (chosen = ?3 AND other = ?2))
           AND received_at > ?4 - ?5",
        )?
        .query_row(
            params![
                v.voter,
                v.chosen as i64,
                v.other as i64,
                now,
                limits.repeat_window_ms
            ],
            |r| r.get(0),
        )?;
    if repeats > 0 {
        return Ok(Some("duplicate_pair"));
    }
    let recent: i64 = tx
        .prepare_cached(
            "SELECT COUNT(*) FROM votes WHERE voter = ?1 AND counted = 1 AND received_at > ?2",
        )?
        .query_row(params![v.voter, now - 60_000], |r| r.get(0))?;
    if recent >= i64::from(limits.per_minute) {
        return Ok(Some("rate_limited"));
    }
    // However many voters one address has become, its counted votes share one allowance.
    if window.count(client, now) >= limits.per_address_per_minute as usize {
        return Ok(Some("rate_limited"));
    }
    Ok(None)
}

/// The pairs `voter` had counted since `since` (ms, server time): what the pairing skips.
pub fn recent_pairs(
    conn: &Connection,
    voter: &str,
    since: i64,
) -> Result<Vec<(u64, u64)>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT chosen, other FROM votes WHERE voter = ?1 AND counted = 1 AND received_at > ?2",
    )?;
    let rows = stmt.query_map(params![voter, since], |r| {
        Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// One request's votes, waiting for the next group commit.
pub struct Job {
    /// The limits in force.
    pub limits: VoteLimits,
    /// The votes, oldest first.
    pub ballots: Vec<Ballot>,
    /// When they arrived (ms since the epoch).
    pub now: i64,
    /// The client address they came from, as the server saw it.
    pub client: String,
}

/// Applies the vote batches of several requests, in arrival order, in ONE transaction (one
/// commit and one fsync for them all: group commit). Returns one answer per job. A vote on a
/// token already used is answered what that first vote was, and stored no second time.
pub fn cast_group(
    conn: &mut Connection,
    cache: &mut Cached,
    window: &mut AddressWindow,
    jobs: &[Job],
) -> Result<Vec<VoteResponse>, ApiError> {
    let realm = &cache.realm;
    let season = realm.settings.current_season;
    let eligible = |id: u64| {
        realm.photo(id).is_some_and(|p| {
            realm
                .faction(p.faction)
                .is_some_and(|f| engine::is_judged(p, f.kind, season))
        })
    };
    let mut touched: BTreeMap<u64, Rating> = BTreeMap::new();
    // Each pair's new wins, `(a, b) -> (a_wins, b_wins)` with `a < b`.
    let mut pairs: BTreeMap<(u64, u64), (i64, i64)> = BTreeMap::new();
    let mut answers = Vec::with_capacity(jobs.len());
    let tx = conn.transaction()?;
    {
        let mut insert = tx.prepare_cached(
            "INSERT INTO votes (voter, chosen, other, cast_at, received_at, counted, reason, client, token)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        )?;
        for Job {
            limits,
            ballots,
            now,
            client,
        } in jobs
        {
            let mut results = Vec::with_capacity(ballots.len());
            let mut mine = Vec::new();
            for v in ballots {
                if let Some(first) = answered_before(&tx, &v.nonce)? {
                    results.push(first);
                    continue;
                }
                let reason = uncounted(&tx, limits, window, client, v, *now, eligible)?;
                if reason.is_none() {
                    window.note(client, *now);
                    let current = |id| {
                        touched
                            .get(&id)
                            .copied()
                            .unwrap_or_else(|| realm.rating_of(id))
                    };
                    let (mut w, mut l) = (current(v.chosen), current(v.other));
                    engine::judge(&mut w, &mut l);
                    touched.insert(v.chosen, w);
                    touched.insert(v.other, l);
                    mine.extend([v.chosen, v.other]);
                    let c = pairs
                        .entry((v.chosen.min(v.other), v.chosen.max(v.other)))
                        .or_default();
                    if v.chosen < v.other {
                        c.0 += 1;
                    } else {
                        c.1 += 1;
                    }
                }
                insert.execute(params![
                    v.voter,
                    v.chosen as i64,
                    v.other as i64,
                    v.cast_at,
                    now,
                    reason.is_none(),
                    reason,
                    client,
                    v.nonce
                ])?;
                results.push(VoteResult {
                    counted: reason.is_none(),
                    reason: reason.map(str::to_string),
                });
            }
            mine.sort_unstable();
            mine.dedup();
            answers.push(VoteResponse {
                results,
                ratings: mine.iter().map(|id| touched[id]).collect(),
            });
        }
    }
    {
        let mut add = tx.prepare_cached(
            "INSERT INTO vote_pairs (a, b, a_wins, b_wins) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (a, b) DO UPDATE SET a_wins = a_wins + excluded.a_wins,
                                              b_wins = b_wins + excluded.b_wins",
        )?;
        for ((a, b), (a_wins, b_wins)) in &pairs {
            add.execute(params![*a as i64, *b as i64, a_wins, b_wins])?;
        }
    }
    let changes: Vec<Change> = touched
        .values()
        .map(|r| {
            Ok(Change {
                key: (RecordKind::Rating, r.photo_id),
                body: Some(serde_json::to_value(r).map_err(ApiError::internal)?),
            })
        })
        .collect::<Result<_, ApiError>>()?;
    let rev = if changes.is_empty() {
        None
    } else {
        Some(sync::write(&tx, &changes)?)
    };
    tx.commit()?;
    if let Some(rev) = rev {
        cache.coll.apply(&changes, rev);
        for r in touched.values() {
            match cache
                .realm
                .ratings
                .iter_mut()
                .find(|x| x.photo_id == r.photo_id)
            {
                Some(slot) => *slot = *r,
                None => cache.realm.ratings.push(*r),
            }
        }
        cache.realm.ratings.sort_by_key(|r| r.photo_id);
    }
    Ok(answers)
}

/// Forgets the votes that were not counted and arrived before `before` (ms): they moved nothing,
/// and are kept only a while, to look into abuse. Returns how many went.
pub fn prune_uncounted(conn: &Connection, before: i64) -> Result<usize, ApiError> {
    Ok(conn.execute(
        "DELETE FROM votes WHERE counted = 0 AND received_at < ?1",
        [before],
    )?)
}

/// How often each judged pair went each way (kept by [`cast_group`]), by pair, the counted
/// votes they add up to, and the change counter they were read at.
pub fn pair_counts(conn: &Connection) -> Result<PairCounts, ApiError> {
    let mut stmt =
        conn.prepare_cached("SELECT a, b, a_wins, b_wins FROM vote_pairs ORDER BY a, b")?;
    let pairs: Vec<PairCount> = stmt
        .query_map([], |r| {
            Ok(PairCount {
                a: r.get::<_, i64>(0)? as u64,
                b: r.get::<_, i64>(1)? as u64,
                a_wins: r.get::<_, i64>(2)? as u64,
                b_wins: r.get::<_, i64>(3)? as u64,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(PairCounts {
        server_rev: sync::server_rev(conn)?,
        votes: pairs.iter().map(|p| p.a_wins + p.b_wins).sum(),
        pairs,
    })
}

/// One page of the counted judgements, in the order they were applied (uncounted votes stay
/// private): at most `limit` of those stored after the cursor `after` (0: from the start), and the
/// cursor of the next page when this one is full.
pub fn counted(conn: &Connection, after: u64, limit: u32) -> Result<VoteList, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT seq, chosen, other FROM votes WHERE counted = 1 AND seq > ?1 ORDER BY seq LIMIT ?2",
    )?;
    let rows = stmt.query_map([after as i64, i64::from(limit)], |r| {
        Ok((
            r.get::<_, i64>(0)? as u64,
            Judgement {
                chosen: r.get::<_, i64>(1)? as u64,
                other: r.get::<_, i64>(2)? as u64,
            },
        ))
    })?;
    let page: Vec<(u64, Judgement)> = rows.collect::<Result<_, _>>()?;
    let next = if page.len() == limit as usize {
        page.last().map(|(seq, _)| *seq)
    } else {
        None
    };
    Ok(VoteList {
        votes: page.into_iter().map(|(_, j)| j).collect(),
        next,
    })
}
