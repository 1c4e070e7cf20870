//! The ladder as an SVG chart: one line per photo, best at the top, its Bradley–Terry score as a
//! dot on its 95% interval; provisional photos drawn hollow. Without a fit, the Elo ratings alone.

use super::Row;
use leptos::prelude::*;

/// Chart width in user units; the SVG scales to its box.
const WIDTH: f64 = 640.0;
/// Room on the left for names.
const LEFT: f64 = 190.0;
const RIGHT: f64 = 16.0;
const ROW: f64 = 16.0;
const TOP: f64 = 22.0;

/// The chart.
#[component]
pub fn LadderChart(rows: Signal<Vec<Row>>) -> impl IntoView {
    move || {
        let rows = rows.get();
        if rows.is_empty() {
            return view! { <p class="ladder-empty">"No photo is in the arena."</p> }.into_any();
        }
        let spans: Vec<(f64, f64, f64)> = rows
            .iter()
            .map(|r| {
                r.bt.map_or((r.rating, r.rating, r.rating), |s| (s.low, s.score, s.high))
            })
            .collect();
        let lo = spans.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
        let hi = spans.iter().map(|s| s.2).fold(f64::NEG_INFINITY, f64::max);
        // Round the axis out to hundreds so the ticks land on whole numbers.
        let (lo, hi) = ((lo / 100.0).floor() * 100.0, (hi / 100.0).ceil() * 100.0);
        let hi = if hi - lo < 100.0 { lo + 100.0 } else { hi };
        let x = move |v: f64| LEFT + (v - lo) / (hi - lo) * (WIDTH - LEFT - RIGHT);
        let height = TOP + ROW * rows.len() as f64 + 8.0;
        let step = if hi - lo > 800.0 { 200.0 } else { 100.0 };
        let ticks: Vec<f64> = (0..)
            .map(|i| lo + step * i as f64)
            .take_while(|t| *t <= hi)
            .collect();
        view! {
            <svg class="ladder-chart" viewBox=format!("0 0 {WIDTH} {height}") role="img"
                aria-label="The ladder: each photo's score with its 95% interval">
                {ticks.into_iter().map(|t| view! {
                    <g class="tick">
                        <line x1=x(t) x2=x(t) y1=TOP - 6.0 y2=height - 4.0 />
                        <text x=x(t) y=TOP - 9.0 text-anchor="middle">{format!("{t:.0}")}</text>
                    </g>
                }).collect_view()}
                {rows.iter().zip(spans).enumerate().map(|(i, (r, (low, mid, high)))| {
                    let y = TOP + ROW * i as f64 + ROW / 2.0;
                    let label = format!("{} {}", r.bt.map(|s| s.rank).unwrap_or(i as u32 + 1), r.name);
                    view! {
                        <g class="rung" class:provisional=r.provisional() data-photo=r.photo_id>
                            <text class="rung-name" x=LEFT - 8.0 y=y + 4.0 text-anchor="end">{label}</text>
                            <line class="interval" x1=x(low) x2=x(high) y1=y y2=y
                                style=format!("stroke: {}", r.faction.1) />
                            <circle cx=x(mid) cy=y r=4.0 style=format!("stroke: {}", r.faction.1) />
                        </g>
                    }
                }).collect_view()}
            </svg>
        }
        .into_any()
    }
}
