//! The battle report's markup: names from the realm are escaped, and the classes, data-* and
//! texts the e2e tests and the stylesheet select are all there.

use super::rounds::{side_round, strength_chart};
use super::{hire_rows, hires_line, result_markup, setup_rows};
use engine::{
    demo_realm, fight, standings, BattleRecord, BattleSystem, FactionKind, Outcome, Realm, Side,
};

const HOSTILE: &str = "<img src=x onerror=\"alert('x')\">&";
const ESCAPED: &str = "&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;";

/// The demo realm with every faction and regiment given the hostile name.
fn hostile_realm() -> Realm {
    let mut realm = demo_realm();
    for f in &mut realm.factions {
        f.name = format!("{HOSTILE}{}", f.id);
    }
    for g in &mut realm.regiments {
        g.name = HOSTILE.to_string();
    }
    realm
}

/// Battles between marked ordinary factions of `realm` under `system`, a few seeds each.
fn battles(realm: &Realm, system: BattleSystem) -> Vec<BattleRecord> {
    let ids: Vec<u64> = realm
        .factions
        .iter()
        .filter(|f| f.kind == FactionKind::Ordinary && f.marker.is_some())
        .map(|f| f.id)
        .collect();
    (0..6u64)
        .map(|n| {
            let (a, d) = (
                ids[n as usize % ids.len()],
                ids[(n as usize + 2) % ids.len()],
            );
            fight(realm, a, d, system, n).expect("the demo realm's factions can fight")
        })
        .collect()
}

/// The figures' names written hostile too: they reach the screens through the set-up.
fn with_hostile_figures(mut record: BattleRecord) -> BattleRecord {
    let s = &mut record.input.setup;
    for f in s.attacker_line.iter_mut().chain(s.defender_line.iter_mut()) {
        f.name = HOSTILE.to_string();
    }
    record
}

fn assert_escaped(markup: &str) {
    assert!(!markup.contains(HOSTILE), "a name became markup: {markup}");
    assert!(!markup.contains("<img"), "a name became markup: {markup}");
}

#[test]
fn the_setup_table_escapes_names_and_keeps_its_rows() {
    let realm = hostile_realm();
    let records: Vec<BattleRecord> = battles(&realm, BattleSystem::V2)
        .into_iter()
        .map(with_hostile_figures)
        .collect();
    let mut hired = 0;
    for r in &records {
        let s = &r.input.setup;
        let rows = setup_rows(s);
        assert!(rows.starts_with(
            "<thead><tr><th></th><th>Attacker</th><th>Defender</th></tr></thead><tbody>"
        ));
        // The editor's e2e test finds the Grudge row by its text.
        assert!(rows.contains(&format!(
            "<tr><th scope=\"row\">Grudge</th><td>{:+.1}%</td><td>{:+.1}%</td></tr>",
            s.grudge_a, s.grudge_d
        )));
        assert!(rows.contains(&format!(
            "<th scope=\"row\">Effective power</th><td>{:.1}</td><td>{:.1}</td>",
            s.eff_a, s.eff_d
        )));
        assert_eq!(rows.matches("<tr>").count(), 11, "a header and ten rows");
        // Each side's war machines by name (every name here is the hostile one, escaped), or
        // "none" when it brings none.
        let machines = |line: &[engine::Fighter]| -> Vec<String> {
            line.iter()
                .filter(|f| f.machine.is_some())
                .map(|_| ESCAPED.to_string())
                .collect()
        };
        let (ma, md) = (machines(&s.attacker_line), machines(&s.defender_line));
        let shown = |names: &[String]| {
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        };
        assert!(rows.contains(&format!(
            "<tr><th scope=\"row\">War machines</th><td>{}</td><td>{}</td></tr>",
            shown(&ma),
            shown(&md)
        )));
        assert!(hires_line(s).starts_with("Mercenaries: "));
        if let Some(table) = hire_rows(s) {
            assert_escaped(&table);
            assert!(table.starts_with("<caption>Mercenaries hired</caption>"));
            let n = s
                .attacker_line
                .iter()
                .chain(&s.defender_line)
                .filter(|f| f.hired)
                .count();
            // The map's e2e test reads `.hires-table tr.hire td:first-child`.
            assert_eq!(
                table
                    .matches(&format!("<tr class=\"hire\"><td>{ESCAPED}</td>"))
                    .count(),
                n
            );
            hired += n;
        }
    }
    assert!(hired > 0, "some battle of the demo realm hires");
}

