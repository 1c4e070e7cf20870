//! Equipment fitting (SPEC §2.2–2.3): `derive_stats` turns a photo's base numbers and fitted references
//! into its `Stats`. Pure and idempotent; it never writes Health, names or the `base_*` fields.
//!
//! A reference that does not resolve is treated as an empty slot, so deriving never fails; `validate`
//! is where dangling references are reported.

use crate::{
    AttackType, Condition, Fitted, ItemRef, LineEffect, OffhandRef, Photo, Realm, Scope, Stats,
    UniqueItem,
};

/// Blank counts as 0 (SPEC §0.1).
fn z(v: Option<f64>) -> f64 {
    v.unwrap_or(0.0)
}

/// What one filled slot contributes: power (attack or defense), range, type and mobility.
#[derive(Default)]
struct Part {
    power: Option<f64>,
    range: Option<f64>,
    kind: Option<AttackType>,
    mobility: Option<f64>,
}

fn material_factor(r: &Realm, id: u64) -> f64 {
    let pct = r
        .materials
        .iter()
        .find(|m| m.id == id)
        .map_or(0.0, |m| m.stat_impact_pct);
    1.0 + pct / 100.0
}

fn unique(r: &Realm, id: u64) -> Option<&UniqueItem> {
    r.unique_items.iter().find(|u| u.id == id)
}

fn unique_part(u: &UniqueItem, attack: bool) -> Part {
    let power = if attack {
        u.attack_power
    } else {
        u.defense_power
    };
    Part {
        power,
        range: u.range,
        kind: u.attack_type,
        mobility: u.mobility,
    }
}

fn weapon_part(r: &Realm, f: Fitted) -> Option<Part> {
    let w = r.weapons.iter().find(|w| w.id == f.row)?;
    let power = w.attack_power.map(|ap| ap * material_factor(r, f.material));
    Some(Part {
        power,
        range: w.range,
        kind: Some(w.category),
        mobility: w.mobility,
    })
}

fn defense_part(r: &Realm, rows: &[crate::Wearable], f: Fitted) -> Option<Part> {
    let w = rows.iter().find(|w| w.id == f.row)?;
    let power = w
        .defense_power
        .map(|dp| dp * material_factor(r, f.material));
    Some(Part {
        power,
        mobility: w.mobility,
        ..Part::default()
    })
}

fn slot(r: &Realm, it: Option<ItemRef>, row: impl Fn(Fitted) -> Option<Part>) -> Option<Part> {
    match it? {
        ItemRef::Item(f) => row(f),
        ItemRef::Unique(id) => unique(r, id).map(|u| unique_part(u, u.attack_power.is_some())),
    }
}

/// The offhand as (secondary weapon, shield); at most one is `Some`.
fn offhand(r: &Realm, o: Option<OffhandRef>) -> (Option<Part>, Option<Part>) {
    match o {
        None => (None, None),
        Some(OffhandRef::Weapon(f)) => (weapon_part(r, f), None),
        Some(OffhandRef::Shield(f)) => (None, defense_part(r, &r.shields, f)),
        Some(OffhandRef::Unique(id)) => match unique(r, id) {
            Some(u) if u.attack_power.is_some() => (Some(unique_part(u, true)), None),
            Some(u) => (None, Some(unique_part(u, false))),
            None => (None, None),
        },
    }
}

/// The Stats of `p` from its base numbers and what it has fitted (SPEC §2.3).
pub fn derive_stats(p: &Photo, r: &Realm) -> Stats {
    let weapon = slot(r, p.weapon, |f| weapon_part(r, f));
    let armor = slot(r, p.armor, |f| {
        let a = r.armor.iter().find(|a| a.id == f.row)?;
        let power = a
            .defense_power
            .map(|dp| dp * material_factor(r, f.material));
        Some(Part {
            power,
            mobility: a.mobility,
            ..Part::default()
        })
    });
    let head = slot(r, p.headwear, |f| defense_part(r, &r.headwear, f));
    let back = slot(r, p.backpiece, |f| defense_part(r, &r.backpieces, f));
    let legs = slot(r, p.legwear, |f| defense_part(r, &r.legwear, f));
    let (second, shield) = offhand(r, p.offhand);
    let beast = p.beast.and_then(|b| r.beasts.iter().find(|x| x.id == b));

    let mut s = Stats::default();
    match &weapon {
        Some(w) => (s.attack_power, s.attack_range, s.attack_type) = (w.power, w.range, w.kind),
        None => {
            (s.attack_power, s.attack_range, s.attack_type) =
                (p.base_attack, p.base_range, p.base_attack_type)
        }
    }
    if let Some(b) = beast {
        s.attack_power = Some(z(s.attack_power) + z(b.attack_power));
    }
    if let Some(w) = &second {
        (
            s.secondary_attack,
            s.secondary_range,
            s.secondary_attack_type,
        ) = (w.power, w.range, w.kind);
    }
    s.secondary_defense = shield.as_ref().and_then(|x| x.power);
    s.defense_strength = match &armor {
        Some(a) => a.power,
        None => p.base_defense,
    };
    s.headwear_def = head.as_ref().and_then(|x| x.power);
    s.backpiece_def = back.as_ref().and_then(|x| x.power);
    s.legwear_def = legs.as_ref().and_then(|x| x.power);

    let mut mobility: Vec<f64> = [&weapon, &second, &shield, &armor, &head, &back, &legs]
        .into_iter()
        .filter_map(|x| x.as_ref().and_then(|x| x.mobility))
        .collect();
    mobility.extend(beast.and_then(|b| b.mobility));
    let worn = p
        .worn
        .iter()
        .filter_map(|id| r.bardings.iter().find(|b| b.id == *id));
    let wearer_lines: Vec<_> = worn
        .flat_map(|b| b.lines.iter())
        .filter(|l| l.scope == Scope::Wearer && l.condition == Condition::Always)
        .collect();
    mobility.extend(
        wearer_lines
            .iter()
            .filter(|l| l.effect == LineEffect::Movement)
            .map(|l| l.amount),
    );
    s.movement = match (p.base_movement, mobility.is_empty()) {
        (None, true) => None,
        (base, _) => Some(mobility.iter().fold(z(base), |acc, m| acc + m)),
    };
    for l in wearer_lines {
        add_line(&mut s, &l.effect, l.amount);
    }
    s
}

/// Adds a Wearer-scoped Unit-Stats line to the matching stat (Movement was summed above).
fn add_line(s: &mut Stats, e: &LineEffect, amount: f64) {
    let stat = match e {
        LineEffect::AttackPower => &mut s.attack_power,
        LineEffect::AttackRange => &mut s.attack_range,
        LineEffect::SecondaryAttack => &mut s.secondary_attack,
        LineEffect::SecondaryRange => &mut s.secondary_range,
        LineEffect::DefenseStrength => &mut s.defense_strength,
        LineEffect::SecondaryDefense => &mut s.secondary_defense,
        _ => return,
    };
    *stat = Some(z(*stat) + amount);
}

/// Re-derives every photo's Stats (the "Recalculate Unit Stats" sweep, SPEC §2.4c).
pub fn derive_all(r: &mut Realm) {
    let stats: Vec<Stats> = r.photos.iter().map(|p| derive_stats(p, r)).collect();
    for (p, s) in r.photos.iter_mut().zip(stats) {
        p.stats = s;
    }
}

#[cfg(test)]
pub(crate) mod tests;
