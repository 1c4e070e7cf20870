//! The shells: navigation bar, routes, and the realm store every page reads. There is one shell
//! per bundle (`bundles.json`), each routing only its own pages; a path owned by another bundle
//! falls to [`Elsewhere`], which loads that bundle's page.

use crate::bundle;
use crate::components::nav_bar::NavBar;
use crate::pages::arena_page::{seasons::SeasonsPage, standings::StandingsPage};
use crate::pages::{
    archive_page::ArchivePage,
    arena_page::ArenaPage,
    editor_page::EditorPage,
    history_page::HistoryPage,
    lab_page::{compare::ComparePage, LabPage},
    map_page::MapPage,
    not_found_page::NotFoundPage,
    replay_page::ReplayPage,
};
use crate::store::{provide_realm_store, ReadRecords};
use leptos::prelude::*;
use leptos_router::components::{Redirect, Route, Router, Routes};
use leptos_router::hooks::use_location;
use leptos_router::path;

/// The map bundle's shell: `/` and `/map`.
#[component]
pub fn MapApp() -> impl IntoView {
    // The map shows no saved Battle Lab line-ups, so it does not read them (see ReadRecords).
    provide_realm_store(ReadRecords::MAP);
    view! {
        <Router>
            <NavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/") view=|| view! { <Redirect path="/map" /> } />
                    <Route path=path!("/map") view=MapPage />
                </Routes>
            </main>
        </Router>
    }
}

/// The pages bundle's shell: everything but the map.
#[component]
pub fn PagesApp() -> impl IntoView {
    provide_realm_store(ReadRecords::ALL);
    view! {
        <Router>
            <NavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/arena") view=ArenaPage />
                    <Route path=path!("/arena/standings") view=StandingsPage />
                    <Route path=path!("/arena/seasons") view=SeasonsPage />
                    <Route path=path!("/archive") view=ArchivePage />
                    <Route path=path!("/history") view=HistoryPage />
                    <Route path=path!("/history/:id") view=ReplayPage />
                    <Route path=path!("/editor") view=EditorPage />
                    <Route path=path!("/editor/terrain") view=crate::pages::editor_page::terrain_painter::TerrainPainterPage />
                    <Route path=path!("/lab") view=LabPage />
                    <Route path=path!("/lab/compare") view=ComparePage />
                </Routes>
            </main>
        </Router>
    }
}

/// What a shell shows for a path it does not route (a link without `bundle::link_rel`, a
/// programmatic navigation): another bundle's page is loaded in full, replacing the history
/// entry the router adds for it;
/// a path nobody owns, or one this very page load was for, is "not found" — never a reload loop.
#[component]
fn Elsewhere() -> impl IntoView {
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
