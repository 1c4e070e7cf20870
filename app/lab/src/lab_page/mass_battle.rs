//! The lab's Střet armád tab: two armies of units from the unit and equipment tables (level,
//! armour, mount, melee weapon, shield, missile weapon), fought by `engine::mass_battle`.

use super::form::{check, choice, more, next_id, num, text, Form};
use super::runner::lab;
use super::system::{FieldError, LabSystem};
use engine::mass_battle::{
    self as mb, Armour, MassBattleInput, MassOutcome, MeleeWeapon, MissileWeapon, Mount, Unit,
    WeaponRef, MAX_LEVEL,
};
use engine::SplitMix64;
use leptos::prelude::*;

/// Střet armád as the lab drives it.
pub struct MassBattle;

impl LabSystem for MassBattle {
    type Input = MassBattleInput;
    type Outcome = MassOutcome;
    const KEY: &'static str = "mass_battle";
    const RULES: &'static [&'static str] = &[
        "Every unit has endurance (its hit points), a morale and a training level, and fights with its weapons, armour, shield and mount. A battle has three phases.",
        "The skirmish: for a few rounds only archers and riders fight, shooting or riding in at enemy units. Arrows and bolts also shake the units they hit, making their next morale tests harder.",
        "The battle: every unit fights hand to hand, each striking a random enemy every round, until one army has no unit left on the field. Units that skirmished join from the third round.",
        "Morale: after every round each unit rolls a d10 plus its morale against a difficulty set by how much of its army's endurance is left — and the more of its friends have fallen or fled, the higher it gets. A unit that fails flees.",
        "The pursuit: the winner rides down the units that fled, light troops and cavalry striking harder, and a fled unit caught at endurance 0 is killed or taken.",
    ];

    fn example() -> MassBattleInput {
        mb::example()
    }
    fn parse(text: &str) -> Result<MassBattleInput, FieldError> {
        mb::parse_input(text).map_err(|e| FieldError::new(e.field(), e.message()))
    }
    fn check(input: &MassBattleInput) -> Result<(), FieldError> {
        input
            .validate()
            .map_err(|e| FieldError::new(e.field(), e.message()))
    }
    fn seed(input: &MassBattleInput) -> u64 {
        input.seed
    }
    fn set_seed(input: &mut MassBattleInput, seed: u64) {
        input.seed = seed;
    }
    fn resolve(input: &MassBattleInput, rng: &mut SplitMix64) -> MassOutcome {
        mb::resolve(input, rng)
    }
    fn sides(input: &MassBattleInput) -> Vec<String> {
        vec![army_name(input, 0), army_name(input, 1)]
    }
    fn winner(_: &MassBattleInput, o: &MassOutcome) -> Option<usize> {
        o.winner.map(|s| s.index())
    }
    fn text(input: &MassBattleInput, o: &MassOutcome) -> String {
        mb::render(input, o)
    }
    fn to_line_up(input: &Self::Input) -> engine::LineUp {
        engine::LineUp::MassBattle(input.clone())
    }
    fn from_line_up(line_up: &engine::LineUp) -> Option<Self::Input> {
        match line_up {
            engine::LineUp::MassBattle(i) => Some(i.clone()),
            _ => None,
        }
    }
}

/// An army's name, or "Army A" / "Army B" when it has none.
fn army_name(input: &MassBattleInput, side: usize) -> String {
    let army = if side == 0 { &input.a } else { &input.b };
    if army.name.trim().is_empty() {
        format!("Army {}", if side == 0 { "A" } else { "B" })
    } else {
        army.name.clone()
    }
}

/// The Střet armád tab.
#[component]
pub fn MassBattleLab() -> impl IntoView {
    lab::<MassBattle>(build, app::markup::chronicles::mass_battle::chronicle)
}

fn army_mut(i: &mut MassBattleInput, side: usize) -> &mut mb::Army {
    if side == 0 {
        &mut i.a
    } else {
        &mut i.b
    }
}

