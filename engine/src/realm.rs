//! `Realm`: the whole document, a set of flat collections of records plus two singletons; and,
//! below it, everything the document is made of and how it is read: its record kinds and the
//! record form, the Armory's tables, factions, photos, ratings and seasons, saved Lab line-ups,
//! validation, and reading JSON.

pub mod armory;
pub mod error;
pub mod faction;
pub mod json;
pub mod kinds;
pub mod lab_setup;
pub mod load;
pub mod photo;
pub mod rating;
pub mod records;
#[cfg(feature = "schema")]
pub mod schema;
pub mod siege;
pub mod validate;
pub mod value_reader;

use crate::{
    Armor, Barding, Beast, Buff, Colour, Creature, EquipmentType, Faction, LabSetup, MachineKind,
    Material, MovementType, Photo, Rating, Regiment, Season, Settings, Species, TerrainMap,
    UniqueItem, Weapon, Wearable,
};
use serde::{Deserialize, Serialize};

/// The realm document (SPEC §1). Every collection is flat, references are by id, and each collection
/// is listed in `(order, id)` order where its records have an `order`, else in id order.
///
/// The document stores inputs only: Power, totals and territory are never stored, and `Photo::stats`
/// is re-derived after every load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Realm {
    /// The terrain grid (singleton record, id 0).
    pub map: TerrainMap,
    /// Realm-wide settings (singleton record, id 0).
    #[serde(default)]
    pub settings: Settings,
    /// Rating seasons.
    #[serde(default)]
    pub seasons: Vec<Season>,
    /// LEGO colours.
    #[serde(default)]
    pub colours: Vec<Colour>,
    /// Materials.
    #[serde(default)]
    pub materials: Vec<Material>,
    /// Weapon rows (main hand or offhand).
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// Body-armour rows.
    #[serde(default)]
    pub armor: Vec<Armor>,
    /// Headwear rows.
    #[serde(default)]
    pub headwear: Vec<Wearable>,
    /// Backpiece rows.
    #[serde(default)]
    pub backpieces: Vec<Wearable>,
    /// Legwear rows.
    #[serde(default)]
    pub legwear: Vec<Wearable>,
    /// Shield rows (offhand).
    #[serde(default)]
    pub shields: Vec<Wearable>,
    /// War beasts.
    #[serde(default)]
    pub beasts: Vec<Beast>,
    /// Movement types.
    #[serde(default)]
    pub movement_types: Vec<MovementType>,
    /// Species.
    #[serde(default)]
    pub species: Vec<Species>,
    /// Bestiary animals (never fought with).
    #[serde(default)]
    pub creatures: Vec<Creature>,
    /// Unique items.
    #[serde(default)]
    pub unique_items: Vec<UniqueItem>,
    /// War machine kinds.
    #[serde(default)]
    pub machine_kinds: Vec<MachineKind>,
    /// Bardings and saddles.
    #[serde(default)]
    pub bardings: Vec<Barding>,
    /// Factions.
    #[serde(default)]
    pub factions: Vec<Faction>,
    /// Regiments, in `(order, id)` order.
    #[serde(default)]
    pub regiments: Vec<Regiment>,
    /// Equipment types, in `(order, id)` order.
    #[serde(default)]
    pub equipment_types: Vec<EquipmentType>,
    /// Buffs.
    #[serde(default)]
    pub buffs: Vec<Buff>,
    /// Photos, in `(order, id)` order.
    #[serde(default)]
    pub photos: Vec<Photo>,
    /// Ratings, one per rated photo, in photo-id order.
    #[serde(default)]
    pub ratings: Vec<Rating>,
    /// Battle Lab line-ups saved by name (`lab_setup.rs`).
    #[serde(default)]
    pub lab_setups: Vec<LabSetup>,
}

/// A record with an id and a place in its collection's document order.
pub(crate) trait Keyed {
    /// The record id.
    fn id(&self) -> u64;
    /// The sort key: `(order, id)`, or `(0, id)` for kinds without an order.
    fn key(&self) -> (i64, u64) {
        (0, self.id())
    }
}

