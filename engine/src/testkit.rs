//! Small hand-built realms for the unit tests, with figures written in VECTORS.md's shorthand
//! (`h100 ap7 ar1 ds3 mv1.00`) so a test row reads like the vector it checks.

use crate::*;

/// A faction record of `kind` (mercenaries get a pool so the realm validates).
pub(crate) fn faction(id: u64, kind: FactionKind) -> Faction {
    Faction {
        id,
        name: format!("Faction {id}"),
        kind,
        alignment: Alignment::Noble,
        marker: None,
        colour: "#123456".into(),
        merc_pool: (kind == FactionKind::Mercenary).then_some(MercPool::Hero),
        about: String::new(),
    }
}

/// A realm with Ordinary faction 1, regiments 1 and 2 and equipment type 1, all of faction 1.
pub(crate) fn realm() -> Realm {
    let mut r = Realm::new(TerrainMap::filled(1, 1, Terrain::Plains));
    r.factions.push(faction(1, FactionKind::Ordinary));
    for (id, name) in [(1, "Warlord"), (2, "Spears")] {
        r.regiments.push(Regiment {
            id,
            faction: 1,
            name: name.into(),
            order: id as i64,
        });
    }
    r.equipment_types.push(EquipmentType {
        id: 1,
        faction: 1,
        name: "Siege Train".into(),
        order: 0,
    });
    r
}

/// Health and derived stats from the vectors' shorthand. Missing keys stay blank.
pub(crate) fn fig(text: &str) -> (Option<f64>, Stats) {
    let mut s = Stats::default();
    let mut h = None;
    for word in text.split_whitespace() {
        let split = word
            .find(|c: char| c.is_ascii_digit() || c == '-')
            .unwrap_or(word.len());
        let (key, num) = word.split_at(split);
        let v = Some(
            num.parse::<f64>()
                .unwrap_or_else(|_| panic!("bad number in {word}")),
        );
        match key {
            "h" => h = v,
            "ap" => s.attack_power = v,
            "ar" => s.attack_range = v,
            "sa" => s.secondary_attack = v,
            "sr" => s.secondary_range = v,
            "ds" => s.defense_strength = v,
            "sd" => s.secondary_defense = v,
            "hd" => s.headwear_def = v,
            "bd" => s.backpiece_def = v,
            "ld" => s.legwear_def = v,
            "mv" => s.movement = v,
            _ => panic!("unknown key {key} in {text}"),
        }
    }
    (h, s)
}

/// A photo of faction 1 in `group` whose stats (and base Movement) are the shorthand's.
pub(crate) fn photo(id: u64, group: Group, text: &str) -> Photo {
    let (health, stats) = fig(text);
    let mut p = Photo::blank(id, 1, group, format!("Photo {id}"));
    p.order = id as i64;
    p.health = health;
    p.stats = stats;
    p.base_movement = stats.movement;
    p
}

/// A buff record of faction 1.
pub(crate) fn buff(id: u64, effect: Effect, amount: f64, source: BuffSource) -> Buff {
    Buff {
        id,
        faction: 1,
        name: format!("Buff {id}"),
        effect,
        amount,
        source,
    }
}

/// A line that always applies.
pub(crate) fn line(effect: LineEffect, amount: f64, scope: Scope) -> Line {
    Line {
        effect,
        amount,
        scope,
        condition: Condition::Always,
    }
}

/// A war-machine kind with these lines.
pub(crate) fn machine_kind(id: u64, lines: Vec<Line>) -> MachineKind {
    MachineKind {
        id,
        name: format!("Machine {id}"),
        what_it_is: String::new(),
        lines,
        crew_move: None,
        crew_work: None,
        crew_min: None,
        stop_round: None,
        bl: String::new(),
    }
}

/// Sets photo `id`'s rating record.
pub(crate) fn rate(r: &mut Realm, id: u64, rating: f64, judged: u32) {
    r.ratings.retain(|g| g.photo_id != id);
    r.ratings.push(Rating {
        photo_id: id,
        rating,
        judged,
        wins: 0,
    });
    r.ratings.sort_by_key(|g| g.photo_id);
}

