//! A force's units: each a noble (health, row, items behind "Show more") and its men by kind,
//! count and row, added and removed in place.

use super::force_mut;
use crate::lab_page::form::{choice, more, next_id, num, row, text, Form};
use engine::olympia::{Force, Item, Kind, Men, Noble, OlympiaInput, Unit};
use leptos::prelude::*;

/// The fighter table's kinds a unit's men can be (nobles are the unit's own).
const KINDS: [Kind; 16] = [
    Kind::Peasant,
    Kind::Worker,
    Kind::Sailor,
    Kind::Soldier,
    Kind::BlessedSoldier,
    Kind::Pikeman,
    Kind::Swordsman,
    Kind::Pirate,
    Kind::Knight,
    Kind::EliteGuard,
    Kind::Crossbowman,
    Kind::Archer,
    Kind::EliteArcher,
    Kind::Catapult,
    Kind::BatteringRam,
    Kind::SiegeTower,
];

fn unit_at(i: &mut OlympiaInput, f: usize, u: usize) -> Option<&mut Unit> {
    force_mut(i, f).units.get_mut(u)
}

fn noble_at(i: &mut OlympiaInput, f: usize, u: usize) -> Option<&mut Noble> {
    unit_at(i, f, u).and_then(|u| u.noble.as_mut())
}

fn men_at(i: &mut OlympiaInput, f: usize, u: usize, m: usize) -> Option<&mut Men> {
    unit_at(i, f, u).and_then(|u| u.men.get_mut(m))
}

fn item_at(i: &mut OlympiaInput, f: usize, u: usize, n: usize) -> Option<&mut Item> {
    noble_at(i, f, u).and_then(|x| x.items.get_mut(n))
}

/// The units of force `f`, with "Add unit".
pub fn units(form: Form<OlympiaInput>, f: usize, key: &'static str, force: &Force) -> AnyView {
    let rows = force
        .units
        .iter()
        .enumerate()
        .map(|(u, unit)| unit_row(form, f, format!("{key}.units[{u}]"), u, unit))
        .collect_view();
    view! {
        {form.err(format!("{key}.units"))}
        <div class="lab-rows">{rows}</div>
        <button type="button" class="add-unit" on:click=move |_| form.reshape(|i| {
            let id = next_id(i.attacker.units.iter().chain(&i.defender.units).map(|u| u.id));
            force_mut(i, f).units.push(Unit {
                id,
                name: format!("Unit {id}"),
                noble: Some(Noble { health: 100, items: Vec::new(), behind: 0 }),
                men: vec![Men { kind: Kind::Soldier, count: 10, behind: 0 }],
            });
        })>"Add unit"</button>
    }
    .into_any()
}

fn unit_row(
    form: Form<OlympiaInput>,
    f: usize,
    at: String,
    u: usize,
    unit: &Unit,
) -> impl IntoView {
    let noble = unit.noble.as_ref().map(|n| {
        let items = n
            .items
            .iter()
            .enumerate()
            .map(|(k, it)| {
                let ip = format!("{at}.noble.items[{k}]");
                view! {
                    <div class="lab-row item" data-path=ip.clone()>
                        {text(form, "Item", format!("{ip}.name"), it.name.clone(), move |i, v| if let Some(x) = item_at(i, f, u, k) { x.name = v })}
                        {num(form, "Attack", format!("{ip}.attack"), it.attack, move |i, v| if let Some(x) = item_at(i, f, u, k) { x.attack = v })}
                        {num(form, "Defense", format!("{ip}.defense"), it.defense, move |i, v| if let Some(x) = item_at(i, f, u, k) { x.defense = v })}
                        {num(form, "Missile", format!("{ip}.missile"), it.missile, move |i, v| if let Some(x) = item_at(i, f, u, k) { x.missile = v })}
                        <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                            if let Some(n) = noble_at(i, f, u) { if k < n.items.len() { n.items.remove(k); } }
                        })>"Remove"</button>
                    </div>
                }
            })
            .collect_view();
        let body = view! {
            <div class="lab-subrows">{items}
                <button type="button" class="add-item" on:click=move |_| form.reshape(|i| {
                    if let Some(n) = noble_at(i, f, u) {
                        n.items.push(Item { name: "Sword".into(), attack: 10, defense: 0, missile: 0 });
                    }
                })>"Add item"</button>
            </div>
        }
        .into_any();
        view! {
            {num(form, "Health", format!("{at}.noble.health"), n.health, move |i, v| if let Some(n) = noble_at(i, f, u) { n.health = v })}
            {row(form, "Noble's row", format!("{at}.noble.behind"), n.behind, move |i, v| if let Some(n) = noble_at(i, f, u) { n.behind = v })}
            {more(form, format!("{at}.items"), "Show items", body)}
        }
    });
    let men = unit
        .men
        .iter()
        .enumerate()
        .map(|(m, g)| {
            let mp = format!("{at}.men[{m}]");
            view! {
                <div class="lab-row men" data-path=mp.clone()>
                    {choice(form, "Men", format!("{mp}.kind"), &KINDS, None, Some(g.kind),
                        move |i, v| if let (Some(g), Some(v)) = (men_at(i, f, u, m), v) { g.kind = v })}
                    {num(form, "Count", format!("{mp}.count"), g.count, move |i, v| if let Some(g) = men_at(i, f, u, m) { g.count = v })}
                    {row(form, "Row", format!("{mp}.behind"), g.behind, move |i, v| if let Some(g) = men_at(i, f, u, m) { g.behind = v })}
                    <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                        if let Some(x) = unit_at(i, f, u) { if m < x.men.len() { x.men.remove(m); } }
                    })>"Remove"</button>
                </div>
            }
        })
        .collect_view();
    let has_noble = unit.noble.is_some();
    view! {
        <div class="lab-row unit" data-path=at.clone()>
            {text(form, "Unit", format!("{at}.name"), unit.name.clone(), move |i, v| if let Some(x) = unit_at(i, f, u) { x.name = v })}
            <label class="lab-field lab-check">
                <input type="checkbox" data-path=format!("{at}.noble") checked=has_noble on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    form.reshape(|i| if let Some(x) = unit_at(i, f, u) {
                        x.noble = on.then(|| Noble { health: 100, items: Vec::new(), behind: 0 });
                    });
                } />
                <span>"Led by a noble"</span>
            </label>
            {noble}
            <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                let units = &mut force_mut(i, f).units;
                if u < units.len() { units.remove(u); }
            })>"Remove unit"</button>
            {form.err(at.clone())}
            <div class="lab-subrows">{men}
                <button type="button" class="add-men" on:click=move |_| form.reshape(|i| {
                    if let Some(x) = unit_at(i, f, u) { x.men.push(Men { kind: Kind::Soldier, count: 10, behind: 0 }); }
                })>"Add men"</button>
            </div>
        </div>
    }
}
