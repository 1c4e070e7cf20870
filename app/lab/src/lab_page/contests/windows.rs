//! A character's Actions window and Modifiers window: one row per action (when it is used, its
//! roll, hits per round, damage notation, stat mod, target, on-hit effect, melee and reach) or per
//! modifier (stat, when active, advantage, value notation), each added and removed in place.

use super::sheet_mut;
use crate::lab_page::form::{check, choice, notation, num, text, Form};
use engine::contests::{
    Action, ActionKind, ActiveWhen, Char, Condition, ContestInput, DamageExpr, Has, ModValue,
    Modifier, Reach, Sheet, Stat, Status, Target,
};
use leptos::prelude::*;

const CONDITIONS: [Condition; 5] = [
    Condition::Default,
    Condition::NotYetUsed,
    Condition::Every2Turns,
    Condition::HasMomentum,
    Condition::TargetLacksStatus,
];
const KINDS: [ActionKind; 3] = [
    ActionKind::Opposed,
    ActionKind::Test,
    ActionKind::TouchSpell,
];
const TARGETS: [Target; 3] = [Target::HighestHp, Target::LowestHp, Target::Random];
const REACHES: [Reach; 5] = [
    Reach::VeryShort,
    Reach::Short,
    Reach::Average,
    Reach::Long,
    Reach::VeryLong,
];
const STATS: [Stat; 10] = [
    Stat::Ws,
    Stat::Bs,
    Stat::S,
    Stat::T,
    Stat::I,
    Stat::Ag,
    Stat::Dex,
    Stat::Int,
    Stat::Wp,
    Stat::Armor,
];
const WHENS: [ActiveWhen; 8] = [
    ActiveWhen::Parry,
    ActiveWhen::Attack,
    ActiveWhen::OwnTurn,
    ActiveWhen::OpposedActions,
    ActiveWhen::TestActions,
    ActiveWhen::SelfHalfHp,
    ActiveWhen::EnemyHalfHp,
    ActiveWhen::FirstTurn,
];
const HAS: [Has; 3] = [Has::Nothing, Has::Advantage, Has::Disadvantage];

fn action_at(i: &mut ContestInput, t: usize, k: usize, n: usize) -> Option<&mut Action> {
    sheet_mut(i, t, k).and_then(|s| s.actions.get_mut(n))
}

fn modifier_at(i: &mut ContestInput, t: usize, k: usize, n: usize) -> Option<&mut Modifier> {
    sheet_mut(i, t, k).and_then(|s| s.modifiers.get_mut(n))
}

fn parse_damage(s: &str) -> Result<DamageExpr, String> {
    DamageExpr::parse(s).map_err(|e| e.to_string())
}

fn parse_value(s: &str) -> Result<ModValue, String> {
    ModValue::parse(s).map_err(|e| e.to_string())
}

/// The Actions window of sheet `k` of team `t`.
pub fn actions(form: Form<ContestInput>, t: usize, k: usize, at: &str, s: &Sheet) -> AnyView {
    let key = format!("{at}.actions");
    let rows = s
        .actions
        .iter()
        .enumerate()
        .map(|(n, a)| action_row(form, t, k, format!("{at}.actions[{n}]"), n, a))
        .collect_view();
    let title = format!("Actions of {}", s.name);
    let label = title.clone();
    let close = key.clone();
    let open = key.clone();
    view! {
        <div class="lab-window actions-window" role="dialog" aria-label=label hidden=move || !form.is_open(&open)>
            <div class="window-head"><h4>{title}</h4>
                <button type="button" class="close" on:click=move |_| form.toggle(&close)>"Close"</button></div>
            {form.err(key)}
            {rows}
            <button type="button" class="add-action" on:click=move |_| form.reshape(|i| {
                if let Some(s) = sheet_mut(i, t, k) {
                    let n = s.actions.len() + 1;
                    s.actions.push(Action::new(&format!("Action {n}"), DamageExpr::default()));
                }
            })>"Add action"</button>
        </div>
    }
    .into_any()
}

