//! Odds (Battle Lab): many battles of one set-up from one seed, summarised as the attacker's win
//! probability with a 95% Wilson interval, the surviving scores and the mean casualties.
//!
//! **Decisions beyond the spec:**
//! - The set-up, hires included, is held fixed: odds answer "how does this line-up fare", so only
//!   the resolution is re-drawn. Every battle continues one SplitMix64 stream from the seed, so the
//!   result is a pure function of (set-up, system, runs, seed), and running it in chunks
//!   ([`OddsRun::step`]) gives the same numbers as running it at once.
//! - Only Version 2 has a surviving score. Casualties are counted in each system's own pieces
//!   (`Outcome::casualties`); Version 1 and Warfare count none, so their means are absent.

use super::skirmish::fighter::Side;
use super::skirmish::setup::Setup;
use super::skirmish::v1::resolve_v1_strengths;
use super::skirmish::v2::battle;
use crate::{BattleSystem, Rng, SplitMix64};
use serde::{Deserialize, Serialize};

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval of `wins` out of `n` (`(0, 1)` when `n = 0`).
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p) = (n as f64, wins as f64 / n as f64);
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At 0 and n wins the bounds are exactly 0 and 1; say so rather than trust the rounding.
    let lo = if wins == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if p == 1.0 {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// A distribution in five numbers and its mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    /// Mean.
    pub mean: f64,
    /// Smallest.
    pub min: f64,
    /// 10th percentile (nearest rank).
    pub p10: f64,
    /// Median (nearest rank).
    pub median: f64,
    /// 90th percentile (nearest rank).
    pub p90: f64,
    /// Largest.
    pub max: f64,
}

impl Spread {
    /// The spread of `values`, or `None` when there are none.
    pub fn of(values: &[f64]) -> Option<Spread> {
        if values.is_empty() {
            return None;
        }
        let mut v = values.to_vec();
        crate::sorting::stable_sort_by(&mut v, f64::total_cmp);
        let rank = |q: f64| v[((q * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1];
        Some(Spread {
            mean: v.iter().sum::<f64>() / v.len() as f64,
            min: v[0],
            p10: rank(0.10),
            median: rank(0.50),
            p90: rank(0.90),
            max: v[v.len() - 1],
        })
    }
}

/// The summary of an odds run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    /// Battles fought.
    pub runs: u64,
    /// Attacker wins.
    pub attacker_wins: u64,
    /// `attacker_wins / runs` (0 when no battle was fought).
    pub p_attacker: f64,
    /// The 95% Wilson interval of `p_attacker`.
    pub interval: (f64, f64),
    /// The attacker's surviving score (Version 2).
    pub score_a: Option<Spread>,
    /// The defender's surviving score (Version 2).
    pub score_d: Option<Spread>,
    /// Mean attacker casualties per battle, in the system's own pieces (see
    /// [`Outcome::casualties`](crate::Outcome::casualties)); absent for Version 1 and Warfare.
    pub mean_casualties_a: Option<f64>,
    /// Mean defender casualties per battle, as `mean_casualties_a`.
    pub mean_casualties_d: Option<f64>,
}

/// The running totals of one odds run: shared by [`OddsRun`] and the balance sweep's cells, so
/// both count a battle the same way.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    wins: u64,
    runs: u64,
    scores_a: Vec<f64>,
    scores_d: Vec<f64>,
    casualties: [u64; 2],
    /// Whether every battle so far reported its casualties (all or none do, per system).
    counted: bool,
}

impl Tally {
    /// Fights one battle of `s` under `system` and counts it.
    pub(crate) fn fight(&mut self, s: &Setup, system: BattleSystem, rng: &mut impl Rng) {
        let (winner, casualties) = match system {
            BattleSystem::V1 => (
                resolve_v1_strengths(s.strength_a, s.strength_d, rng).winner,
                None,
            ),
            // Version 2 without its round log: the odds need only the end.
            BattleSystem::V2 => {
                let o = battle(&s.attacker_line, &s.defender_line, rng, false);
                self.scores_a.push(o.score_a);
                self.scores_d.push(o.score_d);
                (o.winner, Some([o.casualties_a, o.casualties_d]))
            }
            // The further systems map the set-up and fight it whole, log and all: slower
            // than V1 and V2, which is why the map's odds for them run fewer battles.
            system => {
                let o = super::record::resolve(s, system, rng);
                (o.winner(), o.casualties())
            }
        };
        self.counted = casualties.is_some() && (self.counted || self.runs == 0);
        if let Some([a, d]) = casualties {
            self.casualties[0] += u64::from(a);
            self.casualties[1] += u64::from(d);
        }
        self.wins += u64::from(winner == Side::Attacker);
        self.runs += 1;
    }

