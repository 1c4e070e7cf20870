//! The navigation bar across the top of every page.

use crate::store::{use_realm_store, Source};
use leptos::prelude::*;
use leptos_router::components::A;

/// Links to every route, and where the realm on screen came from.
#[component]
pub fn NavBar() -> impl IntoView {
    let store = use_realm_store();
    let status = move || match store.source.get() {
        Source::Loading => ("loading", "Loading…".to_string()),
        Source::Cache => ("cache", "Saved copy".to_string()),
        Source::Server => ("online", "Up to date".to_string()),
        Source::Failed(e) => ("failed", format!("Offline: {e}")),
    };
    view! {
        <header class="nav-bar">
            <a class="brand" href="/map">"Brickrealm"</a>
            <nav aria-label="Main">
                <A href="/map">"Map"</A>
                <A href="/arena">"Arena"</A>
                <A href="/archive">"Archive"</A>
                <A href="/history">"History"</A>
                <A href="/editor">"Editor"</A>
                <A href="/lab">"Battle Lab"</A>
            </nav>
            <span class="realm-status" data-status=move || status().0 title=move || status().1>
                {move || status().1}
            </span>
        </header>
    }
}
