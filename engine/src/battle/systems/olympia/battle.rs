//! The exchange of hits (SYSTEMS.md §3.3–3.4): cycles of alternating strikes, each a hitter and a
//! target drawn uniformly, `A/(A+B)` against the target's defense (and its structure's, when
//! sheltered), kills, blessings, wounds and structure damage, until a force breaks.

use super::figures::{figures, Figure};
use super::hit::{cycle_order, hit_chance, structure_points};
use super::input::{Force, Structure};
use super::kinds::{Ground, Kind, Weather};
use super::log::{Cycle, Decision, Effect, Fate, Hit, Target};
use crate::{below, die, unit, Rng, Side};

/// Strikes after which the battle stops with the defender holding. A strike at a figure or a
/// standing structure always has a chance to land, so this is never met in practice; it makes the
/// loop total and bounds the log.
pub const MAX_HITS: usize = 200_000;

/// One force as the battle changes it.
pub(crate) struct Host {
    pub figures: Vec<Figure>,
    pub fate: Vec<Fate>,
    /// Each noble's current health (0 for men).
    pub health: Vec<u32>,
    pub structure: Option<Structure>,
    /// `V0`.
    pub value_start: f64,
}

impl Host {
    pub fn new(force: &Force, side: Side, ground: Ground, weather: Weather) -> Host {
        let figures = figures(force, side, ground, weather);
        let fate: Vec<Fate> = figures
            .iter()
            .map(|f| {
                if f.participant {
                    Fate::Standing
                } else {
                    Fate::Idle
                }
            })
            .collect();
        let nobles = force.units.iter().filter_map(|u| u.noble.as_ref());
        let mut nobles = nobles.map(|n| n.health);
        let health = figures
            .iter()
            .map(|f| match f.kind {
                Kind::Noble => nobles.next().unwrap_or(0),
                _ => 0,
            })
            .collect();
        let mut host = Host {
            figures,
            fate,
            health,
            structure: force.structure.clone(),
            value_start: 0.0,
        };
        host.value_start = host.value();
        host
    }

    fn standing(&self, i: usize) -> bool {
        self.fate[i] == Fate::Standing
    }

    /// `V`: the value of the figures still fighting.
    pub fn value(&self) -> f64 {
        (0..self.figures.len())
            .filter(|&i| self.standing(i))
            .map(|i| self.figures[i].value())
            .sum()
    }

    /// `V ≤ V0 / 2` (exactly half breaks, `OLY-06`).
    pub fn broken(&self) -> bool {
        self.value() <= self.value_start / 2.0
    }

    fn structure_stands(&self) -> bool {
        self.structure.as_ref().is_some_and(Structure::standing)
    }

    /// Figures able to strike: fighting, with a strike value, and an engine only at a standing
    /// enemy structure.
    fn strikers(&self, enemy_structure: bool) -> Vec<usize> {
        (0..self.figures.len())
            .filter(|&i| self.standing(i) && self.figures[i].strike() > 0.0)
            .filter(|&i| enemy_structure || !self.figures[i].kind.engine())
            .collect()
    }

    /// Figures that can be struck: those fighting in the frontmost row still fighting (§5).
    fn targets(&self) -> Vec<usize> {
        let fighting = (0..self.figures.len()).filter(|&i| self.standing(i));
        let Some(front) = fighting.clone().map(|i| self.figures[i].row).min() else {
            return Vec::new();
        };
        fighting.filter(|&i| self.figures[i].row == front).collect()
    }

    /// Whether figure `i` is among the first N still fighting that its standing structure protects.
    fn sheltered(&self, i: usize) -> bool {
        let Some(s) = self.structure.as_ref().filter(|s| s.standing()) else {
            return false;
        };
        (0..i).filter(|&j| self.standing(j)).count() < s.kind.protects()
    }
}

