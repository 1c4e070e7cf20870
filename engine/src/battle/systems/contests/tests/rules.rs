//! One test per rule of §4.4–4.7 on hand-built duels with scripted dice, the validation's field
//! paths, and a snapshot of the example contest.

use super::*;
use crate::testkit::check_snapshot;

/// A defender with WS 45, T 30, I 10 and 20 HP, without actions.
fn dummy() -> Sheet {
    sheet("B", 45, 30, 10, 20, vec![])
}

#[test]
fn momentum_goes_to_the_winner_of_a_melee_exchange() {
    // Lands: the attacker gains it.
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![strike("1")]),
        dummy(),
        &[(100, 5), (100, 99)],
    );
    let h = first_hit(&o);
    assert!(h.landed && h.attacker_momentum && !h.target_momentum);
    // Parried: the defender gains it.
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![strike("1")]),
        dummy(),
        &[(100, 99), (100, 5)],
    );
    let h = first_hit(&o);
    assert!(!h.landed && !h.attacker_momentum && h.target_momentum);
    // A parried ranged action changes nobody's Momentum.
    let mut shot = strike("1");
    shot.is_melee = false;
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![shot]),
        dummy(),
        &[(100, 99), (100, 5)],
    );
    let h = first_hit(&o);
    assert!(!h.landed && !h.attacker_momentum && !h.target_momentum);
}

#[test]
fn momentum_is_lost_by_failing_and_by_any_status_and_never_won_by_a_test() {
    // Hit 1 lands (Momentum); hit 2, a melee test, fails: lost.
    let mut a = strike("1");
    a.kind = ActionKind::Test;
    a.hits_per_round = 2;
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![a]),
        dummy(),
        &[(100, 5), (100, 99)],
    );
    let hits = &o.log[0].turns[0].hits;
    assert!(
        hits[0].landed && !hits[0].attacker_momentum,
        "a Test never grants Momentum"
    );
    // The defender wins Momentum by parrying, then the attacker's second hit stuns it: lost.
    let mut stun = strike("1");
    stun.hits_per_round = 2;
    stun.on_hit = Some(Status::Stunned);
    let b = sheet("B", 45, 30, 10, 20, vec![]);
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![stun]),
        b,
        &[(100, 99), (100, 5), (100, 5), (100, 99)],
    );
    let hits = &o.log[0].turns[0].hits;
    assert!(hits[0].target_momentum, "the parry won it");
    assert!(
        hits[1].landed && !hits[1].target_momentum,
        "the status took it"
    );
}

#[test]
fn momentum_gives_advantage_to_melee_actions_only() {
    // Hit 1 (melee) lands; a ranged second action cannot use the Momentum it won.
    let mut melee = strike("1");
    melee.hits_per_round = 2;
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![melee.clone()]),
        dummy(),
        &[(100, 5), (100, 99), (100, 72), (100, 99)],
    );
    assert_eq!(
        o.log[0].turns[0].hits[1].attack.as_ref().unwrap().advantage,
        1
    );
    melee.is_melee = false;
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![melee]),
        dummy(),
        &[(100, 5), (100, 99), (100, 72), (100, 99)],
    );
    assert_eq!(
        o.log[0].turns[0].hits[1].attack.as_ref().unwrap().advantage,
        0
    );
}

