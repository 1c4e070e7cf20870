//! The navigation bar across the top of every page.

use crate::bundle;
use crate::components::sync_badge::SyncBadge;
use leptos::prelude::*;

/// Every route, in the bar's order.
const LINKS: [(&str, &str); 6] = [
    ("/map", "Map"),
    ("/arena", "Arena"),
    ("/archive", "Archive"),
    ("/history", "History"),
    ("/editor", "Editor"),
    ("/lab", "Battle Lab"),
];

/// Whether the link to `href` is the current page's: the path is `href` or below it, so
/// `/arena/standings` still marks Arena (what the router's `<A>` does with `exact=false`).
fn is_current(href: &str, path: &str) -> bool {
    path.strip_prefix(href)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Links to every route, and the sync status badge. `path` is the address shown, which the bar
/// marks with `aria-current`. Every link is an ordinary `<a>`: where a router runs (the pages
/// bundle), it follows a link to its own route without a page load; a route of another bundle
/// carries `rel="external"`, which keeps the router off it, so the browser loads that bundle.
/// The map bundle has no router at all (it has one page), so this bar must not need one.
#[component]
pub fn NavBar(#[prop(into)] path: Signal<String>) -> impl IntoView {
    let links = LINKS
        .iter()
        .map(|&(href, label)| {
            let current = move || path.with(|p| is_current(href, p)).then_some("page");
            view! { <a href=href rel=bundle::link_rel(href) aria-current=current>{label}</a> }
        })
        .collect_view();
    let brand_rel = bundle::link_rel("/map");
    view! {
        <header class="nav-bar">
            <a class="brand" href="/map" rel=brand_rel>"Brickrealm"</a>
            <nav aria-label="Main">{links}</nav>
            <SyncBadge />
        </header>
    }
}

#[cfg(test)]
mod tests {
    use super::is_current;

    #[test]
    fn each_pages_frame_first_links_what_the_bar_links() {
        let expected: String = super::LINKS
            .iter()
            .map(|(href, label)| format!(r#"<a href="{href}">{label}</a>"#))
            .collect();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let table = std::fs::read_to_string(root.join("app/bundles.json")).unwrap();
        let table = engine::wire::bundles::Bundles::parse(&table).unwrap();
        assert!(table.bundles.len() >= 5, "every bundle's page is checked");
        for html in table.bundles.iter().map(|b| b.html.as_str()) {
            let page = std::fs::read_to_string(root.join(html)).unwrap();
            let nav = page
                .split(r#"<nav aria-label="Main">"#)
                .nth(1)
                .and_then(|rest| rest.split("</nav>").next())
                .unwrap_or_else(|| panic!("{html} has a frame with the bar"));
            assert_eq!(nav, expected, "{html}");
            assert!(page.contains(r#"<div id="boot" class="boot""#), "{html}");
        }
    }

    #[test]
    fn a_link_is_current_on_its_page_and_below_it_only() {
        assert!(is_current("/arena", "/arena"));
        assert!(is_current("/arena", "/arena/standings"));
        assert!(!is_current("/arena", "/arenas"));
        assert!(!is_current("/map", "/arena"));
        assert!(!is_current("/history", "/"));
    }
}
