//! Skirmish set-up (SPEC §11): who may fight, Base Power with Grudge and Bane, the alignment
//! multiplier, home turf, the march, mercenaries, the strengths `S_A`/`S_D`, and both battle lines
//! as individual figures (§13.2).
//!
//! **Decisions beyond the spec:**
//! - A side without a marker has no route: the march costs nothing (MP = 0) and the record holds no
//!   breakdown. This is the editor's case, where factions may fight off the map.
//! - A hire fights alone: its `crew_of` is dropped and, if it is a machine, it counts as having no
//!   crew attached (its company's crew were not hired with it), so it fights "as it always has".

use super::fighter::{Arm, Carriage, Fighter, Machine, Side};
use super::mercenaries::{draw_hires, hire_candidates, hire_count, Hires};
use crate::stats::totals::pct_factor;
use crate::{
    bane_total, bracket, faction_power, faction_totals, march, march_totals, rating_bonus,
    realm_territory, roster, route, Alignment, FactionKind, FactionRef, Group, MarchBreakdown,
    MarchTotals, Photo, Realm, Rng,
};
use serde::{Deserialize, Serialize};

/// The alignment table of SPEC §11.3 in percent: attacker by row, defender by column, table order.
pub const ALIGNMENT_TABLE: [[f64; 5]; 5] = [
    [-30.0, -20.0, -12.5, 17.5, 30.0],
    [-20.0, -22.5, -15.0, 11.0, 24.0],
    [-12.5, -15.0, -15.0, 5.0, 17.5],
    [17.5, 11.0, 5.0, -15.0, -12.5],
    [30.0, 24.0, 17.5, -12.5, -30.0],
];

/// The alignment multiplier's bounds.
pub const AM_BOUNDS: (f64, f64) = (0.10, 3.00);

/// `AM = clamp(1 + (Table[A][D] + Standing_A − Standing_D)/100, 0.10, 3.00)` (SPEC §11.3).
pub fn alignment_multiplier(
    attacker: Alignment,
    defender: Alignment,
    standing_a: f64,
    standing_d: f64,
) -> f64 {
    let table = ALIGNMENT_TABLE[attacker as usize][defender as usize];
    (1.0 + (table + standing_a - standing_d) / 100.0).clamp(AM_BOUNDS.0, AM_BOUNDS.1)
}

/// `max(0, 1.10 + HomeDefense/100)`: the defender's home multiplier.
pub fn home_multiplier(home_defense: f64) -> f64 {
    (1.10 + home_defense / 100.0).max(0.0)
}

/// Why two factions cannot fight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// `side` names no faction of the realm.
    UnknownFaction {
        /// The side whose id is unknown.
        side: Side,
        /// The id given.
        id: u64,
    },
    /// `side` is a Mercenary or Townsfolk faction: only Ordinary factions fight (SPEC §11.1).
    NotOrdinary {
        /// The offending side.
        side: Side,
        /// Its id.
        id: u64,
        /// Its kind.
        kind: FactionKind,
    },
    /// The attacker and the defender are the same faction.
    SameFaction {
        /// The faction's id.
        id: u64,
    },
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::UnknownFaction { side, id } => write!(f, "{side:?}: no faction {id}"),
            SetupError::NotOrdinary { side, id, kind } => {
                write!(
                    f,
                    "{side:?}: faction {id} is {kind:?}; only Ordinary factions fight"
                )
            }
            SetupError::SameFaction { id } => write!(f, "faction {id} cannot fight itself"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Who a side is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideInfo {
    /// Faction id.
    pub faction_id: u64,
    /// Its name.
    pub name: String,
    /// Its alignment.
    pub alignment: Alignment,
}

/// A regiment's or equipment type's name as the realm had it when the battle was set up, so a
/// record names its armies without the realm (battle schema 2: the Warfare mapping names armies
/// after their regiments).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupName {
    /// `Regiment(id)` or `Equipment(id)`.
    pub group: Group,
    /// Its name.
    pub name: String,
}

