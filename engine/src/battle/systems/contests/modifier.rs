//! A conditional modifier of a Book of Contests sheet (SYSTEMS.md §4.3): the stat it changes, when
//! it is active, whether it gives advantage or disadvantage, and its value.

use super::notation::ModValue;
use super::sheet::Char;
use serde::{Deserialize, Serialize};

/// What a modifier changes: a characteristic's rolls, or Armor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Stat {
    /// Weapon Skill.
    Ws,
    /// Ballistic Skill.
    Bs,
    /// Strength.
    S,
    /// Toughness.
    T,
    /// Initiative.
    I,
    /// Agility.
    Ag,
    /// Dexterity.
    Dex,
    /// Intelligence.
    Int,
    /// Willpower.
    Wp,
    /// Armor: a numeric value added to total armor while active.
    Armor,
}

impl Stat {
    /// The characteristic, or `None` for Armor.
    pub fn char(self) -> Option<Char> {
        Some(match self {
            Stat::Ws => Char::Ws,
            Stat::Bs => Char::Bs,
            Stat::S => Char::S,
            Stat::T => Char::T,
            Stat::I => Char::I,
            Stat::Ag => Char::Ag,
            Stat::Dex => Char::Dex,
            Stat::Int => Char::Int,
            Stat::Wp => Char::Wp,
            Stat::Armor => return None,
        })
    }
}

/// When a modifier is active.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ActiveWhen {
    /// The character's defensive opposed roll (and, for Armor, a hit it parried against).
    Parry,
    /// The character's own action rolls.
    Attack,
    /// Every roll on the character's own turn.
    OwnTurn,
    /// Every roll in an opposed step, attacking or defending (for Armor: hits from Opposed and
    /// Touch-spell actions).
    OpposedActions,
    /// The character's Test rolls and Touch-spell tests (for Armor: hits from Test and Touch-spell
    /// actions).
    TestActions,
    /// While the character is at or under half its hit points (`2·hp ≤ hp_max`).
    SelfHalfHp,
    /// While some living enemy is at or under half its hit points.
    EnemyHalfHp,
    /// Throughout round 1.
    FirstTurn,
}

/// What an active modifier does to the roll besides its value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Has {
    /// Nothing.
    #[default]
    Nothing,
    /// One source of advantage.
    Advantage,
    /// One source of disadvantage.
    Disadvantage,
}

/// A modifier.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Modifier {
    /// A free-form name ("Shield").
    pub name: String,
    /// The stat it applies to.
    pub stat: Stat,
    /// When it is active.
    pub active_when: ActiveWhen,
    /// Advantage or disadvantage while active (default nothing).
    #[serde(default)]
    pub has: Has,
    /// Its value (default `SL+3`).
    #[serde(default)]
    pub value: ModValue,
}
