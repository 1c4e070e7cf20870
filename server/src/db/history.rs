//! Realm History: append-only battle records (SPEC §14).

use crate::error::ApiError;
use actix_web::http::StatusCode;
use engine::wire::{HistoryEntry, HistoryListing, SystemTally};
use rusqlite::{params, Connection, OptionalExtension};

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
#[derive(Default)]
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
}

/// Appends a record; a second record with the same id is refused (409).
pub fn append(conn: &Connection, head: &Head, body: &str) -> Result<(), ApiError> {
    let inserted = conn.execute(
        "INSERT INTO history (id, fought_at, system, attacker, defender, winner, body)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (id) DO NOTHING",
        params![
            head.id as i64,
            head.timestamp,
            head.system,
            head.attacker as i64,
            head.defender as i64,
            head.winner,
            body
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
    Ok(())
}

const MATCH: &str = "(?1 IS NULL OR attacker = ?1 OR defender = ?1) AND (?2 IS NULL OR system = ?2)
     AND (?3 IS NULL OR fought_at >= ?3) AND (?4 IS NULL OR fought_at < ?4)";

/// The matching records, newest first, and per-system tallies over all of them.
pub fn list(conn: &Connection, f: &Filter) -> Result<HistoryListing, ApiError> {
    let faction = f.faction.map(|v| v as i64);
    let args = params![faction, f.system, f.from, f.to, f.limit];
    let mut stmt = conn.prepare(&format!(
        "SELECT id, fought_at, system, attacker, defender, winner FROM history WHERE {MATCH}
         ORDER BY fought_at DESC, id DESC LIMIT ?5"
    ))?;
    let entries = stmt
        .query_map(args, |r| {
            Ok(HistoryEntry {
                id: r.get::<_, i64>(0)? as u64,
                timestamp: r.get(1)?,
                system: r.get(2)?,
                attacker: r.get::<_, i64>(3)? as u64,
                defender: r.get::<_, i64>(4)? as u64,
                winner: r.get(5)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut stmt = conn.prepare(&format!(
        "SELECT system, COUNT(*), SUM(winner = 'attacker'), SUM(winner = 'defender')
         FROM history WHERE {MATCH} GROUP BY system ORDER BY system"
    ))?;
    let tallies = stmt
        .query_map(params![faction, f.system, f.from, f.to], |r| {
            Ok(SystemTally {
                system: r.get(0)?,
                battles: r.get::<_, i64>(1)? as u64,
                attacker_wins: r.get::<_, i64>(2)? as u64,
                defender_wins: r.get::<_, i64>(3)? as u64,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(HistoryListing { entries, tallies })
}

/// One record's body.
pub fn get(conn: &Connection, id: u64) -> Result<Option<String>, ApiError> {
    Ok(conn
        .query_row("SELECT body FROM history WHERE id = ?1", [id as i64], |r| {
            r.get(0)
        })
        .optional()?)
}
