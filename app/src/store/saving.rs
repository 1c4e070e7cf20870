//! Turns at the disk, and changes shown before they are written.
//!
//! Every read or write of the disk ([`disk`](super::disk)) waits for its turn: one at a time in a
//! tab, and IndexedDB keeps tabs in order among themselves. A change a page makes to the queue
//! ([`change`]) is applied to the page's copy at once, so the edit shows and a battle fought next
//! knows of it; in its turn it is applied again to the queue as stored, which another tab may have
//! changed meanwhile. A [`Change`] says what it does by record, never by position, so applied
//! there it is the same change. The sync's own steps ([`transact`]) work on the stored queue
//! directly: what they send is what is on disk.
//!
//! After each write the tab's copy is the stored queue with its changes still waiting applied on
//! top, and the other tabs hear of the write on a BroadcastChannel and read the queue again.
//!
//! When the disk refuses (full, or IndexedDB blocked), the tab's copy becomes the only one: it is
//! kept and sent, the badge's panel says so, and the next write that succeeds stores all of it.

use super::disk::Disk;
use super::local;
use super::queue::{Change, Queue};
use super::snapshot::{RecordKey, Snapshot};
use super::{random_id, Inner, RealmStore, Source};
use engine::wire::Op;
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// One disk job at a time in this tab, in the order they were asked for: each job waits for the
/// one before it to drop its [`Turn`].
fn turn() -> impl std::future::Future<Output = Turn> {
    let (done, next) = tokio::sync::oneshot::channel::<()>();
    let before = LAST.with(|l| l.replace(Some(next)));
    async move {
        if let Some(before) = before {
            // Err is the one before dropping its turn: that is the signal.
            let _ = before.await;
        }
        Turn { _done: done }
    }
}

/// Held while a job uses the disk; dropping it lets the next one go.
struct Turn {
    _done: tokio::sync::oneshot::Sender<()>,
}

/// The channel on which tabs say they have written the queue.
const CHANNEL: &str = "brickrealm.store";

thread_local! {
    /// The last job to have asked for a turn.
    static LAST: std::cell::RefCell<Option<tokio::sync::oneshot::Receiver<()>>> = const { std::cell::RefCell::new(None) };
    static SAID: std::cell::RefCell<Option<web_sys::BroadcastChannel>> = const { std::cell::RefCell::new(None) };
}

/// Why the queue is in this tab only, in words for the panel.
fn queue_refused(why: &str) -> String {
    format!(
        "This browser did not store your pending work ({why}). Keep this tab open until it syncs."
    )
}

/// Why the offline copy is not kept, in words for the panel.
fn snapshot_refused(why: &str) -> String {
    format!("This browser did not store the offline copy of the realm ({why}): the site works, but will not open offline.")
}

impl Inner {
    /// The page's copy: the stored queue with the changes not yet written applied on top.
    fn requeue(&mut self) {
        let mut q = self.saved.clone();
        for c in &self.unsaved {
            c.apply(&mut q);
        }
        self.queue = q;
    }
}

