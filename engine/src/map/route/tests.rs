//! Route tests: tiny hand-drawn maps with exact expected paths, and properties on random small grids
//! checked against the `pathfinding` crate's Dijkstra and against a plain transcription of SPEC §10.

use super::*;
use crate::map::grid::{cell_index, STEPS};
use crate::map::march::{crossing_multiplier, diagonal, toll_rate};
use crate::{march, Alignment, Holder, Rng, SplitMix64, Terrain, TerrainMap};
use proptest::prelude::*;

/// Parses a hand-drawn map: one row per string, terrain chars as in the map module.
fn drawn(rows: &[&str]) -> TerrainMap {
    let cells = rows
        .iter()
        .flat_map(|r| {
            r.chars()
                .map(|c| Terrain::from_code(c).expect("terrain char"))
        })
        .collect();
    TerrainMap {
        width: rows[0].len() as u32,
        height: rows.len() as u32,
        cells,
    }
}

fn side(id: u64, alignment: Alignment, cell: (u32, u32)) -> FactionRef {
    FactionRef {
        id,
        alignment,
        cell,
    }
}

const NO_MOVEMENT: MarchTotals = MarchTotals {
    avg_movement: None,
    march_speed: 0.0,
    supply_range: 0.0,
    reliefs: [0.0; 4],
};

const MOVEMENT_1: MarchTotals = MarchTotals {
    avg_movement: Some(1.0),
    ..NO_MOVEMENT
};

/// Routes a Noble attacker (id 1) at `from` onto a Malevolent defender (id 2) at `to`.
fn path(
    map: &TerrainMap,
    owners: &OwnerGrid,
    from: (u32, u32),
    to: (u32, u32),
    t: &MarchTotals,
) -> Vec<(u32, u32)> {
    let a = side(1, Alignment::Noble, from);
    let d = side(2, Alignment::Malevolent, to);
    route(map, owners, &a, &d, t).points()
}

#[test]
fn equal_paths_go_by_the_neighbour_popped_first() {
    // E-then-SE and SE-then-E cost the same; the east cell is cheaper to reach, so it is popped and
    // relaxes the goal first, and a later equal offer does not replace it.
    let map = drawn(&["PPP", "PPP"]);
    let owners = OwnerGrid::unclaimed(3, 2);
    let got = path(&map, &owners, (0, 0), (2, 1), &MOVEMENT_1);
    assert_eq!(got, [(0, 0), (1, 0), (2, 1)]);
}

#[test]
fn equal_detours_go_by_the_smaller_cell_index() {
    // Around the mountain by the west (index 3) or the east (index 5): same cost, same length.
    let map = drawn(&["PPP", "PMP", "PPP"]);
    let owners = OwnerGrid::unclaimed(3, 3);
    let got = path(&map, &owners, (1, 0), (1, 2), &MOVEMENT_1);
    assert_eq!(got, [(1, 0), (0, 1), (1, 2)]);
}

#[test]
fn an_army_without_movement_takes_the_ford_and_a_marching_one_wades() {
    // With no Movement only the toll counts, so the dry road is worth the walk; with Movement the
    // distance outweighs the water.
    let map = drawn(&["PWP", "PWP", "PRP"]);
    let owners = OwnerGrid::unclaimed(3, 3);
    let dry = path(&map, &owners, (0, 0), (2, 0), &NO_MOVEMENT);
    assert_eq!(dry, [(0, 0), (0, 1), (1, 2), (2, 1), (2, 0)]);
    let wet = path(&map, &owners, (0, 0), (2, 0), &MOVEMENT_1);
    assert_eq!(wet, [(0, 0), (1, 0), (2, 0)]);
}

#[test]
fn hostile_land_is_crossed_at_x3_and_skirted_at_x8() {
    // The middle cell of the bottom row is held by a third faction; the way round is over mountains.
    let map = drawn(&["MMM", "PPP"]);
    let straight = [(0, 1), (1, 1), (2, 1)];
    let over = [(0, 1), (1, 0), (2, 1)];
    let cases = [
        (Alignment::Noble, &straight[..]),      // kindred ×1
        (Alignment::Benevolent, &straight[..]), // ×3
        (Alignment::Rogue, &straight[..]),      // ×3
        (Alignment::Malevolent, &over[..]),     // sworn enemy ×8
    ];
    for (alignment, expected) in cases {
        let mut owners = OwnerGrid::unclaimed(3, 2);
        owners.assign(4, Holder { id: 3, alignment });
        let got = path(&map, &owners, (0, 1), (2, 1), &NO_MOVEMENT);
        assert_eq!(got, expected, "{alignment:?} land");
    }
}

