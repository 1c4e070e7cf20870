//! The arithmetic of the exchange (SYSTEMS.md §3.4): the chance of a hit, the order of hits within
//! a cycle, and the damage a hit does to a structure.

use crate::Side;

/// `A / (A + B)`: the chance a strike of `a` hits a defense of `b`.
pub fn hit_chance(a: f64, b: f64) -> f64 {
    a / (a + b)
}

/// The order of one cycle's hits when the sides have `n_a` and `n_d` figures able to strike: the
/// sides alternate, attacker first, until each has had `min(n_a, n_d)`, then the larger side has
/// the difference in a row (`OLY-19/20`).
pub fn cycle_order(n_a: usize, n_d: usize) -> Vec<Side> {
    let both = n_a.min(n_d);
    let (rest, larger) = if n_a >= n_d {
        (n_a - both, Side::Attacker)
    } else {
        (n_d - both, Side::Defender)
    };
    let mut order = Vec::with_capacity(n_a.max(n_d) + both);
    for _ in 0..both {
        order.push(Side::Attacker);
        order.push(Side::Defender);
    }
    order.extend(std::iter::repeat_n(larger, rest));
    order
}

/// Points a successful hit takes off a structure: 1, or `4 + d6` (5–10) from a siege engine.
pub fn structure_points(engine: bool, d6: u64) -> u32 {
    if engine {
        4 + d6 as u32
    } else {
        1
    }
}
