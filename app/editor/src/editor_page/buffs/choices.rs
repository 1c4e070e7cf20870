//! What a buff form offers, read from the realm: the factions a Grudge may name, and the places a
//! buff may come from. Pure, so it is tested natively.

use engine::{effect_name, BuffCategory, BuffSource, Effect, FactionKind, Group, Realm, EFFECTS};

/// The buff families, in the order the effect picker groups them (SPEC §5.1), with their headings.
pub const CATEGORIES: [(BuffCategory, &str); 3] = [
    (BuffCategory::UnitStats, "Unit stats: added to every photo"),
    (
        BuffCategory::Logistics,
        "Logistics: how the faction marches",
    ),
    (
        BuffCategory::Leadership,
        "Leadership: standing, reach and allies",
    ),
];

/// The factions faction `holder` may hold a Grudge against, `(id, name)` in document order: every
/// Ordinary faction but itself (SPEC §1.7: never a Mercenary or Townsfolk faction).
pub fn grudge_targets(r: &Realm, holder: u64) -> Vec<(u64, String)> {
    r.factions
        .iter()
        .filter(|f| f.id != holder && f.kind == FactionKind::Ordinary)
        .map(|f| (f.id, f.name.clone()))
        .collect()
}

/// The key a buff source has in the form's select.
pub fn source_key(s: BuffSource) -> String {
    match s {
        BuffSource::FactionWide => "faction".into(),
        BuffSource::Group(g) => match g {
            Group::Leader => "leader".into(),
            Group::Generals => "generals".into(),
            Group::SpecialPeople => "special".into(),
            Group::Crest => "crest".into(),
            Group::Place => "place".into(),
            Group::Regiment(id) => format!("regiment:{id}"),
            Group::Equipment(id) => format!("equipment:{id}"),
        },
    }
}

/// Where a buff of faction `faction` may come from, `(key, label, source)`: the faction as a whole,
/// the fixed groups, then its regiments and equipment types in document order.
pub fn sources(r: &Realm, faction: u64) -> Vec<(String, String, BuffSource)> {
    let fixed = [
        (BuffSource::FactionWide, "The whole faction".to_string()),
        (
            BuffSource::Group(Group::Leader),
            "Its leader (an aura)".into(),
        ),
        (
            BuffSource::Group(Group::Generals),
            "Its generals (an aura)".into(),
        ),
        (
            BuffSource::Group(Group::SpecialPeople),
            "Its special people (an aura)".into(),
        ),
    ];
    let regiments = r
        .regiments
        .iter()
        .filter(|g| g.faction == faction)
        .map(|g| {
            let s = BuffSource::Group(Group::Regiment(g.id));
            (s, format!("Regiment: {}", g.name))
        });
    let equipment = r
        .equipment_types
        .iter()
        .filter(|t| t.faction == faction)
        .map(|t| {
            let s = BuffSource::Group(Group::Equipment(t.id));
            (s, format!("Equipment: {}", t.name))
        });
    fixed
        .into_iter()
        .chain(regiments)
        .chain(equipment)
        .map(|(s, label)| (source_key(s), label, s))
        .collect()
}

/// The effect named `name` in the form's select (a Grudge comes back with target 0).
pub fn effect_from(name: &str) -> Option<Effect> {
    EFFECTS.into_iter().find(|e| effect_name(*e) == name)
}

/// `e`, with `target` filled in when it is a Grudge.
pub fn with_target(e: Effect, target: u64) -> Effect {
    match e {
        Effect::Grudge { .. } => Effect::Grudge { target },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_is_in_exactly_one_group() {
        for e in EFFECTS {
            let groups = CATEGORIES
                .iter()
                .filter(|(c, _)| e.category() == *c)
                .count();
            assert_eq!(groups, 1, "{}", effect_name(e));
        }
    }
    use engine::demo_realm;

    #[test]
    fn grudge_targets_are_the_other_ordinary_factions() {
        let r = demo_realm();
        let holder = r.factions[0].id;
        let targets = grudge_targets(&r, holder);
        assert!(!targets.is_empty());
        for (id, _) in &targets {
            let f = r.faction(*id).unwrap();
            assert_eq!(f.kind, FactionKind::Ordinary);
            assert_ne!(f.id, holder);
        }
        let ordinary = r
            .factions
            .iter()
            .filter(|f| f.kind == FactionKind::Ordinary)
            .count();
        let holder_ordinary = r.factions[0].kind == FactionKind::Ordinary;
        assert_eq!(targets.len(), ordinary - usize::from(holder_ordinary));
    }

    #[test]
    fn every_picked_target_is_one_the_engine_accepts() {
        let mut r = demo_realm();
        let holder = r.factions[0].id;
        let next = r.buffs.iter().map(|b| b.id).max().unwrap_or(0) + 1;
        for (target, _) in grudge_targets(&r.clone(), holder) {
            r.buffs.push(engine::Buff {
                id: next + target,
                faction: holder,
                name: "Old feud".into(),
                effect: Effect::Grudge { target },
                amount: 10.0,
                source: BuffSource::FactionWide,
            });
        }
        r.sort();
        assert_eq!(r.validate(), Ok(()));
    }

    #[test]
    fn sources_cover_the_factions_groups_and_keys_are_unique() {
        let r = demo_realm();
        let f = r.regiments[0].faction;
        let s = sources(&r, f);
        assert_eq!(s[0].2, BuffSource::FactionWide);
        let regiments = r.regiments.iter().filter(|g| g.faction == f).count();
        let types = r.equipment_types.iter().filter(|t| t.faction == f).count();
        assert_eq!(s.len(), 4 + regiments + types);
        for (i, (k, _, src)) in s.iter().enumerate() {
            assert_eq!(*k, source_key(*src));
            assert!(s[i + 1..].iter().all(|(other, _, _)| other != k));
        }
    }

    #[test]
    fn effects_round_trip_through_their_names() {
        for e in EFFECTS {
            assert_eq!(effect_from(effect_name(e)), Some(e));
        }
        assert_eq!(
            with_target(Effect::Grudge { target: 0 }, 9),
            Effect::Grudge { target: 9 }
        );
        assert_eq!(with_target(Effect::MarchSpeed, 9), Effect::MarchSpeed);
    }
}
