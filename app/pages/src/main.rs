//! The pages bundle: archive, history and replay, editor and the Battle Lab — the pages whose
//! code (four more battle engines, forms) neither the map nor the arena needs. Each
//! top-level module is one page; a page never imports another (the tidy test holds it), and what
//! two pages share lives in the core crate (`app`).

mod archive_page;
mod editor_page;
mod history_page;
mod lab_page;
mod replay_page;

use app::bundle::{Bundle, EveryRecord, Reads};
use app::components::routed::{Elsewhere, RoutedNavBar};
use engine::BattleRecord;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use {
    archive_page::ArchivePage,
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

    fn reads(&self) -> &'static dyn Reads {
        &EveryRecord
    }

    fn record_link(&self, record: &BattleRecord) -> Option<String> {
        Some(app::components::battle_report::record_href(record))
    }
}

fn main() {
    app::shell::start(&Pages, PagesApp);
}

/// The pages bundle's shell: everything but the map and the arena.
#[component]
fn PagesApp() -> impl IntoView {
    view! {
        <Router>
            <RoutedNavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
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
