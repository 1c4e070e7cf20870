//! The statuses of the Book of Contests (SYSTEMS.md §4.7) and a character's set of them.

use serde::{Deserialize, Serialize};

/// A status an action can inflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Attackers have advantage; removed at the start of its own turn.
    Prone,
    /// Stacks: −1 SL per stack; more stacks than `tens(T)` drop it to 0 HP.
    Stunned,
    /// −1 SL; lasts the battle.
    Fatigued,
    /// Stacks: −1 SL per stack and 1 HP per stack at the end of the round.
    Poisoned,
    /// Disadvantage on its WS rolls, attackers have advantage; removed at the end of its own turn.
    Blinded,
    /// Stacks: 1 HP per stack at the end of the round; lasts the battle.
    Bleeding,
    /// −1 SL; lasts the battle.
    Entangled,
    /// Stacks: `1d10 + stacks − 1` at the end of the round, armor applies, at least 1.
    Ablaze,
}

impl Status {
    /// Every status.
    pub const ALL: [Status; 8] = [
        Status::Prone,
        Status::Stunned,
        Status::Fatigued,
        Status::Poisoned,
        Status::Blinded,
        Status::Bleeding,
        Status::Entangled,
        Status::Ablaze,
    ];

    /// Whether another hit adds a stack rather than setting it.
    pub fn stacks(self) -> bool {
        matches!(
            self,
            Status::Stunned | Status::Poisoned | Status::Bleeding | Status::Ablaze
        )
    }
}

/// A character's statuses: stacks for the stackable ones, 0 or 1 for the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Statuses {
    /// Prone.
    pub prone: bool,
    /// Stunned stacks.
    pub stunned: u32,
    /// Fatigued.
    pub fatigued: bool,
    /// Poisoned stacks.
    pub poisoned: u32,
    /// Blinded.
    pub blinded: bool,
    /// Bleeding stacks.
    pub bleeding: u32,
    /// Entangled.
    pub entangled: bool,
    /// Ablaze stacks.
    pub ablaze: u32,
}

impl Statuses {
    /// Stacks of `s` (1 or 0 for a status that does not stack).
    pub fn get(&self, s: Status) -> u32 {
        match s {
            Status::Prone => u32::from(self.prone),
            Status::Stunned => self.stunned,
            Status::Fatigued => u32::from(self.fatigued),
            Status::Poisoned => self.poisoned,
            Status::Blinded => u32::from(self.blinded),
            Status::Bleeding => self.bleeding,
            Status::Entangled => u32::from(self.entangled),
            Status::Ablaze => self.ablaze,
        }
    }

    /// Whether `s` is on.
    pub fn has(&self, s: Status) -> bool {
        self.get(s) > 0
    }

    /// Inflicts `s`: one more stack, or on.
    pub fn inflict(&mut self, s: Status) {
        let add = |n: &mut u32| *n = n.saturating_add(1);
        match s {
            Status::Prone => self.prone = true,
            Status::Stunned => add(&mut self.stunned),
            Status::Fatigued => self.fatigued = true,
            Status::Poisoned => add(&mut self.poisoned),
            Status::Blinded => self.blinded = true,
            Status::Bleeding => add(&mut self.bleeding),
            Status::Entangled => self.entangled = true,
            Status::Ablaze => add(&mut self.ablaze),
        }
    }

    /// The SL every roll loses: a stack of Stunned or Poisoned each, Fatigued and Entangled one.
    pub fn sl_penalty(&self) -> i32 {
        let stacks = u64::from(self.stunned) + u64::from(self.poisoned);
        let flags = u64::from(self.fatigued) + u64::from(self.entangled);
        (stacks + flags).min(i32::MAX as u64) as i32
    }
}
