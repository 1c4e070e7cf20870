//! The odds of every system side by side: a card each with its progress bar, the attacker's win
//! rate with its 95% interval, and the mean losses in the system's own pieces.

use engine::{BattleSystem, Odds};
use leptos::prelude::*;

/// What a system's losses are counted in, or why it counts none (`Outcome::casualties`).
fn losses_in(system: BattleSystem) -> Result<&'static str, &'static str> {
    match system {
        BattleSystem::V2 => Ok("figures fallen"),
        BattleSystem::Olympia => Ok("figures killed"),
        BattleSystem::MassBattle => Ok("units killed or caught"),
        BattleSystem::V1 => Err("One roll: nobody falls."),
        BattleSystem::Warfare => Err("Armies lose Might, not figures."),
    }
}

/// One card per system, in the map's order.
#[component]
pub fn OddsCards(
    odds: RwSignal<Vec<Option<Odds>>>,
    ran: RwSignal<Option<(u64, u64)>>,
) -> impl IntoView {
    move || {
        let (_, runs) = ran.get()?;
        let all = odds.get();
        let cards = BattleSystem::ALL
            .into_iter()
            .zip(all)
            .map(|(sys, o)| card(sys, o, runs))
            .collect_view();
        Some(view! { <div class="compare-grid">{cards}</div> })
    }
}

fn card(system: BattleSystem, o: Option<Odds>, runs: u64) -> impl IntoView {
    let fought = o.as_ref().map_or(0, |o| o.runs);
    let done = fought as f64 / runs as f64;
    let numbers = o.filter(|o| o.runs > 0).map(|o| {
        let losses = match (losses_in(system), o.mean_casualties_a, o.mean_casualties_d) {
            (Ok(unit), Some(a), Some(d)) => format!("Mean losses: attacker {a:.1}, defender {d:.1} {unit}"),
            (Err(why), ..) => why.to_string(),
            _ => String::new(),
        };
        view! {
            <p class="compare-p" data-p=format!("{:.4}", o.p_attacker)
                data-lo=format!("{:.4}", o.interval.0) data-hi=format!("{:.4}", o.interval.1)>
                <strong>{format!("{:.1}%", o.p_attacker * 100.0)}</strong>" attacker wins"
            </p>
            <p class="fine">{format!("95%: {:.1}–{:.1}%", o.interval.0 * 100.0, o.interval.1 * 100.0)}</p>
            <p class="fine compare-losses">{losses}</p>
        }
    });
    view! {
        <article class="compare-system" data-system=system.name() data-runs=fought.to_string()
            data-done=(fought >= runs).to_string()>
            <h3>{system.title()}</h3>
            <progress max="1" value=done.to_string()>{format!("{:.0}%", done * 100.0)}</progress>
            <span class="fine">{format!("{fought} of {runs} battles")}</span>
            {numbers}
        </article>
    }
}
