//! The shell: navigation bar, routes, and the realm store every page reads.

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
use crate::store::provide_realm_store;
use leptos::prelude::*;
use leptos_router::components::{Redirect, Route, Router, Routes};
use leptos_router::path;

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    provide_realm_store();
    view! {
        <Router>
            <NavBar />
            <main class="page">
                <Routes fallback=NotFoundPage>
                    <Route path=path!("/") view=|| view! { <Redirect path="/map" /> } />
                    <Route path=path!("/map") view=MapPage />
                    <Route path=path!("/arena") view=ArenaPage />
                    <Route path=path!("/arena/standings") view=StandingsPage />
                    <Route path=path!("/arena/seasons") view=SeasonsPage />
                    <Route path=path!("/archive") view=ArchivePage />
                    <Route path=path!("/history") view=HistoryPage />
                    <Route path=path!("/history/:id") view=ReplayPage />
                    <Route path=path!("/editor") view=EditorPage />
                    <Route path=path!("/lab") view=LabPage />
                    <Route path=path!("/lab/compare") view=ComparePage />
                </Routes>
            </main>
        </Router>
    }
}
