//! Smooth value noise for the demo map: random values on a lattice, blended with smoothstep.

use crate::{unit, Rng};

/// One octave: a lattice of random values every `cell` map cells.
struct Octave {
    cell: f64,
    cols: usize,
    vals: Vec<f64>,
}

impl Octave {
    fn new(rng: &mut impl Rng, w: u32, h: u32, cell: u32) -> Octave {
        let cols = (w / cell) as usize + 2;
        let rows = (h / cell) as usize + 2;
        let vals = (0..cols * rows).map(|_| unit(rng)).collect();
        Octave {
            cell: cell as f64,
            cols,
            vals,
        }
    }

    fn at(&self, x: f64, y: f64) -> f64 {
        let (fx, fy) = (x / self.cell, y / self.cell);
        let (ix, iy) = (fx.floor() as usize, fy.floor() as usize);
        let s = |t: f64| t * t * (3.0 - 2.0 * t);
        let (tx, ty) = (s(fx - ix as f64), s(fy - iy as f64));
        let v = |cx: usize, cy: usize| self.vals[cy * self.cols + cx];
        let top = v(ix, iy) + (v(ix + 1, iy) - v(ix, iy)) * tx;
        let bottom = v(ix, iy + 1) + (v(ix + 1, iy + 1) - v(ix, iy + 1)) * tx;
        top + (bottom - top) * ty
    }
}

/// Fractal noise in `[0, 1]`: octaves of halving size and weight.
pub(super) struct Noise {
    octaves: Vec<(Octave, f64)>,
    total: f64,
}

impl Noise {
    /// Noise over a `w × h` grid whose largest features are about `largest` cells across.
    pub(super) fn new(rng: &mut impl Rng, w: u32, h: u32, largest: u32, octaves: u32) -> Noise {
        let mut list = Vec::new();
        let (mut cell, mut weight) = (largest, 1.0);
        for _ in 0..octaves {
            list.push((Octave::new(rng, w, h, cell.max(2)), weight));
            cell /= 2;
            weight *= 0.5;
        }
        let total = list.iter().map(|(_, w)| w).sum();
        Noise {
            octaves: list,
            total,
        }
    }

    /// The noise at cell `(x, y)`.
    pub(super) fn at(&self, x: u32, y: u32) -> f64 {
        let (x, y) = (x as f64 + 0.5, y as f64 + 0.5);
        self.octaves
            .iter()
            .map(|(o, w)| o.at(x, y) * w)
            .sum::<f64>()
            / self.total
    }
}
