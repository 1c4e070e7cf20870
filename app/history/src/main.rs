//! The history bundle: Realm History (the list, its filters and the record chart) and the
//! replay of one battle. Replaying a record runs the realm's own battle systems, so they are
//! linked here; the editor, the Battle Lab and its four further systems are not. The other pages
//! are other bundles'; links to them are full page loads.
//!
//! History shows no saved Battle Lab line-up, so it reads none ([`History`]). It is the one
//! bundle besides the pages bundle that offers the battle record's download, on the replay page.

mod history_page;
mod replay_page;

use app::bundle::{Bundle, LabSetupsSkipped, Reads};
use app::components::routed::{Elsewhere, RoutedNavBar};
use engine::BattleRecord;
use history_page::HistoryPage;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use replay_page::ReplayPage;

/// The history bundle's choices: no Lab line-ups, and the record download on the replay page.
struct History;

impl Bundle for History {
    fn name(&self) -> &'static str {
        "history"
    }

    fn reads(&self) -> &'static dyn Reads {
        &LabSetupsSkipped
    }

    fn record_link(&self, record: &BattleRecord) -> Option<String> {
        Some(app::components::battle_report::record_href(record))
    }
}

fn main() {
    app::shell::start(&History, HistoryApp);
}

/// The history bundle's shell: the list and the replay under one router.
#[component]
fn HistoryApp() -> impl IntoView {
    view! {
        <Router>
            <RoutedNavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/history") view=HistoryPage />
                    <Route path=path!("/history/:id") view=ReplayPage />
                </Routes>
            </main>
        </Router>
    }
}
