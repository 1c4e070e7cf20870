//! FIT-01/02/05 through the fitting helpers and push-down (VECTORS.md A0), the offhand rule, and the
//! properties of *Recalculate Unit Stats*.

use super::*;
use crate::stats::derive::tests::{armory, human, it, BRONZE, DAGGER, IRON, OAK, STEEL, SWORD};
use crate::testkit::close6;
use crate::{demo_realm, photo_power, Fitted};
use proptest::prelude::*;
use std::sync::OnceLock;

/// The FIT-01 figure, fitted through `fit` one slot at a time.
fn fit_01() -> Realm {
    let mut r = armory();
    r.factions
        .push(crate::testkit::faction(1, crate::FactionKind::Ordinary));
    r.photos.push(human());
    let shield = OffhandPick {
        shield: it(1, OAK),
        ..OffhandPick::default()
    };
    let changes = [
        Fit::Weapon(it(SWORD, STEEL)),
        Fit::Armor(it(1, IRON)),
        Fit::Offhand(shield),
        Fit::Headwear(it(1, BRONZE)),
        Fit::Beast(Some(1)),
    ];
    for c in changes {
        assert_eq!(fit(&mut r, 1, c), Ok(true));
    }
    r
}

#[test]
fn fit_01_power_of_the_full_kit() {
    let r = fit_01();
    let s = r.photos[0].stats;
    assert_eq!(s.attack_power, Some(13.0), "FIT-01");
    assert!(close6(photo_power(&r, &r.photos[0]), 34.094444), "FIT-01");
}

#[test]
fn fit_02_material_edit_is_pushed_down() {
    let mut r = fit_01();
    r.materials[0].stat_impact_pct = 50.0;
    // Nothing moves until the edit is pushed down; an unrelated edit changes nobody.
    assert_eq!(r.photos[0].stats.attack_power, Some(13.0));
    assert_eq!(
        push_down(&mut r, ArmoryEdit::Material(99)).changed,
        Vec::<u64>::new()
    );
    assert_eq!(
        push_down(&mut r, ArmoryEdit::Material(STEEL)).changed,
        [1],
        "FIT-02"
    );
    assert_eq!(r.photos[0].stats.attack_power, Some(15.0), "FIT-02");
    assert_eq!(
        r.photos[0]
            .stats
            .secondary_defense
            .map(|v| (v * 10.0).round()),
        Some(27.0)
    );
}

#[test]
fn fit_05_a_unique_item_ignores_edits_to_what_it_was_built_from() {
    let mut r = armory();
    r.photos.push(human());
    fit(&mut r, 1, Fit::Weapon(Some(ItemRef::Unique(1)))).unwrap();
    r.materials[0].stat_impact_pct = 90.0;
    r.weapons[0].attack_power = Some(20.0);
    assert!(push_down(&mut r, ArmoryEdit::Material(STEEL))
        .changed
        .is_empty());
    let row = ArmoryEdit::Item(ArmoryTable::Weapon, SWORD);
    assert!(push_down(&mut r, row).changed.is_empty());
    assert_eq!(r.photos[0].stats.attack_power, Some(14.0), "FIT-05");
    // Editing the unique item itself is pushed down.
    r.unique_items[0].attack_power = Some(16.0);
    assert_eq!(push_down(&mut r, ArmoryEdit::Unique(1)).changed, [1]);
    assert_eq!(r.photos[0].stats.attack_power, Some(16.0));
}

#[test]
fn the_offhand_holds_a_shield_or_a_weapon_never_both() {
    let mut r = armory();
    r.photos.push(human());
    let both = OffhandPick {
        weapon: it(DAGGER, STEEL),
        shield: it(1, OAK),
    };
    let e = fit(&mut r, 1, Fit::Offhand(both)).unwrap_err();
    assert_eq!(e, FitError::OffhandBoth { photo: 1 });
    assert_eq!(e.field(), "offhand");
    assert!(e.to_string().contains("photo 1"), "{e}");
    assert_eq!(
        r.photos[0].offhand, None,
        "a refused fitting writes nothing"
    );
    let dagger = OffhandPick {
        weapon: it(DAGGER, STEEL),
        shield: None,
    };
    fit(&mut r, 1, Fit::Offhand(dagger)).unwrap();
    let f = Fitted {
        row: DAGGER,
        material: STEEL,
    };
    assert_eq!(r.photos[0].offhand, Some(OffhandRef::Weapon(f)));
    assert_eq!(r.photos[0].stats.secondary_attack, Some(2.5), "FIT-06");
}

