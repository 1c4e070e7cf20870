//! The cheapest route between two markers (SPEC §10): Dijkstra on the 8-connected grid, with the
//! spec's tie-breaking so that every implementation draws the same route.
//!
//! The heap pops the smallest `(cost, geometric length, cell index)`; a neighbour is relaxed only on a
//! strictly smaller `(cost, length)`, and neighbours are expanded in the order E, W, S, N, SE, SW, NE,
//! NW. Lengths break cost ties (so zero-cost roads still settle in a fixed order) and the index breaks
//! the rest.
//!
//! It is fast enough to run on every pointer move while a marker is dragged: the step prices are
//! precomputed per cell ([`Pricing`]), settled cells are closed in place of a stale-entry check, and a
//! [`Router`] keeps its buffers between calls. Two searches give the same route:
//!
//! - **Buckets** (the usual one). When every step costs at least `δ > 0`, a cell settled with cost
//!   `c` only offers costs `≥ c + δ`, so cells whose costs share a bucket `[k·w, (k+1)·w)` with
//!   `w = δ/2` cannot improve one another: a bucket's cells all hold their final `(cost, length)`
//!   when it is reached, and the order they are settled in within it changes no label. What the
//!   spec's order still decides is the predecessor on an exact `(cost, length)` tie: the spec keeps
//!   the neighbour settled first, which is the one with the smallest `(cost, length, index)`, so a
//!   tie compares those keys and keeps the smaller. Buckets are a ring of `Vec<u32>` (cells only:
//!   a cell's label is read when it is settled), so a push is a multiply and a `Vec` push.
//!   Every push checks that its bucket lies ahead of the one being settled (it can only fail by
//!   rounding on absurd cost ranges); if one ever does not, the heap search runs instead.
//! - **Heap** (zero-cost steps, as on roads for an army without Movement, or a price spread too
//!   wide for a ring): the spec's Dijkstra itself, popping `(cost, length, index)` in order from
//!   [`CellQueue`].

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
    /// The bucket search's ring of buckets.
    buckets: Vec<Vec<u32>>,
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
        match self.bucket_search(attacker.cell, defender.cell) {
            Bucketed::Done(route) => return route,
            Bucketed::Unsuited => {}
            // The classes are spent by the aborted search: price again.
            Bucketed::Spent => self
                .pricing
                .reprice(map, owners, attacker, defender, totals),
        }
        self.search(attacker.cell, defender.cell)
    }

    /// The same route by the spec's heap search alone, for tests that hold the two searches together.
    #[cfg(test)]
    pub(crate) fn heap_route(
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

    /// Checks both markers and returns their padded cells, or the empty route when they coincide.
    fn ends(&self, start: (u32, u32), goal: (u32, u32)) -> Result<(usize, usize), Route> {
        let p = &self.pricing;
        let (w, h) = (p.width(), p.height());
        let on_map = |c: (u32, u32)| c.0 < w && c.1 < h;
        assert!(
            on_map(start) && on_map(goal),
            "markers {start:?} and {goal:?} must lie on the {w}×{h} map"
        );
        let pad = |c: (u32, u32)| p.pad(c.1 as usize * w as usize + c.0 as usize);
        let (s, g) = (pad(start), pad(goal));
        if s == g {
            return Err(Route {
                cells: Vec::new(),
                length: 0.0,
                cost: 0.0,
                width: w,
            });
        }
        Ok((s, g))
    }

    /// Sizes the per-cell buffers for this map and marks every cell unreached.
    fn reset(&mut self) {
        let n_cells = self.pricing.padded_len();
        self.cost.clear();
        self.cost.resize(n_cells, f64::INFINITY);
        // Lengths need no reset: one is read only on a cost tie, after this search has written it.
        self.length.resize(n_cells, f64::INFINITY);
        self.pred.resize(n_cells, 0);
    }

    /// The predecessor chain from the goal `g` back to the start `s`.
    fn trace(&self, s: usize, g: usize) -> Route {
        let p = &self.pricing;
        let offsets = p.offsets();
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
            width: p.width(),
        }
    }

    /// The bucket search of the module note, or why it did not run ([`Bucketed::Unsuited`], nothing
    /// touched) or gave up ([`Bucketed::Spent`], the classes must be priced again).
    fn bucket_search(&mut self, start: (u32, u32), goal: (u32, u32)) -> Bucketed {
        let (s, g) = match self.ends(start, goal) {
            Ok(ends) => ends,
            Err(empty) => return Bucketed::Done(empty),
        };
        let Some(ring) = Ring::for_prices(&self.pricing.parts_mut().1[..CLOSED as usize]) else {
            return Bucketed::Unsuited;
        };
        let offsets = self.pricing.offsets();
        let pw = self.pricing.width() as usize + 2;
        self.reset();
        self.buckets.resize_with(ring.len, Vec::new);
        for b in &mut self.buckets {
            b.clear();
        }
        let (classes, prices) = self.pricing.parts_mut();
        let mut table = [[f64::NAN; 2]; 256];
        table[..prices.len()].copy_from_slice(prices);
        let (best, best_len, pred) = (&mut self.cost[..], &mut self.length[..], &mut self.pred[..]);
        let buckets = &mut self.buckets[..];
        let mask = ring.len - 1;
        best[s] = 0.0;
        best_len[s] = 0.0;
        buckets[0].push(s as u32);
        let mut queued = 1usize;
        let mut cur = 0u32;
        loop {
            let slot = cur as usize & mask;
            // The bucket ids a push may take: ahead of this one, within the ring.
            let next = f64::from(cur) + 1.0;
            let horizon = (f64::from(cur) + mask as f64 + 1.0).min(f64::from(u32::MAX));
            while let Some(c) = buckets[slot].pop() {
                queued -= 1;
                let c = c as usize;
                if classes[c] == CLOSED {
                    continue; // settled from an earlier bucket, or twice queued in this one
                }
                if c == g {
                    return Bucketed::Done(self.trace(s, g));
                }
                classes[c] = CLOSED;
                let (cost, length) = (best[c], best_len[c]);
                // The eight offers first, without a branch: which of them is at least as cheap as
                // the neighbour's best (false for a closed neighbour: its price is NaN). The three
                // rows around the cell are read as three-cell windows, so each is checked once.
                let (offers, mut better) = {
                    let rows = [c - pw - 1, c - 1, c + pw - 1];
                    let cls = rows.map(|a| &classes[a..a + 3]);
                    let bst = rows.map(|a| &best[a..a + 3]);
                    let mut offers = [0.0; 8];
                    let mut better = 0u32;
                    for k in 0..8 {
                        let (row, col) = WINDOW[k];
                        let nc = cost + table[cls[row][col] as usize][k >> 2];
                        offers[k] = nc;
                        better |= u32::from(nc <= bst[row][col]) << k;
                    }
                    (offers, better)
                };
                // Then the few that are, in the spec's neighbour order.
                while better != 0 {
                    let k = better.trailing_zeros() as usize;
                    better &= better - 1;
                    let n = c.wrapping_add_signed(offsets[k]);
                    let (nc, bc, nl) = (offers[k], best[n], length + LENGTHS[k]);
                    if nc < bc {
                        let f = nc * ring.inv_width;
                        if !(f >= next && f < horizon) {
                            return Bucketed::Spent;
                        }
                        best[n] = nc;
                        best_len[n] = nl;
                        pred[n] = k as u8;
                        buckets[f as u32 as usize & mask].push(n as u32);
                        queued += 1;
                    } else if nl < best_len[n] {
                        // Same cost, so already queued in the right bucket.
                        best_len[n] = nl;
                        pred[n] = k as u8;
                    } else if nl == best_len[n] {
                        // An exact tie: the spec keeps the neighbour it settled first.
                        let p = n.wrapping_add_signed(-offsets[pred[n] as usize]);
                        if (cost, length, c) < (best[p], best_len[p], p) {
                            pred[n] = k as u8;
                        }
                    }
                }
            }
            if queued == 0 {
                return Bucketed::Spent; // cannot happen on a grid where every cell is passable
            }
            cur = match cur.checked_add(1) {
                Some(next) => next,
                None => return Bucketed::Spent,
            };
        }
    }

    /// The spec's Dijkstra from `start` to `goal` over the current prices, exact for any prices.
    fn search(&mut self, start: (u32, u32), goal: (u32, u32)) -> Route {
        let (s, g) = match self.ends(start, goal) {
            Ok(ends) => ends,
            Err(empty) => return empty,
        };
        let offsets = self.pricing.offsets();
        self.reset();
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
        self.trace(s, g)
    }
}

