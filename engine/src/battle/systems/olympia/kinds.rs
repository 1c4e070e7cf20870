//! The fighter table of SYSTEMS.md §3.1: every kind's attack, defense and missile on land, on a ship
//! and in a swamp, and what rain, wind and fog do to missiles.

use serde::{Deserialize, Serialize};

/// A kind of fighter (003's table, nobles and siege engines included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// 1/1/0, passive.
    Peasant,
    /// 1/1/0, passive.
    Worker,
    /// 1/1/0, passive.
    Sailor,
    /// 5/5/0.
    Soldier,
    /// 5/5/0, survives a hit with p = 1/2.
    BlessedSoldier,
    /// 5/30/0.
    Pikeman,
    /// 15/15/0.
    Swordsman,
    /// 5/5/0 on land, 15/15/0 on a ship.
    Pirate,
    /// 45/45/0; 20/20/0 on a ship or in a swamp.
    Knight,
    /// 90/90/0; 65/65/0 on a ship or in a swamp.
    EliteGuard,
    /// 1/1/25.
    Crossbowman,
    /// 5/5/50.
    Archer,
    /// 10/10/75.
    EliteArcher,
    /// 80/80/0 plus its best item in each category. Nobles are units, never men.
    Noble,
    /// Siege engine 25/200/25: strikes only the structure.
    Catapult,
    /// Siege engine 30/250/0.
    BatteringRam,
    /// Siege engine 30/250/0.
    SiegeTower,
}

impl Kind {
    /// Peasants, workers and sailors fight only when their party is attacked: on the defending side.
    pub fn passive(self) -> bool {
        matches!(self, Kind::Peasant | Kind::Worker | Kind::Sailor)
    }

    /// Siege engines always strike the structure, and only while it stands.
    pub fn engine(self) -> bool {
        matches!(self, Kind::Catapult | Kind::BatteringRam | Kind::SiegeTower)
    }

    /// Blessed soldiers survive a hit with p = 1/2.
    pub fn blessed(self) -> bool {
        self == Kind::BlessedSoldier
    }
}

/// Where the battle is fought.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Ground {
    /// Ordinary land.
    #[default]
    Land,
    /// A swamp province: knights and elite guard −25.
    Swamp,
    /// Shipboard: pirates 15/15, knights and elite guard −25.
    Ship,
}

/// The weather of the battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Weather {
    /// No effect.
    #[default]
    Clear,
    /// Archers and elite archers ×1/2, crossbowmen ×1/4.
    Rain,
    /// As rain.
    Wind,
    /// Every figure's missile ×1/4.
    Fog,
}

/// Attack, defense and missile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Rating {
    /// Attack.
    pub attack: f64,
    /// Defense.
    pub defense: f64,
    /// Missile.
    pub missile: f64,
}

impl Rating {
    const fn new(attack: f64, defense: f64, missile: f64) -> Rating {
        Rating {
            attack,
            defense,
            missile,
        }
    }
}

/// A kind's rating on `ground`, before items and weather (§3.1).
pub fn base_rating(kind: Kind, ground: Ground) -> Rating {
    use Kind::*;
    let afloat_or_swamp = ground != Ground::Land;
    match kind {
        Peasant | Worker | Sailor => Rating::new(1.0, 1.0, 0.0),
        Soldier | BlessedSoldier => Rating::new(5.0, 5.0, 0.0),
        Pikeman => Rating::new(5.0, 30.0, 0.0),
        Swordsman => Rating::new(15.0, 15.0, 0.0),
        Pirate if ground == Ground::Ship => Rating::new(15.0, 15.0, 0.0),
        Pirate => Rating::new(5.0, 5.0, 0.0),
        Knight if afloat_or_swamp => Rating::new(20.0, 20.0, 0.0),
        Knight => Rating::new(45.0, 45.0, 0.0),
        EliteGuard if afloat_or_swamp => Rating::new(65.0, 65.0, 0.0),
        EliteGuard => Rating::new(90.0, 90.0, 0.0),
        Crossbowman => Rating::new(1.0, 1.0, 25.0),
        Archer => Rating::new(5.0, 5.0, 50.0),
        EliteArcher => Rating::new(10.0, 10.0, 75.0),
        Noble => Rating::new(80.0, 80.0, 0.0),
        Catapult => Rating::new(25.0, 200.0, 25.0),
        BatteringRam | SiegeTower => Rating::new(30.0, 250.0, 0.0),
    }
}

/// A missile rating under `weather` (not rounded, `OLY-11/12`).
pub fn weather_missile(kind: Kind, missile: f64, weather: Weather) -> f64 {
    match (weather, kind) {
        (Weather::Fog, _) => missile / 4.0,
        (Weather::Rain | Weather::Wind, Kind::Archer | Kind::EliteArcher) => missile / 2.0,
        (Weather::Rain | Weather::Wind, Kind::Crossbowman) => missile / 4.0,
        _ => missile,
    }
}
