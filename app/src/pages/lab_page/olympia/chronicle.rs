//! The Olympia chronicle: every cycle's strikes (who struck whom, A/(A+B), the roll, what it did),
//! each force's value, the break, prisoners, loot and who holds the position.

use engine::olympia::{Effect, OlympiaInput, OlympiaOutcome, Target};
use engine::Side;
use leptos::prelude::*;

/// Strikes shown before the table is cut short (the plain text keeps them all).
const MAX_SHOWN: usize = 3_000;

/// The outcome's chronicle, cycle by cycle and strike by strike.
pub fn chronicle(input: &OlympiaInput, o: &OlympiaOutcome) -> AnyView {
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
                format!("{:?} #{i} of {}", f.figure.kind, unit(f.figure.unit))
            })
    };
    let other = |s: Side| match s {
        Side::Attacker => Side::Defender,
        Side::Defender => Side::Attacker,
    };
    let mut shown = 0usize;
    let cycles = o
        .cycles
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let rows = c
                .hits
                .iter()
                .filter(|_| {
                    shown += 1;
                    shown <= MAX_SHOWN
                })
                .map(|h| {
                    let target = match h.target {
                        Target::Figure { index } => figure(other(h.side), index),
                        Target::Structure => "the structure".into(),
                    };
                    let effect = match h.effect {
                        Effect::Missed => "misses".to_string(),
                        Effect::Killed { .. } => "kills".into(),
                        Effect::Spared { blessing } => format!("spared by its blessing ({blessing:.3})"),
                        Effect::Wounded { wound, health } => format!("wounds −{wound} ({health} health left)"),
                        Effect::NobleKilled { wound } => format!("kills the noble (−{wound})"),
                        Effect::Damaged { points, defense, damage, collapsed } => format!(
                            "structure −{points}: defense {defense}, damage {damage}%{}",
                            if collapsed { ", collapses" } else { "" }
                        ),
                    };
                    view! {
                        <tr class="hit" class:landed=!matches!(h.effect, Effect::Missed)>
                            <td>{figure(h.side, h.hitter)}</td><td>{target}</td>
                            <td>{format!("{}/({}+{}){}", h.strike, h.strike, h.defense, if h.sheltered { " sheltered" } else { "" })}</td>
                            <td class="n">{format!("{:.3}", h.chance)}</td><td class="n">{format!("{:.3}", h.roll)}</td>
                            <td>{effect}</td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <section class="round">
                    <h4>{format!("Cycle {} — able to strike: attacker {}, defender {}", k + 1, c.able[0], c.able[1])}</h4>
                    <table class="log">
                        <thead><tr><th>"Striker"</th><th>"Target"</th><th>"A/(A+B)"</th><th>"Chance"</th><th>"Roll"</th><th>"Effect"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                    <p class="standing">{format!("Value now: attacker {:.1}, defender {:.1}", c.value[0], c.value[1])}</p>
                </section>
            }
        })
        .collect_view();
    let cut = (shown > MAX_SHOWN).then(|| {
        view! { <p class="fine">{format!("{} more strikes are in the plain text.", shown - MAX_SHOWN)}</p> }
    });
    let names = |ids: &[u64]| ids.iter().map(|&i| unit(i)).collect::<Vec<_>>().join(", ");
    let mut after = vec![format!(
        "{:?}. Attacker value {:.1} of {:.1} (breaks at {:.1}); defender {:.1} of {:.1} (breaks at {:.1}).",
        o.decided,
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
            .map(|m| format!("{} {:?}", m.count, m.kind))
            .collect();
        after.push(format!(
            "Loot to {}: {} {}",
            unit(l.to),
            items.join(", "),
            men.join(", ")
        ));
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
    view! {
        {cycles}
        {cut}
        <ul class="events">{after.into_iter().map(|a| view! { <li>{a}</li> }).collect_view()}</ul>
    }
    .into_any()
}
