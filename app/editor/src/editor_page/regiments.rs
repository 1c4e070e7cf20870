//! Regiments and photos of one faction: pick the faction, see its whole roster in SPEC §10's order
//! (leader, generals, special people, the regiments, the equipment types with their war machines,
//! crests and places); add, rename and delete a regiment or an equipment type; add a photo or a war
//! machine, and open any photo in a lightbox to see its numbers, crew a machine, fit its equipment,
//! edit its fields, upload its image or delete it. Every edit goes through the offline-first store;
//! only an image upload needs the server.

mod gear_fitting;
mod gear_slot;
mod group_choice;
mod lightbox;
mod photo_card;
mod photo_form;
mod photo_sheet;

use super::confirm::ConfirmButton;
use super::draft::Draft;
use app::components::photo_picture::ImageTags;
use app::store::field_in_record;
use app::store::{random_u53, use_realm_store, EditError, RealmStore};
use engine::{EquipmentType, Group, Photo, Realm, RecordKind, Regiment};
pub(super) use group_choice::{group_value, parse_group, KEEPSAKES, PEOPLE};
use leptos::prelude::*;
use lightbox::Lightbox;
use photo_card::PhotoCard;
use photo_sheet::next_order;

/// The regiments-and-photos section of the editor.
#[component]
pub fn RegimentsEditor() -> impl IntoView {
    let store = use_realm_store();
    let images = ImageTags::provide();
    let faction = RwSignal::new(None::<u64>);
    let open = RwSignal::new(None::<u64>);
    let factions = move || store.faction_names();
    super::pick_first(faction, factions);
    let rolls_of = move |roll: Roll| {
        Memo::new(move |_| match faction.get() {
            Some(f) => store.read(|r| roll.ids(r, f)),
            None => Vec::new(),
        })
    };
    let regiments = rolls_of(Roll::Regiment);
    let equipment = rolls_of(Roll::Equipment);
    let open_photo = Callback::new(move |id: u64| open.set(Some(id)));
    view! {
        <section class="editor-section regiments-editor">
            <h2>"Regiments and photos"</h2>
            <div class="regiments-head">
                <label>
                    "Faction "
                    <select name="photos-faction" on:change=move |ev| {
                        open.set(None);
                        faction.set(event_target_value(&ev).parse().ok());
                    }>
                        {move || factions().into_iter().map(|(id, name)| view! {
                            <option value=id prop:selected=move || faction.get() == Some(id)>{name}</option>
                        }).collect_view()}
                    </select>
                </label>
                <Show when=move || images.reachable.get() == Some(false)>
                    <p class="upload-offline" role="status">
                        "Offline: photo uploads need the server. Regiments, photos and equipment can still be edited here and sync later."
                    </p>
                </Show>
            </div>
            {move || faction.get().map(|f| PEOPLE.into_iter().map(|(group, title)| view! {
                <PeopleBlock faction=f group title open=open_photo />
            }).collect_view())}
            <For each=move || regiments.get() key=|id| *id let:id>
                <RollBlock id roll=Roll::Regiment open=open_photo />
            </For>
            <Show when=move || regiments.with(Vec::is_empty)>
                <p class="empty-note">"This faction has no regiments yet."</p>
            </Show>
            {move || faction.get().map(|f| view! { <AddRoll faction=f roll=Roll::Regiment /> })}
            <h3 class="roster-part">"Equipment and war machines"</h3>
            <For each=move || equipment.get() key=|id| *id let:id>
                <RollBlock id roll=Roll::Equipment open=open_photo />
            </For>
            <Show when=move || equipment.with(Vec::is_empty)>
                <p class="empty-note">"No equipment types yet: add one (e.g. Siege Train) to field war machines."</p>
            </Show>
            {move || faction.get().map(|f| view! { <AddRoll faction=f roll=Roll::Equipment /> })}
            {move || faction.get().map(|f| KEEPSAKES.into_iter().map(|(group, title)| view! {
                <PeopleBlock faction=f group title open=open_photo />
            }).collect_view())}
            {move || open.get().map(|id| view! { <Lightbox id close=Callback::new(move |_| open.set(None)) /> })}
        </section>
    }
}

