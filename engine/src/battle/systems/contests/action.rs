//! An action of a Book of Contests sheet (SYSTEMS.md §4.2): when it is chosen, how it rolls, what
//! it does when it lands, and its reach.

use super::notation::DamageExpr;
use super::sheet::Char;
use super::status::Status;
use serde::{Deserialize, Serialize};

/// "Use this action if": when the action may be chosen (§4.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// Only when no other action's condition holds.
    #[default]
    Default,
    /// Until it has been chosen once in this battle.
    NotYetUsed,
    /// Never used, or used at least two of the character's own turns ago.
    #[serde(rename = "every_2_turns")]
    Every2Turns,
    /// When the character has Momentum.
    HasMomentum,
    /// When the target this action would choose lacks the status it inflicts.
    TargetLacksStatus,
}

/// How an action rolls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// Yours against the defender's Vs; it lands on a strictly higher SL.
    #[default]
    Opposed,
    /// A test on Threshold + To Hit; the defender does not roll.
    Test,
    /// A test on Threshold + To Hit, then an opposed roll of Yours against Vs; both must succeed.
    TouchSpell,
}

/// Whom an action strikes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The living enemy with the most hit points (ties: the first on its list).
    #[default]
    HighestHp,
    /// The living enemy with the fewest hit points (ties: the first on its list).
    LowestHp,
    /// A living enemy drawn uniformly.
    Random,
}

/// An action's reach, shortest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Reach {
    /// Very short.
    VeryShort,
    /// Short.
    Short,
    /// Average.
    #[default]
    Average,
    /// Long.
    Long,
    /// Very long.
    VeryLong,
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

/// An action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// A free-form name.
    pub name: String,
    /// When it may be chosen (default: `default`).
    #[serde(default)]
    pub condition: Condition,
    /// The characteristic of a Test or of a Touch spell's test (default WS).
    #[serde(default)]
    pub threshold: Char,
    /// How it rolls (default: opposed).
    #[serde(default)]
    pub kind: ActionKind,
    /// The attacker's characteristic in an opposed roll (default WS).
    #[serde(default)]
    pub yours: Char,
    /// The defender's characteristic in an opposed roll (default WS, a parry).
    #[serde(default)]
    pub vs: Char,
    /// Hits per turn (default 1), each with its own target.
    #[serde(default = "one")]
    pub hits_per_round: u32,
    /// Added to the attacker's own roll: Yours in an Opposed action, Threshold in a Test or a Touch
    /// spell's test.
    #[serde(default)]
    pub to_hit: i32,
    /// Damage notation (default `4`).
    #[serde(default)]
    pub damage: DamageExpr,
    /// A characteristic whose tens add to the damage.
    #[serde(default)]
    pub stat_mod: Option<Char>,
    /// Whom it strikes (default: highest HP).
    #[serde(default)]
    pub target: Target,
    /// The status a landed hit inflicts.
    #[serde(default)]
    pub on_hit: Option<Status>,
    /// A melee action (default yes): builds and uses Momentum.
    #[serde(default = "yes")]
    pub is_melee: bool,
    /// Its reach (default average).
    #[serde(default)]
    pub reach: Reach,
}

impl Action {
    /// An opposed melee action of average reach striking the healthiest enemy for `damage`.
    pub fn new(name: &str, damage: DamageExpr) -> Action {
        Action {
            name: name.into(),
            condition: Condition::Default,
            threshold: Char::Ws,
            kind: ActionKind::Opposed,
            yours: Char::Ws,
            vs: Char::Ws,
            hits_per_round: 1,
            to_hit: 0,
            damage,
            stat_mod: None,
            target: Target::HighestHp,
            on_hit: None,
            is_melee: true,
            reach: Reach::Average,
        }
    }
}
