//! The lab's Warfare tab (d6 Might): realms with their Influence, armies with Might, speed,
//! refuge and garrison, and the conflicts — battles and sieges, each side a set of allied armies —
//! fought as one phase by `engine::warfare`.

mod conflicts;

use super::form::{check, next_id, notation, num, text, Form};
use super::runner::lab;
use super::system::{FieldError, LabSystem};
use engine::warfare::{self as wf, Army, Disposition, WarRealm, WarfareInput, WarfareOutcome};
use engine::SplitMix64;
use leptos::prelude::*;

/// Warfare as the lab drives it. Its sides are the realms: a realm wins a phase when it ends it
/// with the most Might still standing in the field (a tie is nobody's win).
pub struct Warfare;

impl LabSystem for Warfare {
    type Input = WarfareInput;
    type Outcome = WarfareOutcome;
    const KEY: &'static str = "warfare";
    const RULES: &'static [&'static str] = &[
        "Every army has a Might: the dice it throws. Each side throws one six-sided die per point of Might of all its armies together, and every 5 or 6 is a success.",
        "The side with fewer successes loses the roll, and the difference decides what happens. In a battle a difference of 0 means both regroup and throw again, 1 costs the loser a point of Might and they throw again, and 2 or more ends the battle: the loser retreats (2), is routed to its nearest friendly settlement (3), is defeated until the New Year (4) or is annihilated (5 or more).",
        "In a siege the besiegers are side A and the garrison never retreats. A tie costs the besiegers a point; a difference of 1 or 2 ends this year's fighting with the loser hurt; 3 or more ends the siege, and if the garrison lost, the settlement falls.",
        "Losses come off the strongest army of the losing side first, a point at a time. An army at Might 0 is gone, and a side whose Might is spent loses at once.",
    ];

    fn example() -> WarfareInput {
        wf::example()
    }
    fn parse(text: &str) -> Result<WarfareInput, FieldError> {
        wf::parse(text).map_err(|e| FieldError::new(e.field, e.message))
    }
    fn check(input: &WarfareInput) -> Result<(), FieldError> {
        input
            .validate()
            .map_err(|e| FieldError::new(e.field(), e.message()))
    }
    fn seed(input: &WarfareInput) -> u64 {
        input.seed
    }
    fn set_seed(input: &mut WarfareInput, seed: u64) {
        input.seed = seed;
    }
    fn resolve(input: &WarfareInput, rng: &mut SplitMix64) -> WarfareOutcome {
        wf::resolve(input, rng)
    }
    fn sides(input: &WarfareInput) -> Vec<String> {
        input.realms.iter().map(|r| r.name.clone()).collect()
    }
    fn winner(input: &WarfareInput, o: &WarfareOutcome) -> Option<usize> {
        phase_winner(input, o)
    }
    fn text(_: &WarfareInput, o: &WarfareOutcome) -> String {
        o.render()
    }
    fn to_line_up(input: &Self::Input) -> engine::LineUp {
        engine::LineUp::Warfare(input.clone())
    }
    fn from_line_up(line_up: &engine::LineUp) -> Option<Self::Input> {
        match line_up {
            engine::LineUp::Warfare(i) => Some(i.clone()),
            _ => None,
        }
    }
}

/// The realm (by index) holding the most Might still in the field after the phase, if one does
/// alone; armies that left, fled or ceased count for nothing.
pub fn phase_winner(input: &WarfareInput, o: &WarfareOutcome) -> Option<usize> {
    let mut held = vec![0u64; input.realms.len()];
    for r in &o.armies {
        if r.disposition != Disposition::Stays {
            continue;
        }
        let realm = input
            .armies
            .iter()
            .find(|a| a.id == r.army)
            .map(|a| a.realm);
        if let Some(k) = realm.and_then(|id| input.realms.iter().position(|x| x.id == id)) {
            held[k] += u64::from(r.might_end);
        }
    }
    let best = *held.iter().max()?;
    let mut at = held.iter().enumerate().filter(|(_, &m)| m == best);
    match (at.next(), at.next()) {
        (Some((k, _)), None) if best > 0 => Some(k),
        _ => None,
    }
}

/// The Warfare tab.
#[component]
pub fn WarfareLab() -> impl IntoView {
    lab::<Warfare>(build, app::markup::chronicles::warfare::chronicle)
}

fn parse_refuge(s: &str) -> Result<Option<u32>, String> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(None);
    }
    s.parse()
        .map(Some)
        .map_err(|_| "a distance, or empty for none".into())
}

