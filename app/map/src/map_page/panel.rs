//! Beside and below the map: the layer toggles, what the pointer is over, notices, and the
//! march breakdown of the route on screen.

use super::state::{MapState, Preview};
use app::markup::{class, Markup};
use app::store::use_realm_store;
use engine::{cell_index, entry_cost, march_totals, BattleSystem, FactionRef, Realm};
use leptos::prelude::*;
use std::sync::Arc;

/// The row of switches above the map: the territory layer, whose crossing costs the hover line
/// prices, and the battle system a drop will fight under (chosen before the drop, as well as on
/// the set-up screen after it).
#[component]
pub fn LayerToggles() -> impl IntoView {
    let state = expect_context::<MapState>();
    // The ordinary factions with a marker: the ones that can march.
    let armies = move || {
        state.shown.with(|r| {
            r.as_ref().map_or_else(Vec::new, |r| {
                r.factions
                    .iter()
                    .filter(|f| f.kind == engine::FactionKind::Ordinary && f.marker.is_some())
                    .map(|f| (f.id, f.name.clone()))
                    .collect::<Vec<_>>()
            })
        })
    };
    let selected = move || {
        state
            .selected
            .get()
            .map_or_else(String::new, |id| id.to_string())
    };
    view! {
        <div class="layer-toggles" role="group" aria-label="Map layers">
            <label>
                <input
                    type="checkbox"
                    prop:checked=move || state.show_territory.get()
                    on:change=move |ev| state.show_territory.set(event_target_checked(&ev))
                />
                " Territory"
            </label>
            <label>
                "Crossing costs for "
                <select
                    class="crossing-army"
                    prop:value=selected
                    on:change=move |ev| state.selected.set(event_target_value(&ev).parse().ok())
                >
                    <option value="">"— pick an army —"</option>
                    {move || armies().into_iter().map(|(id, name)| view! {
                        <option value=id.to_string() selected=move || state.selected.get() == Some(id)>{name}</option>
                    }).collect_view()}
                </select>
            </label>
            <label>
                "Battle system "
                <select
                    class="system-pick"
                    prop:value=move || state.system.get().name()
                    on:change=move |ev| {
                        if let Some(sys) = BattleSystem::from_name(&event_target_value(&ev)) {
                            state.system.set(sys);
                        }
                    }
                >
                    {BattleSystem::ALL.into_iter().map(|sys| view! {
                        <option value=sys.name() selected=move || state.system.get() == sys>{sys.title()}</option>
                    }).collect_view()}
                </select>
            </label>
        </div>
    }
}

/// One line about the square under the pointer: its ground, its holder, and what stepping onto it
/// costs the army carried, or when none is, the army last picked up or chosen above the map.
#[component]
pub fn HoverInfo() -> impl IntoView {
    let state = expect_context::<MapState>();
    let text = move || {
        let (x, y) = state.hover.get()?;
        let drag = state.drag.get();
        let owners = state.owners.get()?;
        state.shown.with(|r| {
            let r = r.as_deref()?;
            if x >= r.map.width || y >= r.map.height {
                return None;
            }
            let cell = cell_index(x, y, r.map.width);
            let ground = r.map.get(x, y).name();
            let holder = owners
                .owner(cell)
                .and_then(|h| r.faction(h.id))
                .map_or_else(
                    || "unclaimed".to_string(),
                    |f| format!("held by {}", f.name),
                );
            let mut line = format!("{ground} at ({x}, {y}) · {holder}");
            let army = drag
                .map(|d| (d.attacker, d.target))
                .or_else(|| state.selected.get().map(|id| (id, None)));
            if let Some((attacker, target)) = army {
                line.push_str(&crossing_text(r, &owners, cell, attacker, target));
            }
            Some(line)
        })
    };
    view! {
        // Not a live region: it changes with every move of the pointer (`Announcer` speaks).
        <p class="hover-info">
            {move || text().unwrap_or_else(|| "Point at the map to see the ground; drag a marker onto another to march.".into())}
        </p>
    }
}

fn crossing_text(
    r: &Realm,
    owners: &engine::OwnerGrid,
    cell: usize,
    attacker: u64,
    target: Option<u64>,
) -> String {
    let side = |id: u64| r.faction(id).and_then(|f| FactionRef::of(f, &r.map));
    let Some(a) = side(attacker) else {
        return String::new();
    };
    let d = target.and_then(side);
    let totals = march_totals(r, attacker);
    let (m, cost) = entry_cost(&r.map, owners, cell, &a, d.as_ref(), &totals);
    let name = r.faction(attacker).map_or("", |f| f.name.as_str());
    format!(
        " · for {name}: ×{m} crossing, {:.2}% a square",
        cost * 100.0
    )
}

/// Why the last action did nothing.
#[component]
pub fn Notice() -> impl IntoView {
    let state = expect_context::<MapState>();
    view! {
        <Show when=move || state.notice.with(Option::is_some)>
            <p class="notice" role="status">{move || state.notice.get().unwrap_or_default()}</p>
        </Show>
    }
}

