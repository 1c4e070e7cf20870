//! Why a figure's Power is what it is, and a faction laid out as its page shows it.
//!
//! [`power_parts`] splits one photo's Power (SPEC §3.1) into the factors a player multiplies in
//! their head: the Health curve `(h/100)^0.65`, the bracket of post-buff stats, and the rating
//! bonus with the provisional shrink behind it (§4.3–4.4). Their product is exactly
//! [`photo_power`](crate::photo_power): the factors are taken from the same functions, so the page
//! that shows them cannot drift from the number it explains.
//!
//! [`faction_sheet`] is a faction's every photo, grouped as the source lays out a faction (Leader,
//! Generals, Special People, each Regiment, each Equipment type, then Crests and Places), with
//! Power summed per group, Faction Power and Avg Movement, and each war machine's crew against its
//! kind's rule ([`crew_check`], the state a battle starts from). The sections follow the roster
//! order every sum and battle line uses (§13.2); Crests and Places are listed too, marked when
//! they do not count in Faction Power.

use crate::stats::buffs::UnitBuffs;
use crate::stats::movement::avg_movement_with;
use crate::{
    bracket, counts_in_fp, effective_rating, figure_power, health_mult, rating_bonus, AttackType,
    CrewState, DamageType, DefenseType, Group, ItemRef, Machine, Photo, Rating, Realm, Stats,
    PROVISIONAL_JUDGEMENTS,
};

/// One photo's Power, factor by factor.
#[derive(Clone, Debug, PartialEq)]
pub struct PowerParts {
    /// Post-buff stats: what the bracket is summed over.
    pub buffed: Stats,
    /// `(h/100)^0.65`, 0 on blank or no Health.
    pub health_mult: f64,
    /// `5 + AP + AR/2 + SA + SR/2 + DS + SD + HD + BD + LD + 5·Mv` of the post-buff stats.
    pub bracket: f64,
    /// The rating record behind the bonus (the start rating when never judged).
    pub rating: Rating,
    /// Fewer than ten judgements: the rating is shrunk toward the start.
    pub provisional: bool,
    /// The rating after the provisional shrink.
    pub effective_rating: f64,
    /// The multiplier the rating lends.
    pub rating_bonus: f64,
    /// `health_mult × bracket × rating_bonus`.
    pub power: f64,
    /// The primary weapon's damage type, when it is an Armory row (recorded, never used).
    pub damage_type: Option<DamageType>,
    /// The armour's category, when the body armour is an Armory row (recorded, never used).
    pub defense_type: Option<DefenseType>,
}

impl PowerParts {
    /// How the primary weapon deals damage, if it has one.
    pub fn attack_type(&self) -> Option<AttackType> {
        self.buffed.attack_type
    }
}

/// The factors of photo `p`'s Power in realm `r`.
pub fn power_parts(r: &Realm, p: &Photo) -> PowerParts {
    parts_with(
        r,
        p,
        &UnitBuffs::of_faction(r, p.faction),
        r.rating_of(p.id),
    )
}

/// [`power_parts`] with the faction's buffs and the photo's rating already at hand.
fn parts_with(r: &Realm, p: &Photo, buffs: &UnitBuffs, rating: Rating) -> PowerParts {
    let buffed = buffs.apply(&p.stats, p.group);
    let damage_type = match p.weapon {
        Some(ItemRef::Item(f)) => r
            .weapons
            .iter()
            .find(|w| w.id == f.row)
            .map(|w| w.damage_type),
        _ => None,
    };
    let defense_type = match p.armor {
        Some(ItemRef::Item(f)) => r
            .armor
            .iter()
            .find(|a| a.id == f.row)
            .map(|a| a.defense_type),
        _ => None,
    };
    PowerParts {
        health_mult: health_mult(p.health),
        bracket: bracket(&buffed),
        provisional: rating.judged < PROVISIONAL_JUDGEMENTS,
        effective_rating: effective_rating(rating.rating, rating.judged),
        rating_bonus: rating_bonus(rating.rating, rating.judged),
        power: figure_power(p.health, &buffed, &rating),
        rating,
        buffed,
        damage_type,
        defense_type,
    }
}

/// How a war machine's crew stands against its kind's rule (SPEC §13.7), as a battle finds it at
/// the start: who is attached, how many of them are alive, and what that makes of the machine.
#[derive(Clone, Debug, PartialEq)]
pub struct CrewCheck {
    /// The machine kind's name.
    pub kind_name: String,
    /// Below this many living crew it is abandoned; none means never.
    pub min: Option<u32>,
    /// Crew for full strength; none means no rule.
    pub work: Option<u32>,
    /// The photos attached (`crew_of`), in document order, whatever their Health.
    pub crew: Vec<u64>,
    /// What the battle makes of it: abandoned or not, and the strength it throws at.
    pub state: CrewState,
}

