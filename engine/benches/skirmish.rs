//! Times Skirmish: one Version 2 battle of 200 against 200 figures (with its round log), and 10,000
//! battles of odds, on the demo's Aldermere–Morgrath set-up and on the 200-a-side lines.
//! Targets (issue 5): a 200v200 battle ≤ 100 µs; 10,000-battle odds ≤ 1 s on one thread.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::{Arm, BattleSystem, Fighter, Group, SplitMix64, Stats};
use std::hint::black_box;

/// A line of `n` figures: two in three melee (A 6–10, range 1–3), one in three archers (A 5–7,
/// range 12–18, a knife), with defence and health spread by index.
fn line(n: u64, first: u64, modifier: f64) -> Vec<Fighter> {
    (0..n)
        .map(|k| {
            let archer = k % 3 == 2;
            let primary = if archer {
                Arm {
                    attack: 5.0 + (k % 3) as f64,
                    range: 12.0 + (k % 7) as f64,
                    melee: false,
                }
            } else {
                Arm {
                    attack: 6.0 + (k % 5) as f64,
                    range: 1.0 + (k % 3) as f64,
                    melee: true,
                }
            };
            Fighter {
                id: first + k,
                name: format!("F{k}"),
                faction: 1,
                group: Group::Regiment(1),
                hired: false,
                stats: Stats::default(),
                health: 60.0 + (k % 9) as f64 * 15.0,
                bracket: 20.0 + (k % 11) as f64,
                rating_bonus: 1.0 + (k % 4) as f64 * 0.05,
                defence: 2.0 + (k % 6) as f64,
                primary,
                secondary: archer.then_some(Arm {
                    attack: 2.0,
                    range: 1.0,
                    melee: true,
                }),
                modifier,
                machine: None,
                crew_of: None,
                carriage: Default::default(),
            }
        })
        .collect()
}

fn skirmish(c: &mut Criterion) {
    let (a, d) = (line(200, 1, 1.144), line(200, 1001, 1.10));
    let mut seed = 0u64;
    c.bench_function("v2 battle 200v200 with log", |b| {
        b.iter(|| {
            seed += 1;
            engine::resolve_v2_lines(black_box(&a), black_box(&d), &mut SplitMix64::new(seed))
        })
    });

    let realm = engine::demo_realm();
    let demo = engine::setup(&realm, 1, 9, &mut SplitMix64::new(1)).expect("demo set-up");
    let mut group = c.benchmark_group("odds");
    group.sample_size(10);
    group.bench_function("10000 battles, demo 1 v 9", |b| {
        b.iter(|| engine::odds(black_box(&demo), BattleSystem::V2, 10_000, 7))
    });
    let mut big = demo.clone();
    big.attacker_line = a.clone();
    big.defender_line = d.clone();
    group.bench_function("1000 battles, 200v200", |b| {
        b.iter(|| engine::odds(black_box(&big), BattleSystem::V2, 1_000, 7))
    });
    group.finish();
}

criterion_group!(benches, skirmish);
criterion_main!(benches);
