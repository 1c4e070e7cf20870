//! The d100 roll of the Book of Contests (SYSTEMS.md §4.3): tens, the tens/units swap of
//! advantage and disadvantage, and the success level.

use super::sheet::{Char, FighterRef};
use serde::{Deserialize, Serialize};

/// `floor(x / 10)`, flooring toward −∞ (so `tens(-5) = -1`); a roll of 100 gives 10.
pub fn tens(x: i32) -> i32 {
    x.div_euclid(10)
}

/// A d100 with its digits swapped: `10·units + tens` for 1..=99 (a result of 0 reads as 100), and
/// 100 stays 100.
pub fn swap(roll: u32) -> u32 {
    if roll >= 100 {
        return 100;
    }
    match 10 * (roll % 10) + roll / 10 {
        0 => 100,
        s => s,
    }
}

/// The roll used after advantage and disadvantage, and the extra SL: any mix of both cancels
/// (the roll as thrown); advantage keeps the lower of the roll and its swap, +1 SL from two
/// sources on; disadvantage keeps the higher, −1 SL from two sources on.
pub fn used_roll(roll: u32, adv: u32, dis: u32) -> (u32, i32) {
    match (adv, dis) {
        (0, 0) => (roll, 0),
        (a, 0) => (roll.min(swap(roll)), i32::from(a >= 2)),
        (0, d) => (roll.max(swap(roll)), -i32::from(d >= 2)),
        _ => (roll, 0),
    }
}

/// The SL of a roll on value `v` (characteristic with its numeric modifiers, and To Hit where it
/// applies): `tens(v) − tens(used) + extra + sl_mods`, where `sl_mods` gathers the SL modifiers,
/// the status penalties and the reach bonus. Returns the SL and the roll used.
pub fn success_level(v: i32, roll: u32, adv: u32, dis: u32, sl_mods: i32) -> (i32, u32) {
    let (used, extra) = used_roll(roll, adv, dis);
    let sl = tens(v) - tens(used as i32) + extra + sl_mods;
    (sl, used)
}

/// A test succeeds when the roll used is strictly lower than the value.
pub fn succeeds(v: i32, used: u32) -> bool {
    (used as i32) < v
}

/// One d100 roll, with everything that went into it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollLog {
    /// Who rolled.
    pub who: FighterRef,
    /// On which characteristic.
    pub stat: Char,
    /// The value rolled under: the characteristic, To Hit where it applies, numeric modifiers.
    pub value: i32,
    /// The d100 as thrown.
    pub roll: u32,
    /// The roll used after advantage or disadvantage.
    pub used: u32,
    /// Sources of advantage.
    pub advantage: u32,
    /// Sources of disadvantage.
    pub disadvantage: u32,
    /// SL modifiers, status penalties and the reach bonus together.
    pub sl_mods: i32,
    /// The defender's +1 SL for a longer reach (included in `sl_mods`).
    pub reach_bonus: bool,
    /// The success level.
    pub sl: i32,
    /// `used < value`.
    pub success: bool,
}
