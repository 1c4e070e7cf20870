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
use leptos_router::components::{Route, Router, Routes};
use leptos_router::hooks::use_location;
use leptos_router::path;

/// The map bundle's shell: `/` and `/map`, and nothing else, so it runs without a router (whose
/// code is a tenth of this bundle). The server sends this bundle only for its own paths and for
/// paths nobody owns, so any other path is this page load's own and "not found" (see
/// [`Elsewhere`] for the same rule under a router).
#[component]
pub fn MapApp() -> impl IntoView {
    // The map shows no saved Battle Lab line-ups, so it does not read them (see ReadRecords).
    provide_realm_store(ReadRecords::MAP);
    let location = window().location();
    let path = location.pathname().unwrap_or_default();
    let mut shown = path.clone();
    let page = match path.trim_end_matches('/') {
        "" => {
            shown = "/map".to_string();
            // `/` is the map too; the address bar says so, as a redirect would.
            let search = location.search().unwrap_or_default();
            let hash = location.hash().unwrap_or_default();
            if let Ok(history) = window().history() {
                let to = format!("/map{search}{hash}");
                let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&to));
            }
            view! { <MapPage /> }.into_any()
        }
        "/map" => view! { <MapPage /> }.into_any(),
        _ => view! { <NotFoundPage /> }.into_any(),
    };
    view! {
        <NavBar path=shown />
        <main class="page">{page}</main>
    }
}

/// The pages bundle's shell: everything but the map.
#[component]
pub fn PagesApp() -> impl IntoView {
    provide_realm_store(ReadRecords::ALL);
    view! {
        <Router>
            <RoutedNavBar />
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

/// The navigation bar under a router, marking the page the router shows.
#[component]
fn RoutedNavBar() -> impl IntoView {
    let location = use_location();
    view! { <NavBar path=location.pathname /> }
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
