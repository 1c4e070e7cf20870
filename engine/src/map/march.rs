//! March cost (SPEC §9): what a marching army pays in distance and ground, which land it crosses at
//! what multiplier, and the breakdown the victory screen and the battle record show.
//!
//! The numbers come in as explicit faction totals ([`MarchTotals`]), so this module knows nothing of
//! photos, buffs or Power: whoever computes the totals (§5.3, §7.2) hands them over.

use crate::map::grid::{cell_xy, TerrainGrid, DIAGONAL};
use crate::{Alignment, Faction, Holder, OwnerGrid, Route, Terrain};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The attacker's logistics, as summed faction totals `T(·)` (SPEC §5.3) and Avg Movement (§7.2).
///
/// Pass the raw sums: the §9.1 clamps (`March Speed ≥ −75`, `Supply ≤ 90`, each crossing `≤ 90`) are
/// applied here. Totals that were already clamped give the same result, because each clamp is
/// idempotent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MarchTotals {
    /// Avg Movement; `None` when no member has a Movement typed, and then the army pays no distance.
    pub avg_movement: Option<f64>,
    /// `T(MarchSpeed)`, percent.
    pub march_speed: f64,
    /// `T(SupplyRange)`, percent.
    pub supply_range: f64,
    /// `T(t Crossing)` for t = Water, Mountain, Forest, Marsh, percent (the order of §14's record).
    pub reliefs: [f64; 4],
}

/// A side of the march: who it is, its alignment (for crossing prices) and its marker cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FactionRef {
    /// The faction's id.
    pub id: u64,
    /// Its alignment.
    pub alignment: Alignment,
    /// Its marker cell `(x, y)`.
    pub cell: (u32, u32),
}

impl FactionRef {
    /// The faction as it stands on `map`, or `None` if it has no marker.
    pub fn of(f: &Faction, map: &impl TerrainGrid) -> Option<FactionRef> {
        let m = f.marker?;
        Some(FactionRef {
            id: f.id,
            alignment: f.alignment,
            cell: m.cell(map.width(), map.height()),
        })
    }
}

/// The most a march can strip from an army: `MP = min(0.90, DP + Toll)` (SPEC §9.5).
pub const MARCH_PENALTY_CAP: f64 = 0.90;

/// The toll rate of a terrain per tenth of the map width (SPEC §9.3): public so the Archive's
/// Combat Stats Explained prints the rates the march charges.
pub fn rate_per_tenth(t: Terrain) -> f64 {
    match t {
        Terrain::Road => 0.0,
        Terrain::Plains => 0.03,
        Terrain::Forest => 0.06,
        Terrain::Marsh => 0.105,
        Terrain::Water => 0.12,
        Terrain::Mountain => 0.15,
    }
}

/// `τ(t) = rate × 10 / W`: the toll per unit of step length, scaled so that a tenth of the map width
/// of one terrain costs exactly its rate whatever the grid's width (the source's 60-wide reference).
pub fn toll_rate(t: Terrain, width: u32) -> f64 {
    rate_per_tenth(t) * 10.0 / width as f64
}

/// The index of a terrain's crossing relief in [`MarchTotals::reliefs`] (Road and Plains have none).
fn relief_index(t: Terrain) -> Option<usize> {
    match t {
        Terrain::Water => Some(0),
        Terrain::Mountain => Some(1),
        Terrain::Forest => Some(2),
        Terrain::Marsh => Some(3),
        Terrain::Road | Terrain::Plains => None,
    }
}

/// `Mv_eff = max(0.01, AvgMv × (1 + MS/100))` with `MS = max(T, −75)`; `None` without Movement.
fn effective_movement(t: &MarchTotals) -> Option<f64> {
    let ms = t.march_speed.max(-75.0);
    t.avg_movement.map(|mv| (mv * (1.0 + ms / 100.0)).max(0.01))
}

/// `1 − SR/100` with `SR = min(T, 90)`: Supply trims the finished distance penalty only.
fn supply_factor(t: &MarchTotals) -> f64 {
    1.0 - t.supply_range.min(90.0) / 100.0
}

/// The map diagonal `√(W² + H²)` in cells.
pub(crate) fn diagonal(width: u32, height: u32) -> f64 {
    let (w, h) = (width as f64, height as f64);
    (w * w + h * h).sqrt()
}

