//! After the break (SYSTEMS.md §3.5): prisoners by numbers, the loot that goes to the winner's stack
//! leader, and whether the winner takes the defender's place.
//!
//! **Decisions beyond the spec:**
//! - "Living figures" are every figure not killed, idle ones (passive men of an attacker, who
//!   never fought) included on both sides, as the spec counts numbers, not fighters; the wounded
//!   nobles count on the loser's side only (they flee, but do not chase).
//! - A defeated unit is a losing unit with a living figure; a unit whose noble fell but whose men
//!   live is still one (its men are taken or flee with the noble's belongings).
//! - The loot is everything a taken unit carries — its noble's items (wielded or not) and its
//!   surviving men of every kind — plus the items of losing units no one of which survived (they lie
//!   on the field). It goes to the winner's first unit with a living noble, else its first unit with
//!   a living figure.
//! - When the fighting stops without a break (held, or a stalemate) there are no prisoners and no
//!   loot, and nobody moves.

use super::battle::Host;
use super::input::{Force, OlympiaInput};
use super::kinds::Kind;
use super::log::{Capture, Decision, Fate, Loot, LootItem, LootMen};
use crate::{unit, Rng, Side};

/// `clamp(r/4, 1/4, 3/4)` for `r = winner / loser` (1:1 → 25 %, 2:1 → 50 %, 3:1 → 75 %), or `None`
/// when the loser has no one left (r is undefined: no prisoners).
pub fn prisoner_chance(winner_remaining: u32, loser_remaining: u32) -> Option<f64> {
    if loser_remaining == 0 {
        return None;
    }
    let r = f64::from(winner_remaining) / f64::from(loser_remaining);
    Some((r / 4.0).clamp(0.25, 0.75))
}

/// What follows the fighting.
pub(crate) struct Aftermath {
    pub prisoner_chance: Option<f64>,
    pub remaining: [u32; 2],
    pub captures: Vec<Capture>,
    pub loot: Option<Loot>,
    pub winner_takes_position: bool,
}

/// The figure indices of each unit of `force`, in order.
fn unit_figures<'a>(
    force: &'a Force,
    host: &'a Host,
) -> impl Iterator<Item = (u64, Vec<usize>)> + 'a {
    force.units.iter().map(move |u| {
        let own = (0..host.figures.len())
            .filter(|&i| host.figures[i].unit == u.id)
            .collect();
        (u.id, own)
    })
}

/// Prisoner rolls (one `unit()` per defeated unit, in location-list order), loot and position.
pub(crate) fn aftermath(
    input: &OlympiaInput,
    hosts: &[Host; 2],
    decision: Decision,
    rng: &mut impl Rng,
) -> Aftermath {
    let Decision::Broke { side: loser } = decision else {
        return Aftermath {
            prisoner_chance: None,
            remaining: [0, 0],
            captures: Vec::new(),
            loot: None,
            winner_takes_position: false,
        };
    };
    let winner = match loser {
        Side::Attacker => Side::Defender,
        Side::Defender => Side::Attacker,
    };
    let force = |s: Side| match s {
        Side::Attacker => &input.attacker,
        Side::Defender => &input.defender,
    };
    let (wh, lh) = (&hosts[winner as usize], &hosts[loser as usize]);
    let living = |h: &Host, i: usize| h.fate[i] != Fate::Killed;
    let chasing = |f: &&Fate| matches!(f, Fate::Standing | Fate::Idle);
    let w_rem = wh.fate.iter().filter(chasing).count() as u32;
    let l_rem = (0..lh.figures.len()).filter(|&i| living(lh, i)).count() as u32;
    let chance = prisoner_chance(w_rem, l_rem);

    let mut captures = Vec::new();
    let mut items = Vec::new();
    let mut men: Vec<LootMen> = Vec::new();
    for ((id, own), u) in unit_figures(force(loser), lh).zip(&force(loser).units) {
        let alive: Vec<usize> = own.iter().copied().filter(|&i| living(lh, i)).collect();
        let taken = match chance {
            Some(p) if !alive.is_empty() => {
                let roll = unit(rng);
                captures.push(Capture {
                    unit: id,
                    roll,
                    taken: roll < p,
                });
                roll < p
            }
            _ => false,
        };
        if !(taken || alive.is_empty()) {
            continue;
        }
        if let Some(n) = &u.noble {
            items.extend(n.items.iter().map(|item| LootItem {
                from: id,
                item: item.clone(),
            }));
        }
        for &i in alive.iter().filter(|&&i| lh.figures[i].kind != Kind::Noble) {
            let kind = lh.figures[i].kind;
            match men.iter_mut().find(|m| m.from == id && m.kind == kind) {
                Some(m) => m.count += 1,
                None => men.push(LootMen {
                    from: id,
                    kind,
                    count: 1,
                }),
            }
        }
    }

    let leader = {
        let mut units = unit_figures(force(winner), wh);
        let with_noble = |own: &Vec<usize>| {
            own.iter()
                .any(|&i| wh.figures[i].kind == Kind::Noble && living(wh, i))
        };
        let all: Vec<(u64, Vec<usize>)> = units.by_ref().collect();
        all.iter()
            .find(|(_, own)| with_noble(own))
            .or_else(|| {
                all.iter()
                    .find(|(_, own)| own.iter().any(|&i| living(wh, i)))
            })
            .map(|(id, _)| *id)
    };
    let loot = match leader {
        Some(to) if !(items.is_empty() && men.is_empty()) => Some(Loot { to, items, men }),
        _ => None,
    };
    let mut remaining = [0, 0];
    remaining[winner as usize] = w_rem;
    remaining[loser as usize] = l_rem;
    Aftermath {
        prisoner_chance: chance,
        remaining,
        captures,
        loot,
        winner_takes_position: winner == Side::Attacker && !input.inhibit_move,
    }
}