#[test]
fn blinded_rolls_ws_with_disadvantage_and_is_struck_with_advantage() {
    // A blinds B with a Test; B's parry of the second hit is at a disadvantage and A's second
    // roll has advantage. B's blindness ends with B's own turn.
    let mut powder = strike("1");
    powder.kind = ActionKind::Test;
    powder.condition = Condition::NotYetUsed;
    powder.on_hit = Some(Status::Blinded);
    powder.is_melee = false;
    let mut cut = strike("1");
    cut.hits_per_round = 1;
    let a = sheet("A", 45, 30, 50, 20, vec![powder, cut]);
    // B's own strike is not melee, so no Momentum changes hands to muddle the advantage.
    let mut jab = strike("1");
    jab.is_melee = false;
    let b = sheet("B", 45, 30, 10, 20, vec![jab]);
    let o = resolve(&input(a, b, 2), &mut Script::new(&[(100, 5)]));
    assert_eq!(o.log[0].turns[0].hits[0].status, Some(Status::Blinded));
    let b_turn = &o.log[0].turns[1];
    let b_attack = b_turn.hits[0].attack.as_ref().unwrap();
    assert_eq!(
        b_attack.disadvantage, 1,
        "blinded, B swings with disadvantage on WS"
    );
    let a_second = &o.log[1].turns[0].hits[0];
    assert_eq!(
        a_second.attack.as_ref().unwrap().advantage,
        0,
        "B saw again after its turn"
    );
    assert_eq!(a_second.defence.as_ref().unwrap().disadvantage, 0);
}

#[test]
fn prone_ends_at_the_start_of_its_own_turn() {
    let mut bash = strike("1");
    bash.on_hit = Some(Status::Prone);
    let a = sheet("A", 45, 30, 50, 20, vec![bash]);
    let b = sheet("B", 45, 30, 10, 20, vec![strike("1")]);
    let o = resolve(&input(a, b, 1), &mut Script::new(&[(100, 5), (100, 99)]));
    assert_eq!(first_hit(&o).status, Some(Status::Prone));
    assert!(o.log[0].turns[1].stood_up);
    assert!(!o.fighters[1].statuses.prone);
}

#[test]
fn a_touch_spell_tests_first_and_reads_the_tests_sl() {
    let mut touch = strike("SL");
    touch.kind = ActionKind::TouchSpell;
    touch.threshold = Char::Wp;
    touch.to_hit = 10;
    let mut a = sheet("A", 45, 30, 50, 20, vec![touch]);
    a.wp = 52;
    // A failed test: no opposed roll, the attacker (melee) loses nothing it did not have.
    let o = duel(a.clone(), dummy(), &[(100, 80)]);
    let h = first_hit(&o);
    assert!(!h.landed && h.attack.is_none() && h.test.as_ref().unwrap().value == 62);
    // A passed test, then an opposed WS roll without To Hit; damage reads the test's SL (6 − 1).
    let o = duel(a, dummy(), &[(100, 12), (100, 30), (100, 90)]);
    let h = first_hit(&o);
    assert_eq!(
        h.attack.as_ref().unwrap().value,
        45,
        "To Hit is the test's only"
    );
    assert!(h.landed);
    assert_eq!(h.damage.as_ref().unwrap().sl, 5);
}

#[test]
fn actions_are_chosen_by_their_conditions_in_list_order() {
    let mut opener = strike("1");
    opener.condition = Condition::NotYetUsed;
    let mut finisher = strike("2");
    finisher.condition = Condition::HasMomentum;
    let a = sheet("A", 45, 30, 50, 1000, vec![finisher, opener, strike("3")]);
    let b = sheet("B", 45, 30, 10, 1000, vec![]);
    // Round 1: no Momentum, the opener (lands: Momentum). Round 2: the finisher.
    let o = resolve(
        &input(a, b, 3),
        &mut Script::new(&[
            (100, 5),
            (100, 99),
            (100, 5),
            (100, 99),
            (100, 99),
            (100, 5),
        ]),
    );
    let used: Vec<Option<usize>> = o.log.iter().map(|r| r.turns[0].action).collect();
    assert_eq!(used[..2], [Some(1), Some(0)]);
    let conditions: Vec<Option<Condition>> = o.log.iter().map(|r| r.turns[0].condition).collect();
    assert_eq!(
        conditions[..2],
        [Some(Condition::NotYetUsed), Some(Condition::HasMomentum)]
    );
    // A sheet with only conditional actions and none holding passes.
    let mut once = strike("1");
    once.condition = Condition::NotYetUsed;
    let o = play(&input(
        sheet("A", 45, 30, 50, 1000, vec![once]),
        sheet("B", 45, 30, 10, 1000, vec![]),
        2,
    ));
    assert_eq!(o.log[1].turns[0].action, None, "nothing to do: it passes");
}

