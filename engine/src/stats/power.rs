//! The Power Rating (SPEC §3): the health curve, the bracket, a photo's Power from its post-buff stats
//! and rating bonus, and the sums per regiment or equipment type and per faction, taken in roster order.

use crate::stats::buffs::UnitBuffs;
use crate::{counts_in_fp, rating_bonus, roster, Group, Photo, Rating, Realm, Stats};

/// Blank counts as 0 (SPEC §0.1).
fn z(v: Option<f64>) -> f64 {
    v.unwrap_or(0.0)
}

/// `(h/100)^0.65`, or 0 when Health is blank or not above 0 (a unit on zero Health rates zero).
pub fn health_mult(health: Option<f64>) -> f64 {
    match health {
        Some(h) if h > 0.0 => libm::pow(h / 100.0, 0.65),
        _ => 0.0,
    }
}

/// The bracket of post-buff stats: `5 + AP + AR/2 + SA + SR/2 + DS + SD + HD + BD + LD + 5·Mv`, blanks 0.
/// The 5 is the flat worth of simply being alive.
pub fn bracket(s: &Stats) -> f64 {
    5.0 + z(s.attack_power)
        + z(s.attack_range) / 2.0
        + z(s.secondary_attack)
        + z(s.secondary_range) / 2.0
        + z(s.defense_strength)
        + z(s.secondary_defense)
        + z(s.headwear_def)
        + z(s.backpiece_def)
        + z(s.legwear_def)
        + 5.0 * z(s.movement)
}

/// Power from Health, post-buff stats and a rating record: `HealthMult × Bracket × RatingBonus`.
pub fn figure_power(health: Option<f64>, buffed: &Stats, rating: &Rating) -> f64 {
    health_mult(health) * bracket(buffed) * rating_bonus(rating.rating, rating.judged)
}

/// A photo's Power: its faction's Unit-Stats buffs applied to its derived stats, and its own rating.
pub fn photo_power(r: &Realm, p: &Photo) -> f64 {
    let buffed = UnitBuffs::of_faction(r, p.faction).apply(&p.stats, p.group);
    figure_power(p.health, &buffed, &r.rating_of(p.id))
}

/// The Power of one Regiment or Equipment type: its photos' Power summed in photo order.
pub fn type_power(r: &Realm, group: Group) -> f64 {
    let mut photos: Vec<&Photo> = r.photos.iter().filter(|p| p.group == group).collect();
    crate::sorting::stable_sort_by_key(&mut photos, |p| (p.order, p.id));
    let Some(faction) = photos.first().map(|p| p.faction) else {
        return 0.0;
    };
    let buffs = UnitBuffs::of_faction(r, faction);
    photos
        .iter()
        .map(|p| {
            figure_power(
                p.health,
                &buffs.apply(&p.stats, p.group),
                &r.rating_of(p.id),
            )
        })
        .sum()
}

/// Faction Power `FP` (SPEC §3.2): the Power of its FP photos summed in roster order.
pub fn faction_power(r: &Realm, faction: u64) -> f64 {
    let buffs = UnitBuffs::of_faction(r, faction);
    roster(r, faction)
        .iter()
        .map(|p| {
            figure_power(
                p.health,
                &buffs.apply(&p.stats, p.group),
                &r.rating_of(p.id),
            )
        })
        .sum()
}

/// Whether `p` counts toward its faction's FP (a convenience over [`counts_in_fp`]).
pub fn in_faction_power(r: &Realm, p: &Photo) -> bool {
    r.faction(p.faction)
        .is_some_and(|f| counts_in_fp(f.kind, p.group))
}

#[cfg(test)]
mod tests;
