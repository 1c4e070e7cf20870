//! Territory tests: the allowance ladder (vectors `TER-*`), the claim on the hand-drawn grid of
//! `CLM-01`, and invariants of the claim on random small grids.

use super::*;
use crate::TerrainMap;
use proptest::prelude::*;

/// `(id, Power, reach total, squares)` from VECTORS.md §E.
const ALLOWANCES: &[(&str, f64, f64, u32)] = &[
    ("TER-01", 0.0, 0.0, 6),
    ("TER-02", 400.0, 0.0, 46),
    ("TER-03", 499.9, 0.0, 55),
    ("TER-04", 500.0, 0.0, 51),
    ("TER-05", 900.0, 0.0, 87),
    ("TER-06", 999.0, 0.0, 95),
    ("TER-07", 1000.0, 0.0, 86),
    ("TER-08", 1499.0, 0.0, 125),
    ("TER-09", 1500.0, 0.0, 111),
    ("TER-10", 2000.0, 0.0, 126),
    ("TER-11", 2499.0, 0.0, 155),
    ("TER-12", 2500.0, 0.0, 131),
    ("TER-13", 5000.0, 0.0, 256),
    ("TER-14", 400.0, 10.0, 56),
    ("TER-15", 400.0, 250.0, 246),
    ("TER-16", 0.0, -3.0, 3),
    ("TER-17", 0.0, -50.0, 1),
    ("TER-18", 5000.0, -300.0, 56),
    ("TER-19", 24.806, 0.0, 8),
];

#[test]
fn allowance_vectors() {
    for &(id, power, reach, squares) in ALLOWANCES {
        assert_eq!(territory_allowance(power, reach), squares, "{id}");
    }
}

