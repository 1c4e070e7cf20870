//! `WarfareInput::validate`: the checks a phase must pass before it is fought, each failure naming
//! its field (`conflicts[1].sides[0][2]`), as `DocError` does for the realm document.

use super::input::{ConflictKind, WarfareInput};
use crate::{DocError, MAX_ID};
use std::collections::HashMap;
use std::fmt;

/// Most realms, armies and conflicts a phase may hold, and most sides of one conflict.
pub const LIMITS: Limits = Limits {
    realms: 64,
    armies: 256,
    conflicts: 64,
    sides: 16,
    might: 1_000,
    influence: 1_000,
};

/// The bounds [`WarfareInput::validate`] enforces, so a phase stays small enough to log every die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Realms per phase.
    pub realms: usize,
    /// Armies per phase.
    pub armies: usize,
    /// Conflicts per phase.
    pub conflicts: usize,
    /// Sides per conflict.
    pub sides: usize,
    /// Might per army.
    pub might: u32,
    /// Influence per realm.
    pub influence: u32,
}

/// Why a Warfare input cannot be fought. Every variant names the offending field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WarfareError {
    /// A list that needs an entry has none.
    Empty {
        /// The list.
        field: String,
    },
    /// A list longer than its limit.
    TooMany {
        /// The list.
        field: String,
        /// Its limit.
        max: usize,
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
    /// An id used twice in one list.
    DuplicateId {
        /// The second use.
        field: String,
        /// The id.
        id: u64,
    },
    /// A reference to a realm or army that does not exist.
    Unknown {
        /// The reference.
        field: String,
        /// `realm` or `army`.
        what: &'static str,
        /// The id given.
        id: u64,
    },
    /// An army listed twice in one conflict, in two battles or in two sieges.
    ArmyTwice {
        /// The second listing.
        field: String,
        /// The army.
        army: u64,
        /// The first listing.
        first: String,
    },
    /// A garrison anywhere but the defending side of a siege.
    MisplacedGarrison {
        /// The listing.
        field: String,
        /// The army.
        army: u64,
    },
    /// A siege with no garrison among its defenders.
    NoGarrison {
        /// The defending side.
        field: String,
    },
    /// Armies of one realm on two sides of a conflict.
    RealmOnBothSides {
        /// The second listing.
        field: String,
        /// The realm.
        realm: u64,
    },
    /// A battle with fewer than two sides, or a siege with other than two.
    Sides {
        /// The conflict's sides.
        field: String,
        /// Battle or siege.
        kind: ConflictKind,
        /// How many it has.
        got: usize,
    },
}

impl WarfareError {
    /// The path of the offending field.
    pub fn field(&self) -> &str {
        use WarfareError::*;
        match self {
            Empty { field }
            | TooMany { field, .. }
            | OutOfRange { field, .. }
            | DuplicateId { field, .. }
            | Unknown { field, .. }
            | ArmyTwice { field, .. }
            | MisplacedGarrison { field, .. }
            | NoGarrison { field }
            | RealmOnBothSides { field, .. }
            | Sides { field, .. } => field,
        }
    }

    /// What is wrong, in words, without the field.
    pub fn message(&self) -> String {
        use WarfareError::*;
        match self {
            Empty { .. } => "needs at least one entry".into(),
            TooMany { max, .. } => format!("more than {max} entries"),
            OutOfRange {
                value, min, max, ..
            } => format!("{value} is outside {min}..={max}"),
            DuplicateId { id, .. } => format!("duplicate id {id}"),
            Unknown { what, id, .. } => format!("no {what} with id {id}"),
            ArmyTwice { army, first, .. } => format!("army {army} is already listed at {first}"),
            MisplacedGarrison { army, .. } => format!(
                "army {army} is a garrison: it fights only on the defending side of a siege"
            ),
            NoGarrison { .. } => "a siege's defenders need a garrison".into(),
            RealmOnBothSides { realm, .. } => {
                format!("realm {realm} already has an army on another side")
            }
            Sides { kind, got, .. } => match kind {
                ConflictKind::Battle => format!("a battle needs at least 2 sides, not {got}"),
                ConflictKind::Siege => format!("a siege has exactly 2 sides, not {got}"),
            },
        }
    }
}

impl fmt::Display for WarfareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field(), self.message())
    }
}

impl std::error::Error for WarfareError {}

