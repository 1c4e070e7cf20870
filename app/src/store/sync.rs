//! The sync: push the queue, pull what changed, rebuild the realm. One run at a time; a request
//! during a run makes it go round once more. A server that cannot be reached is retried with
//! backoff; other people's changes arrive when the server pokes (`live.rs`).

use super::saving::{self, transact};
use super::status::Reach;
use super::{RealmStore, Source};
use crate::api::{self, ApiError};
use engine::wire::{ErrorBody, PushRequest, VoteBatch};
use leptos::prelude::*;
use std::time::Duration;

/// The first retry after a failure; it doubles up to [`MAX_RETRY_MS`].
pub const FIRST_RETRY_MS: u32 = 1_000;
const MAX_RETRY_MS: u32 = 15_000;
/// Mutations per push.
const BATCH: usize = 200;

/// Resolves once the browser has drawn the page as it stands (the next frame, then a task), or
/// after a fifth of a second in a tab that draws no frames (a hidden one).
async fn after_paint() {
    use wasm_bindgen::{closure::Closure, JsCast};
    let Some(window) = web_sys::window() else {
        return;
    };
    let drawn = js_sys::Promise::new(&mut |resolve: js_sys::Function, _| {
        let w = window.clone();
        let again = resolve.clone();
        let frame = Closure::once_into_js(move || {
            let _ = w.set_timeout_with_callback(&again);
        });
        let _ = window.request_animation_frame(frame.unchecked_ref());
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 200);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(drawn).await;
}

/// Starts the first sync and the triggers of the later ones.
pub fn start(store: RealmStore) {
    request(&store);
    super::live::start(store);
    let online = window_event_listener(leptos::ev::online, move |_| store.sync_now());
    let focus = window_event_listener(leptos::ev::focus, move |_| request(&store));
    // The store lives as long as the page: its listeners do too.
    std::mem::forget((online, focus));
}

/// Asks for a sync: starts one, or makes the running one go round again.
pub fn request(store: &RealmStore) {
    let start = store
        .inner
        .try_update_value(|i| {
            if i.running {
                i.again = true;
                false
            } else {
                i.running = true;
                true
            }
        })
        .unwrap_or(false);
    if start {
        let store = *store;
        leptos::task::spawn_local(run(store));
    }
}

async fn run(store: RealmStore) {
    store.status.update(|s| s.syncing = true);
    loop {
        let result = once(store).await;
        match result {
            Ok(()) => {
                store.inner.update_value(|i| i.retry_ms = FIRST_RETRY_MS);
                store.status.update(|s| {
                    s.reach = Reach::Online;
                    s.error = None;
                });
            }
            Err(e) => {
                let reach = match e {
                    ApiError::Unreachable(_) => Reach::Offline,
                    _ => Reach::Online,
                };
                store.status.update(|s| {
                    s.reach = reach;
                    s.error = Some(e.to_string());
                });
                if store.source.with_untracked(|s| *s == Source::Loading) {
                    store.source.set(Source::Failed(e.to_string()));
                }
                schedule_retry(store);
            }
        }
        let again = store
            .inner
            .try_update_value(|i| {
                let again = std::mem::take(&mut i.again);
                i.running = again;
                again
            })
            .unwrap_or(false);
        if !again {
            break;
        }
    }
    store.status.update(|s| s.syncing = false);
    store.publish();
}

/// Retries after the current backoff, which then doubles.
fn schedule_retry(store: RealmStore) {
    let delay = store.inner.try_update_value(|i| {
        if i.retry_scheduled {
            return None;
        }
        i.retry_scheduled = true;
        let d = i.retry_ms;
        i.retry_ms = (i.retry_ms * 2).min(MAX_RETRY_MS);
        Some(d)
    });
    if let Some(Some(ms)) = delay {
        set_timeout(
            move || {
                store.inner.update_value(|i| i.retry_scheduled = false);
                request(&store);
            },
            Duration::from_millis(ms.into()),
        );
    }
}

/// One round: edits (with the key), votes, battles, then the pull and the rebuild.
async fn once(store: RealmStore) -> Result<(), ApiError> {
    push_edits(store).await?;
    push_votes(store).await?;
    push_battles(store).await?;
    let since = store.inner.with_value(|i| i.snapshot.cursor);
    let pull = api::pull(since).await?;
    let keys: Vec<_> = pull
        .records
        .iter()
        .map(|r| (r.kind.clone(), r.id))
        .collect();
    store.inner.update_value(|i| i.snapshot.apply_pull(pull));
    let first = store.realm.with_untracked(Option::is_none);
    if first {
        store.rebuild();
    } else {
        store.refresh(&keys);
    }
    store.source.set(Source::Server);
    if first {
        // Writing a whole realm to the disk holds the page for a moment (one record at a time,
        // hundreds of them): the page it came for is drawn first.
        after_paint().await;
    }
    saving::save_snapshot(store).await;
    Ok(())
}

/// Pushes the queued collection edits in batches. Without a key, or with one the server refuses,
/// they stay queued and the badge says "locked"; votes and battles still go.
async fn push_edits(store: RealmStore) -> Result<(), ApiError> {
    let Some(key) = store.editor_key.get_untracked() else {
        return Ok(());
    };
    loop {
        let (batch, check) = transact(store, |q, i| (q.batch(BATCH), !i.key_checked)).await;
        // With nothing queued, an empty push still checks a newly entered key.
        let request = match (batch, check) {
            (Some(b), _) => b,
            (None, true) => PushRequest {
                client_id: store.inner.with_value(|i| i.queue.client_id.clone()),
                mutations: Vec::new(),
            },
            (None, false) => return Ok(()),
        };
        let empty = request.mutations.is_empty();
        match api::push(&request, &key).await {
            Ok(answer) => {
                let renumbered = transact(store, |q, i| {
                    i.key_checked = true;
                    q.settle(&answer, &mut i.snapshot).renumbered
                })
                .await;
                saving::save_snapshot(store).await;
                store.status.update(|s| s.locked = false);
                store.publish();
                if empty && !renumbered {
                    return Ok(());
                }
            }
            Err(ApiError::Unauthorized) => {
                store.status.update(|s| s.locked = true);
                return Ok(());
            }
            Err(e) => return Err(e),
        }
    }
}

/// Sends the queued votes as one batch and keeps what the server made of each.
async fn push_votes(store: RealmStore) -> Result<(), ApiError> {
    // What is on disk, so a vote another tab queued is sent once, by whichever tab gets there.
    let votes = transact(store, |q, _| q.votes.clone()).await;
    if votes.is_empty() {
        return Ok(());
    }
    let n = votes.len();
    let batch = VoteBatch { votes };
    let sent = batch.votes.clone();
    match api::post_votes(&batch).await {
        Ok(answer) => {
            transact(store, |q, _| q.votes.retain(|v| !sent.contains(v))).await;
            store
                .vote_results
                .set(batch.votes.into_iter().zip(answer.results).collect());
            Ok(())
        }
        Err(ApiError::Status(code, error)) if refused_for_good(code) => {
            transact(store, |q, _| {
                q.votes.retain(|v| !sent.contains(v));
                q.refused.push(refusal(format!("{n} votes"), code, error));
            })
            .await;
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// Sends each queued battle; one the server already holds counts as sent.
async fn push_battles(store: RealmStore) -> Result<(), ApiError> {
    let battles = transact(store, |q, _| q.battles.clone()).await;
    for entry in battles {
        let outcome = api::post_battle(&entry).await;
        let refused = match outcome {
            Ok(()) => None,
            Err(ApiError::Status(code, error)) if refused_for_good(code) => {
                let id = entry
                    .id()
                    .map_or_else(|| "?".to_string(), |id| id.to_string());
                Some(refusal(format!("battle {id}"), code, error))
            }
            Err(e) => return Err(e),
        };
        transact(store, |q, _| {
            q.battles.retain(|b| *b != entry);
            q.refused.extend(refused);
        })
        .await;
    }
    Ok(())
}

/// Whether an error status means the server will never take this (drop it, show why) rather
/// than "not now": a rate limit (429) or a busy server (503) is tried again later.
fn refused_for_good(code: u16) -> bool {
    (400..500).contains(&code) && code != 429 && code != 408
}

fn refusal(what: String, code: u16, error: Option<ErrorBody>) -> super::Refusal {
    super::Refusal {
        what,
        error: error.unwrap_or(ErrorBody {
            code: code.to_string(),
            message: format!("the server answered {code}"),
            field: None,
        }),
    }
}