#[test]
fn the_defenders_own_land_is_free() {
    let map = drawn(&["MMM", "PPP"]);
    let mut owners = OwnerGrid::unclaimed(3, 2);
    // The defender is Malevolent like a sworn enemy, but its own land costs ×1.
    owners.assign(
        4,
        Holder {
            id: 2,
            alignment: Alignment::Malevolent,
        },
    );
    let got = path(&map, &owners, (0, 1), (2, 1), &NO_MOVEMENT);
    assert_eq!(got, [(0, 1), (1, 1), (2, 1)]);
}

#[test]
fn a_mountain_crossing_relief_opens_the_pass() {
    // A wall of mountain with a long way round by the plains below.
    let map = drawn(&["PMP", "PMP", "PPP"]);
    let owners = OwnerGrid::unclaimed(3, 3);
    let around = path(&map, &owners, (0, 0), (2, 0), &NO_MOVEMENT);
    assert_eq!(around, [(0, 0), (0, 1), (1, 2), (2, 1), (2, 0)]);
    let relief = MarchTotals {
        reliefs: [0.0, 90.0, 0.0, 0.0],
        ..NO_MOVEMENT
    };
    let through = path(&map, &owners, (0, 0), (2, 0), &relief);
    assert_eq!(through, [(0, 0), (1, 0), (2, 0)]);
}

#[test]
fn start_equal_to_goal_is_an_empty_route_and_costs_nothing() {
    let map = drawn(&["PPP"]);
    let owners = OwnerGrid::unclaimed(3, 1);
    let (a, d) = (
        side(1, Alignment::Noble, (1, 0)),
        side(2, Alignment::Rogue, (1, 0)),
    );
    let r = route(&map, &owners, &a, &d, &MOVEMENT_1);
    assert!(r.cells.is_empty());
    let b = march(&r, &map, &owners, &a, &d, &MOVEMENT_1);
    assert_eq!(
        (b.distance_penalty, b.terrain_toll, b.march_penalty),
        (0.0, 0.0, 0.0)
    );
    assert!(!b.detour);
}

#[test]
fn a_router_gives_the_same_routes_when_reused() {
    let map = drawn(&["PFWMS", "RRPMP", "PWPPF"]);
    let owners = OwnerGrid::unclaimed(5, 3);
    let mut router = Router::new();
    for (from, to) in [
        ((0, 0), (4, 2)),
        ((4, 0), (0, 2)),
        ((2, 2), (2, 0)),
        ((0, 0), (4, 2)),
    ] {
        let (a, d) = (
            side(1, Alignment::Noble, from),
            side(2, Alignment::Rogue, to),
        );
        let fresh = route(&map, &owners, &a, &d, &MOVEMENT_1);
        assert_eq!(router.route(&map, &owners, &a, &d, &MOVEMENT_1), fresh);
    }
}

#[test]
fn the_breakdown_names_every_territory_crossed() {
    // Attacker's own land, a Rogue band (×3), then the defender's land.
    let map = drawn(&["PPPPP"]);
    let mut owners = OwnerGrid::unclaimed(5, 1);
    let rogue = Holder {
        id: 3,
        alignment: Alignment::Rogue,
    };
    owners.assign(
        1,
        Holder {
            id: 1,
            alignment: Alignment::Noble,
        },
    );
    owners.assign(2, rogue);
    owners.assign(3, rogue);
    owners.assign(
        4,
        Holder {
            id: 2,
            alignment: Alignment::Malevolent,
        },
    );
    let (a, d) = (
        side(1, Alignment::Noble, (0, 0)),
        side(2, Alignment::Malevolent, (4, 0)),
    );
    let r = route(&map, &owners, &a, &d, &MOVEMENT_1);
    let b = march(&r, &map, &owners, &a, &d, &MOVEMENT_1);
    let crossed: Vec<(u64, f64, f64)> = b
        .territories_crossed
        .iter()
        .map(|c| (c.faction_id, c.multiplier, c.length))
        .collect();
    assert_eq!(crossed, [(1, 1.0, 1.0), (3, 3.0, 2.0), (2, 1.0, 1.0)]);
    let u = 0.675 / diagonal(5, 1);
    let tau = toll_rate(Terrain::Plains, 5);
    let surcharge = b.territories_crossed[1].surcharge;
    assert!(
        (surcharge - 2.0 * 2.0 * (u + tau)).abs() < 1e-12,
        "{surcharge}"
    );
    assert_eq!(b.territories_crossed[0].surcharge, 0.0);
    assert!((b.distance_fraction - 8.0 / diagonal(5, 1)).abs() < 1e-12);
    assert_eq!(b.toll_by_terrain[&Terrain::Plains].length, 4.0);
}

