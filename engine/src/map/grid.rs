//! The 8-connected grid that territory and routes walk: the small map trait they know, and the
//! neighbour order both must expand in (SPEC §8.3, §10).
//!
//! The algorithms see the map only through [`TerrainGrid`], so a test can hand them a few hand-drawn
//! cells and the app a live map without either knowing about the realm document.

use crate::{Terrain, TerrainMap};

/// What the claim and the route need to know about a map: its size and the ground of each cell.
pub trait TerrainGrid {
    /// Cells across.
    fn width(&self) -> u32;
    /// Cells down.
    fn height(&self) -> u32;
    /// The ground of the cell with index `y·width + x`.
    fn terrain(&self, cell: usize) -> Terrain;
}

impl TerrainGrid for TerrainMap {
    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    fn terrain(&self, cell: usize) -> Terrain {
        self.cells[cell]
    }
}

/// √2 as the spec uses it: the length of a diagonal step.
pub(crate) const DIAGONAL: f64 = core::f64::consts::SQRT_2;

/// The eight steps `(dx, dy)` in the spec's order E, W, S, N, SE, SW, NE, NW. Ties between equal
/// paths fall to whichever neighbour is pushed first, so two implementations draw the same route
/// only if they expand in this order.
pub(crate) const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// Whether step `k` of [`STEPS`] is diagonal (the last four are).
pub(crate) fn is_diagonal(k: usize) -> bool {
    k >= 4
}

/// The `(x, y)` of a cell index on a grid `width` cells across.
pub fn cell_xy(cell: usize, width: u32) -> (u32, u32) {
    (
        (cell % width as usize) as u32,
        (cell / width as usize) as u32,
    )
}

/// The index `y·width + x` of a cell.
pub fn cell_index(x: u32, y: u32, width: u32) -> usize {
    y as usize * width as usize + x as usize
}
