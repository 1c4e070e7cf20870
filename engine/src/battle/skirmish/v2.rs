//! Version 2 resolution (SPEC §13): two lines of figures fight five range-gated rounds with
//! simultaneous blows; the larger surviving score wins and a tie goes to the defender.
//!
//! The RNG is drawn exactly as §13.9 orders it: four dice per round played, then one target index per
//! swinging attacker-side figure in line order, then the defender side's. A swing with no legal target
//! draws nothing, and a battle that is over (one side with nobody standing) draws nothing more.
//!
//! **Decisions beyond the spec:**
//! - A machine that swings at strength 0 (crew attached, none alive, no minimum) still draws its
//!   target: the spec makes it fire, and 0 damage is what that fire does.
//! - Crew are looked up in their own line only: a crew member whose machine is not in the line (it
//!   was at 0 Health) is an ordinary figure from round 1.

use super::dice::{blow, RoundDice};
use super::fighter::{Arm, Fighter, Side, WeaponSlot};
use super::log::{EquipmentShare, Reach, Reason, RoundLog, SideRound, Swing};
use super::siege::CrewState;
use crate::{below, health_mult, Rng};
use serde::{Deserialize, Serialize};

/// The number of rounds.
pub const ROUNDS: u8 = 5;

/// The range a weapon needs in round `r`: 15, 10 and 5 in rounds 1–3; none after.
pub fn range_gate(r: u8) -> Option<f64> {
    match r {
        1 => Some(15.0),
        2 => Some(10.0),
        3 => Some(5.0),
        _ => None,
    }
}

/// Whether `arm` may swing in round `r` for an ordinary figure (SPEC §13.3).
fn candidate(arm: &Arm, r: u8) -> bool {
    match range_gate(r) {
        Some(need) => arm.range >= need,
        None => r != 5 || arm.melee,
    }
}

/// The weapon an ordinary figure swings in round `r`: the candidate with the highest attack, a tie
/// going to the primary (SPEC §13.3, `V2-09..12`).
pub fn weapon_for_round(f: &Fighter, r: u8) -> Option<WeaponSlot> {
    let p = candidate(&f.primary, r);
    let s = f.secondary.filter(|s| candidate(s, r));
    match (p, s) {
        (true, Some(s)) if s.attack > f.primary.attack => Some(WeaponSlot::Secondary),
        (true, _) => Some(WeaponSlot::Primary),
        (false, Some(_)) => Some(WeaponSlot::Secondary),
        (false, None) => None,
    }
}

/// The end of a Version 2 battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct V2Outcome {
    /// The rounds played, with their logs.
    pub rounds: Vec<RoundLog>,
    /// The attacker's surviving score.
    pub score_a: f64,
    /// The defender's surviving score.
    pub score_d: f64,
    /// Attacker figures at Health ≤ 0 at the end.
    pub casualties_a: u32,
    /// Defender figures at Health ≤ 0 at the end.
    pub casualties_d: u32,
    /// Each attacker figure's Health at the end, in line order.
    pub health_a: Vec<f64>,
    /// Each defender figure's Health at the end, in line order.
    pub health_d: Vec<f64>,
    /// Who won.
    pub winner: Side,
}

/// The winner by surviving score: the attacker only when strictly ahead (SPEC §13.8).
pub fn winner_by_score(score_a: f64, score_d: f64) -> Side {
    if score_a > score_d {
        Side::Attacker
    } else {
        Side::Defender
    }
}

/// What a figure swings in one round, worked out once per battle: the figures' numbers do not
/// change, only who stands and who is held out.
#[derive(Clone, Copy)]
struct Plan {
    slot: WeaponSlot,
    attack: f64,
    modifier: f64,
    strength: f64,
    machine: bool,
}

