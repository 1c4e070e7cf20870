//! Who fights first (SYSTEMS.md §1.6–1.7): the Influence roll-off, the order of conflicts by
//! (strongest army, number of armies), and the free-for-all's next pair.

use super::roll::successes;
use crate::{die, stable_sort_by, Rng};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// Rerolls after which realms still tied keep ascending realm id. Two realms of Influence 1 tie with
/// probability 5/9 a roll, so this is never met in practice; it makes the roll-off total.
pub const MAX_REROLLS: usize = 1_000;

/// One realm's dice in a roll-off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RealmRoll {
    /// The realm.
    pub realm: u64,
    /// Its `influence` d6, in the order drawn.
    pub dice: Vec<u8>,
    /// Its successes (5s and 6s).
    pub successes: u32,
}

/// An Influence roll-off (§1.7): each roll of a group of tied realms, and the ranking it decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollOff {
    /// Each roll in the order made: the first of every tied realm, then rerolls among those still
    /// tied (higher groups first), each in ascending realm id.
    pub rounds: Vec<Vec<RealmRoll>>,
    /// The realms, first place first.
    pub ranking: Vec<u64>,
}

/// Ranks realms `(id, influence)` by Influence roll-off: each rolls `influence` d6 in ascending id,
/// more successes rank higher, and realms still tied reroll among themselves (§5). A group that
/// cannot be parted (all at Influence 0, or [`MAX_REROLLS`] deep) keeps ascending id.
pub fn roll_off(realms: &[(u64, u32)], rng: &mut impl Rng) -> RollOff {
    let mut group: Vec<(u64, u32)> = realms.to_vec();
    stable_sort_by(&mut group, Ord::cmp);
    group.dedup_by_key(|r| r.0);
    let mut out = RollOff {
        rounds: Vec::new(),
        ranking: Vec::new(),
    };
    rank(group, 0, rng, &mut out);
    out
}

fn rank(group: Vec<(u64, u32)>, depth: usize, rng: &mut impl Rng, out: &mut RollOff) {
    if group.len() == 1 || depth >= MAX_REROLLS || group.iter().all(|r| r.1 == 0) {
        out.ranking.extend(group.iter().map(|r| r.0));
        return;
    }
    let rolls: Vec<RealmRoll> = group
        .iter()
        .map(|&(realm, influence)| {
            let dice: Vec<u8> = (0..influence).map(|_| die(rng, 6) as u8).collect();
            RealmRoll {
                realm,
                successes: successes(&dice),
                dice,
            }
        })
        .collect();
    let mut levels: Vec<u32> = rolls.iter().map(|r| r.successes).collect();
    stable_sort_by(&mut levels, |a, b| b.cmp(a));
    levels.dedup();
    let by_level: Vec<Vec<(u64, u32)>> = levels
        .iter()
        .map(|&s| {
            group
                .iter()
                .zip(&rolls)
                .filter(|(_, r)| r.successes == s)
                .map(|(g, _)| *g)
                .collect()
        })
        .collect();
    out.rounds.push(rolls);
    for tied in by_level {
        rank(tied, depth + 1, rng, out);
    }
}

/// The key conflicts are ordered by, descending (§1.6): the Might of the strongest army present,
/// then the number of armies present.
pub fn conflict_key(mights: &[u32]) -> (u32, usize) {
    (mights.iter().copied().max().unwrap_or(0), mights.len())
}

/// One army still in a free-for-all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contender {
    /// The army.
    pub army: u64,
    /// Which side of the conflict it is on: armies of one side never fight each other.
    pub side: usize,
    /// Its realm, which rolls for it in a roll-off.
    pub realm: u64,
    /// Its realm's Influence.
    pub influence: u32,
    /// Its current Might.
    pub might: u32,
}

/// The next pair of a free-for-all (§1.7): of the pairs of hostile armies not yet fought, the one
/// with the highest Might, then the highest second Might. When several pairs tie, the armies that
/// are in some but not all of them are ranked by their realms' roll-off (armies of one realm by
/// input order), and the pair of the best-ranked armies fights. Returns the pair, stronger (or
/// better-ranked) first, and the roll-off if one was needed.
pub fn next_ffa_pair(
    contenders: &[Contender],
    fought: &HashSet<(u64, u64)>,
    rng: &mut impl Rng,
) -> Option<((u64, u64), Option<RollOff>)> {
    let n = contenders.len();
    let was_fought = |x: u64, y: u64| fought.contains(&(x, y)) || fought.contains(&(y, x));
    let key = |i: usize, j: usize| {
        let (a, b) = (contenders[i].might, contenders[j].might);
        (a.max(b), a.min(b))
    };
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .filter(|&(i, j)| contenders[i].side != contenders[j].side)
        .filter(|&(i, j)| !was_fought(contenders[i].army, contenders[j].army))
        .collect();
    let best = pairs.iter().map(|&(i, j)| key(i, j)).max()?;
    let tied: Vec<(usize, usize)> = pairs
        .into_iter()
        .filter(|&(i, j)| key(i, j) == best)
        .collect();
    let in_all = |k: usize| tied.iter().all(|&(i, j)| i == k || j == k);
    let in_some: Vec<usize> = (0..n)
        .filter(|&k| !in_all(k) && tied.iter().any(|&(i, j)| i == k || j == k))
        .collect();
    let mut realms: Vec<(u64, u32)> = in_some
        .iter()
        .map(|&k| (contenders[k].realm, contenders[k].influence))
        .collect();
    stable_sort_by(&mut realms, Ord::cmp);
    realms.dedup_by_key(|r| r.0);
    let roll = (realms.len() > 1).then(|| roll_off(&realms, rng));
    // An army's place: its realm's place in the roll-off, then input order.
    let place = |k: usize| {
        let realm_place = roll.as_ref().map_or(0, |r| {
            r.ranking
                .iter()
                .position(|&id| id == contenders[k].realm)
                .unwrap_or(usize::MAX)
        });
        (realm_place, k)
    };
    let score = |&(i, j): &(usize, usize)| {
        let mut s: Vec<(usize, usize)> = [i, j]
            .into_iter()
            .filter(|&k| !in_all(k))
            .map(place)
            .collect();
        stable_sort_by(&mut s, Ord::cmp);
        s
    };
    let &(i, j) = tied.iter().min_by_key(|p| score(p))?;
    let first_is_i = (contenders[i].might, std::cmp::Reverse(place(i)))
        >= (contenders[j].might, std::cmp::Reverse(place(j)));
    let (x, y) = if first_is_i { (i, j) } else { (j, i) };
    Some(((contenders[x].army, contenders[y].army), roll))
}