/// The Distance Penalty for `d`, a distance as a fraction of the map diagonal (SPEC §9.2):
/// `d × 0.675 / Mv_eff × (1 − SR/100)`, or 0 when no Movement is recorded.
pub fn distance_penalty(d: f64, totals: &MarchTotals) -> f64 {
    match effective_movement(totals) {
        Some(mv) => d * 0.675 / mv * supply_factor(totals),
        None => 0.0,
    }
}

/// The per-march numbers every step uses, computed once in the spec's operation order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Logistics {
    /// `u = 0.675 / (Diag × Mv_eff)`, 0 without Movement: the distance part of a step, per unit length.
    pub u: f64,
    /// `u × (1 − SR/100)`: the distance part as it is finally charged (for surcharges).
    pub u_charged: f64,
    /// `τ'(t)` per terrain, in [`Terrain::ALL`] order.
    pub tolls: [f64; 6],
    /// `√(W² + H²)`.
    pub diag: f64,
}

impl Logistics {
    pub fn new(totals: &MarchTotals, width: u32, height: u32) -> Logistics {
        let diag = diagonal(width, height);
        let u = match effective_movement(totals) {
            Some(mv) => 0.675 / (diag * mv),
            None => 0.0,
        };
        let tolls = Terrain::ALL.map(|t| {
            let relief = relief_index(t).map_or(0.0, |i| totals.reliefs[i].min(90.0));
            toll_rate(t, width) * (1.0 - relief / 100.0)
        });
        Logistics {
            u,
            u_charged: u * supply_factor(totals),
            tolls,
            diag,
        }
    }

    pub fn toll(&self, t: Terrain) -> f64 {
        self.tolls[t as usize]
    }
}

/// What one orthogonal step into a cell costs an army, as the map's hover tooltip shows it: the
/// crossing multiplier and `m × (u + τ'(t))`, the cost the route search charges (SPEC §10). With no
/// defender chosen yet, only the attacker's own land counts as free.
pub fn entry_cost(
    map: &impl TerrainGrid,
    owners: &OwnerGrid,
    cell: usize,
    attacker: &FactionRef,
    defender: Option<&FactionRef>,
    totals: &MarchTotals,
) -> (f64, f64) {
    let lg = Logistics::new(totals, map.width(), map.height());
    let m = crossing_multiplier(owners.owner(cell), attacker, defender.unwrap_or(attacker));
    (m, m * (lg.u + lg.toll(map.terrain(cell))))
}

/// The crossing multiplier `m` for the attacker entering land held by `owner` (SPEC §9.4): free on
/// unowned land, its own, the defender's and kindred land; ×8 between Noble and Malevolent; else ×3.
pub fn crossing_multiplier(
    owner: Option<Holder>,
    attacker: &FactionRef,
    defender: &FactionRef,
) -> f64 {
    let Some(o) = owner else { return 1.0 };
    if o.id == attacker.id || o.id == defender.id || o.alignment == attacker.alignment {
        return 1.0;
    }
    use Alignment::{Malevolent, Noble};
    match (o.alignment, attacker.alignment) {
        (Noble, Malevolent) | (Malevolent, Noble) => 8.0,
        _ => 3.0,
    }
}

/// The length marched over one terrain and the toll it came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TerrainLeg {
    /// Geometric length in cells (diagonal steps count √2), not multiplied.
    pub length: f64,
    /// `Σ m × L × τ'`: the toll paid on this ground, crossing multipliers included.
    pub toll: f64,
}

/// One faction's land crossed on the way, with what it cost beyond free passage.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Crossing {
    /// Whose land.
    pub faction_id: u64,
    /// Its multiplier `m` (1 for the attacker's own, the defender's and kindred land).
    pub multiplier: f64,
    /// Geometric length marched through it, in cells.
    pub length: f64,
    /// `Σ (m − 1) × L × (u × (1 − SR/100) + τ')`: what the multiplier added to the penalty.
    pub surcharge: f64,
}

/// The march penalty and its parts, for the victory screen and the battle record (SPEC §9, §14).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MarchBreakdown {
    /// Geometric route length in cells.
    pub route_length: f64,
    /// Straight-line distance between the two marker cells, in cells.
    pub straight_length: f64,
    /// Whether the route runs more than 1.25 × the straight line (SPEC §9.6).
    pub detour: bool,
    /// `d`: the route length weighted by crossing multipliers, as a fraction of the map diagonal.
    pub distance_fraction: f64,
    /// DP (SPEC §9.2).
    pub distance_penalty: f64,
    /// The terrain toll (SPEC §9.3).
    pub terrain_toll: f64,
    /// Length and toll per terrain entered (terrains not entered are absent).
    pub toll_by_terrain: BTreeMap<Terrain, TerrainLeg>,
    /// Every faction's land entered, in the order first entered, the attacker's and defender's included.
    pub territories_crossed: Vec<Crossing>,
    /// `min(0.90, DP + Toll)` (SPEC §9.5).
    pub march_penalty: f64,
}

