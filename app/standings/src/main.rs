//! The standings bundle: the arena's standings (`/arena/standings`) and seasons
//! (`/arena/seasons`), on the core every page shares. They are apart from the voting page (the
//! arena bundle), where most visitors go: the rating tables, the ladder chart and the season
//! controls would make a voter's first visit wait for code it does not show. Their tabs link
//! to each other through this router, and to voting with a page load.
//!
//! Like the arena, these pages show no saved Battle Lab line-up, so they read none.

mod seasons;
mod standings;

use app::bundle::{Bundle, LabSetupsSkipped, Reads};
use app::components::routed::{Elsewhere, RoutedNavBar};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use seasons::SeasonsPage;
use standings::StandingsPage;

/// The standings bundle's choices.
struct Standings;

impl Bundle for Standings {
    fn name(&self) -> &'static str {
        "standings"
    }

    fn reads(&self) -> &'static dyn Reads {
        &LabSetupsSkipped
    }

    /// The standings draw the top of their table from the rows the server sends with its fit;
    /// the seasons wait for the realm.
    fn draws_before_realm(&self, path: &str) -> bool {
        path.trim_end_matches('/') == "/arena/standings"
    }
}

fn main() {
    app::shell::start(&Standings, StandingsApp);
}

/// The standings bundle's shell: its two pages under one router.
#[component]
fn StandingsApp() -> impl IntoView {
    view! {
        <Router>
            <RoutedNavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/arena/standings") view=StandingsPage />
                    <Route path=path!("/arena/seasons") view=SeasonsPage />
                </Routes>
            </main>
        </Router>
    }
}
