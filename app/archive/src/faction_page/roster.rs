//! A faction's page written as markup: its heading, totals and buffs, Power by group as bars, then
//! every group's figures as cards (picture, name, Power, a war machine's crew against its rule),
//! and the dialog a card opens with the photo's numbers explained. Pure, so it is tested natively;
//! the numbers are the engine's (`engine::faction_sheet`, `engine::crew_check`).

use app::components::image_viewer::{dialog_markup, original_link};
use app::components::photo_picture::Size;
use app::components::portrait::{portrait_markup, Look};
use app::markup::faction_card::buff_lines;
use app::markup::photo_sheet::{crew_markup, sheet, sheet_markup, show};
use app::markup::{class, Markup};
use engine::{Faction, FactionKind, FactionSheet, Group, Realm, SheetSection};

/// Where a photo's uploaded picture is, at a size, when it has one.
pub type Pictures<'a> = &'a dyn Fn(u64, Size) -> Option<String>;

/// What a group is called on the page.
pub fn section_title(s: &SheetSection) -> String {
    match s.group {
        Group::Leader => "Leader".into(),
        Group::Generals => "Generals".into(),
        Group::SpecialPeople => "Special People".into(),
        Group::Regiment(_) => format!("Regiment: {}", s.name),
        Group::Equipment(_) => format!("Equipment: {}", s.name),
        Group::Crest => "Crests".into(),
        Group::Place => "Places".into(),
    }
}

/// A stable anchor for a group (`regiment-3`).
fn anchor(g: Group) -> String {
    match g {
        Group::Leader => "leader".into(),
        Group::Generals => "generals".into(),
        Group::SpecialPeople => "special-people".into(),
        Group::Regiment(id) => format!("regiment-{id}"),
        Group::Equipment(id) => format!("equipment-{id}"),
        Group::Crest => "crests".into(),
        Group::Place => "places".into(),
    }
}

/// "1 figure", "3 figures".
fn figures(n: usize) -> String {
    if n == 1 {
        "1 figure".into()
    } else {
        format!("{n} figures")
    }
}

/// The whole page of faction `f`.
pub fn page_markup(r: &Realm, f: &Faction, sheet: &FactionSheet, pictures: Pictures<'_>) -> Markup {
    let mut m = Markup::new();
    let kind = match f.kind {
        FactionKind::Ordinary => "Ordinary faction",
        FactionKind::Mercenary => "Mercenary company",
        FactionKind::Townsfolk => "Townsfolk",
    };
    let count: usize = sheet.sections.iter().map(|s| s.figures.len()).sum();
    let exact = format!("{:.6}", sheet.power);
    m.el("header", &[class("faction-head")], |m| {
        m.element("h1", &[], &f.name);
        m.el("p", &[class("meta")], |m| {
            m.fmt(format_args!(
                "{} · {kind} · {}",
                f.alignment.name(),
                figures(count)
            ));
        });
        if !f.about.is_empty() {
            m.element("p", &[class("about")], &f.about);
        }
    });
    m.el("dl", &[class("faction-totals")], |m| {
        m.el("div", &[], |m| {
            m.element("dt", &[], "Faction Power").element(
                "dd",
                &[class("faction-power"), ("data-power", Some(&exact))],
                &show(Some(sheet.power)),
            );
        });
        m.el("div", &[], |m| {
            m.element("dt", &[], "Avg Movement").element(
                "dd",
                &[class("avg-movement")],
                &show(sheet.avg_movement),
            );
        });
    });
    let buffs = buff_lines(&r.buffs, &r.factions, f.id);
    if !buffs.is_empty() {
        m.element("h2", &[], "Buffs in force");
        m.el("ul", &[class("card-buffs")], |m| {
            for (name, what, amount) in &buffs {
                m.element(
                    "li",
                    &[class("card-buff"), ("title", Some(name))],
                    &format!("{what} {amount}"),
                );
            }
        });
    }
    m.append(power_bars(sheet));
    for s in &sheet.sections {
        m.append(section_markup(r, s, pictures));
    }
    m
}

/// Power by group as bars, longest first in roster order: the numbers people compare.
fn power_bars(sheet: &FactionSheet) -> Markup {
    let mut m = Markup::new();
    let counted: Vec<&SheetSection> = sheet.sections.iter().filter(|s| s.in_power).collect();
    let top = counted.iter().map(|s| s.power).fold(0.0_f64, f64::max);
    m.element("h2", &[], "Power by group");
    m.el("table", &[class("power-bars")], |m| {
        m.el("thead", &[], |m| {
            m.el("tr", &[], |m| {
                for h in ["Group", "Figures", "Power"] {
                    m.element("th", &[("scope", Some("col"))], h);
                }
            });
        });
        m.el("tbody", &[], |m| {
            for s in &counted {
                let share = if top > 0.0 {
                    s.power / top * 100.0
                } else {
                    0.0
                };
                let width = format!("width: {share:.1}%");
                let href = format!("#{}", anchor(s.group));
                m.el("tr", &[("data-group", Some(&anchor(s.group)))], |m| {
                    m.el("th", &[("scope", Some("row"))], |m| {
                        m.element("a", &[("href", Some(&href))], &section_title(s));
                    });
                    m.element("td", &[class("count")], &s.figures.len().to_string());
                    m.el("td", &[class("bar-cell")], |m| {
                        m.el("span", &[class("bar")], |m| {
                            m.element("span", &[class("bar-fill"), ("style", Some(&width))], "");
                        });
                        m.element("span", &[class("bar-value")], &show(Some(s.power)));
                    });
                });
            }
        });
    });
    m
}

