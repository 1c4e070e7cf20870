//! Changing what photos wear (SPEC §2.1, §2.4): fitting a slot, pushing an Armory edit down to every
//! photo that wears the edited row, and *Recalculate Unit Stats*. Each re-derives through
//! `derive_stats` and touches only `Photo::stats` (plus the slot being fitted): Health, names and the
//! `base_*` fields are never written here.
//!
//! **Decision beyond the spec:** push-down also covers Beastry rows and bardings/saddles, since their
//! numbers are read by derivation exactly like an Armory row's. Species and Movement Types are not
//! pushed down (SPEC §2.4: they are a starting point the figure keeps its own copy of).

use crate::{derive_stats, ArmoryTable, ItemRef, OffhandRef, Photo, Realm, Slot};
use std::fmt;

/// Which photos' derived stats changed, by id, in document order (SPEC §1.9: "a report says which
/// photos changed").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecalcReport {
    /// Ids of the photos whose `stats` differ from before.
    pub changed: Vec<u64>,
}

/// A fitting that cannot be made. Every variant names the photo and the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FitError {
    /// No photo has this id.
    NoPhoto {
        /// The id asked for.
        photo: u64,
    },
    /// Both a shield and an offhand weapon were given: the offhand holds one or the other (SPEC §2.3).
    OffhandBoth {
        /// The photo being fitted.
        photo: u64,
    },
    /// A referenced row, material, unique item, beast or barding does not exist.
    Unresolved {
        /// The photo being fitted.
        photo: u64,
        /// The field, e.g. `offhand.shield.material`.
        field: &'static str,
        /// The id that resolves to nothing.
        id: u64,
    },
    /// A barding or saddle is already worn by another photo (each is worn by exactly one).
    WornElsewhere {
        /// The photo being fitted.
        photo: u64,
        /// The barding's id.
        barding: u64,
        /// The photo already wearing it.
        by: u64,
    },
    /// A unique item was put in a slot it is not for, or an offhand unique item on the wrong side
    /// (weapon vs shield).
    WrongSlot {
        /// The photo being fitted.
        photo: u64,
        /// The field.
        field: &'static str,
        /// The unique item's id.
        unique: u64,
    },
}

impl FitError {
    /// The photo field the error is about, for an editor to mark.
    pub fn field(&self) -> &'static str {
        match self {
            FitError::NoPhoto { .. } => "id",
            FitError::OffhandBoth { .. } => "offhand",
            FitError::Unresolved { field, .. } | FitError::WrongSlot { field, .. } => field,
            FitError::WornElsewhere { .. } => "worn",
        }
    }
}

impl fmt::Display for FitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FitError::NoPhoto { photo } => write!(f, "no photo with id {photo}"),
            FitError::OffhandBoth { photo } => write!(
                f,
                "photo {photo}: the offhand holds a shield or a weapon, never both"
            ),
            FitError::Unresolved { photo, field, id } => {
                write!(f, "photo {photo}: {field}: nothing with id {id}")
            }
            FitError::WornElsewhere { photo, barding, by } => {
                write!(
                    f,
                    "photo {photo}: worn: barding {barding} is already worn by photo {by}"
                )
            }
            FitError::WrongSlot {
                photo,
                field,
                unique,
            } => write!(
                f,
                "photo {photo}: {field}: unique item {unique} does not go there"
            ),
        }
    }
}

impl std::error::Error for FitError {}

/// The editor's two offhand fields. At most one may be filled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OffhandPick {
    /// A weapon row (or an offhand unique item with Attack Power).
    pub weapon: Option<ItemRef>,
    /// A shield row (or an offhand unique item without Attack Power).
    pub shield: Option<ItemRef>,
}

/// One change to what a photo wears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fit {
    /// Main hand.
    Weapon(Option<ItemRef>),
    /// Off hand: a weapon or a shield, never both.
    Offhand(OffhandPick),
    /// Body armour.
    Armor(Option<ItemRef>),
    /// Helmet.
    Headwear(Option<ItemRef>),
    /// Cloak, quiver, banner.
    Backpiece(Option<ItemRef>),
    /// Greaves.
    Legwear(Option<ItemRef>),
    /// A war beast, by `beasts` id.
    Beast(Option<u64>),
    /// The bardings and saddles worn, by id.
    Worn(Vec<u64>),
}

/// The Armory record that was edited, for [`push_down`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArmoryEdit {
    /// A material's Stat Impact.
    Material(u64),
    /// An item row of one table.
    Item(ArmoryTable, u64),
    /// A unique item's fixed numbers.
    Unique(u64),
    /// A Beastry row.
    Beast(u64),
    /// A barding or saddle's lines.
    Barding(u64),
}