/// The plain transcription of SPEC §10 the fast search must agree with bit for bit: no padding, no
/// price table, every step priced from scratch as `m × L × (u + τ')`, the heap an ordered set.
fn spec_route(
    map: &TerrainMap,
    owners: &OwnerGrid,
    a: &FactionRef,
    d: &FactionRef,
    t: &MarchTotals,
) -> Vec<u32> {
    use std::collections::BTreeSet;
    let (w, h) = (map.width, map.height);
    let (s, g) = (
        cell_index(a.cell.0, a.cell.1, w),
        cell_index(d.cell.0, d.cell.1, w),
    );
    if s == g {
        return Vec::new();
    }
    let diag = diagonal(w, h);
    let u = match t.avg_movement {
        Some(mv) => 0.675 / (diag * (mv * (1.0 + t.march_speed.max(-75.0) / 100.0)).max(0.01)),
        None => 0.0,
    };
    let relief = |terrain: Terrain| match terrain {
        Terrain::Water => t.reliefs[0],
        Terrain::Mountain => t.reliefs[1],
        Terrain::Forest => t.reliefs[2],
        Terrain::Marsh => t.reliefs[3],
        _ => 0.0,
    };
    let mut best = vec![(f64::INFINITY, f64::INFINITY); map.cells.len()];
    let mut pred = vec![usize::MAX; map.cells.len()];
    let mut open = BTreeSet::new();
    best[s] = (0.0, 0.0);
    open.insert((0u64, 0u64, s));
    while let Some((cb, lb, c)) = open.pop_first() {
        if (f64::from_bits(cb), f64::from_bits(lb)) != best[c] {
            continue;
        }
        if c == g {
            break;
        }
        let (x, y) = cell_xy(c, w);
        for (k, &(dx, dy)) in STEPS.iter().enumerate() {
            let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
            if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                continue;
            }
            let n = cell_index(nx as u32, ny as u32, w);
            let l = if k >= 4 {
                std::f64::consts::SQRT_2
            } else {
                1.0
            };
            let m = crossing_multiplier(owners.owner(n), a, d);
            let terrain = map.cells[n];
            let tau = toll_rate(terrain, w) * (1.0 - relief(terrain).min(90.0) / 100.0);
            let (nc, nl) = (best[c].0 + m * l * (u + tau), best[c].1 + l);
            if nc < best[n].0 || (nc == best[n].0 && nl < best[n].1) {
                best[n] = (nc, nl);
                pred[n] = c;
                open.insert((nc.to_bits(), nl.to_bits(), n));
            }
        }
    }
    let mut cells = vec![g as u32];
    while *cells.last().unwrap() as usize != s {
        cells.push(pred[*cells.last().unwrap() as usize] as u32);
    }
    cells.reverse();
    cells
}

/// The bucket search alone, or `None` when it declines or gives up (the route then falls back on
/// the heap search, so without this a broken bucket search would go unnoticed).
fn bucket_only(
    map: &TerrainMap,
    owners: &OwnerGrid,
    a: &FactionRef,
    d: &FactionRef,
    t: &MarchTotals,
) -> Option<Route> {
    let mut router = Router::new();
    router.pricing.reprice(map, owners, a, d, t);
    match router.bucket_search(a.cell, d.cell) {
        Bucketed::Done(route) => Some(route),
        Bucketed::Unsuited | Bucketed::Spent => None,
    }
}

#[path = "../../../benches/support/route_reference.rs"]
mod route_reference;

