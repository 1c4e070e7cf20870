//! The march vectors of VECTORS.md, copied here as tables: `DST-*` (distance penalty, §F), `TOL-*`
//! (terrain toll, §G) and `RTE-*` (route and march penalty on 240×160, §H). Each row names its id.
//! The printed precision is 6 dp, so a value matches within 5e-7.
// The tables are tuples on purpose: one row per vector, read like the document's own tables.
#![allow(clippy::type_complexity)]

use engine::{
    distance_penalty, march, route, Alignment, FactionRef, Holder, MarchBreakdown, MarchTotals,
    OwnerGrid, Route, Terrain, TerrainMap,
};

const HALF_ULP_6DP: f64 = 5e-7;

fn close(got: f64, want: f64) -> bool {
    (got - want).abs() <= HALF_ULP_6DP
}

fn totals(avg_movement: Option<f64>) -> MarchTotals {
    MarchTotals {
        avg_movement,
        march_speed: 0.0,
        supply_range: 0.0,
        reliefs: [0.0; 4],
    }
}

/// `(id, d, avg Mv, March Speed, Supply, DP)` from §F.
const DISTANCE: &[(&str, f64, Option<f64>, f64, f64, f64)] = &[
    ("DST-01", 0.2, Some(1.0), 0.0, 0.0, 0.135000),
    ("DST-02", 0.4, Some(1.0), 0.0, 0.0, 0.270000),
    ("DST-03", 0.2, Some(2.0), 0.0, 0.0, 0.067500),
    ("DST-04", 0.4, Some(2.0), 0.0, 0.0, 0.135000),
    ("DST-05", 0.4, Some(1.0), 25.0, 0.0, 0.216000),
    ("DST-06", 0.4, Some(1.0), -90.0, 0.0, 1.080000),
    ("DST-07", 0.4, Some(1.0), 0.0, 50.0, 0.135000),
    ("DST-08", 0.4, Some(1.0), 0.0, 150.0, 0.027000),
    ("DST-09", 0.4, None, 0.0, 0.0, 0.000000),
    ("DST-10", 1.0, Some(0.5), 0.0, 0.0, 1.350000),
];

#[test]
fn distance_penalty_vectors() {
    for &(id, d, mv, ms, sr, want) in DISTANCE {
        let t = MarchTotals {
            march_speed: ms,
            supply_range: sr,
            ..totals(mv)
        };
        let got = distance_penalty(d, &t);
        assert!(close(got, want), "{id}: {got} ≠ {want}");
    }
}

const NOBLE: Alignment = Alignment::Noble;
const MALEVOLENT: Alignment = Alignment::Malevolent;

fn side(id: u64, alignment: Alignment, cell: (u32, u32)) -> FactionRef {
    FactionRef {
        id,
        alignment,
        cell,
    }
}

/// Routes and prices a march of a Noble attacker (id 1) on a Malevolent defender (id 2).
fn run(
    map: &TerrainMap,
    owners: &OwnerGrid,
    from: (u32, u32),
    to: (u32, u32),
    t: &MarchTotals,
) -> (Route, MarchBreakdown) {
    let (a, d) = (side(1, NOBLE, from), side(2, MALEVOLENT, to));
    let r = route(map, owners, &a, &d, t);
    let b = march(&r, map, owners, &a, &d, t);
    (r, b)
}

/// `(id, grid width, height, terrain, step (dx, dy), steps, relief total, toll)` from §G. Marching
/// with no Movement, the cheapest route is the straight run of steps and its cost is the toll alone.
const TOLLS: &[(&str, u32, u32, Terrain, (i32, i32), u32, f64, f64)] = &[
    (
        "TOL-01",
        240,
        160,
        Terrain::Plains,
        (1, 0),
        24,
        0.0,
        0.030000,
    ),
    (
        "TOL-02",
        240,
        160,
        Terrain::Forest,
        (1, 0),
        24,
        0.0,
        0.060000,
    ),
    (
        "TOL-03",
        240,
        160,
        Terrain::Marsh,
        (1, 0),
        24,
        0.0,
        0.105000,
    ),
    (
        "TOL-04",
        240,
        160,
        Terrain::Water,
        (1, 0),
        24,
        0.0,
        0.120000,
    ),
    (
        "TOL-05",
        240,
        160,
        Terrain::Mountain,
        (1, 0),
        24,
        0.0,
        0.150000,
    ),
    ("TOL-06", 240, 160, Terrain::Road, (1, 0), 24, 0.0, 0.000000),
    (
        "TOL-08",
        240,
        160,
        Terrain::Plains,
        (0, 1),
        16,
        0.0,
        0.020000,
    ),
    (
        "TOL-09",
        240,
        160,
        Terrain::Forest,
        (1, 1),
        10,
        0.0,
        0.035355,
    ),
    (
        "TOL-10",
        240,
        160,
        Terrain::Mountain,
        (1, 0),
        24,
        50.0,
        0.075000,
    ),
    (
        "TOL-11",
        240,
        160,
        Terrain::Mountain,
        (1, 0),
        24,
        120.0,
        0.015000,
    ),
    (
        "TOL-12",
        240,
        160,
        Terrain::Water,
        (1, 0),
        24,
        -50.0,
        0.180000,
    ),
    ("TOL-13", 60, 40, Terrain::Plains, (1, 0), 1, 0.0, 0.005000),
    (
        "TOL-14",
        240,
        160,
        Terrain::Plains,
        (1, 0),
        1,
        0.0,
        0.001250,
    ),
];

