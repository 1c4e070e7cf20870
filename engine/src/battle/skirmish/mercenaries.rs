//! Mercenary hiring (SPEC §11.5): how many the weaker side may hire, which pools its alignment opens,
//! the merged candidate list, and the draws.
//!
//! **Decision beyond the spec:** the draws stop when the candidate list is empty, so a battle makes
//! exactly one draw per hire. A replay therefore knows how far to advance the generator from the
//! hires alone.

use super::fighter::Side;
use crate::{below, photo_power, roster, Alignment, FactionKind, MercPool, Photo, Realm, Rng};
use serde::{Deserialize, Serialize};

/// Mercenary Slots' base for an attacker.
pub const ATTACKER_BASE_SLOTS: f64 = 3.0;
/// Mercenary Slots' base for a defender.
pub const DEFENDER_BASE_SLOTS: f64 = 5.0;
/// No side hires more than this many.
pub const MAX_HIRES: f64 = 10.0;
/// One hire per this much gap in effective power.
pub const GAP_PER_HIRE: f64 = 100.0;

/// Who hires and how many (before the candidate list can run short).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct HireCount {
    /// The weaker side, or `None` when the effective powers are equal.
    pub side: Option<Side>,
    /// Its cap: `clamp(base + clamp(T(Mercenary Slots), −5, 5), 0, 10)`.
    pub cap: u32,
    /// `min(floor(gap / 100), cap)`.
    pub n: u32,
}

/// How many the weaker side hires, from both effective powers and each side's raw Mercenary Slots
/// total; the stronger side's Slots are ignored (SPEC §11.5.1).
pub fn hire_count(eff_a: f64, eff_d: f64, slots_a: f64, slots_d: f64) -> HireCount {
    let (side, base, slots) = if eff_a < eff_d {
        (Side::Attacker, ATTACKER_BASE_SLOTS, slots_a)
    } else if eff_d < eff_a {
        (Side::Defender, DEFENDER_BASE_SLOTS, slots_d)
    } else {
        return HireCount {
            side: None,
            cap: 0,
            n: 0,
        };
    };
    let cap = (base + slots.clamp(-5.0, 5.0)).clamp(0.0, MAX_HIRES);
    let n = (libm::floor((eff_a - eff_d).abs() / GAP_PER_HIRE)).min(cap);
    HireCount {
        side: Some(side),
        cap: cap as u32,
        n: n as u32,
    }
}

/// The pools a side of `alignment` may hire from, in hiring order (SPEC §11.5.2).
pub fn open_pools(alignment: Alignment) -> &'static [MercPool] {
    use MercPool::*;
    match alignment {
        Alignment::Noble | Alignment::Benevolent | Alignment::Independent => {
            &[Hero, Neutral, Wanderers]
        }
        Alignment::Rogue => &[Neutral, Wanderers, Evil],
        Alignment::Malevolent => &[Evil],
    }
}

/// The candidate list for a side of `alignment`: pools in order, companies by ascending id, photos in
/// roster order, only those with Power > 0; each with its listed Power (SPEC §11.5.3).
pub fn hire_candidates(r: &Realm, alignment: Alignment) -> Vec<(&Photo, f64)> {
    let mut out = Vec::new();
    for pool in open_pools(alignment) {
        let mut companies: Vec<u64> = r
            .factions
            .iter()
            .filter(|f| f.kind == FactionKind::Mercenary && f.merc_pool == Some(*pool))
            .map(|f| f.id)
            .collect();
        crate::sorting::stable_sort_by(&mut companies, Ord::cmp);
        for id in companies {
            for p in roster(r, id) {
                let power = photo_power(r, p);
                if power > 0.0 {
                    out.push((p, power));
                }
            }
        }
    }
    out
}

/// Draws up to `n` hires from `list`: `below(len)` then an order-preserving removal, stopping early
/// when the list runs out (SPEC §11.5.4).
pub fn draw_hires<T>(mut list: Vec<T>, n: u32, rng: &mut impl Rng) -> Vec<T> {
    let mut hired = Vec::new();
    for _ in 0..n {
        if list.is_empty() {
            break;
        }
        let i = below(rng, list.len() as u64) as usize;
        hired.push(list.remove(i));
    }
    hired
}

