//! The round report of Version 2 (SPEC §13.10): dice, screens, every swing, why each standing figure
//! fought or stayed out of reach, the fallen, and the siege engines' share of the damage.
//!
//! Figures are named by photo id (unique within a battle, hires included); the text rendering looks
//! the names up in the line-ups, so the log itself holds no strings and costs little to keep.

use super::dice::RoundDice;
use super::fighter::{Fighter, Side, WeaponSlot};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// Why a figure fought this round, or why it did not.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "reason")]
pub enum Reason {
    /// "range a–b, needed N": its weapons' ranges against the round's gate (0 in round 4, when
    /// every weapon may swing).
    Range {
        /// Lowest weapon range.
        low: f64,
        /// Highest weapon range.
        high: f64,
        /// The gate: 15, 10, 5, or 0 in round 4.
        needed: f64,
    },
    /// Round 5: melee weapons only.
    MeleeOnly,
    /// A machine past its last firing round (round 5 counts as past it).
    Stopped {
        /// Its effective stop round.
        after: u8,
    },
    /// Crew held out to work their machine.
    Crewing {
        /// The machine's photo id.
        machine: u64,
        /// The round they join the line.
        until: u8,
    },
    /// A machine with too few living crew.
    Abandoned {
        /// Its minimum crew.
        needs: u32,
    },
    /// A machine fired short-handed (or exactly manned) under a work number.
    Working {
        /// `k / w` as a percentage, capped at 100.
        percent: f64,
        /// Living crew.
        crew: u32,
        /// Crew for full strength.
        wanted: u32,
    },
}

/// One standing figure's part in a round.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reach {
    /// The figure.
    pub figure: u64,
    /// Whether it swung (or would have, had there been a target).
    pub fought: bool,
    /// Why.
    pub reason: Reason,
}

/// One swing: who hit whom with what, and the final damage (dice, modifier and strength applied).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Swing {
    /// The swinging figure.
    pub figure: u64,
    /// The weapon it used.
    pub weapon: WeaponSlot,
    /// The figure struck.
    pub target: u64,
    /// Damage dealt.
    pub damage: f64,
}

/// A side's siege engines' part of the damage it dealt this round.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EquipmentShare {
    /// Damage dealt by its machines.
    pub machine_damage: f64,
    /// Damage dealt by the whole side.
    pub total_damage: f64,
    /// `machine_damage / total_damage`, 0 when the side dealt none.
    pub share: f64,
}

impl EquipmentShare {
    pub(crate) fn of(machine_damage: f64, total_damage: f64) -> EquipmentShare {
        let share = if total_damage > 0.0 {
            machine_damage / total_damage
        } else {
            0.0
        };
        EquipmentShare {
            machine_damage,
            total_damage,
            share,
        }
    }
}

/// One side's half of a round.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideRound {
    /// Whether the side was screened (only its melee figures could be targeted).
    pub screened: bool,
    /// Every standing figure of the side, in line order, with why it fought or did not.
    pub reach: Vec<Reach>,
    /// Its swings, in line order (the order targets were drawn).
    pub swings: Vec<Swing>,
    /// Its figures that fell at the end of this round.
    pub fallen: Vec<u64>,
    /// Set when the side has siege engines.
    pub equipment: Option<EquipmentShare>,
}

/// One round of a Version 2 battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundLog {
    /// 1..=5.
    pub round: u8,
    /// Both throws and their multipliers.
    pub dice: RoundDice,
    /// The attacking side.
    pub attacker: SideRound,
    /// The defending side.
    pub defender: SideRound,
}

impl RoundLog {
    /// The half of `side`.
    pub fn side(&self, side: Side) -> &SideRound {
        match side {
            Side::Attacker => &self.attacker,
            Side::Defender => &self.defender,
        }
    }
}

impl Reason {
    /// The reason as the round screen words it.
    pub fn text(&self, lines: [&[Fighter]; 2]) -> String {
        match *self {
            Reason::Range { low, high, needed } if low == high => {
                format!("range {low}, needed {needed}")
            }
            Reason::Range { low, high, needed } => format!("range {low}–{high}, needed {needed}"),
            Reason::MeleeOnly => "melee only".into(),
            Reason::Stopped { after } => format!("stopped after round {after}"),
            Reason::Crewing { machine, until } => {
                let name = lines
                    .iter()
                    .flat_map(|l| l.iter())
                    .find(|f| f.id == machine)
                    .map_or("?", |f| f.machine.as_ref().map_or("?", |m| &m.kind_name));
                format!("crewing {name} until round {until}")
            }
            Reason::Abandoned { needs } => format!("abandoned — needs {needs} crew"),
            Reason::Working {
                percent,
                crew,
                wanted,
            } => format!("working at {percent}% ({crew} of {wanted} crew)"),
        }
    }
}

/// The whole log as text, one line per event, for the CLI, snapshots and people.
pub fn render_log(rounds: &[RoundLog], attacker: &[Fighter], defender: &[Fighter]) -> String {
    let lines = [attacker, defender];
    let name = |id: u64| {
        let f = lines.iter().flat_map(|l| l.iter()).find(|f| f.id == id);
        f.map_or_else(|| format!("#{id}"), |f| format!("{} #{id}", f.name))
    };
    let mut out = String::new();
    for r in rounds {
        let d = &r.dice;
        let _ = writeln!(
            out,
            "round {}: A dice {:?} x{:.4}, D dice {:?} x{:.4}{}",
            r.round,
            d.attacker,
            d.mult_attacker,
            d.defender,
            d.mult_defender,
            if d.parry { " PARRY" } else { "" }
        );
        for (label, s) in [("A", &r.attacker), ("D", &r.defender)] {
            let _ = writeln!(out, "  {label} screened={}", s.screened);
            for reach in &s.reach {
                let verb = if reach.fought {
                    "fought"
                } else {
                    "out of reach"
                };
                let why = reach.reason.text(lines);
                let _ = writeln!(out, "    {}: {verb} ({why})", name(reach.figure));
            }
            for w in &s.swings {
                let _ = writeln!(
                    out,
                    "    {} -> {} {:?} {:.4}",
                    name(w.figure),
                    name(w.target),
                    w.weapon,
                    w.damage
                );
            }
            for f in &s.fallen {
                let _ = writeln!(out, "    fell: {}", name(*f));
            }
            if let Some(e) = s.equipment {
                let _ = writeln!(
                    out,
                    "    equipment {:.4} of {:.4} ({:.1}%)",
                    e.machine_damage,
                    e.total_damage,
                    e.share * 100.0
                );
            }
        }
    }
    out
}
