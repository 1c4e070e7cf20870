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
    // Each faction's letters, in the realm's order: worked out once for the markers and their
    // names alike.
    let labels = Memo::new(move |_| {
        state.shown.with(|r| {
            r.as_ref().map_or_else(Vec::new, |r| {
                marker_labels(r.factions.iter().map(|f| f.name.as_str()))
            })
        })
    });
    let markers = move || {
        let labels = labels.get();
        state.shown.with(|r| {
            let Some(r) = r else { return Vec::new() };
            r.factions
                .iter()
                .zip(labels)
                .filter_map(|(f, label)| Some((f.clone(), home(r, f)?, label)))
                .collect::<Vec<_>>()
        })
    };
    // How many screen pixels a cell is, so a marker is never smaller than a finger (see
    // [`marker_radius`]): measured on mount and whenever the window is resized.
    let px_per_cell = RwSignal::new(None::<f64>);
    let measure = move || {
        let (Some(el), Some(w)) = (
            svg.get_untracked(),
            state
                .shown
                .with_untracked(|r| r.as_ref().map(|r| r.map.width)),
        ) else {
            return;
        };
        let width = el.get_bounding_client_rect().width();
        if width > 0.0 && w > 0 {
            px_per_cell.set(Some(width / w as f64));
        }
    };
    Effect::new(move |_| {
        state.shown.track();
        measure();
    });
    let resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());
    let radius = move || format!("--r: {:.2}", marker_radius(px_per_cell.get()));

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
        let labels = labels.get();
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
            let Some((f, label)) = id.and_then(|id| {
                let i = realm.factions.iter().position(|f| f.id == id)?;
                Some((&realm.factions[i], labels.get(i)?))
            }) else {
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
            let _ = g.set_attribute("aria-label", &marker_label(f, label, power));
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
            style=radius
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
                key=|(f, home, label)| (f.id, home.0.to_bits(), home.1.to_bits(), f.colour.clone(), f.name.clone(), f.alignment, f.kind, label.clone())
                children=move |(f, home, label)| {
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
                            <circle fill=colour />
                            <text text-anchor="middle" dy="0.36em" aria-hidden="true">{label}</text>
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
    state.selected.set(Some(faction.id));
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

/// What a marker says to a screen reader: "Kingdom of Aldermere, marked KA, Power 780.7, Noble", and
/// why a faction that cannot fight is there. The letters drawn on it are part of the name, so a
/// voice-control user can say what they see.
fn marker_label(f: &Faction, letters: &str, power: Option<f64>) -> String {
    let mut label = format!("{}, marked {letters}", f.name);
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

/// A marker's radius in cells: 3 cells, but never less than 12 screen pixels (a 24 px touch
/// target on a phone, where a cell is about two pixels) nor less than 2.6 cells on a wide screen,
/// where a cell is many pixels and 3 cells would hide the land around it.
pub(crate) fn marker_radius(px_per_cell: Option<f64>) -> f64 {
    const DEFAULT: f64 = 3.0;
    const MIN_CELLS: f64 = 2.6;
    const MIN_PX: f64 = 12.0;
    match px_per_cell {
        Some(ppc) if ppc > 0.0 => (MIN_PX / ppc).max(MIN_CELLS),
        _ => DEFAULT,
    }
}

/// The words of a name that tell it apart: "Order of the Silver Lion" is Order, Silver, Lion.
fn telling_words(name: &str) -> Vec<&str> {
    let words: Vec<&str> = name
        .split_whitespace()
        .filter(|w| {
            !["the", "of", "a", "an"]
                .iter()
                .any(|s| w.eq_ignore_ascii_case(s))
        })
        .collect();
    if words.is_empty() {
        name.split_whitespace().collect()
    } else {
        words
    }
}

/// The labels a name may take, best first: the initials of its first two telling words ("KA"
/// for Kingdom of Aldermere), then its first letter with each later letter of the first word
/// ("Go", "Gb", … for Goblin Warrens), then with the first letter of each later word, then the
/// first letter numbered.
fn label_choices(name: &str) -> Vec<String> {
    let words = telling_words(name);
    let first_char = |w: &str| {
        w.chars()
            .next()
            .map(|c| c.to_uppercase().collect::<String>())
    };
    let Some(lead) = words.first().and_then(|w| first_char(w)) else {
        return (1..=99).map(|n| format!("?{n}")).collect();
    };
    let mut choices = Vec::new();
    if let Some(second) = words.get(1).and_then(|w| first_char(w)) {
        choices.push(format!("{lead}{second}"));
    }
    for c in words[0].chars().skip(1).filter(|c| c.is_alphanumeric()) {
        choices.push(format!("{lead}{}", c.to_lowercase()));
    }
    for w in words.iter().skip(2) {
        if let Some(c) = first_char(w) {
            choices.push(format!("{lead}{c}"));
        }
    }
    choices.extend((1..=99).map(|n| format!("{lead}{n}")));
    choices
}

/// A label for each name, in order, no two alike: each takes its best choice not already taken.
fn marker_labels<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut taken: Vec<String> = Vec::new();
    for name in names {
        let choices = label_choices(name);
        let label = choices
            .iter()
            .find(|c| !taken.contains(c))
            .cloned()
            .unwrap_or_else(|| format!("{}", taken.len() + 1));
        taken.push(label);
    }
    taken
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
        let label = marker_label(f, "KA", Some(780.66));
        assert_eq!(
            label,
            format!("{}, marked KA, Power 780.7, {:?}", f.name, f.alignment)
        );
        assert_eq!(
            marker_label(f, "KA", None),
            format!("{}, marked KA, {:?}", f.name, f.alignment),
            "before the Power is known"
        );
        let town = realm
            .factions
            .iter()
            .find(|f| f.kind == engine::FactionKind::Townsfolk)
            .unwrap();
        assert!(marker_label(town, "FC", Some(1.0)).ends_with("townsfolk, never in battle"));
    }

    #[test]
    fn labels_are_two_letters_and_unique_on_the_demo() {
        let realm = engine::demo_realm();
        let labels = marker_labels(realm.factions.iter().map(|f| f.name.as_str()));
        assert_eq!(labels.len(), realm.factions.len());
        for (i, l) in labels.iter().enumerate() {
            assert_eq!(l.chars().count(), 2, "{l}");
            assert!(!labels[..i].contains(l), "{l} twice in {labels:?}");
        }
    }

    #[test]
    fn a_label_takes_initials_then_the_first_word_then_a_number() {
        assert_eq!(
            marker_labels(["Kingdom of Aldermere", "The Red Hand", "Ironhold"]),
            ["KA", "RH", "Ir"]
        );
        assert_eq!(
            marker_labels(["Goblin Warrens", "Grey Wardens", "Grey Wolves"]),
            ["GW", "Gr", "Ge"]
        );
        assert_eq!(marker_labels(["A", "A", "A"]), ["A1", "A2", "A3"]);
        assert_eq!(marker_labels(["The", "the"]), ["Th", "Te"]);
    }

    #[test]
    fn a_marker_is_never_smaller_than_a_finger_nor_crowds_a_wide_map() {
        assert_eq!(marker_radius(None), 3.0);
        // A phone: about 2.5 px a cell, so 12 px is 4.8 cells.
        assert!((marker_radius(Some(2.5)) * 2.5 - 12.0).abs() < 1e-9);
        // A desktop: 10 px a cell would give 1.2 cells; it keeps 2.6.
        assert_eq!(marker_radius(Some(10.0)), 2.6);
    }
}
