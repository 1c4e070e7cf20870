//! The Olympia chronicle: every cycle's strikes (who struck whom, A/(A+B), the roll, what it did),
//! each force's value, the break, prisoners, loot and who holds the position.

use crate::markup::phrases::{capital, decision, kind};
use crate::markup::table::{cell, head, items, num};
use crate::markup::{class, Markup};
use engine::olympia::{Effect, OlympiaInput, OlympiaOutcome, Target};
use engine::Side;

/// Strikes shown before the table is cut short (the plain text keeps them all).
const MAX_SHOWN: usize = 3_000;

/// The outcome's chronicle, cycle by cycle and strike by strike, as markup for `inner_html`.
pub fn chronicle(input: &OlympiaInput, o: &OlympiaOutcome) -> Markup {
    let unit = |id: u64| {
        input
            .attacker
            .units
            .iter()
            .chain(&input.defender.units)
            .find(|u| u.id == id)
            .map_or(format!("unit {id}"), |u| u.name.clone())
    };
    let figure = |side: Side, i: u32| {
        o.force(side)
            .figures
            .get(i as usize)
            .map_or("?".to_string(), |f| {
                format!(
                    "{} #{i} of {}",
                    capital(kind(f.figure.kind, 1)),
                    unit(f.figure.unit)
                )
            })
    };
    let other = |s: Side| match s {
        Side::Attacker => Side::Defender,
        Side::Defender => Side::Attacker,
    };
    let mut m = Markup::new();
    let mut shown = 0usize;
    for (k, c) in o.cycles.iter().enumerate() {
        m.el("section", &[class("round")], |m| {
            m.element(
                "h4",
                &[],
                &format!(
                    "Cycle {} — able to strike: attacker {}, defender {}",
                    k + 1,
                    c.able[0],
                    c.able[1]
                ),
            );
            m.el("table", &[class("log")], |m| {
                head(
                    m,
                    &["Striker", "Target", "A/(A+B)", "Chance", "Roll", "Effect"],
                );
                m.el("tbody", &[], |m| {
                    for h in &c.hits {
                        shown += 1;
                        if shown > MAX_SHOWN {
                            continue;
                        }
                        let target = match h.target {
                            Target::Figure { index } => figure(other(h.side), index),
                            Target::Structure => "the structure".into(),
                        };
                        let effect = match h.effect {
                            Effect::Missed => "misses".to_string(),
                            Effect::Killed { .. } => "kills".into(),
                            Effect::Spared { blessing } => {
                                format!("spared by its blessing ({blessing:.3})")
                            }
                            Effect::Wounded { wound, health } => {
                                format!("wounds −{wound} ({health} health left)")
                            }
                            Effect::NobleKilled { wound } => format!("kills the noble (−{wound})"),
                            Effect::Damaged {
                                points,
                                defense,
                                damage,
                                collapsed,
                            } => format!(
                                "structure −{points}: defense {defense}, damage {damage}%{}",
                                if collapsed { ", collapses" } else { "" }
                            ),
                        };
                        let row = if matches!(h.effect, Effect::Missed) {
                            "hit"
                        } else {
                            "hit landed"
                        };
                        m.el("tr", &[class(row)], |m| {
                            cell(m, &figure(h.side, h.hitter));
                            cell(m, &target);
                            cell(
                                m,
                                &format!(
                                    "{}/({}+{}){}",
                                    h.strike,
                                    h.strike,
                                    h.defense,
                                    if h.sheltered { " sheltered" } else { "" }
                                ),
                            );
                            num(m, &format!("{:.3}", h.chance));
                            num(m, &format!("{:.3}", h.roll));
                            cell(m, &effect);
                        });
                    }
                });
            });
            m.element(
                "p",
                &[class("standing")],
                &format!(
                    "Value now: attacker {:.1}, defender {:.1}",
                    c.value[0], c.value[1]
                ),
            );
        });
    }
    if shown > MAX_SHOWN {
        m.element(
            "p",
            &[class("fine")],
            &format!(
                "{} more strikes are in the engine log below.",
                shown - MAX_SHOWN
            ),
        );
    }
    let names = |ids: &[u64]| ids.iter().map(|&i| unit(i)).collect::<Vec<_>>().join(", ");
    let mut after = vec![format!(
        "{}. Attacker value {:.1} of {:.1} (breaks at {:.1}); defender {:.1} of {:.1} (breaks at {:.1}).",
        decision(o.decided),
        o.attacker.value_end,
        o.attacker.value_start,
        o.attacker.break_point,
        o.defender.value_end,
        o.defender.value_start,
        o.defender.break_point
    )];
    if let Some(p) = o.prisoner_chance {
        after.push(format!("Chance to take a prisoner: {p:.3}."));
    }
    if !o.prisoners.is_empty() {
        after.push(format!("Taken prisoner: {}.", names(&o.prisoners)));
    }
    if !o.fled.is_empty() {
        after.push(format!("Fled: {}.", names(&o.fled)));
    }
    if let Some(l) = &o.loot {
        let items: Vec<&str> = l.items.iter().map(|i| i.item.name.as_str()).collect();
        let men: Vec<String> = l
            .men
            .iter()
            .map(|m| format!("{} {}", m.count, kind(m.kind, m.count)))
            .collect();
        let taken: Vec<String> = items.into_iter().map(str::to_string).chain(men).collect();
        after.push(format!("Loot to {}: {}.", unit(l.to), taken.join(", ")));
    }
    for (label, f) in [("Attacker's", &o.attacker), ("Defender's", &o.defender)] {
        if let Some(s) = &f.structure {
            after.push(format!(
                "{label} {} ends at defense {}, damage {}%.",
                s.name, s.defense, s.damage
            ));
        }
    }
    after.push(format!(
        "The winner {} the position.",
        if o.winner_takes_position {
            "takes"
        } else {
            "does not take"
        }
    ));
    m.el("ul", &[class("events")], |m| items(m, after));
    m
}