impl CrewCheck {
    /// Whether the crew rule is met: it fires at all (not abandoned).
    pub fn met(&self) -> bool {
        !self.state.abandoned
    }
}

/// The crew check of photo `p`, when it is a war machine of a kind the realm has.
pub fn crew_check(r: &Realm, p: &Photo) -> Option<CrewCheck> {
    let kind = r
        .machine_kinds
        .iter()
        .find(|k| Some(k.id) == p.machine_kind)?;
    let crew: Vec<&Photo> = r
        .photos
        .iter()
        .filter(|c| c.crew_of == Some(p.id))
        .collect();
    let alive = crew
        .iter()
        .filter(|c| c.health.is_some_and(|h| h > 0.0))
        .count() as u32;
    let machine = Machine {
        kind: kind.id,
        kind_name: kind.name.clone(),
        crew_work: kind.crew_work,
        crew_min: kind.crew_min,
        stop_round: kind.stop_round,
        attached: crew.len() as u32,
    };
    Some(CrewCheck {
        kind_name: kind.name.clone(),
        min: kind.crew_min,
        work: kind.crew_work,
        crew: crew.iter().map(|c| c.id).collect(),
        state: CrewState::of(&machine, alive),
    })
}

/// One photo on its faction's page.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetFigure {
    /// The photo's id.
    pub photo: u64,
    /// Its Power.
    pub power: f64,
    /// Its crew against its kind's rule, when it is a war machine.
    pub crew: Option<CrewCheck>,
}

/// One group of a faction: its Leader, its Generals, a Regiment, an Equipment type…
#[derive(Clone, Debug, PartialEq)]
pub struct SheetSection {
    /// Which group.
    pub group: Group,
    /// The regiment's or equipment type's name; empty for the fixed groups.
    pub name: String,
    /// Whether its photos count in Faction Power (Crests only for a Mercenary company, Places never).
    pub in_power: bool,
    /// Its photos' Power summed in photo order.
    pub power: f64,
    /// Its photos in photo order.
    pub figures: Vec<SheetFigure>,
}

/// A faction as its page lays it out.
#[derive(Clone, Debug, PartialEq)]
pub struct FactionSheet {
    /// The faction's id.
    pub faction: u64,
    /// Faction Power `FP`, summed in roster order.
    pub power: f64,
    /// Avg Movement; none when no photo sets the pace (SPEC §7.2).
    pub avg_movement: Option<f64>,
    /// Every group with a photo in it, in roster order; an empty regiment or equipment type too,
    /// so a page shows what the faction has named.
    pub sections: Vec<SheetSection>,
}