/// Parses a hand-drawn map: one row per string, terrain chars as in the map module.
pub(crate) fn drawn(rows: &[&str]) -> TerrainMap {
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

/// Draws a claim the way VECTORS.md does: the owner's id digit, or the lower-case terrain letter.
fn picture(map: &TerrainMap, owners: &OwnerGrid) -> Vec<String> {
    (0..map.height)
        .map(|y| {
            (0..map.width)
                .map(|x| {
                    let cell = cell_index(x, y, map.width);
                    match owners.owner(cell) {
                        Some(h) => char::from_digit(h.id as u32, 36).unwrap(),
                        None => match map.cells[cell] {
                            Terrain::Marsh => 's',
                            t => t.code().to_ascii_lowercase(),
                        },
                    }
                })
                .collect()
        })
        .collect()
}

/// CLM-01's ground: 16×10, x ≥ 13 water, mountain x6–7 y2–7, forest x9–10 y0–3, rest plains.
fn clm_01_map() -> TerrainMap {
    let mut m = TerrainMap::filled(16, 10, Terrain::Plains);
    for y in 0..10 {
        for x in 0..16 {
            let t = if x >= 13 {
                Terrain::Water
            } else if (6..=7).contains(&x) && (2..=7).contains(&y) {
                Terrain::Mountain
            } else if (9..=10).contains(&x) && y <= 3 {
                Terrain::Forest
            } else {
                continue;
            };
            m.set(x, y, t);
        }
    }
    m
}

fn claim(faction: u64, cell: (u32, u32), allowance: u32) -> Claim {
    Claim {
        faction,
        alignment: Alignment::Independent,
        cell,
        allowance,
    }
}

#[test]
fn clm_01_two_factions_on_a_small_grid() {
    let map = clm_01_map();
    let owners = claim_territory(&map, &[claim(1, (3, 5), 30), claim(2, (11, 5), 30)]);
    let expected = [
        "pppppppppffppwww",
        "pppppppppff2pwww",
        "pp11ppmmpff22www",
        "p11111mm22222www",
        "111111mm22222www",
        "111111mm22222www",
        "111111mm22222www",
        "p1111pmm22222www",
        "ppp1pppppp22pwww",
        "pppppppppppppwww",
    ];
    assert_eq!(picture(&map, &owners), expected, "CLM-01");
    assert_eq!((owners.claimed(1), owners.claimed(2)), (30, 30), "CLM-01");
}

#[test]
fn clm_01_lean_angles() {
    assert!((lean_angle(1) - 3.559811).abs() < 5e-7, "CLM-01 θ₁");
    assert!((lean_angle(2) - 3.714555).abs() < 5e-7, "CLM-01 θ₂");
}

#[test]
fn an_island_faction_fills_its_island_before_the_sea() {
    let map = drawn(&["WWWWW", "WPPPW", "WPPPW", "WWWWW"]);
    let owners = claim_territory(&map, &[claim(7, (2, 1), 6)]);
    let held: Vec<usize> = (0..20).filter(|&c| owners.owner(c).is_some()).collect();
    assert_eq!(held, [6, 7, 8, 11, 12, 13]);
    let owners = claim_territory(&map, &[claim(7, (2, 1), 7)]);
    assert_eq!(
        owners.claimed(7),
        7,
        "a larger allowance spills onto the water"
    );
}

#[test]
fn nobody_claims_through_anothers_land() {
    // Faction 1 walls off the corridor; faction 2, behind it, cannot grow past.
    let map = drawn(&["PPPPP"]);
    let owners = claim_territory(&map, &[claim(1, (1, 0), 1), claim(2, (0, 0), 5)]);
    assert_eq!(owners.claimed(2), 1);
    assert_eq!(owners.claimed(1), 1);
}

#[test]
fn a_shared_marker_cell_goes_to_the_smaller_id() {
    let map = drawn(&["PPP"]);
    let owners = claim_territory(&map, &[claim(9, (1, 0), 2), claim(4, (1, 0), 2)]);
    assert_eq!(owners.owner(1).map(|h| h.id), Some(4));
    assert_eq!(
        owners.claimed(9),
        0,
        "its marker is taken, so it never grows"
    );
}

/// A random small map and up to four claims with distinct ids and markers anywhere on it.
fn small_claims() -> impl Strategy<Value = (TerrainMap, Vec<Claim>)> {
    (1u32..10, 1u32..8, any::<u64>(), 1usize..5).prop_map(|(w, h, seed, n)| {
        let mut r = SplitMix64::new(seed);
        let cells = (0..w * h)
            .map(|_| Terrain::ALL[crate::below(&mut r, 6) as usize])
            .collect();
        let claims = (0..n)
            .map(|k| Claim {
                faction: r.next_u64() >> 11 | k as u64,
                alignment: Alignment::ALL[crate::below(&mut r, 5) as usize],
                cell: (
                    crate::below(&mut r, w as u64) as u32,
                    crate::below(&mut r, h as u64) as u32,
                ),
                allowance: crate::below(&mut r, 20) as u32,
            })
            .collect::<Vec<_>>();
        (
            TerrainMap {
                width: w,
                height: h,
                cells,
            },
            claims,
        )
    })
}

use crate::Rng;

proptest! {
    #[test]
    fn claims_respect_allowances_and_repeat((map, claims) in small_claims()) {
        let ids: std::collections::HashSet<u64> = claims.iter().map(|c| c.faction).collect();
        prop_assume!(ids.len() == claims.len());
        let owners = claim_territory(&map, &claims);
        let mut total = 0;
        for c in &claims {
            let held = owners.claimed(c.faction);
            prop_assert!(held <= c.allowance);
            total += held;
        }
        // Each cell has one slot, so no cell can have two owners; the counts must add up.
        let owned = (0..map.cells.len()).filter(|&c| owners.owner(c).is_some()).count();
        prop_assert_eq!(owned as u32, total);
        prop_assert_eq!(claim_territory(&map, &claims), owners);
    }

    #[test]
    fn each_territory_is_one_piece_grown_from_its_marker((map, claims) in small_claims()) {
        let ids: std::collections::HashSet<u64> = claims.iter().map(|c| c.faction).collect();
        prop_assume!(ids.len() == claims.len());
        let owners = claim_territory(&map, &claims);
        for c in &claims {
            let start = cell_index(c.cell.0, c.cell.1, map.width);
            let mine = |cell: usize| owners.owner(cell).map(|h| h.id) == Some(c.faction);
            let mut seen = vec![false; map.cells.len()];
            let mut stack = vec![start];
            let mut reached = 0;
            while let Some(cell) = stack.pop() {
                if seen[cell] || !mine(cell) {
                    continue;
                }
                seen[cell] = true;
                reached += 1;
                let (x, y) = cell_xy(cell, map.width);
                for &(dx, dy) in &STEPS {
                    let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
                    if nx >= 0 && ny >= 0 && nx < map.width as i64 && ny < map.height as i64 {
                        stack.push(cell_index(nx as u32, ny as u32, map.width));
                    }
                }
            }
            prop_assert_eq!(reached, owners.claimed(c.faction), "faction {}", c.faction);
        }
    }
}

#[test]
fn keep_pct_is_the_rung_at_or_below_the_whole_power() {
    let cases = [
        (0.0, 100.0),
        (499.9, 100.0),
        (500.0, 90.0),
        (999.0, 90.0),
        (1000.0, 80.0),
        (1999.9, 70.0),
        (2000.0, 60.0),
        (2500.0, 50.0),
        (1e9, 50.0),
    ];
    for (power, keep) in cases {
        assert_eq!(keep_pct(power), keep, "Power {power}");
    }
    // Each rung of the ladder starts where it says.
    for (from, keep) in KEEP_LADDER {
        assert_eq!(keep_pct(from), keep);
    }
}
