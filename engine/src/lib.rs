//! Brickrealm's rules engine: the realm document (this crate's data model), its validation, its record
//! form and a deterministic demo realm.
//!
//! **Architecture invariant:** the engine does no IO, reads no clock and holds no global state. Its only
//! randomness is a `&mut impl Rng` passed in, so everything it computes is a pure function of its inputs
//! and seed, bit for bit the same natively and in wasm (floats go through `libm`).
#![warn(missing_docs)]

mod arena;
mod armory;
mod buffs;
mod campaign;
pub mod contests;
mod demo;
mod effect_text;
mod equip;
mod error;
mod faction;
mod fitting;
#[cfg(feature = "fixed-battle")]
mod fixed_battle;
mod grid;
mod grudge;
mod kinds;
mod lab_setup;
mod load;
mod map;
mod march;
pub mod mass_battle;
mod movement;
pub mod olympia;
mod overview;
mod photo;
mod power;
mod pricing;
mod queue;
mod rating;
mod realm;
mod records;
mod rng;
mod roster;
mod route;
#[cfg(feature = "schema")]
mod schema;
mod siege;
mod skirmish;
mod sorting;
mod stat_report;
mod territory;
#[cfg(test)]
mod testkit;
mod totals;
mod validate;
mod value_reader;
pub mod warfare;
pub mod wire;

pub use arena::{
    arena_pool, bonus_curve, bt_fit, bt_ladder, bt_win_probability, effective_rating,
    expected_score, is_judged, judge, judge_with, k_factor, pick_pair, pick_pair_after,
    rating_bonus, shared_ranks, BtConfig, BtStanding, K_NEW, K_SETTLED, NEAREST,
    PROVISIONAL_JUDGEMENTS,
};
pub use armory::{
    Armor, ArmoryTable, Bane, BaneTarget, Beast, BuiltFrom, Colour, Creature, Material,
    MaterialColours, MovementType, Slot, Species, UniqueItem, Weapon, Wearable,
};
pub use buffs::post_buff_stats;
pub use campaign::{march_totals, realm_claims, realm_territory};
pub use contests::{ContestError, ContestInput, ContestOutcome, DamageExpr};
pub use demo::{demo_realm, DEMO_SEED};
pub use effect_text::{amount_with_unit, effect_name, effect_unit, EFFECTS};
pub use equip::{
    fit, offhand_from, push_down, recalculate_all, wears, ArmoryEdit, Fit, FitError, OffhandPick,
    RecalcReport,
};
pub use error::DocError;
pub use faction::{
    Buff, BuffCategory, BuffSource, Effect, EquipmentType, Faction, Marker, Regiment,
};
pub use fitting::{derive_all, derive_stats};
#[cfg(feature = "fixed-battle")]
pub use fixed_battle::fixed_record_json;
pub use grid::{cell_index, cell_xy, TerrainGrid};
pub use grudge::{bane_total, base_power, grudge_total};
pub use kinds::{
    Alignment, AttackType, BattleSystem, DamageType, DefenseType, FactionKind, MercPool,
    MoveCategory,
};
pub use lab_setup::{LabSetup, LineUp, LAB_SETUP_VERSION, MAX_LAB_SETUPS, MAX_LAB_SETUP_BYTES};
pub use load::{load_realm, parse_realm};
pub use map::{MapRows, Terrain, TerrainMap};
pub use march::{
    crossing_multiplier, distance_penalty, entry_cost, march, rate_per_tenth, toll_rate, Crossing,
    FactionRef, MarchBreakdown, MarchTotals, TerrainLeg, MARCH_PENALTY_CAP,
};
pub use mass_battle::{MassBattleError, MassBattleInput, MassOutcome};
pub use movement::{
    avg_movement, hauler_factor, machine_hauler_factor, sets_the_pace, HAULER_FLOOR,
};
pub use olympia::{OlympiaError, OlympiaInput, OlympiaOutcome};
pub use overview::{realm_power, FactionPower, PhotoPower, RealmPower};
pub use photo::{Fitted, Group, ItemRef, OffhandRef, Photo, Stats, MAX_HEALTH, MAX_RANGE};
pub use power::{
    bracket, faction_power, figure_power, health_mult, in_faction_power, photo_power, type_power,
};
pub use pricing::Pricing;
pub use rating::{Rating, Season, Settings, START_RATING};
pub use realm::Realm;
pub use records::{Record, RecordKind};
pub use rng::{below, die, unit, Rng, SplitMix64};
pub use roster::{counts_in_fp, roster};
pub use route::{route, Route, Router};
#[cfg(feature = "schema")]
pub use schema::realm_schema;
pub use siege::{Barding, Condition, Line, LineEffect, MachineKind, Scope, WornKind};
pub use skirmish::*;
pub use sorting::{stable_sort_by, stable_sort_by_key};
pub use stat_report::{
    compare_photos, push_down_report, recalculate_report, stat_moves, PhotoChange, StatMove,
};
pub use territory::{
    claim_territory, keep_pct, lean_angle, territory_allowance, Claim, Holder, OwnerGrid,
    KEEP_LADDER,
};
pub use totals::{
    faction_totals, pct_factor, ClampedTotals, Grudge, GrudgeFactor, Totals, MARCH_SPEED_FLOOR,
    REACH_LIMIT, RELIEF_CAP, SLOTS_LIMIT,
};
pub use validate::{MAX_ID, MAX_NAME_CHARS};
pub use warfare::{WarfareError, WarfareInput, WarfareOutcome};
