//! The equipment and training tables of Střet armád (SYSTEMS.md §2.2): weapons, missile weapons,
//! armour, mounts and levels, and what a unit's sheet makes of them (its [`Profile`]).

use serde::{Deserialize, Serialize};
use std::fmt;

/// `count`d`sides`: a handful of equal dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Dice {
    /// How many dice.
    pub count: u8,
    /// Faces of each.
    pub sides: u8,
}

impl Dice {
    const fn new(count: u8, sides: u8) -> Dice {
        Dice { count, sides }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

/// A melee ("contact") weapon. Every unit has one; a unit with nothing better fights improvised.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum MeleeWeapon {
    /// No bonuses.
    #[default]
    Improvised,
    /// A sidearm: no bonuses, may be combined with a shield.
    Sidearm,
    /// Spear or lance: 2d6 against large units; a cavalry weapon that takes a shield.
    Spear,
    /// Glaive ("sudlice") or halberd: 1d8, 2d8 against large units.
    Glaive,
    /// Pike: 1d20 against large units.
    Pike,
    /// Great axe: 1d12.
    GreatAxe,
}

impl MeleeWeapon {
    /// Every melee weapon, in table order.
    pub const ALL: [MeleeWeapon; 6] = [
        MeleeWeapon::Improvised,
        MeleeWeapon::Sidearm,
        MeleeWeapon::Spear,
        MeleeWeapon::Glaive,
        MeleeWeapon::Pike,
        MeleeWeapon::GreatAxe,
    ];

    /// The danger die against a target, large (mounted) or not. A weapon's die replaces the base
    /// 1d6 where the table gives one (RESOLVED in §2.2).
    pub fn dice(self, large: bool) -> Dice {
        match (self, large) {
            (MeleeWeapon::Spear, true) => Dice::new(2, 6),
            (MeleeWeapon::Glaive, false) => Dice::new(1, 8),
            (MeleeWeapon::Glaive, true) => Dice::new(2, 8),
            (MeleeWeapon::Pike, true) => Dice::new(1, 20),
            (MeleeWeapon::GreatAxe, _) => Dice::new(1, 12),
            _ => Dice::new(1, 6),
        }
    }

    /// Whether a shield may be carried with it.
    pub fn takes_shield(self) -> bool {
        matches!(self, MeleeWeapon::Sidearm | MeleeWeapon::Spear)
    }

    /// Whether it may be used from horseback (the "(cavalry)" weapons, improvised and sidearm).
    pub fn mounted_use(self) -> bool {
        matches!(
            self,
            MeleeWeapon::Improvised | MeleeWeapon::Sidearm | MeleeWeapon::Spear
        )
    }

    /// Its name in the tables.
    pub fn label(self) -> &'static str {
        match self {
            MeleeWeapon::Improvised => "improvised weapon",
            MeleeWeapon::Sidearm => "sidearm",
            MeleeWeapon::Spear => "spear",
            MeleeWeapon::Glaive => "glaive",
            MeleeWeapon::Pike => "pike",
            MeleeWeapon::GreatAxe => "great axe",
        }
    }
}

/// A missile weapon: used in the skirmish and the pursuit, never in the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum MissileWeapon {
    /// 1d2; −1 morale on the target and one more enemy unit; a cavalry weapon.
    ShortBow,
    /// 1d6; −1 morale on the target.
    LightCrossbow,
    /// 1d4; −1 morale on the target.
    Longbow,
    /// 1d8; −1 morale on the target.
    HeavyCrossbow,
}

impl MissileWeapon {
    /// Every missile weapon, in table order.
    pub const ALL: [MissileWeapon; 4] = [
        MissileWeapon::ShortBow,
        MissileWeapon::LightCrossbow,
        MissileWeapon::Longbow,
        MissileWeapon::HeavyCrossbow,
    ];

    /// Its damage die.
    pub fn dice(self) -> Dice {
        match self {
            MissileWeapon::ShortBow => Dice::new(1, 2),
            MissileWeapon::LightCrossbow => Dice::new(1, 6),
            MissileWeapon::Longbow => Dice::new(1, 4),
            MissileWeapon::HeavyCrossbow => Dice::new(1, 8),
        }
    }

    /// How many enemy units one hit gives the −1 morale penalty: the target, and for a short bow
    /// one more.
    pub fn penalised_units(self) -> u8 {
        match self {
            MissileWeapon::ShortBow => 2,
            _ => 1,
        }
    }

    /// Whether it may be used from horseback (only the short bow).
    pub fn mounted_use(self) -> bool {
        self == MissileWeapon::ShortBow
    }

    /// Its name in the tables.
    pub fn label(self) -> &'static str {
        match self {
            MissileWeapon::ShortBow => "short bow",
            MissileWeapon::LightCrossbow => "light crossbow",
            MissileWeapon::Longbow => "longbow",
            MissileWeapon::HeavyCrossbow => "heavy crossbow",
        }
    }
}

