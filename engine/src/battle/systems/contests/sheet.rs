//! A Book of Contests character sheet (SYSTEMS.md §4.1): the nine characteristics, armor, hit
//! points, and the lists of actions and modifiers; and the contest's input, two teams of sheets.

use super::action::Action;
use super::modifier::Modifier;
use serde::{Deserialize, Serialize};

/// A characteristic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Char {
    /// Weapon Skill: the default of every roll and every parry.
    #[default]
    Ws,
    /// Ballistic Skill.
    Bs,
    /// Strength.
    S,
    /// Toughness: its tens add to armor; the end-of-round test is rolled on it.
    T,
    /// Initiative: the order of turns.
    I,
    /// Agility: breaks ties of Initiative.
    Ag,
    /// Dexterity.
    Dex,
    /// Intelligence.
    Int,
    /// Willpower.
    Wp,
}

impl Char {
    /// Every characteristic, in sheet order.
    pub const ALL: [Char; 9] = [
        Char::Ws,
        Char::Bs,
        Char::S,
        Char::T,
        Char::I,
        Char::Ag,
        Char::Dex,
        Char::Int,
        Char::Wp,
    ];

    /// Its short name as printed on a sheet.
    pub fn label(self) -> &'static str {
        match self {
            Char::Ws => "WS",
            Char::Bs => "BS",
            Char::S => "S",
            Char::T => "T",
            Char::I => "I",
            Char::Ag => "Ag",
            Char::Dex => "Dex",
            Char::Int => "Int",
            Char::Wp => "WP",
        }
    }
}

/// One of the two teams.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Team {
    /// Team 1: wins ties of Initiative and Agility.
    #[serde(rename = "team1")]
    One,
    /// Team 2.
    #[serde(rename = "team2")]
    Two,
}

impl Team {
    /// The other team.
    pub fn other(self) -> Team {
        match self {
            Team::One => Team::Two,
            Team::Two => Team::One,
        }
    }
}

/// A character: its team and its place on that team's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FighterRef {
    /// Its team.
    pub team: Team,
    /// Its index in the team's list.
    pub index: usize,
}

/// A character sheet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The character's name.
    pub name: String,
    /// Weapon Skill.
    pub ws: i32,
    /// Ballistic Skill ("show more stats": 0 when not given).
    #[serde(default)]
    pub bs: i32,
    /// Strength.
    pub s: i32,
    /// Toughness.
    pub t: i32,
    /// Initiative.
    pub i: i32,
    /// Agility (0 when not given).
    #[serde(default)]
    pub ag: i32,
    /// Dexterity (0 when not given).
    #[serde(default)]
    pub dex: i32,
    /// Intelligence (0 when not given).
    #[serde(default)]
    pub int: i32,
    /// Willpower (0 when not given).
    #[serde(default)]
    pub wp: i32,
    /// Armor typed by hand; `tens(T)` and Armor modifiers are added to it.
    #[serde(default)]
    pub armor: i32,
    /// Maximum hit points.
    pub hp_max: i32,
    /// Hit points at the start, `hp_max` when not given.
    #[serde(default)]
    pub hp: Option<i32>,
    /// Actions, in the order their conditions are tried.
    #[serde(default)]
    pub actions: Vec<Action>,
    /// Conditional modifiers.
    #[serde(default)]
    pub modifiers: Vec<Modifier>,
}

impl Sheet {
    /// The value of a characteristic as written on the sheet.
    pub fn char(&self, c: Char) -> i32 {
        match c {
            Char::Ws => self.ws,
            Char::Bs => self.bs,
            Char::S => self.s,
            Char::T => self.t,
            Char::I => self.i,
            Char::Ag => self.ag,
            Char::Dex => self.dex,
            Char::Int => self.int,
            Char::Wp => self.wp,
        }
    }

    /// Hit points at the start.
    pub fn start_hp(&self) -> i32 {
        self.hp.unwrap_or(self.hp_max)
    }
}

/// The round limit when the input gives none.
pub const DEFAULT_MAX_ROUNDS: u32 = 100;

fn default_max_rounds() -> u32 {
    DEFAULT_MAX_ROUNDS
}

/// A whole contest's input: both teams, the seed, and a round limit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ContestInput {
    /// Seed of the contest's SplitMix64 stream.
    pub seed: u64,
    /// After this many rounds without a result the contest is a draw (100 when not given).
    #[serde(default = "default_max_rounds")]
    pub max_rounds: u32,
    /// Team 1.
    pub team1: Vec<Sheet>,
    /// Team 2.
    pub team2: Vec<Sheet>,
}

impl ContestInput {
    /// The list of `team`.
    pub fn team(&self, team: Team) -> &[Sheet] {
        match team {
            Team::One => &self.team1,
            Team::Two => &self.team2,
        }
    }

    /// The sheet of a character.
    pub fn sheet(&self, who: FighterRef) -> Option<&Sheet> {
        self.team(who.team).get(who.index)
    }
}
