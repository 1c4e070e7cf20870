//! The input of a Warfare phase (SYSTEMS.md §1.1): the realms with their Influence, the armies with
//! their Might, and the conflicts — who fights whom, and whether as a battle or a siege.
//!
//! Unknown fields are refused, so a misspelt field in a Battle Lab file is an error, not a default.

use serde::{Deserialize, Serialize};

/// Everything one Warfare phase is fought from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct WarfareInput {
    /// The seed of the phase's SplitMix64 stream.
    pub seed: u64,
    /// The realms whose armies take part.
    pub realms: Vec<WarRealm>,
    /// Every army and garrison of the phase. A tie of loss within a side goes to the member
    /// listed first in that side (`Conflict::sides`, SYSTEMS §1.5's input order), not to this
    /// list's order.
    pub armies: Vec<Army>,
    /// The conflicts, each a battle or a siege.
    pub conflicts: Vec<Conflict>,
}

/// A Realm of 001 (a player's domain, not the realm document): its id, name and Influence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct WarRealm {
    /// Unique among the phase's realms.
    pub id: u64,
    /// Its name, for the log.
    pub name: String,
    /// Influence production: the d6 it rolls in a roll-off (§1.7).
    pub influence: u32,
}

/// An army (or a settlement's garrison) as it enters the phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// Unique among the phase's armies.
    pub id: u64,
    /// Its name, for the log.
    pub name: String,
    /// The realm it belongs to.
    pub realm: u64,
    /// Might: the d6 it adds to its side's roll. At least 1 (an army at 0 no longer exists).
    pub might: u32,
    /// Speed: how far it can flee after a rout.
    pub speed: u32,
    /// Distance to its nearest friendly settlement, in the unit of `speed`; absent when it has none.
    /// A Routed army (or Crippled besieger) flees there iff `refuge ≤ speed`, else it retreats.
    #[serde(default)]
    pub refuge: Option<u32>,
    /// A settlement's garrison: fights only on the defending side of a siege and never retreats.
    #[serde(default)]
    pub garrison: bool,
}

impl Army {
    /// Whether the army can reach a friendly settlement (§1.5: else it retreats instead of fleeing).
    pub fn can_flee(&self) -> bool {
        self.refuge.is_some_and(|d| d <= self.speed)
    }
}

/// Battle or siege.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ConflictKind {
    /// Armies at war meeting in a region (Battle Results, §1.3).
    Battle,
    /// An attack on a settlement: side A besieges, side B is the garrison and any armies aiding it
    /// (Siege Results, §1.4).
    Siege,
}

/// One conflict of the phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Conflict {
    /// Unique among the phase's conflicts.
    pub id: u64,
    /// Its name (the region, or the settlement besieged), for the log.
    pub name: String,
    /// Battle or siege.
    pub kind: ConflictKind,
    /// The sides, each a list of allied army ids in the order that breaks a tie of loss (§1.5).
    /// A battle has two or more (more than two is a free-for-all, §1.7); a siege has exactly two:
    /// `[besiegers, defenders]`.
    pub sides: Vec<Vec<u64>>,
}
