//! "Saved line-ups": the lab's two sides saved by name into the realm (`engine::LabSetup`), listed
//! per system to Load or Delete. Every save and delete goes through the offline-first store, so
//! it is checked with `Realm::validate`, kept while offline and synced like any edit.
//!
//! **Who may save.** A saved line-up is a record of the shared realm, and the server takes
//! collection writes only with the editor key, so saving and deleting are locked behind the key
//! exactly as the Editor page is; loading, like fighting, is for everyone.

use super::super::form::Form;
use super::super::system::LabSystem;
use app::components::sync_badge::WHERE_THE_BADGE_IS;
use app::store::field_in_record;
use app::store::{random_u53, use_realm_store, EditError};
use engine::{LabSetup, Realm, RecordKind};
use leptos::prelude::*;

/// This system's saved line-ups as `(id, name)`, by name then id.
pub fn listed<S: LabSystem>(realm: &Realm) -> Vec<(u64, String)> {
    let mut out: Vec<(u64, String)> = realm
        .lab_setups
        .iter()
        .filter(|s| S::from_line_up(&s.line_up).is_some())
        .map(|s| (s.id, s.name.clone()))
        .collect();
    out.sort_by(|a, b| {
        a.1.to_lowercase()
            .cmp(&b.1.to_lowercase())
            .then(a.0.cmp(&b.0))
    });
    out
}

/// The id a save under `name` writes: the line-up of this system already saved under that name
/// (saving again replaces it), else `fresh`. Names are compared without surrounding spaces.
pub fn save_target<S: LabSystem>(realm: &Realm, name: &str, fresh: u64) -> u64 {
    realm
        .lab_setups
        .iter()
        .find(|s| S::from_line_up(&s.line_up).is_some() && s.name.trim() == name.trim())
        .map_or(fresh, |s| s.id)
}

/// The saved line-ups of system `S`, beside the lab's form.
pub fn saved_line_ups<S: LabSystem>(form: Form<S::Input>) -> impl IntoView {
    let store = use_realm_store();
    let name = RwSignal::new(String::new());
    // (field inside the record, message): `name` goes under the name box, the rest below.
    let error = RwSignal::new(None::<(String, String)>);
    let note = RwSignal::new(None::<String>);
    let locked = move || !store.can_edit();
    let list = Memo::new(move |_| {
        store
            .realm
            .with(|r| r.as_deref().map(listed::<S>).unwrap_or_default())
    });
    let refuse = move |e: EditError| {
        note.set(None);
        error.set(Some(match e {
            EditError::Invalid(d) => (field_in_record(&d.field).to_string(), d.message),
            other => (String::new(), other.to_string()),
        }));
    };
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let typed = name.get_untracked();
        let id = store.realm.with_untracked(|r| {
            r.as_deref()
                .map_or(0, |r| save_target::<S>(r, &typed, random_u53()))
        });
        let setup = LabSetup::new(id, typed.trim(), form.input.with_untracked(S::to_line_up));
        match store.put(RecordKind::LabSetup, id, &setup) {
            Ok(()) => {
                error.set(None);
                note.set(Some(format!("Saved “{}”.", setup.name)));
            }
            Err(e) => refuse(e),
        }
    };
    let load = move |id: u64| {
        let found = store.realm.with_untracked(|r| {
            let s = r.as_deref()?.lab_setups.iter().find(|s| s.id == id)?;
            Some((s.name.clone(), S::from_line_up(&s.line_up)?))
        });
        if let Some((saved_name, input)) = found {
            form.replace(input);
            name.set(saved_name.clone());
            error.set(None);
            note.set(Some(format!("Loaded “{saved_name}”.")));
        }
    };
    let delete = move |id: u64| match store.delete(RecordKind::LabSetup, id) {
        Ok(()) => {
            error.set(None);
            note.set(Some("Deleted.".into()));
        }
        Err(e) => refuse(e),
    };
    let error_at = move |want_name: bool| {
        move || {
            error
                .get()
                .filter(|(f, _)| (f == "name") == want_name)
                .map(|(f, m)| {
                    let at = if f.is_empty() || want_name {
                        String::new()
                    } else {
                        format!("{f}: ")
                    };
                    view! { <span class="field-error" role="alert">{at}{m}</span> }
                })
        }
    };
    view! {
        <details class="lab-saved" data-system=S::KEY>
            <summary>{move || format!("Saved line-ups ({})", list.with(Vec::len))}</summary>
            <form class="lab-save" on:submit=save on:input=move |_| note.set(None)>
                <label class="lab-field">
                    <span>"Name"</span>
                    <input type="text" name="setup-name" maxlength=engine::MAX_NAME_CHARS
                        placeholder="e.g. Shieldmaidens vs monks" prop:value=move || name.get()
                        prop:disabled=locked on:input=move |ev| name.set(event_target_value(&ev)) />
                    {error_at(true)}
                </label>
                <button type="submit" class="save-setup" prop:disabled=move || locked() || form.blocked()>
                    "Save both sides as…"
                </button>
                {error_at(false)}
                {move || note.get().map(|m| view! { <span class="saved-note" role="status">{m}</span> })}
            </form>
            <Show when=locked>
                <p class="fine">"Saving and deleting need the editor key (click " {WHERE_THE_BADGE_IS} "); anyone can load."</p>
            </Show>
            <ul class="saved-list">
                {move || {
                    let rows = list.get();
                    if rows.is_empty() {
                        return view! { <li class="fine">"Nothing saved for this system yet."</li> }.into_any();
                    }
                    rows.into_iter().map(|(id, n)| view! {
                        <li class="saved-setup" data-id=id>
                            <span class="saved-name">{n}</span>
                            <button type="button" class="load-setup" on:click=move |_| load(id)>"Load"</button>
                            <button type="button" class="delete-setup" prop:disabled=locked
                                on:click=move |_| delete(id)>"Delete"</button>
                        </li>
                    }).collect_view().into_any()
                }}
            </ul>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab_page::contests::Contests;
    use crate::lab_page::mass_battle::MassBattle;
    use engine::LineUp;

    fn realm() -> Realm {
        let mut r = Realm::new(engine::TerrainMap::filled(1, 1, engine::Terrain::Plains));
        let duel =
            |id, name: &str| LabSetup::new(id, name, LineUp::Contests(engine::contests::example()));
        r.lab_setups = vec![
            duel(3, "zeta"),
            duel(5, "Alpha"),
            LabSetup::new(
                7,
                "Armies",
                LineUp::MassBattle(engine::mass_battle::example()),
            ),
        ];
        r
    }

    #[test]
    fn each_system_lists_only_its_own_by_name() {
        let r = realm();
        assert_eq!(
            listed::<Contests>(&r),
            [(5, "Alpha".to_string()), (3, "zeta".to_string())]
        );
        assert_eq!(listed::<MassBattle>(&r), [(7, "Armies".to_string())]);
    }

    #[test]
    fn saving_under_a_taken_name_replaces_that_line_up_of_the_same_system() {
        let r = realm();
        assert_eq!(save_target::<Contests>(&r, " Alpha ", 99), 5);
        assert_eq!(save_target::<Contests>(&r, "Armies", 99), 99);
        assert_eq!(save_target::<MassBattle>(&r, "Armies", 99), 7);
    }
}