/// While a marker hovers a target, the attacker's chance under the chosen system, computed in the
/// browser in chunks (the full set-up screen takes over once the marker is let go).
#[component]
pub fn HoverOdds() -> impl IntoView {
    let store = use_realm_store();
    let state = expect_context::<MapState>();
    let odds = state.hover_odds;
    let generation = StoredValue::new(0u64);
    let pair = Memo::new(move |_| {
        state.preview.with(|p| {
            p.as_ref()
                .filter(|p| !p.settled)
                .map(|p| (p.attacker, p.defender))
        })
    });
    Effect::new(move |_| {
        let system = state.system.get();
        let Some((a, d)) = pair.get() else {
            // Stop any run in progress.
            generation.set_value(generation.get_value() + 1);
            odds.set(None);
            return;
        };
        let Some(realm) = store.realm.get_untracked() else {
            return;
        };
        if !super::battle::quick_odds(system) {
            // Too slow to follow a drag: the set-up screen runs them once the marker is let go.
            generation.set_value(generation.get_value() + 1);
            odds.set(None);
            return;
        }
        match engine::setup(&realm, a, d, &mut engine::SplitMix64::new(0)) {
            Ok(s) => super::battle::run_odds(Arc::new(s), system, odds, generation),
            Err(e) => state.notice.set(Some(e.to_string())),
        }
    });
    view! {
        <Show when=move || pair.get().is_some()>
            <div class="hover-odds">
                {move || (!super::battle::quick_odds(state.system.get())).then(|| view! {
                    <p class="fine odds-later">{format!(
                        "Odds while dragging are for Version 1 and 2 only; under {} they are run on the set-up screen when you let go.",
                        state.system.get().title()
                    )}</p>
                })}
                <super::battle::OddsView odds=odds system=state.system />
            </div>
        </Show>
    }
}

/// Says what a carried marker is aimed at, for a screen reader: the target, the march and, once
/// its run is complete, the odds — polite, and only when the sentence changes (the odds are left
/// out until the run ends, so it never speaks on every chunk).
#[component]
pub fn Announcer() -> impl IntoView {
    let state = expect_context::<MapState>();
    let text = Memo::new(move |_| {
        state.drag.with(Option::is_some).then_some(())?;
        let p = state.preview.get().filter(|p| !p.settled)?;
        let odds = state
            .hover_odds
            .get()
            .filter(|o| o.runs >= super::battle::odds_budget(state.system.get_untracked()).0);
        state.shown.with(|r| {
            let r = r.as_deref()?;
            let name = |id: u64| r.faction(id).map_or_else(String::new, |f| f.name.clone());
            Some(aim_sentence(
                &name(p.attacker),
                &name(p.defender),
                &p,
                odds.as_ref(),
            ))
        })
    });
    view! {
        <p class="visually-hidden map-announce" aria-live="polite">{move || text.get().unwrap_or_default()}</p>
    }
}

/// "Aldermere on Ironhold: 23.4 squares, march penalty 17.3%. Attacker wins 64.2%."
fn aim_sentence(
    attacker: &str,
    defender: &str,
    p: &Preview,
    odds: Option<&engine::Odds>,
) -> String {
    let b = &p.breakdown;
    let mut s = format!(
        "{attacker} on {defender}: {:.1} squares, march penalty {}.",
        b.route_length,
        pct(b.march_penalty)
    );
    if let Some(o) = odds {
        s.push_str(&format!(" Attacker wins {}.", pct(o.p_attacker)));
    }
    s
}

