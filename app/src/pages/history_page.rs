//! `/history`: the History page. Until its issue lands it shows its title and what it will hold.

use crate::components::page_intro::PageIntro;
use leptos::prelude::*;

/// The History page.
#[component]
pub fn HistoryPage() -> impl IntoView {
    view! { <PageIntro title="History" lead="Realm History: every battle fought, its tallies, and a replay of any of them from its seed." /> }
}
