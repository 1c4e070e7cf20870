//! Materials with their colour squares (a mixed material drawn half in each of its two colours) and
//! the LEGO colours the realm is built from, each with the materials that use it.

use super::labels::{armory_row, signed};
use super::table::{Cell, Table};
use engine::{
    ArmoryTable, Colour, Fitted, ItemRef, Material, MaterialColours, OffhandRef, Photo, Realm,
};

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
                        uses: material_uses(r, m.id),
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

/// The materials drawn in colour `id`, alone or as half of a mix.
fn materials_in(r: &Realm, id: u64) -> impl Iterator<Item = &Material> {
    r.materials.iter().filter(move |m| match m.colours {
        MaterialColours::Single(c) => c == id,
        MaterialColours::Mixed(a, b) => a == id || b == id,
    })
}

/// The names of the materials drawn in colour `id`, alone or as half of a mix.
pub fn used_by(r: &Realm, id: u64) -> Vec<String> {
    materials_in(r, id).map(|m| m.name.clone()).collect()
}

/// Every Armory piece a photo has fitted, with the table its row is in: the five worn slots and
/// an offhand weapon or shield (a unique item has no material of its own, so it is not here).
fn fitted_in(p: &Photo) -> Vec<(ArmoryTable, Fitted)> {
    let worn = [
        (ArmoryTable::Weapon, p.weapon),
        (ArmoryTable::Armor, p.armor),
        (ArmoryTable::Headwear, p.headwear),
        (ArmoryTable::Backpiece, p.backpiece),
        (ArmoryTable::Legwear, p.legwear),
    ];
    let mut out: Vec<(ArmoryTable, Fitted)> = worn
        .into_iter()
        .filter_map(|(t, it)| match it {
            Some(ItemRef::Item(f)) => Some((t, f)),
            _ => None,
        })
        .collect();
    match p.offhand {
        Some(OffhandRef::Weapon(f)) => out.push((ArmoryTable::Weapon, f)),
        Some(OffhandRef::Shield(f)) => out.push((ArmoryTable::Shield, f)),
        _ => {}
    }
    out
}

/// How many figures a line names before it counts the rest.
const NAMED: usize = 3;

/// "Aerin, Bofur, Nori and 4 more".
fn some_names(names: &[&str]) -> String {
    let mut s = names[..names.len().min(NAMED)].join(", ");
    if names.len() > NAMED {
        s.push_str(&format!(" and {} more", names.len() - NAMED));
    }
    s
}

/// What is made of material `id`, one line per piece: the pieces fitted on figures ("Longsword
/// on 3 figures: Aerin, Bofur, Nori") and the unique items built from it.
pub fn material_uses(r: &Realm, id: u64) -> Vec<String> {
    // (table, row) in the order first met, with the figures that carry it.
    let mut pieces: Vec<((ArmoryTable, u64), Vec<&str>)> = Vec::new();
    for p in &r.photos {
        for (table, f) in fitted_in(p).into_iter().filter(|(_, f)| f.material == id) {
            let key = (table, f.row);
            match pieces.iter_mut().find(|(k, _)| *k == key) {
                Some((_, names)) => names.push(&p.name),
                None => pieces.push((key, vec![&p.name])),
            }
        }
    }
    let mut lines: Vec<String> = pieces
        .into_iter()
        .map(|((table, row), names)| {
            let figures = if names.len() == 1 {
                "figure"
            } else {
                "figures"
            };
            format!(
                "{} on {} {figures}: {}",
                armory_row(r, table, row),
                names.len(),
                some_names(&names)
            )
        })
        .collect();
    lines.extend(
        r.unique_items
            .iter()
            .filter_map(|u| Some((u, u.built_from.filter(|b| b.material == id)?)))
            .map(|(u, b)| {
                format!(
                    "{}, a unique item built from a {}",
                    u.name,
                    armory_row(r, b.table, b.row)
                )
            }),
    );
    lines
}

/// What is made in colour `id`: each material drawn in it, with what that material is used for.
pub fn colour_uses(r: &Realm, id: u64) -> Vec<String> {
    materials_in(r, id)
        .flat_map(|m| {
            let uses = material_uses(r, m.id);
            if uses.is_empty() {
                vec![format!("{}: nothing is made of it yet", m.name)]
            } else {
                uses.into_iter()
                    .map(|u| format!("{}: {u}", m.name))
                    .collect()
            }
        })
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
                        uses: colour_uses(r, c.id),
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

    #[test]
    fn a_square_lists_every_figure_that_carries_its_material() {
        let realm = engine::demo_realm();
        for m in &realm.materials {
            // Count the fittings another way: every slot of every photo.
            let carried = realm
                .photos
                .iter()
                .flat_map(fitted_in)
                .filter(|(_, f)| f.material == m.id)
                .count();
            let listed: usize = material_uses(&realm, m.id)
                .iter()
                .filter(|l| !l.contains("a unique item"))
                .map(|l| {
                    let n = l.split(" on ").nth(1).and_then(|t| t.split(' ').next());
                    n.and_then(|n| n.parse::<usize>().ok()).expect(l)
                })
                .sum();
            assert_eq!(listed, carried, "{}", m.name);
        }
        let used = realm
            .materials
            .iter()
            .find(|m| !material_uses(&realm, m.id).is_empty())
            .expect("the demo fits some material");
        let (MaterialColours::Single(c) | MaterialColours::Mixed(c, _)) = used.colours;
        assert!(colour_uses(&realm, c)
            .iter()
            .any(|l| l.starts_with(&format!("{}: ", used.name))));
    }
}
