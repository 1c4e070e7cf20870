//! The outcome of a Book of Contests battle and its chronicle: every turn with the action chosen,
//! every hit with its rolls, damage and status, the end-of-round upkeep, and a text rendering with
//! one line per hit for the CLI, snapshots and people.
//!
//! Characters are named by [`FighterRef`] and actions by index; the rendering looks names up in
//! the input, so the log holds no strings.

use super::action::{ActionKind, Condition};
use super::roll::RollLog;
use super::sheet::{ContestInput, FighterRef, Team};
use super::status::{Status, Statuses};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// The damage of a landed hit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageLog {
    /// The dice as thrown, in term order.
    pub dice: Vec<u32>,
    /// Their signed sum.
    pub dice_total: i64,
    /// The whole numbers of the expression.
    pub flat: i64,
    /// The SL term's part (0 without an SL term).
    pub sl: i64,
    /// `tens` of the stat modifier's characteristic.
    pub stat: i64,
    /// All of it: the damage before armor.
    pub total: i64,
    /// The target's total armor.
    pub armor: i64,
    /// `max(1, total − armor)`.
    pub dealt: i64,
}

/// One hit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitLog {
    /// The character struck.
    pub target: FighterRef,
    /// The action's kind.
    pub kind: ActionKind,
    /// The Test roll, or a Touch spell's test.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test: Option<RollLog>,
    /// The attacker's opposed roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<RollLog>,
    /// The defender's opposed roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defence: Option<RollLog>,
    /// Whether it landed.
    pub landed: bool,
    /// Its damage, when it landed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageLog>,
    /// The status it inflicted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    /// More Stunned stacks than `tens(T)`: the target dropped to 0 HP.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stunned_out: bool,
    /// The target's hit points after the hit.
    pub target_hp: i64,
    /// The attacker's Momentum after the hit.
    pub attacker_momentum: bool,
    /// The target's Momentum after the hit.
    pub target_momentum: bool,
}

/// One character's turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnLog {
    /// Who acted.
    pub actor: FighterRef,
    /// Its own turn number, from 1.
    pub turn: u32,
    /// It was Prone and stood up.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stood_up: bool,
    /// The index of the action chosen on its sheet; `None` when it had none to choose and passed.
    pub action: Option<usize>,
    /// The condition the action was chosen by.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
    /// Its hits, in order.
    pub hits: Vec<HitLog>,
}

/// A Toughness test at the end of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToughnessLog {
    /// The roll.
    pub roll: RollLog,
    /// Stacks removed from each of Stunned and Poisoned.
    pub removed: u32,
    /// Stunned fell to 0 this way: Fatigued.
    pub fatigued: bool,
}

/// What the end of a round did to one character (logged only when it did something).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpkeepLog {
    /// The character.
    pub who: FighterRef,
    /// HP lost to Poisoned.
    pub poisoned: i64,
    /// HP lost to Bleeding.
    pub bleeding: i64,
    /// The Ablaze d10, when ablaze.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ablaze_roll: Option<u32>,
    /// HP lost to Ablaze.
    pub ablaze: i64,
    /// The Toughness test, when stunned or poisoned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toughness: Option<ToughnessLog>,
    /// Hit points after.
    pub hp: i64,
}

/// One round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestRound {
    /// From 1.
    pub round: u32,
    /// The living characters in turn order at the start of the round.
    pub order: Vec<FighterRef>,
    /// The turns taken (a character that fell before its turn takes none).
    pub turns: Vec<TurnLog>,
    /// The end of the round (absent when the battle ended during the round).
    pub upkeep: Vec<UpkeepLog>,
}

/// How the contest ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ContestEnd {
    /// One team has no living member.
    Won,
    /// Both teams lost their last members at the end of the same round.
    BothFell,
    /// The round limit passed with both teams standing: a draw.
    RoundLimit,
}

