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
//! - **A\* in buckets** (the usual one). What the spec's Dijkstra decides is a pure function of the
//!   map: each cell's `(cost, length)`, the least over all paths, and its predecessor, which on an
//!   exact `(cost, length)` tie is the neighbour the spec settles first, the one with the smallest
//!   `(cost, length, index)`. So any search that settles each cell with its final label, after every
//!   neighbour that could give it that label, draws the same route, provided a tie compares those
//!   keys and keeps the smaller. This one settles far fewer cells than Dijkstra (about a third on
//!   the demo's marches) by looking ahead: a cell's estimate is `cost + bound`, where the [`Bound`]
//!   is the octile distance left to the goal at the cheapest step on the map, shrunk by a millionth.
//!   Cells wait in buckets of estimate (a ring, one cheapest step wide) and each bucket is a heap
//!   by cost. A cell's cheaper predecessors always have a strictly smaller estimate (the shrunk
//!   bound is consistent with a margin far above rounding), so they sit in an earlier bucket, or in
//!   the same one with a smaller cost, and are settled first.
//!   Every push checks that its bucket is the current one or ahead of it within the ring (it can
//!   only fail by rounding on absurd cost ranges); if one ever is not, the heap search runs instead.
//! - **Heap** (zero-cost steps, as on roads for an army without Movement, or a price spread too
//!   wide for a ring): the spec's Dijkstra itself, popping `(cost, length, index)` in order from
//!   [`CellQueue`].

