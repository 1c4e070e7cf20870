//! The Warfare chronicle: the roll-offs that ordered tied conflicts, then every conflict in the
//! order fought with each roll (both sides' dice and successes, the net, the table's result, the
//! losses and the Might left), how it ended, and every army's fate.

use engine::warfare::{ConflictKind, Ending, RollOff, WarfareInput, WarfareOutcome};
use leptos::prelude::*;

/// The outcome's chronicle, conflict by conflict and roll by roll.
pub fn chronicle(input: &WarfareInput, o: &WarfareOutcome) -> AnyView {
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
    let ties = o
        .order_ties
        .iter()
        .map(|t| {
            let names: Vec<String> = t.conflicts.iter().map(|&c| conflict(c)).collect();
            view! { <li>{format!("{} tied — {}", names.join(", "), roll_off(&t.roll_off))}</li> }
        })
        .collect_view();
    let conflicts = o
        .conflicts
        .iter()
        .map(|c| {
            let kind = match c.kind {
                ConflictKind::Battle => "Battle",
                ConflictKind::Siege => "Siege",
            };
            let engagements = c
                .engagements
                .iter()
                .map(|e| {
                    let rolls = e
                        .rolls
                        .iter()
                        .enumerate()
                        .map(|(n, r)| {
                            let losses: Vec<String> = r
                                .losses
                                .iter()
                                .map(|l| format!("{} −{}", army(l.army), l.points))
                                .collect();
                            view! {
                                <tr class="hit">
                                    <td class="n">{n + 1}</td>
                                    <td>{format!("{:?}", r.dice_a)}</td><td class="n">{r.succ_a}</td>
                                    <td>{format!("{:?}", r.dice_b)}</td><td class="n">{r.succ_b}</td>
                                    <td class="n">{r.net}</td><td>{r.result.name()}</td>
                                    <td>{r.loser.map_or(String::new(), |p| format!("{p:?}"))}</td>
                                    <td>{losses.join(", ")}</td>
                                    <td>{format!("{}–{}", r.might_after[0], r.might_after[1])}</td>
                                </tr>
                            }
                        })
                        .collect_view();
                    let ending = match e.ending {
                        Ending::Result { result, loser } => format!("{} ends it; side {loser:?} loses.", result.name()),
                        Ending::Exhausted { party } => format!("Side {party:?} is at Might 0 and ceases to exist."),
                        Ending::Stalemate => "Stalemate: both sides stay.".into(),
                    };
                    view! {
                        <p class="engagement">{format!("A: {} (Might {}) against B: {} (Might {})",
                            armies(&e.a), e.might_start[0], armies(&e.b), e.might_start[1])}</p>
                        {e.pairing.as_ref().map(|p| view! { <p class="fine">{format!("Pairing — {}", roll_off(p))}</p> })}
                        <table class="log">
                            <thead><tr><th>"Roll"</th><th>"A dice"</th><th>"A"</th><th>"B dice"</th><th>"B"</th>
                                <th>"Net"</th><th>"Result"</th><th>"Loser"</th><th>"Losses"</th><th>"Might A–B"</th></tr></thead>
                            <tbody>{rolls}</tbody>
                        </table>
                        <p class="standing">{ending}</p>
                    }
                })
                .collect_view();
            let absent = (!c.absent.is_empty())
                .then(|| view! { <p class="fine">{format!("Gone before it was fought: {}", armies(&c.absent))}</p> });
            view! {
                <section class="round">
                    <h4>{format!("{kind} — {}: {:?}", conflict(c.conflict), c.status)}</h4>
                    {absent}
                    {engagements}
                </section>
            }
        })
        .collect_view();
    let fates = o
        .armies
        .iter()
        .map(|r| {
            view! {
                <tr><td>{army(r.army)}</td><td class="n">{r.might_start}</td><td class="n">{r.might_end}</td>
                    <td>{format!("{:?}", r.disposition)}</td></tr>
            }
        })
        .collect_view();
    view! {
        <ul class="events">{ties}</ul>
        {conflicts}
        <h4>"After the phase"</h4>
        <table class="log fates">
            <thead><tr><th>"Army"</th><th>"Might before"</th><th>"after"</th><th>"Disposition"</th></tr></thead>
            <tbody>{fates}</tbody>
        </table>
    }
    .into_any()
}
