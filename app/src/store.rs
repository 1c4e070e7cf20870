//! The offline-first store every page reads and writes through: the realm on screen, the user's
//! pending work, and the sync that carries it to the server.
//!
//! The realm shown is the server's records as last pulled ([`snapshot`]) with the pending edits
//! of the [`queue`] laid over them, validated and re-derived by the engine. An edit is checked
//! against the engine's rules, stored in the browser and shown at once; the sync pushes it when the
//! server is reachable. The copy kept between visits is on [`disk`] (IndexedDB), reached through
//! [`saving`], which also keeps tabs from losing each other's work; only [`sync`] talks to the
//! server.

mod diff;
mod disk;
mod live;
mod local;
mod queue;
mod saving;
mod snapshot;
mod status;
mod sync;

pub use diff::differing_fields;
pub use live::FALLBACK_EVERY;
pub use queue::{Choice, Conflict, Refusal};
pub use status::{Badge, SyncStatus};

use crate::bundle::Bundle;
use engine::wire::{BattleSubmission, FactionStanding, Vote, VoteResult};
use engine::{DocError, Realm, RecordKind};
use leptos::prelude::*;
use local::{Browser, KeyValue};
use queue::{Change, Queue};
use snapshot::Snapshot;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::Arc;

/// Where the realm on screen came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Nothing yet.
    Loading,
    /// The browser's copy; the server has not answered (yet).
    Cache,
    /// Fresh from the server.
    Server,
    /// No copy anywhere: the first visit and the server is unreachable.
    Failed(String),
}

/// The map's summary (`engine::wire::MapSummary`) as a page draws it until the realm arrives.
pub struct Summary {
    /// The realm as far as the summary goes (the terrain, the factions, their buffs), read by
    /// the bundle's own reader and not validated: for drawing, never for fighting.
    pub realm: Arc<Realm>,
    /// Every claim on land, as the server's realm makes them.
    pub claims: Vec<engine::Claim>,
    /// Each faction's card numbers.
    pub standings: Vec<FactionStanding>,
}

/// Why an edit was not taken.
#[derive(Clone, Debug, PartialEq)]
pub enum EditError {
    /// No editor key has been entered: the collection is read-only.
    Locked,
    /// The realm with the edit breaks a rule; the field is named.
    Invalid(DocError),
    /// There is no realm to edit yet.
    NotLoaded,
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::Locked => write!(f, "enter the editor key to edit the collection"),
            EditError::Invalid(e) => write!(f, "{e}"),
            EditError::NotLoaded => write!(f, "the realm has not loaded yet"),
        }
    }
}

/// The store's private state: what is on disk, mirrored in memory.
struct Inner {
    /// localStorage: the editor key (and an older build's copy, moved to disk at start).
    kv: Box<dyn KeyValue>,
    /// IndexedDB, once open; `None` before, or when this browser refuses it.
    disk: Option<Rc<disk::Disk>>,
    snapshot: Snapshot,
    /// The queue as last read from or written to disk.
    saved: Queue,
    /// Changes this page made that wait for their turn at the disk, oldest first.
    unsaved: VecDeque<Change>,
    /// What the page shows and sends: `saved` with `unsaved` applied.
    queue: Queue,
    /// Whether the realm on screen is the snapshot with `queue` laid over it (else the server's
    /// alone, when a queued edit no longer fits): only then can a change be taken in by itself.
    overlaid: bool,
    /// Whether the stored editor key has been accepted by the server since it was entered.
    key_checked: bool,
    running: bool,
    again: bool,
    retry_ms: u32,
    retry_scheduled: bool,
    /// Why the disk would not store the queue, when it would not.
    queue_failed: Option<String>,
    /// Why the disk would not store the snapshot, when it would not.
    snapshot_failed: Option<String>,
    /// The running bundle: how it reads records into a realm.
    bundle: &'static dyn Bundle,
    /// The battles stored, as the last poke said (`live.rs`).
    battles_seen: Option<u64>,
}

