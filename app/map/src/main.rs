//! The map bundle: the map page on the core every page shares (store, sync, navigation). The
//! other pages are other bundles' (`app/arena`, `app/history`, `app/replay`, `app/archive`,
//! `app/editor`, `app/lab`); links to them are full page loads.
//!
//! This crate alone names the map's choices ([`Map`]), so its wasm links only those: the map
//! shows no saved Battle Lab line-ups, so it reads none (every further system's input parser and
//! checks stay out), and its victory screen links to the history entry instead of writing the
//! record out (no serialiser for every system's log).

mod map_page;

use app::bundle::{Bundle, LabSetupsSkipped, Reads};
use app::components::nav_bar::NavBar;
use app::components::not_found_page::NotFoundPage;
use leptos::prelude::*;
use map_page::MapPage;

/// The map bundle's choices.
struct Map;

impl Bundle for Map {
    fn name(&self) -> &'static str {
        "map"
    }

    fn summary_first(&self) -> bool {
        true
    }

    fn reads(&self) -> &'static dyn Reads {
        &LabSetupsSkipped
    }
}

fn main() {
    app::shell::start(&Map, MapApp);
}

/// The map bundle's shell: `/` and `/map`, and nothing else, so it runs without a router (whose
/// code is a tenth of this bundle). The server sends this bundle only for its own paths and for
/// paths nobody owns, so any other path is this page load's own and "not found".
#[component]
fn MapApp() -> impl IntoView {
    let location = window().location();
    let path = location.pathname().unwrap_or_default();
    let mut shown = path.clone();
    let page = match path.trim_end_matches('/') {
        "" => {
            shown = "/map".to_string();
            // `/` is the map too; the address bar says so, as a redirect would.
            let search = location.search().unwrap_or_default();
            let hash = location.hash().unwrap_or_default();
            if let Ok(history) = window().history() {
                let to = format!("/map{search}{hash}");
                let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&to));
            }
            view! { <MapPage /> }.into_any()
        }
        "/map" => view! { <MapPage /> }.into_any(),
        _ => view! { <NotFoundPage /> }.into_any(),
    };
    view! {
        <NavBar path=shown />
        <main class="page">{page}</main>
    }
}
