//! The Armory editor: pick a table and a row, edit it, add or remove rows. A saved row goes through
//! the store, which re-derives every photo from it (the store's realm is always recalculated by the
//! engine, so an edit pushes down to every photo wearing it); the section then reports which photos'
//! stats and Power moved, from what to what.

mod fields;
mod lines;
mod pickers;
pub(super) mod tables;

use super::confirm::ConfirmButton;
use super::image_upload::ImageUpload;
use super::refusal::{belongs_to, refusal, Refusal};
use super::stat_changes::ChangeList;
use app::components::image_viewer::Thumbnail;
use app::components::photo_picture::ImageTags;
use app::store::use_realm_store;
use engine::wire::ImageKind;
use engine::{compare_photos, PhotoChange, RecordKind};
use fields::{build, fields, Input};
use leptos::prelude::*;
use pickers::{BanePicker, BuiltFromPicker, LinesEditor, ReferencePicker};
use tables::{next_id, pushes_down, row, row_names, TABLES};

/// The Armory section of the editor.
#[component]
pub fn ArmoryEditor() -> impl IntoView {
    let store = use_realm_store();
    ImageTags::provide();
    let table = RwSignal::new(RecordKind::Material);
    let selected = RwSignal::new(None::<u64>);
    let names = Memo::new(move |_| {
        let t = table.get();
        store.read(|r| row_names(r, t))
    });
    // The first row is picked whenever the table changes or the picked row goes away.
    Effect::new(move |_| {
        let ids = names.get();
        let sel = selected.get();
        if sel.is_none_or(|s| !ids.iter().any(|(id, _)| *id == s)) {
            // Only a different pick is written: writing the same one would run this effect again,
            // for ever, while the table is empty.
            let first = ids.first().map(|(id, _)| *id);
            if first != sel {
                selected.set(first);
            }
        }
    });
    let report = RwSignal::new(None::<(String, Vec<PhotoChange>)>);
    let add = move |_| {
        let t = table.get_untracked();
        let Some(realm) = store.realm.get_untracked() else {
            return;
        };
        // A new row starts as a copy of the picked one (or of the first), so it is valid at once.
        let template = selected
            .get_untracked()
            .and_then(|id| row(&realm, t, id))
            .or_else(|| {
                names
                    .get_untracked()
                    .first()
                    .and_then(|(id, _)| row(&realm, t, *id))
            });
        let Some(mut body) = template else {
            return;
        };
        let id = next_id(&realm, t);
        body["id"] = id.into();
        body["name"] = format!("New row {id}").into();
        match store.put(t, id, &body) {
            Ok(()) => selected.set(Some(id)),
            Err(e) => report.set(Some((format!("Not added: {}", refusal(e).1), vec![]))),
        }
    };
    view! {
        <section class="editor-section armory-editor">
            <h2>"Armory"</h2>
            <div class="pickers">
                <label>"Table "
                    <select name="armory-table" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some((k, _)) = TABLES.into_iter().find(|(k, _)| k.name() == v) {
                            table.set(k);
                            selected.set(None);
                            report.set(None);
                        }
                    }>
                        {TABLES.into_iter().map(|(k, label)| view! {
                            <option value=k.name() selected=move || table.get() == k>{label}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label>"Row "
                    <select name="armory-row" on:change=move |ev| {
                        selected.set(event_target_value(&ev).parse().ok());
                        report.set(None);
                    }>
                        {move || names.get().into_iter().map(|(id, name)| view! {
                            <option value=id selected=move || selected.get() == Some(id)>{format!("{name} (#{id})")}</option>
                        }).collect_view()}
                    </select>
                </label>
                <button type="button" class="add-row" prop:disabled=move || !store.can_edit() on:click=add>"Add a row"</button>
            </div>
            {move || {
                let t = table.get();
                selected.get().map(|id| view! { <RowForm kind=t id report /> })
            }}
            {move || report.get().map(|(title, changes)| view! {
                <div class="push-down-report" role="status">
                    <p class="report-title">{title}</p>
                    <ChangeList changes />
                </div>
            })}
        </section>
    }
}

/// The form of one row. On a save, `report` says what the push-down changed.
#[component]
fn RowForm(
    kind: RecordKind,
    id: u64,
    report: RwSignal<Option<(String, Vec<PhotoChange>)>>,
) -> impl IntoView {
    let store = use_realm_store();
    let Some(body) = store
        .realm
        .with_untracked(|r| r.as_deref().and_then(|r| row(r, kind, id)))
    else {
        return view! { <p>"That row no longer exists."</p> }.into_any();
    };
    let inputs: Vec<(String, RwSignal<Input>)> = fields(kind, &body)
        .into_iter()
        .map(|(name, input)| (name, RwSignal::new(input)))
        .collect();
    let inputs = StoredValue::new(inputs);
    let error = RwSignal::new(None::<Refusal>);
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let current: Vec<(String, Input)> = inputs.with_value(|v| {
            v.iter()
                .map(|(n, s)| (n.clone(), s.get_untracked()))
                .collect()
        });
        let body = match build(id, &current) {
            Ok(b) => b,
            Err(bad) => {
                error.set(Some(bad));
                return;
            }
        };
        let before = store.realm.get_untracked();
        match store.put(kind, id, &body) {
            Ok(()) => {
                error.set(None);
                let after = store.realm.get_untracked();
                let changes = match (before, after) {
                    (Some(b), Some(a)) => compare_photos(&b, &a),
                    _ => vec![],
                };
                let title = if !pushes_down(kind) {
                    "Saved. Photos keep their own copy of this table's numbers: nothing is pushed down.".to_string()
                } else if changes.is_empty() {
                    "Saved. No photo's stats changed.".to_string()
                } else {
                    format!("Saved. Pushed down to {} photos:", changes.len())
                };
                report.set(Some((title, changes)));
            }
            Err(e) => error.set(Some(refusal(e))),
        }
    };
    let remove = move |()| match store.delete(kind, id) {
        Ok(()) => report.set(Some(("Row removed.".into(), vec![]))),
        // A row still in use is refused; the message names the record that uses it.
        Err(app::store::EditError::Invalid(d)) => error.set(Some((
            String::new(),
            format!("Not removed: {}: {}", d.field, d.message),
        ))),
        Err(e) => error.set(Some(refusal(e))),
    };
    let names: Vec<String> = inputs.with_value(|v| v.iter().map(|(n, _)| n.clone()).collect());
    let form_error = move || {
        error
            .get()
            .filter(|(f, _)| !names.iter().any(|n| belongs_to(f, n)))
            .map(|(_, m)| view! { <p class="form-error" role="alert">{m}</p> })
    };
    // Unique items and war machine kinds have a picture, uploaded beside the form.
    let picture = ImageKind::of(kind).map(|image_kind| {
        let name = body["name"].as_str().unwrap_or_default().to_string();
        view! {
            <div class="record-picture" data-kind=kind.name()>
                <h3>"Picture"</h3>
                <Thumbnail name owners=vec![(image_kind, id)] />
                <ImageUpload kind=image_kind id />
            </div>
        }
    });
    view! {
        {picture}
        <form class="record-form armory-row" data-kind=kind.name() data-id=id on:submit=save>
            <fieldset prop:disabled=move || !store.can_edit()>
                {inputs.with_value(|v| v.iter().map(|(name, input)| view! {
                    <FieldInput kind name=name.clone() input=*input error />
                }).collect_view())}
                <div class="form-actions">
                    <button type="submit" class="save">"Save"</button>
                    <ConfirmButton class="delete" label="Remove row…" question="Remove this row from the Armory?"
                        confirm="Remove" on_confirm=Callback::new(remove) />
                </div>
                {form_error}
            </fieldset>
        </form>
    }
    .into_any()
}

/// Fields whose model name says too little to a member, with what the form calls them.
const LABELS: [(&str, &str); 10] = [
    ("bl", "BrickLink part"),
    ("crew_min", "Crew needed alive"),
    ("crew_work", "Crew for full strength"),
    ("crew_move", "Crew to haul it"),
    ("stop_round", "Fires until round"),
    ("hex", "Colour (hex)"),
    ("its_power", "Its power (what it does)"),
    ("named_power", "Named power"),
    ("movement_value", "Starting Movement"),
    ("built_from", "Built from"),
];

/// A serde name in words: `whole_army` → "whole army".
fn words(name: &str) -> String {
    name.replace('_', " ")
}

/// A field's label: its model name in words (`stat_impact_pct` → "Stat impact (%)"), or the name
/// [`LABELS`] gives it.
fn label(name: &str) -> String {
    if let Some((_, l)) = LABELS.iter().find(|(n, _)| *n == name) {
        return (*l).to_string();
    }
    let (stem, pct) = match name.strip_suffix("_pct") {
        Some(s) => (s, true),
        None => (name, false),
    };
    let mut words = stem.replace('_', " ");
    if let Some(first) = words.get(..1) {
        words = first.to_uppercase() + &words[1..];
    }
    if pct {
        words.push_str(" (%)");
    }
    words
}

/// One field's input, with the refusal that names it beside it.
#[component]
fn FieldInput(
    kind: RecordKind,
    name: String,
    input: RwSignal<Input>,
    error: RwSignal<Option<Refusal>>,
) -> impl IntoView {
    let store = use_realm_store();
    let field = name.clone();
    let message = move || {
        error
            .get()
            .filter(|(f, _)| belongs_to(f, &field))
            .map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> })
    };
    let text = |f: fn(&Input) -> String| move || f(&input.get());
    let control = match input.get_untracked() {
        Input::Text(_) => view! {
            <input name=name.clone() prop:value=text(|i| match i { Input::Text(s) => s.clone(), _ => String::new() })
                on:input=move |ev| input.set(Input::Text(event_target_value(&ev))) />
        }
        .into_any(),
        Input::Number(_) => view! {
            <input name=name.clone() type="number" step="any" placeholder="none"
                prop:value=text(|i| match i { Input::Number(s) => s.clone(), _ => String::new() })
                on:input=move |ev| input.set(Input::Number(event_target_value(&ev))) />
        }
        .into_any(),
        Input::Choice { options, optional, .. } => view! {
            <select name=name.clone() on:change=move |ev| {
                let v = event_target_value(&ev);
                input.update(|i| if let Input::Choice { value, .. } = i { *value = v });
            }>
                {optional.then(|| view! { <option value="">"none"</option> })}
                {options.iter().map(|o| {
                    let o = *o;
                    view! { <option value=o selected=move || matches!(input.get(), Input::Choice { ref value, .. } if value == o)>{words(o)}</option> }
                }).collect_view()}
            </select>
        }
        .into_any(),
        Input::Colours(..) => {
            let colours = move || {
                store.read(|r| r.colours.iter().map(|c| (c.id, c.name.clone(), c.hex.clone())).collect::<Vec<_>>())
            };
            let pick = move |second: bool| {
                move || {
                    colours()
                        .into_iter()
                        .map(|(cid, cname, hex)| {
                            let value = cid.to_string();
                            let v2 = value.clone();
                            view! {
                                <option value=value style=format!("background: {hex}")
                                    selected=move || matches!(input.get(), Input::Colours(ref a, ref b) if (if second { b } else { a }) == &v2)>
                                    {cname}
                                </option>
                            }
                        })
                        .collect_view()
                }
            };
            view! {
                <span class="colour-pickers">
                    <select name="colours.first" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        input.update(|i| if let Input::Colours(a, _) = i { *a = v });
                    }>{pick(false)}</select>
                    <select name="colours.second" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        input.update(|i| if let Input::Colours(_, b) = i { *b = v });
                    }>
                        <option value="" selected=move || matches!(input.get(), Input::Colours(_, ref b) if b.is_empty())>"(not mixed)"</option>
                        {pick(true)}
                    </select>
                </span>
            }
            .into_any()
        }
        Input::Bane(..) => view! { <BanePicker input /> }.into_any(),
        Input::Reference { table, .. } => view! { <ReferencePicker name=name.clone() table input /> }.into_any(),
        Input::BuiltFrom { .. } => view! { <BuiltFromPicker input /> }.into_any(),
        // A list of rows is a group of inputs, not one: a fieldset with a legend, not a label.
        Input::Lines(_) => {
            return view! {
                <fieldset class="armory-field armory-lines">
                    <legend>{label(&name)}</legend>
                    <LinesEditor kind input />
                    {message}
                </fieldset>
            }
            .into_any()
        }
    };
    view! {
        <label class="armory-field">{label(&name)}{control}{message}</label>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::label;

    #[test]
    fn field_names_read_as_words() {
        assert_eq!(label("stat_impact_pct"), "Stat impact (%)");
        assert_eq!(label("attack_power"), "Attack power");
        assert_eq!(label("bl"), "BrickLink part");
        assert_eq!(label("crew_min"), "Crew needed alive");
        assert_eq!(label("what_it_is"), "What it is");
    }
}
