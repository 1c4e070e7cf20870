//! The per-collection checks of `Realm::validate`: references resolve and values are well-formed.

use super::{
    bad, display_name, finite, forbidden_scope, grudge_target_ok, hex_colour, resolves, Index, Res,
};
use crate::{
    ArmoryTable, BaneTarget, BuffSource, Effect, FactionKind, Group, ItemRef, Line,
    MaterialColours, OffhandRef, Photo, Realm, Slot, Stats,
};
use std::collections::HashMap;

fn lines(lines: &[Line], machine: bool, at: &str) -> Res {
    for (j, l) in lines.iter().enumerate() {
        finite(Some(l.amount), || format!("{at}.lines[{j}].amount"))?;
        if l.scope == forbidden_scope(machine) {
            let owner = if machine {
                "a war machine"
            } else {
                "a barding or saddle"
            };
            return Err(bad(
                format!("{at}.lines[{j}].scope"),
                format!("{:?} is not a scope of {owner}", l.scope),
            ));
        }
    }
    Ok(())
}

/// Colours, materials, item rows, species, unique items, machine kinds and bardings.
pub(super) fn armory(r: &Realm, ix: &Index) -> Res {
    let mut names = HashMap::new();
    for (i, c) in r.colours.iter().enumerate() {
        hex_colour(&c.hex, || format!("colours[{i}].hex"))?;
        if let Some(j) = names.insert(c.name.as_str(), i) {
            return Err(bad(
                format!("colours[{i}].name"),
                format!("{:?} is also colours[{j}]", c.name),
            ));
        }
    }
    for (i, m) in r.materials.iter().enumerate() {
        let ids = match m.colours {
            MaterialColours::Single(a) => vec![a],
            MaterialColours::Mixed(a, b) => vec![a, b],
        };
        for id in ids {
            resolves(&ix.colours, id, "colour", || {
                format!("materials[{i}].colours")
            })?;
        }
        finite(Some(m.stat_impact_pct), || {
            format!("materials[{i}].stat_impact_pct")
        })?;
    }
    for (i, w) in r.weapons.iter().enumerate() {
        finite(w.attack_power, || format!("weapons[{i}].attack_power"))?;
        finite(w.range, || format!("weapons[{i}].range"))?;
        finite(w.mobility, || format!("weapons[{i}].mobility"))?;
    }
    for (i, a) in r.armor.iter().enumerate() {
        finite(a.defense_power, || format!("armor[{i}].defense_power"))?;
        finite(a.mobility, || format!("armor[{i}].mobility"))?;
    }
    let wearables = [
        ("headwear", &r.headwear),
        ("backpieces", &r.backpieces),
        ("legwear", &r.legwear),
        ("shields", &r.shields),
    ];
    for (name, rows) in wearables {
        for (i, w) in rows.iter().enumerate() {
            finite(w.defense_power, || format!("{name}[{i}].defense_power"))?;
            finite(w.mobility, || format!("{name}[{i}].mobility"))?;
        }
    }
    for (i, b) in r.beasts.iter().enumerate() {
        finite(b.attack_power, || format!("beasts[{i}].attack_power"))?;
        finite(b.attack_range, || format!("beasts[{i}].attack_range"))?;
        finite(b.mobility, || format!("beasts[{i}].mobility"))?;
    }
    for (i, m) in r.movement_types.iter().enumerate() {
        finite(m.movement_value, || {
            format!("movement_types[{i}].movement_value")
        })?;
    }
    for (i, s) in r.species.iter().enumerate() {
        for (n, v) in [
            ("health", s.health),
            ("attack", s.attack),
            ("range", s.range),
            ("defense", s.defense),
            ("movement", s.movement),
        ] {
            finite(v, || format!("species[{i}].{n}"))?;
        }
        if let Some(mt) = s.movement_type {
            resolves(&ix.movement_types, mt, "movement type", || {
                format!("species[{i}].movement_type")
            })?;
        }
    }
    for (i, c) in r.creatures.iter().enumerate() {
        finite(c.attack_power, || format!("creatures[{i}].attack_power"))?;
        finite(c.mobility, || format!("creatures[{i}].mobility"))?;
    }
    unique_items(r, ix)?;
    for (i, k) in r.machine_kinds.iter().enumerate() {
        lines(&k.lines, true, &format!("machine_kinds[{i}]"))?;
    }
    for (i, b) in r.bardings.iter().enumerate() {
        lines(&b.lines, false, &format!("bardings[{i}]"))?;
    }
    Ok(())
}

