//! Every validation error names its field. Each case breaks one thing in the demo realm.

use crate::*;

fn field_of(break_it: impl FnOnce(&mut Realm)) -> String {
    let mut r = demo_realm();
    break_it(&mut r);
    r.validate()
        .expect_err("the broken realm must be rejected")
        .field
}

fn photo_in(r: &Realm, want: impl Fn(&Photo) -> bool) -> usize {
    r.photos
        .iter()
        .position(want)
        .expect("demo has such a photo")
}

#[test]
fn map_errors_name_the_map_field() {
    assert_eq!(field_of(|r| r.map.width = 0), "map.width");
    assert_eq!(field_of(|r| r.map.height = 0), "map.height");
    assert_eq!(
        field_of(|r| {
            r.map.cells.pop();
        }),
        "map.cells"
    );
}

#[test]
fn ids_are_unique_below_2_pow_53_and_ordered() {
    assert_eq!(
        field_of(|r| r.weapons[3].id = r.weapons[2].id),
        "weapons[3].id"
    );
    assert_eq!(field_of(|r| r.factions[0].id = MAX_ID), "factions[0].id");
    assert_eq!(field_of(|r| r.photos.swap(0, 1)), "photos[1]");
}

#[test]
fn references_must_resolve() {
    assert_eq!(
        field_of(|r| r.photos[12].faction = 999),
        "photos[12].faction"
    );
    assert_eq!(field_of(|r| r.buffs[0].faction = 999), "buffs[0].faction");
    assert_eq!(
        field_of(|r| r.regiments[1].faction = 999),
        "regiments[1].faction"
    );
    assert_eq!(
        field_of(|r| r.materials[0].colours = MaterialColours::Mixed(1, 999)),
        "materials[0].colours"
    );
    let last = demo_realm().ratings.len() - 1;
    assert_eq!(
        field_of(|r| r.ratings[last].photo_id = 99_999),
        format!("ratings[{last}].photo_id")
    );
    let i = photo_in(&demo_realm(), |p| {
        matches!(p.weapon, Some(ItemRef::Item(_)))
    });
    let path = format!("photos[{i}].weapon.material");
    assert_eq!(
        field_of(|r| r.photos[i].weapon = Some(ItemRef::Item(Fitted {
            row: 1,
            material: 999
        }))),
        path
    );
    let path = format!("photos[{i}].weapon");
    let crown = demo_realm()
        .unique_items
        .iter()
        .find(|u| u.slot == Slot::Headwear)
        .unwrap()
        .id;
    assert_eq!(
        field_of(|r| r.photos[i].weapon = Some(ItemRef::Unique(crown))),
        path
    );
    assert_eq!(
        field_of(|r| r.photos[i].group = Group::Regiment(999)),
        format!("photos[{i}].group")
    );
    assert_eq!(
        field_of(|r| r.photos[i].season = Some(9)),
        format!("photos[{i}].season")
    );
    assert_eq!(
        field_of(|r| r.settings.current_season = 7),
        "settings.current_season"
    );
}

#[test]
fn crew_must_serve_a_machine_of_their_own_faction() {
    let r0 = demo_realm();
    let crew = photo_in(&r0, |p| p.crew_of.is_some());
    let plain = r0
        .photos
        .iter()
        .find(|p| p.machine_kind.is_none())
        .unwrap()
        .id;
    assert_eq!(
        field_of(|r| r.photos[crew].crew_of = Some(plain)),
        format!("photos[{crew}].crew_of")
    );
    let machine = photo_in(&r0, |p| p.machine_kind.is_some());
    assert_eq!(
        field_of(|r| r.photos[machine].group = Group::Leader),
        format!("photos[{machine}].group")
    );
}

#[test]
fn factions_need_sound_values() {
    for bad_name in ["", "   ", "a\u{7}b", &"x".repeat(61)] {
        assert_eq!(
            field_of(|r| r.factions[2].name = bad_name.to_string()),
            "factions[2].name",
            "{bad_name:?}"
        );
    }
    assert_eq!(
        field_of(|r| r.factions[2].colour = "red".into()),
        "factions[2].colour"
    );
    assert_eq!(
        field_of(|r| r.colours[0].hex = "#12345".into()),
        "colours[0].hex"
    );
    assert_eq!(
        field_of(|r| r.factions[1].marker = Some(Marker { x: 1.5, y: 0.2 })),
        "factions[1].marker.x"
    );
    let merc = demo_realm()
        .factions
        .iter()
        .position(|f| f.kind == FactionKind::Mercenary)
        .unwrap();
    assert_eq!(
        field_of(|r| r.factions[merc].merc_pool = None),
        format!("factions[{merc}].merc_pool")
    );
    assert_eq!(
        field_of(|r| r.factions[0].merc_pool = Some(MercPool::Hero)),
        "factions[0].merc_pool"
    );
}

