//! VECTORS.md §Q (`OLY-01..32`), copied here as tables so the tests read nothing outside the repo.

use super::super::battle::{strike, wound};
use super::super::*;
use super::{force, host, men, noble_unit, Script};
use crate::Side;

/// `OLY-01..05`: a noble and two men of `kind`, how many of them are killed, then V0, the break
/// point, the value left and whether the force has broken.
const BREAKS: &[(&str, Kind, usize, f64, f64, f64, bool)] = &[
    ("OLY-01", Kind::Pikeman, 0, 230.0, 115.0, 230.0, false),
    ("OLY-02", Kind::Knight, 0, 340.0, 170.0, 340.0, false),
    ("OLY-03", Kind::Pikeman, 2, 230.0, 115.0, 160.0, false),
    ("OLY-04", Kind::Knight, 2, 340.0, 170.0, 160.0, true),
    ("OLY-05", Kind::Knight, 1, 340.0, 170.0, 250.0, false),
];

#[test]
fn oly_01_to_05_value_and_break() {
    for &(id, kind, killed, v0, point, left, broken) in BREAKS {
        let f = force(vec![noble_unit(1, 100, vec![men(kind, 2, 0)])], None);
        let mut h = host(&f, Side::Defender, Weather::Clear, Ground::Land);
        for i in 0..killed {
            h.fate[1 + i] = Fate::Killed;
        }
        assert_eq!((h.value_start, h.value_start / 2.0), (v0, point), "{id}");
        assert_eq!((h.value(), h.broken()), (left, broken), "{id}");
    }
}

#[test]
fn oly_06_exactly_half_breaks() {
    // Ten soldiers are worth 100; with five left (50) the force breaks, with six (60) it fights.
    let f = force(vec![super::band(1, vec![men(Kind::Soldier, 10, 0)])], None);
    let mut h = host(&f, Side::Defender, Weather::Clear, Ground::Land);
    assert_eq!(h.value_start, 100.0);
    for i in 0..4 {
        h.fate[i] = Fate::Killed;
    }
    assert!(!h.broken());
    h.fate[4] = Fate::Killed;
    assert_eq!(h.value(), 50.0);
    assert!(h.broken());
}

/// `OLY-07..10`, `OLY-13`: (id, attacker's strike, target's defense, the chance).
const CHANCES: &[(&str, f64, f64, f64)] = &[
    ("OLY-07", 90.0, 45.0, 2.0 / 3.0),
    ("OLY-08", 90.0, 90.0, 0.5),
    ("OLY-09", 50.0, 5.0, 10.0 / 11.0),
    ("OLY-10", 25.0, 5.0, 5.0 / 6.0),
    ("OLY-13", 20.0, 30.0, 0.4),
];

#[test]
fn oly_07_to_10_and_13_hit_chance() {
    for &(id, a, b, p) in CHANCES {
        assert!((hit_chance(a, b) - p).abs() < 1e-15, "{id}");
    }
    let strike_of = |kind, weather, ground| effective(kind, Rating::default(), ground, weather);
    // OLY-09/10: an archer strikes a soldier with its missile, halved in the rain.
    let soldier = strike_of(Kind::Soldier, Weather::Clear, Ground::Land).defense;
    let archer = |w| {
        let r = strike_of(Kind::Archer, w, Ground::Land);
        r.attack.max(r.missile)
    };
    assert_eq!(hit_chance(archer(Weather::Clear), soldier), 10.0 / 11.0);
    assert_eq!(hit_chance(archer(Weather::Rain), soldier), 5.0 / 6.0);
    // OLY-13: a knight in a swamp (20/20) against a pikeman (defense 30).
    let knight = strike_of(Kind::Knight, Weather::Clear, Ground::Swamp);
    let pike = strike_of(Kind::Pikeman, Weather::Clear, Ground::Swamp);
    assert_eq!((knight.attack, knight.defense), (20.0, 20.0));
    assert_eq!(hit_chance(knight.attack, pike.defense), 0.4);
}

/// `OLY-11/12`: missiles of (archer, elite archer, crossbowman) in rain and fog, and a noble with a
/// +40 missile item in fog.
#[test]
fn oly_11_12_weather() {
    let missile = |kind, w| effective(kind, Rating::default(), Ground::Land, w).missile;
    let kinds = [Kind::Archer, Kind::EliteArcher, Kind::Crossbowman];
    assert_eq!(kinds.map(|k| missile(k, Weather::Rain)), [25.0, 37.5, 6.25]);
    assert_eq!(kinds.map(|k| missile(k, Weather::Wind)), [25.0, 37.5, 6.25]);
    assert_eq!(kinds.map(|k| missile(k, Weather::Fog)), [12.5, 18.75, 6.25]);
    let bonus = Rating {
        missile: 40.0,
        ..Rating::default()
    };
    let noble = |w| effective(Kind::Noble, bonus, Ground::Land, w).missile;
    assert_eq!((noble(Weather::Fog), noble(Weather::Rain)), (10.0, 40.0));
}

