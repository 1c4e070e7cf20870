//! The pages bundle: arena, archive, history and replay, editor and the Battle Lab — the pages
//! whose code (four more battle engines, Bradley–Terry, forms) the map page never needs. Each
//! top-level module is one page; a page never imports another (the tidy test holds it), and what
//! two pages share lives in the core crate (`app`).

mod archive_page;
mod arena_page;
mod editor_page;
mod history_page;
mod lab_page;
mod replay_page;

use app::bundle::{self, Bundle};
use app::components::nav_bar::NavBar;
use app::components::not_found_page::NotFoundPage;
use arena_page::{seasons::SeasonsPage, standings::StandingsPage};
use engine::{BattleRecord, DocError, Realm, Record};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::hooks::use_location;
use leptos_router::path;
use {
    archive_page::ArchivePage,
    arena_page::ArenaPage,
    editor_page::EditorPage,
    history_page::HistoryPage,
    lab_page::{compare::ComparePage, LabPage},
    replay_page::ReplayPage,
};

/// The pages bundle's choices: every record, and the record download on the replay page.
struct Pages;

impl Bundle for Pages {
    fn name(&self) -> &'static str {
        "pages"
    }

    fn read(&self, records: Vec<Record>) -> Result<Realm, DocError> {
        Realm::from_records(records)
    }

    fn validate(&self, realm: &Realm) -> Result<(), DocError> {
        realm.validate()
    }

    fn splice(
        &self,
        realm: &mut Realm,
        kind: engine::RecordKind,
        id: u64,
        body: Option<serde_json::Value>,
    ) -> Result<(), DocError> {
        realm.splice_record(kind, id, body)
    }

    fn record_link(&self, record: &BattleRecord) -> Option<String> {
        Some(app::components::battle_report::record_href(record))
    }
}

fn main() {
    app::shell::start(&Pages, PagesApp);
}

/// The pages bundle's shell: everything but the map.
#[component]
fn PagesApp() -> impl IntoView {
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
                    <Route path=path!("/editor/terrain") view=editor_page::terrain_painter::TerrainPainterPage />
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

/// What the shell shows for a path it does not route (a link without `bundle::link_rel`, a
/// programmatic navigation): another bundle's page is loaded in full, replacing the history
/// entry the router adds for it; a path nobody owns, or one this very page load was for, is
/// "not found" — never a reload loop.
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