fn build(form: Form<WarfareInput>) -> AnyView {
    let snap = form.input.get_untracked();
    let realms = snap
        .realms
        .iter()
        .enumerate()
        .map(|(k, r)| realm_row(form, k, r))
        .collect_view();
    let armies = snap
        .armies
        .iter()
        .enumerate()
        .map(|(k, a)| army_row(form, &snap.realms, k, a))
        .collect_view();
    view! {
        <div class="lab-sides">
            <fieldset class="lab-side" data-side="realms">
                <legend>"Realms"</legend>
                {form.err("realms".into())}
                <div class="lab-rows">{realms}</div>
                <button type="button" class="add-realm" on:click=move |_| form.reshape(|i| {
                    let id = next_id(i.realms.iter().map(|r| r.id));
                    i.realms.push(WarRealm { id, name: format!("Realm {id}"), influence: 2 });
                })>"Add realm"</button>
            </fieldset>
            <fieldset class="lab-side" data-side="armies">
                <legend>"Armies and garrisons"</legend>
                {form.err("armies".into())}
                <div class="lab-rows">{armies}</div>
                <button type="button" class="add-army" on:click=move |_| form.reshape(|i| {
                    let id = next_id(i.armies.iter().map(|a| a.id));
                    let realm = i.realms.first().map_or(0, |r| r.id);
                    i.armies.push(Army { id, name: format!("Army {id}"), realm, might: 3, speed: 3, refuge: None, garrison: false });
                })>"Add army"</button>
            </fieldset>
        </div>
        {conflicts::conflicts(form, &snap)}
    }
    .into_any()
}

fn realm_row(form: Form<WarfareInput>, k: usize, r: &WarRealm) -> impl IntoView {
    let at = format!("realms[{k}]");
    view! {
        <div class="lab-row realm" data-path=at.clone()>
            {text(form, "Name", format!("{at}.name"), r.name.clone(), move |i, v| if let Some(r) = i.realms.get_mut(k) { r.name = v })}
            {num(form, "Influence", format!("{at}.influence"), r.influence, move |i, v| if let Some(r) = i.realms.get_mut(k) { r.influence = v })}
            <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                if k < i.realms.len() { i.realms.remove(k); }
            })>"Remove"</button>
            {form.err(at.clone())}
        </div>
    }
}

fn army_row(form: Form<WarfareInput>, realms: &[WarRealm], k: usize, a: &Army) -> impl IntoView {
    let at = format!("armies[{k}]");
    let options = realms
        .iter()
        .map(|r| view! { <option value=r.id.to_string() selected=r.id == a.realm>{r.name.clone()}</option> })
        .collect_view();
    let realm_path = format!("{at}.realm");
    view! {
        <div class="lab-row army" data-path=at.clone()>
            {text(form, "Name", format!("{at}.name"), a.name.clone(), move |i, v| if let Some(a) = i.armies.get_mut(k) { a.name = v })}
            <label class="lab-field">
                <span>"Realm"</span>
                <select data-path=realm_path.clone() on:change=move |ev| {
                    if let Ok(id) = event_target_value(&ev).parse::<u64>() {
                        form.edit(|i| if let Some(a) = i.armies.get_mut(k) { a.realm = id });
                    }
                }>{options}</select>
                {form.err(realm_path)}
            </label>
            {num(form, "Might", format!("{at}.might"), a.might, move |i, v| if let Some(a) = i.armies.get_mut(k) { a.might = v })}
            {num(form, "Speed", format!("{at}.speed"), a.speed, move |i, v| if let Some(a) = i.armies.get_mut(k) { a.speed = v })}
            {notation(form, "Refuge at", format!("{at}.refuge"), a.refuge.map_or(String::new(), |r| r.to_string()), parse_refuge,
                move |i, v| if let Some(a) = i.armies.get_mut(k) { a.refuge = v })}
            {check(form, "Garrison", format!("{at}.garrison"), a.garrison, move |i, v| if let Some(a) = i.armies.get_mut(k) { a.garrison = v })}
            <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                if k < i.armies.len() {
                    // Its conflicts forget it too, so removing an army never leaves a dangling id.
                    let id = i.armies.remove(k).id;
                    for c in &mut i.conflicts {
                        for side in &mut c.sides {
                            side.retain(|&a| a != id);
                        }
                    }
                }
            })>"Remove"</button>
            {form.err(at.clone())}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_realm_holding_most_might_wins_the_phase() {
        let input = wf::example();
        let o = wf::play(&input);
        let w = phase_winner(&input, &o);
        let held = |k: usize| -> u32 {
            o.armies
                .iter()
                .filter(|r| r.disposition == Disposition::Stays)
                .filter(|r| {
                    input
                        .armies
                        .iter()
                        .any(|a| a.id == r.army && a.realm == input.realms[k].id)
                })
                .map(|r| r.might_end)
                .sum()
        };
        if let Some(w) = w {
            for k in 0..input.realms.len() {
                if k != w {
                    assert!(held(w) > held(k));
                }
            }
        }
    }

    #[test]
    fn nobody_wins_when_nothing_stands() {
        let mut input = wf::example();
        let mut o = wf::play(&input);
        for a in &mut o.armies {
            a.disposition = Disposition::Destroyed;
        }
        assert_eq!(phase_winner(&input, &o), None);
        input.realms.clear();
        assert_eq!(phase_winner(&input, &o), None);
    }
}
