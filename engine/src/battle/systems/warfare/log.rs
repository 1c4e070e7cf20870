//! The outcome of a Warfare phase and its log: every conflict in the order fought, every roll with
//! its dice, successes, result and losses, and what became of each army — with a text rendering in
//! the vectors' own words (VECTORS.md `D6-16`).

use super::order::RollOff;
use super::roll::{Party, ResultKind};
use super::ConflictKind;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// What an army does after the phase (SYSTEMS.md §1.1). The engine reports; the caller moves armies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Disposition {
    /// Holds its ground (won, fought to a standstill, or did not fight).
    Stays,
    /// Leaves the battlefield (Retreat, or a rout with no friendly settlement within Speed).
    Retreats,
    /// Flees to its nearest friendly settlement (Routed, or a Crippled besieger).
    FleesToNearestFriendlySettlement,
    /// Disengages from all warfare and returns to its realm at the New Year (Defeated, Broken).
    DisengagedUntilNewYear,
    /// Ceases to exist (Might 0, Annihilated, Devastated, or a garrison whose settlement fell).
    Destroyed,
}

impl Disposition {
    /// Whether the army is still in the region and able to fight.
    pub fn present(self) -> bool {
        self == Disposition::Stays
    }
}

/// Might lost by one army in one roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loss {
    /// The army.
    pub army: u64,
    /// Points of Might lost.
    pub points: u32,
}

/// One combat roll of an engagement (SYSTEMS.md §1.1 `RollRecord`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    /// Side A's dice, in the order drawn.
    pub dice_a: Vec<u8>,
    /// Side B's dice.
    pub dice_b: Vec<u8>,
    /// A's successes (5s and 6s).
    pub succ_a: u32,
    /// B's successes.
    pub succ_b: u32,
    /// `|succ_a − succ_b|`.
    pub net: u32,
    /// The table row.
    pub result: ResultKind,
    /// The side with fewer successes; none on a tie (a Retaliate still costs the besiegers).
    pub loser: Option<Party>,
    /// Might lost, per army, in the order the points fell.
    pub losses: Vec<Loss>,
    /// Each side's total Might after the roll.
    pub might_after: [u32; 2],
}

/// How an engagement stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "ending")]
pub enum Ending {
    /// A result that ends it (net ≥ 2 in a battle, ≥ 1 in a siege).
    Result {
        /// The row.
        result: ResultKind,
        /// Who lost.
        loser: Party,
    },
    /// A side's Might reached 0: it ceases to exist and the conflict ends at once (§1.5).
    Exhausted {
        /// The side at 0.
        party: Party,
    },
    /// [`super::MAX_ROLLS`] rolls without an end: both sides stay.
    Stalemate,
}

/// An army's disposition after an engagement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fate {
    /// The army.
    pub army: u64,
    /// What it does.
    pub disposition: Disposition,
}

/// Two sides rolling until the table says stop: a whole battle or siege, or one pair of a
/// free-for-all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Engagement {
    /// The roll-off that chose this free-for-all pair among equal Mights, if one was needed.
    pub pairing: Option<RollOff>,
    /// Side A's armies (the besiegers in a siege), in the conflict's order.
    pub a: Vec<u64>,
    /// Side B's armies.
    pub b: Vec<u64>,
    /// Each side's total Might when it began.
    pub might_start: [u32; 2],
    /// Every roll.
    pub rolls: Vec<RollRecord>,
    /// How it stopped.
    pub ending: Ending,
    /// What became of each army of both sides, A's first.
    pub fates: Vec<Fate>,
}

/// How a conflict came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConflictStatus {
    /// A battle was fought to its end.
    Fought,
    /// The settlement fell.
    Captured,
    /// The siege goes on at the next Warfare phase.
    Continues,
    /// The besiegers were beaten off or are gone: the siege is over and the settlement holds.
    Lifted,
    /// Not fought: only one side still had armies there when its turn came.
    Unopposed,
}

