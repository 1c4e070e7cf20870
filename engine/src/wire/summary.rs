//! `GET /api/summary`: what the map draws on a first visit before the whole collection has
//! arrived — the terrain, every faction with its marker and buffs, each faction's claim on land
//! and the numbers its card shows. A few kilobytes at any scale, against megabytes for the full
//! pull.
//!
//! The server builds it from its live realm with the same engine functions the browser would
//! call ([`realm_claims`], [`realm_power`]), so the territory drawn from it is the territory the
//! realm makes once it has arrived.

use crate::{realm_claims, realm_power, Claim, Realm, Record, RecordKind};
use serde::{Deserialize, Serialize};

/// The map's first view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapSummary {
    /// The change counter it was built at.
    pub cursor: u64,
    /// The map, every faction and every buff, as records (the pull's shape, less revisions): the
    /// browser reads them with the reader it reads every record with, so the summary adds no
    /// parser to the map's wasm.
    pub records: Vec<SummaryRecord>,
    /// Every claim on land, as [`realm_claims`] makes them.
    pub claims: Vec<Claim>,
    /// Each faction's card numbers, in document order.
    pub standings: Vec<FactionStanding>,
}

/// One record of the summary.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryRecord {
    /// Its kind's name (`map`, `faction`, `buff`).
    pub kind: String,
    /// Its id.
    pub id: u64,
    /// Its body, as stored.
    pub body: serde_json::Value,
}

/// One faction's card numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FactionStanding {
    /// The faction's id.
    pub faction: u64,
    /// Faction Power, rating bonus included (as the card shows it).
    pub power: f64,
    /// How many photos it has.
    pub photos: u32,
}

/// The kinds the summary carries.
const KINDS: [RecordKind; 3] = [RecordKind::Map, RecordKind::Faction, RecordKind::Buff];

impl MapSummary {
    /// The summary of `realm` at change counter `cursor`.
    pub fn of(realm: &Realm, cursor: u64) -> MapSummary {
        let power = realm_power(realm);
        let standings = realm
            .factions
            .iter()
            .map(|f| FactionStanding {
                faction: f.id,
                power: power
                    .factions
                    .iter()
                    .find(|p| p.id == f.id)
                    .map_or(0.0, |p| p.power),
                photos: realm.photos.iter().filter(|p| p.faction == f.id).count() as u32,
            })
            .collect();
        let records = realm
            .to_records()
            .into_iter()
            .filter(|r| KINDS.contains(&r.kind))
            .map(|r| SummaryRecord {
                kind: r.kind.name().to_string(),
                id: r.id,
                body: r.body,
            })
            .collect();
        MapSummary {
            cursor,
            records,
            claims: realm_claims(realm),
            standings,
        }
    }

    /// The summary's records, for a reader (`Realm::from_records` or the app's bundle reader).
    /// The realm they make is the terrain, the factions and their buffs, no photos: enough to
    /// place markers and name what is under the pointer, not to fight, and not a valid document
    /// (a buff may name a regiment it lacks). A record of an unknown kind is left out.
    pub fn into_records(self) -> Vec<Record> {
        self.records
            .into_iter()
            .filter_map(|r| {
                Some(Record {
                    kind: RecordKind::from_name(&r.kind)?,
                    id: r.id,
                    body: r.body,
                })
            })
            .collect()
    }

    /// Faction `id`'s card numbers.
    pub fn standing(&self, id: u64) -> Option<&FactionStanding> {
        self.standings.iter().find(|s| s.faction == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{claim_territory, realm_territory};

    #[test]
    fn the_summary_draws_the_territory_the_realm_makes() {
        let realm = crate::demo_realm();
        let summary = MapSummary::of(&realm, 7);
        let json = serde_json::to_string(&summary).unwrap();
        let back: MapSummary = serde_json::from_str(&json).unwrap();
        assert_eq!(back, summary);
        assert_eq!(
            claim_territory(&realm.map, &back.claims),
            realm_territory(&realm)
        );
        let power = realm_power(&realm);
        for (f, s) in realm.factions.iter().zip(&back.standings) {
            assert_eq!(s.faction, f.id);
            let p = power.factions.iter().find(|p| p.id == f.id).unwrap();
            assert_eq!(s.power, p.power);
            assert_eq!(
                s.photos as usize,
                realm.photos.iter().filter(|p| p.faction == f.id).count()
            );
        }
        assert!(back.standings.iter().any(|s| s.photos > 0 && s.power > 0.0));
    }

    #[test]
    fn the_summary_is_small_beside_the_realm() {
        let realm = crate::demo_realm();
        let summary = serde_json::to_string(&MapSummary::of(&realm, 0)).unwrap();
        let whole = serde_json::to_string(&realm).unwrap();
        assert!(
            summary.len() * 5 < whole.len(),
            "summary {} B, realm {} B",
            summary.len(),
            whole.len()
        );
    }

    #[test]
    fn the_partial_realm_places_every_marker() {
        let realm = crate::demo_realm();
        let partial = Realm::from_records(MapSummary::of(&realm, 0).into_records()).unwrap();
        assert_eq!(partial.map, realm.map);
        assert_eq!(partial.factions, realm.factions);
        assert_eq!(partial.buffs, realm.buffs);
        assert!(partial.photos.is_empty());
    }
}
