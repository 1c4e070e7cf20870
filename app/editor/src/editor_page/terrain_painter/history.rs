//! Strokes and their undo/redo history. A stroke is everything painted between pointer down and
//! pointer up: each cell it changed with the terrain before and after, so undo puts back exactly
//! what was there and redo exactly what was painted, whatever order the cells were touched in.
//! Pure and natively tested.

use super::brush::{footprint, segment};
use engine::{Terrain, TerrainMap};
use std::collections::BTreeMap;

/// How many strokes undo remembers; older ones are dropped (the map itself keeps them).
pub const UNDO_DEPTH: usize = 100;

/// One finished stroke: the cells it changed, `(index, before, after)`, in index order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stroke {
    changes: Vec<(usize, Terrain, Terrain)>,
}

impl Stroke {
    /// How many cells the stroke changed.
    pub fn len(&self) -> usize {
        self.changes.len()
    }

    /// Whether the stroke changed nothing (painting a terrain over itself).
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// Puts back the terrain each cell had before the stroke.
    pub fn undo(&self, map: &mut TerrainMap) {
        for &(i, before, _) in &self.changes {
            map.cells[i] = before;
        }
    }

    /// Paints the stroke again.
    pub fn redo(&self, map: &mut TerrainMap) {
        for &(i, _, after) in &self.changes {
            map.cells[i] = after;
        }
    }
}

/// A stroke being painted: the terrain, the brush, the last dab, and each touched cell's terrain
/// from before the stroke began (the first time the stroke touched it).
#[derive(Clone, Debug)]
pub struct StrokeInProgress {
    terrain: Terrain,
    size: u32,
    last: (i64, i64),
    before: BTreeMap<usize, Terrain>,
}

impl StrokeInProgress {
    /// Starts a stroke at cell `at` and paints its first dab onto `map`.
    pub fn begin(map: &mut TerrainMap, terrain: Terrain, size: u32, at: (i64, i64)) -> Self {
        let mut s = StrokeInProgress {
            terrain,
            size,
            last: at,
            before: BTreeMap::new(),
        };
        s.dab(map, at);
        s
    }

    /// Continues the stroke to `to`, painting every dab along the way. Returns whether any cell
    /// changed, so the caller redraws only when something did.
    pub fn extend(&mut self, map: &mut TerrainMap, to: (i64, i64)) -> bool {
        if to == self.last {
            return false;
        }
        let mut changed = false;
        for at in segment(self.last, to).into_iter().skip(1) {
            changed |= self.dab(map, at);
        }
        self.last = to;
        changed
    }

    fn dab(&mut self, map: &mut TerrainMap, at: (i64, i64)) -> bool {
        let mut changed = false;
        for i in footprint(at.0, at.1, self.size, map.width, map.height) {
            let old = map.cells[i];
            if old != self.terrain {
                self.before.entry(i).or_insert(old);
                map.cells[i] = self.terrain;
                changed = true;
            }
        }
        changed
    }

    /// Ends the stroke: the cells whose terrain differs from before it began.
    pub fn finish(self, map: &TerrainMap) -> Stroke {
        let changes = self
            .before
            .into_iter()
            .map(|(i, before)| (i, before, map.cells[i]))
            .filter(|&(_, before, after)| before != after)
            .collect();
        Stroke { changes }
    }
}

/// The strokes that can be undone and those that can be redone.
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<Stroke>,
    redo: Vec<Stroke>,
}

impl History {
    /// Records a finished stroke; a new stroke forgets what could be redone. Empty strokes are not
    /// recorded: undo should never appear to do nothing.
    pub fn record(&mut self, stroke: Stroke) {
        if stroke.is_empty() {
            return;
        }
        self.redo.clear();
        self.undo.push(stroke);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
    }

    /// Undoes the last stroke on `map`; false when there is none.
    pub fn undo(&mut self, map: &mut TerrainMap) -> bool {
        let Some(s) = self.undo.pop() else {
            return false;
        };
        s.undo(map);
        self.redo.push(s);
        true
    }

    /// Redoes the last undone stroke on `map`; false when there is none.
    pub fn redo(&mut self, map: &mut TerrainMap) -> bool {
        let Some(s) = self.redo.pop() else {
            return false;
        };
        s.redo(map);
        self.undo.push(s);
        true
    }

    /// Puts back a stroke that [`History::undo`] or [`History::redo`] took but the store refused,
    /// so the history matches the map again.
    pub fn revert_undo(&mut self) {
        if let Some(s) = self.redo.pop() {
            self.undo.push(s);
        }
    }

    /// See [`History::revert_undo`].
    pub fn revert_redo(&mut self) {
        if let Some(s) = self.undo.pop() {
            self.redo.push(s);
        }
    }

