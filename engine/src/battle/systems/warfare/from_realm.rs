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
//!   is the realm's) and carries the regiment's name as the set-up recorded it; the leader, generals
//!   and special people form one *household* army; each equipment type is an army of war machines
//!   under its type's name; a side's mercenary hires march as one army of *mercenaries*. Armies keep
//!   the order of the line (roster order, hires last).
//! - *Might.* Power keeps its meaning: a side's Might is its whole Power on the field
//!   (`Power × side modifier`, the number V2 fights with) divided by [`POWER_PER_MIGHT`], rounded,
//!   at least 1 — and that many dice are shared among its armies by their Power, largest remainder
//!   first ([`apportion`]). 001 throws one die per point of a side's Might, so the side's total is
//!   what fights, and how a faction cuts its troops into regiments can no longer change the odds
//!   (property-tested: splitting a regiment throws the same dice). An army whose share is less
//!   than one die marches with the side's largest army, which then bears both names ("Riverguard
//!   with Scouts"); 001 has no army of Might 0. 001's tables expect Mights of a few dice; a demo
//!   regiment of 300–600 Power is 3–6 dice. Rounding a sum is monotone, so more Power never gives
//!   less Might (property-tested).
//! - *Schema 1.* Records fought before battle schema 2 mapped each army on its own Power with at
//!   least Might 1 each — so ten small regiments threw ten dice where one of the same Power threw
//!   one — and named them "regiment 1, 2, …". [`from_setup_as`] keeps that mapping for those
//!   records, so history replays as it was fought.
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
use crate::{Fighter, Group, Setup, Side, BATTLE_SCHEMA_VERSION};

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

/// The one-battle Warfare phase of a set-up under the current battle schema, seeded with `seed`
/// (shown in the chronicle; the map resolves it with the battle's own generator).
pub fn from_setup(s: &Setup, seed: u64) -> WarfareInput {
    from_setup_as(s, seed, BATTLE_SCHEMA_VERSION)
}

/// The phase as the battle schema `schema` maps it: 1 is the first mapping (armies numbered, each
/// at least Might 1), kept so a record fought under it replays as fought; 2 and later are the
/// module doc's.
pub fn from_setup_as(s: &Setup, seed: u64, schema: u32) -> WarfareInput {
    let sides = [
        (ATTACKER_REALM, &s.attacker, &s.attacker_line),
        (DEFENDER_REALM, &s.defender, &s.defender_line),
    ];
    let mut armies = Vec::new();
    let mut ids = vec![Vec::new(), Vec::new()];
    for (k, (realm, info, line)) in sides.into_iter().enumerate() {
        let marching = if schema < 2 {
            numbered_armies(&info.name, line)
        } else {
            named_armies(s, &info.name, line)
        };
        for m in marching {
            let id = armies.len() as u64 + 1;
            armies.push(Army {
                id,
                name: m.name,
                realm,
                might: m.might,
                speed: speed_of(&m.figures),
                refuge: (realm == DEFENDER_REALM).then_some(0),
                garrison: false,
            });
            ids[k].push(id);
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
            sides: ids,
        }],
    }
}

/// One army of a side before it gets its id: its name, Might and figures.
struct Marching<'a> {
    name: String,
    might: u32,
    figures: Vec<&'a Fighter>,
}

/// The army's mean post-buff Movement, rounded, at least 1.
fn speed_of(figures: &[&Fighter]) -> u32 {
    let moving: Vec<f64> = figures.iter().filter_map(|f| f.stats.movement).collect();
    if moving.is_empty() {
        1
    } else {
        ((moving.iter().sum::<f64>() / moving.len() as f64).round() as u32).max(1)
    }
}

