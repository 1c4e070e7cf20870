//! `/arena`: the Arena page. Until its issue lands it shows its title and what it will hold.

use crate::components::page_intro::PageIntro;
use leptos::prelude::*;

/// The Arena page.
#[component]
pub fn ArenaPage() -> impl IntoView {
    view! { <PageIntro title="Arena" lead="Two photos, one question: which is the better build. Your judgements feed every figure's Power." /> }
}
