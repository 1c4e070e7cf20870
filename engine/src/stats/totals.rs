//! Faction totals `T(effect)` for Logistics and Leadership (SPEC §5.3, §6.1) and their clamps: sum
//! first, then clamp.
//!
//! A total is the faction's buffs of that effect (whatever their source), plus the lines of every war
//! machine it owns (each machine counted once), plus the whole-army lines of every barding or saddle
//! worn in it. From machines and bardings only March Speed (whole-army), Supply Range, Holding Ground
//! (= Territory Reach) and the four crossings reach the totals; Self-scoped March Speed is a hauler
//! factor (see `movement`), and every other line is shown, never fought with.
//!
//! **Decisions beyond the spec:**
//! - A crossing line conditioned `OnTerrain(t)` counts when `t` is the crossing's own ground (a Water
//!   Crossing on Water); on any other ground it could never be in effect, so it is ignored, like every
//!   other conditioned line.
//! - A barding's or saddle's Wearer-scoped Logistics line does not reach the totals: the spec sends
//!   only whole-army lines there, and a wearer-only march line has no figure-level rule to apply.

use crate::{Condition, Effect, Line, LineEffect, Realm, Scope, Terrain};
use serde::Serialize;

/// One Grudge total: the sum of a faction's grudges naming `target`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Grudge {
    /// The hated faction's id.
    pub target: u64,
    /// Percent, summed, unclamped.
    pub total: f64,
}

/// The raw sums `T(effect)` of one faction, before any clamp.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Totals {
    /// March Speed, percent.
    pub march_speed: f64,
    /// Supply Range, percent.
    pub supply_range: f64,
    /// Water Crossing, percent.
    pub water_crossing: f64,
    /// Mountain Crossing, percent.
    pub mountain_crossing: f64,
    /// Forest Crossing, percent.
    pub forest_crossing: f64,
    /// Marsh Crossing, percent.
    pub marsh_crossing: f64,
    /// Territory Reach (machines' Holding Ground included), squares.
    pub territory_reach: f64,
    /// Mercenary Slots, hires.
    pub mercenary_slots: f64,
    /// Home Defense, percent.
    pub home_defense: f64,
    /// Alignment Standing, percent.
    pub alignment_standing: f64,
    /// One entry per grudge target, in order of first appearance.
    pub grudges: Vec<Grudge>,
}

/// The clamped totals of SPEC §5.3 and the factors they become.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClampedTotals {
    /// `max(T, −75)`: never slower than a quarter pace.
    pub march_speed: f64,
    /// `min(T, 90)`: no lower bound.
    pub supply_range: f64,
    /// `min(T, 90)`.
    pub water_crossing: f64,
    /// `min(T, 90)`.
    pub mountain_crossing: f64,
    /// `min(T, 90)`.
    pub forest_crossing: f64,
    /// `min(T, 90)`.
    pub marsh_crossing: f64,
    /// `clamp(T, −200, 200)` squares.
    pub territory_reach: f64,
    /// `clamp(T, −5, 5)` hires.
    pub mercenary_slots: f64,
    /// Unclamped: only the final alignment multiplier is clamped (SPEC §11.3).
    pub alignment_standing: f64,
    /// Unclamped.
    pub home_defense: f64,
    /// `1 + march_speed/100` (≥ 0.25).
    pub march_factor: f64,
    /// `1 − supply_range/100` (≥ 0.10), the Distance Penalty's factor.
    pub supply_factor: f64,
    /// `max(0, 1.10 + home_defense/100)`, when defending.
    pub home_factor: f64,
    /// Each grudge with its factor `max(0, 1 + T/100)`.
    pub grudges: Vec<GrudgeFactor>,
}

/// A grudge total and the factor it lends Base Power against its target.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct GrudgeFactor {
    /// The hated faction's id.
    pub target: u64,
    /// The summed percent.
    pub total: f64,
    /// `max(0, 1 + total/100)`.
    pub factor: f64,
}

/// The lowest March Speed total: a quarter pace.
pub const MARCH_SPEED_FLOOR: f64 = -75.0;
/// The highest Supply Range or crossing relief.
pub const RELIEF_CAP: f64 = 90.0;
/// Territory Reach is held within ±200 squares.
pub const REACH_LIMIT: f64 = 200.0;
/// Mercenary Slots are held within ±5 hires.
pub const SLOTS_LIMIT: f64 = 5.0;

/// `max(0, 1 + pct/100)`: a percent total as a factor that never turns negative.
pub fn pct_factor(pct: f64) -> f64 {
    (1.0 + pct / 100.0).max(0.0)
}

impl Totals {
    /// Adds one buff amount of `effect`; Unit-Stats effects do not belong to totals and are ignored.
    pub fn add(&mut self, effect: Effect, amount: f64) {
        let slot = match effect {
            Effect::MarchSpeed => &mut self.march_speed,
            Effect::SupplyRange => &mut self.supply_range,
            Effect::WaterCrossing => &mut self.water_crossing,
            Effect::MountainCrossing => &mut self.mountain_crossing,
            Effect::ForestCrossing => &mut self.forest_crossing,
            Effect::MarshCrossing => &mut self.marsh_crossing,
            Effect::TerritoryReach => &mut self.territory_reach,
            Effect::MercenarySlots => &mut self.mercenary_slots,
            Effect::HomeDefense => &mut self.home_defense,
            Effect::AlignmentStanding => &mut self.alignment_standing,
            Effect::Grudge { target } => {
                match self.grudges.iter_mut().find(|g| g.target == target) {
                    Some(g) => g.total += amount,
                    None => self.grudges.push(Grudge {
                        target,
                        total: amount,
                    }),
                }
                return;
            }
            _ => return,
        };
        *slot += amount;
    }

