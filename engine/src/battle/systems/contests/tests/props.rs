//! Property tests: any valid contest is a pure function of its input and seed, survives a serde
//! round trip, and keeps hit points, turns and the result consistent.

use super::*;
use proptest::prelude::*;

fn arb_action() -> impl Strategy<Value = Action> {
    let conditions = [
        Condition::Default,
        Condition::NotYetUsed,
        Condition::Every2Turns,
        Condition::HasMomentum,
        Condition::TargetLacksStatus,
    ];
    let kinds = [
        ActionKind::Opposed,
        ActionKind::Test,
        ActionKind::TouchSpell,
    ];
    let targets = [Target::HighestHp, Target::LowestHp, Target::Random];
    let reaches = [
        Reach::VeryShort,
        Reach::Short,
        Reach::Average,
        Reach::Long,
        Reach::VeryLong,
    ];
    let damages = ["4", "1d6", "2d6+SL", "1d10+1", "SL", "1d4-1", "3d8-SL"];
    (
        (0..5usize, 0..3usize, 0..3usize, 0..5usize, 0..damages.len()),
        (0..9usize, 0..9usize, 0..9usize, 1..4u32, -20..20i32),
        (0..=8usize, any::<bool>(), prop::option::of(0..9usize)),
    )
        .prop_map(
            move |((c, k, t, r, d), (th, y, v, hits, to_hit), (status, melee, stat))| {
                let mut a = Action::new("A", DamageExpr::parse(damages[d]).unwrap());
                a.condition = conditions[c];
                a.kind = kinds[k];
                a.target = targets[t];
                a.reach = reaches[r];
                a.threshold = Char::ALL[th];
                a.yours = Char::ALL[y];
                a.vs = Char::ALL[v];
                a.hits_per_round = hits;
                a.to_hit = to_hit;
                a.on_hit = Status::ALL.get(status).copied();
                a.is_melee = melee;
                a.stat_mod = stat.map(|s| Char::ALL[s]);
                a
            },
        )
}

fn arb_modifier() -> impl Strategy<Value = Modifier> {
    let stats = [
        Stat::Ws,
        Stat::Bs,
        Stat::S,
        Stat::T,
        Stat::I,
        Stat::Ag,
        Stat::Wp,
        Stat::Armor,
    ];
    let whens = [
        ActiveWhen::Parry,
        ActiveWhen::Attack,
        ActiveWhen::OwnTurn,
        ActiveWhen::OpposedActions,
        ActiveWhen::TestActions,
        ActiveWhen::SelfHalfHp,
        ActiveWhen::EnemyHalfHp,
        ActiveWhen::FirstTurn,
    ];
    (
        0..stats.len(),
        0..whens.len(),
        0..3usize,
        -20..20i32,
        any::<bool>(),
    )
        .prop_map(move |(s, w, h, n, sl)| {
            let stat = stats[s];
            let armor = stat == Stat::Armor;
            Modifier {
                name: "M".into(),
                stat,
                active_when: whens[w],
                has: if armor {
                    Has::Nothing
                } else {
                    [Has::Nothing, Has::Advantage, Has::Disadvantage][h]
                },
                value: if sl && !armor {
                    ModValue::Sl(n / 5)
                } else {
                    ModValue::Numeric(n)
                },
            }
        })
}

fn arb_sheet() -> impl Strategy<Value = Sheet> {
    (
        prop::array::uniform9(5..80i32),
        (0..4i32, 5..40i32, 0..=1u8),
        prop::collection::vec(arb_action(), 0..4),
        prop::collection::vec(arb_modifier(), 0..3),
    )
        .prop_map(|(c, (armor, hp_max, wounded), actions, modifiers)| Sheet {
            name: "X".into(),
            ws: c[0],
            bs: c[1],
            s: c[2],
            t: c[3],
            i: c[4],
            ag: c[5],
            dex: c[6],
            int: c[7],
            wp: c[8],
            armor,
            hp_max,
            hp: (wounded == 1).then_some((hp_max / 2).max(1)),
            actions,
            modifiers,
        })
}

