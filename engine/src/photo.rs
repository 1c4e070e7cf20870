//! Photos (figures, SPEC §1.6): their group, base numbers, fitted item references and derived `Stats`.

use crate::{AttackType, MoveCategory};
use serde::{Deserialize, Serialize};

/// Which part of its faction a photo belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Group {
    /// The faction's leader.
    Leader,
    /// Its generals.
    Generals,
    /// Named people of note.
    SpecialPeople,
    /// A regiment, by `regiments` id.
    Regiment(u64),
    /// An equipment / war-machine type, by `equipment_types` id.
    Equipment(u64),
    /// Crests; a Mercenary company's people live here (SPEC §11.5).
    Crest,
    /// Places.
    Place,
}

/// An Armory item row fitted in a given material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Fitted {
    /// The row id in the slot's table.
    pub row: u64,
    /// The material id.
    pub material: u64,
}

/// What fills a slot: an Armory row in a material, or a unique item that stands in for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ItemRef {
    /// A row of the slot's own table.
    Item(Fitted),
    /// A `unique_items` id whose slot matches.
    Unique(u64),
}

/// What fills the offhand: a weapon or a shield, never both (SPEC §2.3), or a unique offhand item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum OffhandRef {
    /// A `weapons` row: fights as the Secondary Attack.
    Weapon(Fitted),
    /// A `shields` row: its Defense Power is the Secondary Defense.
    Shield(Fitted),
    /// A unique item of slot Offhand: a weapon if it has Attack Power, else a shield.
    Unique(u64),
}

/// Equipment-derived numbers (SPEC §2.3). Written into the photo, re-derived after every load.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Stats {
    /// Primary attack.
    pub attack_power: Option<f64>,
    /// Primary range.
    pub attack_range: Option<f64>,
    /// Primary attack type.
    pub attack_type: Option<AttackType>,
    /// Offhand weapon attack.
    pub secondary_attack: Option<f64>,
    /// Offhand weapon range.
    pub secondary_range: Option<f64>,
    /// Offhand weapon type.
    pub secondary_attack_type: Option<AttackType>,
    /// Armour (or base) defense.
    pub defense_strength: Option<f64>,
    /// Shield defense.
    pub secondary_defense: Option<f64>,
    /// Headwear defense.
    pub headwear_def: Option<f64>,
    /// Backpiece defense.
    pub backpiece_def: Option<f64>,
    /// Legwear defense.
    pub legwear_def: Option<f64>,
    /// Movement after every Mobility.
    pub movement: Option<f64>,
}

/// A photographed figure (or crest, or place) of one faction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Photo {
    /// Record id.
    pub id: u64,
    /// Owning faction id.
    pub faction: u64,
    /// Which part of the faction.
    pub group: Group,
    /// Order within its group (sorted by `(order, id)`).
    pub order: i64,
    /// Display name.
    pub name: String,
    /// The species its base numbers were copied from, if any (a record only; not pushed down).
    #[serde(default)]
    pub species: Option<u64>,
    /// The movement type its base Movement was copied from, if any.
    #[serde(default)]
    pub movement_type: Option<u64>,
    /// 0–500; blank rates zero.
    pub health: Option<f64>,
    /// Hand-typed or species Attack, used when no weapon is fitted.
    pub base_attack: Option<f64>,
    /// Hand-typed or species Range.
    pub base_range: Option<f64>,
    /// Hand-typed or species Defense, used when no armour is fitted.
    pub base_defense: Option<f64>,
    /// Hand-typed or movement-type Movement; blank keeps it out of Avg Movement.
    pub base_movement: Option<f64>,
    /// Attack type used when no weapon is fitted.
    pub base_attack_type: Option<AttackType>,
    /// Foot, Mounted or Flying.
    pub move_category: Option<MoveCategory>,
    /// Main hand.
    pub weapon: Option<ItemRef>,
    /// Off hand.
    pub offhand: Option<OffhandRef>,
    /// Body armour.
    pub armor: Option<ItemRef>,
    /// Helmet.
    pub headwear: Option<ItemRef>,
    /// Cloak, quiver, banner.
    pub backpiece: Option<ItemRef>,
    /// Greaves.
    pub legwear: Option<ItemRef>,
    /// A `beasts` id fighting beside it.
    pub beast: Option<u64>,
    /// `bardings` ids it wears.
    #[serde(default)]
    pub worn: Vec<u64>,
    /// Equipment-derived numbers; never trusted over the wire.
    #[serde(default)]
    pub stats: Stats,
    /// Rating season number; none keeps it out of the arena.
    pub season: Option<u32>,
    /// Some: this photo is a war machine of that `machine_kinds` id (Equipment group only).
    pub machine_kind: Option<u64>,
    /// Some: this figure crews that machine photo.
    pub crew_of: Option<u64>,
}

impl Photo {
    /// A blank photo of `faction` in `group`: every number blank, nothing fitted.
    pub fn blank(id: u64, faction: u64, group: Group, name: impl Into<String>) -> Photo {
        Photo {
            id,
            faction,
            group,
            order: 0,
            name: name.into(),
            species: None,
            movement_type: None,
            health: None,
            base_attack: None,
            base_range: None,
            base_defense: None,
            base_movement: None,
            base_attack_type: None,
            move_category: None,
            weapon: None,
            offhand: None,
            armor: None,
            headwear: None,
            backpiece: None,
            legwear: None,
            beast: None,
            worn: Vec::new(),
            stats: Stats::default(),
            season: None,
            machine_kind: None,
            crew_of: None,
        }
    }
}
