//! Route and territory speed on the demo realm's full 240×160 grid: our route search against
//! `pathfinding::prelude::dijkstra` over the same step prices, in the same run, and the territory claim
//! for every faction with a marker.
//!
//! Run with `cargo bench -p engine --bench route`. The territory is the demo's own (each faction's
//! allowance from its Power and Territory Reach), and the march is the attacker's own totals. The
//! route is the longest the demo offers: between the two markers farthest apart. `ROUTE_ONLY=N` runs
//! just N routes (`REFERENCE_ONLY=N` N reference searches) and prints the time, for a profiler or
//! `perf stat`'s CPU time on a busy machine.

use criterion::{black_box, Criterion};
use engine::{
    claim_territory, demo_realm, march_totals, realm_claims, Claim, FactionKind, FactionRef,
    MarchTotals, OwnerGrid, Pricing, Router, TerrainMap,
};
use std::time::Instant;

#[path = "support/route_reference.rs"]
mod route_reference;

/// The reference: `pathfinding`'s Dijkstra over the engine's own step prices.
fn reference(p: &Pricing, w: u32, h: u32, from: (u32, u32), to: (u32, u32)) -> f64 {
    route_reference::reference_cost(|cell, diagonal| p.step_cost(cell, diagonal), w, h, from, to)
}

struct Setup {
    map: TerrainMap,
    claims: Vec<Claim>,
    owners: OwnerGrid,
    attacker: FactionRef,
    defender: FactionRef,
    totals: MarchTotals,
    /// Every march the map allows: each ordinary faction with a marker on each other one.
    marches: Vec<(FactionRef, FactionRef, MarchTotals)>,
}

/// The demo realm's territory, and its two markers farthest apart (the longest search it offers).
fn setup() -> Setup {
    let realm = demo_realm();
    let map = realm.map.clone();
    let sides: Vec<FactionRef> = realm
        .factions
        .iter()
        .filter_map(|f| FactionRef::of(f, &map))
        .collect();
    let claims = realm_claims(&realm);
    let owners = claim_territory(&map, &claims);
    let d2 = |a: &FactionRef, b: &FactionRef| {
        let (dx, dy) = (
            a.cell.0 as i64 - b.cell.0 as i64,
            a.cell.1 as i64 - b.cell.1 as i64,
        );
        dx * dx + dy * dy
    };
    let (attacker, defender) = sides
        .iter()
        .flat_map(|a| sides.iter().map(move |b| (*a, *b)))
        .max_by_key(|(a, b)| d2(a, b))
        .expect("the demo has markers");
    let totals = march_totals(&realm, attacker.id);
    let ordinary: Vec<FactionRef> = realm
        .factions
        .iter()
        .filter(|f| f.kind == FactionKind::Ordinary)
        .filter_map(|f| FactionRef::of(f, &map))
        .collect();
    let marches = ordinary
        .iter()
        .flat_map(|a| ordinary.iter().map(move |d| (*a, *d)))
        .filter(|(a, d)| a.id != d.id)
        .map(|(a, d)| (a, d, march_totals(&realm, a.id)))
        .collect();
    Setup {
        map,
        claims,
        owners,
        attacker,
        defender,
        totals,
        marches,
    }
}

/// The median of `runs` timings of `f`, in microseconds.
fn median_us(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[runs / 2]
}

fn main() {
    let s = setup();
    let (w, h) = (s.map.width, s.map.height);
    let mut router = Router::new();
    let ours = router.route(&s.map, &s.owners, &s.attacker, &s.defender, &s.totals);
    let pricing = Pricing::new(&s.map, &s.owners, &s.attacker, &s.defender, &s.totals);
    let theirs = reference(&pricing, w, h, s.attacker.cell, s.defender.cell);
    assert!(
        (ours.cost - theirs).abs() <= 1e-9,
        "{} vs {theirs}",
        ours.cost
    );

    if let Ok(n) = std::env::var("ROUTE_ONLY") {
        let t = Instant::now();
        for _ in 0..n.parse::<u32>().unwrap() {
            black_box(router.route(&s.map, &s.owners, &s.attacker, &s.defender, &s.totals));
        }
        println!("{:?}", t.elapsed());
        return;
    }
    if let Ok(n) = std::env::var("REFERENCE_ONLY") {
        let t = Instant::now();
        for _ in 0..n.parse::<u32>().unwrap() {
            let p = Pricing::new(&s.map, &s.owners, &s.attacker, &s.defender, &s.totals);
            black_box(reference(&p, w, h, s.attacker.cell, s.defender.cell));
        }
        println!("{:?}", t.elapsed());
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("route");
    g.bench_function("engine (Router, reused)", |b| {
        b.iter(|| {
            router.route(
                black_box(&s.map),
                &s.owners,
                &s.attacker,
                &s.defender,
                &s.totals,
            )
        })
    });
    g.bench_function("engine (route, fresh buffers)", |b| {
        b.iter(|| {
            engine::route(
                black_box(&s.map),
                &s.owners,
                &s.attacker,
                &s.defender,
                &s.totals,
            )
        })
    });
    g.bench_function("pathfinding::dijkstra, same prices", |b| {
        b.iter(|| {
            let p = Pricing::new(
                black_box(&s.map),
                &s.owners,
                &s.attacker,
                &s.defender,
                &s.totals,
            );
            reference(&p, w, h, s.attacker.cell, s.defender.cell)
        })
    });
    g.finish();
    c.bench_function("territory (every faction)", |b| {
        b.iter(|| claim_territory(black_box(&s.map), &s.claims))
    });
    c.final_summary();

    // The ratio, measured side by side in this run.
    let runs = 201;
    let ours_us = median_us(runs, || {
        black_box(router.route(&s.map, &s.owners, &s.attacker, &s.defender, &s.totals));
    });
    let theirs_us = median_us(runs, || {
        let p = Pricing::new(&s.map, &s.owners, &s.attacker, &s.defender, &s.totals);
        black_box(reference(&p, w, h, s.attacker.cell, s.defender.cell));
    });
    let pricing_us = median_us(runs, || {
        black_box(Pricing::new(
            &s.map,
            &s.owners,
            &s.attacker,
            &s.defender,
            &s.totals,
        ));
    });
    println!("pricing alone {pricing_us:.1} µs");
    let territory_us = median_us(runs, || {
        black_box(claim_territory(&s.map, &s.claims));
    });
    println!(
        "route {:?} → {:?}, {} cells, length {:.2}",
        s.attacker.cell,
        s.defender.cell,
        ours.cells.len(),
        ours.length
    );
    println!(
        "median of {runs}: engine route {ours_us:.1} µs, pathfinding {theirs_us:.1} µs, ratio {:.2}×; territory {territory_us:.1} µs",
        theirs_us / ours_us
    );

    // Every march a player can drag, each timed alone: the longest above is the worst case.
    let mut per_march: Vec<f64> = s
        .marches
        .iter()
        .map(|(a, d, totals)| {
            median_us(21, || {
                black_box(router.route(&s.map, &s.owners, a, d, totals));
            })
        })
        .collect();
    per_march.sort_by(f64::total_cmp);
    let n = per_march.len();
    println!(
        "every march of the demo ({n} attacker-defender pairs, median of 21 runs each): median {:.1} µs, 90th percentile {:.1} µs, slowest {:.1} µs",
        per_march[n / 2],
        per_march[n * 9 / 10],
        per_march[n - 1]
    );
}
