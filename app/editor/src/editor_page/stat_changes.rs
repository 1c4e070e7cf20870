//! A list of photos whose derived stats moved, each stat and the Power from → to: what the Armory's
//! push-down and the Toolbox's recalculation report.

use app::store::use_realm_store;
use engine::PhotoChange;
use leptos::prelude::*;

/// A number as the report prints it; blank is "—".
fn num(v: Option<f64>) -> String {
    v.map_or("—".into(), |x| format!("{}", (x * 100.0).round() / 100.0))
}

/// The changes, one row per photo, with its faction's name.
#[component]
pub fn ChangeList(changes: Vec<PhotoChange>) -> impl IntoView {
    let store = use_realm_store();
    let faction_name = move |id: u64| {
        store.realm.with_untracked(|r| {
            r.as_deref()
                .and_then(|r| r.faction(id))
                .map_or_else(|| format!("faction {id}"), |f| f.name.clone())
        })
    };
    (!changes.is_empty()).then(|| {
        view! {
            <table class="stat-changes">
                <thead><tr><th>"Photo"</th><th>"Faction"</th><th>"Stats"</th><th>"Power"</th></tr></thead>
                <tbody>
                    {changes.into_iter().map(|c| {
                        let moves = c.moves.iter()
                            .map(|m| format!("{} {} → {}", m.stat, num(m.from), num(m.to)))
                            .collect::<Vec<_>>()
                            .join("; ");
                        view! {
                            <tr class="stat-change" data-photo=c.photo data-faction=c.faction
                                data-power-from=format!("{:.6}", c.power_from) data-power-to=format!("{:.6}", c.power_to)>
                                <td>{c.name.clone()}</td>
                                <td>{faction_name(c.faction)}</td>
                                <td class="moves">{moves}</td>
                                <td class="power">{format!("{:.1} → {:.1}", c.power_from, c.power_to)}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        }
    })
}
