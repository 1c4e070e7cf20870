//! Siege engines and their crews in battle (SPEC §13.7): whether an engine is abandoned, the strength
//! it throws at, the rounds it fires in and the round its held-out crew join the line.

use super::fighter::Machine;
use serde::{Deserialize, Serialize};

/// The last round a machine may fire when its kind names none.
pub const DEFAULT_STOP: u8 = 3;
/// No machine fires after round 4: round 5 is for melee.
pub const LAST_FIRING_ROUND: u8 = 4;

/// How a machine stands at the start of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrewState {
    /// Figures attached, whatever their Health.
    pub attached: u32,
    /// `k`: attached figures alive at the start.
    pub alive: u32,
    /// `stop = min(stop_round or 3, 4)`.
    pub stop: u8,
    /// Attached, a minimum set and fewer than it alive: it never fires.
    pub abandoned: bool,
    /// `min(1, k / crew_work)` when judged on a work number, else 1 (0 when abandoned).
    pub strength: f64,
}

impl CrewState {
    /// The state of machine `m` with `alive` of its attached crew alive at the start.
    ///
    /// With nobody attached it fights "exactly as it always has" (strength 1, never abandoned); once
    /// anyone is attached it is judged on who is there and alive (SPEC §16 #38).
    pub fn of(m: &Machine, alive: u32) -> CrewState {
        let stop = m.stop_round.unwrap_or(DEFAULT_STOP).min(LAST_FIRING_ROUND);
        let judged = m.attached > 0;
        let abandoned = judged && m.crew_min.is_some_and(|min| alive < min);
        let strength = match m.crew_work {
            _ if abandoned => 0.0,
            Some(w) if judged && w > 0 => (f64::from(alive) / f64::from(w)).min(1.0),
            _ => 1.0,
        };
        CrewState {
            attached: m.attached,
            alive,
            stop,
            abandoned,
            strength,
        }
    }

    /// Whether it fires in round `r` when its primary reaches `range`: not abandoned, not past its
    /// stop, never in round 5, and within the round's range gate before round 4.
    pub fn fires(&self, r: u8, range: f64) -> bool {
        !self.abandoned
            && r <= self.stop
            && r != 5
            && super::v2::range_gate(r).is_none_or(|need| range >= need)
    }

    /// The round its living crew join the line if the machine lives: `stop + 1`, or round 1 when
    /// it is abandoned (nothing to work). A machine's death can bring this forward.
    pub fn crew_join(&self) -> u8 {
        if self.abandoned || self.alive == 0 {
            1
        } else {
            self.stop + 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn machine(attached: u32, work: Option<u32>, min: Option<u32>, stop: Option<u8>) -> Machine {
        Machine {
            kind: 1,
            kind_name: "Engine".into(),
            crew_work: work,
            crew_min: min,
            stop_round: stop,
            attached,
        }
    }

    /// VECTORS.md §N V2-20..28: (id, attached, alive, work, min, abandoned, strength).
    #[allow(clippy::type_complexity)]
    const CREW: &[(&str, u32, u32, Option<u32>, Option<u32>, bool, f64)] = &[
        ("V2-20", 0, 0, Some(4), Some(2), false, 1.0),
        ("V2-21", 1, 1, Some(4), None, false, 0.25),
        ("V2-22", 1, 1, Some(4), Some(2), true, 0.0),
        ("V2-23", 3, 3, Some(4), Some(2), false, 0.75),
        ("V2-24", 6, 6, Some(4), Some(2), false, 1.0),
        ("V2-25", 2, 2, None, Some(2), false, 1.0),
        ("V2-26", 2, 2, Some(0), Some(0), false, 1.0),
        ("V2-27", 1, 0, Some(4), Some(2), true, 0.0),
        ("V2-28", 1, 0, Some(4), None, false, 0.0),
    ];

    #[test]
    fn v2_20_to_28_crew_strength() {
        for &(id, attached, alive, work, min, abandoned, strength) in CREW {
            let s = CrewState::of(&machine(attached, work, min, None), alive);
            assert_eq!((s.abandoned, s.strength), (abandoned, strength), "{id}");
        }
        assert_eq!(
            CrewState::of(&machine(1, Some(4), Some(2), None), 1).crew_join(),
            1,
            "V2-22: an abandoned engine's crew fight from round 1"
        );
    }

    /// VECTORS.md §N V2-13..15: (id, range, stop round, rounds fired, crew join).
    #[allow(clippy::type_complexity)]
    const FIRING: &[(&str, f64, Option<u8>, &[u8], u8)] = &[
        ("V2-13", 18.0, None, &[1, 2, 3], 4),
        ("V2-14", 12.0, Some(4), &[2, 3, 4], 5),
        ("V2-15", 18.0, Some(7), &[1, 2, 3, 4], 5),
    ];

    #[test]
    fn v2_13_to_15_firing_rounds() {
        for &(id, range, stop, rounds, join) in FIRING {
            let s = CrewState::of(&machine(2, Some(2), None, stop), 2);
            let fired: Vec<u8> = (1..=5).filter(|&r| s.fires(r, range)).collect();
            assert_eq!((fired.as_slice(), s.crew_join()), (rounds, join), "{id}");
        }
        let zero = CrewState::of(&machine(1, None, None, Some(0)), 1);
        assert_eq!(
            (zero.fires(1, 99.0), zero.fires(4, 99.0), zero.crew_join()),
            (false, false, 1),
            "stop 0: never fires, crew from round 1 (SPEC §16 #26)"
        );
    }
}
