//! Materials with their colour squares (a mixed material drawn half in each of its two colours) and
//! the LEGO colours the realm is built from, each with the materials that use it.

use super::labels::signed;
use super::table::{Cell, Table};
use engine::{Colour, Material, MaterialColours, Realm};

/// The colour with this id, if it still exists.
fn colour(r: &Realm, id: u64) -> Option<&Colour> {
    r.colours.iter().find(|c| c.id == id)
}

/// A colour's name, or `colour #id` if it is gone.
fn colour_name(r: &Realm, id: u64) -> String {
    colour(r, id).map_or_else(|| format!("colour #{id}"), |c| c.name.clone())
}

/// The hexes a material's square is drawn in: one, or two for a mixed material (a missing colour is
/// drawn grey rather than dropped, so a mixed square always has its two halves).
pub fn material_hexes(r: &Realm, m: &Material) -> Vec<String> {
    let hex = |id| colour(r, id).map_or_else(|| "#999999".to_string(), |c| c.hex.clone());
    match m.colours {
        MaterialColours::Single(c) => vec![hex(c)],
        MaterialColours::Mixed(a, b) => vec![hex(a), hex(b)],
    }
}

/// The Materials table. A mixed material's LEGO colour and hex code are replaced by the names of the
/// two colours it is mixed from.
pub fn materials(r: &Realm) -> Table {
    Table {
        id: "materials",
        title: "Materials",
        lead: "Every weapon, shield and piece of armour comes in a range of materials, from crude Wood up \
               through Solid Gold. Stat Impact is a percentage applied to the item's base Power when the \
               material is picked. A mixed material's square is drawn half in each of its two colours; it \
               borrows its look from the pair and nothing else.",
        headers: &[
            "Color",
            "Material",
            "Category",
            "LEGO Color Name",
            "Hex Code",
            "Stat Impact",
        ],
        rows: r
            .materials
            .iter()
            .map(|m| {
                let (lego, hex) = match m.colours {
                    MaterialColours::Single(c) => (
                        colour_name(r, c),
                        colour(r, c).map_or_else(String::new, |c| c.hex.clone()),
                    ),
                    MaterialColours::Mixed(a, b) => (
                        format!("Mixed: {} + {}", colour_name(r, a), colour_name(r, b)),
                        "mixed".to_string(),
                    ),
                };
                vec![
                    Cell::Swatch {
                        label: format!("{}: {lego}", m.name),
                        hexes: material_hexes(r, m),
                    },
                    Cell::Text(m.name.clone()),
                    Cell::Text(m.category.clone()),
                    Cell::Text(lego),
                    Cell::Text(hex),
                    Cell::Num(format!("{}%", signed(m.stat_impact_pct))),
                ]
            })
            .collect(),
    }
}

/// The names of the materials drawn in colour `id`, alone or as half of a mix.
pub fn used_by(r: &Realm, id: u64) -> Vec<String> {
    r.materials
        .iter()
        .filter(|m| match m.colours {
            MaterialColours::Single(c) => c == id,
            MaterialColours::Mixed(a, b) => a == id || b == id,
        })
        .map(|m| m.name.clone())
        .collect()
}

/// The LEGO Colours table.
pub fn colours(r: &Realm) -> Table {
    Table {
        id: "colours",
        title: "LEGO Colours",
        lead:
            "The colours the realm is actually built from, named once with LEGO's own names. Every \
               material above is made of one of these, so renaming a colour renames it everywhere.",
        headers: &["Color", "Name", "Hex Code", "Used By"],
        rows: r
            .colours
            .iter()
            .map(|c| {
                let used = used_by(r, c.id);
                vec![
                    Cell::Swatch {
                        label: c.name.clone(),
                        hexes: vec![c.hex.clone()],
                    },
                    Cell::Text(c.name.clone()),
                    Cell::Text(c.hex.clone()),
                    Cell::Text(if used.is_empty() {
                        "—".into()
                    } else {
                        used.join(", ")
                    }),
                ]
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mixed_material_is_drawn_in_both_its_colours_and_each_colour_lists_it() {
        let realm = engine::demo_realm();
        let mixed = realm
            .materials
            .iter()
            .find(|m| matches!(m.colours, MaterialColours::Mixed(..)))
            .expect("the demo realm has a mixed material");
        let MaterialColours::Mixed(a, b) = mixed.colours else {
            unreachable!()
        };
        let hexes = material_hexes(&realm, mixed);
        assert_eq!(
            hexes,
            vec![
                colour(&realm, a).unwrap().hex.clone(),
                colour(&realm, b).unwrap().hex.clone()
            ]
        );
        assert!(used_by(&realm, a).contains(&mixed.name));
        assert!(used_by(&realm, b).contains(&mixed.name));
        let table = materials(&realm);
        assert_eq!(table.rows.len(), realm.materials.len());
    }
}
