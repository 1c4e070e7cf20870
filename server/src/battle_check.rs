//! Battles sent by reference, fought again by the server on its own realm, off the request
//! workers.
//!
//! `POST /api/history` names a battle (`engine::wire::BattleSubmission`): the revision of the realm
//! the browser fought on, the two factions, the system and the seed. The server rebuilds the realm
//! at that revision (`db/versions.rs`), fights it with `engine::fight` and stores what it gets;
//! nothing a visitor sends becomes a number in history. A record sent with the reference must be
//! exactly the server's (422 `forged`, naming the first field that differs).
//!
//! **Bounded work.** One thread fights every battle, so replays never hold more than one of the
//! server's cores however many arrive, and the request workers only wait for its answer. At most
//! [`QUEUE`] battles wait for it; past that a post is answered 503 `busy` at once. A battle whose
//! answer takes longer than [`BUDGET`] is answered 503 `busy` and nothing is stored (the thread
//! finishes it and drops it). What a battle costs is bounded by the realm itself, which only the
//! editor changes, and the stored record by [`MAX_RECORD`].

use crate::db::history::Head;
use crate::db::versions::AtError;
use crate::db::Db;
use crate::error::ApiError;
use actix_web::http::StatusCode;
use engine::wire::{BattleEntry, BattleSubmission};
use engine::Realm;
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// Battles that may wait for the fighting thread.
pub const QUEUE: usize = 8;
/// How long a post waits for its battle to be fought and checked.
pub const BUDGET: Duration = Duration::from_secs(10);
/// The largest record stored. A battle of the demo's two largest factions is under 100 KB and
/// one of a realm ten times the demo under 1 MB; anything past this is refused, not stored.
pub const MAX_RECORD: usize = 8 * 1024 * 1024;

/// A battle the server checked: its indexed fields and the entry to store.
#[derive(Debug)]
pub struct Checked {
    /// The indexed columns.
    pub head: Head,
    /// The whole `BattleEntry`, as JSON.
    pub text: String,
    /// What is stored of `text` (without its outcome when it replays, `replays::compact`),
    /// compressed (`db::packing`), done here, off the connection.
    pub packed: crate::db::packing::Packed,
    /// The left-out outcome's digest; `None` when `packed` holds the whole record.
    pub check: Option<Vec<u8>>,
}

struct Job {
    battle: BattleSubmission,
    now: i64,
    answer: tokio::sync::oneshot::Sender<Result<Checked, ApiError>>,
}

/// The fighting thread's door. Dropping the last handle ends the thread.
pub struct Checker {
    jobs: mpsc::SyncSender<Job>,
}

impl std::fmt::Debug for Checker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Checker")
    }
}

impl Checker {
    /// Starts the thread over `db`.
    pub fn start(db: Db) -> Checker {
        let (jobs, queue) = mpsc::sync_channel::<Job>(QUEUE);
        let spawned = std::thread::Builder::new()
            .name("battle-check".into())
            .spawn(move || {
                let mut kept: Option<(u64, Arc<Realm>)> = None;
                while let Ok(job) = queue.recv() {
                    let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        check(&db, &mut kept, job.battle, job.now)
                    }))
                    .unwrap_or_else(|_| Err(ApiError::internal("a battle check panicked")));
                    let _ = job.answer.send(out);
                }
            });
        if let Err(e) = spawned {
            eprintln!("the battle-check thread did not start: {e}");
        }
        Checker { jobs }
    }

    /// Fights and checks `battle` received at `now` (ms), waiting at most [`BUDGET`].
    pub async fn check(&self, battle: BattleSubmission, now: i64) -> Result<Checked, ApiError> {
        let (answer, reply) = tokio::sync::oneshot::channel();
        match self.jobs.try_send(Job {
            battle,
            now,
            answer,
        }) {
            Ok(()) => {}
            Err(mpsc::TrySendError::Full(_)) => {
                return Err(busy(
                    "the server is checking other battles; send this one again shortly",
                ))
            }
            Err(mpsc::TrySendError::Disconnected(_)) => {
                return Err(ApiError::internal("the battle-check thread stopped"))
            }
        }
        match actix_web::rt::time::timeout(BUDGET, reply).await {
            Ok(Ok(out)) => out,
            Ok(Err(_)) => Err(ApiError::internal(
                "the battle-check thread dropped a battle",
            )),
            Err(_) => Err(busy(
                "the server could not fight this battle in time; nothing was stored",
            )),
        }
    }
}