#[test]
fn oly_14_a_castle_adds_its_defense() {
    // A swordsman strikes the soldier (not the castle) of a force in a castle of defense 25.
    let a = force(vec![super::band(1, vec![men(Kind::Swordsman, 1, 0)])], None);
    let castle = Structure {
        kind: StructureKind::Castle,
        name: "Castle".into(),
        defense: 25,
        damage: 0,
    };
    let d = force(
        vec![super::band(2, vec![men(Kind::Soldier, 1, 0)])],
        Some(castle),
    );
    let mut hosts = [
        host(&a, Side::Attacker, Weather::Clear, Ground::Land),
        host(&d, Side::Defender, Weather::Clear, Ground::Land),
    ];
    // The hitter (1 of 1), the soldier (first of soldier + castle), a roll of 0.5: a miss.
    let mut rng = Script::new(&[Script::pick(0, 1), Script::pick(0, 2), Script::unit(0.5)]);
    let hit = strike(Side::Attacker, &mut hosts, &mut rng).unwrap();
    assert_eq!(hit.target, Target::Figure { index: 0 });
    assert!(hit.sheltered);
    assert_eq!((hit.strike, hit.defense), (15.0, 30.0));
    assert!((hit.chance - 1.0 / 3.0).abs() < 1e-15);
    assert_eq!(hit.effect, Effect::Missed);
}

#[test]
fn oly_15_pirates_on_land_and_afloat() {
    let r = |g| base_rating(Kind::Pirate, g);
    assert_eq!(
        [r(Ground::Land), r(Ground::Ship)].map(|r| (r.attack, r.defense, r.missile)),
        [(5.0, 5.0, 0.0), (15.0, 15.0, 0.0)]
    );
}

#[test]
fn oly_16_a_noble_strikes_with_its_missile_from_the_rear() {
    let item = Item {
        name: "Bow".into(),
        attack: 0,
        defense: 0,
        missile: 40,
    };
    let mut u = noble_unit(1, 100, Vec::new());
    u.noble.as_mut().unwrap().items.push(item);
    for (behind, want) in [(1, 40.0), (0, 80.0)] {
        u.noble.as_mut().unwrap().behind = behind;
        let f = figures(
            &force(vec![u.clone()], None),
            Side::Attacker,
            Ground::Land,
            Weather::Clear,
        );
        assert_eq!(f[0].strike(), want, "behind {behind}");
    }
}

#[test]
fn oly_17_an_archer_is_worth_its_missile_plus_defense() {
    let f = figures(
        &force(vec![super::band(1, vec![men(Kind::Archer, 1, 1)])], None),
        Side::Defender,
        Ground::Land,
        Weather::Clear,
    );
    assert_eq!(f[0].value(), 55.0);
}

#[test]
fn oly_18_osswid_wields_the_best_item_of_each_category() {
    let items = [
        ("Shield of Achilles [fx78]", 0, 25, 0),
        ("Sword of Death [gl23]", 10, 0, 0),
        ("Mithril Axe [wt29]", 15, 0, 0),
        ("Magic javelin [ht02]", 0, 0, 5),
    ]
    .map(|(name, attack, defense, missile)| Item {
        name: name.into(),
        attack,
        defense,
        missile,
    });
    let w = wield(&items);
    let name = |i: Option<usize>| items[i.unwrap()].name.as_str();
    assert_eq!(name(w.attack), "Mithril Axe [wt29]");
    assert_eq!(name(w.defense), "Shield of Achilles [fx78]");
    assert_eq!(name(w.missile), "Magic javelin [ht02]");
    let b = w.bonus(&items);
    assert_eq!((b.attack, b.defense, b.missile), (15.0, 25.0, 5.0));
}

/// `OLY-19/20`: (id, able attackers, able defenders, the order of hits).
const ORDERS: &[(&str, usize, usize, &str)] =
    &[("OLY-19", 5, 2, "ADADAAA"), ("OLY-20", 2, 4, "ADADDD")];

#[test]
fn oly_19_20_hit_order() {
    for &(id, a, d, want) in ORDERS {
        let got: String = cycle_order(a, d)
            .iter()
            .map(|s| if *s == Side::Attacker { 'A' } else { 'D' })
            .collect();
        assert_eq!(got, want, "{id}");
    }
}

/// `OLY-21/22`: a noble's health, and how many of the hundred wounds kill it.
const WOUNDS: &[(&str, u32, usize)] = &[("OLY-21", 100, 1), ("OLY-22", 40, 61)];

