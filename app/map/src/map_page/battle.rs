//! The battle that follows a settled march: the set-up screen with every number of SPEC §11, the
//! odds run in the browser in chunks (so the page never freezes), Fight and Forfeit, and the
//! result with its rounds. Everything is computed here by the engine; nothing waits on a server.

use super::odds_note::{disagreement, system_note};
use super::state::MapState;
use app::components::battle_report::{BattleResult, SetupTable};
use app::fighting::next_frame;
use app::store::{random_u53, use_realm_store};
use engine::wire::{BattleSource, BattleSubmission};
use engine::{fight, setup, BattleRecord, BattleSystem, Odds, OddsRun, Setup, SplitMix64};
use leptos::prelude::*;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// What Fight says while the realm on screen holds edits the server has not yet taken in.
pub const SYNC_FIRST: &str = "Sync your edits first: a battle is recorded on the realm as the \
     server holds it, and yours has changes the server has not confirmed yet. It syncs by itself \
     when the server can be reached (the status badge at the top says when).";

/// Battles the odds run fights, and how many between two paints: Version 1 and 2 are quick; the
/// further systems map the set-up and fight it with its whole log, so they run fewer, in small
/// chunks, and only on the set-up screen (not while a marker is dragged).
pub fn odds_budget(system: BattleSystem) -> (u64, u64) {
    if quick_odds(system) {
        (2_000, 100)
    } else {
        (200, 4)
    }
}

/// Whether the system's odds are quick enough to follow a dragged marker.
pub fn quick_odds(system: BattleSystem) -> bool {
    matches!(system, BattleSystem::V1 | BattleSystem::V2)
}

/// The switch's words for a system.
fn switch_label(system: BattleSystem) -> &'static str {
    match system {
        BattleSystem::V2 => " Version 2 (figure by figure)",
        BattleSystem::V1 => " Version 1 (one roll)",
        BattleSystem::Warfare => " Warfare (each side rolls its Might in d6)",
        BattleSystem::Olympia => " Olympia (nobles and men, hit by hit)",
        BattleSystem::MassBattle => " Střet armád (units with morale, three phases)",
    }
}

