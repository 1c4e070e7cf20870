//! The faction form: name, colour, alignment and description of one faction. A save goes through
//! the store, which checks it with the engine's rules first; a bad value is shown next to its field.

use super::field_in_record;
use crate::store::{use_realm_store, EditError};
use engine::{Alignment, Faction, RecordKind};
use leptos::prelude::*;

/// Picks a faction and edits it.
#[component]
pub fn FactionEditor() -> impl IntoView {
    let store = use_realm_store();
    let selected = RwSignal::new(None::<u64>);
    let factions = move || {
        store.realm.with(|r| {
            r.as_ref()
                .map(|r| {
                    r.factions
                        .iter()
                        .map(|f| (f.id, f.name.clone()))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    // The first faction is picked once the realm is there.
    Effect::new(move |_| {
        if selected.get().is_none() {
            if let Some((id, _)) = factions().first() {
                selected.set(Some(*id));
            }
        }
    });
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
            {move || selected.get().map(|id| view! { <FactionForm id /> })}
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
