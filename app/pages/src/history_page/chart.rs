//! A faction's record over time as a chart: wins minus losses after each battle.

use super::tally::running_record;
use app::components::battle_labels::utc;
use engine::wire::HistoryEntry;
use leptos::prelude::*;

const W: f64 = 600.0;
const H: f64 = 160.0;
const PAD: f64 = 24.0;

/// The running record of `faction` as an SVG line, a point per battle with its time on hover.
#[component]
pub fn RecordChart(entries: Vec<HistoryEntry>, faction: u64, name: String) -> impl IntoView {
    let points = running_record(&entries, faction);
    if points.is_empty() {
        return view! { <p class="fine">{format!("{name} has not fought yet.")}</p> }.into_any();
    }
    let top = points.iter().map(|p| p.1).max().unwrap_or(0).max(1);
    let bottom = points.iter().map(|p| p.1).min().unwrap_or(0).min(-1);
    let n = points.len();
    let x = move |i: usize| {
        if n == 1 {
            W / 2.0
        } else {
            PAD + (W - 2.0 * PAD) * i as f64 / (n - 1) as f64
        }
    };
    let y = move |v: i32| PAD + (H - 2.0 * PAD) * f64::from(top - v) / f64::from(top - bottom);
    let line = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.1)))
        .collect::<Vec<_>>()
        .join(" ");
    let last = points.last().map_or(0, |p| p.1);
    view! {
        <figure class="record-chart" data-faction=faction data-net=last>
            <svg viewBox=format!("0 0 {W} {H}") role="img"
                aria-label=format!("{name}: wins minus losses after each battle, ending at {last:+}")>
                <line class="zero" x1=PAD x2=W - PAD y1=y(0) y2=y(0) />
                <text x=2 y=y(top) + 4.0>{format!("{top:+}")}</text>
                <text x=2 y=y(bottom) + 4.0>{format!("{bottom:+}")}</text>
                <polyline points=line />
                {points.iter().enumerate().map(|(i, &(t, v))| view! {
                    <circle cx=x(i) cy=y(v) r=3.5><title>{format!("{} — {v:+}", utc(t))}</title></circle>
                }).collect_view()}
            </svg>
            <figcaption>{format!("{name}: wins minus losses, battle by battle (now {last:+}).")}</figcaption>
        </figure>
    }
    .into_any()
}
