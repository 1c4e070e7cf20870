//! The battlefield as a battle runs: every unit's endurance, fate and flags, and one round of any
//! phase (attacks on the round's starting state, damage at its end, then the morale tests).

use super::attack::strike;
use super::input::{ArmySide, MassBattleInput, Unit};
use super::log::{ArmyStanding, Fate, MassRound, MoraleLog, Phase, UnitResult};
use super::morale::{difficulty, holds, increase};
use super::tables::{Profile, WeaponRef};
use crate::{below, die, Rng};

/// A unit as it fights.
struct Fighter<'a> {
    unit: &'a Unit,
    side: ArmySide,
    profile: Profile,
    endurance: i32,
    fate: Fate,
    /// The −1 morale penalty of a missile hit, held until the end of the engagement.
    penalty: bool,
    /// Took part in the skirmish (so sits out battle rounds 1–2).
    skirmished: bool,
    /// Was in the fight in some battle round (so sits out pursuit rounds 1–2).
    fought: bool,
    /// A pursuer that failed morale.
    stopped: bool,
}

impl Fighter<'_> {
    fn present(&self) -> bool {
        self.fate == Fate::Standing
    }
}

/// Every unit of both armies, `a`'s first, in input order.
pub(crate) struct Field<'a> {
    units: Vec<Fighter<'a>>,
    /// Σ endurance_max of each army at the start.
    start_max: [i32; 2],
    /// Units of each army at the start.
    initial: [usize; 2],
    /// The winner, once the battle is decided (the pursuit's attackers).
    pub winner: Option<ArmySide>,
    pub killed: Vec<u64>,
    pub fled: Vec<u64>,
    pub caught: Vec<u64>,
}

