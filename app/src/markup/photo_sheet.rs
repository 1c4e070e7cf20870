//! A photo's numbers, explained: each stat as typed (the species' or hand-typed base), as species
//! and gear make it (`Photo::stats`, SPEC §2.3) and after the faction's Unit-Stats buffs (§5.2);
//! then the Health bar and the factors of its Power (§3.1, §4.3–4.4): the Health curve, the
//! bracket, the rating, times judged, whether it is still provisional, and the rating bonus, so a
//! visitor can multiply them out and get the Power shown. Damage and armour types are named too.
//!
//! Nothing here computes a rule: the numbers are `engine::post_buff_stats` and
//! `engine::power_parts`, the same functions `realm power` prints. The editor's lightbox, the
//! faction page and the arena's build view all show this one sheet, written as markup because it
//! only shows things.

use crate::markup::{class, phrases, Markup};
use engine::{CrewCheck, Photo, PowerParts, Rating, Realm, Stats, Worn};

/// One row of the stats table.
#[derive(Clone, Debug, PartialEq)]
pub struct StatLine {
    /// What the row is called on screen.
    pub label: &'static str,
    /// A stable name for tests and styling (`attack_power`).
    pub key: &'static str,
    /// The typed base number, where the stat has one.
    pub base: Option<f64>,
    /// Species and gear: the derived stat.
    pub raw: Option<f64>,
    /// After the faction's buffs.
    pub buffed: Option<f64>,
}

/// Everything the sheet shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    /// The stats, in the order of the bracket (SPEC §3.1).
    pub lines: Vec<StatLine>,
    /// Health (never buffed).
    pub health: Option<f64>,
    /// The factors of the photo's Power, and the Power.
    pub parts: PowerParts,
    /// The species' name, when it has one.
    pub species: Option<String>,
    /// What it wears, slot by slot.
    pub worn: Vec<Worn>,
}

impl Sheet {
    /// The photo's Power.
    pub fn power(&self) -> f64 {
        self.parts.power
    }
}

/// The sheet of `p` in realm `r`.
pub fn sheet(r: &Realm, p: &Photo) -> Sheet {
    let raw = p.stats;
    let parts = engine::power_parts(r, p);
    let buffed = parts.buffed;
    let line = |label, key, base, get: fn(&Stats) -> Option<f64>| StatLine {
        label,
        key,
        base,
        raw: get(&raw),
        buffed: get(&buffed),
    };
    let lines = vec![
        line("Attack", "attack_power", p.base_attack, |s| s.attack_power),
        line("Range", "attack_range", p.base_range, |s| s.attack_range),
        line("Secondary Attack", "secondary_attack", None, |s| {
            s.secondary_attack
        }),
        line("Secondary Range", "secondary_range", None, |s| {
            s.secondary_range
        }),
        line("Defense", "defense_strength", p.base_defense, |s| {
            s.defense_strength
        }),
        line("Shield", "secondary_defense", None, |s| s.secondary_defense),
        line("Headwear", "headwear_def", None, |s| s.headwear_def),
        line("Backpiece", "backpiece_def", None, |s| s.backpiece_def),
        line("Legwear", "legwear_def", None, |s| s.legwear_def),
        line("Movement", "movement", p.base_movement, |s| s.movement),
    ];
    let species = p
        .species
        .and_then(|s| r.species.iter().find(|x| x.id == s))
        .map(|s| s.name.clone());
    Sheet {
        lines,
        health: p.health,
        parts,
        species,
        worn: engine::outfit(r, p),
    }
}

/// A number as the sheet prints it: blank as a dash, at most two decimals, no trailing zeros.
pub fn show(v: Option<f64>) -> String {
    match v {
        None => "—".to_string(),
        Some(x) => {
            let s = format!("{x:.2}");
            let s = s.trim_end_matches('0').trim_end_matches('.');
            if s == "-0" {
                "0".to_string()
            } else {
                s.to_string()
            }
        }
    }
}

/// The Health a bar is drawn against: 100 is a whole figure (the curve's 1.0); more overfills it.
const FULL_HEALTH: f64 = 100.0;

/// What both the sheet and a build open with: Power, the kind of fighter, the Health bar.
fn power_head(s: &Sheet) -> Markup {
    let mut m = Markup::new();
    let power = s.power().to_string();
    m.el("p", &[class("photo-power")], |m| {
        m.text("Power ").element(
            "output",
            &[class("power-value"), ("data-value", Some(&power))],
            &show(Some(s.power())),
        );
    });
    m.append(kinds_markup(s));
    m.append(health_bar(s.health));
    m
}