macro_rules! keyed_by_id {
    ($($t:ty),*) => { $(impl Keyed for $t { fn id(&self) -> u64 { self.id } })* };
}
keyed_by_id!(
    Season,
    Colour,
    Material,
    Weapon,
    Armor,
    Wearable,
    Beast,
    MovementType,
    Species,
    Creature,
    UniqueItem,
    MachineKind,
    Barding,
    Faction,
    Buff,
    LabSetup
);

macro_rules! keyed_by_order {
    ($($t:ty),*) => { $(impl Keyed for $t {
        fn id(&self) -> u64 { self.id }
        fn key(&self) -> (i64, u64) { (self.order, self.id) }
    })* };
}
keyed_by_order!(Regiment, EquipmentType, Photo);

impl Keyed for Rating {
    fn id(&self) -> u64 {
        self.photo_id
    }
}

fn sort_by_key<T: Keyed>(v: &mut [T]) {
    crate::sorting::stable_sort_by_key(v, |r| r.key());
}

impl Realm {
    /// An empty realm on `map`: no records, default settings.
    pub fn new(map: TerrainMap) -> Realm {
        Realm {
            map,
            settings: Settings::default(),
            seasons: vec![],
            colours: vec![],
            materials: vec![],
            weapons: vec![],
            armor: vec![],
            headwear: vec![],
            backpieces: vec![],
            legwear: vec![],
            shields: vec![],
            beasts: vec![],
            movement_types: vec![],
            species: vec![],
            creatures: vec![],
            unique_items: vec![],
            machine_kinds: vec![],
            bardings: vec![],
            factions: vec![],
            regiments: vec![],
            equipment_types: vec![],
            buffs: vec![],
            photos: vec![],
            ratings: vec![],
            lab_setups: vec![],
        }
    }

    /// Puts every collection in document order. The sort is stable, so records with equal keys
    /// (a duplicate id, which `validate` rejects) keep their relative order.
    pub fn sort(&mut self) {
        sort_by_key(&mut self.seasons);
        sort_by_key(&mut self.colours);
        sort_by_key(&mut self.materials);
        sort_by_key(&mut self.weapons);
        sort_by_key(&mut self.armor);
        sort_by_key(&mut self.headwear);
        sort_by_key(&mut self.backpieces);
        sort_by_key(&mut self.legwear);
        sort_by_key(&mut self.shields);
        sort_by_key(&mut self.beasts);
        sort_by_key(&mut self.movement_types);
        sort_by_key(&mut self.species);
        sort_by_key(&mut self.creatures);
        sort_by_key(&mut self.unique_items);
        sort_by_key(&mut self.machine_kinds);
        sort_by_key(&mut self.bardings);
        sort_by_key(&mut self.factions);
        sort_by_key(&mut self.regiments);
        sort_by_key(&mut self.equipment_types);
        sort_by_key(&mut self.buffs);
        sort_by_key(&mut self.photos);
        sort_by_key(&mut self.ratings);
        sort_by_key(&mut self.lab_setups);
    }

    /// The faction with this id.
    pub fn faction(&self, id: u64) -> Option<&Faction> {
        self.factions.iter().find(|f| f.id == id)
    }

    /// The ids of the factions that fight on the map (the ordinary ones), in the realm's order.
    pub fn ordinary_ids(&self) -> Vec<u64> {
        self.factions
            .iter()
            .filter(|f| f.kind == crate::FactionKind::Ordinary)
            .map(|f| f.id)
            .collect()
    }

    /// The photo with this id.
    pub fn photo(&self, id: u64) -> Option<&Photo> {
        self.photos.iter().find(|p| p.id == id)
    }

    /// A photo's rating record, or the starting rating when it has none yet.
    pub fn rating_of(&self, photo_id: u64) -> Rating {
        let found = self.ratings.iter().find(|r| r.photo_id == photo_id);
        found.copied().unwrap_or(Rating::start(photo_id))
    }
}
