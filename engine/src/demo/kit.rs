//! Reads a demo kit string (see `houses`) and fits it to a photo.

use crate::*;

fn id_by_name<'a>(rows: impl Iterator<Item = (&'a str, u64)>, name: &str, what: &str) -> u64 {
    let mut rows = rows;
    rows.find(|(n, _)| *n == name)
        .map(|(_, id)| id)
        .unwrap_or_else(|| panic!("demo {what} {name:?} missing"))
}

fn fitted(r: &Realm, table: &str, value: &str) -> Fitted {
    let (item, material) = value
        .split_once('@')
        .unwrap_or_else(|| panic!("demo kit {value:?} has no material"));
    let row = match table {
        "weapons" => id_by_name(
            r.weapons.iter().map(|x| (x.name.as_str(), x.id)),
            item,
            table,
        ),
        "armor" => id_by_name(r.armor.iter().map(|x| (x.name.as_str(), x.id)), item, table),
        "headwear" => id_by_name(
            r.headwear.iter().map(|x| (x.name.as_str(), x.id)),
            item,
            table,
        ),
        "backpieces" => id_by_name(
            r.backpieces.iter().map(|x| (x.name.as_str(), x.id)),
            item,
            table,
        ),
        "legwear" => id_by_name(
            r.legwear.iter().map(|x| (x.name.as_str(), x.id)),
            item,
            table,
        ),
        _ => id_by_name(
            r.shields.iter().map(|x| (x.name.as_str(), x.id)),
            item,
            table,
        ),
    };
    let material = id_by_name(
        r.materials.iter().map(|x| (x.name.as_str(), x.id)),
        material,
        "material",
    );
    Fitted { row, material }
}

fn unique(r: &Realm, name: &str) -> u64 {
    id_by_name(
        r.unique_items.iter().map(|x| (x.name.as_str(), x.id)),
        name,
        "unique item",
    )
}

/// Copies a species' starting numbers into the photo.
pub(super) fn species(r: &Realm, p: &mut Photo, name: &str) {
    let s = r
        .species
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("demo species {name:?}"));
    p.species = Some(s.id);
    (
        p.health,
        p.base_attack,
        p.base_range,
        p.base_defense,
        p.base_movement,
    ) = (s.health, s.attack, s.range, s.defense, s.movement);
    p.base_attack_type = s.attack.map(|_| AttackType::Melee);
    set_movement_type(r, p, s.movement_type, false);
}

fn set_movement_type(r: &Realm, p: &mut Photo, id: Option<u64>, take_value: bool) {
    let Some(m) = id.and_then(|id| r.movement_types.iter().find(|m| m.id == id)) else {
        return;
    };
    p.movement_type = Some(m.id);
    p.move_category = Some(m.category);
    if take_value {
        p.base_movement = m.movement_value;
    }
}

/// Fits every `key:value` of `kit` to `p`.
pub(super) fn fit(r: &Realm, p: &mut Photo, kit: &str) {
    for part in kit.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let (key, value) = part
            .split_once(':')
            .unwrap_or_else(|| panic!("demo kit part {part:?}"));
        let num = || {
            value
                .parse::<f64>()
                .unwrap_or_else(|_| panic!("demo number {value:?}"))
        };
        match key {
            "w" => p.weapon = Some(ItemRef::Item(fitted(r, "weapons", value))),
            "ow" => p.offhand = Some(OffhandRef::Weapon(fitted(r, "weapons", value))),
            "sh" => p.offhand = Some(OffhandRef::Shield(fitted(r, "shields", value))),
            "a" => p.armor = Some(ItemRef::Item(fitted(r, "armor", value))),
            "h" => p.headwear = Some(ItemRef::Item(fitted(r, "headwear", value))),
            "bp" => p.backpiece = Some(ItemRef::Item(fitted(r, "backpieces", value))),
            "l" => p.legwear = Some(ItemRef::Item(fitted(r, "legwear", value))),
            "u" => p.weapon = Some(ItemRef::Unique(unique(r, value))),
            "uo" => p.offhand = Some(OffhandRef::Unique(unique(r, value))),
            "uh" => p.headwear = Some(ItemRef::Unique(unique(r, value))),
            "ub" => p.backpiece = Some(ItemRef::Unique(unique(r, value))),
            "b" => {
                p.beast = Some(id_by_name(
                    r.beasts.iter().map(|x| (x.name.as_str(), x.id)),
                    value,
                    "beast",
                ))
            }
            "mt" => {
                let id = id_by_name(
                    r.movement_types.iter().map(|x| (x.name.as_str(), x.id)),
                    value,
                    "movement type",
                );
                set_movement_type(r, p, Some(id), true);
            }
            "worn" => p.worn.push(id_by_name(
                r.bardings.iter().map(|x| (x.name.as_str(), x.id)),
                value,
                "barding",
            )),
            "hp" => p.health = Some(num()),
            "def" => p.base_defense = Some(num()),
            "atk" => p.base_attack = Some(num()),
            "rng" => p.base_range = Some(num()),
            _ => panic!("demo kit key {key:?}"),
        }
    }
}
