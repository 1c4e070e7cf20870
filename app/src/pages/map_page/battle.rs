//! The battle that follows a settled march: the set-up screen with every number of SPEC §11, the
//! odds run in the browser in chunks (so the page never freezes), Fight and Forfeit, and the
//! result with its rounds. Everything is computed here by the engine; nothing waits on a server.

use super::state::MapState;
use crate::store::{random_u53, use_realm_store};
use engine::wire::{BattleEntry, BattleSource};
use engine::{
    fight, setup, BattleRecord, BattleSystem, Odds, OddsRun, Outcome, Realm, Setup, Side,
    SplitMix64,
};
use leptos::prelude::*;
use std::sync::Arc;

/// Battles the odds run fights, and how many between two paints.
const ODDS_RUNS: u64 = 2_000;
const ODDS_CHUNK: u64 = 100;

/// The set-up screen and, after Fight, the result. Shown under the map while a march is settled.
#[component]
pub fn BattlePanel() -> impl IntoView {
    let store = use_realm_store();
    let state = expect_context::<MapState>();
    let system = state.system;
    let result: RwSignal<Option<Arc<BattleRecord>>> = RwSignal::new(None);
    let odds: RwSignal<Option<Odds>> = RwSignal::new(None);
    // The numbers of the set-up do not depend on the seed; only who the hires are does, and that
    // is drawn when the battle is fought. Seed 0 gives the screen its numbers.
    let planned = Memo::new(move |_| {
        let p = state.preview.get().filter(|p| p.settled)?;
        let realm = store.realm.get()?;
        let s = setup(&realm, p.attacker, p.defender, &mut SplitMix64::new(0)).ok()?;
        Some((Arc::new(s), realm))
    });
    // A new march or a new system starts a fresh odds run and clears the last result.
    let generation = StoredValue::new(0u64);
    Effect::new(move |_| {
        let sys = system.get();
        let Some((s, _)) = planned.get() else { return };
        result.set(None);
        run_odds(s, sys, odds, generation);
    });
    let on_fight = move |_| {
        let Some((s, realm)) = planned.get_untracked() else {
            return;
        };
        let record = fight(
            &realm,
            s.attacker.faction_id,
            s.defender.faction_id,
            system.get_untracked(),
            random_u53(),
        );
        match record {
            Ok(r) => {
                // Into Realm History through the queue: recorded now, sent when the server is there.
                store.record_battle(BattleEntry {
                    id: random_u53(),
                    timestamp: js_sys::Date::now() as i64,
                    source: BattleSource::Map,
                    record: r.clone(),
                });
                result.set(Some(Arc::new(r)));
            }
            Err(e) => state.notice.set(Some(e.to_string())),
        }
    };
    let on_forfeit = move |_| {
        state.preview.set(None);
        result.set(None);
    };
    move || {
        let (s, realm) = planned.get()?;
        Some(view! {
            <section class="battle-panel" aria-label="Battle">
                <h2>{format!("{} against {}", s.attacker.name, s.defender.name)}</h2>
                <SetupTable s=s.clone() />
                <div class="battle-controls">
                    <fieldset class="system-switch">
                        <legend>"Battle system"</legend>
                        <label><input type="radio" name="system" prop:checked=move || system.get() == BattleSystem::V2
                            on:change=move |_| system.set(BattleSystem::V2) />" Version 2 (figure by figure)"</label>
                        <label><input type="radio" name="system" prop:checked=move || system.get() == BattleSystem::V1
                            on:change=move |_| system.set(BattleSystem::V1) />" Version 1 (one roll)"</label>
                    </fieldset>
                    <OddsView odds=odds />
                    <Show when=move || result.with(Option::is_none)>
                        <button class="fight" on:click=on_fight>"Fight"</button>
                        <button class="forfeit" on:click=on_forfeit>"Forfeit"</button>
                    </Show>
                </div>
                {move || result.get().map(|r| view! { <ResultView record=r realm=realm.clone() /> })}
            </section>
        })
    }
}

#[component]
fn SetupTable(s: Arc<Setup>) -> impl IntoView {
    let row = |label: &'static str, a: String, d: String| {
        view! { <tr><th scope="row">{label}</th><td>{a}</td><td>{d}</td></tr> }
    };
    let n = |x: f64| format!("{x:.1}");
    let pct = |x: f64| format!("{:+.1}%", x);
    let hires = match s.hires.side {
        None => "nobody is far enough behind to hire".to_string(),
        Some(side) => format!(
            "the {} hires {} mercenar{} (cap {})",
            side_name(side),
            s.hires.wanted.min(s.hires.cap),
            if s.hires.wanted.min(s.hires.cap) == 1 {
                "y"
            } else {
                "ies"
            },
            s.hires.cap
        ),
    };
    view! {
        <table class="setup-table">
            <thead><tr><th></th><th>"Attacker"</th><th>"Defender"</th></tr></thead>
            <tbody>
                {row("Faction Power", n(s.fp_a), n(s.fp_d))}
                {row("Grudge", pct(s.grudge_a), pct(s.grudge_d))}
                {row("Bane", pct(s.bane_a), pct(s.bane_d))}
                {row("Base power", n(s.base_a), n(s.base_d))}
                {row("March penalty", format!("−{:.1}%", s.march_penalty * 100.0), "—".into())}
                {row("Alignment", format!("×{:.3}", s.alignment_multiplier), "—".into())}
                {row("Home ground", "—".into(), format!("×{:.2}", s.home_multiplier))}
                {row("Effective power", n(s.eff_a), n(s.eff_d))}
                {row("Figures in line", s.attacker_line.len().to_string(), s.defender_line.len().to_string())}
            </tbody>
        </table>
        <p class="hires">{format!("Mercenaries: {hires}.")}</p>
    }
}

