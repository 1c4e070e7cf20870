//! The demo Armory: LEGO colours, materials from Wood to Solid Gold, every item table, species,
//! movement types, beasts, creatures, unique items, war machine kinds and bardings.

use crate::*;

fn ids<T>(rows: Vec<T>, set: impl Fn(&mut T, u64)) -> Vec<T> {
    let mut rows = rows;
    for (i, r) in rows.iter_mut().enumerate() {
        set(r, i as u64 + 1);
    }
    rows
}

const COLOURS: &[(&str, &str)] = &[
    ("Reddish Brown", "#582A12"),
    ("Dark Brown", "#352100"),
    ("Medium Nougat", "#AA7D55"),
    ("Tan", "#E4CD9E"),
    ("Dark Tan", "#958A73"),
    ("Light Bluish Gray", "#A0A5A9"),
    ("Dark Bluish Gray", "#6C6E68"),
    ("Flat Silver", "#898788"),
    ("Pearl Gold", "#AA7F2E"),
    ("Black", "#05131D"),
    ("White", "#FFFFFF"),
    ("Bright Light Yellow", "#FFF03A"),
    ("Pearl Dark Gray", "#575857"),
    ("Metallic Gold", "#DBAC34"),
    ("Dark Red", "#720E0F"),
    ("Chrome Silver", "#E0E0E0"),
    ("Sand Green", "#A0BCAC"),
];

/// (name, category, colour names (one or two), stat impact %).
const MATERIALS: &[(&str, &str, &[&str], f64)] = &[
    ("Wood", "Organic", &["Reddish Brown"], -10.0),
    ("Oak", "Organic", &["Dark Brown"], 0.0),
    ("Linen", "Cloth", &["Tan"], -15.0),
    ("Leather", "Organic", &["Medium Nougat"], -5.0),
    ("Bone", "Organic", &["White"], 5.0),
    ("Bronze", "Metal", &["Pearl Gold"], 10.0),
    ("Iron", "Metal", &["Dark Bluish Gray"], 0.0),
    ("Steel", "Metal", &["Flat Silver"], 25.0),
    ("Blackened Steel", "Metal", &["Black"], 30.0),
    ("Dwarven Steel", "Metal", &["Pearl Dark Gray"], 45.0),
    ("Elven Silver", "Metal", &["Light Bluish Gray"], 40.0),
    ("Rusted Iron", "Metal", &["Dark Tan"], -20.0),
    (
        "Gilded Steel",
        "Metal",
        &["Flat Silver", "Pearl Gold"],
        35.0,
    ),
    ("Sunstone", "Gem", &["Bright Light Yellow"], 50.0),
    ("Mithril", "Metal", &["Chrome Silver"], 60.0),
    ("Solid Gold", "Precious", &["Metallic Gold"], 75.0),
];

fn weapon(
    name: &str,
    cat: AttackType,
    dmg: DamageType,
    ap: f64,
    range: f64,
    mob: Option<f64>,
    bl: &str,
) -> Weapon {
    let (attack_power, range) = (Some(ap), Some(range));
    Weapon {
        id: 0,
        name: name.into(),
        category: cat,
        damage_type: dmg,
        attack_power,
        range,
        mobility: mob,
        bl: bl.into(),
    }
}

fn weapons() -> Vec<Weapon> {
    use AttackType::{Melee as M, Ranged as R};
    use DamageType::{Blunt as B, Magic as G, Piercing as P, Slashing as S};
    ids(
        vec![
            weapon("Dagger", M, P, 2.0, 1.0, None, "37272"),
            weapon("Shortsword", M, S, 5.0, 1.0, None, "3847"),
            weapon("Longsword", M, S, 7.0, 1.0, None, "59"),
            weapon("Greatsword", M, S, 10.0, 2.0, Some(-0.05), "98141"),
            weapon("Battle Axe", M, S, 8.0, 1.0, None, "53454"),
            weapon("Warhammer", M, B, 8.0, 1.0, Some(-0.05), "53705"),
            weapon("Mace", M, B, 6.0, 1.0, None, ""),
            weapon("Club", M, B, 3.0, 1.0, None, ""),
            weapon("Spear", M, P, 5.0, 3.0, None, "4497"),
            weapon("Pike", M, P, 6.0, 5.0, Some(-0.05), ""),
            weapon("Halberd", M, S, 8.0, 4.0, None, "3848"),
            weapon("Lance", M, P, 9.0, 3.0, None, "3849"),
            weapon("Scimitar", M, S, 6.0, 1.0, None, "43887"),
            weapon("Rapier", M, P, 5.0, 1.0, Some(0.05), ""),
            weapon("Quarterstaff", M, B, 3.0, 2.0, Some(0.05), ""),
            weapon("Sling", R, B, 2.0, 6.0, None, ""),
            weapon("Throwing Knives", R, P, 3.0, 5.0, None, ""),
            weapon("Javelin", R, P, 5.0, 7.0, None, ""),
            weapon("Shortbow", R, P, 4.0, 10.0, None, "95051"),
            weapon("Crossbow", R, P, 6.0, 12.0, Some(-0.05), "2570"),
            weapon("Longbow", R, P, 6.0, 16.0, None, "4499"),
            weapon("Elven Greatbow", R, P, 7.0, 18.0, None, ""),
            weapon("Fire Staff", R, G, 7.0, 12.0, None, ""),
            weapon("Trebuchet Arm", R, B, 25.0, 20.0, Some(-0.5), ""),
            weapon("Ballista Bolt", R, P, 18.0, 17.0, Some(-0.3), ""),
            weapon("Catapult Cup", R, B, 20.0, 18.0, Some(-0.4), ""),
            weapon("Ram Head", M, B, 22.0, 1.0, Some(-0.4), ""),
            weapon("Bone Bombard", R, G, 24.0, 19.0, Some(-0.5), ""),
        ],
        |r, id| r.id = id,
    )
}