/// One side during a battle. The per-figure numbers the rounds read are copied into flat vectors so
/// a 200-a-side battle stays in cache.
struct Army<'a> {
    figs: &'a [Fighter],
    hp: Vec<f64>,
    /// The round each figure enters the line (1, or later for held-out crew).
    join: Vec<u8>,
    /// For crew: the index of their machine in this line.
    crews: Vec<Option<usize>>,
    /// For machines: their state at battle start.
    state: Vec<Option<CrewState>>,
    /// Melee figures at the start (held-out crew included).
    n0: usize,
    has_machines: bool,
    /// Damage received this round.
    pending: Vec<f64>,
    /// Per figure: what it swings in each round when it is in the line (see [`Plan`]).
    plan: Vec<[Option<Plan>; ROUNDS as usize]>,
    /// Per figure: melee for screening and targeting.
    melee: Vec<bool>,
    /// Per figure: total defence.
    defence: Vec<f64>,
    /// Per figure: its photo id, for the log (read every round, so kept out of the wide `Fighter`).
    ids: Vec<u64>,
    /// Per figure: its weapons' lowest and highest range, for the log's reasons.
    spans: Vec<(f64, f64)>,
    /// Legal targets this round.
    targets: Vec<usize>,
}

impl<'a> Army<'a> {
    fn new(figs: &'a [Fighter]) -> Army<'a> {
        let hp: Vec<f64> = figs.iter().map(|f| f.health).collect();
        let crews: Vec<Option<usize>> = figs
            .iter()
            .map(|f| {
                let m = f.crew_of?;
                figs.iter().position(|g| g.id == m && g.machine.is_some())
            })
            .collect();
        let state: Vec<Option<CrewState>> = figs
            .iter()
            .enumerate()
            .map(|(j, f)| {
                let m = f.machine.as_ref()?;
                let alive = (0..figs.len())
                    .filter(|&i| crews[i] == Some(j) && hp[i] > 0.0)
                    .count() as u32;
                Some(CrewState::of(m, alive))
            })
            .collect();
        let join = crews
            .iter()
            .map(|c| match c {
                Some(j) if hp[*j] > 0.0 => state[*j].map_or(1, |s| s.crew_join()),
                _ => 1,
            })
            .collect();
        let alive_melee = figs
            .iter()
            .zip(&hp)
            .filter(|(f, h)| f.is_melee() && **h > 0.0)
            .count();
        let mut army = Army {
            figs,
            join,
            crews,
            has_machines: state.iter().any(Option::is_some),
            state,
            n0: alive_melee,
            pending: vec![0.0; figs.len()],
            targets: Vec::with_capacity(figs.len()),
            plan: Vec::with_capacity(figs.len()),
            melee: figs.iter().map(Fighter::is_melee).collect(),
            defence: figs.iter().map(|f| f.defence).collect(),
            ids: figs.iter().map(|f| f.id).collect(),
            spans: figs.iter().map(Fighter::range_span).collect(),
            hp,
        };
        // A plain loop into a filled array: building the array through `map` made every plan a
        // stack copy the CPU could not forward, a fifth of a 200-a-side battle's time.
        for (i, f) in figs.iter().enumerate() {
            let mut rounds = [None; ROUNDS as usize];
            for (k, slot_plan) in rounds.iter_mut().enumerate() {
                let r = k as u8 + 1;
                // Only a machine needs the full rule (and its reason); a figure needs its weapon.
                let swing = match f.machine {
                    Some(_) => army.swing(i, r).0,
                    None => weapon_for_round(f, r).map(|w| (w, 1.0)),
                };
                if let Some((slot, strength)) = swing {
                    *slot_plan = Some(Plan {
                        slot,
                        attack: f.arm(slot).map_or(f.primary.attack, |a| a.attack),
                        modifier: f.modifier,
                        strength,
                        machine: f.machine.is_some(),
                    });
                }
            }
            army.plan.push(rounds);
        }
        army
    }

    fn any_alive(&self) -> bool {
        self.hp.iter().any(|&h| h > 0.0)
    }

    fn in_line(&self, i: usize, r: u8) -> bool {
        self.hp[i] > 0.0 && r >= self.join[i]
    }

    /// `3 × standing melee (held-out crew included) > N0` (SPEC §13.4).
    fn screened(&self) -> bool {
        let standing = self
            .melee
            .iter()
            .zip(&self.hp)
            .filter(|(m, h)| **m && **h > 0.0)
            .count();
        3 * standing > self.n0
    }

    fn fill_targets(&mut self, r: u8, screened: bool) {
        self.targets.clear();
        for i in 0..self.figs.len() {
            if self.in_line(i, r) && (!screened || self.melee[i]) {
                self.targets.push(i);
            }
        }
    }

    /// The weapon figure `i` swings in round `r` and its strength, or why it does not.
    fn swing(&self, i: usize, r: u8) -> (Option<(WeaponSlot, f64)>, Reason) {
        let f = &self.figs[i];
        let (low, high) = f.range_span();
        let gate = Reason::Range {
            low,
            high,
            needed: range_gate(r).unwrap_or(0.0),
        };
        match (&f.machine, self.state[i]) {
            (Some(m), Some(s)) => {
                let reason = if s.abandoned {
                    Reason::Abandoned {
                        needs: m.crew_min.unwrap_or(0),
                    }
                } else if r > s.stop || r == ROUNDS {
                    Reason::Stopped { after: s.stop }
                } else if !s.fires(r, f.primary.range) {
                    gate
                } else {
                    match m.crew_work {
                        Some(w) if w > 0 && s.attached > 0 => Reason::Working {
                            percent: s.strength * 100.0,
                            crew: s.alive,
                            wanted: w,
                        },
                        _ => gate,
                    }
                };
                let fires = s.fires(r, f.primary.range);
                (fires.then_some((WeaponSlot::Primary, s.strength)), reason)
            }
            _ => {
                let reason = if r == ROUNDS { Reason::MeleeOnly } else { gate };
                (weapon_for_round(f, r).map(|w| (w, 1.0)), reason)
            }
        }
    }
}

/// Every swing of `from` against `to` in round `r`, drawn in line order; damage goes to `to.pending`.
fn swings(
    from: &Army,
    to: &mut Army,
    r: u8,
    mult: f64,
    rng: &mut impl Rng,
    mut log: Option<&mut SideRound>,
) -> EquipmentShare {
    let (mut machine_damage, mut total) = (0.0, 0.0);
    let round = usize::from(r - 1);
    for i in 0..from.hp.len() {
        if from.hp[i] <= 0.0 {
            continue;
        }
        if let Some(log) = log.as_deref_mut() {
            note_reach(from, i, r, log);
        }
        if r < from.join[i] {
            continue;
        }
        let Some(plan) = from.plan[i][round] else {
            continue;
        };
        if to.targets.is_empty() {
            continue;
        }
        let t = to.targets[below(rng, to.targets.len() as u64) as usize];
        // The spec's order of factors, so every implementation rounds alike.
        let damage = blow(plan.attack, to.defence[t]) * mult * plan.modifier * plan.strength;
        to.pending[t] += damage;
        total += damage;
        if plan.machine {
            machine_damage += damage;
        }
        if let Some(log) = log.as_deref_mut() {
            log.swings.push(Swing {
                figure: from.ids[i],
                weapon: plan.slot,
                target: to.ids[t],
                damage,
            });
        }
    }
    EquipmentShare::of(machine_damage, total)
}

/// Logs why standing figure `i` fights in round `r`, or why it does not. Inlined into the swing
/// loop: it runs for every standing figure every round of a logged battle.
#[inline]
fn note_reach(from: &Army, i: usize, r: u8, log: &mut SideRound) {
    if r < from.join[i] {
        if let Some(j) = from.crews[i] {
            log.reach.push(Reach {
                figure: from.ids[i],
                fought: false,
                reason: Reason::Crewing {
                    machine: from.ids[j],
                    until: from.join[i],
                },
            });
        }
        return;
    }
    if from.state[i].is_none() {
        // What `swing` says of an ordinary figure, from the plan already made: it fights when it
        // has a weapon for the round; the reason is the round's gate, or melee only in round 5.
        let reason = if r == ROUNDS {
            Reason::MeleeOnly
        } else {
            let (low, high) = from.spans[i];
            Reason::Range {
                low,
                high,
                needed: range_gate(r).unwrap_or(0.0),
            }
        };
        log.reach.push(Reach {
            figure: from.ids[i],
            fought: from.plan[i][usize::from(r - 1)].is_some(),
            reason,
        });
        return;
    }
    let (swing, reason) = from.swing(i, r);
    log.reach.push(Reach {
        figure: from.ids[i],
        fought: swing.is_some(),
        reason,
    });
}

/// Subtracts the round's damage; returns who fell. A machine that falls releases its crew next round.
fn settle(army: &mut Army, r: u8, mut fallen: Option<&mut Vec<u64>>) {
    for i in 0..army.figs.len() {
        let before = army.hp[i];
        army.hp[i] -= army.pending[i];
        army.pending[i] = 0.0;
        if before > 0.0 && army.hp[i] <= 0.0 {
            if let Some(f) = fallen.as_deref_mut() {
                f.push(army.ids[i]);
            }
            if army.state[i].is_some() {
                for c in 0..army.figs.len() {
                    if army.crews[c] == Some(i) {
                        army.join[c] = army.join[c].min(r + 1);
                    }
                }
            }
        }
    }
}

/// `Σ HealthMult(hp) × bracket × rating bonus × mod` over the standing figures, in line order.
fn score(army: &Army, curve: HealthCurve) -> f64 {
    army.figs
        .iter()
        .zip(&army.hp)
        .filter(|(_, h)| **h > 0.0)
        .map(|(f, h)| curve.mult(*h) * f.bracket * f.rating_bonus * f.modifier)
        .sum()
}

/// How surviving Health counts in the score. The rules use the 0.65 curve of SPEC §3.1; the balance
/// report also scores with a straight line, the rule the curve replaced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum HealthCurve {
    /// `(h/100)^0.65` (SPEC §3.1).
    Rules,
    /// `h/100`.
    Linear,
}