/// The whole sheet, as the inside of a `div.lightbox-stats`.
pub fn sheet_markup(s: &Sheet) -> Markup {
    let mut m = power_head(s);
    m.append(parts_markup(&s.parts, s.health));
    m.append(stat_table(s));
    m.append(outfit_markup(&s.worn));
    m.element(
        "p",
        &[class("stat-note")],
        "Species + gear: the photo's own numbers with what it wears. Buffed: after its faction's Unit-Stats buffs. Health is never buffed.",
    );
    m
}

/// Species, damage type and armour type, in one line: "Human · Slashing damage, Melee · Heavy
/// armour".
fn kinds_markup(s: &Sheet) -> Markup {
    let mut m = Markup::new();
    let attack = match (s.parts.damage_type, s.parts.attack_type()) {
        (Some(d), Some(a)) => format!(
            "{} damage, {}",
            phrases::damage_type(d),
            phrases::attack_type(a)
        ),
        (None, Some(a)) => phrases::attack_type(a).to_string(),
        (_, None) => "No weapon".to_string(),
    };
    let armour = s.parts.defense_type.map_or_else(
        || "No body armour".to_string(),
        |d| format!("{} armour", phrases::defense_type(d)),
    );
    m.el("p", &[class("photo-kinds")], |m| {
        if let Some(name) = &s.species {
            m.element("span", &[class("species")], name).text(" · ");
        }
        m.element("span", &[class("damage-type")], &attack)
            .text(" · ")
            .element("span", &[class("defence-type")], &armour);
    });
    m
}

/// Health as a bar out of 100 (the share of a whole figure), with the number beside it.
fn health_bar(health: Option<f64>) -> Markup {
    let h = health.unwrap_or(0.0).max(0.0);
    let width = format!("width: {:.1}%", (h / FULL_HEALTH * 100.0).min(100.0));
    let label = format!("Health {} of {FULL_HEALTH}", show(health));
    let mut m = Markup::new();
    m.el(
        "div",
        &[
            class("health"),
            ("role", Some("img")),
            ("aria-label", Some(&label)),
        ],
        |m| {
            m.element("span", &[class("health-label")], "Health");
            m.el("span", &[class("health-bar")], |m| {
                m.element(
                    "span",
                    &[
                        class(if h > FULL_HEALTH {
                            "health-fill over"
                        } else {
                            "health-fill"
                        }),
                        ("style", Some(&width)),
                    ],
                    "",
                );
            });
            m.element("span", &[class("health-value")], &show(health));
        },
    );
    m
}

/// Power as a product of its factors, each with the words that say where it comes from.
fn parts_markup(p: &PowerParts, health: Option<f64>) -> Markup {
    let mut m = Markup::new();
    let judged = judged_words(&p.rating);
    let rating_note = if p.provisional {
        format!(
            "{judged}: still provisional, so it counts as {} until ten judgements",
            show(Some(p.effective_rating))
        )
    } else {
        format!("{judged}: counted in full")
    };
    let rows: [(&str, &str, String, String); 4] = [
        (
            "health_mult",
            "Health curve",
            format!("×{:.3}", p.health_mult),
            format!(
                "(Health {} ÷ 100) to the power 0.65: more Health is worth less each point",
                show(health)
            ),
        ),
        (
            "bracket",
            "Bracket",
            show(Some(p.bracket)),
            "5 for being alive, plus Attack, Secondary Attack, every Defense, half of each Range and 5 × Movement, after buffs".into(),
        ),
        (
            "rating",
            "Rating",
            show(Some(p.rating.rating)),
            rating_note,
        ),
        (
            "rating_bonus",
            "Rating bonus",
            format!("×{:.3}", p.rating_bonus),
            "1.00 at 1000, 1.25 at 1900, 1.50 at 2800 and above".into(),
        ),
    ];
    let product = format!(
        "{:.3} × {} × {:.3} = {}",
        p.health_mult,
        show(Some(p.bracket)),
        p.rating_bonus,
        show(Some(p.power))
    );
    m.el("dl", &[class("power-parts")], |m| {
        for (key, name, value, why) in &rows {
            m.el("div", &[("data-part", Some(key))], |m| {
                m.element("dt", &[], name);
                m.el("dd", &[], |m| {
                    m.element("b", &[class("part-value")], value)
                        .text(" ")
                        .element("span", &[class("part-why")], why);
                });
            });
        }
        m.el("div", &[("data-part", Some("power"))], |m| {
            m.element("dt", &[], "Power");
            m.el("dd", &[], |m| {
                m.element("b", &[class("part-value")], &product);
            });
        });
    });
    m
}

