//! Why Version 2 can favour the side with less Power: the numbers of a set-up that decide a V2
//! battle, read off the two lines the battle would fight with.
//!
//! Power is a price list — every stat a figure carries, scaled by its Health — but Version 2 is
//! a fight: each standing figure whose weapon reaches swings once a round, a blow is
//! `5 × Attack × Attack ÷ (Attack + the target's Defense)`, and the side with more surviving score
//! after five rounds wins. So a side wins V2 above its Power when its figures reach earlier,
//! swing more often, or hit harder against the enemy's Defense than the enemy hits back. These
//! factors measure exactly that, as if nobody fell: every swing the line's plan gives each
//! figure (range gates, melee-only round 5, machines and their crews, each figure's side
//! modifier), each blow struck against the enemy's mean Defense (its melee figures' when it has
//! any, as the screen keeps the rest out of reach), and what that damage is against the enemy's
//! Health. The dice (a mean of about ×1) and the order of deaths are left out: the factors explain
//! a direction, the odds run gives the number.

use super::{Army, Fighter, ROUNDS};
use crate::battle::skirmish::dice::blow;
use crate::Side;
use serde::{Deserialize, Serialize};

/// One side's numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideFactors {
    /// Figures in the line.
    pub figures: u32,
    /// Figures with a weapon that swings in round 1 (range 15 or more).
    pub first_round: u32,
    /// Swings in rounds 1–3, where range decides who may swing.
    pub early_swings: u32,
    /// Swings over the five rounds.
    pub swings: u32,
    /// The mean blow of one swing against the enemy's mean Defense, side modifier included.
    pub blow: f64,
    /// Σ Health of the line.
    pub health: f64,
    /// The damage of every swing over five rounds, as if nobody fell.
    pub damage: f64,
    /// Σ Power × side modifier: what the Power comparison reads.
    pub power: f64,
}

/// What decides a Version 2 battle, per side (attacker first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct V2Factors {
    /// The attacker's numbers.
    pub attacker: SideFactors,
    /// The defender's numbers.
    pub defender: SideFactors,
}

/// What a reason compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Factor {
    /// Figures that reach in round 1 (counts).
    Reach,
    /// Swings in the ranged rounds 1–3 (counts).
    EarlySwings,
    /// Swings over the five rounds (counts).
    Swings,
    /// The mean blow against the enemy's Defense.
    Blow,
    /// Five rounds of blows as a share of the enemy's Health ([`V2Factors::pressure`]).
    Pressure,
}

/// One reason a side is favoured: the factor, and the two numbers it compares (the favoured
/// side's first).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct V2Cause {
    /// The side it favours.
    pub side: Side,
    /// What is compared.
    pub factor: Factor,
    /// The favoured side's number.
    pub ours: f64,
    /// The other side's.
    pub theirs: f64,
}

/// A count or size one side leads by enough to matter: a tenth more, and not a rounding.
const LEAD: f64 = 1.1;

impl V2Factors {
    /// The side's numbers.
    pub fn side(&self, s: Side) -> &SideFactors {
        match s {
            Side::Attacker => &self.attacker,
            Side::Defender => &self.defender,
        }
    }

    /// The side with more Power on the field (the defender on a tie, as every tie on the map).
    pub fn stronger(&self) -> Side {
        if self.attacker.power > self.defender.power {
            Side::Attacker
        } else {
            Side::Defender
        }
    }

    /// The share of the enemy's Health the side's five rounds of blows would take, as if nobody
    /// fell (above 1: it could strike the enemy down before the end).
    pub fn pressure(&self, s: Side) -> f64 {
        let other = self.side(other(s));
        if other.health <= 0.0 {
            f64::INFINITY
        } else {
            self.side(s).damage / other.health
        }
    }

    /// The reasons that favour `s`, strongest first: what to say when `s` is the odds' favourite
    /// against the Power comparison. Empty when no factor leads by a tenth.
    pub fn causes_for(&self, s: Side) -> Vec<V2Cause> {
        let (ours, theirs) = (self.side(s), self.side(other(s)));
        let leads = |a: f64, b: f64| a > b * LEAD && a - b >= 1e-9;
        let mut out = Vec::new();
        let mut cite = |factor: Factor, a: f64, b: f64| {
            let lead = leads(a, b);
            if lead {
                out.push(V2Cause {
                    side: s,
                    factor,
                    ours: a,
                    theirs: b,
                });
            }
            lead
        };
        cite(Factor::Pressure, self.pressure(s), self.pressure(other(s)));
        let count = |n: u32| f64::from(n);
        if !cite(
            Factor::Reach,
            count(ours.first_round),
            count(theirs.first_round),
        ) {
            cite(
                Factor::EarlySwings,
                count(ours.early_swings),
                count(theirs.early_swings),
            );
        }
        cite(Factor::Swings, count(ours.swings), count(theirs.swings));
        cite(Factor::Blow, ours.blow, theirs.blow);
        out
    }
}

fn other(s: Side) -> Side {
    match s {
        Side::Attacker => Side::Defender,
        Side::Defender => Side::Attacker,
    }
}

