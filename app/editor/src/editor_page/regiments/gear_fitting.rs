//! Fitting equipment per slot: an item dropdown and a material dropdown for every slot the data
//! model has (weapon, offhand, armour, headwear, backpiece, legwear), plus the war beast and the
//! bardings worn. A change is fitted by `engine::fit` on a copy of the realm (so a refused fitting
//! names its field and changes nothing) and saved through the store at once, so the photo's stats
//! and Power on screen follow it.

use super::gear_slot::{GearSlot, Pick};
use app::store::field_in_record;
use app::store::{use_realm_store, EditError, RealmStore};
use engine::{Fit, RecordKind};
use leptos::prelude::*;

/// A field and the message about it.
type FieldError = RwSignal<Option<(String, String)>>;

/// Fits `change` to photo `id` and saves it; the error, if any, goes next to its field.
fn apply(store: RealmStore, id: u64, change: Fit, error: FieldError) {
    let Some(realm) = store.realm.get_untracked() else {
        return;
    };
    let mut fitted = (*realm).clone();
    if let Err(e) = engine::fit(&mut fitted, id, change) {
        error.set(Some((e.field().to_string(), e.to_string())));
        return;
    }
    let Some(photo) = fitted.photo(id) else {
        return;
    };
    match store.put(RecordKind::Photo, id, photo) {
        Ok(()) => error.set(None),
        Err(EditError::Invalid(e)) => {
            error.set(Some((field_in_record(&e.field).to_string(), e.message)))
        }
        Err(other) => error.set(Some((String::new(), other.to_string()))),
    }
}

/// The message for `field` (or a field under it, like `weapon.material`), if the error is there.
fn error_at(error: FieldError, field: &'static str) -> impl Fn() -> Option<AnyView> {
    move || {
        error
            .get()
            .filter(|(f, _)| f == field || f.starts_with(&format!("{field}.")))
            .map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> }.into_any())
    }
}

/// Every slot of photo `id`.
#[component]
pub fn GearFitting(id: u64) -> impl IntoView {
    let store = use_realm_store();
    let error: FieldError = RwSignal::new(None);
    view! {
        <fieldset class="gear-fitting" prop:disabled=move || !store.can_edit()>
            <legend>"Equipment"</legend>
            {GearSlot::ALL.into_iter().map(|slot| view! { <SlotRow id gear=slot error /> }).collect_view()}
            <BeastRow id error />
            <WornRow id error />
            {move || error.get().filter(|(f, _)| f.is_empty()).map(|(_, m)| view! { <p class="form-error" role="alert">{m}</p> })}
        </fieldset>
    }
}

/// One slot: what it holds and in which material.
#[component]
fn SlotRow(id: u64, gear: GearSlot, error: FieldError) -> impl IntoView {
    let slot = gear;
    let store = use_realm_store();
    let current = Memo::new(move |_| {
        store.realm.with(|r| {
            r.as_deref()
                .and_then(|r| r.photo(id))
                .map_or((Pick::Empty, None), |p| slot.current(p))
        })
    });
    let options = Memo::new(move |_| store.read(|r| slot.options(r)));
    let materials = Memo::new(move |_| {
        store.read(|r| {
            r.materials
                .iter()
                .map(|m| (m.id, m.name.clone(), m.stat_impact_pct))
                .collect::<Vec<_>>()
        })
    });
    let fit = move |pick: Pick, material: Option<u64>| {
        let Some(realm) = store.realm.get_untracked() else {
            return;
        };
        // A row picked into an empty slot starts in the first material; the dropdown changes it.
        let material = material.or_else(|| realm.materials.first().map(|m| m.id));
        match slot.fit(&realm, pick, material) {
            Some(change) => apply(store, id, change, error),
            None => error.set(Some((
                format!("{}.material", slot.field()),
                "pick a material".into(),
            ))),
        }
    };
    let field = slot.field();
    view! {
        <div class="gear-slot" data-slot=field>
            <label class="gear-item">
                {slot.label()}
                <select name=format!("{field}-item") on:change=move |ev| {
                    if let Some(pick) = Pick::decode(&event_target_value(&ev)) {
                        fit(pick, current.get_untracked().1);
                    }
                }>
                    <option value="" prop:selected=move || current.get().0 == Pick::Empty>"— nothing —"</option>
                    {move || options.get().into_iter().map(|(pick, label)| view! {
                        <option value=pick.encode() prop:selected=move || current.get().0 == pick>{label}</option>
                    }).collect_view()}
                </select>
            </label>
            <label class="gear-material">
                "Material"
                <select name=format!("{field}-material")
                    prop:disabled=move || !current.get().0.takes_material()
                    on:change=move |ev| {
                        let m = event_target_value(&ev).parse().ok();
                        fit(current.get_untracked().0, m);
                    }>
                    <option value="" prop:selected=move || current.get().1.is_none()>"—"</option>
                    {move || materials.get().into_iter().map(|(mid, name, pct)| view! {
                        <option value=mid data-pct=pct prop:selected=move || current.get().1 == Some(mid)>
                            {format!("{name} ({pct:+}%)")}
                        </option>
                    }).collect_view()}
                </select>
            </label>
            {error_at(error, field)}
        </div>
    }
}