/// The 503 for a battle the server cannot take now; the app sends it again later.
fn busy(message: &str) -> ApiError {
    ApiError::status(StatusCode::SERVICE_UNAVAILABLE, "busy", message)
}

fn unprocessable(code: &'static str, field: &str, message: impl Into<String>) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code,
        message: message.into(),
        field: Some(field.into()),
    }
}

/// Rebuilds the realm at the battle's revision (keeping the last one rebuilt, as several battles
/// are often fought on one), fights the battle and checks what was sent with it.
fn check(
    db: &Db,
    kept: &mut Option<(u64, Arc<Realm>)>,
    b: BattleSubmission,
    now: i64,
) -> Result<Checked, ApiError> {
    if b.id > engine::MAX_ID {
        return Err(ApiError::bad_field("id", "ids are below 2^53"));
    }
    let fought_on = b.fought_on.ok_or_else(|| {
        unprocessable(
            "realm_changed",
            "fought_on",
            "this battle does not say which revision of the realm it was fought on (an older \
             version of the app queued it), so the server cannot check it",
        )
    })?;
    let sent = b.record.as_ref();
    // The reference's fields, else the sent record's (which is then compared whole below).
    let in_record = |pointer: &str| sent.and_then(|r| r.pointer(pointer));
    let id_in_record = |pointer: &str| in_record(pointer).and_then(serde_json::Value::as_u64);
    let missing = |field: &str| ApiError::bad_field(field, format!("missing field `{field}`"));
    let attacker = b
        .attacker
        .or_else(|| id_in_record("/input/setup/attacker/faction_id"))
        .ok_or_else(|| missing("attacker"))?;
    let defender = b
        .defender
        .or_else(|| id_in_record("/input/setup/defender/faction_id"))
        .ok_or_else(|| missing("defender"))?;
    let seed = b
        .seed
        .or_else(|| id_in_record("/input/seed"))
        .ok_or_else(|| missing("seed"))?;
    let system = b
        .system
        .or_else(|| {
            in_record("/input/system")
                .and_then(serde_json::Value::as_str)
                .and_then(engine::BattleSystem::from_name)
        })
        .ok_or_else(|| missing("system"))?;
    if seed > engine::MAX_ID {
        return Err(ApiError::bad_field("seed", "seeds are below 2^53"));
    }

    let at_error = |e| match e {
        AtError::Gone { oldest } => unprocessable(
            "realm_changed",
            "fought_on",
            format!(
                "the realm has changed since this battle was fought (revision {fought_on}; the \
                 server keeps revisions from {oldest} on); fight it again"
            ),
        ),
        AtError::Unknown { newest } => unprocessable(
            "unknown_revision",
            "fought_on",
            format!("the realm has no revision {fought_on} yet (the newest is {newest})"),
        ),
        AtError::Db(e) => e,
    };
    // A revision's realm never changes, so the last one rebuilt serves every battle fought on it
    // while the revision is kept.
    let since = db.revision_time(fought_on).map_err(at_error)?;
    let realm = match kept {
        Some((at, realm)) if *at == fought_on => realm.clone(),
        _ => {
            let realm = Arc::new(db.realm_at_blocking(fought_on).map_err(at_error)?);
            *kept = Some((fought_on, realm.clone()));
            realm
        }
    };
    let record = engine::fight(&realm, attacker, defender, system, seed).map_err(|e| {
        let field = match e {
            engine::SetupError::UnknownFaction { side, .. }
            | engine::SetupError::NotOrdinary { side, .. } => match side {
                engine::Side::Attacker => "attacker",
                engine::Side::Defender => "defender",
            },
            engine::SetupError::SameFaction { .. } => "defender",
        };
        unprocessable("not_a_battle", field, e.to_string())
    })?;
    if let Some(sent) = sent {
        let ours = serde_json::to_value(&record).map_err(ApiError::internal)?;
        if let Some(path) = first_difference(sent, &ours, "record", true) {
            return Err(unprocessable(
                "forged",
                &path,
                "this does not follow from the realm at the revision it names and the seed",
            ));
        }
    }
    let entry = BattleEntry {
        id: b.id,
        timestamp: b.timestamp.clamp(since.min(now), now),
        source: b.source,
        record,
    };
    checked(db.packer(), entry, system, attacker, defender)
}