/// The mean Defense a blow meets: the melee figures' while there are any (the screen holds the
/// rest back until two thirds of them fall), else everyone's.
fn met_defence(line: &[Fighter]) -> f64 {
    let mean = |v: Vec<f64>| (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64);
    let standing = || line.iter().filter(|f| f.health > 0.0);
    mean(
        standing()
            .filter(|f| f.is_melee())
            .map(|f| f.defence)
            .collect(),
    )
    .or_else(|| mean(standing().map(|f| f.defence).collect()))
    .unwrap_or(0.0)
}

fn side_factors(line: &[Fighter], enemy: &[Fighter]) -> SideFactors {
    let army = Army::new(line);
    let defence = met_defence(enemy);
    let (mut first_round, mut early, mut swings, mut damage) = (0, 0, 0, 0.0);
    for i in 0..line.len() {
        if army.hp[i] <= 0.0 {
            continue;
        }
        for r in 1..=ROUNDS {
            if r < army.join[i] {
                continue;
            }
            let Some(plan) = army.plan[i][usize::from(r - 1)] else {
                continue;
            };
            swings += 1;
            if r <= 3 {
                early += 1;
            }
            if r == 1 {
                first_round += 1;
            }
            damage += blow(plan.attack, defence) * plan.modifier * plan.strength;
        }
    }
    let standing = line.iter().filter(|f| f.health > 0.0);
    SideFactors {
        figures: line.len() as u32,
        first_round,
        early_swings: early,
        swings,
        blow: if swings == 0 {
            0.0
        } else {
            damage / f64::from(swings)
        },
        health: standing.clone().map(|f| f.health).sum(),
        damage,
        power: standing.map(|f| f.power() * f.modifier).sum(),
    }
}

/// The factors of a Version 2 battle between two lines (a set-up's `attacker_line` and
/// `defender_line`).
pub fn v2_factors(attacker: &[Fighter], defender: &[Fighter]) -> V2Factors {
    V2Factors {
        attacker: side_factors(attacker, defender),
        defender: side_factors(defender, attacker),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::fighter;
    use crate::{AttackType, Group, Stats};

    fn figure(id: u64, attack: f64, range: f64, defence: f64, health: f64) -> Fighter {
        let mut f = fighter(
            id,
            Group::Regiment(1),
            Stats {
                attack_power: Some(attack),
                attack_range: Some(range),
                attack_type: Some(if range > 1.0 {
                    AttackType::Ranged
                } else {
                    AttackType::Melee
                }),
                defense_strength: Some(defence),
                ..Stats::default()
            },
        );
        f.health = health;
        f
    }

    #[test]
    fn blows_swings_and_reach_are_counted_from_the_plan() {
        // Two archers of range 15 against one swordsman: the archers swing in rounds 1–4 (not
        // the melee-only fifth), the swordsman in rounds 4 and 5 only.
        let archers = vec![
            figure(1, 10.0, 15.0, 2.0, 100.0),
            figure(2, 10.0, 15.0, 2.0, 100.0),
        ];
        let sword = vec![figure(3, 20.0, 1.0, 10.0, 300.0)];
        let f = v2_factors(&archers, &sword);
        assert_eq!(f.attacker.first_round, 2);
        assert_eq!(f.attacker.early_swings, 6);
        assert_eq!(f.attacker.swings, 8);
        assert_eq!(f.defender.first_round, 0);
        assert_eq!(f.defender.swings, 2);
        // No melee figure among the archers: the sword meets their mean Defense of 2.
        assert!((f.attacker.blow - blow(10.0, 10.0)).abs() < 1e-9);
        assert!((f.defender.blow - blow(20.0, 2.0)).abs() < 1e-9);
        assert!((f.attacker.damage - 8.0 * blow(10.0, 10.0)).abs() < 1e-9);
        assert!((f.pressure(Side::Attacker) - 8.0 * blow(10.0, 10.0) / 300.0).abs() < 1e-9);
        let causes = f.causes_for(Side::Attacker);
        assert!(causes.contains(&V2Cause {
            side: Side::Attacker,
            factor: Factor::Reach,
            ours: 2.0,
            theirs: 0.0
        }));
        assert!(causes.iter().all(|c| c.side == Side::Attacker));
        // The swordsman's: each of his blows is far harder, and his two take a larger share of
        // the archers' 200 Health (182 ÷ 200) than their eight of his 300 (200 ÷ 300).
        let sword: Vec<Factor> = f
            .causes_for(Side::Defender)
            .iter()
            .map(|c| c.factor)
            .collect();
        assert_eq!(sword, [Factor::Pressure, Factor::Blow]);
    }

    #[test]
    fn mirrored_lines_give_no_reason_either_way() {
        let line = vec![
            figure(1, 12.0, 1.0, 6.0, 100.0),
            figure(2, 8.0, 10.0, 4.0, 120.0),
        ];
        let f = v2_factors(&line, &line);
        assert!(f.causes_for(Side::Attacker).is_empty());
        assert!(f.causes_for(Side::Defender).is_empty());
        assert_eq!(
            f.stronger(),
            Side::Defender,
            "a tie of Power is the defender's"
        );
    }
}