/// Where each neighbour of `grid::STEPS` lies in the 3×3 window around a cell: `(row, column)`.
const WINDOW: [(usize, usize); 8] = [
    (1, 2),
    (1, 0),
    (2, 1),
    (0, 1),
    (2, 2),
    (2, 0),
    (0, 2),
    (0, 0),
];

/// How the bucket search ended.
enum Bucketed {
    /// The route.
    Done(Route),
    /// The prices do not suit buckets (a zero-cost step, or too wide a spread); nothing was touched.
    Unsuited,
    /// A push fell outside the ring (rounding); the search stopped with the classes spent.
    Spent,
}

/// The bucket ring for one march's prices: bucket width `w = δ/2` (half the cheapest step, so
/// rounding cannot keep an offer in its own bucket) and a power-of-two count covering the dearest.
struct Ring {
    inv_width: f64,
    len: usize,
}

/// The most buckets a ring may have; a wider spread of prices uses the heap.
const MAX_BUCKETS: usize = 1 << 16;

impl Ring {
    fn for_prices(prices: &[[f64; 2]]) -> Option<Ring> {
        let all = || prices.iter().flatten().copied();
        let cheapest = all().fold(f64::INFINITY, f64::min);
        let dearest = all().fold(0.0, f64::max);
        if !(cheapest > 0.0 && dearest.is_finite()) {
            return None;
        }
        let width = cheapest / 2.0;
        let span = (dearest / width).ceil() + 2.0;
        // NaN spans fall back to the heap search too.
        if span.is_nan() || span >= MAX_BUCKETS as f64 {
            return None;
        }
        Some(Ring {
            inv_width: 1.0 / width,
            len: (span as usize).next_power_of_two(),
        })
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
