//! The outcome of an Olympia battle and its log: every cycle with each hit (who struck whom, the
//! chance and the roll, and what it did), the break, every figure's fate, prisoners, loot and the
//! structures as the battle left them.
//!
//! Figures are named by their index in their force's figure list ([`ForceReport::figures`]), so
//! the log holds no strings and a UI looks names up in the input's units.

use super::figures::Figure;
use super::input::{Item, Structure};
use super::kinds::Kind;
use crate::Side;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// What a hit was aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "target")]
pub enum Target {
    /// A figure of the other force, by index.
    Figure {
        /// Its index in the other force's figures.
        index: u32,
    },
    /// The other force's structure.
    Structure,
}

/// What a hit did.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// The roll was not under the chance.
    Missed,
    /// The figure was killed (a blessed soldier's failed blessing roll is kept).
    Killed {
        /// The blessing roll, for a blessed soldier.
        blessing: Option<f64>,
    },
    /// A blessed soldier survived the hit (`blessing < 0.5`).
    Spared {
        /// The blessing roll.
        blessing: f64,
    },
    /// A noble took a wound and left the fight.
    Wounded {
        /// The wound, `die(100)`.
        wound: u32,
        /// Health left.
        health: u32,
    },
    /// A noble's wound killed it (health − wound ≤ 0).
    NobleKilled {
        /// The wound.
        wound: u32,
    },
    /// The structure took damage.
    Damaged {
        /// Points taken: 1, or 5–10 from a siege engine.
        points: u32,
        /// Its defense rating after.
        defense: u32,
        /// Its damage percent after.
        damage: u32,
        /// Whether this hit brought it down.
        collapsed: bool,
    },
}

/// One strike.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hit {
    /// The striking force.
    pub side: Side,
    /// The striking figure's index in its force.
    pub hitter: u32,
    /// What it struck at.
    pub target: Target,
    /// `A`: its strike value.
    pub strike: f64,
    /// `B`: the target's defense, the structure's defense included when it shelters the target.
    pub defense: f64,
    /// Whether the target was sheltered by its structure.
    pub sheltered: bool,
    /// `A / (A + B)`.
    pub chance: f64,
    /// The `unit()` roll: a hit iff `roll < chance`.
    pub roll: f64,
    /// What it did.
    pub effect: Effect,
}

/// One cycle of the exchange (SYSTEMS.md §3.4 step 1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cycle {
    /// Figures able to strike when it began: attacker, defender.
    pub able: [u32; 2],
    /// Its strikes in order (a turn whose side had nobody left to strike is not listed).
    pub hits: Vec<Hit>,
    /// Each force's value `V` when it ended.
    pub value: [f64; 2],
}

/// How the fighting stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "decided")]
pub enum Decision {
    /// A force's value fell to half of what it began with, or below.
    Broke {
        /// The force that broke.
        side: Side,
    },
    /// Neither force could strike: the defender holds (SYSTEMS.md §3.4 RESOLVED).
    Held,
    /// [`super::MAX_HITS`] strikes without a break: the defender holds.
    Stalemate,
}

/// How a figure ended the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Still fighting when it stopped.
    Standing,
    /// Killed.
    Killed,
    /// A noble wounded out of the fight.
    Wounded,
    /// Passive on the attacking side: took no part.
    Idle,
}

/// One figure as the battle left it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FigureReport {
    /// The figure as it fought.
    pub figure: Figure,
    /// What became of it.
    pub fate: Fate,
    /// A noble's health at the end (0 if killed).
    pub health: Option<u32>,
}

/// One force as the battle left it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ForceReport {
    /// Every figure, in location-list order.
    pub figures: Vec<FigureReport>,
    /// `V0`: the value of its participants when the battle began.
    pub value_start: f64,
    /// `V0 / 2`: it breaks at or below this.
    pub break_point: f64,
    /// `V` at the end.
    pub value_end: f64,
    /// Figures killed.
    pub killed: u32,
    /// Its structure at the end.
    pub structure: Option<Structure>,
}

/// One defeated unit's prisoner roll.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Capture {
    /// The unit.
    pub unit: u64,
    /// The `unit()` roll: taken iff `roll < chance`.
    pub roll: f64,
    /// Whether it was taken prisoner.
    pub taken: bool,
}

/// An item taken, and the unit it was taken from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LootItem {
    /// The unit it came from.
    pub from: u64,
    /// The item.
    pub item: Item,
}