/// Armour: extra endurance, and whether the unit still counts as light.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Armour {
    /// No armour.
    #[default]
    None,
    /// Light armour: +10.
    Light,
    /// Half-armour ("polobrnění"): +20.
    Half,
    /// Mail ("brnění"): +30.
    Mail,
    /// Plate: +40.
    Plate,
}

impl Armour {
    /// Every armour, in table order.
    pub const ALL: [Armour; 5] = [
        Armour::None,
        Armour::Light,
        Armour::Half,
        Armour::Mail,
        Armour::Plate,
    ];

    /// The endurance it adds.
    pub fn endurance(self) -> i32 {
        match self {
            Armour::None => 0,
            Armour::Light => 10,
            Armour::Half => 20,
            Armour::Mail => 30,
            Armour::Plate => 40,
        }
    }

    /// None and light armour leave a unit light.
    pub fn is_light(self) -> bool {
        matches!(self, Armour::None | Armour::Light)
    }
}

/// A mount. Any mount makes the unit large (and cavalry).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Mount {
    /// On foot: infantry.
    #[default]
    None,
    /// Light warhorse: each incoming attack is negated with p = 1/2.
    LightWarhorse,
    /// Heavy warhorse: double damage to infantry in melee.
    HeavyWarhorse,
}

impl Mount {
    /// Every mount, in table order.
    pub const ALL: [Mount; 3] = [Mount::None, Mount::LightWarhorse, Mount::HeavyWarhorse];

    /// Mounted units are large and count as cavalry.
    pub fn is_large(self) -> bool {
        self != Mount::None
    }
}

/// One row of the level table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LevelRow {
    /// Extra endurance ("životy", the same pool: RESOLVED in §2.2).
    pub endurance: i32,
    /// Extra morale.
    pub morale: i32,
    /// Extra damage with the one chosen weapon.
    pub chosen_damage: i32,
    /// Extra damage with every weapon.
    pub all_damage: i32,
}

const fn row(endurance: i32, morale: i32, chosen_damage: i32, all_damage: i32) -> LevelRow {
    LevelRow {
        endurance,
        morale,
        chosen_damage,
        all_damage,
    }
}

/// The level table, levels 0 to 7.
pub const LEVELS: [LevelRow; 8] = [
    row(0, 0, 0, 0),
    row(5, 0, 0, 0),
    row(10, 1, 0, 0),
    row(10, 2, 1, 0),
    row(10, 3, 2, 0),
    row(20, 4, 2, 1),
    row(20, 5, 3, 1),
    row(20, 6, 3, 2),
];

/// The highest level.
pub const MAX_LEVEL: u8 = 7;

/// The row of `level`, the top row for anything above 7 (validation refuses those).
pub fn level_row(level: u8) -> LevelRow {
    LEVELS[usize::from(level.min(MAX_LEVEL))]
}

/// Every unit's base endurance.
pub const BASE_ENDURANCE: i32 = 10;
/// Every unit's base morale.
pub const BASE_MORALE: i32 = 3;

/// Which of a unit's two weapons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum WeaponRef {
    /// The melee weapon.
    #[default]
    Melee,
    /// The missile weapon.
    Missile,
}

/// What a unit's sheet comes to in the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Profile {
    /// `10 + armour + level`.
    pub endurance_max: i32,
    /// `3 + level morale`.
    pub morale: i32,
    /// Mounted: large, and cavalry.
    pub cavalry: bool,
    /// Armour none or light, and on foot or on a light warhorse.
    pub light: bool,
    /// The weapon the level's "one weapon" bonus goes to.
    pub chosen: WeaponRef,
    /// That bonus.
    pub chosen_damage: i32,
    /// The level's bonus to every weapon.
    pub all_damage: i32,
}

impl Profile {
    /// The damage bonus of an attack with `weapon`: the chosen-weapon bonus if it is the chosen one,
    /// then the all-weapons bonus.
    pub fn damage_bonus(&self, weapon: WeaponRef) -> i32 {
        let chosen = if weapon == self.chosen {
            self.chosen_damage
        } else {
            0
        };
        chosen + self.all_damage
    }

    /// The pursuit's attack multiplier: ×2 if light, ×2 if cavalry (×4 for light cavalry).
    pub fn pursuit_multiplier(&self) -> i32 {
        (if self.light { 2 } else { 1 }) * (if self.cavalry { 2 } else { 1 })
    }
}

/// The chance in tenths that `1d10 + morale − penalty ≥ target` (one face per tenth).
pub fn morale_pass_tenths(morale: i32, penalty: i32, target: i32) -> u32 {
    (1..=10).filter(|d| d + morale - penalty >= target).count() as u32
}