fn unique_items(r: &Realm, ix: &Index) -> Res {
    for (i, u) in r.unique_items.iter().enumerate() {
        let at = |f: &str| format!("unique_items[{i}].{f}");
        for (n, v) in [
            ("attack_power", u.attack_power),
            ("defense_power", u.defense_power),
            ("range", u.range),
            ("mobility", u.mobility),
        ] {
            finite(v, || at(n))?;
        }
        if u.slot == Slot::Offhand && u.attack_power.is_some() && u.defense_power.is_some() {
            return Err(bad(
                at("defense_power"),
                "an offhand item is a weapon or a shield, not both",
            ));
        }
        if let Some(b) = u.built_from {
            let table = match b.table {
                ArmoryTable::Weapon => &ix.weapons,
                ArmoryTable::Armor => &ix.armor,
                ArmoryTable::Headwear => &ix.headwear,
                ArmoryTable::Backpiece => &ix.backpieces,
                ArmoryTable::Legwear => &ix.legwear,
                ArmoryTable::Shield => &ix.shields,
            };
            resolves(table, b.row, &format!("{:?} row", b.table), || {
                at("built_from.row")
            })?;
            resolves(&ix.materials, b.material, "material", || {
                at("built_from.material")
            })?;
        }
        if let Some(bane) = u.bane {
            finite(Some(bane.amount_pct), || at("bane.amount_pct"))?;
            if let BaneTarget::Faction(f) = bane.target {
                resolves(&ix.factions, f, "faction", || at("bane.target"))?;
            }
        }
    }
    Ok(())
}

fn group_ok(r: &Realm, ix: &Index, faction: u64, g: Group, field: impl Fn() -> String) -> Res {
    let owner = match g {
        Group::Regiment(id) => {
            resolves(&ix.regiments, id, "regiment", &field)?;
            r.regiments[ix.regiments[&id]].faction
        }
        Group::Equipment(id) => {
            resolves(&ix.equipment_types, id, "equipment type", &field)?;
            r.equipment_types[ix.equipment_types[&id]].faction
        }
        _ => return Ok(()),
    };
    if owner != faction {
        return Err(bad(
            field(),
            format!("belongs to faction {owner}, not {faction}"),
        ));
    }
    Ok(())
}