/// A character at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FighterResult {
    /// Who.
    pub who: FighterRef,
    /// Hit points left (0 when fallen).
    pub hp: i64,
    /// Its maximum.
    pub hp_max: i64,
    /// `hp > 0`.
    pub alive: bool,
    /// Statuses held.
    pub statuses: Statuses,
    /// Momentum held.
    pub momentum: bool,
}

/// A whole contest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestOutcome {
    /// The team left standing; `None` for a draw.
    pub winner: Option<Team>,
    /// How it ended.
    pub end: ContestEnd,
    /// Rounds begun.
    pub rounds: u32,
    /// Every round, in order.
    pub log: Vec<ContestRound>,
    /// Every character at the end: team 1, then team 2, in list order.
    pub fighters: Vec<FighterResult>,
}

/// The chronicle as text: one line per hit, and a line per end-of-round effect.
pub fn render(input: &ContestInput, o: &ContestOutcome) -> String {
    let name = |who: FighterRef| {
        let n = input.sheet(who).map_or("?", |s| s.name.as_str());
        let t = if who.team == Team::One { 1 } else { 2 };
        format!("{n} [{t}.{}]", who.index + 1)
    };
    let roll = |r: &RollLog| {
        let mut s = format!("{} {} rolled {}", r.stat.label(), r.value, r.roll);
        if r.used != r.roll {
            let _ = write!(s, "→{}", r.used);
        }
        if r.advantage + r.disadvantage > 0 {
            let _ = write!(s, " (adv {} dis {})", r.advantage, r.disadvantage);
        }
        if r.reach_bonus {
            s += " +reach";
        }
        let _ = write!(s, " SL {}", r.sl);
        s
    };
    let mut out = String::new();
    for r in &o.log {
        let _ = writeln!(out, "Round {}", r.round);
        for t in &r.turns {
            let actor = input.sheet(t.actor);
            let Some(k) = t.action else {
                let _ = writeln!(out, "  {} passes", name(t.actor));
                continue;
            };
            let action = actor
                .and_then(|s| s.actions.get(k))
                .map_or("?", |a| a.name.as_str());
            for h in &t.hits {
                let _ = write!(out, "  {} — {action} → {}: ", name(t.actor), name(h.target));
                let mut parts = Vec::new();
                if let Some(x) = &h.test {
                    parts.push(format!("test {}", roll(x)));
                }
                if let (Some(a), Some(d)) = (&h.attack, &h.defence) {
                    parts.push(format!("{} vs {}", roll(a), roll(d)));
                }
                out += &parts.join("; ");
                match &h.damage {
                    Some(d) => {
                        let _ = write!(
                            out,
                            "; hits {:?}{:+}{:+}{:+} = {} − armor {} → {}",
                            d.dice, d.flat, d.sl, d.stat, d.total, d.armor, d.dealt
                        );
                    }
                    None => out += "; misses",
                }
                if let Some(s) = h.status {
                    let _ = write!(out, ", {s:?}");
                }
                if h.stunned_out {
                    out += ", stunned out";
                }
                let _ = writeln!(out, " ({} HP)", h.target_hp);
            }
        }
        for u in &r.upkeep {
            let _ = write!(out, "  end of round, {}:", name(u.who));
            if u.poisoned > 0 {
                let _ = write!(out, " poison {}", u.poisoned);
            }
            if u.bleeding > 0 {
                let _ = write!(out, " bleeding {}", u.bleeding);
            }
            if let Some(d) = u.ablaze_roll {
                let _ = write!(out, " fire d10={d} → {}", u.ablaze);
            }
            if let Some(t) = &u.toughness {
                let _ = write!(out, " toughness {} removes {}", roll(&t.roll), t.removed);
                if t.fatigued {
                    out += ", fatigued";
                }
            }
            let _ = writeln!(out, " ({} HP)", u.hp);
        }
    }
    let _ = writeln!(
        out,
        "{:?} after {} rounds; winner {:?}",
        o.end, o.rounds, o.winner
    );
    out
}
