//! FIT-* vectors (VECTORS.md §0) against a tiny hand-built armory.

use super::*;
use crate::*;

pub(crate) const STEEL: u64 = 1;
pub(crate) const IRON: u64 = 2;
pub(crate) const OAK: u64 = 3;
pub(crate) const BRONZE: u64 = 4;
pub(crate) const SWORD: u64 = 10;
pub(crate) const DAGGER: u64 = 11;

fn mat(id: u64, name: &str, pct: f64) -> Material {
    let colours = MaterialColours::Single(1);
    Material {
        id,
        name: name.into(),
        category: String::new(),
        colours,
        stat_impact_pct: pct,
    }
}

fn wear(id: u64, name: &str, dp: f64) -> Wearable {
    Wearable {
        id,
        name: name.into(),
        defense_power: Some(dp),
        mobility: None,
        bl: String::new(),
    }
}

fn weapon(id: u64, name: &str, ap: f64) -> Weapon {
    Weapon {
        id,
        name: name.into(),
        category: AttackType::Melee,
        damage_type: DamageType::Slashing,
        attack_power: Some(ap),
        range: Some(1.0),
        mobility: None,
        bl: String::new(),
    }
}

pub(crate) fn armory() -> Realm {
    let mut r = Realm::new(TerrainMap::filled(1, 1, Terrain::Plains));
    r.colours.push(Colour {
        id: 1,
        name: "Flat Silver".into(),
        hex: "#898788".into(),
    });
    r.materials = vec![
        mat(STEEL, "Steel", 25.0),
        mat(IRON, "Iron", 0.0),
        mat(OAK, "Oak", -10.0),
        mat(BRONZE, "Bronze", 10.0),
    ];
    r.weapons = vec![weapon(SWORD, "Sword", 8.0), weapon(DAGGER, "Dagger", 2.0)];
    r.armor = vec![Armor {
        id: 1,
        name: "Chainmail".into(),
        defense_type: DefenseType::Medium,
        defense_power: Some(4.0),
        mobility: None,
        bl: String::new(),
    }];
    r.shields = vec![wear(1, "Kite Shield", 3.0)];
    r.headwear = vec![wear(1, "Helm", 1.0)];
    r.beasts = vec![Beast {
        id: 1,
        name: "Warhound".into(),
        attack_power: Some(3.0),
        attack_range: Some(4.0),
        mobility: Some(0.2),
        bl: String::new(),
    }];
    r.unique_items = vec![UniqueItem {
        id: 1,
        name: "Dawnbringer".into(),
        slot: Slot::Weapon,
        built_from: Some(BuiltFrom {
            table: ArmoryTable::Weapon,
            row: SWORD,
            material: STEEL,
        }),
        attack_power: Some(14.0),
        defense_power: None,
        range: Some(2.0),
        mobility: Some(0.1),
        attack_type: Some(AttackType::Melee),
        its_power: String::new(),
        bane: None,
    }];
    r
}

pub(crate) fn human() -> Photo {
    let mut p = Photo::blank(1, 1, Group::Leader, "Test");
    p.health = Some(100.0);
    p.base_movement = Some(1.0);
    p
}

pub(crate) fn it(row: u64, material: u64) -> Option<ItemRef> {
    Some(ItemRef::Item(Fitted { row, material }))
}

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-9,
        (a, b) => a == b,
    }
}

// One positional argument per column of the FIT table, so each case reads like its vector row.
#[allow(clippy::too_many_arguments)]
fn check(
    got: Stats,
    ap: f64,
    ar: f64,
    sa: Option<f64>,
    ds: Option<f64>,
    sd: Option<f64>,
    hd: Option<f64>,
    mv: f64,
) {
    assert!(close(got.attack_power, Some(ap)), "ap {got:?}");
    assert!(close(got.attack_range, Some(ar)), "ar {got:?}");
    assert!(close(got.secondary_attack, sa), "sa {got:?}");
    assert!(close(got.defense_strength, ds), "ds {got:?}");
    assert!(close(got.secondary_defense, sd), "sd {got:?}");
    assert!(close(got.headwear_def, hd), "hd {got:?}");
    assert!(close(got.movement, Some(mv)), "mv {got:?}");
    assert_eq!((got.backpiece_def, got.legwear_def), (None, None));
}

