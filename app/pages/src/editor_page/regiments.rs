//! Regiments and photos of one faction: pick the faction, see its regiments with their photos; add,
//! rename and delete a regiment; add a photo, and open any photo in a lightbox to see its numbers,
//! fit its equipment, edit its fields, upload its image or delete it. Every edit goes through the
//! offline-first store; only an image upload needs the server.

mod gear_fitting;
mod gear_slot;
mod group_choice;
mod lightbox;
mod photo_card;
mod photo_form;
mod photo_sheet;

use super::draft::Draft;
use app::components::photo_picture::ImageTags;
use app::store::field_in_record;
use app::store::{random_u53, use_realm_store, EditError, RealmStore};
use engine::{Group, Photo, RecordKind, Regiment};
use group_choice::PEOPLE;
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
    let regiments = Memo::new(move |_| {
        let Some(f) = faction.get() else {
            return Vec::new();
        };
        store.read(|r| {
            r.regiments
                .iter()
                .filter(|g| g.faction == f)
                .map(|g| g.id)
                .collect::<Vec<_>>()
        })
    });
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
                <RegimentBlock id open=open_photo />
            </For>
            <Show when=move || regiments.with(Vec::is_empty)>
                <p class="empty-note">"This faction has no regiments yet."</p>
            </Show>
            {move || faction.get().map(|f| view! { <AddRegiment faction=f /> })}
            {move || open.get().map(|id| view! { <Lightbox id close=Callback::new(move |_| open.set(None)) /> })}
        </section>
    }
}

/// A field error of a small form: (field, message).
type FieldError = RwSignal<Option<(String, String)>>;

fn show_error(error: FieldError, e: EditError) {
    match e {
        EditError::Invalid(e) => {
            error.set(Some((field_in_record(&e.field).to_string(), e.message)))
        }
        other => error.set(Some((String::new(), other.to_string()))),
    }
}

/// One regiment: its name (rename, delete) and its photos.
#[component]
fn RegimentBlock(id: u64, open: Callback<u64>) -> impl IntoView {
    let store = use_realm_store();
    let record = move || {
        store
            .realm
            .with(|r| r.as_deref()?.regiments.iter().find(|g| g.id == id).cloned())
    };
    // The name field follows a rename that a sync brings while the form is open, unless the user
    // has typed into it (then their text is kept until they save or it is stored anyway).
    let stored_name = Memo::new(move |_| record().map(|g| g.name).unwrap_or_default());
    let name = RwSignal::new(Draft::new(stored_name.get_untracked()));
    Effect::new(move |_| {
        let stored = stored_name.get();
        name.update(|d| d.stored_changed(&stored));
    });
    let error: FieldError = RwSignal::new(None);
    let photos = Memo::new(move |_| {
        store.read(|r| {
            r.photos
                .iter()
                .filter(|p| p.group == Group::Regiment(id))
                .map(|p| p.id)
                .collect::<Vec<_>>()
        })
    });
    let rename = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(mut g) = record() else { return };
        g.name = name.with_untracked(|d| d.text().to_string());
        match store.put(RecordKind::Regiment, id, &g) {
            Ok(()) => error.set(None),
            Err(e) => show_error(error, e),
        }
    };
    let delete = move |_| {
        let n = photos.with_untracked(Vec::len);
        if n > 0 {
            let msg = format!("move or delete its {n} photo(s) first");
            error.set(Some(("delete".into(), msg)));
            return;
        }
        if let Err(e) = store.delete(RecordKind::Regiment, id) {
            show_error(error, e);
        }
    };
    let add_photo = move |_| {
        let Some(g) = record() else { return };
        add_photo_to(
            store,
            g.faction,
            Group::Regiment(id),
            "New recruit",
            error,
            open,
        );
    };
    let error_for = move |field: &'static str| {
        move || {
            error
                .get()
                .filter(|(f, _)| f == field || (field == "name" && f.is_empty()))
                .map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> })
        }
    };
    view! {
        <article class="regiment" data-id=id>
            <form class="regiment-head" on:submit=rename>
                <fieldset prop:disabled=move || !store.can_edit()>
                    <label class="regiment-name">
                        <span class="visually-hidden">"Regiment name"</span>
                        <input name="regiment-name" prop:value=move || name.with(|d| d.text().to_string())
                            maxlength=engine::MAX_NAME_CHARS
                            on:input=move |ev| name.update(|d| d.typed(event_target_value(&ev))) />
                        {error_for("name")}
                    </label>
                    <button type="submit" class="rename-regiment">"Rename"</button>
                    <button type="button" class="delete-regiment" on:click=delete>"Delete"</button>
                    <button type="button" class="add-photo" on:click=add_photo>"Add a photo"</button>
                    {error_for("delete")}
                </fieldset>
            </form>
            <PhotoGrid photos open empty="No photos yet." />
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
    let key = group_choice::group_value(group).unwrap_or_default();
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
    let pid = random_u53();
    let mut p = Photo::blank(pid, faction, group, name);
    p.order = order.unwrap_or(0);
    p.health = Some(100.0);
    match store.put(RecordKind::Photo, pid, &p) {
        Ok(()) => {
            error.set(None);
            open.run(pid);
        }
        Err(e) => show_error(error, e),
    }
}

/// A new regiment for faction `faction`.
#[component]
fn AddRegiment(faction: u64) -> impl IntoView {
    let store = use_realm_store();
    let name = RwSignal::new(String::new());
    let error: FieldError = RwSignal::new(None);
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let order = store.realm.with_untracked(|r| {
            r.as_deref().map(|r| {
                next_order(
                    r.regiments
                        .iter()
                        .filter(|g| g.faction == faction)
                        .map(|g| g.order),
                )
            })
        });
        let id = random_u53();
        let g = Regiment {
            id,
            faction,
            name: name.get_untracked(),
            order: order.unwrap_or(0),
        };
        match store.put(RecordKind::Regiment, id, &g) {
            Ok(()) => {
                error.set(None);
                name.set(String::new());
            }
            Err(e) => show_error(error, e),
        }
    };
    view! {
        <form class="add-regiment" on:submit=add>
            <fieldset prop:disabled=move || !store.can_edit()>
                <label>"New regiment"
                    <input name="new-regiment" placeholder="e.g. Longbowmen" prop:value=move || name.get()
                        maxlength=engine::MAX_NAME_CHARS on:input=move |ev| name.set(event_target_value(&ev)) />
                    {move || error.get().map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> })}
                </label>
                <button type="submit" class="add-regiment-button">"Add regiment"</button>
            </fieldset>
        </form>
    }
}
