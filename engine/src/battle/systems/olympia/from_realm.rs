//! A map battle under Olympia combat: how a [`Setup`] — a faction's photos after the map's
//! march, alignment, home ground and mercenary hires — becomes two Olympia forces.
//!
//! **Why from the set-up.** As for Warfare (see `warfare::from_setup`): the set-up already holds
//! every map rule as the realm's skirmish applies it (post-buff stats, Health, rating bonus and
//! each figure's side modifier), and mapping it again on replay keeps a record self-contained.
//!
//! **The mapping** (each choice, and why):
//! - *Nobles.* The leader and the generals are nobles (003's nobles are the named characters who
//!   lead), each its own unit, front row, in roster order; the first unit is the stack leader and
//!   takes the loot. A noble's Health is the photo's, capped at 100 (003's scale; more adds
//!   nothing) and at least 1. Its gear becomes up to three items: *arms* with its best melee
//!   Attack, *armour* with its Defense (the whole `D` of V2), a *bow* with its best ranged Attack,
//!   each × [`NOBLE_ITEM_SCALE`] × its side modifier, rounded — so 8 Attack is a +40 item, in
//!   the range of 003's magic weapons, and a march-worn noble fights with less.
//! - *Men.* Every other figure (special people, regiments, war machines, hires) fields men of one
//!   [`Kind`] chosen by [`kind_of`] from its Attack, Defense and ranged Attack. 003's kinds are a
//!   ladder of fixed ratings, so the photo's numbers pick the rung and its *strength* sets how
//!   many: `MEN_PER_PHOTO × HealthMult × rating bonus × side modifier`, rounded, at least 1 — the
//!   photo's Power divided by its bracket (which chose the kind), times the side modifier.
//! - *Rows.* Missile men stand in row 1 (they shoot over the front, as 003's archers do); the
//!   rest and every noble stand in row 0.
//! - *Units.* A side's men march in bands as on the map: one unit per regiment, one per
//!   equipment type, one for the special people and one for the hires, in order of first
//!   appearance. A band has no noble (003's garrison units are men without one).
//! - *The field.* Clear weather on land, no structure: a map battle is two armies meeting between
//!   markers. War machines therefore fight as the men their numbers rate (003's siege engines
//!   strike only structures, and there is none).
//! - *The winner* is Olympia's own: the attacker wins only if the defender breaks.

use super::input::{Force, Item, Men, Noble, OlympiaInput, Unit};
use super::kinds::{Ground, Kind, Weather};
use crate::{Carriage, Fighter, Group, Setup};

/// A noble's item bonus per point of the photo's Attack, Defense or ranged Attack.
pub const NOBLE_ITEM_SCALE: f64 = 5.0;
/// Men a photo at Health 100, rating bonus 1 and modifier 1 fields.
pub const MEN_PER_PHOTO: f64 = 4.0;

/// A figure's best melee Attack (primary or secondary).
pub fn melee_attack(f: &Fighter) -> f64 {
    let arms = std::iter::once(&f.primary).chain(f.secondary.as_ref());
    arms.filter(|a| a.melee)
        .map(|a| a.attack)
        .fold(0.0, f64::max)
}

/// A figure's best ranged Attack (primary or secondary).
pub fn ranged_attack(f: &Fighter) -> f64 {
    let arms = std::iter::once(&f.primary).chain(f.secondary.as_ref());
    arms.filter(|a| !a.melee)
        .map(|a| a.attack)
        .fold(0.0, f64::max)
}

/// The rung of 003's ladder a figure's numbers reach. A figure whose primary weapon is ranged is a
/// missile man (crossbowman, archer, elite archer by ranged Attack below 4, below 7, from 7).
/// Otherwise its melee Attack `A` plus Defense `D` climbs soldier (below 8), swordsman (below 16),
/// knight (below 24), elite guard; a figure whose Defense is at least 4 and twice its Attack is a
/// pikeman (5/30: all guard). Riders start at knight: 003's mounted men are its knights.
pub fn kind_of(f: &Fighter) -> Kind {
    let ranged = ranged_attack(f);
    if !f.primary.melee && ranged > 0.0 {
        return if ranged >= 7.0 {
            Kind::EliteArcher
        } else if ranged >= 4.0 {
            Kind::Archer
        } else {
            Kind::Crossbowman
        };
    }
    let (a, d) = (melee_attack(f), f.defence);
    let score = a + d;
    if f.carriage != Carriage::Foot {
        return if score >= 24.0 {
            Kind::EliteGuard
        } else {
            Kind::Knight
        };
    }
    if d >= 4.0 && d >= 2.0 * a {
        Kind::Pikeman
    } else if score < 8.0 {
        Kind::Soldier
    } else if score < 16.0 {
        Kind::Swordsman
    } else if score < 24.0 {
        Kind::Knight
    } else {
        Kind::EliteGuard
    }
}