/// Schema 1: every band its own numbered army with `might_of` its own Power, at least 1.
fn numbered_armies<'a>(faction: &str, line: &'a [Fighter]) -> Vec<Marching<'a>> {
    let mut regiments = 0;
    let mut machines = 0;
    bands(line)
        .into_iter()
        .map(|(b, figures)| {
            let name = match b {
                Band::Household => format!("{faction} household"),
                Band::Regiment(_) => {
                    regiments += 1;
                    format!("{faction} regiment {regiments}")
                }
                Band::Machines(_) => {
                    machines += 1;
                    format!("{faction} war machines {machines}")
                }
                Band::Mercenaries => format!("{faction} mercenaries"),
            };
            let power: f64 = figures.iter().map(|f| field_power(f)).sum();
            Marching {
                name,
                might: might_of(power),
                figures,
            }
        })
        .collect()
}

/// Schema 2: the side's Might is its whole Power on the field, shared among its bands by their
/// Power (largest remainder); a band whose share is no whole die marches with the largest army.
fn named_armies<'a>(s: &Setup, faction: &str, line: &'a [Fighter]) -> Vec<Marching<'a>> {
    let bands = bands(line);
    if bands.is_empty() {
        return Vec::new();
    }
    let powers: Vec<f64> = bands
        .iter()
        .map(|(_, figures)| figures.iter().map(|f| field_power(f)).sum())
        .collect();
    let total = might_of(powers.iter().sum());
    let shares = apportion(total, &powers);
    let name = |b: Band| match b {
        Band::Household => format!("{faction} household"),
        Band::Regiment(id) => s
            .group_name(Group::Regiment(id))
            .map_or_else(|| format!("{faction} regiment {id}"), str::to_string),
        Band::Machines(id) => s
            .group_name(Group::Equipment(id))
            .map_or_else(|| format!("{faction} war machines {id}"), str::to_string),
        Band::Mercenaries => format!("{faction} mercenaries"),
    };
    // The first band with the largest share takes in the bands too small for a die of their own.
    let host = (0..shares.len())
        .rev()
        .max_by_key(|&i| shares[i])
        .unwrap_or(0);
    let mut out: Vec<Marching> = Vec::new();
    let mut joined: Vec<String> = Vec::new();
    let mut host_at = 0;
    for (i, (b, figures)) in bands.into_iter().enumerate() {
        if shares[i] == 0 {
            joined.push(name(b));
            out.push(Marching {
                name: String::new(),
                might: 0,
                figures,
            });
            continue;
        }
        if i == host {
            host_at = out.len();
        }
        out.push(Marching {
            name: name(b),
            might: shares[i],
            figures,
        });
    }
    let mut merged: Vec<&Fighter> = Vec::new();
    for m in out.iter_mut().filter(|m| m.might == 0) {
        merged.append(&mut m.figures);
    }
    if let Some(h) = out.get_mut(host_at) {
        h.figures.extend(merged);
        if !joined.is_empty() {
            h.name = format!("{} with {}", h.name, joined.join(", "));
        }
    }
    out.retain(|m| m.might > 0);
    out
}

/// `total` whole dice shared in proportion to `weights` by largest remainder (ties to the
/// earlier band): the shares always sum to `total`, so how a side is cut into bands never changes
/// how many dice it throws.
pub fn apportion(total: u32, weights: &[f64]) -> Vec<u32> {
    let sum: f64 = weights.iter().map(|w| w.max(0.0)).sum();
    let mut shares = vec![0u32; weights.len()];
    if weights.is_empty() {
        return shares;
    }
    if sum <= 0.0 || !sum.is_finite() {
        shares[0] = total;
        return shares;
    }
    let quotas: Vec<f64> = weights
        .iter()
        .map(|w| f64::from(total) * w.max(0.0) / sum)
        .collect();
    for (share, q) in shares.iter_mut().zip(&quotas) {
        *share = q.floor() as u32;
    }
    let given: u32 = shares.iter().sum();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| {
        let (fa, fb) = (quotas[a] - quotas[a].floor(), quotas[b] - quotas[b].floor());
        fb.total_cmp(&fa).then(a.cmp(&b))
    });
    for &i in order
        .iter()
        .cycle()
        .take(total.saturating_sub(given) as usize)
    {
        shares[i] += 1;
    }
    shares
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
