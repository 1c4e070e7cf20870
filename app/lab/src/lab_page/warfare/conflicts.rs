//! The conflicts of a Warfare phase: each a battle or a siege with its sides, a side being the
//! armies ticked for it (a siege's first side besieges, its second defends).

use crate::lab_page::form::{choice, next_id, text, Form};
use engine::warfare::{Conflict, ConflictKind, WarfareInput};
use leptos::prelude::*;

/// The conflicts fieldset.
pub fn conflicts(form: Form<WarfareInput>, snap: &WarfareInput) -> AnyView {
    let rows = snap
        .conflicts
        .iter()
        .enumerate()
        .map(|(k, c)| conflict_row(form, snap, k, c))
        .collect_view();
    view! {
        <fieldset class="lab-side lab-conflicts" data-side="conflicts">
            <legend>"Conflicts"</legend>
            {form.err("conflicts".into())}
            <div class="lab-rows">{rows}</div>
            <button type="button" class="add-conflict" on:click=move |_| form.reshape(|i| {
                let id = next_id(i.conflicts.iter().map(|c| c.id));
                i.conflicts.push(Conflict { id, name: format!("Conflict {id}"), kind: ConflictKind::Battle, sides: vec![vec![], vec![]] });
            })>"Add conflict"</button>
        </fieldset>
    }
    .into_any()
}

fn side_name(kind: ConflictKind, s: usize) -> String {
    match (kind, s) {
        (ConflictKind::Siege, 0) => "Besiegers".into(),
        (ConflictKind::Siege, 1) => "Defenders".into(),
        _ => format!("Side {}", s + 1),
    }
}

fn conflict_row(
    form: Form<WarfareInput>,
    snap: &WarfareInput,
    k: usize,
    c: &Conflict,
) -> impl IntoView {
    let at = format!("conflicts[{k}]");
    let sides = c
        .sides
        .iter()
        .enumerate()
        .map(|(s, members)| {
            let here = format!("{at}.sides[{s}]");
            let boxes = snap
                .armies
                .iter()
                .map(|a| {
                    let id = a.id;
                    view! {
                        <label class="lab-check">
                            <input type="checkbox" data-path=format!("{here}:{id}") checked=members.contains(&id)
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    form.edit(|i| if let Some(side) = i.conflicts.get_mut(k).and_then(|c| c.sides.get_mut(s)) {
                                        side.retain(|&x| x != id);
                                        if on { side.push(id); }
                                    });
                                } />
                            {a.name.clone()}
                        </label>
                    }
                })
                .collect_view();
            view! {
                <div class="lab-row conflict-side" data-path=here.clone()>
                    <strong>{side_name(c.kind, s)}</strong>
                    {boxes}
                    <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                        if let Some(c) = i.conflicts.get_mut(k) { if s < c.sides.len() { c.sides.remove(s); } }
                    })>"Remove side"</button>
                    {form.err(here.clone())}
                </div>
            }
        })
        .collect_view();
    view! {
        <div class="lab-row conflict" data-path=at.clone()>
            {text(form, "Name", format!("{at}.name"), c.name.clone(), move |i, v| if let Some(c) = i.conflicts.get_mut(k) { c.name = v })}
            {choice(form, "Kind", format!("{at}.kind"), &[ConflictKind::Battle, ConflictKind::Siege], None, Some(c.kind),
                move |i, v| if let (Some(c), Some(v)) = (i.conflicts.get_mut(k), v) { c.kind = v })}
            <button type="button" class="add-side" on:click=move |_| form.reshape(|i| {
                if let Some(c) = i.conflicts.get_mut(k) { c.sides.push(Vec::new()); }
            })>"Add side"</button>
            <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                if k < i.conflicts.len() { i.conflicts.remove(k); }
            })>"Remove conflict"</button>
            {form.err(format!("{at}.sides"))}
            {form.err(at.clone())}
            <div class="lab-subrows">{sides}</div>
        </div>
    }
}