/// One strike by `side` on the other, or `None` when `side` has nobody able to strike. Draws the
/// hitter (`below`), the target (`below`, over the one structure for an engine), the hit (`unit`),
/// then a blessing (`unit`), a wound (`die(100)`) or an engine's damage (`die(6)`) (§3.4 step 5).
pub(crate) fn strike(side: Side, hosts: &mut [Host; 2], rng: &mut impl Rng) -> Option<Hit> {
    let (me, them) = match side {
        Side::Attacker => (0, 1),
        Side::Defender => (1, 0),
    };
    let strikers = hosts[me].strikers(hosts[them].structure_stands());
    if strikers.is_empty() {
        return None;
    }
    let hitter = strikers[below(rng, strikers.len() as u64) as usize];
    let fig = &hosts[me].figures[hitter];
    let engine = fig.kind.engine();
    let a = fig.strike();
    let them = &mut hosts[them];
    let mut candidates: Vec<Target> = Vec::new();
    if !engine {
        let t = them.targets().into_iter();
        candidates.extend(t.map(|i| Target::Figure { index: i as u32 }));
    }
    if them.structure_stands() {
        candidates.push(Target::Structure);
    }
    let target = candidates[below(rng, candidates.len() as u64) as usize];
    let (b, sheltered) = match target {
        Target::Structure => (
            them.structure
                .as_ref()
                .map_or(0.0, |s| f64::from(s.defense)),
            false,
        ),
        Target::Figure { index } => {
            let i = index as usize;
            let sheltered = them.sheltered(i);
            let bonus = match (&them.structure, sheltered) {
                (Some(s), true) => f64::from(s.defense),
                _ => 0.0,
            };
            (them.figures[i].rating.defense + bonus, sheltered)
        }
    };
    let chance = hit_chance(a, b);
    let roll = unit(rng);
    let effect = if roll >= chance {
        Effect::Missed
    } else {
        match target {
            Target::Structure => {
                let d6 = if engine { die(rng, 6) } else { 0 };
                let points = structure_points(engine, d6);
                let s = them.structure.as_mut().expect("a standing structure");
                s.take(points);
                Effect::Damaged {
                    points,
                    defense: s.defense,
                    damage: s.damage,
                    collapsed: !s.standing(),
                }
            }
            Target::Figure { index } => wound(them, index as usize, rng),
        }
    };
    Some(Hit {
        side,
        hitter: hitter as u32,
        target,
        strike: a,
        defense: b,
        sheltered,
        chance,
        roll,
        effect,
    })
}

/// A landed hit on figure `i`: a blessed soldier may be spared, a noble is wounded (and may die),
/// anyone else is killed.
pub(crate) fn wound(host: &mut Host, i: usize, rng: &mut impl Rng) -> Effect {
    match host.figures[i].kind {
        Kind::BlessedSoldier => {
            let blessing = unit(rng);
            if blessing < 0.5 {
                return Effect::Spared { blessing };
            }
            host.fate[i] = Fate::Killed;
            Effect::Killed {
                blessing: Some(blessing),
            }
        }
        Kind::Noble => {
            let wound = die(rng, 100) as u32;
            if wound >= host.health[i] {
                host.health[i] = 0;
                host.fate[i] = Fate::Killed;
                Effect::NobleKilled { wound }
            } else {
                host.health[i] -= wound;
                host.fate[i] = Fate::Wounded;
                Effect::Wounded {
                    wound,
                    health: host.health[i],
                }
            }
        }
        _ => {
            host.fate[i] = Fate::Killed;
            Effect::Killed { blessing: None }
        }
    }
}

/// Fights until a force breaks (checked after every strike), neither can strike, or
/// [`MAX_HITS`]. A force that begins broken (no participants: an attack of peasants alone) loses
/// at once.
pub(crate) fn exchange(hosts: &mut [Host; 2], rng: &mut impl Rng) -> (Decision, Vec<Cycle>) {
    let mut cycles = Vec::new();
    for side in [Side::Attacker, Side::Defender] {
        if hosts[side as usize].broken() {
            return (Decision::Broke { side }, cycles);
        }
    }
    let mut struck = 0;
    loop {
        let able = [
            hosts[0].strikers(hosts[1].structure_stands()).len(),
            hosts[1].strikers(hosts[0].structure_stands()).len(),
        ];
        if able == [0, 0] {
            return (Decision::Held, cycles);
        }
        let mut cycle = Cycle {
            able: able.map(|n| n as u32),
            hits: Vec::new(),
            value: [0.0; 2],
        };
        let mut decided = None;
        for side in cycle_order(able[0], able[1]) {
            if struck >= MAX_HITS {
                decided = Some(Decision::Stalemate);
                break;
            }
            let Some(hit) = strike(side, hosts, rng) else {
                continue;
            };
            struck += 1;
            cycle.hits.push(hit);
            let other = match side {
                Side::Attacker => Side::Defender,
                Side::Defender => Side::Attacker,
            };
            if hosts[other as usize].broken() {
                decided = Some(Decision::Broke { side: other });
                break;
            }
        }
        cycle.value = [hosts[0].value(), hosts[1].value()];
        cycles.push(cycle);
        if let Some(d) = decided {
            return (d, cycles);
        }
    }
}