#[test]
fn terrain_toll_vectors() {
    for &(id, w, h, terrain, (dx, dy), steps, relief, want) in TOLLS {
        let map = TerrainMap::filled(w, h, terrain);
        let owners = OwnerGrid::unclaimed(w, h);
        let mut t = totals(None);
        let slot = match terrain {
            Terrain::Water => Some(0),
            Terrain::Mountain => Some(1),
            _ => None,
        };
        if let Some(i) = slot {
            t.reliefs[i] = relief;
        }
        let to = (dx as u32 * steps, dy as u32 * steps);
        let (r, b) = run(&map, &owners, (0, 0), to, &t);
        assert_eq!(r.cells.len() as u32, steps + 1, "{id}: a straight run");
        assert!(
            close(b.terrain_toll, want),
            "{id}: {} ≠ {want}",
            b.terrain_toll
        );
        assert_eq!(b.distance_penalty, 0.0, "{id}");
    }
}

/// TOL-07: the full width, 240 steps, is one more than a row of a 240-wide grid holds, so the march
/// runs the row and turns one step down.
#[test]
fn tol_07_full_width_of_plains() {
    let map = TerrainMap::filled(240, 160, Terrain::Plains);
    let owners = OwnerGrid::unclaimed(240, 160);
    let mut cells: Vec<u32> = (0..240).map(|x| map.index(x, 0) as u32).collect();
    cells.push(map.index(239, 1) as u32);
    let r = Route {
        cells,
        length: 240.0,
        cost: f64::NAN,
        width: 240,
    };
    let (a, d) = (side(1, NOBLE, (0, 0)), side(2, MALEVOLENT, (239, 1)));
    let b = march(&r, &map, &owners, &a, &d, &totals(None));
    assert_eq!(b.route_length, 240.0, "TOL-07");
    assert!(
        close(b.terrain_toll, 0.300000),
        "TOL-07: {}",
        b.terrain_toll
    );
}

/// The H scenarios: 240×160 plains, attacker (20,80), defender (220,80).
#[derive(Clone, Copy, Debug)]
enum Scenario {
    /// R1: open plains, no territory.
    Open,
    /// R2: mountain block x100–139, y50–109.
    MountainBlock,
    /// R3–R5: a full-height band x100–139 held by faction 3 of this alignment; defender holds x ≥ 200.
    Band(Alignment),
}

fn scenario(s: Scenario) -> (TerrainMap, OwnerGrid) {
    let mut map = TerrainMap::filled(240, 160, Terrain::Plains);
    let mut owners = OwnerGrid::unclaimed(240, 160);
    for y in 0..160 {
        for x in 0..240 {
            let cell = map.index(x, y);
            match s {
                Scenario::Open => {}
                Scenario::MountainBlock => {
                    if (100..140).contains(&x) && (50..110).contains(&y) {
                        map.set(x, y, Terrain::Mountain);
                    }
                }
                Scenario::Band(alignment) => {
                    if (100..140).contains(&x) {
                        owners.assign(cell, Holder { id: 3, alignment });
                    } else if x >= 200 {
                        owners.assign(
                            cell,
                            Holder {
                                id: 2,
                                alignment: MALEVOLENT,
                            },
                        );
                    }
                }
            }
        }
    }
    (map, owners)
}

/// `(id, scenario, avg Mv, Mountain Crossing, Supply, route length, DP, toll, March Penalty)` from §H.
const ROUTES: &[(&str, Scenario, Option<f64>, f64, f64, f64, f64, f64, f64)] = &[
    (
        "RTE-01",
        Scenario::Open,
        Some(1.0),
        0.0,
        0.0,
        200.0,
        0.468028,
        0.250000,
        0.718028,
    ),
    (
        "RTE-02",
        Scenario::Open,
        Some(2.0),
        0.0,
        0.0,
        200.0,
        0.234014,
        0.250000,
        0.484014,
    ),
    (
        "RTE-03",
        Scenario::Open,
        None,
        0.0,
        0.0,
        200.0,
        0.000000,
        0.250000,
        0.250000,
    ),
    (
        "RTE-04",
        Scenario::MountainBlock,
        Some(1.0),
        0.0,
        0.0,
        224.8528,
        0.526187,
        0.281066,
        0.807253,
    ),
    (
        "RTE-06",
        Scenario::MountainBlock,
        Some(1.0),
        90.0,
        0.0,
        200.0,
        0.468028,
        0.225000,
        0.693028,
    ),
    (
        "RTE-07",
        Scenario::Band(Alignment::Rogue),
        Some(1.0),
        0.0,
        0.0,
        200.0,
        0.655240,
        0.350000,
        0.900000,
    ),
    (
        "RTE-08",
        Scenario::Band(MALEVOLENT),
        Some(1.0),
        0.0,
        0.0,
        200.0,
        1.123268,
        0.600000,
        0.900000,
    ),
    (
        "RTE-09",
        Scenario::Band(NOBLE),
        Some(1.0),
        0.0,
        0.0,
        200.0,
        0.468028,
        0.250000,
        0.718028,
    ),
    (
        "RTE-10",
        Scenario::Open,
        Some(1.0),
        0.0,
        50.0,
        200.0,
        0.234014,
        0.250000,
        0.484014,
    ),
];