/// The cheapest cost by `pathfinding::prelude::dijkstra` over the same step prices.
fn reference_cost(p: &Pricing, w: u32, h: u32, from: (u32, u32), to: (u32, u32)) -> f64 {
    route_reference::reference_cost(|cell, diagonal| p.step_cost(cell, diagonal), w, h, from, to)
}

/// A random small march: map, owners (up to four holders), two sides and totals.
#[allow(clippy::type_complexity)]
fn small_march(
) -> impl Strategy<Value = (TerrainMap, OwnerGrid, FactionRef, FactionRef, MarchTotals)> {
    random_march(12, 9, 0)
}

/// A random march on a map up to `max_w × max_h`, where `roads` cells in four are road (the rest
/// any ground): long roads make the A* bound exact along them, so many cells share an estimate.
#[allow(clippy::type_complexity)]
fn random_march(
    max_w: u32,
    max_h: u32,
    roads: u64,
) -> impl Strategy<Value = (TerrainMap, OwnerGrid, FactionRef, FactionRef, MarchTotals)> {
    (1u32..max_w, 1u32..max_h, any::<u64>()).prop_map(move |(w, h, seed)| {
        let mut r = SplitMix64::new(seed);
        let mut pick = |n: u64| crate::below(&mut r, n);
        let cells = (0..w * h)
            .map(|_| match pick(4) < roads {
                true => Terrain::Road,
                false => Terrain::ALL[pick(6) as usize],
            })
            .collect();
        let mut owners = OwnerGrid::unclaimed(w, h);
        let holders: Vec<Holder> = (1..=4)
            .map(|id| Holder {
                id,
                alignment: Alignment::ALL[pick(5) as usize],
            })
            .collect();
        for cell in 0..(w * h) as usize {
            let k = pick(6) as usize;
            if k < 4 {
                owners.assign(cell, holders[k]);
            }
        }
        let mut cell = || (pick(w as u64) as u32, pick(h as u64) as u32);
        let a = FactionRef {
            id: 1,
            alignment: holders[0].alignment,
            cell: cell(),
        };
        let d = FactionRef {
            id: 2,
            alignment: holders[1].alignment,
            cell: cell(),
        };
        let avg_movement = [None, Some(0.0), Some(1.0), Some(2.5), Some(0.3)][pick(5) as usize];
        let mut pct = || pick(300) as f64 - 120.0;
        let totals = MarchTotals {
            avg_movement,
            march_speed: pct(),
            supply_range: 0.0,
            reliefs: [pct(), pct(), pct(), pct()],
        };
        (
            TerrainMap {
                width: w,
                height: h,
                cells,
            },
            owners,
            a,
            d,
            totals,
        )
    })
}

