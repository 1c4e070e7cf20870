//! From a realm document to the explicit numbers territory and routes take: who claims how many
//! squares from where (SPEC §8.1–8.2), and what an attacker marches with (§5.3, §7.2, §9.1).
//!
//! The algorithms themselves (`territory`, `march`, `route`) know nothing of photos or buffs; this is
//! the one place that reads them out of the document for the map.

use crate::{
    avg_movement, claim_territory, faction_power, faction_totals, territory_allowance, Claim,
    FactionRef, MarchTotals, OwnerGrid, Realm,
};

/// Every faction with a marker claims, in document order, with the allowance of its Power and
/// Territory Reach (SPEC §8.1–8.2).
pub fn realm_claims(r: &Realm) -> Vec<Claim> {
    r.factions
        .iter()
        .filter_map(|f| {
            let side = FactionRef::of(f, &r.map)?;
            let reach = faction_totals(r, f.id).territory_reach;
            Some(Claim {
                faction: f.id,
                alignment: f.alignment,
                cell: side.cell,
                allowance: territory_allowance(faction_power(r, f.id), reach),
            })
        })
        .collect()
}

/// The realm's territory: [`realm_claims`] handed out over its map.
pub fn realm_territory(r: &Realm) -> OwnerGrid {
    claim_territory(&r.map, &realm_claims(r))
}

/// What faction `faction` marches with when it attacks: its Avg Movement and its raw Logistics totals
/// (the march applies the clamps).
pub fn march_totals(r: &Realm, faction: u64) -> MarchTotals {
    let t = faction_totals(r, faction);
    MarchTotals {
        avg_movement: avg_movement(r, faction),
        march_speed: t.march_speed,
        supply_range: t.supply_range,
        reliefs: [
            t.water_crossing,
            t.mountain_crossing,
            t.forest_crossing,
            t.marsh_crossing,
        ],
    }
}