#[test]
fn the_round_sides_escape_names_and_cross_exactly_the_fallen() {
    let realm = hostile_realm();
    for record in battles(&realm, BattleSystem::V2) {
        let record = with_hostile_figures(record);
        let Outcome::V2(o) = &record.outcome else {
            unreachable!("a Version 2 battle")
        };
        let s = &record.input.setup;
        let st = standings(s, &o.rounds);
        let last = o.rounds.len();
        let half = side_round(
            s,
            &o.rounds[last - 1],
            &st[last],
            Side::Attacker,
            Some(&realm),
        );
        assert_eq!(half.side, "attacker");
        let [(fought, fought_summary, _), (out, out_summary, _)] = &half.lists;
        assert_eq!((*fought, *out), ("fought", "out-of-reach"));
        assert!(fought_summary.starts_with("Fought this round: "));
        assert!(out_summary.starts_with("Out of reach: "));
        // The heading is text (`view!` escapes it); the lists and figures are escaped markup.
        assert!(half.heading.starts_with(HOSTILE), "{}", half.heading);
        let html = format!("{}{}{}", half.lists[0].2, half.lists[1].2, half.figures);
        assert_escaped(&html);
        // After the last round, every fallen attacker is crossed (`.figure.fallen`).
        assert_eq!(
            html.matches("<li class=\"figure fallen").count() as u32,
            o.casualties_a
        );
        assert_eq!(
            html.matches("<li class=\"figure").count(),
            s.attacker_line.len()
        );
        // Every regiment line reads "N group — reason", as the e2e test expects.
        for (_, _, list) in &half.lists {
            for item in list.split("<li").skip(1) {
                let text = &item[item.find('>').unwrap() + 1..item.find("</li>").unwrap()];
                let (count, rest) = text.split_once(' ').unwrap();
                assert!(count.parse::<usize>().is_ok(), "{text}");
                let why = rest.split(" — ").last().unwrap();
                assert!(
                    [
                        "range",
                        "melee only",
                        "stopped",
                        "crewing",
                        "abandoned",
                        "working"
                    ]
                    .iter()
                    .any(|w| why.starts_with(w)),
                    "{text}"
                );
            }
        }
    }
}

#[test]
fn the_strength_chart_draws_both_lines_and_marks_the_round_shown() {
    let realm = demo_realm();
    let record = &battles(&realm, BattleSystem::V2)[0];
    let Outcome::V2(o) = &record.outcome else {
        unreachable!("a Version 2 battle")
    };
    let st = standings(&record.input.setup, &o.rounds);
    let chart = strength_chart(&st, 0);
    assert!(chart.starts_with(
        "<svg viewBox=\"0 0 420 150\" role=\"img\" aria-label=\"Surviving strength by round: "
    ));
    // Round 0 is the start, at the left padding; the numbers print as `view!` printed them.
    assert!(
        chart.contains("<line class=\"marker-line\" x1=\"22\" x2=\"22\" y1=\"22\" y2=\"128\"/>")
    );
    assert_eq!(chart.matches("<polyline class=").count(), 2);
    assert!(chart.contains("<text x=\"22\" y=\"144\" text-anchor=\"middle\">start</text>"));
    assert!(chart.contains(">R1</text>"));
    assert!(chart.ends_with("surviving strength, round by round.</figcaption>"));
    assert_eq!(chart.matches("<text ").count(), st.len());
    let end = strength_chart(&st, st.len() - 1);
    assert!(end.contains("<line class=\"marker-line\" x1=\"398\" x2=\"398\""));
}

#[test]
fn every_result_escapes_names_and_keeps_the_tested_classes() {
    let realm = hostile_realm();
    let href = "data:application/json;charset=utf-8,%7B'\"<x>";
    for system in [
        BattleSystem::V1,
        BattleSystem::V2,
        BattleSystem::Warfare,
        BattleSystem::Olympia,
        BattleSystem::MassBattle,
    ] {
        for record in battles(&realm, system) {
            let html = result_markup(&record, Some(7), Some(href));
            assert_escaped(&html);
            assert!(html.starts_with(&format!("<h3>{ESCAPED}")));
            assert!(html.contains(" wins</h3>"));
            assert!(html.contains(
                "<p class=\"history-link\">In Realm History: <a href=\"/history/7\">/history/7</a> — the link replays this battle.</p>"
            ));
            let seed = record.input.seed;
            assert!(html.ends_with(&format!(
                "<p class=\"fine\">Seed {seed} — the same seed fights the same battle again. <a class=\"record-link\" download=\"battle-{seed}.json\" href=\"data:application/json;charset=utf-8,%7B&#39;&quot;&lt;x&gt;\">Battle record (JSON)</a></p>"
            )));
            let bare = result_markup(&record, None, None);
            assert!(!bare.contains("history-link") && !bare.contains("record-link"));
            assert!(bare.ends_with(&format!(
                "<p class=\"fine\">Seed {seed} — the same seed fights the same battle again.</p>"
            )));
            match system {
                BattleSystem::V1 => assert!(html.contains("<p>One roll: ")),
                BattleSystem::V2 => {
                    assert!(html.contains("<table class=\"rounds\"><thead>"));
                    assert!(html.contains("; the attacker lost "));
                }
                _ => {
                    assert!(html.contains("<p class=\"system-summary\">"));
                    assert!(html.contains(
                        "<details class=\"system-chronicle\" open=\"\"><summary>Chronicle, roll by roll</summary><div class=\"chronicle-scroll\" style=\"max-height: 32rem; overflow: auto;\">"
                    ));
                    assert!(html.contains("<section class=\"round\"><h4>"));
                }
            }
        }
    }
}
