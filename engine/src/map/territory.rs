//! Territory (SPEC §8): how many squares a faction may hold, and the competitive claim that hands out
//! the map's cells.
//!
//! The claim is a multi-source best-first growth: every claiming faction grows outward from its marker,
//! cheapest ground first (water last), each with a small fixed lean drawn from its id, and a cell goes
//! to whichever faction reaches it with the smaller key. Ties fall to the smaller faction id, then the
//! smaller cell index, so the same realm always draws the same borders.

use crate::map::grid::{cell_index, cell_xy, is_diagonal, TerrainGrid, DIAGONAL, STEPS};
use crate::{unit, Alignment, SplitMix64, Terrain};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The keep ladder of SPEC §8.1: from each Power (inclusive) upward, the percent of what Power earned
/// that a faction keeps, lowest rung first. One table, so the Archive prints the rungs the claim uses.
pub const KEEP_LADDER: [(f64, f64); 6] = [
    (0.0, 100.0),
    (500.0, 90.0),
    (1000.0, 80.0),
    (1500.0, 70.0),
    (2000.0, 60.0),
    (2500.0, 50.0),
];

/// The percent of earned squares a faction of Power `power` keeps: the highest rung of
/// [`KEEP_LADDER`] at or below `power` (the whole Power picks the rung, so 999 keeps 90 and 1000 80).
pub fn keep_pct(power: f64) -> f64 {
    KEEP_LADDER
        .iter()
        .rev()
        .find(|(from, _)| power >= *from)
        .map_or(KEEP_LADDER[0].1, |&(_, keep)| keep)
}

/// Squares of territory for a faction of Power `power` with a summed Territory Reach of `reach_total`
/// (SPEC §8.1). The reach clamp of §5.3 is applied here, so pass the raw sum (a pre-clamped one gives
/// the same answer: the clamp is idempotent).
///
/// The keep rung is chosen by the whole Power (999 → 95 but 1000 → 86), and the floor is taken of
/// `P × keep% / 1000` in that order, as the spec resolves it.
pub fn territory_allowance(power: f64, reach_total: f64) -> u32 {
    let keep = keep_pct(power);
    let earned = (power * keep / 1000.0).floor();
    let reach = reach_total.clamp(-200.0, 200.0);
    // `as u32` saturates, so an absurd Power cannot wrap around.
    (6.0 + earned + reach).max(1.0) as u32
}

/// One faction's bid for land: where it starts and how many squares it may take. It travels in
/// the map's summary (`wire::summary`), so a first visit draws territory before the realm arrives.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Claim {
    /// The faction's id (ids must be distinct across claims); it seeds the lean and breaks ties.
    pub faction: u64,
    /// Carried into the [`OwnerGrid`] so a route can price crossing this land without another lookup.
    pub alignment: Alignment,
    /// The marker cell `(x, y)` the growth starts from.
    pub cell: (u32, u32),
    /// How many squares it may take ([`territory_allowance`]).
    pub allowance: u32,
}

/// Who holds a piece of land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holder {
    /// The faction's id.
    pub id: u64,
    /// Its alignment, which decides what crossing its land costs (SPEC §9.4).
    pub alignment: Alignment,
}

/// The owner of every cell: `cell → faction` (SPEC §1.8). Holders are kept once, in claim order, and
/// each cell stores a small slot number, so a route can turn owners into crossing prices with one
/// table lookup per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnerGrid {
    width: u32,
    height: u32,
    holders: Vec<Holder>,
    /// 0 = unowned, `k + 1` = `holders[k]`.
    slots: Vec<u32>,
}

impl OwnerGrid {
    /// A `width × height` grid nobody holds.
    pub fn unclaimed(width: u32, height: u32) -> Self {
        OwnerGrid {
            width,
            height,
            holders: Vec::new(),
            slots: vec![0; width as usize * height as usize],
        }
    }

    /// Cells across.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Cells down.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Every faction that may hold land here, in claim order (including any that won nothing).
    pub fn holders(&self) -> &[Holder] {
        &self.holders
    }

    /// Every cell's holder slot, row by row: 0 for no one, `k + 1` for `holders()[k]`.
    pub(crate) fn slots(&self) -> &[u32] {
        &self.slots
    }

    /// Who holds the cell with index `cell`, if anyone.
    pub fn owner(&self, cell: usize) -> Option<Holder> {
        self.slot(cell).map(|k| self.holders[k])
    }

    /// The holder slot (an index into [`OwnerGrid::holders`]) of a cell, if held.
    pub fn slot(&self, cell: usize) -> Option<usize> {
        self.slots[cell].checked_sub(1).map(|k| k as usize)
    }

