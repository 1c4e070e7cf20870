//! `MassBattleInput::validate` and its error: what a battle's input must satisfy, with the
//! offending field named (`b.units[2].shield`), and reading an input from JSON.

use super::input::{MassBattleInput, Unit};
use super::tables::{WeaponRef, MAX_LEVEL};
use crate::{DocError, MAX_ID};
use std::collections::HashMap;
use std::fmt;

/// The most units an army may field, so a battle stays quick to resolve and to show.
pub const MAX_UNITS: usize = 1000;

/// Why an input cannot be fought. Every variant names the field at fault as a path such as
/// `a.units[3].melee`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MassBattleError {
    /// The JSON does not fit the input's shape (a wrong type, an unknown field or value).
    Parse {
        /// Where.
        field: String,
        /// The parser's words.
        message: String,
    },
    /// An army without units.
    NoUnits {
        /// `a.units` or `b.units`.
        field: String,
    },
    /// An army with more than [`MAX_UNITS`] units.
    TooManyUnits {
        /// `a.units` or `b.units`.
        field: String,
        /// How many it has.
        count: usize,
    },
    /// A unit id at or above 2⁵³.
    IdTooLarge {
        /// The unit's `id`.
        field: String,
        /// The id.
        id: u64,
    },
    /// Two units share an id.
    DuplicateId {
        /// The second unit's `id`.
        field: String,
        /// The id.
        id: u64,
        /// The first unit's `id` field.
        first: String,
    },
    /// A level above 7.
    Level {
        /// The unit's `level`.
        field: String,
        /// The level given.
        level: u8,
    },
    /// A weapon that cannot be used mounted, on a mounted unit.
    NotMounted {
        /// The unit's `melee` or `missile`.
        field: String,
        /// The weapon's name.
        weapon: &'static str,
    },
    /// A shield with a weapon other than a sidearm or a spear.
    Shield {
        /// The unit's `shield`.
        field: String,
        /// The melee weapon's name.
        melee: &'static str,
    },
    /// The missile weapon chosen for the level bonus, on a unit without one.
    NoMissileToChoose {
        /// The unit's `chosen_weapon`.
        field: String,
    },
    /// `skirmish: true` on a unit that is neither missile nor mounted.
    NotSkirmisher {
        /// The unit's `skirmish`.
        field: String,
    },
}

impl MassBattleError {
    /// The path of the field at fault (empty for the whole input).
    pub fn field(&self) -> &str {
        match self {
            MassBattleError::Parse { field, .. }
            | MassBattleError::NoUnits { field }
            | MassBattleError::TooManyUnits { field, .. }
            | MassBattleError::IdTooLarge { field, .. }
            | MassBattleError::DuplicateId { field, .. }
            | MassBattleError::Level { field, .. }
            | MassBattleError::NotMounted { field, .. }
            | MassBattleError::Shield { field, .. }
            | MassBattleError::NoMissileToChoose { field }
            | MassBattleError::NotSkirmisher { field } => field,
        }
    }

    /// What is wrong, without the field.
    pub fn message(&self) -> String {
        match self {
            MassBattleError::Parse { message, .. } => message.clone(),
            MassBattleError::NoUnits { .. } => "an army needs at least one unit".into(),
            MassBattleError::TooManyUnits { count, .. } => {
                format!("{count} units; an army may field at most {MAX_UNITS}")
            }
            MassBattleError::IdTooLarge { id, .. } => format!("id {id} is not below 2^53"),
            MassBattleError::DuplicateId { id, first, .. } => {
                format!("duplicate unit id {id} (also {first})")
            }
            MassBattleError::Level { level, .. } => {
                format!("level {level} is above the highest level, {MAX_LEVEL}")
            }
            MassBattleError::NotMounted { weapon, .. } => {
                format!("a {weapon} cannot be used mounted")
            }
            MassBattleError::Shield { melee, .. } => {
                format!("a shield goes only with a sidearm or a spear, not a {melee}")
            }
            MassBattleError::NoMissileToChoose { .. } => {
                "the missile weapon is chosen but the unit has none".into()
            }
            MassBattleError::NotSkirmisher { .. } => {
                "only missile and mounted units may take part in the skirmish".into()
            }
        }
    }
}

impl fmt::Display for MassBattleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field() {
            "" => write!(f, "{}", self.message()),
            field => write!(f, "{field}: {}", self.message()),
        }
    }
}

impl std::error::Error for MassBattleError {}

impl From<MassBattleError> for DocError {
    fn from(e: MassBattleError) -> DocError {
        DocError::new(e.field(), e.message())
    }
}

impl MassBattleInput {
    /// Checks the input against the rules of §2: armies of 1 to [`MAX_UNITS`] units, ids unique
    /// and below 2⁵³, levels 0–7, mounted units with mounted weapons only, shields only with a
    /// sidearm or spear, a chosen missile weapon that exists, skirmishers that may skirmish.
    /// Stops at the first problem.
    pub fn validate(&self) -> Result<(), MassBattleError> {
        let mut seen: HashMap<u64, String> = HashMap::new();
        for (name, army) in [("a", &self.a), ("b", &self.b)] {
            let field = format!("{name}.units");
            if army.units.is_empty() {
                return Err(MassBattleError::NoUnits { field });
            }
            if army.units.len() > MAX_UNITS {
                let count = army.units.len();
                return Err(MassBattleError::TooManyUnits { field, count });
            }
            for (i, u) in army.units.iter().enumerate() {
                let at = format!("{field}[{i}]");
                let id_field = format!("{at}.id");
                if u.id >= MAX_ID {
                    return Err(MassBattleError::IdTooLarge {
                        field: id_field,
                        id: u.id,
                    });
                }
                if let Some(first) = seen.get(&u.id) {
                    return Err(MassBattleError::DuplicateId {
                        first: first.clone(),
                        field: id_field,
                        id: u.id,
                    });
                }
                seen.insert(u.id, id_field);
                unit(u, &at)?;
            }
        }
        Ok(())
    }
}

/// One unit's own checks; `at` is its path.
fn unit(u: &Unit, at: &str) -> Result<(), MassBattleError> {
    let field = |name: &str| format!("{at}.{name}");
    if u.level > MAX_LEVEL {
        return Err(MassBattleError::Level {
            field: field("level"),
            level: u.level,
        });
    }
    if u.mount.is_large() {
        if !u.melee.mounted_use() {
            return Err(MassBattleError::NotMounted {
                field: field("melee"),
                weapon: u.melee.label(),
            });
        }
        if let Some(m) = u.missile.filter(|m| !m.mounted_use()) {
            return Err(MassBattleError::NotMounted {
                field: field("missile"),
                weapon: m.label(),
            });
        }
    }
    if u.shield && !u.melee.takes_shield() {
        return Err(MassBattleError::Shield {
            field: field("shield"),
            melee: u.melee.label(),
        });
    }
    if u.chosen_weapon == Some(WeaponRef::Missile) && u.missile.is_none() {
        return Err(MassBattleError::NoMissileToChoose {
            field: field("chosen_weapon"),
        });
    }
    if u.skirmish == Some(true) && !u.skirmish_eligible() {
        return Err(MassBattleError::NotSkirmisher {
            field: field("skirmish"),
        });
    }
    Ok(())
}

/// Reads and validates an input from JSON, naming the path of the first field that does not fit.
pub fn parse_input(text: &str) -> Result<MassBattleInput, MassBattleError> {
    let input: MassBattleInput =
        crate::realm::json::from_str_denying(text).map_err(|e| MassBattleError::Parse {
            field: e.field,
            message: e.message,
        })?;
    input.validate()?;
    Ok(input)
}
