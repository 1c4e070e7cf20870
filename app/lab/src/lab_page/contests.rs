//! The lab's Book of Contests tab: two teams of character sheets — the main stats, "Show more
//! stats" for the rest, an Actions window and a Modifiers window per character, damage such as
//! `1d10+SL` typed and parsed by the engine — "Fight", and the chronicle.

mod windows;

use super::form::{more, num, text, Form};
use super::runner::lab;
use super::system::{FieldError, LabSystem};
use engine::contests::{self as bc, ContestInput, ContestOutcome, Sheet, Team};
use engine::SplitMix64;
use leptos::prelude::*;

/// The Book of Contests as the lab drives it.
pub struct Contests;

impl LabSystem for Contests {
    type Input = ContestInput;
    type Outcome = ContestOutcome;
    const KEY: &'static str = "contests";
    const RULES: &'static [&'static str] = &[
        "Every contestant has a sheet of characteristics out of 100 (Weapon Skill, Toughness, Initiative and the rest), hit points, armour and a list of actions. Each round everyone acts once, fastest Initiative first.",
        "An action is a roll of d100 under a characteristic: the further under, the more success levels (SL). An attack is opposed — the attacker rolls against their skill, the defender parries with theirs, and the better SL lands the blow. Tests and touch spells roll against a number of their own.",
        "A hit deals the action's damage (dice, plus its SL where the action says so) less the target's armour and Toughness. Hits can leave statuses: prone, stunned, bleeding, poisoned, ablaze and more, each with its own cost, some wearing off with a Toughness test at the end of the round.",
        "Each contestant uses the first of its actions whose condition holds (not used yet, every other turn, with momentum, or against a target that lacks the status it inflicts), or its default. A team with nobody standing loses; if both fall at once, it is a draw.",
    ];
    const EMPTY: &'static str = "No hits rolled yet.";

    fn example() -> ContestInput {
        bc::example()
    }
    fn parse(text: &str) -> Result<ContestInput, FieldError> {
        bc::parse_input(text).map_err(|e| FieldError::new(e.field(), e.message()))
    }
    fn check(input: &ContestInput) -> Result<(), FieldError> {
        input
            .validate()
            .map_err(|e| FieldError::new(e.field(), e.message()))
    }
    fn seed(input: &ContestInput) -> u64 {
        input.seed
    }
    fn set_seed(input: &mut ContestInput, seed: u64) {
        input.seed = seed;
    }
    fn resolve(input: &ContestInput, rng: &mut SplitMix64) -> ContestOutcome {
        bc::resolve(input, rng)
    }
    fn sides(_: &ContestInput) -> Vec<String> {
        vec!["Team 1".into(), "Team 2".into()]
    }
    fn winner(_: &ContestInput, o: &ContestOutcome) -> Option<usize> {
        o.winner.map(|t| match t {
            Team::One => 0,
            Team::Two => 1,
        })
    }
    fn text(input: &ContestInput, o: &ContestOutcome) -> String {
        bc::render(input, o)
    }
    fn to_line_up(input: &Self::Input) -> engine::LineUp {
        engine::LineUp::Contests(input.clone())
    }
    fn from_line_up(line_up: &engine::LineUp) -> Option<Self::Input> {
        match line_up {
            engine::LineUp::Contests(i) => Some(i.clone()),
            _ => None,
        }
    }
}

/// The Book of Contests tab.
#[component]
pub fn ContestsLab() -> impl IntoView {
    lab::<Contests>(build, app::markup::chronicles::contests::chronicle)
}

/// Team `t` (0 or 1) of the input.
pub(crate) fn team_mut(i: &mut ContestInput, t: usize) -> &mut Vec<Sheet> {
    if t == 0 {
        &mut i.team1
    } else {
        &mut i.team2
    }
}

/// Sheet `k` of team `t`, if it is still there.
pub(crate) fn sheet_mut(i: &mut ContestInput, t: usize, k: usize) -> Option<&mut Sheet> {
    team_mut(i, t).get_mut(k)
}