/// A field error of a small form: (field, message).
pub(super) type FieldError = RwSignal<Option<(String, String)>>;

fn show_error(error: FieldError, e: EditError) {
    match e {
        EditError::Invalid(e) => {
            error.set(Some((field_in_record(&e.field).to_string(), e.message)))
        }
        other => error.set(Some((String::new(), other.to_string()))),
    }
}

/// The two kinds of named group a faction keeps as records of their own (SPEC §0.2): regiments of
/// figures, and equipment types whose photos are war machines. Both have a name and an order, so
/// one block and one "add" form serve both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Roll {
    Regiment,
    Equipment,
}

/// What a roll record holds that its block edits.
#[derive(Clone, Debug, PartialEq)]
struct RollRecord {
    faction: u64,
    name: String,
    order: i64,
}

impl Roll {
    fn kind(self) -> RecordKind {
        match self {
            Roll::Regiment => RecordKind::Regiment,
            Roll::Equipment => RecordKind::EquipmentType,
        }
    }

    fn group(self, id: u64) -> Group {
        match self {
            Roll::Regiment => Group::Regiment(id),
            Roll::Equipment => Group::Equipment(id),
        }
    }

    /// The word in class and field names: `regiment-name`, `rename-equipment`, …
    fn key(self) -> &'static str {
        match self {
            Roll::Regiment => "regiment",
            Roll::Equipment => "equipment",
        }
    }

    /// The noun people read.
    fn noun(self) -> &'static str {
        match self {
            Roll::Regiment => "Regiment",
            Roll::Equipment => "Equipment type",
        }
    }

    /// The ids of `faction`'s records of this roll, in display order.
    fn ids(self, r: &Realm, faction: u64) -> Vec<u64> {
        match self {
            Roll::Regiment => r
                .regiments
                .iter()
                .filter(|g| g.faction == faction)
                .map(|g| g.id)
                .collect(),
            Roll::Equipment => r
                .equipment_types
                .iter()
                .filter(|g| g.faction == faction)
                .map(|g| g.id)
                .collect(),
        }
    }

    fn read(self, r: &Realm, id: u64) -> Option<RollRecord> {
        let found = match self {
            Roll::Regiment => r
                .regiments
                .iter()
                .find(|g| g.id == id)
                .map(|g| (g.faction, &g.name, g.order)),
            Roll::Equipment => r
                .equipment_types
                .iter()
                .find(|g| g.id == id)
                .map(|g| (g.faction, &g.name, g.order)),
        };
        found.map(|(faction, name, order)| RollRecord {
            faction,
            name: name.clone(),
            order,
        })
    }

    fn put(self, store: RealmStore, id: u64, g: RollRecord) -> Result<(), EditError> {
        let RollRecord {
            faction,
            name,
            order,
        } = g;
        match self {
            Roll::Regiment => {
                let g = Regiment {
                    id,
                    faction,
                    name,
                    order,
                };
                store.put(self.kind(), id, &g)
            }
            Roll::Equipment => {
                let g = EquipmentType {
                    id,
                    faction,
                    name,
                    order,
                };
                store.put(self.kind(), id, &g)
            }
        }
    }

    /// A new photo of this roll: a recruit, or a war machine of the Armory's first kind (the
    /// lightbox changes the kind and names its crew).
    fn blank(self, r: &Realm, pid: u64, faction: u64, id: u64) -> Photo {
        let mut p = match self {
            Roll::Regiment => Photo::blank(pid, faction, self.group(id), "New recruit"),
            Roll::Equipment => Photo::blank(pid, faction, self.group(id), "New war machine"),
        };
        if self == Roll::Equipment {
            p.machine_kind = r.machine_kinds.first().map(|k| k.id);
        }
        p
    }
}

