//! The lab's odds: how often each side won out of many runs, with a 95% Wilson interval. Pure, so
//! it is tested natively.

use engine::wilson;

/// Wins per side (and the runs nobody won) out of `runs` battles.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Battles counted.
    pub runs: u64,
    /// Wins of each side, in the system's side order.
    pub wins: Vec<u64>,
}

/// One side's share of the wins with its 95% interval, each in 0..=1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    /// Wins over runs.
    pub p: f64,
    /// The interval's lower bound.
    pub lo: f64,
    /// The interval's upper bound.
    pub hi: f64,
}

impl Tally {
    /// An empty tally of `sides` sides.
    pub fn new(sides: usize) -> Tally {
        Tally {
            runs: 0,
            wins: vec![0; sides],
        }
    }

    /// Counts one battle: the winning side's index, or `None` for a draw or an undecided end.
    /// An index past the sides counts as undecided rather than panicking.
    pub fn add(&mut self, winner: Option<usize>) {
        self.runs += 1;
        if let Some(w) = winner.and_then(|i| self.wins.get_mut(i)) {
            *w += 1;
        }
    }

    /// Battles nobody won.
    pub fn undecided(&self) -> u64 {
        self.runs - self.wins.iter().sum::<u64>()
    }

    /// The share of side `i` (or of the undecided battles for `None`).
    pub fn share(&self, i: Option<usize>) -> Share {
        let k = match i {
            Some(i) => self.wins.get(i).copied().unwrap_or(0),
            None => self.undecided(),
        };
        let p = if self.runs == 0 {
            0.0
        } else {
            k as f64 / self.runs as f64
        };
        let (lo, hi) = wilson(k, self.runs);
        Share { p, lo, hi }
    }
}

/// `54.3% (95%: 51.2–57.4%)`.
pub fn describe(s: Share) -> String {
    format!(
        "{:.1}% (95%: {:.1}–{:.1}%)",
        s.p * 100.0,
        s.lo * 100.0,
        s.hi * 100.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_wins_and_undecided() {
        let mut t = Tally::new(2);
        for w in [Some(0), Some(0), Some(1), None, Some(7)] {
            t.add(w);
        }
        assert_eq!(t.runs, 5);
        assert_eq!(t.wins, vec![2, 1]);
        assert_eq!(t.undecided(), 2);
        assert_eq!(t.share(Some(0)).p, 0.4);
        assert_eq!(t.share(None).p, 0.4);
        assert_eq!(t.share(Some(9)).p, 0.0);
    }

    #[test]
    fn interval_brackets_the_share() {
        let mut t = Tally::new(2);
        for k in 0..1000 {
            t.add(Some(usize::from(k % 4 == 0)));
        }
        let s = t.share(Some(0));
        assert_eq!(s.p, 0.75);
        assert!(s.lo < 0.75 && 0.75 < s.hi, "{s:?}");
        assert!(s.hi - s.lo < 0.06, "{s:?}");
        assert_eq!(
            describe(s),
            format!("75.0% (95%: {:.1}–{:.1}%)", s.lo * 100.0, s.hi * 100.0)
        );
    }

    #[test]
    fn empty_tally_is_all_unknown() {
        let t = Tally::new(3);
        assert_eq!(
            t.share(Some(1)),
            Share {
                p: 0.0,
                lo: 0.0,
                hi: 1.0
            }
        );
    }
}
