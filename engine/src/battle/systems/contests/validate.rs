//! `ContestInput::validate` and its error: what a contest's input must satisfy, with the
//! offending field named (`team2[0].actions[1].hits_per_round`), and reading an input from JSON.

use super::fight::MAX_HITS;
use super::modifier::{Has, Stat};
use super::notation::ModValue;
use super::sheet::{Char, ContestInput, Sheet};
use crate::DocError;
use std::fmt;

/// The most characters a team may field.
pub const MAX_FIGHTERS: usize = 20;
/// The most actions, and the most modifiers, a sheet may list.
pub const MAX_ENTRIES: usize = 32;
/// The most rounds a contest may be given.
pub const MAX_ROUNDS: u32 = 10_000;
/// Characteristics, armor and To Hit stay within ±this.
pub const MAX_STAT: i32 = 1000;
/// The most hit points a sheet may have.
pub const MAX_HP: i32 = 100_000;

/// Why a contest cannot be fought. Every variant names the field at fault as a path such as
/// `team1[2].hp`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContestError {
    /// The JSON does not fit the input's shape: a wrong type, an unknown field or value, or
    /// damage or modifier notation that does not parse (its message names the column).
    Parse {
        /// Where.
        field: String,
        /// The parser's words.
        message: String,
    },
    /// A team without characters.
    NoFighters {
        /// `team1` or `team2`.
        field: String,
    },
    /// A list longer than its limit.
    TooMany {
        /// The list.
        field: String,
        /// Its length.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// A number outside its range.
    OutOfRange {
        /// The number's field.
        field: String,
        /// The value given.
        value: i64,
        /// The lowest allowed.
        min: i64,
        /// The highest allowed.
        max: i64,
    },
    /// An Armor modifier in SL notation, or giving advantage or disadvantage: Armor takes only
    /// numbers.
    ArmorModifier {
        /// The modifier's `value` or `has`.
        field: String,
    },
}

impl ContestError {
    /// The path of the field at fault (empty for the whole input).
    pub fn field(&self) -> &str {
        match self {
            ContestError::Parse { field, .. }
            | ContestError::NoFighters { field }
            | ContestError::TooMany { field, .. }
            | ContestError::OutOfRange { field, .. }
            | ContestError::ArmorModifier { field } => field,
        }
    }

    /// What is wrong, without the field.
    pub fn message(&self) -> String {
        match self {
            ContestError::Parse { message, .. } => message.clone(),
            ContestError::NoFighters { .. } => "a team needs at least one character".into(),
            ContestError::TooMany { count, max, .. } => format!("{count} entries; at most {max}"),
            ContestError::OutOfRange {
                value, min, max, ..
            } => format!("{value} is outside {min}..={max}"),
            ContestError::ArmorModifier { .. } => {
                "an Armor modifier takes a plain number and no advantage or disadvantage".into()
            }
        }
    }
}

impl fmt::Display for ContestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field() {
            "" => write!(f, "{}", self.message()),
            field => write!(f, "{field}: {}", self.message()),
        }
    }
}

impl std::error::Error for ContestError {}

impl From<ContestError> for DocError {
    fn from(e: ContestError) -> DocError {
        DocError::new(e.field(), e.message())
    }
}

/// Checks that `value` is within `min..=max`.
fn range(
    field: impl FnOnce() -> String,
    value: i64,
    min: i64,
    max: i64,
) -> Result<(), ContestError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(ContestError::OutOfRange {
            field: field(),
            value,
            min,
            max,
        })
    }
}

/// Checks a list's length.
fn length(field: impl FnOnce() -> String, count: usize, max: usize) -> Result<(), ContestError> {
    if count <= max {
        Ok(())
    } else {
        Err(ContestError::TooMany {
            field: field(),
            count,
            max,
        })
    }
}

impl ContestInput {
    /// Checks the input: 1 to [`MAX_FIGHTERS`] characters a team; characteristics, armor and To
    /// Hit within ±[`MAX_STAT`]; `1 ≤ hp ≤ hp_max ≤ MAX_HP`; at most [`MAX_ENTRIES`] actions and
    /// modifiers a sheet; 1 to [`MAX_HITS`] hits per round; 1 to [`MAX_ROUNDS`] rounds; Armor
    /// modifiers numeric only. Stops at the first problem.
    pub fn validate(&self) -> Result<(), ContestError> {
        let rounds = i64::from(self.max_rounds);
        range(|| "max_rounds".into(), rounds, 1, i64::from(MAX_ROUNDS))?;
        for (name, team) in [("team1", &self.team1), ("team2", &self.team2)] {
            if team.is_empty() {
                return Err(ContestError::NoFighters { field: name.into() });
            }
            length(|| name.into(), team.len(), MAX_FIGHTERS)?;
            for (i, sheet) in team.iter().enumerate() {
                check_sheet(sheet, &format!("{name}[{i}]"))?;
            }
        }
        Ok(())
    }
}

fn check_sheet(s: &Sheet, at: &str) -> Result<(), ContestError> {
    let field = |name: &str| {
        let f = format!("{at}.{name}");
        move || f
    };
    let stat = i64::from(MAX_STAT);
    for c in Char::ALL {
        let name = format!("{c:?}").to_lowercase();
        range(field(&name), i64::from(s.char(c)), -stat, stat)?;
    }
    range(field("armor"), i64::from(s.armor), -stat, stat)?;
    range(field("hp_max"), i64::from(s.hp_max), 1, i64::from(MAX_HP))?;
    if let Some(hp) = s.hp {
        range(field("hp"), i64::from(hp), 1, i64::from(s.hp_max))?;
    }
    length(field("actions"), s.actions.len(), MAX_ENTRIES)?;
    length(field("modifiers"), s.modifiers.len(), MAX_ENTRIES)?;
    for (k, a) in s.actions.iter().enumerate() {
        let af = |name: &str| {
            let f = format!("{at}.actions[{k}].{name}");
            move || f
        };
        let hits = i64::from(a.hits_per_round);
        range(af("hits_per_round"), hits, 1, i64::from(MAX_HITS))?;
        range(af("to_hit"), i64::from(a.to_hit), -stat, stat)?;
    }
    for (k, m) in s.modifiers.iter().enumerate() {
        let mf = |name: &str| format!("{at}.modifiers[{k}].{name}");
        match m.value {
            ModValue::Numeric(n) | ModValue::Sl(n) => {
                range(|| mf("value"), i64::from(n), -stat, stat)?;
            }
        }
        if m.stat == Stat::Armor {
            if matches!(m.value, ModValue::Sl(_)) {
                return Err(ContestError::ArmorModifier { field: mf("value") });
            }
            if m.has != Has::Nothing {
                return Err(ContestError::ArmorModifier { field: mf("has") });
            }
        }
    }
    Ok(())
}

/// Reads and validates an input from JSON, naming the path of the first field that does not fit
/// (a damage or modifier notation error names its column too).
pub fn parse_input(text: &str) -> Result<ContestInput, ContestError> {
    let input: ContestInput =
        crate::realm::json::from_str_denying(text).map_err(|e| ContestError::Parse {
            field: e.field,
            message: e.message,
        })?;
    input.validate()?;
    Ok(input)
}