/// How many men a figure fields (see the module doc).
pub fn men_of(f: &Fighter) -> u32 {
    let strength = crate::health_mult(Some(f.health)) * f.rating_bonus * f.modifier;
    let n = (MEN_PER_PHOTO * strength).round();
    if n.is_finite() {
        (n.min(f64::from(super::MAX_FIGURES as u32)) as u32).max(1)
    } else {
        1
    }
}

fn noble_of(f: &Fighter) -> Noble {
    let bonus = |v: f64| {
        let b = (v * NOBLE_ITEM_SCALE * f.modifier).round();
        if b.is_finite() {
            b.clamp(0.0, 1_000.0) as u32
        } else {
            0
        }
    };
    let mut items = Vec::new();
    let mut add = |name: &str, attack: u32, defense: u32, missile: u32| {
        if attack + defense + missile > 0 {
            items.push(Item {
                name: format!("{}'s {name}", f.name),
                attack,
                defense,
                missile,
            });
        }
    };
    add("arms", bonus(melee_attack(f)), 0, 0);
    add("armour", 0, bonus(f.defence), 0);
    add("bow", 0, 0, bonus(ranged_attack(f)));
    Noble {
        health: f.health.round().clamp(1.0, 100.0) as u32,
        items,
        behind: 0,
    }
}

/// Which band of men a figure marches in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Band {
    Special,
    Regiment(u64),
    Machines(u64),
    Hires,
}

fn force_of(name: &str, line: &[Fighter], next_id: &mut u64) -> Force {
    let mut units = Vec::new();
    let mut bands: Vec<(Band, Vec<Men>)> = Vec::new();
    for f in line {
        let band = match (f.hired, f.group) {
            (false, Group::Leader | Group::Generals) => {
                *next_id += 1;
                units.push(Unit {
                    id: *next_id,
                    name: f.name.clone(),
                    noble: Some(noble_of(f)),
                    men: Vec::new(),
                });
                continue;
            }
            (true, _) => Band::Hires,
            (false, Group::Regiment(id)) => Band::Regiment(id),
            (false, Group::Equipment(id)) => Band::Machines(id),
            (false, Group::SpecialPeople | Group::Crest | Group::Place) => Band::Special,
        };
        let kind = kind_of(f);
        let behind = u8::from(super::base_rating(kind, Ground::Land).missile > 0.0);
        let count = men_of(f);
        let men = match bands.iter_mut().find(|(b, _)| *b == band) {
            Some((_, men)) => men,
            None => {
                bands.push((band, Vec::new()));
                &mut bands.last_mut().expect("just pushed").1
            }
        };
        match men
            .iter_mut()
            .find(|m| m.kind == kind && m.behind == behind)
        {
            Some(m) => m.count = m.count.saturating_add(count),
            None => men.push(Men {
                kind,
                count,
                behind,
            }),
        }
    }
    let (mut regiments, mut machines) = (0, 0);
    for (band, men) in bands {
        *next_id += 1;
        let label = match band {
            Band::Special => "special people".to_string(),
            Band::Regiment(_) => {
                regiments += 1;
                format!("regiment {regiments}")
            }
            Band::Machines(_) => {
                machines += 1;
                format!("war machines {machines}")
            }
            Band::Hires => "mercenaries".to_string(),
        };
        units.push(Unit {
            id: *next_id,
            name: format!("{name} {label}"),
            noble: None,
            men,
        });
    }
    Force {
        name: name.to_string(),
        units,
        structure: None,
    }
}

/// The Olympia battle of a set-up, seeded with `seed` (shown; the map resolves it with the
/// battle's own generator).
pub fn from_setup(s: &Setup, seed: u64) -> OlympiaInput {
    let mut next_id = 0;
    let attacker = force_of(&s.attacker.name, &s.attacker_line, &mut next_id);
    let defender = force_of(&s.defender.name, &s.defender_line, &mut next_id);
    OlympiaInput {
        seed,
        weather: Weather::Clear,
        ground: Ground::Land,
        inhibit_move: false,
        attacker,
        defender,
    }
}

#[cfg(test)]
mod tests;
