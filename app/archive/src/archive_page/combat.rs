//! The numbers of "Combat Stats Explained", computed by calling the engine's own functions and
//! reading its own constants, so the page cannot drift from the code: change a constant in `engine`
//! and these rows change with it. Pure, so the tests below check each row against the engine's
//! calculation (and against the figures the source prints, where it prints them).

use engine::{
    alignment_multiplier, blow, bonus_curve, bracket, crossing_multiplier, distance_penalty,
    effective_rating, health_mult, home_multiplier, keep_pct, mult, open_pools, range_gate,
    rate_per_tenth, territory_allowance, v1_probability, Alignment, FactionRef, Holder,
    MarchTotals, MercPool, RoundDice, Stats, Terrain, ATTACKER_BASE_SLOTS, DEFENDER_BASE_SLOTS,
    GAP_PER_HIRE, KEEP_LADDER, MAX_HIRES, ROUNDS,
};

/// The Health points the source tabulates the curve at.
pub const HEALTH_POINTS: [f64; 6] = [25.0, 50.0, 100.0, 200.0, 300.0, 500.0];
/// The ratings the source names on the bonus line.
pub const RATING_POINTS: [f64; 6] = [1000.0, 1200.0, 1450.0, 1900.0, 2350.0, 2800.0];
/// The judgement counts the source names for the provisional shrink.
pub const JUDGED_POINTS: [u32; 5] = [0, 2, 5, 10, 20];
/// The Powers the source works territory out for.
pub const TERRITORY_POINTS: [f64; 6] = [400.0, 900.0, 999.0, 1000.0, 2000.0, 5000.0];
/// (share of the diagonal, Avg Movement) pairs for the distance examples.
pub const DISTANCE_POINTS: [(f64, f64); 4] = [(0.2, 1.0), (0.4, 1.0), (0.2, 2.0), (0.4, 2.0)];
/// (Attack, Defense) pairs for the blow examples.
pub const BLOW_POINTS: [(f64, f64); 4] = [(5.0, 0.0), (5.0, 5.0), (10.0, 5.0), (5.0, 10.0)];
/// Strength ratios for the Version 1 odds.
pub const V1_RATIOS: [f64; 4] = [1.0, 2.0, 3.5, 5.0];

/// `(Health, multiplier)`: the Health curve `(h/100)^0.65`.
pub fn health_curve() -> Vec<(f64, f64)> {
    HEALTH_POINTS
        .iter()
        .map(|&h| (h, health_mult(Some(h))))
        .collect()
}

/// The bracket of a figure with nothing at all: the flat worth of being alive.
pub fn alive_worth() -> f64 {
    bracket(&Stats::default())
}

/// `(rating, bonus)`: the Minifigure Rating's bonus line.
pub fn rating_curve() -> Vec<(f64, f64)> {
    RATING_POINTS.iter().map(|&r| (r, bonus_curve(r))).collect()
}

/// `(judged, share of the earned rating that counts)`: the provisional shrink toward the start.
pub fn shrink() -> Vec<(u32, f64)> {
    let start = engine::START_RATING;
    JUDGED_POINTS
        .iter()
        .map(|&n| (n, (effective_rating(start + 100.0, n) - start) / 100.0))
        .collect()
}

/// `(from Power, keep %)`: the territory keep ladder, rung by rung.
pub fn keep_ladder() -> Vec<(f64, f64)> {
    KEEP_LADDER
        .iter()
        .map(|&(from, _)| (from, keep_pct(from)))
        .collect()
}

/// Squares held with no Power at all: the floor the ladder never touches.
pub fn base_squares() -> u32 {
    territory_allowance(0.0, 0.0)
}

/// `(Power, squares)`: territory worked out for the source's examples.
pub fn territory_examples() -> Vec<(f64, u32)> {
    TERRITORY_POINTS
        .iter()
        .map(|&p| (p, territory_allowance(p, 0.0)))
        .collect()
}

/// The march's distance factor: the penalty for crossing the whole diagonal at Movement 1.
pub fn distance_factor() -> f64 {
    distance_penalty(1.0, &movement(1.0))
}

/// Logistics of an army averaging `mv` Movement with no auras.
fn movement(mv: f64) -> MarchTotals {
    MarchTotals {
        avg_movement: Some(mv),
        ..MarchTotals::default()
    }
}

/// `(distance, Avg Movement, penalty)` for the distance examples.
pub fn distance_examples() -> Vec<(f64, f64, f64)> {
    DISTANCE_POINTS
        .iter()
        .map(|&(d, mv)| (d, mv, distance_penalty(d, &movement(mv))))
        .collect()
}

