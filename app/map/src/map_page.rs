//! `/map`: the terrain, the territory, every faction's marker, and the faction cards beside it.
//! Drag an ordinary faction's marker onto another's to see the cheapest road and what the march
//! costs, computed in the browser by the engine.

mod battle;
mod keys;
mod markers;
mod odds_note;
mod panel;
mod state;

use app::components::terrain_canvas::{terrain_rgb, TerrainCanvas};
use app::components::territory_layer::TerritoryLayer;
use app::markup::faction_card::{card_markup, CardData};
use app::markup::{class, Markup};
use app::store::{use_realm_store, Source};
use battle::BattlePanel;
use engine::Terrain;
use leptos::prelude::*;
use markers::Markers;
use panel::{Announcer, HoverInfo, HoverOdds, LayerToggles, MarchPanel, Notice};
use state::MapState;
use std::sync::Arc;

/// The map page.
#[component]
pub fn MapPage() -> impl IntoView {
    let store = use_realm_store();
    let state = MapState::new(store);
    provide_context(state);
    let shown = state.shown;
    let map = Signal::derive(move || shown.with(|r| r.as_ref().map(|r| Arc::new(r.map.clone()))));
    let owners = Signal::derive(move || state.owners.get());
    let dims = move || shown.with(|r| r.as_ref().map(|r| (r.map.width, r.map.height)));
    // The cards only show things: one markup string per card, and only the cards whose markup
    // changed are written again, so a rename or a vote lays out one card, not the list.
    let cards = Memo::new(move |_| {
        let data = store.realm.with(|r| r.as_deref().map(CardData::all));
        data.or_else(|| {
            store.summary.with(|s| {
                s.as_deref()
                    .map(|s| CardData::from_summary(&s.realm, &s.standings))
            })
        })
        .unwrap_or_default()
        .iter()
        .map(|c| card_markup(c).finish())
        .collect::<Vec<String>>()
    });
    let list = NodeRef::<leptos::html::Ul>::new();
    let written: StoredValue<Vec<String>> = StoredValue::new(Vec::new());
    Effect::new(move |_| {
        let Some(ul) = list.get() else {
            return;
        };
        cards.with(|next| {
            written.update_value(|shown| {
                write_cards(&ul, shown, next);
                shown.clone_from(next);
            })
        });
    });
    view! {
        <div class="map-page">
            <section class="map-area" aria-label="Realm map">
                <LayerToggles />
                <Show
                    when=move || dims().is_some()
                    fallback=move || view! { <p class="map-empty">{move || match store.source.get() {
                        Source::Failed(e) => format!("The realm could not be loaded: {e}"),
                        _ => "Loading the realm…".to_string(),
                    }}</p> }
                >
                    <div class="map-frame" style=move || {
                        let (w, h) = dims().unwrap_or((3, 2));
                        format!("aspect-ratio: {w} / {h}")
                    }>
                        <TerrainCanvas map=map />
                        <div class="layer" class:hidden=move || !state.show_territory.get()>
                            <TerritoryLayer realm=shown owners=owners />
                        </div>
                        <Markers />
                    </div>
                </Show>
                <HoverInfo />
                <HoverOdds />
                <Announcer />
                <Notice />
                <Legend />
                <MarchPanel />
                <BattlePanel />
            </section>
            <aside class="side-panel" aria-label="Factions">
                <h2>"Factions"</h2>
                <Show when=move || store.realm.with(Option::is_none) && store.summary.with(Option::is_some)>
                    <p class="arriving" role="status">"The figures are on their way: battles open when they arrive."</p>
                </Show>
                // It scrolls on its own, so it is a Tab stop too: the keyboard can scroll it.
                <ul class="faction-cards" tabindex="0" aria-label="Faction cards" node_ref=list></ul>
            </aside>
        </div>
    }
}

/// Brings the card list from `shown` to `next`: the whole list when the number of cards changed,
/// else only the cards that differ, each replaced where it stands.
fn write_cards(ul: &web_sys::HtmlUListElement, shown: &[String], next: &[String]) {
    if shown.len() != next.len() {
        ul.set_inner_html(&next.concat());
        return;
    }
    let items = ul.children();
    for (i, (was, now)) in shown.iter().zip(next).enumerate() {
        if was != now {
            if let Some(li) = items.item(i as u32) {
                li.set_outer_html(now);
            }
        }
    }
}

/// What each colour of the map and each kind of marker means: fixed lists, written as markup.
#[component]
fn Legend() -> impl IntoView {
    view! {
        <ul class="legend" aria-label="Terrain legend" inner_html=legend_markup()></ul>
        <ul class="legend marker-legend" aria-label="Marker legend" inner_html=marker_legend_markup()></ul>
    }
}

/// Each kind of marker, drawn as the map draws it (the styles key on `data-kind`), and what it
/// means.
const MARKER_KINDS: [(&str, &str); 3] = [
    ("Ordinary", "a faction: drag it onto another to march"),
    (
        "Mercenary",
        "dashed: a mercenary company, hired by a side that is behind",
    ),
    ("Townsfolk", "dark ring: townsfolk, never in battle"),
];

/// The legend's items: a swatch in each terrain's colour and its name.
fn legend_markup() -> String {
    let mut m = Markup::new();
    for t in Terrain::ALL {
        let [r, g, b] = terrain_rgb(t);
        let style = format!("background: rgb({r},{g},{b})");
        m.el("li", &[], |m| {
            m.element("span", &[class("swatch"), ("style", Some(&style))], "")
                .text(t.name());
        });
    }
    m.finish()
}

/// The marker legend's items: a small marker of each kind and what it means.
fn marker_legend_markup() -> String {
    let mut m = Markup::new();
    for (kind, meaning) in MARKER_KINDS {
        m.el("li", &[], |m| {
            let svg = [
                class("marker-key"),
                ("viewBox", Some("0 0 20 20")),
                ("aria-hidden", Some("true")),
            ];
            m.el("svg", &svg, |m| {
                let g = [
                    class("marker"),
                    ("data-kind", Some(kind)),
                    ("style", Some("--r: 8")),
                ];
                m.el("g", &g, |m| {
                    m.shape("circle", r#"cx="10" cy="10""#, "fill", "#6b7785", "");
                });
            })
            .text(meaning);
        });
    }
    m.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marker_legend_draws_each_kind_as_the_map_does() {
        let m = marker_legend_markup();
        assert_eq!(m.matches("<li>").count(), MARKER_KINDS.len());
        for (kind, meaning) in MARKER_KINDS {
            assert!(
                m.contains(&format!(r#"data-kind="{kind}""#)),
                "{kind} drawn: {m}"
            );
            assert!(m.contains(meaning), "{meaning}: {m}");
        }
    }

    #[test]
    fn the_legend_has_a_swatch_and_name_per_terrain() {
        let m = legend_markup();
        assert_eq!(
            m.matches(r#"<li><span class="swatch" style="background: rgb("#)
                .count(),
            Terrain::ALL.len()
        );
        for t in Terrain::ALL {
            let [r, g, b] = terrain_rgb(t);
            assert!(
                m.contains(&format!(
                    r#"style="background: rgb({r},{g},{b})"></span>{}</li>"#,
                    t.name()
                )),
                "{m}"
            );
        }
    }
}
