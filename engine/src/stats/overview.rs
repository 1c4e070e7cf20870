//! Power across a whole realm at once: every photo's raw and buffed stats and Power, and every
//! faction's FP and Avg Movement. This is what `realm power` prints and what the benchmark times; it
//! gathers each faction's buffs and the ratings once, so the realm costs one pass, not one per photo.

use crate::stats::buffs::UnitBuffs;
use crate::stats::movement::avg_movement_with;
use crate::{figure_power, roster, Rating, Realm, Stats};
use serde::Serialize;
use std::collections::HashMap;

/// One photo's numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PhotoPower {
    /// Photo id.
    pub id: u64,
    /// Derived stats (equipment only).
    pub raw: Stats,
    /// Post-buff stats (SPEC §5.2).
    pub buffed: Stats,
    /// Power (SPEC §3.1).
    pub power: f64,
}

/// One faction's numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FactionPower {
    /// Faction id.
    pub id: u64,
    /// Faction Power `FP`, summed in roster order.
    pub power: f64,
    /// Avg Movement; none when no photo has a base Movement (SPEC §7.2).
    pub avg_movement: Option<f64>,
}

/// Power for a whole realm.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RealmPower {
    /// Every photo, in document order.
    pub photos: Vec<PhotoPower>,
    /// Every faction, in document order.
    pub factions: Vec<FactionPower>,
}

/// Computes every photo's Power and every faction's FP and Avg Movement, from the stats stored in
/// `r` (call after `load_realm` or `recalculate_all`).
pub fn realm_power(r: &Realm) -> RealmPower {
    let mut buffs: HashMap<u64, UnitBuffs> = HashMap::with_capacity(r.factions.len());
    for b in &r.buffs {
        buffs
            .entry(b.faction)
            .or_default()
            .add_buff(b.effect, b.amount, b.source);
    }
    for p in r.photos.iter().filter(|p| !p.worn.is_empty()) {
        buffs.entry(p.faction).or_default().add_worn(r, p);
    }
    let none = UnitBuffs::default();
    let ratings: HashMap<u64, &Rating> = r.ratings.iter().map(|g| (g.photo_id, g)).collect();
    let mut power_of = HashMap::with_capacity(r.photos.len());
    let photos = r
        .photos
        .iter()
        .map(|p| {
            let b = buffs.get(&p.faction).unwrap_or(&none);
            let buffed = b.apply(&p.stats, p.group);
            let rating = ratings.get(&p.id).map_or(Rating::start(p.id), |g| **g);
            let power = figure_power(p.health, &buffed, &rating);
            power_of.insert(p.id, power);
            PhotoPower {
                id: p.id,
                raw: p.stats,
                buffed,
                power,
            }
        })
        .collect();
    let factions = r
        .factions
        .iter()
        .map(|f| FactionPower {
            id: f.id,
            power: roster(r, f.id).iter().map(|p| power_of[&p.id]).sum(),
            avg_movement: avg_movement_with(r, f.id, buffs.get(&f.id).unwrap_or(&none)),
        })
        .collect();
    RealmPower { photos, factions }
}