/// Opens the disk, moves an older build's localStorage copy into it, shows what is stored, and
/// then starts the sync (which must not pull into a snapshot the disk is still filling).
pub(super) fn load(store: RealmStore) {
    // A summary the page's HTML asked for marks a first visit: it is shown without waiting for
    // the disk to open (creating the database takes a while), which holds nothing then.
    let summary_first = store.inner.with_value(|i| i.bundle.summary_first());
    let summary_early = summary_first && crate::api::started_early(crate::api::SUMMARY);
    if summary_early {
        leptos::task::spawn_local(summary(store));
    }
    // So does the whole collection asked for early: it is read and shown at once, as the server
    // holds it, while the disk opens (a new database, on a first visit, takes a while); the
    // snapshot it makes becomes the store's, unless the disk turns out to hold one.
    let early = crate::api::started_early(&crate::api::pull_url(0)).then(|| {
        let (made, taken) = tokio::sync::oneshot::channel();
        leptos::task::spawn_local(async move {
            let _ = made.send(early_snapshot(store).await);
        });
        taken
    });
    leptos::task::spawn_local(async move {
        let turn = turn().await;
        let opened = open(&store).await;
        store.inner.update_value(|i| {
            i.disk = opened.disk;
            i.snapshot = opened.snapshot;
            i.saved = opened.queue.unwrap_or_else(|| Queue::new(random_id()));
            i.queue_failed = opened.queue_failed;
            i.snapshot_failed = opened.snapshot_failed;
            i.requeue();
        });
        drop(turn);
        // A failed early pull leaves the first sync to pull everything, as on any visit.
        let early = match early {
            Some(taken) => taken.await.ok().flatten(),
            None => None,
        };
        // (installed, up to date): the early snapshot became the store's, and the realm on
        // screen is already the one it and the queue make.
        let (installed, up_to_date) = early
            .and_then(|(snapshot, shown)| {
                store.inner.try_update_value(|i| {
                    if !i.snapshot.is_empty() {
                        return (false, false);
                    }
                    i.snapshot = snapshot;
                    // It was shown without the queue: right while the queue holds nothing.
                    (true, shown && i.queue.mutations.is_empty())
                })
            })
            .unwrap_or((false, false));
        listen(store);
        if !up_to_date && store.inner.with_value(|i| !i.snapshot.is_empty()) {
            store.rebuild();
            store.source.set(if installed {
                Source::Server
            } else {
                Source::Cache
            });
        }
        store.publish();
        let first_visit = store.inner.with_value(|i| i.snapshot.is_empty()) && summary_first;
        if first_visit && !summary_early {
            leptos::task::spawn_local(summary(store));
        }
        super::sync::start(store);
    });
}

/// The whole collection the page's HTML asked for, as a snapshot, and whether its realm was put
/// on screen (it is unless it does not read, or a realm got there first); `None` when the pull
/// failed.
async fn early_snapshot(store: RealmStore) -> Option<(Snapshot, bool)> {
    let pull = crate::api::pull(0).await.ok()?;
    if store
        .inner
        .with_value(|i| i.bundle.draws_before_realm(crate::bundle::loaded_path()))
    {
        crate::paint::next_paint().await;
    }
    let mut snapshot = Snapshot::default();
    snapshot.apply_pull(pull);
    let read = store.inner.with_value(|i| i.bundle.reads());
    let realm = snapshot.realm(&Queue::new(String::new()), read).ok();
    let shown = match realm {
        Some(realm) if store.realm.with_untracked(Option::is_none) => {
            store.realm.set(Some(std::sync::Arc::new(realm)));
            store.source.set(Source::Server);
            true
        }
        _ => false,
    };
    Some((snapshot, shown))
}

/// Fetches the map's summary, asked for before the full pull so it arrives first, and shows it
/// unless the realm got there before it. A failure leaves the page waiting for the realm, as
/// before; the sync reports the server being out of reach.
async fn summary(store: RealmStore) {
    let Ok(s) = crate::api::summary().await else {
        return;
    };
    if store.realm.with_untracked(Option::is_some) {
        return;
    }
    let (claims, standings) = (s.claims.clone(), s.standings.clone());
    let read = store
        .inner
        .with_value(|i| i.bundle.reads().read(s.into_records()));
    if let Ok(realm) = read {
        store.summary.set(Some(std::sync::Arc::new(super::Summary {
            realm: std::sync::Arc::new(realm),
            claims,
            standings,
        })));
    }
}

/// What the disk held when the page opened.
struct Opened {
    disk: Option<Rc<Disk>>,
    snapshot: Snapshot,
    queue: Option<Queue>,
    queue_failed: Option<String>,
    snapshot_failed: Option<String>,
}

