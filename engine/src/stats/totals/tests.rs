//! BUF-01..07 (VECTORS.md L): sums then clamps, machine lines once per machine, and the property that
//! every clamp holds for any list of buffs and lines.

use super::*;
use crate::testkit::{buff, close6, line, machine_kind, photo, realm};
use crate::{BuffSource, Group};
use proptest::prelude::*;

fn sum(amounts: &[(Effect, f64)]) -> ClampedTotals {
    let mut t = Totals::default();
    for &(e, a) in amounts {
        t.add(e, a);
    }
    t.clamped()
}

#[test]
fn buf_01_02_supply_and_march_speed() {
    use Effect::*;
    let supply = sum(&[(SupplyRange, 60.0), (SupplyRange, 50.0)]);
    assert_eq!(supply.supply_range, 90.0, "BUF-01");
    assert!(close6(supply.supply_factor, 0.1), "BUF-01");
    let march = sum(&[(MarchSpeed, -50.0), (MarchSpeed, -40.0)]);
    assert_eq!(march.march_speed, -75.0, "BUF-02");
    assert!(close6(march.march_factor, 0.25), "BUF-02");
}

#[test]
fn buf_03_water_crossing_on_a_240_grid() {
    use Effect::*;
    let t = sum(&[
        (WaterCrossing, 30.0),
        (WaterCrossing, 30.0),
        (WaterCrossing, 40.0),
    ]);
    assert_eq!(t.water_crossing, 90.0, "BUF-03");
    // SPEC §9.3's per-cell toll, restated only to check the vector: rate × 10 / W × (1 − R/100).
    let toll = 0.12 * 10.0 / 240.0 * t.crossing_factor(Terrain::Water);
    assert!(close6(toll, 0.0005), "BUF-03 {toll}");
    assert_eq!(t.crossing(Terrain::Plains), 0.0);
}

#[test]
fn buf_04_05_territory_reach() {
    // SPEC §8.1's allowance, restated only to check the clamp against the vectors.
    let squares = |p: f64, reach: f64| {
        let keep = [
            (500.0, 100.0),
            (1000.0, 90.0),
            (1500.0, 80.0),
            (2000.0, 70.0),
            (2500.0, 60.0),
        ]
        .iter()
        .find(|(limit, _)| p < *limit)
        .map_or(50.0, |(_, k)| *k);
        (6.0 + (p * keep / 1000.0).floor() + reach).max(1.0)
    };
    let up = sum(&[
        (Effect::TerritoryReach, 150.0),
        (Effect::TerritoryReach, 100.0),
    ]);
    assert_eq!(up.territory_reach, 200.0, "BUF-04");
    assert_eq!(squares(400.0, up.territory_reach), 246.0, "BUF-04");
    let down = sum(&[(Effect::TerritoryReach, -300.0)]);
    assert_eq!(down.territory_reach, -200.0, "BUF-05");
    assert_eq!(squares(5000.0, down.territory_reach), 56.0, "BUF-05");
}

#[test]
fn buf_06_mercenary_slots() {
    let t = sum(&[(Effect::MercenarySlots, 4.0), (Effect::MercenarySlots, 4.0)]);
    assert_eq!(t.mercenary_slots, 5.0, "BUF-06");
    // SPEC §11.5's cap for a defender (base 5), restated only to check the vector.
    assert_eq!((5.0 + t.mercenary_slots).clamp(0.0, 10.0), 10.0, "BUF-06");
}

#[test]
fn buf_07_five_trebuchets_and_a_faction_buff() {
    let mut r = realm();
    let slow = line(LineEffect::MarchSpeed, -15.0, Scope::WholeArmy);
    r.machine_kinds.push(machine_kind(1, vec![slow]));
    for id in 1..=5 {
        let mut m = photo(id, Group::Equipment(1), "h100");
        m.machine_kind = Some(1);
        r.photos.push(m);
    }
    r.buffs
        .push(buff(1, Effect::MarchSpeed, -20.0, BuffSource::FactionWide));
    let t = faction_totals(&r, 1);
    assert_eq!(t.march_speed, -95.0, "BUF-07");
    assert!(close6(t.clamped().march_factor, 0.25), "BUF-07");
}

