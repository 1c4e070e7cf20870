//! The Střet armád chronicle: every round of skirmish, battle and pursuit as a table of attacks
//! (dice, bonus, multiplier, shield, damage) and of morale tests, with each army's standing.

use crate::markup::phrases::{count, dice, mass_end};
use crate::markup::table::{cell, head, items, num};
use crate::markup::{class, Markup};
use engine::mass_battle::{MassBattleInput, MassOutcome, Phase, WeaponRef};

/// The outcome's log, round by round, as markup for `inner_html`.
pub fn chronicle(input: &MassBattleInput, o: &MassOutcome) -> Markup {
    let name = |id: u64| {
        let unit = input
            .a
            .units
            .iter()
            .chain(&input.b.units)
            .find(|u| u.id == id);
        match unit {
            Some(u) if !u.name.is_empty() => format!("{} #{id}", u.name),
            _ => format!("#{id}"),
        }
    };
    let list = |ids: &[u64]| ids.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ");
    let mut m = Markup::new();
    m.element(
        "p",
        &[class("summary")],
        &format!(
            "{}, {} and {}; ended {}.",
            count(o.skirmish_rounds, "skirmish round", "skirmish rounds"),
            count(o.battle_rounds, "battle round", "battle rounds"),
            count(o.pursuit_rounds, "pursuit round", "pursuit rounds"),
            mass_end(o.end)
        ),
    );
    for r in &o.rounds {
        let phase = match r.phase {
            Phase::Skirmish => "Skirmish",
            Phase::Battle => "Battle",
            Phase::Pursuit => "Pursuit",
        };
        let standing = r
            .standing
            .iter()
            .zip(["A", "B"])
            .map(|(s, l)| {
                format!(
                    "Army {l}: endurance {}/{}, {} present, {} removed",
                    s.endurance, s.endurance_max, s.present, s.removed
                )
            })
            .collect::<Vec<_>>()
            .join(" · ");
        m.el("section", &[class("round")], |m| {
            m.element("h4", &[], &format!("{phase} round {}", r.round));
            m.el("table", &[class("log")], |m| {
                head(
                    m,
                    &[
                        "Attacker", "Target", "Weapon", "Dice", "Shield", "Damage", "",
                    ],
                );
                m.el("tbody", &[], |m| {
                    for a in &r.attacks {
                        let weapon = match a.weapon {
                            WeaponRef::Melee => "melee",
                            WeaponRef::Missile => "missile",
                        };
                        let dice = if a.negated {
                            "negated by its light warhorse".to_string()
                        } else {
                            format!("{} {:+} ×{}", dice(&a.rolled), a.bonus, a.multiplier)
                        };
                        let shaken = if a.penalised.is_empty() {
                            String::new()
                        } else {
                            format!("shaken: {}", list(&a.penalised))
                        };
                        m.el("tr", &[class("hit")], |m| {
                            cell(m, &name(a.attacker));
                            cell(m, &name(a.target));
                            cell(m, weapon);
                            cell(m, &dice);
                            cell(m, if a.shield { "halved" } else { "" });
                            num(m, &a.damage.to_string());
                            cell(m, &shaken);
                        });
                    }
                });
            });
            m.el("ul", &[class("events")], |m| {
                items(
                    m,
                    r.morale.iter().map(|t| {
                        format!(
                            "Morale of {}: {} + {} − {} against {} + {}: {}",
                            name(t.unit),
                            t.roll,
                            t.morale,
                            t.penalty,
                            t.difficulty,
                            t.increase,
                            if t.passed { "holds" } else { "breaks" }
                        )
                    }),
                );
                for (label, ids) in [
                    ("Killed", &r.killed),
                    ("Caught", &r.caught),
                    ("Fled", &r.fled),
                    ("Stopped pursuing", &r.stopped),
                ] {
                    if !ids.is_empty() {
                        m.element("li", &[], &format!("{label}: {}", list(ids)));
                    }
                }
            });
            m.element("p", &[class("standing")], &standing);
        });
    }
    m
}
