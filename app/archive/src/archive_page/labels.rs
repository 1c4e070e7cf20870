//! How the Archive writes the engine's values in words: numbers with blanks, enum names, a buff's
//! effect with the unit its amount is in, and a machine's or barding's advantage line. Pure, so it is
//! tested natively; the editor has its own forms and this module only reads.

pub use app::markup::phrases::{attack_type, damage_type, defense_type};
use engine::{
    ArmoryTable, BuffCategory, Condition, Effect, Group, Line, LineEffect, MoveCategory, Realm,
    Scope, Slot, Terrain, WornKind,
};

/// A number as the tables print it: blank stays blank (SPEC §0.1: blank is not 0), and no trailing
/// zeros (`12`, `0.9`, `-0.05`).
pub fn num(v: Option<f64>) -> String {
    v.map(plain).unwrap_or_default()
}

/// A number with at most two decimals and no trailing zeros; a minus sign is the real `−`.
pub fn plain(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    let s = if s == "-0" { "0" } else { s };
    s.replacen('-', "−", 1)
}

/// A signed amount: `+25`, `−15`, `0`.
pub fn signed(v: f64) -> String {
    if v > 0.0 {
        format!("+{}", plain(v))
    } else {
        plain(v)
    }
}

/// Foot, Mounted or Flying.
pub fn move_category(c: MoveCategory) -> &'static str {
    match c {
        MoveCategory::Foot => "Foot",
        MoveCategory::Mounted => "Mounted",
        MoveCategory::Flying => "Flying",
    }
}

/// The slot a unique item is worn in.
pub fn slot(s: Slot) -> &'static str {
    match s {
        Slot::Weapon => "Weapon",
        Slot::Offhand => "Offhand",
        Slot::Armor => "Armour",
        Slot::Headwear => "Headwear",
        Slot::Backpiece => "Backpiece",
        Slot::Legwear => "Legwear",
    }
}

/// Barding or Saddle.
pub fn worn_kind(k: WornKind) -> &'static str {
    match k {
        WornKind::Barding => "Barding",
        WornKind::Saddle => "Saddle",
    }
}

/// The name of an Armory row, looked up in its table (or `#id` if it is gone).
pub fn armory_row(r: &Realm, table: ArmoryTable, row: u64) -> String {
    let name = match table {
        ArmoryTable::Weapon => r.weapons.iter().find(|w| w.id == row).map(|w| &w.name),
        ArmoryTable::Armor => r.armor.iter().find(|w| w.id == row).map(|w| &w.name),
        ArmoryTable::Headwear => r.headwear.iter().find(|w| w.id == row).map(|w| &w.name),
        ArmoryTable::Backpiece => r.backpieces.iter().find(|w| w.id == row).map(|w| &w.name),
        ArmoryTable::Legwear => r.legwear.iter().find(|w| w.id == row).map(|w| &w.name),
        ArmoryTable::Shield => r.shields.iter().find(|w| w.id == row).map(|w| &w.name),
    };
    name.cloned().unwrap_or_else(|| format!("#{row}"))
}

/// A faction's name, or `faction #id` if it is gone.
pub fn faction_name(r: &Realm, id: u64) -> String {
    r.faction(id)
        .map_or_else(|| format!("faction #{id}"), |f| f.name.clone())
}

/// A group of a faction in words: a regiment or equipment type by its own name.
pub fn group(r: &Realm, g: Group) -> String {
    match g {
        Group::Leader => "Leader".into(),
        Group::Generals => "Generals".into(),
        Group::SpecialPeople => "Special People".into(),
        Group::Regiment(id) => r
            .regiments
            .iter()
            .find(|x| x.id == id)
            .map_or_else(|| format!("regiment #{id}"), |x| x.name.clone()),
        Group::Equipment(id) => r
            .equipment_types
            .iter()
            .find(|x| x.id == id)
            .map_or_else(|| format!("equipment #{id}"), |x| x.name.clone()),
        Group::Crest => "Crest".into(),
        Group::Place => "Place".into(),
    }
}

/// Unit Stats, Logistics or Leadership.
pub fn category(c: BuffCategory) -> &'static str {
    match c {
        BuffCategory::UnitStats => "Unit Stats",
        BuffCategory::Logistics => "Logistics",
        BuffCategory::Leadership => "Leadership",
    }
}

/// A buff effect's name (a Grudge names its target).
pub fn effect(r: &Realm, e: Effect) -> String {
    use Effect::*;
    match e {
        AttackPower => "Attack Power".into(),
        AttackRange => "Attack Range".into(),
        SecondaryAttack => "Secondary Attack".into(),
        SecondaryRange => "Secondary Range".into(),
        DefenseStrength => "Defense Strength".into(),
        SecondaryDefense => "Secondary Defense".into(),
        Movement => "Movement".into(),
        MarchSpeed => "March Speed".into(),
        SupplyRange => "Supply Range".into(),
        WaterCrossing => "Water Crossing".into(),
        MountainCrossing => "Mountain Crossing".into(),
        ForestCrossing => "Forest Crossing".into(),
        MarshCrossing => "Marsh Crossing".into(),
        Grudge { target } => format!("Grudge against {}", faction_name(r, target)),
        TerritoryReach => "Territory Reach".into(),
        MercenarySlots => "Mercenary Slots".into(),
        HomeDefense => "Home Defense".into(),
        AlignmentStanding => "Alignment Standing".into(),
    }
}

