//! The cheapest route between two markers (SPEC §10): Dijkstra on the 8-connected grid, with the
//! spec's tie-breaking so that every implementation draws the same route.
//!
//! The heap pops the smallest `(cost, geometric length, cell index)`; a neighbour is relaxed only on a
//! strictly smaller `(cost, length)`, and neighbours are expanded in the order E, W, S, N, SE, SW, NE,
//! NW. Lengths break cost ties (so zero-cost roads still settle in a fixed order) and the index breaks
//! the rest.
//!
//! It is fast enough to run on every pointer move while a marker is dragged: the step prices are
//! precomputed per cell ([`Pricing`]), the heap holds small plain entries, and a [`Router`] keeps its
//! buffers between calls.

use crate::grid::{cell_xy, is_diagonal, TerrainGrid, DIAGONAL};
use crate::{FactionRef, MarchTotals, OwnerGrid, Pricing};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A route from the attacker's marker cell to the defender's.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// Cell indices (`y·W + x`) from the start to the goal, both included; empty when they coincide
    /// (SPEC §10: "if start = goal, the route is empty").
    pub cells: Vec<u32>,
    /// Geometric length in cells (diagonal steps count √2), summed along the route.
    pub length: f64,
    /// The search's cost: the uncapped `DP + Toll` before Supply Range trims the DP.
    pub cost: f64,
    /// The map width, to turn cells back into coordinates.
    pub width: u32,
}

impl Route {
    /// The route as `(x, y)` points.
    pub fn points(&self) -> Vec<(u32, u32)> {
        self.cells
            .iter()
            .map(|&c| cell_xy(c as usize, self.width))
            .collect()
    }
}

/// A heap entry: the bits of the non-negative cost and length (whose bit order is their numeric
/// order) and the padded cell index (whose order is the real index's order).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Entry {
    cost: u64,
    length: u64,
    cell: u32,
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Entry {
    /// Reversed, so std's max-heap pops the smallest key.
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        (other.cost, other.length, other.cell).cmp(&(self.cost, self.length, self.cell))
    }
}

/// Route search with its buffers kept between calls, for dragging: after the first call on a map of
/// a given size, a search allocates nothing but the returned route.
#[derive(Clone, Default)]
pub struct Router {
    pricing: Pricing,
    /// Per padded cell: the best `[cost, length]` found so far.
    best: Vec<[f64; 2]>,
    /// Per padded cell: the padded cell it was best reached from.
    pred: Vec<u32>,
    heap: BinaryHeap<Entry>,
}

impl Router {
    /// An empty router; buffers grow on first use.
    pub fn new() -> Router {
        Router::default()
    }

    /// The cheapest route for `attacker` marching on `defender` (SPEC §10). Both markers must lie on
    /// the map, and `owners` must be the map's size.
    pub fn route(
        &mut self,
        map: &impl TerrainGrid,
        owners: &OwnerGrid,
        attacker: &FactionRef,
        defender: &FactionRef,
        totals: &MarchTotals,
    ) -> Route {
        self.pricing
            .reprice(map, owners, attacker, defender, totals);
        self.search(attacker.cell, defender.cell)
    }

    /// Dijkstra from `start` to `goal` over the current prices.
    fn search(&mut self, start: (u32, u32), goal: (u32, u32)) -> Route {
        let p = &self.pricing;
        let (w, h) = (p.width(), p.height());
        let on_map = |c: (u32, u32)| c.0 < w && c.1 < h;
        assert!(
            on_map(start) && on_map(goal),
            "markers {start:?} and {goal:?} must lie on the {w}×{h} map"
        );
        let pad = |c: (u32, u32)| p.pad(c.1 as usize * w as usize + c.0 as usize);
        let (s, g) = (pad(start), pad(goal));
        let empty = Route {
            cells: Vec::new(),
            length: 0.0,
            cost: 0.0,
            width: w,
        };
        if s == g {
            return empty;
        }
        self.best.clear();
        self.best.resize(p.padded_len(), [f64::INFINITY; 2]);
        self.pred.resize(p.padded_len(), u32::MAX);
        self.heap.clear();
        let offsets = p.offsets();
        let lengths: [f64; 8] = core::array::from_fn(|k| if is_diagonal(k) { DIAGONAL } else { 1.0 });
        self.best[s] = [0.0, 0.0];
        self.heap.push(Entry {
            cost: 0,
            length: 0,
            cell: s as u32,
        });
        while let Some(e) = self.heap.pop() {
            let c = e.cell as usize;
            let [cost, length] = self.best[c];
            if cost.to_bits() != e.cost || length.to_bits() != e.length {
                continue; // a stale entry: the cell was reached more cheaply since
            }
            if c == g {
                break;
            }
            for k in 0..8 {
                let n = c.wrapping_add_signed(offsets[k]);
                let nc = cost + p.prices_of(n)[(k >= 4) as usize];
                let nl = length + lengths[k];
                let [bc, bl] = self.best[n];
                if nc < bc || (nc == bc && nl < bl) {
                    self.best[n] = [nc, nl];
                    self.pred[n] = c as u32;
                    self.heap.push(Entry {
                        cost: nc.to_bits(),
                        length: nl.to_bits(),
                        cell: n as u32,
                    });
                }
            }
        }
        let mut cells = vec![p.unpad(g) as u32];
        let mut c = g;
        while c != s {
            c = self.pred[c] as usize;
            cells.push(p.unpad(c) as u32);
        }
        cells.reverse();
        let [cost, length] = self.best[g];
        Route {
            cells,
            length,
            cost,
            width: w,
        }
    }

    /// The step prices of the last search, for reference searches and tools.
    pub fn pricing(&self) -> &Pricing {
        &self.pricing
    }
}

/// The cheapest route for `attacker` marching on `defender` (SPEC §10), with a fresh [`Router`].
/// Keep a `Router` instead when routing repeatedly, as while a marker is dragged.
pub fn route(
    map: &impl TerrainGrid,
    owners: &OwnerGrid,
    attacker: &FactionRef,
    defender: &FactionRef,
    totals: &MarchTotals,
) -> Route {
    Router::new().route(map, owners, attacker, defender, totals)
}

#[cfg(test)]
mod tests;
