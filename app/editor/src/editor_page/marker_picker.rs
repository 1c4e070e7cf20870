//! A faction's marker placed on a small copy of the terrain map: press or drag anywhere on it, or
//! move the handle with the arrow keys, and the Across and Down fields beside it follow (they stay,
//! for a value typed exactly). The other factions' markers are drawn faint, so a newcomer sees
//! where there is room. Nothing is stored until the faction form is saved.

use app::components::terrain_canvas::TerrainCanvas;
use engine::Marker;
use leptos::html;
use leptos::prelude::*;
use std::sync::Arc;

/// A marker's place as the form's two fields hold it, to four decimals (finer than a cell of any
/// map the realm allows).
pub fn marker_text(v: f64) -> String {
    let v = (v.clamp(0.0, 1.0) * 10_000.0).round() / 10_000.0;
    v.to_string()
}

/// The picker for the faction `faction`'s marker, writing `x` and `y` while `enabled`.
#[component]
pub fn MarkerPicker(
    faction: u64,
    x: RwSignal<String>,
    y: RwSignal<String>,
    enabled: Signal<bool>,
) -> impl IntoView {
    let store = app::store::use_realm_store();
    let terrain = Memo::new(move |_| store.read(|r| Some(r.map.clone())));
    let map = Signal::derive(move || terrain.get().map(Arc::new));
    let dims = move || terrain.with(|m| m.as_ref().map_or((4, 3), |m| (m.width, m.height)));
    let others = Memo::new(move |_| {
        store.read(|r| {
            r.factions
                .iter()
                .filter(|f| f.id != faction)
                .filter_map(|f| Some((f.name.clone(), f.marker?)))
                .collect::<Vec<_>>()
        })
    });
    let at = move || {
        let read = |s: String| s.trim().parse::<f64>().ok().filter(|v| v.is_finite());
        Some(Marker {
            x: read(x.get())?.clamp(0.0, 1.0),
            y: read(y.get())?.clamp(0.0, 1.0),
        })
    };
    let area = NodeRef::<html::Div>::new();
    let dragging = RwSignal::new(false);
    let place = move |ev: &web_sys::PointerEvent| {
        let Some(el) = area.get_untracked() else {
            return;
        };
        let rect = el.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return;
        }
        x.set(marker_text(
            (ev.client_x() as f64 - rect.left()) / rect.width(),
        ));
        y.set(marker_text(
            (ev.client_y() as f64 - rect.top()) / rect.height(),
        ));
    };
    let down = move |ev: web_sys::PointerEvent| {
        if !enabled.get_untracked() {
            return;
        }
        ev.prevent_default();
        if let Some(el) = area.get_untracked() {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
        dragging.set(true);
        place(&ev);
    };
    let moved = move |ev: web_sys::PointerEvent| {
        if dragging.get_untracked() {
            place(&ev);
        }
    };
    let keys = move |ev: web_sys::KeyboardEvent| {
        let step = if ev.shift_key() { 0.05 } else { 0.01 };
        let (dx, dy) = match ev.key().as_str() {
            "ArrowLeft" => (-step, 0.0),
            "ArrowRight" => (step, 0.0),
            "ArrowUp" => (0.0, -step),
            "ArrowDown" => (0.0, step),
            _ => return,
        };
        ev.prevent_default();
        let m = at().unwrap_or(Marker { x: 0.5, y: 0.5 });
        x.set(marker_text(m.x + dx));
        y.set(marker_text(m.y + dy));
    };
    let spot = |m: Marker| format!("left: {}%; top: {}%", m.x * 100.0, m.y * 100.0);
    view! {
        <div class="marker-map" class:off=move || !enabled.get() node_ref=area
            style=move || { let (w, h) = dims(); format!("aspect-ratio: {w} / {h}") }
            on:pointerdown=down on:pointermove=moved
            on:pointerup=move |_| dragging.set(false) on:pointercancel=move |_| dragging.set(false)>
            <TerrainCanvas map />
            {move || others.get().into_iter().map(|(name, m)| view! {
                <span class="other-marker" style=spot(m) title=name aria-hidden="true"></span>
            }).collect_view()}
            {move || at().filter(|_| enabled.get()).map(|m| view! {
                <button type="button" class="marker-handle" style=spot(m) on:keydown=keys
                    aria-label=format!("Marker at {:.0}% across, {:.0}% down: arrow keys move it", m.x * 100.0, m.y * 100.0)></button>
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::marker_text;

    #[test]
    fn a_place_is_kept_on_the_map_to_four_decimals() {
        assert_eq!(marker_text(0.123456), "0.1235");
        assert_eq!(marker_text(-0.2), "0");
        assert_eq!(marker_text(1.7), "1");
        assert_eq!(marker_text(0.5), "0.5");
    }
}
