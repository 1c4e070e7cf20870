//! The ladder as an SVG chart: one line per photo, best at the top, its Bradley–Terry score as a
//! dot on its 95% interval; provisional photos drawn hollow. Without a fit, the Elo ratings alone.

use super::Row;
use app::markup::{class, Markup};
use leptos::prelude::*;

/// Chart width in user units; the SVG scales to its box.
const WIDTH: f64 = 640.0;
/// Room on the left for names.
const LEFT: f64 = 190.0;
const RIGHT: f64 = 16.0;
const ROW: f64 = 16.0;
const TOP: f64 = 22.0;

/// The chart (nothing while the rows are not drawn yet). It only shows things, so it is markup,
/// written again when the rows change.
#[component]
pub fn LadderChart(rows: Signal<Option<Vec<Row>>>) -> impl IntoView {
    let markup = move || rows.with(|rows| rows.as_deref().map(chart_markup).unwrap_or_default());
    view! { <div class="ladder" inner_html=markup></div> }
}

/// The chart of `rows` as markup.
fn chart_markup(rows: &[Row]) -> String {
    let mut m = Markup::new();
    if rows.is_empty() {
        m.element("p", &[class("ladder-empty")], "No photo is in the arena.");
        return m.finish();
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
    let x = |v: f64| num(LEFT + (v - lo) / (hi - lo) * (WIDTH - LEFT - RIGHT));
    let height = TOP + ROW * rows.len() as f64 + 8.0;
    let step = if hi - lo > 800.0 { 200.0 } else { 100.0 };
    let view_box = format!("0 0 {WIDTH} {height}");
    let svg = [
        class("ladder-chart"),
        ("viewBox", Some(view_box.as_str())),
        ("role", Some("img")),
        (
            "aria-label",
            Some("The ladder: each photo's score with its 95% interval"),
        ),
    ];
    m.el("svg", &svg, |m| {
        let ticks = (0..).map(|i| lo + step * i as f64).take_while(|t| *t <= hi);
        for t in ticks {
            let (tx, (top, bottom)) = (x(t), (num(TOP - 6.0), num(height - 4.0)));
            m.el("g", &[class("tick")], |m| {
                let line = [
                    ("x1", Some(tx.as_str())),
                    ("x2", Some(tx.as_str())),
                    ("y1", Some(top.as_str())),
                    ("y2", Some(bottom.as_str())),
                ];
                m.empty("line", &line);
                let y = num(TOP - 9.0);
                let text = [
                    ("x", Some(tx.as_str())),
                    ("y", Some(y.as_str())),
                    ("text-anchor", Some("middle")),
                ];
                m.element("text", &text, &format!("{t:.0}"));
            });
        }
        for (i, (r, (low, mid, high))) in rows.iter().zip(spans).enumerate() {
            let y = TOP + ROW * i as f64 + ROW / 2.0;
            let label = format!(
                "{} {}",
                r.bt.map(|s| s.rank).unwrap_or(i as u32 + 1),
                r.name
            );
            let id = r.photo_id.to_string();
            let rung = [
                class(if r.provisional() {
                    "rung provisional"
                } else {
                    "rung"
                }),
                ("data-photo", Some(id.as_str())),
            ];
            let (name_x, name_y, cy) = (num(LEFT - 8.0), num(y + 4.0), num(y));
            let stroke = format!("stroke: {}", r.faction.1);
            m.el("g", &rung, |m| {
                let text = [
                    class("rung-name"),
                    ("x", Some(name_x.as_str())),
                    ("y", Some(name_y.as_str())),
                    ("text-anchor", Some("end")),
                ];
                m.element("text", &text, &label);
                let (x1, x2) = (x(low), x(high));
                let line = [
                    class("interval"),
                    ("x1", Some(x1.as_str())),
                    ("x2", Some(x2.as_str())),
                    ("y1", Some(cy.as_str())),
                    ("y2", Some(cy.as_str())),
                    ("style", Some(stroke.as_str())),
                ];
                m.empty("line", &line);
                let cx = x(mid);
                let dot = [
                    ("cx", Some(cx.as_str())),
                    ("cy", Some(cy.as_str())),
                    ("r", Some("4")),
                    ("style", Some(stroke.as_str())),
                ];
                m.empty("circle", &dot);
            });
        }
    });
    m.finish()
}

/// A coordinate as the SVG is written (what Leptos wrote for an `f64` attribute).
fn num(v: f64) -> String {
    v.to_string()
}
