//! A whole Warfare phase (SYSTEMS.md §1.6): every battle before any siege, conflicts in descending
//! (strongest army, number of armies) with roll-offs for ties, free-for-alls pair by pair, and
//! battle survivors carried into the sieges of their region.

use super::engagement::{engage, Field};
use super::input::{ConflictKind, WarfareInput};
use super::log::{
    ArmyResult, ConflictLog, ConflictStatus, Disposition, Engagement, OrderTie, WarfareOutcome,
};
use super::order::{conflict_key, next_ffa_pair, roll_off, Contender};
use super::roll::Table;
use crate::Rng;
use std::collections::{HashMap, HashSet};

/// A conflict ready to be fought: its armies still present, side by side, and those gone.
struct Ready {
    index: usize,
    sides: Vec<Vec<usize>>,
    absent: Vec<u64>,
}

/// Resolves a validated phase with `rng` (see the module doc for the order of draws).
pub fn resolve(input: &WarfareInput, rng: &mut impl Rng) -> WarfareOutcome {
    let army_index: HashMap<u64, usize> = input
        .armies
        .iter()
        .enumerate()
        .map(|(i, a)| (a.id, i))
        .collect();
    let influence: HashMap<u64, u32> = input.realms.iter().map(|r| (r.id, r.influence)).collect();
    let realm_of = |i: usize| input.armies[i].realm;
    let influence_of = |realm: u64| influence.get(&realm).copied().unwrap_or(0);
    let mut field = Field::new(&input.armies);
    let mut order_ties = Vec::new();
    let mut conflicts = Vec::new();

    for kind in [ConflictKind::Battle, ConflictKind::Siege] {
        let mut ready = Vec::new();
        let mut unopposed = Vec::new();
        for (index, c) in input.conflicts.iter().enumerate() {
            if c.kind != kind {
                continue;
            }
            let mut absent = Vec::new();
            let sides: Vec<Vec<usize>> = c
                .sides
                .iter()
                .map(|side| {
                    let mut here = Vec::new();
                    for id in side {
                        let Some(&i) = army_index.get(id) else {
                            continue;
                        };
                        if field.present(i) {
                            here.push(i);
                        } else {
                            absent.push(*id);
                        }
                    }
                    here
                })
                .collect();
            let r = Ready {
                index,
                sides,
                absent,
            };
            let opposed = match kind {
                ConflictKind::Battle => r.sides.iter().filter(|s| !s.is_empty()).count() >= 2,
                ConflictKind::Siege => r.sides.iter().all(|s| !s.is_empty()),
            };
            if opposed {
                ready.push(r);
            } else {
                unopposed.push(r);
            }
        }

        // Order by (strongest army, number of armies), descending; input order within a tie until
        // the roll-off between the realms of each conflict's strongest army decides it.
        let key_of = |r: &Ready| {
            let mights: Vec<u32> = r.sides.iter().flatten().map(|&i| field.might[i]).collect();
            let strongest = r.sides.iter().flatten().copied().reduce(|x, y| {
                if field.might[y] > field.might[x] {
                    y
                } else {
                    x
                }
            });
            (conflict_key(&mights), strongest.map_or(0, realm_of))
        };
        let mut keyed: Vec<((u32, usize), u64, Ready)> = ready
            .into_iter()
            .map(|r| {
                let (k, realm) = key_of(&r);
                (k, realm, r)
            })
            .collect();
        crate::sorting::stable_sort_by_key(&mut keyed, |e| std::cmp::Reverse(e.0));
        let mut start = 0;
        while start < keyed.len() {
            let end = start
                + keyed[start..]
                    .iter()
                    .take_while(|e| e.0 == keyed[start].0)
                    .count();
            let mut realms: Vec<(u64, u32)> = keyed[start..end]
                .iter()
                .map(|e| (e.1, influence_of(e.1)))
                .collect();
            crate::sorting::stable_sort_by(&mut realms, Ord::cmp);
            realms.dedup();
            if realms.len() > 1 {
                let off = roll_off(&realms, rng);
                let place = |realm: u64| off.ranking.iter().position(|&r| r == realm);
                crate::sorting::stable_sort_by_key(&mut keyed[start..end], |e| place(e.1));
                order_ties.push(OrderTie {
                    conflicts: keyed[start..end]
                        .iter()
                        .map(|e| input.conflicts[e.2.index].id)
                        .collect(),
                    roll_off: off,
                });
            }
            start = end;
        }

        for (_, _, r) in keyed {
            let log = match kind {
                ConflictKind::Battle => battle(input, &mut field, r, &influence_of, rng),
                ConflictKind::Siege => siege(input, &mut field, r, rng),
            };
            conflicts.push(log);
        }
        for r in unopposed {
            let status = match kind {
                ConflictKind::Battle => ConflictStatus::Unopposed,
                ConflictKind::Siege => ConflictStatus::Lifted,
            };
            conflicts.push(ConflictLog {
                conflict: input.conflicts[r.index].id,
                kind,
                absent: r.absent,
                engagements: Vec::new(),
                status,
                settlement_captured: false,
                siege_continues: false,
            });
        }
    }

    let armies = input
        .armies
        .iter()
        .enumerate()
        .map(|(i, a)| ArmyResult {
            army: a.id,
            might_start: a.might,
            might_end: field.might[i],
            disposition: field.fate[i],
        })
        .collect();
    WarfareOutcome {
        order_ties,
        conflicts,
        armies,
    }
}

