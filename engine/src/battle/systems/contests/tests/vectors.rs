//! VECTORS.md §R (BOC-01..40), each through the engine's own rolls with the vector's dice thrown.

use super::*;

/// An attacker with WS 45 and I 50 striking a defender of WS 45 and I 10 who parries on 99.
fn attack_roll(action: Action, modifiers: Vec<Modifier>, roll: u64) -> RollLog {
    let mut a = sheet("A", 45, 30, 50, 20, vec![action]);
    a.modifiers = modifiers;
    let b = sheet("B", 45, 30, 10, 20, vec![]);
    let o = duel(a, b, &[(100, roll), (100, 99)]);
    first_hit(&o).attack.clone().unwrap()
}

/// One row of the success-level vectors: (id, To Hit, modifiers, roll, SL, roll used).
type SlCase = (&'static str, i32, Vec<Modifier>, u64, i32, u32);

/// BOC-01..09 and 12–14.
#[test]
fn boc_01_to_14_success_levels() {
    let adv = || on_attack(Has::Advantage, ModValue::Numeric(0));
    let dis = || on_attack(Has::Disadvantage, ModValue::Numeric(0));
    let cases: Vec<SlCase> = vec![
        ("BOC-01", 0, vec![], 23, 2, 23),
        ("BOC-02", 10, vec![], 23, 3, 23),
        (
            "BOC-03",
            0,
            vec![on_attack(Has::Nothing, ModValue::Numeric(-5))],
            23,
            2,
            23,
        ),
        (
            "BOC-04",
            0,
            vec![on_attack(Has::Nothing, ModValue::Sl(3))],
            23,
            5,
            23,
        ),
        ("BOC-05", 0, vec![], 100, -6, 100),
        ("BOC-06", 0, vec![], 5, 4, 5),
        ("BOC-07", 0, vec![adv()], 72, 2, 27),
        ("BOC-08", 0, vec![adv()], 23, 2, 23),
        ("BOC-09", 0, vec![dis()], 23, 1, 32),
        ("BOC-12", 0, vec![dis(), dis()], 23, 0, 32),
        ("BOC-13", 0, vec![adv(), dis()], 72, -3, 72),
        ("BOC-14", 0, vec![adv(), adv(), adv(), dis()], 72, -3, 72),
    ];
    for (id, to_hit, mods, roll, sl, used) in cases {
        let mut action = strike("4");
        action.to_hit = to_hit;
        let r = attack_roll(action, mods, roll);
        assert_eq!((r.sl, r.used), (sl, used), "{id}: {r:?}");
        let again = success_level(r.value, roll as u32, r.advantage, r.disadvantage, r.sl_mods);
        assert_eq!(again, (sl, used), "{id}");
    }
}

/// Two hits in one turn: the first lands (Momentum, and Prone when `prone`), the second rolls 72.
fn second_hit_with_momentum(prone: bool, modifiers: Vec<Modifier>) -> RollLog {
    let mut action = strike("1");
    action.hits_per_round = 2;
    if prone {
        action.on_hit = Some(Status::Prone);
    }
    let mut a = sheet("A", 45, 30, 50, 20, vec![action]);
    a.modifiers = modifiers;
    let b = sheet("B", 45, 30, 10, 20, vec![]);
    let o = duel(a, b, &[(100, 5), (100, 99), (100, 72), (100, 99)]);
    let hits = &o.log[0].turns[0].hits;
    assert!(hits[0].landed && hits[0].attacker_momentum);
    hits[1].attack.clone().unwrap()
}

#[test]
fn boc_10_momentum_and_prone_are_one_source() {
    let r = second_hit_with_momentum(true, vec![]);
    assert_eq!((r.advantage, r.used, r.sl), (1, 27, 2), "BOC-10");
}

#[test]
fn boc_11_momentum_and_an_advantage_modifier_are_two() {
    // The modifier is active from the first hit on; the first hit rolled 5 (swap 50 is worse).
    let adv = on_attack(Has::Advantage, ModValue::Numeric(0));
    let r = second_hit_with_momentum(false, vec![adv]);
    assert_eq!((r.advantage, r.used, r.sl), (2, 27, 3), "BOC-11");
}

#[test]
fn boc_15_to_17_the_swap() {
    assert_eq!(used_roll(40, 1, 0), (4, 0), "BOC-15");
    assert_eq!(used_roll(100, 1, 0), (100, 0), "BOC-16");
    assert_eq!(used_roll(10, 0, 1), (10, 0), "BOC-17");
}

#[test]
fn boc_18_19_opposed_ties_are_parried() {
    let b = || sheet("B", 45, 30, 10, 20, vec![]);
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![strike("4")]),
        b(),
        &[(100, 23), (100, 23)],
    );
    let h = first_hit(&o);
    assert_eq!(
        (
            h.attack.as_ref().unwrap().sl,
            h.defence.as_ref().unwrap().sl
        ),
        (2, 2)
    );
    assert!(!h.landed && h.damage.is_none(), "BOC-18: a tie is parried");
    let o = duel(
        sheet("A", 55, 30, 50, 20, vec![strike("4")]),
        b(),
        &[(100, 23), (100, 23)],
    );
    let h = first_hit(&o);
    assert_eq!(
        (
            h.attack.as_ref().unwrap().sl,
            h.defence.as_ref().unwrap().sl
        ),
        (3, 2)
    );
    assert!(h.landed, "BOC-19");
}

