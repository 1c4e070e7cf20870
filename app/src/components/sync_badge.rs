//! The status badge in the navigation bar, always visible: online, offline, syncing, what is
//! pending, a conflict, or locked. Clicking it opens a panel that explains the state, offers
//! "Sync now", takes the editor key, and shows each conflict side by side with a choice.

use crate::store::{differing_fields, use_realm_store, Badge, Choice, Conflict, RealmStore};
use leptos::prelude::*;

/// Where to find the badge, for the read-only notes that send the reader to it. The badge sits at
/// the right of the bar on a wide screen but beside the brand on a phone, so the words name the
/// bar, not a side; one phrase keeps every note true at every width.
pub const WHERE_THE_BADGE_IS: &str = "the status badge in the navigation bar at the top";

/// The badge and its panel.
#[component]
pub fn SyncBadge() -> impl IntoView {
    let store = use_realm_store();
    let open = RwSignal::new(false);
    let badge = move || store.status.with(|s| s.badge());
    view! {
        <div class="sync">
            <button
                class="realm-status"
                data-status=move || badge().name()
                data-live=move || store.status.with(|s| s.live).to_string()
                data-storage=move || store.status.with(|s| if s.storage.is_some() { "refused" } else { "ok" })
                aria-expanded=move || open.get().to_string()
                title="Sync status: click for details"
                on:click=move |_| open.update(|o| *o = !*o)
            >
                {move || store.status.with(|s| match s.storage {
                    Some(_) => format!("{} · not stored", s.label()),
                    None => s.label(),
                })}
            </button>
            <Show when=move || open.get()>
                <SyncPanel store close=move || open.set(false) />
            </Show>
        </div>
    }
}

/// What the badge's state means, in a sentence.
fn explain(badge: Badge) -> &'static str {
    match badge {
        Badge::Conflict => "Someone else changed a record you edited. Pick which version to keep.",
        Badge::Locked => "Locked — enter the editor key. Your edits are kept and will be sent once the key is accepted.",
        Badge::Syncing => "Talking to the server now.",
        Badge::Offline => "The server cannot be reached. Everything you do is kept in this browser and sent when it is back.",
        Badge::Pending => "Your work is saved in this browser and waiting to be sent.",
        Badge::Synced => "Everything you did is on the server.",
        Badge::Connecting => "Looking for the server…",
    }
}

#[component]
fn SyncPanel(store: RealmStore, close: impl Fn() + Clone + Send + Sync + 'static) -> impl IntoView {
    let status = store.status;
    view! {
        <section class="sync-panel" role="dialog" aria-label="Sync status">
            <p class="sync-explain">{move || explain(status.with(|s| s.badge()))}</p>
            <p class="sync-counts">
                {move || status.with(|s| format!("{} pending · {} conflicts", s.pending, s.conflicts))}
            </p>
            <p class="sync-live">
                {move || if status.with(|s| s.live) {
                    "Live: other people's changes appear here as they are made.".to_string()
                } else {
                    format!(
                        "Other people's changes are checked for every {} seconds while this tab is shown.",
                        crate::store::FALLBACK_EVERY.as_secs()
                    )
                }}
            </p>
            {move || status.with(|s| s.storage.clone()).map(|e| view! { <p class="sync-storage" role="alert">{e}</p> })}
            {move || status.with(|s| s.error.clone()).map(|e| view! { <p class="sync-error">{e}</p> })}
            <div class="sync-actions">
                <button class="sync-now" on:click=move |_| store.sync_now()>"Sync now"</button>
                <button class="sync-close" on:click={
                    let close = close.clone();
                    move |_| close()
                }>"Close"</button>
            </div>
            <KeyForm store />
            <For
                each=move || store.conflicts.get().into_iter().enumerate()
                key=|(i, c)| (*i, c.kind.clone(), c.id, c.theirs.revision)
                children=move |(i, c)| view! { <ConflictView store index=i conflict=c /> }
            />
            <Refusals store />
        </section>
    }
}

/// Unlocks collection editing with the editor key, or forgets it.
#[component]
fn KeyForm(store: RealmStore) -> impl IntoView {
    let typed = RwSignal::new(String::new());
    let has_key = move || store.editor_key.with(Option::is_some);
    let locked = move || store.status.with(|s| s.locked);
    view! {
        <div class="key-form">
            <Show
                when=move || has_key() && !locked()
                fallback=move || view! {
                    <form on:submit=move |ev| {
                        ev.prevent_default();
                        store.unlock(typed.get_untracked());
                        typed.set(String::new());
                    }>
                        <label>
                            {move || if has_key() { "The editor key was refused. Editor key:" } else { "Editor key (to edit the collection):" }}
                            <input type="password" name="editor-key" autocomplete="current-password"
                                prop:value=move || typed.get()
                                on:input=move |ev| typed.set(event_target_value(&ev)) />
                        </label>
                        <button type="submit" class="unlock">"Unlock"</button>
                    </form>
                }
            >
                <p>
                    "Editing is unlocked in this browser. "
                    <button class="forget-key" on:click=move |_| store.forget_key()>"Forget the key"</button>
                </p>
            </Show>
        </div>
    }
}

/// One conflict: the fields that differ, mine beside theirs, and the choice.
#[component]
fn ConflictView(store: RealmStore, index: usize, conflict: Conflict) -> impl IntoView {
    let rows = differing_fields(conflict.mine.as_ref(), conflict.theirs.body.as_ref());
    let deleted = conflict.theirs.deleted;
    view! {
        <div class="conflict" data-kind=conflict.kind.clone() data-id=conflict.id>
            <h3>{format!("Conflict: {} {}", conflict.kind, conflict.id)}</h3>
            <table>
                <thead><tr><th>"Field"</th><th>"Mine"</th><th>"Theirs"</th></tr></thead>
                <tbody>
                    {rows.into_iter().map(|r| view! {
                        <tr><th scope="row">{r.field}</th><td class="mine">{r.mine}</td><td class="theirs">{r.theirs}</td></tr>
                    }).collect_view()}
                </tbody>
            </table>
            <div class="conflict-actions">
                <Show when=move || !deleted fallback=|| view! { <span>"Deleted on the server: it cannot come back. "</span> }>
                    <button class="keep-mine" on:click=move |_| store.resolve(index, Choice::Mine)>"Keep mine"</button>
                </Show>
                <button class="keep-theirs" on:click=move |_| store.resolve(index, Choice::Theirs)>"Keep theirs"</button>
            </div>
        </div>
    }
}

/// Work the server refused, each with its reason, until dismissed.
#[component]
fn Refusals(store: RealmStore) -> impl IntoView {
    view! {
        <Show when=move || store.refused.with(|r| !r.is_empty())>
            <h3>"Refused by the server"</h3>
            <ul class="refused">
                {move || store.refused.get().into_iter().enumerate().map(|(i, r)| {
                    let field = r.error.field.map(|f| format!(" ({f})")).unwrap_or_default();
                    // A battle fought on a realm the server can no longer rebuild: offer the map.
                    let again = (r.error.code == "realm_changed").then(|| view! {
                        " "
                        <a class="fight-again" href="/map" rel=crate::bundle::link_rel("/map")>
                            "Fight it again on the map"
                        </a>
                    });
                    view! {
                        <li>
                            {format!("{}: {}{}", r.what, r.error.message, field)}
                            {again}
                            " "
                            <button on:click=move |_| store.dismiss_refusal(i)>"Dismiss"</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </Show>
    }
}
