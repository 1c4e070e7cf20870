//! The Střet armád chronicle: every round of skirmish, battle and pursuit as a table of attacks
//! (dice, bonus, multiplier, shield, damage) and of morale tests, with each army's standing.

use engine::mass_battle::{MassBattleInput, MassOutcome, Phase, WeaponRef};
use leptos::prelude::*;

/// The outcome's log, round by round.
pub fn chronicle(input: &MassBattleInput, o: &MassOutcome) -> AnyView {
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
    let rounds = o
        .rounds
        .iter()
        .map(|r| {
            let phase = match r.phase {
                Phase::Skirmish => "Skirmish",
                Phase::Battle => "Battle",
                Phase::Pursuit => "Pursuit",
            };
            let attacks = r
                .attacks
                .iter()
                .map(|a| {
                    let weapon = match a.weapon {
                        WeaponRef::Melee => "melee",
                        WeaponRef::Missile => "missile",
                    };
                    let dice = if a.negated {
                        "negated by its light warhorse".to_string()
                    } else {
                        format!("{:?} {:+} ×{}", a.rolled, a.bonus, a.multiplier)
                    };
                    view! {
                        <tr class="hit">
                            <td>{name(a.attacker)}</td><td>{name(a.target)}</td><td>{weapon}</td>
                            <td>{dice}</td><td>{if a.shield { "halved" } else { "" }}</td>
                            <td class="n">{a.damage}</td>
                            <td>{if a.penalised.is_empty() { String::new() } else { format!("shaken: {}", list(&a.penalised)) }}</td>
                        </tr>
                    }
                })
                .collect_view();
            let morale = r
                .morale
                .iter()
                .map(|m| {
                    view! {
                        <li>{format!(
                            "Morale of {}: {} + {} − {} against {} + {}: {}",
                            name(m.unit), m.roll, m.morale, m.penalty, m.difficulty, m.increase,
                            if m.passed { "holds" } else { "breaks" }
                        )}</li>
                    }
                })
                .collect_view();
            let mut events = Vec::new();
            for (label, ids) in [
                ("Killed", &r.killed),
                ("Caught", &r.caught),
                ("Fled", &r.fled),
                ("Stopped pursuing", &r.stopped),
            ] {
                if !ids.is_empty() {
                    events.push(format!("{label}: {}", list(ids)));
                }
            }
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
            view! {
                <section class="round">
                    <h4>{format!("{phase} round {}", r.round)}</h4>
                    <table class="log">
                        <thead><tr><th>"Attacker"</th><th>"Target"</th><th>"Weapon"</th><th>"Dice"</th><th>"Shield"</th><th>"Damage"</th><th></th></tr></thead>
                        <tbody>{attacks}</tbody>
                    </table>
                    <ul class="events">{morale}{events.into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}</ul>
                    <p class="standing">{standing}</p>
                </section>
            }
        })
        .collect_view();
    view! {
        <p class="summary">{format!(
            "{} skirmish, {} battle and {} pursuit rounds; ended {:?}.",
            o.skirmish_rounds, o.battle_rounds, o.pursuit_rounds, o.end
        )}</p>
        {rounds}
    }
    .into_any()
}
