//! The Warfare chronicle: the roll-offs that ordered tied conflicts, then every conflict in the
//! order fought with each roll (both sides' dice and successes, the net, the table's result, the
//! losses and the Might left), how it ended, and every army's fate.

use crate::markup::Markup;
use crate::markup_table::{cell, head, num};
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
            .map(|x| format!("{} rolls {:?} ({})", realm(x.realm), x.dice, x.successes))
            .collect();
        let ranking: Vec<String> = r.ranking.iter().map(|&id| realm(id)).collect();
        format!(
            "Roll-off: {}; order {}",
            rolls.join(", "),
            ranking.join(" then ")
        )
    };
    let mut m = Markup::new();
    m.open("ul", &[("class", Some("events"))]);
    for t in &o.order_ties {
        let names: Vec<String> = t.conflicts.iter().map(|&c| conflict(c)).collect();
        m.element(
            "li",
            &[],
            &format!("{} tied — {}", names.join(", "), roll_off(&t.roll_off)),
        );
    }
    m.close("ul");
    for c in &o.conflicts {
        let kind = match c.kind {
            ConflictKind::Battle => "Battle",
            ConflictKind::Siege => "Siege",
        };
        m.open("section", &[("class", Some("round"))]).element(
            "h4",
            &[],
            &format!("{kind} — {}: {:?}", conflict(c.conflict), c.status),
        );
        if !c.absent.is_empty() {
            m.element(
                "p",
                &[("class", Some("fine"))],
                &format!("Gone before it was fought: {}", armies(&c.absent)),
            );
        }
        for e in &c.engagements {
            m.element(
                "p",
                &[("class", Some("engagement"))],
                &format!(
                    "A: {} (Might {}) against B: {} (Might {})",
                    armies(&e.a),
                    e.might_start[0],
                    armies(&e.b),
                    e.might_start[1]
                ),
            );
            if let Some(p) = &e.pairing {
                m.element(
                    "p",
                    &[("class", Some("fine"))],
                    &format!("Pairing — {}", roll_off(p)),
                );
            }
            m.open("table", &[("class", Some("log"))]);
            head(
                &mut m,
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
            m.open("tbody", &[]);
            for (n, r) in e.rolls.iter().enumerate() {
                let losses: Vec<String> = r
                    .losses
                    .iter()
                    .map(|l| format!("{} −{}", army(l.army), l.points))
                    .collect();
                m.open("tr", &[("class", Some("hit"))]);
                num(&mut m, &(n + 1).to_string());
                cell(&mut m, &format!("{:?}", r.dice_a));
                num(&mut m, &r.succ_a.to_string());
                cell(&mut m, &format!("{:?}", r.dice_b));
                num(&mut m, &r.succ_b.to_string());
                num(&mut m, &r.net.to_string());
                cell(&mut m, r.result.name());
                cell(&mut m, &r.loser.map_or(String::new(), |p| format!("{p:?}")));
                cell(&mut m, &losses.join(", "));
                cell(
                    &mut m,
                    &format!("{}–{}", r.might_after[0], r.might_after[1]),
                );
                m.close("tr");
            }
            m.close("tbody").close("table");
            let ending = match e.ending {
                Ending::Result { result, loser } => {
                    format!("{} ends it; side {loser:?} loses.", result.name())
                }
                Ending::Exhausted { party } => {
                    format!("Side {party:?} is at Might 0 and ceases to exist.")
                }
                Ending::Stalemate => "Stalemate: both sides stay.".into(),
            };
            m.element("p", &[("class", Some("standing"))], &ending);
        }
        m.close("section");
    }
    m.element("h4", &[], "After the phase");
    m.open("table", &[("class", Some("log fates"))]);
    head(&mut m, &["Army", "Might before", "after", "Disposition"]);
    m.open("tbody", &[]);
    for r in &o.armies {
        m.open("tr", &[]);
        cell(&mut m, &army(r.army));
        num(&mut m, &r.might_start.to_string());
        num(&mut m, &r.might_end.to_string());
        cell(&mut m, &format!("{:?}", r.disposition));
        m.close("tr");
    }
    m.close("tbody").close("table");
    m
}
