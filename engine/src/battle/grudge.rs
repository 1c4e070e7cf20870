//! Grudge and Bane (SPEC §11.2): the two reads that raise a side's Base Power against one opponent.
//! They compound by multiplication and apply whichever side attacks; mercenaries never share them.

use crate::stats::totals::pct_factor;
use crate::{
    faction_power, faction_totals, roster, BaneTarget, Faction, ItemRef, OffhandRef, Photo, Realm,
};

/// `T(Grudge naming opponent)` for `faction`; grudges against anyone else do nothing in this battle.
pub fn grudge_total(r: &Realm, faction: u64, opponent: u64) -> f64 {
    faction_totals(r, faction).grudge(opponent)
}

/// The unique item ids fitted to `p`, slot by slot.
fn uniques(p: &Photo) -> impl Iterator<Item = u64> + '_ {
    let slots = [p.weapon, p.armor, p.headwear, p.backpiece, p.legwear];
    let off = match p.offhand {
        Some(OffhandRef::Unique(id)) => Some(id),
        _ => None,
    };
    slots
        .into_iter()
        .filter_map(|s| match s {
            Some(ItemRef::Unique(id)) => Some(id),
            _ => None,
        })
        .chain(off)
}

/// `B_X`: the bane percents of the unique items fitted to `faction`'s FP photos whose bane targets
/// `opponent` (by id or by alignment). Several matching banes add together (SPEC §16 #17).
pub fn bane_total(r: &Realm, faction: u64, opponent: &Faction) -> f64 {
    let mut sum = 0.0;
    for p in roster(r, faction) {
        for id in uniques(p) {
            let bane = r
                .unique_items
                .iter()
                .find(|u| u.id == id)
                .and_then(|u| u.bane);
            let Some(b) = bane else { continue };
            let hits = match b.target {
                BaneTarget::Faction(f) => f == opponent.id,
                BaneTarget::Alignment(a) => a == opponent.alignment,
            };
            if hits {
                sum += b.amount_pct;
            }
        }
    }
    sum
}

/// Base Power of `faction` against `opponent`: `FP × max(0, 1 + G/100) × max(0, 1 + B/100)`.
pub fn base_power(r: &Realm, faction: u64, opponent: &Faction) -> f64 {
    let g = grudge_total(r, faction, opponent.id);
    let b = bane_total(r, faction, opponent);
    faction_power(r, faction) * pct_factor(g) * pct_factor(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{buff, close6, faction, photo, realm};
    use crate::{Alignment, Bane, BuffSource, Effect, FactionKind, Group, Slot, UniqueItem};

    fn bane_item(id: u64, slot: Slot, target: BaneTarget, amount_pct: f64) -> UniqueItem {
        UniqueItem {
            id,
            name: format!("Bane {id}"),
            slot,
            built_from: None,
            attack_power: Some(5.0),
            defense_power: None,
            range: Some(1.0),
            mobility: None,
            attack_type: None,
            its_power: String::new(),
            bane: Some(Bane { target, amount_pct }),
        }
    }

    #[test]
    fn grudge_and_bane_compound_against_their_target_only() {
        let mut r = realm();
        let mut foe = faction(2, FactionKind::Ordinary);
        foe.alignment = Alignment::Malevolent;
        r.factions.push(foe);
        r.factions.push(faction(3, FactionKind::Ordinary));
        r.buffs.push(buff(
            1,
            Effect::Grudge { target: 2 },
            20.0,
            BuffSource::FactionWide,
        ));
        r.unique_items = vec![
            bane_item(1, Slot::Weapon, BaneTarget::Faction(2), 10.0),
            bane_item(
                2,
                Slot::Offhand,
                BaneTarget::Alignment(Alignment::Malevolent),
                5.0,
            ),
            bane_item(3, Slot::Weapon, BaneTarget::Faction(3), 50.0),
        ];
        let mut a = photo(1, Group::Leader, "h100");
        a.weapon = Some(ItemRef::Unique(1));
        a.offhand = Some(OffhandRef::Unique(2));
        let mut b = photo(2, Group::Regiment(1), "h100");
        b.weapon = Some(ItemRef::Unique(3));
        // A Place photo is no FP photo, so its bane does not count.
        let mut c = photo(3, Group::Place, "h100");
        c.weapon = Some(ItemRef::Unique(1));
        r.photos = vec![a, b, c];
        let (foe, other) = (r.factions[1].clone(), r.factions[2].clone());
        assert_eq!(grudge_total(&r, 1, 2), 20.0);
        assert_eq!(grudge_total(&r, 1, 3), 0.0);
        assert_eq!(bane_total(&r, 1, &foe), 15.0);
        assert_eq!(bane_total(&r, 1, &other), 50.0);
        let fp = faction_power(&r, 1);
        assert!(close6(base_power(&r, 1, &foe), fp * 1.2 * 1.15));
        assert!(close6(base_power(&r, 1, &other), fp * 1.5));
    }
}
