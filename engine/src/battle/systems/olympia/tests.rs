//! Olympia tests: one unit test per rule here, the vectors of VECTORS.md §Q in `tests/vectors.rs`,
//! and property tests of a battle's invariants in `tests/props.rs`.

mod props;
mod vectors;

use super::battle::Host;
use super::*;
use crate::{Rng, Side};

/// A scripted generator: the words given, in order. Running out is a test bug.
pub(crate) struct Script {
    words: Vec<u64>,
    next: usize,
}

impl Script {
    pub(crate) fn new(words: &[u64]) -> Script {
        Script {
            words: words.to_vec(),
            next: 0,
        }
    }

    /// The least word for which `below(n)` is `k`.
    pub(crate) fn pick(k: u64, n: u64) -> u64 {
        ((u128::from(k) << 64).div_ceil(u128::from(n))) as u64
    }

    /// A word for which `unit()` is `x` (for `x` a multiple of 2⁻⁵³).
    pub(crate) fn unit(x: f64) -> u64 {
        ((x * (1u64 << 53) as f64) as u64) << 11
    }
}

impl Rng for Script {
    fn next_u64(&mut self) -> u64 {
        let w = self.words[self.next];
        self.next += 1;
        w
    }
}

pub(crate) fn men(kind: Kind, count: u32, behind: u8) -> Men {
    Men {
        kind,
        count,
        behind,
    }
}

/// A unit led by a noble of `health` with no items.
pub(crate) fn noble_unit(id: u64, health: u32, men: Vec<Men>) -> Unit {
    Unit {
        id,
        name: format!("Lord {id}"),
        noble: Some(Noble {
            health,
            items: Vec::new(),
            behind: 0,
        }),
        men,
    }
}

/// A unit of men without a noble.
pub(crate) fn band(id: u64, men: Vec<Men>) -> Unit {
    Unit {
        id,
        name: format!("Band {id}"),
        noble: None,
        men,
    }
}

pub(crate) fn force(units: Vec<Unit>, structure: Option<Structure>) -> Force {
    Force {
        name: "Force".into(),
        units,
        structure,
    }
}

pub(crate) fn host(f: &Force, side: Side, weather: Weather, ground: Ground) -> Host {
    Host::new(f, side, ground, weather)
}

fn battle(attacker: Force, defender: Force) -> OlympiaInput {
    OlympiaInput {
        seed: 1,
        weather: Weather::Clear,
        ground: Ground::Land,
        inhibit_move: false,
        attacker,
        defender,
    }
}

fn structure(kind: StructureKind, defense: u32) -> Structure {
    Structure {
        kind,
        name: format!("{kind:?}"),
        defense,
        damage: 0,
    }
}

#[test]
fn passive_men_fight_only_when_attacked() {
    let f = force(
        vec![band(
            1,
            vec![men(Kind::Peasant, 2, 0), men(Kind::Sailor, 1, 0)],
        )],
        None,
    );
    let a = figures(&f, Side::Attacker, Ground::Land, Weather::Clear);
    let d = figures(&f, Side::Defender, Ground::Land, Weather::Clear);
    assert!(a.iter().all(|f| !f.participant));
    assert!(d.iter().all(|f| f.participant));
    // An attack of peasants alone is worth nothing and breaks before a blow.
    let input = battle(f.clone(), f);
    let out = play(&input);
    assert_eq!(
        out.decided,
        Decision::Broke {
            side: Side::Attacker
        }
    );
    assert!(out.cycles.is_empty());
    assert!(out.attacker.figures.iter().all(|f| f.fate == Fate::Idle));
}

#[test]
fn knights_and_elite_guard_lose_25_afloat_and_in_a_swamp() {
    for g in [Ground::Ship, Ground::Swamp] {
        assert_eq!(base_rating(Kind::Knight, g).attack, 20.0);
        assert_eq!(base_rating(Kind::EliteGuard, g).defense, 65.0);
    }
    assert_eq!(base_rating(Kind::Pirate, Ground::Swamp).attack, 5.0);
}

#[test]
fn a_rear_row_is_not_struck_while_the_front_fights() {
    let a = force(vec![band(1, vec![men(Kind::Swordsman, 1, 0)])], None);
    let d = force(
        vec![band(
            2,
            vec![men(Kind::Archer, 3, 1), men(Kind::Soldier, 2, 0)],
        )],
        None,
    );
    let mut input = battle(a, d);
    for seed in 0..40 {
        input.seed = seed;
        let out = play(&input);
        let figs = &out.defender.figures;
        let mut front_left = 2;
        for h in out.cycles.iter().flat_map(|c| &c.hits) {
            match (h.side, h.target) {
                (Side::Attacker, Target::Figure { index }) => {
                    let f = &figs[index as usize].figure;
                    assert!(
                        f.row == 0 || front_left == 0,
                        "seed {seed}: archer struck early"
                    );
                    if f.row == 0 && matches!(h.effect, Effect::Killed { .. }) {
                        front_left -= 1;
                    }
                }
                (Side::Defender, _) => {
                    // Archers behind strike with their missile (50), soldiers with 5.
                    let f = &figs[h.hitter as usize].figure;
                    assert_eq!(h.strike, if f.row == 1 { 50.0 } else { 5.0 });
                }
                _ => unreachable!("no structure"),
            }
        }
    }
}

