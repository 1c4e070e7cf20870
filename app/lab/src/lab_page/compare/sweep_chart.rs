//! The balance sweep drawn: an inline SVG line chart of the attacker's win rate against the power
//! ratio, one line per system with a legend, its progress bar, and the numbers in a table.

use super::chart::{lines, style, x_of, x_range, x_ticks, y_of, HEIGHT, PLOT, WIDTH};
use super::SWEEP_RUNS;
use engine::{BattleSystem, SweepPoint};
use leptos::prelude::*;

/// The chart, once the sweep has begun.
#[component]
pub fn SweepChart(
    sweep: RwSignal<Option<(Vec<SweepPoint>, u64, u64)>>,
    error: RwSignal<Option<String>>,
) -> impl IntoView {
    view! {
        {move || error.get().map(|m| view! { <p class="form-error" role="alert">{m}</p> })}
        {move || sweep.get().map(|(points, done, total)| {
            let frac = done as f64 / total.max(1) as f64;
            view! {
                <section class="compare-balance" aria-label="Balance sweep">
                    <h2>"Win rate against power ratio"</h2>
                    <p class="fine">{format!(
                        "The attacker fields copies of the defender's own figures, as many as bring its Power \
                         to 0.5–3 times the defender's, so only Power differs; {SWEEP_RUNS} battles per point \
                         and system. The x axis is the ratio the whole figures reached."
                    )}</p>
                    <div class="odds">
                        <progress max="1" value=frac.to_string()>{format!("{:.0}%", frac * 100.0)}</progress>
                        <span class="fine">{format!("{done} of {total} battles")}</span>
                    </div>
                    <Chart points=points.clone() done={done >= total} />
                    <Numbers points />
                </section>
            }
        })}
    }
}

#[component]
fn Chart(points: Vec<SweepPoint>, done: bool) -> impl IntoView {
    let range = x_range(&points);
    let (left, top, right, bottom) = PLOT;
    let grid = [0.0, 0.25, 0.5, 0.75, 1.0]
        .into_iter()
        .map(|p| {
            let y = y_of(p);
            view! {
                <line class=if p == 0.5 { "sweep-even" } else { "sweep-grid" } x1=left x2=right y1=y y2=y />
                <text class="sweep-tick" x=left - 4.0 y=y + 4.0 text-anchor="end">{format!("{:.0}%", p * 100.0)}</text>
            }
        })
        .collect_view();
    let ticks = x_ticks(range)
        .into_iter()
        .map(|t| {
            let x = x_of(t, range);
            view! {
                <line class="sweep-grid" x1=x x2=x y1=top y2=bottom />
                <text class="sweep-tick" x=x y=bottom + 15.0 text-anchor="middle">{format!("{t}×")}</text>
            }
        })
        .collect_view();
    let drawn = lines(&points, &BattleSystem::ALL);
    let legend = drawn
        .iter()
        .map(|l| {
            let (colour, dash) = style(l.system);
            view! {
                <li data-system=l.system.name()>
                    <svg class="sweep-swatch" viewBox="0 0 28 10" aria-hidden="true">
                        <line x1="1" x2="27" y1="5" y2="5" stroke=colour stroke-width="3" stroke-dasharray=dash />
                    </svg>
                    {l.system.title()}
                </li>
            }
        })
        .collect_view();
    let paths = drawn
        .into_iter()
        .map(|l| {
            let (colour, dash) = style(l.system);
            let dots = l
                .points
                .iter()
                .map(|(x, y, p)| {
                    let tip = format!(
                        "{} at {:.2}×: {:.1}% (95%: {:.1}–{:.1}%)",
                        p.system.title(),
                        p.ratio,
                        p.odds.p_attacker * 100.0,
                        p.odds.interval.0 * 100.0,
                        p.odds.interval.1 * 100.0
                    );
                    view! { <circle cx=*x cy=*y r="2.6" fill=colour><title>{tip}</title></circle> }
                })
                .collect_view();
            view! {
                <g class="sweep-series">
                    <polyline class="sweep-line" data-system=l.system.name() data-points=l.points.len().to_string()
                        points=l.polyline() fill="none" stroke=colour stroke-width="2" stroke-dasharray=dash />
                    {dots}
                </g>
            }
        })
        .collect_view();
    view! {
        <figure class="sweep-chart" data-done=done.to_string()>
            <svg viewBox=format!("0 0 {WIDTH} {HEIGHT}") role="img"
                aria-label="Attacker win rate against power ratio, one line per battle system">
                {grid}
                {ticks}
                <line class="sweep-axis" x1=left x2=right y1=bottom y2=bottom />
                <line class="sweep-axis" x1=left x2=left y1=top y2=bottom />
                <text class="sweep-title" x=(left + right) / 2.0 y=HEIGHT - 4.0 text-anchor="middle">"Attacker Power ÷ defender Power"</text>
                {paths}
            </svg>
            <figcaption><ul class="sweep-legend">{legend}</ul></figcaption>
        </figure>
    }
}

/// Every point as a number: a row per ratio, a column per system.
#[component]
fn Numbers(points: Vec<SweepPoint>) -> impl IntoView {
    let mut targets: Vec<f64> = points.iter().map(|p| p.target).collect();
    targets.dedup();
    let head = BattleSystem::ALL
        .into_iter()
        .map(|s| view! { <th scope="col">{s.title()}</th> })
        .collect_view();
    let rows = targets
        .into_iter()
        .map(|t| {
            let row: Vec<&SweepPoint> = points.iter().filter(|p| p.target == t).collect();
            let reached = row.first().map_or(t, |p| p.ratio);
            let cells = BattleSystem::ALL
                .into_iter()
                .map(|s| {
                    let text = row
                        .iter()
                        .find(|p| p.system == s && p.odds.runs > 0)
                        .map_or("…".to_string(), |p| {
                            format!("{:.1}%", p.odds.p_attacker * 100.0)
                        });
                    view! { <td>{text}</td> }
                })
                .collect_view();
            view! { <tr><th scope="row">{format!("{reached:.2}×")}</th>{cells}</tr> }
        })
        .collect_view();
    view! {
        <details class="sweep-numbers">
            <summary>"The numbers"</summary>
            <div class="table-scroll">
                <table>
                    <thead><tr><th scope="col">"Ratio"</th>{head}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </details>
    }
}
