//! Brickrealm's rules engine: the realm document (this crate's data model), its validation, its record
//! form and a deterministic demo realm.
//!
//! **Architecture invariant:** the engine does no IO, reads no clock and holds no global state. Its only
//! randomness is a `&mut impl Rng` passed in, so everything it computes is a pure function of its inputs
//! and seed, bit for bit the same natively and in wasm (floats go through `libm`).
#![warn(missing_docs)]

mod armory;
mod demo;
mod error;
mod faction;
mod fitting;
mod grid;
mod kinds;
mod map;
mod march;
mod photo;
mod pricing;
mod queue;
mod rating;
mod realm;
mod records;
mod rng;
mod route;
#[cfg(feature = "schema")]
mod schema;
mod siege;
mod territory;
mod validate;

pub use armory::{
    Armor, ArmoryTable, Bane, BaneTarget, Beast, BuiltFrom, Colour, Creature, Material,
    MaterialColours, MovementType, Slot, Species, UniqueItem, Weapon, Wearable,
};
pub use demo::{demo_realm, DEMO_SEED};
pub use error::DocError;
pub use faction::{
    Buff, BuffCategory, BuffSource, Effect, EquipmentType, Faction, Marker, Regiment,
};
pub use fitting::{derive_all, derive_stats};
pub use grid::{cell_index, cell_xy, TerrainGrid};
pub use kinds::{
    Alignment, AttackType, BattleSystem, DamageType, DefenseType, FactionKind, MercPool,
    MoveCategory,
};
pub use map::{MapRows, Terrain, TerrainMap};
pub use march::{
    crossing_multiplier, distance_penalty, march, toll_rate, Crossing, FactionRef, MarchBreakdown,
    MarchTotals, TerrainLeg,
};
pub use photo::{Fitted, Group, ItemRef, OffhandRef, Photo, Stats};
pub use pricing::Pricing;
pub use rating::{Rating, Season, Settings, START_RATING};
pub use realm::Realm;
pub use records::{Record, RecordKind};
pub use rng::{below, die, unit, Rng, SplitMix64};
pub use route::{route, Route, Router};
#[cfg(feature = "schema")]
pub use schema::realm_schema;
pub use siege::{Barding, Condition, Line, LineEffect, MachineKind, Scope, WornKind};
pub use territory::{claim_territory, lean_angle, territory_allowance, Claim, Holder, OwnerGrid};
pub use validate::MAX_ID;
