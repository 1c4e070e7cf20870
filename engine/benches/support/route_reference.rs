//! The reference the route search is held against: `pathfinding::prelude::dijkstra` over the same
//! step prices. Shared, by path, between the route tests (exact costs on random grids) and the route
//! bench (the speed ratio), so both compare against one transcription.

/// A cost `pathfinding` can order: the route costs are finite and non-negative.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost(pub f64);

impl Eq for Cost {}

impl PartialOrd for Cost {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cost {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl std::ops::Add for Cost {
    type Output = Cost;
    fn add(self, o: Cost) -> Cost {
        Cost(self.0 + o.0)
    }
}

impl pathfinding::num_traits::Zero for Cost {
    fn zero() -> Cost {
        Cost(0.0)
    }
    fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
}

/// The eight steps in the spec's order (E, W, S, N, SE, SW, NE, NW); the last four are diagonal.
const STEPS: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// The cheapest cost from `from` to `to` on a `w`×`h` grid, where entering cell `y·w + x` costs
/// `step_cost(cell, diagonal)`.
pub fn reference_cost(
    step_cost: impl Fn(usize, bool) -> f64,
    w: u32,
    h: u32,
    from: (u32, u32),
    to: (u32, u32),
) -> f64 {
    let next = |&(x, y): &(u32, u32)| {
        STEPS
            .iter()
            .enumerate()
            .filter_map(|(k, &(dx, dy))| {
                let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
                if nx < 0 || ny < 0 || nx >= i64::from(w) || ny >= i64::from(h) {
                    return None;
                }
                let cell = ny as usize * w as usize + nx as usize;
                Some(((nx as u32, ny as u32), Cost(step_cost(cell, k >= 4))))
            })
            .collect::<Vec<_>>()
    };
    pathfinding::prelude::dijkstra(&from, next, |&c| c == to)
        .expect("every cell is reachable")
        .1
         .0
}
