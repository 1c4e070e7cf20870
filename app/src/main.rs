//! The map bundle: the map page and what every page shares (store, sync, navigation). The other
//! pages are in `bin/app-pages.rs`'s bundle; links to them are full page loads.

fn main() {
    console_error_panic_hook::set_once();
    app::bundle::start("map");
    leptos::mount::mount_to_body(app::app::MapApp);
}
