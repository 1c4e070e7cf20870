//! `Realm::validate`: the checks a document must pass before anything is computed from it.
//!
//! Reading is tolerant (unknown fields are ignored, missing collections are empty); this is where a
//! document is held to the model: unique ids below 2⁵³, document order, every reference resolving, and
//! values that are well-formed. It stops at the first problem and names its field.

mod refs;

use crate::realm::Keyed;
use crate::{DocError, FactionKind, Realm, Scope};
use std::collections::HashMap;

/// Ids must stay below 2⁵³ so they survive JSON and JavaScript.
pub const MAX_ID: u64 = 1 << 53;

type Res = Result<(), DocError>;

/// An error at `field`.
pub(crate) fn bad(field: impl Into<String>, message: impl Into<String>) -> DocError {
    DocError::new(field, message)
}

/// Checks that a number is finite (JSON cannot carry NaN or infinities, but Rust callers can).
pub(crate) fn finite(v: Option<f64>, field: impl FnOnce() -> String) -> Res {
    match v {
        Some(x) if !x.is_finite() => Err(bad(field(), format!("{x} is not a finite number"))),
        _ => Ok(()),
    }
}

/// Checks a `#rrggbb` colour.
pub(crate) fn hex_colour(s: &str, field: impl FnOnce() -> String) -> Res {
    let ok = s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit());
    if ok {
        Ok(())
    } else {
        Err(bad(field(), format!("{s:?} is not a #rrggbb colour")))
    }
}

/// The longest display name, in characters: long enough for any house, short enough for a card.
pub const MAX_NAME_CHARS: usize = 60;

/// A display name: not blank, at most [`MAX_NAME_CHARS`] characters, and no control characters.
pub(crate) fn display_name(s: &str, field: impl FnOnce() -> String) -> Res {
    let why = if s.trim().is_empty() {
        Some("a name cannot be blank".to_string())
    } else if s.chars().count() > MAX_NAME_CHARS {
        Some(format!("a name is at most {MAX_NAME_CHARS} characters"))
    } else if s.chars().any(char::is_control) {
        Some("a name cannot hold control characters".to_string())
    } else {
        None
    };
    why.map_or(Ok(()), |m| Err(bad(field(), m)))
}

/// Ids unique and below 2⁵³, and records in `(order, id)` order. Returns id → index.
fn collection<T: Keyed>(name: &str, items: &[T]) -> Result<HashMap<u64, usize>, DocError> {
    let mut seen = HashMap::with_capacity(items.len());
    for (i, it) in items.iter().enumerate() {
        let id = it.id();
        if id >= MAX_ID {
            return Err(bad(
                format!("{name}[{i}].id"),
                format!("id {id} is not below 2^53"),
            ));
        }
        if let Some(j) = seen.insert(id, i) {
            return Err(bad(
                format!("{name}[{i}].id"),
                format!("duplicate id {id} (also {name}[{j}])"),
            ));
        }
        if i > 0 && items[i - 1].key() > it.key() {
            return Err(bad(format!("{name}[{i}]"), "out of (order, id) order"));
        }
    }
    Ok(seen)
}

/// Id → index for every collection, built once and used to resolve references.
pub(crate) struct Index {
    pub colours: HashMap<u64, usize>,
    pub materials: HashMap<u64, usize>,
    pub weapons: HashMap<u64, usize>,
    pub armor: HashMap<u64, usize>,
    pub headwear: HashMap<u64, usize>,
    pub backpieces: HashMap<u64, usize>,
    pub legwear: HashMap<u64, usize>,
    pub shields: HashMap<u64, usize>,
    pub beasts: HashMap<u64, usize>,
    pub movement_types: HashMap<u64, usize>,
    pub species: HashMap<u64, usize>,
    pub unique_items: HashMap<u64, usize>,
    pub machine_kinds: HashMap<u64, usize>,
    pub bardings: HashMap<u64, usize>,
    pub factions: HashMap<u64, usize>,
    pub regiments: HashMap<u64, usize>,
    pub equipment_types: HashMap<u64, usize>,
    pub photos: HashMap<u64, usize>,
}

impl Index {
    fn build(r: &Realm) -> Result<Index, DocError> {
        collection("creatures", &r.creatures)?;
        collection("buffs", &r.buffs)?;
        collection("ratings", &r.ratings)?;
        collection("seasons", &r.seasons)?;
        collection("lab_setups", &r.lab_setups)?;
        Ok(Index {
            colours: collection("colours", &r.colours)?,
            materials: collection("materials", &r.materials)?,
            weapons: collection("weapons", &r.weapons)?,
            armor: collection("armor", &r.armor)?,
            headwear: collection("headwear", &r.headwear)?,
            backpieces: collection("backpieces", &r.backpieces)?,
            legwear: collection("legwear", &r.legwear)?,
            shields: collection("shields", &r.shields)?,
            beasts: collection("beasts", &r.beasts)?,
            movement_types: collection("movement_types", &r.movement_types)?,
            species: collection("species", &r.species)?,
            unique_items: collection("unique_items", &r.unique_items)?,
            machine_kinds: collection("machine_kinds", &r.machine_kinds)?,
            bardings: collection("bardings", &r.bardings)?,
            factions: collection("factions", &r.factions)?,
            regiments: collection("regiments", &r.regiments)?,
            equipment_types: collection("equipment_types", &r.equipment_types)?,
            photos: collection("photos", &r.photos)?,
        })
    }
}

