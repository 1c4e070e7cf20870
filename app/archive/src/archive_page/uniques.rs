//! Unique items: one-of-a-kind gear with fixed numbers (never recomputed from what they were built
//! from) and, sometimes, a Bane against one faction or a whole alignment.

use super::labels::{armory_row, faction_name, num, signed, slot};
use super::table::{Cell, Table};
use engine::wire::ImageKind;
use engine::{Bane, BaneTarget, Realm, UniqueItem};

/// "Longsword in Starmetal", or blank when nothing is recorded.
fn built_from(r: &Realm, u: &UniqueItem) -> String {
    u.built_from.map_or_else(String::new, |b| {
        let material = r
            .materials
            .iter()
            .find(|m| m.id == b.material)
            .map_or_else(|| format!("material #{}", b.material), |m| m.name.clone());
        format!("{} in {material}", armory_row(r, b.table, b.row))
    })
}

/// "+20% vs Malevolent", "+25% vs Iron Dominion", or blank.
pub fn bane(r: &Realm, b: Option<Bane>) -> String {
    b.map_or_else(String::new, |b| {
        let whom = match b.target {
            BaneTarget::Faction(id) => faction_name(r, id),
            BaneTarget::Alignment(a) => format!("every {} faction", a.name()),
        };
        format!("{}% vs {whom}", signed(b.amount_pct))
    })
}

/// The Unique Items table.
pub fn unique_items(r: &Realm) -> Table {
    Table {
        id: "unique-items",
        title: "Unique Items",
        lead: "One-of-a-kind gear — a named blade, a king's crown, a shield with a history — built from an \
               ordinary item and a material, then given a name and often a power. The numbers are fixed: \
               change the base item in the Armory and the artifact does not move. A Bane is extra Power \
               for whoever holds it, only against the enemy it was made for.",
        headers: &[
            "Name",
            "Picture",
            "Slot",
            "Built From",
            "Attack Power",
            "Defense Power",
            "Range",
            "Mobility",
            "Its Power",
            "Bane",
        ],
        rows: r
            .unique_items
            .iter()
            .map(|u| {
                vec![
                    Cell::Text(u.name.clone()),
                    Cell::Picture {
                        name: u.name.clone(),
                        owners: vec![(ImageKind::UniqueItem, u.id)],
                    },
                    Cell::Text(slot(u.slot).into()),
                    Cell::Text(built_from(r, u)),
                    Cell::Num(num(u.attack_power)),
                    Cell::Num(num(u.defense_power)),
                    Cell::Num(num(u.range)),
                    Cell::Num(num(u.mobility)),
                    Cell::Text(u.its_power.clone()),
                    Cell::Text(bane(r, u.bane)),
                ]
            })
            .collect(),
    }
}