/// The realm, its sync state and the user's pending work, provided to every page.
#[derive(Clone, Copy)]
pub struct RealmStore {
    /// The document on screen, shared rather than cloned: it holds a 38,400-cell map.
    pub realm: RwSignal<Option<Arc<Realm>>>,
    /// Where `realm` came from.
    pub source: RwSignal<Source>,
    /// On a first visit to a bundle that asks for it ([`Bundle::summary_first`]), the map's
    /// summary, until `realm` has arrived; `None` before and after.
    pub summary: RwSignal<Option<Arc<Summary>>>,
    /// What the status badge shows.
    pub status: RwSignal<SyncStatus>,
    /// The editor key, when one was entered.
    pub editor_key: RwSignal<Option<String>>,
    /// Conflicts waiting for a choice.
    pub conflicts: RwSignal<Vec<Conflict>>,
    /// Work the server refused, with its reasons.
    pub refused: RwSignal<Vec<Refusal>>,
    /// What became of the votes of the last batch the server answered.
    pub vote_results: RwSignal<Vec<(Vote, VoteResult)>>,
    /// Counts the times the server said battles were stored since the page opened (by anyone):
    /// the history reloads when it moves.
    pub battles_moved: RwSignal<u32>,
    inner: StoredValue<Inner, LocalStorage>,
}

/// Creates the store; the stored copy shows as soon as the disk has read it, and the sync starts
/// then (`saving::load`).
pub fn provide_realm_store(bundle: &'static dyn Bundle) {
    let kv: Box<dyn KeyValue> = Box::new(Browser);
    let key = kv.get(local::EDITOR_KEY);
    let empty = Queue::new(String::new());
    let store = RealmStore {
        realm: RwSignal::new(None),
        source: RwSignal::new(Source::Loading),
        summary: RwSignal::new(None),
        status: RwSignal::new(SyncStatus::default()),
        editor_key: RwSignal::new(key),
        conflicts: RwSignal::new(Vec::new()),
        refused: RwSignal::new(Vec::new()),
        vote_results: RwSignal::new(Vec::new()),
        battles_moved: RwSignal::new(0),
        inner: StoredValue::new_local(Inner {
            kv,
            disk: None,
            snapshot: Snapshot::default(),
            saved: empty.clone(),
            unsaved: VecDeque::new(),
            queue: empty,
            overlaid: false,
            key_checked: false,
            running: false,
            again: false,
            retry_ms: sync::FIRST_RETRY_MS,
            retry_scheduled: false,
            queue_failed: None,
            snapshot_failed: None,
            bundle,
            battles_seen: None,
        }),
    };
    provide_context(store);
    saving::load(store);
}

/// The part of a document field path after its record (`factions[3].marker.x` → `marker.x`),
/// so a form can put the message next to the input it belongs to.
pub fn field_in_record(path: &str) -> &str {
    match path.find("].") {
        Some(i) => &path[i + 2..],
        None => "",
    }
}

/// The store provided by [`provide_realm_store`].
pub fn use_realm_store() -> RealmStore {
    expect_context::<RealmStore>()
}

impl RealmStore {
    /// Reads the realm (tracked, so a view or memo follows it), or `T::default()` until one is loaded.
    pub fn read<T: Default>(&self, f: impl FnOnce(&Realm) -> T) -> T {
        self.realm.with(|r| r.as_deref().map(f).unwrap_or_default())
    }

    /// Every faction as `(id, name)`, in the realm's order, for pickers.
    pub fn faction_names(&self) -> Vec<(u64, String)> {
        self.read(|r| r.factions.iter().map(|f| (f.id, f.name.clone())).collect())
    }

    /// The running bundle's download link for a battle record, where it offers one.
    pub fn record_link(&self, record: &engine::BattleRecord) -> Option<String> {
        self.inner.with_value(|i| i.bundle.record_link(record))
    }

    /// Whether collection edits are possible (an editor key has been entered).
    pub fn can_edit(&self) -> bool {
        self.editor_key.with(Option::is_some)
    }

    /// Replaces one record (or creates it) with `item`, as the editor saves a form.
    pub fn put<T: serde::Serialize>(
        &self,
        kind: RecordKind,
        id: u64,
        item: &T,
    ) -> Result<(), EditError> {
        let body = serde_json::to_value(item)
            .map_err(|e| EditError::Invalid(DocError::new("", e.to_string())))?;
        self.edit(kind, id, Some(body))
    }

