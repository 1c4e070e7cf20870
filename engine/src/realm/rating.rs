//! Arena records: a photo's rating (its own record kind, owned by the server), seasons and settings.

use crate::BattleSystem;
use serde::{Deserialize, Serialize};

/// The rating every photo starts on.
pub const START_RATING: f64 = 1200.0;

/// A photo's Elo standing (SPEC §4). Its record id is the photo's id, so an edit never conflicts with a vote.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Rating {
    /// The photo rated (also this record's id).
    pub photo_id: u64,
    /// Elo rating; no floor, no ceiling.
    pub rating: f64,
    /// Judgements taken part in.
    pub judged: u32,
    /// Judgements won.
    pub wins: u32,
}

impl Rating {
    /// The standing of a photo nobody has judged.
    pub fn start(photo_id: u64) -> Rating {
        Rating {
            photo_id,
            rating: START_RATING,
            judged: 0,
            wins: 0,
        }
    }
}

/// A rating season. Photos name seasons by `number`; seasons are cumulative.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Season {
    /// Record id.
    pub id: u64,
    /// e.g. "Season 2: The Iron Spring".
    pub name: String,
    /// 1, 2, 3 …; unique.
    pub number: u32,
}

/// Realm-wide settings, a singleton record (id 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Settings {
    /// The arena judges photos of this season number and below; 0 means none yet.
    #[serde(default)]
    pub current_season: u32,
    /// The battle system the map opens on.
    #[serde(default)]
    pub battle_system: BattleSystem,
}
