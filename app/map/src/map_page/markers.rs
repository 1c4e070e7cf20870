//! The SVG layer over the terrain: faction markers, the dragged marker, and the route. Dragging
//! uses pointer events, so mouse, pen and touch all work; the pointer is captured by the layer so
//! a fast drag never loses its marker.

use super::state::{Drag, MapState};
use app::fighting::why_not_in_battle;
use app::store::{use_realm_store, RealmStore};
use engine::{Faction, Realm};
use leptos::prelude::*;
use std::sync::Arc;

/// How close (in cells) the dragged marker must come to another to target it.
const REACH: f64 = 6.0;

/// Markers and route, in cell coordinates.
#[component]
pub fn Markers() -> impl IntoView {
    let store = use_realm_store();
    let state = expect_context::<MapState>();
    let svg = NodeRef::<leptos::svg::Svg>::new();
    let view_box = move || {
        state.shown.with(|r| {
            r.as_ref()
                .map(|r| format!("0 0 {} {}", r.map.width, r.map.height))
        })
    };

    // Pointer position in cells.
    let cell_of = move |ev: &web_sys::PointerEvent| -> Option<(f64, f64)> {
        let el = svg.get_untracked()?;
        let rect = el.get_bounding_client_rect();
        let (w, h) = state
            .shown
            .with_untracked(|r| r.as_ref().map(|r| (r.map.width, r.map.height)))?;
        let x = (ev.client_x() as f64 - rect.left()) / rect.width() * w as f64;
        let y = (ev.client_y() as f64 - rect.top()) / rect.height() * h as f64;
        Some((x, y))
    };

    let on_down = move |ev: web_sys::PointerEvent, faction: Faction, at: (f64, f64)| {
        ev.prevent_default();
        if store.realm.with_untracked(Option::is_none) {
            state.notice.set(Some(
                "The realm's figures are still arriving: a battle can start once they are here."
                    .to_string(),
            ));
            return;
        }
        if let Some(why) = why_not_in_battle(&faction) {
            state.notice.set(Some(why));
            return;
        }
        let Some(p) = cell_of(&ev) else { return };
        if let Some(el) = svg.get_untracked() {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
        state.notice.set(None);
        state.preview.set(None);
        state.drag.set(Some(Drag {
            attacker: faction.id,
            at,
            grab: (p.0 - at.0, p.1 - at.1),
            target: None,
        }));
    };

    let on_move = move |ev: web_sys::PointerEvent| {
        let Some(p) = cell_of(&ev) else { return };
        state
            .hover
            .set(Some((p.0.max(0.0) as u32, p.1.max(0.0) as u32)));
        let Some(mut drag) = state.drag.get_untracked() else {
            return;
        };
        drag.at = (p.0 - drag.grab.0, p.1 - drag.grab.1);
        let target = store.realm.with_untracked(|r| {
            r.as_deref()
                .and_then(|r| nearest(r, drag.attacker, drag.at))
        });
        if target != drag.target {
            drag.target = target;
            retarget(store, state, target, drag.attacker);
        }
        state.drag.set(Some(drag));
    };

    let on_up = move |_ev: web_sys::PointerEvent| {
        let Some(drag) = state.drag.get_untracked() else {
            return;
        };
        state.drag.set(None);
        match (drag.target, state.preview.get_untracked()) {
            (Some(_), Some(p)) => state.preview.set(Some(Arc::new(engine_settled(&p)))),
            _ => state.preview.set(None),
        }
    };

    let on_cancel = move |_ev: web_sys::PointerEvent| {
        state.drag.set(None);
        state.preview.set(None);
    };

    let markers = move || {
        let drag = state.drag.get();
        state.shown.with(|r| {
            let Some(r) = r else { return Vec::new() };
            let (w, h) = (r.map.width as f64, r.map.height as f64);
            r.factions
                .iter()
                .filter_map(|f| {
                    let home = f.marker.map(|m| (m.x * w, m.y * h))?;
                    let at = match &drag {
                        Some(d) if d.attacker == f.id => d.at,
                        _ => home,
                    };
                    let targeted = drag.as_ref().is_some_and(|d| d.target == Some(f.id));
                    Some((f.clone(), home, at, targeted))
                })
                .collect::<Vec<_>>()
        })
    };

    let route_points = move || {
        state.preview.with(|p| {
            p.as_ref().map(|p| {
                p.points
                    .iter()
                    .map(|(x, y)| format!("{}.5,{}.5", x, y))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        })
    };
    let route_class = move || {
        if state
            .preview
            .with(|p| p.as_ref().is_some_and(|p| p.settled))
        {
            "route settled"
        } else {
            "route"
        }
    };

    view! {
        <svg
            class="markers"
            node_ref=svg
            viewBox=view_box
            preserveAspectRatio="none"
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=on_cancel
            on:pointerleave=move |_| state.hover.set(None)
        >
            <Show when=move || route_points().is_some()>
                <polyline class=route_class points=move || route_points().unwrap_or_default() />
            </Show>
            <For
                each=markers
                key=|(f, _, at, targeted)| (f.id, at.0.to_bits(), at.1.to_bits(), *targeted, f.colour.clone(), f.name.clone())
                children=move |(f, home, at, targeted)| {
                    let initial = initial_of(&f.name);
                    let kind = format!("{:?}", f.kind);
                    let (id, name, colour) = (f.id, f.name.clone(), f.colour.clone());
                    view! {
                        <g
                            class="marker"
                            class:targeted=targeted
                            data-faction=id.to_string()
                            data-kind=kind
                            transform=format!("translate({} {})", at.0, at.1)
                            on:pointerdown=move |ev| on_down(ev, f.clone(), home)
                        >
                            <title>{name}</title>
                            <circle r="4.2" fill=colour />
                            <text text-anchor="middle" dy="1.6">{initial}</text>
                        </g>
                    }
                }
            />
        </svg>
    }
}

/// The other marker nearest to `at` within reach.
fn nearest(realm: &Realm, attacker: u64, at: (f64, f64)) -> Option<u64> {
    let (w, h) = (realm.map.width as f64, realm.map.height as f64);
    realm
        .factions
        .iter()
        .filter(|f| f.id != attacker)
        .filter_map(|f| {
            let m = f.marker?;
            let d = ((m.x * w - at.0).powi(2) + (m.y * h - at.1).powi(2)).sqrt();
            (d <= REACH).then_some((d, f.id))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, id)| id)
}

/// A new target under the dragged marker: preview the route, or say why it cannot be attacked.
fn retarget(store: RealmStore, state: MapState, target: Option<u64>, attacker: u64) {
    let Some(target) = target else {
        state.preview.set(None);
        state.notice.set(None);
        return;
    };
    let planned = store.realm.with_untracked(|r| {
        let r = r.as_deref()?;
        let defender = r.faction(target)?;
        if let Some(why) = why_not_in_battle(defender) {
            return Some(Err(why));
        }
        state.plan(r, attacker, target).map(Ok)
    });
    match planned {
        Some(Ok(p)) => {
            state.notice.set(None);
            state.preview.set(Some(Arc::new(p)));
        }
        Some(Err(why)) => {
            state.preview.set(None);
            state.notice.set(Some(why));
        }
        None => state.preview.set(None),
    }
}

fn engine_settled(p: &super::state::Preview) -> super::state::Preview {
    super::state::Preview {
        settled: true,
        ..p.clone()
    }
}

/// The letter on a marker: the first letter of the name's first word that is not an article,
/// so "The Red Hand" reads R rather than every company reading T.
fn initial_of(name: &str) -> String {
    let word = name
        .split_whitespace()
        .find(|w| !["the", "of", "a"].iter().any(|s| w.eq_ignore_ascii_case(s)))
        .unwrap_or(name);
    word.chars().next().unwrap_or('?').to_uppercase().collect()
}
