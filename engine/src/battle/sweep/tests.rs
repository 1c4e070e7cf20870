//! The sweep's matchups reach their ratio with whole figures, and its odds are deterministic,
//! chunk-proof and follow Power.

use super::*;
use crate::{demo_realm, setup, v1_probability};
use proptest::prelude::*;
use std::sync::OnceLock;

/// The demo realm's first two factions, set up from seed 7.
fn base() -> &'static Setup {
    static BASE: OnceLock<Setup> = OnceLock::new();
    BASE.get_or_init(|| setup(&demo_realm(), 1, 2, &mut SplitMix64::new(7)).unwrap())
}

fn cfg(ratios: &[f64], runs: u64, seed: u64) -> SweepConfig {
    SweepConfig {
        ratios: ratios.to_vec(),
        systems: BattleSystem::ALL.to_vec(),
        runs,
        seed,
    }
}

#[test]
fn equal_power_is_a_mirror_of_the_defender() {
    let b = base();
    let m = matchup_at(b, 1.0).unwrap();
    assert_eq!(m.attacker_line.len(), b.defender_line.len());
    for (a, d) in m.attacker_line.iter().zip(&b.defender_line) {
        assert_eq!(
            (a.health, a.bracket, a.modifier),
            (d.health, d.bracket, d.modifier)
        );
        assert_eq!(a.faction, b.attacker.faction_id);
    }
    assert_eq!(m.strength_a, m.strength_d);
    assert_eq!(m.defender_line, b.defender_line);
}

#[test]
fn bad_ratios_and_an_empty_line_are_refused() {
    let b = base();
    let e = SweepRun::new(b, cfg(&[1.0, 0.0], 1, 1)).err();
    assert_eq!(
        e,
        Some(SweepError::BadRatio {
            index: 1,
            value: 0.0
        })
    );
    assert!(matchup_at(b, f64::NAN).is_err());
    assert!(matchup_at(b, MAX_SWEEP_RATIO * 2.0).is_err());
    let mut empty = b.clone();
    empty.defender_line.clear();
    assert_eq!(matchup_at(&empty, 1.0).err(), Some(SweepError::NoPower));
}

#[test]
fn the_sweep_is_deterministic_and_chunking_changes_nothing() {
    let c = cfg(&[0.5, 1.0, 2.0], 12, 99);
    let whole = sweep(base(), c.clone()).unwrap();
    assert_eq!(whole.len(), 15);
    assert!(whole.iter().all(|p| p.odds.runs == 12));
    let mut run = SweepRun::new(base(), c.clone()).unwrap();
    for n in [1, 7, 30, 500] {
        run.step(n);
    }
    assert_eq!(run.done(), run.total());
    assert_eq!(run.points(), whole);
    assert_eq!(sweep(base(), c).unwrap(), whole);
    let other = sweep(base(), cfg(&[0.5, 1.0, 2.0], 12, 100)).unwrap();
    assert_ne!(other, whole, "another seed draws other battles");
}

#[test]
fn version_1_follows_its_formula_and_is_even_at_equal_power() {
    let c = SweepConfig {
        ratios: vec![1.0, 2.0],
        systems: vec![BattleSystem::V1],
        runs: 2_000,
        seed: 5,
    };
    for p in sweep(base(), c).unwrap() {
        let exact = v1_probability(p.ratio, 1.0);
        let (lo, hi) = p.odds.interval;
        assert!(lo <= exact && exact <= hi, "{p:?} against {exact}");
    }
}

#[test]
fn every_system_favours_the_stronger_side() {
    // Half the defender's Power against three times it: every system should turn the gap into a
    // clearly higher win rate (the intervals of 150 battles do not overlap).
    let points = sweep(base(), cfg(&[0.5, 3.0], 150, 3)).unwrap();
    for sys in BattleSystem::ALL {
        let at = |t: f64| {
            points
                .iter()
                .find(|p| p.system == sys && p.target == t)
                .unwrap()
                .odds
                .clone()
        };
        let (weak, strong) = (at(0.5), at(3.0));
        assert!(
            weak.interval.1 < strong.interval.0,
            "{sys:?}: {weak:?} then {strong:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn whole_figures_land_within_one_figure_of_the_ratio(ratio in 0.05f64..MAX_SWEEP_RATIO) {
        let b = base();
        let m = matchup_at(b, ratio).unwrap();
        let p_d = line_power(&b.defender_line);
        let reached = line_power(&m.attacker_line);
        let biggest = b.defender_line.iter().map(Fighter::power).fold(0.0, f64::max);
        prop_assert!(!m.attacker_line.is_empty());
        prop_assert!((reached - ratio * p_d).abs() <= biggest + 1e-9);
        // Fresh ids, unique and apart from the defender's.
        let mut ids: Vec<u64> = m.attacker_line.iter().chain(&m.defender_line).map(|f| f.id).collect();
        ids.sort_unstable();
        ids.dedup();
        prop_assert_eq!(ids.len(), m.attacker_line.len() + m.defender_line.len());
        // A crewman serves a machine of its own line, if any.
        for f in &m.attacker_line {
            if let Some(c) = f.crew_of {
                prop_assert!(m.attacker_line.iter().any(|g| g.id == c));
            }
        }
    }
}
