//! Times Power for the whole demo realm: every photo's buffed stats and Power, and every faction's FP
//! and Avg Movement (`realm_power`), plus every faction's clamped totals.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn power(c: &mut Criterion) {
    let realm = engine::demo_realm();
    c.bench_function("realm_power(demo)", |b| {
        b.iter(|| engine::realm_power(black_box(&realm)))
    });
    c.bench_function("faction_totals(demo, every faction)", |b| {
        b.iter(|| {
            let r = black_box(&realm);
            r.factions
                .iter()
                .map(|f| engine::faction_totals(r, f.id).clamped())
                .collect::<Vec<_>>()
        })
    });
}

criterion_group!(benches, power);
criterion_main!(benches);
