//! A map battle under Střet armád: how a [`Setup`] — a faction's photos after the map's march,
//! alignment, home ground and mercenary hires — becomes two armies of units.
//!
//! **Why from the set-up.** As for Warfare and Olympia: the set-up holds every map rule as the
//! realm's skirmish applies it, and replay maps the recorded set-up again.
//!
//! **The mapping** (each choice, and why). Every photo in a line is one unit (002's unit is a body
//! of troops; a photo stands for one), in line order (roster order, hires last), ids 1, 2, … in
//! both armies, named after the photo. Its sheet is read from its gear, through the post-buff
//! numbers the set-up copied (the demo armory's scale: Attack 2–10, reach 1–5, ranged reach
//! 6–20, armour 0.5–8):
//! - *Melee weapon* ([`melee_of`]), from its melee arm: none is improvised; reach 5 or more is a
//!   pike, 4 a glaive (halberd), 3 a spear (spear, lance); a short arm of Attack 8 or more is a
//!   great axe (battle axe, warhammer, greatsword's weight); any other is a sidearm.
//! - *Missile weapon* ([`missile_of`]), from its ranged arm: reach 14 or more is a longbow;
//!   Attack 10 or more is a heavy crossbow (the war machines' bolts and stones); reach 11 or more
//!   a light crossbow; anything shorter (shortbow, sling, javelin) a short bow.
//! - *Armour* ([`armour_of`]), from the body armour's Defense alone (helmets and greaves are not
//!   002's armour): none, light below 2.5 (jerkin, leather), half below 4.5 (chainmail), mail
//!   below 7 (scale, breastplate), plate from 7. More armour never maps to less.
//! - *Shield*: an off-hand Defense, kept only with a sidearm or spear (002 allows no other).
//! - *Mount*, from the photo's movement category and bardings: riders ride light warhorses,
//!   riders in bardings heavy warhorses; winged figures count as light horse (quick, hard to
//!   hit). A rider's weapons must be 002's cavalry weapons: a pike or glaive becomes a lance
//!   (spear), a great axe a sidearm, any missile weapon a short bow.
//! - *Training level* ([`level_of`]): the photo's rating bonus (1.00–1.50) times its side
//!   modifier, `round((bonus × modifier − 1) × 14)`, clamped to 0–7. The rating is the realm's
//!   measure of how good a figure is, and the level is 002's one number for how well a unit
//!   fights, so the map's march, alignment and home ground move it too: a worn-out attacker
//!   fights a level or two below its rating, a defender at home above.
//! - *The winner*: the army that did not flee. Both fleeing at once, or the round cap, is a tie,
//!   and a tie goes to the defender as on the map.

use super::input::{Army, MassBattleInput, Unit};
use super::log::MassOutcome;
use super::tables::{Armour, MeleeWeapon, MissileWeapon, Mount, MAX_LEVEL};
use super::ArmySide;
use crate::{Carriage, Fighter, Setup, Side};

/// Levels per unit of rating bonus × modifier above 1.
pub const LEVELS_PER_BONUS: f64 = 14.0;

/// The melee weapon of a figure's melee arm (primary first), before the cavalry rule.
pub fn melee_of(f: &Fighter) -> MeleeWeapon {
    let arm = std::iter::once(&f.primary)
        .chain(f.secondary.as_ref())
        .find(|a| a.melee && a.attack > 0.0);
    match arm {
        None => MeleeWeapon::Improvised,
        Some(a) if a.range >= 5.0 => MeleeWeapon::Pike,
        Some(a) if a.range >= 4.0 => MeleeWeapon::Glaive,
        Some(a) if a.range >= 3.0 => MeleeWeapon::Spear,
        Some(a) if a.attack >= 8.0 => MeleeWeapon::GreatAxe,
        Some(_) => MeleeWeapon::Sidearm,
    }
}

/// The missile weapon of a figure's ranged arm (primary first), before the cavalry rule.
pub fn missile_of(f: &Fighter) -> Option<MissileWeapon> {
    let a = std::iter::once(&f.primary)
        .chain(f.secondary.as_ref())
        .find(|a| !a.melee && a.attack > 0.0)?;
    Some(if a.range >= 14.0 {
        MissileWeapon::Longbow
    } else if a.attack >= 10.0 {
        MissileWeapon::HeavyCrossbow
    } else if a.range >= 11.0 {
        MissileWeapon::LightCrossbow
    } else {
        MissileWeapon::ShortBow
    })
}

/// The armour of a figure's body-armour Defense.
pub fn armour_of(f: &Fighter) -> Armour {
    let ds = f.stats.defense_strength.unwrap_or(0.0);
    if ds.is_nan() || ds <= 0.0 {
        Armour::None
    } else if ds < 2.5 {
        Armour::Light
    } else if ds < 4.5 {
        Armour::Half
    } else if ds < 7.0 {
        Armour::Mail
    } else {
        Armour::Plate
    }
}

/// The mount of a figure's carriage.
pub fn mount_of(f: &Fighter) -> Mount {
    match f.carriage {
        Carriage::Foot => Mount::None,
        Carriage::Mounted | Carriage::Flying => Mount::LightWarhorse,
        Carriage::Barded => Mount::HeavyWarhorse,
    }
}

/// The training level of a figure's rating bonus and side modifier.
pub fn level_of(f: &Fighter) -> u8 {
    let l = ((f.rating_bonus * f.modifier - 1.0) * LEVELS_PER_BONUS).round();
    if l.is_nan() {
        0
    } else {
        l.clamp(0.0, f64::from(MAX_LEVEL)) as u8
    }
}

/// A figure's unit sheet (see the module doc), with id `id`.
pub fn unit_of(f: &Fighter, id: u64) -> Unit {
    let mount = mount_of(f);
    let mut melee = melee_of(f);
    let mut missile = missile_of(f);
    if mount.is_large() {
        melee = match melee {
            MeleeWeapon::Pike | MeleeWeapon::Glaive => MeleeWeapon::Spear,
            MeleeWeapon::GreatAxe => MeleeWeapon::Sidearm,
            m => m,
        };
        missile = missile.map(|_| MissileWeapon::ShortBow);
    }
    let shield = f.stats.secondary_defense.is_some_and(|d| d > 0.0) && melee.takes_shield();
    Unit {
        id,
        name: f.name.clone(),
        level: level_of(f),
        armour: armour_of(f),
        mount,
        melee,
        shield,
        missile,
        chosen_weapon: None,
        skirmish: None,
    }
}

/// The Střet armád battle of a set-up: the attacker is army `a` (it acts first), the defender `b`.
pub fn from_setup(s: &Setup, seed: u64) -> MassBattleInput {
    let mut id = 0;
    let mut army = |name: &str, line: &[Fighter]| Army {
        name: name.to_string(),
        units: line
            .iter()
            .map(|f| {
                id += 1;
                unit_of(f, id)
            })
            .collect(),
    };
    let a = army(&s.attacker.name, &s.attacker_line);
    let b = army(&s.defender.name, &s.defender_line);
    MassBattleInput { seed, a, b }
}

/// Who won: army `a` is the attacker; no winner is the defender's.
pub fn map_winner(o: &MassOutcome) -> Side {
    match o.winner {
        Some(ArmySide::A) => Side::Attacker,
        Some(ArmySide::B) | None => Side::Defender,
    }
}

#[cfg(test)]
mod tests;
