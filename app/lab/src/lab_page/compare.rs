//! `/lab/compare`: one matchup of the realm fought under every battle system the map offers, the
//! odds side by side, and the balance sweep (win rate against power ratio, per system) as a chart.
//! Every battle runs in the browser in time-sliced chunks, yielding between them, so the page
//! stays responsive; everything follows from the shown seed, so a rerun gives the same numbers.
//! Like the rest of the Lab, nothing here is recorded to Realm History.

mod cards;
mod chart;
mod sweep_chart;

use app::components::battle_report::SetupTable;
use app::components::page_intro::PageIntro;
use app::fighting::{next_frame, now_ms, why_not_in_battle};
use app::store::{random_u53, use_realm_store};
use cards::OddsCards;
use engine::{
    setup, BattleSystem, FactionKind, Odds, OddsRun, Realm, Setup, SplitMix64, SweepConfig,
    SweepPoint, SweepRun,
};
use leptos::prelude::*;
use leptos_router::components::A;
use std::sync::Arc;
use sweep_chart::SweepChart;

/// Battles per system unless the user asks otherwise.
const DEFAULT_RUNS: u64 = 1_000;
/// The most battles per system the page accepts.
const MAX_RUNS: u64 = 100_000;
/// Battles per ratio and system in the balance sweep (11 ratios × 5 systems × this).
pub const SWEEP_RUNS: u64 = 200;
/// How long one chunk may run before the page yields to the browser, in milliseconds.
const SLICE_MS: f64 = 25.0;

/// Battles one step of a system fights: small for the slow systems, so a slice ends on time.
fn step_size(system: BattleSystem) -> u64 {
    match system {
        BattleSystem::V1 => 200,
        BattleSystem::V2 | BattleSystem::Warfare => 10,
        BattleSystem::Olympia | BattleSystem::MassBattle => 2,
    }
}

/// What the page has run: the seed and battle count it ran with, each system's odds so far, and
/// the sweep so far (its points, battles done, battles in all).
#[derive(Clone, Copy)]
struct Results {
    ran: RwSignal<Option<(u64, u64)>>,
    odds: RwSignal<Vec<Option<Odds>>>,
    sweep: RwSignal<Option<(Vec<SweepPoint>, u64, u64)>>,
    sweep_error: RwSignal<Option<String>>,
}

/// The Compare page.
#[component]
pub fn ComparePage() -> impl IntoView {
    let store = use_realm_store();
    let attacker = RwSignal::new(None::<u64>);
    let defender = RwSignal::new(None::<u64>);
    // The first two ordinary factions, once the realm is there.
    Effect::new(move |_| {
        store.realm.with(|r| {
            let Some(r) = r else { return };
            let mut ordinary = r
                .factions
                .iter()
                .filter(|f| f.kind == FactionKind::Ordinary);
            if attacker.get_untracked().is_none() {
                attacker.set(ordinary.next().map(|f| f.id));
                defender.set(ordinary.next().map(|f| f.id));
            }
        })
    });
    let seed_text = RwSignal::new(random_u53().to_string());
    let runs_text = RwSignal::new(DEFAULT_RUNS.to_string());
    let seed = Memo::new(move |_| {
        seed_text
            .get()
            .trim()
            .parse::<u64>()
            .map_err(|_| "a seed is a whole number from 0".to_string())
    });
    let runs = Memo::new(move |_| {
        runs_text
            .get()
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=MAX_RUNS).contains(n))
            .ok_or_else(|| format!("battles per system: a whole number from 1 to {MAX_RUNS}"))
    });
    let planned = Memo::new(move |_| {
        let realm = store
            .realm
            .get()
            .ok_or_else(|| Unplanned::Other("The realm is still loading.".into()))?;
        let (Some(a), Some(d)) = (attacker.get(), defender.get()) else {
            return Err(Unplanned::Other("Pick an attacker and a defender.".into()));
        };
        let seed = seed.get().unwrap_or(0);
        plan(&realm, a, d, seed).map(Arc::new)
    });
    let results = Results {
        ran: RwSignal::new(None),
        odds: RwSignal::new(vec![None; BattleSystem::ALL.len()]),
        sweep: RwSignal::new(None),
        sweep_error: RwSignal::new(None),
    };
    let generation = StoredValue::new(0u64);
    let blocked = move || {
        planned.with(Result::is_err) || seed.with(Result::is_err) || runs.with(Result::is_err)
    };
    let on_run = move |_| {
        let (Ok(s), Ok(seed), Ok(runs)) = (
            planned.get_untracked(),
            seed.get_untracked(),
            runs.get_untracked(),
        ) else {
            return;
        };
        run_all(s, seed, runs, results, generation);
    };
    let picker = move |label: &'static str, name: &'static str, side: RwSignal<Option<u64>>| {
        let refusal = move || {
            let id = side.get()?;
            store
                .realm
                .with(|r| r.as_ref()?.faction(id).and_then(why_not_in_battle))
        };
        view! {
            <label class="lab-field compare-pick">
                <span>{label}</span>
                <select name=name on:change=move |ev| side.set(event_target_value(&ev).parse().ok())>
                    {move || store.realm.with(|r| r.as_ref().map(|r| r.factions.iter().map(|f| {
                        let id = f.id;
                        let kind = match f.kind {
                            FactionKind::Ordinary => "",
                            FactionKind::Mercenary => " (mercenary)",
                            FactionKind::Townsfolk => " (townsfolk)",
                        };
                        view! { <option value=id.to_string() prop:selected=move || side.get() == Some(id)>{format!("{}{kind}", f.name)}</option> }
                    }).collect_view()))}
                </select>
                {move || refusal().map(|m| view! { <span class="field-error" role="alert">{m}</span> })}
            </label>
        }
    };
    view! {
        <PageIntro title="Battle Lab" lead="Try any matchup under any battle system without recording it." />
        <nav class="lab-tabs" aria-label="Battle Lab">
            <A href="/lab" attr:class="lab-tab">"One system at a time"</A>
            <span class="lab-tab" aria-current="page">"Compare systems"</span>
        </nav>
        <section class="compare" aria-label="Compare systems">
            <div class="compare-controls">
                {picker("Attacker", "attacker", attacker)}
                {picker("Defender", "defender", defender)}
                <label class="lab-field seed">
                    <span>"Seed"</span>
                    <input type="text" inputmode="numeric" name="seed" prop:value=move || seed_text.get()
                        on:input=move |ev| seed_text.set(event_target_value(&ev)) />
                    {move || seed.get().err().map(|m| view! { <span class="field-error" role="alert">{m}</span> })}
                </label>
                <button type="button" class="new-seed" on:click=move |_| seed_text.set(random_u53().to_string())>"New seed"</button>
                <label class="lab-field runs">
                    <span>"Battles per system"</span>
                    <input type="text" inputmode="numeric" name="runs" prop:value=move || runs_text.get()
                        on:input=move |ev| runs_text.set(event_target_value(&ev)) />
                    {move || runs.get().err().map(|m| view! { <span class="field-error" role="alert">{m}</span> })}
                </label>
                <button type="button" class="run-compare" prop:disabled=blocked on:click=on_run>"Run every system"</button>
            </div>
            {move || match planned.get() {
                Err(Unplanned::Other(m)) => Some(view! { <p class="form-error" role="alert">{m}</p> }.into_any()),
                // A refused faction already says why beside its picker.
                Err(Unplanned::Refused) => None,
                Ok(s) => Some(view! { <SetupSummary s /> }.into_any()),
            }}
            {move || results.ran.get().map(|(seed, runs)| view! {
                <p class="fine compare-seed" data-seed=seed.to_string()>{format!(
                    "Seed {seed}, {runs} battles per system — the same seed gives the same numbers again. Not recorded to history."
                )}</p>
            })}
            <OddsCards odds=results.odds ran=results.ran />
            <SweepChart sweep=results.sweep error=results.sweep_error />
        </section>
    }
}

