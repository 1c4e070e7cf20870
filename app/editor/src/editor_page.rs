//! `/editor`: every record of the collection, editable through the offline-first store. Without
//! the editor key it is read-only and says how to unlock it.

mod armory;
mod buffs;
mod confirm;
mod draft;
mod faction_form;
mod image_upload;
mod marker_picker;
mod refusal;
mod regiments;
mod seasons;
mod stat_changes;
pub mod terrain_painter;
mod toolbox;

use app::components::page_intro::PageIntro;
use app::components::sync_badge::WHERE_THE_BADGE_IS;
use app::store::use_realm_store;
use armory::ArmoryEditor;
use faction_form::FactionEditor;
use leptos::prelude::*;
use toolbox::Toolbox;

/// The Editor page.
#[component]
pub fn EditorPage() -> impl IntoView {
    let store = use_realm_store();
    view! {
        <PageIntro title="Editor" lead="Factions, regiments, the siege train, photos, gear, buffs, seasons and terrain: every record of the collection, editable." />
        <Show when=move || !store.can_edit()>
            <p class="read-only-note">
                "Read-only: enter the editor key (click " {WHERE_THE_BADGE_IS} ") to edit. "
                "Voting and fighting work without it."
            </p>
        </Show>
        <FactionEditor />
        <terrain_painter::TerrainPainterLink />
        <regiments::RegimentsEditor />
        <seasons::SeasonsEditor />
        <ArmoryEditor />
        <Toolbox />
    }
}

/// Picks the first of `options` into `selected` once there are any, so a section opens on a record
/// instead of an empty form; a choice already made is kept.
pub fn pick_first(
    selected: RwSignal<Option<u64>>,
    options: impl Fn() -> Vec<(u64, String)> + 'static,
) {
    Effect::new(move |_| {
        if selected.get().is_none() {
            if let Some((id, _)) = options().first() {
                selected.set(Some(*id));
            }
        }
    });
}
