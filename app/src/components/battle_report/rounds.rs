//! The round screen of a Version 2 battle (the source's "who actually swung"): step through the
//! rounds; for each side, "Fought this round" and "Out of reach" unfold into regiments with the
//! reason each is where it is; siege engines are picked out in gold; the fallen are greyed and
//! crossed, accumulating round by round; and a chart of both sides' surviving strength.

use engine::{standings, Fighter, Group, Realm, RoundLog, Setup, Side, Standing};
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The round screen for `rounds` fought from `setup`. `realm`, when there is one, names the
/// regiments; the figures, reasons and numbers all come from the record.
#[component]
pub fn RoundScreen(
    setup: Arc<Setup>,
    rounds: Arc<Vec<RoundLog>>,
    realm: Option<Arc<Realm>>,
) -> impl IntoView {
    let standing = Arc::new(standings(&setup, &rounds));
    let last = rounds.len();
    let shown = RwSignal::new(last);
    let steps = (1..=last)
        .map(|r| {
            view! {
                <button class="round-step" aria-pressed=move || (shown.get() == r).to_string()
                    on:click=move |_| shown.set(r)>{format!("Round {r}")}</button>
            }
        })
        .collect_view();
    let sides = {
        let (setup, rounds, standing) = (setup.clone(), rounds.clone(), standing.clone());
        move || {
            let r = shown.get();
            let (Some(log), Some(st)) = (rounds.get(r - 1), standing.get(r)) else {
                return None;
            };
            Some(
                [Side::Attacker, Side::Defender]
                    .into_iter()
                    .map(|side| {
                        view! { <RoundSide setup=setup.clone() log=log.clone() standing=st.clone() side realm=realm.clone() /> }
                    })
                    .collect_view(),
            )
        }
    };
    view! {
        <div class="round-screen" data-round=move || shown.get().to_string()>
            <div class="round-steps">{steps}</div>
            <div class="round-sides">{sides}</div>
            <StrengthChart standing=standing shown />
        </div>
    }
}

/// One side's half of a round: the two unfolding counts and its figures with the fallen crossed.
#[component]
fn RoundSide(
    setup: Arc<Setup>,
    log: RoundLog,
    standing: Standing,
    side: Side,
    realm: Option<Arc<Realm>>,
) -> impl IntoView {
    let (line, info, s) = match side {
        Side::Attacker => (&setup.attacker_line, &setup.attacker, 0),
        Side::Defender => (&setup.defender_line, &setup.defender, 1),
    };
    let lines = [&setup.attacker_line[..], &setup.defender_line[..]];
    let half = log.side(side);
    let by_id: BTreeMap<u64, &Fighter> = line.iter().map(|f| (f.id, f)).collect();
    // Regiments with a reason: (machine?, group, reason) → the photos in it.
    let mut fought: BTreeMap<(bool, String, String), Vec<String>> = BTreeMap::new();
    let mut out: BTreeMap<(bool, String, String), Vec<String>> = BTreeMap::new();
    for reach in &half.reach {
        let Some(f) = by_id.get(&reach.figure) else {
            continue;
        };
        let key = (
            f.machine.is_none(),
            group_name(f, realm.as_deref()),
            reach.reason.text(lines),
        );
        let into = if reach.fought { &mut fought } else { &mut out };
        into.entry(key).or_default().push(f.name.clone());
    }
    let list = |groups: BTreeMap<(bool, String, String), Vec<String>>| {
        groups
            .into_iter()
            .map(|((not_machine, group, why), names)| {
                view! {
                    <li class:machine=!not_machine title=names.join(", ")>
                        {format!("{} {group} — {why}", names.len())}
                    </li>
                }
            })
            .collect_view()
    };
    let (n_fought, n_out) = (
        fought.values().map(Vec::len).sum::<usize>(),
        out.values().map(Vec::len).sum::<usize>(),
    );
    let fallen = &standing.fallen[s];
    let figures = line
        .iter()
        .map(|f| {
            let down = fallen.contains(&f.id);
            view! {
                <li class="figure" class:fallen=down class:machine=f.machine.is_some() class:hired=f.hired
                    title=format!("{}{}", f.name, if down { " — fallen" } else { "" })>
                    {f.name.clone()}
                </li>
            }
        })
        .collect_view();
    let side_name = match side {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    };
    view! {
        <section class="round-side" data-side=side_name>
            <h4>{info.name.clone()}{if half.screened { " (screened)" } else { "" }}</h4>
            <details class="fought">
                <summary>{format!("Fought this round: {n_fought}")}</summary>
                <ul>{list(fought)}</ul>
            </details>
            <details class="out-of-reach">
                <summary>{format!("Out of reach: {n_out}")}</summary>
                <ul>{list(out)}</ul>
            </details>
            <p class="fine">{format!("{} blows; {} fallen so far.", half.swings.len(), fallen.len())}</p>
            {half.equipment.map(|e| view! {
                <p class="fine machine-share">{format!("Siege engines dealt {:.0}% of the damage.", e.share * 100.0)}</p>
            })}
            <ul class="figures">{figures}</ul>
        </section>
    }
}