/// `(terrain, toll per tenth of the map)`, in the engine's terrain order.
pub fn terrain_tolls() -> Vec<(Terrain, f64)> {
    Terrain::ALL
        .iter()
        .map(|&t| (t, rate_per_tenth(t)))
        .collect()
}

/// `(what the land is, multiplier)`: crossing a Noble attacker's march through land held by a third
/// faction of each kind.
pub fn crossing_examples() -> Vec<(&'static str, f64)> {
    let side = |id, alignment| FactionRef {
        id,
        alignment,
        cell: (0, 0),
    };
    let (attacker, defender) = (side(1, Alignment::Noble), side(2, Alignment::Rogue));
    let held = |alignment| Some(Holder { id: 3, alignment });
    vec![
        (
            "Unclaimed land, your own, the defender's",
            crossing_multiplier(None, &attacker, &defender),
        ),
        (
            "Your own alignment (kindred)",
            crossing_multiplier(held(Alignment::Noble), &attacker, &defender),
        ),
        (
            "A different alignment",
            crossing_multiplier(held(Alignment::Independent), &attacker, &defender),
        ),
        (
            "A sworn enemy (Noble ↔ Malevolent)",
            crossing_multiplier(held(Alignment::Malevolent), &attacker, &defender),
        ),
    ]
}

/// The alignment table as percent, attacker by row: `(multiplier − 1) × 100` with no standing.
pub fn alignment_table() -> Vec<(Alignment, Vec<f64>)> {
    Alignment::ALL
        .iter()
        .map(|&a| {
            let row = Alignment::ALL
                .iter()
                .map(|&d| (alignment_multiplier(a, d, 0.0, 0.0) - 1.0) * 100.0)
                .collect();
            (a, row)
        })
        .collect()
}

/// The home-turf multiplier with no Home Defense aura, and with +15.
pub fn home_turf() -> (f64, f64) {
    (home_multiplier(0.0), home_multiplier(15.0))
}

/// `(round, the range a weapon needs, or none)`.
pub fn rounds() -> Vec<(u8, Option<f64>)> {
    (1..=ROUNDS).map(|r| (r, range_gate(r))).collect()
}

/// `(Attack, Defense, blow)` for the blow examples.
pub fn blows() -> Vec<(f64, f64, f64)> {
    BLOW_POINTS
        .iter()
        .map(|&(a, d)| (a, d, blow(a, d)))
        .collect()
}

/// The lethality dial: the blow of Attack 1 on no Defense.
pub fn lethality() -> f64 {
    blow(1.0, 0.0)
}

/// The dice multiplier of every throw: `grid[d1 − 1][d2 − 1]`.
pub fn dice_grid() -> Vec<Vec<f64>> {
    (1..=6u8)
        .map(|d1| (1..=6u8).map(|d2| mult(d1, d2)).collect())
        .collect()
}

/// The parry: `(attacker's factor, defender's factor)` when both throw the same total.
pub fn parry() -> (f64, f64) {
    let (a, d) = ([3, 4], [2, 5]);
    let met = RoundDice::of(a, d);
    (
        met.mult_attacker / mult(a[0], a[1]),
        met.mult_defender / mult(d[0], d[1]),
    )
}

/// The mercenary rules: attacker's and defender's base caps, the hard ceiling, and Power per hire.
pub fn mercenary_rules() -> (f64, f64, f64, f64) {
    (
        ATTACKER_BASE_SLOTS,
        DEFENDER_BASE_SLOTS,
        MAX_HIRES,
        GAP_PER_HIRE,
    )
}

/// `(alignment, pools it may hire from)`.
pub fn pools() -> Vec<(Alignment, Vec<MercPool>)> {
    Alignment::ALL
        .iter()
        .map(|&a| (a, open_pools(a).to_vec()))
        .collect()
}

