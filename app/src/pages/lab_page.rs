//! `/lab`: the Battle Lab page. Until its issue lands it shows its title and what it will hold.

use crate::components::page_intro::PageIntro;
use leptos::prelude::*;

/// The Battle Lab page.
#[component]
pub fn LabPage() -> impl IntoView {
    view! { <PageIntro title="Battle Lab" lead="Try any matchup under any battle system without recording it." /> }
}
