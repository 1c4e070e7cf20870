//! Starting a bundle: what every bundle's `main` does before its own shell renders. A bundle
//! crate (`app/map`, `app/arena`, `app/history`, `app/replay`, `app/archive`, `app/editor`,
//! `app/lab`) holds its pages and a shell routing only them; this is the part they share.

use crate::bundle::{self, Bundle};
use crate::store::provide_realm_store;
use leptos::prelude::*;

/// Records which bundle is running, creates the realm store for it (which shows the stored copy
/// at once and starts syncing), and mounts `shell`, the bundle's own navigation and routes.
pub fn start<V: IntoView + 'static>(bundle: &'static dyn Bundle, shell: fn() -> V) {
    console_error_panic_hook::set_once();
    bundle::start(bundle);
    // The frame the HTML showed while this wasm loaded (`#boot`) gives way to the app's own.
    if let Some(boot) = leptos::prelude::document().get_element_by_id("boot") {
        boot.remove();
    }
    leptos::mount::mount_to_body(move || {
        provide_realm_store(bundle);
        shell()
    });
}
