//! The morale test of Střet armád (SYSTEMS.md §2.5): the difficulty from the army's endurance, the
//! increase for allies removed, and the test itself.

/// The difficulty ("trap") from an army's endurance: `current / max` above 75 % → 5, above 50 % →
/// 8, above 25 % → 12, otherwise 17. Each bound is strict, so exactly 75 % gives 8. Computed in
/// integers, so no percentage is ever rounded.
pub fn difficulty(current: i32, max: i32) -> i32 {
    let (c, m) = (i64::from(current), i64::from(max));
    if 4 * c > 3 * m {
        5
    } else if 2 * c > m {
        8
    } else if 4 * c > m {
        12
    } else {
        17
    }
}

/// +1 for every started 10 % of the army's units removed: `ceil(10 × removed / initial)`.
/// An army that started with no units has nothing to lose: 0.
pub fn increase(removed: usize, initial: usize) -> i32 {
    if initial == 0 {
        return 0;
    }
    (10 * removed).div_ceil(initial) as i32
}

/// Whether a unit holds: `roll + morale − penalty ≥ difficulty + increase` (RESOLVED in §2.5:
/// 002's "1d10 against the difficulty" is read as roll plus morale).
pub fn holds(roll: i32, morale: i32, penalty: i32, difficulty: i32, increase: i32) -> bool {
    roll + morale - penalty >= difficulty + increase
}