proptest! {
    #[test]
    fn routes_run_marker_to_marker_in_steps_and_are_cheapest((map, owners, a, d, t) in small_march()) {
        let r = route(&map, &owners, &a, &d, &t);
        let pts = r.points();
        if a.cell == d.cell {
            prop_assert!(pts.is_empty());
            return Ok(());
        }
        prop_assert_eq!(pts.first(), Some(&a.cell));
        prop_assert_eq!(pts.last(), Some(&d.cell));
        let pricing = Pricing::new(&map, &owners, &a, &d, &t);
        let (mut cost, mut length) = (0.0, 0.0);
        for s in pts.windows(2) {
            let (dx, dy) = (s[1].0 as i64 - s[0].0 as i64, s[1].1 as i64 - s[0].1 as i64);
            prop_assert!(dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0), "{:?} is not a step", s);
            let diagonal = dx != 0 && dy != 0;
            cost += pricing.step_cost(cell_index(s[1].0, s[1].1, map.width), diagonal);
            length += if diagonal { std::f64::consts::SQRT_2 } else { 1.0 };
        }
        prop_assert_eq!((cost, length), (r.cost, r.length));
        let reference = reference_cost(&pricing, map.width, map.height, a.cell, d.cell);
        prop_assert!((r.cost - reference).abs() <= 1e-9, "{} vs pathfinding's {}", r.cost, reference);
        let b = march(&r, &map, &owners, &a, &d, &t);
        prop_assert!((b.distance_penalty + b.terrain_toll - r.cost).abs() <= 1e-9);
        prop_assert!(b.march_penalty <= 0.90);
    }

    #[test]
    fn the_fast_search_draws_the_specs_route((map, owners, a, d, t) in small_march()) {
        let r = route(&map, &owners, &a, &d, &t);
        prop_assert_eq!(r.cells, spec_route(&map, &owners, &a, &d, &t));
    }

    #[test]
    fn the_bucket_and_heap_searches_agree_bit_for_bit((map, owners, a, d, t) in small_march()) {
        let mut router = Router::new();
        let heap = router.heap_route(&map, &owners, &a, &d, &t);
        let either = router.route(&map, &owners, &a, &d, &t);
        prop_assert_eq!(either.cost.to_bits(), heap.cost.to_bits());
        prop_assert_eq!(either.length.to_bits(), heap.length.to_bits());
        prop_assert_eq!(either.cells, heap.cells);
    }

    #[test]
    fn on_wider_maps_the_bucket_and_heap_searches_agree((map, owners, a, d, t) in random_march(70, 50, 2)) {
        let mut router = Router::new();
        let heap = router.heap_route(&map, &owners, &a, &d, &t);
        let either = router.route(&map, &owners, &a, &d, &t);
        prop_assert_eq!(either.cost.to_bits(), heap.cost.to_bits());
        prop_assert_eq!(either.length.to_bits(), heap.length.to_bits());
        prop_assert_eq!(&either.cells, &heap.cells);
        prop_assert_eq!(&either.cells, &spec_route(&map, &owners, &a, &d, &t));
        // With Movement every step costs something, so the bucket search itself drew it.
        if t.avg_movement.is_some() {
            prop_assert_eq!(bucket_only(&map, &owners, &a, &d, &t), Some(either));
        }
    }

    #[test]
    fn uniform_ground_ties_match_the_spec(w in 2u32..14, h in 2u32..10, seed in any::<u64>(), mv in prop::option::of(0.2f64..4.0)) {
        // One terrain everywhere: many paths cost the same, so only the tie-breaking decides.
        let mut r = SplitMix64::new(seed);
        let terrain = Terrain::ALL[crate::below(&mut r, 6) as usize];
        let map = TerrainMap::filled(w, h, terrain);
        let owners = OwnerGrid::unclaimed(w, h);
        let cell = |r: &mut SplitMix64| (crate::below(r, w as u64) as u32, crate::below(r, h as u64) as u32);
        let (a, d) = (side(1, Alignment::Noble, cell(&mut r)), side(2, Alignment::Rogue, cell(&mut r)));
        let t = MarchTotals { avg_movement: mv, ..NO_MOVEMENT };
        let _ = r.next_u64();
        prop_assert_eq!(route(&map, &owners, &a, &d, &t).cells, spec_route(&map, &owners, &a, &d, &t));
    }
}

#[test]
fn on_the_demo_map_the_fast_search_draws_the_specs_route() {
    // The demo's roads cost nothing to an army without Movement, so that march is all exact ties.
    let realm = crate::demo_realm();
    let owners = crate::realm_territory(&realm);
    let sides: Vec<FactionRef> = realm
        .factions
        .iter()
        .filter_map(|f| FactionRef::of(f, &realm.map))
        .collect();
    // Every march the demo allows (and some it refuses: townsfolk and mercenaries have markers too).
    let pairs = (0..sides.len()).flat_map(|a| (0..sides.len()).map(move |d| (a, d)));
    for (a, d) in pairs.filter(|(a, d)| a != d) {
        for t in [NO_MOVEMENT, crate::march_totals(&realm, sides[a].id)] {
            let (a, d) = (&sides[a], &sides[d]);
            let got = route(&realm.map, &owners, a, d, &t).cells;
            let heap = Router::new()
                .heap_route(&realm.map, &owners, a, d, &t)
                .cells;
            assert_eq!(got, heap, "{} → {}: buckets and heap", a.id, d.id);
            if t.avg_movement.is_some() {
                let bucketed = bucket_only(&realm.map, &owners, a, d, &t).map(|r| r.cells);
                assert_eq!(
                    bucketed.as_ref(),
                    Some(&got),
                    "{} → {}: buckets",
                    a.id,
                    d.id
                );
            }
            assert_eq!(
                got,
                spec_route(&realm.map, &owners, a, d, &t),
                "{} → {}",
                a.id,
                d.id
            );
        }
    }
}
