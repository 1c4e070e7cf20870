//! War machine kinds and bardings (SPEC §1.4–1.5), and the advantage/disadvantage lines both carry.

use crate::Terrain;
use serde::{Deserialize, Serialize};

/// What a line changes. The seven march effects reach the engine for machines; the Unit-Stats effects
/// reach a barding's wearer (or the whole army); anything else is stored and shown, never fought with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum LineEffect {
    /// Percent faster (or slower) march.
    MarchSpeed,
    /// Percent off the distance penalty.
    SupplyRange,
    /// Territory Reach, whole squares (SPEC §16 #32).
    HoldingGround,
    /// Percent off water tolls.
    WaterCrossing,
    /// Percent off mountain tolls.
    MountainCrossing,
    /// Percent off forest tolls.
    ForestCrossing,
    /// Percent off marsh tolls.
    MarshCrossing,
    /// Plain Attack Power.
    AttackPower,
    /// Plain Attack Range.
    AttackRange,
    /// Plain Secondary Attack.
    SecondaryAttack,
    /// Plain Secondary Range.
    SecondaryRange,
    /// Plain Defense Strength.
    DefenseStrength,
    /// Plain Secondary Defense.
    SecondaryDefense,
    /// Plain Movement.
    Movement,
    /// Anything the engine does not fight with ("vs walls", "army Attack"), as the editor wrote it.
    Other(String),
}

/// Whom a line is for. Machines use `SelfOnly` or `WholeArmy`; bardings use `Wearer` or `WholeArmy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// The machine itself (its March Speed is charged to its haulers).
    #[serde(rename = "self")]
    SelfOnly,
    /// The figure wearing a barding or saddle.
    Wearer,
    /// Everybody marching with it.
    WholeArmy,
}

/// When a line applies. Only terrain-conditioned crossings reach the engine; other conditions are shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// Always.
    Always,
    /// Only on this ground.
    OnTerrain(Terrain),
    /// Only against a kind of enemy (free text, e.g. "cavalry").
    VsEnemy(String),
}

/// One advantage (positive) or cost (negative).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Line {
    /// What it changes.
    pub effect: LineEffect,
    /// How much, in the effect's unit.
    pub amount: f64,
    /// Whom it is for.
    pub scope: Scope,
    /// When it applies.
    pub condition: Condition,
}

/// A kind of war machine, defined once; a faction's machines are photos naming it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MachineKind {
    /// Record id.
    pub id: u64,
    /// e.g. "Trebuchet".
    pub name: String,
    /// Description.
    #[serde(default)]
    pub what_it_is: String,
    /// Advantages and disadvantages.
    #[serde(default)]
    pub lines: Vec<Line>,
    /// Crew to haul it (display only).
    pub crew_move: Option<u32>,
    /// Crew for full strength; blank means no rule, 0 means "needs nobody".
    pub crew_work: Option<u32>,
    /// Below this many living crew it is abandoned; blank means never.
    pub crew_min: Option<u32>,
    /// Last round it fires; blank means 3.
    pub stop_round: Option<u8>,
    /// BrickLink part number.
    #[serde(default)]
    pub bl: String,
}

/// Whether a worn piece is a barding (what a horse wears) or a saddle (what a rider sits on).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum WornKind {
    /// Horse armour.
    Barding,
    /// A saddle.
    Saddle,
}

/// A barding or saddle: worn by exactly one photo, worth its numbers to the wearer and nothing alone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Barding {
    /// Record id.
    pub id: u64,
    /// e.g. "Crimson Caparison".
    pub name: String,
    /// Barding or saddle.
    pub kind: WornKind,
    /// Description.
    #[serde(default)]
    pub what_it_is: String,
    /// Advantages and disadvantages.
    #[serde(default)]
    pub lines: Vec<Line>,
    /// A named power (text, recorded, not fought with).
    #[serde(default)]
    pub named_power: String,
    /// BrickLink part number.
    #[serde(default)]
    pub bl: String,
}
