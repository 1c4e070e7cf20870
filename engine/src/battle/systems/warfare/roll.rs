//! One combat roll (SYSTEMS.md §1.2–1.4): successes on d6, the net, the Battle Results and Siege
//! Results tables, and the exact odds of one roll.

use serde::{Deserialize, Serialize};

/// The two sides of one engagement. In a siege, A is always the besiegers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    /// Side A (the besiegers in a siege).
    A,
    /// Side B (the garrison and its aid in a siege).
    B,
}

impl Party {
    /// The other side.
    pub fn other(self) -> Party {
        match self {
            Party::A => Party::B,
            Party::B => Party::A,
        }
    }

    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Which results table a roll is read on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Table {
    /// Battle Results (§1.3).
    Battle,
    /// Siege Results (§1.4).
    Siege,
}

/// A row of the Battle Results or Siege Results table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultKind {
    /// Battle, net 0: no loss; roll again.
    Regroup,
    /// Battle, net 1: loser −1; roll again.
    Wounded,
    /// Battle, net 2: loser −2 and retreats; the battle ends.
    Retreat,
    /// Battle, net 3: loser −3 and flees to a friendly settlement within Speed; ends.
    Routed,
    /// Battle, net 4: loser −4, disengages until the New Year; ends.
    Defeated,
    /// Battle, net ≥ 5: loser set to 0 and ceases; ends.
    Annihilated,
    /// Siege, net 0: the besiegers −1, the garrison unharmed; roll again.
    Retaliate,
    /// Siege, net 1: loser −1; combat ends, the siege continues.
    Grazed,
    /// Siege, net 2: loser −2; combat ends, the siege continues.
    Maimed,
    /// Siege, net 3: loser −3; besiegers flee, or defenders lose the settlement; the siege ends.
    Crippled,
    /// Siege, net 4: loser −4; besiegers disengage, or defenders lose the settlement; ends.
    Broken,
    /// Siege, net ≥ 5: loser set to 0 and ceases (the settlement captured); ends.
    Devastated,
}

impl ResultKind {
    /// The row for `net` successes on `table`.
    pub fn of(table: Table, net: u32) -> ResultKind {
        use ResultKind::*;
        match (table, net) {
            (Table::Battle, 0) => Regroup,
            (Table::Battle, 1) => Wounded,
            (Table::Battle, 2) => Retreat,
            (Table::Battle, 3) => Routed,
            (Table::Battle, 4) => Defeated,
            (Table::Battle, _) => Annihilated,
            (Table::Siege, 0) => Retaliate,
            (Table::Siege, 1) => Grazed,
            (Table::Siege, 2) => Maimed,
            (Table::Siege, 3) => Crippled,
            (Table::Siege, 4) => Broken,
            (Table::Siege, _) => Devastated,
        }
    }

    /// Might the loser loses: `Some(n)`, or `None` for "set to 0" (Annihilated, Devastated).
    /// Retaliate's point is the besiegers', whoever "lost".
    pub fn loss(self) -> Option<u32> {
        use ResultKind::*;
        match self {
            Regroup => Some(0),
            Wounded | Retaliate | Grazed => Some(1),
            Retreat | Maimed => Some(2),
            Routed | Crippled => Some(3),
            Defeated | Broken => Some(4),
            Annihilated | Devastated => None,
        }
    }

    /// Whether the dice are rolled again at once (Regroup, Wounded, Retaliate).
    pub fn rolls_again(self) -> bool {
        matches!(
            self,
            ResultKind::Regroup | ResultKind::Wounded | ResultKind::Retaliate
        )
    }

    /// The row's name as the tables print it.
    pub fn name(self) -> &'static str {
        use ResultKind::*;
        match self {
            Regroup => "Regroup",
            Wounded => "Wounded",
            Retreat => "Retreat",
            Routed => "Routed",
            Defeated => "Defeated",
            Annihilated => "Annihilated",
            Retaliate => "Retaliate",
            Grazed => "Grazed",
            Maimed => "Maimed",
            Crippled => "Crippled",
            Broken => "Broken",
            Devastated => "Devastated",
        }
    }
}

/// Whether a die face is a success: 5 or 6 (001).
pub fn is_success(face: u8) -> bool {
    face >= 5
}

/// The successes among `dice`.
pub fn successes(dice: &[u8]) -> u32 {
    dice.iter().filter(|&&d| is_success(d)).count() as u32
}

/// One roll read on its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// A's successes.
    pub succ_a: u32,
    /// B's successes.
    pub succ_b: u32,
    /// `|succ_a − succ_b|`.
    pub net: u32,
    /// The table row.
    pub result: ResultKind,
    /// The side with fewer successes; none on a tie.
    pub loser: Option<Party>,
}

/// Reads both sides' dice on `table` (§1.2).
pub fn score_roll(table: Table, dice_a: &[u8], dice_b: &[u8]) -> Score {
    let (succ_a, succ_b) = (successes(dice_a), successes(dice_b));
    let net = succ_a.abs_diff(succ_b);
    let loser = match succ_a.cmp(&succ_b) {
        std::cmp::Ordering::Greater => Some(Party::B),
        std::cmp::Ordering::Less => Some(Party::A),
        std::cmp::Ordering::Equal => None,
    };
    Score {
        succ_a,
        succ_b,
        net,
        result: ResultKind::of(table, net),
        loser,
    }
}

/// The distribution of successes on `might` dice: `pmf[k] = C(might, k) (1/3)^k (2/3)^(might−k)`.
pub fn successes_pmf(might: u32) -> Vec<f64> {
    let mut pmf = vec![1.0];
    for _ in 0..might {
        let mut next = vec![0.0; pmf.len() + 1];
        for (k, p) in pmf.iter().enumerate() {
            next[k] += p * (2.0 / 3.0);
            next[k + 1] += p * (1.0 / 3.0);
        }
        pmf = next;
    }
    pmf
}

/// The odds of one roll of Might `a` against Might `b`, for the Battle Lab.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RollOdds {
    /// B's Might: `diff[k]` is `P(succ_a − succ_b = k − might_b)`.
    pub might_b: u32,
    /// The distribution of the signed difference, from `−might_b` to `might_a`.
    pub diff: Vec<f64>,
}

impl RollOdds {
    /// `P(succ_a − succ_b = d)`.
    pub fn p(&self, d: i64) -> f64 {
        let k = d + i64::from(self.might_b);
        usize::try_from(k)
            .ok()
            .and_then(|k| self.diff.get(k))
            .copied()
            .unwrap_or(0.0)
    }

    /// `P(tie)`.
    pub fn tie(&self) -> f64 {
        self.p(0)
    }

    /// `P(party wins the roll by at least `net`)` (`net` ≥ 1).
    pub fn wins_by(&self, party: Party, net: u32) -> f64 {
        let b = i64::from(self.might_b);
        (0..self.diff.len() as i64)
            .map(|k| k - b)
            .filter(|&d| match party {
                Party::A => d >= i64::from(net.max(1)),
                Party::B => -d >= i64::from(net.max(1)),
            })
            .map(|d| self.p(d))
            .sum()
    }
}

/// The exact-as-floats odds of one roll of Might `a` against Might `b`.
pub fn roll_odds(a: u32, b: u32) -> RollOdds {
    let (pa, pb) = (successes_pmf(a), successes_pmf(b));
    let mut diff = vec![0.0; (a + b + 1) as usize];
    for (i, x) in pa.iter().enumerate() {
        for (j, y) in pb.iter().enumerate() {
            diff[i + b as usize - j] += x * y;
        }
    }
    RollOdds { might_b: b, diff }
}
