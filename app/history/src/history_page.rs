//! `/history`: Realm History — every battle fought on the map or in the editor, newest first,
//! a page at a time ("Show older battles"), with filters, and the tallies per system and per
//! faction, a faction's record over time and the exports over *every* matching battle (the server
//! counts them and streams the exports). Each row opens its replay (`/history/:id`, the
//! replay bundle's page, so the link is a full page load).

mod chart;

use app::api::{self, HistoryQuery};
use app::components::battle_labels::{system_label, utc};
use app::components::page_intro::PageIntro;
use app::store::use_realm_store;
use chart::RecordChart;
use engine::wire::{HistoryEntry, HistoryListing};
use leptos::prelude::*;

/// The History page.
#[component]
pub fn HistoryPage() -> impl IntoView {
    let store = use_realm_store();
    let query = RwSignal::new(HistoryQuery::default());
    // Refetch when the filters change, when queued battles reach the server and when the server
    // says battles were stored elsewhere.
    let listing = LocalResource::new(move || {
        let q = query.get();
        let _ = store.status.with(|s| s.pending);
        let _ = store.battles_moved.get();
        async move { api::history(&q, None).await }
    });
    let name = move |id: u64| {
        store.realm.with_untracked(|r| {
            r.as_ref()
                .and_then(|r| r.faction(id))
                .map_or_else(|| format!("faction {id}"), |f| f.name.clone())
        })
    };
    view! {
        <PageIntro title="History" lead="Every battle of the realm, newest first. Open one to replay it from its seed." />
        <Filters query />
        {move || match listing.get() {
            None => view! { <p class="loading">"Loading the history…"</p> }.into_any(),
            Some(Err(e)) => view! {
                <p class="load-error" role="alert">{format!("The history could not be loaded: {e}")}</p>
            }.into_any(),
            Some(Ok(l)) => view! { <Listing listing=l query=query.get_untracked() name /> }.into_any(),
        }}
    }
}

/// Faction, system and date filters.
#[component]
fn Filters(query: RwSignal<HistoryQuery>) -> impl IntoView {
    let store = use_realm_store();
    let factions = move || store.faction_names();
    let systems = ["v2", "v1", "warfare", "olympia", "mass_battle"];
    view! {
        <form class="history-filters" on:submit=|ev| ev.prevent_default()>
            <label>"Faction "
                <select name="faction" on:change=move |ev| {
                    let v = event_target_value(&ev).parse().ok();
                    query.update(|q| q.faction = v);
                }>
                    <option value="">"All factions"</option>
                    {move || factions().into_iter().map(|(id, n)| view! {
                        <option value=id selected=move || query.with(|q| q.faction == Some(id))>{n}</option>
                    }).collect_view()}
                </select>
            </label>
            <label>"System "
                <select name="system" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    query.update(|q| q.system = (!v.is_empty()).then_some(v));
                }>
                    <option value="">"All systems"</option>
                    {systems.into_iter().map(|s| view! { <option value=s>{system_label(s)}</option> }).collect_view()}
                </select>
            </label>
            <label>"From "
                <input type="date" name="from" on:change=move |ev| {
                    let v = day_start(&event_target_value(&ev));
                    query.update(|q| q.from = v);
                } />
            </label>
            <label>"To "
                <input type="date" name="to" on:change=move |ev| {
                    // The whole of the last day is included.
                    let v = day_start(&event_target_value(&ev)).map(|t| t + 86_400_000);
                    query.update(|q| q.to = v);
                } />
            </label>
        </form>
    }
}

/// The start of a `YYYY-MM-DD` day in UTC, ms since the epoch.
fn day_start(day: &str) -> Option<i64> {
    let t = js_sys::Date::parse(&format!("{day}T00:00:00Z"));
    t.is_finite().then_some(t as i64)
}

