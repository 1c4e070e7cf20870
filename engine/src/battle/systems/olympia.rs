//! Olympia combat (SYSTEMS.md §3, source 003): two forces of nobles and men trade single hits of
//! `A/(A+B)` until one force's value `Σ(O + defense)` falls to half of what it began with.
//!
//! A cycle lets each force strike as many times as it has figures able to strike — alternating,
//! attacker first, then the larger force's extra hits ([`cycle_order`]). Rows behind the front
//! strike only with missiles and cannot be struck while a row in front still fights. Structures
//! add their defense to the men they protect and can be struck down; siege engines strike only
//! them, for 5–10 points. Nobles wield their best item per category and are wounded, not killed
//! outright. After the break the winner takes prisoners by numbers, its stack leader the loot.
//!
//! **One generator per battle** (SYSTEMS.md §3.4 step 5): per strike the hitter (`below`), the
//! target (`below`), the hit (`unit`), then a blessing (`unit`), a wound (`die(100)`) or an engine's
//! damage (`die(6)`); after the break one `unit()` per defeated unit. [`play`] seeds `SplitMix64`
//! with the input's `seed`, so a battle is a pure function of its input.
//!
//! **Decisions beyond the spec** (each also noted where it is made):
//! - A siege engine's target is drawn like any other (`below(1)` over its one candidate, the
//!   structure), so every strike makes the same draws in the same order.
//! - A structure protects the first N of its force's figures *still fighting*, nobles included, in
//!   location-list order: as men fall, the next ones take their places behind the walls.
//! - A force's value counts every figure by `max(attack, missile)` whatever its row (`OLY-17`).
//! - A noble's items all count toward its own ratings only; weather's rain and wind leave a
//!   noble's missile alone (003 names archers and crossbowmen), fog quarters it (`OLY-12`).
//! - A force with no participants (an attack of peasants alone) is worth 0 and breaks before a
//!   blow; a defender always has participants.
//! - Strikes stop after [`MAX_HITS`] as a stalemate the defender holds; it exists so the loop is
//!   total, not to be met.
//! - See `aftermath` for prisoners, loot and the stack leader.

mod aftermath;
mod battle;
mod example;
mod figures;
mod from_realm;
mod hit;
mod input;
mod kinds;
mod log;
mod validate;

pub use aftermath::prisoner_chance;
pub use battle::MAX_HITS;
pub use example::example;
pub use figures::{effective, figures, wield, Figure, Wielded};
pub use from_realm::{
    from_setup, kind_of, melee_attack, men_of, ranged_attack, MEN_PER_PHOTO, NOBLE_ITEM_SCALE,
};
pub use hit::{cycle_order, hit_chance, structure_points};
pub use input::{Force, Item, Men, Noble, OlympiaInput, Structure, StructureKind, Unit};
pub use kinds::{base_rating, weather_missile, Ground, Kind, Rating, Weather};
pub use log::{
    Capture, Cycle, Decision, Effect, Fate, FigureReport, ForceReport, Hit, Loot, LootItem,
    LootMen, OlympiaOutcome, Target,
};
pub use validate::{OlympiaError, MAX_FIGURES};

use crate::{DocError, Rng, Side, SplitMix64};
use battle::{exchange, Host};

/// Fights a validated battle with `rng`.
pub fn resolve(input: &OlympiaInput, rng: &mut impl Rng) -> OlympiaOutcome {
    let (g, w) = (input.ground, input.weather);
    let mut hosts = [
        Host::new(&input.attacker, Side::Attacker, g, w),
        Host::new(&input.defender, Side::Defender, g, w),
    ];
    let (decided, cycles) = exchange(&mut hosts, rng);
    let after = aftermath::aftermath(input, &hosts, decided, rng);
    let winner = match decided {
        Decision::Broke {
            side: Side::Defender,
        } => Side::Attacker,
        _ => Side::Defender,
    };
    let [a, d] = hosts.map(report);
    let units = |taken: bool| -> Vec<u64> {
        let c = after.captures.iter().filter(|c| c.taken == taken);
        c.map(|c| c.unit).collect()
    };
    OlympiaOutcome {
        winner,
        decided,
        cycles,
        attacker: a,
        defender: d,
        prisoner_chance: after.prisoner_chance,
        remaining: after.remaining,
        prisoners: units(true),
        fled: units(false),
        captures: after.captures,
        loot: after.loot,
        winner_takes_position: after.winner_takes_position,
    }
}

fn report(h: Host) -> ForceReport {
    let value_end = h.value();
    let killed = h.fate.iter().filter(|&&f| f == Fate::Killed).count() as u32;
    let figures = h
        .figures
        .into_iter()
        .zip(h.fate)
        .zip(h.health)
        .map(|((figure, fate), health)| FigureReport {
            health: (figure.kind == Kind::Noble).then_some(health),
            figure,
            fate,
        })
        .collect();
    ForceReport {
        figures,
        value_start: h.value_start,
        break_point: h.value_start / 2.0,
        value_end,
        killed,
        structure: h.structure,
    }
}

/// Fights a battle from its own seed: `resolve(input, SplitMix64(input.seed))`. The input should
/// have passed [`OlympiaInput::validate`].
pub fn play(input: &OlympiaInput) -> OlympiaOutcome {
    resolve(input, &mut SplitMix64::new(input.seed))
}

/// Reads an Olympia input from JSON and validates it; the error names the offending field
/// (`defender.units[1].men[0].count`), as a parse error names the JSON path.
pub fn parse(text: &str) -> Result<OlympiaInput, DocError> {
    let input: OlympiaInput = crate::realm::json::from_str_denying(text)?;
    input.validate()?;
    Ok(input)
}

#[cfg(test)]
mod tests;
