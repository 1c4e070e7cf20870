//! Factions and what hangs off them as records of their own: regiments, equipment types and buffs
//! (SPEC §1.7, §1.9, §5).

use crate::{Alignment, FactionKind, Group, MercPool};
use serde::{Deserialize, Serialize};

/// A faction's place on the map, as fractions of the map's width and height (so it survives a resize).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Marker {
    /// 0 = left edge, 1 = right edge.
    pub x: f64,
    /// 0 = top edge, 1 = bottom edge.
    pub y: f64,
}

impl Marker {
    /// The cell the marker sits in on a `w × h` grid (SPEC §1.8).
    pub fn cell(self, w: u32, h: u32) -> (u32, u32) {
        let f = |v: f64, n: u32| ((v * n as f64).floor().max(0.0) as u32).min(n.saturating_sub(1));
        (f(self.x, w), f(self.y, h))
    }
}

/// A house, company or town.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Faction {
    /// Record id.
    pub id: u64,
    /// Display name.
    pub name: String,
    /// Ordinary, Mercenary or Townsfolk.
    pub kind: FactionKind,
    /// Place on the moral table.
    pub alignment: Alignment,
    /// Where it sits on the map; none means it claims no territory.
    pub marker: Option<Marker>,
    /// `#rrggbb` display colour for markers and borders.
    pub colour: String,
    /// The pool a mercenary company is hired from; required exactly when `kind` is Mercenary.
    pub merc_pool: Option<MercPool>,
    /// Description.
    #[serde(default)]
    pub about: String,
}

/// A rank or regiment of one faction; its photos are those in `Group::Regiment(id)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Regiment {
    /// Record id.
    pub id: u64,
    /// Owning faction id.
    pub faction: u64,
    /// e.g. "Longbowmen".
    pub name: String,
    /// Display order (sorted by `(order, id)`).
    pub order: i64,
}

/// An equipment or war-machine type of one faction; its photos are those in `Group::Equipment(id)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EquipmentType {
    /// Record id.
    pub id: u64,
    /// Owning faction id.
    pub faction: u64,
    /// e.g. "Siege Train".
    pub name: String,
    /// Display order (sorted by `(order, id)`).
    pub order: i64,
}

/// The three families of buff; which one follows from the effect (SPEC §5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuffCategory {
    /// Adds to photos' stats on every read.
    UnitStats,
    /// How the faction marches when it attacks.
    Logistics,
    /// Standing, reach and allies.
    Leadership,
}

/// What a buff does. Only a Grudge names a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Unit Stats: plain Attack Power.
    AttackPower,
    /// Unit Stats: plain Attack Range.
    AttackRange,
    /// Unit Stats: plain Secondary Attack.
    SecondaryAttack,
    /// Unit Stats: plain Secondary Range.
    SecondaryRange,
    /// Unit Stats: plain Defense Strength.
    DefenseStrength,
    /// Unit Stats: plain Secondary Defense.
    SecondaryDefense,
    /// Unit Stats: plain Movement.
    Movement,
    /// Logistics: percent.
    MarchSpeed,
    /// Logistics: percent.
    SupplyRange,
    /// Logistics: percent.
    WaterCrossing,
    /// Logistics: percent.
    MountainCrossing,
    /// Logistics: percent.
    ForestCrossing,
    /// Logistics: percent.
    MarshCrossing,
    /// Leadership: percent, only against `target` (never a Mercenary or Townsfolk faction).
    Grudge {
        /// The hated faction's id.
        target: u64,
    },
    /// Leadership: whole squares.
    TerritoryReach,
    /// Leadership: whole hires.
    MercenarySlots,
    /// Leadership: percent, when defending.
    HomeDefense,
    /// Leadership: percent on the alignment modifier.
    AlignmentStanding,
}

impl Effect {
    /// The category this effect belongs to.
    pub fn category(self) -> BuffCategory {
        use Effect::*;
        match self {
            AttackPower | AttackRange | SecondaryAttack | SecondaryRange | DefenseStrength
            | SecondaryDefense | Movement => BuffCategory::UnitStats,
            MarchSpeed | SupplyRange | WaterCrossing | MountainCrossing | ForestCrossing
            | MarshCrossing => BuffCategory::Logistics,
            Grudge { .. } | TerritoryReach | MercenarySlots | HomeDefense | AlignmentStanding => {
                BuffCategory::Leadership
            }
        }
    }

    /// Whether the amount must be a whole number (Territory Reach squares, Mercenary Slots hires).
    pub fn whole_amount(self) -> bool {
        matches!(self, Effect::TerritoryReach | Effect::MercenarySlots)
    }
}

/// Who a buff comes from: the faction as a whole, or one group projecting an aura onto the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BuffSource {
    /// Reaches every photo of the faction.
    FactionWide,
    /// Reaches every photo of the faction not in this group ("a Warlord doesn't buff himself").
    Group(Group),
}

/// A standing effect written against a faction, a record of its own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Buff {
    /// Record id.
    pub id: u64,
    /// Owning faction id.
    pub faction: u64,
    /// e.g. "Banner of the Lion".
    pub name: String,
    /// What it does.
    pub effect: Effect,
    /// How much, in the effect's unit.
    pub amount: f64,
    /// Where it comes from.
    pub source: BuffSource,
}
