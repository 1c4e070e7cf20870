//! One attack of Střet armád (SYSTEMS.md §2.4): the light warhorse's negation, the weapon's die
//! against a large or not-large target, the level's bonuses, the multipliers, the shield.

use super::input::Unit;
use super::log::{AttackLog, Phase};
use super::tables::{Dice, Mount, Profile, WeaponRef};
use crate::{die, Rng};

/// The dice of an attack with `weapon` on a target that is large (mounted) or not. A unit without a
/// missile weapon that is asked to shoot uses its melee weapon.
pub fn attack_dice(attacker: &Unit, weapon: WeaponRef, target_large: bool) -> Dice {
    match (weapon, attacker.missile) {
        (WeaponRef::Missile, Some(m)) => m.dice(),
        _ => attacker.melee.dice(target_large),
    }
}

/// The attack's multiplier: in the pursuit ×2 if light and ×2 if cavalry (RESOLVED: "double
/// attack" doubles the damage); in melee, ×2 for a heavy-warhorse unit on infantry.
pub fn multiplier(
    attacker: &Unit,
    profile: &Profile,
    weapon: WeaponRef,
    phase: Phase,
    target_large: bool,
) -> i32 {
    let pursuit = if phase == Phase::Pursuit {
        profile.pursuit_multiplier()
    } else {
        1
    };
    let heavy =
        weapon == WeaponRef::Melee && attacker.mount == Mount::HeavyWarhorse && !target_large;
    pursuit * if heavy { 2 } else { 1 }
}

/// A shield halves the damage, rounding up, so every hit that gets through does at least 1
/// (RESOLVED in §2.4).
pub fn halve(damage: i32) -> i32 {
    (damage + 1).div_euclid(2)
}

/// The damage of a hit from its dice total: `(dice + bonus) × multiplier`, halved by a shield.
pub fn damage(dice_total: i32, bonus: i32, multiplier: i32, shield: bool) -> i32 {
    let d = (dice_total + bonus) * multiplier;
    if shield {
        halve(d)
    } else {
        d
    }
}

/// Rolls one attack (its negation die, then its damage dice). The morale penalties are the
/// caller's, who knows the other units; `penalised` comes back empty.
pub(crate) fn strike(
    attacker: (&Unit, &Profile),
    target: &Unit,
    weapon: WeaponRef,
    phase: Phase,
    rng: &mut impl Rng,
) -> AttackLog {
    let (unit, profile) = attacker;
    let mut log = AttackLog {
        attacker: unit.id,
        target: target.id,
        weapon,
        negated: false,
        rolled: Vec::new(),
        bonus: 0,
        multiplier: 1,
        shield: false,
        damage: 0,
        penalised: Vec::new(),
    };
    if target.mount == Mount::LightWarhorse && die(rng, 2) == 1 {
        log.negated = true;
        return log;
    }
    let large = target.mount.is_large();
    let dice = attack_dice(unit, weapon, large);
    log.rolled = (0..dice.count)
        .map(|_| die(rng, u64::from(dice.sides)) as u8)
        .collect();
    let total: i32 = log.rolled.iter().map(|&d| i32::from(d)).sum();
    log.bonus = profile.damage_bonus(weapon);
    log.multiplier = multiplier(unit, profile, weapon, phase, large);
    log.shield = target.shield;
    log.damage = damage(total, log.bonus, log.multiplier, target.shield);
    log
}