#[test]
fn route_and_march_penalty_vectors() {
    for &(id, s, mv, mountain, supply, length, dp, toll, mp) in ROUTES {
        let (map, owners) = scenario(s);
        let t = MarchTotals {
            supply_range: supply,
            reliefs: [0.0, mountain, 0.0, 0.0],
            ..totals(mv)
        };
        let (r, b) = run(&map, &owners, (20, 80), (220, 80), &t);
        assert!(
            (b.route_length - length).abs() <= 5e-5,
            "{id}: length {}",
            b.route_length
        );
        assert!(
            close(b.distance_penalty, dp),
            "{id}: DP {}",
            b.distance_penalty
        );
        assert!(close(b.terrain_toll, toll), "{id}: toll {}", b.terrain_toll);
        assert!(close(b.march_penalty, mp), "{id}: MP {}", b.march_penalty);
        if supply == 0.0 {
            let uncapped = b.distance_penalty + b.terrain_toll;
            assert!(
                (r.cost - uncapped).abs() <= 1e-9,
                "{id}: cost {} ≠ DP + toll",
                r.cost
            );
        }
        assert_eq!(
            r.cells.first(),
            Some(&map.index(20, 80).try_into().unwrap()),
            "{id}"
        );
    }
}

/// RTE-05: the straight line through R2's block, forced, is dearer than the detour the search takes.
#[test]
fn rte_05_forced_straight_line_through_the_block() {
    let (map, owners) = scenario(Scenario::MountainBlock);
    let forced = Route {
        cells: (20..=220).map(|x| map.index(x, 80) as u32).collect(),
        length: 200.0,
        cost: f64::NAN,
        width: 240,
    };
    let (a, d) = (side(1, NOBLE, (20, 80)), side(2, MALEVOLENT, (220, 80)));
    let b = march(&forced, &map, &owners, &a, &d, &totals(Some(1.0)));
    assert!(close(b.route_length, 200.0), "RTE-05");
    assert!(
        close(b.distance_penalty, 0.468028),
        "RTE-05: DP {}",
        b.distance_penalty
    );
    assert!(
        close(b.terrain_toll, 0.450000),
        "RTE-05: toll {}",
        b.terrain_toll
    );
    assert_eq!(b.march_penalty, 0.90, "RTE-05: capped");
    assert!(!b.detour);
    let (_, chosen) = run(&map, &owners, (20, 80), (220, 80), &totals(Some(1.0)));
    assert!(chosen.distance_penalty + chosen.terrain_toll < b.distance_penalty + b.terrain_toll);
}

/// The crossings of RTE-07/08: the band's multiplier, 40 cells of it, and the defender's free land.
#[test]
fn rte_07_08_report_the_band_and_its_surcharge() {
    for (id, alignment, m) in [
        ("RTE-07", Alignment::Rogue, 3.0),
        ("RTE-08", MALEVOLENT, 8.0),
    ] {
        let (map, owners) = scenario(Scenario::Band(alignment));
        let (_, b) = run(&map, &owners, (20, 80), (220, 80), &totals(Some(1.0)));
        let band = b.territories_crossed[0];
        assert_eq!(
            (band.faction_id, band.multiplier, band.length),
            (3, m, 40.0),
            "{id}"
        );
        let defender = b.territories_crossed[1];
        assert_eq!(
            (defender.faction_id, defender.multiplier, defender.length),
            (2, 1.0, 21.0)
        );
        assert_eq!(b.territories_crossed.len(), 2, "{id}");
        // The surcharge is what the band added: the whole penalty less the same march at ×1.
        let (_, free) = run(
            &map,
            &OwnerGrid::unclaimed(240, 160),
            (20, 80),
            (220, 80),
            &totals(Some(1.0)),
        );
        let extra = b.distance_penalty + b.terrain_toll - free.distance_penalty - free.terrain_toll;
        assert!(
            (band.surcharge - extra).abs() <= 1e-9,
            "{id}: {} vs {extra}",
            band.surcharge
        );
    }
}

#[test]
fn rte_04_is_a_detour_round_the_block_and_rte_01_is_not() {
    let (map, owners) = scenario(Scenario::MountainBlock);
    let (_, b) = run(&map, &owners, (20, 80), (220, 80), &totals(Some(1.0)));
    // 224.85 cells against a straight 200: under the 1.25 threshold, so not called a detour.
    assert!(!b.detour, "RTE-04");
    assert_eq!(b.straight_length, 200.0);
    let leg = b.toll_by_terrain[&Terrain::Plains];
    assert!(close(leg.length, 224.852814), "RTE-04: {}", leg.length);
}