    /// Battles counted.
    pub(crate) fn runs(&self) -> u64 {
        self.runs
    }

    /// The summary so far.
    pub(crate) fn summary(&self) -> Odds {
        let n = self.runs;
        let mean = |c: u64| (self.counted && n > 0).then(|| c as f64 / n as f64);
        Odds {
            runs: n,
            attacker_wins: self.wins,
            p_attacker: if n == 0 {
                0.0
            } else {
                self.wins as f64 / n as f64
            },
            interval: wilson(self.wins, n),
            score_a: Spread::of(&self.scores_a),
            score_d: Spread::of(&self.scores_d),
            mean_casualties_a: mean(self.casualties[0]),
            mean_casualties_d: mean(self.casualties[1]),
        }
    }
}

/// An odds run in progress, to be stepped in chunks (a browser shows progress between them).
pub struct OddsRun<'a> {
    setup: &'a Setup,
    system: BattleSystem,
    rng: SplitMix64,
    tally: Tally,
}

impl<'a> OddsRun<'a> {
    /// A run of `setup` under `system` from `seed`, with no battle fought yet.
    pub fn new(setup: &'a Setup, system: BattleSystem, seed: u64) -> OddsRun<'a> {
        OddsRun {
            setup,
            system,
            rng: SplitMix64::new(seed),
            tally: Tally::default(),
        }
    }

    /// Fights `n` more battles.
    pub fn step(&mut self, n: u64) {
        for _ in 0..n {
            self.tally.fight(self.setup, self.system, &mut self.rng);
        }
    }

    /// Battles fought so far.
    pub fn runs(&self) -> u64 {
        self.tally.runs()
    }

    /// The summary so far.
    pub fn summary(&self) -> Odds {
        self.tally.summary()
    }
}

/// The odds of `setup` under `system` over `runs` battles from `seed`.
pub fn odds(setup: &Setup, system: BattleSystem, runs: u64, seed: u64) -> Odds {
    let mut run = OddsRun::new(setup, system, seed);
    run.step(runs);
    run.summary()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_the_textbook() {
        // 81 of 263 (a classic worked example): 0.2553 .. 0.3662.
        let (lo, hi) = wilson(81, 263);
        assert!(
            (lo - 0.2553).abs() < 1e-4 && (hi - 0.3662).abs() < 1e-4,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        let (lo, hi) = wilson(10, 10);
        assert!(lo > 0.69 && hi == 1.0, "{lo} {hi}");
    }

    #[test]
    fn spread_uses_nearest_ranks() {
        let v: Vec<f64> = (1..=10).map(f64::from).collect();
        let s = Spread::of(&v).unwrap();
        assert_eq!(
            (s.min, s.p10, s.median, s.p90, s.max),
            (1.0, 1.0, 5.0, 9.0, 10.0)
        );
        assert_eq!(s.mean, 5.5);
        assert_eq!(Spread::of(&[]), None);
    }
}

#[cfg(test)]
mod run_tests {
    use super::*;
    use crate::battle::skirmish::setup::{setup, tests::skirmish_realm};

    #[test]
    fn odds_are_deterministic_and_chunking_changes_nothing() {
        let r = skirmish_realm();
        let s = setup(&r, 2, 1, &mut SplitMix64::new(3)).unwrap();
        for system in [BattleSystem::V1, BattleSystem::V2] {
            let whole = odds(&s, system, 300, 11);
            let mut run = OddsRun::new(&s, system, 11);
            for n in [1, 99, 200] {
                run.step(n);
            }
            assert_eq!(run.summary(), whole, "{system:?}");
            assert_eq!(odds(&s, system, 300, 11), whole);
            assert!(whole.interval.0 <= whole.p_attacker && whole.p_attacker <= whole.interval.1);
            assert_eq!(whole.score_a.is_some(), system == BattleSystem::V2);
        }
    }
}
