//! Every faction buff in one list: who holds it, what it is called, its category, its effect with
//! the unit its amount is in printed under it, the amount, and whom it reaches.

use super::labels::{amount, category, effect, effect_unit, faction_name, group};
use super::table::{Cell, Table};
use engine::{Buff, BuffCategory, BuffSource, Realm};

/// Whom a buff reaches, in words. A Unit-Stats aura skips its own group ("a Warlord doesn't buff
/// himself"); Logistics and Leadership belong to the faction as a whole whatever their source.
pub fn applies_to(r: &Realm, b: &Buff) -> String {
    match (b.effect.category(), b.source) {
        (BuffCategory::UnitStats, BuffSource::FactionWide) => "Every unit of the faction".into(),
        (BuffCategory::UnitStats, BuffSource::Group(g)) => {
            format!("Every unit but {} (its source)", group(r, g))
        }
        (_, BuffSource::FactionWide) => "The faction as a whole".into(),
        (_, BuffSource::Group(g)) => format!("The faction as a whole (from {})", group(r, g)),
    }
}

/// The Faction Buffs table, grouped by faction in the realm's faction order.
pub fn faction_buffs(r: &Realm) -> Table {
    let mut buffs: Vec<&Buff> = r.buffs.iter().collect();
    let rank = |id: u64| {
        r.factions
            .iter()
            .position(|f| f.id == id)
            .unwrap_or(usize::MAX)
    };
    buffs.sort_by_key(|b| (rank(b.faction), b.id));
    Table {
        id: "faction-buffs",
        title: "Faction Buffs",
        lead: "Every buff written on a faction, in one list. A Unit Stats buff adds to a photo's own \
               numbers; Logistics and Leadership describe the faction itself — how it marches, how far it \
               reaches, and who will fight for it. The unit of each amount is printed under its effect.",
        headers: &["Faction", "Name", "Category", "Effect", "Amount", "Applies To"],
        rows: buffs
            .into_iter()
            .map(|b| {
                vec![
                    Cell::Text(faction_name(r, b.faction)),
                    Cell::Text(b.name.clone()),
                    Cell::Text(category(b.effect.category()).into()),
                    Cell::Labelled {
                        main: effect(r, b.effect),
                        sub: effect_unit(b.effect).into(),
                    },
                    Cell::Num(amount(b.effect, b.amount)),
                    Cell::Text(applies_to(r, b)),
                ]
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_buff_is_listed_with_the_unit_under_its_effect() {
        let realm = engine::demo_realm();
        let table = faction_buffs(&realm);
        let mut shown: Vec<(String, String, String)> = table
            .rows
            .iter()
            .map(|row| match (&row[0], &row[1], &row[3]) {
                (Cell::Text(f), Cell::Text(n), Cell::Labelled { sub, .. }) => {
                    (f.clone(), n.clone(), sub.clone())
                }
                other => panic!("unexpected cells {other:?}"),
            })
            .collect();
        let mut expected: Vec<(String, String, String)> = realm
            .buffs
            .iter()
            .map(|b| {
                let unit = effect_unit(b.effect).to_string();
                (faction_name(&realm, b.faction), b.name.clone(), unit)
            })
            .collect();
        shown.sort();
        expected.sort();
        assert_eq!(shown, expected);
    }
}