/// The war beast fighting beside the figure.
#[component]
fn BeastRow(id: u64, error: FieldError) -> impl IntoView {
    let store = use_realm_store();
    let current = Memo::new(move |_| {
        store
            .realm
            .with(|r| r.as_deref().and_then(|r| r.photo(id)).and_then(|p| p.beast))
    });
    let beasts = move || {
        store.read(|r| {
            r.beasts
                .iter()
                .map(|b| (b.id, b.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="gear-slot" data-slot="beast">
            <label class="gear-item">"War beast"
                <select name="beast-item" on:change=move |ev| {
                    let beast = event_target_value(&ev).parse().ok();
                    apply(store, id, Fit::Beast(beast), error);
                }>
                    <option value="" prop:selected=move || current.get().is_none()>"— none —"</option>
                    {move || beasts().into_iter().map(|(bid, name)| view! {
                        <option value=bid prop:selected=move || current.get() == Some(bid)>{name}</option>
                    }).collect_view()}
                </select>
            </label>
            {error_at(error, "beast")}
        </div>
    }
}

/// The bardings and saddles worn; one worn by another photo cannot be picked.
#[component]
fn WornRow(id: u64, error: FieldError) -> impl IntoView {
    let store = use_realm_store();
    // (barding id, name, worn here, worn by another photo's name)
    let rows = move || {
        store.realm.with(|r| {
            let Some(r) = r.as_deref() else {
                return Vec::new();
            };
            r.bardings
                .iter()
                .map(|b| {
                    let by = r.photos.iter().find(|p| p.worn.contains(&b.id));
                    let here = by.is_some_and(|p| p.id == id);
                    let other = by.filter(|p| p.id != id).map(|p| p.name.clone());
                    (b.id, b.name.clone(), here, other)
                })
                .collect::<Vec<_>>()
        })
    };
    let toggle = move |barding: u64, on: bool| {
        let worn = store.realm.with_untracked(|r| {
            r.as_deref()
                .and_then(|r| r.photo(id))
                .map(|p| p.worn.clone())
        });
        let Some(mut worn) = worn else { return };
        worn.retain(|b| *b != barding);
        if on {
            worn.push(barding);
        }
        apply(store, id, Fit::Worn(worn), error);
    };
    view! {
        <Show when=move || !rows().is_empty()>
            <div class="gear-slot worn" data-slot="worn">
                <span class="gear-label">"Bardings and saddles"</span>
                <div class="worn-list">
                    {move || rows().into_iter().map(|(bid, name, here, other)| {
                        let label = match &other {
                            Some(by) => format!("{name} (worn by {by})"),
                            None => name,
                        };
                        view! {
                            <label class="worn-item">
                                <input type="checkbox" name="worn" value=bid prop:checked=here
                                    prop:disabled=other.is_some()
                                    on:change=move |ev| toggle(bid, event_target_checked(&ev)) />
                                {label}
                            </label>
                        }
                    }).collect_view()}
                </div>
                {error_at(error, "worn")}
            </div>
        </Show>
    }
}