/// The unit a buff's amount is in, printed under its effect (SPEC §5.1): the stat's own unit for Unit
/// Stats, whole squares or hires for the two counting effects, a percentage for everything else.
pub fn effect_unit(e: Effect) -> &'static str {
    match (e.category(), e) {
        (BuffCategory::UnitStats, Effect::Movement) => "Movement, a decimal",
        (BuffCategory::UnitStats, _) => "points of the stat",
        (_, Effect::TerritoryReach) => "whole squares",
        (_, Effect::MercenarySlots) => "whole hires",
        _ => "percent",
    }
}

/// A buff's amount with its unit sign: `+25%`, `+3 squares`, `+2`.
pub fn amount(e: Effect, v: f64) -> String {
    match (e.category(), e) {
        (BuffCategory::UnitStats, _) => signed(v),
        (_, Effect::TerritoryReach) => format!("{} squares", signed(v)),
        (_, Effect::MercenarySlots) => format!("{} hires", signed(v)),
        _ => format!("{}%", signed(v)),
    }
}

/// A terrain's name.
pub fn terrain(t: Terrain) -> &'static str {
    t.name()
}

/// What a machine or barding line changes, in words, and whether its amount is a percentage.
fn line_effect(e: &LineEffect) -> (String, &'static str) {
    use LineEffect::*;
    let (name, unit) = match e {
        MarchSpeed => ("March Speed", "%"),
        SupplyRange => ("Supply Range", "%"),
        HoldingGround => ("Holding Ground", " squares"),
        WaterCrossing => ("Water Crossing", "%"),
        MountainCrossing => ("Mountain Crossing", "%"),
        ForestCrossing => ("Forest Crossing", "%"),
        MarshCrossing => ("Marsh Crossing", "%"),
        AttackPower => ("Attack Power", ""),
        AttackRange => ("Attack Range", ""),
        SecondaryAttack => ("Secondary Attack", ""),
        SecondaryRange => ("Secondary Range", ""),
        DefenseStrength => ("Defense Strength", ""),
        SecondaryDefense => ("Secondary Defense", ""),
        Movement => ("Movement", ""),
        Other(text) => return (text.clone(), ""),
    };
    (name.to_string(), unit)
}

/// One advantage or cost as a sentence: `−15% March Speed · charged to its haulers · always`.
pub fn line(l: &Line) -> String {
    let (name, unit) = line_effect(&l.effect);
    let who = match l.scope {
        Scope::SelfOnly => "charged to its haulers",
        Scope::Wearer => "for the wearer",
        Scope::WholeArmy => "the whole army",
    };
    let when = match &l.condition {
        Condition::Always => "always".to_string(),
        Condition::OnTerrain(t) => format!("on {}", terrain(*t).to_lowercase()),
        Condition::VsEnemy(e) => format!("against {e}"),
    };
    format!("{}{unit} {name} · {who} · {when}", signed(l.amount))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_blank_apart_from_zero_and_drop_trailing_zeros() {
        assert_eq!(num(None), "");
        assert_eq!(num(Some(0.0)), "0");
        assert_eq!(num(Some(12.0)), "12");
        assert_eq!(num(Some(0.9)), "0.9");
        assert_eq!(num(Some(-0.05)), "−0.05");
        assert_eq!(signed(25.0), "+25");
        assert_eq!(signed(-15.0), "−15");
    }

    #[test]
    fn a_buff_amount_carries_its_unit() {
        assert_eq!(amount(Effect::MarchSpeed, 25.0), "+25%");
        assert_eq!(amount(Effect::TerritoryReach, 3.0), "+3 squares");
        assert_eq!(amount(Effect::MercenarySlots, -1.0), "−1 hires");
        assert_eq!(amount(Effect::AttackPower, 2.0), "+2");
        assert_eq!(effect_unit(Effect::Grudge { target: 1 }), "percent");
        assert_eq!(effect_unit(Effect::TerritoryReach), "whole squares");
        assert_eq!(effect_unit(Effect::DefenseStrength), "points of the stat");
    }

    #[test]
    fn a_line_says_amount_effect_who_and_when() {
        let l = Line {
            effect: LineEffect::MarchSpeed,
            amount: -15.0,
            scope: Scope::SelfOnly,
            condition: Condition::Always,
        };
        assert_eq!(
            line(&l),
            "−15% March Speed · charged to its haulers · always"
        );
        let l = Line {
            effect: LineEffect::Other("vs walls".into()),
            amount: 30.0,
            scope: Scope::WholeArmy,
            condition: Condition::VsEnemy("walls".into()),
        };
        assert_eq!(line(&l), "+30 vs walls · the whole army · against walls");
    }
}
