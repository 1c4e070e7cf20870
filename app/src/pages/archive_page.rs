//! `/archive`: the Archive page. Until its issue lands it shows its title and what it will hold.

use crate::components::page_intro::PageIntro;
use leptos::prelude::*;

/// The Archive page.
#[component]
pub fn ArchivePage() -> impl IntoView {
    view! { <PageIntro title="Archive" lead="The Armory, the materials, the species and the bestiary: every table of the collection." /> }
}