/// Factions, regiments, equipment types and buffs.
pub(super) fn factions(r: &Realm, ix: &Index) -> Res {
    for (i, f) in r.factions.iter().enumerate() {
        display_name(&f.name, || format!("factions[{i}].name"))?;
        hex_colour(&f.colour, || format!("factions[{i}].colour"))?;
        if let Some(m) = f.marker {
            for (n, v) in [("x", m.x), ("y", m.y)] {
                if !(0.0..=1.0).contains(&v) {
                    return Err(bad(
                        format!("factions[{i}].marker.{n}"),
                        format!("{v} is not a fraction in [0, 1]"),
                    ));
                }
            }
        }
        let merc = f.kind == FactionKind::Mercenary;
        if merc != f.merc_pool.is_some() {
            let msg = if merc {
                "a mercenary company needs a pool"
            } else {
                "only a mercenary company has a pool"
            };
            return Err(bad(format!("factions[{i}].merc_pool"), msg));
        }
    }
    for (i, g) in r.regiments.iter().enumerate() {
        display_name(&g.name, || format!("regiments[{i}].name"))?;
        resolves(&ix.factions, g.faction, "faction", || {
            format!("regiments[{i}].faction")
        })?;
    }
    for (i, g) in r.equipment_types.iter().enumerate() {
        resolves(&ix.factions, g.faction, "faction", || {
            format!("equipment_types[{i}].faction")
        })?;
    }
    for (i, b) in r.buffs.iter().enumerate() {
        resolves(&ix.factions, b.faction, "faction", || {
            format!("buffs[{i}].faction")
        })?;
        finite(Some(b.amount), || format!("buffs[{i}].amount"))?;
        if b.effect.whole_amount() && b.amount.fract() != 0.0 {
            return Err(bad(
                format!("buffs[{i}].amount"),
                "this effect takes a whole number",
            ));
        }
        if let BuffSource::Group(g) = b.source {
            group_ok(r, ix, b.faction, g, || format!("buffs[{i}].source"))?;
        }
        if let Effect::Grudge { target } = b.effect {
            let field = || format!("buffs[{i}].effect.grudge.target");
            resolves(&ix.factions, target, "faction", field)?;
            let t = &r.factions[ix.factions[&target]];
            if !grudge_target_ok(t.kind) {
                return Err(bad(
                    field(),
                    format!("{:?} factions cannot be a grudge's target", t.kind),
                ));
            }
            if target == b.faction {
                return Err(bad(
                    field(),
                    "a faction cannot hold a grudge against itself",
                ));
            }
        }
    }
    Ok(())
}

/// One fitted slot. `at` builds the slot's path only when there is an error to name: this runs
/// for every slot of every photo on each change the browser takes in, so nothing is formatted on
/// the way through.
fn item(
    ix: &Index,
    table: &HashMap<u64, usize>,
    slot: Slot,
    it: Option<ItemRef>,
    r: &Realm,
    at: &dyn Fn() -> String,
) -> Res {
    match it {
        None => Ok(()),
        Some(ItemRef::Item(f)) => {
            if !table.contains_key(&f.row) {
                resolves(table, f.row, &format!("{slot:?} row"), || {
                    format!("{}.row", at())
                })?;
            }
            resolves(&ix.materials, f.material, "material", || {
                format!("{}.material", at())
            })
        }
        Some(ItemRef::Unique(id)) => unique_in(r, ix, id, slot, at),
    }
}

fn unique_in(r: &Realm, ix: &Index, id: u64, slot: Slot, at: &dyn Fn() -> String) -> Res {
    resolves(&ix.unique_items, id, "unique item", at)?;
    let u = &r.unique_items[ix.unique_items[&id]];
    if u.slot != slot {
        return Err(bad(
            at(),
            format!(
                "unique item {id} is for the {:?} slot, not {slot:?}",
                u.slot
            ),
        ));
    }
    Ok(())
}

fn stats(s: &Stats, at: &dyn Fn() -> String) -> Res {
    let nums = [
        ("attack_power", s.attack_power),
        ("attack_range", s.attack_range),
        ("secondary_attack", s.secondary_attack),
        ("secondary_range", s.secondary_range),
        ("defense_strength", s.defense_strength),
        ("secondary_defense", s.secondary_defense),
        ("headwear_def", s.headwear_def),
        ("backpiece_def", s.backpiece_def),
        ("legwear_def", s.legwear_def),
        ("movement", s.movement),
    ];
    for (n, v) in nums {
        finite(v, || format!("{}.stats.{n}", at()))?;
    }
    Ok(())
}

