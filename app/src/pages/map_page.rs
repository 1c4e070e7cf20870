//! `/map`: the terrain, every faction's marker, and the faction cards beside it.

use crate::components::faction_card::{CardData, FactionCard};
use crate::components::terrain_canvas::{terrain_rgb, TerrainCanvas};
use crate::store::{use_realm_store, Source};
use engine::Terrain;
use leptos::prelude::*;
use std::sync::Arc;

/// The map page.
#[component]
pub fn MapPage() -> impl IntoView {
    let store = use_realm_store();
    let map = Signal::derive(move || {
        store
            .realm
            .with(|r| r.as_ref().map(|r| Arc::new(r.map.clone())))
    });
    let dims = move || {
        store
            .realm
            .with(|r| r.as_ref().map(|r| (r.map.width, r.map.height)))
    };
    let cards = move || {
        store
            .realm
            .with(|r| r.as_deref().map(CardData::all).unwrap_or_default())
    };
    view! {
        <div class="map-page">
            <section class="map-area" aria-label="Realm map">
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
                        <Markers />
                    </div>
                </Show>
                <Legend />
            </section>
            <aside class="side-panel" aria-label="Factions">
                <h2>"Factions"</h2>
                <ul class="faction-cards">
                    <For
                        each=cards
                        key=|c| format!("{c:?}")
                        children=|c| view! { <FactionCard data=c /> }
                    />
                </ul>
            </aside>
        </div>
    }
}

/// Every faction marker, drawn over the terrain in map-cell coordinates.
#[component]
fn Markers() -> impl IntoView {
    let store = use_realm_store();
    let view_box = move || {
        store.realm.with(|r| {
            r.as_ref()
                .map(|r| format!("0 0 {} {}", r.map.width, r.map.height))
        })
    };
    let markers = move || {
        store.realm.with(|r| {
            let Some(r) = r else { return Vec::new() };
            let (w, h) = (r.map.width as f64, r.map.height as f64);
            r.factions
                .iter()
                .filter_map(|f| f.marker.map(|m| (f.clone(), m.x * w, m.y * h)))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <svg class="markers" viewBox=view_box preserveAspectRatio="none">
            <For
                each=markers
                key=|(f, x, y)| (f.id, x.to_bits(), y.to_bits(), f.colour.clone())
                children=|(f, x, y)| {
                    let initial = initial_of(&f.name);
                    view! {
                        <g class="marker" data-faction=f.id.to_string() data-kind=format!("{:?}", f.kind)
                            transform=format!("translate({x} {y})")>
                            <title>{f.name.clone()}</title>
                            <circle r="4.2" fill=f.colour.clone() />
                            <text text-anchor="middle" dy="1.6">{initial}</text>
                        </g>
                    }
                }
            />
        </svg>
    }
}

/// What each colour of the map means.
#[component]
fn Legend() -> impl IntoView {
    view! {
        <ul class="legend" aria-label="Terrain legend">
            {Terrain::ALL
                .iter()
                .map(|&t| {
                    let [r, g, b] = terrain_rgb(t);
                    view! {
                        <li>
                            <span class="swatch" style=format!("background: rgb({r},{g},{b})")></span>
                            {t.name()}
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}

/// The letter on a marker: the first letter of the name's first word that is not an article,
/// so "The Red Hand" reads R rather than every company reading T.
fn initial_of(name: &str) -> String {
    let word = name
        .split_whitespace()
        .find(|w| !matches!(w.to_lowercase().as_str(), "the" | "of" | "a"))
        .unwrap_or(name);
    word.chars().next().unwrap_or('?').to_uppercase().collect()
}