/// The hires of one battle, as recorded (SPEC §14 `hires`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Hires {
    /// Who hired; `None` when nobody did.
    pub side: Option<Side>,
    /// The cap that applied.
    pub cap: u32,
    /// How many were wanted.
    pub wanted: u32,
    /// The hired photos, in hire order.
    pub photo_ids: Vec<u64>,
    /// Each hire's own Power.
    pub listed: Vec<f64>,
    /// Each hire's Power with its employer's march and alignment, or home multiplier.
    pub modified: Vec<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;

    /// VECTORS.md §K: (id, Eff_A, Eff_D, weaker side, its Slots, cap, hires).
    #[allow(clippy::type_complexity)]
    const MRC: &[(&str, f64, f64, Option<Side>, f64, u32, u32)] = &[
        ("MRC-01", 700.0, 950.0, Some(Side::Attacker), 0.0, 3, 2),
        ("MRC-02", 500.0, 990.0, Some(Side::Attacker), 0.0, 3, 3),
        ("MRC-03", 1000.0, 280.0, Some(Side::Defender), 0.0, 5, 5),
        ("MRC-04", 1000.0, 280.0, Some(Side::Defender), 3.0, 8, 7),
        ("MRC-05", 1500.0, 250.0, Some(Side::Defender), 9.0, 10, 10),
        ("MRC-06", 10.0, 1000.0, Some(Side::Attacker), 9.0, 8, 8),
        ("MRC-07", 900.0, 801.0, Some(Side::Defender), 0.0, 5, 0),
        ("MRC-08", 800.0, 800.0, None, 0.0, 0, 0),
        ("MRC-09", 100.0, 900.0, Some(Side::Attacker), -7.0, 0, 0),
        ("MRC-10", 1000.0, 1000.5, Some(Side::Attacker), 0.0, 3, 0),
    ];

    #[test]
    fn mrc_01_to_10_hire_counts() {
        for &(id, ea, ed, side, slots, cap, n) in MRC {
            // The stronger side's Slots are ignored: give it a large total to prove it.
            let (sa, sd) = match side {
                Some(Side::Attacker) => (slots, 99.0),
                _ => (99.0, slots),
            };
            let got = hire_count(ea, ed, sa, sd);
            assert_eq!((got.side, got.cap, got.n), (side, cap, n), "{id}");
        }
    }

    #[test]
    fn mrc_11_pools_by_alignment() {
        use MercPool::*;
        assert_eq!(open_pools(Alignment::Noble), [Hero, Neutral, Wanderers]);
        assert_eq!(
            open_pools(Alignment::Benevolent),
            [Hero, Neutral, Wanderers]
        );
        assert_eq!(
            open_pools(Alignment::Independent),
            [Hero, Neutral, Wanderers]
        );
        assert_eq!(open_pools(Alignment::Rogue), [Neutral, Wanderers, Evil]);
        assert_eq!(open_pools(Alignment::Malevolent), [Evil]);
    }

    #[test]
    fn mrc_12_seeded_draw() {
        let list = vec![
            ("h1", 40.0),
            ("h2", 55.0),
            ("n1", 30.0),
            ("n2", 35.0),
            ("n3", 25.0),
            ("w1", 20.0),
        ];
        let hired = draw_hires(list, 3, &mut SplitMix64::new(99));
        let names: Vec<&str> = hired.iter().map(|h| h.0).collect();
        assert_eq!(names, ["h2", "h1", "w1"], "MRC-12");
        let listed: f64 = hired.iter().map(|h| h.1).sum();
        assert_eq!(listed, 115.0, "MRC-12");
        let modified: f64 = hired.iter().map(|h| h.1 * (1.0 - 0.20) * 1.30).sum();
        assert!(crate::testkit::close6(modified, 119.6), "MRC-12");
    }

    proptest::proptest! {
        #[test]
        fn hires_never_exceed_their_caps(
            ea in 0.0..1e5f64,
            ed in 0.0..1e5f64,
            sa in -50.0..50.0f64,
            sd in -50.0..50.0f64,
        ) {
            let h = hire_count(ea, ed, sa, sd);
            let base = match h.side {
                Some(Side::Attacker) => ATTACKER_BASE_SLOTS,
                Some(Side::Defender) => DEFENDER_BASE_SLOTS,
                None => 0.0,
            };
            proptest::prop_assert!(h.n <= h.cap && f64::from(h.cap) <= MAX_HIRES);
            proptest::prop_assert!(f64::from(h.cap) <= base + 5.0);
        }
    }

    #[test]
    fn draws_stop_when_the_list_runs_out() {
        let mut rng = SplitMix64::new(1);
        assert_eq!(draw_hires(vec![1, 2], 5, &mut rng).len(), 2);
        let mut fresh = SplitMix64::new(1);
        fresh.next_u64();
        fresh.next_u64();
        assert_eq!(
            rng, fresh,
            "one draw per hire, none after the list is empty"
        );
    }
}
