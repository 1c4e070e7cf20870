//! The demo map: value-noise land with a western sea, lakes, mountain ranges, forests and marshes,
//! rivers running downhill to the water, and roads laid as cheapest paths between the faction seats.

use super::noise::Noise;
use crate::{below, Rng, Terrain, TerrainMap};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Demo map width.
pub(super) const W: u32 = 240;
/// Demo map height.
pub(super) const H: u32 = 160;

fn smoothstep(a: f64, b: f64, v: f64) -> f64 {
    let t = ((v - a) / (b - a)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The terrain and the height field rivers follow.
pub(super) struct Land {
    pub map: TerrainMap,
    height: Vec<f64>,
}

/// Paints terrain from noise: height decides sea, land and peaks; moisture decides forest and marsh.
pub(super) fn terrain(rng: &mut impl Rng) -> Land {
    let base = Noise::new(rng, W, H, 64, 5);
    let coast = Noise::new(rng, W, H, 32, 3);
    let ridge = Noise::new(rng, W, H, 60, 2);
    let wet = Noise::new(rng, W, H, 40, 4);
    let lakes = Noise::new(rng, W, H, 24, 2);
    let mut map = TerrainMap::filled(W, H, Terrain::Plains);
    let mut height = vec![0.0; (W * H) as usize];
    for y in 0..H {
        for x in 0..W {
            let (nx, ny) = (x as f64 / W as f64, y as f64 / H as f64);
            // Sea to the west and a bay to the south-west; the wobble keeps the coast ragged.
            let wobble = 0.16 * (coast.at(x, y) - 0.5);
            let west = smoothstep(0.03, 0.2, nx + wobble);
            let south = smoothstep(0.0, 0.2, 1.0 - ny + 0.5 * (nx - 0.3) + wobble);
            let shore = west.min(south) + 0.3 * (base.at(x, y) - 0.5);
            // Ridged noise peaks along thin lines: the mountain ranges. The east rises into highlands.
            let r = 1.0 - (2.0 * ridge.at(x, y) - 1.0).abs();
            let east = smoothstep(0.8, 0.98, nx);
            let e = base.at(x, y) + 0.4 * r.powi(6) + 0.35 * east;
            height[map.index(x, y)] = if shore < 0.35 { shore - 1.0 } else { e };
            let m = wet.at(x, y);
            let t = if shore < 0.35 {
                Terrain::Water
            } else if e > 0.86 {
                Terrain::Mountain
            } else if lakes.at(x, y) > 0.72 && e < 0.6 {
                Terrain::Water
            } else if (m > 0.58 && e < 0.45) || m > 0.68 {
                Terrain::Marsh
            } else if m > 0.5 {
                Terrain::Forest
            } else {
                Terrain::Plains
            };
            map.set(x, y, t);
        }
    }
    let mut land = Land { map, height };
    for _ in 0..6 {
        river(&mut land, rng);
    }
    land
}

const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

fn neighbours(x: u32, y: u32) -> impl Iterator<Item = (u32, u32, bool)> {
    STEPS.iter().filter_map(move |&(dx, dy)| {
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        let inside = nx >= 0 && ny >= 0 && nx < W as i32 && ny < H as i32;
        inside.then_some((nx as u32, ny as u32, dx != 0 && dy != 0))
    })
}

/// A river from a random high cell, always stepping to the lowest cell not yet on it, until it meets water.
fn river(land: &mut Land, rng: &mut impl Rng) {
    let mut start = None;
    for _ in 0..400 {
        let (x, y) = (below(rng, W as u64) as u32, below(rng, H as u64) as u32);
        let h = land.height[land.map.index(x, y)];
        if h > 0.8 && land.map.get(x, y) != Terrain::Water {
            start = Some((x, y));
            break;
        }
    }
    let Some((mut x, mut y)) = start else { return };
    let mut path = vec![(x, y)];
    for _ in 0..500 {
        let next = neighbours(x, y)
            .filter(|&(nx, ny, diag)| !diag && !path.contains(&(nx, ny)))
            .min_by(|a, b| {
                let ha = land.height[land.map.index(a.0, a.1)];
                let hb = land.height[land.map.index(b.0, b.1)];
                ha.total_cmp(&hb)
            });
        let Some((nx, ny, _)) = next else { break };
        (x, y) = (nx, ny);
        if land.map.get(x, y) == Terrain::Water {
            break;
        }
        path.push((x, y));
    }
    for &(px, py) in path.iter().skip(3) {
        land.map.set(px, py, Terrain::Water);
    }
}

/// The nearest cell to `(fx, fy)` (fractions) that is plains or forest, for a seat.
pub(super) fn seat_near(map: &TerrainMap, fx: f64, fy: f64) -> (u32, u32) {
    let (cx, cy) = ((fx * W as f64) as i64, (fy * H as f64) as i64);
    for r in 0..(W as i64) {
        for dy in -r..=r {
            for dx in -r..=r {
                if dx.abs().max(dy.abs()) != r {
                    continue;
                }
                let (x, y) = (cx + dx, cy + dy);
                if x < 2 || y < 2 || x >= W as i64 - 2 || y >= H as i64 - 2 {
                    continue;
                }
                if map.get(x as u32, y as u32) == Terrain::Plains {
                    return (x as u32, y as u32);
                }
            }
        }
    }
    (cx as u32, cy as u32)
}

fn road_cost(t: Terrain) -> u64 {
    match t {
        Terrain::Road => 3,
        Terrain::Plains => 10,
        Terrain::Forest => 22,
        Terrain::Marsh => 35,
        Terrain::Mountain => 90,
        Terrain::Water => 150,
    }
}

/// Lays a road as the cheapest 8-connected path from `a` to `b`; existing roads are cheap, so roads merge.
pub(super) fn road(map: &mut TerrainMap, a: (u32, u32), b: (u32, u32)) {
    let n = (W * H) as usize;
    let mut best = vec![u64::MAX; n];
    let mut prev = vec![usize::MAX; n];
    let (start, goal) = (map.index(a.0, a.1), map.index(b.0, b.1));
    let mut heap = BinaryHeap::new();
    best[start] = 0;
    heap.push(Reverse((0u64, start)));
    while let Some(Reverse((cost, i))) = heap.pop() {
        if i == goal {
            break;
        }
        if cost > best[i] {
            continue;
        }
        let (x, y) = ((i % W as usize) as u32, (i / W as usize) as u32);
        for (nx, ny, diag) in neighbours(x, y) {
            let j = map.index(nx, ny);
            let step = road_cost(map.cells[j]);
            let c = cost + if diag { step * 14 / 10 } else { step };
            if c < best[j] {
                best[j] = c;
                prev[j] = i;
                heap.push(Reverse((c, j)));
            }
        }
    }
    let mut i = goal;
    while i != usize::MAX {
        map.cells[i] = Terrain::Road;
        i = prev[i];
    }
}