#[test]
fn oly_21_22_a_wound_kills_a_noble_when_it_reaches_its_health() {
    for &(id, health, deaths) in WOUNDS {
        let f = force(vec![noble_unit(1, health, Vec::new())], None);
        let killed = (1..=100)
            .filter(|&w| {
                let mut h = host(&f, Side::Defender, Weather::Clear, Ground::Land);
                let e = wound(&mut h, 0, &mut Script::new(&[Script::pick(w - 1, 100)]));
                match e {
                    Effect::NobleKilled { wound } => wound == w as u32,
                    Effect::Wounded {
                        wound,
                        health: left,
                    } => {
                        assert_eq!((wound, left + wound), (w as u32, health));
                        assert_eq!(h.fate[0], Fate::Wounded, "a wounded noble leaves the fight");
                        false
                    }
                    other => panic!("{other:?}"),
                }
            })
            .count();
        assert_eq!(killed, deaths, "{id}");
    }
}

#[test]
fn oly_23_a_blessed_soldier_survives_half_the_hits() {
    let f = force(
        vec![super::band(1, vec![men(Kind::BlessedSoldier, 1, 0)])],
        None,
    );
    let p_hit = hit_chance(15.0, 5.0);
    let mut h = host(&f, Side::Defender, Weather::Clear, Ground::Land);
    let e = wound(&mut h, 0, &mut Script::new(&[Script::unit(0.25)]));
    assert_eq!(e, Effect::Spared { blessing: 0.25 });
    assert_eq!(h.fate[0], Fate::Standing);
    let e = wound(&mut h, 0, &mut Script::new(&[Script::unit(0.5)]));
    assert_eq!(
        e,
        Effect::Killed {
            blessing: Some(0.5)
        }
    );
    assert_eq!(p_hit * 0.5, 3.0 / 8.0);
}

#[test]
fn oly_24_a_catapult_strikes_the_structure_for_5_to_10() {
    assert_eq!(hit_chance(25.0, 25.0), 0.5);
    let points: Vec<u32> = (1..=6).map(|d| structure_points(true, d)).collect();
    assert_eq!(points, [5, 6, 7, 8, 9, 10]);
    assert_eq!(structure_points(false, 0), 1);
    // In a battle: the catapult's only target is the castle; a landed hit draws a d6 (here 3).
    let a = force(vec![super::band(1, vec![men(Kind::Catapult, 1, 0)])], None);
    let tower = Structure {
        kind: StructureKind::Tower,
        name: "Tower".into(),
        defense: 25,
        damage: 0,
    };
    let d = force(
        vec![super::band(2, vec![men(Kind::Soldier, 3, 0)])],
        Some(tower),
    );
    let mut hosts = [
        host(&a, Side::Attacker, Weather::Clear, Ground::Land),
        host(&d, Side::Defender, Weather::Clear, Ground::Land),
    ];
    let words = [
        Script::pick(0, 1),
        Script::pick(0, 1),
        Script::unit(0.25),
        Script::pick(2, 6),
    ];
    let hit = strike(Side::Attacker, &mut hosts, &mut Script::new(&words)).unwrap();
    assert_eq!((hit.target, hit.chance), (Target::Structure, 0.5));
    let want = Effect::Damaged {
        points: 7,
        defense: 18,
        damage: 0,
        collapsed: false,
    };
    assert_eq!(hit.effect, want);
}

#[test]
fn oly_25_engine_damage_past_the_defense_becomes_damage_percent() {
    let mut s = Structure {
        kind: StructureKind::Castle,
        name: "Keep".into(),
        defense: 3,
        damage: 0,
    };
    s.take(7);
    assert_eq!((s.defense, s.damage), (0, 4));
    s.take(200);
    assert_eq!((s.damage, s.standing()), (100, false), "collapsed at 100 %");
}

/// `OLY-26..32`: (id, winner remaining, loser remaining, the chance a defeated unit is taken).
const PRISONERS: &[(&str, u32, u32, Option<f64>)] = &[
    ("OLY-26", 1, 1, Some(0.25)),
    ("OLY-27", 2, 1, Some(0.5)),
    ("OLY-28", 3, 1, Some(0.75)),
    ("OLY-29", 4, 1, Some(0.75)),
    ("OLY-30", 3, 2, Some(0.375)),
    ("OLY-31", 1, 2, Some(0.25)),
    ("OLY-32", 10, 0, None),
];

#[test]
fn oly_26_to_32_prisoner_chance() {
    for &(id, w, l, want) in PRISONERS {
        assert_eq!(prisoner_chance(w, l), want, "{id}");
    }
}
