//! One engagement (SYSTEMS.md §1.2–1.5): two sides roll until the table ends it or a side's Might
//! is gone, losses fall one point at a time on the strongest member, and each army's disposition
//! follows from the last row read.

use super::input::Army;
use super::log::{Disposition, Ending, Engagement, Fate, Loss, RollRecord};
use super::order::RollOff;
use super::roll::{score_roll, Party, ResultKind, Table};
use crate::{die, Rng};

/// Rolls after which an engagement stops as a stalemate. Each roll ends it with probability at least
/// 4/9, so this is never met in practice; it makes the loop total.
pub const MAX_ROLLS: usize = 10_000;

/// The armies as the phase leaves them: Might and disposition, indexed like the input's armies.
pub(crate) struct Field<'a> {
    pub armies: &'a [Army],
    pub might: Vec<u32>,
    pub fate: Vec<Disposition>,
}

impl<'a> Field<'a> {
    pub fn new(armies: &'a [Army]) -> Field<'a> {
        Field {
            armies,
            might: armies.iter().map(|a| a.might).collect(),
            fate: vec![Disposition::Stays; armies.len()],
        }
    }

    /// Whether army `i` is still in the region with Might to roll.
    pub fn present(&self, i: usize) -> bool {
        self.fate[i].present() && self.might[i] > 0
    }

    fn total(&self, members: &[usize]) -> u32 {
        members.iter().map(|&i| self.might[i]).sum()
    }

    /// Army `i` ceases to exist.
    fn destroy(&mut self, i: usize) {
        self.might[i] = 0;
        self.fate[i] = Disposition::Destroyed;
    }
}

/// Takes `points` of Might from a side one point at a time, each from the member with the highest
/// current Might (a tie goes to the earliest), never below 0 (§1.5 RESOLVED). Returns
/// `(member index, points lost)` in the order each member was first hit.
pub fn allocate_losses(might: &mut [u32], points: u32) -> Vec<(usize, u32)> {
    let mut out: Vec<(usize, u32)> = Vec::new();
    for _ in 0..points {
        let strongest = might
            .iter()
            .enumerate()
            .filter(|(_, m)| **m > 0)
            .max_by(|x, y| x.1.cmp(y.1).then(y.0.cmp(&x.0)));
        let Some((i, _)) = strongest else { break };
        might[i] -= 1;
        match out.iter_mut().find(|(j, _)| *j == i) {
            Some(e) => e.1 += 1,
            None => out.push((i, 1)),
        }
    }
    out
}

/// What a losing army does after the row that ended the engagement. Garrisons never retreat: a
/// garrison that loses the settlement ceases (§1.4); an army aiding it takes the besiegers' row.
fn loser_disposition(result: ResultKind, army: &Army) -> Disposition {
    use Disposition::*;
    use ResultKind::*;
    let flee = if army.can_flee() {
        FleesToNearestFriendlySettlement
    } else {
        Retreats
    };
    match result {
        Regroup | Wounded | Retaliate | Grazed | Maimed => Stays,
        Retreat => Retreats,
        Routed => flee,
        Crippled if army.garrison => Destroyed,
        Crippled => flee,
        Defeated => DisengagedUntilNewYear,
        Broken if army.garrison => Destroyed,
        Broken => DisengagedUntilNewYear,
        Annihilated | Devastated => Destroyed,
    }
}

/// Fights one engagement between `parties` (army indices of the field) on `table`, changing the
/// field's Might and dispositions. Draws all of A's dice, then all of B's, per roll (§1.2).
pub(crate) fn engage(
    field: &mut Field,
    table: Table,
    parties: [Vec<usize>; 2],
    pairing: Option<RollOff>,
    rng: &mut impl Rng,
) -> Engagement {
    let might_start = [field.total(&parties[0]), field.total(&parties[1])];
    let mut rolls: Vec<RollRecord> = Vec::new();
    let ending = loop {
        let t = [field.total(&parties[0]), field.total(&parties[1])];
        if let Some(party) = [Party::A, Party::B].into_iter().find(|p| t[p.index()] == 0) {
            break Ending::Exhausted { party };
        }
        if rolls.len() >= MAX_ROLLS {
            break Ending::Stalemate;
        }
        let dice_a: Vec<u8> = (0..t[0]).map(|_| die(rng, 6) as u8).collect();
        let dice_b: Vec<u8> = (0..t[1]).map(|_| die(rng, 6) as u8).collect();
        let s = score_roll(table, &dice_a, &dice_b);
        // Retaliate costs the besiegers a point though nobody lost the roll.
        let hit = match (s.result, s.loser) {
            (ResultKind::Retaliate, _) => Some(Party::A),
            (_, loser) => loser,
        };
        let mut losses = Vec::new();
        if let Some(p) = hit {
            let members = &parties[p.index()];
            let mut m: Vec<u32> = members.iter().map(|&i| field.might[i]).collect();
            let points = s.result.loss().unwrap_or_else(|| m.iter().sum());
            for (k, points) in allocate_losses(&mut m, points) {
                let i = members[k];
                field.might[i] -= points;
                if field.might[i] == 0 {
                    field.destroy(i);
                }
                losses.push(Loss {
                    army: field.armies[i].id,
                    points,
                });
            }
        }
        rolls.push(RollRecord {
            dice_a,
            dice_b,
            succ_a: s.succ_a,
            succ_b: s.succ_b,
            net: s.net,
            result: s.result,
            loser: s.loser,
            losses,
            might_after: [field.total(&parties[0]), field.total(&parties[1])],
        });
        if !s.result.rolls_again() {
            // Every row that ends has net ≥ 1, so somebody lost it.
            let loser = s.loser.unwrap_or(Party::B);
            break Ending::Result {
                result: s.result,
                loser,
            };
        }
    };

    let mut fates = Vec::new();
    for p in [Party::A, Party::B] {
        for &i in &parties[p.index()] {
            let disposition = match ending {
                _ if field.might[i] == 0 => Disposition::Destroyed,
                Ending::Result { result, loser } if loser == p => {
                    loser_disposition(result, &field.armies[i])
                }
                _ => Disposition::Stays,
            };
            if disposition == Disposition::Destroyed {
                field.destroy(i);
            } else {
                field.fate[i] = disposition;
            }
            fates.push(Fate {
                army: field.armies[i].id,
                disposition,
            });
        }
    }
    let ids = |p: usize| parties[p].iter().map(|&i| field.armies[i].id).collect();
    Engagement {
        pairing,
        a: ids(0),
        b: ids(1),
        might_start,
        rolls,
        ending,
        fates,
    }
}
