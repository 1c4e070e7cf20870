//! Who counts in Faction Power and in what order (SPEC §3.2, §13.2): the FP membership rule and the
//! roster order every sum and every battle line follows.

use crate::{FactionKind, Group, Photo, Realm};

/// Whether a photo in `group` of a faction of `kind` counts in Faction Power (SPEC §3.2): Leader,
/// Generals, Special People, every Regiment and every Equipment type; Crest only for a Mercenary
/// company (whose people live there, §11.5); Place never.
pub fn counts_in_fp(kind: FactionKind, group: Group) -> bool {
    match group {
        Group::Leader
        | Group::Generals
        | Group::SpecialPeople
        | Group::Regiment(_)
        | Group::Equipment(_) => true,
        Group::Crest => kind == FactionKind::Mercenary,
        Group::Place => false,
    }
}

/// The sort key of a photo in roster order: group rank, then the group's own `(order, id)` for
/// regiments and equipment types, then the photo's `(order, id)`.
fn roster_key(r: &Realm, p: &Photo) -> (u8, i64, u64, i64, u64) {
    let (rank, order, id) = match p.group {
        Group::Leader => (0, 0, 0),
        Group::Generals => (1, 0, 0),
        Group::SpecialPeople => (2, 0, 0),
        Group::Regiment(g) => {
            let order = r
                .regiments
                .iter()
                .find(|x| x.id == g)
                .map_or(0, |x| x.order);
            (3, order, g)
        }
        Group::Equipment(g) => {
            let found = r.equipment_types.iter().find(|x| x.id == g);
            (4, found.map_or(0, |x| x.order), g)
        }
        Group::Crest => (5, 0, 0),
        Group::Place => (6, 0, 0),
    };
    (rank, order, id, p.order, p.id)
}

/// A faction's FP photos in roster order (SPEC §13.2): Leader, Generals, Special People, Regiments in
/// display order, Equipment types in display order, then (Mercenary companies only) Crest; photo order
/// within each group. Health is not filtered here: a battle line drops the fallen itself.
pub fn roster(r: &Realm, faction: u64) -> Vec<&Photo> {
    let Some(kind) = r.faction(faction).map(|f| f.kind) else {
        return Vec::new();
    };
    let mut keyed: Vec<_> = r
        .photos
        .iter()
        .filter(|p| p.faction == faction && counts_in_fp(kind, p.group))
        .map(|p| (roster_key(r, p), p))
        .collect();
    crate::sorting::stable_sort_by_key(&mut keyed, |(k, _)| *k);
    keyed.into_iter().map(|(_, p)| p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Alignment, EquipmentType, Faction, Regiment, Terrain, TerrainMap};

    fn realm(kind: FactionKind) -> Realm {
        let mut r = Realm::new(TerrainMap::filled(1, 1, Terrain::Plains));
        r.factions.push(Faction {
            id: 1,
            name: "F".into(),
            kind,
            alignment: Alignment::Noble,
            marker: None,
            colour: "#000000".into(),
            merc_pool: None,
            about: String::new(),
        });
        let reg = |id, order| Regiment {
            id,
            faction: 1,
            name: String::new(),
            order,
        };
        r.regiments = vec![reg(7, 2), reg(3, 5)];
        r.equipment_types.push(EquipmentType {
            id: 1,
            faction: 1,
            name: String::new(),
            order: 0,
        });
        let groups = [
            Group::Crest,
            Group::Equipment(1),
            Group::Regiment(3),
            Group::Regiment(7),
            Group::Place,
            Group::SpecialPeople,
            Group::Generals,
            Group::Leader,
            Group::Regiment(7),
        ];
        for (i, g) in groups.into_iter().enumerate() {
            let mut p = Photo::blank(i as u64 + 1, 1, g, "p");
            p.order = -(i as i64);
            r.photos.push(p);
        }
        r
    }

    fn ids(r: &Realm) -> Vec<u64> {
        roster(r, 1).iter().map(|p| p.id).collect()
    }

    #[test]
    fn roster_order_follows_groups_then_display_order() {
        // Leader 8, Generals 7, Special 6, regiment 7 (order 2: photos 9 then 4 by photo order),
        // regiment 3 (order 5: photo 3), equipment 1 (photo 2); Crest and Place are not FP photos.
        assert_eq!(ids(&realm(FactionKind::Ordinary)), [8, 7, 6, 9, 4, 3, 2]);
        assert_eq!(ids(&realm(FactionKind::Townsfolk)), [8, 7, 6, 9, 4, 3, 2]);
    }

    #[test]
    fn a_mercenary_crest_lines_up_after_equipment() {
        assert_eq!(
            ids(&realm(FactionKind::Mercenary)),
            [8, 7, 6, 9, 4, 3, 2, 1]
        );
    }
}