fn arb_input() -> impl Strategy<Value = ContestInput> {
    (
        prop::collection::vec(arb_sheet(), 1..4),
        prop::collection::vec(arb_sheet(), 1..4),
        any::<u64>(),
        1..40u32,
    )
        .prop_map(|(team1, team2, seed, max_rounds)| ContestInput {
            seed,
            max_rounds,
            team1,
            team2,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn generated_inputs_are_valid(input in arb_input()) {
        prop_assert_eq!(input.validate(), Ok(()));
    }

    #[test]
    fn the_same_seed_gives_the_same_contest(input in arb_input()) {
        prop_assert_eq!(play(&input), play(&input));
    }

    #[test]
    fn a_serde_round_trip_of_the_input_changes_nothing(input in arb_input()) {
        let text = serde_json::to_string(&input).unwrap();
        let back = parse_input(&text).unwrap();
        prop_assert_eq!(&back, &input);
        let out = play(&input);
        prop_assert_eq!(play(&back), out.clone());
        let log: ContestOutcome = serde_json::from_str(&serde_json::to_string(&out).unwrap()).unwrap();
        prop_assert_eq!(log, out);
    }

    #[test]
    fn hit_points_turns_and_the_result_stay_consistent(input in arb_input()) {
        let out = play(&input);
        let sheet = |w: FighterRef| input.sheet(w).unwrap();
        let mut fallen = std::collections::HashSet::new();
        for r in &out.log {
            prop_assert!(r.round <= input.max_rounds);
            for t in &r.turns {
                prop_assert!(!fallen.contains(&t.actor), "the fallen do not act");
                let n = t.action.map_or(0, |k| sheet(t.actor).actions[k].hits_per_round);
                prop_assert!(t.hits.len() as u32 <= n);
                for h in &t.hits {
                    prop_assert_ne!(h.target.team, t.actor.team);
                    prop_assert!(!fallen.contains(&h.target), "the fallen are not struck");
                    prop_assert!((0..=i64::from(sheet(h.target).hp_max)).contains(&h.target_hp));
                    match &h.damage {
                        Some(d) => {
                            prop_assert!(h.landed && d.dealt >= 1);
                            prop_assert_eq!(d.dealt, (d.total - d.armor).max(1));
                        }
                        None => prop_assert!(!h.landed),
                    }
                    if h.landed && h.kind != ActionKind::Test {
                        let (a, d) = (h.attack.as_ref().unwrap(), h.defence.as_ref().unwrap());
                        prop_assert!(a.sl > d.sl);
                    }
                    if h.target_hp == 0 {
                        fallen.insert(h.target);
                    }
                }
            }
            for u in &r.upkeep {
                prop_assert!(!fallen.contains(&u.who));
                if u.hp == 0 {
                    fallen.insert(u.who);
                }
            }
        }
        for f in &out.fighters {
            prop_assert!(f.hp >= 0 && f.hp <= f.hp_max);
            prop_assert_eq!(f.alive, !fallen.contains(&f.who));
        }
        let standing = |t: Team| out.fighters.iter().any(|f| f.who.team == t && f.alive);
        match out.end {
            ContestEnd::Won => {
                let w = out.winner.unwrap();
                prop_assert!(standing(w) && !standing(w.other()));
            }
            ContestEnd::BothFell => prop_assert!(!standing(Team::One) && !standing(Team::Two)),
            ContestEnd::RoundLimit => {
                prop_assert!(standing(Team::One) && standing(Team::Two));
                prop_assert_eq!(out.rounds, input.max_rounds);
            }
        }
    }

    #[test]
    fn resolve_is_total_even_on_inputs_validation_refuses(
        input in arb_input(),
        wild in prop::collection::vec((any::<i32>(), any::<u32>(), any::<i32>()), 1..6),
        rounds in 0..4u32,
    ) {
        let mut input = input;
        input.max_rounds = rounds;
        for (k, (n, hits, to_hit)) in wild.into_iter().enumerate() {
            let team = if k % 2 == 0 { &mut input.team1 } else { &mut input.team2 };
            let len = team.len();
            let s = &mut team[k / 2 % len];
            match k % 5 {
                0 => s.ws = n,
                1 => s.hp_max = n,
                2 => s.armor = n,
                3 => s.t = n,
                _ => s.hp = Some(n),
            }
            for a in &mut s.actions {
                a.hits_per_round = hits;
                a.to_hit = to_hit;
            }
            s.modifiers.push(Modifier {
                name: "Wild".into(),
                stat: Stat::Ws,
                active_when: ActiveWhen::Attack,
                has: Has::Advantage,
                value: ModValue::Numeric(n),
            });
        }
        if rounds % 2 == 1 {
            input.team2.clear();
        }
        let out = play(&input);
        prop_assert!(out.rounds <= rounds);
    }
}