/// Prices a route step by step (SPEC §9): every step is charged at the cell it enters, in proportion
/// to its length and its crossing multiplier; the start cell is free.
pub fn march(
    route: &Route,
    map: &impl TerrainGrid,
    owners: &OwnerGrid,
    attacker: &FactionRef,
    defender: &FactionRef,
    totals: &MarchTotals,
) -> MarchBreakdown {
    let (w, h) = (map.width(), map.height());
    let lg = Logistics::new(totals, w, h);
    let (mut length, mut weighted, mut toll) = (0.0, 0.0, 0.0);
    let mut by_terrain: BTreeMap<Terrain, TerrainLeg> = BTreeMap::new();
    let mut crossed: Vec<Crossing> = Vec::new();
    for pair in route.cells.windows(2) {
        let (a, b) = (cell_xy(pair[0] as usize, w), cell_xy(pair[1] as usize, w));
        let step = if a.0 != b.0 && a.1 != b.1 {
            DIAGONAL
        } else {
            1.0
        };
        let owner = owners.owner(pair[1] as usize);
        let m = crossing_multiplier(owner, attacker, defender);
        let t = map.terrain(pair[1] as usize);
        let tau = lg.toll(t);
        let paid = m * step * tau;
        length += step;
        weighted += m * step;
        toll += paid;
        let leg = by_terrain.entry(t).or_default();
        leg.length += step;
        leg.toll += paid;
        if let Some(o) = owner {
            let k = match crossed.iter().position(|c| c.faction_id == o.id) {
                Some(k) => k,
                None => {
                    crossed.push(Crossing {
                        faction_id: o.id,
                        multiplier: m,
                        length: 0.0,
                        surcharge: 0.0,
                    });
                    crossed.len() - 1
                }
            };
            crossed[k].length += step;
            crossed[k].surcharge += (m - 1.0) * step * (lg.u_charged + tau);
        }
    }
    let (dx, dy) = (
        defender.cell.0 as f64 - attacker.cell.0 as f64,
        defender.cell.1 as f64 - attacker.cell.1 as f64,
    );
    let straight = (dx * dx + dy * dy).sqrt();
    let d = weighted / lg.diag;
    let dp = distance_penalty(d, totals);
    MarchBreakdown {
        route_length: length,
        straight_length: straight,
        detour: length > 1.25 * straight,
        distance_fraction: d,
        distance_penalty: dp,
        terrain_toll: toll,
        toll_by_terrain: by_terrain,
        territories_crossed: crossed,
        march_penalty: (dp + toll).min(MARCH_PENALTY_CAP),
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::TerrainMap;

    #[test]
    fn entry_cost_is_the_search_step_price() {
        let map = TerrainMap {
            width: 60,
            height: 40,
            cells: vec![Terrain::Plains; 2400],
        };
        let mut owners = OwnerGrid::unclaimed(60, 40);
        let me = FactionRef {
            id: 1,
            alignment: Alignment::Noble,
            cell: (0, 0),
        };
        let foe = Holder {
            id: 2,
            alignment: Alignment::Malevolent,
        };
        owners.assign(5, foe);
        let totals = MarchTotals {
            avg_movement: Some(1.0),
            march_speed: 0.0,
            supply_range: 0.0,
            reliefs: [0.0; 4],
        };
        let u = 0.675 / (3600.0f64 + 1600.0).sqrt();
        let tau = 0.03 * 10.0 / 60.0;
        let (m, cost) = entry_cost(&map, &owners, 4, &me, None, &totals);
        assert_eq!((m, cost), (1.0, u + tau));
        let (m, cost) = entry_cost(&map, &owners, 5, &me, None, &totals);
        assert_eq!((m, cost), (8.0, 8.0 * (u + tau)));
        // The defender's own land is free to enter.
        let them = FactionRef {
            id: 2,
            alignment: Alignment::Malevolent,
            cell: (5, 0),
        };
        assert_eq!(
            entry_cost(&map, &owners, 5, &me, Some(&them), &totals).0,
            1.0
        );
    }
}
