//! A fought battle as people read it: the set-up with every number of SPEC §11, and the result
//! with its rounds. Shared by the map (a battle just fought) and Realm History (a replay), so a
//! replay shows exactly the screens of the first time.

mod further;
mod rounds;

use crate::markup::table::{build, cell, head};
use crate::markup::{class, Markup};
use engine::{BattleRecord, Outcome, Setup, Side, V2Outcome};
use leptos::prelude::*;
use rounds::RoundScreen;
use std::sync::Arc;

/// The set-up screen: every number of SPEC §11 for both sides, and the hires. Display only, so
/// its tables are markup strings ([`setup_rows`], [`hire_rows`]).
#[component]
pub fn SetupTable(s: Arc<Setup>) -> impl IntoView {
    view! {
        <table class="setup-table" inner_html=setup_rows(&s)></table>
        <p class="hires">{hires_line(&s)}</p>
        {hire_rows(&s).map(|rows| view! { <table class="hires-table" inner_html=rows></table> })}
    }
}

/// The set-up table's contents: both sides' §11 numbers, row by row.
fn setup_rows(s: &Setup) -> String {
    let n = |x: f64| format!("{x:.1}");
    let pct = |x: f64| format!("{:+.1}%", x);
    let mut m = Markup::new();
    head(&mut m, &["", "Attacker", "Defender"]);
    // The siege engines each side brings, by name: a crew met or not shows in the rounds.
    let machines = |line: &[engine::Fighter]| {
        let names: Vec<&str> = line
            .iter()
            .filter(|f| f.machine.is_some())
            .map(|f| f.name.as_str())
            .collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    };
    let rows: [(&str, String, String); 10] = [
        ("Faction Power", n(s.fp_a), n(s.fp_d)),
        ("Grudge", pct(s.grudge_a), pct(s.grudge_d)),
        ("Bane", pct(s.bane_a), pct(s.bane_d)),
        ("Base power", n(s.base_a), n(s.base_d)),
        (
            "March penalty",
            format!("−{:.1}%", s.march_penalty * 100.0),
            "—".into(),
        ),
        (
            "Alignment",
            format!("×{:.3}", s.alignment_multiplier),
            "—".into(),
        ),
        (
            "Home ground",
            "—".into(),
            format!("×{:.2}", s.home_multiplier),
        ),
        ("Effective power", n(s.eff_a), n(s.eff_d)),
        (
            "Figures in line",
            s.attacker_line.len().to_string(),
            s.defender_line.len().to_string(),
        ),
        (
            "War machines",
            machines(&s.attacker_line),
            machines(&s.defender_line),
        ),
    ];
    m.el("tbody", &[], |m| {
        for (label, a, d) in rows {
            m.el("tr", &[], |m| {
                m.element("th", &[("scope", Some("row"))], label);
                cell(m, &a);
                cell(m, &d);
            });
        }
    });
    m.finish()
}

/// "Mercenaries: …." — who hires how many, or that nobody does.
fn hires_line(s: &Setup) -> String {
    let hires = match s.hires.side {
        None => "nobody is far enough behind to hire".to_string(),
        Some(side) => format!(
            "the {} hires {} mercenar{} (cap {})",
            side_name(side),
            s.hires.wanted.min(s.hires.cap),
            if s.hires.wanted.min(s.hires.cap) == 1 {
                "y"
            } else {
                "ies"
            },
            s.hires.cap
        ),
    };
    format!("Mercenaries: {hires}.")
}

/// The victory screen: who won, each round of a Version 2 battle (or the further system's own
/// chronicle), and the record to download where the page offers it. Only a Version 2 battle's
/// round screen reacts (its stepper); everything else is markup set with `inner_html`.
#[component]
pub fn BattleResult(
    record: Arc<BattleRecord>,
    /// Its id in Realm History, once it has been recorded.
    #[prop(optional)]
    history_id: Option<u64>,
) -> impl IntoView {
    // The download link, where the running bundle offers it (`bundle::Bundle::record_link`):
    // the history bundle does, on the replay page; the map does not, so its wasm carries no
    // serialiser for every system's log (its victory screen links to the history entry).
    let href = crate::store::use_realm_store().record_link(&record);
    let href = href.as_deref();
    let winner = side_name(record.winner);
    let system = record.input.system.name();
    let Outcome::V2(o) = &record.outcome else {
        return view! {
            <div class="result" tabindex="-1" data-winner=winner data-system=system
                inner_html=result_markup(&record, history_id, href)></div>
        }
        .into_any();
    };
    let realm = crate::store::use_realm_store().realm.get_untracked();
    let s = &record.input.setup;
    view! {
        <div class="result" tabindex="-1" data-winner=winner data-system=system>
            <h3>{winner_line(&record)}</h3>
            <table class="rounds" inner_html=build(|m| v2_rounds(m, o))></table>
            <p>{v2_summary(o)}</p>
            <RoundScreen setup=Arc::new(s.clone()) rounds=Arc::new(o.rounds.clone()) realm />
            {history_id.map(|id| view! { <p class="history-link" inner_html=build(|m| history_link(m, id))></p> })}
            <p class="fine" inner_html=build(|m| fine_print(m, record.input.seed, href))></p>
        </div>
    }
    .into_any()
}

/// "… wins".
fn winner_line(record: &BattleRecord) -> String {
    let s = &record.input.setup;
    let winner = match record.winner {
        Side::Attacker => &s.attacker.name,
        Side::Defender => &s.defender.name,
    };
    format!("{winner} wins")
}

