//! The cheapest route between two markers (SPEC §10): Dijkstra on the 8-connected grid, with the
//! spec's tie-breaking so that every implementation draws the same route.
//!
//! The heap pops the smallest `(cost, geometric length, cell index)`; a neighbour is relaxed only on a
//! strictly smaller `(cost, length)`, and neighbours are expanded in the order E, W, S, N, SE, SW, NE,
//! NW. Lengths break cost ties (so zero-cost roads still settle in a fixed order) and the index breaks
//! the rest.
//!
//! It is fast enough to run on every pointer move while a marker is dragged: the step prices are
//! precomputed per cell ([`Pricing`]), the queue's entries are one integer key and a cell (lengths
//! are consulted only on exact cost ties), settled cells are closed in place of a stale-entry check,
//! and a [`Router`] keeps its buffers between calls.

use crate::grid::{cell_xy, TerrainGrid, DIAGONAL};
use crate::pricing::CLOSED;
use crate::queue::{CellQueue, Entry};
use crate::{FactionRef, MarchTotals, OwnerGrid, Pricing};

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

/// The length of each step, in the neighbour order: four orthogonal, then four diagonal.
const LENGTHS: [f64; 8] = [1.0, 1.0, 1.0, 1.0, DIAGONAL, DIAGONAL, DIAGONAL, DIAGONAL];

/// Route search with its buffers kept between calls, for dragging: after the first call on a map of
/// a given size, a search allocates nothing in proportion to the map, only the returned route.
#[derive(Clone, Default)]
pub struct Router {
    pricing: Pricing,
    /// Per padded cell: the best cost found so far.
    cost: Vec<f64>,
    /// Per padded cell: the length of that best path (kept apart: it is read only on a cost tie).
    length: Vec<f64>,
    /// Per padded cell: the step (index into the neighbour order) it was best reached by.
    pred: Vec<u8>,
    heap: CellQueue,
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
        let n_cells = p.padded_len();
        let offsets = p.offsets();
        self.cost.clear();
        self.cost.resize(n_cells, f64::INFINITY);
        self.length.resize(n_cells, f64::INFINITY);
        self.pred.resize(n_cells, 0);
        self.heap.clear();
        let (classes, prices) = self.pricing.parts_mut();
        // The price table widened to every byte, NaN past the classes, so a class indexes it unchecked.
        let mut table = [[f64::NAN; 2]; 256];
        table[..prices.len()].copy_from_slice(prices);
        let (best, best_len, pred) = (&mut self.cost[..], &mut self.length[..], &mut self.pred[..]);
        best[s] = 0.0;
        best_len[s] = 0.0;
        self.heap.push(Entry {
            cost: 0,
            cell: s as u32,
        });
        while let Some(e) = self.heap.pop(|cell| best_len[cell as usize]) {
            let c = e.cell as usize;
            if classes[c] == CLOSED {
                continue; // a stale entry: the cell was settled from a cheaper one
            }
            if c == g {
                break;
            }
            // Settled: its prices turn to NaN, so no later offer can relax it.
            classes[c] = CLOSED;
            let (cost, length) = (f64::from_bits(e.cost), best_len[c]);
            // The eight steps unrolled in the spec's order, each with its constant length.
            macro_rules! relax {
                ($k:literal) => {{
                    let n = c.wrapping_add_signed(offsets[$k]);
                    let nc = cost + table[classes[n] as usize][$k >> 2];
                    let bc = best[n];
                    // `nc < bc` first: an exact cost tie is rare, so the length is seldom loaded.
                    if nc < bc || (nc == bc && length + LENGTHS[$k] < best_len[n]) {
                        let nl = length + LENGTHS[$k];
                        best[n] = nc;
                        best_len[n] = nl;
                        pred[n] = $k;
                        self.heap.push(Entry {
                            cost: nc.to_bits(),
                            cell: n as u32,
                        });
                    }
                }};
            }
            relax!(0);
            relax!(1);
            relax!(2);
            relax!(3);
            relax!(4);
            relax!(5);
            relax!(6);
            relax!(7);
        }
        let p = &self.pricing;
        let mut cells = vec![p.unpad(g) as u32];
        let mut c = g;
        while c != s {
            c = c.wrapping_add_signed(-offsets[self.pred[c] as usize]);
            cells.push(p.unpad(c) as u32);
        }
        cells.reverse();
        Route {
            cells,
            length: self.length[g],
            cost: self.cost[g],
            width: w,
        }
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
