//! The editor bundle: the forms members keep the collection with — factions, buffs, the Armory,
//! regiments and photos, seasons, the terrain painter. It fights nothing, so no battle system is
//! linked, and it shows no saved Battle Lab line-up, so it reads none ([`Editor`]): those are the
//! lab bundle's (`app/lab`). Each top-level module is one page; what it shares with other bundles
//! lives in the core crate (`app`).

mod editor_page;

use app::bundle::{Bundle, LabSetupsSkipped, Reads};
use app::components::routed::{Elsewhere, RoutedNavBar};
use editor_page::EditorPage;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

/// The editor bundle's choices.
struct Editor;

impl Bundle for Editor {
    fn name(&self) -> &'static str {
        "editor"
    }

    fn reads(&self) -> &'static dyn Reads {
        &LabSetupsSkipped
    }
}

fn main() {
    app::shell::start(&Editor, EditorApp);
}

/// The editor bundle's shell: the editor and its terrain painter.
#[component]
fn EditorApp() -> impl IntoView {
    view! {
        <Router>
            <RoutedNavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/editor") view=EditorPage />
                    <Route path=path!("/editor/terrain") view=editor_page::terrain_painter::TerrainPainterPage />
                </Routes>
            </main>
        </Router>
    }
}