#[test]
fn fit_01_full_kit_and_fit_02_push_down() {
    let mut r = armory();
    let mut p = human();
    p.weapon = it(SWORD, STEEL);
    p.armor = it(1, IRON);
    p.offhand = Some(OffhandRef::Shield(Fitted {
        row: 1,
        material: OAK,
    }));
    p.headwear = it(1, BRONZE);
    p.beast = Some(1);
    check(
        derive_stats(&p, &r),
        13.0,
        1.0,
        None,
        Some(4.0),
        Some(2.7),
        Some(1.1),
        1.2,
    );
    r.materials[0].stat_impact_pct = 50.0;
    check(
        derive_stats(&p, &r),
        15.0,
        1.0,
        None,
        Some(4.0),
        Some(2.7),
        Some(1.1),
        1.2,
    );
}

#[test]
fn fit_03_04_species_numbers_and_weapon_replacing_them() {
    let r = armory();
    let mut p = human();
    (
        p.health,
        p.base_attack,
        p.base_range,
        p.base_defense,
        p.base_movement,
    ) = (Some(250.0), Some(5.0), Some(2.0), Some(6.0), Some(1.5));
    check(
        derive_stats(&p, &r),
        5.0,
        2.0,
        None,
        Some(6.0),
        None,
        None,
        1.5,
    );
    p.weapon = it(SWORD, STEEL);
    check(
        derive_stats(&p, &r),
        10.0,
        1.0,
        None,
        Some(6.0),
        None,
        None,
        1.5,
    );
}

#[test]
fn fit_05_unique_item_is_fixed() {
    let mut r = armory();
    let mut p = human();
    p.weapon = Some(ItemRef::Unique(1));
    check(derive_stats(&p, &r), 14.0, 2.0, None, None, None, None, 1.1);
    r.materials[0].stat_impact_pct = 90.0;
    r.weapons[0].attack_power = Some(20.0);
    check(derive_stats(&p, &r), 14.0, 2.0, None, None, None, None, 1.1);
}

#[test]
fn fit_06_offhand_weapon_is_secondary_attack() {
    let r = armory();
    let mut p = human();
    p.weapon = it(SWORD, STEEL);
    p.offhand = Some(OffhandRef::Weapon(Fitted {
        row: DAGGER,
        material: STEEL,
    }));
    let s = derive_stats(&p, &r);
    check(s, 10.0, 1.0, Some(2.5), None, None, None, 1.0);
    assert_eq!(s.secondary_range, Some(1.0));
}

#[test]
fn fit_07_blank_base_movement_with_beast() {
    let r = armory();
    let mut p = human();
    p.base_movement = None;
    p.weapon = it(SWORD, STEEL);
    p.beast = Some(1);
    check(derive_stats(&p, &r), 13.0, 1.0, None, None, None, None, 0.2);
    p.beast = None;
    assert_eq!(derive_stats(&p, &r).movement, None);
}

#[test]
fn wearer_lines_add_to_stats() {
    let mut r = armory();
    let line = |effect, amount| Line {
        effect,
        amount,
        scope: Scope::Wearer,
        condition: Condition::Always,
    };
    r.bardings.push(Barding {
        id: 1,
        name: "Caparison".into(),
        kind: WornKind::Barding,
        what_it_is: String::new(),
        lines: vec![
            line(LineEffect::DefenseStrength, 2.0),
            line(LineEffect::Movement, -0.1),
        ],
        named_power: String::new(),
        bl: String::new(),
    });
    let mut p = human();
    p.worn = vec![1];
    let s = derive_stats(&p, &r);
    assert!(
        close(s.defense_strength, Some(2.0)) && close(s.movement, Some(0.9)),
        "{s:?}"
    );
}