#[test]
fn fitting_refuses_what_does_not_resolve_or_does_not_fit() {
    let mut r = armory();
    r.photos.push(human());
    // (change, expected error)
    let table = [
        (
            Fit::Weapon(it(77, STEEL)),
            FitError::Unresolved {
                photo: 1,
                field: "weapon",
                id: 77,
            },
        ),
        (
            Fit::Armor(it(1, 77)),
            FitError::Unresolved {
                photo: 1,
                field: "armor.material",
                id: 77,
            },
        ),
        (
            Fit::Headwear(Some(ItemRef::Unique(1))),
            FitError::WrongSlot {
                photo: 1,
                field: "headwear",
                unique: 1,
            },
        ),
        (
            Fit::Beast(Some(9)),
            FitError::Unresolved {
                photo: 1,
                field: "beast",
                id: 9,
            },
        ),
        (
            Fit::Worn(vec![4]),
            FitError::Unresolved {
                photo: 1,
                field: "worn",
                id: 4,
            },
        ),
    ];
    for (change, want) in table {
        assert_eq!(fit(&mut r, 1, change), Err(want));
    }
    assert_eq!(
        fit(&mut r, 5, Fit::Beast(None)),
        Err(FitError::NoPhoto { photo: 5 })
    );
}

#[test]
fn recalculation_reports_which_photos_changed() {
    let mut r = demo_realm();
    assert!(
        recalculate_all(&mut r).changed.is_empty(),
        "the demo is derived"
    );
    let ids = [r.photos[3].id, r.photos[40].id];
    r.photos[3].stats.movement = Some(42.0);
    r.photos[40].stats = crate::Stats::default();
    assert_eq!(recalculate_all(&mut r).changed, ids);
}

fn demo() -> &'static Realm {
    static DEMO: OnceLock<Realm> = OnceLock::new();
    DEMO.get_or_init(demo_realm)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Recalculation is idempotent and never touches Health, names or the typed base numbers,
    /// whatever Armory edits and stale stats it starts from.
    #[test]
    fn recalculation_is_idempotent_and_keeps_what_was_typed(
        pcts in proptest::collection::vec(-100.0..200.0f64, 1..6),
        junk in proptest::collection::vec((0usize..1000, -50.0..50.0f64), 0..20),
    ) {
        let mut r = demo().clone();
        for (m, pct) in r.materials.iter_mut().zip(&pcts) {
            m.stat_impact_pct = *pct;
        }
        for (i, v) in &junk {
            let n = r.photos.len();
            r.photos[i % n].stats.attack_power = Some(*v);
        }
        let before = r.clone();
        recalculate_all(&mut r);
        for (a, b) in before.photos.iter().zip(&r.photos) {
            let mut a = a.clone();
            a.stats = b.stats;
            prop_assert_eq!(&a, b, "only stats may change");
        }
        let again = r.clone();
        prop_assert!(recalculate_all(&mut r).changed.is_empty());
        prop_assert_eq!(r, again);
    }
}

#[test]
fn a_barding_is_worn_by_one_photo_only() {
    let mut r = armory();
    r.bardings.push(crate::Barding {
        id: 1,
        name: "Caparison".into(),
        kind: crate::WornKind::Barding,
        what_it_is: String::new(),
        lines: vec![],
        named_power: String::new(),
        bl: String::new(),
    });
    r.photos.push(human());
    let mut other = human();
    other.id = 2;
    r.photos.push(other);
    fit(&mut r, 1, Fit::Worn(vec![1])).unwrap();
    let e = fit(&mut r, 2, Fit::Worn(vec![1])).unwrap_err();
    assert_eq!(
        e,
        FitError::WornElsewhere {
            photo: 2,
            barding: 1,
            by: 1
        }
    );
    assert_eq!(e.field(), "worn");
    // Re-fitting it to its own wearer is fine.
    assert_eq!(fit(&mut r, 1, Fit::Worn(vec![1])), Ok(false));
}
