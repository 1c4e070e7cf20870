//! The tabs across the arena's pages. Voting is the arena bundle's page and the standings and
//! seasons the standings bundle's, so a tab to the other bundle is an ordinary link
//! (`rel="external"`, a page load) and a tab within the same bundle is followed by its router.

use crate::bundle;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

/// The tabs, in order.
const TABS: [(&str, &str); 3] = [
    ("/arena", "Vote"),
    ("/arena/standings", "Standings"),
    ("/arena/seasons", "Seasons"),
];

/// The tab bar, marking the tab of the page shown (its path exactly).
#[component]
pub fn ArenaTabs() -> impl IntoView {
    let location = use_location();
    let tabs = TABS
        .iter()
        .map(|&(href, label)| {
            let current = move || {
                location
                    .pathname
                    .with(|p| p.trim_end_matches('/') == href)
                    .then_some("page")
            };
            view! { <a href=href rel=bundle::link_rel(href) aria-current=current>{label}</a> }
        })
        .collect_view();
    view! { <nav class="arena-tabs" aria-label="Arena">{tabs}</nav> }
}
