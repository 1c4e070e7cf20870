//! The round screen of a Version 2 battle (the source's "who actually swung"): step through the
//! rounds; for each side, "Fought this round" and "Out of reach" unfold into regiments with the
//! reason each is where it is; siege engines are picked out in gold; the fallen are greyed and
//! crossed, accumulating round by round; and a chart of both sides' surviving strength.

use crate::markup::Markup;
use engine::{standings, Fighter, Group, Realm, RoundLog, Setup, Side, Standing};
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The round screen for `rounds` fought from `setup`. `realm`, when there is one, names the
/// regiments; the figures, reasons and numbers all come from the record.
#[component]
pub fn RoundScreen(
    setup: Arc<Setup>,
    rounds: Arc<Vec<RoundLog>>,
    realm: Option<Arc<Realm>>,
) -> impl IntoView {
    let standing = Arc::new(standings(&setup, &rounds));
    let last = rounds.len();
    let shown = RwSignal::new(last);
    let steps = (1..=last)
        .map(|r| {
            view! {
                <button class="round-step" aria-pressed=move || (shown.get() == r).to_string()
                    on:click=move |_| shown.set(r)>{format!("Round {r}")}</button>
            }
        })
        .collect_view();
    // Which lists are unfolded, per side: [fought, out of reach]. The sides are markup rebuilt
    // for every round shown, so what the reader unfolded is kept here and written back as `open`.
    let unfolded = StoredValue::new([[false; 2]; 2]);
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if let Some((s, k)) = toggled_list(&ev) {
            unfolded.update_value(|u| u[s][k] = !u[s][k]);
        }
    };
    let sides = {
        let standing = standing.clone();
        move || {
            let r = shown.get();
            let open = unfolded.get_value();
            let mut m = Markup::new();
            if let (Some(log), Some(st)) = (rounds.get(r.wrapping_sub(1)), standing.get(r)) {
                for (i, side) in [Side::Attacker, Side::Defender].into_iter().enumerate() {
                    round_side(&mut m, &setup, log, st, side, realm.as_deref(), open[i]);
                }
            }
            m.finish()
        }
    };
    let chart = move || strength_chart(&standing, shown.get());
    view! {
        <div class="round-screen" data-round=move || shown.get().to_string()>
            <div class="round-steps">{steps}</div>
            <div class="round-sides" on:click=on_click inner_html=sides></div>
            <figure class="strength-chart" inner_html=chart></figure>
        </div>
    }
}

/// The list a click on a `summary` in the round sides unfolds or folds: (side, list), side 0
/// the attacker, list 0 "Fought this round".
fn toggled_list(ev: &leptos::ev::MouseEvent) -> Option<(usize, usize)> {
    use wasm_bindgen::JsCast;
    let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let details = target.closest("summary").ok()??.parent_element()?;
    let section = details.closest(".round-side").ok()??;
    let side = usize::from(section.get_attribute("data-side").as_deref() == Some("defender"));
    let list = usize::from(details.class_name() == "out-of-reach");
    Some((side, list))
}

/// One side's half of a round: the two unfolding counts and its figures with the fallen crossed,
/// as `section.round-side` (the map's e2e test unfolds its `details` and counts `.figure.fallen`).
pub(super) fn round_side(
    m: &mut Markup,
    setup: &Setup,
    log: &RoundLog,
    standing: &Standing,
    side: Side,
    realm: Option<&Realm>,
    open: [bool; 2],
) {
    let (line, info, s) = match side {
        Side::Attacker => (&setup.attacker_line, &setup.attacker, 0),
        Side::Defender => (&setup.defender_line, &setup.defender, 1),
    };
    let lines = [&setup.attacker_line[..], &setup.defender_line[..]];
    let half = log.side(side);
    let by_id: BTreeMap<u64, &Fighter> = line.iter().map(|f| (f.id, f)).collect();
    // Regiments with a reason: (machine?, group, reason) → the photos in it.
    let mut fought: BTreeMap<(bool, String, String), Vec<String>> = BTreeMap::new();
    let mut out: BTreeMap<(bool, String, String), Vec<String>> = BTreeMap::new();
    for reach in &half.reach {
        let Some(f) = by_id.get(&reach.figure) else {
            continue;
        };
        let key = (
            f.machine.is_none(),
            group_name(f, realm),
            reach.reason.text(lines),
        );
        let into = if reach.fought { &mut fought } else { &mut out };
        into.entry(key).or_default().push(f.name.clone());
    }
    let side_name = match side {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    };
    m.open(
        "section",
        &[
            ("class", Some("round-side")),
            ("data-side", Some(side_name)),
        ],
    )
    .open("h4", &[])
    .text(&info.name)
    .text(if half.screened { " (screened)" } else { "" })
    .close("h4");
    for ((class, label, groups), open) in [
        ("fought", "Fought this round", fought),
        ("out-of-reach", "Out of reach", out),
    ]
    .into_iter()
    .zip(open)
    {
        let count = groups.values().map(Vec::len).sum::<usize>();
        m.open(
            "details",
            &[("class", Some(class)), ("open", open.then_some(""))],
        )
        .element("summary", &[], &format!("{label}: {count}"))
        .open("ul", &[]);
        for ((not_machine, group, why), names) in groups {
            m.element(
                "li",
                &[
                    ("class", (!not_machine).then_some("machine")),
                    ("title", Some(&names.join(", "))),
                ],
                &format!("{} {group} — {why}", names.len()),
            );
        }
        m.close("ul").close("details");
    }
    let fallen = &standing.fallen[s];
    m.element(
        "p",
        &[("class", Some("fine"))],
        &format!(
            "{} blows; {} fallen so far.",
            half.swings.len(),
            fallen.len()
        ),
    );
    if let Some(e) = half.equipment {
        m.element(
            "p",
            &[("class", Some("fine machine-share"))],
            &format!("Siege engines dealt {:.0}% of the damage.", e.share * 100.0),
        );
    }
    m.open("ul", &[("class", Some("figures"))]);
    for f in line {
        let down = fallen.contains(&f.id);
        let mut class = String::from("figure");
        for (on, name) in [
            (down, " fallen"),
            (f.machine.is_some(), " machine"),
            (f.hired, " hired"),
        ] {
            if on {
                class.push_str(name);
            }
        }
        m.element(
            "li",
            &[
                ("class", Some(&class)),
                (
                    "title",
                    Some(&format!(
                        "{}{}",
                        f.name,
                        if down { " — fallen" } else { "" }
                    )),
                ),
            ],
            &f.name,
        );
    }
    m.close("ul").close("section");
}