/// One regiment or equipment type: its name (rename, delete) and its photos.
#[component]
fn RollBlock(id: u64, roll: Roll, open: Callback<u64>) -> impl IntoView {
    let store = use_realm_store();
    let record = move || store.realm.with(|r| roll.read(r.as_deref()?, id));
    // The name field follows a rename that a sync brings while the form is open, unless the user
    // has typed into it (then their text is kept until they save or it is stored anyway).
    let stored_name = Memo::new(move |_| record().map(|g| g.name).unwrap_or_default());
    let name = RwSignal::new(Draft::new(stored_name.get_untracked()));
    Effect::new(move |_| {
        let stored = stored_name.get();
        name.update(|d| d.stored_changed(&stored));
    });
    let error: FieldError = RwSignal::new(None);
    let group = roll.group(id);
    let photos = Memo::new(move |_| {
        store.read(|r| {
            r.photos
                .iter()
                .filter(|p| p.group == group)
                .map(|p| p.id)
                .collect::<Vec<_>>()
        })
    });
    let rename = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(mut g) = record() else { return };
        g.name = name.with_untracked(|d| d.text().to_string());
        match roll.put(store, id, g) {
            Ok(()) => error.set(None),
            Err(e) => show_error(error, e),
        }
    };
    let delete = move |()| {
        let n = photos.with_untracked(Vec::len);
        if n > 0 {
            let msg = format!("move or delete its {n} photo(s) first");
            error.set(Some(("delete".into(), msg)));
            return;
        }
        if let Err(e) = store.delete(roll.kind(), id) {
            show_error(error, e);
        }
    };
    let add_photo = move |_| {
        let Some(g) = record() else { return };
        let made = store.realm.with_untracked(|r| {
            let r = r.as_deref()?;
            let orders = r.photos.iter().filter(|p| p.group == group);
            let pid = random_u53();
            let mut p = roll.blank(r, pid, g.faction, id);
            p.order = next_order(orders.map(|p| p.order));
            Some(p)
        });
        if let Some(p) = made {
            put_new_photo(store, p, error, open);
        }
    };
    let error_for = move |field: &'static str| {
        move || {
            error
                .get()
                .filter(|(f, _)| f == field || (field == "name" && f.is_empty()))
                .map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> })
        }
    };
    let key = roll.key();
    let (add_label, empty, delete_class, question) = match roll {
        Roll::Regiment => (
            "Add a photo",
            "No photos yet.",
            "delete-regiment",
            "Delete this regiment?",
        ),
        Roll::Equipment => (
            "Add a war machine",
            "No war machines yet.",
            "delete-equipment",
            "Delete this equipment type?",
        ),
    };
    view! {
        <article class=format!("regiment {key}-group") data-roll=key
            data-id=(roll == Roll::Regiment).then_some(id) data-equipment=(roll == Roll::Equipment).then_some(id)>
            <form class="regiment-head" on:submit=rename>
                <fieldset prop:disabled=move || !store.can_edit()>
                    <label class="regiment-name">
                        <span class="visually-hidden">{roll.noun()}" name"</span>
                        <input name=format!("{key}-name") prop:value=move || name.with(|d| d.text().to_string())
                            maxlength=engine::MAX_NAME_CHARS
                            on:input=move |ev| name.update(|d| d.typed(event_target_value(&ev))) />
                        {error_for("name")}
                    </label>
                    <button type="submit" class=format!("rename-{key}")>"Rename"</button>
                    <ConfirmButton class=delete_class label="Delete…" question=question
                        confirm="Delete" on_confirm=Callback::new(delete) />
                    <button type="button" class="add-photo" on:click=add_photo>{add_label}</button>
                    {error_for("delete")}
                </fieldset>
            </form>
            <PhotoGrid photos open empty />
        </article>
    }
}