impl From<WarfareError> for DocError {
    fn from(e: WarfareError) -> DocError {
        DocError::new(e.field(), e.message())
    }
}

type Res = Result<(), WarfareError>;

fn range(field: impl FnOnce() -> String, value: u64, min: u64, max: u64) -> Res {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(WarfareError::OutOfRange {
            field: field(),
            value,
            min,
            max,
        })
    }
}

fn list<T>(field: &str, items: &[T], max: usize, non_empty: bool) -> Res {
    if non_empty && items.is_empty() {
        return Err(WarfareError::Empty {
            field: field.into(),
        });
    }
    if items.len() > max {
        return Err(WarfareError::TooMany {
            field: field.into(),
            max,
        });
    }
    Ok(())
}

/// Ids unique and below 2⁵³; returns id → index.
fn ids(name: &str, ids: impl Iterator<Item = u64>) -> Result<HashMap<u64, usize>, WarfareError> {
    let mut seen = HashMap::new();
    for (i, id) in ids.enumerate() {
        let field = || format!("{name}[{i}].id");
        range(field, id, 0, MAX_ID - 1)?;
        if seen.insert(id, i).is_some() {
            return Err(WarfareError::DuplicateId { field: field(), id });
        }
    }
    Ok(seen)
}

impl WarfareInput {
    /// Checks the phase; the error names the first offending field.
    pub fn validate(&self) -> Result<(), WarfareError> {
        let l = LIMITS;
        list("realms", &self.realms, l.realms, true)?;
        list("armies", &self.armies, l.armies, true)?;
        list("conflicts", &self.conflicts, l.conflicts, true)?;
        let realms = ids("realms", self.realms.iter().map(|r| r.id))?;
        for (i, r) in self.realms.iter().enumerate() {
            let field = || format!("realms[{i}].influence");
            range(field, r.influence.into(), 0, l.influence.into())?;
        }
        let armies = ids("armies", self.armies.iter().map(|a| a.id))?;
        for (i, a) in self.armies.iter().enumerate() {
            if !realms.contains_key(&a.realm) {
                return Err(WarfareError::Unknown {
                    field: format!("armies[{i}].realm"),
                    what: "realm",
                    id: a.realm,
                });
            }
            range(
                || format!("armies[{i}].might"),
                a.might.into(),
                1,
                l.might.into(),
            )?;
        }
        ids("conflicts", self.conflicts.iter().map(|c| c.id))?;
        // Where each army is first listed, per kind of conflict.
        let mut listed: HashMap<(ConflictKind, u64), String> = HashMap::new();
        for (ci, c) in self.conflicts.iter().enumerate() {
            let here = format!("conflicts[{ci}].sides");
            list(&here, &c.sides, l.sides, false)?;
            let ok = match c.kind {
                ConflictKind::Battle => c.sides.len() >= 2,
                ConflictKind::Siege => c.sides.len() == 2,
            };
            if !ok {
                return Err(WarfareError::Sides {
                    field: here,
                    kind: c.kind,
                    got: c.sides.len(),
                });
            }
            let mut realm_side: HashMap<u64, usize> = HashMap::new();
            for (si, side) in c.sides.iter().enumerate() {
                list(&format!("{here}[{si}]"), side, l.armies, true)?;
                for (k, &id) in side.iter().enumerate() {
                    let field = format!("{here}[{si}][{k}]");
                    let Some(&ai) = armies.get(&id) else {
                        return Err(WarfareError::Unknown {
                            field,
                            what: "army",
                            id,
                        });
                    };
                    let a = &self.armies[ai];
                    if let Some(first) = listed.get(&(c.kind, id)) {
                        return Err(WarfareError::ArmyTwice {
                            field,
                            army: id,
                            first: first.clone(),
                        });
                    }
                    listed.insert((c.kind, id), field.clone());
                    if a.garrison && (c.kind != ConflictKind::Siege || si != 1) {
                        return Err(WarfareError::MisplacedGarrison { field, army: id });
                    }
                    if *realm_side.entry(a.realm).or_insert(si) != si {
                        return Err(WarfareError::RealmOnBothSides {
                            field,
                            realm: a.realm,
                        });
                    }
                }
            }
            if c.kind == ConflictKind::Siege
                && !c.sides[1].iter().any(|id| self.armies[armies[id]].garrison)
            {
                return Err(WarfareError::NoGarrison {
                    field: format!("{here}[1]"),
                });
            }
        }
        Ok(())
    }
}
