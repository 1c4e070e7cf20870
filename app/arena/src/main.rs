//! The arena bundle: voting — the page most visitors open, many on a phone, so this wasm holds
//! only it on the core every page shares (store, sync, navigation). The standings and the
//! seasons, its other tabs, are the standings bundle's (`app/standings`). No battle system is linked: nothing here fights, replays or writes a battle
//! record out. The other pages are other bundles'; links to them are full page loads.
//!
//! Like the map, the arena shows no saved Battle Lab line-up, so it reads none ([`Arena`]): their
//! parsers and checks stay out of this wasm.

mod arena_page;

use app::bundle::{Bundle, LabSetupsSkipped, Reads};
use app::components::routed::{Elsewhere, RoutedNavBar};
use arena_page::ArenaPage;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

/// The arena bundle's choices.
struct Arena;

impl Bundle for Arena {
    fn name(&self) -> &'static str {
        "arena"
    }

    fn reads(&self) -> &'static dyn Reads {
        &LabSetupsSkipped
    }

    fn draws_before_realm(&self, _path: &str) -> bool {
        true
    }
}

fn main() {
    app::shell::start(&Arena, ArenaApp);
}

/// The arena bundle's shell: its page under the router (which hands any other path to its
/// bundle).
#[component]
fn ArenaApp() -> impl IntoView {
    view! {
        <Router>
            <RoutedNavBar />
            <main class="page">
                <Routes fallback=Elsewhere>
                    <Route path=path!("/arena") view=ArenaPage />
                </Routes>
            </main>
        </Router>
    }
}