/// Six decimals, the printed precision of the vectors.
pub(crate) fn close6(got: f64, want: f64) -> bool {
    (got - want).abs() <= 5e-7
}

/// A generator that throws the dice it is given, then carries on as `SplitMix64(0)`.
///
/// `Script::new(&[(6, 4), (100, 23)])` makes the next `die(6)` a 4 and the `die(100)` after it a 23
/// (and equally `below(6)` a 3): each scripted word is the smallest whose multiply-shift lands on
/// that face, so a test can set up exactly the throws a vector names.
pub(crate) struct Script {
    script: Vec<u64>,
    next: usize,
    rest: SplitMix64,
}

impl Script {
    pub(crate) fn new(faces: &[(u64, u64)]) -> Script {
        let script = faces
            .iter()
            .map(|&(sides, face)| {
                assert!((1..=sides).contains(&face), "face {face} of a d{sides}");
                (((face - 1) as u128) << 64).div_ceil(sides as u128) as u64
            })
            .collect();
        Script {
            script,
            next: 0,
            rest: SplitMix64::new(0),
        }
    }

    /// Whether every scripted throw has been used.
    pub(crate) fn spent(&self) -> bool {
        self.next >= self.script.len()
    }
}

impl Rng for Script {
    fn next_u64(&mut self) -> u64 {
        match self.script.get(self.next) {
            Some(&w) => {
                self.next += 1;
                w
            }
            None => self.rest.next_u64(),
        }
    }
}

/// Compares `text` with the committed snapshot `dir/name` (relative to the crate);
/// `UPDATE_SNAPSHOTS=1` rewrites it instead.
pub(crate) fn check_snapshot(dir: &str, name: &str, text: &str) {
    let path = format!("{}/{dir}/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    if want != text {
        let line = want
            .lines()
            .zip(text.lines())
            .position(|(w, g)| w != g)
            .unwrap_or(want.lines().count().min(text.lines().count()));
        panic!(
            "snapshot {name} differs from line {}; rerun with UPDATE_SNAPSHOTS=1 to accept",
            line + 1
        );
    }
}

#[test]
fn scripted_dice_land_on_their_faces() {
    let faces = [(6, 4), (100, 23), (100, 100), (2, 1), (20, 20), (3, 2)];
    let mut r = Script::new(&faces);
    for (sides, face) in faces {
        assert_eq!(die(&mut r, sides), face);
    }
    assert!(r.spent());
}

/// A figure in a battle line of `group` with post-buff `stats`: Health 100, rating bonus 1,
/// modifier 1, on foot; its bracket, armour and arms derived as set-up derives them.
pub(crate) fn fighter(id: u64, group: Group, stats: Stats) -> Fighter {
    let z = |v: Option<f64>| v.unwrap_or(0.0);
    Fighter {
        id,
        name: format!("#{id}"),
        faction: 1,
        group,
        hired: false,
        health: 100.0,
        bracket: crate::stats::power::bracket(&stats),
        rating_bonus: 1.0,
        defence: z(stats.defense_strength)
            + z(stats.secondary_defense)
            + z(stats.headwear_def)
            + z(stats.backpiece_def)
            + z(stats.legwear_def),
        primary: Arm::new(stats.attack_power, stats.attack_range, stats.attack_type),
        secondary: stats.secondary_attack.map(|_| {
            Arm::new(
                stats.secondary_attack,
                stats.secondary_range,
                stats.secondary_attack_type,
            )
        }),
        modifier: 1.0,
        machine: None,
        crew_of: None,
        carriage: Carriage::Foot,
        stats,
    }
}

/// The demo's Kingdom of Aldermere marching on its Dominion of Morgrath, set up from `seed`.
pub(crate) fn demo_setup(seed: u64) -> Setup {
    static DEMO: std::sync::OnceLock<Realm> = std::sync::OnceLock::new();
    let r = DEMO.get_or_init(demo_realm);
    let id = |name: &str| {
        r.factions
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.id)
            .expect(name)
    };
    let (a, d) = (id("Kingdom of Aldermere"), id("Dominion of Morgrath"));
    setup(r, a, d, &mut SplitMix64::new(seed)).expect("the demo pair sets up")
}