/// `(strength ratio, attacker's chance)` under Version 1.
pub fn v1_odds() -> Vec<(f64, f64)> {
    V1_RATIOS
        .iter()
        .map(|&k| (k, v1_probability(k, 1.0)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive_page::labels::plain;

    /// The two-decimal rounding the page prints.
    fn shown(v: f64) -> String {
        plain(v)
    }

    #[test]
    fn the_health_table_is_the_engines_curve_and_prints_the_sources_figures() {
        let rows = health_curve();
        for &(h, m) in &rows {
            assert_eq!(m, health_mult(Some(h)));
        }
        let printed: Vec<String> = rows.iter().map(|&(_, m)| shown(m)).collect();
        assert_eq!(printed, ["0.41", "0.64", "1", "1.57", "2.04", "2.85"]);
        assert_eq!(alive_worth(), 5.0);
    }

    #[test]
    fn the_rating_line_is_the_engines_and_prints_the_sources_figures() {
        for &(r, b) in &rating_curve() {
            assert_eq!(b, engine::rating_bonus(r, 10));
        }
        let printed: Vec<String> = rating_curve()
            .iter()
            .map(|&(_, b)| format!("{b:.3}"))
            .collect();
        assert_eq!(
            printed,
            ["1.000", "1.056", "1.125", "1.250", "1.375", "1.500"]
        );
        let shares: Vec<f64> = shrink().iter().map(|&(_, s)| s).collect();
        let expected: Vec<f64> = JUDGED_POINTS
            .iter()
            .map(|&n| (effective_rating(1300.0, n) - 1200.0) / 100.0)
            .collect();
        assert_eq!(shares, expected);
        assert_eq!(shown(shares[1]), "0.2");
        assert_eq!(shown(shares[2]), "0.5");
        assert_eq!(shown(shares[3]), "1");
    }

    #[test]
    fn territory_rows_are_the_engines_allowance_and_match_the_sources_examples() {
        let squares: Vec<u32> = territory_examples().iter().map(|&(_, s)| s).collect();
        assert_eq!(squares, [46, 87, 95, 86, 126, 256]);
        for &(p, s) in &territory_examples() {
            assert_eq!(s, territory_allowance(p, 0.0));
        }
        let keeps: Vec<f64> = keep_ladder().iter().map(|&(_, k)| k).collect();
        assert_eq!(keeps, [100.0, 90.0, 80.0, 70.0, 60.0, 50.0]);
        assert_eq!(base_squares(), 6);
    }

    #[test]
    fn march_rows_are_the_engines_penalties_and_tolls() {
        assert_eq!(distance_factor().to_string(), "0.675");
        assert!((distance_factor() - 0.675).abs() < 1e-12);
        let pct: Vec<String> = distance_examples()
            .iter()
            .map(|&(_, _, p)| shown(p * 100.0))
            .collect();
        assert_eq!(pct, ["13.5", "27", "6.75", "13.5"]);
        let tolls: Vec<f64> = terrain_tolls().iter().map(|&(_, r)| r).collect();
        assert_eq!(tolls, [0.0, 0.03, 0.06, 0.105, 0.12, 0.15]);
        for &(t, r) in &terrain_tolls() {
            // The toll per unit step on a 60-wide grid is the rate over six cells (SPEC §9.3).
            assert!((engine::toll_rate(t, 60) * 6.0 - r).abs() < 1e-12);
        }
        let m: Vec<f64> = crossing_examples().iter().map(|&(_, m)| m).collect();
        assert_eq!(m, [1.0, 1.0, 3.0, 8.0]);
    }

    #[test]
    fn the_alignment_table_is_the_engines_multiplier() {
        let table = alignment_table();
        let noble = &table[0].1;
        let printed: Vec<String> = noble.iter().map(|&v| shown(v)).collect();
        assert_eq!(printed, ["−30", "−20", "−12.5", "17.5", "30"]);
        for (i, (a, row)) in table.iter().enumerate() {
            for (j, v) in row.iter().enumerate() {
                let d = Alignment::ALL[j];
                assert!((v - (alignment_multiplier(*a, d, 0.0, 0.0) - 1.0) * 100.0).abs() < 1e-12);
                assert!((v - engine::ALIGNMENT_TABLE[i][j]).abs() < 1e-9);
            }
        }
        let (home, with_aura) = home_turf();
        assert_eq!(
            (shown(home), shown(with_aura)),
            ("1.1".into(), "1.25".into())
        );
    }

    #[test]
    fn battle_rows_are_the_engines_dice_blow_and_odds() {
        let gates: Vec<Option<f64>> = rounds().iter().map(|&(_, g)| g).collect();
        assert_eq!(gates, [Some(15.0), Some(10.0), Some(5.0), None, None]);
        assert_eq!(lethality(), 5.0);
        for &(a, d, b) in &blows() {
            assert_eq!(b, blow(a, d));
        }
        let grid = dice_grid();
        assert_eq!(grid[0][0], 1.5, "snake eyes");
        assert_eq!(grid[5][5], engine::MULT_CAP, "double six meets the cap");
        assert_eq!(grid[2][3], mult(3, 4));
        let (pa, pd) = parry();
        assert_eq!((shown(pa), shown(pd)), ("0.8".into(), "1.1".into()));
        let odds: Vec<String> = v1_odds().iter().map(|&(_, p)| shown(p * 100.0)).collect();
        assert_eq!(&odds[..3], ["50", "80", "92.45"]);
        assert_eq!(mercenary_rules(), (3.0, 5.0, 10.0, 100.0));
        assert_eq!(pools()[4].1, vec![MercPool::Evil]);
    }
}
