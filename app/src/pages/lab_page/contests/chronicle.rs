//! The Book of Contests chronicle: one table row per hit (who, which action, against whom, the
//! rolls with their SL, the damage through armor, the status, the target's HP), the end-of-round
//! effects, and the ending with its winner.

use engine::contests::{ContestEnd, ContestInput, ContestOutcome, FighterRef, RollLog, Team};
use leptos::prelude::*;

fn team_no(t: Team) -> u8 {
    match t {
        Team::One => 1,
        Team::Two => 2,
    }
}

fn roll(r: &RollLog) -> String {
    let mut s = format!("{} {}: rolled {}", r.stat.label(), r.value, r.roll);
    if r.used != r.roll {
        s += &format!(" → {}", r.used);
    }
    if r.advantage + r.disadvantage > 0 {
        s += &format!(" (adv {}, dis {})", r.advantage, r.disadvantage);
    }
    if r.reach_bonus {
        s += " +reach";
    }
    s + &format!(", SL {}", r.sl)
}

/// The outcome's chronicle, round by round and hit by hit.
pub fn chronicle(input: &ContestInput, o: &ContestOutcome) -> AnyView {
    let name = |who: FighterRef| {
        let n = input.sheet(who).map_or("?", |s| s.name.as_str());
        format!("{n} [{}.{}]", team_no(who.team), who.index + 1)
    };
    let rounds = o
        .log
        .iter()
        .map(|r| {
            let mut rows = Vec::new();
            for t in &r.turns {
                let Some(k) = t.action else {
                    rows.push(view! { <tr><td>{name(t.actor)}</td><td colspan="7">"passes"</td></tr> }.into_any());
                    continue;
                };
                let action = input
                    .sheet(t.actor)
                    .and_then(|s| s.actions.get(k))
                    .map_or("?".to_string(), |a| a.name.clone());
                for h in &t.hits {
                    let mut rolls = Vec::new();
                    if let Some(x) = &h.test {
                        rolls.push(format!("test {}", roll(x)));
                    }
                    if let (Some(a), Some(d)) = (&h.attack, &h.defence) {
                        rolls.push(format!("{} vs {}", roll(a), roll(d)));
                    }
                    let damage = h.damage.as_ref().map_or(String::new(), |d| {
                        format!(
                            "{:?} {:+} {:+}SL {:+}stat = {} − armor {} → {}",
                            d.dice, d.flat, d.sl, d.stat, d.total, d.armor, d.dealt
                        )
                    });
                    let mut status = h.status.map_or(String::new(), |s| format!("{s:?}"));
                    if h.stunned_out {
                        status += " stunned out";
                    }
                    rows.push(
                        view! {
                            <tr class="hit" class:landed=h.landed>
                                <td>{name(t.actor)}</td><td>{action.clone()}</td><td>{name(h.target)}</td>
                                <td>{rolls.join("; ")}</td><td>{if h.landed { "hits" } else { "misses" }}</td>
                                <td>{damage}</td><td>{status}</td><td class="n">{h.target_hp}</td>
                            </tr>
                        }
                        .into_any(),
                    );
                }
            }
            let upkeep = r
                .upkeep
                .iter()
                .map(|u| {
                    let mut s = format!("End of round, {}:", name(u.who));
                    if u.poisoned > 0 {
                        s += &format!(" poison {}", u.poisoned);
                    }
                    if u.bleeding > 0 {
                        s += &format!(" bleeding {}", u.bleeding);
                    }
                    if let Some(d) = u.ablaze_roll {
                        s += &format!(" fire d10={d} → {}", u.ablaze);
                    }
                    if let Some(t) = &u.toughness {
                        s += &format!(" toughness {} removes {}", roll(&t.roll), t.removed);
                        if t.fatigued {
                            s += ", fatigued";
                        }
                    }
                    view! { <li>{format!("{s} ({} HP)", u.hp)}</li> }
                })
                .collect_view();
            view! {
                <section class="round">
                    <h4>{format!("Round {}", r.round)}</h4>
                    <table class="log">
                        <thead><tr><th>"Attacker"</th><th>"Action"</th><th>"Target"</th><th>"Rolls"</th><th></th>
                            <th>"Damage"</th><th>"Status"</th><th>"HP"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                    <ul class="events">{upkeep}</ul>
                </section>
            }
        })
        .collect_view();
    let end = match (o.end, o.winner) {
        (ContestEnd::Won, Some(t)) => {
            format!("Team {} wins after {} rounds.", team_no(t), o.rounds)
        }
        (ContestEnd::BothFell, _) => format!("Both teams fell in round {}: a draw.", o.rounds),
        _ => format!("The round limit of {} passed: a draw.", o.rounds),
    };
    view! { {rounds}<p class="chronicle-end">{end}</p> }.into_any()
}