#[test]
fn which_machine_and_barding_lines_reach_the_totals() {
    let mut r = realm();
    let on = |effect, amount, t| Line {
        condition: Condition::OnTerrain(t),
        ..line(effect, amount, Scope::WholeArmy)
    };
    let lines = vec![
        line(LineEffect::SupplyRange, 10.0, Scope::SelfOnly),
        line(LineEffect::HoldingGround, 3.0, Scope::WholeArmy),
        line(LineEffect::MarchSpeed, -30.0, Scope::SelfOnly),
        on(LineEffect::WaterCrossing, 20.0, Terrain::Water),
        on(LineEffect::ForestCrossing, 20.0, Terrain::Water),
        on(LineEffect::MarchSpeed, 50.0, Terrain::Road),
        line(LineEffect::AttackPower, 5.0, Scope::WholeArmy),
        Line {
            condition: Condition::VsEnemy("walls".into()),
            ..line(LineEffect::SupplyRange, 40.0, Scope::WholeArmy)
        },
    ];
    r.machine_kinds.push(machine_kind(1, lines));
    let mut m = photo(1, Group::Equipment(1), "h100");
    m.machine_kind = Some(1);
    r.photos.push(m);
    r.bardings.push(crate::Barding {
        id: 1,
        name: "Caparison".into(),
        kind: crate::WornKind::Barding,
        what_it_is: String::new(),
        lines: vec![
            line(LineEffect::MarchSpeed, 5.0, Scope::WholeArmy),
            line(LineEffect::MarchSpeed, 50.0, Scope::Wearer),
        ],
        named_power: String::new(),
        bl: String::new(),
    });
    let mut rider = photo(2, Group::Leader, "h100");
    rider.worn = vec![1];
    r.photos.push(rider);
    let t = faction_totals(&r, 1);
    assert_eq!(t.supply_range, 10.0);
    assert_eq!(t.territory_reach, 3.0);
    assert_eq!(t.march_speed, 5.0);
    assert_eq!((t.water_crossing, t.forest_crossing), (20.0, 0.0));
}

#[test]
fn grudges_are_kept_per_target() {
    let mut r = realm();
    for (id, target, amount) in [(1, 7, 10.0), (2, 8, -150.0), (3, 7, 15.0)] {
        r.buffs.push(buff(
            id,
            Effect::Grudge { target },
            amount,
            BuffSource::FactionWide,
        ));
    }
    let t = faction_totals(&r, 1);
    assert_eq!((t.grudge(7), t.grudge(8), t.grudge(9)), (25.0, -150.0, 0.0));
    let c = t.clamped();
    assert!(close6(c.grudge_factor(7), 1.25));
    assert_eq!(c.grudge_factor(8), 0.0);
    assert_eq!(c.grudge_factor(9), 1.0);
}

fn effect() -> impl Strategy<Value = Effect> {
    prop::sample::select(vec![
        Effect::MarchSpeed,
        Effect::SupplyRange,
        Effect::WaterCrossing,
        Effect::MountainCrossing,
        Effect::ForestCrossing,
        Effect::MarshCrossing,
        Effect::TerritoryReach,
        Effect::MercenarySlots,
        Effect::HomeDefense,
        Effect::AlignmentStanding,
        Effect::Grudge { target: 7 },
        Effect::Grudge { target: 8 },
        Effect::AttackPower,
    ])
}

fn line_effect() -> impl Strategy<Value = LineEffect> {
    prop::sample::select(vec![
        LineEffect::MarchSpeed,
        LineEffect::SupplyRange,
        LineEffect::HoldingGround,
        LineEffect::WaterCrossing,
        LineEffect::MountainCrossing,
        LineEffect::ForestCrossing,
        LineEffect::MarshCrossing,
        LineEffect::Movement,
    ])
}

proptest! {
    /// Every clamp of SPEC §5.3 holds, whatever the buffs and lines, and no factor goes negative.
    #[test]
    fn every_clamp_holds(
        buffs in proptest::collection::vec((effect(), -1000.0..1000.0f64), 0..20),
        lines in proptest::collection::vec(
            (line_effect(), -500.0..500.0f64, prop::sample::select(vec![Scope::WholeArmy, Scope::SelfOnly])),
            0..10,
        ),
    ) {
        let mut t = Totals::default();
        for (e, a) in &buffs {
            t.add(*e, *a);
        }
        for (e, a, s) in &lines {
            t.add_line(&line(e.clone(), *a, *s));
        }
        let c = t.clamped();
        prop_assert!(c.march_speed >= -75.0 && c.march_factor >= 0.25);
        for relief in [c.supply_range, c.water_crossing, c.mountain_crossing, c.forest_crossing, c.marsh_crossing] {
            prop_assert!(relief <= 90.0);
        }
        prop_assert!(c.supply_factor >= 0.1 - 1e-12);
        for ground in Terrain::ALL {
            prop_assert!(c.crossing_factor(ground) >= 0.1 - 1e-12);
        }
        prop_assert!((-200.0..=200.0).contains(&c.territory_reach));
        prop_assert!((-5.0..=5.0).contains(&c.mercenary_slots));
        prop_assert!(c.home_factor >= 0.0);
        for g in &c.grudges {
            prop_assert!(g.factor >= 0.0);
            prop_assert_eq!(g.total, t.grudge(g.target));
        }
    }
}