/// Tallies, chart, exports and the rows of one listing, with older pages on request.
#[component]
fn Listing(
    listing: HistoryListing,
    query: HistoryQuery,
    name: impl Fn(u64) -> String + Copy + Send + Sync + 'static,
) -> impl IntoView {
    if listing.entries.is_empty() {
        return view! {
            <p class="history-empty">"No battles yet. Drag one faction's marker onto another on the map to fight one."</p>
        }
        .into_any();
    }
    let battles = listing.battles;
    let rows = RwSignal::new(listing.entries);
    let next = RwSignal::new(listing.next);
    let loading = RwSignal::new(false);
    let failed = RwSignal::new(None::<String>);
    let older = {
        let query = query.clone();
        move |_| {
            let Some(cursor) = next.get_untracked() else {
                return;
            };
            let query = query.clone();
            loading.set(true);
            leptos::task::spawn_local(async move {
                match api::history(&query, Some(&cursor)).await {
                    Ok(page) => {
                        rows.update(|r| r.extend(page.entries));
                        next.set(page.next);
                        failed.set(None);
                    }
                    Err(e) => failed.set(Some(e.to_string())),
                }
                loading.set(false);
            });
        }
    };
    let shown = move || rows.with(Vec::len);
    view! {
        <p class="exports">
            {format!("{battles} {}. Export all: ", if battles == 1 { "battle" } else { "battles" })}
            <a class="export-csv" download="realm-history.csv" href=query.export_url("csv")>"CSV"</a>
            " · "
            <a class="export-json" download="realm-history.json" href=query.export_url("json")>"JSON"</a>
        </p>
        <div class="history-tallies">
            <table class="system-tallies">
                <caption>"By system"</caption>
                <thead><tr><th>"System"</th><th>"Battles"</th><th>"Attacker won"</th><th>"Defender won"</th></tr></thead>
                <tbody>
                    {listing.tallies.into_iter().map(|t| view! {
                        <tr data-system=t.system.clone()>
                            <th scope="row">{system_label(&t.system)}</th>
                            <td>{t.battles}</td><td>{t.attacker_wins}</td><td>{t.defender_wins}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            <table class="faction-tallies">
                <caption>"By faction"</caption>
                <thead><tr><th>"Faction"</th><th>"Won"</th><th>"Lost"</th><th>"As attacker"</th><th>"As defender"</th></tr></thead>
                <tbody>
                    {listing.factions.into_iter().map(|t| view! {
                        <tr data-faction=t.faction>
                            <th scope="row">{name(t.faction)}</th>
                            <td class="won">{t.won()}</td><td class="lost">{t.lost()}</td>
                            <td>{format!("{}–{}", t.attack_won, t.attack_lost)}</td>
                            <td>{format!("{}–{}", t.defence_won, t.defence_lost)}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
        {match query.faction {
            Some(f) => view! { <RecordChart points=listing.record faction=f name=name(f) /> }.into_any(),
            None => view! { <p class="fine">"Pick a faction to chart its record over time."</p> }.into_any(),
        }}
        <Rows rows name />
        <p class="history-more">
            <span class="shown">{move || format!("Showing the newest {} of {battles}.", shown())}</span>
            {move || next.with(Option::is_some).then(|| view! {
                " "
                <button type="button" class="older" on:click=older.clone() disabled=move || loading.get()>
                    {move || if loading.get() { "Loading…" } else { "Show older battles" }}
                </button>
            })}
            {move || failed.get().map(|e| view! { <span class="load-error" role="alert">{format!(" Could not load more: {e}")}</span> })}
        </p>
    }
    .into_any()
}

/// The battles, newest first, each opening its replay.
#[component]
fn Rows(
    rows: RwSignal<Vec<HistoryEntry>>,
    name: impl Fn(u64) -> String + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <table class="history-rows">
            <thead><tr><th>"When (UTC)"</th><th>"System"</th><th>"Attacker"</th><th>"Defender"</th><th>"Winner"</th><th></th></tr></thead>
            <tbody>
                <For each=move || rows.get() key=|e| e.id let:e>
                    <tr class="history-row" data-id=e.id.to_string() data-winner=e.winner.clone()>
                        <td>{utc(e.timestamp)}</td>
                        <td><span class="system-tag" data-system=e.system.clone()>{system_label(&e.system)}</span></td>
                        <td>{name(e.attacker)}</td>
                        <td>{name(e.defender)}</td>
                        <td class="winner">{if e.attacker_won() { name(e.attacker) } else { name(e.defender) }}</td>
                        <td><a class="replay-link" href=format!("/history/{}", e.id) rel=app::bundle::link_rel("/history/1")>"Replay"</a></td>
                    </tr>
                </For>
            </tbody>
        </table>
    }
}