#[test]
fn target_lacks_status_uses_the_target_it_drew() {
    let mut hex = strike("1");
    hex.condition = Condition::TargetLacksStatus;
    hex.on_hit = Some(Status::Bleeding);
    hex.target = Target::Random;
    let a = sheet("A", 45, 30, 50, 20, vec![hex, strike("1")]);
    let input = ContestInput {
        seed: 0,
        max_rounds: 1,
        team1: vec![a],
        team2: vec![dummy(), dummy(), dummy()],
    };
    // The check draws the third enemy (below(3) = 2); the hit strikes it with no second draw.
    let o = resolve(&input, &mut Script::new(&[(3, 3), (100, 5), (100, 99)]));
    let t = &o.log[0].turns[0];
    assert_eq!((t.action, t.hits[0].target.index), (Some(0), 2));
    assert_eq!(t.hits[0].status, Some(Status::Bleeding));
}

#[test]
fn targets_by_hit_points_tie_to_the_first_listed() {
    let mut high = strike("1");
    high.target = Target::HighestHp;
    let mut low = strike("1");
    low.target = Target::LowestHp;
    low.condition = Condition::HasMomentum;
    let enemies = |hps: [i32; 3]| {
        hps.iter()
            .map(|&hp| sheet("E", 45, 30, 10, hp, vec![]))
            .collect::<Vec<_>>()
    };
    let input = ContestInput {
        seed: 0,
        max_rounds: 1,
        team1: vec![sheet("A", 45, 30, 50, 20, vec![low, high])],
        team2: enemies([10, 30, 30]),
    };
    let o = resolve(&input, &mut Script::new(&[(100, 99), (100, 99)]));
    assert_eq!(
        first_hit(&o).target.index,
        1,
        "highest HP: the first of the two at 30"
    );
    let mut input = input;
    input.team2 = enemies([30, 10, 10]);
    input.team1[0].actions = vec![Action {
        condition: Condition::Default,
        ..input.team1[0].actions[0].clone()
    }];
    let o = resolve(&input, &mut Script::new(&[(100, 99), (100, 99)]));
    assert_eq!(
        first_hit(&o).target.index,
        1,
        "lowest HP: the first of the two at 10"
    );
}

#[test]
fn the_battle_ends_when_a_team_falls_and_at_the_round_limit() {
    // A kills B on its first hit: no more turns, no upkeep.
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![strike("50")]),
        sheet("B", 45, 30, 10, 5, vec![strike("1")]),
        &[(100, 5), (100, 99)],
    );
    assert_eq!(
        (o.winner, o.end, o.rounds),
        (Some(Team::One), ContestEnd::Won, 1)
    );
    assert_eq!(o.log[0].turns.len(), 1);
    assert!(o.log[0].upkeep.is_empty());
    assert!(!o.fighters[1].alive && o.fighters[1].hp == 0);
    // Two who cannot hurt each other much reach the limit: a draw.
    let o = play(&input(
        sheet("A", 45, 30, 50, 1000, vec![strike("1")]),
        sheet("B", 45, 30, 10, 1000, vec![strike("1")]),
        3,
    ));
    assert_eq!(
        (o.winner, o.end, o.rounds, o.log.len()),
        (None, ContestEnd::RoundLimit, 3, 3)
    );
}

#[test]
fn both_teams_falling_at_the_end_of_a_round_is_a_draw() {
    // Each bleeds the other once; both at 2 HP: the hits leave 1, bleeding takes the last.
    let mut cut = strike("1");
    cut.on_hit = Some(Status::Bleeding);
    let a = sheet("A", 45, 30, 50, 2, vec![cut.clone()]);
    let b = sheet("B", 45, 30, 10, 2, vec![cut]);
    let o = duel(a, b, &[(100, 5), (100, 99), (100, 5), (100, 99)]);
    assert_eq!(o.log[0].upkeep.len(), 2);
    assert_eq!((o.winner, o.end), (None, ContestEnd::BothFell));
}