impl<'a> Field<'a> {
    pub fn new(input: &'a MassBattleInput) -> Field<'a> {
        let mut units = Vec::new();
        for side in [ArmySide::A, ArmySide::B] {
            for unit in &input.army(side).units {
                let profile = unit.profile();
                units.push(Fighter {
                    unit,
                    side,
                    profile,
                    endurance: profile.endurance_max,
                    fate: Fate::Standing,
                    penalty: false,
                    skirmished: false,
                    fought: false,
                    stopped: false,
                });
            }
        }
        let sum = |side: ArmySide| {
            let army = input.army(side);
            army.units.iter().map(|u| u.profile().endurance_max).sum()
        };
        Field {
            units,
            start_max: [sum(ArmySide::A), sum(ArmySide::B)],
            initial: [input.a.units.len(), input.b.units.len()],
            winner: None,
            killed: Vec::new(),
            fled: Vec::new(),
            caught: Vec::new(),
        }
    }

    fn present(&self, side: ArmySide) -> usize {
        self.units
            .iter()
            .filter(|f| f.side == side && f.present())
            .count()
    }

    fn removed(&self, side: ArmySide) -> usize {
        self.units
            .iter()
            .filter(|f| f.side == side && !f.present())
            .count()
    }

    /// Which armies have no unit present: `[a, b]`.
    pub fn emptied(&self) -> [bool; 2] {
        [
            self.present(ArmySide::A) == 0,
            self.present(ArmySide::B) == 0,
        ]
    }

    /// Marks every unit that will take part in the skirmish, and says whether there are any.
    pub fn enlist_skirmishers(&mut self) -> bool {
        for f in &mut self.units {
            f.skirmished = f.present() && f.unit.skirmishes();
        }
        self.units.iter().any(|f| f.skirmished)
    }

    /// Fled units of the loser that are still alive: the pursuit's quarry.
    fn quarry(&self, loser: ArmySide) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| {
                let f = &self.units[i];
                f.side == loser && f.fate == Fate::Fled && f.endurance > 0
            })
            .collect()
    }

    /// Whether a pursuit by the winner still has someone to catch and someone to catch them.
    pub fn pursuit_goes_on(&self) -> bool {
        let Some(w) = self.winner else {
            return false;
        };
        let pursuers = self
            .units
            .iter()
            .any(|f| f.side == w && f.present() && !f.stopped);
        pursuers && !self.quarry(w.other()).is_empty()
    }

    /// Whether unit `i` attacks in `round` of `phase` (and, in the battle, can be attacked).
    fn engaged(&self, i: usize, phase: Phase, round: u32) -> bool {
        let f = &self.units[i];
        if !f.present() {
            return false;
        }
        match phase {
            Phase::Skirmish => f.skirmished,
            Phase::Battle => round >= 3 || !f.skirmished,
            Phase::Pursuit => {
                Some(f.side) == self.winner && !f.stopped && (round >= 3 || !f.fought)
            }
        }
    }

    /// The candidates of an attacker on `side` in the skirmish: enemy skirmishers not yet attacked
    /// this round, and once none are left, the other enemy units not yet attacked.
    fn skirmish_targets(&self, side: ArmySide, attacked: &[bool]) -> Vec<usize> {
        let open = |i: &usize| {
            let f = &self.units[*i];
            f.side != side && f.present() && !attacked[*i]
        };
        let all = 0..self.units.len();
        let first: Vec<usize> = all
            .clone()
            .filter(open)
            .filter(|&i| self.units[i].skirmished)
            .collect();
        if !first.is_empty() {
            return first;
        }
        all.filter(open).collect()
    }

    /// One round: attacks (army `a` then `b`, input order), damage, deaths, morale.
    pub fn round(&mut self, phase: Phase, round: u32, rng: &mut impl Rng) -> MassRound {
        let n = self.units.len();
        let removed_before = [self.removed(ArmySide::A), self.removed(ArmySide::B)];
        let engaged: Vec<bool> = (0..n).map(|i| self.engaged(i, phase, round)).collect();
        if phase == Phase::Battle {
            for (f, &e) in self.units.iter_mut().zip(&engaged) {
                f.fought |= e;
            }
        }
        let quarry = match (phase, self.winner) {
            (Phase::Pursuit, Some(w)) => self.quarry(w.other()),
            _ => Vec::new(),
        };
        let mut log = MassRound {
            phase,
            round,
            attacks: Vec::new(),
            killed: Vec::new(),
            caught: Vec::new(),
            morale: Vec::new(),
            fled: Vec::new(),
            stopped: Vec::new(),
            standing: [self.standing(ArmySide::A), self.standing(ArmySide::B)],
        };
        let mut pending = vec![0i32; n];
        let mut attacked = vec![false; n];
        for i in (0..n).filter(|&i| engaged[i]) {
            let side = self.units[i].side;
            let candidates: Vec<usize> = match phase {
                Phase::Skirmish => self.skirmish_targets(side, &attacked),
                Phase::Battle => (0..n)
                    .filter(|&t| engaged[t] && self.units[t].side != side)
                    .collect(),
                Phase::Pursuit => quarry.clone(),
            };
            if candidates.is_empty() {
                continue;
            }
            let t = candidates[below(rng, candidates.len() as u64) as usize];
            attacked[t] = true;
            let attacker = &self.units[i];
            let weapon = match phase {
                Phase::Battle => WeaponRef::Melee,
                _ if attacker.unit.missile.is_some() => WeaponRef::Missile,
                _ => WeaponRef::Melee,
            };
            let target = self.units[t].unit;
            let mut a = strike(
                (attacker.unit, &attacker.profile),
                target,
                weapon,
                phase,
                rng,
            );
            pending[t] += a.damage;
            if weapon == WeaponRef::Missile && !a.negated {
                a.penalised = self.shake(i, t, rng);
            }
            log.attacks.push(a);
        }
        for (i, f) in self.units.iter_mut().enumerate() {
            f.endurance -= pending[i];
            if f.endurance > 0 || pending[i] == 0 {
                continue;
            }
            match f.fate {
                Fate::Standing => {
                    f.fate = Fate::Killed;
                    log.killed.push(f.unit.id);
                }
                Fate::Fled => {
                    f.fate = Fate::Caught;
                    log.caught.push(f.unit.id);
                }
                _ => {}
            }
        }
        self.killed.extend(&log.killed);
        self.caught.extend(&log.caught);
        self.fled.retain(|id| !log.caught.contains(id));
        self.morale(phase, removed_before, &mut log, rng);
        log.standing = [self.standing(ArmySide::A), self.standing(ArmySide::B)];
        log
    }

    /// The −1 morale penalty of a missile hit by unit `i` on unit `t`: the target, and for a short
    /// bow one more enemy unit, present and not yet penalised, drawn with `below(n)` (no draw when
    /// there is none). No unit carries more than −1, whatever the source (RESOLVED in §2.4).
    /// **Decision:** a fled unit shot in the pursuit takes no penalty, as it takes no more morale
    /// tests (and the loser has no unit present for a short bow's second penalty).
    fn shake(&mut self, i: usize, t: usize, rng: &mut impl Rng) -> Vec<u64> {
        let Some(weapon) = self.units[i].unit.missile else {
            return Vec::new();
        };
        let mut shaken = Vec::new();
        if self.units[t].present() && !self.units[t].penalty {
            self.units[t].penalty = true;
            shaken.push(self.units[t].unit.id);
        }
        if weapon.penalised_units() > 1 {
            let enemy = self.units[i].side.other();
            let open: Vec<usize> = (0..self.units.len())
                .filter(|&k| {
                    let f = &self.units[k];
                    k != t && f.side == enemy && f.present() && !f.penalty
                })
                .collect();
            if !open.is_empty() {
                let k = open[below(rng, open.len() as u64) as usize];
                self.units[k].penalty = true;
                shaken.push(self.units[k].unit.id);
            }
        }
        shaken
    }

    /// The morale tests at the end of a round, army `a` first, input order. In the skirmish and the
    /// battle every present unit tests and a failure flees; in the pursuit the winner's pursuers
    /// test and a failure stops pursuing. The difficulty is fixed for the whole step from the
    /// armies' endurance after the round's damage, so the order of the tests does not change it.
    fn morale(
        &mut self,
        phase: Phase,
        removed_before: [usize; 2],
        log: &mut MassRound,
        rng: &mut impl Rng,
    ) {
        let bar = |side: ArmySide| {
            let s = self.standing(side);
            let k = side.index();
            (
                difficulty(s.endurance, s.endurance_max),
                increase(removed_before[k], self.initial[k]),
            )
        };
        let bars = [bar(ArmySide::A), bar(ArmySide::B)];
        let winner = self.winner;
        for f in &mut self.units {
            let tests = f.present()
                && match phase {
                    Phase::Pursuit => Some(f.side) == winner && !f.stopped,
                    _ => true,
                };
            if !tests {
                continue;
            }
            let (difficulty, increase) = bars[f.side.index()];
            let roll = die(rng, 10) as i32;
            let penalty = i32::from(f.penalty);
            let passed = holds(roll, f.profile.morale, penalty, difficulty, increase);
            log.morale.push(MoraleLog {
                unit: f.unit.id,
                roll: roll as u8,
                morale: f.profile.morale,
                penalty,
                difficulty,
                increase,
                passed,
            });
            if passed {
                continue;
            }
            if phase == Phase::Pursuit {
                f.stopped = true;
                log.stopped.push(f.unit.id);
            } else {
                f.fate = Fate::Fled;
                log.fled.push(f.unit.id);
            }
        }
        self.fled.extend(&log.fled);
    }

    /// An army's endurance and counts now.
    fn standing(&self, side: ArmySide) -> ArmyStanding {
        let mine = || self.units.iter().filter(move |f| f.side == side);
        ArmyStanding {
            endurance: mine().filter(|f| f.present()).map(|f| f.endurance).sum(),
            endurance_max: self.start_max[side.index()],
            present: mine().filter(|f| f.present()).count() as u32,
            removed: mine().filter(|f| !f.present()).count() as u32,
        }
    }

    /// Every unit at the end.
    pub fn results(&self) -> Vec<UnitResult> {
        self.units
            .iter()
            .map(|f| UnitResult {
                id: f.unit.id,
                side: f.side,
                fate: f.fate,
                endurance: f.endurance,
                endurance_max: f.profile.endurance_max,
                morale: f.profile.morale,
                light: f.profile.light,
                cavalry: f.profile.cavalry,
                skirmished: f.skirmished,
                penalised: f.penalty,
                stopped_pursuit: f.stopped,
            })
            .collect()
    }
}