    /// Deletes one record.
    pub fn delete(&self, kind: RecordKind, id: u64) -> Result<(), EditError> {
        self.edit(kind, id, None)
    }

    /// The realm as this browser stores it (the server's records as last pulled, pending edits laid
    /// over), validated but not re-derived: a photo holds the stats it was stored with.
    pub fn stored_realm(&self) -> Result<Realm, EditError> {
        self.inner.with_value(|i| {
            if i.snapshot.is_empty() {
                return Err(EditError::NotLoaded);
            }
            i.snapshot
                .stored(&i.queue, i.bundle.reads())
                .map_err(EditError::Invalid)
        })
    }

    /// Replaces (or creates) several records of one kind at once, as a bulk edit saves: all of
    /// them are applied and checked together and queued in one write, or none is.
    pub fn put_all<T: serde::Serialize>(
        &self,
        kind: RecordKind,
        items: &[(u64, T)],
    ) -> Result<(), EditError> {
        let edits = items
            .iter()
            .map(|(id, item)| {
                let body = serde_json::to_value(item)
                    .map_err(|e| EditError::Invalid(DocError::new("", e.to_string())))?;
                Ok((*id, Some(body)))
            })
            .collect::<Result<Vec<_>, EditError>>()?;
        self.edit_all(kind, edits)
    }

    /// Applies an edit locally if the realm with it still keeps every rule, queues it, and asks
    /// for a sync. Nothing is queued or shown when it is refused.
    fn edit(
        &self,
        kind: RecordKind,
        id: u64,
        body: Option<serde_json::Value>,
    ) -> Result<(), EditError> {
        self.edit_all(kind, vec![(id, body)])
    }

    /// [`Self::edit`] for several records of one kind: checked together, queued together.
    fn edit_all(
        &self,
        kind: RecordKind,
        edits: Vec<(u64, Option<serde_json::Value>)>,
    ) -> Result<(), EditError> {
        if !self.can_edit() {
            return Err(EditError::Locked);
        }
        if edits.is_empty() {
            return Ok(());
        }
        let keys: Vec<_> = edits
            .iter()
            .map(|(id, _)| (kind.name().to_string(), *id))
            .collect();
        let mut shown = self.take_shown();
        let made = self.inner.try_update_value(|i| {
            if i.snapshot.is_empty() {
                return Err(EditError::NotLoaded);
            }
            let changes: Vec<Change> = edits
                .into_iter()
                .map(|(id, body)| Change::Edit {
                    kind: kind.name().to_string(),
                    id,
                    known: i.snapshot.get(kind.name(), id).map(|r| r.revision),
                    body,
                })
                .collect();
            let mut candidate = i.queue.clone();
            for change in &changes {
                change.apply(&mut candidate);
            }
            let taken = match shown.as_mut().filter(|_| i.overlaid) {
                // Only these records are read again, and what derives from them.
                Some(realm) => {
                    let got = measured(|| {
                        i.snapshot
                            .refresh(&candidate, i.bundle.reads(), realm, &keys)
                    });
                    if got.is_err()
                        && i.snapshot
                            .refresh(&i.queue, i.bundle.reads(), realm, &keys)
                            .is_err()
                    {
                        shown = None;
                    }
                    got
                }
                None => i.snapshot.realm(&candidate, i.bundle.reads()).map(|r| {
                    shown = Some(r);
                    i.overlaid = true;
                }),
            };
            taken.map_err(EditError::Invalid)?;
            i.queue = candidate;
            Ok(changes)
        });
        let made = made.unwrap_or(Err(EditError::NotLoaded));
        match shown {
            Some(realm) => self.realm.set(Some(Arc::new(realm))),
            None => self.rebuild(),
        }
        saving::queued(self, made?);
        sync::request(self);
        Ok(())
    }

    /// Queues an arena judgement; anyone may vote, key or not.
    pub fn vote(&self, vote: Vote) {
        saving::change(self, Change::Vote(vote));
        sync::request(self);
    }

    /// The server change counter the realm on screen is exactly the server's at: none while a
    /// collection edit is queued, or one the server acknowledged (or a conflict's record) has
    /// been taken in but not yet pulled. A battle is fought only on such a realm, so the server
    /// can fight it again on the same one.
    pub fn fought_on(&self) -> Option<u64> {
        self.inner.with_value(|i| {
            if i.queue.mutations.is_empty() {
                i.snapshot.exact_cursor()
            } else {
                None
            }
        })
    }

