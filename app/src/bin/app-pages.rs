//! The pages bundle: arena, archive, history and replay, editor and the Battle Lab — the pages
//! whose code (four more battle engines, Bradley–Terry, forms) the map page never needs.

fn main() {
    console_error_panic_hook::set_once();
    app::bundle::start("pages");
    leptos::mount::mount_to_body(app::app::PagesApp);
}
