//! Set-up vectors EFF-01..15 (VECTORS.md §I) and set-up from a small realm: who may fight, the lines,
//! the hires and `Σ Power × mod = S`.

use super::*;
use crate::testkit::{close6, faction, photo, realm};
use crate::{Effect, Group, MercPool, SplitMix64, Totals};
use Alignment::*;

#[test]
fn eff_01_to_14_effective_power() {
    let am = alignment_multiplier;
    let rows: &[(&str, f64, f64)] = &[
        (
            "EFF-01",
            1000.0 * (1.0 - 0.20) * am(Noble, Malevolent, 0.0, 0.0),
            1040.0,
        ),
        ("EFF-02", 900.0 * home_multiplier(0.0), 990.0),
        ("EFF-03", home_multiplier(15.0), 1.25),
        (
            "EFF-04",
            1000.0 * (1.0 - 0.10) * am(Noble, Noble, 0.0, 0.0),
            630.0,
        ),
        (
            "EFF-05",
            800.0 * (1.0 - 0.05) * am(Benevolent, Rogue, 0.0, 0.0),
            843.6,
        ),
        ("EFF-06", am(Rogue, Noble, 20.0, 10.0), 1.275),
        ("EFF-07", am(Malevolent, Malevolent, -90.0, 0.0), 0.10),
        ("EFF-08", am(Noble, Malevolent, 400.0, 0.0), 3.00),
        ("EFF-09", 500.0 * pct_factor(20.0) * pct_factor(10.0), 660.0),
        ("EFF-11", 1.0 - (0.55f64 + 0.50).min(0.90), 0.10),
        ("EFF-12", 100.0 * (1.0 - 0.60) * 1.00, 40.0),
        ("EFF-13", 100.0 * home_multiplier(0.0), 110.0),
        (
            "EFF-14",
            100.0 * (1.0 - 0.2) * am(Noble, Malevolent, 0.0, 0.0),
            104.0,
        ),
    ];
    for &(id, got, want) in rows {
        assert!(close6(got, want), "{id}: {got}");
    }
    let mut t = Totals::default();
    for (target, amount) in [(2, 10.0), (2, 15.0), (3, 50.0)] {
        t.add(Effect::Grudge { target }, amount);
    }
    assert_eq!(pct_factor(t.grudge(2)), 1.25, "EFF-10");
}

#[test]
fn eff_15_alignment_table() {
    let want = [
        [0.700, 0.800, 0.875, 1.175, 1.300],
        [0.800, 0.775, 0.850, 1.110, 1.240],
        [0.875, 0.850, 0.850, 1.050, 1.175],
        [1.175, 1.110, 1.050, 0.850, 0.875],
        [1.300, 1.240, 1.175, 0.875, 0.700],
    ];
    for (i, a) in Alignment::ALL.into_iter().enumerate() {
        for (j, d) in Alignment::ALL.into_iter().enumerate() {
            let got = alignment_multiplier(a, d, 0.0, 0.0);
            assert!(close6(got, want[i][j]), "EFF-15 {a:?}->{d:?}: {got}");
        }
    }
}

/// Noble house 1 (four figures), Malevolent house 2 (one figure), a Hero company 3 whose Crest
/// photos are its people, an Evil company 5, a town 4. No markers: no march.
pub(crate) fn skirmish_realm() -> Realm {
    let mut r = realm();
    let mut evil = faction(2, FactionKind::Ordinary);
    evil.alignment = Malevolent;
    r.factions.push(evil);
    r.factions.push(faction(3, FactionKind::Mercenary));
    r.factions.push(faction(4, FactionKind::Townsfolk));
    let mut evil_co = faction(5, FactionKind::Mercenary);
    evil_co.merc_pool = Some(MercPool::Evil);
    r.factions.push(evil_co);
    let figures: &[(u64, u64, Group, &str)] = &[
        (1, 1, Group::Leader, "h150 ap9 ar2 ds4 mv1"),
        (2, 1, Group::Regiment(2), "h300 ap40 ar5 ds20 mv1"),
        (3, 1, Group::Regiment(2), "h300 ap40 ar16 sa2 sr1 ds20 mv1"),
        (4, 1, Group::Regiment(2), "h0 ap6 ar5 ds2 mv1"),
        (10, 2, Group::Leader, "h100 ap5 ar1 ds1 mv1"),
        (20, 3, Group::Crest, "h100 ap4 ar1 ds1 mv1"),
        (21, 3, Group::Crest, "h100 ap3 ar1 ds1 mv1"),
        (22, 3, Group::Place, "h100 ap3 ar1 ds1 mv1"),
        (30, 4, Group::Leader, "h100 ap3 ar1 ds1 mv1"),
        (40, 5, Group::Crest, "h100 ap9 ar1 ds9 mv1"),
    ];
    for &(id, f, g, text) in figures {
        let mut p = photo(id, g, text);
        p.faction = f;
        r.photos.push(p);
    }
    r
}

#[test]
fn who_may_fight() {
    let r = skirmish_realm();
    let rng = &mut SplitMix64::new(1);
    assert_eq!(
        setup(&r, 1, 1, rng).err(),
        Some(SetupError::SameFaction { id: 1 })
    );
    assert_eq!(
        setup(&r, 1, 9, rng).err(),
        Some(SetupError::UnknownFaction {
            side: Side::Defender,
            id: 9
        })
    );
    for (a, d, side, id, kind) in [
        (3, 1, Side::Attacker, 3, FactionKind::Mercenary),
        (1, 4, Side::Defender, 4, FactionKind::Townsfolk),
    ] {
        assert_eq!(
            setup(&r, a, d, rng).err(),
            Some(SetupError::NotOrdinary { side, id, kind })
        );
    }
}

#[test]
fn setup_from_a_realm() {
    let r = skirmish_realm();
    // The Malevolent house attacks: it is far weaker, so it hires from the Evil pool only.
    let s = setup(&r, 2, 1, &mut SplitMix64::new(5)).unwrap();
    assert_eq!(s.march_penalty, 0.0, "no markers: no march");
    assert_eq!(s.march, None);
    assert!(close6(s.alignment_multiplier, 1.30));
    assert!(close6(s.home_multiplier, 1.10));
    assert_eq!(s.hires.side, Some(Side::Attacker));
    assert_eq!(s.hires.photo_ids, [40], "the Evil pool holds one figure");
    let ids = |line: &[Fighter]| line.iter().map(|f| f.id).collect::<Vec<_>>();
    assert_eq!(ids(&s.attacker_line), [10, 40], "own figures, then hires");
    assert_eq!(
        ids(&s.defender_line),
        [1, 2, 3],
        "the fallen photo 4 is not in line"
    );
    assert!(s.defender_line[2].secondary.is_some() && s.defender_line[1].secondary.is_none());
    assert!(
        s.defender_line[2].primary.melee,
        "a blank attack type counts as Melee"
    );
    for (side, strength) in [
        (Side::Attacker, s.strength_a),
        (Side::Defender, s.strength_d),
    ] {
        let sum: f64 = s.line(side).iter().map(|f| f.power() * f.modifier).sum();
        assert!((sum - strength).abs() < 1e-9, "{side:?}: Σ Power × mod = S");
    }
}
