//! Photos (figures, SPEC §1.6): their group, base numbers, fitted item references and derived `Stats`.

use crate::{AttackType, DocError, MoveCategory, Realm};
use serde::{Deserialize, Serialize};

/// Which part of its faction a photo belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Group {
    /// The faction's leader.
    Leader,
    /// Its generals.
    Generals,
    /// Named people of note.
    SpecialPeople,
    /// A regiment, by `regiments` id.
    Regiment(u64),
    /// An equipment / war-machine type, by `equipment_types` id.
    Equipment(u64),
    /// Crests; a Mercenary company's people live here (SPEC §11.5).
    Crest,
    /// Places.
    Place,
}

/// An Armory item row fitted in a given material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Fitted {
    /// The row id in the slot's table.
    pub row: u64,
    /// The material id.
    pub material: u64,
}

/// What fills a slot: an Armory row in a material, or a unique item that stands in for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ItemRef {
    /// A row of the slot's own table.
    Item(Fitted),
    /// A `unique_items` id whose slot matches.
    Unique(u64),
}

/// What fills the offhand: a weapon or a shield, never both (SPEC §2.3), or a unique offhand item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum OffhandRef {
    /// A `weapons` row: fights as the Secondary Attack.
    Weapon(Fitted),
    /// A `shields` row: its Defense Power is the Secondary Defense.
    Shield(Fitted),
    /// A unique item of slot Offhand: a weapon if it has Attack Power, else a shield.
    Unique(u64),
}

/// Equipment-derived numbers (SPEC §2.3). Written into the photo, re-derived after every load.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Stats {
    /// Primary attack.
    pub attack_power: Option<f64>,
    /// Primary range.
    pub attack_range: Option<f64>,
    /// Primary attack type.
    pub attack_type: Option<AttackType>,
    /// Offhand weapon attack.
    pub secondary_attack: Option<f64>,
    /// Offhand weapon range.
    pub secondary_range: Option<f64>,
    /// Offhand weapon type.
    pub secondary_attack_type: Option<AttackType>,
    /// Armour (or base) defense.
    pub defense_strength: Option<f64>,
    /// Shield defense.
    pub secondary_defense: Option<f64>,
    /// Headwear defense.
    pub headwear_def: Option<f64>,
    /// Backpiece defense.
    pub backpiece_def: Option<f64>,
    /// Legwear defense.
    pub legwear_def: Option<f64>,
    /// Movement after every Mobility.
    pub movement: Option<f64>,
}

/// A photographed figure (or crest, or place) of one faction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Photo {
    /// Record id.
    pub id: u64,
    /// Owning faction id.
    pub faction: u64,
    /// Which part of the faction.
    pub group: Group,
    /// Order within its group (sorted by `(order, id)`).
    pub order: i64,
    /// Display name.
    pub name: String,
    /// The species its base numbers were copied from, if any (a record only; not pushed down).
    #[serde(default)]
    pub species: Option<u64>,
    /// The movement type its base Movement was copied from, if any.
    #[serde(default)]
    pub movement_type: Option<u64>,
    /// 0–500; blank rates zero.
    pub health: Option<f64>,
    /// Hand-typed or species Attack, used when no weapon is fitted.
    pub base_attack: Option<f64>,
    /// Hand-typed or species Range.
    pub base_range: Option<f64>,
    /// Hand-typed or species Defense, used when no armour is fitted.
    pub base_defense: Option<f64>,
    /// Hand-typed or movement-type Movement; blank keeps it out of Avg Movement.
    pub base_movement: Option<f64>,
    /// Attack type used when no weapon is fitted.
    pub base_attack_type: Option<AttackType>,
    /// Foot, Mounted or Flying.
    pub move_category: Option<MoveCategory>,
    /// Main hand.
    pub weapon: Option<ItemRef>,
    /// Off hand.
    pub offhand: Option<OffhandRef>,
    /// Body armour.
    pub armor: Option<ItemRef>,
    /// Helmet.
    pub headwear: Option<ItemRef>,
    /// Cloak, quiver, banner.
    pub backpiece: Option<ItemRef>,
    /// Greaves.
    pub legwear: Option<ItemRef>,
    /// A `beasts` id fighting beside it.
    pub beast: Option<u64>,
    /// `bardings` ids it wears.
    #[serde(default)]
    pub worn: Vec<u64>,
    /// Equipment-derived numbers; never trusted over the wire.
    #[serde(default)]
    pub stats: Stats,
    /// Rating season number; none keeps it out of the arena.
    pub season: Option<u32>,
    /// Some: this photo is a war machine of that `machine_kinds` id (Equipment group only).
    pub machine_kind: Option<u64>,
    /// Some: this figure crews that machine photo.
    pub crew_of: Option<u64>,
}

/// The highest Health a photo may be given (SPEC §1.6: Health is on a 0–500 scale).
pub const MAX_HEALTH: f64 = 500.0;

/// The longest Attack Range, in brick widths (SPEC §1.6).
pub const MAX_RANGE: f64 = 20.0;