#[test]
fn numbers_must_be_finite() {
    assert_eq!(
        field_of(|r| r.photos[3].health = Some(f64::NAN)),
        "photos[3].health"
    );
    assert_eq!(
        field_of(|r| r.photos[3].stats.movement = Some(f64::INFINITY)),
        "photos[3].stats.movement"
    );
    assert_eq!(
        field_of(|r| r.materials[1].stat_impact_pct = f64::NAN),
        "materials[1].stat_impact_pct"
    );
}

#[test]
fn grudges_target_only_ordinary_factions() {
    let r0 = demo_realm();
    let g = r0
        .buffs
        .iter()
        .position(|b| matches!(b.effect, Effect::Grudge { .. }))
        .unwrap();
    let merc = r0
        .factions
        .iter()
        .find(|f| f.kind == FactionKind::Mercenary)
        .unwrap()
        .id;
    let town = r0
        .factions
        .iter()
        .find(|f| f.kind == FactionKind::Townsfolk)
        .unwrap()
        .id;
    let path = format!("buffs[{g}].effect.grudge.target");
    assert_eq!(
        field_of(|r| r.buffs[g].effect = Effect::Grudge { target: merc }),
        path
    );
    assert_eq!(
        field_of(|r| r.buffs[g].effect = Effect::Grudge { target: town }),
        path
    );
    assert_eq!(
        field_of(|r| r.buffs[g].effect = Effect::Grudge { target: 999 }),
        path
    );
    let whole = r0
        .buffs
        .iter()
        .position(|b| b.effect.whole_amount())
        .unwrap();
    assert_eq!(
        field_of(|r| r.buffs[whole].amount = 1.5),
        format!("buffs[{whole}].amount")
    );
}

#[test]
fn an_offhand_item_is_not_both_weapon_and_shield() {
    let r0 = demo_realm();
    let u = r0
        .unique_items
        .iter()
        .position(|u| u.slot == Slot::Offhand)
        .unwrap();
    assert_eq!(
        field_of(|r| r.unique_items[u].attack_power = Some(4.0)),
        format!("unique_items[{u}].defense_power")
    );
}

#[test]
fn lines_have_the_right_scope_and_bardings_one_wearer() {
    assert_eq!(
        field_of(|r| r.machine_kinds[0].lines[0].scope = Scope::Wearer),
        "machine_kinds[0].lines[0].scope"
    );
    assert_eq!(
        field_of(|r| r.bardings[0].lines[0].scope = Scope::SelfOnly),
        "bardings[0].lines[0].scope"
    );
    let r0 = demo_realm();
    let wearer = photo_in(&r0, |p| !p.worn.is_empty());
    let other = photo_in(&r0, |p| p.worn.is_empty());
    let b = r0.photos[wearer].worn[0];
    let f = field_of(|r| r.photos[other].worn.push(b));
    assert!(f.ends_with(".worn[0]"), "{f}");
}

#[test]
fn photo_and_regiment_names_are_display_names() {
    assert_eq!(
        field_of(|r| r.photos[2].name = "  ".into()),
        "photos[2].name"
    );
    assert_eq!(
        field_of(|r| r.regiments[1].name = "x".repeat(crate::MAX_NAME_CHARS + 1)),
        "regiments[1].name"
    );
}

#[test]
fn armory_row_names_are_display_names() {
    assert_eq!(
        field_of(|r| r.weapons[0].name = String::new()),
        "weapons[0].name"
    );
    assert_eq!(
        field_of(|r| r.materials[1].name = "bad\u{7}".into()),
        "materials[1].name"
    );
    assert_eq!(
        field_of(|r| r.equipment_types[0].name = "x".repeat(crate::MAX_NAME_CHARS + 1)),
        "equipment_types[0].name"
    );
}
