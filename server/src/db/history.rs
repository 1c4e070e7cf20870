//! Realm History: append-only battle records (SPEC §14), listed a page at a time and counted
//! over all of them.
//!
//! **Stored compact.** A record's JSON (both armies and every round) is stored zstd-compressed in
//! `packed`, with the dictionary `dict` names (`packing.rs`); `GET /api/history/{id}`
//! decompresses it, so what it serves is byte for byte what was appended. Records stored before
//! compression keep their text in `body`, and those before dictionaries have no `dict`; both read
//! as before.
//!
//! **Complete at any size.** The listing pages by keyset (`before` = the last row's
//! `fought_at.id`, newest first), so a page costs the same at any depth and appends never shift a
//! page already read. The tallies per system and per faction cover every matching record: without
//! a filter (or with only a system) they are read from `history_counts`, kept in the append's
//! transaction; with a faction or a time they are counted in one pass over the matching rows,
//! read from covering indexes (`migrations.rs`, V8) rather than the records themselves, by the
//! engine's own `faction_tallies` and `running_record`.

use crate::db::packing::{Packed, Packer};
use crate::error::ApiError;
use actix_web::http::StatusCode;
use engine::wire::{FactionTally, HistoryEntry, HistoryListing, RecordPoint, SystemTally};
use rusqlite::types::ToSql;
use rusqlite::{params, Connection, OptionalExtension};
use std::collections::BTreeMap;

/// The most points of a running record sent (the chart is a few hundred pixels wide).
pub const RECORD_POINTS: usize = 400;

/// The indexed columns of a record; its whole body is stored beside them.
#[derive(Debug, Clone, PartialEq)]
pub struct Head {
    /// Record id.
    pub id: u64,
    /// When fought, ms since the epoch.
    pub timestamp: i64,
    /// Battle system name.
    pub system: String,
    /// Attacking faction.
    pub attacker: u64,
    /// Defending faction.
    pub defender: u64,
    /// `attacker` or `defender`.
    pub winner: &'static str,
}

/// Filters of the listing; `None` matches everything.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Either side is this faction.
    pub faction: Option<u64>,
    /// Fought under this system.
    pub system: Option<String>,
    /// Fought at or after (ms).
    pub from: Option<i64>,
    /// Fought before (ms).
    pub to: Option<i64>,
    /// At most this many entries.
    pub limit: u32,
    /// Only records older than this `(fought_at, id)`: the previous page's last row.
    pub before: Option<(i64, u64)>,
}

impl Filter {
    /// The WHERE clause of the filters (without the page cursor) and its parameters.
    fn clause(&self) -> (String, Vec<Box<dyn ToSql>>) {
        let mut parts: Vec<&str> = Vec::new();
        let mut args: Vec<Box<dyn ToSql>> = Vec::new();
        if let Some(f) = self.faction {
            parts.push("(attacker = ? OR defender = ?)");
            args.push(Box::new(f as i64));
            args.push(Box::new(f as i64));
        }
        if let Some(s) = &self.system {
            parts.push("system = ?");
            args.push(Box::new(s.clone()));
        }
        if let Some(t) = self.from {
            parts.push("fought_at >= ?");
            args.push(Box::new(t));
        }
        if let Some(t) = self.to {
            parts.push("fought_at < ?");
            args.push(Box::new(t));
        }
        if parts.is_empty() {
            parts.push("1");
        }
        (parts.join(" AND "), args)
    }
}

/// Appends a record, `packed` by `Packer::pack`, stored without its outcome when `check` is its
/// digest (`replays::compact`); a second record with the same id is refused (409).
pub fn append(
    conn: &Connection,
    head: &Head,
    packed: &Packed,
    check: Option<&[u8]>,
) -> Result<(), ApiError> {
    let inserted = conn.execute(
        "INSERT INTO history
             (id, fought_at, system, attacker, defender, winner, body, packed, dict, outcome_check)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, '', ?7, ?8, ?9) ON CONFLICT (id) DO NOTHING",
        params![
            head.id as i64,
            head.timestamp,
            head.system,
            head.attacker as i64,
            head.defender as i64,
            head.winner,
            packed.bytes,
            packed.dict,
            check
        ],
    )?;
    if inserted == 0 {
        return Err(ApiError {
            status: StatusCode::CONFLICT,
            code: "exists",
            message: format!("battle record {} exists; history is append-only", head.id),
            field: Some("id".into()),
        });
    }
    let attacker_won = head.winner == "attacker";
    let mut count = conn.prepare_cached(
        "INSERT INTO history_counts (system, faction, side, won, lost) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (system, faction, side)
         DO UPDATE SET won = won + excluded.won, lost = lost + excluded.lost",
    )?;
    for (faction, side, won) in [
        (head.attacker, "attacker", attacker_won),
        (head.defender, "defender", !attacker_won),
    ] {
        count.execute(params![
            head.system,
            faction as i64,
            side,
            i64::from(won),
            i64::from(!won)
        ])?;
    }
    Ok(())
}

