//! The form of one photo's own fields: name, group (people, a regiment, an equipment type, crests
//! or places), species (choosing one copies its numbers, SPEC §1.6), Health and the base numbers,
//! attack type, movement, the rating season from the realm's seasons, and for the siege train the
//! war machine's kind (in an equipment group) or the machine a figure crews (anyone else). Save checks the numbers (`engine::Photo::check_ranges`, the spec's editor
//! ranges) and then the store's `Realm::validate`; a refusal names its field next to the input and
//! changes nothing. Delete asks once more, then deletes through the store.

use super::group_choice::{group_value, parse_group, KEEPSAKES, PEOPLE};
use super::photo_sheet::{field_text, parse_number};
use crate::editor_page::confirm::ConfirmButton;
use app::store::field_in_record;
use app::store::{use_realm_store, EditError};
use engine::{AttackType, Group, MoveCategory, Photo, RecordKind};
use leptos::prelude::*;

/// The typed numbers of the form, by photo field.
const NUMBERS: [(&str, &str); 5] = [
    ("health", "Health"),
    ("base_attack", "Attack"),
    ("base_range", "Range"),
    ("base_defense", "Defense"),
    ("base_movement", "Movement"),
];

fn number_of(p: &Photo, field: &str) -> Option<f64> {
    match field {
        "health" => p.health,
        "base_attack" => p.base_attack,
        "base_range" => p.base_range,
        "base_defense" => p.base_defense,
        _ => p.base_movement,
    }
}

fn set_number(p: &mut Photo, field: &str, v: Option<f64>) {
    match field {
        "health" => p.health = v,
        "base_attack" => p.base_attack = v,
        "base_range" => p.base_range = v,
        "base_defense" => p.base_defense = v,
        _ => p.base_movement = v,
    }
}

/// Which form input an engine field belongs to (`group` is the regiment dropdown).
fn input_of(field: &str) -> &str {
    match field {
        "group" => "regiment",
        "movement_type" | "move_category" => "move_category",
        f => f,
    }
}

