//! Grudge and Bane (SPEC §11.2): the two reads that raise a side's Base Power against one opponent.
//! They compound by multiplication and apply whichever side attacks; mercenaries never share them.

use crate::{faction_power, faction_totals, roster, BaneTarget, Faction, ItemRef, OffhandRef, Photo, Realm};
use crate::totals::pct_factor;

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