/// Whether the tallies of `f` can be read from `history_counts` (no faction, no time).
fn counted(f: &Filter) -> bool {
    f.faction.is_none() && f.from.is_none() && f.to.is_none()
}

/// One row of `history_counts`: a faction's wins and losses on one side under one system.
struct Kept {
    system: String,
    faction: u64,
    /// `attacker` or `defender`.
    side: String,
    won: u64,
    lost: u64,
}

/// The kept counts (optionally of one system), by system, faction and side.
fn kept_counts(conn: &Connection, system: Option<&str>) -> Result<Vec<Kept>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT system, faction, side, won, lost FROM history_counts
         WHERE ?1 IS NULL OR system = ?1 ORDER BY system, faction, side",
    )?;
    let rows = stmt.query_map([system], |r| {
        Ok(Kept {
            system: r.get(0)?,
            faction: r.get::<_, i64>(1)? as u64,
            side: r.get(2)?,
            won: r.get::<_, i64>(3)? as u64,
            lost: r.get::<_, i64>(4)? as u64,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A listing row from `SELECT id, fought_at, system, attacker, defender, winner`.
fn entry_of(r: &rusqlite::Row) -> rusqlite::Result<HistoryEntry> {
    Ok(HistoryEntry {
        id: r.get::<_, i64>(0)? as u64,
        timestamp: r.get(1)?,
        system: r.get(2)?,
        attacker: r.get::<_, i64>(3)? as u64,
        defender: r.get::<_, i64>(4)? as u64,
        winner: r.get(5)?,
    })
}

/// One page of the matching records, newest first, with the next page's cursor; on the first
/// page (no `before`) also the counts over every matching record.
pub fn list(conn: &Connection, f: &Filter) -> Result<HistoryListing, ApiError> {
    let (mut clause, mut args) = f.clause();
    if let Some((at, id)) = f.before {
        clause.push_str(" AND (fought_at, id) < (?, ?)");
        args.push(Box::new(at));
        args.push(Box::new(id as i64));
    }
    args.push(Box::new(i64::from(f.limit)));
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT id, fought_at, system, attacker, defender, winner FROM history WHERE {clause}
         ORDER BY fought_at DESC, id DESC LIMIT ?"
    ))?;
    let entries = stmt
        .query_map(rusqlite::params_from_iter(args.iter()), entry_of)?
        .collect::<Result<Vec<_>, _>>()?;
    let next = (entries.len() == f.limit as usize)
        .then(|| entries.last().map(|e| format!("{}.{}", e.timestamp, e.id)))
        .flatten();
    let mut listing = HistoryListing {
        entries,
        next,
        ..HistoryListing::default()
    };
    if f.before.is_none() {
        if counted(f) {
            let kept = kept_counts(conn, f.system.as_deref())?;
            listing.tallies = kept_system_tallies(&kept);
            listing.factions = kept_faction_tallies(kept);
        } else {
            let matching = matching(conn, f)?;
            listing.tallies = system_tallies(&matching);
            listing.factions = engine::wire::faction_tallies(&matching);
            if let Some(faction) = f.faction {
                listing.record = thinned(engine::wire::running_record(&matching, faction));
            }
        }
        listing.battles = listing.tallies.iter().map(|t| t.battles).sum();
    }
    Ok(listing)
}

/// Battles and wins per system from the kept counts: every battle has one attacker row, whose
/// won and lost are the battle's outcome.
fn kept_system_tallies(kept: &[Kept]) -> Vec<SystemTally> {
    let mut out: Vec<SystemTally> = Vec::new();
    for k in kept.iter().filter(|k| k.side == "attacker") {
        match out.last_mut() {
            Some(t) if t.system == k.system => {
                t.battles += k.won + k.lost;
                t.attacker_wins += k.won;
                t.defender_wins += k.lost;
            }
            _ => out.push(SystemTally {
                system: k.system.clone(),
                battles: k.won + k.lost,
                attacker_wins: k.won,
                defender_wins: k.lost,
            }),
        }
    }
    out
}

/// Every faction's wins and losses on each side, from the kept counts.
fn kept_faction_tallies(kept: Vec<Kept>) -> Vec<FactionTally> {
    let mut by: BTreeMap<u64, FactionTally> = BTreeMap::new();
    for Kept {
        faction,
        side,
        won,
        lost,
        ..
    } in kept
    {
        let t = by.entry(faction).or_insert_with(|| FactionTally {
            faction,
            ..FactionTally::default()
        });
        if side == "attacker" {
            t.attack_won += won;
            t.attack_lost += lost;
        } else {
            t.defence_won += won;
            t.defence_lost += lost;
        }
    }
    let mut out: Vec<FactionTally> = by.into_values().collect();
    FactionTally::sort(&mut out);
    out
}

/// Every record matching a faction or time filter, as listing rows, in one pass over the
/// covering indexes: the counts over them are the engine's own (`faction_tallies`,
/// `running_record`), so the listing and the tests count alike.
fn matching(conn: &Connection, f: &Filter) -> Result<Vec<HistoryEntry>, ApiError> {
    let (clause, args) = f.clause();
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT id, fought_at, system, attacker, defender, winner FROM history WHERE {clause}"
    ))?;
    let rows = stmt.query_map(rusqlite::params_from_iter(args.iter()), entry_of)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Battles and wins per system among `rows`, by system name.
fn system_tallies(rows: &[HistoryEntry]) -> Vec<SystemTally> {
    let mut by: BTreeMap<&str, SystemTally> = BTreeMap::new();
    for e in rows {
        let t = by.entry(&e.system).or_insert_with(|| SystemTally {
            system: e.system.clone(),
            battles: 0,
            attacker_wins: 0,
            defender_wins: 0,
        });
        t.battles += 1;
        if e.attacker_won() {
            t.attacker_wins += 1;
        } else {
            t.defender_wins += 1;
        }
    }
    by.into_values().collect()
}

/// A running record thinned to at most [`RECORD_POINTS`] points (evenly by battle, the last
/// one always kept).
fn thinned(all: Vec<RecordPoint>) -> Vec<RecordPoint> {
    let step = all.len().div_ceil(RECORD_POINTS).max(1);
    let last = all.len().saturating_sub(1);
    all.into_iter()
        .enumerate()
        .filter(|(i, _)| (i + 1) % step == 0 || *i == last)
        .map(|(_, p)| p)
        .collect()
}

/// A record as stored, unpacked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    /// The record's JSON as appended, or without its outcome when `check` is set.
    pub text: String,
    /// The left-out outcome's digest (`replays::restore` puts it back).
    pub check: Option<Vec<u8>>,
}