/// One of a faction's people groups (Leader, Generals, Special people): its photos and a button to
/// add one. A photo moves between groups through its own form's Group picker.
#[component]
fn PeopleBlock(
    faction: u64,
    group: Group,
    title: &'static str,
    open: Callback<u64>,
) -> impl IntoView {
    let store = use_realm_store();
    let error: FieldError = RwSignal::new(None);
    let photos = Memo::new(move |_| {
        store.read(|r| {
            r.photos
                .iter()
                .filter(|p| p.faction == faction && p.group == group)
                .map(|p| p.id)
                .collect::<Vec<_>>()
        })
    });
    let add_photo = move |_| {
        let name = match group {
            Group::Leader => "New leader",
            Group::Generals => "New general",
            _ => "New person of note",
        };
        add_photo_to(store, faction, group, name, error, open);
    };
    let key = group_choice::group_value(group);
    view! {
        <article class="regiment people-group" data-group=key>
            <div class="regiment-head">
                <fieldset prop:disabled=move || !store.can_edit()>
                    <h3 class="people-title">{title}</h3>
                    <button type="button" class="add-photo" on:click=add_photo>"Add a photo"</button>
                    {move || error.get().map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> })}
                </fieldset>
            </div>
            <PhotoGrid photos open empty="Nobody here yet." />
        </article>
    }
}

/// A group's photos as cards, or `empty` when it has none.
#[component]
fn PhotoGrid(photos: Memo<Vec<u64>>, open: Callback<u64>, empty: &'static str) -> impl IntoView {
    view! {
        <ul class="photo-grid">
            <For each=move || photos.get() key=|id| *id let:pid>
                <PhotoCard id=pid open />
            </For>
        </ul>
        <Show when=move || photos.with(Vec::is_empty)>
            <p class="empty-note">{empty}</p>
        </Show>
    }
}

/// Adds a blank photo named `name` at the end of `group` of `faction` through the store and opens
/// its form; a refusal goes to `error`.
fn add_photo_to(
    store: RealmStore,
    faction: u64,
    group: Group,
    name: &str,
    error: FieldError,
    open: Callback<u64>,
) {
    let order = store.realm.with_untracked(|r| {
        let r = r.as_deref()?;
        let orders = r
            .photos
            .iter()
            .filter(|p| p.faction == faction && p.group == group);
        Some(next_order(orders.map(|p| p.order)))
    });
    let mut p = Photo::blank(random_u53(), faction, group, name);
    p.order = order.unwrap_or(0);
    put_new_photo(store, p, error, open);
}

/// Stores a new photo at full Health and opens its form; a refusal goes to `error`.
fn put_new_photo(store: RealmStore, mut p: Photo, error: FieldError, open: Callback<u64>) {
    p.health = Some(100.0);
    let pid = p.id;
    match store.put(RecordKind::Photo, pid, &p) {
        Ok(()) => {
            error.set(None);
            open.run(pid);
        }
        Err(e) => show_error(error, e),
    }
}

/// A new regiment or equipment type for faction `faction`.
#[component]
fn AddRoll(faction: u64, roll: Roll) -> impl IntoView {
    let store = use_realm_store();
    let name = RwSignal::new(String::new());
    let error: FieldError = RwSignal::new(None);
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let order = store.realm.with_untracked(|r| {
            let r = r.as_deref()?;
            let orders = roll.ids(r, faction).into_iter();
            let orders = orders.filter_map(|id| roll.read(r, id).map(|g| g.order));
            Some(next_order(orders))
        });
        let g = RollRecord {
            faction,
            name: name.get_untracked(),
            order: order.unwrap_or(0),
        };
        match roll.put(store, random_u53(), g) {
            Ok(()) => {
                error.set(None);
                name.set(String::new());
            }
            Err(e) => show_error(error, e),
        }
    };
    let key = roll.key();
    let (label, placeholder, button) = match roll {
        Roll::Regiment => ("New regiment", "e.g. Longbowmen", "Add regiment"),
        Roll::Equipment => (
            "New equipment type",
            "e.g. Siege Train",
            "Add equipment type",
        ),
    };
    view! {
        <form class=format!("add-{key} add-roll") on:submit=add>
            <fieldset prop:disabled=move || !store.can_edit()>
                <label>{label}
                    <input name=format!("new-{key}") placeholder=placeholder prop:value=move || name.get()
                        maxlength=engine::MAX_NAME_CHARS on:input=move |ev| name.set(event_target_value(&ev)) />
                    {move || error.get().map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> })}
                </label>
                <button type="submit" class=format!("add-{key}-button")>{button}</button>
            </fieldset>
        </form>
    }
}