use crate::map::grid::{cell_xy, TerrainGrid, DIAGONAL, STEPS};
use crate::map::pricing::CLOSED;
use crate::{FactionRef, MarchTotals, OwnerGrid, Pricing};
use heap::{CellQueue, Entry, QuadHeap};

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
    /// The bucket search's ring of buckets, each a heap by cost.
    buckets: Vec<QuadHeap>,
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
        let Some(ring) = Ring::for_prices(self.pricing.present_prices()) else {
            return Bucketed::Unsuited;
        };
        // Coordinates ride in 16 bits each (see [`bucket_entry`]).
        if self.pricing.width().max(self.pricing.height()) > u32::from(u16::MAX) {
            return Bucketed::Unsuited;
        }
        let bound = Bound {
            goal: (goal.0 as i32, goal.1 as i32),
            per_length: ring.cheapest * (1.0 - BOUND_SLACK),
        };
        let offsets = self.pricing.offsets();
        let pw = self.pricing.width() as usize + 2;
        self.reset();
        self.buckets.resize_with(ring.len, Default::default);
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
        let at = |(x, y): (u32, u32)| (x as i32, y as i32);
        let first = bound.rest(at(start)) * ring.inv_width;
        if !(first >= 0.0 && first < f64::from(u32::MAX)) {
            return Bucketed::Unsuited;
        }
        let mut cur = first as u32;
        buckets[cur as usize & mask].push(bucket_entry(0.0, s, at(start)));
        let mut queued = 1usize;
        loop {
            let slot = cur as usize & mask;
            // The bucket ids a push may take: this one or ahead of it, within the ring.
            let here = f64::from(cur);
            let horizon = (here + mask as f64 + 1.0).min(f64::from(u32::MAX));
            while let Some(e) = buckets[slot].pop() {
                queued -= 1;
                let c = e.cell as usize;
                if classes[c] == CLOSED {
                    continue; // settled from a cheaper entry
                }
                if c == g {
                    return Bucketed::Done(self.trace(s, g));
                }
                classes[c] = CLOSED;
                let (cost, length) = (best[c], best_len[c]);
                let (x, y) = ((e.tag & 0xffff) as i32, (e.tag >> 16) as i32);
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
                        let (dx, dy) = STEPS[k];
                        let xy = (x + dx, y + dy);
                        let f = (nc + bound.rest(xy)) * ring.inv_width;
                        if !(f >= here && f < horizon) {
                            return Bucketed::Spent;
                        }
                        best[n] = nc;
                        best_len[n] = nl;
                        pred[n] = k as u8;
                        buckets[f as u32 as usize & mask].push(bucket_entry(nc, n, xy));
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
        self.heap.push(Entry::new(0, s as u32));
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
                        self.heap.push(Entry::new(nc.to_bits(), n as u32));
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

/// The bucket ring for one march's prices. Bucket ids are the A* estimate `f = cost + bound` in
/// units of the bucket width; a step raises `f` by at most the dearest step plus the bound's growth
/// along it (at most the cheapest diagonal), so a ring of `2 × dearest / width` buckets, rounded up
/// to a power of two, always has room ahead. Any width is exact (each bucket is a heap by cost); the
/// width only trades empty buckets against longer heaps.
struct Ring {
    inv_width: f64,
    len: usize,
    /// The cheapest orthogonal step on this map: the bound's price per unit of length.
    cheapest: f64,
}

/// The most buckets a ring may have; a wider spread of prices uses the heap.
const MAX_BUCKETS: usize = 1 << 16;

/// How much the bound is shrunk below the cheapest step, so that rounding can never make a
/// cell's estimate overtake one of its cheaper predecessors' (see [`Bound`]).
const BOUND_SLACK: f64 = 1e-6;

impl Ring {
    fn for_prices(prices: impl Iterator<Item = [f64; 2]> + Clone) -> Option<Ring> {
        let all = || prices.clone().flatten();
        let cheapest = all().fold(f64::INFINITY, f64::min);
        let dearest = all().fold(0.0, f64::max);
        if !(cheapest > 0.0 && dearest.is_finite()) {
            return None;
        }
        let width = cheapest * BUCKET_WIDTH;
        let span = (2.0 * dearest / width).ceil() + 2.0;
        // NaN spans fall back to the heap search too.
        if span.is_nan() || span >= MAX_BUCKETS as f64 {
            return None;
        }
        Some(Ring {
            inv_width: 1.0 / width,
            len: (span as usize).next_power_of_two(),
            cheapest,
        })
    }
}

/// The bucket width, in cheapest steps.
const BUCKET_WIDTH: f64 = 1.0;

/// A lower bound on what the rest of a route costs from a cell: the fewest cells of length left to
/// the goal (the octile distance: diagonal steps while both coordinates differ, then straight ones)
/// at the cheapest step price on the map, shrunk by [`BOUND_SLACK`].
///
/// The bound is consistent with margin to spare: from a cell to its neighbour it falls by at most
/// `(1 − slack) × cheapest × L`, less than the step's price by `slack × price`, which is many orders
/// of magnitude above the rounding of the sums involved (the ring's span limit keeps the cheapest
/// step within 2¹⁶ of the dearest, so the margin stays above rounding for any route shorter than
/// millions of steps). So a cell's estimate `cost + bound` is
/// strictly above that of any neighbour it can be reached from more cheaply, and every cell that
/// settles another's cost is settled before it.
struct Bound {
    goal: (i32, i32),
    per_length: f64,
}

impl Bound {
    #[inline(always)]
    fn rest(&self, (x, y): (i32, i32)) -> f64 {
        let (dx, dy) = ((x - self.goal.0).abs(), (y - self.goal.1).abs());
        let (short, long) = if dx < dy { (dx, dy) } else { (dy, dx) };
        self.per_length * (f64::from(long - short) + DIAGONAL * f64::from(short))
    }
}

/// A cell queued in a bucket, with the cost it was offered at and its coordinates (for the bound)
/// in the entry's tag.
#[inline(always)]
fn bucket_entry(cost: f64, cell: usize, (x, y): (i32, i32)) -> Entry {
    Entry {
        cost: cost.to_bits(),
        cell: cell as u32,
        tag: x as u32 | (y as u32) << 16,
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

mod heap;
#[cfg(test)]
mod tests;
