//! The route search's priority queue: pops cells in the spec's order `(cost, length, cell index)`
//! while the heap itself orders by cost alone.
//!
//! Exact cost ties are rare (zero-cost road with no Movement, or symmetric ground), so a 4-ary heap
//! holds small `(cost bits, cell)` entries that compare as one integer, and the few entries whose cost
//! equals the cost being settled wait in a short tie list, from which the smallest `(length, cell)`
//! is taken by a scan. Dijkstra's keys never decrease, so once a cost is reached nothing cheaper can
//! arrive, and an entry as cheap as the tie list joins it directly.
//!
//! Entries carry no length. The length of a queued cell that is not yet settled is always its best
//! length: an entry whose cell was since reached more cheaply is popped after that cheaper entry, by
//! when the cell is settled and the entry is skipped. The caller passes the best lengths in.

/// A queued cell with the bits of its non-negative cost (whose bit order is the numeric order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub cost: u64,
    pub cell: u32,
    /// A word carried along for the caller, free in the entry's padding: the route's bucket
    /// search keeps the cell's coordinates here (`x | y << 16`).
    pub tag: u32,
}

impl Entry {
    /// An entry with no tag.
    pub fn new(cost: u64, cell: u32) -> Entry {
        Entry { cost, cell, tag: 0 }
    }
}

/// A heap slot past the end: never smaller than anything.
const SENTINEL: Entry = Entry {
    cost: u64::MAX,
    cell: u32::MAX,
    tag: 0,
};

/// A 4-ary min-heap of entries by cost alone: half the levels of a binary heap, the four children
/// of a node side by side, and sentinels past the end so every node has four children to compare
/// without a bounds branch.
#[derive(Clone, Debug, Default)]
pub(crate) struct QuadHeap {
    /// `len` entries, then at least four [`SENTINEL`]s.
    v: Vec<Entry>,
    len: usize,
}

impl QuadHeap {
    #[inline(always)]
    pub fn push(&mut self, e: Entry) {
        while self.v.len() < self.len + 5 {
            self.v.push(SENTINEL);
        }
        let mut i = self.len;
        self.len += 1;
        while i > 0 {
            let parent = (i - 1) / 4;
            if self.v[parent].cost <= e.cost {
                break;
            }
            self.v[i] = self.v[parent];
            i = parent;
        }
        self.v[i] = e;
    }

    #[inline(always)]
    fn peek(&self) -> Option<&Entry> {
        (self.len > 0).then(|| &self.v[0])
    }

    #[inline(always)]
    pub fn pop(&mut self) -> Option<Entry> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        let n = self.len;
        let top = self.v[0];
        let last = std::mem::replace(&mut self.v[n], SENTINEL);
        if n == 0 {
            return Some(top);
        }
        let mut i = 0;
        loop {
            let first = 4 * i + 1;
            if first >= n {
                break;
            }
            let kids = &self.v[first..first + 4];
            let (a, b) = if kids[1].cost < kids[0].cost {
                (1, kids[1].cost)
            } else {
                (0, kids[0].cost)
            };
            let (c, d) = if kids[3].cost < kids[2].cost {
                (3, kids[3].cost)
            } else {
                (2, kids[2].cost)
            };
            let (k, cost) = if d < b { (c, d) } else { (a, b) };
            if cost >= last.cost {
                break;
            }
            self.v[i] = kids[k];
            i = first + k;
        }
        self.v[i] = last;
        Some(top)
    }

    pub fn clear(&mut self) {
        self.v.clear();
        self.len = 0;
    }
}

/// A monotone min-queue of cells by `(cost, length, cell)`.
#[derive(Clone, Debug, Default)]
pub(crate) struct CellQueue {
    heap: QuadHeap,
    /// Entries whose cost equals `tie_cost`.
    ties: Vec<Entry>,
    tie_cost: u64,
}

impl CellQueue {
    /// Empties the queue, keeping its buffers.
    pub fn clear(&mut self) {
        self.heap.clear();
        self.ties.clear();
    }

    /// Queues a cell; its cost must not be below the last popped one.
    #[inline(always)]
    pub fn push(&mut self, e: Entry) {
        if !self.ties.is_empty() && e.cost == self.tie_cost {
            self.ties.push(e);
        } else {
            self.heap.push(e);
        }
    }

    /// Removes the entry with the smallest `(cost, length, cell)`, where `length(cell)` is the cell's
    /// best length (see the module note on why that is the entry's own).
    #[inline(always)]
    pub fn pop(&mut self, length: impl Fn(u32) -> f64) -> Option<Entry> {
        if self.ties.is_empty() {
            let first = self.heap.pop()?;
            match self.heap.peek() {
                Some(next) if next.cost == first.cost => {}
                _ => return Some(first), // the usual case: no tie
            }
            self.tie_cost = first.cost;
            self.ties.push(first);
            while let Some(next) = self.heap.peek() {
                if next.cost != first.cost {
                    break;
                }
                let next = *next;
                self.ties.push(next);
                self.heap.pop();
            }
        }
        let key = |e: &Entry| (length(e.cell), e.cell);
        let mut k = 0;
        for j in 1..self.ties.len() {
            let (a, b) = (key(&self.ties[j]), key(&self.ties[k]));
            if a.0 < b.0 || (a.0 == b.0 && a.1 < b.1) {
                k = j;
            }
        }
        Some(self.ties.swap_remove(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    proptest! {
        /// Interleaved monotone offers and pops, with the search's bookkeeping (an offer is queued
        /// only if it beats the cell's best; settled cells are skipped), settle cells in exactly
        /// the order of an ordered set of `(cost, length, cell)`.
        #[test]
        fn settles_in_key_order(ops in prop::collection::vec((0u8..3, 0u64..3, 1u64..4, 0u32..10), 1..300)) {
            let mut q = CellQueue::default();
            let mut reference = BTreeSet::new();
            let mut best: Vec<Option<(u64, u64)>> = vec![None; 10];
            let mut closed = [false; 10];
            let mut floor = (0u64, 0u64);
            let pop = |q: &mut CellQueue, best: &[Option<(u64, u64)>], closed: &[bool; 10]| loop {
                let e = q.pop(|c| best[c as usize].map_or(f64::INFINITY, |b| b.1 as f64))?;
                if !closed[e.cell as usize] {
                    return Some(e);
                }
            };
            for (op, dc, dl, cell) in ops {
                if op == 0 {
                    let got = pop(&mut q, &best, &closed);
                    let want = reference.pop_first();
                    prop_assert_eq!(got.map(|e| (e.cost, e.cell)), want.map(|(c, _, cell)| (c, cell)));
                    if let Some((c, l, cell)) = want {
                        floor = (c, l);
                        closed[cell as usize] = true;
                    }
                } else {
                    let c = cell as usize;
                    let offer = (floor.0 + dc, floor.1 + dl);
                    if closed[c] || best[c].is_some_and(|b| b <= offer) {
                        continue;
                    }
                    if let Some(old) = best[c] {
                        reference.remove(&(old.0, old.1, cell));
                    }
                    best[c] = Some(offer);
                    reference.insert((offer.0, offer.1, cell));
                    q.push(Entry::new(offer.0, cell));
                }
            }
            while let Some((c, _, cell)) = reference.pop_first() {
                let got = pop(&mut q, &best, &closed).map(|e| (e.cost, e.cell));
                prop_assert_eq!(got, Some((c, cell)));
                closed[cell as usize] = true;
            }
        }
    }
}
