//! The faction form: every stored field of one faction (name, colour, kind, alignment, mercenary
//! pool, map marker, description). A save goes through the store, which checks it with the engine's
//! rules first; a bad value is shown next to its field.

use super::buffs::BuffList;
use super::marker_picker::MarkerPicker;
use super::pick_first;
use app::store::field_in_record;
use app::store::{use_realm_store, EditError};
use engine::{Alignment, Faction, FactionKind, Marker, MercPool, RecordKind};
use leptos::prelude::*;

/// Picks a faction and edits it.
#[component]
pub fn FactionEditor() -> impl IntoView {
    let store = use_realm_store();
    let selected = RwSignal::new(None::<u64>);
    let factions = move || store.faction_names();
    pick_first(selected, factions);
    view! {
        <section class="editor-section factions-editor">
            <h2>"Factions"</h2>
            <label>
                "Faction "
                <select name="faction" on:change=move |ev| selected.set(event_target_value(&ev).parse().ok())>
                    {move || factions().into_iter().map(|(id, name)| view! {
                        <option value=id selected=move || selected.get() == Some(id)>{name}</option>
                    }).collect_view()}
                </select>
            </label>
            {move || selected.get().map(|id| view! { <FactionForm id /> <BuffList faction=id /> })}
        </section>
    }
}

/// The form of one faction, filled from the realm when it opens.
#[component]
fn FactionForm(id: u64) -> impl IntoView {
    let store = use_realm_store();
    let original = store.realm.with_untracked(|r| {
        r.as_ref()
            .and_then(|r| r.factions.iter().find(|f| f.id == id).cloned())
    });
    let Some(original) = original else {
        return view! { <p>"That faction no longer exists."</p> }.into_any();
    };
    let name = RwSignal::new(original.name.clone());
    let colour = RwSignal::new(original.colour.clone());
    let alignment = RwSignal::new(original.alignment);
    let about = RwSignal::new(original.about.clone());
    let kind = RwSignal::new(original.kind);
    let pool = RwSignal::new(original.merc_pool);
    let on_map = RwSignal::new(original.marker.is_some());
    let start = original.marker.unwrap_or(Marker { x: 0.5, y: 0.5 });
    let marker_x = RwSignal::new(start.x.to_string());
    let marker_y = RwSignal::new(start.y.to_string());
    let error = RwSignal::new(None::<(String, String)>);
    let saved = RwSignal::new(false);
    let locked = move || !store.can_edit();
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let current = store
            .realm
            .with_untracked(|r| r.as_ref()?.factions.iter().find(|f| f.id == id).cloned());
        let Some(mut f): Option<Faction> = current else {
            return;
        };
        f.name = name.get_untracked();
        f.colour = colour.get_untracked();
        f.alignment = alignment.get_untracked();
        f.about = about.get_untracked();
        f.kind = kind.get_untracked();
        f.merc_pool = pool.get_untracked();
        f.marker = if on_map.get_untracked() {
            match marker_from(&marker_x.get_untracked(), &marker_y.get_untracked()) {
                Ok(m) => Some(m),
                Err((field, message)) => {
                    saved.set(false);
                    error.set(Some((field.to_string(), message)));
                    return;
                }
            }
        } else {
            None
        };
        match store.put(RecordKind::Faction, id, &f) {
            Ok(()) => {
                error.set(None);
                saved.set(true);
            }
            Err(EditError::Invalid(e)) => {
                saved.set(false);
                error.set(Some((field_in_record(&e.field).to_string(), e.message)));
            }
            Err(other) => {
                saved.set(false);
                error.set(Some((String::new(), other.to_string())));
            }
        }
    };
    let error_for = move |field: &'static str| {
        move || {
            error
                .get()
                .filter(|(f, _)| f == field)
                .map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> })
        }
    };
    view! {
        <form class="record-form faction-form" data-id=id on:submit=save on:input=move |_| saved.set(false)>
            <fieldset prop:disabled=locked>
                <label>"Name"
                    <input name="name" prop:value=move || name.get() maxlength=engine::MAX_NAME_CHARS
                        on:input=move |ev| name.set(event_target_value(&ev)) />
                    {error_for("name")}
                </label>
                <label>"Colour"
                    <input name="colour" type="color" prop:value=move || colour.get()
                        on:input=move |ev| colour.set(event_target_value(&ev)) />
                    {error_for("colour")}
                </label>
                <label>"Alignment"
                    <select name="alignment" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(a) = Alignment::ALL.into_iter().find(|a| a.name() == v) {
                            alignment.set(a);
                        }
                    }>
                        {Alignment::ALL.into_iter().map(|a| view! {
                            <option value=a.name() selected=move || alignment.get() == a>{a.name()}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label>"Kind"
                    <select name="kind" on:change=move |ev| {
                        if let Some(k) = kind_from(&event_target_value(&ev)) {
                            kind.set(k);
                        }
                    }>
                        {KINDS.into_iter().map(|k| view! {
                            <option value=kind_name(k) selected=move || kind.get() == k>{kind_name(k)}</option>
                        }).collect_view()}
                    </select>
                    {error_for("kind")}
                </label>
                <label>"Mercenary pool"
                    <select name="merc_pool" on:change=move |ev| pool.set(pool_from(&event_target_value(&ev)))>
                        <option value="" selected=move || pool.get().is_none()>"none"</option>
                        {MercPool::ALL.into_iter().map(|p| view! {
                            <option value=pool_name(p) selected=move || pool.get() == Some(p)>{pool_name(p)}</option>
                        }).collect_view()}
                    </select>
                    <small class="hint">"Only a mercenary company has one, and it must."</small>
                    {error_for("merc_pool")}
                </label>
                <fieldset class="marker-fields">
                    <legend>"Marker"</legend>
                    <label class="inline">
                        <input type="checkbox" name="on_map" prop:checked=move || on_map.get()
                            on:change=move |ev| on_map.set(event_target_checked(&ev)) />
                        " On the map (none claims no territory)"
                    </label>
                    <MarkerPicker faction=id x=marker_x y=marker_y enabled=Signal::derive(move || on_map.get()) />
                    <label>"Across (0 left – 1 right)"
                        <input name="marker.x" type="number" step="any" min="0" max="1"
                            prop:disabled=move || !on_map.get() prop:value=move || marker_x.get()
                            on:input=move |ev| marker_x.set(event_target_value(&ev)) />
                        {error_for("marker.x")}
                    </label>
                    <label>"Down (0 top – 1 bottom)"
                        <input name="marker.y" type="number" step="any" min="0" max="1"
                            prop:disabled=move || !on_map.get() prop:value=move || marker_y.get()
                            on:input=move |ev| marker_y.set(event_target_value(&ev)) />
                        {error_for("marker.y")}
                    </label>
                </fieldset>
                <label>"About"
                    <textarea name="about" prop:value=move || about.get()
                        on:input=move |ev| about.set(event_target_value(&ev))></textarea>
                    {error_for("about")}
                </label>
                <button type="submit" class="save">"Save"</button>
                <Show when=move || saved.get()>
                    <span class="saved" role="status">"Saved in this browser; it syncs when the server is reachable."</span>
                </Show>
                {move || error.get().filter(|(f, _)| f.is_empty()).map(|(_, m)| view! { <p class="form-error" role="alert">{m}</p> })}
            </fieldset>
        </form>
    }
    .into_any()
}

/// Every faction kind, in the order of SPEC §0.2.
const KINDS: [FactionKind; 3] = [
    FactionKind::Ordinary,
    FactionKind::Mercenary,
    FactionKind::Townsfolk,
];

/// The display (and form) name of a faction kind.
fn kind_name(k: FactionKind) -> &'static str {
    match k {
        FactionKind::Ordinary => "Ordinary",
        FactionKind::Mercenary => "Mercenary",
        FactionKind::Townsfolk => "Townsfolk",
    }
}

