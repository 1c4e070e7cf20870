//! The navigation bar across the top of every page.

use crate::components::sync_badge::SyncBadge;
use leptos::prelude::*;
use leptos_router::components::A;

/// Links to every route, and the sync status badge.
#[component]
pub fn NavBar() -> impl IntoView {
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
            <SyncBadge />
        </header>
    }
}
