//! PWR-* and HLT-* vectors (VECTORS.md A, B) and the property that Power never falls when a stat, a
//! buff, Health or the rating rises.

use super::*;
use crate::stats::buffs::UnitBuffs;
use crate::testkit::{buff, close6, fig, photo, rate, realm};
use crate::{BuffSource, Effect};
use proptest::prelude::*;

/// (id, figure, rating, judged, bracket, health×, rating bonus, Power): the rows of VECTORS.md A.
/// One row: (id, figure, rating, judged, bracket, health×, rating bonus, Power).
type PwrRow = (&'static str, &'static str, f64, u32, f64, f64, f64, f64);

const PWR: &[PwrRow] = &[
    (
        "PWR-01",
        "h100 ap7 ar1 ds3 sd2 hd1 mv1.00",
        1200.0,
        0,
        23.5,
        1.0,
        1.055556,
        24.805556,
    ),
    (
        "PWR-02",
        "h90 ap6 ar16 sa2 sr1 ds1 mv1.00",
        1450.0,
        20,
        27.5,
        0.933808,
        1.125,
        28.889688,
    ),
    (
        "PWR-03",
        "h250 ap12 ar2 ds8 hd2 mv1.5",
        1000.0,
        30,
        35.5,
        1.814099,
        1.0,
        64.400518,
    ),
    (
        "PWR-04",
        "h0 ap9 ds9 mv1",
        2000.0,
        10,
        28.0,
        0.0,
        1.277778,
        0.0,
    ),
    ("PWR-05", "ap9 ds9 mv1", 1200.0, 0, 28.0, 0.0, 1.055556, 0.0),
    ("PWR-06", "h100", 1000.0, 10, 5.0, 1.0, 1.0, 5.0),
    (
        "PWR-07",
        "h500 ap15 ar3 ds10 sd5 hd3 bd2 ld2 mv1",
        1900.0,
        50,
        48.5,
        2.846627,
        1.25,
        172.576737,
    ),
    (
        "PWR-08",
        "h100 ap10 ar1 ds3 mv1.2",
        1200.0,
        0,
        24.5,
        1.0,
        1.055556,
        25.861111,
    ),
    (
        "PWR-09",
        "h100 ap10 ar1 sd3.6 mv1",
        1200.0,
        0,
        24.1,
        1.0,
        1.055556,
        25.438889,
    ),
    (
        "PWR-11", "h25", 1200.0, 0, 5.0, 0.406126, 1.055556, 2.143444,
    ),
    (
        "PWR-12",
        "h100 ap7 ar1 ds3 sd2 hd1 mv1.00",
        1500.0,
        2,
        23.5,
        1.0,
        1.072222,
        25.197222,
    ),
];

#[test]
fn pwr_01_12_per_photo() {
    for &(id, text, rating, judged, br, hm, bonus, power) in PWR {
        let (h, s) = fig(text);
        assert!(close6(bracket(&s), br), "{id} bracket {}", bracket(&s));
        assert!(
            close6(health_mult(h), hm),
            "{id} health× {}",
            health_mult(h)
        );
        let g = Rating {
            photo_id: 1,
            rating,
            judged,
            wins: 0,
        };
        assert!(
            close6(crate::rating_bonus(rating, judged), bonus),
            "{id} bonus"
        );
        assert!(
            close6(figure_power(h, &s, &g), power),
            "{id} power {}",
            figure_power(h, &s, &g)
        );
    }
}

#[test]
fn pwr_10_buffed_swordsman() {
    let mut r = realm();
    r.photos.push(photo(
        1,
        Group::Regiment(2),
        "h100 ap7 ar1 ds3 sd2 hd1 mv1.00",
    ));
    r.buffs = vec![
        buff(1, Effect::AttackPower, 2.0, BuffSource::FactionWide),
        buff(
            2,
            Effect::DefenseStrength,
            1.0,
            BuffSource::Group(Group::Leader),
        ),
    ];
    let p = &r.photos[0];
    let b = crate::post_buff_stats(&r, p);
    assert_eq!((b.attack_power, b.defense_strength), (Some(9.0), Some(4.0)));
    assert!(close6(bracket(&b), 26.5), "PWR-10 bracket");
    assert!(
        close6(photo_power(&r, p), 27.972222),
        "PWR-10 {}",
        photo_power(&r, p)
    );
}

#[test]
fn pwr_13_faction_sum() {
    let mut r = realm();
    // Leader (row 1), Regiment [row 2, row 8], engine (row 3), at their vector ratings.
    let rows = [
        (
            1,
            Group::Leader,
            "h100 ap7 ar1 ds3 sd2 hd1 mv1.00",
            1200.0,
            0,
        ),
        (
            2,
            Group::Regiment(1),
            "h90 ap6 ar16 sa2 sr1 ds1 mv1.00",
            1450.0,
            20,
        ),
        (3, Group::Regiment(1), "h100 ap10 ar1 ds3 mv1.2", 1200.0, 0),
        (
            4,
            Group::Equipment(1),
            "h250 ap12 ar2 ds8 hd2 mv1.5",
            1000.0,
            30,
        ),
        // Crest and Place photos of an Ordinary faction stay out of FP.
        (5, Group::Crest, "h500 ap50", 1200.0, 0),
        (6, Group::Place, "h500 ap50", 1200.0, 0),
    ];
    for (id, g, text, rating, judged) in rows {
        r.photos.push(photo(id, g, text));
        rate(&mut r, id, rating, judged);
    }
    assert!(
        close6(faction_power(&r, 1), 143.956872),
        "PWR-13 {}",
        faction_power(&r, 1)
    );
    assert!(close6(
        type_power(&r, Group::Regiment(1)),
        28.889688 + 25.861111
    ));
    assert!(close6(type_power(&r, Group::Equipment(1)), 64.400518));
    assert_eq!(type_power(&r, Group::Regiment(2)), 0.0);
    let whole = crate::realm_power(&r);
    assert!(close6(whole.factions[0].power, 143.956872));
    assert!(!in_faction_power(&r, &r.photos[4]));
}

