//! What a Střet armád battle is fought from: two armies of units, each unit a sheet of level,
//! armour, mount and weapons (SYSTEMS.md §2.3), and the seed of the battle's generator.

use super::tables::{
    level_row, Armour, MeleeWeapon, MissileWeapon, Mount, Profile, WeaponRef, BASE_ENDURANCE,
    BASE_MORALE,
};
use serde::{Deserialize, Serialize};

/// One of the two armies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ArmySide {
    /// Army `a`: acts first in every round and tests morale first.
    A,
    /// Army `b`.
    B,
}

impl ArmySide {
    /// The other army.
    pub fn other(self) -> ArmySide {
        match self {
            ArmySide::A => ArmySide::B,
            ArmySide::B => ArmySide::A,
        }
    }

    /// 0 for `a`, 1 for `b`.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A whole battle's input: both armies and the seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MassBattleInput {
    /// Seed of the battle's SplitMix64 stream.
    pub seed: u64,
    /// Army `a`.
    pub a: Army,
    /// Army `b`.
    pub b: Army,
}

impl MassBattleInput {
    /// The army of `side`.
    pub fn army(&self, side: ArmySide) -> &Army {
        match side {
            ArmySide::A => &self.a,
            ArmySide::B => &self.b,
        }
    }
}

/// An army: its units in input order (the order they act and test morale in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// A name to show.
    #[serde(default)]
    pub name: String,
    /// Its units.
    pub units: Vec<Unit>,
}

/// One unit's sheet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Unique across both armies and below 2⁵³; the log names units by it.
    pub id: u64,
    /// A name to show.
    #[serde(default)]
    pub name: String,
    /// Training level, 0 to 7.
    #[serde(default)]
    pub level: u8,
    /// Armour.
    #[serde(default)]
    pub armour: Armour,
    /// Mount.
    #[serde(default)]
    pub mount: Mount,
    /// Melee weapon (improvised when not given).
    #[serde(default)]
    pub melee: MeleeWeapon,
    /// Carries a shield (only with a sidearm or a spear): halves the damage it takes.
    #[serde(default)]
    pub shield: bool,
    /// Missile weapon, if any.
    #[serde(default)]
    pub missile: Option<MissileWeapon>,
    /// The weapon the level's "+damage with one weapon" goes to. **Decision:** when not given it
    /// is the missile weapon of a unit that has one and the melee weapon otherwise, so a trained
    /// unit never loses its bonus to a form left blank.
    #[serde(default)]
    pub chosen_weapon: Option<WeaponRef>,
    /// Takes part in the skirmish. Only missile and mounted units may; when not given, every one
    /// of them does (RESOLVED in §2.3).
    #[serde(default)]
    pub skirmish: Option<bool>,
}

impl Unit {
    /// A missile or mounted unit: one that may take part in the skirmish.
    pub fn skirmish_eligible(&self) -> bool {
        self.missile.is_some() || self.mount.is_large()
    }

    /// Whether it takes part in the skirmish: its choice, by default every eligible unit.
    pub fn skirmishes(&self) -> bool {
        self.skirmish_eligible() && self.skirmish.unwrap_or(true)
    }

    /// The weapon the level's one-weapon bonus goes to (see `chosen_weapon`).
    pub fn chosen(&self) -> WeaponRef {
        self.chosen_weapon.unwrap_or(if self.missile.is_some() {
            WeaponRef::Missile
        } else {
            WeaponRef::Melee
        })
    }

    /// The unit's numbers in the fight.
    pub fn profile(&self) -> Profile {
        let level = level_row(self.level);
        Profile {
            endurance_max: BASE_ENDURANCE + self.armour.endurance() + level.endurance,
            morale: BASE_MORALE + level.morale,
            cavalry: self.mount.is_large(),
            light: self.armour.is_light() && self.mount != Mount::HeavyWarhorse,
            chosen: self.chosen(),
            chosen_damage: level.chosen_damage,
            all_damage: level.all_damage,
        }
    }
}

/// A unit for the example and the tests: `level`, `armour`, `mount`, `melee`, no shield, no
/// missile weapon.
fn unit(id: u64, name: &str, level: u8, armour: Armour, mount: Mount, melee: MeleeWeapon) -> Unit {
    Unit {
        id,
        name: name.into(),
        level,
        armour,
        mount,
        melee,
        shield: false,
        missile: None,
        chosen_weapon: None,
        skirmish: None,
    }
}

/// A plausible battle to start the Battle Lab from: a kingdom's shield wall with archers and light
/// horse against a knightly host with pikes and crossbows.
pub fn example() -> MassBattleInput {
    let shield = |mut u: Unit| {
        u.shield = true;
        u
    };
    let missile = |mut u: Unit, m: MissileWeapon| {
        u.missile = Some(m);
        u
    };
    use Armour as Ar;
    use MeleeWeapon as W;
    use Mount as M;
    MassBattleInput {
        seed: 2024,
        a: Army {
            name: "Kingdom of Brno".into(),
            units: vec![
                shield(unit(1, "Spearmen", 2, Ar::Mail, M::None, W::Spear)),
                shield(unit(2, "Spearmen", 2, Ar::Mail, M::None, W::Spear)),
                unit(3, "Halberdiers", 3, Ar::Half, M::None, W::Glaive),
                missile(
                    unit(4, "Longbowmen", 1, Ar::Light, M::None, W::Sidearm),
                    MissileWeapon::Longbow,
                ),
                missile(
                    shield(unit(
                        5,
                        "Light horse",
                        3,
                        Ar::Light,
                        M::LightWarhorse,
                        W::Sidearm,
                    )),
                    MissileWeapon::ShortBow,
                ),
            ],
        },
        b: Army {
            name: "Order of the Black Eagle".into(),
            units: vec![
                shield(unit(
                    11,
                    "Knights",
                    5,
                    Ar::Plate,
                    M::HeavyWarhorse,
                    W::Spear,
                )),
                unit(12, "Pikemen", 2, Ar::Half, M::None, W::Pike),
                unit(13, "Pikemen", 2, Ar::Half, M::None, W::Pike),
                unit(14, "Axemen", 1, Ar::Light, M::None, W::GreatAxe),
                missile(
                    unit(15, "Crossbowmen", 1, Ar::Light, M::None, W::Sidearm),
                    MissileWeapon::HeavyCrossbow,
                ),
                unit(16, "Levy", 0, Ar::None, M::None, W::Improvised),
            ],
        },
    }
}

#[cfg(test)]
pub(crate) fn test_unit(
    id: u64,
    level: u8,
    armour: Armour,
    mount: Mount,
    melee: MeleeWeapon,
) -> Unit {
    unit(id, "", level, armour, mount, melee)
}