/// A Test action on a threshold of 45 (the attacker's WS).
fn test_action(damage: &str) -> Action {
    let mut a = strike(damage);
    a.kind = ActionKind::Test;
    a
}

#[test]
fn boc_20_21_a_test_must_roll_under() {
    let b = || sheet("B", 45, 30, 10, 20, vec![]);
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![test_action("4")]),
        b(),
        &[(100, 45)],
    );
    let h = first_hit(&o);
    assert!(
        !h.landed && h.attack.is_none() && h.defence.is_none(),
        "BOC-20"
    );
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![test_action("4")]),
        b(),
        &[(100, 44)],
    );
    let h = first_hit(&o);
    assert_eq!((h.landed, h.test.as_ref().unwrap().sl), (true, 0), "BOC-21");
}

#[test]
fn boc_22_test_damage_with_sl() {
    let mut a = sheet("A", 45, 30, 50, 20, vec![test_action("1d6+SL")]);
    a.ws = 62;
    let o = duel(a, sheet("B", 45, 30, 10, 20, vec![]), &[(100, 18), (6, 4)]);
    let d = first_hit(&o).damage.clone().unwrap();
    assert_eq!((d.dice, d.sl, d.total), (vec![4], 5, 9), "BOC-22");
}

/// The damage of a landed flat hit on a defender with this armor and Toughness.
fn flat_hit(damage: &str, armor: i32, t: i32, modifiers: Vec<Modifier>) -> DamageLog {
    let mut b = sheet("B", 45, t, 10, 20, vec![]);
    b.armor = armor;
    b.modifiers = modifiers;
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![strike(damage)]),
        b,
        &[(100, 5), (100, 99)],
    );
    first_hit(&o).damage.clone().unwrap()
}

#[test]
fn boc_23_to_25_armor() {
    let d = flat_hit("8", 2, 35, vec![]);
    assert_eq!((d.total, d.armor, d.dealt), (8, 5, 3), "BOC-23");
    let d = flat_hit("3", 2, 35, vec![]);
    assert_eq!((d.armor, d.dealt), (5, 1), "BOC-24: at least 1");
    let rim = Modifier {
        name: "Shield rim".into(),
        stat: Stat::Armor,
        active_when: ActiveWhen::Parry,
        has: Has::Nothing,
        value: ModValue::Numeric(1),
    };
    assert_eq!(flat_hit("8", 2, 35, vec![rim]).armor, 6, "BOC-25");
}