/// The march on screen, part by part.
#[component]
pub fn MarchPanel() -> impl IntoView {
    let store = use_realm_store();
    let state = expect_context::<MapState>();
    move || {
        let p = state.preview.get()?;
        let realm = store.realm.get()?;
        let name = |id: u64| {
            realm
                .faction(id)
                .map_or_else(|| format!("#{id}"), |f| f.name.clone())
        };
        let (attacker, defender) = (name(p.attacker), name(p.defender));
        let html = march_markup(&p, &attacker, &defender, &realm).finish();
        Some(view! {
            <section
                class="march-panel"
                data-settled=p.settled.to_string()
                data-route-ms=format!("{:.3}", p.millis)
                inner_html=html
            ></section>
        })
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The inside of `section.march-panel`: the route's breakdown only shows things, so it is written
/// as one markup string (see [`app::markup`]).
fn march_markup(p: &Preview, attacker: &str, defender: &str, realm: &Realm) -> Markup {
    let b = &p.breakdown;
    let mut m = Markup::new();
    m.el("h2", &[], |m| {
        if p.settled {
            m.fmt(format_args!("{attacker} marches on {defender}"));
        } else {
            m.fmt(format_args!("{attacker} → {defender}?"));
        }
    });
    m.el("dl", &[], |m| {
        m.element("dt", &[], "Route")
            .el("dd", &[], |m| {
                m.fmt(format_args!(
                    "{:.1} squares ({:.1} straight){}",
                    b.route_length,
                    b.straight_length,
                    if b.detour { " — a detour" } else { "" }
                ));
            })
            .element("dt", &[], "Distance penalty")
            .element("dd", &[], &pct(b.distance_penalty))
            .element("dt", &[], "Terrain toll")
            .element("dd", &[], &pct(b.terrain_toll))
            .element("dt", &[], "March penalty")
            .element("dd", &[class("march-penalty")], &pct(b.march_penalty));
    });
    m.element("h3", &[], "Ground").el("ul", &[], |m| {
        for (t, leg) in &b.toll_by_terrain {
            m.el("li", &[], |m| {
                m.fmt(format_args!(
                    "{}: {:.1} squares, toll {}",
                    t.name(),
                    leg.length,
                    pct(leg.toll)
                ));
            });
        }
    });
    m.element("h3", &[], "Land crossed").el("ul", &[], |m| {
        for c in &b.territories_crossed {
            let who = realm
                .faction(c.faction_id)
                .map_or_else(|| format!("#{}", c.faction_id), |f| f.name.clone());
            m.el("li", &[], |m| {
                m.fmt(format_args!(
                    "{who}: ×{} for {:.1} squares, surcharge {}",
                    c.multiplier,
                    c.length,
                    pct(c.surcharge)
                ));
            });
        }
    });
    m.el("p", &[class("fine")], |m| {
        m.fmt(format_args!(
            "Route found in {:.1} ms in this browser.",
            p.millis
        ));
    });
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Crossing, MarchBreakdown, Terrain, TerrainLeg};

    fn preview(realm: &Realm, settled: bool) -> Preview {
        let (a, b) = (realm.factions[0].id, realm.factions[1].id);
        Preview {
            attacker: a,
            defender: b,
            points: vec![],
            breakdown: MarchBreakdown {
                route_length: 12.34,
                straight_length: 9.0,
                detour: true,
                distance_fraction: 0.1,
                distance_penalty: 0.1234,
                terrain_toll: 0.05,
                toll_by_terrain: [(
                    Terrain::Forest,
                    TerrainLeg {
                        length: 3.3,
                        toll: 0.02,
                    },
                )]
                .into(),
                territories_crossed: vec![Crossing {
                    faction_id: b,
                    multiplier: 1.5,
                    length: 2.0,
                    surcharge: 0.011,
                }],
                march_penalty: 0.1734,
            },
            millis: 4.56,
            settled,
        }
    }

    #[test]
    fn the_march_breakdown_reads_as_before_and_names_stay_text() {
        let mut realm = engine::demo_realm();
        realm.factions[1].name = "<i>Ivy</i> & co".into();
        let p = preview(&realm, true);
        let m = march_markup(&p, "Red", "<i>Ivy</i> & co", &realm).finish();
        assert!(
            m.starts_with("<h2>Red marches on &lt;i&gt;Ivy&lt;/i&gt; &amp; co</h2>"),
            "{m}"
        );
        assert!(
            m.contains("<dd>12.3 squares (9.0 straight) — a detour</dd>"),
            "{m}"
        );
        assert!(m.contains(r#"<dt>March penalty</dt><dd class="march-penalty">17.3%</dd>"#));
        assert!(
            m.contains("<h3>Ground</h3><ul><li>Forest: 3.3 squares, toll 2.0%</li></ul>"),
            "{m}"
        );
        assert!(
            m.contains(
                "<li>&lt;i&gt;Ivy&lt;/i&gt; &amp; co: ×1.5 for 2.0 squares, surcharge 1.1%</li>"
            ),
            "{m}"
        );
        assert!(
            m.ends_with(r#"<p class="fine">Route found in 4.6 ms in this browser.</p>"#),
            "{m}"
        );
        assert!(!m.contains("<i>"));

        let hovering = march_markup(&preview(&realm, false), "Red", "Blue", &realm).finish();
        assert!(hovering.starts_with("<h2>Red → Blue?</h2>"), "{hovering}");
    }

    #[test]
    fn the_aim_is_said_with_the_odds_only_once_they_are_in() {
        let realm = engine::demo_realm();
        let p = preview(&realm, false);
        assert_eq!(
            aim_sentence("Red", "Blue", &p, None),
            "Red on Blue: 12.3 squares, march penalty 17.3%."
        );
        let odds = engine::Odds {
            runs: 2_000,
            attacker_wins: 1_284,
            p_attacker: 0.642,
            interval: (0.62, 0.66),
            score_a: None,
            score_d: None,
            mean_casualties_a: None,
            mean_casualties_d: None,
        };
        assert_eq!(
            aim_sentence("Red", "Blue", &p, Some(&odds)),
            "Red on Blue: 12.3 squares, march penalty 17.3%. Attacker wins 64.2%."
        );
    }
}
