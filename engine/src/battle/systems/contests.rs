//! The Book of Contests (SYSTEMS.md §4, source 004): a d100 team battle of character sheets with
//! success levels, actions chosen by their conditions, reach, Momentum, modifiers, advantage and
//! disadvantage, and statuses, told as a chronicle of hits.
//!
//! **Architecture invariant:** [`resolve`] is a pure function of the input and the generator. Its
//! draws, in order: per turn, a Random target drawn for a TargetLacksStatus check; per hit, the
//! target (Random), the attacker's d100 (a Touch spell's test first), the defender's d100, the
//! damage dice in term order; at the end of the round, per character in turn order, the Ablaze d10
//! and the Toughness d100 (§4.6, §4.4). [`play`] seeds the generator from the input.
//!
//! **Decisions where the spec is silent** (each also at its code):
//! - The battle ends the moment a team has no one standing; the rest of the round is not played.
//! - A Blinded character rolls with disadvantage on every WS roll, attacking or parrying (004's
//!   "WS as the threshold" is read as the characteristic rolled).
//! - Prone and Blinded on the target, and Momentum, give advantage to every attacking roll of the
//!   hit, both steps of a Touch spell included (one source at most, as §4.3 resolves).
//! - A target killed by a hit's damage takes no status from it.
//! - Hit points never go below 0; a character at 0 has fallen.
//! - An action without `on_hit` never meets TargetLacksStatus, so no target is drawn for it.
//! - `tens(T)` in total armor, the Stunned limit and a damage stat modifier read the sheet's own
//!   characteristic, not one raised by modifiers.
//! - Armor modifiers: "Parry" and "Opposed actions" are active against Opposed and Touch-spell
//!   hits, "Test actions" against Test and Touch-spell hits, "Own turn" and "Attack" never (hits
//!   land on the attacker's turn), the state conditions whenever they hold, the end-of-round fire
//!   included.
//! - The Toughness test sees only the state conditions (half HP, first turn) among modifiers.
//!
//! Code map: `sheet` (the sheet, the teams, the input), `action`, `modifier`, `status`,
//! `notation` (the damage and modifier parsers), `roll` (§4.3's arithmetic), `fight` (the
//! battle's state, turns and hits; `fight/rolls` every roll in context, `fight/upkeep` the end of
//! the round), `log` (the outcome and its chronicle), `validate`
//! ([`parse_input`]), `example`.

mod action;
mod example;
mod fight;
mod log;
mod modifier;
mod notation;
mod roll;
mod sheet;
mod status;
mod validate;

pub use action::{Action, ActionKind, Condition, Reach, Target};
pub use example::example;
pub use fight::MAX_HITS;
pub use log::{
    render, ContestEnd, ContestOutcome, ContestRound, DamageLog, FighterResult, HitLog,
    ToughnessLog, TurnLog, UpkeepLog,
};
pub use modifier::{ActiveWhen, Has, Modifier, Stat};
pub use notation::{
    DamageExpr, ModValue, NotationError, NotationErrorKind, Term, TermKind, MAX_DICE, MAX_LEN,
    MAX_NUMBER, MAX_SIDES, MAX_TERMS,
};
pub use roll::{succeeds, success_level, swap, tens, used_roll, RollLog};
pub use sheet::{Char, ContestInput, FighterRef, Sheet, Team, DEFAULT_MAX_ROUNDS};
pub use status::{Status, Statuses};
pub use validate::{
    parse_input, ContestError, MAX_ENTRIES, MAX_FIGHTERS, MAX_HP, MAX_ROUNDS, MAX_STAT,
};

use crate::{Rng, SplitMix64};
use fight::Arena;

/// Fights a contest round by round until a team has no one standing or `max_rounds` pass. Any
/// input can be resolved (an empty team has lost before the first blow; numbers past the limits
/// are capped); [`ContestInput::validate`] is what refuses an input that breaks the rules.
pub fn resolve(input: &ContestInput, rng: &mut impl Rng) -> ContestOutcome {
    let mut arena = Arena::new(input);
    let max_rounds = input.max_rounds.min(MAX_ROUNDS);
    let mut log = Vec::new();
    let mut result = arena.decided();
    while result.is_none() && arena.round < max_rounds {
        arena.round += 1;
        let order = arena.order();
        let mut round = ContestRound {
            round: arena.round,
            order: order.iter().map(|&i| arena.who(i)).collect(),
            turns: Vec::new(),
            upkeep: Vec::new(),
        };
        for &i in &order {
            if !arena.alive(i) {
                continue;
            }
            let (turn, over) = arena.turn(i, rng);
            round.turns.push(turn);
            if over {
                break;
            }
        }
        result = arena.decided();
        if result.is_none() {
            round.upkeep = arena.upkeep(&order, rng);
            result = arena.decided();
        }
        log.push(round);
    }
    let (winner, end) = match result {
        Some(Some(team)) => (Some(team), ContestEnd::Won),
        Some(None) => (None, ContestEnd::BothFell),
        None => (None, ContestEnd::RoundLimit),
    };
    ContestOutcome {
        winner,
        end,
        rounds: arena.round,
        log,
        fighters: arena.results(),
    }
}

/// Fights the contest from the input's own seed.
pub fn play(input: &ContestInput) -> ContestOutcome {
    resolve(input, &mut SplitMix64::new(input.seed))
}

#[cfg(test)]
mod tests;
