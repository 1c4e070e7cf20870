//! The lab's Olympia tab: two forces of units — a noble with health, row and items, and men of
//! the fighter table by kind, count and row — each force with its structure, plus the weather, the
//! ground and the inhibit flag, fought by `engine::olympia`.

mod units;

use super::form::{check, choice, num, text, Form};
use super::runner::lab;
use super::system::{FieldError, LabSystem};
use engine::olympia::{
    self as ol, Force, Ground, OlympiaInput, OlympiaOutcome, Structure, StructureKind, Weather,
};
use engine::{Side, SplitMix64};
use leptos::prelude::*;

/// Olympia as the lab drives it.
pub struct Olympia;

impl LabSystem for Olympia {
    type Input = OlympiaInput;
    type Outcome = OlympiaOutcome;
    const KEY: &'static str = "olympia";
    const RULES: &'static [&'static str] = &[
        "Every figure has an attack, a defense and a missile rating from its kind: a soldier is 5/5, a knight 45/45, an archer shoots at 50. Figures in the front row strike with the better of attack and missile; figures behind strike only if they can shoot, and cannot be struck while the row in front of them still fights.",
        "The sides take turns, the attacker first, one hit at a time: a random striker picks a random target and hits with a chance of its strike against the target's defense (strike ÷ (strike + defense)). A castle, tower or ship adds its defense to the men inside and can itself be battered down; siege engines strike only the building.",
        "A hit kills a man (a blessed soldier survives half of them) and wounds a noble out of the fight, or kills him if the wound is deep enough.",
        "A force breaks as soon as what it has left fighting is worth half of what it started with. The other side wins, may take the beaten nobles prisoner — the more it outnumbers them, the likelier — and takes their belongings as loot.",
    ];

    fn example() -> OlympiaInput {
        ol::example()
    }
    fn parse(text: &str) -> Result<OlympiaInput, FieldError> {
        ol::parse(text).map_err(|e| FieldError::new(e.field, e.message))
    }
    fn check(input: &OlympiaInput) -> Result<(), FieldError> {
        input
            .validate()
            .map_err(|e| FieldError::new(e.field(), e.message()))
    }
    fn seed(input: &OlympiaInput) -> u64 {
        input.seed
    }
    fn set_seed(input: &mut OlympiaInput, seed: u64) {
        input.seed = seed;
    }
    fn resolve(input: &OlympiaInput, rng: &mut SplitMix64) -> OlympiaOutcome {
        ol::resolve(input, rng)
    }
    fn sides(input: &OlympiaInput) -> Vec<String> {
        vec![input.attacker.name.clone(), input.defender.name.clone()]
    }
    fn winner(_: &OlympiaInput, o: &OlympiaOutcome) -> Option<usize> {
        Some(match o.winner {
            Side::Attacker => 0,
            Side::Defender => 1,
        })
    }
    fn text(_: &OlympiaInput, o: &OlympiaOutcome) -> String {
        o.render()
    }
    fn to_line_up(input: &Self::Input) -> engine::LineUp {
        engine::LineUp::Olympia(input.clone())
    }
    fn from_line_up(line_up: &engine::LineUp) -> Option<Self::Input> {
        match line_up {
            engine::LineUp::Olympia(i) => Some(i.clone()),
            _ => None,
        }
    }
}

/// The Olympia tab.
#[component]
pub fn OlympiaLab() -> impl IntoView {
    lab::<Olympia>(build, app::markup::chronicles::olympia::chronicle)
}

/// Force 0 (the attacker) or 1 (the defender).
pub(crate) fn force_mut(i: &mut OlympiaInput, f: usize) -> &mut Force {
    if f == 0 {
        &mut i.attacker
    } else {
        &mut i.defender
    }
}

const STRUCTURES: [StructureKind; 5] = [
    StructureKind::Castle,
    StructureKind::Tower,
    StructureKind::Galley,
    StructureKind::Roundship,
    StructureKind::Other,
];

fn build(form: Form<OlympiaInput>) -> AnyView {
    let snap = form.input.get_untracked();
    let forces = [(0usize, "attacker", &snap.attacker), (1, "defender", &snap.defender)]
        .into_iter()
        .map(|(f, key, force)| {
            let structure = force.structure.as_ref().map(|s| {
                let at = format!("{key}.structure");
                view! {
                    {text(form, "Its name", format!("{at}.name"), s.name.clone(), move |i, v| if let Some(s) = force_mut(i, f).structure.as_mut() { s.name = v })}
                    {num(form, "Defense", format!("{at}.defense"), s.defense, move |i, v| if let Some(s) = force_mut(i, f).structure.as_mut() { s.defense = v })}
                    {num(form, "Damage %", format!("{at}.damage"), s.damage, move |i, v| if let Some(s) = force_mut(i, f).structure.as_mut() { s.damage = v })}
                }
            });
            let structure_path = format!("{key}.structure.kind");
            let kind_choice = choice(form, "Structure", structure_path, &STRUCTURES, Some("None"),
                force.structure.as_ref().map(|s| s.kind), move |i, v| {
                    let force = force_mut(i, f);
                    force.structure = match (v, force.structure.take()) {
                        (None, _) => None,
                        (Some(kind), Some(s)) => Some(Structure { kind, ..s }),
                        (Some(kind), None) => Some(Structure { kind, name: "Keep".into(), defense: 20, damage: 0 }),
                    };
                });
            view! {
                <fieldset class="lab-side" data-side=key>
                    <legend>{if f == 0 { "Attacker" } else { "Defender" }}</legend>
                    {text(form, "Name", format!("{key}.name"), force.name.clone(), move |i, v| force_mut(i, f).name = v)}
                    // A structure chosen or dropped changes the form: redraw it on the next frame.
                    <div class="lab-row structure" on:change=move |ev| {
                        let is_kind = event_target::<web_sys::Element>(&ev).tag_name() == "SELECT";
                        if is_kind { form.reshape(|_| {}); }
                    }>{kind_choice}{structure}</div>
                    {units::units(form, f, key, force)}
                </fieldset>
            }
        })
        .collect_view();
    view! {
        <div class="lab-row lab-global">
            {choice(form, "Weather", "weather".into(), &[Weather::Clear, Weather::Rain, Weather::Wind, Weather::Fog], None,
                Some(snap.weather), |i, v| if let Some(v) = v { i.weather = v })}
            {choice(form, "Ground", "ground".into(), &[Ground::Land, Ground::Swamp, Ground::Ship], None,
                Some(snap.ground), |i, v| if let Some(v) = v { i.ground = v })}
            {check(form, "Inhibit move (a victor keeps its place)", "inhibit_move".into(), snap.inhibit_move, |i, v| i.inhibit_move = v)}
        </div>
        <div class="lab-sides">{forces}</div>
    }
    .into_any()
}