/// The name of a fighter's group: its regiment or equipment type where the realm still has it.
fn group_name(f: &Fighter, realm: Option<&Realm>) -> String {
    let named = |id: u64, kind: &str| {
        let found = realm.and_then(|r| match f.group {
            Group::Regiment(_) => r
                .regiments
                .iter()
                .find(|g| g.id == id)
                .map(|g| g.name.clone()),
            _ => r
                .equipment_types
                .iter()
                .find(|g| g.id == id)
                .map(|g| g.name.clone()),
        });
        found.unwrap_or_else(|| format!("{kind} {id}"))
    };
    match f.group {
        Group::Leader => "leader".into(),
        Group::Generals => "generals".into(),
        Group::SpecialPeople => "people of note".into(),
        Group::Regiment(id) => named(id, "regiment"),
        Group::Equipment(id) => named(id, "equipment"),
        Group::Crest => "company".into(),
        Group::Place => "place".into(),
    }
}

const W: f64 = 420.0;
const H: f64 = 150.0;
const PAD: f64 = 22.0;

/// Both sides' surviving strength before the battle and after each round, the `shown` round
/// marked: the inside of `figure.strength-chart`.
pub(super) fn strength_chart(standing: &[Standing], shown: usize) -> String {
    let top = standing
        .iter()
        .flat_map(|s| s.strength)
        .fold(1.0_f64, f64::max);
    let n = standing.len().max(2) - 1;
    let x = |i: usize| PAD + (W - 2.0 * PAD) * i as f64 / n as f64;
    let y = |v: f64| H - PAD - (H - 2.0 * PAD) * v / top;
    let line = |s: usize| {
        standing
            .iter()
            .enumerate()
            .map(|(i, st)| format!("{:.1},{:.1}", x(i), y(st.strength[s])))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let last = standing.last().map(|s| s.strength).unwrap_or([0.0, 0.0]);
    let mut m = Markup::new();
    // Numbers as attribute values print as `view!` printed them: Rust's `Display` for f64.
    let marker = x(shown).to_string();
    m.open(
        "svg",
        &[
            ("viewBox", Some(&format!("0 0 {W} {H}"))),
            ("role", Some("img")),
            (
                "aria-label",
                Some(&format!(
                    "Surviving strength by round: attacker {:.1}, defender {:.1} at the end",
                    last[0], last[1]
                )),
            ),
        ],
    )
    .empty(
        "line",
        &[
            ("class", Some("marker-line")),
            ("x1", Some(&marker)),
            ("x2", Some(&marker)),
            ("y1", Some(&PAD.to_string())),
            ("y2", Some(&(H - PAD).to_string())),
        ],
    );
    for (s, class) in [(0, "attacker"), (1, "defender")] {
        m.empty(
            "polyline",
            &[("class", Some(class)), ("points", Some(&line(s)))],
        );
    }
    for i in 0..standing.len() {
        let label = if i == 0 {
            "start".to_string()
        } else {
            format!("R{i}")
        };
        m.element(
            "text",
            &[
                ("x", Some(&x(i).to_string())),
                ("y", Some(&(H - 6.0).to_string())),
                ("text-anchor", Some("middle")),
            ],
            &label,
        );
    }
    m.close("svg").trusted(
        "<figcaption><span class=\"key attacker\">attacker</span> and \
         <span class=\"key defender\">defender</span> surviving strength, round by round.\
         </figcaption>",
    );
    m.finish()
}
