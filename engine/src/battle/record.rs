//! The battle record of Realm History (SPEC §14): a versioned, self-contained [`BattleInput`] and the
//! per-system [`Outcome`], and [`replay`], which re-runs an input without the realm.
//!
//! **The generator's path.** A battle's seed starts one SplitMix64 stream: the mercenary draws come
//! first (one per hire, see `mercenaries`), then the system's own draws. A replay starts the same
//! stream, skips one word per recorded hire, and resolves the recorded line-ups.
//!
//! The identity of a record in the history (its id, timestamp and whether it was fought on the map or
//! in the editor) belongs to whoever stores it; the engine has no clock.

use super::skirmish::fighter::Side;
use super::skirmish::setup::{setup, Setup, SetupError};
use super::skirmish::v1::{resolve_v1_strengths, V1Outcome};
use super::skirmish::v2::{battle, V2Outcome};
use crate::battle::systems::mass_battle::{ArmySide, Fate, MassOutcome};
use crate::battle::systems::olympia::OlympiaOutcome;
use crate::battle::systems::warfare::WarfareOutcome;
use crate::{mass_battle, olympia, warfare, BattleSystem, Realm, Rng, SplitMix64};
use serde::{Deserialize, Serialize};

/// The version of [`BattleInput`]'s layout. Raise it whenever a field changes meaning, so a stored
/// record can be read by the rules it was fought under.
///
/// - 1: the first record.
/// - 2: the set-up keeps its regiments' and equipment types' names (`Setup::groups`), and Warfare
///   maps a side's whole Power to Might and shares it among armies named for their regiments
///   (`warfare::from_setup_as`). A schema-1 record replays under its own mapping.
pub const BATTLE_SCHEMA_VERSION: u32 = 2;

/// Everything a battle was fought from: enough to fight it again, bit for bit, without the realm.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleInput {
    /// [`BATTLE_SCHEMA_VERSION`] when written.
    pub schema_version: u32,
    /// The battle system.
    pub system: BattleSystem,
    /// The seed of the battle's SplitMix64 stream.
    pub seed: u64,
    /// The set-up as fought: both sides, totals and buffs read, route and breakdown, hires, lines.
    pub setup: Setup,
}

/// What a battle came to, per system. The tag is the system's name, so a V1 or V2 record written
/// before the further systems joined reads and writes exactly as it did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "system", rename_all = "snake_case")]
pub enum Outcome {
    /// Version 1: one roll.
    V1(V1Outcome),
    /// Version 2: five rounds with their log.
    V2(V2Outcome),
    /// Warfare: the one-battle phase `warfare::from_setup` maps the set-up to.
    Warfare(WarfareBattle),
    /// Olympia: the battle `olympia::from_setup` maps the set-up to (its outcome names the winner).
    /// Boxed, as its report is several times the size of the other variants.
    Olympia(Box<OlympiaOutcome>),
    /// Střet armád: the battle `mass_battle::from_setup` maps the set-up to.
    MassBattle(StretBattle),
}

/// A map battle under Warfare: who won (read by `warfare::map_winner`) and the phase's log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WarfareBattle {
    /// Who won.
    pub winner: Side,
    /// The phase as fought.
    pub phase: WarfareOutcome,
}

/// A map battle under Střet armád: who won (read by `mass_battle::map_winner`) and the battle's log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StretBattle {
    /// Who won.
    pub winner: Side,
    /// The battle as fought.
    pub battle: MassOutcome,
}

impl Outcome {
    /// Who won.
    pub fn winner(&self) -> Side {
        match self {
            Outcome::V1(o) => o.winner,
            Outcome::V2(o) => o.winner,
            Outcome::Warfare(o) => o.winner,
            Outcome::Olympia(o) => o.winner,
            Outcome::MassBattle(o) => o.winner,
        }
    }

    /// Each side's losses, attacker then defender, in the system's own pieces: Version 2 figures
    /// fallen; Olympia figures killed; Střet armád units killed or caught in the pursuit (each unit
    /// is one figure of the set-up). `None` for Version 1 (one roll, nobody falls) and Warfare
    /// (armies lose Might, not figures).
    pub fn casualties(&self) -> Option<[u32; 2]> {
        match self {
            Outcome::V1(_) | Outcome::Warfare(_) => None,
            Outcome::V2(o) => Some([o.casualties_a, o.casualties_d]),
            Outcome::Olympia(o) => Some([o.attacker.killed, o.defender.killed]),
            Outcome::MassBattle(o) => {
                let lost = |side| {
                    o.battle
                        .units
                        .iter()
                        .filter(|u| u.side == side && matches!(u.fate, Fate::Killed | Fate::Caught))
                        .count() as u32
                };
                Some([lost(ArmySide::A), lost(ArmySide::B)])
            }
        }
    }

