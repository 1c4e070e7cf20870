//! The input of an Olympia battle (SYSTEMS.md §3.2): two forces of units in location-list order —
//! each unit a noble with its items and the men it leads — with their structures, and the weather,
//! the ground and the attack order's inhibit flag.
//!
//! Unknown fields are refused, so a misspelt field in a Battle Lab file is an error, not a default.

use super::kinds::{Ground, Kind, Weather};
use serde::{Deserialize, Serialize};

/// Everything one Olympia battle is fought from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OlympiaInput {
    /// The seed of the battle's SplitMix64 stream.
    pub seed: u64,
    /// Rain, wind and fog cut missiles.
    #[serde(default)]
    pub weather: Weather,
    /// Land, a swamp province, or shipboard.
    #[serde(default)]
    pub ground: Ground,
    /// The attack order's flag: a victorious attacker does not take the defender's place or
    /// structure.
    #[serde(default)]
    pub inhibit_move: bool,
    /// The attacking force.
    pub attacker: Force,
    /// The defending force.
    pub defender: Force,
}

/// One side: its units in location-list order and the structure it occupies, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Force {
    /// Its name, for the log.
    pub name: String,
    /// Its units; the first is the stack leader.
    pub units: Vec<Unit>,
    /// The castle, tower, ship or other structure it occupies.
    #[serde(default)]
    pub structure: Option<Structure>,
}

/// A unit: a noble and the men it leads, or a band of men without one (a garrison).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Unique among both forces' units.
    pub id: u64,
    /// Its name, for the log.
    pub name: String,
    /// The noble leading it, if any.
    #[serde(default)]
    pub noble: Option<Noble>,
    /// Its men, by kind.
    #[serde(default)]
    pub men: Vec<Men>,
}

/// A noble: 80/80/0, its health, and its items.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Noble {
    /// Health, 1..=100. A wound takes `die(100)`; at 0 or below the noble dies.
    pub health: u32,
    /// Items with combat bonuses; only the best of each category is wielded.
    #[serde(default)]
    pub items: Vec<Item>,
    /// Its row: 0 is the front, higher rows stand behind.
    #[serde(default)]
    pub behind: u8,
}

/// An item's combat bonuses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// Its name (`Mithril Axe [wt29]`).
    pub name: String,
    /// Attack bonus.
    #[serde(default)]
    pub attack: u32,
    /// Defense bonus.
    #[serde(default)]
    pub defense: u32,
    /// Missile bonus.
    #[serde(default)]
    pub missile: u32,
}

/// Some men of one kind in one row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Men {
    /// Their kind (not `noble`).
    pub kind: Kind,
    /// How many.
    pub count: u32,
    /// Their row: 0 is the front.
    #[serde(default)]
    pub behind: u8,
}

/// What kind of structure: it sets how many men its defense protects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum StructureKind {
    /// Protects the first 500.
    Castle,
    /// Protects the first 100.
    Tower,
    /// Protects the first 50.
    Galley,
    /// Protects the first 50.
    Roundship,
    /// Any other structure: protects the first 50.
    Other,
}

impl StructureKind {
    /// How many of the occupants, in location-list order, its defense protects.
    pub fn protects(self) -> usize {
        match self {
            StructureKind::Castle => 500,
            StructureKind::Tower => 100,
            StructureKind::Galley | StructureKind::Roundship | StructureKind::Other => 50,
        }
    }
}

/// A structure as the battle finds (or leaves) it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Structure {
    /// Castle, tower, ship or other.
    pub kind: StructureKind,
    /// Its name (`Castle Imperius [gx56]`).
    pub name: String,
    /// Its defense rating, added to the defense of the men it protects.
    pub defense: u32,
    /// Damage in percent; at 100 it collapses.
    #[serde(default)]
    pub damage: u32,
}

impl Structure {
    /// Whether it still stands (gives its bonus and can be struck).
    pub fn standing(&self) -> bool {
        self.damage < 100
    }

    /// Takes `points` of damage: off the defense rating first, the rest as damage percent (one
    /// point past a defense of 0 is 1 %, SYSTEMS.md §5), capped at 100 (collapsed).
    pub fn take(&mut self, points: u32) {
        let off = points.min(self.defense);
        self.defense -= off;
        self.damage = (self.damage + (points - off)).min(100);
    }
}
