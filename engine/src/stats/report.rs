//! What a push-down or *Recalculate Unit Stats* changed, photo by photo and stat by stat, with each
//! photo's Power before and after (SPEC §1.9, §2.4: "a report says which photos changed"). The
//! editor shows it; the numbers come from `derive_stats` and `photo_power` only.
//!
//! **Decision beyond the spec:** the report names every derived stat that moved (from → to) and the
//! photo's Power (SPEC §3.1, the faction's Unit-Stats buffs and its rating included) before and after,
//! because "which photos changed" alone does not let an editor check an edit did what they meant.

use crate::{photo_power, push_down, recalculate_all, ArmoryEdit, Realm, Stats};

/// One derived stat that moved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StatMove {
    /// The stat's display name, e.g. "Attack Power".
    pub stat: &'static str,
    /// Before (blank is `None`).
    pub from: Option<f64>,
    /// After.
    pub to: Option<f64>,
}

/// One photo whose derived stats changed.
#[derive(Clone, Debug, PartialEq)]
pub struct PhotoChange {
    /// Photo id.
    pub photo: u64,
    /// Its name, for the report.
    pub name: String,
    /// Its faction's id.
    pub faction: u64,
    /// Each stat that moved, in `Stats` field order.
    pub moves: Vec<StatMove>,
    /// Its Power before.
    pub power_from: f64,
    /// Its Power after.
    pub power_to: f64,
}

/// The numeric stats in `Stats` field order, with their display names. Attack types are not
/// numbers and follow from the weapons, which an Armory edit of numbers never swaps.
fn numbers(s: &Stats) -> [(&'static str, Option<f64>); 10] {
    [
        ("Attack Power", s.attack_power),
        ("Attack Range", s.attack_range),
        ("Secondary Attack", s.secondary_attack),
        ("Secondary Range", s.secondary_range),
        ("Defense Strength", s.defense_strength),
        ("Secondary Defense", s.secondary_defense),
        ("Headwear Defense", s.headwear_def),
        ("Backpiece Defense", s.backpiece_def),
        ("Legwear Defense", s.legwear_def),
        ("Movement", s.movement),
    ]
}

/// The stats that differ between `from` and `to`, in field order.
pub fn stat_moves(from: &Stats, to: &Stats) -> Vec<StatMove> {
    numbers(from)
        .into_iter()
        .zip(numbers(to))
        .filter(|((_, a), (_, b))| a != b)
        .map(|((stat, from), (_, to))| StatMove { stat, from, to })
        .collect()
}

/// Every photo of `after` whose stored stats differ from the same photo's in `before`, in
/// `after`'s document order. Photos only one side holds are not changes of stats and are left out.
pub fn compare_photos(before: &Realm, after: &Realm) -> Vec<PhotoChange> {
    after
        .photos
        .iter()
        .filter_map(|p| {
            let old = before.photo(p.id)?;
            if old.stats == p.stats {
                return None;
            }
            Some(PhotoChange {
                photo: p.id,
                name: p.name.clone(),
                faction: p.faction,
                moves: stat_moves(&old.stats, &p.stats),
                power_from: photo_power(before, old),
                power_to: photo_power(after, p),
            })
        })
        .collect()
}

/// [`push_down`] with the detailed report: re-derives every photo wearing the edited record.
pub fn push_down_report(r: &mut Realm, edit: ArmoryEdit) -> Vec<PhotoChange> {
    let before = r.clone();
    push_down(r, edit);
    compare_photos(&before, r)
}

/// [`recalculate_all`] with the detailed report: re-derives every photo.
pub fn recalculate_report(r: &mut Realm) -> Vec<PhotoChange> {
    let before = r.clone();
    recalculate_all(r);
    compare_photos(&before, r)
}

#[cfg(test)]
mod tests;