#[test]
fn a_mercenary_crest_counts_in_fp() {
    let mut r = realm();
    r.factions[0].kind = crate::FactionKind::Mercenary;
    r.factions[0].merc_pool = Some(crate::MercPool::Hero);
    r.photos.push(photo(1, Group::Crest, "h100"));
    r.photos.push(photo(2, Group::Place, "h100"));
    // One naked figure at 1200/0: 5 × 1.0555….
    assert!(close6(faction_power(&r, 1), 5.277778));
}

#[test]
fn hlt_health_multiplier() {
    let table = [
        ("HLT-01", 25.0, 0.406126),
        ("HLT-02", 50.0, 0.637280),
        ("HLT-03", 100.0, 1.0),
        ("HLT-04", 150.0, 1.301545),
        ("HLT-05", 200.0, 1.569168),
        ("HLT-06", 250.0, 1.814099),
        ("HLT-07", 300.0, 2.042344),
        ("HLT-08", 400.0, 2.462289),
        ("HLT-09", 500.0, 2.846627),
    ];
    for (id, h, want) in table {
        assert!(close6(health_mult(Some(h)), want), "{id}");
    }
    assert_eq!(health_mult(None), 0.0);
    assert_eq!(health_mult(Some(-5.0)), 0.0);
}

fn stat() -> impl Strategy<Value = Option<f64>> {
    prop_oneof![Just(None), (-20.0..40.0f64).prop_map(Some)]
}

prop_compose! {
    fn stats()(v in proptest::collection::vec(stat(), 10)) -> Stats {
        Stats {
            attack_power: v[0], attack_range: v[1], secondary_attack: v[2], secondary_range: v[3],
            defense_strength: v[4], secondary_defense: v[5], headwear_def: v[6],
            backpiece_def: v[7], legwear_def: v[8], movement: v[9],
            ..Stats::default()
        }
    }
}

fn unit_effect() -> impl Strategy<Value = Effect> {
    prop::sample::select(vec![
        Effect::AttackPower,
        Effect::AttackRange,
        Effect::SecondaryAttack,
        Effect::SecondaryRange,
        Effect::DefenseStrength,
        Effect::SecondaryDefense,
        Effect::Movement,
    ])
}

fn source() -> impl Strategy<Value = BuffSource> {
    prop_oneof![
        Just(BuffSource::FactionWide),
        Just(BuffSource::Group(Group::Leader)),
        Just(BuffSource::Group(Group::Regiment(1))),
    ]
}

/// Raises stat `k` of `s` by `d` (a blank becomes `d`).
fn raise(mut s: Stats, k: usize, d: f64) -> Stats {
    let slot = [
        &mut s.attack_power,
        &mut s.attack_range,
        &mut s.secondary_attack,
        &mut s.secondary_range,
        &mut s.defense_strength,
        &mut s.secondary_defense,
        &mut s.headwear_def,
        &mut s.backpiece_def,
        &mut s.legwear_def,
        &mut s.movement,
    ]
    .into_iter()
    .nth(k)
    .unwrap();
    *slot = Some(slot.unwrap_or(0.0) + d);
    s
}

proptest! {
    /// Power never falls when a stat, a buff, Health or the rating rises, and is never negative.
    #[test]
    fn power_never_falls_when_anything_rises(
        s in stats(),
        buffs in proptest::collection::vec((unit_effect(), -10.0..10.0f64, source()), 0..6),
        extra in (unit_effect(), 0.0..10.0f64, source()),
        h in prop_oneof![Just(None), (-10.0..500.0f64).prop_map(Some)],
        dh in 0.0..100.0f64,
        k in 0usize..10, d in 0.0..10.0f64,
        rating in 0.0..3000.0f64, judged in 0u32..30, dr in 0.0..500.0f64,
    ) {
        let g = Rating { photo_id: 1, rating, judged, wins: 0 };
        let mut book = UnitBuffs::default();
        for (e, a, src) in &buffs {
            book.add_buff(*e, *a, *src);
        }
        let group = Group::Regiment(2);
        let base = figure_power(h, &book.apply(&s, group), &g);
        prop_assert!(base >= 0.0);
        let raised = figure_power(h, &book.apply(&raise(s, k, d), group), &g);
        prop_assert!(raised >= base, "stat {k} +{d}: {raised} < {base}");
        let mut more = book.clone();
        more.add_buff(extra.0, extra.1, extra.2);
        prop_assert!(figure_power(h, &more.apply(&s, group), &g) >= base);
        let taller = h.map(|v| v + dh).or(Some(dh));
        prop_assert!(figure_power(taller, &book.apply(&s, group), &g) >= base);
        let better = Rating { rating: rating + dr, ..g };
        prop_assert!(figure_power(h, &book.apply(&s, group), &better) >= base);
    }
}