fn check_item(
    r: &Realm,
    photo: u64,
    table: ArmoryTable,
    slot: Slot,
    it: Option<ItemRef>,
    field: (&'static str, &'static str),
) -> Result<(), FitError> {
    match it {
        None => Ok(()),
        Some(ItemRef::Item(f)) => {
            let found = match table {
                ArmoryTable::Weapon => r.weapons.iter().any(|x| x.id == f.row),
                ArmoryTable::Armor => r.armor.iter().any(|x| x.id == f.row),
                ArmoryTable::Headwear => r.headwear.iter().any(|x| x.id == f.row),
                ArmoryTable::Backpiece => r.backpieces.iter().any(|x| x.id == f.row),
                ArmoryTable::Legwear => r.legwear.iter().any(|x| x.id == f.row),
                ArmoryTable::Shield => r.shields.iter().any(|x| x.id == f.row),
            };
            if !found {
                let (field, id) = (field.0, f.row);
                return Err(FitError::Unresolved { photo, field, id });
            }
            if !r.materials.iter().any(|m| m.id == f.material) {
                let (field, id) = (field.1, f.material);
                return Err(FitError::Unresolved { photo, field, id });
            }
            Ok(())
        }
        Some(ItemRef::Unique(id)) => {
            let field = field.0;
            let Some(u) = r.unique_items.iter().find(|u| u.id == id) else {
                return Err(FitError::Unresolved { photo, field, id });
            };
            let side_ok = match table {
                ArmoryTable::Weapon if slot == Slot::Offhand => u.attack_power.is_some(),
                ArmoryTable::Shield => u.attack_power.is_none(),
                _ => true,
            };
            if u.slot != slot || !side_ok {
                return Err(FitError::WrongSlot {
                    photo,
                    field,
                    unique: id,
                });
            }
            Ok(())
        }
    }
}

/// Turns the editor's two offhand fields into the photo's offhand, refusing both at once.
pub fn offhand_from(
    r: &Realm,
    photo: u64,
    pick: OffhandPick,
) -> Result<Option<OffhandRef>, FitError> {
    let weapon_field = ("offhand.weapon", "offhand.weapon.material");
    let shield_field = ("offhand.shield", "offhand.shield.material");
    check_item(
        r,
        photo,
        ArmoryTable::Weapon,
        Slot::Offhand,
        pick.weapon,
        weapon_field,
    )?;
    check_item(
        r,
        photo,
        ArmoryTable::Shield,
        Slot::Offhand,
        pick.shield,
        shield_field,
    )?;
    Ok(match (pick.weapon, pick.shield) {
        (Some(_), Some(_)) => return Err(FitError::OffhandBoth { photo }),
        (Some(ItemRef::Item(f)), None) => Some(OffhandRef::Weapon(f)),
        (None, Some(ItemRef::Item(f))) => Some(OffhandRef::Shield(f)),
        (Some(ItemRef::Unique(id)), None) | (None, Some(ItemRef::Unique(id))) => {
            Some(OffhandRef::Unique(id))
        }
        (None, None) => None,
    })
}

/// Applies one fitting to photo `photo` and re-derives its stats (SPEC §2.4a). Returns whether its
/// derived stats changed. Nothing is written when the fitting is refused.
pub fn fit(r: &mut Realm, photo: u64, change: Fit) -> Result<bool, FitError> {
    let i = r
        .photos
        .iter()
        .position(|p| p.id == photo)
        .ok_or(FitError::NoPhoto { photo })?;
    let row = |f: &'static str, m: &'static str| (f, m);
    match &change {
        Fit::Weapon(it) => check_item(
            r,
            photo,
            ArmoryTable::Weapon,
            Slot::Weapon,
            *it,
            row("weapon", "weapon.material"),
        )?,
        Fit::Armor(it) => check_item(
            r,
            photo,
            ArmoryTable::Armor,
            Slot::Armor,
            *it,
            row("armor", "armor.material"),
        )?,
        Fit::Headwear(it) => check_item(
            r,
            photo,
            ArmoryTable::Headwear,
            Slot::Headwear,
            *it,
            row("headwear", "headwear.material"),
        )?,
        Fit::Backpiece(it) => check_item(
            r,
            photo,
            ArmoryTable::Backpiece,
            Slot::Backpiece,
            *it,
            row("backpiece", "backpiece.material"),
        )?,
        Fit::Legwear(it) => check_item(
            r,
            photo,
            ArmoryTable::Legwear,
            Slot::Legwear,
            *it,
            row("legwear", "legwear.material"),
        )?,
        Fit::Offhand(_) => {}
        Fit::Beast(b) => {
            if let Some(id) = *b {
                if !r.beasts.iter().any(|x| x.id == id) {
                    return Err(FitError::Unresolved {
                        photo,
                        field: "beast",
                        id,
                    });
                }
            }
        }
        Fit::Worn(ids) => {
            for &id in ids {
                if !r.bardings.iter().any(|x| x.id == id) {
                    return Err(FitError::Unresolved {
                        photo,
                        field: "worn",
                        id,
                    });
                }
                let other = r
                    .photos
                    .iter()
                    .find(|p| p.id != photo && p.worn.contains(&id));
                if let Some(by) = other.map(|p| p.id) {
                    return Err(FitError::WornElsewhere {
                        photo,
                        barding: id,
                        by,
                    });
                }
            }
        }
    }
    let offhand = match &change {
        Fit::Offhand(pick) => Some(offhand_from(r, photo, *pick)?),
        _ => None,
    };
    let p = &mut r.photos[i];
    match change {
        Fit::Weapon(it) => p.weapon = it,
        Fit::Offhand(_) => p.offhand = offhand.flatten(),
        Fit::Armor(it) => p.armor = it,
        Fit::Headwear(it) => p.headwear = it,
        Fit::Backpiece(it) => p.backpiece = it,
        Fit::Legwear(it) => p.legwear = it,
        Fit::Beast(b) => p.beast = b,
        Fit::Worn(ids) => p.worn = ids,
    }
    let stats = derive_stats(&r.photos[i], r);
    let changed = r.photos[i].stats != stats;
    r.photos[i].stats = stats;
    Ok(changed)
}

