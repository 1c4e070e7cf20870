//! The price of every step on the map for one march (SPEC §10): `c(a, b) = m(b) × L × (u + τ'(b))`,
//! precomputed so the route search's inner loop is two loads and an add.
//!
//! A step's price depends only on the cell entered and whether the step is diagonal. The cell's part
//! is one of 6 terrains × 3 multipliers, so each cell stores a one-byte class and the prices of the 18
//! classes sit in a table small enough to stay in L1. Each table entry is evaluated as
//! `(m × L) × (u + τ')`, exactly the spec's operation order, so the search sums bit-identical numbers
//! in every implementation that follows the spec.
//!
//! The cells are laid out with a one-cell border (a `(W+2) × (H+2)` grid) whose class is priced NaN
//! (no offer through it ever compares smaller), so the search needs no bounds checks; the padded
//! index keeps the order of the real one, so ties broken by index fall the same way.

use crate::map::grid::{TerrainGrid, DIAGONAL, STEPS};
use crate::map::march::{crossing_multiplier, Logistics};
use crate::{FactionRef, MarchTotals, OwnerGrid};

/// The class of a border cell, and of a cell the search has settled: no step may enter it. Its
/// prices are NaN, so an offer never compares smaller (or equal) and needs no extra branch.
pub(crate) const CLOSED: u8 = 18;
const BORDER: u8 = CLOSED;
/// The three crossing multipliers, by multiplier class.
const MULTIPLIERS: [f64; 3] = [1.0, 3.0, 8.0];

/// The step prices of one march over one map, reusable across marches to avoid reallocating.
#[derive(Clone, Debug, Default)]
pub struct Pricing {
    width: u32,
    height: u32,
    /// Per padded cell: `terrain × 3 + multiplier class`, or [`BORDER`].
    classes: Vec<u8>,
    /// Per class: `[orthogonal, diagonal]` step price.
    prices: [[f64; 2]; BORDER as usize + 1],
    /// Bit `k` is set when some cell of the map has class `k`: the cheapest step that can really be
    /// taken bounds the rest of a route from below (the route search's A* bound).
    present: u32,
}

impl Pricing {
    /// The step prices for `attacker` marching on `defender` over `map` held as `owners`.
    pub fn new(
        map: &impl TerrainGrid,
        owners: &OwnerGrid,
        attacker: &FactionRef,
        defender: &FactionRef,
        totals: &MarchTotals,
    ) -> Pricing {
        let mut p = Pricing::default();
        p.reprice(map, owners, attacker, defender, totals);
        p
    }

    /// Recomputes the prices in place for another march (or the same march after a drag).
    pub fn reprice(
        &mut self,
        map: &impl TerrainGrid,
        owners: &OwnerGrid,
        attacker: &FactionRef,
        defender: &FactionRef,
        totals: &MarchTotals,
    ) {
        let (w, h) = (map.width(), map.height());
        assert!(
            owners.width() == w && owners.height() == h,
            "owner grid {}×{} does not fit the {w}×{h} map",
            owners.width(),
            owners.height()
        );
        self.width = w;
        self.height = h;
        let lg = Logistics::new(totals, w, h);
        for (class, price) in self.prices.iter_mut().enumerate().take(BORDER as usize) {
            let (terrain, mclass) = (class / 3, class % 3);
            let m = MULTIPLIERS[mclass];
            let k = lg.u + lg.tolls[terrain];
            *price = [m * 1.0 * k, m * DIAGONAL * k];
        }
        self.prices[BORDER as usize] = [f64::NAN; 2];
        // The multiplier class of each holder slot (slot 0 = unowned).
        let slot_class: Vec<u8> = std::iter::once(None)
            .chain(owners.holders().iter().copied().map(Some))
            .map(|o| {
                let m = crossing_multiplier(o, attacker, defender);
                MULTIPLIERS.iter().position(|&x| x == m).unwrap_or(0) as u8
            })
            .collect();
        let pw = w as usize + 2;
        self.classes.clear();
        self.classes.resize(pw * (h as usize + 2), BORDER);
        let mut present = 0u32;
        let (w, slots) = (w as usize, owners.slots());
        for y in 0..h as usize {
            let row = &mut self.classes[(y + 1) * pw + 1..][..w];
            let row_slots = &slots[y * w..][..w];
            for (x, (class, &slot)) in row.iter_mut().zip(row_slots).enumerate() {
                let terrain = map.terrain(y * w + x) as u8;
                *class = terrain * 3 + slot_class[slot as usize];
                present |= 1 << *class;
            }
        }
        self.present = present;
    }

    /// The `[orthogonal, diagonal]` prices of the classes some cell of the map has.
    pub(crate) fn present_prices(&self) -> impl Iterator<Item = [f64; 2]> + Clone + '_ {
        (0..BORDER as usize)
            .filter(|&k| self.present & (1 << k) != 0)
            .map(|k| self.prices[k])
    }

    /// The price of the step into `cell` (index `y·W + x`), orthogonal or diagonal.
    pub fn step_cost(&self, cell: usize, diagonal: bool) -> f64 {
        let class = self.classes[self.pad(cell)];
        self.prices[class as usize][diagonal as usize]
    }

    /// The padded index of a real cell index.
    pub(crate) fn pad(&self, cell: usize) -> usize {
        let w = self.width as usize;
        (cell / w + 1) * (w + 2) + cell % w + 1
    }

    /// The real cell index of a padded one.
    pub(crate) fn unpad(&self, padded: usize) -> usize {
        let pw = self.width as usize + 2;
        (padded / pw - 1) * self.width as usize + padded % pw - 1
    }

    /// The padded-index offsets of the eight steps, in [`STEPS`] order.
    pub(crate) fn offsets(&self) -> [isize; 8] {
        let pw = self.width as isize + 2;
        STEPS.map(|(dx, dy)| dy as isize * pw + dx as isize)
    }

    /// Padded cell count.
    pub(crate) fn padded_len(&self) -> usize {
        self.classes.len()
    }

    /// The classes (for the search to close settled cells in) and the price table. A search leaves
    /// the classes spent: [`Pricing::reprice`] must run before the next search.
    pub(crate) fn parts_mut(&mut self) -> (&mut [u8], &[[f64; 2]; BORDER as usize + 1]) {
        (&mut self.classes, &self.prices)
    }

    /// Map width.
    pub(crate) fn width(&self) -> u32 {
        self.width
    }

    /// Map height.
    pub(crate) fn height(&self) -> u32 {
        self.height
    }
}
