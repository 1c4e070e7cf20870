//! Brickrealm's browser app: mounts the [`app::App`] shell. Everything else lives in modules.

mod api;
mod app;
mod components;
mod fighting;
mod pages;
mod store;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