#[test]
fn a_figure_behind_without_missile_cannot_strike() {
    // Soldiers behind the front cannot strike; a ram has no structure to strike: nobody can.
    let a = force(vec![band(1, vec![men(Kind::BatteringRam, 1, 0)])], None);
    let d = force(vec![band(2, vec![men(Kind::Soldier, 3, 1)])], None);
    let out = play(&battle(a, d));
    assert_eq!((out.decided, out.winner), (Decision::Held, Side::Defender));
    assert!(out.cycles.is_empty() && out.captures.is_empty() && !out.winner_takes_position);
}

#[test]
fn engines_strike_only_a_standing_structure() {
    let a = force(
        vec![band(
            1,
            vec![men(Kind::Catapult, 2, 0), men(Kind::Swordsman, 4, 0)],
        )],
        None,
    );
    let d = force(
        vec![band(2, vec![men(Kind::Pikeman, 6, 0)])],
        Some(structure(StructureKind::Tower, 2)),
    );
    let mut input = battle(a, d);
    for seed in 0..30 {
        input.seed = seed;
        let out = play(&input);
        let mut standing = true;
        for h in out.cycles.iter().flat_map(|c| &c.hits) {
            let engine = h.side == Side::Attacker && h.hitter < 2;
            if engine {
                assert!(standing, "seed {seed}: an engine struck after the collapse");
                assert_eq!(h.target, Target::Structure);
            }
            if let Effect::Damaged {
                points, collapsed, ..
            } = h.effect
            {
                assert!(if engine {
                    (5..=10).contains(&points)
                } else {
                    points == 1
                });
                standing &= !collapsed;
            }
        }
    }
}

#[test]
fn a_structure_shelters_its_first_men_still_fighting() {
    // A tower protects 100: of 102 soldiers the last two are outside until others fall.
    let d = force(
        vec![band(2, vec![men(Kind::Soldier, 102, 0)])],
        Some(structure(StructureKind::Tower, 10)),
    );
    let a = force(vec![band(1, vec![men(Kind::Swordsman, 1, 0)])], None);
    let mut hosts = [
        host(&a, Side::Attacker, Weather::Clear, Ground::Land),
        host(&d, Side::Defender, Weather::Clear, Ground::Land),
    ];
    // Strike candidate `k` of `n` (the figures still fighting, then the tower) and miss.
    let at = |k: u64, n: u64, hosts: &mut [Host; 2]| {
        let words = [Script::pick(0, 1), Script::pick(k, n), Script::unit(0.999)];
        let h = battle::strike(Side::Attacker, hosts, &mut Script::new(&words)).unwrap();
        (h.target, h.sheltered, h.defense)
    };
    let figure = |index| Target::Figure { index };
    assert_eq!(at(99, 103, &mut hosts), (figure(99), true, 15.0));
    assert_eq!(at(100, 103, &mut hosts), (figure(100), false, 5.0));
    // With the first soldier dead, figure 100 has 99 still fighting before it: sheltered.
    hosts[1].fate[0] = Fate::Killed;
    assert_eq!(at(99, 102, &mut hosts), (figure(100), true, 15.0));
    // A collapsed structure shelters nobody and is no longer a candidate.
    hosts[1].structure.as_mut().unwrap().damage = 100;
    assert_eq!(at(0, 101, &mut hosts), (figure(1), false, 5.0));
}

#[test]
fn the_larger_side_strikes_its_extra_hits_each_cycle() {
    let a = force(vec![band(1, vec![men(Kind::Soldier, 5, 0)])], None);
    let d = force(vec![band(2, vec![men(Kind::EliteGuard, 2, 0)])], None);
    let out = play(&battle(a, d));
    let c = &out.cycles[0];
    let sides: String = c
        .hits
        .iter()
        .map(|h| if h.side == Side::Attacker { 'A' } else { 'D' })
        .collect();
    assert!("ADADAAA".starts_with(&sides), "{sides}");
    assert_eq!(c.able, [5, 2]);
}

