//! Warfare (SYSTEMS.md §1, source 001): a Warfare phase of d6 Might battles and sieges.
//!
//! Each side of a conflict rolls one d6 per point of Might; a 5 or 6 is a success, and the net
//! successes are read on the Battle Results or Siege Results table ([`ResultKind`]). The phase
//! resolves every battle before any siege, conflicts in descending (strongest army, number of
//! armies), ties broken by the realms' Influence roll-off ([`roll_off`]); a battle of more than two
//! hostile sides is a free-for-all fought pair by pair ([`next_ffa_pair`]).
//!
//! **One generator per phase, in this order** (SYSTEMS.md §1.2, §1.7): the roll-offs that order the
//! battles, then each battle in order (a free-for-all draws its pairing roll-off, if any, before
//! that pair's dice; each roll draws all of side A's dice, then all of side B's), then the roll-offs
//! that order the sieges, then each siege in order. [`play`] seeds `SplitMix64` with the input's
//! `seed`, so a phase is a pure function of its input.
//!
//! **Decisions beyond the spec** (each also noted where it is made):
//! - Who fights whom is the input: a conflict lists its sides, each a list of allied army ids, so the
//!   caller's `at_war` predicate has already been applied. More than two sides is a free-for-all.
//! - "A friendly settlement within Speed" is the army's `refuge`: the distance to its nearest
//!   friendly settlement (same unit as `speed`), absent when there is none.
//! - An army may be listed in one battle and one siege: the siege then counts it with the Might it
//!   has left after the battle, and only if it is still there (it did not retreat, flee, disengage
//!   or cease). That is 001's "all friendly Armies move to that location and add their Might".
//! - Garrisons fight only on the defending side of a siege; a siege's defending side holds at least
//!   one. When every garrison of a siege reaches Might 0 the settlement is captured; aiding armies
//!   still standing then stay in the region.
//! - A conflict stops after [`MAX_ROLLS`] rolls as a stalemate (both stay; a siege continues). The
//!   chance of reaching it is below (5/9)^10000: it exists so the loop is total, not to be met.
//! - A realm with Influence 0 rolls no dice in a roll-off; realms that cannot be parted (all of them
//!   at Influence 0, or still tied after [`MAX_REROLLS`] rerolls) keep ascending realm id.

mod engagement;
mod example;
mod from_realm;
mod input;
mod log;
mod order;
mod phase;
mod roll;
mod validate;

pub use engagement::{allocate_losses, MAX_ROLLS};
pub use example::example;
pub use from_realm::{
    apportion, field_power, from_setup, from_setup_as, map_winner, might_of, POWER_PER_MIGHT,
};
pub use input::{Army, Conflict, ConflictKind, WarRealm, WarfareInput};
pub use log::{
    ArmyResult, ConflictLog, ConflictStatus, Disposition, Ending, Engagement, Fate, Loss, OrderTie,
    RollRecord, WarfareOutcome,
};
pub use order::{
    conflict_key, next_ffa_pair, roll_off, Contender, RealmRoll, RollOff, MAX_REROLLS,
};
pub use phase::resolve;
pub use roll::{
    is_success, roll_odds, score_roll, successes, successes_pmf, Party, ResultKind, RollOdds,
    Score, Table,
};
pub use validate::{Limits, WarfareError, LIMITS};

use crate::{DocError, SplitMix64};

/// Fights a phase from its own seed: `resolve(input, SplitMix64(input.seed))`. The input should have
/// passed [`WarfareInput::validate`].
pub fn play(input: &WarfareInput) -> WarfareOutcome {
    resolve(input, &mut SplitMix64::new(input.seed))
}

/// Reads a Warfare input from JSON and validates it; the error names the offending field
/// (`armies[2].might`), as a parse error names the JSON path.
pub fn parse(text: &str) -> Result<WarfareInput, DocError> {
    let input: WarfareInput = crate::realm::json::from_str_denying(text)?;
    input.validate()?;
    Ok(input)
}

#[cfg(test)]
mod tests;