fn action_row(
    form: Form<ContestInput>,
    t: usize,
    k: usize,
    at: String,
    n: usize,
    a: &Action,
) -> impl IntoView {
    macro_rules! pick {
        ($label:expr, $field:ident, $opts:expr) => {
            choice(
                form,
                $label,
                format!("{at}.{}", stringify!($field)),
                &$opts,
                None,
                Some(a.$field),
                move |i, v| {
                    if let (Some(a), Some(v)) = (action_at(i, t, k, n), v) {
                        a.$field = v
                    }
                },
            )
        };
    }
    view! {
        <div class="lab-row action" data-path=at.clone()>
            {text(form, "Name", format!("{at}.name"), a.name.clone(), move |i, v| if let Some(a) = action_at(i, t, k, n) { a.name = v })}
            {pick!("Use this action if", condition, CONDITIONS)}
            {pick!("Threshold", threshold, Char::ALL)}
            {pick!("Type", kind, KINDS)}
            {pick!("Yours", yours, Char::ALL)}
            {pick!("Vs", vs, Char::ALL)}
            {num(form, "Hits/round", format!("{at}.hits_per_round"), a.hits_per_round, move |i, v| if let Some(a) = action_at(i, t, k, n) { a.hits_per_round = v })}
            {num(form, "To hit", format!("{at}.to_hit"), a.to_hit, move |i, v| if let Some(a) = action_at(i, t, k, n) { a.to_hit = v })}
            {notation(form, "Damage", format!("{at}.damage"), a.damage.to_string(), parse_damage, move |i, v| if let Some(a) = action_at(i, t, k, n) { a.damage = v })}
            {choice(form, "Stat mod.", format!("{at}.stat_mod"), &Char::ALL, Some("None"), a.stat_mod,
                move |i, v| if let Some(a) = action_at(i, t, k, n) { a.stat_mod = v })}
            {pick!("Target", target, TARGETS)}
            {choice(form, "On hit effect", format!("{at}.on_hit"), &Status::ALL, Some("None"), a.on_hit,
                move |i, v| if let Some(a) = action_at(i, t, k, n) { a.on_hit = v })}
            {check(form, "Is melee", format!("{at}.is_melee"), a.is_melee, move |i, v| if let Some(a) = action_at(i, t, k, n) { a.is_melee = v })}
            {pick!("Reach", reach, REACHES)}
            <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                if let Some(s) = sheet_mut(i, t, k) { if n < s.actions.len() { s.actions.remove(n); } }
            })>"Remove"</button>
        </div>
    }
}

/// The Modifiers window of sheet `k` of team `t`.
pub fn modifiers(form: Form<ContestInput>, t: usize, k: usize, at: &str, s: &Sheet) -> AnyView {
    let key = format!("{at}.modifiers");
    let rows = s
        .modifiers
        .iter()
        .enumerate()
        .map(|(n, m)| modifier_row(form, t, k, format!("{at}.modifiers[{n}]"), n, m))
        .collect_view();
    let title = format!("Modifiers of {}", s.name);
    let label = title.clone();
    let close = key.clone();
    let open = key.clone();
    view! {
        <div class="lab-window modifiers-window" role="dialog" aria-label=label hidden=move || !form.is_open(&open)>
            <div class="window-head"><h4>{title}</h4>
                <button type="button" class="close" on:click=move |_| form.toggle(&close)>"Close"</button></div>
            {form.err(key)}
            {rows}
            <button type="button" class="add-modifier" on:click=move |_| form.reshape(|i| {
                if let Some(s) = sheet_mut(i, t, k) {
                    s.modifiers.push(Modifier {
                        name: "Shield".into(),
                        stat: Stat::Ws,
                        active_when: ActiveWhen::Parry,
                        has: Has::Nothing,
                        value: ModValue::default(),
                    });
                }
            })>"Add modifier"</button>
        </div>
    }
    .into_any()
}

fn modifier_row(
    form: Form<ContestInput>,
    t: usize,
    k: usize,
    at: String,
    n: usize,
    m: &Modifier,
) -> impl IntoView {
    view! {
        <div class="lab-row modifier" data-path=at.clone()>
            {text(form, "Name", format!("{at}.name"), m.name.clone(), move |i, v| if let Some(m) = modifier_at(i, t, k, n) { m.name = v })}
            {choice(form, "Stat", format!("{at}.stat"), &STATS, None, Some(m.stat),
                move |i, v| if let (Some(m), Some(v)) = (modifier_at(i, t, k, n), v) { m.stat = v })}
            {choice(form, "Active when", format!("{at}.active_when"), &WHENS, None, Some(m.active_when),
                move |i, v| if let (Some(m), Some(v)) = (modifier_at(i, t, k, n), v) { m.active_when = v })}
            {choice(form, "Has", format!("{at}.has"), &HAS, None, Some(m.has),
                move |i, v| if let (Some(m), Some(v)) = (modifier_at(i, t, k, n), v) { m.has = v })}
            {notation(form, "Modifier", format!("{at}.value"), m.value.to_string(), parse_value, move |i, v| if let Some(m) = modifier_at(i, t, k, n) { m.value = v })}
            <button type="button" class="remove" on:click=move |_| form.reshape(|i| {
                if let Some(s) = sheet_mut(i, t, k) { if n < s.modifiers.len() { s.modifiers.remove(n); } }
            })>"Remove"</button>
        </div>
    }
}