/// What is stored for a battle the server fought: its JSON (refused past [`MAX_RECORD`]),
/// packed, and its indexed columns. The fixture command stores its battles through this too.
pub fn checked(
    packer: &crate::db::packing::Packer,
    entry: BattleEntry,
    system: engine::BattleSystem,
    attacker: u64,
    defender: u64,
) -> Result<Checked, ApiError> {
    let text = serde_json::to_string(&entry).map_err(ApiError::internal)?;
    if text.len() > MAX_RECORD {
        return Err(unprocessable(
            "too_large",
            "record",
            format!(
                "the battle's record would be {} bytes, more than the {MAX_RECORD} stored",
                text.len()
            ),
        ));
    }
    let head = Head {
        id: entry.id,
        timestamp: entry.timestamp,
        system: system.name().to_string(),
        attacker,
        defender,
        winner: match entry.record.winner {
            engine::Side::Attacker => "attacker",
            engine::Side::Defender => "defender",
        },
    };
    let compact = crate::replays::compact(&entry, &text)?;
    let packed = packer.pack(&compact.text)?;
    Ok(Checked {
        head,
        text,
        packed,
        check: compact.check,
    })
}

/// The path of the first place where `sent` differs from `ours` (objects key by key in order,
/// arrays item by item; a key `ours` lacks is a difference too). Numbers are compared as the
/// numbers they are, so `2` and `2.0` agree, as they would once read into the record's `f64`.
/// With `partial`, a key `sent` leaves out at this level is not a difference (a record may come
/// without its outcome and winner).
pub fn first_difference(
    sent: &serde_json::Value,
    ours: &serde_json::Value,
    at: &str,
    partial: bool,
) -> Option<String> {
    use serde_json::Value;
    match (sent, ours) {
        (Value::Object(s), Value::Object(o)) => {
            for (key, sv) in s {
                let here = format!("{at}.{key}");
                match o.get(key) {
                    Some(ov) => {
                        if let Some(p) = first_difference(sv, ov, &here, false) {
                            return Some(p);
                        }
                    }
                    None => return Some(here),
                }
            }
            o.keys()
                .find(|k| !partial && !s.contains_key(*k))
                .map(|k| format!("{at}.{k}"))
        }
        (Value::Array(s), Value::Array(o)) => s
            .iter()
            .zip(o)
            .enumerate()
            .find_map(|(i, (sv, ov))| first_difference(sv, ov, &format!("{at}[{i}]"), false))
            .or_else(|| (s.len() != o.len()).then(|| format!("{at}[{}]", s.len().min(o.len())))),
        (Value::Number(s), Value::Number(o)) => {
            let same = match (s.as_i64(), o.as_i64()) {
                (Some(a), Some(b)) => a == b,
                _ => s.as_f64() == o.as_f64(),
            };
            (!same).then(|| at.to_string())
        }
        _ => (sent != ours).then(|| at.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_first_difference_is_named_by_its_path() {
        let ours =
            json!({"input": {"seed": 3, "setup": {"lines": [1, 2, 3]}}, "winner": "attacker"});
        assert_eq!(first_difference(&ours, &ours, "record", true), None);
        let sent = json!({"input": {"seed": 3, "setup": {"lines": [1, 9, 3]}}});
        assert_eq!(
            first_difference(&sent, &ours, "record", true).as_deref(),
            Some("record.input.setup.lines[1]")
        );
        let short = json!({"input": {"seed": 3, "setup": {"lines": [1, 2]}}});
        assert_eq!(
            first_difference(&short, &ours, "record", true).as_deref(),
            Some("record.input.setup.lines[2]")
        );
        // A number written without its fraction is the same number.
        let whole = json!({"input": {"seed": 3.0, "setup": {"lines": [1, 2.0, 3]}}});
        assert_eq!(first_difference(&whole, &ours, "record", true), None);
        let extra = json!({"input": {"seed": 3, "setup": {"lines": [1, 2, 3], "x": 1}}});
        assert_eq!(
            first_difference(&extra, &ours, "record", true).as_deref(),
            Some("record.input.setup.x")
        );
        // Leaving the outcome out at the top is allowed; leaving a field out inside is not.
        let inner = json!({"input": {"setup": {"lines": [1, 2, 3]}}});
        assert_eq!(
            first_difference(&inner, &ours, "record", true).as_deref(),
            Some("record.input.seed")
        );
    }
}
