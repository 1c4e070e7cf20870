//! The Warfare chronicle: the roll-offs that ordered tied conflicts, then every conflict in the
//! order fought with each roll (both sides' dice and successes, the net, the table's result, the
//! losses and the Might left), how it ended, and every army's fate.

use crate::markup::phrases::{capital, conflict_status, dice, disposition, party};
use crate::markup::table::{cell, head, num};
use crate::markup::{class, Markup};
use engine::warfare::{ConflictKind, Ending, RollOff, WarfareInput, WarfareOutcome};

/// The outcome's chronicle, conflict by conflict and roll by roll, as markup for `inner_html`
/// (display only: one string costs far less wasm than a view per row).
pub fn chronicle(input: &WarfareInput, o: &WarfareOutcome) -> Markup {
    let army = |id: u64| {
        input
            .armies
            .iter()
            .find(|a| a.id == id)
            .map_or(format!("army {id}"), |a| a.name.clone())
    };
    let armies = |ids: &[u64]| ids.iter().map(|&i| army(i)).collect::<Vec<_>>().join(", ");
    let realm = |id: u64| {
        input
            .realms
            .iter()
            .find(|r| r.id == id)
            .map_or(format!("realm {id}"), |r| r.name.clone())
    };
    let conflict = |id: u64| {
        input
            .conflicts
            .iter()
            .find(|c| c.id == id)
            .map_or(format!("conflict {id}"), |c| c.name.clone())
    };
    let roll_off = |r: &RollOff| {
        let rolls: Vec<String> = r
            .rounds
            .iter()
            .flatten()
            .map(|x| {
                format!(
                    "{} rolls {} ({})",
                    realm(x.realm),
                    dice(&x.dice),
                    x.successes
                )
            })
            .collect();
        let ranking: Vec<String> = r.ranking.iter().map(|&id| realm(id)).collect();
        format!(
            "Roll-off: {}; order {}",
            rolls.join(", "),
            ranking.join(" then ")
        )
    };
    let mut m = Markup::new();
    m.el("ul", &[class("events")], |m| {
        for t in &o.order_ties {
            let names: Vec<String> = t.conflicts.iter().map(|&c| conflict(c)).collect();
            m.element(
                "li",
                &[],
                &format!("{} tied — {}", names.join(", "), roll_off(&t.roll_off)),
            );
        }
    });
    for c in &o.conflicts {
        let kind = match c.kind {
            ConflictKind::Battle => "Battle",
            ConflictKind::Siege => "Siege",
        };
        m.el("section", &[class("round")], |m| {
            m.element(
                "h4",
                &[],
                &format!(
                    "{kind} — {}: {}",
                    conflict(c.conflict),
                    conflict_status(c.status)
                ),
            );
            if !c.absent.is_empty() {
                m.element(
                    "p",
                    &[class("fine")],
                    &format!("Gone before it was fought: {}", armies(&c.absent)),
                );
            }
            for e in &c.engagements {
                m.element(
                    "p",
                    &[class("engagement")],
                    &format!(
                        "A: {} (Might {}) against B: {} (Might {})",
                        armies(&e.a),
                        e.might_start[0],
                        armies(&e.b),
                        e.might_start[1]
                    ),
                );
                if let Some(p) = &e.pairing {
                    m.element("p", &[class("fine")], &format!("Pairing — {}", roll_off(p)));
                }
                m.el("table", &[class("log")], |m| {
                    head(
                        m,
                        &[
                            "Roll",
                            "A dice",
                            "A",
                            "B dice",
                            "B",
                            "Net",
                            "Result",
                            "Loser",
                            "Losses",
                            "Might A–B",
                        ],
                    );
                    m.el("tbody", &[], |m| {
                        for (n, r) in e.rolls.iter().enumerate() {
                            let losses: Vec<String> = r
                                .losses
                                .iter()
                                .map(|l| format!("{} −{}", army(l.army), l.points))
                                .collect();
                            m.el("tr", &[class("hit")], |m| {
                                num(m, &(n + 1).to_string());
                                cell(m, &dice(&r.dice_a));
                                num(m, &r.succ_a.to_string());
                                cell(m, &dice(&r.dice_b));
                                num(m, &r.succ_b.to_string());
                                num(m, &r.net.to_string());
                                cell(m, r.result.name());
                                cell(m, r.loser.map_or("", party));
                                cell(m, &losses.join(", "));
                                cell(m, &format!("{}–{}", r.might_after[0], r.might_after[1]));
                            });
                        }
                    });
                });
                let ending = match e.ending {
                    Ending::Result { result, loser } => {
                        format!("{} ends it; side {} loses.", result.name(), party(loser))
                    }
                    Ending::Exhausted { party: p } => {
                        format!("Side {} is at Might 0 and ceases to exist.", party(p))
                    }
                    Ending::Stalemate => "Stalemate: both sides stay.".into(),
                };
                m.element("p", &[class("standing")], &ending);
            }
        });
    }
    m.element("h4", &[], "After the phase");
    m.el("table", &[class("log fates")], |m| {
        head(m, &["Army", "Might before", "after", "Disposition"]);
        m.el("tbody", &[], |m| {
            for r in &o.armies {
                m.el("tr", &[], |m| {
                    cell(m, &army(r.army));
                    num(m, &r.might_start.to_string());
                    num(m, &r.might_end.to_string());
                    cell(m, &capital(disposition(r.disposition)));
                });
            }
        });
    });
    m
}
