//! The realm as the app holds it: a signal every page reads, filled from browser storage at
//! once and then from the server. The offline-first queue and sync build on this module.

use crate::api;
use engine::Realm;
use leptos::prelude::*;
use std::sync::Arc;

/// localStorage key of the cached document. The version suffix changes with the format.
const CACHE_KEY: &str = "brickrealm.realm.v1";

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

/// The realm and where it came from, provided to every page.
#[derive(Clone, Copy)]
pub struct RealmStore {
    /// The document, shared rather than cloned: it holds a 38,400-cell map.
    pub realm: RwSignal<Option<Arc<Realm>>>,
    /// Where `realm` came from.
    pub source: RwSignal<Source>,
}

/// Creates the store, shows the cached copy at once, and refreshes from the server.
pub fn provide_realm_store() {
    let store = RealmStore {
        realm: RwSignal::new(None),
        source: RwSignal::new(Source::Loading),
    };
    if let Some(cached) = read_cache() {
        store.realm.set(Some(Arc::new(cached)));
        store.source.set(Source::Cache);
    }
    provide_context(store);
    leptos::task::spawn_local(async move {
        match api::fetch_realm().await {
            Ok(realm) => {
                write_cache(&realm);
                store.realm.set(Some(Arc::new(realm)));
                store.source.set(Source::Server);
            }
            Err(e) => {
                if store.realm.with_untracked(Option::is_none) {
                    store.source.set(Source::Failed(e.to_string()));
                }
            }
        }
    });
}

/// The store provided by [`provide_realm_store`].
pub fn use_realm_store() -> RealmStore {
    expect_context::<RealmStore>()
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn read_cache() -> Option<Realm> {
    let text = storage()?.get_item(CACHE_KEY).ok()??;
    // A copy written by an older build that no longer parses is simply dropped.
    serde_json::from_str(&text).ok()
}

fn write_cache(realm: &Realm) {
    if let (Some(s), Ok(text)) = (storage(), serde_json::to_string(realm)) {
        // A full storage quota only costs the offline copy, never the page.
        let _ = s.set_item(CACHE_KEY, &text);
    }
}