fn photo(r: &Realm, ix: &Index, i: usize, p: &Photo, worn_by: &mut HashMap<u64, usize>) -> Res {
    let at = || format!("photos[{i}]");
    let f = |n: &str| format!("photos[{i}].{n}");
    display_name(&p.name, || f("name"))?;
    resolves(&ix.factions, p.faction, "faction", || f("faction"))?;
    group_ok(r, ix, p.faction, p.group, || f("group"))?;
    if let Some(s) = p.species {
        resolves(&ix.species, s, "species", || f("species"))?;
    }
    if let Some(m) = p.movement_type {
        resolves(&ix.movement_types, m, "movement type", || {
            f("movement_type")
        })?;
    }
    let nums = [
        ("health", p.health),
        ("base_attack", p.base_attack),
        ("base_range", p.base_range),
        ("base_defense", p.base_defense),
        ("base_movement", p.base_movement),
    ];
    for (n, v) in nums {
        finite(v, || f(n))?;
    }
    stats(&p.stats, &at)?;
    item(ix, &ix.weapons, Slot::Weapon, p.weapon, r, &|| f("weapon"))?;
    item(ix, &ix.armor, Slot::Armor, p.armor, r, &|| f("armor"))?;
    item(ix, &ix.headwear, Slot::Headwear, p.headwear, r, &|| {
        f("headwear")
    })?;
    item(ix, &ix.backpieces, Slot::Backpiece, p.backpiece, r, &|| {
        f("backpiece")
    })?;
    item(ix, &ix.legwear, Slot::Legwear, p.legwear, r, &|| {
        f("legwear")
    })?;
    match p.offhand {
        None => {}
        Some(OffhandRef::Weapon(it)) => item(
            ix,
            &ix.weapons,
            Slot::Weapon,
            Some(ItemRef::Item(it)),
            r,
            &|| f("offhand.weapon"),
        )?,
        Some(OffhandRef::Shield(it)) => item(
            ix,
            &ix.shields,
            Slot::Offhand,
            Some(ItemRef::Item(it)),
            r,
            &|| f("offhand.shield"),
        )?,
        Some(OffhandRef::Unique(id)) => {
            unique_in(r, ix, id, Slot::Offhand, &|| f("offhand.unique"))?
        }
    }
    if let Some(b) = p.beast {
        resolves(&ix.beasts, b, "beast", || f("beast"))?;
    }
    for (j, &b) in p.worn.iter().enumerate() {
        resolves(&ix.bardings, b, "barding", || format!("{}.worn[{j}]", at()))?;
        if let Some(k) = worn_by.insert(b, i) {
            return Err(bad(
                format!("{}.worn[{j}]", at()),
                format!("barding {b} is already worn by photos[{k}]"),
            ));
        }
    }
    if let Some(s) = p.season {
        if !r.seasons.iter().any(|x| x.number == s) {
            return Err(bad(f("season"), format!("no season number {s}")));
        }
    }
    if let Some(k) = p.machine_kind {
        resolves(&ix.machine_kinds, k, "machine kind", || f("machine_kind"))?;
        if !matches!(p.group, Group::Equipment(_)) {
            return Err(bad(
                f("group"),
                "a war machine belongs in an Equipment group",
            ));
        }
    }
    if let Some(m) = p.crew_of {
        resolves(&ix.photos, m, "photo", || f("crew_of"))?;
        let machine = &r.photos[ix.photos[&m]];
        if machine.machine_kind.is_none() {
            return Err(bad(f("crew_of"), format!("photo {m} is not a war machine")));
        }
        if machine.faction != p.faction {
            return Err(bad(
                f("crew_of"),
                format!("machine {m} belongs to another faction"),
            ));
        }
        if p.machine_kind.is_some() {
            return Err(bad(f("crew_of"), "a war machine cannot crew another"));
        }
    }
    Ok(())
}

/// Photos: every reference, slot and crew assignment.
pub(super) fn photos(r: &Realm, ix: &Index) -> Res {
    let mut worn_by = HashMap::new();
    for (i, p) in r.photos.iter().enumerate() {
        photo(r, ix, i, p, &mut worn_by)?;
    }
    Ok(())
}

/// Ratings: each names a photo and holds sane counts.
pub(super) fn ratings(r: &Realm, ix: &Index) -> Res {
    for (i, g) in r.ratings.iter().enumerate() {
        resolves(&ix.photos, g.photo_id, "photo", || {
            format!("ratings[{i}].photo_id")
        })?;
        finite(Some(g.rating), || format!("ratings[{i}].rating"))?;
        if g.wins > g.judged {
            return Err(bad(
                format!("ratings[{i}].wins"),
                "more wins than judgements",
            ));
        }
    }
    Ok(())
}
