//! A faction's buffs: add, edit and remove, with the unit of the picked effect printed under it and a
//! Grudge's target picked from the realm's factions (only those the rules let a Grudge name). Every
//! save and delete goes through the store, which checks the realm with the engine's rules first.

mod choices;

use super::confirm::ConfirmButton;
use super::refusal::{error_for, form_error, refusal, Refusal};
use app::store::use_realm_store;
use choices::{effect_from, grudge_targets, source_key, sources, with_target, CATEGORIES};
use engine::{effect_name, effect_unit, Buff, BuffSource, Effect, RecordKind, EFFECTS};
use leptos::prelude::*;

/// The buffs of faction `faction`, one form each, and a form for a new one.
#[component]
pub fn BuffList(faction: u64) -> impl IntoView {
    let store = use_realm_store();
    // Only the ids are tracked: a form keeps what is typed in it while other records change.
    let ids = Memo::new(move |_| {
        store.read(|r| {
            r.buffs
                .iter()
                .filter(|b| b.faction == faction)
                .map(|b| b.id)
                .collect::<Vec<_>>()
        })
    });
    let adding = RwSignal::new(None::<u64>);
    let add = move |_| {
        let next = store.realm.with_untracked(|r| {
            r.as_ref()
                .map_or(1, |r| r.buffs.iter().map(|b| b.id).max().unwrap_or(0) + 1)
        });
        adding.set(Some(next));
    };
    view! {
        <section class="editor-section buffs-editor" data-faction=faction>
            <h3>"Buffs"</h3>
            <Show when=move || ids.with(Vec::is_empty) && adding.get().is_none()>
                <p class="empty">"No buffs yet."</p>
            </Show>
            <For each=move || ids.get() key=|id| *id let:id>
                <BuffForm faction id fresh=false on_done=move || {} />
            </For>
            {move || adding.get().map(|id| view! {
                <BuffForm faction id fresh=true on_done=move || adding.set(None) />
            })}
            <button type="button" class="add-buff" prop:disabled=move || !store.can_edit() || adding.get().is_some()
                on:click=add>"Add a buff"</button>
        </section>
    }
}

/// One buff's form. A `fresh` form is a buff not yet saved; `on_done` runs once it is saved or
/// discarded.
#[component]
fn BuffForm(
    faction: u64,
    id: u64,
    fresh: bool,
    on_done: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let store = use_realm_store();
    let original = store.realm.with_untracked(|r| {
        r.as_ref()
            .and_then(|r| r.buffs.iter().find(|b| b.id == id).cloned())
    });
    let original = original.unwrap_or(Buff {
        id,
        faction,
        name: "New buff".into(),
        effect: Effect::AttackPower,
        amount: 1.0,
        source: BuffSource::FactionWide,
    });
    let name = RwSignal::new(original.name.clone());
    let effect = RwSignal::new(original.effect);
    let amount = RwSignal::new(original.amount.to_string());
    let source = RwSignal::new(source_key(original.source));
    let error = RwSignal::new(None::<Refusal>);
    let saved = RwSignal::new(false);
    let targets = move || store.read(|r| grudge_targets(r, faction));
    let source_choices = move || store.read(|r| sources(r, faction));
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Ok(amount) = amount.get_untracked().trim().parse::<f64>() else {
            error.set(Some((
                "amount".into(),
                "the amount must be a number".into(),
            )));
            return;
        };
        let Some(src) = source_choices()
            .into_iter()
            .find(|(k, _, _)| *k == source.get_untracked())
            .map(|(_, _, s)| s)
        else {
            error.set(Some((
                "source".into(),
                "pick where the buff comes from".into(),
            )));
            return;
        };
        let buff = Buff {
            id,
            faction,
            name: name.get_untracked(),
            effect: effect.get_untracked(),
            amount,
            source: src,
        };
        match store.put(RecordKind::Buff, id, &buff) {
            Ok(()) => {
                error.set(None);
                saved.set(true);
                if fresh {
                    on_done();
                }
            }
            Err(e) => {
                saved.set(false);
                error.set(Some(refusal(e)));
            }
        }
    };
    let remove = move |()| {
        if let Err(e) = store.delete(RecordKind::Buff, id) {
            error.set(Some(refusal(e)));
        }
    };
    let is_grudge = move || matches!(effect.get(), Effect::Grudge { .. });
    let target = move || match effect.get() {
        Effect::Grudge { target } => target,
        _ => 0,
    };
    view! {
        <form class="record-form buff-form" class:fresh=fresh data-id=id on:submit=save on:input=move |_| saved.set(false)>
            <fieldset prop:disabled=move || !store.can_edit()>
                <label>"Name"
                    <input name="name" prop:value=move || name.get() maxlength=engine::MAX_NAME_CHARS
                        on:input=move |ev| name.set(event_target_value(&ev)) />
                    {error_for(error, "name")}
                </label>
                <label>"Effect"
                    <select name="effect" on:change=move |ev| {
                        if let Some(e) = effect_from(&event_target_value(&ev)) {
                            // A Grudge picked from the list starts on the first allowed target.
                            let first = targets().first().map_or(0, |(id, _)| *id);
                            effect.set(with_target(e, first));
                        }
                    }>
                        {CATEGORIES.into_iter().map(|(category, title)| view! {
                            <optgroup label=title>
                                {EFFECTS.into_iter().filter(|e| e.category() == category).map(|e| view! {
                                    <option value=effect_name(e) selected=move || effect_name(effect.get()) == effect_name(e)>{effect_name(e)}</option>
                                }).collect_view()}
                            </optgroup>
                        }).collect_view()}
                    </select>
                    <small class="unit" data-unit=move || effect_unit(effect.get())>{move || format!("Amount in {}", effect_unit(effect.get()))}</small>
                    {error_for(error, "effect")}
                </label>
                <Show when=is_grudge>
                    <label class="grudge-target">"Grudge against"
                        <select name="grudge_target" on:change=move |ev| {
                            if let Ok(t) = event_target_value(&ev).parse() {
                                effect.set(Effect::Grudge { target: t });
                            }
                        }>
                            {move || targets().into_iter().map(|(tid, tname)| view! {
                                <option value=tid selected=move || target() == tid>{tname}</option>
                            }).collect_view()}
                        </select>
                        <small class="hint">"Only ordinary factions can be hated; never itself."</small>
                    </label>
                </Show>
                <label>"Amount"
                    <input name="amount" type="number" step="any" prop:value=move || amount.get()
                        on:input=move |ev| amount.set(event_target_value(&ev)) />
                    {error_for(error, "amount")}
                </label>
                <label>"Comes from"
                    <select name="source" on:change=move |ev| source.set(event_target_value(&ev))>
                        {move || source_choices().into_iter().map(|(key, label, _)| {
                            let k = key.clone();
                            view! { <option value=key selected=move || source.get() == k>{label}</option> }
                        }).collect_view()}
                    </select>
                    {error_for(error, "source")}
                </label>
                <div class="form-actions">
                    <button type="submit" class="save">{if fresh { "Add" } else { "Save" }}</button>
                    {if fresh {
                        view! { <button type="button" class="delete" on:click=move |_| on_done()>"Discard"</button> }.into_any()
                    } else {
                        view! { <ConfirmButton class="delete" label="Remove…" question="Remove this buff?"
                            confirm="Remove" on_confirm=Callback::new(remove) /> }.into_any()
                    }}
                    <Show when=move || saved.get()>
                        <span class="saved" role="status">"Saved"</span>
                    </Show>
                </div>
                {form_error(error, &["name", "effect", "amount", "source"])}
            </fieldset>
        </form>
    }
}