/// The inside of the result of a battle with nothing to step through (Version 1 and the further
/// systems): the winner, how it went, the history link and the record. `href` is the record's
/// `data:` link, if the page offers it.
fn result_markup(record: &BattleRecord, history_id: Option<u64>, href: Option<&str>) -> String {
    let (s, seed) = (&record.input.setup, record.input.seed);
    let mut m = Markup::new();
    m.element("h3", &[], &winner_line(record));
    match &record.outcome {
        Outcome::V1(o) => {
            m.element(
                "p",
                &[],
                &format!(
                    "One roll: {:.4} against the attacker's chance of {:.4}.",
                    o.u, o.p
                ),
            );
        }
        // Drawn by the component with its round screen; nothing else reaches here.
        Outcome::V2(o) => {
            m.el("table", &[class("rounds")], |m| v2_rounds(m, o))
                .element("p", &[], &v2_summary(o));
        }
        Outcome::Warfare(o) => {
            further::warfare_result(&mut m, s, seed, record.input.schema_version, o)
        }
        Outcome::Olympia(o) => further::olympia_result(&mut m, s, seed, o),
        Outcome::MassBattle(o) => further::mass_battle_result(&mut m, s, seed, o),
    }
    if let Some(id) = history_id {
        m.el("p", &[class("history-link")], |m| history_link(m, id));
    }
    m.el("p", &[class("fine")], |m| fine_print(m, seed, href));
    m.finish()
}

/// A Version 2 battle's table of rounds: the dice, parries, blows and the fallen.
fn v2_rounds(m: &mut Markup, o: &V2Outcome) {
    head(
        m,
        &[
            "Round",
            "Attacker dice",
            "Defender dice",
            "Att. blows",
            "Def. blows",
            "Att. fallen",
            "Def. fallen",
        ],
    );
    m.el("tbody", &[], |m| {
        for r in &o.rounds {
            m.el("tr", &[], |m| {
                cell(m, &r.round.to_string());
                cell(
                    m,
                    &format!(
                        "{}+{} ×{:.2}",
                        r.dice.attacker[0], r.dice.attacker[1], r.dice.mult_attacker
                    ),
                );
                // A parry is the defender's: said in its dice cell, not a column of its own
                // (a phone has no room for a mostly empty column).
                let parry = if r.dice.parry { ", parry" } else { "" };
                cell(
                    m,
                    &format!(
                        "{}+{} ×{:.2}{parry}",
                        r.dice.defender[0], r.dice.defender[1], r.dice.mult_defender
                    ),
                );
                cell(m, &r.attacker.swings.len().to_string());
                cell(m, &r.defender.swings.len().to_string());
                cell(m, &r.attacker.fallen.len().to_string());
                cell(m, &r.defender.fallen.len().to_string());
            });
        }
    });
}

/// The sentence under a Version 2 battle's rounds (the map's e2e test reads its "lost N figures").
fn v2_summary(o: &V2Outcome) -> String {
    format!(
        "Surviving strength {:.1} against {:.1}; the attacker lost {} figures, the defender {}.",
        o.score_a, o.score_d, o.casualties_a, o.casualties_d
    )
}

/// The inside of `p.history-link`: where Realm History keeps this battle.
fn history_link(m: &mut Markup, id: u64) {
    let path = format!("/history/{id}");
    m.text("In Realm History: ")
        .element(
            "a",
            &[
                ("href", Some(&path)),
                ("rel", crate::bundle::link_rel("/history")),
            ],
            &path,
        )
        .text(" — the link replays this battle.");
}

/// The inside of the closing `p.fine`: the seed, and the record to download (`href`) if offered.
fn fine_print(m: &mut Markup, seed: u64, href: Option<&str>) {
    m.fmt(format_args!(
        "Seed {seed} — the same seed fights the same battle again."
    ));
    let Some(href) = href else {
        return;
    };
    let download = format!("battle-{seed}.json");
    m.text(" ").element(
        "a",
        &[
            class("record-link"),
            ("download", Some(&download)),
            ("href", Some(href)),
        ],
        "Battle record (JSON)",
    );
}

/// The mercenaries who fought, each with its listed Power and what it was worth on the field
/// after its employer's march, alignment or home ground (SPEC §11.5), where the two differ: the
/// inside of `table.hires-table`, or `None` when nobody was hired.
fn hire_rows(s: &Setup) -> Option<String> {
    let hired: Vec<(&str, &engine::Fighter)> = [
        ("attacker", &s.attacker_line),
        ("defender", &s.defender_line),
    ]
    .into_iter()
    .flat_map(|(side, line)| line.iter().filter(|f| f.hired).map(move |f| (side, f)))
    .collect();
    if hired.is_empty() {
        return None;
    }
    let mut m = Markup::new();
    m.element("caption", &[], "Mercenaries hired");
    head(&mut m, &["Figure", "For", "Listed Power", "On the field"]);
    m.el("tbody", &[], |m| {
        for (side, f) in hired {
            let (listed, field) = (f.power(), f.power() * f.modifier);
            m.el("tr", &[class("hire")], |m| {
                cell(m, &f.name);
                cell(m, side);
                cell(m, &format!("{listed:.1}"));
                cell(
                    m,
                    &if (field - listed).abs() < 0.05 {
                        "same".to_string()
                    } else {
                        format!("{field:.1}")
                    },
                );
            });
        }
    });
    Some(m.finish())
}

/// The record as a `data:` link: the exact JSON the engine writes, so anyone can replay it.
pub fn record_href(record: &BattleRecord) -> String {
    let json = serde_json::to_string(record).unwrap_or_default();
    format!(
        "data:application/json;charset=utf-8,{}",
        js_sys::encode_uri_component(&json)
    )
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    }
}

#[cfg(test)]
mod tests;
