//! The archive bundle: the realm's reference tables (creatures, the Armory, unique items, the
//! siege train, buffs, colours), the combat rules explained, and a page per faction. It reads the realm and fights
//! nothing, so no battle system is linked. The other pages are other bundles'; links to them are
//! full page loads.
//!
//! The Archive lists no saved Battle Lab line-up, so it reads none ([`Archive`]).

mod archive_page;
mod faction_page;

use app::bundle::{Bundle, LabSetupsSkipped, Reads};
use app::components::routed::{Elsewhere, RoutedNavBar};
use archive_page::ArchivePage;
use faction_page::{FactionList, FactionPage};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

/// The archive bundle's choices.
struct Archive;

impl Bundle for Archive {
    fn name(&self) -> &'static str {
        "archive"
    }

    fn reads(&self) -> &'static dyn Reads {
        &LabSetupsSkipped
    }
}

fn main() {
    app::shell::start(&Archive, ArchiveApp);
}

/// The archive bundle's shell: its pages under a router, so the bar's links and the
/// fallback work as on every page.
#[component]
fn ArchiveApp() -> impl IntoView {
    view! {
        <Router>
            <RoutedNavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/archive") view=ArchivePage />
                    <Route path=path!("/factions") view=FactionList />
                    <Route path=path!("/factions/:id") view=FactionPage />
                </Routes>
            </main>
        </Router>
    }
}