impl Photo {
    /// The editor's value ranges (SPEC §1.6): Health 0–500; a filled base Attack or Defense at
    /// least 1; a filled base Range 1–20; a filled base Movement not negative. The spec makes these
    /// editor validation that the engine must never clamp, so they are not part of
    /// `Realm::validate` (a stored document outside them still loads and rates as it is); an editor
    /// calls this before it saves. The error names the photo's own field (`health`).
    pub fn check_ranges(&self) -> Result<(), DocError> {
        let checks: [(&str, Option<f64>, f64, f64, &str); 5] = [
            ("health", self.health, 0.0, MAX_HEALTH, "Health is 0 to 500"),
            (
                "base_attack",
                self.base_attack,
                1.0,
                f64::INFINITY,
                "Attack is at least 1 when filled",
            ),
            (
                "base_range",
                self.base_range,
                1.0,
                MAX_RANGE,
                "Range is 1 to 20 brick widths",
            ),
            (
                "base_defense",
                self.base_defense,
                1.0,
                f64::INFINITY,
                "Defense is at least 1 when filled",
            ),
            (
                "base_movement",
                self.base_movement,
                0.0,
                f64::INFINITY,
                "Movement cannot be negative",
            ),
        ];
        for (field, value, lo, hi, rule) in checks {
            match value {
                Some(v) if !v.is_finite() => {
                    return Err(DocError::new(field, format!("{v} is not a finite number")))
                }
                Some(v) if v < lo || v > hi => {
                    return Err(DocError::new(field, format!("{v} is out of range: {rule}")))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Copies species `species`' starting numbers into the photo, as the editor does when a
    /// species is chosen (SPEC §1.6, §2.4: the photo keeps its own copy, never pushed down): Health,
    /// base Attack, Range, Defense and Movement, Melee as the attack type when the species has an
    /// Attack, and its movement type with that type's category. **Decision beyond the spec:** when
    /// the species has no Movement of its own, its movement type's value is taken. Returns `false`
    /// (and changes nothing) when there is no such species.
    pub fn copy_species(&mut self, r: &Realm, species: u64) -> bool {
        let Some(s) = r.species.iter().find(|s| s.id == species) else {
            return false;
        };
        let kind = s
            .movement_type
            .and_then(|m| r.movement_types.iter().find(|t| t.id == m));
        self.species = Some(s.id);
        self.health = s.health;
        self.base_attack = s.attack;
        self.base_range = s.range;
        self.base_defense = s.defense;
        self.base_movement = s.movement.or(kind.and_then(|k| k.movement_value));
        self.base_attack_type = s.attack.map(|_| AttackType::Melee);
        if let Some(k) = kind {
            self.movement_type = Some(k.id);
            self.move_category = Some(k.category);
        }
        true
    }

    /// A blank photo of `faction` in `group`: every number blank, nothing fitted.
    pub fn blank(id: u64, faction: u64, group: Group, name: impl Into<String>) -> Photo {
        Photo {
            id,
            faction,
            group,
            order: 0,
            name: name.into(),
            species: None,
            movement_type: None,
            health: None,
            base_attack: None,
            base_range: None,
            base_defense: None,
            base_movement: None,
            base_attack_type: None,
            move_category: None,
            weapon: None,
            offhand: None,
            armor: None,
            headwear: None,
            backpiece: None,
            legwear: None,
            beast: None,
            worn: Vec::new(),
            stats: Stats::default(),
            season: None,
            machine_kind: None,
            crew_of: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(f: impl FnOnce(&mut Photo)) -> Result<(), DocError> {
        let mut p = Photo::blank(1, 1, Group::Leader, "Aldric");
        f(&mut p);
        p.check_ranges()
    }

    #[test]
    fn values_outside_the_editor_ranges_name_their_field() {
        type Edit = fn(&mut Photo);
        let cases: [(Edit, Option<&str>); 9] = [
            (|_| {}, None),
            (|p| p.health = Some(500.0), None),
            (|p| p.health = Some(0.0), None),
            (|p| p.health = Some(500.5), Some("health")),
            (|p| p.health = Some(-1.0), Some("health")),
            (|p| p.base_attack = Some(0.5), Some("base_attack")),
            (|p| p.base_range = Some(21.0), Some("base_range")),
            (|p| p.base_defense = Some(f64::NAN), Some("base_defense")),
            (|p| p.base_movement = Some(-0.1), Some("base_movement")),
        ];
        for (i, (edit, field)) in cases.into_iter().enumerate() {
            let got = with(edit).err().map(|e| e.field);
            assert_eq!(got.as_deref(), field, "case {i}");
        }
    }

    #[test]
    fn choosing_a_species_copies_its_numbers_and_movement_type() {
        let r = crate::demo_realm();
        let s = r
            .species
            .iter()
            .find(|s| s.movement_type.is_some())
            .unwrap();
        let mut p = Photo::blank(1, 1, Group::Leader, "Aldric");
        p.health = Some(321.0);
        assert!(p.copy_species(&r, s.id));
        assert_eq!(p.species, Some(s.id));
        assert_eq!(p.health, s.health);
        assert_eq!((p.base_attack, p.base_defense), (s.attack, s.defense));
        assert_eq!(p.movement_type, s.movement_type);
        let kind = r
            .movement_types
            .iter()
            .find(|t| Some(t.id) == s.movement_type)
            .unwrap();
        assert_eq!(p.move_category, Some(kind.category));
        assert_eq!(p.base_movement, s.movement.or(kind.movement_value));
        let before = p.clone();
        assert!(!p.copy_species(&r, u64::MAX >> 12));
        assert_eq!(p, before, "an unknown species changes nothing");
    }

    #[test]
    fn every_demo_photo_is_within_the_editor_ranges() {
        for p in crate::demo_realm().photos {
            assert_eq!(p.check_ranges(), Ok(()), "{}", p.name);
        }
    }
}
