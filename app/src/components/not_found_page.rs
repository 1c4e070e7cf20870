//! What any unknown path shows.

use crate::components::page_intro::PageIntro;
use leptos::prelude::*;

/// The not-found page.
#[component]
pub fn NotFoundPage() -> impl IntoView {
    view! {
        <PageIntro title="Not found" lead="There is no such page in the realm." />
        <p><a href="/map" rel=crate::bundle::link_rel("/map")>"Back to the map"</a></p>
    }
}
