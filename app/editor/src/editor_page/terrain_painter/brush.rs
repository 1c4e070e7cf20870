//! The brush: which cells one dab covers, and the dabs a pointer drag lays between two samples.
//! Pure and natively tested; the painter only turns pointer positions into cell coordinates.
//!
//! Pointer events arrive tens of milliseconds apart, so a quick drag jumps several cells between
//! samples. Painting only at the samples would leave a dotted line; [`segment`] fills the gap with
//! one dab per cell along the way, so a stroke is continuous however fast the hand moves.

/// The brush sizes offered, as the footprint's width in cells (odd, so the brush has a centre).
pub const SIZES: [u32; 6] = [1, 3, 5, 7, 11, 15];

/// The largest brush, so a size read from a form can be clamped.
pub const MAX_SIZE: u32 = 15;

/// The cells (`y·width + x`) a round brush `size` cells wide covers when centred on `(cx, cy)`,
/// clipped to a `width × height` grid. The centre may lie outside the grid (a stroke that runs off
/// the edge); only cells inside the grid are ever returned.
pub fn footprint(cx: i64, cy: i64, size: u32, width: u32, height: u32) -> Vec<usize> {
    let size = size.clamp(1, MAX_SIZE);
    let r = i64::from(size / 2);
    // `r² + r` rounds the disc outward, so a 3-wide brush is a plus-free 3×3 block and wider ones
    // look round rather than diamond-shaped.
    let reach = r * r + r;
    let (w, h) = (i64::from(width), i64::from(height));
    let mut cells = Vec::with_capacity((size * size) as usize);
    for y in (cy - r).max(0)..=(cy + r).min(h - 1) {
        for x in (cx - r).max(0)..=(cx + r).min(w - 1) {
            let (dx, dy) = (x - cx, y - cy);
            if dx * dx + dy * dy <= reach {
                cells.push((y * w + x) as usize);
            }
        }
    }
    cells
}

/// The dab centres from `from` to `to`, both included, one per cell step along the longer axis
/// (a DDA line), so consecutive dabs always touch.
pub fn segment(from: (i64, i64), to: (i64, i64)) -> Vec<(i64, i64)> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let steps = dx.abs().max(dy.abs());
    if steps == 0 {
        return vec![from];
    }
    (0..=steps)
        .map(|i| {
            // Each dab is the nearest cell to the exact line.
            let x = from.0 + div_round(dx * i, steps);
            let y = from.1 + div_round(dy * i, steps);
            (x, y)
        })
        .collect()
}

/// `n / d` rounded half away from zero, for `d > 0`.
fn div_round(n: i64, d: i64) -> i64 {
    if n >= 0 {
        (2 * n + d) / (2 * d)
    } else {
        -((-2 * n + d) / (2 * d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn xy(cells: &[usize], width: u32) -> Vec<(usize, usize)> {
        cells
            .iter()
            .map(|&c| (c % width as usize, c / width as usize))
            .collect()
    }

    #[test]
    fn a_one_cell_brush_paints_its_cell() {
        assert_eq!(footprint(2, 1, 1, 4, 3), vec![6]);
    }

    #[test]
    fn a_three_cell_brush_is_a_square_and_five_is_round() {
        assert_eq!(footprint(1, 1, 3, 3, 3).len(), 9);
        // Five wide: the 5×5 block without its four corners.
        let five = xy(&footprint(2, 2, 5, 5, 5), 5);
        assert_eq!(five.len(), 21);
        for corner in [(0, 0), (4, 0), (0, 4), (4, 4)] {
            assert!(!five.contains(&corner), "{corner:?}");
        }
    }

    #[test]
    fn the_brush_is_clipped_at_the_edges() {
        // A 3-wide brush in the corner covers the 2×2 cells that exist.
        assert_eq!(
            xy(&footprint(0, 0, 3, 10, 10), 10),
            [(0, 0), (1, 0), (0, 1), (1, 1)]
        );
        // Wholly outside: nothing.
        assert!(footprint(-5, 3, 3, 10, 10).is_empty());
        assert!(footprint(3, 12, 3, 10, 10).is_empty());
    }

    #[test]
    fn sizes_out_of_range_are_clamped() {
        assert_eq!(footprint(5, 5, 0, 10, 10), footprint(5, 5, 1, 10, 10));
        assert_eq!(
            footprint(20, 20, 99, 40, 40).len(),
            footprint(20, 20, MAX_SIZE, 40, 40).len()
        );
    }

    #[test]
    fn a_segment_steps_one_cell_at_a_time() {
        assert_eq!(segment((0, 0), (0, 0)), vec![(0, 0)]);
        assert_eq!(
            segment((0, 0), (3, 0)),
            vec![(0, 0), (1, 0), (2, 0), (3, 0)]
        );
        assert_eq!(
            segment((0, 0), (4, 2)),
            vec![(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)]
        );
    }

    proptest! {
        #[test]
        fn the_brush_never_leaves_the_grid(
            cx in -30i64..60, cy in -30i64..60, size in 0u32..20, w in 1u32..40, h in 1u32..40,
        ) {
            let cells = footprint(cx, cy, size, w, h);
            let total = (w * h) as usize;
            prop_assert!(cells.iter().all(|&c| c < total));
            // No cell twice, and the centre is painted whenever it is on the grid.
            let mut sorted = cells.clone();
            sorted.dedup();
            prop_assert_eq!(sorted.len(), cells.len());
            if (0..w as i64).contains(&cx) && (0..h as i64).contains(&cy) {
                prop_assert!(cells.contains(&((cy * w as i64 + cx) as usize)));
            }
        }

        #[test]
        fn segments_are_contiguous_and_end_where_asked(
            a in (-50i64..50, -50i64..50), b in (-50i64..50, -50i64..50),
        ) {
            let s = segment(a, b);
            prop_assert_eq!(s[0], a);
            prop_assert_eq!(*s.last().unwrap(), b);
            for w in s.windows(2) {
                prop_assert!((w[1].0 - w[0].0).abs() <= 1 && (w[1].1 - w[0].1).abs() <= 1);
            }
        }
    }
}