/// How often the arena has judged a photo, in words.
fn judged_words(r: &Rating) -> String {
    match r.judged {
        0 => "never judged".to_string(),
        1 => "judged once".to_string(),
        n => format!("judged {n} times, won {}", r.wins),
    }
}

/// What a figure wears, as `dl.outfit`: the slot, then the item and its material.
fn outfit_markup(worn: &[Worn]) -> Markup {
    let mut m = Markup::new();
    if worn.is_empty() {
        m.element(
            "p",
            &[class("outfit empty")],
            "Wears nothing from the Armory.",
        );
        return m;
    }
    m.el("dl", &[class("outfit")], |m| {
        for w in worn {
            let what = match (&w.material, w.unique) {
                (Some(mat), _) => format!("{}, {mat}", w.name),
                (None, true) => format!("{} (unique)", w.name),
                (None, false) => w.name.clone(),
            };
            m.el("div", &[], |m| {
                m.element("dt", &[], phrases::worn_place(w.place))
                    .element("dd", &[], &what);
            });
        }
    });
    m
}

/// A contestant's build as the arena shows it under the pair: Power, the kind of fighter, Health,
/// every stat after buffs (a dash where blank, so two builds line up row by row), what it wears
/// and its rating. The factors of Power stay in the fuller sheet; a judge compares builds here.
pub fn build_markup(s: &Sheet) -> Markup {
    let mut m = power_head(s);
    m.el("dl", &[class("build-stats")], |m| {
        for l in &s.lines {
            let value = l.buffed.map(|v| v.to_string());
            m.el("div", &[("data-stat", Some(l.key))], |m| {
                m.element("dt", &[], l.label).element(
                    "dd",
                    &[("data-value", value.as_deref())],
                    &show(l.buffed),
                );
            });
        }
    });
    m.append(outfit_markup(&s.worn));
    let rating = &s.parts.rating;
    let provisional = if s.parts.provisional {
        " (provisional)"
    } else {
        ""
    };
    m.element(
        "p",
        &[class("build-rating")],
        &format!(
            "Rating {}, {}{provisional}",
            show(Some(rating.rating)),
            judged_words(rating)
        ),
    );
    m
}

/// A war machine's crew and whether its kind's rule is met.
pub fn crew_markup(r: &Realm, c: &CrewCheck) -> Markup {
    let mut m = Markup::new();
    let names: Vec<&str> = c
        .crew
        .iter()
        .filter_map(|id| r.photo(*id).map(|p| p.name.as_str()))
        .collect();
    let who = if names.is_empty() {
        "No crew attached: it fights as it always has".to_string()
    } else {
        format!("Crew: {}", names.join(", "))
    };
    let rule = match (c.min, c.work) {
        (Some(min), Some(work)) => format!("needs {min} alive, {work} for full strength"),
        (Some(min), None) => format!("needs {min} alive"),
        (None, Some(work)) => format!("{work} for full strength"),
        (None, None) => "no crew rule".into(),
    };
    let verdict = if !c.met() {
        "abandoned: too few crew alive".to_string()
    } else {
        format!("fires at {:.0}% strength", c.state.strength * 100.0)
    };
    let met = if c.met() { "met" } else { "unmet" };
    m.el(
        "span",
        &[class("figure-crew"), ("data-crew", Some(met))],
        |m| {
            m.fmt(format_args!("{who}. {} {rule}; {verdict}.", c.kind_name));
        },
    );
    m
}