/// Opens the disk and takes in what an older build left in localStorage. The old copy is removed
/// only once the disk has stored it; a queue both hold is merged, losing nothing.
async fn open(store: &RealmStore) -> Opened {
    let (old_snapshot, old_queue) = store.inner.with_value(|i| {
        (
            local::legacy_snapshot(i.kv.as_ref()),
            local::legacy_queue(i.kv.as_ref()),
        )
    });
    let disk = match Disk::open().await {
        Ok(d) => Rc::new(d),
        Err(e) => {
            // No disk: run on the old copy, and leave it where it is.
            return Opened {
                disk: None,
                snapshot: old_snapshot.unwrap_or_default(),
                queue: old_queue,
                queue_failed: Some(queue_refused(&e)),
                snapshot_failed: Some(snapshot_refused(&e)),
            };
        }
    };
    let forget = |key: &str| store.inner.with_value(|i| i.kv.remove(key));
    let mut opened = Opened {
        disk: Some(disk.clone()),
        snapshot: Snapshot::default(),
        queue: None,
        queue_failed: None,
        snapshot_failed: None,
    };
    match disk.load().await {
        Ok((snapshot, queue)) => {
            opened.snapshot = snapshot;
            opened.queue = queue;
        }
        Err(e) => opened.snapshot_failed = Some(snapshot_refused(&e)),
    }
    if let Some(old) = old_snapshot {
        if opened.snapshot.is_empty() && !old.is_empty() {
            let records: Vec<_> = old.records().cloned().collect();
            match disk.save_snapshot(old.cursor, old.ahead(), &records).await {
                Ok(()) => forget(local::SNAPSHOT_KEY),
                Err(e) => opened.snapshot_failed = Some(snapshot_refused(&e)),
            }
            opened.snapshot = old;
        } else {
            forget(local::SNAPSHOT_KEY);
        }
    }
    if let Some(old) = old_queue {
        let (queue, written) = disk
            .update_queue(|stored| match stored {
                Some(mut here) => {
                    here.merge(old);
                    here
                }
                None => old,
            })
            .await;
        match written {
            Ok(_) => forget(local::QUEUE_KEY),
            Err(e) => opened.queue_failed = Some(queue_refused(&e)),
        }
        opened.queue = Some(queue);
    }
    opened
}

/// Applies `change` to the page's copy now and writes it in its turn.
pub(super) fn change(store: &RealmStore, change: Change) {
    store.inner.update_value(|i| change.apply(&mut i.queue));
    queued(store, vec![change]);
}

/// Writes `changes`, which the page's copy already holds, in its turn.
pub(super) fn queued(store: &RealmStore, changes: Vec<Change>) {
    let n = changes.len();
    store.inner.update_value(|i| i.unsaved.extend(changes));
    store.publish();
    let store = *store;
    // One stored write for the lot, so a bulk edit is kept whole or not at all.
    leptos::task::spawn_local(async move {
        transact(store, |q, i| {
            for _ in 0..n {
                if let Some(c) = i.unsaved.pop_front() {
                    c.apply(q);
                }
            }
        })
        .await;
    });
}

/// Runs `f` on the stored queue (and the store's state beside it) in its turn and stores the
/// result; the page's copy is then that queue with its waiting changes on top.
pub(super) async fn transact<R>(
    store: RealmStore,
    f: impl FnOnce(&mut Queue, &mut Inner) -> R,
) -> R {
    let _turn = turn().await;
    let (disk, shown) = store
        .inner
        .with_value(|i| (i.disk.clone(), overlay(&i.queue)));
    let mut out = None;
    let run = |stored: Option<Queue>| {
        let mut queue = None;
        store.inner.update_value(|i| {
            // While the disk refuses, this tab's copy is the only complete one.
            let mut q = match stored {
                Some(s) if i.queue_failed.is_none() => s,
                _ => i.saved.clone(),
            };
            out = Some(f(&mut q, i));
            queue = Some(q);
        });
        queue.expect("the store lives as long as the page")
    };
    let (queue, written) = match &disk {
        Some(d) => {
            let (q, w) = d.update_queue(run).await;
            (q, Some(w))
        }
        None => (run(None), None),
    };
    store.inner.update_value(|i| {
        i.saved = queue;
        i.requeue();
        if let Some(w) = &written {
            i.queue_failed = w.as_ref().err().map(|e| queue_refused(e));
        }
    });
    if matches!(written, Some(Ok(true))) {
        say_written();
    }
    // Another tab's edits came with the stored queue, or this one's left it (settled): those
    // records are taken in again.
    let moved = store
        .inner
        .with_value(|i| moved(&shown, &overlay(&i.queue)));
    store.refresh(&moved);
    store.publish();
    out.expect("the change ran")
}