/// The set-up screen and, after Fight, the result. Shown under the map while a march is settled.
#[component]
pub fn BattlePanel() -> impl IntoView {
    let store = use_realm_store();
    let state = expect_context::<MapState>();
    let system = state.system;
    // The battle just fought and its id in Realm History.
    let result: RwSignal<Option<(Arc<BattleRecord>, u64)>> = RwSignal::new(None);
    let odds: RwSignal<Option<Odds>> = RwSignal::new(None);
    // Fight was pressed while the realm on screen held edits the server has not taken in yet.
    let sync_first = RwSignal::new(false);
    // The battle's seed is drawn when its march settles, so the set-up screen already names the
    // hires (the first draws of the seed's stream) and Fight fights exactly that set-up. A memo
    // of the march, not an effect that sets a signal: the set-up below then reads the march and
    // its seed together and is drawn once per march, not once with the old seed and again with
    // the new (a second drawing would rebuild the heading that has just taken the focus).
    let seed = Memo::new(move |_| {
        state.preview.track();
        random_u53()
    });
    Effect::new(move |_| {
        state.preview.track();
        if sync_first.get_untracked() {
            sync_first.set(false);
        }
    });
    let planned = Memo::new(move |_| {
        let p = state.preview.get().filter(|p| p.settled)?;
        let realm = store.realm.get()?;
        let s = setup(
            &realm,
            p.attacker,
            p.defender,
            &mut SplitMix64::new(seed.get()),
        )
        .ok()?;
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
        // History takes a battle the server can fight again: on the realm exactly as it holds it.
        let Some(fought_on) = store.fought_on() else {
            sync_first.set(true);
            return;
        };
        sync_first.set(false);
        let (attacker, defender) = (s.attacker.faction_id, s.defender.faction_id);
        let (sys, seed) = (system.get_untracked(), seed.get_untracked());
        match fight(&realm, attacker, defender, sys, seed) {
            Ok(r) => {
                // Into Realm History through the queue: recorded now, sent when the server is there.
                let id = random_u53();
                store.record_battle(BattleSubmission {
                    id,
                    timestamp: js_sys::Date::now() as i64,
                    source: BattleSource::Map,
                    fought_on: Some(fought_on),
                    attacker: Some(attacker),
                    defender: Some(defender),
                    system: Some(sys),
                    seed: Some(seed),
                    record: None,
                });
                result.set(Some((Arc::new(r), id)));
            }
            Err(e) => state.notice.set(Some(e.to_string())),
        }
    };
    let on_forfeit = move |_| {
        state.preview.set(None);
        result.set(None);
    };
    // The keyboard's way on: a march settled by keys brings the focus to the set-up, and a
    // battle fought brings it to the result (its rounds, then the history link, follow in order).
    let heading = NodeRef::<leptos::html::H2>::new();
    Effect::new(move |_| {
        if let Some(h) = heading.get() {
            if state.focus_setup.get_untracked() {
                state.focus_setup.set(false);
                let _ = h.focus();
            }
        }
    });
    let panel = NodeRef::<leptos::html::Section>::new();
    Effect::new(move |_| {
        result.track();
        let found = panel
            .get_untracked()
            .and_then(|p| p.query_selector(".result").ok().flatten());
        if let Some(el) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = el.focus();
        }
    });
    let said = move || {
        result.with(|r| {
            r.as_ref().map(|(r, _)| {
                let s = &r.input.setup;
                let winner = match r.winner {
                    engine::Side::Attacker => &s.attacker.name,
                    engine::Side::Defender => &s.defender.name,
                };
                format!("{winner} wins the battle.")
            })
        })
    };
    move || {
        let (s, _) = planned.get()?;
        Some(view! {
            <section class="battle-panel" aria-label="Battle" node_ref=panel>
                <h2 tabindex="-1" node_ref=heading>{format!("{} against {}", s.attacker.name, s.defender.name)}</h2>
                <p class="visually-hidden battle-said" role="status">{said}</p>
                <SetupTable s=s.clone() />
                <div class="battle-controls">
                    <fieldset class="system-switch">
                        <legend>"Battle system"</legend>
                        {BattleSystem::ALL.into_iter().map(|sys| view! {
                            <label data-system=sys.name()><input type="radio" name="system" value=sys.name()
                                prop:checked=move || system.get() == sys
                                on:change=move |_| system.set(sys) />{switch_label(sys)}</label>
                        }).collect_view()}
                    </fieldset>
                    <p class="fine mapping-note">{move || system_note(system.get())}</p>
                    <OddsView odds=odds system=system />
                    {let s = s.clone(); move || odds.with(|o| o.as_ref().and_then(|o| disagreement(&s, o, system.get())))
                        .map(|t| view! { <p class="odds-why" role="note">{t}</p> })}
                    <Show when=move || result.with(Option::is_none)>
                        <button class="fight" on:click=on_fight>"Fight"</button>
                        <button class="forfeit" on:click=on_forfeit>"Forfeit"</button>
                    </Show>
                    <Show when=move || sync_first.get()>
                        <p class="notice sync-first" role="status">{SYNC_FIRST}</p>
                    </Show>
                </div>
                {move || result.get().map(|(r, id)| view! { <BattleResult record=r history_id=id /> })}
            </section>
        })
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
        let (runs, chunk) = odds_budget(system);
        let mut run = OddsRun::new(&setup, system, 0x0dd5);
        while run.runs() < runs {
            // Yield first: a drag that moved on stops this run before it costs anything.
            next_frame().await;
            if generation.get_value() != run_id {
                return;
            }
            run.step(chunk);
            out.set(Some(run.summary()));
        }
    });
}

/// The attacker's chance with its interval and a progress bar.
#[component]
pub fn OddsView(odds: RwSignal<Option<Odds>>, system: RwSignal<BattleSystem>) -> impl IntoView {
    move || {
        let o = odds.get()?;
        let (runs, _) = odds_budget(system.get());
        let done = o.runs as f64 / runs as f64;
        Some(view! {
            <div class="odds" data-runs=o.runs.to_string() data-p=format!("{:.4}", o.p_attacker)>
                <span>{format!(
                    "Attacker wins {:.1}% (95%: {:.1}–{:.1}%)",
                    o.p_attacker * 100.0, o.interval.0 * 100.0, o.interval.1 * 100.0
                )}</span>
                <progress max="1" value=done.to_string()>{format!("{:.0}%", done * 100.0)}</progress>
                <span class="fine">{format!("{} of {} battles", o.runs, runs)}</span>
            </div>
        })
    }
}
