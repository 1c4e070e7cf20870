//! Střet armád (SYSTEMS.md §2, source 002): a Czech mass battle of units with endurance and morale,
//! fought in three phases — a skirmish of missile and mounted units, the battle until one army has
//! fled, and the winner's pursuit of the fled.
//!
//! **Architecture invariant:** [`resolve`] is a pure function of the input and the generator; it
//! draws, per round, each attack's target, negation die, damage dice and short-bow extra target
//! (army `a`'s attacks in input order, then `b`'s), then the morale dice, and each phase's length
//! when the phase starts (§2.5). [`play`] seeds the generator from the input.
//!
//! **Decisions where the spec is silent** (each also at its code):
//! - Nobody able to skirmish: the skirmish is skipped and its length is not drawn, so no army
//!   tests morale for a skirmish that never happened.
//! - Nobody left to catch (every unit of the loser killed): the pursuit is skipped, undrawn.
//! - A unit that was in the fight in any battle round "took part in the battle" and sits out
//!   pursuit rounds 1–2; skirmishers that never reached the battle pursue from round 1.
//! - A pursuer that fails morale stops pursuing but has not fled: it still counts as present for its
//!   army's endurance and is not counted as removed.
//! - The morale difficulty of a round is fixed for all of that round's tests, from the armies'
//!   endurance after the round's damage.
//! - A unit's chosen weapon defaults to its missile weapon, or its melee weapon if it has none.
//! - A target draw from a single candidate still draws (`below(1)`), so every attack draws its target.
//!
//! Code map: `tables` (§2.2 and a unit's [`Profile`]), `input` (the sheet and [`example`]),
//! `validate` (what an input must satisfy, [`parse_input`]), `attack` (§2.4), `morale` (§2.5's
//! test), `field` (one round of any phase), `log` (the outcome and its text).

mod attack;
mod field;
mod from_realm;
mod input;
mod log;
mod morale;
mod tables;
mod validate;

pub use attack::{attack_dice, damage, halve, multiplier};
pub use from_realm::{
    armour_of, from_setup, level_of, map_winner, melee_of, missile_of, mount_of, unit_of,
    LEVELS_PER_BONUS,
};
pub use input::{example, Army, ArmySide, MassBattleInput, Unit};
pub use log::{
    render, ArmyStanding, AttackLog, End, Fate, MassOutcome, MassRound, MoraleLog, Phase,
    UnitResult,
};
pub use morale::{difficulty, holds, increase};
pub use tables::{
    level_row, morale_pass_tenths, Armour, Dice, LevelRow, MeleeWeapon, MissileWeapon, Mount,
    Profile, WeaponRef, BASE_ENDURANCE, BASE_MORALE, LEVELS, MAX_LEVEL,
};
pub use validate::{parse_input, MassBattleError, MAX_UNITS};

use crate::{die, Rng, SplitMix64};
use field::Field;

/// The battle's safety cap: after this many battle rounds without a side fleeing, it is a draw.
pub const ROUND_CAP: u32 = 1000;

/// Fights a battle: the skirmish, the battle, the pursuit, each round logged. Any input can be
/// resolved (an empty army has fled before the first blow); [`MassBattleInput::validate`] is what
/// refuses an input that breaks the rules.
pub fn resolve(input: &MassBattleInput, rng: &mut impl Rng) -> MassOutcome {
    let mut field = Field::new(input);
    let mut rounds = Vec::new();
    let mut end = settled(&field);
    let mut skirmish_rounds = 0;
    if end.is_none() && field.enlist_skirmishers() {
        skirmish_rounds = die(rng, 6) as u8;
        for round in 1..=u32::from(skirmish_rounds) {
            rounds.push(field.round(Phase::Skirmish, round, rng));
            end = settled(&field);
            if end.is_some() {
                break;
            }
        }
    }
    let mut battle_rounds = 0;
    if end.is_none() {
        for round in 1..=ROUND_CAP {
            battle_rounds = round;
            rounds.push(field.round(Phase::Battle, round, rng));
            end = settled(&field);
            if end.is_some() {
                break;
            }
        }
    }
    let end = end.unwrap_or(End::RoundCap);
    let winner = match end {
        End::Fled { loser } => Some(loser.other()),
        _ => None,
    };
    field.winner = winner;
    let mut pursuit_rounds = 0;
    if field.pursuit_goes_on() {
        pursuit_rounds = die(rng, 6) as u8;
        for round in 1..=u32::from(pursuit_rounds) {
            rounds.push(field.round(Phase::Pursuit, round, rng));
            if !field.pursuit_goes_on() {
                break;
            }
        }
    }
    MassOutcome {
        winner,
        end,
        skirmish_rounds,
        battle_rounds,
        pursuit_rounds,
        rounds,
        units: field.results(),
        killed: field.killed,
        fled: field.fled,
        caught: field.caught,
    }
}

/// Fights the battle from the input's own seed.
pub fn play(input: &MassBattleInput) -> MassOutcome {
    resolve(input, &mut SplitMix64::new(input.seed))
}

/// How the battle stands: decided when an army has no unit present.
fn settled(field: &Field) -> Option<End> {
    match field.emptied() {
        [true, true] => Some(End::BothFled),
        [true, false] => Some(End::Fled { loser: ArmySide::A }),
        [false, true] => Some(End::Fled { loser: ArmySide::B }),
        [false, false] => None,
    }
}

#[cfg(test)]
mod tests;