/// Runs the odds of `setup` in chunks into `out`, yielding to the browser between chunks so the
/// pointer never stutters. Bumping `generation` (as the next call does) stops an older run.
pub fn run_odds(
    setup: Arc<Setup>,
    system: BattleSystem,
    out: RwSignal<Option<Odds>>,
    generation: StoredValue<u64>,
) {
    out.set(None);
    let run_id = generation.get_value() + 1;
    generation.set_value(run_id);
    leptos::task::spawn_local(async move {
        let mut run = OddsRun::new(&setup, system, 0x0dd5);
        while run.runs() < ODDS_RUNS {
            // Yield first: a drag that moved on stops this run before it costs anything.
            next_frame().await;
            if generation.get_value() != run_id {
                return;
            }
            run.step(ODDS_CHUNK);
            out.set(Some(run.summary()));
        }
    });
}

/// The attacker's chance with its interval and a progress bar.
#[component]
pub fn OddsView(odds: RwSignal<Option<Odds>>) -> impl IntoView {
    move || {
        let o = odds.get()?;
        let done = o.runs as f64 / ODDS_RUNS as f64;
        Some(view! {
            <div class="odds" data-runs=o.runs.to_string() data-p=format!("{:.4}", o.p_attacker)>
                <span>{format!(
                    "Attacker wins {:.1}% (95%: {:.1}–{:.1}%)",
                    o.p_attacker * 100.0, o.interval.0 * 100.0, o.interval.1 * 100.0
                )}</span>
                <progress max="1" value=done.to_string()>{format!("{:.0}%", done * 100.0)}</progress>
                <span class="fine">{format!("{} of {} battles", o.runs, ODDS_RUNS)}</span>
            </div>
        })
    }
}

#[component]
fn ResultView(record: Arc<BattleRecord>, realm: Arc<Realm>) -> impl IntoView {
    let s = &record.input.setup;
    let winner = match record.winner {
        Side::Attacker => s.attacker.name.clone(),
        Side::Defender => s.defender.name.clone(),
    };
    let _ = &realm;
    let detail = match &record.outcome {
        Outcome::V1(o) => view! {
            <p>{format!("One roll: {:.4} against the attacker's chance of {:.4}.", o.u, o.p)}</p>
        }
        .into_any(),
        Outcome::V2(o) => {
            let rounds = o
                .rounds
                .iter()
                .map(|r| {
                    let fallen = |sr: &engine::SideRound| sr.fallen.len();
                    view! {
                        <tr>
                            <td>{r.round}</td>
                            <td>{format!("{}+{} ×{:.2}", r.dice.attacker[0], r.dice.attacker[1], r.dice.mult_attacker)}</td>
                            <td>{format!("{}+{} ×{:.2}", r.dice.defender[0], r.dice.defender[1], r.dice.mult_defender)}</td>
                            <td>{if r.dice.parry { "parry" } else { "" }}</td>
                            <td>{r.attacker.swings.len()}</td>
                            <td>{r.defender.swings.len()}</td>
                            <td>{fallen(&r.attacker)}</td>
                            <td>{fallen(&r.defender)}</td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <table class="rounds">
                    <thead><tr><th>"Round"</th><th>"Attacker dice"</th><th>"Defender dice"</th><th></th>
                        <th>"Att. blows"</th><th>"Def. blows"</th><th>"Att. fallen"</th><th>"Def. fallen"</th></tr></thead>
                    <tbody>{rounds}</tbody>
                </table>
                <p>{format!(
                    "Surviving strength {:.1} against {:.1}; the attacker lost {} figures, the defender {}.",
                    o.score_a, o.score_d, o.casualties_a, o.casualties_d
                )}</p>
            }
            .into_any()
        }
    };
    view! {
        <div class="result" data-winner=side_name(record.winner)>
            <h3>{format!("{winner} wins")}</h3>
            {detail}
            <p class="fine">
                {format!("Seed {} — the same seed fights the same battle again. ", record.input.seed)}
                <a class="record-link" download=format!("battle-{}.json", record.input.seed) href=record_href(&record)>
                    "Battle record (JSON)"
                </a>
            </p>
        </div>
    }
}

/// The record as a `data:` link: the exact JSON the engine writes, so anyone can replay it.
fn record_href(record: &BattleRecord) -> String {
    let json = serde_json::to_string(record).unwrap_or_default();
    format!(
        "data:application/json;charset=utf-8,{}",
        js_sys::encode_uri_component(&json)
    )
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    }
}

/// Yields to the browser until the next macrotask, so a paint can happen between odds chunks.
async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