/// Checks that `id` is a key of `set`, naming `field` and the collection when it is not.
pub(crate) fn resolves(
    set: &HashMap<u64, usize>,
    id: u64,
    what: &str,
    field: impl FnOnce() -> String,
) -> Res {
    if set.contains_key(&id) {
        Ok(())
    } else {
        Err(bad(field(), format!("no {what} with id {id}")))
    }
}

impl Realm {
    /// Checks everything a document must satisfy; the error names the first offending field.
    pub fn validate(&self) -> Result<(), DocError> {
        self.validate_without_lab_setups()?;
        self.check_lab_setups()
    }

    /// [`Realm::validate`] without the checks of saved Battle Lab line-ups' bodies, which nothing
    /// else in the document refers to. For a reader that skipped them
    /// ([`Realm::from_records_without_lab_setups`]): a build that calls only this does not carry
    /// every further system's input checks and serialiser.
    pub fn validate_without_lab_setups(&self) -> Result<(), DocError> {
        self.check_map()?;
        let ix = Index::build(self)?;
        self.check_settings()?;
        self.check_armory_names()?;
        refs::armory(self, &ix)?;
        refs::factions(self, &ix)?;
        refs::photos(self, &ix)?;
        refs::ratings(self, &ix)
    }

    /// Saved Battle Lab line-ups: a bounded number, each named, in a format this build reads,
    /// and a body its own system accepts.
    fn check_lab_setups(&self) -> Res {
        if self.lab_setups.len() > crate::MAX_LAB_SETUPS {
            return Err(bad(
                "lab_setups",
                format!(
                    "{} saved line-ups; a realm keeps at most {}",
                    self.lab_setups.len(),
                    crate::MAX_LAB_SETUPS
                ),
            ));
        }
        for (i, s) in self.lab_setups.iter().enumerate() {
            s.check(&format!("lab_setups[{i}]"))?;
        }
        Ok(())
    }

    fn check_map(&self) -> Res {
        let m = &self.map;
        if m.width == 0 {
            return Err(bad("map.width", "must be positive"));
        }
        if m.height == 0 {
            return Err(bad("map.height", "must be positive"));
        }
        let want = m.width as usize * m.height as usize;
        if m.cells.len() != want {
            let msg = format!("{} cells for {}×{}", m.cells.len(), m.width, m.height);
            return Err(bad("map.cells", msg));
        }
        Ok(())
    }

    /// Every Armory row is picked by its name in the editor and shown by it on every page, so a
    /// blank, overlong or control-character name is refused like a faction's.
    fn check_armory_names(&self) -> Res {
        macro_rules! names {
            ($($table:ident),*) => {$(
                for (i, row) in self.$table.iter().enumerate() {
                    display_name(&row.name, || format!(concat!(stringify!($table), "[{}].name"), i))?;
                }
            )*};
        }
        names!(
            colours,
            materials,
            weapons,
            armor,
            headwear,
            backpieces,
            legwear,
            shields,
            beasts,
            movement_types,
            species,
            creatures,
            unique_items,
            machine_kinds,
            bardings,
            equipment_types
        );
        Ok(())
    }

    fn check_settings(&self) -> Res {
        let mut numbers = HashMap::new();
        for (i, s) in self.seasons.iter().enumerate() {
            if let Some(j) = numbers.insert(s.number, i) {
                let msg = format!("season number {} is also seasons[{j}]", s.number);
                return Err(bad(format!("seasons[{i}].number"), msg));
            }
        }
        let cur = self.settings.current_season;
        if cur != 0 && !numbers.contains_key(&cur) {
            return Err(bad(
                "settings.current_season",
                format!("no season number {cur}"),
            ));
        }
        Ok(())
    }
}

/// The scope a line may not have on this kind of owner.
pub(crate) fn forbidden_scope(machine: bool) -> Scope {
    if machine {
        Scope::Wearer
    } else {
        Scope::SelfOnly
    }
}

/// Whether a faction of this kind may be named by a Grudge.
pub(crate) fn grudge_target_ok(kind: FactionKind) -> bool {
    kind == FactionKind::Ordinary
}

#[cfg(test)]
mod tests;
