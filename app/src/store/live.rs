//! Live updates: the server's poke stream (`GET /api/live`, Server-Sent Events; `server/src/live.rs`)
//! tells the store the moment something changed elsewhere — an edit, a vote's rating change, a
//! battle — and the store pulls. Polling stays only as the fallback, for when the stream is
//! down or blocked: slower than the stream, and paused while the tab is hidden (a hidden tab
//! pulls when it is shown again).
//!
//! The browser's `EventSource` reconnects a dropped stream by itself (after the server's
//! `retry`), and the first poke of each connection says where things stand, so a page that was
//! cut off catches up as soon as the stream is back.

use super::{sync, RealmStore};
use engine::wire::Poke;
use leptos::prelude::*;
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// How often a page pulls while the stream is down.
pub const FALLBACK_EVERY: Duration = Duration::from_secs(30);

/// Opens the stream and starts the fallback.
pub fn start(store: RealmStore) {
    let open = Rc::new(Cell::new(false));
    if let Ok(source) = web_sys::EventSource::new("/api/live") {
        let up = open.clone();
        let on_open = Closure::<dyn FnMut()>::new(move || {
            up.set(true);
            store.status.update(|s| s.live = true);
        });
        let down = open.clone();
        // The browser retries by itself; until it is back, the fallback pulls.
        let on_error = Closure::<dyn FnMut()>::new(move || {
            down.set(false);
            store.status.update(|s| s.live = false);
        });
        let on_poke =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let poke = e
                    .data()
                    .as_string()
                    .and_then(|d| serde_json::from_str::<Poke>(&d).ok());
                if let Some(poke) = poke {
                    poked(store, poke);
                }
            });
        source.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        source.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let _ = source.add_event_listener_with_callback("poke", on_poke.as_ref().unchecked_ref());
        // The stream lives as long as the page.
        std::mem::forget((source, on_open, on_error, on_poke));
    }
    set_interval(
        move || {
            if !open.get() && !hidden() {
                sync::request(&store);
            }
        },
        FALLBACK_EVERY,
    );
    let shown = window_event_listener(leptos::ev::visibilitychange, move |_| {
        if !hidden() {
            sync::request(&store);
        }
    });
    std::mem::forget(shown);
}

/// Whether the tab is hidden.
fn hidden() -> bool {
    document().hidden()
}

/// A poke: pull when the server has news, and count battles stored elsewhere.
fn poked(store: RealmStore, poke: Poke) {
    let (behind, moved) = store
        .inner
        .try_update_value(|i| {
            let moved = i.battles_seen.is_some_and(|b| b != poke.battles);
            i.battles_seen = Some(poke.battles);
            (i.snapshot.cursor < poke.cursor, moved)
        })
        .unwrap_or_default();
    if behind {
        sync::request(&store);
    }
    if moved {
        store.battles_moved.update(|n| *n += 1);
    }
}