#[test]
fn boc_26_stat_mod() {
    let mut action = strike("1d10");
    action.stat_mod = Some(Char::S);
    let mut a = sheet("A", 45, 30, 50, 20, vec![action]);
    a.s = 42;
    let o = duel(
        a,
        sheet("B", 45, 30, 10, 20, vec![]),
        &[(100, 5), (100, 99), (10, 6)],
    );
    let d = first_hit(&o).damage.clone().unwrap();
    assert_eq!((d.dice, d.stat, d.total), (vec![6], 4, 10), "BOC-26");
}

#[test]
fn boc_27_opposed_sl_is_the_margin() {
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![strike("4+SL")]),
        sheet("B", 45, 30, 10, 20, vec![]),
        &[(100, 13), (100, 33)],
    );
    let h = first_hit(&o);
    assert_eq!(
        (
            h.attack.as_ref().unwrap().sl,
            h.defence.as_ref().unwrap().sl
        ),
        (3, 1)
    );
    assert_eq!(h.damage.as_ref().unwrap().total, 6, "BOC-27");
}

/// The defender's parry when the attack has `attack` reach, the defender's first action has
/// `defence` reach, and the defender opposes with `vs`.
fn parry(attack: Reach, defence: Reach, vs: Char) -> RollLog {
    let mut action = strike("1");
    action.reach = attack;
    action.vs = vs;
    let mut guard = strike("1");
    guard.reach = defence;
    let b = sheet("B", 45, 30, 10, 20, vec![guard]);
    let o = duel(
        sheet("A", 45, 30, 50, 20, vec![action]),
        b,
        &[(100, 50), (100, 23)],
    );
    first_hit(&o).defence.clone().unwrap()
}

#[test]
fn boc_28_to_30_reach() {
    let r = parry(Reach::Short, Reach::Long, Char::Ws);
    assert!(r.reach_bonus && r.sl == 3, "BOC-28: {r:?}");
    let r = parry(Reach::Short, Reach::Long, Char::Ag);
    assert!(!r.reach_bonus && r.sl == 1, "BOC-29: {r:?}");
    let r = parry(Reach::Long, Reach::Short, Char::Ws);
    assert!(!r.reach_bonus && r.sl == 2, "BOC-30: {r:?}");
}

/// `a` strikes `b` `hits` times in its turn, each landing for 1 and inflicting `status`; then `b`
/// (no actions) passes and the round ends with `upkeep` dice.
fn afflict(status: Status, hits: u32, b: Sheet, upkeep: &[(u64, u64)]) -> ContestOutcome {
    let mut action = strike("1");
    action.hits_per_round = hits;
    action.on_hit = Some(status);
    let a = sheet("A", 45, 30, 50, 20, vec![action]);
    let mut dice: Vec<(u64, u64)> = (0..hits).flat_map(|_| [(100, 5), (100, 99)]).collect();
    dice.extend_from_slice(upkeep);
    duel(a, b, &dice)
}

#[test]
fn boc_31_stunned_past_toughness_tens_drops_to_zero() {
    let o = afflict(Status::Stunned, 4, sheet("B", 45, 35, 10, 30, vec![]), &[]);
    let hits = &o.log[0].turns[0].hits;
    assert!(
        !hits[2].stunned_out && hits[2].target_hp == 27,
        "3 stacks are within tens(35)"
    );
    assert!(hits[3].stunned_out && hits[3].target_hp == 0, "BOC-31");
    assert_eq!(o.winner, Some(Team::One));
}

#[test]
fn boc_32_33_toughness_test_removes_stun() {
    let o = afflict(
        Status::Stunned,
        2,
        sheet("B", 45, 35, 10, 30, vec![]),
        &[(100, 12)],
    );
    let t = o.log[0].upkeep[0].toughness.clone().unwrap();
    assert_eq!((t.roll.sl, t.removed, t.fatigued), (0, 1, false), "BOC-32");
    assert_eq!(o.fighters[1].statuses.stunned, 1);
    let o = afflict(
        Status::Stunned,
        1,
        sheet("B", 45, 35, 10, 30, vec![]),
        &[(100, 12)],
    );
    let t = o.log[0].upkeep[0].toughness.clone().unwrap();
    assert_eq!((t.roll.sl, t.removed, t.fatigued), (1, 2, true), "BOC-33");
    let s = o.fighters[1].statuses;
    assert_eq!((s.stunned, s.fatigued), (0, true));
}