/// Men taken, and the unit they were taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LootMen {
    /// The unit they came from.
    pub from: u64,
    /// Their kind.
    pub kind: Kind,
    /// How many.
    pub count: u32,
}

/// What the winner's stack leader takes (SYSTEMS.md §3.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loot {
    /// The stack leader who receives it.
    pub to: u64,
    /// Items.
    pub items: Vec<LootItem>,
    /// Men.
    pub men: Vec<LootMen>,
}

/// A whole Olympia battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OlympiaOutcome {
    /// Who won.
    pub winner: Side,
    /// How the fighting stopped.
    pub decided: Decision,
    /// Every cycle.
    pub cycles: Vec<Cycle>,
    /// The attacking force at the end.
    pub attacker: ForceReport,
    /// The defending force at the end.
    pub defender: ForceReport,
    /// `r = winner_remaining / loser_remaining`'s chance `clamp(r/4, 1/4, 3/4)`; absent when no
    /// prisoners were rolled for (nobody broke, or the loser had no one left).
    pub prisoner_chance: Option<f64>,
    /// The figures counted for it, `[attacker, defender]`: each side's living figures, wounded
    /// nobles counted on the loser's side only. `[0, 0]` when nobody broke.
    pub remaining: [u32; 2],
    /// Each defeated unit's roll, in location-list order.
    pub captures: Vec<Capture>,
    /// Units taken prisoner.
    pub prisoners: Vec<u64>,
    /// Defeated units that got away.
    pub fled: Vec<u64>,
    /// What the winner's stack leader takes.
    pub loot: Option<Loot>,
    /// The attacker takes the defender's place in the location list (and its structure, if one
    /// still stands), ejecting the loser: it won and the inhibit flag was not set.
    pub winner_takes_position: bool,
}

impl ForceReport {
    /// Its nobles wounded out of the fight: `(unit, health left)`.
    pub fn wounded_nobles(&self) -> Vec<(u64, u32)> {
        let wounded = self.figures.iter().filter(|f| f.fate == Fate::Wounded);
        wounded
            .map(|f| (f.figure.unit, f.health.unwrap_or(0)))
            .collect()
    }
}

impl OlympiaOutcome {
    /// The report of `side`.
    pub fn force(&self, side: Side) -> &ForceReport {
        match side {
            Side::Attacker => &self.attacker,
            Side::Defender => &self.defender,
        }
    }

    /// The battle as text, one line per strike, for the CLI, snapshots and people.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let name = |side: Side, i: u32| {
            let f = &self.force(side).figures[i as usize].figure;
            format!("{:?}#{i}({:?} of {})", side, f.kind, f.unit)
        };
        for (k, c) in self.cycles.iter().enumerate() {
            let _ = writeln!(out, "cycle {}: able A={} D={}", k + 1, c.able[0], c.able[1]);
            for h in &c.hits {
                let other = match h.side {
                    Side::Attacker => Side::Defender,
                    Side::Defender => Side::Attacker,
                };
                let target = match h.target {
                    Target::Figure { index } => name(other, index),
                    Target::Structure => "structure".into(),
                };
                let _ = writeln!(
                    out,
                    "  {} -> {target}: {}/({}+{}) = {:.4}, roll {:.4}: {:?}",
                    name(h.side, h.hitter),
                    h.strike,
                    h.strike,
                    h.defense,
                    h.chance,
                    h.roll,
                    h.effect
                );
            }
            let _ = writeln!(out, "  value A={} D={}", c.value[0], c.value[1]);
        }
        let _ = writeln!(out, "{:?}; winner {:?}", self.decided, self.winner);
        if let Some(p) = self.prisoner_chance {
            let _ = writeln!(out, "prisoner chance {p} ({:?})", self.remaining);
        }
        for c in &self.captures {
            let _ = writeln!(out, "unit {}: roll {:.4} taken {}", c.unit, c.roll, c.taken);
        }
        if let Some(l) = &self.loot {
            let items: Vec<&str> = l.items.iter().map(|i| i.item.name.as_str()).collect();
            let men: Vec<String> = l
                .men
                .iter()
                .map(|m| format!("{} {:?}", m.count, m.kind))
                .collect();
            let _ = writeln!(out, "loot to {}: {items:?} {men:?}", l.to);
        }
        let _ = writeln!(out, "winner takes position: {}", self.winner_takes_position);
        out
    }
}