/// Everything a Skirmish reads, fixed before the fight: the §11 numbers, the hires and both lines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// The attacking faction.
    pub attacker: SideInfo,
    /// The defending faction.
    pub defender: SideInfo,
    /// `FP_A`.
    pub fp_a: f64,
    /// `FP_D`.
    pub fp_d: f64,
    /// `G_A`: the attacker's grudge total against the defender, percent.
    pub grudge_a: f64,
    /// `G_D`.
    pub grudge_d: f64,
    /// `B_A`: the attacker's bane total against the defender, percent.
    pub bane_a: f64,
    /// `B_D`.
    pub bane_d: f64,
    /// `Base_A = FP_A × max(0, 1 + G_A/100) × max(0, 1 + B_A/100)`.
    pub base_a: f64,
    /// `Base_D`.
    pub base_d: f64,
    /// The attacker's march totals as read (Avg Movement and raw Logistics sums).
    pub march_totals: MarchTotals,
    /// The route's cells (`y·W + x`), empty when there is none.
    pub route: Vec<u32>,
    /// The march breakdown, absent when a side has no marker.
    pub march: Option<MarchBreakdown>,
    /// `MP`.
    pub march_penalty: f64,
    /// `T_A(AlignmentStanding)`.
    pub standing_a: f64,
    /// `T_D(AlignmentStanding)`.
    pub standing_d: f64,
    /// `AM`.
    pub alignment_multiplier: f64,
    /// `T_D(HomeDefense)`.
    pub home_defense: f64,
    /// `max(0, 1.10 + T_D(HomeDefense)/100)`.
    pub home_multiplier: f64,
    /// `Eff_A = Base_A × (1 − MP) × AM`.
    pub eff_a: f64,
    /// `Eff_D = Base_D × home multiplier`.
    pub eff_d: f64,
    /// Raw Mercenary Slots totals of attacker and defender.
    pub slots: [f64; 2],
    /// The hires.
    pub hires: Hires,
    /// `S_A = Eff_A + Σ modified attacker hires`.
    pub strength_a: f64,
    /// `S_D`.
    pub strength_d: f64,
    /// The attacker's line: its FP photos with Health > 0 in roster order, then its hires.
    pub attacker_line: Vec<Fighter>,
    /// The defender's line.
    pub defender_line: Vec<Fighter>,
    /// The names of the regiments and equipment types in either line, in order of first
    /// appearance (empty in records of battle schema 1, which did not keep them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<GroupName>,
}

impl Setup {
    /// The line of `side`.
    pub fn line(&self, side: Side) -> &[Fighter] {
        match side {
            Side::Attacker => &self.attacker_line,
            Side::Defender => &self.defender_line,
        }
    }

    /// The recorded name of a regiment or equipment type, if the record kept it.
    pub fn group_name(&self, group: Group) -> Option<&str> {
        self.groups
            .iter()
            .find(|g| g.group == group)
            .map(|g| g.name.as_str())
    }
}

/// The names of the regiments and equipment types the lines hold, in order of first appearance.
fn group_names(r: &Realm, lines: [&[Fighter]; 2]) -> Vec<GroupName> {
    let mut out: Vec<GroupName> = Vec::new();
    for f in lines.into_iter().flatten() {
        if out.iter().any(|g| g.group == f.group) {
            continue;
        }
        let name = match f.group {
            Group::Regiment(id) => r.regiments.iter().find(|g| g.id == id).map(|g| &g.name),
            Group::Equipment(id) => r
                .equipment_types
                .iter()
                .find(|g| g.id == id)
                .map(|g| &g.name),
            _ => None,
        };
        if let Some(name) = name {
            out.push(GroupName {
                group: f.group,
                name: name.clone(),
            });
        }
    }
    out
}

/// A photo as it fights, with its own faction's buffs and rating, and side modifier `modifier`.
pub fn fighter_of(r: &Realm, p: &Photo, modifier: f64, hired: bool) -> Fighter {
    let stats = crate::post_buff_stats(r, p);
    let rating = r.rating_of(p.id);
    let z = |v: Option<f64>| v.unwrap_or(0.0);
    let machine = p.machine_kind.and_then(|k| {
        let kind = r.machine_kinds.iter().find(|m| m.id == k)?;
        let attached = if hired {
            0
        } else {
            r.photos.iter().filter(|c| c.crew_of == Some(p.id)).count() as u32
        };
        Some(Machine {
            kind: k,
            kind_name: kind.name.clone(),
            crew_work: kind.crew_work,
            crew_min: kind.crew_min,
            stop_round: kind.stop_round,
            attached,
        })
    });
    Fighter {
        id: p.id,
        name: p.name.clone(),
        faction: p.faction,
        group: p.group,
        hired,
        health: z(p.health),
        bracket: bracket(&stats),
        rating_bonus: rating_bonus(rating.rating, rating.judged),
        defence: z(stats.defense_strength)
            + z(stats.secondary_defense)
            + z(stats.headwear_def)
            + z(stats.backpiece_def)
            + z(stats.legwear_def),
        primary: Arm::new(stats.attack_power, stats.attack_range, stats.attack_type),
        // A buff never creates a weapon: the derived secondary attack decides (SPEC §5.2).
        secondary: p.stats.secondary_attack.map(|_| {
            Arm::new(
                stats.secondary_attack,
                stats.secondary_range,
                stats.secondary_attack_type,
            )
        }),
        modifier,
        machine,
        crew_of: if hired { None } else { p.crew_of },
        carriage: Carriage::of(p),
        stats,
    }
}

/// Checks the two sides and returns them (SPEC §11.1).
fn sides(r: &Realm, attacker: u64, defender: u64) -> Result<[SideInfo; 2], SetupError> {
    if attacker == defender {
        return Err(SetupError::SameFaction { id: attacker });
    }
    let side = |side, id| {
        let f = r
            .faction(id)
            .ok_or(SetupError::UnknownFaction { side, id })?;
        if f.kind != FactionKind::Ordinary {
            return Err(SetupError::NotOrdinary {
                side,
                id,
                kind: f.kind,
            });
        }
        Ok(SideInfo {
            faction_id: id,
            name: f.name.clone(),
            alignment: f.alignment,
        })
    };
    Ok([
        side(Side::Attacker, attacker)?,
        side(Side::Defender, defender)?,
    ])
}