/// One record as stored.
pub fn get(conn: &Connection, packer: &Packer, id: u64) -> Result<Option<Stored>, ApiError> {
    type Row = (String, Option<Vec<u8>>, Option<i64>, Option<Vec<u8>>);
    let row: Option<Row> = conn
        .query_row(
            "SELECT body, packed, dict, outcome_check FROM history WHERE id = ?1",
            [id as i64],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .optional()?;
    let Some((body, packed, dict, check)) = row else {
        return Ok(None);
    };
    let text = match packed {
        Some(packed) => packer.unpack(&packed, dict)?,
        None => body,
    };
    Ok(Some(Stored { text, check }))
}

/// Bytes stored for records: `(records, bytes of body and packed and of the dictionaries)`, for
/// the measurement scripts.
pub fn stored_bytes(conn: &Connection) -> Result<(u64, u64), ApiError> {
    let (records, bytes) = conn.query_row(
        "SELECT COUNT(*), COALESCE(SUM(LENGTH(body) + COALESCE(LENGTH(packed), 0)), 0)
         FROM history",
        [],
        |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64)),
    )?;
    let dicts: i64 = conn.query_row(
        "SELECT COALESCE(SUM(LENGTH(dict)), 0) FROM history_dicts",
        [],
        |r| r.get(0),
    )?;
    Ok((records, bytes + dicts as u64))
}