#[test]
fn the_winner_takes_prisoners_and_its_leader_the_loot() {
    // Elite guard crush a noble with peasants and an item; the peasants fight as defenders.
    let a = force(
        vec![
            band(1, vec![men(Kind::Worker, 3, 0)]),
            noble_unit(2, 100, vec![men(Kind::EliteGuard, 30, 0)]),
        ],
        None,
    );
    let mut victim = noble_unit(3, 100, vec![men(Kind::Peasant, 4, 0)]);
    victim.noble.as_mut().unwrap().items.push(Item {
        name: "Gold crown".into(),
        attack: 0,
        defense: 1,
        missile: 0,
    });
    let d = force(vec![victim, band(4, vec![men(Kind::Sailor, 2, 0)])], None);
    let mut input = battle(a, d);
    let (mut taken, mut fled) = (0, 0);
    for seed in 0..60 {
        input.seed = seed;
        let out = play(&input);
        assert_eq!(out.winner, Side::Attacker);
        assert!(out.winner_takes_position);
        let p = out.prisoner_chance.unwrap_or(0.0);
        for c in &out.captures {
            assert_eq!(c.taken, c.roll < p);
        }
        // The idle workers count among the winner's numbers.
        let idle = out.attacker.figures.iter().filter(|f| f.fate == Fate::Idle);
        assert_eq!(idle.count(), 3);
        let wounded = out.attacker.wounded_nobles().len() as u32;
        assert_eq!(out.remaining[0], 3 + 1 + 30 - out.attacker.killed - wounded);
        taken += out.prisoners.len();
        fled += out.fled.len();
        if let Some(loot) = &out.loot {
            assert_eq!(loot.to, 2, "the first unit with a living noble leads");
            for m in &loot.men {
                assert!(out.prisoners.contains(&m.from) || !out.fled.contains(&m.from));
            }
        }
    }
    assert!(taken > 0 && fled > 0, "taken {taken}, fled {fled}");
    input.inhibit_move = true;
    assert!(!play(&input).winner_takes_position);
}

#[test]
fn a_broken_side_stops_fighting_and_the_other_wins() {
    let input = example();
    let out = play(&input);
    let Decision::Broke { side } = out.decided else {
        panic!("{:?}", out.decided)
    };
    assert_ne!(side, out.winner);
    let broke = out.force(side);
    assert!(broke.value_end <= broke.break_point);
    let last = out.cycles.last().unwrap().hits.last().unwrap();
    assert_ne!(last.side, side, "the last strike was the one that broke it");
}

#[test]
fn validation_names_the_field() {
    let check = |f: &dyn Fn(&mut OlympiaInput), field: &str| {
        let mut input = example();
        f(&mut input);
        let e = input.validate().unwrap_err();
        assert_eq!(e.field(), field, "{e}");
        assert_eq!(crate::DocError::from(e).field, field);
    };
    assert_eq!(example().validate(), Ok(()));
    check(&|i| i.attacker.units.clear(), "attacker.units");
    check(
        &|i| i.defender.units[1].men[0].count = 0,
        "defender.units[1].men[0].count",
    );
    check(
        &|i| i.defender.units[1].men[1].kind = Kind::Noble,
        "defender.units[1].men[1].kind",
    );
    check(&|i| i.defender.units[2].id = 2, "defender.units[2].id");
    check(
        &|i| i.attacker.units[1].noble.as_mut().unwrap().health = 101,
        "attacker.units[1].noble.health",
    );
    check(
        &|i| i.attacker.units[0].noble.as_mut().unwrap().items[2].attack = 5000,
        "attacker.units[0].noble.items[2].attack",
    );
    check(
        &|i| {
            i.defender.units[2].noble = None;
            i.defender.units[2].men.clear();
        },
        "defender.units[2]",
    );
    check(
        &|i| i.defender.units[2].men[0].count = 2000,
        "defender.units",
    );
    check(
        &|i| i.defender.structure.as_mut().unwrap().damage = 100,
        "defender.structure.damage",
    );
}

#[test]
fn parse_names_the_json_path_and_refuses_unknown_fields() {
    let mut v = serde_json::to_value(example()).unwrap();
    v["defender"]["units"][1]["men"][0]["kind"] = serde_json::json!("dragon");
    let e = parse(&v.to_string()).unwrap_err();
    assert_eq!(e.field, "defender.units[1].men[0].kind", "{e}");
    let mut v = serde_json::to_value(example()).unwrap();
    v["weather"] = serde_json::json!("fog");
    v["attacker"]["morale"] = serde_json::json!(3);
    let e = parse(&v.to_string()).unwrap_err();
    assert!(e.message.contains("unknown field"), "{e}");
    assert_eq!(
        parse(&serde_json::to_string(&example()).unwrap()),
        Ok(example())
    );
    // Weather, ground, the flag, structures, items, rows and damage may be left out.
    let short = r#"{"seed": 3,
        "attacker": {"name": "A", "units": [{"id": 1, "name": "a", "men": [{"kind": "archer", "count": 2}]}]},
        "defender": {"name": "D", "units": [{"id": 2, "name": "d", "noble": {"health": 50}}]}}"#;
    let input = parse(short).unwrap();
    assert_eq!(
        (input.weather, input.ground, input.inhibit_move),
        (Weather::Clear, Ground::Land, false)
    );
}

#[test]
fn the_example_log_at_its_seed() {
    let text = play(&example()).render();
    crate::testkit::check_snapshot(
        "src/battle/systems/olympia/snapshots",
        "example_seed_2024.txt",
        &text,
    );
}