fn armor() -> Vec<Armor> {
    use DefenseType::*;
    let a = |name: &str, t, dp: f64, mob: Option<f64>, bl: &str| Armor {
        id: 0,
        name: name.into(),
        defense_type: t,
        defense_power: Some(dp),
        mobility: mob,
        bl: bl.into(),
    };
    ids(
        vec![
            a("Padded Jerkin", Light, 1.0, None, ""),
            a("Robes", Light, 0.5, Some(0.05), ""),
            a("Leather Cuirass", Light, 2.0, None, ""),
            a("Chainmail", Medium, 4.0, Some(-0.05), ""),
            a("Scale Armour", Medium, 5.0, Some(-0.08), ""),
            a("Breastplate", Heavy, 6.0, Some(-0.1), "2587"),
            a("Full Plate", Heavy, 8.0, Some(-0.15), ""),
        ],
        |r, id| r.id = id,
    )
}

fn wear(list: &[(&str, f64, Option<f64>, &str)]) -> Vec<Wearable> {
    let rows = list.iter().map(|&(name, dp, mob, bl)| Wearable {
        id: 0,
        name: name.into(),
        defense_power: Some(dp),
        mobility: mob,
        bl: bl.into(),
    });
    ids(rows.collect(), |r, id| r.id = id)
}

/// Fills every Armory table of `r`.
pub(super) fn fill(r: &mut Realm) {
    r.colours = ids(
        COLOURS
            .iter()
            .map(|&(n, h)| Colour {
                id: 0,
                name: n.into(),
                hex: h.into(),
            })
            .collect(),
        |c, id| c.id = id,
    );
    let colour = |n: &str| {
        r.colours
            .iter()
            .find(|c| c.name == n)
            .map(|c| c.id)
            .expect("demo colour")
    };
    let mats = MATERIALS.iter().map(|&(name, cat, cols, pct)| Material {
        id: 0,
        name: name.into(),
        category: cat.into(),
        colours: match cols {
            [a] => MaterialColours::Single(colour(a)),
            [a, b, ..] => MaterialColours::Mixed(colour(a), colour(b)),
            [] => unreachable!("every demo material has a colour"),
        },
        stat_impact_pct: pct,
    });
    r.materials = ids(mats.collect(), |m, id| m.id = id);
    r.weapons = weapons();
    r.armor = armor();
    r.headwear = wear(&[
        ("Hood", 0.3, Some(0.02), ""),
        ("Leather Cap", 0.5, None, ""),
        ("Kettle Hat", 1.0, None, "3844"),
        ("Horned Helm", 1.5, None, "53450"),
        ("Great Helm", 2.0, Some(-0.05), "3896"),
        ("Circlet", 0.5, None, ""),
    ]);
    r.backpieces = wear(&[
        ("Cloak", 0.5, Some(0.05), "522"),
        ("Quiver", 0.0, None, "4498"),
        ("Banner Pole", 0.5, Some(-0.05), "2335"),
        ("Pauldrons", 1.5, Some(-0.05), ""),
        ("Pack", 0.2, Some(-0.05), ""),
    ]);
    r.legwear = wear(&[
        ("Leather Boots", 0.5, Some(0.05), ""),
        ("Riding Boots", 0.5, None, ""),
        ("Mail Chausses", 1.0, Some(-0.02), ""),
        ("Greaves", 1.5, Some(-0.05), ""),
    ]);
    r.shields = wear(&[
        ("Buckler", 1.0, Some(0.02), ""),
        ("Round Shield", 2.0, None, "2586"),
        ("Kite Shield", 3.0, None, "3846"),
        ("Heater Shield", 3.5, None, ""),
        ("Tower Shield", 5.0, Some(-0.1), ""),
    ]);
    super::bestiary::fill(r);
}