impl HealthCurve {
    pub(crate) fn mult(self, h: f64) -> f64 {
        match self {
            HealthCurve::Rules => health_mult(Some(h)),
            HealthCurve::Linear => (h / 100.0).max(0.0),
        }
    }
}

/// The battle itself, with or without the round log (odds run without it).
pub(crate) fn battle(
    attacker: &[Fighter],
    defender: &[Fighter],
    rng: &mut impl Rng,
    keep_log: bool,
) -> V2Outcome {
    battle_scored(attacker, defender, rng, keep_log, HealthCurve::Rules)
}

/// [`battle`] with a choice of health curve for the surviving score.
pub(crate) fn battle_scored(
    attacker: &[Fighter],
    defender: &[Fighter],
    rng: &mut impl Rng,
    keep_log: bool,
    curve: HealthCurve,
) -> V2Outcome {
    let mut a = Army::new(attacker);
    let mut d = Army::new(defender);
    let mut rounds = Vec::with_capacity(if keep_log { ROUNDS as usize } else { 0 });
    for r in 1..=ROUNDS {
        if !a.any_alive() || !d.any_alive() {
            break;
        }
        let dice = RoundDice::throw(rng);
        let (sa, sd) = (a.screened(), d.screened());
        a.fill_targets(r, sa);
        d.fill_targets(r, sd);
        // Sized once for the round's standing figures, so a logged battle does not regrow them.
        let side_log = |army: &Army, screened: bool| {
            let n = if keep_log { army.figs.len() } else { 0 };
            SideRound {
                screened,
                reach: Vec::with_capacity(n),
                swings: Vec::with_capacity(n),
                ..SideRound::default()
            }
        };
        let mut la = side_log(&a, sa);
        let mut ld = side_log(&d, sd);
        let ea = swings(
            &a,
            &mut d,
            r,
            dice.mult_attacker,
            rng,
            keep_log.then_some(&mut la),
        );
        let ed = swings(
            &d,
            &mut a,
            r,
            dice.mult_defender,
            rng,
            keep_log.then_some(&mut ld),
        );
        settle(&mut a, r, keep_log.then_some(&mut la.fallen));
        settle(&mut d, r, keep_log.then_some(&mut ld.fallen));
        if keep_log {
            la.equipment = a.has_machines.then_some(ea);
            ld.equipment = d.has_machines.then_some(ed);
            rounds.push(RoundLog {
                round: r,
                dice,
                attacker: la,
                defender: ld,
            });
        }
    }
    let (score_a, score_d) = (score(&a, curve), score(&d, curve));
    let dead = |army: &Army| army.hp.iter().filter(|&&h| h <= 0.0).count() as u32;
    V2Outcome {
        rounds,
        score_a,
        score_d,
        casualties_a: dead(&a),
        casualties_d: dead(&d),
        winner: winner_by_score(score_a, score_d),
        health_a: a.hp,
        health_d: d.hp,
    }
}

/// Resolves a Version 2 battle between two line-ups, in line order, with the full round log.
pub fn resolve_v2_lines(
    attacker: &[Fighter],
    defender: &[Fighter],
    rng: &mut impl Rng,
) -> V2Outcome {
    battle(attacker, defender, rng, true)
}

pub mod factors;
#[cfg(test)]
mod tests;
