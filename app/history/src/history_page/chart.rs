//! A faction's record over time as a chart: wins minus losses after each battle, from the
//! server's running record over every battle it fought (thinned to a few hundred points).

use app::components::battle_labels::utc;
use engine::wire::RecordPoint;
use leptos::prelude::*;

const W: f64 = 600.0;
const H: f64 = 160.0;
const PAD: f64 = 24.0;

/// The running record of `faction` as an SVG line, a point per sent battle with its time on hover,
/// placed along the axis by its battle's number.
#[component]
pub fn RecordChart(points: Vec<RecordPoint>, faction: u64, name: String) -> impl IntoView {
    let Some(last) = points.last().copied() else {
        return view! { <p class="fine">{format!("{name} has not fought yet.")}</p> }.into_any();
    };
    let top = points.iter().map(|p| p.net).max().unwrap_or(0).max(1);
    let bottom = points.iter().map(|p| p.net).min().unwrap_or(0).min(-1);
    let total = last.battles;
    let x = move |battles: u64| {
        if total <= 1 {
            W / 2.0
        } else {
            PAD + (W - 2.0 * PAD) * (battles - 1) as f64 / (total - 1) as f64
        }
    };
    let y = move |v: i64| PAD + (H - 2.0 * PAD) * (top - v) as f64 / (top - bottom) as f64;
    let line = points
        .iter()
        .map(|p| format!("{:.1},{:.1}", x(p.battles), y(p.net)))
        .collect::<Vec<_>>()
        .join(" ");
    let net = last.net;
    view! {
        <figure class="record-chart" data-faction=faction data-net=net>
            <svg viewBox=format!("0 0 {W} {H}") role="img"
                aria-label=format!("{name}: wins minus losses over {total} battles, ending at {net:+}")>
                <line class="zero" x1=PAD x2=W - PAD y1=y(0) y2=y(0) />
                <text x=2 y=y(top) + 4.0>{format!("{top:+}")}</text>
                <text x=2 y=y(bottom) + 4.0>{format!("{bottom:+}")}</text>
                <polyline points=line />
                {points.iter().map(|p| view! {
                    <circle cx=x(p.battles) cy=y(p.net) r=3.5>
                        <title>{format!("{} — battle {}, {:+}", utc(p.at), p.battles, p.net)}</title>
                    </circle>
                }).collect_view()}
            </svg>
            <figcaption>{format!("{name}: wins minus losses over {total} battles (now {net:+}).")}</figcaption>
        </figure>
    }
    .into_any()
}
