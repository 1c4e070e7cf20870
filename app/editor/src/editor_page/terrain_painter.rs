//! `/editor/terrain`: the terrain painter. Paint any terrain onto the map with pointer events
//! (mouse, pen or touch) and a round brush, undo and redo whole strokes, and watch the territory
//! follow. A stroke is saved as one edit of the map record through the offline-first store, so it
//! works offline and reaches the server with the next sync; without the editor key the painter only
//! shows the map.
//!
//! The brush and the undo history are pure ([`brush`], [`history`]); this file turns pointer
//! positions into cells and hands finished strokes to the store.

mod brush;
mod history;

use app::components::page_intro::PageIntro;
use app::components::sync_badge::WHERE_THE_BADGE_IS;
use app::components::terrain_canvas::{terrain_rgb, TerrainCanvas};
use app::components::territory_layer::TerritoryLayer;
use app::store::{use_realm_store, EditError, RealmStore, Source};
use engine::{
    claim_territory, realm_claims, realm_territory, Claim, FactionRef, OwnerGrid, RecordKind,
    Terrain, TerrainMap,
};
use history::{History, StrokeInProgress};
use leptos::html;
use leptos::prelude::*;
use std::sync::Arc;

/// While a stroke is painted, the territory is recomputed at most this often (milliseconds): the
/// claim walks the whole map, and a pointer sends far more moves than the eye needs.
const TERRITORY_EVERY_MS: f64 = 200.0;

/// The entry on `/editor` that leads to the painter.
#[component]
pub fn TerrainPainterLink() -> impl IntoView {
    view! {
        <section class="editor-section terrain-painter-link">
            <h2>"Terrain"</h2>
            <p>
                "Paint roads, plains, forest, marsh, water and mountains onto the map, and watch the territory follow. "
                <a href="/editor/terrain" class="open-painter">"Open the terrain painter"</a>
            </p>
        </section>
    }
}

/// The painter's state, shared by its parts.
#[derive(Clone, Copy)]
struct Painter {
    store: RealmStore,
    /// The map as painted on screen: the realm's, plus the stroke in progress.
    map: RwSignal<Option<Arc<TerrainMap>>>,
    /// Who holds each square of `map`.
    owners: RwSignal<Option<Arc<OwnerGrid>>>,
    terrain: RwSignal<Terrain>,
    size: RwSignal<u32>,
    stroke: StoredValue<Option<StrokeInProgress>>,
    /// The claims of the realm at the stroke's start (they depend on Power, not on the ground).
    claims: StoredValue<Vec<Claim>>,
    last_territory: StoredValue<f64>,
    history: StoredValue<History>,
    /// Bumped whenever `history` changes, so the Undo and Redo buttons follow it.
    history_rev: RwSignal<u32>,
    /// What the last stroke, undo or refusal did, in words.
    message: RwSignal<Option<(bool, String)>>,
    hover: RwSignal<Option<(u32, u32)>>,
}

impl Painter {
    fn new(store: RealmStore) -> Painter {
        let p = Painter {
            store,
            map: RwSignal::new(None),
            owners: RwSignal::new(None),
            terrain: RwSignal::new(Terrain::Mountain),
            size: RwSignal::new(5),
            stroke: StoredValue::new(None),
            claims: StoredValue::new(Vec::new()),
            last_territory: StoredValue::new(0.0),
            history: StoredValue::new(History::default()),
            history_rev: RwSignal::new(0),
            message: RwSignal::new(None),
            hover: RwSignal::new(None),
        };
        // The realm's map and territory are shown except while a stroke is being painted; a realm
        // that changes then (a pull) is picked up when the stroke ends and the store answers.
        Effect::new(move |_| {
            let Some(realm) = store.realm.get() else {
                return;
            };
            if p.stroke.with_value(Option::is_some) {
                return;
            }
            p.map.set(Some(Arc::new(realm.map.clone())));
            p.owners.set(Some(Arc::new(realm_territory(&realm))));
        });
        p
    }

