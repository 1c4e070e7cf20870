//! The pages bundle: the editor and the Battle Lab — the pages members use to keep the
//! collection and to try line-ups, whose code (every form, the four further battle systems)
//! no other page needs. Each top-level module is one page; a page never imports another (the
//! tidy test holds it), and what two pages share lives in the core crate (`app`).
//!
//! It is the one bundle that reads every record: the Lab shows and edits saved line-ups.

mod editor_page;
mod lab_page;

use app::bundle::{Bundle, EveryRecord, Reads};
use app::components::routed::{Elsewhere, RoutedNavBar};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use {
    editor_page::EditorPage,
    lab_page::{compare::ComparePage, LabPage},
};

/// The pages bundle's choices: every record.
struct Pages;

impl Bundle for Pages {
    fn name(&self) -> &'static str {
        "pages"
    }

    fn reads(&self) -> &'static dyn Reads {
        &EveryRecord
    }
}

fn main() {
    app::shell::start(&Pages, PagesApp);
}

/// The pages bundle's shell: the editor and the Lab.
#[component]
fn PagesApp() -> impl IntoView {
    view! {
        <Router>
            <RoutedNavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/editor") view=EditorPage />
                    <Route path=path!("/editor/terrain") view=editor_page::terrain_painter::TerrainPainterPage />
                    <Route path=path!("/lab") view=LabPage />
                    <Route path=path!("/lab/compare") view=ComparePage />
                </Routes>
            </main>
        </Router>
    }
}
