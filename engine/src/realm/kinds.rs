//! The small closed vocabularies of SPEC §0.2: alignments, faction kinds, pools, attack and move types.
//!
//! All serialise as snake_case strings so a document stays readable and a renamed Rust variant is a
//! visible wire change.

use serde::{Deserialize, Serialize};

/// A faction's place on the moral table (SPEC §11.3), in table order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Alignment {
    /// The good end of the table; sworn enemy of Malevolent.
    Noble,
    /// Kindly but less zealous.
    Benevolent,
    /// The middle of the table.
    Independent,
    /// Self-serving.
    Rogue,
    /// The evil end of the table; sworn enemy of Noble.
    Malevolent,
}

impl Alignment {
    /// Every alignment, in table order.
    pub const ALL: [Alignment; 5] = [
        Alignment::Noble,
        Alignment::Benevolent,
        Alignment::Independent,
        Alignment::Rogue,
        Alignment::Malevolent,
    ];

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Alignment::Noble => "Noble",
            Alignment::Benevolent => "Benevolent",
            Alignment::Independent => "Independent",
            Alignment::Rogue => "Rogue",
            Alignment::Malevolent => "Malevolent",
        }
    }
}

/// What part a faction plays: only Ordinary factions fight; Mercenaries are hired; Townsfolk never fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum FactionKind {
    /// A house that attacks and defends.
    Ordinary,
    /// A company hired by the weaker side; it needs a `merc_pool`.
    Mercenary,
    /// Non-combatants: never attack, defend or hire out.
    Townsfolk,
}

/// The pool a mercenary company is hired from, in the order of SPEC §11.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum MercPool {
    /// Hero mercenaries (good sides hire them).
    Hero,
    /// Neutral mercenaries.
    Neutral,
    /// Wanderers.
    Wanderers,
    /// Evil mercenaries (the only pool Malevolent sides can hire).
    Evil,
}

impl MercPool {
    /// Every pool, in hiring order.
    pub const ALL: [MercPool; 4] = [
        MercPool::Hero,
        MercPool::Neutral,
        MercPool::Wanderers,
        MercPool::Evil,
    ];
}

/// How a figure gets about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum MoveCategory {
    /// On its own feet.
    Foot,
    /// Riding.
    Mounted,
    /// Winged.
    Flying,
}

/// How a weapon's damage is dealt. Recorded and shown, never used in the maths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DamageType {
    /// Points and arrows.
    Piercing,
    /// Hammers and rocks.
    Blunt,
    /// Edges.
    Slashing,
    /// Spells.
    Magic,
}

/// Whether a weapon must close to fight. A weapon's `category` column is read as this (SPEC §1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum AttackType {
    /// Hand to hand.
    Melee,
    /// Shoots or throws.
    Ranged,
}

/// The category of armour behind a Defense number. Recorded, never used in the maths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DefenseType {
    /// Plate and the like.
    Heavy,
    /// Mail and scale.
    Medium,
    /// Leather and cloth.
    Light,
}

/// Which battle system resolves a Skirmish (SPEC §12–13); Version 2 is what the pages open on.
/// Warfare, Olympia and Střet armád fight the same set-up in their own terms: each system's
/// `from_realm` module turns the set-up's lines into its forces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BattleSystem {
    /// One weighted roll.
    V1,
    /// Figure-by-figure over five rounds.
    #[default]
    V2,
    /// Warfare (SYSTEMS.md §1): regiments as armies rolling their Might in d6.
    Warfare,
    /// Olympia combat (SYSTEMS.md §3): nobles and men trading single hits.
    Olympia,
    /// Střet armád (SYSTEMS.md §2): units with endurance and morale in three phases.
    MassBattle,
}

impl BattleSystem {
    /// Every system the map offers, in the switch's order.
    pub const ALL: [BattleSystem; 5] = [
        BattleSystem::V2,
        BattleSystem::V1,
        BattleSystem::Warfare,
        BattleSystem::Olympia,
        BattleSystem::MassBattle,
    ];

    /// The name records and the API use (`v1`, `v2`, `warfare`, `olympia`, `mass_battle`): the
    /// serde name.
    pub fn name(self) -> &'static str {
        match self {
            BattleSystem::V1 => "v1",
            BattleSystem::V2 => "v2",
            BattleSystem::Warfare => "warfare",
            BattleSystem::Olympia => "olympia",
            BattleSystem::MassBattle => "mass_battle",
        }
    }

    /// The system by its [`name`](BattleSystem::name).
    pub fn from_name(name: &str) -> Option<BattleSystem> {
        BattleSystem::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The name people read (`Version 2`, `Střet armád`).
    pub fn title(self) -> &'static str {
        match self {
            BattleSystem::V1 => "Version 1",
            BattleSystem::V2 => "Version 2",
            BattleSystem::Warfare => "Warfare",
            BattleSystem::Olympia => "Olympia",
            BattleSystem::MassBattle => "Střet armád",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BattleSystem;

    #[test]
    fn a_systems_name_is_its_serde_name() {
        for s in BattleSystem::ALL {
            assert_eq!(serde_json::to_value(s).unwrap(), s.name());
            assert_eq!(BattleSystem::from_name(s.name()), Some(s));
        }
        assert_eq!(BattleSystem::from_name("v3"), None);
    }
}
