//! Brickrealm's rules engine: the realm document (this crate's data model), its validation, its record
//! form and a deterministic demo realm.
//!
//! The modules are grouped by subsystem — `realm` (the document), `stats` (what a figure is
//! worth), `map` (territory, march and route), `battle` (the skirmish and the four further
//! systems), `arena`, `wire`, `demo` — and everything app and server use is re-exported flat here.
//!
//! **Architecture invariant:** the engine does no IO, reads no clock and holds no global state. Its only
//! randomness is a `&mut impl Rng` passed in, so everything it computes is a pure function of its inputs
//! and seed, bit for bit the same natively and in wasm (floats go through `libm`).
#![warn(missing_docs)]

mod arena;
mod battle;
mod demo;
mod map;
mod realm;
mod rng;
mod sorting;
mod stats;
#[cfg(test)]
mod testkit;
pub mod wire;

pub use battle::systems::{contests, mass_battle, olympia, warfare};

pub use arena::{
    arena_pool, bonus_curve, bt_fit, bt_fit_counts, bt_ladder, bt_ladder_counts,
    bt_win_probability, effective_rating, expected_score, is_judged, judge, judge_with, k_factor,
    pair_cards, pick_pair, pick_pair_after, pool_cards, rating_bonus, shared_ranks,
    standings_ladder, standings_order, BtConfig, BtStanding, PairCount, K_NEW, K_SETTLED, NEAREST,
    PROVISIONAL_JUDGEMENTS, STANDINGS_FIRST_ROWS, STANDINGS_RESAMPLES, STANDINGS_SEED,
};
pub use battle::balance::{balance, BalanceClaim, BalanceConfig};
pub use battle::grudge::{bane_total, base_power, grudge_total};
pub use battle::odds::{odds, wilson, Odds, OddsRun, Spread};
pub use battle::record::{
    fight, record, replay, resolution_rng, resolve, resolve_as, resolve_v1, resolve_v2,
    BattleInput, BattleRecord, Outcome, StretBattle, WarfareBattle, BATTLE_SCHEMA_VERSION,
};
pub use battle::skirmish::*;
pub use battle::sweep::{
    matchup_at, sweep, SweepConfig, SweepError, SweepPoint, SweepRun, MAX_SWEEP_RATIO, SWEEP_RATIOS,
};
pub use contests::{ContestError, ContestInput, ContestOutcome, DamageExpr};
pub use demo::{demo_realm, demo_scaled, DEMO_SEED};
pub use map::campaign::{march_totals, realm_claims, realm_territory};
pub use map::grid::{cell_index, cell_xy, TerrainGrid};
pub use map::march::{
    crossing_multiplier, distance_penalty, entry_cost, march, rate_per_tenth, toll_rate, Crossing,
    FactionRef, MarchBreakdown, MarchTotals, TerrainLeg, MARCH_PENALTY_CAP,
};
pub use map::pricing::Pricing;
pub use map::route::{route, Route, Router};
pub use map::terrain::{MapRows, Terrain, TerrainMap};
pub use map::territory::{
    claim_territory, keep_pct, lean_angle, territory_allowance, Claim, Holder, OwnerGrid,
    KEEP_LADDER,
};
pub use mass_battle::{MassBattleError, MassBattleInput, MassOutcome};
pub use olympia::{OlympiaError, OlympiaInput, OlympiaOutcome};
pub use realm::armory::{
    Armor, ArmoryTable, Bane, BaneTarget, Beast, BuiltFrom, Colour, Creature, Material,
    MaterialColours, MovementType, Slot, Species, UniqueItem, Weapon, Wearable,
};
pub use realm::error::DocError;
pub use realm::faction::{
    Buff, BuffCategory, BuffSource, Effect, EquipmentType, Faction, Marker, Regiment,
};
pub use realm::json;
pub use realm::kinds::{
    Alignment, AttackType, BattleSystem, DamageType, DefenseType, FactionKind, MercPool,
    MoveCategory,
};
pub use realm::lab_setup::{
    LabSetup, LineUp, LAB_SETUP_VERSION, MAX_LAB_SETUPS, MAX_LAB_SETUP_BYTES,
};
pub use realm::load::{load_realm, parse_realm};
pub use realm::photo::{Fitted, Group, ItemRef, OffhandRef, Photo, Stats, MAX_HEALTH, MAX_RANGE};
pub use realm::rating::{Rating, Season, Settings, START_RATING};
pub use realm::records::{Record, RecordKind};
#[cfg(feature = "schema")]
pub use realm::schema::realm_schema;
pub use realm::siege::{Barding, Condition, Line, LineEffect, MachineKind, Scope, WornKind};
pub use realm::validate::{MAX_ID, MAX_NAME_CHARS};
pub use realm::Realm;
pub use rng::{below, die, unit, Rng, SplitMix64};
pub use sorting::{stable_sort_by, stable_sort_by_key};
pub use stats::buffs::post_buff_stats;
pub use stats::derive::{derive_all, derive_stats};
pub use stats::effect_text::{amount_with_unit, effect_name, effect_unit, EFFECTS};
pub use stats::explain::{
    crew_check, faction_sheet, power_parts, CrewCheck, FactionSheet, PowerParts, SheetFigure,
    SheetSection,
};
pub use stats::gear::{
    fit, offhand_from, push_down, recalculate_all, rederive_after, wears, ArmoryEdit, Fit,
    FitError, OffhandPick, RecalcReport,
};
pub use stats::movement::{
    avg_movement, hauler_factor, machine_hauler_factor, sets_the_pace, HAULER_FLOOR,
};
pub use stats::outfit::{outfit, Worn, WornPlace};
pub use stats::overview::{realm_power, FactionPower, PhotoPower, RealmPower};
pub use stats::power::{
    bracket, faction_power, figure_power, health_mult, in_faction_power, photo_power, type_power,
};
pub use stats::report::{
    compare_photos, push_down_report, recalculate_report, stat_moves, PhotoChange, StatMove,
};
pub use stats::roster::{counts_in_fp, roster};
pub use stats::totals::{
    faction_totals, pct_factor, ClampedTotals, Grudge, GrudgeFactor, Totals, MARCH_SPEED_FLOOR,
    REACH_LIMIT, RELIEF_CAP, SLOTS_LIMIT,
};
pub use warfare::{WarfareError, WarfareInput, WarfareOutcome};
