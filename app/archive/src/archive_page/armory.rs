//! The Armory's plain tables: weapons, armour, headwear, backpieces, legwear, offhand items (shields),
//! the Beastry and movement types, each with the columns the source prints (plus Mobility, which
//! SPEC §1.2 gives every item row).

use super::labels::{attack_type, damage_type, defense_type, move_category, num};
use super::table::{Cell, Table};
use engine::{Realm, Wearable};

/// A text cell.
fn t(s: impl Into<String>) -> Cell {
    Cell::Text(s.into())
}

/// A number cell (blank stays blank).
fn n(v: Option<f64>) -> Cell {
    Cell::Num(num(v))
}

/// Every plain Armory table, in the source's order.
pub fn tables(r: &Realm) -> Vec<Table> {
    vec![
        weapons(r),
        armour(r),
        wearables(
            "headwear",
            "Headwear",
            "Helmets, hoods and crowns. Its Defense is its own term in a unit's Power.",
            &r.headwear,
        ),
        wearables(
            "backpieces",
            "Backpiece",
            "Cloaks, quivers and banners worn on the back. Its Defense is its own term in a unit's Power.",
            &r.backpieces,
        ),
        wearables(
            "legwear",
            "Legwear",
            "Greaves, leg armour, boots — whatever a unit wears below the belt. Its Defense is its own \
             term in that unit's Power, alongside Headwear and Backpiece.",
            &r.legwear,
        ),
        wearables(
            "offhand",
            "Offhand Items",
            "What goes in the hand that is not holding the main weapon: a shield or a second weapon, never \
             both. A second weapon is drawn from the Weapons table and fights as the Secondary Attack; a \
             shield is one of these, and its Defense Power is the figure's Secondary Defense. A shield's \
             shape lives in its name, and nothing in the maths reads it.",
            &r.shields,
        ),
        beastry(r),
        movement_types(r),
    ]
}

/// Weapons: a sword's Attack Power becomes the figure's, adjusted by its material.
pub fn weapons(r: &Realm) -> Table {
    Table {
        id: "weapons",
        title: "Weapons",
        lead: "What a figure fights with. Fitting one writes its Attack Power, scaled by the material's \
               Stat Impact, into the figure; its Category is the Attack Type (Melee or Ranged).",
        headers: &["Name", "Category", "Damage Type", "Attack Power", "Range", "Mobility", "BL#"],
        rows: r
            .weapons
            .iter()
            .map(|w| {
                vec![
                    t(&w.name),
                    t(attack_type(w.category)),
                    t(damage_type(w.damage_type)),
                    n(w.attack_power),
                    n(w.range),
                    n(w.mobility),
                    t(&w.bl),
                ]
            })
            .collect(),
    }
}

/// Body armour: its Defense Power becomes the figure's Defense Strength.
pub fn armour(r: &Realm) -> Table {
    Table {
        id: "armour",
        title: "Armour",
        lead:
            "Body armour. Its Defense Power, scaled by the material, becomes the figure's Defense \
               Strength; its Defense Type is recorded.",
        headers: &["Name", "Defense Type", "Defense Power", "Mobility", "BL#"],
        rows: r
            .armor
            .iter()
            .map(|a| {
                vec![
                    t(&a.name),
                    t(defense_type(a.defense_type)),
                    n(a.defense_power),
                    n(a.mobility),
                    t(&a.bl),
                ]
            })
            .collect(),
    }
}

/// Headwear, backpieces, legwear and shields share one shape.
fn wearables(
    id: &'static str,
    title: &'static str,
    lead: &'static str,
    rows: &[Wearable],
) -> Table {
    Table {
        id,
        title,
        lead,
        headers: &["Name", "Defense Power", "Mobility", "BL#"],
        rows: rows
            .iter()
            .map(|w| vec![t(&w.name), n(w.defense_power), n(w.mobility), t(&w.bl)])
            .collect(),
    }
}

/// The Beastry: war beasts lend a unit their Attack and Mobility, never their reach.
pub fn beastry(r: &Realm) -> Table {
    Table {
        id: "beastry",
        title: "Beastry",
        lead: "Tamed animals brought into battle. A unit can have one at its side: the beast's Attack \
               Power is added to the unit's Attack and its Mobility to the unit's Movement. Its Attack \
               Range is listed but goes unused — a beast lends its strength, not its reach.",
        headers: &["Name", "Attack Power", "Attack Range", "Mobility", "BL#"],
        rows: r
            .beasts
            .iter()
            .map(|b| {
                vec![
                    t(&b.name),
                    n(b.attack_power),
                    n(b.attack_range),
                    n(b.mobility),
                    t(&b.bl),
                ]
            })
            .collect(),
    }
}

/// Movement types: a Movement Value and its category.
pub fn movement_types(r: &Realm) -> Table {
    Table {
        id: "movement-types",
        title: "Movement Types",
        lead: "How a figure gets about: a Movement Value (a plain foot soldier sits near 1.00) and its \
               Category. A figure's own Movement is what the march reads; this is its starting point.",
        headers: &["Name", "Category", "Movement Value"],
        rows: r
            .movement_types
            .iter()
            .map(|m| vec![t(&m.name), t(move_category(m.category)), n(m.movement_value)])
            .collect(),
    }
}