fn build(form: Form<ContestInput>) -> AnyView {
    let snap = form.input.get_untracked();
    let teams = [(0usize, "team1", &snap.team1), (1, "team2", &snap.team2)]
        .into_iter()
        .map(|(t, key, team)| {
            let sheets = team
                .iter()
                .enumerate()
                .map(|(k, s)| sheet_card(form, t, format!("{key}[{k}]"), k, s))
                .collect_view();
            view! {
                <fieldset class="lab-side" data-side=key>
                    <legend>{format!("Team {}", t + 1)}</legend>
                    {form.err(key.to_string())}
                    <div class="lab-rows">{sheets}</div>
                    <button type="button" class="add-character" on:click=move |_| form.reshape(|i| {
                        let n = team_mut(i, t).len() + 1;
                        team_mut(i, t).push(blank_sheet(&format!("Fighter {}.{n}", t + 1)));
                    })>"Add character"</button>
                </fieldset>
            }
        })
        .collect_view();
    view! {
        {num(form, "Round limit", "max_rounds".into(), snap.max_rounds, |i, v| i.max_rounds = v)}
        <div class="lab-sides">{teams}</div>
    }
    .into_any()
}

/// A new character: an unremarkable fighter with one default action.
fn blank_sheet(name: &str) -> Sheet {
    Sheet {
        name: name.into(),
        ws: 30,
        bs: 30,
        s: 30,
        t: 30,
        i: 30,
        ag: 30,
        dex: 30,
        int: 30,
        wp: 30,
        armor: 0,
        hp_max: 10,
        hp: None,
        actions: vec![bc::Action::new("Strike", Default::default())],
        modifiers: Vec::new(),
    }
}

fn sheet_card(
    form: Form<ContestInput>,
    t: usize,
    at: String,
    k: usize,
    s: &Sheet,
) -> impl IntoView {
    macro_rules! stat {
        ($label:expr, $field:ident) => {
            num(
                form,
                $label,
                format!("{at}.{}", stringify!($field)),
                s.$field,
                move |i, v| {
                    if let Some(s) = sheet_mut(i, t, k) {
                        s.$field = v
                    }
                },
            )
        };
    }
    let more_stats = view! {
        {stat!("BS", bs)}{stat!("Ag", ag)}{stat!("Dex", dex)}{stat!("Int", int)}{stat!("WP", wp)}
    }
    .into_any();
    let actions_key = format!("{at}.actions");
    let modifiers_key = format!("{at}.modifiers");
    let (ak, mk) = (actions_key.clone(), modifiers_key.clone());
    view! {
        <div class="lab-row sheet" data-path=at.clone()>
            <div class="sheet-head">
                {text(form, "Name", format!("{at}.name"), s.name.clone(), move |i, v| if let Some(s) = sheet_mut(i, t, k) { s.name = v })}
                <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                    let team = team_mut(i, t);
                    if k < team.len() { team.remove(k); }
                })>"Remove"</button>
            </div>
            <div class="stats">
                {stat!("WS", ws)}{stat!("S", s)}{stat!("T", t)}{stat!("I", i)}{stat!("Armor", armor)}{stat!("HP", hp_max)}
            </div>
            {more(form, format!("{at}.more"), "Show more stats", more_stats)}
            <div class="sheet-buttons">
                <button type="button" class="open-actions" aria-expanded=move || form.is_open(&ak).to_string()
                    on:click=move |_| form.toggle(&actions_key)>{format!("Actions ({})", s.actions.len())}</button>
                <button type="button" class="open-modifiers" aria-expanded=move || form.is_open(&mk).to_string()
                    on:click=move |_| form.toggle(&modifiers_key)>{format!("Modifiers ({})", s.modifiers.len())}</button>
            </div>
            {windows::actions(form, t, k, &at, s)}
            {windows::modifiers(form, t, k, &at, s)}
            {form.err(at.clone())}
        </div>
    }
}