    /// Queues a battle for Realm History; anyone may fight, key or not. What is sent is the
    /// battle by reference (`BattleSubmission`): the server fights it again on the realm at
    /// `fought_on` and stores its own record, so the map never writes a battle log out.
    pub fn record_battle(&self, battle: BattleSubmission) {
        saving::change(self, Change::Battle(queue::QueuedBattle::new(&battle)));
        sync::request(self);
    }

    /// The battle `id` while it waits in this browser to be sent to Realm History, fought again
    /// from its reference on the realm on screen, and whether that realm is still the one it was
    /// fought on (then the record is the one the server will store). Reactive: it follows the
    /// realm and the queue.
    pub fn queued_battle(&self, id: u64) -> Option<(engine::wire::ReplayEntry, bool)> {
        self.status.track();
        let sub = self.inner.with_value(|i| {
            i.queue
                .battles
                .iter()
                .find(|b| b.id() == Some(id))
                .and_then(queue::QueuedBattle::submission)
        })?;
        let realm = self.realm.get()?;
        let record =
            engine::fight(&realm, sub.attacker?, sub.defender?, sub.system?, sub.seed?).ok()?;
        let same_realm = sub.fought_on.is_some() && sub.fought_on == self.fought_on();
        Some((
            engine::wire::ReplayEntry::of(engine::wire::BattleEntry {
                id,
                timestamp: sub.timestamp,
                source: sub.source,
                record,
            }),
            same_realm,
        ))
    }

    /// Stores an editor key and syncs, which checks it with the server.
    pub fn unlock(&self, key: String) {
        let key = key.trim().to_string();
        if key.is_empty() {
            return;
        }
        self.inner.update_value(|i| {
            let _ = i.kv.set(local::EDITOR_KEY, &key);
            i.key_checked = false;
        });
        self.editor_key.set(Some(key));
        self.status.update(|s| {
            s.locked = false;
            s.error = None;
        });
        self.sync_now();
    }

    /// Forgets the editor key: the collection becomes read-only here; queued edits stay queued.
    pub fn forget_key(&self) {
        self.inner.update_value(|i| i.kv.remove(local::EDITOR_KEY));
        self.editor_key.set(None);
        self.publish();
    }

    /// Syncs now, without waiting for the next retry.
    pub fn sync_now(&self) {
        self.inner
            .update_value(|i| i.retry_ms = sync::FIRST_RETRY_MS);
        sync::request(self);
    }

    /// Settles conflict `index` with the chosen side.
    pub fn resolve(&self, index: usize, choice: Choice) {
        let Some((kind, id)) = self
            .inner
            .with_value(|i| i.queue.conflicts.get(index).map(|c| (c.kind.clone(), c.id)))
        else {
            return;
        };
        saving::change(self, Change::Resolve { kind, id, choice });
        self.rebuild();
        sync::request(self);
    }

    /// Removes refusal `index` from the list once it has been read.
    pub fn dismiss_refusal(&self, index: usize) {
        if let Some(r) = self
            .inner
            .with_value(|i| i.queue.refused.get(index).cloned())
        {
            saving::change(self, Change::Dismiss(r));
        }
    }

    /// Recomputes the realm on screen from the snapshot and the queue, reading every record. If a
    /// queued edit no longer fits the server's records, the server's realm is shown and the push
    /// will say why.
    fn rebuild(&self) {
        let built = self.inner.try_update_value(|i| {
            let with_queue = i.snapshot.realm(&i.queue, i.bundle.reads());
            i.overlaid = with_queue.is_ok();
            with_queue.or_else(|_| {
                i.snapshot
                    .realm(&Queue::new(String::new()), i.bundle.reads())
            })
        });
        match built {
            Some(Ok(realm)) => {
                self.realm.set(Some(Arc::new(realm)));
                if self.summary.with_untracked(Option::is_some) {
                    self.summary.set(None);
                }
            }
            Some(Err(e)) => self
                .status
                .update(|s| s.error = Some(format!("the stored realm does not load: {e}"))),
            None => {}
        }
    }

