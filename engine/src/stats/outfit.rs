//! What a figure wears, by name: each filled slot with its Armory row (or unique item) and
//! material, then the beast beside it and the bardings and saddles it wears. The arena's build view
//! and a figure's sheet list this, so a judge sees the gear behind the stats without the editor.
//!
//! The order is the photo's own slots in the order the editor lists them (SPEC §2.3), so two
//! figures compared side by side line up. A reference that resolves to nothing (a record the
//! realm no longer has) is skipped: validation refuses such a realm on load, and a sheet is no
//! place to report it.

use crate::{ItemRef, OffhandRef, Photo, Realm, WornKind};

/// Where a worn thing sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WornPlace {
    /// The main hand.
    Weapon,
    /// The offhand, holding a weapon.
    OffhandWeapon,
    /// The offhand, holding a shield.
    Shield,
    /// Body armour.
    Armor,
    /// Helmet or hood.
    Headwear,
    /// Cape, quiver or pack.
    Backpiece,
    /// Greaves.
    Legwear,
    /// A beast fighting beside the figure.
    Beast,
    /// Horse armour.
    Barding,
    /// A saddle.
    Saddle,
}

/// One thing a figure wears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worn {
    /// Where it sits.
    pub place: WornPlace,
    /// The row's or item's name ("Longsword").
    pub name: String,
    /// The material it is made in, for an Armory row ("Steel").
    pub material: Option<String>,
    /// A unique item rather than an Armory row.
    pub unique: bool,
}

/// Everything `p` wears, in slot order.
pub fn outfit(r: &Realm, p: &Photo) -> Vec<Worn> {
    let material = |id: u64| {
        r.materials
            .iter()
            .find(|m| m.id == id)
            .map(|m| m.name.clone())
    };
    let unique = |id: u64| {
        r.unique_items
            .iter()
            .find(|u| u.id == id)
            .map(|u| u.name.clone())
    };
    let mut out = Vec::new();
    let mut push = |place, item: Option<ItemRef>, row_name: &dyn Fn(u64) -> Option<String>| {
        let worn = match item {
            None => None,
            Some(ItemRef::Item(f)) => row_name(f.row).map(|name| Worn {
                place,
                name,
                material: material(f.material),
                unique: false,
            }),
            Some(ItemRef::Unique(id)) => unique(id).map(|name| Worn {
                place,
                name,
                material: None,
                unique: true,
            }),
        };
        out.extend(worn);
    };
    let weapon = |id: u64| {
        r.weapons
            .iter()
            .find(|w| w.id == id)
            .map(|w| w.name.clone())
    };
    let shield = |id: u64| {
        r.shields
            .iter()
            .find(|w| w.id == id)
            .map(|w| w.name.clone())
    };
    let armor = |id: u64| r.armor.iter().find(|w| w.id == id).map(|w| w.name.clone());
    let in_rows = |rows: &[crate::Wearable], id: u64| {
        rows.iter().find(|w| w.id == id).map(|w| w.name.clone())
    };
    push(WornPlace::Weapon, p.weapon, &weapon);
    match p.offhand {
        Some(OffhandRef::Weapon(f)) => {
            push(WornPlace::OffhandWeapon, Some(ItemRef::Item(f)), &weapon)
        }
        Some(OffhandRef::Shield(f)) => push(WornPlace::Shield, Some(ItemRef::Item(f)), &shield),
        // A unique offhand item is a weapon when it has Attack Power, else a shield (SPEC §2.3).
        Some(OffhandRef::Unique(id)) => {
            let is_weapon = r
                .unique_items
                .iter()
                .find(|u| u.id == id)
                .is_some_and(|u| u.attack_power.is_some());
            let place = if is_weapon {
                WornPlace::OffhandWeapon
            } else {
                WornPlace::Shield
            };
            push(place, Some(ItemRef::Unique(id)), &weapon);
        }
        None => {}
    }
    push(WornPlace::Armor, p.armor, &armor);
    push(WornPlace::Headwear, p.headwear, &|id| {
        in_rows(&r.headwear, id)
    });
    push(WornPlace::Backpiece, p.backpiece, &|id| {
        in_rows(&r.backpieces, id)
    });
    push(WornPlace::Legwear, p.legwear, &|id| in_rows(&r.legwear, id));
    let beast = p.beast.and_then(|b| r.beasts.iter().find(|x| x.id == b));
    out.extend(beast.map(|b| Worn {
        place: WornPlace::Beast,
        name: b.name.clone(),
        material: None,
        unique: false,
    }));
    for id in &p.worn {
        if let Some(b) = r.bardings.iter().find(|b| b.id == *id) {
            out.push(Worn {
                place: match b.kind {
                    WornKind::Barding => WornPlace::Barding,
                    WornKind::Saddle => WornPlace::Saddle,
                },
                name: b.name.clone(),
                material: None,
                unique: false,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{demo_realm as demo, wears, ArmoryEdit};

    #[test]
    fn every_fitted_slot_of_the_demo_is_named_with_its_material() {
        let r = demo();
        let mut named = 0;
        for p in &r.photos {
            let worn = outfit(&r, p);
            let filled = [p.weapon, p.armor, p.headwear, p.backpiece, p.legwear]
                .iter()
                .filter(|s| s.is_some())
                .count()
                + usize::from(p.offhand.is_some())
                + usize::from(p.beast.is_some())
                + p.worn.len();
            assert_eq!(worn.len(), filled, "{}", p.name);
            for w in &worn {
                assert!(!w.name.is_empty());
                let rowed = !matches!(
                    w.place,
                    WornPlace::Beast | WornPlace::Barding | WornPlace::Saddle
                ) && !w.unique;
                assert_eq!(w.material.is_some(), rowed, "{} {:?}", p.name, w);
            }
            named += worn.len();
        }
        assert!(named > r.photos.len(), "the demo's figures wear things");
    }

    #[test]
    fn a_photo_wearing_a_material_lists_it() {
        let r = demo();
        let m = &r.materials[0];
        for p in r
            .photos
            .iter()
            .filter(|p| wears(p, ArmoryEdit::Material(m.id)))
        {
            assert!(
                outfit(&r, p)
                    .iter()
                    .any(|w| w.material.as_deref() == Some(m.name.as_str())),
                "{} wears {}",
                p.name,
                m.name
            );
        }
    }
}
