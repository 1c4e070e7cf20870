//! A figure as it fights (SPEC §13.2): everything a battle reads of one photo, copied out of the realm
//! at set-up so that resolution, odds and replay never read the realm again (§14).

use crate::{health_mult, AttackType, Group, MoveCategory, Photo, Stats};
use serde::{Deserialize, Serialize};

/// Which side of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The side that marched.
    Attacker,
    /// The side at home; it takes every tie.
    Defender,
}

/// One weapon as fought.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Arm {
    /// Post-buff attack.
    pub attack: f64,
    /// Post-buff range.
    pub range: f64,
    /// Whether its attack type is Melee (a blank type counts as Melee, SPEC §13.2).
    pub melee: bool,
}

impl Arm {
    /// A weapon from post-buff numbers (blank = 0) and its attack type.
    pub fn new(attack: Option<f64>, range: Option<f64>, kind: Option<AttackType>) -> Arm {
        Arm {
            attack: attack.unwrap_or(0.0),
            range: range.unwrap_or(0.0),
            melee: kind != Some(AttackType::Ranged),
        }
    }
}

/// Which of a figure's weapons swung.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponSlot {
    /// Its primary weapon.
    Primary,
    /// Its secondary weapon.
    Secondary,
}

/// A siege engine's crew rules, read from its machine kind, and how many figures are attached to it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// The machine kind's id.
    pub kind: u64,
    /// The kind's name, for the round log ("crewing Trebuchet until round 4").
    pub kind_name: String,
    /// Crew for full strength; blank means no rule, 0 means "needs nobody".
    pub crew_work: Option<u32>,
    /// Below this many living crew it is abandoned; blank means never.
    pub crew_min: Option<u32>,
    /// Last round it fires; blank means 3, anything above 4 means 4.
    pub stop_round: Option<u8>,
    /// The photos assigned to it (`crew_of`), whatever their Health (SPEC §13.7 "attached").
    pub attached: u32,
}

/// How a figure comes to the field, read from its gear: its movement category and its bardings.
/// Version 1 and Version 2 never read it; Střet armád's mounts and Olympia's kinds do. A foot figure
/// is left out of the record's JSON, so a record written before the field reads and writes the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Carriage {
    /// On its own feet (or no movement category).
    #[default]
    Foot,
    /// Riding, without bardings.
    Mounted,
    /// Riding, its beast in bardings.
    Barded,
    /// Winged.
    Flying,
}

impl Carriage {
    /// A photo's carriage: Mounted with any barding worn is Barded.
    pub fn of(p: &Photo) -> Carriage {
        match p.move_category {
            Some(MoveCategory::Mounted) if !p.worn.is_empty() => Carriage::Barded,
            Some(MoveCategory::Mounted) => Carriage::Mounted,
            Some(MoveCategory::Flying) => Carriage::Flying,
            Some(MoveCategory::Foot) | None => Carriage::Foot,
        }
    }

    /// On its own feet.
    pub fn is_foot(&self) -> bool {
        *self == Carriage::Foot
    }
}

/// One figure in a battle line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fighter {
    /// The photo's id.
    pub id: u64,
    /// The photo's name.
    pub name: String,
    /// Its own faction (the employer's opponent's pool for a hire).
    pub faction: u64,
    /// Its group in its own faction.
    pub group: Group,
    /// Whether it is a mercenary hire.
    pub hired: bool,
    /// Post-buff stats (its own faction's buffs, SPEC §5.2).
    pub stats: Stats,
    /// Health at the start of the battle.
    pub health: f64,
    /// Bracket of the post-buff stats (SPEC §3.1).
    pub bracket: f64,
    /// Rating bonus (SPEC §4.3–4.4).
    pub rating_bonus: f64,
    /// `D`: post DS + SD + HD + BD + LD, the whole armour a blow is measured against (SPEC §16 #24).
    pub defence: f64,
    /// The primary weapon.
    pub primary: Arm,
    /// The secondary weapon, present only when the derived secondary attack is filled.
    pub secondary: Option<Arm>,
    /// The side modifier of SPEC §13.2 for this figure (own figure or hire).
    pub modifier: f64,
    /// Set for a siege engine.
    pub machine: Option<Machine>,
    /// The machine this figure crews, by photo id.
    pub crew_of: Option<u64>,
    /// How it comes to the field (absent in the JSON for a figure on foot).
    #[serde(default, skip_serializing_if = "Carriage::is_foot")]
    pub carriage: Carriage,
}

impl Fighter {
    /// Its Power at `health`: `HealthMult × bracket × rating bonus` (no modifier).
    pub fn power_at(&self, health: f64) -> f64 {
        health_mult(Some(health)) * self.bracket * self.rating_bonus
    }

    /// Its Power at the start of the battle.
    pub fn power(&self) -> f64 {
        self.power_at(self.health)
    }

    /// Whether it counts as a melee figure for screening: not a machine, primary attack Melee.
    pub fn is_melee(&self) -> bool {
        self.machine.is_none() && self.primary.melee
    }

    /// The weapon in `slot`.
    pub fn arm(&self, slot: WeaponSlot) -> Option<&Arm> {
        match slot {
            WeaponSlot::Primary => Some(&self.primary),
            WeaponSlot::Secondary => self.secondary.as_ref(),
        }
    }

    /// The ranges of its weapons, lowest and highest, for the round log.
    pub fn range_span(&self) -> (f64, f64) {
        let r = self.primary.range;
        match self.secondary {
            Some(s) => (r.min(s.range), r.max(s.range)),
            None => (r, r),
        }
    }
}
