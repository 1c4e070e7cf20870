//! A map battle under Warfare: how a [`Setup`] — a faction's photos after the map's march,
//! alignment, home ground and mercenary hires — becomes one Warfare battle, and who won it.
//!
//! **Why from the set-up and not the realm.** The set-up already holds every map rule as the
//! realm's skirmish applies it: each figure's post-buff stats and its side modifier (march penalty
//! and alignment for the attacker, home ground for the defender, each hire's employer's). Mapping
//! the set-up keeps one source of truth for those rules, and makes the mapping part of the replay:
//! `engine::replay` maps the recorded set-up again, so a record needs nothing more than V1/V2's.
//!
//! **The mapping** (each choice, and why):
//! - *Armies.* Each regiment is an army (001's unit of manoeuvre is a body of troops, and a regiment
//!   is the realm's); the leader, generals and special people form one *household* army; each
//!   equipment type is an army of war machines; a side's mercenary hires march as one army of
//!   *mercenaries*. Armies keep the order of the line (roster order, hires last).
//! - *Might.* An army's Might is its figures' Power on the field (`Power × side modifier`, the
//!   number V2 fights with) divided by [`POWER_PER_MIGHT`], rounded, at least 1. 001's tables
//!   expect Mights of a few dice; a demo regiment of 300–600 Power is 3–6 dice. Rounding a sum is
//!   monotone, so more Power never gives less Might (property-tested).
//! - *Speed.* The army's mean post-buff Movement, rounded, at least 1 (001's Speed decides only
//!   whether a fled army reaches its refuge).
//! - *Refuge.* The defender fights at home: its settlement is at hand (`refuge` 0), so a routed
//!   defender flees there. The attacker has marched away from its own: it has no refuge within
//!   Speed and retreats instead.
//! - *Realms.* The two factions are the phase's two realms, Influence 1 each: a single battle
//!   draws no roll-off (roll-offs order several conflicts or pair a free-for-all), so Influence
//!   only has to be valid.
//! - *The conflict.* One battle (never a siege: a map battle is fought between two markers in the
//!   field), sides `[attacker's armies, defender's armies]`.
//! - *The winner.* The side that did not lose the battle's ending (a Result's loser, or the side
//!   whose Might ran out). A stalemate, or nobody fighting at all, goes to the defender, as every
//!   tie does on the map; an unopposed side with armies wins.

use super::input::{Army, Conflict, ConflictKind, WarRealm, WarfareInput};
use super::log::{Ending, WarfareOutcome};
use super::roll::Party;
use super::validate::LIMITS;
use crate::{Fighter, Group, Setup, Side};

/// Power on the field per point of Might.
pub const POWER_PER_MIGHT: f64 = 100.0;

/// The realm id of the attacker in the mapped phase; the defender is 2.
const ATTACKER_REALM: u64 = 1;
const DEFENDER_REALM: u64 = 2;
/// The id of the one conflict.
const BATTLE: u64 = 1;

/// A figure's Power on the field: its Power times its side modifier.
pub fn field_power(f: &Fighter) -> f64 {
    (f.power() * f.modifier).max(0.0)
}

/// Might from Power on the field: `round(power / POWER_PER_MIGHT)`, between 1 and 001's cap.
pub fn might_of(power: f64) -> u32 {
    let m = (power.max(0.0) / POWER_PER_MIGHT).round();
    (m.min(f64::from(LIMITS.might)) as u32).max(1)
}

/// Which army of its side a figure marches in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Band {
    Household,
    Regiment(u64),
    Machines(u64),
    Mercenaries,
}

fn band(f: &Fighter) -> Band {
    if f.hired {
        return Band::Mercenaries;
    }
    match f.group {
        Group::Regiment(id) => Band::Regiment(id),
        Group::Equipment(id) => Band::Machines(id),
        Group::Leader | Group::Generals | Group::SpecialPeople | Group::Crest | Group::Place => {
            Band::Household
        }
    }
}

/// A side's figures grouped into armies, in order of first appearance.
fn bands(line: &[Fighter]) -> Vec<(Band, Vec<&Fighter>)> {
    let mut out: Vec<(Band, Vec<&Fighter>)> = Vec::new();
    for f in line {
        let b = band(f);
        match out.iter_mut().find(|(k, _)| *k == b) {
            Some((_, figures)) => figures.push(f),
            None => out.push((b, vec![f])),
        }
    }
    out
}

/// The one-battle Warfare phase of a set-up, seeded with `seed` (shown in the chronicle; the map
/// resolves it with the battle's own generator).
pub fn from_setup(s: &Setup, seed: u64) -> WarfareInput {
    let mut armies = Vec::new();
    let mut sides = vec![Vec::new(), Vec::new()];
    for (k, (realm, info, line)) in [
        (ATTACKER_REALM, &s.attacker, &s.attacker_line),
        (DEFENDER_REALM, &s.defender, &s.defender_line),
    ]
    .into_iter()
    .enumerate()
    {
        let mut regiments = 0;
        let mut machines = 0;
        for (b, figures) in bands(line) {
            let name = match b {
                Band::Household => format!("{} household", info.name),
                Band::Regiment(_) => {
                    regiments += 1;
                    format!("{} regiment {regiments}", info.name)
                }
                Band::Machines(_) => {
                    machines += 1;
                    format!("{} war machines {machines}", info.name)
                }
                Band::Mercenaries => format!("{} mercenaries", info.name),
            };
            let power: f64 = figures.iter().map(|f| field_power(f)).sum();
            let moving: Vec<f64> = figures.iter().filter_map(|f| f.stats.movement).collect();
            let speed = if moving.is_empty() {
                1
            } else {
                ((moving.iter().sum::<f64>() / moving.len() as f64).round() as u32).max(1)
            };
            let id = armies.len() as u64 + 1;
            armies.push(Army {
                id,
                name,
                realm,
                might: might_of(power),
                speed,
                refuge: (realm == DEFENDER_REALM).then_some(0),
                garrison: false,
            });
            sides[k].push(id);
        }
    }
    WarfareInput {
        seed,
        realms: vec![
            WarRealm {
                id: ATTACKER_REALM,
                name: s.attacker.name.clone(),
                influence: 1,
            },
            WarRealm {
                id: DEFENDER_REALM,
                name: s.defender.name.clone(),
                influence: 1,
            },
        ],
        armies,
        conflicts: vec![Conflict {
            id: BATTLE,
            name: format!("the field of {}", s.defender.name),
            kind: ConflictKind::Battle,
            sides,
        }],
    }
}

/// Who won the mapped battle (see the module doc).
pub fn map_winner(input: &WarfareInput, o: &WarfareOutcome) -> Side {
    let side_of = |p: Party| match p {
        Party::A => Side::Attacker,
        Party::B => Side::Defender,
    };
    let other = |s: Side| match s {
        Side::Attacker => Side::Defender,
        Side::Defender => Side::Attacker,
    };
    let ending = o
        .conflicts
        .iter()
        .flat_map(|c| c.engagements.last())
        .map(|e| e.ending)
        .next_back();
    match ending {
        Some(Ending::Result { loser, .. }) => other(side_of(loser)),
        Some(Ending::Exhausted { party }) => other(side_of(party)),
        Some(Ending::Stalemate) => Side::Defender,
        None => {
            let fielded = |k: usize| {
                input
                    .conflicts
                    .first()
                    .and_then(|c| c.sides.get(k))
                    .is_some_and(|s| !s.is_empty())
            };
            if fielded(0) && !fielded(1) {
                Side::Attacker
            } else {
                Side::Defender
            }
        }
    }
}

#[cfg(test)]
mod tests;
