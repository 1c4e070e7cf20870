//! The Battle Lab bundle: one tab per further battle system (warfare, Olympia, Střet armád, the
//! Book of Contests) and `/lab/compare`, which fights one matchup under every system. Those
//! systems are linked here and in the bundles that fight or replay a realm battle, never in the
//! editor's, the arena's or the lists'.
//!
//! It is the one bundle that reads every record: the Lab shows and edits saved line-ups.

mod lab_page;

use app::bundle::{Bundle, EveryRecord, Reads};
use app::components::routed::{Elsewhere, RoutedNavBar};
use lab_page::{compare::ComparePage, LabPage};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

/// The lab bundle's choices: every record.
struct Lab;

impl Bundle for Lab {
    fn name(&self) -> &'static str {
        "lab"
    }

    fn reads(&self) -> &'static dyn Reads {
        &EveryRecord
    }
}

fn main() {
    app::shell::start(&Lab, LabApp);
}

/// The lab bundle's shell: the Lab's tabs and the comparison.
#[component]
fn LabApp() -> impl IntoView {
    view! {
        <Router>
            <RoutedNavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/lab") view=LabPage />
                    <Route path=path!("/lab/compare") view=ComparePage />
                </Routes>
            </main>
        </Router>
    }
}