/// A battle: one engagement of two sides, or a free-for-all of pairs while hostile pairs remain.
fn battle(
    input: &WarfareInput,
    field: &mut Field,
    r: Ready,
    influence_of: &impl Fn(u64) -> u32,
    rng: &mut impl Rng,
) -> ConflictLog {
    let mut engagements: Vec<Engagement> = Vec::new();
    let sides: Vec<&Vec<usize>> = r.sides.iter().filter(|s| !s.is_empty()).collect();
    if let [a, b] = sides[..] {
        engagements.push(engage(
            field,
            Table::Battle,
            [a.clone(), b.clone()],
            None,
            rng,
        ));
    } else {
        let index: HashMap<u64, usize> = sides
            .iter()
            .flat_map(|s| s.iter())
            .map(|&i| (input.armies[i].id, i))
            .collect();
        let mut fought = HashSet::new();
        loop {
            let contenders: Vec<Contender> = sides
                .iter()
                .enumerate()
                .flat_map(|(side, s)| s.iter().map(move |&i| (side, i)))
                .filter(|&(_, i)| field.present(i))
                .map(|(side, i)| {
                    let a = &input.armies[i];
                    Contender {
                        army: a.id,
                        side,
                        realm: a.realm,
                        influence: influence_of(a.realm),
                        might: field.might[i],
                    }
                })
                .collect();
            let Some(((x, y), off)) = next_ffa_pair(&contenders, &fought, rng) else {
                break;
            };
            fought.insert((x, y));
            let parties = [vec![index[&x]], vec![index[&y]]];
            engagements.push(engage(field, Table::Battle, parties, off, rng));
        }
    }
    ConflictLog {
        conflict: input.conflicts[r.index].id,
        kind: ConflictKind::Battle,
        absent: r.absent,
        engagements,
        status: ConflictStatus::Fought,
        settlement_captured: false,
        siege_continues: false,
    }
}

/// A siege: the besiegers against the garrison and every army aiding it, on the Siege Results.
fn siege(input: &WarfareInput, field: &mut Field, r: Ready, rng: &mut impl Rng) -> ConflictLog {
    let c = &input.conflicts[r.index];
    let parties = [r.sides[0].clone(), r.sides[1].clone()];
    let e = engage(field, Table::Siege, parties, None, rng);
    // The settlement falls when its garrison is gone, whether the table said so or Might ran out.
    let captured = c.sides[1]
        .iter()
        .filter_map(|id| input.armies.iter().position(|a| a.id == *id))
        .filter(|&i| input.armies[i].garrison)
        .all(|i| field.fate[i] == Disposition::Destroyed);
    // Otherwise it goes on while any besieger is still there: after Grazed or Maimed, or a
    // stalemate. Besiegers that fled, disengaged or ceased have lifted it.
    let besieged = r.sides[0].iter().any(|&i| field.present(i));
    let status = if captured {
        ConflictStatus::Captured
    } else if besieged {
        ConflictStatus::Continues
    } else {
        ConflictStatus::Lifted
    };
    ConflictLog {
        conflict: c.id,
        kind: ConflictKind::Siege,
        absent: r.absent,
        engagements: vec![e],
        status,
        settlement_captured: status == ConflictStatus::Captured,
        siege_continues: status == ConflictStatus::Continues,
    }
}