    /// How many cells `faction` holds.
    pub fn claimed(&self, faction: u64) -> u32 {
        match self.holders.iter().position(|h| h.id == faction) {
            Some(k) => self.slots.iter().filter(|&&s| s == k as u32 + 1).count() as u32,
            None => 0,
        }
    }

    /// Hands the cell to `holder` (registering it if new), for maps drawn by hand in tests and tools.
    pub fn assign(&mut self, cell: usize, holder: Holder) {
        let k = match self.holders.iter().position(|h| h.id == holder.id) {
            Some(k) => k,
            None => {
                self.holders.push(holder);
                self.holders.len() - 1
            }
        };
        self.slots[cell] = k as u32 + 1;
    }
}

/// The claim weight of a terrain (SPEC §8.3): open ground first, water very last.
fn claim_weight(t: Terrain) -> f64 {
    match t {
        Terrain::Road | Terrain::Plains => 1.0,
        Terrain::Forest => 2.0,
        Terrain::Marsh => 3.0,
        Terrain::Mountain => 4.0,
        Terrain::Water => 100.0,
    }
}

/// A faction's fixed lean angle θ: `2π × unit(SplitMix64(id))`, the first draw of a generator seeded
/// with its id, so the lean is part of the faction and not of the order factions were listed in.
pub fn lean_angle(faction: u64) -> f64 {
    core::f64::consts::TAU * unit(&mut SplitMix64::new(faction))
}

/// A growth frontier entry; the heap pops the smallest `(key, faction, cell)`.
#[derive(Clone, Copy, Debug)]
struct Frontier {
    /// Bits of the non-negative key `g × lean`: for non-negative floats the bit order is the numeric order.
    key: u64,
    faction: u64,
    cell: u32,
    slot: u32,
    /// The unleaned cost of growing here.
    g: f64,
}

impl Frontier {
    fn order(&self) -> (u64, u64, u32) {
        (self.key, self.faction, self.cell)
    }
}

impl PartialEq for Frontier {
    fn eq(&self, other: &Self) -> bool {
        self.order() == other.order()
    }
}

impl Eq for Frontier {}

impl PartialOrd for Frontier {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Frontier {
    /// Reversed, so std's max-heap pops the smallest entry.
    fn cmp(&self, other: &Self) -> Ordering {
        other.order().cmp(&self.order())
    }
}

/// Hands out the map's cells to the claims (SPEC §8.3). Every claim's marker must lie on the map.
///
/// Growth only passes through a faction's own cells, so nobody claims through another's land, and a
/// faction stops when its allowance is spent (its later frontier entries are simply not pushed: they
/// could only ever have been discarded).
pub fn claim_territory(map: &impl TerrainGrid, claims: &[Claim]) -> OwnerGrid {
    let (w, h) = (map.width(), map.height());
    let mut owners = OwnerGrid::unclaimed(w, h);
    owners.holders = claims
        .iter()
        .map(|c| Holder {
            id: c.faction,
            alignment: c.alignment,
        })
        .collect();
    let mut remaining: Vec<u32> = claims.iter().map(|c| c.allowance).collect();
    let thetas: Vec<f64> = claims.iter().map(|c| lean_angle(c.faction)).collect();
    let mut heap = BinaryHeap::new();
    for (k, c) in claims.iter().enumerate() {
        assert!(
            c.cell.0 < w && c.cell.1 < h,
            "marker {:?} off the map",
            c.cell
        );
        heap.push(Frontier {
            key: 0f64.to_bits(),
            faction: c.faction,
            cell: cell_index(c.cell.0, c.cell.1, w) as u32,
            slot: k as u32,
            g: 0.0,
        });
    }
    while let Some(e) = heap.pop() {
        let (cell, k) = (e.cell as usize, e.slot as usize);
        if owners.slots[cell] != 0 || remaining[k] == 0 {
            continue;
        }
        owners.slots[cell] = e.slot + 1;
        remaining[k] -= 1;
        if remaining[k] == 0 {
            continue;
        }
        let (x, y) = cell_xy(cell, w);
        let (mx, my) = claims[k].cell;
        for (s, &(dx, dy)) in STEPS.iter().enumerate() {
            let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
            if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                continue;
            }
            let n = cell_index(nx as u32, ny as u32, w);
            if owners.slots[n] != 0 {
                continue;
            }
            let step = if is_diagonal(s) { DIAGONAL } else { 1.0 };
            let g = e.g + step * claim_weight(map.terrain(n));
            let angle = libm::atan2(ny as f64 - my as f64, nx as f64 - mx as f64) - thetas[k];
            let lean = 1.0 - 0.15 * libm::cos(angle);
            heap.push(Frontier {
                key: (g * lean).to_bits(),
                faction: e.faction,
                cell: n as u32,
                slot: e.slot,
                g,
            });
        }
    }
    owners
}

#[cfg(test)]
mod tests;