/// One group: its heading with its Power, and its figures.
fn section_markup(r: &Realm, s: &SheetSection, pictures: Pictures<'_>) -> Markup {
    let mut m = Markup::new();
    let id = anchor(s.group);
    m.el(
        "section",
        &[class("roster-section"), ("id", Some(&id))],
        |m| {
            m.el("h2", &[], |m| {
                m.text(&section_title(s)).text(" ");
                let note = if s.in_power {
                    format!("Power {}", show(Some(s.power)))
                } else {
                    "not counted in Faction Power".into()
                };
                m.element("span", &[class("section-power")], &note);
            });
            if s.figures.is_empty() {
                m.element("p", &[class("empty")], "No figures yet.");
                return;
            }
            m.el("ul", &[class("figure-grid")], |m| {
                for fig in &s.figures {
                    let Some(p) = r.photo(fig.photo) else {
                        continue;
                    };
                    let photo = p.id.to_string();
                    m.el("li", &[], |m| {
                        m.el(
                            "button",
                            &[
                                ("type", Some("button")),
                                class("figure-card"),
                                ("data-photo", Some(&photo)),
                            ],
                            |m| {
                                m.el("span", &[class("photo-frame")], |m| {
                                    match pictures(p.id, Size::Display) {
                                        Some(src) => {
                                            m.empty(
                                                "img",
                                                &[
                                                    class("photo-image"),
                                                    ("src", Some(&src)),
                                                    ("alt", Some("")),
                                                    ("loading", Some("lazy")),
                                                ],
                                            );
                                        }
                                        None => {
                                            m.append(portrait_markup(&Look::of(p, r), &p.name));
                                        }
                                    }
                                });
                                m.element("span", &[class("figure-name")], &p.name);
                                m.element(
                                    "span",
                                    &[class("figure-power")],
                                    &format!("Power {}", show(Some(fig.power))),
                                );
                                if let Some(c) = &fig.crew {
                                    m.append(crew_markup(r, c));
                                }
                            },
                        );
                    });
                }
            });
        },
    );
    m
}

/// The dialog of photo `id`: its picture (the original when uploaded) and its numbers explained.
pub fn figure_dialog(r: &Realm, id: u64, pictures: Pictures<'_>) -> Option<String> {
    let p = r.photo(id)?;
    let mut body = Markup::new();
    body.el("div", &[class("lightbox-body")], |m| {
        m.el("figure", &[class("lightbox-figure")], |m| {
            match pictures(id, Size::Original) {
                Some(src) => {
                    m.empty(
                        "img",
                        &[
                            class("photo-image"),
                            ("src", Some(&src)),
                            ("alt", Some(&p.name)),
                        ],
                    );
                    m.append(original_link(&src));
                }
                None => {
                    m.append(portrait_markup(&Look::of(p, r), &p.name));
                }
            }
        });
        m.el("div", &[class("lightbox-stats")], |m| {
            m.append(sheet_markup(&sheet(r, p)));
        });
    });
    Some(dialog_markup("lightbox figure-dialog", &p.name, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: u64, _: Size) -> Option<String> {
        None
    }

    #[test]
    fn every_photo_of_a_faction_is_on_its_page_with_its_power() {
        let r = engine::demo_realm();
        for f in &r.factions {
            let s = engine::faction_sheet(&r, f.id).unwrap();
            let html = page_markup(&r, f, &s, &none).finish();
            let owned = r.photos.iter().filter(|p| p.faction == f.id).count();
            assert_eq!(
                html.matches(r#"class="figure-card""#).count(),
                owned,
                "{}",
                f.name
            );
            assert!(html.contains(&format!(r#"data-power="{:.6}""#, s.power)));
            for sec in s.sections.iter().filter(|x| x.in_power) {
                assert!(html.contains(&format!("Power {}", show(Some(sec.power)))));
            }
        }
    }

    #[test]
    fn a_machine_card_says_whether_its_crew_rule_is_met() {
        let r = engine::demo_realm();
        let machine = r.photos.iter().find_map(|p| p.crew_of).unwrap();
        let c = engine::crew_check(&r, r.photo(machine).unwrap()).unwrap();
        let html = crew_markup(&r, &c).finish();
        assert!(
            html.starts_with(r#"<span class="figure-crew" data-crew="#),
            "{html}"
        );
        assert!(html.contains("Crew: ") && html.contains(&c.kind_name));
    }

    #[test]
    fn a_figure_dialog_uses_the_original_and_explains_the_power() {
        let r = engine::demo_realm();
        let id = r.photos[0].id;
        let pics = |pid: u64, size: Size| {
            (pid == id && size == Size::Original).then(|| format!("/api/images/photo/{pid}?v=1"))
        };
        let html = figure_dialog(&r, id, &pics).unwrap();
        assert!(html.contains(&format!(r#"src="/api/images/photo/{id}?v=1""#)));
        assert!(html.contains("Open the original") && html.contains(r#"data-part="rating_bonus""#));
        assert!(figure_dialog(&r, u64::MAX, &none).is_none());
    }
}
