//! The outcome of a Střet armád battle and its round-by-round log (every attack with its dice,
//! every morale test with its numbers), and a text rendering of it for the CLI, snapshots and people.
//!
//! Units are named by id; the rendering looks names up in the input, so the log holds no strings.

use super::input::{ArmySide, MassBattleInput};
use super::tables::WeaponRef;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// The three phases of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// 1d6 rounds of missile and mounted units.
    Skirmish,
    /// Melee until one side has fled.
    Battle,
    /// 1d6 rounds of the winner running down the fled.
    Pursuit,
}

/// One attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackLog {
    /// The attacking unit.
    pub attacker: u64,
    /// The unit attacked.
    pub target: u64,
    /// The weapon used.
    pub weapon: WeaponRef,
    /// The target's light warhorse turned the attack aside: no damage and no morale penalty.
    pub negated: bool,
    /// The dice as thrown (empty when negated).
    pub rolled: Vec<u8>,
    /// The level's damage bonus added to the dice.
    pub bonus: i32,
    /// ×2 for a heavy warhorse on infantry in melee; in the pursuit ×2 light, ×2 cavalry.
    pub multiplier: i32,
    /// The target's shield halved the damage (rounding up).
    pub shield: bool,
    /// Endurance the target loses.
    pub damage: i32,
    /// Units that received the −1 morale penalty from this hit (missile hits only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalised: Vec<u64>,
}

/// One unit's morale test: pass iff `roll + morale − penalty ≥ difficulty + increase`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleLog {
    /// The unit.
    pub unit: u64,
    /// The d10.
    pub roll: u8,
    /// Its morale.
    pub morale: i32,
    /// 1 when a missile hit has shaken it, else 0.
    pub penalty: i32,
    /// From its army's endurance: 5, 8, 12 or 17.
    pub difficulty: i32,
    /// +1 per started 10 % of its army removed before the round began.
    pub increase: i32,
    /// Whether it held.
    pub passed: bool,
}

/// An army at the end of a round (after damage and morale).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmyStanding {
    /// Σ current endurance of its units still present.
    pub endurance: i32,
    /// Σ endurance_max of all its units at the start.
    pub endurance_max: i32,
    /// Units still present.
    pub present: u32,
    /// Units removed (killed, fled or caught).
    pub removed: u32,
}

/// One round of any phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MassRound {
    /// The phase.
    pub phase: Phase,
    /// The round's number within its phase, from 1.
    pub round: u32,
    /// Every attack, army `a`'s in input order, then army `b`'s.
    pub attacks: Vec<AttackLog>,
    /// Units killed by this round's damage.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub killed: Vec<u64>,
    /// Fled units caught by this round's damage (pursuit).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub caught: Vec<u64>,
    /// Every morale test, army `a` first, input order.
    pub morale: Vec<MoraleLog>,
    /// Units that failed morale and fled (skirmish and battle).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fled: Vec<u64>,
    /// Pursuers that failed morale and stopped pursuing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stopped: Vec<u64>,
    /// Both armies after the round: `[a, b]`.
    pub standing: [ArmyStanding; 2],
}

/// How the battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum End {
    /// One army has no unit left present: it fled, and the other won.
    Fled {
        /// The army that fled.
        loser: ArmySide,
    },
    /// Both armies emptied in the same round: no winner, no pursuit.
    BothFled,
    /// The battle reached its safety cap of rounds: a draw.
    RoundCap,
}

/// What became of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Still on the field at the end.
    Standing,
    /// Brought to endurance 0 in the skirmish or the battle.
    Killed,
    /// Failed morale and fled, and was not caught.
    Fled,
    /// Fled and was brought to endurance 0 in the pursuit: killed or captured, as the caller
    /// decides (RESOLVED in §2.5).
    Caught,
}

/// A unit at the end, with the numbers it fought with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitResult {
    /// The unit.
    pub id: u64,
    /// Its army.
    pub side: ArmySide,
    /// What became of it.
    pub fate: Fate,
    /// Endurance left (0 or below when killed or caught).
    pub endurance: i32,
    /// Its starting endurance.
    pub endurance_max: i32,
    /// Its morale.
    pub morale: i32,
    /// Light (double attack in the pursuit).
    pub light: bool,
    /// Mounted: large and cavalry.
    pub cavalry: bool,
    /// Took part in the skirmish.
    pub skirmished: bool,
    /// Carries the −1 morale penalty of a missile hit.
    pub penalised: bool,
    /// A pursuer that failed morale and stopped pursuing.
    pub stopped_pursuit: bool,
}