/// The form of photo `id`, filled from the realm when it opens.
#[component]
pub fn PhotoForm(id: u64) -> impl IntoView {
    let store = use_realm_store();
    let Some(original) = store
        .realm
        .with_untracked(|r| r.as_deref().and_then(|r| r.photo(id)).cloned())
    else {
        return view! { <p>"That photo no longer exists."</p> }.into_any();
    };
    // The choices that are not typed text live on a draft photo; the typed numbers as text.
    let draft = RwSignal::new(original.clone());
    let name = RwSignal::new(original.name.clone());
    let numbers = NUMBERS.map(|(f, _)| RwSignal::new(field_text(number_of(&original, f))));
    let error = RwSignal::new(None::<(String, String)>);
    let saved = RwSignal::new(false);
    let locked = move || !store.can_edit();

    let regiments = move || {
        store.read(|r| {
            r.regiments
                .iter()
                .filter(|g| g.faction == original.faction)
                .map(|g| (g.id, g.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let species = move || {
        store.read(|r| {
            r.species
                .iter()
                .map(|s| (s.id, s.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let faction = original.faction;
    let equipment = move || {
        store.read(|r| {
            r.equipment_types
                .iter()
                .filter(|e| e.faction == faction)
                .map(|e| (e.id, e.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let machine_kinds = move || {
        store.read(|r| {
            r.machine_kinds
                .iter()
                .map(|k| (k.id, k.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    // The faction's war machines this photo could crew (a machine crews nobody).
    let machines = move || {
        store.read(|r| {
            r.photos
                .iter()
                .filter(|m| m.faction == faction && m.machine_kind.is_some() && m.id != id)
                .map(|m| (m.id, m.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let in_equipment = move || draft.with(|d| matches!(d.group, Group::Equipment(_)));
    let is_machine = move || draft.with(|d| d.machine_kind.is_some());
    let seasons = move || {
        store.read(|r| {
            let mut s: Vec<_> = r
                .seasons
                .iter()
                .map(|s| (s.number, s.name.clone()))
                .collect();
            s.sort();
            s
        })
    };
    let choose_species = move |value: String| {
        saved.set(false);
        let Some(sid) = value.parse::<u64>().ok() else {
            draft.update(|d| d.species = None);
            return;
        };
        let copied = store.realm.with_untracked(|r| {
            let r = r.as_deref()?;
            let mut d = draft.get_untracked();
            d.copy_species(r, sid).then_some(d)
        });
        if let Some(d) = copied {
            for (i, (f, _)) in NUMBERS.iter().enumerate() {
                numbers[i].set(field_text(number_of(&d, f)));
            }
            draft.set(d);
        }
    };

    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let current = store
            .realm
            .with_untracked(|r| r.as_deref().and_then(|r| r.photo(id)).cloned());
        let Some(mut p) = current else { return };
        let d = draft.get_untracked();
        p.name = name.get_untracked();
        p.group = d.group;
        p.species = d.species;
        p.movement_type = d.movement_type;
        p.move_category = d.move_category;
        p.base_attack_type = d.base_attack_type;
        p.season = d.season;
        p.machine_kind = d.machine_kind;
        p.crew_of = d.crew_of;
        for (i, (f, _)) in NUMBERS.iter().enumerate() {
            match parse_number(&numbers[i].get_untracked()) {
                Ok(v) => set_number(&mut p, f, v),
                Err(m) => {
                    saved.set(false);
                    error.set(Some((f.to_string(), m)));
                    return;
                }
            }
        }
        let result = p
            .check_ranges()
            .map_err(EditError::Invalid)
            .and_then(|()| store.put(RecordKind::Photo, id, &p));
        match result {
            Ok(()) => {
                error.set(None);
                saved.set(true);
            }
            Err(EditError::Invalid(e)) => {
                saved.set(false);
                let f = field_in_record(&e.field);
                let f = if f.is_empty() && !e.field.contains('[') {
                    e.field.as_str()
                } else {
                    f
                };
                error.set(Some((input_of(f).to_string(), e.message)));
            }
            Err(other) => {
                saved.set(false);
                error.set(Some((String::new(), other.to_string())));
            }
        }
    };
    let delete = move |()| match store.delete(RecordKind::Photo, id) {
        Ok(()) => error.set(None),
        Err(e) => error.set(Some((String::new(), format!("Not deleted: {e}")))),
    };
    let error_for = move |field: &'static str| {
        move || {
            error
                .get()
                .filter(|(f, _)| f == field)
                .map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> })
        }
    };
    let current_group = move || group_value(draft.with(|d| d.group));
    let group_option = move |g: Group, label: String| {
        let value = group_value(g);
        let v = value.clone();
        view! { <option value=value prop:selected=move || current_group() == v>{label}</option> }
    };
    view! {
        <form class="record-form photo-form" data-id=id on:submit=save on:input=move |_| saved.set(false)>
            <fieldset prop:disabled=locked>
                <legend>"Photo"</legend>
                <label>"Name"
                    <input name="name" prop:value=move || name.get() maxlength=engine::MAX_NAME_CHARS
                        on:input=move |ev| name.set(event_target_value(&ev)) />
                    {error_for("name")}
                </label>
                <div class="form-row">
                    <label>"Group"
                        <select name="regiment" on:change=move |ev| {
                            if let Some(g) = parse_group(&event_target_value(&ev)) {
                                draft.update(|d| d.group = g);
                            }
                        }>
                            <optgroup label="People">
                                {PEOPLE.into_iter().map(|(g, label)| group_option(g, label.into())).collect_view()}
                            </optgroup>
                            <optgroup label="Regiments">
                                {move || regiments().into_iter().map(|(gid, gname)| group_option(Group::Regiment(gid), gname)).collect_view()}
                            </optgroup>
                            <optgroup label="Equipment">
                                {move || equipment().into_iter().map(|(eid, ename)| group_option(Group::Equipment(eid), ename)).collect_view()}
                            </optgroup>
                            <optgroup label="Crests and places">
                                {KEEPSAKES.into_iter().map(|(g, label)| group_option(g, label.into())).collect_view()}
                            </optgroup>
                        </select>
                        {error_for("regiment")}
                    </label>
                    <label>"Species"
                        <select name="species" on:change=move |ev| choose_species(event_target_value(&ev))>
                            <option value="" prop:selected=move || draft.with(|d| d.species.is_none())>"— none —"</option>
                            {move || species().into_iter().map(|(sid, sname)| view! {
                                <option value=sid prop:selected=move || draft.with(|d| d.species == Some(sid))>{sname}</option>
                            }).collect_view()}
                        </select>
                        {error_for("species")}
                    </label>
                </div>
                <div class="form-row siege-fields">
                    <Show when=in_equipment>
                        <label>"War machine kind"
                            <select name="machine_kind" on:change=move |ev| {
                                let k = event_target_value(&ev).parse().ok();
                                draft.update(|d| d.machine_kind = k);
                            }>
                                <option value="" prop:selected=move || draft.with(|d| d.machine_kind.is_none())>"— not a war machine —"</option>
                                {move || machine_kinds().into_iter().map(|(kid, kname)| view! {
                                    <option value=kid prop:selected=move || draft.with(|d| d.machine_kind == Some(kid))>{kname}</option>
                                }).collect_view()}
                            </select>
                            {error_for("machine_kind")}
                        </label>
                    </Show>
                    <Show when=move || !is_machine()>
                        <label>"Crews"
                            <select name="crew_of" on:change=move |ev| {
                                let m = event_target_value(&ev).parse().ok();
                                draft.update(|d| d.crew_of = m);
                            }>
                                <option value="" prop:selected=move || draft.with(|d| d.crew_of.is_none())>"— no war machine —"</option>
                                {move || machines().into_iter().map(|(mid, mname)| view! {
                                    <option value=mid prop:selected=move || draft.with(|d| d.crew_of == Some(mid))>{mname}</option>
                                }).collect_view()}
                            </select>
                            {error_for("crew_of")}
                        </label>
                    </Show>
                </div>
                <div class="form-row numbers">
                    {NUMBERS.iter().enumerate().map(|(i, (f, label))| {
                        let text = numbers[i];
                        view! {
                            <label>{*label}
                                <input name=*f inputmode="decimal" prop:value=move || text.get()
                                    on:input=move |ev| text.set(event_target_value(&ev)) />
                                {error_for(f)}
                            </label>
                        }
                    }).collect_view()}
                </div>
                <div class="form-row">
                    <label>"Attack type"
                        <select name="base_attack_type" on:change=move |ev| {
                            let t = match event_target_value(&ev).as_str() {
                                "melee" => Some(AttackType::Melee),
                                "ranged" => Some(AttackType::Ranged),
                                _ => None,
                            };
                            draft.update(|d| d.base_attack_type = t);
                        }>
                            {[("", "—", None), ("melee", "Melee", Some(AttackType::Melee)), ("ranged", "Ranged", Some(AttackType::Ranged))]
                                .into_iter().map(|(v, l, t)| view! {
                                    <option value=v prop:selected=move || draft.with(|d| d.base_attack_type == t)>{l}</option>
                                }).collect_view()}
                        </select>
                    </label>
                    <label>"Moves"
                        <select name="move_category" on:change=move |ev| {
                            let c = match event_target_value(&ev).as_str() {
                                "foot" => Some(MoveCategory::Foot),
                                "mounted" => Some(MoveCategory::Mounted),
                                "flying" => Some(MoveCategory::Flying),
                                _ => None,
                            };
                            draft.update(|d| d.move_category = c);
                        }>
                            {[("", "—", None), ("foot", "On foot", Some(MoveCategory::Foot)), ("mounted", "Mounted", Some(MoveCategory::Mounted)), ("flying", "Flying", Some(MoveCategory::Flying))]
                                .into_iter().map(|(v, l, c)| view! {
                                    <option value=v prop:selected=move || draft.with(|d| d.move_category == c)>{l}</option>
                                }).collect_view()}
                        </select>
                        {error_for("move_category")}
                    </label>
                    <label>"Rating season"
                        <select name="season" on:change=move |ev| {
                            let s = event_target_value(&ev).parse().ok();
                            draft.update(|d| d.season = s);
                        }>
                            <option value="" prop:selected=move || draft.with(|d| d.season.is_none())>"None (out of the arena)"</option>
                            {move || seasons().into_iter().map(|(n, sname)| view! {
                                <option value=n prop:selected=move || draft.with(|d| d.season == Some(n))>{sname}</option>
                            }).collect_view()}
                        </select>
                        {error_for("season")}
                    </label>
                </div>
                <div class="form-actions">
                    <button type="submit" class="save">"Save photo"</button>
                    <ConfirmButton class="delete-photo" label="Delete photo…" question="Delete this photo for good?"
                        confirm="Delete" on_confirm=Callback::new(delete) />
                </div>
                <Show when=move || saved.get()>
                    <span class="saved" role="status">"Saved in this browser; it syncs when the server is reachable."</span>
                </Show>
                {move || error.get().filter(|(f, _)| f.is_empty()).map(|(_, m)| view! { <p class="form-error" role="alert">{m}</p> })}
            </fieldset>
        </form>
    }
    .into_any()
}
