//! `OlympiaInput::validate`: the checks a battle must pass before it is fought, each failure naming
//! its field (`defender.units[1].men[0].count`), as `DocError` does for the realm document.

use super::input::{Force, OlympiaInput};
use super::kinds::Kind;
use crate::{DocError, MAX_ID};
use std::collections::HashMap;
use std::fmt;

/// Most figures a force may field, so the battle and its log stay a size a browser handles.
pub const MAX_FIGURES: u64 = 2_000;

/// Largest item bonus and structure defense.
const MAX_RATING: u64 = 1_000;

/// Why an Olympia input cannot be fought. Every variant names the offending field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OlympiaError {
    /// A force without units, or a unit with neither noble nor men.
    Empty {
        /// The list or unit.
        field: String,
    },
    /// A number outside its range.
    OutOfRange {
        /// The number.
        field: String,
        /// Its value.
        value: u64,
        /// Least allowed.
        min: u64,
        /// Most allowed.
        max: u64,
    },
    /// A force of more than [`MAX_FIGURES`] figures.
    TooManyFigures {
        /// The force's units.
        field: String,
        /// How many it has.
        figures: u64,
    },
    /// A unit id used twice (ids are unique across both forces).
    DuplicateId {
        /// The second use.
        field: String,
        /// The id.
        id: u64,
        /// The first use.
        first: String,
    },
    /// `noble` among a unit's men: a noble is a unit's `noble`, with health and items.
    NobleAsMen {
        /// The men's kind.
        field: String,
    },
}

impl OlympiaError {
    /// The path of the offending field.
    pub fn field(&self) -> &str {
        use OlympiaError::*;
        match self {
            Empty { field }
            | OutOfRange { field, .. }
            | TooManyFigures { field, .. }
            | DuplicateId { field, .. }
            | NobleAsMen { field } => field,
        }
    }

    /// What is wrong, in words, without the field.
    pub fn message(&self) -> String {
        use OlympiaError::*;
        match self {
            Empty { .. } => "needs at least one unit, or a noble or men".into(),
            OutOfRange {
                value, min, max, ..
            } => format!("{value} is outside {min}..={max}"),
            TooManyFigures { figures, .. } => {
                format!("{figures} figures; a force fields at most {MAX_FIGURES}")
            }
            DuplicateId { id, first, .. } => format!("unit id {id} is also {first}"),
            NobleAsMen { .. } => {
                "a noble leads a unit (its `noble`); it is not one of its men".into()
            }
        }
    }
}

impl fmt::Display for OlympiaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field(), self.message())
    }
}

impl std::error::Error for OlympiaError {}

impl From<OlympiaError> for DocError {
    fn from(e: OlympiaError) -> DocError {
        DocError::new(e.field(), e.message())
    }
}

type Res = Result<(), OlympiaError>;

fn range(field: impl FnOnce() -> String, value: u64, min: u64, max: u64) -> Res {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(OlympiaError::OutOfRange {
            field: field(),
            value,
            min,
            max,
        })
    }
}

fn force(name: &str, f: &Force, ids: &mut HashMap<u64, String>) -> Res {
    if f.units.is_empty() {
        return Err(OlympiaError::Empty {
            field: format!("{name}.units"),
        });
    }
    let mut figures = 0u64;
    for (i, u) in f.units.iter().enumerate() {
        let at = format!("{name}.units[{i}]");
        range(|| format!("{at}.id"), u.id, 0, MAX_ID - 1)?;
        if let Some(first) = ids.insert(u.id, at.clone()) {
            return Err(OlympiaError::DuplicateId {
                field: format!("{at}.id"),
                id: u.id,
                first,
            });
        }
        if u.noble.is_none() && u.men.is_empty() {
            return Err(OlympiaError::Empty { field: at });
        }
        if let Some(n) = &u.noble {
            range(|| format!("{at}.noble.health"), n.health.into(), 1, 100)?;
            for (k, item) in n.items.iter().enumerate() {
                let bonuses = [
                    ("attack", item.attack),
                    ("defense", item.defense),
                    ("missile", item.missile),
                ];
                for (what, v) in bonuses {
                    let field = || format!("{at}.noble.items[{k}].{what}");
                    range(field, v.into(), 0, MAX_RATING)?;
                }
            }
            figures += 1;
        }
        for (k, m) in u.men.iter().enumerate() {
            if m.kind == Kind::Noble {
                return Err(OlympiaError::NobleAsMen {
                    field: format!("{at}.men[{k}].kind"),
                });
            }
            range(
                || format!("{at}.men[{k}].count"),
                m.count.into(),
                1,
                MAX_FIGURES,
            )?;
            figures += u64::from(m.count);
        }
    }
    if figures > MAX_FIGURES {
        return Err(OlympiaError::TooManyFigures {
            field: format!("{name}.units"),
            figures,
        });
    }
    if let Some(s) = &f.structure {
        range(
            || format!("{name}.structure.defense"),
            s.defense.into(),
            0,
            MAX_RATING,
        )?;
        range(
            || format!("{name}.structure.damage"),
            s.damage.into(),
            0,
            99,
        )?;
    }
    Ok(())
}

impl OlympiaInput {
    /// Checks the battle; the error names the first offending field.
    pub fn validate(&self) -> Result<(), OlympiaError> {
        let mut ids = HashMap::new();
        force("attacker", &self.attacker, &mut ids)?;
        force("defender", &self.defender, &mut ids)
    }
}
