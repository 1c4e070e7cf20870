//! Stable sorting with one shared sort routine, for a small wasm build.
//!
//! Every `slice::sort_by` / `sort_by_key` call on a new element type instantiates the standard
//! library's driftsort again (about 4 KB of wasm each; `Realm::sort` alone sorted 23 record types).
//! [`stable_sort_by`] instead sorts the *positions* `0..n` with one non-generic routine (a `u32`
//! slice and a `dyn` comparator) and then moves the elements into that order, so each caller adds
//! only a few hundred bytes. The order is exactly the standard stable sort's: positions start in
//! order and the positions sort is itself stable, so equal elements keep their relative order.
//! It also stands in for `sort_unstable` where the order is total and equal means identical
//! (integers, tuples of them, `f64::total_cmp`): there every sort gives the same result.

use std::cmp::Ordering;

/// Sorts `v` by `compare`, stably: the same order as `v.sort_by(compare)`.
pub fn stable_sort_by<T>(v: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<u32> = (0..v.len() as u32).collect();
    {
        let v: &[T] = v;
        sort_positions(&mut order, &mut |a, b| {
            compare(&v[a as usize], &v[b as usize])
        });
    }
    permute(v, &mut order);
}

/// Sorts `v` by the key `key` gives, stably: the same order as `v.sort_by_key(key)`.
pub fn stable_sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    stable_sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// The one instantiation of the standard stable sort that every caller shares.
#[inline(never)]
fn sort_positions(order: &mut [u32], compare: &mut dyn FnMut(u32, u32) -> Ordering) {
    order.sort_by(|&a, &b| compare(a, b));
}

/// Puts `v` in the order `order` names (`order[k]` is the old position of the element that goes
/// to position `k`), following each cycle of the permutation with swaps. Leaves `order` as the
/// identity.
fn permute<T>(v: &mut [T], order: &mut [u32]) {
    for start in 0..order.len() {
        let mut at = start;
        loop {
            let from = order[at] as usize;
            order[at] = at as u32;
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Same order as the standard library's stable sort, ties included (the keys are drawn
        /// from a small range so equal keys are common; the payload tells equal keys apart).
        #[test]
        fn matches_the_standard_stable_sort(keys in proptest::collection::vec(0u8..6, 0..60)) {
            let items: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut ours = items.clone();
            stable_sort_by_key(&mut ours, |e| e.0);
            let mut std_sorted = items.clone();
            std_sorted.sort_by_key(|e| e.0);
            prop_assert_eq!(&ours, &std_sorted);

            let mut ours = items.clone();
            stable_sort_by(&mut ours, |a, b| b.0.cmp(&a.0));
            let mut std_sorted = items;
            std_sorted.sort_by_key(|e| std::cmp::Reverse(e.0));
            prop_assert_eq!(ours, std_sorted);
        }
    }

    #[test]
    fn sorts_owned_values_without_losing_any() {
        let mut v: Vec<String> = ["pike", "axe", "bow", "axe", "club"]
            .map(String::from)
            .to_vec();
        stable_sort_by(&mut v, |a, b| a.cmp(b));
        assert_eq!(v, ["axe", "axe", "bow", "club", "pike"]);
    }
}
