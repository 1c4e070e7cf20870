//! The two pieces every routed bundle's shell is made of (all but `app/map`, which has one page
//! and no router): the navigation bar marking the routed page, and the fallback for a
//! path the bundle does not route.

use crate::bundle;
use crate::components::nav_bar::NavBar;
use crate::components::not_found_page::NotFoundPage;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

/// The navigation bar under a router, marking the page the router shows.
#[component]
pub fn RoutedNavBar() -> impl IntoView {
    let location = use_location();
    view! { <NavBar path=location.pathname /> }
}

/// What the shell shows for a path it does not route (a link without `bundle::link_rel`, a
/// programmatic navigation): another bundle's page is loaded in full, replacing the history
/// entry the router adds for it; a path nobody owns, or one this very page load was for, is
/// "not found" — never a reload loop.
#[component]
pub fn Elsewhere() -> impl IntoView {
    let location = use_location();
    let (path, search, hash) = (
        location.pathname.get_untracked(),
        location.search.get_untracked(),
        location.hash.get_untracked(),
    );
    if let Some(href) = bundle::load_elsewhere(&path, &search, &hash) {
        // The router writes the new address to the history only after this view is built (on a
        // microtask); loading the other bundle from a task queued behind it replaces that entry,
        // so Back returns to the page the link was on instead of skipping it.
        set_timeout(
            move || {
                let _ = window().location().replace(&href);
            },
            std::time::Duration::ZERO,
        );
        return view! { <p class="loading">"Opening…"</p> }.into_any();
    }
    view! { <NotFoundPage /> }.into_any()
}