fn build(form: Form<MassBattleInput>) -> AnyView {
    let snap = form.input.get_untracked();
    let armies = [(0, "a", &snap.a), (1, "b", &snap.b)]
        .into_iter()
        .map(|(side, key, army)| {
            let units = army
                .units
                .iter()
                .enumerate()
                .map(|(k, u)| unit_row(form, side, key, k, u))
                .collect_view();
            view! {
                <fieldset class="lab-side" data-side=key>
                    <legend>{format!("Army {}", key.to_uppercase())}</legend>
                    {text(form, "Name", format!("{key}.name"), army.name.clone(), move |i, v| army_mut(i, side).name = v)}
                    {form.err(format!("{key}.units"))}
                    <div class="lab-rows">{units}</div>
                    <button type="button" class="add-unit" on:click=move |_| form.reshape(|i| {
                        let id = next_id(i.a.units.iter().chain(&i.b.units).map(|u| u.id));
                        let mut unit = army_mut(i, side).units.last().cloned().unwrap_or_else(|| blank(id));
                        unit.id = id;
                        army_mut(i, side).units.push(unit);
                    })>"Add unit"</button>
                </fieldset>
            }
        })
        .collect_view();
    view! { <div class="lab-sides">{armies}</div> }.into_any()
}

fn unit_at(i: &mut MassBattleInput, side: usize, k: usize) -> Option<&mut Unit> {
    army_mut(i, side).units.get_mut(k)
}

fn blank(id: u64) -> Unit {
    Unit {
        id,
        name: "Unit".into(),
        level: 0,
        armour: Armour::default(),
        mount: Mount::default(),
        melee: MeleeWeapon::default(),
        shield: false,
        missile: None,
        chosen_weapon: None,
        skirmish: None,
    }
}

fn unit_row(
    form: Form<MassBattleInput>,
    side: usize,
    key: &'static str,
    k: usize,
    u: &Unit,
) -> impl IntoView {
    let at = format!("{key}.units[{k}]");
    let advanced = view! {
        {choice(form, "Chosen weapon", format!("{at}.chosen_weapon"), &[WeaponRef::Melee, WeaponRef::Missile],
            Some("By equipment"), u.chosen_weapon, move |i, v| if let Some(u) = unit_at(i, side, k) { u.chosen_weapon = v })}
        {choice(form, "Skirmishes", format!("{at}.skirmish"), &[true, false],
            Some("If able"), u.skirmish, move |i, v| if let Some(u) = unit_at(i, side, k) { u.skirmish = v })}
    }
    .into_any();
    view! {
        <div class="lab-row unit" data-path=at.clone()>
            {text(form, "Name", format!("{at}.name"), u.name.clone(), move |i, v| if let Some(u) = unit_at(i, side, k) { u.name = v })}
            {num(form, "Level", format!("{at}.level"), u.level, move |i, v| if let Some(u) = unit_at(i, side, k) { u.level = v })}
            {choice(form, "Armour", format!("{at}.armour"), &Armour::ALL, None, Some(u.armour),
                move |i, v| if let (Some(u), Some(v)) = (unit_at(i, side, k), v) { u.armour = v })}
            {choice(form, "Mount", format!("{at}.mount"), &Mount::ALL, None, Some(u.mount),
                move |i, v| if let (Some(u), Some(v)) = (unit_at(i, side, k), v) { u.mount = v })}
            {choice(form, "Melee", format!("{at}.melee"), &MeleeWeapon::ALL, None, Some(u.melee),
                move |i, v| if let (Some(u), Some(v)) = (unit_at(i, side, k), v) { u.melee = v })}
            {check(form, "Shield", format!("{at}.shield"), u.shield, move |i, v| if let Some(u) = unit_at(i, side, k) { u.shield = v })}
            {choice(form, "Missile", format!("{at}.missile"), &MissileWeapon::ALL, Some("None"), u.missile,
                move |i, v| if let Some(u) = unit_at(i, side, k) { u.missile = v })}
            {more(form, format!("{at}.more"), "Show more", advanced)}
            <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                let units = &mut army_mut(i, side).units;
                if k < units.len() { units.remove(k); }
            })>"Remove"</button>
            {form.err(at.clone())}
            <span class="hint">{format!("level 0–{MAX_LEVEL}")}</span>
        </div>
    }
}
