//! `LabSetup`: a Battle Lab line-up saved in the realm document — both sides of one system's
//! fight (Book of Contests teams, Střet armád armies, Warfare realms and armies, Olympia forces)
//! with its seed, under a name, so the lab can load it again on any device.
//!
//! The body is the system's own typed input, the same type its lab page edits and its `resolve`
//! fights, so a saved line-up is checked by that system's own `validate` and loads without any
//! conversion. It is stored as `{id, name, version, system, body}`.
//!
//! **Format version and its migration rule.** `version` is the format of `body` for its
//! `system`. A reader accepts every version from 1 up to [`LAB_SETUP_VERSION`]; when a later
//! change alters a system's input in a way older bodies do not already read as (a renamed or
//! newly required field), [`LAB_SETUP_VERSION`] goes up and [`LabSetup::migrated`] learns to
//! rewrite the older version's body into the new one, so saved line-ups never become unreadable.
//! Changes that older bodies read as they are (a new field with a default) do not bump it. A
//! version above [`LAB_SETUP_VERSION`] was written by a newer Brickrealm and is refused by
//! [`Realm::validate`](crate::Realm::validate), naming `lab_setups[i].version`, rather than being
//! read half-understood. Version 1 is the first format, so there is nothing to migrate yet.

use crate::battle::systems::contests::ContestInput;
use crate::battle::systems::mass_battle::MassBattleInput;
use crate::battle::systems::olympia::OlympiaInput;
use crate::battle::systems::warfare::WarfareInput;
use crate::DocError;
use serde::{Deserialize, Serialize};

/// The format version written today.
pub const LAB_SETUP_VERSION: u32 = 1;
/// The most saved line-ups a realm may hold: plenty for a lab, and it bounds the document.
pub const MAX_LAB_SETUPS: usize = 500;
/// The most bytes one saved body may take as JSON. Each system bounds its lists already except
/// Warfare's, and none bounds its names, so this is the one bound every body shares.
pub const MAX_LAB_SETUP_BYTES: usize = 256 * 1024;

/// A saved line-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(try_from = "LabSetupRow")]
pub struct LabSetup {
    /// Record id, below 2⁵³.
    pub id: u64,
    /// What it is called in the lab's list (a display name: not blank, at most 60 characters).
    pub name: String,
    /// The format of `body` (see the module's migration rule).
    pub version: u32,
    /// Which system, and its input.
    #[serde(flatten)]
    pub line_up: LineUp,
}

/// A system's whole input: `{"system": "contests", "body": {...}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "system", content = "body", rename_all = "snake_case")]
pub enum LineUp {
    /// Book of Contests: two teams of character sheets (SYSTEMS.md §4).
    Contests(ContestInput),
    /// Střet armád: two armies of units (SYSTEMS.md §2).
    MassBattle(MassBattleInput),
    /// Warfare: realms, armies and conflicts (SYSTEMS.md §1).
    Warfare(WarfareInput),
    /// Olympia: two forces with weather and ground (SYSTEMS.md §3).
    Olympia(OlympiaInput),
}

/// A saved line-up as it is read: its stored fields, the body still JSON. Read through this
/// rather than serde's `flatten`, which buffers the whole object and drops keys it does not know
/// before the strict reader (`realm::json`) can see them; here an unknown key beside `body` is
/// reported like any other. The body is read by its system's own type, which refuses unknown
/// keys itself, so it goes through the plain record reader (`value_reader`) in both modes: one
/// copy of every system's input parser in the wasm, not one per reader.
#[derive(Deserialize)]
struct LabSetupRow {
    id: u64,
    name: String,
    version: u32,
    system: String,
    body: serde_json::Value,
}

impl TryFrom<LabSetupRow> for LabSetup {
    type Error = DocError;

    fn try_from(row: LabSetupRow) -> Result<LabSetup, DocError> {
        let tagged = serde_json::json!({ "system": row.system, "body": row.body });
        Ok(LabSetup {
            id: row.id,
            name: row.name,
            version: row.version,
            line_up: crate::realm::value_reader::from_value(tagged)
                .map_err(|e| DocError::new("body", e.to_string()))?,
        })
    }
}

impl LineUp {
    /// The `system` name it is stored under (the lab tab's key).
    pub fn system(&self) -> &'static str {
        match self {
            LineUp::Contests(_) => "contests",
            LineUp::MassBattle(_) => "mass_battle",
            LineUp::Warfare(_) => "warfare",
            LineUp::Olympia(_) => "olympia",
        }
    }

    /// The system's own checks, with the field path inside the body.
    fn check(&self) -> Result<(), DocError> {
        match self {
            LineUp::Contests(i) => i.validate().map_err(DocError::from),
            LineUp::MassBattle(i) => i.validate().map_err(DocError::from),
            LineUp::Warfare(i) => i.validate().map_err(DocError::from),
            LineUp::Olympia(i) => i.validate().map_err(DocError::from),
        }
    }
}

impl LabSetup {
    /// A line-up in today's format.
    pub fn new(id: u64, name: impl Into<String>, line_up: LineUp) -> LabSetup {
        LabSetup {
            id,
            name: name.into(),
            version: LAB_SETUP_VERSION,
            line_up,
        }
    }

    /// The line-up rewritten into today's format. Version 1 is the only format so far, so this
    /// only stamps the version; a later format adds its step here (see the module doc).
    pub fn migrated(mut self) -> LabSetup {
        self.version = LAB_SETUP_VERSION;
        self
    }

    /// Checks one saved line-up; `at` is its path (`lab_setups[2]`).
    pub(crate) fn check(&self, at: &str) -> Result<(), DocError> {
        crate::realm::validate::display_name(&self.name, || format!("{at}.name"))?;
        if self.version == 0 || self.version > LAB_SETUP_VERSION {
            return Err(DocError::new(
                format!("{at}.version"),
                format!(
                    "format version {} is not one this Brickrealm reads (1 to {LAB_SETUP_VERSION})",
                    self.version
                ),
            ));
        }
        let bytes = serde_json::to_vec(&self.line_up).map_or(usize::MAX, |v| v.len());
        if bytes > MAX_LAB_SETUP_BYTES {
            return Err(DocError::new(
                format!("{at}.body"),
                format!(
                    "{bytes} bytes of JSON; a saved line-up takes at most {MAX_LAB_SETUP_BYTES}"
                ),
            ));
        }
        self.line_up
            .check()
            .map_err(|e| e.within(&format!("{at}.body")))
    }
}

#[cfg(test)]
mod tests;
