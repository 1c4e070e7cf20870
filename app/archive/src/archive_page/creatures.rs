//! Species (where a figure's numbers start) and the Bestiary of animals (never fought with).

use super::labels::{move_category, num};
use super::table::{Cell, Table};
use engine::Realm;

/// The Species table; Units counts the photos of each species.
pub fn species(r: &Realm) -> Table {
    Table {
        id: "species",
        title: "Species",
        lead: "What a figure is, before anybody hands it a weapon: the numbers a creature of that kind \
               starts with and the way it moves. A blank means the species says nothing about that stat, \
               not that it is nought.",
        headers: &[
            "Name",
            "Units",
            "Health",
            "Attack",
            "Range",
            "Defense",
            "Movement",
            "Movement Type",
        ],
        rows: r
            .species
            .iter()
            .map(|s| {
                let units = r
                    .photos
                    .iter()
                    .filter(|p| p.species == Some(s.id))
                    .count();
                let movement_type = s
                    .movement_type
                    .and_then(|id| r.movement_types.iter().find(|m| m.id == id))
                    .map_or_else(String::new, |m| {
                        format!("{} ({})", m.name, move_category(m.category))
                    });
                vec![
                    Cell::Text(s.name.clone()),
                    Cell::Num(units.to_string()),
                    Cell::Num(num(s.health)),
                    Cell::Num(num(s.attack)),
                    Cell::Num(num(s.range)),
                    Cell::Num(num(s.defense)),
                    Cell::Num(num(s.movement)),
                    Cell::Text(movement_type),
                ]
            })
            .collect(),
    }
}

/// The Bestiary: every creature of the realm that is not a war beast.
pub fn bestiary(r: &Realm) -> Table {
    Table {
        id: "bestiary",
        title: "Bestiary",
        lead: "Every creature in the realm. War beasts are in the Beastry above; an animal here lends \
               nobody anything — it lives here, belongs to nobody, and is listed because the realm has \
               more in it than the things that fight.",
        headers: &["Name", "Kind", "Attack Power", "Mobility", "About"],
        rows: r
            .creatures
            .iter()
            .map(|c| {
                vec![
                    Cell::Text(c.name.clone()),
                    Cell::Text(c.kind.clone()),
                    Cell::Num(num(c.attack_power)),
                    Cell::Num(num(c.mobility)),
                    Cell::Text(c.about.clone()),
                ]
            })
            .collect(),
    }
}
