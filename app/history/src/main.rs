//! The history bundle: Realm History — the list, its filters and the record chart. It links no
//! battle system: each row's replay (`/history/N`) is the replay bundle's page, a full page load,
//! so a visitor reading the list on a phone does not download the code that fights. The other
//! pages are other bundles'; links to them are full page loads.
//!
//! History shows no saved Battle Lab line-up, so it reads none ([`History`]).

mod history_page;

use app::bundle::{Bundle, LabSetupsSkipped, Reads};
use app::components::routed::{Elsewhere, RoutedNavBar};
use history_page::HistoryPage;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

/// The history bundle's choices: no Lab line-ups.
struct History;

impl Bundle for History {
    fn name(&self) -> &'static str {
        "history"
    }

    fn reads(&self) -> &'static dyn Reads {
        &LabSetupsSkipped
    }
}

fn main() {
    app::shell::start(&History, HistoryApp);
}

/// The history bundle's shell: the list under a router.
#[component]
fn HistoryApp() -> impl IntoView {
    view! {
        <Router>
            <RoutedNavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/history") view=HistoryPage />
                </Routes>
            </main>
        </Router>
    }
}
