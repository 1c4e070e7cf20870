//! The demo realm: a real, playable realm grown deterministically from a fixed seed, so every run, test
//! and browser sees the same land, factions and figures.

mod armory;
mod bestiary;
mod factions;
mod houses;
mod kit;
mod map;
mod noise;
mod scale;

use crate::{derive_all, LabSetup, LineUp, Realm, SplitMix64};
use houses::HOUSES;
pub use scale::demo_scaled;

/// The seed the demo realm is grown from.
pub const DEMO_SEED: u64 = 0xB41C_4EA1;

/// The demo realm: a 240×160 map, ten ordinary houses across all five alignments, four mercenary
/// companies (one per pool), a free town, a full Armory and about 280 photos with stats derived.
pub fn demo_realm() -> Realm {
    let mut rng = SplitMix64::new(DEMO_SEED);
    let mut land = map::terrain(&mut rng);
    let seats: Vec<Option<(u32, u32)>> = HOUSES
        .iter()
        .map(|h| h.seat.map(|(x, y)| map::seat_near(&land.map, x, y)))
        .collect();
    let placed: Vec<(u32, u32)> = seats.iter().flatten().copied().collect();
    for (a, b) in road_links(&placed) {
        map::road(&mut land.map, placed[a], placed[b]);
    }
    let mut realm = Realm::new(land.map);
    armory::fill(&mut realm);
    factions::build(&mut realm, &mut rng, &seats);
    factions::buffs(&mut realm);
    factions::seasons_and_ratings(&mut realm, &mut rng);
    lab_setups(&mut realm);
    derive_all(&mut realm);
    realm.sort();
    realm
}

/// Two saved Battle Lab line-ups, so the lab's "Saved line-ups" list shows what saving keeps:
/// the Book of Contests and Střet armád examples the lab opens on.
fn lab_setups(realm: &mut Realm) {
    realm.lab_setups = vec![
        LabSetup::new(
            1,
            "The example duel",
            LineUp::Contests(crate::battle::systems::contests::example()),
        ),
        LabSetup::new(
            2,
            "The example armies",
            LineUp::MassBattle(crate::battle::systems::mass_battle::example()),
        ),
    ];
}

/// Which seats a road joins: a minimum spanning tree by straight distance (Prim's), so every seat is
/// reachable by road without a web of redundant highways.
fn road_links(seats: &[(u32, u32)]) -> Vec<(usize, usize)> {
    let d = |a: (u32, u32), b: (u32, u32)| {
        let (dx, dy) = (a.0 as i64 - b.0 as i64, a.1 as i64 - b.1 as i64);
        dx * dx + dy * dy
    };
    let mut linked = vec![0usize];
    let mut links = Vec::new();
    while linked.len() < seats.len() {
        let best = linked
            .iter()
            .flat_map(|&a| {
                (0..seats.len())
                    .filter(|b| !linked.contains(b))
                    .map(move |b| (a, b))
            })
            .min_by_key(|&(a, b)| (d(seats[a], seats[b]), a, b));
        let Some((a, b)) = best else { break };
        linked.push(b);
        links.push((a, b));
    }
    links
}

#[cfg(test)]
mod tests;