/// The name of a fighter's group: its regiment or equipment type where the realm still has it.
fn group_name(f: &Fighter, realm: Option<&Realm>) -> String {
    let named = |id: u64, kind: &str| {
        let found = realm.and_then(|r| match f.group {
            Group::Regiment(_) => r
                .regiments
                .iter()
                .find(|g| g.id == id)
                .map(|g| g.name.clone()),
            _ => r
                .equipment_types
                .iter()
                .find(|g| g.id == id)
                .map(|g| g.name.clone()),
        });
        found.unwrap_or_else(|| format!("{kind} {id}"))
    };
    match f.group {
        Group::Leader => "leader".into(),
        Group::Generals => "generals".into(),
        Group::SpecialPeople => "people of note".into(),
        Group::Regiment(id) => named(id, "regiment"),
        Group::Equipment(id) => named(id, "equipment"),
        Group::Crest => "company".into(),
        Group::Place => "place".into(),
    }
}

const W: f64 = 420.0;
const H: f64 = 150.0;
const PAD: f64 = 22.0;

/// Both sides' surviving strength before the battle and after each round, the shown round marked.
#[component]
fn StrengthChart(standing: Arc<Vec<Standing>>, shown: RwSignal<usize>) -> impl IntoView {
    let top = standing
        .iter()
        .flat_map(|s| s.strength)
        .fold(1.0_f64, f64::max);
    let n = standing.len().max(2) - 1;
    let x = move |i: usize| PAD + (W - 2.0 * PAD) * i as f64 / n as f64;
    let y = move |v: f64| H - PAD - (H - 2.0 * PAD) * v / top;
    let line = |s: usize| {
        standing
            .iter()
            .enumerate()
            .map(|(i, st)| format!("{:.1},{:.1}", x(i), y(st.strength[s])))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let labels = (0..standing.len())
        .map(|i| view! { <text x=x(i) y=H - 6.0 text-anchor="middle">{if i == 0 { "start".to_string() } else { format!("R{i}") }}</text> })
        .collect_view();
    let last = standing.last().map(|s| s.strength).unwrap_or([0.0, 0.0]);
    view! {
        <figure class="strength-chart">
            <svg viewBox=format!("0 0 {W} {H}") role="img"
                aria-label=format!("Surviving strength by round: attacker {:.1}, defender {:.1} at the end", last[0], last[1])>
                <line class="marker-line" x1=move || x(shown.get()) x2=move || x(shown.get()) y1=PAD y2=H - PAD />
                <polyline class="attacker" points=line(0) />
                <polyline class="defender" points=line(1) />
                {labels}
            </svg>
            <figcaption>
                <span class="key attacker">"attacker"</span>" and "<span class="key defender">"defender"</span>
                " surviving strength, round by round."
            </figcaption>
        </figure>
    }
}
