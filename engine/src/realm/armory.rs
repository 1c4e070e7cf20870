//! The Armory's tables (SPEC §1.1–1.3): colours, materials, item rows per slot, beasts, movement types,
//! species, creatures and unique items. Each row is its own record with an `id`.

use crate::{Alignment, AttackType, DamageType, DefenseType, MoveCategory};
use serde::{Deserialize, Serialize};

/// A LEGO colour, named once so renaming it renames every material made of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Colour {
    /// Record id.
    pub id: u64,
    /// LEGO's own colour name (unique), e.g. "Reddish Brown".
    pub name: String,
    /// `#rrggbb`.
    pub hex: String,
}

/// The look of a material: one colour, or two for a mixed material (which has no hex of its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum MaterialColours {
    /// A plain material: the colour's id.
    Single(u64),
    /// A mixed material: the ids of the two colours it is drawn in.
    Mixed(u64, u64),
}

/// What an item is made of; its Stat Impact scales the item's Attack or Defense Power (SPEC §2.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Material {
    /// Record id.
    pub id: u64,
    /// e.g. "Steel".
    pub name: String,
    /// Free text, e.g. "Metal".
    #[serde(default)]
    pub category: String,
    /// Colour ids.
    pub colours: MaterialColours,
    /// Percent: `+25` makes an item a quarter better.
    pub stat_impact_pct: f64,
}

/// A weapon row. Its `category` is read as the attack type (SPEC §1.2, RESOLVED).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Weapon {
    /// Record id.
    pub id: u64,
    /// e.g. "Longbow".
    pub name: String,
    /// Melee or Ranged.
    pub category: AttackType,
    /// Recorded only.
    pub damage_type: DamageType,
    /// Base power before material.
    pub attack_power: Option<f64>,
    /// 1–20 brick widths.
    pub range: Option<f64>,
    /// Added to Movement when fitted.
    pub mobility: Option<f64>,
    /// BrickLink part number.
    #[serde(default)]
    pub bl: String,
}

/// A body-armour row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Armor {
    /// Record id.
    pub id: u64,
    /// e.g. "Chainmail".
    pub name: String,
    /// Recorded only.
    pub defense_type: DefenseType,
    /// Base power before material.
    pub defense_power: Option<f64>,
    /// Added to Movement when fitted (usually negative for heavy armour).
    pub mobility: Option<f64>,
    /// BrickLink part number.
    #[serde(default)]
    pub bl: String,
}

/// A row of the Headwear, Backpiece, Legwear or Shield table: they share one shape.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Wearable {
    /// Record id.
    pub id: u64,
    /// e.g. "Kite Shield"; a shield's shape lives here and is never read.
    pub name: String,
    /// Base power before material.
    pub defense_power: Option<f64>,
    /// Added to Movement when fitted.
    pub mobility: Option<f64>,
    /// BrickLink part number.
    #[serde(default)]
    pub bl: String,
}

/// A war beast of the Beastry: it lends its Attack and Mobility to the figure it fights beside.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Beast {
    /// Record id.
    pub id: u64,
    /// e.g. "Warhound".
    pub name: String,
    /// Added to the figure's Attack.
    pub attack_power: Option<f64>,
    /// Listed, never used.
    pub attack_range: Option<f64>,
    /// Added to the figure's Movement.
    pub mobility: Option<f64>,
    /// BrickLink part number.
    #[serde(default)]
    pub bl: String,
}

/// How a figure moves: a starting Movement and its category ("Warhorse" is Mounted 0.90).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MovementType {
    /// Record id.
    pub id: u64,
    /// e.g. "Warhorse".
    pub name: String,
    /// Foot, Mounted or Flying.
    pub category: MoveCategory,
    /// The starting Movement.
    pub movement_value: Option<f64>,
}

/// What a figure is before it is handed anything; its numbers are a starting point copied into the photo.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Species {
    /// Record id.
    pub id: u64,
    /// e.g. "Human".
    pub name: String,
    /// 0–500; Human 100.
    pub health: Option<f64>,
    /// Natural Attack (most species have none: their weapons are what they hold).
    pub attack: Option<f64>,
    /// Natural Range.
    pub range: Option<f64>,
    /// Natural Defense.
    pub defense: Option<f64>,
    /// Starting Movement.
    pub movement: Option<f64>,
    /// A `movement_types` id.
    pub movement_type: Option<u64>,
}

/// An animal of the Bestiary: it lives in the realm and is never read by combat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Creature {
    /// Record id.
    pub id: u64,
    /// e.g. "Marsh Heron".
    pub name: String,
    /// Free text, e.g. "Bird".
    #[serde(default)]
    pub kind: String,
    /// Shown only.
    pub attack_power: Option<f64>,
    /// Shown only.
    pub mobility: Option<f64>,
    /// Description.
    #[serde(default)]
    pub about: String,
}

/// The slot a unique item goes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// Main hand.
    Weapon,
    /// Off hand: a weapon if it has Attack Power, else a shield.
    Offhand,
    /// Body armour.
    Armor,
    /// Helmets and crowns.
    Headwear,
    /// Cloaks, quivers, banners.
    Backpiece,
    /// Greaves and boots.
    Legwear,
}

/// The Armory table an item row lives in (ids are unique per table, not across tables).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ArmoryTable {
    /// `weapons`.
    Weapon,
    /// `armor`.
    Armor,
    /// `headwear`.
    Headwear,
    /// `backpieces`.
    Backpiece,
    /// `legwear`.
    Legwear,
    /// `shields`.
    Shield,
}

/// What a unique item was built from: a record only, never recomputed (SPEC §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BuiltFrom {
    /// Which table `row` is in.
    pub table: ArmoryTable,
    /// The item row's id.
    pub row: u64,
    /// The material's id.
    pub material: u64,
}

/// Whom a Bane is made against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BaneTarget {
    /// One faction, by id.
    Faction(u64),
    /// A whole alignment.
    Alignment(Alignment),
}

/// Extra Power for the holder, only against the enemy the item was made for (SPEC §11.2).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Bane {
    /// The enemy.
    pub target: BaneTarget,
    /// Percent.
    pub amount_pct: f64,
}

/// A one-of-a-kind item. Its numbers are fixed: never recomputed from what it was built from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct UniqueItem {
    /// Record id.
    pub id: u64,
    /// e.g. "Dawnbringer".
    pub name: String,
    /// The slot it is worn in.
    pub slot: Slot,
    /// What it was made from (a record only).
    pub built_from: Option<BuiltFrom>,
    /// Fixed Attack Power (an offhand item with this filled is a weapon).
    pub attack_power: Option<f64>,
    /// Fixed Defense Power.
    pub defense_power: Option<f64>,
    /// Fixed Range.
    pub range: Option<f64>,
    /// Fixed Mobility.
    pub mobility: Option<f64>,
    /// Attack type when it is a weapon (blank counts as Melee).
    #[serde(default)]
    pub attack_type: Option<AttackType>,
    /// The named ability, as text.
    #[serde(default)]
    pub its_power: String,
    /// Extra Power against one enemy.
    pub bane: Option<Bane>,
}
