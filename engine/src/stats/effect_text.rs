//! How a buff's effect reads to people: its name and the unit its amount is in (SPEC §5.1; the
//! source: "The editor prints the unit it wants beneath the effect you pick, and every faction card
//! lists the buffs in force with their unit attached").

use crate::Effect;

/// Every effect in the order of SPEC §5.1's table, a Grudge standing for all Grudges (its target is
/// 0 here: a picker fills it in).
pub const EFFECTS: [Effect; 18] = [
    Effect::AttackPower,
    Effect::AttackRange,
    Effect::SecondaryAttack,
    Effect::SecondaryRange,
    Effect::DefenseStrength,
    Effect::SecondaryDefense,
    Effect::Movement,
    Effect::MarchSpeed,
    Effect::SupplyRange,
    Effect::WaterCrossing,
    Effect::MountainCrossing,
    Effect::ForestCrossing,
    Effect::MarshCrossing,
    Effect::Grudge { target: 0 },
    Effect::TerritoryReach,
    Effect::MercenarySlots,
    Effect::HomeDefense,
    Effect::AlignmentStanding,
];

/// The effect's display name, e.g. "Territory Reach". A Grudge's target is not part of it.
pub fn effect_name(e: Effect) -> &'static str {
    use Effect::*;
    match e {
        AttackPower => "Attack Power",
        AttackRange => "Attack Range",
        SecondaryAttack => "Secondary Attack",
        SecondaryRange => "Secondary Range",
        DefenseStrength => "Defense Strength",
        SecondaryDefense => "Secondary Defense",
        Movement => "Movement",
        MarchSpeed => "March Speed",
        SupplyRange => "Supply Range",
        WaterCrossing => "Water Crossing",
        MountainCrossing => "Mountain Crossing",
        ForestCrossing => "Forest Crossing",
        MarshCrossing => "Marsh Crossing",
        Grudge { .. } => "Grudge",
        TerritoryReach => "Territory Reach",
        MercenarySlots => "Mercenary Slots",
        HomeDefense => "Home Defense",
        AlignmentStanding => "Alignment Standing",
    }
}

/// The unit the amount is in: the stat's own unit for Unit Stats, whole squares and whole hires for
/// the two counting effects, and percent for everything else (SPEC §5.1).
pub fn effect_unit(e: Effect) -> &'static str {
    use Effect::*;
    match e {
        AttackPower | SecondaryAttack => "points of Attack",
        AttackRange | SecondaryRange => "brick widths of range",
        DefenseStrength | SecondaryDefense => "points of Defense",
        Movement => "Movement (1.00 is a foot soldier)",
        TerritoryReach => "whole squares",
        MercenarySlots => "whole hires",
        _ => "percent",
    }
}

/// An amount with its unit attached, as a faction card lists a buff: `+25%`, `+3 squares`, `+2`.
pub fn amount_with_unit(e: Effect, amount: f64) -> String {
    use Effect::*;
    let n = if amount.fract() == 0.0 {
        format!("{amount:+.0}")
    } else {
        format!("{amount:+}")
    };
    match e {
        TerritoryReach => format!("{n} squares"),
        MercenarySlots => format!("{n} hires"),
        AttackPower | AttackRange | SecondaryAttack | SecondaryRange | DefenseStrength
        | SecondaryDefense | Movement => n,
        _ => format!("{n}%"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_is_listed_once_with_its_category_order() {
        for (i, a) in EFFECTS.iter().enumerate() {
            for b in &EFFECTS[i + 1..] {
                assert_ne!(effect_name(*a), effect_name(*b));
            }
        }
        // The list runs Unit Stats, then Logistics, then Leadership, as the spec's table does.
        let cats: Vec<_> = EFFECTS.iter().map(|e| e.category()).collect();
        let mut sorted = cats.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), 3);
    }

    #[test]
    fn units_follow_the_spec_table() {
        assert_eq!(effect_unit(Effect::TerritoryReach), "whole squares");
        assert_eq!(effect_unit(Effect::MercenarySlots), "whole hires");
        assert_eq!(effect_unit(Effect::Grudge { target: 7 }), "percent");
        assert_eq!(effect_unit(Effect::MarchSpeed), "percent");
        assert_eq!(effect_unit(Effect::HomeDefense), "percent");
        assert_eq!(effect_unit(Effect::AttackPower), "points of Attack");
        for e in EFFECTS {
            let whole = matches!(effect_unit(e), "whole squares" | "whole hires");
            assert_eq!(whole, e.whole_amount(), "{e:?}");
        }
    }

    #[test]
    fn amounts_carry_their_unit() {
        assert_eq!(amount_with_unit(Effect::Grudge { target: 1 }, 25.0), "+25%");
        assert_eq!(amount_with_unit(Effect::TerritoryReach, -3.0), "-3 squares");
        assert_eq!(amount_with_unit(Effect::MercenarySlots, 2.0), "+2 hires");
        assert_eq!(amount_with_unit(Effect::AttackPower, 1.5), "+1.5");
    }
}