/// What the queue's edits lay over the snapshot, by record: the last edit's body (`None`: a
/// delete). A sent flag or a renumbering is not a change the realm shows.
fn overlay(q: &Queue) -> BTreeMap<RecordKey, Option<serde_json::Value>> {
    q.mutations
        .iter()
        .map(|p| {
            let m = &p.mutation;
            (
                (m.kind.clone(), m.id),
                m.body.clone().filter(|_| m.op == Op::Put),
            )
        })
        .collect()
}

/// The records whose overlay differs between `a` and `b`. A record that left the queue is among
/// them: settling took its edit into the snapshot, or a conflict put the server's there.
fn moved(
    a: &BTreeMap<RecordKey, Option<serde_json::Value>>,
    b: &BTreeMap<RecordKey, Option<serde_json::Value>>,
) -> Vec<RecordKey> {
    let mut keys: Vec<RecordKey> = a
        .iter()
        .filter(|(k, v)| b.get(*k) != Some(*v))
        .map(|(k, _)| k.clone())
        .collect();
    keys.extend(b.keys().filter(|k| !a.contains_key(*k)).cloned());
    keys
}

/// Writes the records the snapshot took in since its last write, in its turn.
pub(super) async fn save_snapshot(store: RealmStore) {
    let _turn = turn().await;
    let Some((disk, cursor, ahead, records)) = store
        .inner
        .try_update_value(|i| {
            let disk = i.disk.clone()?;
            let records = i.snapshot.take_changed()?;
            Some((disk, i.snapshot.cursor, i.snapshot.ahead(), records))
        })
        .flatten()
    else {
        return;
    };
    let written = disk.save_snapshot(cursor, ahead, &records).await;
    store.inner.update_value(|i| match written {
        Ok(()) => i.snapshot_failed = None,
        Err(e) => {
            i.snapshot_failed = Some(snapshot_refused(&e));
            i.snapshot.unwritten(records);
        }
    });
    store.publish();
}

/// Tells the other tabs the queue was written.
fn say_written() {
    SAID.with(|c| {
        if let Some(c) = c.borrow().as_ref() {
            let _ = c.post_message(&wasm_bindgen::JsValue::from_str("queue"));
        }
    });
}

/// Listens for the other tabs' writes: the queue is read again, and the realm rebuilt if it moved.
fn listen(store: RealmStore) {
    let Ok(channel) = web_sys::BroadcastChannel::new(CHANNEL) else {
        return;
    };
    let heard = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |_| {
        leptos::task::spawn_local(reread(store));
    });
    channel.set_onmessage(Some(heard.as_ref().unchecked_ref()));
    // The page's listener lives as long as the page.
    heard.forget();
    SAID.with(|c| *c.borrow_mut() = Some(channel));
}

/// Reads the queue another tab wrote; only reads, so two tabs never answer each other for ever.
/// Its edits may touch any record, so the realm is read again in full, as rarely as tabs write.
async fn reread(store: RealmStore) {
    let _turn = turn().await;
    let Some(disk) = store.inner.with_value(|i| i.disk.clone()) else {
        return;
    };
    let Ok(Some(stored)) = disk.read_queue().await else {
        return;
    };
    let moved = store
        .inner
        .try_update_value(|i| {
            if i.queue_failed.is_some() || i.saved == stored {
                return false;
            }
            i.saved = stored;
            i.requeue();
            true
        })
        .unwrap_or(false);
    if moved {
        store.rebuild();
        store.publish();
    }
}