    /// Adds a machine's or barding's line if it reaches the totals (see the module docs).
    pub fn add_line(&mut self, l: &Line) {
        let (effect, ground) = match &l.effect {
            LineEffect::MarchSpeed if l.scope == Scope::WholeArmy => (Effect::MarchSpeed, None),
            LineEffect::SupplyRange => (Effect::SupplyRange, None),
            LineEffect::HoldingGround => (Effect::TerritoryReach, None),
            LineEffect::WaterCrossing => (Effect::WaterCrossing, Some(Terrain::Water)),
            LineEffect::MountainCrossing => (Effect::MountainCrossing, Some(Terrain::Mountain)),
            LineEffect::ForestCrossing => (Effect::ForestCrossing, Some(Terrain::Forest)),
            LineEffect::MarshCrossing => (Effect::MarshCrossing, Some(Terrain::Marsh)),
            _ => return,
        };
        let applies = match &l.condition {
            Condition::Always => true,
            Condition::OnTerrain(t) => ground == Some(*t),
            Condition::VsEnemy(_) => false,
        };
        if applies {
            self.add(effect, l.amount);
        }
    }

    /// The grudge total naming `target` (0 when there is none). Only this one counts in a battle.
    pub fn grudge(&self, target: u64) -> f64 {
        let found = self.grudges.iter().find(|g| g.target == target);
        found.map_or(0.0, |g| g.total)
    }

    /// The totals after the clamps of SPEC §5.3.
    pub fn clamped(&self) -> ClampedTotals {
        let march_speed = self.march_speed.max(MARCH_SPEED_FLOOR);
        let supply_range = self.supply_range.min(RELIEF_CAP);
        ClampedTotals {
            march_speed,
            supply_range,
            water_crossing: self.water_crossing.min(RELIEF_CAP),
            mountain_crossing: self.mountain_crossing.min(RELIEF_CAP),
            forest_crossing: self.forest_crossing.min(RELIEF_CAP),
            marsh_crossing: self.marsh_crossing.min(RELIEF_CAP),
            territory_reach: self.territory_reach.clamp(-REACH_LIMIT, REACH_LIMIT),
            mercenary_slots: self.mercenary_slots.clamp(-SLOTS_LIMIT, SLOTS_LIMIT),
            alignment_standing: self.alignment_standing,
            home_defense: self.home_defense,
            march_factor: 1.0 + march_speed / 100.0,
            supply_factor: 1.0 - supply_range / 100.0,
            home_factor: (1.10 + self.home_defense / 100.0).max(0.0),
            grudges: self
                .grudges
                .iter()
                .map(|g| GrudgeFactor {
                    target: g.target,
                    total: g.total,
                    factor: pct_factor(g.total),
                })
                .collect(),
        }
    }
}

impl ClampedTotals {
    /// The relief on `t` (0 on Road and Plains), already capped at 90.
    pub fn crossing(&self, t: Terrain) -> f64 {
        match t {
            Terrain::Water => self.water_crossing,
            Terrain::Mountain => self.mountain_crossing,
            Terrain::Forest => self.forest_crossing,
            Terrain::Marsh => self.marsh_crossing,
            Terrain::Road | Terrain::Plains => 0.0,
        }
    }

    /// `1 − relief/100`, the factor on `t`'s toll (≥ 0.10).
    pub fn crossing_factor(&self, t: Terrain) -> f64 {
        1.0 - self.crossing(t) / 100.0
    }

    /// `max(0, 1 + G/100)` for the grudges naming `target` (1 when there are none).
    pub fn grudge_factor(&self, target: u64) -> f64 {
        let found = self.grudges.iter().find(|g| g.target == target);
        found.map_or(1.0, |g| g.factor)
    }
}

/// `T(·)` of faction `faction`: its buffs, its machines' lines (once per machine photo) and the
/// whole-army lines of the bardings and saddles worn in it (SPEC §5.3, §6.1).
pub fn faction_totals(r: &Realm, faction: u64) -> Totals {
    let mut t = Totals::default();
    for b in r.buffs.iter().filter(|b| b.faction == faction) {
        // For Logistics and Leadership the buff's source is irrelevant (SPEC §5.3).
        t.add(b.effect, b.amount);
    }
    for p in r.photos.iter().filter(|p| p.faction == faction) {
        let kind = p
            .machine_kind
            .and_then(|k| r.machine_kinds.iter().find(|m| m.id == k));
        for l in kind.iter().flat_map(|k| &k.lines) {
            t.add_line(l);
        }
        let worn = p
            .worn
            .iter()
            .filter_map(|id| r.bardings.iter().find(|b| b.id == *id));
        let army = worn
            .flat_map(|b| &b.lines)
            .filter(|l| l.scope == Scope::WholeArmy);
        for l in army {
            t.add_line(l);
        }
    }
    t
}

#[cfg(test)]
mod tests;
