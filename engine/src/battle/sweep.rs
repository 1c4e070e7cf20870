//! The balance sweep per system (`realm balance --systems`, the Battle Lab's Compare): how each
//! battle system turns a Power advantage into wins. For each power ratio, a matchup at that ratio is
//! fought many times under every system, and the attacker's win rate is given with its 95% interval.
//!
//! **How a matchup at ratio `r` is built** ([`matchup_at`]; the spec says nothing, so this is a
//! choice): the defender keeps its line as set up. The attacker fields *copies of the defender's own
//! figures*, taken in roster order and cycled, as many as bring its Σ Power closest to `r` times the
//! defender's (at least one). So the two sides differ in Power alone — the same kinds of figure,
//! the same gear, the same side modifier — and at `r = 1` (when the count comes out equal) the two
//! lines are identical: a system that favours neither side gives 50%. The ratio actually reached
//! (figures come whole) is reported beside the one asked for, and the chart plots the reached one.
//! Copies get fresh ids above every id of the defender's line and the attacker's faction; a crewman
//! copied without its machine serves none. Version 1's strengths are each line's
//! `Σ Power × modifier`, so its odds follow the same ratio. Hires, march and the other §11 numbers of
//! the base set-up are kept but read by no system's resolution.
//!
//! **Determinism.** Each (ratio, system) cell has its own SplitMix64 stream, seeded from the sweep's
//! seed and the cell's index, and cells are filled in order (ratio by ratio, every system at a ratio
//! before the next ratio). So the result is a pure function of (base set-up, ratios, systems, runs,
//! seed), and stepping it in chunks ([`SweepRun::step`]) gives the same numbers as running it at once.
//!
//! **What it shows** (`realm balance --systems --runs 1000`: the demo realm's Kingdom of Aldermere
//! against the Order of the Silver Lion, seed 2024; attacker win rate at 0.5×, 1×, 1.5×, 2×, 3×):
//! Version 2 0 / 45 / 100 / 100 / 100% — a cliff: mirrored lines are decided by who is left
//! standing, and a quarter more Power already wins every time; Version 1 18 / 50 / 67 / 80 / 89%
//! (its formula); Warfare 9 / 49 / 87 / 96 / 100%; Olympia 0 / 51 / 100 / 100 / 100%; Střet armád
//! 0 / 41 / 66 / 80 / 88%, the gentlest slope of the figure-by-figure systems. At 1× the defender's
//! edge shows in Version 2 (45%) and Střet armád (41%: no winner counts as the defender's).

use super::odds::{Odds, Tally};
use super::skirmish::fighter::Fighter;
use super::skirmish::setup::Setup;
use crate::{BattleSystem, Rng, SplitMix64};
use serde::{Deserialize, Serialize};

/// The ratios the Lab's chart and `realm balance --systems` sweep by default: 0.5× to 3×.
pub const SWEEP_RATIOS: [f64; 11] = [0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 2.75, 3.0];

/// The largest ratio a sweep accepts: past it the attacker's line grows beyond reason.
pub const MAX_SWEEP_RATIO: f64 = 20.0;

/// Why a sweep cannot be built.
#[derive(Clone, Debug, PartialEq)]
pub enum SweepError {
    /// The defender's line has no Power to scale (no figure, or none with Power above 0).
    NoPower,
    /// `ratios[index]` is not a number in `(0, MAX_SWEEP_RATIO]`.
    BadRatio {
        /// Its place in the list.
        index: usize,
        /// The value given.
        value: f64,
    },
}

impl std::fmt::Display for SweepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SweepError::NoPower => write!(f, "the defender's line has no Power to scale"),
            SweepError::BadRatio { index, value } => write!(
                f,
                "ratios[{index}]: {value} is not a ratio above 0 and at most {MAX_SWEEP_RATIO}"
            ),
        }
    }
}

impl std::error::Error for SweepError {}

/// What to sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepConfig {
    /// The power ratios (attacker ÷ defender), in the order fought.
    pub ratios: Vec<f64>,
    /// The systems, in the order fought at each ratio.
    pub systems: Vec<BattleSystem>,
    /// Battles per ratio and system.
    pub runs: u64,
    /// The seed every cell's stream is derived from.
    pub seed: u64,
}

impl SweepConfig {
    /// [`SWEEP_RATIOS`] under every system, `runs` battles each.
    pub fn every_system(runs: u64, seed: u64) -> SweepConfig {
        SweepConfig {
            ratios: SWEEP_RATIOS.to_vec(),
            systems: BattleSystem::ALL.to_vec(),
            runs,
            seed,
        }
    }
}

/// One cell of the sweep: a system at a ratio.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    /// The system.
    pub system: BattleSystem,
    /// The ratio asked for.
    pub target: f64,
    /// The ratio the whole figures reached: attacker Σ Power ÷ defender Σ Power.
    pub ratio: f64,
    /// The attacker's figures at this ratio.
    pub attacker_figures: usize,
    /// The odds so far (`runs` 0 before the cell is reached).
    pub odds: Odds,
}

fn line_power(line: &[Fighter]) -> f64 {
    line.iter().map(Fighter::power).sum()
}