/// Sets up a Skirmish of `attacker` against `defender`: every §11 number, the mercenary draws (the
/// only use of `rng` here, SPEC §11.5) and both lines. The realm is only read.
pub fn setup(
    r: &Realm,
    attacker: u64,
    defender: u64,
    rng: &mut impl Rng,
) -> Result<Setup, SetupError> {
    let [a, d] = sides(r, attacker, defender)?;
    let (fa, fd) = (r.faction(attacker), r.faction(defender));
    let (Some(fa), Some(fd)) = (fa, fd) else {
        unreachable!("sides() checked both ids")
    };
    let (ta, td) = (faction_totals(r, attacker), faction_totals(r, defender));
    let (fp_a, fp_d) = (faction_power(r, attacker), faction_power(r, defender));
    let (grudge_a, grudge_d) = (ta.grudge(defender), td.grudge(attacker));
    let (bane_a, bane_d) = (bane_total(r, attacker, fd), bane_total(r, defender, fa));
    let (own_a, own_d) = (
        pct_factor(grudge_a) * pct_factor(bane_a),
        pct_factor(grudge_d) * pct_factor(bane_d),
    );
    let (base_a, base_d) = (
        fp_a * pct_factor(grudge_a) * pct_factor(bane_a),
        fp_d * pct_factor(grudge_d) * pct_factor(bane_d),
    );

    let totals = march_totals(r, attacker);
    let markers = (FactionRef::of(fa, &r.map), FactionRef::of(fd, &r.map));
    let (cells, breakdown) = match markers {
        (Some(ra), Some(rd)) => {
            let owners = realm_territory(r);
            let path = route(&r.map, &owners, &ra, &rd, &totals);
            let b = march(&path, &r.map, &owners, &ra, &rd, &totals);
            (path.cells, Some(b))
        }
        _ => (Vec::new(), None),
    };
    let mp = breakdown.as_ref().map_or(0.0, |b| b.march_penalty);

    let am = alignment_multiplier(
        a.alignment,
        d.alignment,
        ta.alignment_standing,
        td.alignment_standing,
    );
    let home = home_multiplier(td.home_defense);
    let eff_a = base_a * (1.0 - mp) * am;
    let eff_d = base_d * home;

    let count = hire_count(eff_a, eff_d, ta.mercenary_slots, td.mercenary_slots);
    let hire_mod = |side: Side| match side {
        Side::Attacker => (1.0 - mp) * am,
        Side::Defender => home,
    };
    let mut hires = Hires {
        side: count.side,
        cap: count.cap,
        wanted: count.n,
        ..Hires::default()
    };
    let mut hired: Vec<Fighter> = Vec::new();
    if let Some(side) = count.side {
        let alignment = match side {
            Side::Attacker => a.alignment,
            Side::Defender => d.alignment,
        };
        let drawn = draw_hires(hire_candidates(r, alignment), count.n, rng);
        let m = hire_mod(side);
        for (p, listed) in drawn {
            hires.photo_ids.push(p.id);
            hires.listed.push(listed);
            // The spec's order of factors (`listed × (1 − MP) × AM`), so every implementation
            // rounds alike.
            hires.modified.push(match side {
                Side::Attacker => listed * (1.0 - mp) * am,
                Side::Defender => listed * home,
            });
            hired.push(fighter_of(r, p, m, true));
        }
    }
    let hired_strength: f64 = hires.modified.iter().sum();
    let (strength_a, strength_d) = match count.side {
        Some(Side::Attacker) => (eff_a + hired_strength, eff_d),
        Some(Side::Defender) => (eff_a, eff_d + hired_strength),
        None => (eff_a, eff_d),
    };

    let line = |faction: u64, modifier: f64| -> Vec<Fighter> {
        roster(r, faction)
            .into_iter()
            .filter(|p| p.health.is_some_and(|h| h > 0.0))
            .map(|p| fighter_of(r, p, modifier, false))
            .collect()
    };
    let mut attacker_line = line(attacker, own_a * (1.0 - mp) * am);
    let mut defender_line = line(defender, own_d * home);
    match count.side {
        Some(Side::Attacker) => attacker_line.append(&mut hired),
        Some(Side::Defender) => defender_line.append(&mut hired),
        None => {}
    }

    let groups = group_names(r, [&attacker_line, &defender_line]);
    Ok(Setup {
        attacker: a,
        defender: d,
        fp_a,
        fp_d,
        grudge_a,
        grudge_d,
        bane_a,
        bane_d,
        base_a,
        base_d,
        march_totals: totals,
        route: cells,
        march: breakdown,
        march_penalty: mp,
        standing_a: ta.alignment_standing,
        standing_d: td.alignment_standing,
        alignment_multiplier: am,
        home_defense: td.home_defense,
        home_multiplier: home,
        eff_a,
        eff_d,
        slots: [ta.mercenary_slots, td.mercenary_slots],
        hires,
        strength_a,
        strength_d,
        attacker_line,
        defender_line,
        groups,
    })
}

#[cfg(test)]
pub(crate) mod tests;