/// Why there is no set-up to run.
#[derive(Clone, Debug, PartialEq)]
enum Unplanned {
    /// A picked faction never fights: its picker says why, in the map's words.
    Refused,
    /// Anything else, in words (the realm loading, the same faction twice).
    Other(String),
}

/// The set-up of `a` against `d` from `seed`, or why they cannot fight.
fn plan(realm: &Realm, a: u64, d: u64, seed: u64) -> Result<Setup, Unplanned> {
    if [a, d]
        .into_iter()
        .any(|id| realm.faction(id).and_then(why_not_in_battle).is_some())
    {
        return Err(Unplanned::Refused);
    }
    setup(realm, a, d, &mut SplitMix64::new(seed)).map_err(|e| Unplanned::Other(e.to_string()))
}

/// The matchup in a line, and the full set-up screen folded beneath it.
#[component]
fn SetupSummary(s: Arc<Setup>) -> impl IntoView {
    let summary = format!(
        "{} ({} figures, strength {:.1}) against {} ({} figures, strength {:.1})",
        s.attacker.name,
        s.attacker_line.len(),
        s.strength_a,
        s.defender.name,
        s.defender_line.len(),
        s.strength_d,
    );
    view! {
        <details class="compare-setup">
            <summary>{summary}</summary>
            <SetupTable s />
        </details>
    }
}

/// Fights `runs` battles of the set-up under every system (each its own stream from `seed`), then
/// the balance sweep, in slices of about `SLICE_MS` with a yield between. A new run (a bumped
/// `generation`) stops this one.
fn run_all(s: Arc<Setup>, seed: u64, runs: u64, out: Results, generation: StoredValue<u64>) {
    let run_id = generation.get_value() + 1;
    generation.set_value(run_id);
    out.ran.set(Some((seed, runs)));
    out.odds.set(vec![None; BattleSystem::ALL.len()]);
    out.sweep.set(None);
    out.sweep_error.set(None);
    leptos::task::spawn_local(async move {
        let mut odds: Vec<OddsRun> = BattleSystem::ALL
            .iter()
            .map(|&sys| OddsRun::new(&s, sys, seed))
            .collect();
        loop {
            next_frame().await;
            if generation.get_value() != run_id {
                return;
            }
            let start = now_ms();
            // Round robin, so every system's bar moves together.
            while now_ms() - start < SLICE_MS && odds.iter().any(|o| o.runs() < runs) {
                for (o, &sys) in odds.iter_mut().zip(&BattleSystem::ALL) {
                    o.step(step_size(sys).min(runs - o.runs()));
                }
            }
            out.odds
                .set(odds.iter().map(|o| Some(o.summary())).collect());
            if odds.iter().all(|o| o.runs() >= runs) {
                break;
            }
        }
        let mut sweep = match SweepRun::new(&s, SweepConfig::every_system(SWEEP_RUNS, seed)) {
            Ok(r) => r,
            Err(e) => return out.sweep_error.set(Some(e.to_string())),
        };
        out.sweep.set(Some((sweep.points(), 0, sweep.total())));
        while sweep.done() < sweep.total() {
            next_frame().await;
            if generation.get_value() != run_id {
                return;
            }
            let start = now_ms();
            while now_ms() - start < SLICE_MS && sweep.done() < sweep.total() {
                sweep.step(2);
            }
            out.sweep
                .set(Some((sweep.points(), sweep.done(), sweep.total())));
        }
    });
}