/// Faction `faction`'s page, or none when the realm has no such faction.
pub fn faction_sheet(r: &Realm, faction: u64) -> Option<FactionSheet> {
    let kind = r.faction(faction)?.kind;
    let buffs = UnitBuffs::of_faction(r, faction);
    let mut groups: Vec<(Group, String, i64)> = vec![
        (Group::Leader, String::new(), 0),
        (Group::Generals, String::new(), 0),
        (Group::SpecialPeople, String::new(), 0),
    ];
    let mut regiments: Vec<_> = r
        .regiments
        .iter()
        .filter(|g| g.faction == faction)
        .collect();
    crate::sorting::stable_sort_by_key(&mut regiments, |g| (g.order, g.id));
    groups.extend(
        regiments
            .into_iter()
            .map(|g| (Group::Regiment(g.id), g.name.clone(), 1)),
    );
    let mut types: Vec<_> = r
        .equipment_types
        .iter()
        .filter(|t| t.faction == faction)
        .collect();
    crate::sorting::stable_sort_by_key(&mut types, |t| (t.order, t.id));
    groups.extend(
        types
            .into_iter()
            .map(|t| (Group::Equipment(t.id), t.name.clone(), 1)),
    );
    groups.push((Group::Crest, String::new(), 0));
    groups.push((Group::Place, String::new(), 0));

    let mine: Vec<&Photo> = r.photos.iter().filter(|p| p.faction == faction).collect();
    let mut sections = Vec::with_capacity(groups.len());
    for (group, name, named) in groups {
        let mut photos: Vec<&Photo> = mine.iter().copied().filter(|p| p.group == group).collect();
        if photos.is_empty() && named == 0 {
            continue;
        }
        crate::sorting::stable_sort_by_key(&mut photos, |p| (p.order, p.id));
        let figures: Vec<SheetFigure> = photos
            .iter()
            .map(|p| SheetFigure {
                photo: p.id,
                power: parts_with(r, p, &buffs, r.rating_of(p.id)).power,
                crew: crew_check(r, p),
            })
            .collect();
        sections.push(SheetSection {
            group,
            name,
            in_power: counts_in_fp(kind, group),
            power: figures.iter().map(|f| f.power).sum(),
            figures,
        });
    }
    Some(FactionSheet {
        faction,
        power: crate::faction_power(r, faction),
        avg_movement: avg_movement_with(r, faction, &buffs),
        sections,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{demo_realm, photo_power, type_power};

    #[test]
    fn the_parts_multiply_to_the_power_the_realm_reports() {
        let r = demo_realm();
        for p in &r.photos {
            let parts = power_parts(&r, p);
            assert_eq!(parts.power, photo_power(&r, p), "{}", p.name);
            let product = parts.health_mult * parts.bracket * parts.rating_bonus;
            assert!((product - parts.power).abs() < 1e-9, "{}", p.name);
            assert_eq!(parts.provisional, parts.rating.judged < 10);
        }
    }

    #[test]
    fn a_provisional_rating_lends_less_than_its_full_worth() {
        let mut r = demo_realm();
        let id = r.photos[0].id;
        r.ratings.retain(|g| g.photo_id != id);
        r.ratings.push(Rating {
            photo_id: id,
            rating: 1900.0,
            judged: 5,
            wins: 5,
        });
        let p = r.photos[0].clone();
        let parts = power_parts(&r, &p);
        assert!(parts.provisional);
        assert_eq!(parts.effective_rating, 1200.0 + 700.0 * 0.5);
        assert!(parts.rating_bonus < 1.25);
    }

    #[test]
    fn a_sheet_sums_to_faction_power_and_each_group_to_its_type_power() {
        let r = demo_realm();
        for f in &r.factions {
            let sheet = faction_sheet(&r, f.id).unwrap();
            let counted: f64 = sheet
                .sections
                .iter()
                .filter(|s| s.in_power)
                .map(|s| s.power)
                .sum();
            assert!((counted - sheet.power).abs() < 1e-6, "{}", f.name);
            assert_eq!(sheet.avg_movement, crate::avg_movement(&r, f.id));
            let listed: usize = sheet.sections.iter().map(|s| s.figures.len()).sum();
            let owned = r.photos.iter().filter(|p| p.faction == f.id).count();
            assert_eq!(listed, owned, "every photo of {} is on its page", f.name);
            for s in &sheet.sections {
                if matches!(s.group, Group::Regiment(_) | Group::Equipment(_)) {
                    assert!((s.power - type_power(&r, s.group)).abs() < 1e-9);
                }
            }
        }
    }

    #[test]
    fn a_war_machine_lists_its_crew() {
        let r = demo_realm();
        let crewed: Vec<&Photo> = r.photos.iter().filter(|p| p.crew_of.is_some()).collect();
        assert!(!crewed.is_empty(), "the demo crews a machine");
        for c in crewed {
            let machine = r.photo(c.crew_of.unwrap()).unwrap();
            let sheet = faction_sheet(&r, machine.faction).unwrap();
            let figure = sheet
                .sections
                .iter()
                .flat_map(|s| &s.figures)
                .find(|f| f.photo == machine.id)
                .unwrap();
            let check = figure
                .crew
                .as_ref()
                .expect("a crewed photo's machine has a kind");
            assert!(check.crew.contains(&c.id));
            assert_eq!(check.met(), !check.state.abandoned);
        }
    }

    #[test]
    fn a_crew_below_its_minimum_leaves_the_machine_abandoned() {
        let mut r = demo_realm();
        let machine = r
            .photos
            .iter()
            .find(|p| p.crew_of.is_some())
            .unwrap()
            .crew_of
            .unwrap();
        let kind = r.photo(machine).unwrap().machine_kind.unwrap();
        r.machine_kinds
            .iter_mut()
            .find(|k| k.id == kind)
            .unwrap()
            .crew_min = Some(99);
        let check = crew_check(&r, r.photo(machine).unwrap()).unwrap();
        assert!(!check.met() && check.state.strength == 0.0);
        for c in r.photos.iter_mut().filter(|c| c.crew_of == Some(machine)) {
            c.crew_of = None;
        }
        let alone = crew_check(&r, r.photo(machine).unwrap()).unwrap();
        assert!(
            alone.met() && alone.crew.is_empty(),
            "nobody attached: it fights as it always has"
        );
    }

    #[test]
    fn no_such_faction_has_no_sheet() {
        assert!(faction_sheet(&demo_realm(), u64::MAX).is_none());
    }
}