/// A whole battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MassOutcome {
    /// The army that did not flee, if one did and the other did not.
    pub winner: Option<ArmySide>,
    /// How it ended.
    pub end: End,
    /// The skirmish's drawn length, 0 when nobody could skirmish. It ends early if an army empties.
    pub skirmish_rounds: u8,
    /// Battle rounds fought, 0 when the skirmish decided the battle.
    pub battle_rounds: u32,
    /// The pursuit's drawn length, 0 when there was no winner or nobody left to catch. It ends
    /// early when every fled unit is caught or every pursuer has stopped.
    pub pursuit_rounds: u8,
    /// Every round played, in order.
    pub rounds: Vec<MassRound>,
    /// Units killed in the skirmish and the battle, in order of death.
    pub killed: Vec<u64>,
    /// Units that fled and were not caught, in order of flight.
    pub fled: Vec<u64>,
    /// Fled units caught in the pursuit, in order.
    pub caught: Vec<u64>,
    /// Every unit at the end, army `a` then `b`, input order.
    pub units: Vec<UnitResult>,
}

/// The whole log as text, one line per event.
pub fn render(input: &MassBattleInput, o: &MassOutcome) -> String {
    let name = |id: u64| {
        let unit = input
            .a
            .units
            .iter()
            .chain(&input.b.units)
            .find(|u| u.id == id);
        match unit {
            Some(u) if !u.name.is_empty() => format!("{} #{id}", u.name),
            _ => format!("#{id}"),
        }
    };
    let list = |ids: &[u64]| ids.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ");
    let mut out = String::new();
    for r in &o.rounds {
        let _ = writeln!(out, "{:?} round {}", r.phase, r.round);
        for a in &r.attacks {
            let _ = write!(
                out,
                "  {} -> {} ({:?})",
                name(a.attacker),
                name(a.target),
                a.weapon
            );
            if a.negated {
                let _ = writeln!(out, ": negated by its light warhorse");
                continue;
            }
            let _ = write!(out, ": {:?}{:+} x{}", a.rolled, a.bonus, a.multiplier);
            if a.shield {
                let _ = write!(out, " halved by shield");
            }
            let _ = write!(out, " = {}", a.damage);
            if !a.penalised.is_empty() {
                let _ = write!(out, "; shaken: {}", list(&a.penalised));
            }
            out.push('\n');
        }
        for (label, ids) in [("killed", &r.killed), ("caught", &r.caught)] {
            if !ids.is_empty() {
                let _ = writeln!(out, "  {label}: {}", list(ids));
            }
        }
        for m in &r.morale {
            let _ = writeln!(
                out,
                "  morale {}: {}+{}-{} vs {}+{} {}",
                name(m.unit),
                m.roll,
                m.morale,
                m.penalty,
                m.difficulty,
                m.increase,
                if m.passed { "holds" } else { "breaks" }
            );
        }
        for (label, ids) in [("fled", &r.fled), ("stopped pursuing", &r.stopped)] {
            if !ids.is_empty() {
                let _ = writeln!(out, "  {label}: {}", list(ids));
            }
        }
        for (label, s) in [("a", &r.standing[0]), ("b", &r.standing[1])] {
            let _ = writeln!(
                out,
                "  army {label}: endurance {}/{}, {} present, {} removed",
                s.endurance, s.endurance_max, s.present, s.removed
            );
        }
    }
    let _ = writeln!(
        out,
        "end: {:?}; winner {:?}; skirmish {} rounds, battle {} rounds, pursuit {} rounds",
        o.end, o.winner, o.skirmish_rounds, o.battle_rounds, o.pursuit_rounds
    );
    let _ = writeln!(
        out,
        "killed: [{}]; fled: [{}]; caught: [{}]",
        list(&o.killed),
        list(&o.fled),
        list(&o.caught)
    );
    out
}