/// The set-up at power ratio `ratio`: `base` with the attacker's line replaced by copies of the
/// defender's figures (see the module doc).
pub fn matchup_at(base: &Setup, ratio: f64) -> Result<Setup, SweepError> {
    if !(ratio > 0.0 && ratio <= MAX_SWEEP_RATIO) {
        return Err(SweepError::BadRatio {
            index: 0,
            value: ratio,
        });
    }
    let template = &base.defender_line;
    let p_d = line_power(template);
    if !(p_d > 0.0 && p_d.is_finite()) {
        return Err(SweepError::NoPower);
    }
    let n = template.len();
    let target = ratio * p_d;
    // Whole figures, cycled: the first count whose total reaches the target, or the one before it
    // when that is closer (never fewer than one).
    let mut count = 0;
    let mut total = 0.0;
    while total < target {
        let before = total;
        total += template[count % n].power();
        count += 1;
        if total >= target && count > 1 && target - before < total - target {
            count -= 1;
            break;
        }
    }
    let first_id = template.iter().map(|f| f.id).max().unwrap_or(0) + 1;
    let index_of = |id: u64| template.iter().position(|f| f.id == id);
    let attacker_line = (0..count)
        .map(|k| {
            let (cycle, j) = (k / n, k % n);
            let mut f = template[j].clone();
            f.id = first_id + k as u64;
            f.faction = base.attacker.faction_id;
            f.crew_of = f
                .crew_of
                .and_then(index_of)
                .map(|m| cycle * n + m)
                .filter(|&m| m < count)
                .map(|m| first_id + m as u64);
            f
        })
        .collect::<Vec<_>>();
    let strength = |l: &[Fighter]| l.iter().map(|f| f.power() * f.modifier).sum::<f64>();
    let mut s = base.clone();
    s.strength_a = strength(&attacker_line);
    s.strength_d = strength(template);
    s.attacker_line = attacker_line;
    Ok(s)
}

/// One cell in progress.
struct Cell {
    rng: SplitMix64,
    tally: Tally,
}

/// A sweep in progress, to be stepped in chunks of battles (a browser shows progress between them).
pub struct SweepRun {
    matchups: Vec<Setup>,
    cfg: SweepConfig,
    cells: Vec<Cell>,
    /// The cell being filled.
    next: usize,
}

/// The seed of cell `index`: the sweep's seed moved on by the cell's place, mixed once.
fn cell_seed(seed: u64, index: usize) -> u64 {
    SplitMix64::new(seed ^ (index as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)).next_u64()
}

impl SweepRun {
    /// A sweep of `base` with nothing fought yet.
    pub fn new(base: &Setup, cfg: SweepConfig) -> Result<SweepRun, SweepError> {
        let matchups = cfg
            .ratios
            .iter()
            .enumerate()
            .map(|(index, &r)| {
                matchup_at(base, r).map_err(|e| match e {
                    SweepError::BadRatio { value, .. } => SweepError::BadRatio { index, value },
                    e => e,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let cells = (0..matchups.len() * cfg.systems.len())
            .map(|i| Cell {
                rng: SplitMix64::new(cell_seed(cfg.seed, i)),
                tally: Tally::default(),
            })
            .collect();
        Ok(SweepRun {
            matchups,
            cfg,
            cells,
            next: 0,
        })
    }

    /// Fights up to `n` more battles, moving to the next cell as each fills.
    pub fn step(&mut self, mut n: u64) {
        let systems = self.cfg.systems.len();
        while n > 0 && self.next < self.cells.len() {
            let cell = &mut self.cells[self.next];
            if cell.tally.runs() >= self.cfg.runs {
                self.next += 1;
                continue;
            }
            let (setup, system) = (
                &self.matchups[self.next / systems],
                self.cfg.systems[self.next % systems],
            );
            cell.tally.fight(setup, system, &mut cell.rng);
            n -= 1;
        }
    }

    /// Battles fought so far.
    pub fn done(&self) -> u64 {
        self.cells.iter().map(|c| c.tally.runs()).sum()
    }

    /// Battles the whole sweep fights.
    pub fn total(&self) -> u64 {
        self.cells.len() as u64 * self.cfg.runs
    }

    /// Every cell, ratio by ratio and system by system within a ratio (cells not yet reached have
    /// `runs` 0).
    pub fn points(&self) -> Vec<SweepPoint> {
        let systems = self.cfg.systems.len();
        let p_d = self
            .matchups
            .first()
            .map_or(0.0, |m| line_power(&m.defender_line));
        self.cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let m = &self.matchups[i / systems];
                SweepPoint {
                    system: self.cfg.systems[i % systems],
                    target: self.cfg.ratios[i / systems],
                    ratio: line_power(&m.attacker_line) / p_d,
                    attacker_figures: m.attacker_line.len(),
                    odds: c.tally.summary(),
                }
            })
            .collect()
    }
}

/// The whole sweep of `base` at once.
pub fn sweep(base: &Setup, cfg: SweepConfig) -> Result<Vec<SweepPoint>, SweepError> {
    let mut run = SweepRun::new(base, cfg)?;
    run.step(run.total());
    Ok(run.points())
}

#[cfg(test)]
mod tests;