#[test]
fn an_empty_team_has_lost_before_the_first_blow() {
    let mut i = input(dummy(), dummy(), 5);
    i.team2.clear();
    let o = play(&i);
    assert_eq!((o.winner, o.rounds, o.log.len()), (Some(Team::One), 0, 0));
}

#[test]
fn validation_names_the_field() {
    assert_eq!(example().validate(), Ok(()));
    type Edit = Box<dyn Fn(&mut ContestInput)>;
    let cases: Vec<(Edit, &str, &str)> = vec![
        (Box::new(|i| i.team2.clear()), "team2", "at least one"),
        (
            Box::new(|i| i.max_rounds = 0),
            "max_rounds",
            "0 is outside 1..=10000",
        ),
        (Box::new(|i| i.team1[1].ws = 5000), "team1[1].ws", "outside"),
        (
            Box::new(|i| i.team2[0].int = -2000),
            "team2[0].int",
            "outside",
        ),
        (
            Box::new(|i| i.team1[0].hp_max = 0),
            "team1[0].hp_max",
            "outside",
        ),
        (
            Box::new(|i| i.team1[0].hp = Some(17)),
            "team1[0].hp",
            "17 is outside 1..=16",
        ),
        (
            Box::new(|i| i.team2[1].actions[1].hits_per_round = 0),
            "team2[1].actions[1].hits_per_round",
            "outside 1..=20",
        ),
        (
            Box::new(|i| i.team2[0].actions[0].to_hit = 9999),
            "team2[0].actions[0].to_hit",
            "outside",
        ),
        (
            Box::new(|i| i.team1[0].modifiers[1].value = ModValue::Sl(1)),
            "team1[0].modifiers[1].value",
            "Armor",
        ),
        (
            Box::new(|i| i.team1[0].modifiers[1].has = Has::Advantage),
            "team1[0].modifiers[1].has",
            "Armor",
        ),
        (
            Box::new(|i| i.team1 = vec![dummy(); 21]),
            "team1",
            "at most 20",
        ),
        (
            Box::new(|i| i.team1[0].actions = vec![strike("1"); 33]),
            "team1[0].actions",
            "at most 32",
        ),
    ];
    for (edit, field, words) in cases {
        let mut input = example();
        edit(&mut input);
        let e = input.validate().unwrap_err();
        assert_eq!(e.field(), field, "{e}");
        assert!(e.to_string().contains(words), "{e}");
        assert_eq!(crate::DocError::from(e.clone()).field, field);
    }
}

#[test]
fn parsing_refuses_unknown_fields_and_fills_defaults() {
    let text = serde_json::to_string(&example()).unwrap();
    assert_eq!(parse_input(&text), Ok(example()));
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["team1"][0]["actions"][0]["colour"] = serde_json::json!("red");
    let e = parse_input(&v.to_string()).unwrap_err();
    assert_eq!(e.field(), "team1[0].actions[0].colour", "{e}");
    let minimal = r#"{"seed": 1, "team1": [{"name": "A", "ws": 40, "s": 30, "t": 30, "i": 30, "hp_max": 10,
        "actions": [{"name": "Punch"}], "modifiers": [{"name": "Guard", "stat": "ws", "active_when": "parry"}]}],
        "team2": [{"name": "B", "ws": 40, "s": 30, "t": 30, "i": 30, "hp_max": 10}]}"#;
    let i = parse_input(minimal).unwrap();
    assert_eq!(i.max_rounds, DEFAULT_MAX_ROUNDS);
    let a = &i.team1[0].actions[0];
    assert_eq!(
        (a.damage.to_string(), a.hits_per_round, a.is_melee, a.reach),
        ("4".into(), 1, true, Reach::Average)
    );
    assert_eq!(i.team1[0].modifiers[0].value, ModValue::Sl(3));
}

#[test]
fn the_example_contest_at_its_seed() {
    let input = example();
    let out = play(&input);
    check_snapshot(
        "src/battle/systems/contests/snapshots",
        "example_seed_7.txt",
        &render(&input, &out),
    );
}
