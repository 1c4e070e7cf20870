//! The Armory form's pickers for fields that hold more than a number or a word: a unique item's
//! Bane and "Built from", a row of another table (a species' movement type), and a war machine's
//! or barding's lines as rows. Each edits one [`Input`] in place; `fields` reads it back.

use super::fields::{Input, BUILT_FROM};
use super::lines::{scopes, terrains, LineRow, CONDITIONS, EFFECTS};
use super::tables::row_names;
use app::store::use_realm_store;
use engine::{Alignment, Realm, RecordKind};
use leptos::prelude::*;

/// An `<option>` picked while `current()` is `value`.
fn option(
    value: String,
    label: String,
    current: impl Fn() -> String + Send + Sync + 'static,
) -> impl IntoView {
    let v = value.clone();
    view! { <option value=value selected=move || current() == v>{label}</option> }
}

/// A unique item's Bane: whom it is made against (a faction of the realm, or a whole alignment) and
/// its percent — picked, never typed as an id.
#[component]
pub fn BanePicker(input: RwSignal<Input>) -> impl IntoView {
    let store = use_realm_store();
    let factions = move || {
        store.read(|r: &Realm| {
            r.factions
                .iter()
                .map(|f| (f.id, f.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let target = move || match input.get() {
        Input::Bane(t, _) => t,
        _ => String::new(),
    };
    let option = move |value: String, label: String| {
        let v = value.clone();
        view! { <option value=value selected=move || target() == v>{label}</option> }
    };
    view! {
        <span class="bane-picker">
            <select name="bane.target" on:change=move |ev| {
                let v = event_target_value(&ev);
                input.update(|i| if let Input::Bane(t, _) = i { *t = v });
            }>
                {option(String::new(), "no Bane".into())}
                <optgroup label="Against a faction">
                    {move || factions().into_iter().map(|(id, name)| option(format!("faction:{id}"), name)).collect_view()}
                </optgroup>
                <optgroup label="Against an alignment">
                    {Alignment::ALL.into_iter().map(|a| option(format!("alignment:{}", a.name().to_lowercase()), format!("every {} faction", a.name()))).collect_view()}
                </optgroup>
            </select>
            <input name="bane.amount_pct" type="number" step="any" placeholder="%"
                prop:value=move || match input.get() { Input::Bane(_, p) => p, _ => String::new() }
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    input.update(|i| if let Input::Bane(_, p) = i { *p = v });
                } />
        </span>
    }
}

/// A row of `table` by name (the field holds its id), or none.
#[component]
pub fn ReferencePicker(name: String, table: RecordKind, input: RwSignal<Input>) -> impl IntoView {
    let store = use_realm_store();
    let current = move || match input.get() {
        Input::Reference { value, .. } => value,
        _ => String::new(),
    };
    view! {
        <select name=name on:change=move |ev| {
            let v = event_target_value(&ev);
            input.update(|i| if let Input::Reference { value, .. } = i { *value = v });
        }>
            {option(String::new(), "none".into(), current)}
            {move || store.read(|r| row_names(r, table)).into_iter()
                .map(|(id, n)| option(id.to_string(), n, current)).collect_view()}
        </select>
    }
}

/// A unique item's "Built from": the Armory table, then the item of that table and its material —
/// a record of what it was made from, never recomputed (SPEC §1.3).
#[component]
pub fn BuiltFromPicker(input: RwSignal<Input>) -> impl IntoView {
    let store = use_realm_store();
    let part = move |k: usize| {
        move || match input.get() {
            Input::BuiltFrom {
                table,
                row,
                material,
            } => [table, row, material][k].clone(),
            _ => String::new(),
        }
    };
    let set = move |k: usize| {
        move |ev: leptos::ev::Event| {
            let v = event_target_value(&ev);
            input.update(|i| {
                if let Input::BuiltFrom {
                    table,
                    row,
                    material,
                } = i
                {
                    match k {
                        0 => {
                            // Another table's rows are other rows: the item is picked again.
                            if *table != v {
                                row.clear();
                            }
                            *table = v;
                        }
                        1 => *row = v,
                        _ => *material = v,
                    }
                }
            })
        }
    };
    let kind = move || {
        BUILT_FROM
            .into_iter()
            .find(|(n, _)| *n == part(0)())
            .map(|(_, k)| k)
    };
    let items = move || {
        kind()
            .map(|k| store.read(|r| row_names(r, k)))
            .unwrap_or_default()
    };
    let materials = move || store.read(|r| row_names(r, RecordKind::Material));
    view! {
        <span class="built-from-picker">
            <select name="built_from.table" on:change=set(0)>
                {option(String::new(), "not recorded".into(), part(0))}
                {BUILT_FROM.into_iter().map(|(n, k)| option(n.into(), words(k), part(0))).collect_view()}
            </select>
            <Show when=move || kind().is_some()>
                <select name="built_from.row" on:change=set(1)>
                    {option(String::new(), "pick the item".into(), part(1))}
                    {move || items().into_iter().map(|(id, n)| option(id.to_string(), n, part(1))).collect_view()}
                </select>
                <select name="built_from.material" on:change=set(2)>
                    {option(String::new(), "pick the material".into(), part(2))}
                    {move || materials().into_iter().map(|(id, n)| option(id.to_string(), n, part(2))).collect_view()}
                </select>
            </Show>
        </span>
    }
}

/// An Armory table's name as the picker says it.
fn words(k: RecordKind) -> String {
    match k {
        RecordKind::Weapon => "a weapon",
        RecordKind::Armor => "armour",
        RecordKind::Headwear => "headwear",
        RecordKind::Backpiece => "a backpiece",
        RecordKind::Legwear => "legwear",
        _ => "a shield",
    }
    .into()
}

/// A war machine's or barding's lines, one row each: what it changes (or free text), the amount,
/// for whom, and when (always, on a terrain, against an enemy); rows are added and removed here and
/// kept when the form is saved.
#[component]
pub fn LinesEditor(kind: RecordKind, input: RwSignal<Input>) -> impl IntoView {
    let count = move || match input.get() {
        Input::Lines(rows) => rows.len(),
        _ => 0,
    };
    let add = move |_| {
        input.update(|i| {
            if let Input::Lines(rows) = i {
                rows.push(LineRow::new(kind))
            }
        })
    };
    view! {
        <div class="lines-editor">
            <Show when=move || count() == 0>
                <p class="empty-note">"No lines: the machine changes nothing on the march."</p>
            </Show>
            <ol class="line-rows">
                {move || (0..count()).map(|i| view! { <LineRowInputs kind input i /> }).collect_view()}
            </ol>
            <button type="button" class="add-line" on:click=add>"Add a line"</button>
        </div>
    }
}

/// One line's pickers; `i` is its place in the field.
#[component]
fn LineRowInputs(kind: RecordKind, input: RwSignal<Input>, i: usize) -> impl IntoView {
    let get = move |f: fn(&LineRow) -> String| {
        move || match input.get() {
            Input::Lines(rows) => rows.get(i).map(f).unwrap_or_default(),
            _ => String::new(),
        }
    };
    let set = move |f: fn(&mut LineRow, String)| {
        move |ev: leptos::ev::Event| {
            let v = event_target_value(&ev);
            input.update(|x| {
                if let Input::Lines(rows) = x {
                    if let Some(r) = rows.get_mut(i) {
                        f(r, v);
                    }
                }
            })
        }
    };
    let remove = move |_| {
        input.update(|x| {
            if let Input::Lines(rows) = x {
                if i < rows.len() {
                    rows.remove(i);
                }
            }
        })
    };
    let effect = get(|r| r.effect.clone());
    let condition = get(|r| r.condition.clone());
    let n = i + 1;
    view! {
        <li class="line-row" data-line=i>
            <select name=format!("lines[{i}].effect") aria-label=format!("Line {n}: what it changes")
                on:change=set(|r, v| r.effect = v)>
                {EFFECTS.into_iter().map(|(v, l)| option(v.into(), l.into(), effect)).collect_view()}
            </select>
            <Show when=move || effect() == "other">
                <input name=format!("lines[{i}].other") aria-label=format!("Line {n}: what else it changes")
                    placeholder="e.g. vs walls" prop:value=get(|r| r.other.clone())
                    on:input=set(|r, v| r.other = v) />
            </Show>
            <input name=format!("lines[{i}].amount") type="number" step="any" aria-label=format!("Line {n}: amount")
                placeholder="amount" prop:value=get(|r| r.amount.clone()) on:input=set(|r, v| r.amount = v) />
            <select name=format!("lines[{i}].scope") aria-label=format!("Line {n}: for whom")
                on:change=set(|r, v| r.scope = v)>
                {scopes(kind).into_iter().map(|(v, l)| option(v.into(), format!("for {l}"), get(|r| r.scope.clone()))).collect_view()}
            </select>
            <select name=format!("lines[{i}].condition") aria-label=format!("Line {n}: when")
                on:change=set(|r, v| r.condition = v)>
                {CONDITIONS.into_iter().map(|(v, l)| option(v.into(), l.into(), condition)).collect_view()}
            </select>
            <Show when=move || condition() == "on_terrain">
                <select name=format!("lines[{i}].terrain") aria-label=format!("Line {n}: terrain")
                    on:change=set(|r, v| r.terrain = v)>
                    {terrains().map(|(v, l)| option(v, l.into(), get(|r| r.terrain.clone()))).collect_view()}
                </select>
            </Show>
            <Show when=move || condition() == "vs_enemy">
                <input name=format!("lines[{i}].enemy") aria-label=format!("Line {n}: against whom")
                    placeholder="e.g. cavalry" prop:value=get(|r| r.enemy.clone()) on:input=set(|r, v| r.enemy = v) />
            </Show>
            <button type="button" class="remove-line" aria-label=format!("Remove line {n}") on:click=remove>"×"</button>
        </li>
    }
}
