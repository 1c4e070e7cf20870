//! A plausible Book of Contests match to start the Battle Lab from: a shieldmaiden and a priest of
//! fire against an orc with a poisoned blade and a goblin archer with blinding powder.

use super::action::{Action, ActionKind, Condition, Reach, Target};
use super::modifier::{ActiveWhen, Has, Modifier, Stat};
use super::notation::{DamageExpr, ModValue};
use super::sheet::{Char, ContestInput, Sheet, DEFAULT_MAX_ROUNDS};
use super::status::Status;

fn damage(text: &str) -> DamageExpr {
    DamageExpr::parse(text).expect("the example's damage notation is valid")
}

/// A sheet with these main characteristics, the rest 30, and no actions or modifiers.
fn sheet(name: &str, [ws, bs, s, t, i, ag]: [i32; 6], armor: i32, hp: i32) -> Sheet {
    Sheet {
        name: name.into(),
        ws,
        bs,
        s,
        t,
        i,
        ag,
        dex: 30,
        int: 30,
        wp: 30,
        armor,
        hp_max: hp,
        hp: None,
        actions: Vec::new(),
        modifiers: Vec::new(),
    }
}

/// The demo contest, seed 7.
pub fn example() -> ContestInput {
    let mut sigrid = sheet("Sigrid the Shieldmaiden", [48, 30, 41, 38, 35, 33], 2, 16);
    let mut cut = Action::new("Sword cut", damage("1d10"));
    cut.stat_mod = Some(Char::S);
    let mut bash = Action::new("Shield bash", damage("1d4"));
    bash.condition = Condition::NotYetUsed;
    bash.on_hit = Some(Status::Prone);
    bash.reach = Reach::Short;
    sigrid.actions = vec![bash, cut];
    sigrid.modifiers = vec![
        Modifier {
            name: "Shield".into(),
            stat: Stat::Ws,
            active_when: ActiveWhen::Parry,
            has: Has::Nothing,
            value: ModValue::Numeric(10),
        },
        Modifier {
            name: "Shield rim".into(),
            stat: Stat::Armor,
            active_when: ActiveWhen::OpposedActions,
            has: Has::Nothing,
            value: ModValue::Numeric(1),
        },
    ];

    let mut anselm = sheet("Brother Anselm", [36, 25, 33, 40, 31, 30], 1, 14);
    anselm.wp = 52;
    let mut touch = Action::new("Burning touch", damage("1d6+SL"));
    touch.kind = ActionKind::TouchSpell;
    touch.condition = Condition::TargetLacksStatus;
    touch.threshold = Char::Wp;
    touch.vs = Char::Ag;
    touch.on_hit = Some(Status::Ablaze);
    touch.reach = Reach::VeryShort;
    touch.target = Target::Random;
    let mut mace = Action::new("Mace", damage("1d8"));
    mace.stat_mod = Some(Char::S);
    anselm.actions = vec![touch, mace];
    anselm.modifiers = vec![Modifier {
        name: "Last prayer".into(),
        stat: Stat::Wp,
        active_when: ActiveWhen::SelfHalfHp,
        has: Has::Advantage,
        value: ModValue::Sl(1),
    }];

    let mut gorbag = sheet("Gorbag the Orc", [42, 20, 45, 44, 28, 25], 1, 20);
    let mut cleaver = Action::new("Cleaver", damage("1d10+1"));
    cleaver.stat_mod = Some(Char::S);
    cleaver.target = Target::LowestHp;
    let mut blade = Action::new("Poisoned blade", damage("1d6"));
    blade.condition = Condition::Every2Turns;
    blade.on_hit = Some(Status::Poisoned);
    blade.reach = Reach::Short;
    let mut frenzy = Action::new("Frenzy", damage("2d6+SL"));
    frenzy.condition = Condition::HasMomentum;
    frenzy.to_hit = -10;
    gorbag.actions = vec![frenzy, blade, cleaver];
    gorbag.modifiers = vec![Modifier {
        name: "Blood rage".into(),
        stat: Stat::Ws,
        active_when: ActiveWhen::EnemyHalfHp,
        has: Has::Advantage,
        value: ModValue::Numeric(5),
    }];

    let mut grask = sheet("Grask the Archer", [30, 47, 30, 30, 44, 41], 0, 12);
    grask.dex = 45;
    let mut arrows = Action::new("Two arrows", damage("1d8"));
    arrows.kind = ActionKind::Test;
    arrows.threshold = Char::Bs;
    arrows.hits_per_round = 2;
    arrows.is_melee = false;
    arrows.reach = Reach::VeryLong;
    arrows.target = Target::Random;
    let mut powder = Action::new("Blinding powder", damage("1"));
    powder.kind = ActionKind::Test;
    powder.condition = Condition::NotYetUsed;
    powder.threshold = Char::Dex;
    powder.on_hit = Some(Status::Blinded);
    powder.is_melee = false;
    powder.reach = Reach::Short;
    grask.actions = vec![powder, arrows];

    ContestInput {
        seed: 7,
        max_rounds: DEFAULT_MAX_ROUNDS,
        team1: vec![sigrid, anselm],
        team2: vec![gorbag, grask],
    }
}
