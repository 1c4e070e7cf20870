//! A march drawn on the terrain: the map with one route over it, its start and its end. Realm
//! History's replay draws the recorded route with it.

use crate::components::terrain_canvas::TerrainCanvas;
use engine::{cell_xy, TerrainMap};
use leptos::prelude::*;
use std::sync::Arc;

/// The terrain with `route` (cell indices, start to goal) drawn over it.
#[component]
pub fn RouteMap(map: Arc<TerrainMap>, route: Vec<u32>) -> impl IntoView {
    let (w, h) = (map.width, map.height);
    let cells = (w as usize) * (h as usize);
    let points: Vec<(f64, f64)> = route
        .iter()
        .filter(|&&c| (c as usize) < cells)
        .map(|&c| {
            let (x, y) = cell_xy(c as usize, w);
            (f64::from(x) + 0.5, f64::from(y) + 0.5)
        })
        .collect();
    let line = points
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ");
    let ends = [points.first(), points.last()]
        .into_iter()
        .flatten()
        .copied()
        .zip(["start", "end"])
        .map(|((x, y), class)| view! { <circle class=format!("route-{class}") cx=x cy=y r=2.2 /> })
        .collect_view();
    let terrain = Signal::derive(move || Some(map.clone()));
    view! {
        <div class="map-frame route-map" style=format!("aspect-ratio: {w} / {h}")>
            <TerrainCanvas map=terrain />
            <svg class="markers" viewBox=format!("0 0 {w} {h}") preserveAspectRatio="none"
                role="img" aria-label=format!("The route, {} squares", points.len())>
                <polyline class="route settled" points=line />
                {ends}
            </svg>
        </div>
    }
}
