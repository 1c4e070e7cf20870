//! `/editor`: the Editor page. Until its issue lands it shows its title and what it will hold.

use crate::components::page_intro::PageIntro;
use leptos::prelude::*;

/// The Editor page.
#[component]
pub fn EditorPage() -> impl IntoView {
    view! { <PageIntro title="Editor" lead="Factions, regiments, photos, gear, buffs and terrain: every record of the collection, editable." /> }
}
