//! The equipment slots of a photo as the fitting form sees them: what each slot holds now, what it
//! may hold (its Armory rows and the unique items made for it), and the engine `Fit` a choice
//! becomes. Pure, so it is tested natively; the fitting itself is `engine::fit`.

use engine::{Fit, Fitted, ItemRef, OffhandPick, OffhandRef, Photo, Realm, Slot};

/// Every slot the data model has that holds an Armory item (SPEC §1.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GearSlot {
    /// Main hand.
    Weapon,
    /// Off hand: a weapon or a shield.
    Offhand,
    /// Body armour.
    Armor,
    /// Helmet.
    Headwear,
    /// Cloak, quiver, banner.
    Backpiece,
    /// Greaves.
    Legwear,
}

/// What a slot's item dropdown picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Nothing fitted.
    Empty,
    /// A row of the slot's own table (weapons for the main hand and an offhand weapon).
    Row(u64),
    /// A shield row (offhand only).
    Shield(u64),
    /// A unique item.
    Unique(u64),
}

impl Pick {
    /// The dropdown value.
    pub fn encode(self) -> String {
        match self {
            Pick::Empty => String::new(),
            Pick::Row(id) => format!("row:{id}"),
            Pick::Shield(id) => format!("shield:{id}"),
            Pick::Unique(id) => format!("unique:{id}"),
        }
    }

    /// Reads a dropdown value back.
    pub fn decode(s: &str) -> Option<Pick> {
        if s.is_empty() {
            return Some(Pick::Empty);
        }
        let (kind, id) = s.split_once(':')?;
        let id = id.parse().ok()?;
        match kind {
            "row" => Some(Pick::Row(id)),
            "shield" => Some(Pick::Shield(id)),
            "unique" => Some(Pick::Unique(id)),
            _ => None,
        }
    }

    /// Whether a material goes with this pick (unique items have fixed numbers).
    pub fn takes_material(self) -> bool {
        matches!(self, Pick::Row(_) | Pick::Shield(_))
    }
}

impl GearSlot {
    /// Every slot, in the order the form lists them.
    pub const ALL: [GearSlot; 6] = [
        GearSlot::Weapon,
        GearSlot::Offhand,
        GearSlot::Armor,
        GearSlot::Headwear,
        GearSlot::Backpiece,
        GearSlot::Legwear,
    ];

