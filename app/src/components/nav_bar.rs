//! The navigation bar across the top of every page.

use crate::bundle;
use crate::components::sync_badge::SyncBadge;
use leptos::prelude::*;
use leptos_router::components::A;

/// Every route, in the bar's order.
const LINKS: [(&str, &str); 6] = [
    ("/map", "Map"),
    ("/arena", "Arena"),
    ("/archive", "Archive"),
    ("/history", "History"),
    ("/editor", "Editor"),
    ("/lab", "Battle Lab"),
];

/// Links to every route, and the sync status badge. A route of this bundle is a router link; a
/// route of another bundle is an ordinary link (`rel="external"` keeps the router off it), so
/// the browser loads that bundle.
#[component]
pub fn NavBar() -> impl IntoView {
    let links = LINKS
        .iter()
        .map(|&(href, label)| {
            if bundle::is_here(href) {
                view! { <A href=href>{label}</A> }.into_any()
            } else {
                view! { <a href=href rel="external">{label}</a> }.into_any()
            }
        })
        .collect_view();
    let brand_rel = bundle::link_rel("/map");
    view! {
        <header class="nav-bar">
            <a class="brand" href="/map" rel=brand_rel>"Brickrealm"</a>
            <nav aria-label="Main">{links}</nav>
            <SyncBadge />
        </header>
    }
}