/// Health, then each stat: base, species + gear, buffed.
fn stat_table(s: &Sheet) -> Markup {
    let mut m = Markup::new();
    m.el("table", &[class("stat-table")], |m| {
        m.el("thead", &[], |m| {
            m.el("tr", &[], |m| {
                for h in ["Stat", "Base", "Species + gear", "Buffed"] {
                    m.element("th", &[("scope", Some("col"))], h);
                }
            });
        });
        m.el("tbody", &[], |m| {
            let health = show(s.health);
            m.el("tr", &[("data-stat", Some("health"))], |m| {
                m.element("th", &[("scope", Some("row"))], "Health");
                for c in ["base", "raw", "buffed"] {
                    m.element("td", &[class(c)], &health);
                }
            });
            for l in &s.lines {
                let raw = l.raw.map(|v| v.to_string());
                let buffed = l.buffed.map(|v| v.to_string());
                let moved = if l.buffed != l.raw {
                    "buffed moved"
                } else {
                    "buffed"
                };
                m.el("tr", &[("data-stat", Some(l.key))], |m| {
                    m.element("th", &[("scope", Some("row"))], l.label)
                        .element("td", &[class("base")], &show(l.base))
                        .element(
                            "td",
                            &[class("raw"), ("data-value", raw.as_deref())],
                            &show(l.raw),
                        )
                        .element(
                            "td",
                            &[class(moved), ("data-value", buffed.as_deref())],
                            &show(l.buffed),
                        );
                });
            }
        });
    });
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheet_is_what_realm_power_prints() {
        let r = engine::demo_realm();
        let all = engine::realm_power(&r);
        for (p, want) in r.photos.iter().zip(&all.photos) {
            let s = sheet(&r, p);
            assert_eq!(s.power(), want.power, "{}", p.name);
            let attack = s.lines.iter().find(|l| l.key == "attack_power").unwrap();
            assert_eq!(attack.raw, want.raw.attack_power);
            assert_eq!(attack.buffed, want.buffed.attack_power);
            let mv = s.lines.iter().find(|l| l.key == "movement").unwrap();
            assert_eq!(mv.buffed, want.buffed.movement);
        }
    }

    #[test]
    fn numbers_print_as_typed() {
        assert_eq!(show(None), "—");
        assert_eq!(show(Some(3.0)), "3");
        assert_eq!(show(Some(3.456)), "3.46");
        assert_eq!(show(Some(-0.001)), "0");
    }

    #[test]
    fn the_markup_shows_every_factor_and_multiplies_to_the_power() {
        let r = engine::demo_realm();
        let p = r.photos.iter().find(|p| p.health.is_some()).unwrap();
        let s = sheet(&r, p);
        let html = sheet_markup(&s).finish();
        for part in ["health_mult", "bracket", "rating", "rating_bonus", "power"] {
            assert!(html.contains(&format!(r#"data-part="{part}""#)), "{part}");
        }
        let product = format!(
            "{:.3} × {} × {:.3} = {}",
            s.parts.health_mult,
            show(Some(s.parts.bracket)),
            s.parts.rating_bonus,
            show(Some(s.power()))
        );
        assert!(html.contains(&product), "{html}");
        assert!(html.contains(&format!(
            r#"<output class="power-value" data-value="{}">"#,
            s.power()
        )));
        assert_eq!(html.matches("<tr data-stat=").count(), 11);
        assert!(html.contains(r#"class="health""#) && html.contains("health-fill"));
        let worded = r.photos.iter().any(|p| {
            let kinds = kinds_markup(&sheet(&r, p)).finish();
            assert!(!kinds.contains("Some(") && !kinds.contains('_'), "{kinds}");
            kinds.contains(" damage, ") && kinds.contains(" armour<")
        });
        assert!(
            worded,
            "some demo figure has a weapon and armour from the Armory"
        );
    }

    #[test]
    fn two_builds_line_up_stat_by_stat_and_name_their_gear() {
        let r = engine::demo_realm();
        let (a, b) = (&r.photos[0], &r.photos[1]);
        let rows = |p| {
            let html = build_markup(&sheet(&r, p)).finish();
            html.split("<div data-stat=\"")
                .skip(1)
                .map(|s| s.split('"').next().unwrap().to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(rows(a), rows(b), "the same rows in the same order");
        assert_eq!(rows(a).len(), 10);
        let dressed = r.photos.iter().find(|p| p.weapon.is_some()).unwrap();
        let s = sheet(&r, dressed);
        let html = build_markup(&s).finish();
        let first = &s.worn[0];
        assert!(html.contains("<dt>Weapon</dt>"), "{html}");
        assert!(html.contains(&first.name), "{html}");
        assert!(html.contains(&format!(
            r#"<output class="power-value" data-value="{}">"#,
            s.power()
        )));
        assert!(html.contains(&format!("Rating {}", show(Some(s.parts.rating.rating)))));
    }

    #[test]
    fn the_bar_is_a_share_of_a_whole_figure_and_overfills_plainly() {
        assert!(health_bar(Some(50.0)).finish().contains("width: 50.0%"));
        let over = health_bar(Some(250.0)).finish();
        assert!(over.contains("width: 100.0%") && over.contains("health-fill over"));
        assert!(health_bar(None).finish().contains("width: 0.0%"));
    }
}