    /// The slot's name on screen.
    pub fn label(self) -> &'static str {
        match self {
            GearSlot::Weapon => "Weapon",
            GearSlot::Offhand => "Offhand",
            GearSlot::Armor => "Armour",
            GearSlot::Headwear => "Headwear",
            GearSlot::Backpiece => "Backpiece",
            GearSlot::Legwear => "Legwear",
        }
    }

    /// The photo field, as the engine's errors name it (`FitError::field`, `Realm::validate`).
    pub fn field(self) -> &'static str {
        match self {
            GearSlot::Weapon => "weapon",
            GearSlot::Offhand => "offhand",
            GearSlot::Armor => "armor",
            GearSlot::Headwear => "headwear",
            GearSlot::Backpiece => "backpiece",
            GearSlot::Legwear => "legwear",
        }
    }

    fn unique_slot(self) -> Slot {
        match self {
            GearSlot::Weapon => Slot::Weapon,
            GearSlot::Offhand => Slot::Offhand,
            GearSlot::Armor => Slot::Armor,
            GearSlot::Headwear => Slot::Headwear,
            GearSlot::Backpiece => Slot::Backpiece,
            GearSlot::Legwear => Slot::Legwear,
        }
    }

    /// What the slot holds on `p`, and the material when it is an Armory row.
    pub fn current(self, p: &Photo) -> (Pick, Option<u64>) {
        let item = |it: Option<ItemRef>| match it {
            None => (Pick::Empty, None),
            Some(ItemRef::Item(f)) => (Pick::Row(f.row), Some(f.material)),
            Some(ItemRef::Unique(id)) => (Pick::Unique(id), None),
        };
        match self {
            GearSlot::Weapon => item(p.weapon),
            GearSlot::Armor => item(p.armor),
            GearSlot::Headwear => item(p.headwear),
            GearSlot::Backpiece => item(p.backpiece),
            GearSlot::Legwear => item(p.legwear),
            GearSlot::Offhand => match p.offhand {
                None => (Pick::Empty, None),
                Some(OffhandRef::Weapon(f)) => (Pick::Row(f.row), Some(f.material)),
                Some(OffhandRef::Shield(f)) => (Pick::Shield(f.row), Some(f.material)),
                Some(OffhandRef::Unique(id)) => (Pick::Unique(id), None),
            },
        }
    }

    /// Everything the slot may hold in `r`, as (pick, label): its rows, then its unique items.
    pub fn options(self, r: &Realm) -> Vec<(Pick, String)> {
        let wearables = |rows: &[engine::Wearable]| {
            rows.iter()
                .map(|w| (Pick::Row(w.id), w.name.clone()))
                .collect::<Vec<_>>()
        };
        let mut out = match self {
            GearSlot::Weapon => r
                .weapons
                .iter()
                .map(|w| (Pick::Row(w.id), w.name.clone()))
                .collect(),
            GearSlot::Offhand => {
                let weapons = r
                    .weapons
                    .iter()
                    .map(|w| (Pick::Row(w.id), format!("{} (weapon)", w.name)));
                let shields = r
                    .shields
                    .iter()
                    .map(|s| (Pick::Shield(s.id), format!("{} (shield)", s.name)));
                shields.chain(weapons).collect()
            }
            GearSlot::Armor => r
                .armor
                .iter()
                .map(|a| (Pick::Row(a.id), a.name.clone()))
                .collect(),
            GearSlot::Headwear => wearables(&r.headwear),
            GearSlot::Backpiece => wearables(&r.backpieces),
            GearSlot::Legwear => wearables(&r.legwear),
        };
        let slot = self.unique_slot();
        out.extend(
            r.unique_items
                .iter()
                .filter(|u| u.slot == slot)
                .map(|u| (Pick::Unique(u.id), format!("{} (unique)", u.name))),
        );
        out
    }

    /// The engine change for `pick` in `material` (ignored for a unique item or an empty slot).
    /// `None` when an Armory row is picked without a material.
    pub fn fit(self, r: &Realm, pick: Pick, material: Option<u64>) -> Option<Fit> {
        let fitted = |row| material.map(|material| Fitted { row, material });
        let item = match pick {
            Pick::Empty => None,
            Pick::Row(row) | Pick::Shield(row) => Some(ItemRef::Item(fitted(row)?)),
            Pick::Unique(id) => Some(ItemRef::Unique(id)),
        };
        Some(match self {
            GearSlot::Weapon => Fit::Weapon(item),
            GearSlot::Armor => Fit::Armor(item),
            GearSlot::Headwear => Fit::Headwear(item),
            GearSlot::Backpiece => Fit::Backpiece(item),
            GearSlot::Legwear => Fit::Legwear(item),
            GearSlot::Offhand => {
                // A unique offhand item is a weapon when it has Attack Power (SPEC §1.3).
                let is_weapon = match pick {
                    Pick::Row(_) => true,
                    Pick::Unique(id) => r
                        .unique_items
                        .iter()
                        .any(|u| u.id == id && u.attack_power.is_some()),
                    Pick::Shield(_) | Pick::Empty => false,
                };
                Fit::Offhand(if is_weapon {
                    OffhandPick {
                        weapon: item,
                        shield: None,
                    }
                } else {
                    OffhandPick {
                        weapon: None,
                        shield: item,
                    }
                })
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_round_trip_through_the_dropdown() {
        for p in [Pick::Empty, Pick::Row(7), Pick::Shield(8), Pick::Unique(9)] {
            assert_eq!(Pick::decode(&p.encode()), Some(p));
        }
        assert_eq!(Pick::decode("hat:3"), None);
        assert_eq!(Pick::decode("row:x"), None);
    }

    #[test]
    fn every_fitted_slot_of_the_demo_is_offered_and_refits_to_itself() {
        let r = engine::demo_realm();
        for p in &r.photos {
            for slot in GearSlot::ALL {
                let (pick, material) = slot.current(p);
                if pick != Pick::Empty {
                    assert!(
                        slot.options(&r).iter().any(|(o, _)| *o == pick),
                        "{} {}",
                        p.name,
                        slot.label()
                    );
                }
                let fit = slot
                    .fit(&r, pick, material)
                    .expect("a fitted row has a material");
                let mut again = r.clone();
                engine::fit(&mut again, p.id, fit).expect("refitting what is worn is allowed");
                assert_eq!(again.photo(p.id), Some(p), "{} {}", p.name, slot.label());
            }
        }
    }

    #[test]
    fn a_better_material_raises_the_fitted_weapon() {
        let r = engine::demo_realm();
        let p = r
            .photos
            .iter()
            .find(|p| matches!(GearSlot::Weapon.current(p), (Pick::Row(_), Some(_))))
            .unwrap();
        let (pick, _) = GearSlot::Weapon.current(p);
        let best = r
            .materials
            .iter()
            .max_by(|a, b| a.stat_impact_pct.total_cmp(&b.stat_impact_pct))
            .unwrap();
        let worst = r
            .materials
            .iter()
            .min_by(|a, b| a.stat_impact_pct.total_cmp(&b.stat_impact_pct))
            .unwrap();
        let attack = |m: u64| {
            let mut r2 = r.clone();
            let fit = GearSlot::Weapon.fit(&r, pick, Some(m)).unwrap();
            engine::fit(&mut r2, p.id, fit).unwrap();
            r2.photo(p.id).unwrap().stats.attack_power.unwrap_or(0.0)
        };
        assert!(attack(best.id) > attack(worst.id));
        assert_eq!(GearSlot::Weapon.fit(&r, pick, None), None);
    }
}
