//! The replay bundle: one battle of Realm History fought again from its record (`/history/N`,
//! the victory screen's and the share link). Replaying a record runs the realm's own battle
//! systems, so they are linked here — and only here and in the map and the lab bundle, so the
//! history list, which visitors open on a phone, does not download them. The other pages are
//! other bundles'; links to them (the list included) are full page loads.
//!
//! The replay shows no saved Battle Lab line-up, so it reads none ([`Replay`]). It is the one
//! bundle that offers the battle record's download.

mod replay_page;

use app::bundle::{Bundle, LabSetupsSkipped, Reads};
use app::components::routed::{Elsewhere, RoutedNavBar};
use engine::BattleRecord;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use replay_page::ReplayPage;

/// The replay bundle's choices: no Lab line-ups, and the record download.
struct Replay;

impl Bundle for Replay {
    fn name(&self) -> &'static str {
        "replay"
    }

    fn reads(&self) -> &'static dyn Reads {
        &LabSetupsSkipped
    }

    fn record_link(&self, record: &BattleRecord) -> Option<String> {
        Some(app::components::battle_report::record_href(record))
    }
}

fn main() {
    app::shell::start(&Replay, ReplayApp);
}

/// The replay bundle's shell: the one page under a router.
#[component]
fn ReplayApp() -> impl IntoView {
    view! {
        <Router>
            <RoutedNavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/history/:id") view=ReplayPage />
                </Routes>
            </main>
        </Router>
    }
}