/// One conflict as fought.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConflictLog {
    /// The conflict's id.
    pub conflict: u64,
    /// Battle or siege.
    pub kind: ConflictKind,
    /// Armies listed in it that were gone when it was fought (they left or ceased in a battle).
    pub absent: Vec<u64>,
    /// One engagement, or one per pair of a free-for-all, in order.
    pub engagements: Vec<Engagement>,
    /// How it came out.
    pub status: ConflictStatus,
    /// A siege whose settlement fell.
    pub settlement_captured: bool,
    /// A siege that goes on next phase.
    pub siege_continues: bool,
}

/// Conflicts with the same (strongest army, number of armies), put in order by a roll-off between
/// the realms of their strongest armies (§1.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderTie {
    /// The tied conflicts, in the order decided.
    pub conflicts: Vec<u64>,
    /// The roll-off.
    pub roll_off: RollOff,
}

/// An army at the end of the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmyResult {
    /// The army.
    pub army: u64,
    /// Might when the phase began.
    pub might_start: u32,
    /// Might at its end (0 once it ceased).
    pub might_end: u32,
    /// What it does now.
    pub disposition: Disposition,
}

/// A whole Warfare phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarfareOutcome {
    /// Roll-offs that ordered tied conflicts, battles' before sieges'.
    pub order_ties: Vec<OrderTie>,
    /// Every conflict in the order fought: battles, then sieges (unopposed sieges last).
    pub conflicts: Vec<ConflictLog>,
    /// Every army, in input order.
    pub armies: Vec<ArmyResult>,
}

impl Engagement {
    /// The rolls in VECTORS.md's words, one line each, and a last line when a side was exhausted:
    /// `A rolls [5, 4] (1), B rolls [3] (0) -> net 1 Wounded loser B; Might A=2 B=0`.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for r in &self.rolls {
            let loser = r.loser.map_or(String::new(), |p| format!(" loser {p:?}"));
            let _ = writeln!(
                out,
                "A rolls {:?} ({}), B rolls {:?} ({}) -> net {} {}{loser}; Might A={} B={}",
                r.dice_a,
                r.succ_a,
                r.dice_b,
                r.succ_b,
                r.net,
                r.result.name(),
                r.might_after[0],
                r.might_after[1],
            );
        }
        let [a, b] = self
            .rolls
            .last()
            .map_or(self.might_start, |r| r.might_after);
        match self.ending {
            Ending::Exhausted { .. } => {
                let _ = writeln!(out, "side with Might 0 ceases to exist; A={a} B={b}");
            }
            Ending::Result { result, loser } => {
                let _ = writeln!(
                    out,
                    "{} ends it, loser {loser:?}; A={a} B={b}",
                    result.name()
                );
            }
            Ending::Stalemate => {
                let _ = writeln!(out, "stalemate; A={a} B={b}");
            }
        }
        out
    }
}

impl WarfareOutcome {
    /// The whole phase as text, for the CLI and people.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for t in &self.order_ties {
            let _ = writeln!(
                out,
                "conflicts {:?} tied: {}",
                t.conflicts,
                t.roll_off.render()
            );
        }
        for c in &self.conflicts {
            let _ = writeln!(out, "{:?} {} -> {:?}", c.kind, c.conflict, c.status);
            if !c.absent.is_empty() {
                let _ = writeln!(out, "  absent {:?}", c.absent);
            }
            for e in &c.engagements {
                let _ = writeln!(out, "  {:?} vs {:?}", e.a, e.b);
                if let Some(off) = &e.pairing {
                    let _ = writeln!(out, "    pairing {}", off.render());
                }
                for line in e.render().lines() {
                    let _ = writeln!(out, "    {line}");
                }
            }
        }
        for a in &self.armies {
            let _ = writeln!(
                out,
                "army {}: Might {} -> {}, {:?}",
                a.army, a.might_start, a.might_end, a.disposition
            );
        }
        out
    }
}

impl RollOff {
    /// `roll-off 2 [5, 1, 3] (1), 3 [6, 6] (2); ranking [3, 2]`.
    pub fn render(&self) -> String {
        let rolls: Vec<String> = self
            .rounds
            .iter()
            .flatten()
            .map(|r| format!("{} {:?} ({})", r.realm, r.dice, r.successes))
            .collect();
        format!("roll-off {}; ranking {:?}", rolls.join(", "), self.ranking)
    }
}
