//! `/history/:id`: one battle of Realm History fought again from its own record — the recorded
//! set-up and seed, never today's collection (SPEC §14) — with the route on the map, the set-up,
//! the rounds and the victory. The address is the share link. A battle still waiting in this
//! browser to be sent (fought offline, say) is shown from the queue, so the victory screen's link
//! works before the battle has synced.

use app::api;
use app::components::battle_labels::{system_label, utc};
use app::components::battle_report::{BattleResult, SetupTable};
use app::components::route_map::RouteMap;
use app::store::use_realm_store;
use engine::wire::{BattleSource, ReplayEntry};
use engine::{replay, BattleRecord};
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;
use std::sync::Arc;

/// The replay page.
#[component]
pub fn ReplayPage() -> impl IntoView {
    let params = use_params_map();
    let id = move || params.with(|p| p.get("id").and_then(|s| s.parse::<u64>().ok()));
    let entry = LocalResource::new(move || {
        let id = id();
        async move {
            match id {
                Some(id) => api::battle(id).await.map_err(|e| e.to_string()),
                None => Err("that is not a battle number".to_string()),
            }
        }
    });
    view! {
        <p class="back"><a href="/history" rel=app::bundle::link_rel("/history")>"← Realm History"</a></p>
        {move || match entry.get() {
            None => view! { <p class="loading">"Loading the battle…"</p> }.into_any(),
            Some(Err(e)) => view! { <Waiting id=id() error=e /> }.into_any(),
            Some(Ok(e)) => view! { <Replay entry=e /> }.into_any(),
        }}
    }
}

/// A battle the server could not give (out of reach, or not sent yet): the one waiting in this
/// browser's queue under that number, else "not found" with the server's reason.
#[component]
fn Waiting(id: Option<u64>, error: String) -> impl IntoView {
    let store = use_realm_store();
    let queued = move || id.and_then(|id| store.queued_battle(id));
    move || match queued() {
        Some((entry, same_realm)) => {
            let note = if same_realm {
                "This battle waits in your browser to be sent to Realm History; it goes when the server is reachable, and the server records this very result."
            } else {
                "This battle waits in your browser to be sent to Realm History. Your copy of the realm has changed since it was fought, so it is shown as it comes out on your copy now; Realm History records it as it was fought."
            };
            view! {
                <p class="queued-note" role="status">{note}</p>
                <Replay entry=entry />
            }
            .into_any()
        }
        None => view! {
            <h1>"Battle not found"</h1>
            <p class="load-error" role="alert">{error.clone()}</p>
        }
        .into_any(),
    }
}

/// The battle fought again from its record, beside what was recorded.
#[component]
fn Replay(entry: ReplayEntry) -> impl IntoView {
    let store = use_realm_store();
    let input = entry.record.input.clone();
    let outcome = replay(&input);
    let same = entry.recorded(&outcome);
    let replayed = Arc::new(BattleRecord {
        winner: outcome.winner(),
        input,
        outcome,
    });
    let s = Arc::new(replayed.input.setup.clone());
    let title = format!("{} against {}", s.attacker.name, s.defender.name);
    let system = system_label(replayed.input.system.name());
    let source = match entry.source {
        BattleSource::Map => "on the map",
        BattleSource::Editor => "in the editor",
    };
    let route = s.route.clone();
    let map = move || {
        store
            .realm
            .with(|r| r.as_ref().map(|r| Arc::new(r.map.clone())))
    };
    view! {
        <article class="replay" data-id=entry.id.to_string() data-same=same.to_string()>
            <h1>{title}</h1>
            <p class="lead">{format!("{system}, fought {source} on {} UTC.", utc(entry.timestamp))}</p>
            {if same {
                view! { <p class="verified">{format!("Fought again from seed {}: identical to the record.", replayed.input.seed)}</p> }.into_any()
            } else {
                view! { <p class="load-error" role="alert">"Fought again from its seed, this battle comes out differently from its record: the record was made by other rules."</p> }.into_any()
            }}
            {move || map().map(|m| view! { <RouteMap map=m route=route.clone() /> })}
            <section class="battle-panel" aria-label="Battle">
                <SetupTable s=s.clone() />
                <BattleResult record=replayed.clone() history_id=entry.id />
            </section>
            <p class="share">"Share this battle: " <a class="share-link" href=format!("/history/{}", entry.id)>{format!("/history/{}", entry.id)}</a></p>
        </article>
    }
}