    /// Whether there is a stroke to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a stroke to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rows(map: &TerrainMap) -> Vec<String> {
        map.rows()
    }

    #[test]
    fn a_stroke_paints_a_continuous_line_and_undo_clears_it() {
        let mut map = TerrainMap::filled(7, 3, Terrain::Plains);
        let start = map.clone();
        let mut s = StrokeInProgress::begin(&mut map, Terrain::Mountain, 1, (0, 1));
        assert!(s.extend(&mut map, (6, 1)));
        let stroke = s.finish(&map);
        assert_eq!(rows(&map), ["PPPPPPP", "MMMMMMM", "PPPPPPP"]);
        assert_eq!(stroke.len(), 7);
        let mut h = History::default();
        h.record(stroke);
        assert!(h.undo(&mut map));
        assert_eq!(map, start);
        assert!(h.redo(&mut map));
        assert_eq!(rows(&map), ["PPPPPPP", "MMMMMMM", "PPPPPPP"]);
    }

    #[test]
    fn crossing_its_own_path_keeps_the_first_before() {
        // A stroke over a cell it already painted must still undo to the original terrain.
        let mut map = TerrainMap::filled(3, 1, Terrain::Water);
        let mut s = StrokeInProgress::begin(&mut map, Terrain::Road, 1, (0, 0));
        s.extend(&mut map, (2, 0));
        s.extend(&mut map, (0, 0));
        let stroke = s.finish(&map);
        stroke.undo(&mut map);
        assert_eq!(map, TerrainMap::filled(3, 1, Terrain::Water));
    }

    #[test]
    fn painting_a_terrain_over_itself_records_nothing() {
        let mut map = TerrainMap::filled(4, 4, Terrain::Forest);
        let s = StrokeInProgress::begin(&mut map, Terrain::Forest, 3, (1, 1));
        let stroke = s.finish(&map);
        assert!(stroke.is_empty());
        let mut h = History::default();
        h.record(stroke);
        assert!(!h.can_undo());
    }

    #[test]
    fn a_new_stroke_forgets_the_redo() {
        let mut map = TerrainMap::filled(4, 1, Terrain::Plains);
        let mut h = History::default();
        for (x, t) in [(0, Terrain::Water), (3, Terrain::Marsh)] {
            let s = StrokeInProgress::begin(&mut map, t, 1, (x, 0));
            h.record(s.finish(&map));
        }
        assert!(h.undo(&mut map));
        assert!(h.can_redo());
        let s = StrokeInProgress::begin(&mut map, Terrain::Road, 1, (1, 0));
        h.record(s.finish(&map));
        assert!(!h.can_redo());
        assert_eq!(rows(&map), ["WRPP"]);
    }

    #[test]
    fn undo_is_bounded() {
        let mut map = TerrainMap::filled(2, 1, Terrain::Plains);
        let mut h = History::default();
        for k in 0..UNDO_DEPTH + 5 {
            let t = if k % 2 == 0 {
                Terrain::Water
            } else {
                Terrain::Plains
            };
            let s = StrokeInProgress::begin(&mut map, t, 1, (0, 0));
            h.record(s.finish(&map));
        }
        let mut n = 0;
        while h.undo(&mut map) {
            n += 1;
        }
        assert_eq!(n, UNDO_DEPTH);
    }

    /// One random stroke: `(terrain, size, points)`.
    type RandomStroke = (usize, u32, Vec<(i64, i64)>);

    /// A random map (width, height, terrain codes) and random strokes.
    fn strokes() -> impl Strategy<Value = (u32, u32, Vec<u8>, Vec<RandomStroke>)> {
        (1u32..24, 1u32..16).prop_flat_map(|(w, h)| {
            let cells = proptest::collection::vec(0u8..6, (w * h) as usize);
            let point = (-4i64..w as i64 + 4, -4i64..h as i64 + 4);
            let stroke = (0usize..6, 1u32..8, proptest::collection::vec(point, 1..6));
            (
                Just(w),
                Just(h),
                cells,
                proptest::collection::vec(stroke, 0..8),
            )
        })
    }

    proptest! {
        #[test]
        fn undoing_every_stroke_restores_the_grid_exactly_and_redo_repaints_it(
            (w, h, cells, plan) in strokes()
        ) {
            let cells = cells.into_iter().map(|c| Terrain::ALL[c as usize]).collect();
            let original = TerrainMap { width: w, height: h, cells };
            let mut map = original.clone();
            let mut h = History::default();
            for (t, size, points) in &plan {
                let mut s = StrokeInProgress::begin(&mut map, Terrain::ALL[*t], *size, points[0]);
                for &p in &points[1..] {
                    s.extend(&mut map, p);
                }
                h.record(s.finish(&map));
                prop_assert_eq!(map.cells.len(), original.cells.len());
            }
            let painted = map.clone();
            while h.undo(&mut map) {}
            prop_assert_eq!(&map, &original);
            while h.redo(&mut map) {}
            prop_assert_eq!(&map, &painted);
        }
    }
}
