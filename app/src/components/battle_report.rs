//! A fought battle as people read it: the set-up with every number of SPEC §11, and the result
//! with its rounds. Shared by the map (a battle just fought) and Realm History (a replay), so a
//! replay shows exactly the screens of the first time.

mod further;
mod rounds;

use engine::{BattleRecord, Outcome, Setup, Side};
use leptos::prelude::*;
use rounds::RoundScreen;
use std::sync::Arc;

/// The set-up screen: every number of SPEC §11 for both sides, and the hires.
#[component]
pub fn SetupTable(s: Arc<Setup>) -> impl IntoView {
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
        {hire_table(&s)}
    }
}

/// The victory screen: who won, each round of a Version 2 battle (or the further system's own
/// chronicle), and the record to download.
#[component]
pub fn BattleResult(
    record: Arc<BattleRecord>,
    /// Its id in Realm History, once it has been recorded.
    #[prop(optional)]
    history_id: Option<u64>,
) -> impl IntoView {
    let realm = crate::store::use_realm_store().realm.get_untracked();
    let s = &record.input.setup;
    let winner = match record.winner {
        Side::Attacker => s.attacker.name.clone(),
        Side::Defender => s.defender.name.clone(),
    };
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
                <RoundScreen setup=Arc::new(s.clone()) rounds=Arc::new(o.rounds.clone()) realm=realm.clone() />
            }
            .into_any()
        }
        Outcome::Warfare(o) => further::warfare_result(s, record.input.seed, o),
        Outcome::Olympia(o) => further::olympia_result(s, record.input.seed, o),
        Outcome::MassBattle(o) => further::mass_battle_result(s, record.input.seed, o),
    };
    view! {
        <div class="result" data-winner=side_name(record.winner) data-system=record.input.system.name()>
            <h3>{format!("{winner} wins")}</h3>
            {detail}
            {history_id.map(|id| view! {
                <p class="history-link">"In Realm History: "
                    <a href=format!("/history/{id}")>{format!("/history/{id}")}</a>
                    " — the link replays this battle."
                </p>
            })}
            <p class="fine">
                {format!("Seed {} — the same seed fights the same battle again. ", record.input.seed)}
                <a class="record-link" download=format!("battle-{}.json", record.input.seed) href=record_href(&record)>
                    "Battle record (JSON)"
                </a>
            </p>
        </div>
    }
}

/// The mercenaries who fought, each with its listed Power and what it was worth on the field
/// after its employer's march, alignment or home ground (SPEC §11.5), where the two differ.
fn hire_table(s: &Setup) -> Option<impl IntoView> {
    let hired: Vec<(&str, &engine::Fighter)> = [
        ("attacker", &s.attacker_line),
        ("defender", &s.defender_line),
    ]
    .into_iter()
    .flat_map(|(side, line)| line.iter().filter(|f| f.hired).map(move |f| (side, f)))
    .collect();
    if hired.is_empty() {
        return None;
    }
    Some(view! {
        <table class="hires-table">
            <caption>"Mercenaries hired"</caption>
            <thead><tr><th>"Figure"</th><th>"For"</th><th>"Listed Power"</th><th>"On the field"</th></tr></thead>
            <tbody>
                {hired.into_iter().map(|(side, f)| {
                    let (listed, field) = (f.power(), f.power() * f.modifier);
                    view! {
                        <tr class="hire">
                            <td>{f.name.clone()}</td><td>{side}</td>
                            <td>{format!("{listed:.1}")}</td>
                            <td>{if (field - listed).abs() < 0.05 { "same".to_string() } else { format!("{field:.1}") }}</td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    })
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
