//! How the further systems' words read to players: every engine enum a chronicle shows, as a
//! phrase. The engine's names are for code and the wire ("FleesToNearestFriendlySettlement",
//! `both_fled`); a page never prints them. A test renders every chronicle and scans it for them.

use engine::mass_battle::{ArmySide, End};
use engine::olympia::{Decision, Kind};
use engine::warfare::{ConflictStatus, Disposition, Party};

/// Melee or Ranged: whether a weapon must close to fight.
pub fn attack_type(t: engine::AttackType) -> &'static str {
    match t {
        engine::AttackType::Melee => "Melee",
        engine::AttackType::Ranged => "Ranged",
    }
}

/// Piercing, Blunt, Slashing or Magic.
pub fn damage_type(t: engine::DamageType) -> &'static str {
    match t {
        engine::DamageType::Piercing => "Piercing",
        engine::DamageType::Blunt => "Blunt",
        engine::DamageType::Slashing => "Slashing",
        engine::DamageType::Magic => "Magic",
    }
}

/// Heavy, Medium or Light: the category of a body armour.
pub fn defense_type(t: engine::DefenseType) -> &'static str {
    match t {
        engine::DefenseType::Heavy => "Heavy",
        engine::DefenseType::Medium => "Medium",
        engine::DefenseType::Light => "Light",
    }
}

/// Where a worn thing sits, as the sheet labels it.
pub fn worn_place(p: engine::WornPlace) -> &'static str {
    use engine::WornPlace::*;
    match p {
        Weapon => "Weapon",
        OffhandWeapon => "Offhand",
        Shield => "Shield",
        Armor => "Armour",
        Headwear => "Headwear",
        Backpiece => "Backpiece",
        Legwear => "Legwear",
        Beast => "Beast",
        Barding => "Barding",
        Saddle => "Saddle",
    }
}

/// Dice as thrown, written as players read them off the table: `3, 5, 6`.
pub fn dice<T: ToString>(d: &[T]) -> String {
    let faces: Vec<String> = d.iter().map(T::to_string).collect();
    faces.join(", ")
}

/// A Warfare side as the chronicle's tables head it.
pub fn party(p: Party) -> &'static str {
    match p {
        Party::A => "A",
        Party::B => "B",
    }
}

/// What an army does after a Warfare phase, as a sentence's predicate ("… retreats").
pub fn disposition(d: Disposition) -> &'static str {
    match d {
        Disposition::Stays => "stays",
        Disposition::Retreats => "retreats",
        Disposition::FleesToNearestFriendlySettlement => "flees to its nearest friendly settlement",
        Disposition::DisengagedUntilNewYear => "disengages until the New Year",
        Disposition::Destroyed => "destroyed",
    }
}

/// How a Warfare conflict came out.
pub fn conflict_status(s: ConflictStatus) -> &'static str {
    match s {
        ConflictStatus::Fought => "fought to the end",
        ConflictStatus::Captured => "the settlement fell",
        ConflictStatus::Continues => "the siege goes on",
        ConflictStatus::Lifted => "the siege is lifted",
        ConflictStatus::Unopposed => "not fought, one side was alone",
    }
}

/// A Střet armád army as the chronicle names it.
pub fn army_side(s: ArmySide) -> &'static str {
    match s {
        ArmySide::A => "army A",
        ArmySide::B => "army B",
    }
}

/// How a Střet armád battle ended, as the end of "ended …".
pub fn mass_end(e: End) -> String {
    match e {
        End::Fled { loser } => format!("when {} fled", army_side(loser)),
        End::BothFled => "when both armies fled in the same round, with no winner".into(),
        End::RoundCap => "at the round limit, a draw".into(),
    }
}

/// An Olympia fighter kind, one of them ("blessed soldier") or several ("blessed soldiers").
pub fn kind(k: Kind, count: u32) -> &'static str {
    let (one, many) = match k {
        Kind::Peasant => ("peasant", "peasants"),
        Kind::Worker => ("worker", "workers"),
        Kind::Sailor => ("sailor", "sailors"),
        Kind::Soldier => ("soldier", "soldiers"),
        Kind::BlessedSoldier => ("blessed soldier", "blessed soldiers"),
        Kind::Pikeman => ("pikeman", "pikemen"),
        Kind::Swordsman => ("swordsman", "swordsmen"),
        Kind::Pirate => ("pirate", "pirates"),
        Kind::Knight => ("knight", "knights"),
        Kind::EliteGuard => ("elite guard", "elite guards"),
        Kind::Crossbowman => ("crossbowman", "crossbowmen"),
        Kind::Archer => ("archer", "archers"),
        Kind::EliteArcher => ("elite archer", "elite archers"),
        Kind::Noble => ("noble", "nobles"),
        Kind::Catapult => ("catapult", "catapults"),
        Kind::BatteringRam => ("battering ram", "battering rams"),
        Kind::SiegeTower => ("siege tower", "siege towers"),
    };
    if count == 1 {
        one
    } else {
        many
    }
}

/// How an Olympia battle stopped, as a sentence.
pub fn decision(d: Decision) -> String {
    match d {
        Decision::Broke { side } => format!("The {} broke", side_word(side)),
        Decision::Held => "Neither force could strike, so the defender holds".into(),
        Decision::Stalemate => {
            "No force broke before the strike limit, so the defender holds".into()
        }
    }
}

/// "attacker" or "defender".
pub fn side_word(s: engine::Side) -> &'static str {
    match s {
        engine::Side::Attacker => "attacker",
        engine::Side::Defender => "defender",
    }
}

/// `n thing` or `n things`: counts read as people say them ("1 general", "2 generals").
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The first letter upper case, for a phrase that opens a sentence or a table cell.
pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_take_the_plural_except_for_one() {
        assert_eq!(count(1u32, "general", "generals"), "1 general");
        assert_eq!(count(0u32, "general", "generals"), "0 generals");
        assert_eq!(count(3u32, "pikeman", "pikemen"), "3 pikemen");
        assert_eq!(kind(Kind::Crossbowman, 2), "crossbowmen");
        assert_eq!(kind(Kind::Crossbowman, 1), "crossbowman");
    }

    #[test]
    fn a_phrase_opens_a_cell_with_a_capital() {
        assert_eq!(
            capital(disposition(Disposition::FleesToNearestFriendlySettlement)),
            "Flees to its nearest friendly settlement"
        );
        assert_eq!(capital(""), "");
        assert_eq!(dice(&[3, 5, 6]), "3, 5, 6");
    }
}