    /// The system it was fought under.
    pub fn system(&self) -> BattleSystem {
        match self {
            Outcome::V1(_) => BattleSystem::V1,
            Outcome::V2(_) => BattleSystem::V2,
            Outcome::Warfare(_) => BattleSystem::Warfare,
            Outcome::Olympia(_) => BattleSystem::Olympia,
            Outcome::MassBattle(_) => BattleSystem::MassBattle,
        }
    }
}

/// One entry of Realm History.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleRecord {
    /// Who won (repeated from the outcome, for readers that look no further).
    pub winner: Side,
    /// What was fought.
    pub input: BattleInput,
    /// How it went.
    pub outcome: Outcome,
}

/// Resolves a set-up under `system` and today's battle schema, continuing `rng` after the
/// mercenary draws. The further systems map the set-up to their own input first (each system's
/// `from_setup`; the mapped input's seed is not read, `rng` is) and resolve that with `rng`.
pub fn resolve(s: &Setup, system: BattleSystem, rng: &mut impl Rng) -> Outcome {
    resolve_as(s, system, BATTLE_SCHEMA_VERSION, rng)
}

/// [`resolve`] under battle schema `schema`: how a record is fought again by the rules it was
/// fought under (only Warfare's mapping has changed so far).
pub fn resolve_as(s: &Setup, system: BattleSystem, schema: u32, rng: &mut impl Rng) -> Outcome {
    match system {
        BattleSystem::V1 => Outcome::V1(resolve_v1(s, rng)),
        BattleSystem::V2 => Outcome::V2(resolve_v2(s, rng)),
        BattleSystem::Warfare => {
            let input = warfare::from_setup_as(s, 0, schema);
            let phase = warfare::resolve(&input, rng);
            Outcome::Warfare(WarfareBattle {
                winner: warfare::map_winner(&input, &phase),
                phase,
            })
        }
        BattleSystem::Olympia => {
            Outcome::Olympia(Box::new(olympia::resolve(&olympia::from_setup(s, 0), rng)))
        }
        BattleSystem::MassBattle => {
            let battle = mass_battle::resolve(&mass_battle::from_setup(s, 0), rng);
            Outcome::MassBattle(StretBattle {
                winner: mass_battle::map_winner(&battle),
                battle,
            })
        }
    }
}

/// Version 1 of a set-up (SPEC §15 `resolve_v1`): one roll on `S_A` and `S_D`.
pub fn resolve_v1(s: &Setup, rng: &mut impl Rng) -> V1Outcome {
    resolve_v1_strengths(s.strength_a, s.strength_d, rng)
}

/// Version 2 of a set-up (SPEC §15 `resolve_v2`), with its round log.
pub fn resolve_v2(s: &Setup, rng: &mut impl Rng) -> V2Outcome {
    battle(&s.attacker_line, &s.defender_line, rng, true)
}

/// The record of a resolved battle.
pub fn record(input: BattleInput, outcome: Outcome) -> BattleRecord {
    BattleRecord {
        winner: outcome.winner(),
        input,
        outcome,
    }
}

/// Sets up, resolves and records a battle from the realm and a seed. The realm is only read.
pub fn fight(
    r: &Realm,
    attacker: u64,
    defender: u64,
    system: BattleSystem,
    seed: u64,
) -> Result<BattleRecord, SetupError> {
    let mut rng = SplitMix64::new(seed);
    let s = setup(r, attacker, defender, &mut rng)?;
    let outcome = resolve(&s, system, &mut rng);
    let input = BattleInput {
        schema_version: BATTLE_SCHEMA_VERSION,
        system,
        seed,
        setup: s,
    };
    Ok(record(input, outcome))
}

/// The generator a recorded battle's resolution starts from: its seed, past the mercenary draws.
pub fn resolution_rng(input: &BattleInput) -> SplitMix64 {
    let mut rng = SplitMix64::new(input.seed);
    for _ in &input.setup.hires.photo_ids {
        rng.next_u64();
    }
    rng
}

/// Fights a recorded input again, reading nothing but the input: the outcome a record must hold.
pub fn replay(input: &BattleInput) -> Outcome {
    resolve_as(
        &input.setup,
        input.system,
        input.schema_version,
        &mut resolution_rng(input),
    )
}

#[cfg(test)]
mod tests;
