//! The balance chart's geometry: win rate against power ratio, one line per system, in the SVG's
//! own units. Pure (no DOM), so it is tested natively; `compare.rs` draws what it returns.
//!
//! The drawing is sized for a phone first: a 360 × 260 view box keeps 12-unit text about 11 px
//! tall on a 390 px screen and does not grow past its box on a wide one.

use engine::{BattleSystem, SweepPoint};

/// The view box's width and height.
pub const WIDTH: f64 = 360.0;
/// The view box's height.
pub const HEIGHT: f64 = 260.0;
/// The plot area inside the box: left, top, right, bottom (room for the tick labels).
pub const PLOT: (f64, f64, f64, f64) = (40.0, 12.0, 350.0, 224.0);

/// One system's line: its points in view-box units (only the ratios fought so far).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The system.
    pub system: BattleSystem,
    /// `(x, y)` per point, in ratio order, with the point it came from.
    pub points: Vec<(f64, f64, SweepPoint)>,
}

impl Line {
    /// The SVG `points` attribute.
    pub fn polyline(&self) -> String {
        self.points
            .iter()
            .map(|(x, y, _)| format!("{x:.1},{y:.1}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The x range: from the smallest to the largest ratio reached, and never narrower than 0.5–3.
pub fn x_range(points: &[SweepPoint]) -> (f64, f64) {
    points
        .iter()
        .map(|p| p.ratio)
        .filter(|r| r.is_finite())
        .fold((0.5, 3.0), |(lo, hi), r| (lo.min(r), hi.max(r)))
}

/// Where ratio `r` falls across the plot.
pub fn x_of(r: f64, (lo, hi): (f64, f64)) -> f64 {
    let (left, _, right, _) = PLOT;
    left + (r - lo) / (hi - lo) * (right - left)
}

/// Where win rate `p` (0..=1) falls up the plot.
pub fn y_of(p: f64) -> f64 {
    let (_, top, _, bottom) = PLOT;
    bottom - p.clamp(0.0, 1.0) * (bottom - top)
}

/// Each system's line over the cells fought so far (a cell with no battle yet is left out), in
/// the order `systems` lists them.
pub fn lines(points: &[SweepPoint], systems: &[BattleSystem]) -> Vec<Line> {
    let range = x_range(points);
    systems
        .iter()
        .map(|&system| {
            let mut pts: Vec<(f64, f64, SweepPoint)> = points
                .iter()
                .filter(|p| p.system == system && p.odds.runs > 0)
                .map(|p| (x_of(p.ratio, range), y_of(p.odds.p_attacker), p.clone()))
                .collect();
            pts.sort_by(|a, b| a.0.total_cmp(&b.0));
            Line {
                system,
                points: pts,
            }
        })
        .collect()
}

/// The ratios to label along x: every half from the range's first half upwards.
pub fn x_ticks((lo, hi): (f64, f64)) -> Vec<f64> {
    let first = (lo * 2.0).ceil() / 2.0;
    (0..)
        .map(|k| first + f64::from(k) * 0.5)
        .take_while(|&t| t <= hi + 1e-9)
        .collect()
}

/// Each system's colour and dash pattern: told apart by dash as well as by colour.
pub fn style(system: BattleSystem) -> (&'static str, &'static str) {
    match system {
        BattleSystem::V2 => ("#1f5fa8", ""),
        BattleSystem::V1 => ("#6b6b6b", "6 3"),
        BattleSystem::Warfare => ("#c0392b", "2 2"),
        BattleSystem::Olympia => ("#2e8b3e", "8 3 2 3"),
        BattleSystem::MassBattle => ("#8e44ad", "1 3"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{wilson, Odds};

    fn point(system: BattleSystem, ratio: f64, wins: u64, runs: u64) -> SweepPoint {
        SweepPoint {
            system,
            target: ratio,
            ratio,
            attacker_figures: 1,
            odds: Odds {
                runs,
                attacker_wins: wins,
                p_attacker: if runs == 0 {
                    0.0
                } else {
                    wins as f64 / runs as f64
                },
                interval: wilson(wins, runs),
                score_a: None,
                score_d: None,
                mean_casualties_a: None,
                mean_casualties_d: None,
            },
        }
    }

    #[test]
    fn the_plot_corners_are_the_range_ends_and_the_rates_0_and_1() {
        let r = (0.5, 3.0);
        assert_eq!(x_of(0.5, r), PLOT.0);
        assert_eq!(x_of(3.0, r), PLOT.2);
        assert_eq!(y_of(0.0), PLOT.3);
        assert_eq!(y_of(1.0), PLOT.1);
        assert_eq!(y_of(2.0), PLOT.1, "clamped");
    }

    #[test]
    fn a_line_per_system_through_the_cells_fought_in_ratio_order() {
        let pts = vec![
            point(BattleSystem::V1, 2.0, 8, 10),
            point(BattleSystem::V1, 1.0, 5, 10),
            point(BattleSystem::V2, 1.0, 3, 10),
            point(BattleSystem::V2, 2.0, 0, 0),
        ];
        let ls = lines(
            &pts,
            &[BattleSystem::V2, BattleSystem::V1, BattleSystem::Olympia],
        );
        assert_eq!(ls.len(), 3);
        assert_eq!(ls[0].points.len(), 1, "the cell not yet fought is left out");
        assert_eq!(ls[2].points.len(), 0);
        let v1 = &ls[1];
        assert!(v1.points[0].0 < v1.points[1].0);
        assert_eq!(v1.points[0].1, y_of(0.5));
        assert_eq!(v1.points[1].1, y_of(0.8));
        assert_eq!(v1.polyline().split(' ').count(), 2);
    }

    #[test]
    fn the_range_widens_for_a_ratio_reached_past_the_default() {
        let pts = vec![point(BattleSystem::V1, 3.4, 1, 1)];
        assert_eq!(x_range(&pts), (0.5, 3.4));
        assert_eq!(x_ticks((0.5, 3.4)), vec![0.5, 1.0, 1.5, 2.0, 2.5, 3.0]);
        assert_eq!(x_ticks((0.4, 1.0)), vec![0.5, 1.0]);
    }
}
