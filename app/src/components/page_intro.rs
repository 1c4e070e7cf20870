//! A page's heading and one-line description.

use leptos::prelude::*;

/// The title and lead line at the top of a page.
#[component]
pub fn PageIntro(title: &'static str, lead: &'static str) -> impl IntoView {
    view! {
        <div class="page-intro">
            <h1>{title}</h1>
            <p class="lead">{lead}</p>
        </div>
    }
}
