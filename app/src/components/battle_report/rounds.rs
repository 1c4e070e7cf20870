//! The round screen of a Version 2 battle (the source's "who actually swung"): step through the
//! rounds (buttons and disclosures are `view!`, each with its own handler; the lists inside them
//! only show things and are markup); for each side, "Fought this round" and "Out of reach" unfold into regiments with the
//! reason each is where it is; siege engines are picked out in gold; the fallen are greyed and
//! crossed, accumulating round by round; and a chart of both sides' surviving strength.

use crate::markup::phrases::count as counted;
use crate::markup::{class, Markup};
use engine::{standings, Fighter, Group, Realm, Reason, RoundLog, Setup, Side, Standing};
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
    // Which lists are unfolded, per side: [fought, out of reach]. The sides are rebuilt for
    // every round shown, so what the reader unfolded is kept here and written back as `open`.
    let unfolded = StoredValue::new([[false; 2]; 2]);
    let sides = {
        let standing = standing.clone();
        move || {
            let r = shown.get();
            let (Some(log), Some(st)) = (rounds.get(r.wrapping_sub(1)), standing.get(r)) else {
                return Vec::new();
            };
            let open = unfolded.get_value();
            [Side::Attacker, Side::Defender]
                .into_iter()
                .enumerate()
                .map(|(i, side)| {
                    let half = side_round(&setup, log, st, side, realm.as_deref());
                    side_view(half, open[i], move |k, is_open| {
                        unfolded.update_value(|u| u[i][k] = is_open)
                    })
                })
                .collect::<Vec<_>>()
        }
    };
    let chart = move || strength_chart(&standing, shown.get());
    view! {
        <div class="round-screen" data-round=move || shown.get().to_string()>
            <div class="round-steps">{steps}</div>
            <div class="round-sides">{sides}</div>
            <figure class="strength-chart" inner_html=chart></figure>
        </div>
    }
}

