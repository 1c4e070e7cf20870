//! Skirmish (SPEC §11–14): set-up from the realm, mercenary hiring, Version 1 and Version 2
//! resolution with siege engines, the round log, the self-contained battle record and its replay,
//! and Monte-Carlo odds.
//!
//! **Architecture invariant:** set-up is the only part that reads the realm. It copies every number a
//! battle needs into a [`Setup`] (both line-ups as individual [`Fighter`]s), so resolution, odds and
//! replay are pure functions of a `Setup` and a seed.
//!
//! **One generator per battle.** `SplitMix64(seed)` makes the mercenary draws first (one per hire),
//! then the system's draws: one `unit()` for Version 1, or per round four dice and one target per
//! swing for Version 2 (SPEC §0.3, §11.5, §12, §13.9).
//!
//! Code map: `setup` (§11.1–11.4 and the lines), `mercenaries` (§11.5), `fighter` (a figure as
//! fought), `v1` (§12), `dice` (§13.5–13.6), `siege` (§13.7), `v2` (§13.1–13.9), `log` (§13.10), `progress` (the round screen's standings),
//! `record` (§14: input, outcome, replay), `odds` (Battle Lab), `balance` (the source's claims), `sweep` (win rate against power ratio,
//! per system).

pub(crate) mod dice;
pub(crate) mod fighter;
pub(crate) mod log;
pub(crate) mod mercenaries;
pub(crate) mod progress;
pub(crate) mod setup;
pub(crate) mod siege;
pub(crate) mod v1;
pub(crate) mod v2;

pub use dice::{blow, mult, RoundDice, Throw, MULT_CAP};
pub use fighter::{Arm, Carriage, Fighter, Machine, Side, WeaponSlot};
pub use log::{render_log, EquipmentShare, Reach, Reason, RoundLog, SideRound, Swing};
pub use mercenaries::{
    draw_hires, hire_candidates, hire_count, open_pools, HireCount, Hires, ATTACKER_BASE_SLOTS,
    DEFENDER_BASE_SLOTS, GAP_PER_HIRE, MAX_HIRES,
};
pub use progress::{standings, Standing};
pub use setup::{
    alignment_multiplier, fighter_of, home_multiplier, setup, GroupName, Setup, SetupError,
    SideInfo, ALIGNMENT_TABLE, AM_BOUNDS,
};
pub use siege::{CrewState, DEFAULT_STOP, LAST_FIRING_ROUND};
pub use v1::{resolve_v1_strengths, v1_probability, V1Outcome};
pub use v2::factors::{v2_factors, Factor as V2Factor, SideFactors, V2Cause, V2Factors};
pub use v2::{range_gate, resolve_v2_lines, weapon_for_round, winner_by_score, V2Outcome, ROUNDS};
