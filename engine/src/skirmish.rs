//! Skirmish (SPEC §11–14): set-up from the realm, mercenary hiring, Version 1 and Version 2
//! resolution with siege engines, the round log, the self-contained battle record and its replay,
//! and Monte-Carlo odds.
//!
//! **Architecture invariant:** set-up is the only part that reads the realm. It copies every number a
//! battle needs into a [`Setup`] (both line-ups as individual [`Fighter`]s), so resolution, odds and
//! replay are pure functions of a `Setup` and a seed.

mod balance;
mod dice;
mod fighter;
mod log;
mod mercenaries;
mod odds;
mod record;
mod setup;
mod siege;
mod v1;
mod v2;

pub use balance::{balance, BalanceClaim, BalanceConfig};
pub use dice::{blow, mult, RoundDice, Throw, MULT_CAP};
pub use fighter::{Arm, Fighter, Machine, Side, WeaponSlot};
pub use log::{render, EquipmentShare, Reach, Reason, RoundLog, SideRound, Swing};
pub use mercenaries::{
    candidates, draw, hire_count, open_pools, HireCount, Hires, ATTACKER_BASE_SLOTS,
    DEFENDER_BASE_SLOTS, GAP_PER_HIRE, MAX_HIRES,
};
pub use odds::{odds, wilson, Odds, OddsRun, Spread};
pub use record::{
    fight, record, replay, resolution_rng, resolve, BattleInput, BattleRecord, Outcome,
    BATTLE_SCHEMA_VERSION,
};
pub use setup::{
    alignment_multiplier, fighter, home_multiplier, setup, Setup, SetupError, SideInfo,
    ALIGNMENT_TABLE, AM_BOUNDS,
};
pub use siege::{CrewState, DEFAULT_STOP, LAST_FIRING_ROUND};
pub use v1::{resolve_v1_strengths, v1_probability, V1Outcome};
pub use v2::{range_gate, resolve_v2_lines, weapon_for_round, winner_by_score, V2Outcome, ROUNDS};
