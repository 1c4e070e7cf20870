//! What the lab needs of a battle system: its example, its parser and validation (errors naming a
//! field path), its seeded resolve, its sides and who won, and its text rendering. Each system's
//! file implements this over the engine's own functions; no rule is computed here.

use engine::{LineUp, SplitMix64};
use serde::Serialize;

/// A refused input: the path of the offending field (`a.units[2].level`) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The field's path in the input, as the engine names it.
    pub field: String,
    /// What is wrong, in words.
    pub message: String,
}

impl FieldError {
    /// An error at `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// One battle system as the lab drives it.
pub trait LabSystem: 'static {
    /// The engine's input type.
    type Input: Clone + Serialize + Send + Sync + 'static;
    /// The engine's outcome type.
    type Outcome: Send + Sync + 'static;
    /// A short key for `data-system` attributes.
    const KEY: &'static str;
    /// How the system decides a battle, for players: a few paragraphs shown above the form
    /// (written from the source's rules, in the lab's own words).
    const RULES: &'static [&'static str];
    /// What the chronicle says before the first run.
    const EMPTY: &'static str = "No battle fought yet.";
    /// The engine's example input.
    fn example() -> Self::Input;
    /// The engine's JSON parser (which also validates).
    fn parse(text: &str) -> Result<Self::Input, FieldError>;
    /// The engine's validation.
    fn check(input: &Self::Input) -> Result<(), FieldError>;
    /// The input's seed.
    fn seed(input: &Self::Input) -> u64;
    /// Sets the input's seed.
    fn set_seed(input: &mut Self::Input, seed: u64);
    /// Fights one battle with `rng`.
    fn resolve(input: &Self::Input, rng: &mut SplitMix64) -> Self::Outcome;
    /// Fights one battle from the input's own seed (the engine's `play`).
    fn play(input: &Self::Input) -> Self::Outcome {
        Self::resolve(input, &mut SplitMix64::new(Self::seed(input)))
    }
    /// The names of the sides the odds are counted for.
    fn sides(input: &Self::Input) -> Vec<String>;
    /// The index of the winning side in [`LabSystem::sides`], if any.
    fn winner(input: &Self::Input, outcome: &Self::Outcome) -> Option<usize>;
    /// The engine's plain-text rendering.
    fn text(input: &Self::Input, outcome: &Self::Outcome) -> String;
    /// The input as a line-up saved in the realm (`engine::LabSetup`).
    fn to_line_up(input: &Self::Input) -> LineUp;
    /// The input of a saved line-up, when it is one of this system's.
    fn from_line_up(line_up: &LineUp) -> Option<Self::Input>;
}