#[test]
fn boc_34_35_poison_and_bleeding_ignore_armor() {
    let mut b = sheet("B", 45, 35, 10, 30, vec![]);
    b.armor = 5;
    // The three hits deal 1 each; the Toughness test fails (99).
    let o = afflict(Status::Poisoned, 3, b.clone(), &[(100, 99)]);
    let u = &o.log[0].upkeep[0];
    assert_eq!((u.poisoned, u.hp), (3, 30 - 3 - 3), "BOC-34");
    let o = afflict(Status::Bleeding, 2, b, &[]);
    let u = &o.log[0].upkeep[0];
    assert_eq!(
        (u.bleeding, u.hp, u.toughness.is_none()),
        (2, 30 - 2 - 2, true),
        "BOC-35"
    );
}

#[test]
fn boc_36_37_fire() {
    let mut b = sheet("B", 45, 35, 10, 30, vec![]);
    b.armor = 1;
    let o = afflict(Status::Ablaze, 3, b, &[(10, 7)]);
    let u = &o.log[0].upkeep[0];
    assert_eq!((u.ablaze_roll, u.ablaze), (Some(7), 5), "BOC-36");
    let mut b = sheet("B", 45, 35, 10, 30, vec![]);
    b.armor = 3;
    let o = afflict(Status::Ablaze, 1, b, &[(10, 1)]);
    assert_eq!(
        o.log[0].upkeep[0].ablaze, 1,
        "BOC-37: at least 1 through armor 6"
    );
}

#[test]
fn boc_38_every_2_turns() {
    let mut special = strike("1");
    special.condition = Condition::Every2Turns;
    let a = sheet("A", 45, 30, 50, 100_000, vec![special, strike("1")]);
    let b = sheet("B", 45, 30, 10, 100_000, vec![strike("1")]);
    let o = play(&input(a, b, 6));
    let used: Vec<Option<usize>> = o.log.iter().map(|r| r.turns[0].action).collect();
    // Used on turns 1, 3 and 5: after turn 3 it is back on turn 5.
    assert_eq!(
        used,
        [Some(0), Some(1), Some(0), Some(1), Some(0), Some(1)],
        "BOC-38"
    );
}

#[test]
fn boc_39_half_hp() {
    let roll_at = |hp: i32| {
        let mut a = sheet("A", 45, 30, 50, 13, vec![strike("1")]);
        a.hp = Some(hp);
        a.modifiers = vec![Modifier {
            name: "Desperate".into(),
            stat: Stat::Ws,
            active_when: ActiveWhen::SelfHalfHp,
            has: Has::Nothing,
            value: ModValue::Sl(3),
        }];
        let o = duel(
            a,
            sheet("B", 45, 30, 10, 20, vec![]),
            &[(100, 23), (100, 99)],
        );
        first_hit(&o).attack.clone().unwrap().sl_mods
    };
    assert_eq!(roll_at(6), 3, "BOC-39: 6 of 13 is at half");
    assert_eq!(roll_at(7), 0, "BOC-39: 7 of 13 is not");
}

#[test]
fn boc_40_initiative_order() {
    let mut x = sheet("X", 40, 30, 45, 10, vec![]);
    x.ag = 30;
    let mut y = sheet("Y", 40, 30, 45, 10, vec![]);
    y.ag = 41;
    let z = sheet("Z", 40, 30, 52, 10, vec![]);
    let input = ContestInput {
        seed: 0,
        max_rounds: 1,
        team1: vec![x, y],
        team2: vec![z],
    };
    let o = play(&input);
    let r = |team, index| FighterRef { team, index };
    assert_eq!(
        o.log[0].order,
        [r(Team::Two, 0), r(Team::One, 1), r(Team::One, 0)],
        "BOC-40"
    );
}