/// One side's half of a round as the round screen shows it; the lists and figures are escaped
/// markup for `inner_html` (they only show things), the rest is text.
pub(super) struct SideRound {
    /// `attacker` or `defender`, for `data-side`.
    pub side: &'static str,
    /// The side's name, "(screened)" after it when a screen kept it out of melee.
    pub heading: String,
    /// "Fought this round" and "Out of reach": the list's class, its summary with the count,
    /// and its regiment lines, each "N group — reason".
    pub lists: [(&'static str, String, String); 2],
    /// "N blows; M fallen so far."
    pub blows: String,
    /// The siege engines' share of the damage, when they dealt any.
    pub machines: Option<String>,
    /// Every figure of the side, the fallen crossed (`.figure.fallen`).
    pub figures: String,
}

/// One side's half of a round as `section.round-side` (the map's e2e test unfolds its
/// `details` and counts `.figure.fallen`). The disclosures are `view!` elements with their own
/// `toggle` handler, which tells `toggled(list, open)` (list 0 "Fought this round").
fn side_view(
    half: SideRound,
    open: [bool; 2],
    toggled: impl Fn(usize, bool) + Copy + 'static,
) -> impl IntoView {
    let [fought, out] = half.lists;
    let list = move |k: usize, (class, summary, items): (&'static str, String, String)| {
        view! {
            <details class=class open=open[k] on:toggle=move |ev| {
                toggled(k, event_target::<web_sys::Element>(&ev).has_attribute("open"))
            }>
                <summary>{summary}</summary>
                <ul inner_html=items></ul>
            </details>
        }
    };
    view! {
        <section class="round-side" data-side=half.side>
            <h4>{half.heading}</h4>
            {list(0, fought)}
            {list(1, out)}
            <p class="fine">{half.blows}</p>
            {half.machines.map(|t| view! { <p class="fine machine-share">{t}</p> })}
            <ul class="figures" inner_html=half.figures></ul>
        </section>
    }
}

/// What one side's half of a round shows: the two unfolding lists and its figures with the
/// fallen crossed, as of `standing`.
pub(super) fn side_round(
    setup: &Setup,
    log: &RoundLog,
    standing: &Standing,
    side: Side,
    realm: Option<&Realm>,
) -> SideRound {
    let (line, info, s) = match side {
        Side::Attacker => (&setup.attacker_line, &setup.attacker, 0),
        Side::Defender => (&setup.defender_line, &setup.defender, 1),
    };
    let lines = [&setup.attacker_line[..], &setup.defender_line[..]];
    let half = log.side(side);
    let by_id: BTreeMap<u64, &Fighter> = line.iter().map(|f| (f.id, f)).collect();
    // Regiments with a reason: (machine?, group, reason) → the photos in it.
    let mut fought: BTreeMap<(bool, GroupName, String), Vec<String>> = BTreeMap::new();
    let mut out: BTreeMap<(bool, GroupName, String), Vec<String>> = BTreeMap::new();
    for reach in &half.reach {
        let Some(f) = by_id.get(&reach.figure) else {
            continue;
        };
        let key = (
            f.machine.is_none(),
            group_name(f, realm),
            reason(&reach.reason, lines),
        );
        let into = if reach.fought { &mut fought } else { &mut out };
        into.entry(key).or_default().push(f.name.clone());
    }
    let list = |class: &'static str,
                label: &str,
                groups: BTreeMap<(bool, GroupName, String), Vec<String>>| {
        let count = groups.values().map(Vec::len).sum::<usize>();
        let mut m = Markup::new();
        for ((not_machine, group, why), names) in groups {
            m.element(
                "li",
                &[
                    ("class", (!not_machine).then_some("machine")),
                    ("title", Some(&names.join(", "))),
                ],
                &format!(
                    "{} — {why}",
                    counted(names.len() as u64, &group.0, &group.1)
                ),
            );
        }
        (class, format!("{label}: {count}"), m.finish())
    };
    let fallen = &standing.fallen[s];
    let mut figures = Markup::new();
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
        let title = format!("{}{}", f.name, if down { " — fallen" } else { "" });
        figures.element(
            "li",
            &[("class", Some(&class)), ("title", Some(&title))],
            &f.name,
        );
    }
    SideRound {
        side: match side {
            Side::Attacker => "attacker",
            Side::Defender => "defender",
        },
        heading: format!(
            "{}{}",
            info.name,
            if half.screened {
                " — screened: only its melee figures can be struck"
            } else {
                ""
            }
        ),
        lists: [
            list("fought", "Fought this round", fought),
            list("out-of-reach", "Out of reach", out),
        ],
        blows: format!(
            "{} blows; {} fallen so far.",
            half.swings.len(),
            fallen.len()
        ),
        machines: half
            .equipment
            .map(|e| format!("Siege engines dealt {:.0}% of the damage.", e.share * 100.0)),
        figures: figures.finish(),
    }
}

/// A group as counted on the round screen: what one of it is called and what several are
/// ("1 general", "3 generals", "2 of Riverguard").
type GroupName = (String, String);

/// Why a figure swung or not, as the round screen says it. The record keeps the spec's
/// `range a–b, needed N`; people read the gate as what the round asks for.
fn reason(r: &Reason, lines: [&[Fighter]; 2]) -> String {
    match *r {
        Reason::Range { low, high, needed } => {
            let range = if low == high {
                format!("range {low}")
            } else {
                format!("range {low}–{high}")
            };
            if needed > 0.0 {
                format!("{range}; this round needs {needed} or more")
            } else {
                format!("{range}; every range swings this round")
            }
        }
        _ => r.text(lines),
    }
}

/// The name of a fighter's group: its regiment or equipment type where the realm still has it.
fn group_name(f: &Fighter, realm: Option<&Realm>) -> GroupName {
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
        let name = format!("of {}", found.unwrap_or_else(|| format!("{kind} {id}")));
        (name.clone(), name)
    };
    let words = |one: &str, many: &str| (one.to_string(), many.to_string());
    match f.group {
        Group::Leader => words("leader", "leaders"),
        Group::Generals => words("general", "generals"),
        Group::SpecialPeople => words("person of note", "people of note"),
        Group::Regiment(id) => named(id, "regiment"),
        Group::Equipment(id) => named(id, "equipment"),
        Group::Crest => words("of the company", "of the company"),
        Group::Place => words("place", "places"),
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
    let view_box = format!("0 0 {W} {H}");
    let label = format!(
        "Surviving strength by round: attacker {:.1}, defender {:.1} at the end",
        last[0], last[1]
    );
    let svg = [
        ("viewBox", Some(view_box.as_str())),
        ("role", Some("img")),
        ("aria-label", Some(label.as_str())),
    ];
    m.el("svg", &svg, |m| {
        m.empty(
            "line",
            &[
                class("marker-line"),
                ("x1", Some(&marker)),
                ("x2", Some(&marker)),
                ("y1", Some(&PAD.to_string())),
                ("y2", Some(&(H - PAD).to_string())),
            ],
        );
        for (s, side) in [(0, "attacker"), (1, "defender")] {
            m.empty("polyline", &[class(side), ("points", Some(&line(s)))]);
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
    });
    m.trusted(
        "<figcaption><span class=\"key attacker\">attacker</span> and \
         <span class=\"key defender\">defender</span> surviving strength, round by round.\
         </figcaption>",
    );
    m.finish()
}
