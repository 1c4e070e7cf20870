//! The SVG layer over the terrain: faction markers, the dragged marker, and the route. Dragging
//! uses pointer events, so mouse, pen and touch all work; the pointer is captured by the layer so
//! a fast drag never loses its marker.
//!
//! The keyboard fights the same way: the markers are one Tab stop (a roving tabindex, moved by
//! the arrow keys as [`super::keys`] says), each named by its faction, Power and alignment.
//! Enter or Space picks the focused marker up, the arrow keys then choose whom it marches on
//! (the route and odds shown as while dragging), Enter marches and Escape puts it back. A marker
//! carried by the keys is a [`Drag`] like any other, so everything that follows a drag follows it.

use super::keys::{self, Step};
use super::state::{Drag, MapState};
use app::fighting::why_not_in_battle;
use app::store::{use_realm_store, RealmStore};
use engine::{Faction, Realm};
use leptos::prelude::*;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// Where a marker carried by the keys is drawn, from the target's centre, in cells: beside it,
/// so both show.
const BESIDE: (f64, f64) = (-5.0, -5.0);

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
        let Some(p) = cell_of(&ev) else { return };
        if !pick_up(store, state, &faction, at, false) {
            return;
        }
        if let Some(el) = svg.get_untracked() {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
        state.drag.update(|d| {
            if let Some(d) = d {
                d.grab = (p.0 - at.0, p.1 - at.1);
            }
        });
    };

    let on_move = move |ev: web_sys::PointerEvent| {
        let Some(p) = cell_of(&ev) else { return };
        state
            .hover
            .set(Some((p.0.max(0.0) as u32, p.1.max(0.0) as u32)));
        let Some(mut drag) = state.drag.get_untracked().filter(|d| !d.by_keys) else {
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
        if state
            .drag
            .with_untracked(|d| d.as_ref().is_some_and(|d| !d.by_keys))
        {
            settle(state);
        }
    };

    let on_cancel = move |_ev: web_sys::PointerEvent| {
        if state
            .drag
            .with_untracked(|d| d.as_ref().is_some_and(|d| !d.by_keys))
        {
            state.drag.set(None);
            state.preview.set(None);
        }
    };

    // Each marker as it stands at home; where it is drawn and whether it is targeted follow the
    // drag reactively, so a marker's element lives as long as its faction (and keeps focus).
    let markers = move || {
        state.shown.with(|r| {
            let Some(r) = r else { return Vec::new() };
            r.factions
                .iter()
                .filter_map(|f| Some((f.clone(), home(r, f)?)))
                .collect::<Vec<_>>()
        })
    };
    // Who has the layer's Tab stop: the one focused last, else the first across the map.
    let tab_stop = Memo::new(move |_| {
        state.shown.track();
        let all = homes(state);
        state
            .focused
            .get()
            .filter(|id| all.iter().any(|m| m.0 == *id))
            .or_else(|| keys::step(&all, None, Step::First))
    });
    let powers = Memo::new(move |_| faction_powers(store));

    // Every marker's moving parts, written in one pass whenever the drag, the tab stop, the
    // Power or the markers themselves change.
    Effect::new(move |_| {
        state.shown.track();
        let drag = state.drag.get();
        let stop = tab_stop.get();
        let powers = powers.get();
        let (Some(el), Some(realm)) = (svg.get(), state.shown.get_untracked()) else {
            return;
        };
        let Ok(nodes) = el.query_selector_all(".marker") else {
            return;
        };
        for i in 0..nodes.length() {
            let Some(g) = nodes
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            else {
                continue;
            };
            let id = g
                .get_attribute("data-faction")
                .and_then(|v| v.parse::<u64>().ok());
            let Some(f) = id.and_then(|id| realm.faction(id)) else {
                continue;
            };
            let Some(home) = home(&realm, f) else {
                continue;
            };
            let carried = drag.as_ref().is_some_and(|d| d.attacker == f.id);
            let targeted = drag.as_ref().is_some_and(|d| d.target == Some(f.id));
            let at = drag.as_ref().filter(|_| carried).map_or(home, |d| d.at);
            let class = match (carried, targeted) {
                (true, _) => "marker carried",
                (false, true) => "marker targeted",
                _ => "marker",
            };
            let power = powers.iter().find(|p| p.0 == f.id).map(|p| p.1);
            let _ = g.set_attribute("class", class);
            let _ = g.set_attribute("transform", &format!("translate({} {})", at.0, at.1));
            let _ = g.set_attribute("aria-pressed", if carried { "true" } else { "false" });
            let _ = g.set_attribute("tabindex", if stop == Some(f.id) { "0" } else { "-1" });
            let _ = g.set_attribute("aria-label", &marker_label(f, power));
        }
    });

    let focus = move |id: u64| {
        state.focused.set(Some(id));
        let el = svg.get_untracked().and_then(|svg| {
            svg.query_selector(&format!(r#"[data-faction="{id}"]"#))
                .ok()
                .flatten()
        });
        if let Some(el) = el.and_then(|e| e.dyn_into::<web_sys::SvgElement>().ok()) {
            let _ = el.focus();
        }
    };

    let on_key = move |ev: web_sys::KeyboardEvent, faction: Faction, home: (f64, f64)| {
        let carried = state.drag.get_untracked().filter(|d| d.by_keys);
        let key = ev.key();
        if let Some(step) = Step::of_key(&key) {
            ev.prevent_default();
            let all = homes(state);
            match carried {
                None => {
                    if let Some(next) = keys::step(&all, Some((faction.id, home)), step) {
                        focus(next);
                    }
                }
                Some(mut drag) => {
                    let targets: Vec<_> = all
                        .iter()
                        .copied()
                        .filter(|m| m.0 != drag.attacker)
                        .collect();
                    let from = drag
                        .target
                        .and_then(|t| all.iter().copied().find(|m| m.0 == t));
                    let from = from.or_else(|| all.iter().copied().find(|m| m.0 == drag.attacker));
                    let Some(next) = keys::step(&targets, from, step) else {
                        return;
                    };
                    let at = targets
                        .iter()
                        .find(|m| m.0 == next)
                        .map_or(drag.at, |m| (m.1 .0 + BESIDE.0, m.1 .1 + BESIDE.1));
                    drag.at = at;
                    drag.target = Some(next);
                    retarget(store, state, Some(next), drag.attacker);
                    state.drag.set(Some(drag));
                    focus(next);
                }
            }
            return;
        }
        match (key.as_str(), carried) {
            ("Enter" | " ", None) => {
                ev.prevent_default();
                if pick_up(store, state, &faction, home, true) {
                    state.notice.set(Some(format!(
                        "{} is picked up: the arrow keys choose whom it marches on, Enter \
                         marches, Escape puts it back.",
                        faction.name
                    )));
                }
            }
            ("Enter" | " ", Some(drag)) => {
                ev.prevent_default();
                if drag.target.is_some() && state.preview.with_untracked(Option::is_some) {
                    settle(state);
                    state.focus_setup.set(true);
                }
            }
            ("Escape", Some(drag)) => {
                ev.prevent_default();
                state.drag.set(None);
                state.preview.set(None);
                state.notice.set(None);
                focus(drag.attacker);
            }
            _ => {}
        }
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
                key=|(f, home)| (f.id, home.0.to_bits(), home.1.to_bits(), f.colour.clone(), f.name.clone(), f.alignment, f.kind)
                children=move |(f, home)| {
                    let initial = initial_of(&f.name);
                    let kind = format!("{:?}", f.kind);
                    let (id, name, colour) = (f.id, f.name.clone(), f.colour.clone());
                    let f_down = f.clone();
                    // What moves (position, targeted, carried, tab stop, name with its Power) is
                    // written by one effect below for every marker, not by a closure per
                    // attribute: the same behaviour in far less of the map's wasm.
                    view! {
                        <g
                            class="marker"
                            data-faction=id.to_string()
                            data-kind=kind
                            role="button"
                            aria-pressed="false"
                            tabindex="-1"
                            transform=format!("translate({} {})", home.0, home.1)
                            on:pointerdown=move |ev| on_down(ev, f_down.clone(), home)
                            on:keydown=move |ev| on_key(ev, f.clone(), home)
                            on:focus=move |_| state.focused.set(Some(id))
                        >
                            <title>{name}</title>
                            <circle r="4.2" fill=colour />
                            <text text-anchor="middle" dy="1.6" aria-hidden="true">{initial}</text>
                        </g>
                    }
                }
            />
        </svg>
    }
}

/// Takes up `faction`'s marker, standing at `at`, if it can fight now; else says why not.
fn pick_up(
    store: RealmStore,
    state: MapState,
    faction: &Faction,
    at: (f64, f64),
    by_keys: bool,
) -> bool {
    if store.realm.with_untracked(Option::is_none) {
        state.notice.set(Some(
            "The realm's figures are still arriving: a battle can start once they are here."
                .to_string(),
        ));
        return false;
    }
    if let Some(why) = why_not_in_battle(faction) {
        state.notice.set(Some(why));
        return false;
    }
    state.notice.set(None);
    state.preview.set(None);
    state.drag.set(Some(Drag {
        attacker: faction.id,
        at,
        grab: (0.0, 0.0),
        target: None,
        by_keys,
    }));
    true
}

/// Lets the marker go: a march on its target settles, anything else puts it back.
fn settle(state: MapState) {
    let Some(drag) = state.drag.get_untracked() else {
        return;
    };
    state.drag.set(None);
    match (drag.target, state.preview.get_untracked()) {
        (Some(_), Some(p)) => state.preview.set(Some(Arc::new(engine_settled(&p)))),
        _ => state.preview.set(None),
    }
}

/// Where `f`'s marker stands at home, in cells (its position is kept as a fraction of the map).
fn home(r: &Realm, f: &Faction) -> Option<(f64, f64)> {
    let (w, h) = (r.map.width as f64, r.map.height as f64);
    f.marker.map(|m| (m.x * w, m.y * h))
}

/// Every marker's id and home, in cells.
fn homes(state: MapState) -> Vec<(u64, (f64, f64))> {
    state.shown.with_untracked(|r| {
        let Some(r) = r else { return Vec::new() };
        r.factions
            .iter()
            .filter_map(|f| Some((f.id, home(r, f)?)))
            .collect()
    })
}

/// Each faction's Power as its card shows it: from the realm, or from the summary until the realm
/// arrives.
fn faction_powers(store: RealmStore) -> Vec<(u64, f64)> {
    let from_realm = store.realm.with(|r| {
        r.as_deref().map(|r| {
            engine::realm_power(r)
                .factions
                .iter()
                .map(|p| (p.id, p.power))
                .collect()
        })
    });
    from_realm.unwrap_or_else(|| {
        store.summary.with(|s| {
            s.as_ref()
                .map(|s| {
                    s.standings
                        .iter()
                        .map(|st| (st.faction, st.power))
                        .collect()
                })
                .unwrap_or_default()
        })
    })
}

/// What a marker says to a screen reader: "Kingdom of Aldermere, Power 780.7, Noble", and why a
/// faction that cannot fight is there.
fn marker_label(f: &Faction, power: Option<f64>) -> String {
    let mut label = f.name.clone();
    if let Some(p) = power {
        label.push_str(&format!(", Power {p:.1}"));
    }
    label.push_str(&format!(", {:?}", f.alignment));
    match f.kind {
        engine::FactionKind::Ordinary => {}
        engine::FactionKind::Mercenary => {
            label.push_str(", a mercenary company, hired by a side that is behind")
        }
        engine::FactionKind::Townsfolk => label.push_str(", townsfolk, never in battle"),
    }
    label
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marker_names_its_faction_power_and_alignment() {
        let realm = engine::demo_realm();
        let f = realm
            .factions
            .iter()
            .find(|f| f.kind == engine::FactionKind::Ordinary)
            .unwrap();
        let label = marker_label(f, Some(780.66));
        assert_eq!(label, format!("{}, Power 780.7, {:?}", f.name, f.alignment));
        assert_eq!(
            marker_label(f, None),
            format!("{}, {:?}", f.name, f.alignment),
            "before the Power is known"
        );
        let town = realm
            .factions
            .iter()
            .find(|f| f.kind == engine::FactionKind::Townsfolk)
            .unwrap();
        assert!(marker_label(town, Some(1.0)).ends_with("townsfolk, never in battle"));
    }
}