    /// Takes in the records `keys` after they changed in the snapshot or the queue: only they are
    /// read again and what derives from them re-derived (`Snapshot::refresh`), unless there are
    /// so many that reading everything is as quick, or the realm on screen is not the overlaid
    /// one; then it rebuilds.
    fn refresh(&self, keys: &[snapshot::RecordKey]) {
        /// Past this many records, one read of everything is cheaper than splicing each.
        const SPLICE_AT_MOST: usize = 64;
        if keys.is_empty() {
            return;
        }
        let overlaid = self.inner.with_value(|i| i.overlaid);
        if keys.len() > SPLICE_AT_MOST || !overlaid {
            return self.rebuild();
        }
        let Some(mut realm) = self.take_shown() else {
            return self.rebuild();
        };
        let taken = measured(|| {
            self.inner.with_value(|i| {
                i.snapshot
                    .refresh(&i.queue, i.bundle.reads(), &mut realm, keys)
            })
        });
        match taken {
            Ok(()) => self.realm.set(Some(Arc::new(realm))),
            Err(_) => self.rebuild(),
        }
    }

    /// The realm on screen, taken out of its signal without telling anyone (it is put back, or a
    /// rebuilt one set, before any view runs), and without a copy when nothing else holds it.
    fn take_shown(&self) -> Option<Realm> {
        let arc = self.realm.try_update_untracked(|r| r.take()).flatten()?;
        Some(Arc::try_unwrap(arc).unwrap_or_else(|shared| (*shared).clone()))
    }

    /// Copies the queue's counts and lists into the signals the badge and panels read.
    fn publish(&self) {
        let (pending, has_edits, conflicts, refused, storage) = self.inner.with_value(|i| {
            (
                i.queue.pending(),
                !i.queue.mutations.is_empty(),
                i.queue.conflicts.clone(),
                i.queue.refused.clone(),
                // The queue's refusal matters while it holds work a closed tab would lose.
                (i.queue.pending() + i.queue.conflicts.len() + i.queue.refused.len() > 0)
                    .then(|| i.queue_failed.clone())
                    .flatten()
                    .or_else(|| i.snapshot_failed.clone()),
            )
        });
        let no_key = self.editor_key.with_untracked(Option::is_none);
        self.status.update(|s| {
            s.pending = pending;
            s.conflicts = conflicts.len();
            s.refused = refused.len();
            if no_key {
                s.locked = has_edits;
            }
            s.storage = storage;
        });
        self.conflicts.set(conflicts);
        self.refused.set(refused);
    }
}

/// Runs `f`, the store taking changed records in, and records how long it took as the User Timing
/// measure `brickrealm:take-in`, which `e2e/measure/apply.mjs` reads (nothing in the app does).
fn measured<R>(f: impl FnOnce() -> R) -> R {
    const START: &str = "brickrealm:take-in:start";
    let perf = web_sys::window().and_then(|w| w.performance());
    if let Some(p) = &perf {
        let _ = p.mark(START);
    }
    let r = f();
    if let Some(p) = &perf {
        let _ = p.measure_with_start_mark("brickrealm:take-in", START);
        p.clear_marks_with_mark_name(START);
    }
    r
}

/// A random id from the browser's cryptographic generator, as 16 hex digits.
pub fn random_id() -> String {
    format!("{:016x}", random_u64())
}

/// A random number below 2⁵³ (exact in JSON and JavaScript): battle seeds and history ids.
pub fn random_u53() -> u64 {
    random_u64() & ((1 << 53) - 1)
}

/// 64 random bits from the browser's cryptographic generator (zero where there is none).
pub fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    if let Some(c) = web_sys::window().and_then(|w| w.crypto().ok()) {
        let _ = c.get_random_values_with_u8_array(&mut bytes);
    }
    u64::from_le_bytes(bytes)
}

#[cfg(test)]
mod tests {
    use super::field_in_record;

    #[test]
    fn a_document_path_names_the_form_field() {
        assert_eq!(field_in_record("factions[3].name"), "name");
        assert_eq!(field_in_record("factions[3].marker.x"), "marker.x");
        assert_eq!(field_in_record("map"), "");
    }
}
