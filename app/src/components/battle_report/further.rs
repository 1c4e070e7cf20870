//! The result of a map battle under Warfare, Olympia or Střet armád: a sentence on how it went, the
//! forces the set-up became (each system's `from_setup`, mapped again from the recorded set-up),
//! and the system's own chronicle — the Battle Lab's chronicle views, so the map and the lab read
//! a battle the same way.

use crate::markup::chronicles::{mass_battle, olympia, warfare};
use crate::markup::table::{cell, head};
use crate::markup::{class, Markup};
use engine::mass_battle::End;
use engine::olympia::Decision;
use engine::warfare::Ending;
use engine::{Setup, Side, StretBattle, WarfareBattle};

/// A Warfare battle: the armies with their Might, the ending and the chronicle, mapped as the
/// record's battle schema maps it.
pub fn warfare_result(m: &mut Markup, s: &Setup, seed: u64, schema: u32, o: &WarfareBattle) {
    let input = engine::warfare::from_setup_as(s, seed, schema);
    let might = |k: usize| -> u32 {
        input.conflicts[0].sides[k]
            .iter()
            .filter_map(|id| input.armies.iter().find(|a| a.id == *id))
            .map(|a| a.might)
            .sum()
    };
    let ending = o
        .phase
        .conflicts
        .first()
        .and_then(|c| c.engagements.last())
        .map(|e| match e.ending {
            Ending::Result { result, .. } => format!("the roll of {} ended it", result.name()),
            Ending::Exhausted { .. } => "one side's Might ran out".to_string(),
            Ending::Stalemate => "it ended in a stalemate, which the defender holds".to_string(),
        })
        .unwrap_or_else(|| "nobody stood against the other".to_string());
    let rolls = o
        .phase
        .conflicts
        .iter()
        .flat_map(|c| &c.engagements)
        .map(|e| e.rolls.len())
        .sum::<usize>();
    m.element(
        "p",
        &[class("system-summary")],
        &format!(
            "Warfare: {} dice of Might against {}; after {rolls} roll{} {ending}.",
            might(0),
            might(1),
            if rolls == 1 { "" } else { "s" }
        ),
    );
    m.el("details", &[class("forces")], |m| {
        m.element(
            "summary",
            &[],
            "The armies (Might = Power on the field ÷ 100)",
        )
        .el("table", &[], |m| {
            head(m, &["Army", "Might", "Speed"]);
            m.el("tbody", &[], |m| {
                for a in &input.armies {
                    m.el("tr", &[], |m| {
                        cell(m, &a.name);
                        cell(m, &a.might.to_string());
                        cell(m, &a.speed.to_string());
                    });
                }
            });
        });
    });
    chronicle_box(m, warfare::chronicle(&input, &o.phase));
}

/// An Olympia battle: the forces' values, the break and the chronicle.
pub fn olympia_result(m: &mut Markup, s: &Setup, seed: u64, o: &engine::olympia::OlympiaOutcome) {
    let input = engine::olympia::from_setup(s, seed);
    let decided = match o.decided {
        Decision::Broke { side } => format!("the {} broke", side_word(side)),
        _ => "neither side broke; the defender holds".to_string(),
    };
    let count = |f: &engine::olympia::Force| -> (usize, u32) {
        let nobles = f.units.iter().filter(|u| u.noble.is_some()).count();
        let men = f.units.iter().flat_map(|u| &u.men).map(|m| m.count).sum();
        (nobles, men)
    };
    let ((na, ma), (nd, md)) = (count(&input.attacker), count(&input.defender));
    m.element(
        "p",
        &[class("system-summary")],
        &format!(
            "Olympia: {na} nobles and {ma} men against {nd} nobles and {md} men; after {} cycle{} {decided}; {} prisoner unit{} taken.",
            o.cycles.len(),
            if o.cycles.len() == 1 { "" } else { "s" },
            o.prisoners.len(),
            if o.prisoners.len() == 1 { "" } else { "s" },
        ),
    );
    chronicle_box(m, olympia::chronicle(&input, o));
}

/// A Střet armád battle: the phases fought, how it ended and the chronicle.
pub fn mass_battle_result(m: &mut Markup, s: &Setup, seed: u64, o: &StretBattle) {
    let input = engine::mass_battle::from_setup(s, seed);
    let b = &o.battle;
    let end = match b.end {
        End::Fled { loser } => format!(
            "the {} fled",
            if loser == engine::mass_battle::ArmySide::A {
                "attacker"
            } else {
                "defender"
            }
        ),
        End::BothFled => "both armies fled at once; the defender holds the field".to_string(),
        End::RoundCap => "the battle reached its round cap; the defender holds".to_string(),
    };
    m.element(
        "p",
        &[class("system-summary")],
        &format!(
            "Střet armád: {} units against {}; {} skirmish, {} battle and {} pursuit round{}; {end}.",
            input.a.units.len(),
            input.b.units.len(),
            b.skirmish_rounds,
            b.battle_rounds,
            b.pursuit_rounds,
            if b.pursuit_rounds == 1 { "" } else { "s" },
        ),
    );
    chronicle_box(m, mass_battle::chronicle(&input, b));
}

/// The chronicle in a box of its own height, so a long battle scrolls inside it.
fn chronicle_box(m: &mut Markup, chronicle: Markup) {
    m.el(
        "details",
        &[class("system-chronicle"), ("open", Some(""))],
        |m| {
            m.element("summary", &[], "Chronicle, roll by roll").el(
                "div",
                &[
                    class("chronicle-scroll"),
                    ("style", Some("max-height: 32rem; overflow: auto;")),
                ],
                |m| {
                    m.append(chronicle);
                },
            );
        },
    );
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    }
}
