//! The Version 2 dice and the blow (SPEC §13.5–13.6): one 2d6 throw per side per round turned into a
//! damage multiplier, the parry when both sides throw the same total, and the blow formula.

use crate::{die, Rng};
use serde::{Deserialize, Serialize};

/// The highest multiplier a single throw gives; snake eyes and parries are the only ways past it.
pub const MULT_CAP: f64 = 1.45;

/// One side's throw of two six-sided dice, in the order thrown.
pub type Throw = [u8; 2];

/// The multiplier of one throw: snake eyes ×1.50; otherwise 6% per pip from 7, +0.15 for a pair,
/// capped at 1.45. The pair bonus is added (SPEC §16 #34), so (6,6) meets the cap exactly.
pub fn mult(d1: u8, d2: u8) -> f64 {
    if d1 == 1 && d2 == 1 {
        return 1.50;
    }
    let total = f64::from(d1) + f64::from(d2);
    let pair = if d1 == d2 { 0.15 } else { 0.0 };
    (1.0 + 0.06 * (total - 7.0) + pair).min(MULT_CAP)
}

/// Both sides' dice of one round and the multipliers they give, the parry applied.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundDice {
    /// The attacking side's throw.
    pub attacker: Throw,
    /// The defending side's throw.
    pub defender: Throw,
    /// The attacking side's multiplier (after any parry).
    pub mult_attacker: f64,
    /// The defending side's multiplier (after any parry).
    pub mult_defender: f64,
    /// Both totals equal: the attacking side is parried (×0.80) and the defender ripostes (×1.10).
    pub parry: bool,
}

impl RoundDice {
    /// The multipliers of two throws. The parry is applied after the cap, so it can pass 1.45.
    pub fn of(attacker: Throw, defender: Throw) -> RoundDice {
        let (mut ma, mut md) = (
            mult(attacker[0], attacker[1]),
            mult(defender[0], defender[1]),
        );
        let parry = attacker[0] + attacker[1] == defender[0] + defender[1];
        if parry {
            ma *= 0.80;
            md *= 1.10;
        }
        RoundDice {
            attacker,
            defender,
            mult_attacker: ma,
            mult_defender: md,
            parry,
        }
    }

    /// Throws the four dice of a round in the spec's order (§13.9): attacker die 1, attacker die 2,
    /// defender die 1, defender die 2.
    pub fn throw(rng: &mut impl Rng) -> RoundDice {
        let mut d = || die(rng, 6) as u8;
        let a = [d(), d()];
        let b = [d(), d()];
        RoundDice::of(a, b)
    }
}

/// The blow of an attack `a` on a target of total defence `d`: `5·A²/(A + D)`, and nothing at all
/// when the attack is not above 0 (which also keeps `0/0` out).
pub fn blow(a: f64, d: f64) -> f64 {
    if a <= 0.0 {
        0.0
    } else {
        5.0 * a * a / (a + d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::close6;

    /// VECTORS.md §M: (id, throw, multiplier).
    const DIC: &[(&str, Throw, f64)] = &[
        ("DIC-01", [1, 1], 1.50),
        ("DIC-02", [1, 2], 0.76),
        ("DIC-03", [1, 3], 0.82),
        ("DIC-04", [1, 4], 0.88),
        ("DIC-05", [1, 5], 0.94),
        ("DIC-06", [1, 6], 1.00),
        ("DIC-07", [2, 2], 0.97),
        ("DIC-08", [2, 3], 0.88),
        ("DIC-09", [2, 4], 0.94),
        ("DIC-10", [2, 5], 1.00),
        ("DIC-11", [2, 6], 1.06),
        ("DIC-12", [3, 3], 1.09),
        ("DIC-13", [3, 4], 1.00),
        ("DIC-14", [3, 5], 1.06),
        ("DIC-15", [3, 6], 1.12),
        ("DIC-16", [4, 4], 1.21),
        ("DIC-17", [4, 5], 1.12),
        ("DIC-18", [4, 6], 1.18),
        ("DIC-19", [5, 5], 1.33),
        ("DIC-20", [5, 6], 1.24),
        ("DIC-21", [6, 6], 1.45),
    ];

    #[test]
    fn dic_01_to_21_single_throws() {
        for &(id, [a, b], want) in DIC {
            assert!(close6(mult(a, b), want), "{id}: {}", mult(a, b));
            assert_eq!(mult(a, b), mult(b, a), "{id} is symmetric");
        }
    }

    #[test]
    fn dic_22_23_averages_over_36_throws() {
        let throws = || (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| (a, b)));
        let dev: f64 = throws()
            .map(|(a, b)| (0.06 * (f64::from(a + b) - 7.0)).abs())
            .sum();
        assert!(close6(dev / 36.0, 0.116667), "DIC-22");
        let mean: f64 = throws().map(|(a, b)| mult(a, b)).sum();
        assert!(close6(mean / 36.0, 1.043056), "DIC-23");
    }

    /// VECTORS.md §M parries: (id, attacker, defender, attacker mult, defender mult, parry).
    const PARRY: &[(&str, Throw, Throw, f64, f64, bool)] = &[
        ("DIC-24", [3, 4], [2, 5], 0.80, 1.10, true),
        ("DIC-25", [6, 6], [6, 6], 1.16, 1.595, true),
        ("DIC-26", [1, 1], [1, 1], 1.20, 1.65, true),
        ("DIC-27", [2, 2], [1, 3], 0.776, 0.902, true),
        ("DIC-28", [6, 5], [4, 4], 1.24, 1.21, false),
    ];

    #[test]
    fn dic_24_to_28_parries() {
        for &(id, a, d, ma, md, parry) in PARRY {
            let r = RoundDice::of(a, d);
            assert!(close6(r.mult_attacker, ma), "{id}: {}", r.mult_attacker);
            assert!(close6(r.mult_defender, md), "{id}: {}", r.mult_defender);
            assert_eq!(r.parry, parry, "{id}");
        }
    }

    /// VECTORS.md §N blows: (id, A, D, dice, modifier, strength, damage).
    const BLOWS: &[(&str, f64, f64, f64, f64, f64, f64)] = &[
        ("V2-01", 7.0, 5.0, 1.0, 1.0, 1.0, 20.416667),
        ("V2-02", 10.0, 0.0, 1.0, 1.0, 1.0, 50.0),
        ("V2-03", 0.0, 9.0, 1.0, 1.0, 1.0, 0.0),
        ("V2-04", 3.0, 30.0, 1.0, 1.0, 1.0, 1.363636),
        ("V2-05", 12.0, 12.0, 1.0, 1.0, 1.0, 30.0),
        ("V2-06", 20.0, 5.0, 1.0, 1.0, 1.0, 80.0),
        ("V2-07", 9.0, 8.0, 1.12, 1.144, 1.0, 30.524612),
        ("V2-08", 12.0, 5.0, 1.0, 1.10, 0.25, 11.647059),
    ];

    #[test]
    fn v2_01_to_08_blows() {
        for &(id, a, d, dice, modifier, strength, want) in BLOWS {
            let got = blow(a, d) * dice * modifier * strength;
            assert!(close6(got, want), "{id}: {got}");
        }
        assert_eq!(blow(0.0, 0.0), 0.0, "no attack, no defence: no NaN");
    }

    #[test]
    fn throws_are_drawn_attacker_first() {
        // RNG-02's first four dice for seed 12345 are 1, 2, 1, 2.
        let d = RoundDice::throw(&mut crate::SplitMix64::new(12345));
        assert_eq!((d.attacker, d.defender, d.parry), ([1, 2], [1, 2], true));
    }
}
