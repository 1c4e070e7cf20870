//! A Version 2 battle round by round, as the round screen draws it: each side's surviving strength
//! after every round and everyone fallen by then, rebuilt from the set-up and the round log alone
//! (so a replay draws the same chart as the first time).

use super::fighter::{Fighter, Side};
use super::log::RoundLog;
use super::setup::Setup;
use crate::health_mult;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Where the battle stood after one round (round 0: before the first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The round just played; 0 before the battle.
    pub round: u8,
    /// Surviving strength, attacker then defender: `Σ HealthMult(hp) × bracket × rating bonus ×
    /// modifier` over the standing figures — the score that decides the battle after round 5.
    pub strength: [f64; 2],
    /// Every figure fallen so far, attacker then defender, in the order they fell.
    pub fallen: [Vec<u64>; 2],
}

/// The standing before the battle and after each round of `rounds`.
pub fn standings(setup: &Setup, rounds: &[RoundLog]) -> Vec<Standing> {
    let lines = [&setup.attacker_line[..], &setup.defender_line[..]];
    let mut hp: [Vec<f64>; 2] = lines.map(|l| l.iter().map(|f| f.health).collect());
    let index: [HashMap<u64, usize>; 2] =
        lines.map(|l| l.iter().enumerate().map(|(i, f)| (f.id, i)).collect());
    let mut fallen: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    let strength = |hp: &[Vec<f64>; 2]| [0, 1].map(|s| score(lines[s], &hp[s]));
    let mut out = vec![Standing {
        round: 0,
        strength: strength(&hp),
        fallen: fallen.clone(),
    }];
    for r in rounds {
        // A side's swings land on the other side; damage is summed per figure, then taken off.
        for (s, side) in [Side::Attacker, Side::Defender].into_iter().enumerate() {
            let other = 1 - s;
            let mut pending = vec![0.0; hp[other].len()];
            for w in &r.side(side).swings {
                if let Some(&i) = index[other].get(&w.target) {
                    pending[i] += w.damage;
                }
            }
            for (h, p) in hp[other].iter_mut().zip(pending) {
                *h -= p;
            }
        }
        for (s, side) in [Side::Attacker, Side::Defender].into_iter().enumerate() {
            fallen[s].extend(&r.side(side).fallen);
        }
        out.push(Standing {
            round: r.round,
            strength: strength(&hp),
            fallen: fallen.clone(),
        });
    }
    out
}

fn score(line: &[Fighter], hp: &[f64]) -> f64 {
    line.iter()
        .zip(hp)
        .filter(|(_, h)| **h > 0.0)
        .map(|(f, h)| health_mult(Some(*h)) * f.bracket * f.rating_bonus * f.modifier)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{demo_realm, fight, BattleSystem, FactionKind, Outcome};

    #[test]
    fn the_last_standing_is_the_battles_score_and_strength_only_falls() {
        let realm = demo_realm();
        let ids: Vec<u64> = realm
            .factions
            .iter()
            .filter(|f| f.kind == FactionKind::Ordinary && f.marker.is_some())
            .map(|f| f.id)
            .collect();
        for (n, seed) in (0..12u64).enumerate() {
            let (a, d) = (ids[n % ids.len()], ids[(n + 3) % ids.len()]);
            let rec = fight(&realm, a, d, BattleSystem::V2, seed).unwrap();
            let Outcome::V2(o) = &rec.outcome else {
                unreachable!("a Version 2 battle")
            };
            let st = standings(&rec.input.setup, &o.rounds);
            assert_eq!(st.len(), o.rounds.len() + 1);
            let last = st.last().unwrap();
            let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * y.abs().max(1.0);
            assert!(
                close(last.strength[0], o.score_a),
                "{} vs {}",
                last.strength[0],
                o.score_a
            );
            assert!(
                close(last.strength[1], o.score_d),
                "{} vs {}",
                last.strength[1],
                o.score_d
            );
            assert_eq!(last.fallen[0].len() as u32, o.casualties_a);
            assert_eq!(last.fallen[1].len() as u32, o.casualties_d);
            for w in st.windows(2) {
                for s in 0..2 {
                    assert!(w[1].strength[s] <= w[0].strength[s] + 1e-9);
                    assert!(w[1].fallen[s].starts_with(&w[0].fallen[s]));
                }
            }
        }
    }
}