/// Whether `p` wears (or is made with) the edited record.
pub fn wears(p: &Photo, edit: ArmoryEdit) -> bool {
    let slots = [
        (ArmoryTable::Weapon, p.weapon),
        (ArmoryTable::Armor, p.armor),
        (ArmoryTable::Headwear, p.headwear),
        (ArmoryTable::Backpiece, p.backpiece),
        (ArmoryTable::Legwear, p.legwear),
    ];
    let offhand = match p.offhand {
        Some(OffhandRef::Weapon(f)) => Some((ArmoryTable::Weapon, ItemRef::Item(f))),
        Some(OffhandRef::Shield(f)) => Some((ArmoryTable::Shield, ItemRef::Item(f))),
        Some(OffhandRef::Unique(id)) => Some((ArmoryTable::Shield, ItemRef::Unique(id))),
        None => None,
    };
    let mut fitted = slots
        .into_iter()
        .filter_map(|(t, it)| it.map(|it| (t, it)))
        .chain(offhand);
    match edit {
        ArmoryEdit::Material(m) => {
            fitted.any(|(_, it)| matches!(it, ItemRef::Item(f) if f.material == m))
        }
        ArmoryEdit::Item(table, row) => {
            fitted.any(|(t, it)| t == table && matches!(it, ItemRef::Item(f) if f.row == row))
        }
        ArmoryEdit::Unique(u) => fitted.any(|(_, it)| it == ItemRef::Unique(u)),
        ArmoryEdit::Beast(b) => p.beast == Some(b),
        ArmoryEdit::Barding(b) => p.worn.contains(&b),
    }
}

/// Re-derives the photos for which `pick` holds, reporting those whose stats changed.
fn rederive(r: &mut Realm, pick: impl Fn(&Photo) -> bool) -> RecalcReport {
    let fresh: Vec<(usize, crate::Stats)> = r
        .photos
        .iter()
        .enumerate()
        .filter(|(_, p)| pick(p))
        .map(|(i, p)| (i, derive_stats(p, r)))
        .collect();
    let mut report = RecalcReport::default();
    for (i, s) in fresh {
        let p = &mut r.photos[i];
        if p.stats != s {
            report.changed.push(p.id);
            p.stats = s;
        }
    }
    report
}

/// After an Armory row, Material, unique item, beast or barding was edited in `r`, re-derives every
/// photo that wears it (SPEC §2.4b, "push-down"). A unique item's `built_from` is a record only, so
/// editing the row or material it was made from changes nothing on its holder.
pub fn push_down(r: &mut Realm, edit: ArmoryEdit) -> RecalcReport {
    rederive(r, |p| wears(p, edit))
}

/// After the record `(kind, id)` of `r` was spliced in or out ([`Realm::splice_record`]),
/// re-derives the photos whose stats read it: that photo, for a photo; every photo, for a record
/// of the Armory that stats read (an item row, a Material, a unique item, a beast, a barding),
/// since who wore a removed row is no longer known, and such edits are rare; none for any other
/// kind, which `derive_stats` does not read. The result equals [`recalculate_all`] on the same
/// realm (the property test in `tests` applies random changes both ways).
pub fn rederive_after(r: &mut Realm, kind: crate::RecordKind, id: u64) -> RecalcReport {
    use crate::RecordKind as K;
    match kind {
        K::Photo => rederive(r, |p| p.id == id),
        K::Weapon
        | K::Armor
        | K::Headwear
        | K::Backpiece
        | K::Legwear
        | K::Shield
        | K::Material
        | K::UniqueItem
        | K::Beast
        | K::Barding => rederive(r, |_| true),
        _ => RecalcReport::default(),
    }
}

/// *Recalculate Unit Stats* (SPEC §2.4c): re-derives every photo. Idempotent; never touches Health,
/// names or anything typed by hand.
pub fn recalculate_all(r: &mut Realm) -> RecalcReport {
    rederive(r, |_| true)
}

#[cfg(test)]
mod tests;
