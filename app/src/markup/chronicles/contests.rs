//! The Book of Contests chronicle: one table row per hit (who, which action, against whom, the
//! rolls with their SL, the damage through armor, the status, the target's HP), the end-of-round
//! effects, and the ending with its winner.

use crate::markup::phrases::dice;
use crate::markup::table::{cell, head, items, num};
use crate::markup::{class, Markup};
use engine::contests::{ContestEnd, ContestInput, ContestOutcome, FighterRef, RollLog, Team};

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

/// The outcome's chronicle, round by round and hit by hit, as markup for `inner_html`.
pub fn chronicle(input: &ContestInput, o: &ContestOutcome) -> Markup {
    let name = |who: FighterRef| {
        let n = input.sheet(who).map_or("?", |s| s.name.as_str());
        format!("{n} [{}.{}]", team_no(who.team), who.index + 1)
    };
    let mut m = Markup::new();
    for r in &o.log {
        m.el("section", &[class("round")], |m| {
            m.element("h4", &[], &format!("Round {}", r.round));
            m.el("table", &[class("log")], |m| {
                head(
                    m,
                    &[
                        "Attacker", "Action", "Target", "Rolls", "", "Damage", "Status", "HP",
                    ],
                );
                m.el("tbody", &[], |m| {
                    for t in &r.turns {
                        let Some(k) = t.action else {
                            m.el("tr", &[], |m| {
                                cell(m, &name(t.actor));
                                m.element("td", &[("colspan", Some("7"))], "passes");
                            });
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
                                    "{} {:+} {:+}SL {:+}stat = {} − armor {} → {}",
                                    dice(&d.dice),
                                    d.flat,
                                    d.sl,
                                    d.stat,
                                    d.total,
                                    d.armor,
                                    d.dealt
                                )
                            });
                            let mut status = h.status.map_or(String::new(), |s| format!("{s:?}"));
                            if h.stunned_out {
                                status += " stunned out";
                            }
                            let row = if h.landed { "hit landed" } else { "hit" };
                            m.el("tr", &[class(row)], |m| {
                                cell(m, &name(t.actor));
                                cell(m, &action);
                                cell(m, &name(h.target));
                                cell(m, &rolls.join("; "));
                                cell(m, if h.landed { "hits" } else { "misses" });
                                cell(m, &damage);
                                cell(m, &status);
                                num(m, &h.target_hp.to_string());
                            });
                        }
                    }
                });
            });
            m.el("ul", &[class("events")], |m| {
                items(
                    m,
                    r.upkeep.iter().map(|u| {
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
                        format!("{s} ({} HP)", u.hp)
                    }),
                );
            });
        });
    }
    let end = match (o.end, o.winner) {
        (ContestEnd::Won, Some(t)) => {
            format!("Team {} wins after {} rounds.", team_no(t), o.rounds)
        }
        (ContestEnd::BothFell, _) => format!("Both teams fell in round {}: a draw.", o.rounds),
        _ => format!("The round limit of {} passed: a draw.", o.rounds),
    };
    m.element("p", &[class("chronicle-end")], &end);
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::contests as bc;
    use engine::SplitMix64;

    #[test]
    fn the_chronicle_escapes_names_and_marks_the_hits_that_landed() {
        let mut input = bc::example();
        for s in input.team1.iter_mut().chain(input.team2.iter_mut()) {
            s.name = "<b>\"Hostile\" & 'co'</b>".to_string();
        }
        let o = bc::resolve(&input, &mut SplitMix64::new(input.seed));
        let html = chronicle(&input, &o).finish();
        assert!(!html.contains("<b>"), "a name became markup");
        assert!(html.contains("&lt;b&gt;&quot;Hostile&quot; &amp; &#39;co&#39;&lt;/b&gt; [1.1]"));
        assert!(html
            .starts_with("<section class=\"round\"><h4>Round 1</h4><table class=\"log\"><thead>"));
        let landed = o
            .log
            .iter()
            .flat_map(|r| &r.turns)
            .flat_map(|t| &t.hits)
            .filter(|h| h.landed)
            .count();
        assert_eq!(html.matches("<tr class=\"hit landed\">").count(), landed);
        // The lab's e2e test reads the ending from `.chronicle-end`.
        assert!(html.ends_with("</p>"));
        assert!(html.contains("<p class=\"chronicle-end\">"));
    }
}
