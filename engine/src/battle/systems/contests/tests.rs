//! The tests of the Book of Contests: every vector of VECTORS.md §R, a test per rule, the notation
//! parsers, a snapshot of the example contest, and property tests of the invariants.

mod notation;
mod props;
mod rules;
mod vectors;

use super::*;
use crate::testkit::Script;

/// A sheet with WS `ws`, T `t`, I `i` and `hp` hit points, every other characteristic 30, no
/// armor, and the actions given.
fn sheet(name: &str, ws: i32, t: i32, i: i32, hp: i32, actions: Vec<Action>) -> Sheet {
    Sheet {
        name: name.into(),
        ws,
        bs: 30,
        s: 30,
        t,
        i,
        ag: 30,
        dex: 30,
        int: 30,
        wp: 30,
        armor: 0,
        hp_max: hp,
        hp: None,
        actions,
        modifiers: Vec::new(),
    }
}

/// An opposed melee action of average reach dealing `damage`.
fn strike(damage: &str) -> Action {
    Action::new("Strike", DamageExpr::parse(damage).unwrap())
}

/// A modifier on WS during the character's own action rolls.
fn on_attack(has: Has, value: ModValue) -> Modifier {
    Modifier {
        name: "Test modifier".into(),
        stat: Stat::Ws,
        active_when: ActiveWhen::Attack,
        has,
        value,
    }
}

/// A contest of one round between `a` (team 1) and `b` (team 2).
fn input(a: Sheet, b: Sheet, rounds: u32) -> ContestInput {
    ContestInput {
        seed: 0,
        max_rounds: rounds,
        team1: vec![a],
        team2: vec![b],
    }
}

/// One round between `a` (who should act first) and `b`, with these dice thrown first.
fn duel(a: Sheet, b: Sheet, dice: &[(u64, u64)]) -> ContestOutcome {
    resolve(&input(a, b, 1), &mut Script::new(dice))
}

/// The first hit of the first turn.
fn first_hit(o: &ContestOutcome) -> &HitLog {
    &o.log[0].turns[0].hits[0]
}