    fn begin(&self, at: (i64, i64)) {
        // A second finger while one is painting does not start another stroke.
        if self.stroke.with_value(Option::is_some) {
            return;
        }
        let Some(mut map) = self.map.get_untracked() else {
            return;
        };
        let claims = self
            .store
            .realm
            .with_untracked(|r| r.as_deref().map(realm_claims).unwrap_or_default());
        self.claims.set_value(claims);
        let (terrain, size) = (self.terrain.get_untracked(), self.size.get_untracked());
        let stroke = StrokeInProgress::begin(Arc::make_mut(&mut map), terrain, size, at);
        self.stroke.set_value(Some(stroke));
        self.last_territory.set_value(now());
        self.map.set(Some(map));
    }

    fn extend(&self, to: (i64, i64)) {
        let Some(mut map) = self.map.get_untracked() else {
            return;
        };
        let changed = self
            .stroke
            .try_update_value(|s| {
                s.as_mut()
                    .is_some_and(|s| s.extend(Arc::make_mut(&mut map), to))
            })
            .unwrap_or(false);
        if !changed {
            return;
        }
        if now() - self.last_territory.get_value() >= TERRITORY_EVERY_MS {
            let owners = self.claims.with_value(|c| claim_territory(&*map, c));
            self.owners.set(Some(Arc::new(owners)));
            self.last_territory.set_value(now());
        }
        self.map.set(Some(map));
    }

    /// Ends the stroke and saves the map as one edit; a refused stroke is taken off the map.
    fn finish(&self) {
        let Some(stroke) = self.stroke.try_update_value(Option::take).flatten() else {
            return;
        };
        let Some(mut map) = self.map.get_untracked() else {
            return;
        };
        let stroke = stroke.finish(&map);
        if stroke.is_empty() {
            return;
        }
        let cells = stroke.len();
        match self.store.put(RecordKind::Map, 0, &*map) {
            Ok(()) => {
                self.history.update_value(|h| h.record(stroke));
                self.bump();
                self.say(false, format!("Painted {cells} cells; saved in this browser, it syncs when the server is reachable."));
            }
            Err(e) => {
                stroke.undo(Arc::make_mut(&mut map));
                self.map.set(Some(map));
                self.refused(&e);
            }
        }
    }

    /// Undoes (`redo` false) or redoes the last stroke, saving the map as one edit.
    fn step(&self, redo: bool) {
        let Some(mut map) = self.map.get_untracked() else {
            return;
        };
        if self.stroke.with_value(Option::is_some) {
            return;
        }
        let m = Arc::make_mut(&mut map);
        let moved = self
            .history
            .try_update_value(|h| if redo { h.redo(m) } else { h.undo(m) })
            .unwrap_or(false);
        if !moved {
            return;
        }
        match self.store.put(RecordKind::Map, 0, &*map) {
            Ok(()) => self.say(false, if redo { "Redone." } else { "Undone." }.to_string()),
            Err(e) => {
                self.history.update_value(|h| {
                    if redo {
                        h.revert_redo();
                    } else {
                        h.revert_undo();
                    }
                });
                self.refused(&e);
            }
        }
        self.bump();
    }

    fn refused(&self, e: &EditError) {
        self.say(true, format!("Not saved: {e}"));
    }

    fn say(&self, error: bool, text: String) {
        self.message.set(Some((error, text)));
    }

    fn bump(&self) {
        self.history_rev.update(|n| *n += 1);
    }
}

