//! Version 1 resolution (SPEC §12): one weighted roll on the squared strengths.

use super::fighter::Side;
use crate::{unit, Rng};
use serde::{Deserialize, Serialize};

/// The end of a Version 1 battle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct V1Outcome {
    /// `P(attacker wins)`.
    pub p: f64,
    /// The roll, in `[0, 1)`.
    pub u: f64,
    /// Who won: the attacker iff `u < p`.
    pub winner: Side,
}

/// `p = S_A² / (S_A² + S_D²)`, or 0 when `S_A = 0` (which also covers `0 : 0`).
pub fn v1_probability(s_a: f64, s_d: f64) -> f64 {
    if s_a == 0.0 {
        0.0
    } else {
        s_a * s_a / (s_a * s_a + s_d * s_d)
    }
}

/// Rolls a Version 1 battle between strengths `S_A` and `S_D` with one `unit()` draw, which comes
/// after the mercenary draws (SPEC §12).
pub fn resolve_v1_strengths(s_a: f64, s_d: f64, rng: &mut impl Rng) -> V1Outcome {
    let p = v1_probability(s_a, s_d);
    let u = unit(rng);
    V1Outcome {
        p,
        u,
        winner: if u < p {
            Side::Attacker
        } else {
            Side::Defender
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::close6;
    use crate::SplitMix64;

    /// VECTORS.md §J: (id, S_A, S_D, P squared, straight share).
    const V1: &[(&str, f64, f64, f64, f64)] = &[
        ("V1-01", 1.0, 1.0, 0.5, 0.5),
        ("V1-02", 2.0, 1.0, 0.8, 0.666667),
        ("V1-03", 3.5, 1.0, 0.924528, 0.777778),
        ("V1-04", 1.5, 1.0, 0.692308, 0.6),
        ("V1-05", 1.0, 2.0, 0.2, 0.333333),
        ("V1-06", 1040.0, 990.0, 0.524616, 0.512315),
        ("V1-07", 0.0, 500.0, 0.0, 0.0),
    ];

    #[test]
    fn v1_01_to_07_probabilities() {
        for &(id, a, d, p, straight) in V1 {
            assert!(close6(v1_probability(a, d), p), "{id}");
            // The straight share is what 000 contrasts the squared rule with.
            assert!(close6(a / (a + d), straight), "{id}");
        }
    }

    #[test]
    fn v1_08_seeded_roll() {
        let o = resolve_v1_strengths(1040.0, 990.0, &mut SplitMix64::new(7));
        assert!((o.u - 0.389829748391).abs() < 5e-13, "V1-08: {}", o.u);
        assert!(close6(o.p, 0.524616));
        assert_eq!(o.winner, Side::Attacker, "V1-08");
    }

    #[test]
    fn empty_against_empty_goes_to_the_defender() {
        let o = resolve_v1_strengths(0.0, 0.0, &mut SplitMix64::new(7));
        assert_eq!((o.p, o.winner), (0.0, Side::Defender));
    }
}