fn kind_from(s: &str) -> Option<FactionKind> {
    KINDS.into_iter().find(|k| kind_name(*k) == s)
}

/// The display (and form) name of a mercenary pool.
fn pool_name(p: MercPool) -> &'static str {
    match p {
        MercPool::Hero => "Hero",
        MercPool::Neutral => "Neutral",
        MercPool::Wanderers => "Wanderers",
        MercPool::Evil => "Evil",
    }
}

fn pool_from(s: &str) -> Option<MercPool> {
    MercPool::ALL.into_iter().find(|p| pool_name(*p) == s)
}

/// Reads the two marker inputs; a value that is not a number names its input (the engine checks
/// the range, 0–1, when the faction is saved).
fn marker_from(x: &str, y: &str) -> Result<Marker, (&'static str, String)> {
    let read = |v: &str, field: &'static str| {
        v.trim()
            .parse::<f64>()
            .map_err(|_| (field, format!("{v:?} is not a number")))
    };
    Ok(Marker {
        x: read(x, "marker.x")?,
        y: read(y, "marker.y")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_pools_round_trip_through_their_names() {
        for k in KINDS {
            assert_eq!(kind_from(kind_name(k)), Some(k));
        }
        for p in MercPool::ALL {
            assert_eq!(pool_from(pool_name(p)), Some(p));
        }
        assert_eq!(pool_from(""), None);
    }

    #[test]
    fn a_marker_input_that_is_not_a_number_names_its_field() {
        assert_eq!(marker_from("0.25", " 0.5 "), Ok(Marker { x: 0.25, y: 0.5 }));
        assert_eq!(marker_from("a", "0.5").unwrap_err().0, "marker.x");
        assert_eq!(marker_from("0.1", "").unwrap_err().0, "marker.y");
    }
}