/// The painter page.
#[component]
pub fn TerrainPainterPage() -> impl IntoView {
    let store = use_realm_store();
    let p = Painter::new(store);
    provide_context(p);
    let keys = window_event_listener(leptos::ev::keydown, move |e| {
        if !(e.ctrl_key() || e.meta_key()) || e.alt_key() || !store.can_edit() {
            return;
        }
        match e.key().to_lowercase().as_str() {
            "z" => p.step(e.shift_key()),
            "y" => p.step(true),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || keys.remove());
    let dims = move || p.map.with(|m| m.as_ref().map(|m| (m.width, m.height)));
    view! {
        <PageIntro title="Terrain painter" lead="Paint the ground of the realm. Each stroke is one edit: undo takes it back whole, and the territory follows as you paint." />
        <p class="back-link"><a href="/editor">"← Back to the editor"</a></p>
        <Show when=move || !store.can_edit()>
            <p class="read-only-note painter-locked">
                "Read-only: enter the editor key (click " {WHERE_THE_BADGE_IS} ") to paint. "
                "Until then the painter only shows the map."
            </p>
        </Show>
        <div class="terrain-painter">
            <Tools />
            <Show
                when=move || dims().is_some()
                fallback=move || view! { <p class="map-empty">{move || match store.source.get() {
                    Source::Failed(e) => format!("The realm could not be loaded: {e}"),
                    _ => "Loading the realm…".to_string(),
                }}</p> }
            >
                <Surface />
            </Show>
        </div>
    }
}

/// The palette, the brush size, undo and redo, and what happened last.
#[component]
fn Tools() -> impl IntoView {
    let p = expect_context::<Painter>();
    let locked = move || !p.store.can_edit();
    let can_undo = move || {
        p.history_rev.track();
        p.history.with_value(History::can_undo)
    };
    let can_redo = move || {
        p.history_rev.track();
        p.history.with_value(History::can_redo)
    };
    view! {
        <fieldset class="painter-tools" prop:disabled=locked>
            <legend>"Brush"</legend>
            <div class="palette" role="radiogroup" aria-label="Terrain">
                {Terrain::ALL.into_iter().map(|t| {
                    let [r, g, b] = terrain_rgb(t);
                    view! {
                        <label class="palette-choice" class:chosen=move || p.terrain.get() == t>
                            <input type="radio" name="terrain" value=t.name().to_lowercase()
                                prop:checked=move || p.terrain.get() == t
                                on:change=move |_| p.terrain.set(t) />
                            <span class="swatch" style=format!("background: rgb({r},{g},{b})")></span>
                            {t.name()}
                        </label>
                    }
                }).collect_view()}
            </div>
            <label class="brush-size">"Size "
                <select name="brush-size" on:change=move |ev| {
                    if let Ok(n) = event_target_value(&ev).parse::<u32>() {
                        p.size.set(n.clamp(1, brush::MAX_SIZE));
                    }
                }>
                    {brush::SIZES.into_iter().map(|n| view! {
                        <option value=n selected=move || p.size.get() == n>{format!("{n} × {n}")}</option>
                    }).collect_view()}
                </select>
            </label>
            <div class="undo-redo">
                <button type="button" class="undo" prop:disabled=move || !can_undo() on:click=move |_| p.step(false)
                    title="Undo the last stroke (Ctrl+Z)">"Undo"</button>
                <button type="button" class="redo" prop:disabled=move || !can_redo() on:click=move |_| p.step(true)
                    title="Redo (Ctrl+Shift+Z)">"Redo"</button>
            </div>
        </fieldset>
        <p class="painter-status" role="status">
            {move || p.message.get().map(|(error, text)| view! {
                <span class:form-error=error class:saved=!error>{text}</span>
            })}
        </p>
    }
}

/// The map with its territory and markers, and the pointer surface over them.
#[component]
fn Surface() -> impl IntoView {
    let p = expect_context::<Painter>();
    let surface = NodeRef::<html::Div>::new();
    let map = Signal::derive(move || p.map.get());
    let owners = Signal::derive(move || p.owners.get());
    let realm = Signal::derive(move || p.store.realm.get());
    let show_territory = RwSignal::new(true);
    let dims = move || {
        p.map
            .with(|m| m.as_ref().map_or((240, 160), |m| (m.width, m.height)))
    };
    // The pointer's cell; outside the grid is allowed (a stroke may run off the edge).
    let cell_of = move |ev: &web_sys::PointerEvent| -> Option<(i64, i64)> {
        let el = surface.get_untracked()?;
        let rect = el.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        let (w, h) = dims();
        let x = (ev.client_x() as f64 - rect.left()) / rect.width() * w as f64;
        let y = (ev.client_y() as f64 - rect.top()) / rect.height() * h as f64;
        Some((x.floor() as i64, y.floor() as i64))
    };
    // The pointer painting the stroke: a second finger neither paints nor ends it.
    let painting = StoredValue::new(None::<i32>);
    let on_down = move |ev: web_sys::PointerEvent| {
        if ev.button() != 0 {
            return;
        }
        if !p.store.can_edit() {
            p.say(
                true,
                "Read-only: enter the editor key to paint.".to_string(),
            );
            return;
        }
        let Some(at) = cell_of(&ev) else { return };
        ev.prevent_default();
        if painting.get_value().is_some() {
            return;
        }
        if let Some(el) = surface.get_untracked() {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
        painting.set_value(Some(ev.pointer_id()));
        p.begin(at);
    };
    let on_move = move |ev: web_sys::PointerEvent| {
        let Some(at) = cell_of(&ev) else { return };
        let (w, h) = dims();
        let inside = at.0 >= 0 && at.1 >= 0 && at.0 < w as i64 && at.1 < h as i64;
        p.hover.set(inside.then_some((at.0 as u32, at.1 as u32)));
        if painting.get_value() == Some(ev.pointer_id()) {
            p.extend(at);
        }
    };
    let on_end = move |ev: web_sys::PointerEvent| {
        if painting.get_value() == Some(ev.pointer_id()) {
            painting.set_value(None);
            p.finish();
        }
    };
    let markers = move || {
        p.store.realm.with(|r| {
            let Some(r) = r.as_deref() else {
                return Vec::new();
            };
            r.factions
                .iter()
                .filter_map(|f| {
                    let side = FactionRef::of(f, &r.map)?;
                    Some((f.id, f.name.clone(), f.colour.clone(), side.cell))
                })
                .collect::<Vec<_>>()
        })
    };
    let hover_text = move || {
        let (x, y) = p.hover.get()?;
        let t = p.map.with(|m| {
            m.as_ref()
                .filter(|m| x < m.width && y < m.height)
                .map(|m| m.get(x, y))
        })?;
        Some(format!("{} at ({x}, {y})", t.name()))
    };
    view! {
        <div class="painter-area">
            <div class="layer-toggles">
                <label>
                    <input type="checkbox" prop:checked=move || show_territory.get()
                        on:change=move |ev| show_territory.set(event_target_checked(&ev)) />
                    " Territory"
                </label>
            </div>
            <div class="map-frame painter-frame" style=move || {
                let (w, h) = dims();
                format!("aspect-ratio: {w} / {h}")
            }>
                <TerrainCanvas map=map />
                <div class="layer" class:hidden=move || !show_territory.get()>
                    <TerritoryLayer realm=realm owners=owners />
                </div>
                <svg class="painter-markers" viewBox=move || { let (w, h) = dims(); format!("0 0 {w} {h}") }
                    preserveAspectRatio="none" aria-hidden="true">
                    {move || markers().into_iter().map(|(id, name, colour, (x, y))| view! {
                        <circle data-faction=id cx=x as f64 + 0.5 cy=y as f64 + 0.5 r="2.2" fill=colour>
                            <title>{name}</title>
                        </circle>
                    }).collect_view()}
                </svg>
                <div class="paint-surface" node_ref=surface
                    class:locked=move || !p.store.can_edit()
                    on:pointerdown=on_down on:pointermove=on_move
                    on:pointerup=on_end on:pointercancel=on_end
                    on:pointerleave=move |_| p.hover.set(None)></div>
            </div>
            <p class="hover-info">{hover_text}</p>
        </div>
    }
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}
